"""The word judge: is this word allowed in this game, says which list decided, and
what could a hand of cards have made. Pure: the store is a read-only SQLite file.

Glossary
- WordRules: what a game allows (length, plurals, slang) and what its cards are worth; each
  game's rules module (companion/rules/) says what its are.
- House: a table's own decisions for one game: words added or removed, and optionally a
  word list the table imported, used instead of (or as well as) the built-in one.
- Verdict: the answer for one word, in a player's words, with the list that decided it.
- Suggestion: a word a hand could have made, with its points.
"""

from __future__ import annotations

import itertools
import json
import re
import sqlite3
import threading
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Mapping, Protocol

from .anagrams import LetterIndex

WILD = "?"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_WILDS = 2
MAX_LENGTH = 30

ZOOT_VALUES = {c: 1 if c in "AEIOU" else 10 if c in "VWXY" else 20 if c in "JQZ" else 3
               for c in ALPHABET}
# FEZ prints standard Scrabble values under its letters (NOTES.md).
SCRABBLE_VALUES = dict(zip(ALPHABET, (1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1,
                                      1, 1, 4, 4, 8, 4, 10)))


@dataclass(frozen=True)
class WordRules:
    key: str
    name: str
    min_length: int
    max_length: int | None  # None: no upper limit
    values: Mapping[str, int] | None  # None: the cards' points are the table's to enter
    hand_size: int  # the most cards a player holds when making a word, wild cards included
    no_plurals: bool = False
    no_slang: bool = False
    #: A long word's bonus: (the length it starts at, points for it and each letter more).
    long_bonus: tuple[int, int] | None = None

    def length_problem(self, length: int) -> str | None:
        if self.max_length == self.min_length and length != self.min_length:
            return f"{length} letters: words have exactly {self.min_length} in {self.name}"
        if length < self.min_length:
            return f"too short: words have at least {self.min_length} letters in {self.name}"
        if self.max_length and length > self.max_length:
            return f"too long: words have at most {self.max_length} letters in {self.name}"
        return None

    def letter_points(self, word: str) -> int | None:
        """The value of the word's cards in this game, a wild worth 0."""
        if self.values is None:
            return None
        return sum(self.values.get(c, 0) for c in word)

    def points(self, word: str) -> int | None:
        """The word's value in this game: its cards, and a long word's bonus.

        >>> WordRules("foot", "FOOT!", 5, 5, ZOOT_VALUES, 7).points("JA?ZY")
        51
        >>> WordRules("fez", "FEZ", 2, None, SCRABBLE_VALUES, 12, long_bonus=(7, 50)).points("PLACING")
        62
        """
        if self.values is None:
            return None
        start, bonus = self.long_bonus or (0, 0)
        extra = bonus * (len(word) - start + 1) if self.long_bonus and len(word) >= start else 0
        return self.letter_points(word) + extra


class WordList(Protocol):
    """A list the table imported (for example Collins), as the judge needs it."""

    name: str

    def lookup(self, word: str) -> tuple[bool, str | None]:
        """(is it in the list, its definition there)."""

    def playable(self, letters: str, wilds: int, shortest: int,
                 longest: int) -> Iterable[tuple[str, str]]:
        """The list's words that `letters` and `wilds` wild cards make (anagrams.LetterIndex)."""


@dataclass(frozen=True)
class House:
    added: Mapping[str, str | None] = field(default_factory=dict)  # word -> definition
    removed: frozenset[str] = frozenset()
    word_list: WordList | None = None
    list_only: bool = True  # the imported list replaces the built-in one


NO_HOUSE = House()


@dataclass(frozen=True)
class Verdict:
    word: str
    valid: bool
    reason: str
    source: str  # the list or rule that decided
    definition: str | None = None
    points: int | None = None
    reads_as: str | None = None  # the word a wild card makes, when there is one
    detail: str | None = None  # the file behind `source`, for the curious: "SCOWL english-words.35"

    def as_json(self) -> dict:
        return {"word": self.word, "valid": self.valid, "reason": self.reason,
                "source": self.source, "points": self.points, "definition": self.definition,
                "reads_as": self.reads_as, "detail": self.detail}


# The lists that decide, as a player reads them (a verdict's source, and History's): never the
# names of the files they come from, which Verdict.detail keeps.
COMMON_LIST = "the common English word list"  # SCOWL sizes 10 to 35
LARGER_LIST = "the larger English word list"  # SCOWL sizes 40 up to the store's largest
WHOLE_LIST = "the English word list, common to rare words"
PLURALS = "the dictionary’s plurals"  # WordNet's lemmas and irregular plurals
BLOCKLIST = "the family game’s list of slang and rude words"
REJECT_LISTS = {"proper noun": "the list of names", "abbreviation": "the list of abbreviations",
                "contraction": "the list of contractions"}
_SCOWL_FILE = re.compile(r"SCOWL [a-z_0-9]+-([a-z-]+)\.(\d+)")
_REJECT_FILES = {"upper": "proper noun", "proper-names": "proper noun",
                 "abbreviations": "abbreviation", "contractions": "contraction"}


def list_said(size: int) -> str:
    """The word list that holds a word of this SCOWL size, in a player's words.

    >>> list_said(35), list_said(50)
    ('the common English word list', 'the larger English word list')
    """
    return COMMON_LIST if size <= 35 else LARGER_LIST


def source_said(source: str | None, reason: str = "") -> str | None:
    """A source as a player reads it, whenever it was recorded: a challenge saved before the
    judge spoke plainly keeps the file it was decided by ("SCOWL english-words.35").

    >>> source_said("SCOWL english-words.35"), source_said("SCOWL, sizes up to 70")
    ('the common English word list', 'the English word list, common to rare words')
    >>> source_said("SCOWL english-upper.50"), source_said("WordNet's plurals")
    ('the list of names', 'the dictionary’s plurals')
    >>> source_said("house rules")
    'house rules'
    """
    if not isinstance(source, str):
        return source
    found = _SCOWL_FILE.fullmatch(source)
    if found:
        kind = _REJECT_FILES.get(found.group(1))
        if kind is None and reason.startswith("abbreviation"):
            kind = "abbreviation"  # pH, kW: among the words, but in capitals
        return REJECT_LISTS[kind] if kind else list_said(int(found.group(2)))
    if source.startswith("SCOWL"):
        return WHOLE_LIST
    return {"WordNet's plurals": PLURALS, "Companion's family blocklist": BLOCKLIST}.get(source, source)


@dataclass(frozen=True)
class Suggestion:
    word: str
    points: int | None
    wilds: str  # the letters the wild cards stand for


FAMILY_BLOCKLIST = Path(__file__).with_name("family_blocklist.txt")


def _typed_problem(text: str) -> str | None:
    """Why typed text cannot be a word at all, before any list is consulted."""
    if not text:
        return "type a word"
    if len(text) > MAX_LENGTH:
        return "too long to be a word"
    if any(c.isspace() for c in text):
        return "one word at a time"
    if any(c.isdigit() for c in text):
        return "words have no digits"
    if "-" in text:
        return "hyphenated words are not allowed"
    if "'" in text or "’" in text:
        return "words with apostrophes are not allowed"
    if any(unicodedata.category(c).startswith("C") for c in text):
        return "letters A–Z only"
    if any(not ("A" <= c <= "Z" or c == WILD) for c in text):
        return "letters A–Z only (and ? for a wild card)"
    if text.count(WILD) > MAX_WILDS:
        return f"at most {MAX_WILDS} wild cards"
    return None


def hand_problem(hand: str, rules: WordRules) -> str | None:
    """Why the cards typed for "what could I have made?" are not a hand of this game.

    >>> foot = WordRules("foot", "FOOT!", 5, 5, ZOOT_VALUES, 7)
    >>> hand_problem("ABCDEFG?", foot), hand_problem("JAZZ", foot)
    ('a hand of FOOT! holds at most 7 cards', None)
    """
    cards = "".join(hand.split()).upper()
    if any(not ("A" <= c <= "Z" or c == WILD) for c in cards):
        return "letters A–Z only (and ? for a wild card)"
    if len(cards) > rules.hand_size:
        return f"a hand of {rules.name} holds at most {rules.hand_size} cards"
    if cards.count(WILD) > MAX_WILDS:
        return f"at most {MAX_WILDS} wild cards"
    return None


class Judge:
    """Verdicts from the store at `path`. One connection per thread, opened read-only."""

    def __init__(self, path: Path):
        self.path = Path(path)
        if not self.path.is_file():
            raise FileNotFoundError(f"no word store at {self.path}")
        self._local = threading.local()
        self.max_size = int(self._query("SELECT value FROM meta WHERE key = 'max_size'")[0][0])
        self.sources = dict(self._query("SELECT id, name FROM sources"))
        self.blocklist = frozenset(
            line.strip().upper() for line in FAMILY_BLOCKLIST.read_text().splitlines()
            if line.strip() and not line.startswith("#"))

    def _query(self, sql: str, params=()) -> list[tuple]:
        con = getattr(self._local, "con", None)
        if con is None:
            # immutable: no locks, no journal look-ups; the file never changes while served
            con = self._local.con = sqlite3.connect(
                f"{self.path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
        return con.execute(sql, params).fetchall()

    # --- one word ---------------------------------------------------------------------

    def check(self, typed: str, rules: WordRules, house: House = NO_HOUSE) -> Verdict:
        # Only ASCII is capitalised: "ß" must stay a wrong letter, not become "SS".
        word = "".join(c.upper() if c.isascii() else c for c in typed.strip())
        problem = _typed_problem(word)
        if problem:
            return Verdict(word[:MAX_LENGTH], False, problem, "the rules of every game")
        points = rules.points(word)
        problem = rules.length_problem(len(word))
        if problem:
            return Verdict(word, False, problem, f"the rules of {rules.name}", points=points)
        if WILD not in word:
            return self._check_letters(word, rules, house, points)
        verdicts = (self._check_letters(filled, rules, house, points)  # up to the first word
                    for filled in _fill_wilds(word))
        found = next((v for v in verdicts if v.valid), None)
        if found:
            return Verdict(word, True, f"reads as {found.word}: {found.reason}", found.source,
                           found.definition, points, reads_as=found.word, detail=found.detail)
        return Verdict(word, False, "no word fits these letters and wild cards",
                       self._list_name(house), points=points, detail=self._list_detail(house))

    def accepts(self, rules: WordRules, house: House = NO_HOUSE) -> Callable[[str], bool]:
        """Whether letters (a "?" for a wild) make a word of this game: what the card reader
        asks of a row it read."""
        return lambda word: self.check(word, rules, house).valid

    def _check_letters(self, word: str, rules: WordRules, house: House,
                       points: int | None) -> Verdict:
        if word in house.removed:
            return Verdict(word, False, "removed by a house rule", "house rules", points=points)
        if word in house.added:
            return Verdict(word, True, "added by a house rule", "house rules",
                           house.added[word] or self._definition(word), points)
        if house.word_list is not None:
            found, definition = house.word_list.lookup(word)
            if found:
                return Verdict(word, True, f"in {house.word_list.name}", house.word_list.name,
                               definition or self._definition(word), points)
            if house.list_only:
                return Verdict(word, False, f"not in {house.word_list.name}",
                               house.word_list.name, points=points)
        row = self._query("SELECT size, source, lemma, plural FROM words WHERE word = ?", (word,))
        if row:
            size, source, lemma, plural = row[0]
            detail = f"SCOWL {self.sources[source]}"
            definition = self._definition(lemma or word)
            if definition and lemma:
                definition = f"({'plural' if plural else 'form'} of {lemma}) {definition}"
            problem = self._family_problem(word, rules, plural, lemma)
            if problem:
                decided_by, detail = ((PLURALS, "WordNet 3.0 noun lemmas and noun.exc") if plural
                                      else (BLOCKLIST, f"Companion’s {FAMILY_BLOCKLIST.name}"))
                return Verdict(word, False, problem, decided_by, definition, points, detail=detail)
            return Verdict(word, True, f"in the word list ({_commonness(size)})", list_said(size),
                           definition, points, detail=detail)
        reject = self._query("SELECT kind, source FROM rejects WHERE word = ?", (word,))
        if reject:
            kind, source = reject[0]
            return Verdict(word, False, f"{kind}: not allowed", REJECT_LISTS.get(kind, WHOLE_LIST),
                           points=points, detail=f"SCOWL {self.sources[source]}")
        return Verdict(word, False, "not in the word list", self._list_name(NO_HOUSE),
                       points=points, detail=self._list_detail(NO_HOUSE))

    def _list_name(self, house: House) -> str:
        if house.word_list is not None and house.list_only:
            return house.word_list.name
        return WHOLE_LIST

    def _list_detail(self, house: House) -> str | None:
        if house.word_list is not None and house.list_only:
            return None
        return f"SCOWL, sizes up to {self.max_size}"

    def _definition(self, lemma: str) -> str | None:
        row = self._query("SELECT text FROM definitions WHERE lemma = ?", (lemma,))
        return row[0][0] if row else None

    # --- what a hand could have made ----------------------------------------------------

    def _index(self) -> LetterIndex:
        """Every word's letter counts, built on first use (a few MB, once per process)."""
        index = getattr(self, "_letter_index", None)
        if index is None:
            index = self._letter_index = LetterIndex(w for (w,) in self._query("SELECT word FROM words"))
        return index

    def best_words(self, hand: str, rules: WordRules, house: House = NO_HOUSE,
                   limit: int = 10) -> list[Suggestion]:
        """The best-scoring words the cards of `hand` (letters, ? for wilds) make, best first:
        points, then length, then the commoner word. The caller bounds the hand
        (hand_problem): the work grows with the word list, not with the cards."""
        hand = "".join(hand.split()).upper()
        letters = "".join(c for c in hand if c in ALPHABET)
        wilds = min(hand.count(WILD), MAX_WILDS)
        span = (rules.min_length, min(len(letters) + wilds, rules.max_length or MAX_LENGTH))
        if span[0] > span[1]:
            return []
        found: dict[str, str] = {}  # word -> the letters its wild cards stand for
        if house.word_list is None or not house.list_only:
            found.update(self._index().playable(letters, wilds, *span))
        if house.word_list is not None:
            found.update(house.word_list.playable(letters, wilds, *span))
        if house.added:
            found.update(LetterIndex(house.added).playable(letters, wilds, *span))
        for word in house.removed:
            found.pop(word, None)
        words = set(found)
        facts = {w: (size, plural, lemma) for w, size, plural, lemma in self._query(
            "SELECT word, size, plural, lemma FROM words WHERE word IN (SELECT value FROM json_each(?))",
            (json.dumps(sorted(words)),))}
        ranked = []
        for word in words:
            size, plural, lemma = facts.get(word, (self.max_size, 0, None))
            if word not in house.added and self._family_problem(word, rules, plural, lemma):
                continue
            filled = found[word]
            points = (rules.points(word) or 0) - (rules.letter_points(filled) or 0)
            ranked.append((-points if rules.values else 0, -len(word), size, word, filled, points))
        ranked.sort()
        return [Suggestion(word, points if rules.values else None, filled)
                for *_, word, filled, points in ranked[:limit]]

    def _family_problem(self, word: str, rules: WordRules, plural: int,
                        lemma: str | None) -> str | None:
        if rules.no_plurals and plural:
            return f"plural of {lemma}: no plurals in {rules.name}"
        if rules.no_slang and (word in self.blocklist or lemma in self.blocklist):
            return f"slang or rude: not allowed in {rules.name}"
        return None


def _commonness(size: int) -> str:
    """SCOWL's size in a player's words.

    >>> _commonness(10), _commonness(50), _commonness(70)
    ('a common word', 'a less common word', 'a rare word')
    """
    return "a common word" if size <= 35 else "a less common word" if size <= 50 else "a rare word"


def _fill_wilds(word: str) -> Iterable[str]:
    """Every way to read the wild cards in `word` as letters, A first."""
    spots = [i for i, c in enumerate(word) if c == WILD]
    for letters in itertools.product(ALPHABET, repeat=len(spots)):
        chars = list(word)
        for spot, letter in zip(spots, letters):
            chars[spot] = letter
        yield "".join(chars)


def split_words(text: str) -> list[str]:
    """Words typed into the lookup box: separated by spaces, commas or new lines.

    >>> split_words("jazzy, xylem  fjord")
    ['jazzy', 'xylem', 'fjord']
    """
    return [w for w in re.split(r"[\s,;]+", text) if w]
