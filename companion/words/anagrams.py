"""Which words a hand of cards can make: each word's letter counts are held against the
hand's, and the wild cards cover what the hand lacks. The work grows with the size of the
word list (one pass of vector arithmetic), never with the number of cards (no 2^cards search).
Pure: numpy only.
"""

from __future__ import annotations

from typing import Iterable

import numpy as np

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_A = ord("A")


def letter_counts(word: str) -> np.ndarray:
    """How many of each letter A-Z a word holds (anything else is left out).

    >>> letter_counts("ABBA")[:3].tolist()
    [2, 2, 0]
    """
    counts = np.zeros(26, np.int16)
    for c in word:
        if "A" <= c <= "Z":
            counts[ord(c) - _A] += 1
    return counts


class LetterIndex:
    """The letter counts of every word of a list, built once and asked many times.

    >>> index = LetterIndex(["ZOO", "ZOOT", "TOO", "OTTO", "AZURE"])
    >>> sorted(index.playable("OOTZ", wilds=0, shortest=3, longest=4))
    [('TOO', ''), ('ZOO', ''), ('ZOOT', '')]
    >>> index.playable("OTZ", wilds=1, shortest=4, longest=4)
    [('ZOOT', 'O')]
    """

    def __init__(self, words: Iterable[str]):
        kept = [w for w in words if w.isascii() and w.isalpha() and w.isupper()]
        self.words = np.array(kept, dtype=f"S{max(map(len, kept), default=1)}")
        self.lengths = np.fromiter(map(len, kept), np.int16, len(kept))
        self.counts = np.zeros((len(kept), 26), np.uint8)
        letters = np.frombuffer("".join(kept).encode("ascii"), np.uint8) - _A
        rows = np.repeat(np.arange(len(kept)), self.lengths)
        np.add.at(self.counts, (rows, letters), 1)

    def __len__(self) -> int:
        return len(self.words)

    @property
    def nbytes(self) -> int:
        return self.words.nbytes + self.lengths.nbytes + self.counts.nbytes

    def playable(self, hand: str, wilds: int, shortest: int, longest: int) -> list[tuple[str, str]]:
        """Every word of `shortest` to `longest` letters that the letters of `hand` and `wilds`
        wild cards make, each with the letters its wild cards stand for (alphabetical)."""
        fits = np.flatnonzero((self.lengths >= shortest) & (self.lengths <= longest))
        if not len(fits):
            return []
        lacking = np.maximum(self.counts[fits].astype(np.int16) - letter_counts(hand), 0)
        makes = lacking.sum(axis=1) <= wilds
        found = []
        for word, lack in zip(self.words[fits[makes]], lacking[makes]):
            filled = "".join(ALPHABET[i] * int(n) for i in np.flatnonzero(lack) for n in [lack[i]])
            found.append((word.decode("ascii"), filled))
        return found
