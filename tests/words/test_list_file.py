"""Reading a house word list: good files in, bad files out whole, with the reason."""

import gzip
import io

import pytest

from companion.words.list_file import ListFileError, check, entries


def parse(data: bytes, filename: str) -> list[tuple[str, str | None]]:
    return list(entries(io.BytesIO(data), filename))


def test_one_word_a_line_with_its_definition():
    assert parse(b"\xef\xbb\xbfzymurgy the chemistry of fermentation\r\nQOPH\n\n# note\nqoph\n",
                 "collins.txt") == [("ZYMURGY", "the chemistry of fermentation"),
                                    ("QOPH", None), ("QOPH", None)]


def test_gzip_lists_are_read():
    data = gzip.compress(b"XYLEM\tthe woody part\nOXBOW\n")
    assert parse(data, "list.txt.gz") == [("XYLEM", "the woody part"), ("OXBOW", None)]


def test_definitions_lose_their_control_characters():
    assert parse(b"XYLEM wood\x1b[2J\x07 \xe2\x80\xae(reversed)\n", "l.txt") == [
        ("XYLEM", "wood [2J (reversed)")]


@pytest.mark.parametrize("data, filename, message", [
    (b"XYLEM\nX-RAY\nR2D2\nOK\n", "l.txt", "2 lines do not start with a word of letters A–Z "
                                             "(line 2: 'X-RAY'; line 3: 'R2D2'). Nothing was imported."),
    (b"XYLEM\n" + b"A" * 5000 + b"\n", "l.txt", "1 line do not start with a word of letters A–Z "
                                               "(line 2: too long). Nothing was imported."),
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


def test_a_file_of_endless_repeats_is_refused_early():
    """64 MB of one repeated line, 65 KB gzipped: refused when it passes the line limit,
    not after storing it."""
    bomb = gzip.compress(b"XYLEM\n" * (11 * 1024 * 1024))
    stream = io.BytesIO(bomb)
    with pytest.raises(ListFileError, match="more than 2,000,000 lines"):
        check(stream, "repeats.txt.gz")
