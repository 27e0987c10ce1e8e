"""Reading a word list the table owns: .txt or .txt.gz, one word per line, anything after
the word taken as its definition. The file is read a line at a time (memory stays small
whatever its size), and refused as soon as it cannot be a list; a file with any bad line is
refused whole, with the first line numbers, so that nothing is imported half-way.
"""

from __future__ import annotations

import gzip
import re
import unicodedata
import zlib
from typing import BinaryIO, Iterator

MAX_BYTES = 64 * 1024 * 1024  # once uncompressed: a gzip bomb stops here
MAX_WORDS = 1_000_000
MAX_LINES = 2 * MAX_WORDS  # words, repeats, comments and blank lines together
MAX_LINE = 1024  # bytes: a word and its meaning
MAX_DEFINITION = 500
_WORD = re.compile(r"[A-Za-z]{1,30}")


class ListFileError(ValueError):
    """Why a file cannot be imported, in words for the person who chose it."""


def _opened(stream: BinaryIO, filename: str) -> BinaryIO:
    name = filename.lower()
    if not (name.endswith(".txt") or name.endswith(".txt.gz")):
        raise ListFileError("Choose a .txt or .txt.gz file: one word a line.")
    zipped = name.endswith(".gz") or stream.read(2) == b"\x1f\x8b"

    def from_the_start() -> BinaryIO:  # a GzipFile leaves the stream it reads open
        stream.seek(0)
        return gzip.GzipFile(fileobj=stream, mode="rb") if zipped else stream

    if b"\x00" in from_the_start().read(4096):
        raise ListFileError("This is not a text file (it holds binary data).")
    return from_the_start()


def _lines(raw: BinaryIO) -> Iterator[bytes | None]:
    """The file's lines as bytes (None for a line too long to be a word and its meaning),
    refusing a file too large or too long before reading it all."""
    total = 0
    for number in range(1, MAX_LINES + 2):
        line = raw.readline(MAX_LINE + 1)
        if not line:
            return
        if number > MAX_LINES:
            raise ListFileError(f"This list has more than {MAX_LINES:,} lines.")
        total += len(line)
        too_long = len(line) > MAX_LINE and not line.endswith(b"\n")
        while too_long and line and not line.endswith(b"\n"):  # skip to the end of the line
            line = raw.readline(64 * 1024)
            total += len(line)
            if total > MAX_BYTES:
                break
        if total > MAX_BYTES:
            raise ListFileError("This list is too large (over 64 MB of text).")
        yield None if too_long else line


def clean_definition(text: str) -> str | None:
    """A definition as it can be shown: control and formatting characters become spaces.

    >>> clean_definition("a\\x1b[31m red\\u202e word\\t "), clean_definition("\\x00")
    ('a [31m red word', None)
    """
    if not text.isprintable():  # the common case skips the look at each character
        text = "".join(" " if unicodedata.category(c).startswith("C") else c for c in text)
    return " ".join(text.split())[:MAX_DEFINITION] or None


def entries(stream: BinaryIO, filename: str) -> Iterator[tuple[str, str | None]]:
    """(WORD, definition) for each word line of a list file, repeats included, read from a
    seekable binary stream. Raises ListFileError as soon as the file cannot be a list, and
    after its last line when any line was bad.

    >>> import io
    >>> list(entries(io.BytesIO(b"xylem the woody part\\nOXBOW\\n# comment\\n\\nxylem"), "l.txt"))
    [('XYLEM', 'the woody part'), ('OXBOW', None), ('XYLEM', None)]
    """
    bad: list[str] = []
    bad_count = words = 0
    try:
        for number, raw in enumerate(_lines(_opened(stream, filename)), start=1):
            if raw is not None and b"\x00" in raw:
                raise ListFileError("This is not a text file (it holds binary data).")
            try:
                line = (raw or b"").decode("utf-8-sig" if number == 1 else "utf-8").strip()
            except UnicodeDecodeError:
                raise ListFileError("This file is not UTF-8 text.") from None
            if raw is not None and (not line or line.startswith("#")):
                continue
            word, *rest = line.split(None, 1) or [""]
            if raw is None or not _WORD.fullmatch(word):
                bad_count += 1
                if len(bad) < 5:
                    bad.append(f"line {number}: " + ("too long" if raw is None else repr(word[:30])))
                continue
            words += 1
            if not bad_count:
                yield word.upper(), clean_definition(rest[0]) if rest else None
    except (gzip.BadGzipFile, EOFError, zlib.error):
        raise ListFileError("This .gz file is damaged or is not gzip.") from None
    if bad_count:
        raise ListFileError(
            f"{bad_count:,} line{'s' if bad_count > 1 else ''} do not start with a word of "
            f"letters A–Z ({'; '.join(bad)}). Nothing was imported.")
    if not words:
        raise ListFileError("This file holds no words.")


def check(stream: BinaryIO, filename: str) -> int:
    """Read the whole file as `entries` does, keeping nothing; the number of word lines.
    The stream is left at its start, ready to import."""
    lines = sum(1 for _ in entries(stream, filename))
    stream.seek(0)
    return lines
