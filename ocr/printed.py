"""Print read by Tesseract: the words of a line of print, and which of a few names a word is
(a card that names itself: a ZAP card, a WILD). Tesseract is strong on printed words, and
the reader asks it only about a line it has already found."""

from __future__ import annotations

import difflib

import numpy as np
import pytesseract

TESSERACT_SECONDS = 1  # one line read by Tesseract gives up after this
NAME_LIKENESS = 0.75  # how close a word read must be to a name's (difflib's ratio)


def words(crop: np.ndarray) -> list[tuple[str, float, tuple[int, int, int, int]]]:
    """Tesseract's words in a line of print (a gray image): (text, confidence 0..1, box)."""
    try:
        data = pytesseract.image_to_data(crop, config="--psm 7", timeout=TESSERACT_SECONDS,
                                         output_type=pytesseract.Output.DICT)
    except RuntimeError:  # Tesseract's time ran out: nothing read here
        return []
    return [(text.strip().upper(), max(0.0, float(conf)) / 100,
             (data["left"][i], data["top"][i], data["width"][i], data["height"][i]))
            for i, (text, conf) in enumerate(zip(data["text"], data["conf"])) if text.strip()]


def closest(word: str, names) -> str | None:
    """The one of `names` a word read is, if it is close enough to one (its letters and
    digits only: a frame beside it may be read as a bracket).

    >>> closest("D1SCARD", ["DISCARD", "WILD"]), closest("WILD)", ["WILD"]), closest("APPLE", ["WILD"])
    ('DISCARD', 'WILD', None)
    """
    word = "".join(c for c in word if c.isalnum())
    best = max(names, key=lambda name: difflib.SequenceMatcher(None, word, name).ratio())
    return best if difflib.SequenceMatcher(None, word, best).ratio() >= NAME_LIKENESS else None
