"""The whole table in one photo: words found whichever way they face, read, and seated."""

import pytest

from ocr.reader import Card
from ocr.table import TableWord, seated


def _word(text: str, facing: float) -> TableWord:
    return TableWord(tuple(Card(ch, 1.0, (0, 0, 1, 1)) for ch in text), facing)


@pytest.mark.parametrize("players, facings, expected", [
    (4, [3, 88, 181, 272], ["A", "B", "C", "D"]),
    (4, [350, 100, 175, 262], ["A", "B", "C", "D"]),  # the photographer's word turned a little right
    (3, [0, 118, 242], ["A", "B", "C"]),
    (3, [4, 236], ["A", None, "B"]),  # the player on the left laid nothing
    (3, [122, 236], [None, "A", "B"]),  # nor did the photographer
    (2, [178], [None, "A"]),
    (4, [0, 180], ["A", None, "B", None]),
])
def test_each_word_goes_to_the_seat_it_faces(players, facings, expected):
    words = [_word(letter * 3, f) for letter, f in zip("ABCD", facings)]
    seats = seated(words, players)
    assert [w.word[0] if w else None for w in seats] == expected


def test_words_keep_their_clockwise_order_when_seats_are_uneven():
    # three at a square table, the right side empty: the words face 0, 90 and 180 degrees
    words = [_word("AAA", 0), _word("BBB", 90), _word("CCC", 180)]
    assert [w.word for w in seated(words, 3)] == ["AAA", "BBB", "CCC"]


def test_more_words_than_seats_leaves_the_one_furthest_from_any_seat_out():
    words = [_word("AAA", 0), _word("BBB", 45), _word("CCC", 180)]
    assert [w.word if w else None for w in seated(words, 2)] == ["AAA", "CCC"]
