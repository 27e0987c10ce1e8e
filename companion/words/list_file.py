"""Reading a word list the table owns: .txt or .txt.gz, one word per line, anything after
the word taken as its definition. A file with one bad line is refused whole, with the line
numbers, so that nothing is imported half-way."""

from __future__ import annotations

import gzip
import io
import re
import zlib
from dataclasses import dataclass

MAX_BYTES = 64 * 1024 * 1024  # once uncompressed: a gzip bomb stops here
MAX_WORDS = 1_000_000
MAX_DEFINITION = 500
_WORD = re.compile(r"[A-Za-z]{1,30}")


class ListFileError(ValueError):
    """Why a file cannot be imported, in words for the person who chose it."""


@dataclass(frozen=True)
class ParsedList:
    entries: dict[str, str | None]  # WORD -> definition
    duplicates: int


def _text(data: bytes, filename: str) -> str:
    name = filename.lower()
    if not (name.endswith(".txt") or name.endswith(".txt.gz")):
        raise ListFileError("Choose a .txt or .txt.gz file: one word a line.")
    if name.endswith(".gz") or data[:2] == b"\x1f\x8b":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as unzipped:
                data = unzipped.read(MAX_BYTES + 1)
        except (OSError, EOFError, zlib.error):
            raise ListFileError("This .gz file is damaged or is not gzip.") from None
    if len(data) > MAX_BYTES:
        raise ListFileError("This list is too large (over 64 MB of text).")
    if b"\x00" in data:
        raise ListFileError("This is not a text file (it holds binary data).")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ListFileError("This file is not UTF-8 text.") from None


def parse(data: bytes, filename: str) -> ParsedList:
    """The words of a list file, or ListFileError saying what is wrong and where.

    >>> parse(b"xylem the woody part of plants\\nOXBOW\\n# comment\\n\\nxylem again", "l.txt")
    ParsedList(entries={'XYLEM': 'the woody part of plants', 'OXBOW': None}, duplicates=1)
    """
    entries: dict[str, str | None] = {}
    bad: list[str] = []
    bad_count = duplicates = 0
    for number, line in enumerate(_text(data, filename).splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word, *rest = line.split(None, 1)
        definition = rest[0] if rest else ""
        if not _WORD.fullmatch(word):
            bad_count += 1
            if len(bad) < 5:
                bad.append(f"line {number}: {word[:30]!r}")
            continue
        word = word.upper()
        if word in entries:
            duplicates += 1
            continue
        entries[word] = definition.strip()[:MAX_DEFINITION] or None
        if len(entries) > MAX_WORDS:
            raise ListFileError(f"This list has more than {MAX_WORDS:,} words.")
    if bad_count:
        raise ListFileError(
            f"{bad_count:,} line{'s' if bad_count > 1 else ''} do not start with a word of "
            f"letters A–Z ({'; '.join(bad)}). Nothing was imported.")
    if not entries:
        raise ListFileError("This file holds no words.")
    return ParsedList(entries, duplicates)
