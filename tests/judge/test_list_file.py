"""Reading a house word list: good files in, bad files out whole, with the reason."""

import gzip

import pytest

from companion.words.list_file import ListFileError, parse


def test_one_word_a_line_with_its_definition():
    parsed = parse(b"\xef\xbb\xbfzymurgy the chemistry of fermentation\r\nQOPH\n\n# note\nqoph\n",
                   "collins.txt")
    assert parsed.entries == {"ZYMURGY": "the chemistry of fermentation", "QOPH": None}
    assert parsed.duplicates == 1


def test_gzip_lists_are_read():
    data = gzip.compress(b"XYLEM\tthe woody part\nOXBOW\n")
    assert parse(data, "list.txt.gz").entries == {"XYLEM": "the woody part", "OXBOW": None}


@pytest.mark.parametrize("data, filename, message", [
    (b"XYLEM\nX-RAY\nR2D2\nOK\n", "l.txt", "2 lines do not start with a word of letters A–Z "
                                             "(line 2: 'X-RAY'; line 3: 'R2D2'). Nothing was imported."),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "l.txt", "This is not a text file (it holds binary data)."),
    (b"caf\xe9\n", "l.txt", "This file is not UTF-8 text."),
    (b"# only a comment\n\n", "l.txt", "This file holds no words."),
    (b"", "l.txt", "This file holds no words."),
    (b"XYLEM\n", "list.csv", "Choose a .txt or .txt.gz file: one word a line."),
    (b"\x1f\x8b\x08\x00garbage", "l.txt.gz", "This .gz file is damaged or is not gzip."),
    (gzip.compress(b"XYLEM\n")[:-6], "l.txt.gz", "This .gz file is damaged or is not gzip."),
])
def test_bad_files_are_refused_with_a_reason(data, filename, message):
    with pytest.raises(ListFileError) as refused:
        parse(data, filename)
    assert str(refused.value) == message


def test_a_gzip_bomb_stops_at_the_size_limit():
    bomb = gzip.compress(b"A" * (65 * 1024 * 1024))  # 64 KB that unpacks to 65 MB
    assert len(bomb) < 256 * 1024
    with pytest.raises(ListFileError, match="too large"):
        parse(bomb, "bomb.txt.gz")
