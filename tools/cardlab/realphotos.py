"""Score any tile reader on the real photos of the "ban-seg" set.

The photos are not in the repo. They sit in a shared folder next to it
(``<repo>/../shared/ocr-photos/ban-seg``; set ``BAN_SEG_DIR`` to point elsewhere).
The set is "ban-seg" by Zawaer, Roboflow Universe, CC BY 4.0: 100 phone photos,
stretched to 640x640, of Finnish Bananagrams tiles on tables. ``labels.csv`` gives
each photo's multiset of letters, and ``*/labels/*.txt`` hold one YOLO segmentation
polygon per tile.

Ä and Ö are folded to A and O everywhere, so a reader only has to know
``TILE_ALPHABET``.

A reader is any ``Callable[[bytes], list[str]]``: it gets the JPEG bytes and returns
the letter of every tile it found, in any order. The tiles do not form words, so the
score matches multisets. A letter found is right when the photo's label multiset
still has one of that letter left::

    >>> match(Counter("AAB"), ["A", "B", "B", "E"])
    2

CLI, from the repository: ``python -m tools.cardlab.realphotos ocr`` scores the product's own command
(``python -m ocr --json``, every card it lists); ``... textbook`` the textbook baseline.
"""

from __future__ import annotations

import argparse
import ast
import csv
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

import numpy as np

REPO = Path(__file__).resolve().parents[2]
PHOTOS = Path(os.environ.get("BAN_SEG_DIR", REPO.parent / "shared" / "ocr-photos" / "ban-seg"))
TILE_ALPHABET = "ABDEGHIJKLMNOPRSTUVY"   # the Finnish set's letters, Ä/Ö folded to A/O

_FOLD = str.maketrans({"Ä": "A", "Ö": "O", "ä": "A", "ö": "O"})


def fold(letters: str) -> str:
    """Upper-case and fold Ä/Ö to A/O.

    >>> fold("äÖb")
    'AOB'
    """
    return letters.translate(_FOLD).upper()


@dataclass
class Score:
    photos: int
    tiles_true: int
    tiles_found: int
    letters_matched: int
    recall: float
    precision: float
    seconds_median: float
    per_photo: list[dict] = field(default_factory=list, repr=False)

    def summary(self) -> str:
        return (f"{self.photos} photos, {self.tiles_true} tiles, {self.tiles_found} found, "
                f"{self.letters_matched} matched: recall {self.recall:.3f}, "
                f"precision {self.precision:.3f}, median {self.seconds_median:.3f} s/photo")


def labelled_photos() -> list[tuple[Path, Counter]]:
    """Every photo in ``labels.csv`` with its multiset of letters (Ä/Ö folded)."""
    out = []
    with open(PHOTOS / "labels.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            letters = Counter(fold(row["letters_sorted_multiset"]))
            assert sum(letters.values()) == int(row["n_tiles"]), row["file"]
            out.append((PHOTOS / row["file"], letters))
    return out


def match(truth: Counter, found: Iterable[str]) -> int:
    """How many letters found are right: multiset intersection with the truth.

    >>> match(Counter("II"), ["I", "I", "I"])
    2
    >>> match(Counter("AB"), ["", "ä"])
    1
    """
    found = Counter(fold(x) for x in found if x)
    return sum((truth & found).values())


def score(reader: Callable[[bytes], list[str]], photos=None) -> Score:
    """reader(jpeg_bytes) -> the letters of every tile it found. Matching per photo is by multiset
    intersection (a letter found counts as right when the photo's label multiset still has one
    of it left). recall = matched / true tiles, precision = matched / tiles found, over all photos.

    ``photos`` is a list like ``labelled_photos()`` returns (default: all of them). Empty
    strings from the reader (a tile found but not read) count as tiles found, never as right.
    """
    photos = labelled_photos() if photos is None else photos
    found, seconds = [], []
    for path, _ in photos:
        jpeg = Path(path).read_bytes()
        start = time.perf_counter()
        found.append(list(reader(jpeg)))
        seconds.append(time.perf_counter() - start)
    return _tally(photos, found, seconds)


def score_command(photos=None) -> Score:
    """The product's own reading: ``python -m ocr --json`` over the photos in one process,
    every card it lists counted as a tile found; seconds as the command reports them."""
    photos = labelled_photos() if photos is None else photos
    lines = ocr_json([path for path, _ in photos])
    return _tally(photos, [[c["letter"] for c in line.get("cards", [])] for line in lines],
                  [line["seconds"] for line in lines])


def ocr_json(paths: list, *options: str) -> list[dict]:
    """The JSON line ``python -m ocr --json`` prints for each photo, in order."""
    out = subprocess.run([sys.executable, "-m", "ocr", "--json", *options, *map(str, paths)],
                         capture_output=True, text=True, cwd=REPO, check=False)
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    if len(lines) != len(paths):
        raise RuntimeError(f"python -m ocr printed {len(lines)} lines for {len(paths)} photos: {out.stderr[-500:]}")
    return lines


def _tally(photos, found: list[list[str]], seconds: list[float]) -> Score:
    per_photo = []
    for (path, truth), letters, took in zip(photos, found, seconds):
        per_photo.append({"file": Path(path).name, "true": sum(truth.values()),
                          "found": len(letters), "matched": match(truth, letters),
                          "letters": "".join(x or "?" for x in letters), "seconds": took})
    tiles_true = sum(p["true"] for p in per_photo)
    tiles_found = sum(p["found"] for p in per_photo)
    matched = sum(p["matched"] for p in per_photo)
    return Score(photos=len(per_photo), tiles_true=tiles_true, tiles_found=tiles_found,
                 letters_matched=matched,
                 recall=matched / tiles_true if tiles_true else 0.0,
                 precision=matched / tiles_found if tiles_found else 0.0,
                 seconds_median=statistics.median(seconds) if seconds else 0.0,
                 per_photo=per_photo)


def _class_names() -> list[str]:
    """The class names from ``data.yaml`` (read by hand: no YAML library needed)."""
    for line in (PHOTOS / "data.yaml").read_text(encoding="utf-8").splitlines():
        if line.startswith("names:"):
            return ast.literal_eval(line.split(":", 1)[1].strip())
    raise ValueError("no names in data.yaml")


def _letter(name: str) -> str:
    """YOLO class name -> folded capital: 'a_dot' -> 'A', 'k' -> 'K'."""
    return name.split("_")[0].upper()


def tile_boxes(photo: Path) -> list[tuple[str, np.ndarray]]:
    """(letter, polygon in pixels) for each tile, from the photo's YOLO label file.

    The polygon is a float array of shape (n, 2) in (x, y) image pixels; Ä/Ö fold to A/O.
    """
    from PIL import Image

    photo = Path(photo)
    label = photo.parent.parent / "labels" / (photo.stem + ".txt")
    with Image.open(photo) as im:
        w, h = im.size
    names = _class_names()
    out = []
    if not label.is_file():
        return out
    for line in label.read_text().split("\n"):
        parts = line.split()
        if not parts:
            continue
        xy = np.array([float(v) for v in parts[1:]], dtype=float).reshape(-1, 2)
        xy *= (w, h)
        out.append((_letter(names[int(parts[0])]), xy))
    return out


def _textbook_reader(jpeg: bytes) -> list[str]:
    from .textbook import read_textbook

    _, cards = read_textbook(jpeg, TILE_ALPHABET)
    return [letter for letter, _, _ in cards]


READERS: dict[str, Callable[[bytes], list[str]]] = {"textbook": _textbook_reader}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.cardlab.realphotos", description=__doc__.split("\n")[0])
    parser.add_argument("reader", choices=sorted([*READERS, "ocr"]),
                        help="ocr: the product's `python -m ocr --json`; textbook: the baseline")
    parser.add_argument("--limit", type=int, help="score only the first N photos")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per photo")
    args = parser.parse_args(argv)
    photos = labelled_photos()[: args.limit]
    result = score_command(photos) if args.reader == "ocr" else score(READERS[args.reader], photos)
    if args.verbose:
        for p in result.per_photo:
            print(f"{p['file'][:13]}  true {p['true']:2d}  found {p['found']:2d}  "
                  f"matched {p['matched']:2d}  {p['seconds']:.2f}s  {p['letters']}")
    print(f"{args.reader}: {result.summary()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
