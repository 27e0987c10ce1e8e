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
CHUNK = 65_536  # words counted at once


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
        kept = list(words)
        joined = "".join(kept)
        if not (joined.isascii() and joined.isalpha() and joined.isupper()):  # one C pass
            kept = [w for w in kept if w.isascii() and w.isalpha() and w.isupper()]
            joined = "".join(kept)
        self.lengths = np.fromiter(map(len, kept), np.int64, len(kept))
        # every word's letters in one buffer; a word is found again by where it starts
        self.blob = joined.encode("ascii")
        self.starts = np.cumsum(self.lengths) - self.lengths
        letters = np.frombuffer(self.blob, np.uint8) - _A
        self.counts = np.zeros((len(kept), 26), np.uint8)
        for first in range(0, len(kept), CHUNK):  # counted a chunk of words at a time: small
            last = min(first + CHUNK, len(kept))  # arrays, whatever the size of the list
            lengths = self.lengths[first:last]
            start = int(self.starts[first])
            cells = np.repeat(np.arange(last - first) * 26, lengths) + \
                letters[start:start + int(lengths.sum())]
            self.counts[first:last] = np.bincount(cells, minlength=(last - first) * 26).reshape(-1, 26)

    def __len__(self) -> int:
        return len(self.lengths)

    @property
    def nbytes(self) -> int:
        return len(self.blob) + self.starts.nbytes + self.lengths.nbytes + self.counts.nbytes

    def playable(self, hand: str, wilds: int, shortest: int, longest: int) -> list[tuple[str, str]]:
        """Every word of `shortest` to `longest` letters that the letters of `hand` and `wilds`
        wild cards make, each with the letters its wild cards stand for (alphabetical)."""
        fits = np.flatnonzero((self.lengths >= shortest) & (self.lengths <= longest))
        if not len(fits):
            return []
        lacking = np.maximum(self.counts[fits].astype(np.int16) - letter_counts(hand), 0)
        makes = lacking.sum(axis=1) <= wilds
        found = []
        for row, lack in zip(fits[makes], lacking[makes]):
            start = int(self.starts[row])
            word = self.blob[start:start + int(self.lengths[row])].decode("ascii")
            filled = "".join(ALPHABET[i] * int(n) for i in np.flatnonzero(lack) for n in [lack[i]])
            found.append((word, filled))
        return found
