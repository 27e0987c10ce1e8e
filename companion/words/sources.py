"""Readers for the word sources that Debian's packages install.

- SCOWL (package `scowl`, /usr/share/dict/scowl/<spelling>-<kind>.<size>): which words exist,
  how common they are (the smallest size that lists them), and separate lists of proper
  names, abbreviations and contractions, which only explain a rejection.
- WordNet 3.0 (package `wordnet-base`, /usr/share/wordnet): definitions, and the noun lemmas
  and irregular plurals (noun.exc) that tell a plural from its singular.

Glossary: WORD is upper case A-Z; a "size" is SCOWL's commonness scale (10 common ... 95 junk).
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

SCOWL_DIR = Path(os.environ.get("SCOWL_DIR", "/usr/share/dict/scowl"))
WORDNET_DIR = Path(os.environ.get("WORDNET_DIR", "/usr/share/wordnet"))

# Every spelling (a table may be British or American); variant_3 is "seldom used, may be wrong".
SPELLINGS = ("english", "american", "british", "british_z", "canadian", "australian",
             "variant_1", "variant_2")
REJECT_KINDS = {"upper": "proper noun", "proper-names": "proper noun",
                "abbreviations": "abbreviation", "contractions": "contraction"}

_AZ = re.compile(r"[A-Z]+")


def fold(word: str) -> str | None:
    """A word as cards: accents dropped, upper case; None unless only A-Z remain.

    >>> fold("café"), fold("X-ray"), fold("can't")
    ('CAFE', None, None)
    """
    plain = "".join(c for c in unicodedata.normalize("NFKD", word)
                    if not unicodedata.combining(c)).upper()
    return plain if _AZ.fullmatch(plain) else None


def _scowl_files(scowl_dir: Path, kinds: tuple[str, ...]):
    for path in sorted(scowl_dir.iterdir()):
        base, _, size = path.name.rpartition(".")
        spelling, _, kind = base.partition("-")
        if spelling in SPELLINGS and kind in kinds and size.isdigit():
            yield path, kind, int(size)


@dataclass(frozen=True)
class Listed:
    size: int
    source: str  # the SCOWL file, e.g. "english-words.50"
    kind: str = "word"  # or proper noun / abbreviation / contraction


def scowl(scowl_dir: Path = SCOWL_DIR, max_size: int = 80) -> tuple[dict[str, Listed],
                                                                     dict[str, Listed]]:
    """(words, rejects): ordinary words up to max_size, and names/abbreviations/contractions
    of any size. The smallest size that lists a word wins."""
    words: dict[str, Listed] = {}
    rejects: dict[str, Listed] = {}

    def keep(table, word, listed):
        old = table.get(word)
        if old is None or listed.size < old.size:
            table[word] = listed

    for path, kind, size in _scowl_files(scowl_dir, ("words", *REJECT_KINDS)):
        for line in path.read_text(encoding="utf-8").splitlines():
            word = fold(line)
            if word is None:  # possessives, hyphens, digits
                continue
            if kind != "words":
                keep(rejects, word, Listed(size, path.name, REJECT_KINDS[kind]))
            elif line != line.lower():  # OK, pH, kW hide among the words: abbreviations
                keep(rejects, word, Listed(size, path.name, "abbreviation"))
            elif size <= max_size:
                keep(words, word, Listed(size, path.name))
    return words, rejects


@dataclass
class WordNet:
    glosses: dict[str, str]  # synset key -> gloss
    senses: dict[str, list[str]]  # WORD -> synset keys, commonest first, lower-case senses only
    nouns: set[str]
    verbs: set[str]
    adjectives: set[str]
    exceptions: dict[str, dict[str, list[str]]]  # pos -> irregular form -> bases (n: MICE -> MOUSE)

    @property
    def noun_exceptions(self) -> dict[str, list[str]]:
        return self.exceptions["n"]


_POS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}


def wordnet(wordnet_dir: Path = WORDNET_DIR) -> WordNet:
    """WordNet's definitions and noun morphology. A sense counts only where the word is
    written in lower case in it, so CHINA means porcelain and EGYPT means nothing."""
    glosses: dict[str, str] = {}
    lower: dict[str, set[str]] = {}
    for pos, name in _POS.items():
        with open(wordnet_dir / f"data.{name}", encoding="latin-1") as lines:
            for line in lines:
                if line.startswith("  "):  # the licence header
                    continue
                head, _, gloss = line.partition(" | ")
                parts = head.split()
                key = parts[0] + pos
                count = int(parts[3], 16)
                written = [re.sub(r"\(.*\)$", "", parts[4 + 2 * i]) for i in range(count)]
                lower[key] = {w.upper() for w in written if w == w.lower()}
                glosses[key] = gloss.strip()
    senses: dict[str, list[str]] = {}
    by_pos: dict[str, set[str]] = {pos: set() for pos in _POS}
    for pos, name in _POS.items():
        with open(wordnet_dir / f"index.{name}", encoding="latin-1") as lines:
            for line in lines:
                if line.startswith("  "):
                    continue
                parts = line.split()
                word = parts[0].upper()
                if not _AZ.fullmatch(word):
                    continue
                synsets, pointers = int(parts[2]), int(parts[3])
                for offset in parts[6 + pointers:6 + pointers + synsets]:
                    if word in lower.get(offset + pos, ()):
                        senses.setdefault(word, []).append(offset + pos)
                        by_pos[pos].add(word)
    exceptions: dict[str, dict[str, list[str]]] = {}
    for pos, name in _POS.items():
        table = exceptions[pos] = {}
        with open(wordnet_dir / f"{name}.exc", encoding="latin-1") as lines:
            for line in lines:
                inflected, *bases = line.upper().split()
                # noun.exc maps some words to themselves (GAS GAS): no use to anyone
                bases = [b for b in bases if b != inflected and _AZ.fullmatch(b)]
                if bases and _AZ.fullmatch(inflected):
                    table[inflected] = bases
    return WordNet(glosses, senses, by_pos["n"], by_pos["v"], by_pos["a"], exceptions)


# WordNet's regular endings, longest first: inflected ending -> base ending.
VERB_ENDINGS = (("IES", "Y"), ("ING", "E"), ("ING", ""), ("ED", "E"), ("ED", ""), ("ES", "E"),
                ("ES", ""), ("S", ""))
ADJECTIVE_ENDINGS = (("IER", "Y"), ("IEST", "Y"), ("EST", "E"), ("EST", ""), ("ER", "E"),
                     ("ER", ""))
# WordNet's regular noun endings, longest first: plural ending -> singular ending.
NOUN_ENDINGS = (("SSES", "SS"), ("CHES", "CH"), ("SHES", "SH"), ("XES", "X"), ("ZES", "Z"),
                ("IES", "Y"), ("MEN", "MAN"), ("SES", "S"), ("S", ""))
# Words WordNet does not know may still be regular plurals of nouns it suffixes like these.
NOUN_SUFFIXES = ("ER", "OR", "IST", "IAN", "ISM", "ION", "MENT", "NESS", "ITY", "ANCE",
                 "ENCE", "SHIP", "HOOD", "EER")


def singular(word: str, words: dict[str, Listed], wn: WordNet) -> str | None:
    """The singular that makes WORD a plural noun, or None.

    Irregular plurals come from noun.exc (MICE -> MOUSE). A regular one must lose a plural
    ending to give a noun that is a real word, and must not be a noun lemma itself (NEWS,
    PHYSICS and LENS stay singular). A base of one letter never counts (IS is not I's plural).
    """
    if word in wn.noun_exceptions:
        return wn.noun_exceptions[word][0]
    if word in wn.nouns:
        return None
    for ending, replacement in NOUN_ENDINGS:
        if word.endswith(ending) and len(word) > len(ending) + 1:
            base = word[: -len(ending)] + replacement
            if base in wn.nouns and base in words:
                return base
    if word in wn.senses or not word.endswith("S"):
        return None
    # Unknown to WordNet: a plain -S plural of a noun-looking word (MICROMETERS, WINGNUTS).
    base = word[:-1]
    if base in words and base not in wn.verbs:
        if base.endswith(NOUN_SUFFIXES):
            return base
        for cut in range(3, len(base) - 2):
            head, tail = base[:cut], base[cut:]
            if tail in wn.nouns and all(w in words and words[w].size <= 50 for w in (head, tail)):
                return base
    return None


def base_form(word: str, wn: WordNet) -> str | None:
    """The dictionary form of an inflected verb or adjective (SWAM -> SWIM, BIGGER -> BIG),
    so that it can borrow that form's definition; None when WORD has its own senses."""
    if word in wn.senses:
        return None
    for pos, known, endings in (("v", wn.verbs, VERB_ENDINGS), ("a", wn.adjectives, ADJECTIVE_ENDINGS)):
        if word in wn.exceptions[pos]:
            return wn.exceptions[pos][word][0]
        for ending, replacement in endings:
            if word.endswith(ending) and len(word) > len(ending) + 1:
                base = word[: -len(ending)] + replacement
                if base in known:
                    return base
    return None
