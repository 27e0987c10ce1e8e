"""The word store: one read-only SQLite file built from SCOWL and WordNet at install time.

    python -m companion.words.store instance/words.sqlite

Tables (all words upper case):
- words(word, size, source, lemma, plural): valid words up to SCOWL size MAX_SIZE; lemma is
  the form whose definition the word borrows; plural = 1 when the word is a plural noun.
- rejects(word, size, source, kind): proper nouns, abbreviations, contractions (to explain).
- definitions(lemma, text): up to two WordNet senses, one a line.
- sources(id, name), meta(key, value).
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from pathlib import Path

from . import sources

#: Where `make install` builds the store, in the app's instance folder (the app, `python -m ocr
#: --game` and the tests all read it there).
INSTALLED = Path(__file__).resolve().parents[2] / "instance" / "words.sqlite"
MAX_SIZE = 70  # measured best agreement: docs/benchmarks.md, "Word judge"
SENSES = 2

SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
CREATE TABLE sources(id INTEGER PRIMARY KEY, name TEXT UNIQUE);
CREATE TABLE words(word TEXT PRIMARY KEY, size INTEGER NOT NULL, source INTEGER NOT NULL,
                   lemma TEXT, plural INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE rejects(word TEXT PRIMARY KEY, size INTEGER NOT NULL, source INTEGER NOT NULL,
                     kind TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE definitions(lemma TEXT PRIMARY KEY, text TEXT NOT NULL) WITHOUT ROWID;
"""


def build(out: Path, scowl_dir: Path = sources.SCOWL_DIR,
          wordnet_dir: Path = sources.WORDNET_DIR, max_size: int = MAX_SIZE) -> dict:
    """Build the store at `out` (atomically: readers never see half a file); return counts."""
    words, rejects = sources.scowl(scowl_dir, max_size)
    wn = sources.wordnet(wordnet_dir)
    source_ids: dict[str, int] = {}

    def source(name: str) -> int:
        return source_ids.setdefault(name, len(source_ids) + 1)

    rows, lemmas = [], set()
    for word, listed in sorted(words.items()):
        plural_of = sources.singular(word, words, wn)
        lemma = plural_of or sources.base_form(word, wn)
        lemmas.add(lemma or word)
        rows.append((word, listed.size, source(listed.source), lemma, int(plural_of is not None)))
    definitions = [(lemma, "\n".join(wn.glosses[k] for k in wn.senses[lemma][:SENSES]))
                   for lemma in sorted(lemmas) if lemma in wn.senses]

    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(f".tmp{os.getpid()}")
    tmp.unlink(missing_ok=True)
    con = sqlite3.connect(tmp)
    con.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;" + SCHEMA)
    con.executemany("INSERT INTO words VALUES (?,?,?,?,?)", rows)
    con.executemany("INSERT INTO rejects VALUES (?,?,?,?)",
                    [(w, r.size, source(r.source), r.kind) for w, r in sorted(rejects.items())
                     if w not in words])
    con.executemany("INSERT INTO definitions VALUES (?,?)", definitions)
    con.executemany("INSERT INTO sources VALUES (?,?)", [(i, n) for n, i in source_ids.items()])
    counts = {"words": len(rows), "plurals": sum(r[4] for r in rows),
              "rejects": len(rejects), "definitions": len(definitions)}
    meta = {"max_size": str(max_size), "built": time.strftime("%Y-%m-%d %H:%M:%S"),
            "scowl": str(scowl_dir), "wordnet": str(wordnet_dir),
            **{k: str(v) for k, v in counts.items()}}
    con.executemany("INSERT INTO meta VALUES (?,?)", meta.items())
    con.commit()
    con.execute("VACUUM")
    con.close()
    os.replace(tmp, out)
    return counts


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    missing = [str(d) for d in (sources.SCOWL_DIR, sources.WORDNET_DIR) if not d.is_dir()]
    if missing:
        print(f"Missing word sources: {', '.join(missing)}. "
              "Install Debian's scowl and wordnet-base (make install does).", file=sys.stderr)
        return 1
    start = time.perf_counter()
    counts = build(Path(argv[0]))
    print(f"Built {argv[0]}: " + ", ".join(f"{v} {k}" for k, v in counts.items())
          + f" in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
