"""FEZ: two-letter cards, flushes and stars, scored word by word. Pure.

Rules: shared/rules/fez.txt, read as shared/rules/NOTES.md settles it.

Glossary
- tile: one letter of a card as played ("?" for a blank, worth 0) with its card's colour,
  R (red) or B (black). A card may give one or both of its letters: FEZ counts tiles.
- cards: how a word's tiles lie on cards, as the number of letters each card gives (1 or 2),
  in order: [2, 1, 1] for PLAY laid as PL, A, Y. A card has one colour, so the two letters of
  one card have one colour. Not given: each letter its own card (what a form says when
  nobody marks the cards).
- star: a card with a colour and no letter; it doubles a word, twice when it is the colour of
  the word's flush.
- flush: every tile of a word (blanks included) of one colour.
- word: a whole word played in one turn: face values, +50 for each letter from the 7th, then
  the doubles, which multiply (the sheet's order).
- lay-off: letters added before and after a word on the table (PLAY -> SPLAY, PLAYING). The
  extender scores the face values of the letters added, doubled when they keep the extended
  word's flush colour; never the 7+ bonus. The extended word is what later lay-offs build on.
  A star may be laid only onto one's own word: that word is re-scored with the star and its
  owner gains the difference (the reading this app takes).
- round: the words and lay-offs until a round end, where the cards left in hands are deducted
  (both letters of each card) and +30 goes to each player whose every word and lay-off of the
  round was a flush. Totals carry across rounds; the scorekeeper ends the game.
- nasty rules (settings, off by default): an off-colour lay-off spoils the original word's
  flush; a star double of the other colour spoils the all-flush bonus; the points left in
  hands also go to the player who went out; a 30-second turn timer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from ..words.judge import SCRABBLE_VALUES, WordRules
from .base import (ALPHABET, REJECTED, STANDS, Ruleset, Setting, Standings, Target,
                   challenge_problems, normalize, whole_number)
from .log import EDIT, Play, active_plays, understood

WORD, LAYOFF, CHALLENGE, ROUND_END, GAME_END, FACE_VALUES = (
    "word", "layoff", "challenge", "round-end", "game-end", "face-values")
UNCOUNTED = "uncounted"  # a game-end's: the scorekeeper ended it with a round's hands uncounted
RED, BLACK = "R", "B"
COLOURS = {RED: "red", BLACK: "black"}
BLANK = "?"
LONG_WORD = 7  # whole words of 7+ letters earn +50 a letter from the 7th
LONG_BONUS = 50
ALL_FLUSH_BONUS = 30
TURN_SECONDS = 30  # a turn under the nasty timer
MAX_FACE_VALUE = 50
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
OFF_ON = {False: "Off", True: "On"}


# --- Scoring -----------------------------------------------------------------------------

def face(tiles: str, values: Mapping[str, int] = SCRABBLE_VALUES) -> int:
    """Face value of tiles: a blank is worth 0.

    >>> face("PLACING"), face("FE?")
    (12, 5)
    """
    return sum(values.get(c, 0) for c in tiles if c != BLANK)


def flush_of(colours: str) -> str | None:
    """The flush colour of a word's tiles, or None when they are not all one colour.

    >>> flush_of("RRR"), flush_of("RRB"), flush_of("")
    ('R', None, None)
    """
    return colours[0] if colours and len(set(colours)) == 1 else None


def colourless(tiles: str, colours: str) -> str | None:
    """Why a word's colours cannot be scored yet: the letters with no colour chosen ("?" or
    nothing given for them), named; None when every letter has red or black.

    >>> colourless("PLAY", "BB?"), colourless("PLAY", "????")[-25:], colourless("AT", "RB")
    ('Choose red or black for every letter: A, Y have none yet.', 'P, L, A, Y have none yet.', None)
    """
    missing = [("the blank" if t == BLANK else t) for t, c in zip(tiles, colours.ljust(len(tiles)))
               if c not in COLOURS]
    if not missing:
        return None
    return (f"Choose red or black for every letter: {', '.join(missing)} "
            f"{'has' if len(missing) == 1 else 'have'} none yet.")


def doubles(flush: str | None, stars: str) -> list[int]:
    """The doubles of a word, as the sheet counts them: the flush, then each star (a star of
    the flush colour doubles twice: a "double double").

    >>> doubles("R", "R"), doubles("R", "RB"), doubles(None, "B")
    ([2, 2, 2], [2, 2, 2, 2], [2])
    """
    factors = [2] if flush else []
    for star in stars:
        factors += [2, 2] if flush and star == flush else [2]
    return factors


@dataclass(frozen=True)
class Score:
    face: int
    bonus: int  # the 7+ letter bonus
    factors: tuple[int, ...]  # the doubles, each ×2

    @property
    def total(self) -> int:
        return (self.face + self.bonus) * math.prod(self.factors)

    @property
    def terms(self) -> list[str]:
        """The working in whole parts, each kept on one line: the sum, each double, the
        result (a part starting with a space has a space before it).

        >>> score_word("PLACING", "R" * 7, "R").terms
        ['(12+50)', '×2', '×2', '×2', ' = 496']
        """
        if not self.factors:
            return [str(self.total)] if not self.bonus else [f"{self.face}+{self.bonus}", f" = {self.total}"]
        base = f"({self.face}+{self.bonus})" if self.bonus else f"{self.face}"
        return [base, *(f"×{f}" for f in self.factors), f" = {self.total}"]

    @property
    def working(self) -> str:
        """The sheet's working: "(12+50)×2 = 124", "6×2 = 12", "5".

        >>> score_word("PLACING", "R" * 7, "").working, score_word("FEZ", "BBB", "BR").working
        ('(12+50)×2 = 124', '15×2×2×2×2 = 240')
        """
        return "".join(self.terms)


def score_word(tiles: str, colours: str, stars: str, values: Mapping[str, int] = SCRABBLE_VALUES,
               flush_spoiled: bool = False) -> Score:
    """A whole word played in one turn: face values, the 7+ bonus, then the doubles.

    >>> [score_word(*w).total for w in [("SELL", "RRRR", ""), ("SELLS", "RRRRB", ""),
    ...  ("FEZ", "BBB", "B"), ("FEZ", "BBB", "BR"), ("PLACING", "R" * 7, ""), ("FIN", "RBR", "B"),
    ...  ("PLAY", "BBBB", ""), ("SING", "RBRB", "")]]
    [8, 5, 120, 240, 124, 12, 18, 5]
    """
    flush = None if flush_spoiled else flush_of(colours)
    bonus = LONG_BONUS * (len(tiles) - LONG_WORD + 1) if len(tiles) >= LONG_WORD else 0
    return Score(face(tiles, values), bonus, tuple(doubles(flush, stars)))


def label(word: str, colours: str, stars: str, flush_spoiled: bool = False) -> str:
    """A word as the sheet writes it: ★ for each star, a superscript length from 7 letters,
    ᶠ for a flush.

    >>> label("PLACING", "R" * 7, ""), label("FIN", "RBR", "B"), label("FEZ", "BBB", "BR")
    ('PLACING⁷ᶠ', '★FIN', '★★FEZᶠ')
    """
    length = str(len(word)).translate(SUPERSCRIPT) if len(word) >= LONG_WORD else ""
    flush = "ᶠ" if flush_of(colours) and not flush_spoiled else ""
    return "★" * len(stars) + word + length + flush


def read_cards(typed: str | None, tiles: str) -> tuple[list[int] | None, str | None]:
    """The cards of a word from what was typed: its letters with a space between cards
    ("PL A Y"); nothing typed, or one letter a card: None. With the reason it cannot be read.

    >>> read_cards("pl a y", "PLAY"), read_cards("", "PLAY"), read_cards("P L A Y", "PLAY")
    (([2, 1, 1], None), (None, None), (None, None))
    >>> read_cards("PLA Y", "PLAY")[1]
    'A card carries two letters at most: put a space between cards (PL A Y).'
    """
    groups = [normalize(g) for g in str(typed or "").split()]
    if not groups:
        return None, None
    if "".join(groups) != tiles:
        return None, f"The cards hold the letters used, in order, a space between cards: {tiles}."
    if any(len(g) > 2 for g in groups):
        return None, "A card carries two letters at most: put a space between cards (PL A Y)."
    sizes = [len(g) for g in groups]
    return (sizes if 2 in sizes else None), None


def two_colour_cards(tiles: str, colours: str, cards: list[int] | None) -> list[str]:
    """The cards given two colours, as their letters: a card has one colour, so both letters
    of one card have it.

    >>> two_colour_cards("PLAY", "RBBB", [2, 1, 1]), two_colour_cards("PLAY", "RBBB", None)
    (['PL'], [])
    """
    found, at = [], 0
    for size in cards or ():
        if len(set(colours[at:at + size])) > 1:
            found.append(tiles[at:at + size])
        at += size
    return found


def spans(cards: list[int] | None, at: int) -> bool:
    """Whether a card gives the letter before place `at` and the one after it (a lay-off's
    card cannot give a letter before the word and one after it).

    >>> spans([1, 2], 1), spans([2, 1], 1)
    (False, True)
    """
    edge = 0
    for size in cards or ():
        if edge < at < edge + size:
            return True
        edge += size
    return False


def cards_text(tiles: str, cards: list[int] | None) -> str:
    """A word's letters by card, as the form's cards field holds them: "PL A Y"; "" for one
    letter a card."""
    if not cards:
        return ""
    parts, at = [], 0
    for size in cards:
        parts.append(tiles[at:at + size])
        at += size
    return " ".join(parts)


# --- The log -----------------------------------------------------------------------------

def _tiles_ok(tiles, colours, stars) -> bool:
    return (isinstance(tiles, str) and all(c in ALPHABET + BLANK for c in tiles)
            and isinstance(colours, str) and len(colours) == len(tiles)
            and all(c in COLOURS for c in colours)
            and isinstance(stars, str) and all(c in COLOURS for c in stars))


def _seat_ok(data, players) -> bool:
    return isinstance(data["seat"], int) and 0 <= data["seat"] < players


def _cards_ok(cards, tiles: str, colours: str) -> bool:
    """No cards said, or cards of 1 or 2 letters that hold the tiles, each of one colour."""
    return cards is None or (
        isinstance(cards, list)
        and all(isinstance(c, int) and not isinstance(c, bool) and c in (1, 2) for c in cards)
        and sum(cards) == len(tiles) and not two_colour_cards(tiles, colours, cards))


def _word_ok(data: Mapping, players: int) -> bool:
    return (_seat_ok(data, players) and len(data["tiles"]) >= 2
            and _tiles_ok(data["tiles"], data["colours"], data.get("stars", ""))
            and _cards_ok(data.get("cards"), data["tiles"], data["colours"]))


def _edit_ok(data: Mapping, players: int) -> bool:
    return isinstance(data["round"], int) and _word_ok(data, players)


def _layoff_ok(data: Mapping, players: int) -> bool:
    added = data["before"] + data["after"]
    return (_seat_ok(data, players) and isinstance(data["onto"], int)
            and _tiles_ok(added, data["colours"], data.get("stars", ""))
            and bool(added or data.get("stars"))
            and _cards_ok(data.get("cards"), added, data["colours"])
            and not spans(data.get("cards"), len(data["before"])))


def _challenge_ok(data: Mapping, players: int) -> bool:
    return (isinstance(data["play"], int) and data["verdict"] in (STANDS, REJECTED)
            and isinstance(data["challenger"], int) and 0 <= data["challenger"] < players)


def _round_end_ok(data: Mapping, players: int) -> bool:
    hands, out = data["hands"], data.get("out")
    return (isinstance(hands, list) and len(hands) == players
            and all(isinstance(h, int) and not isinstance(h, bool) and 0 <= h <= 1000 for h in hands)
            and (out is None or (isinstance(out, int) and 0 <= out < players)))


def _values_ok(data: Mapping, players: int) -> bool:
    values = data["values"]
    return set(values) == set(ALPHABET) and all(
        isinstance(v, int) and 0 <= v <= MAX_FACE_VALUE for v in values.values())


#: This game's play kinds and the shape of their data:
#: word:        {"seat", "tiles": "PLAC?NG", "reads": "PLACING" (optional), "colours": "RRRRRRR",
#:               "stars": "R", "cards": [2, 2, 2, 1] (optional: one letter a card)}
#: edit:        {"round": word id, ...a word's data}
#: layoff:      {"seat", "onto": word id, "before": "S", "after": "", "colours": "R",
#:               "stars": "" (onto one's own word only), "word": "SPLAY",
#:               "cards": [1, 2] (optional, over before + after)}
#: challenge:   {"play": word or lay-off id, "challenger", "verdict", "judge": {...}}
#: round-end:   {"hands": [points left in each hand], "out": seat or None}
#: game-end:    {"uncounted": True} (only when a round's hands were left uncounted)
#: face-values: {"values": {letter: points}}
KINDS = {WORD: _word_ok, EDIT: _edit_ok, LAYOFF: _layoff_ok, CHALLENGE: _challenge_ok,
         ROUND_END: _round_end_ok, GAME_END: lambda data, players: True,
         FACE_VALUES: _values_ok}


@dataclass
class Word:
    """A word on the table in a round: the original play, and what lay-offs made of it."""

    id: int
    seat: int
    tiles: str
    reads: str  # blanks as the letters they stand for ("?" when left to the judge)
    colours: str
    stars: str  # its own stars and those laid on it later
    round: int
    score: Score
    edited: bool = False
    rejected: bool = False
    spoiled_by: int | None = None  # the seat whose off-colour lay-off spoiled its flush
    current: str = ""  # the word as lay-offs have extended it
    flush: str | None = None  # the flush colour later lay-offs must keep, or None
    cards: list[int] | None = None  # the letters each card gave; None: one a card
    shades: str = ""  # the colours of `current`, lay-offs' letters included
    own_stars: str = ""  # the stars it was played with (`stars` adds those laid later)
    row_score: Score | None = None  # what its own row counts: as played, its flush as it is now
    star_rows: list = field(default_factory=list)  # the lay-offs that laid a star on it

    def __post_init__(self):
        self.own_stars = self.own_stars or self.stars
        self.shades = self.shades or self.colours
        self.row_score = self.row_score or self.score

    @property
    def label(self) -> str:
        """As it now reads on the table: every star on it, laid later too."""
        return label(self.reads, self.colours, self.stars, self.spoiled_by is not None)

    @property
    def row_label(self) -> str:
        """As its own row shows it: as played (a star laid later has its own row)."""
        return label(self.reads, self.colours, self.own_stars, self.spoiled_by is not None)

    @property
    def points(self) -> int:
        """What its own row counts (a star laid on it later counts in the star's row)."""
        return 0 if self.rejected else self.row_score.total


@dataclass
class Layoff:
    id: int
    seat: int
    onto: int
    before: str
    after: str
    colours: str
    stars: str
    word: str  # the extended word as it now reads
    round: int
    keeps_flush: bool
    letters: int  # the letters' points (doubled when they keep the flush)
    rejected: bool = False
    problem: str | None = None  # shown to the scorekeeper: the edit no longer fits, ...
    onto_reads: str = ""  # the word it went on, as played
    gain: tuple[int, int] | None = None  # a star's: that word's score before it and with it

    @property
    def points(self) -> int:
        """The letters' points, and what a star gained the word it went on."""
        if self.rejected or self.problem:
            return 0
        return self.letters + (self.gain[1] - self.gain[0] if self.gain else 0)

    @property
    def terms(self) -> list[str]:
        """The working in whole parts: "1", "×2", " = 2"; with a star, what it gained:
        "★ re-scores FIN:", " 12 − 6", " = 6"."""
        added = bool(self.before + self.after)
        if not added:
            letters = [] if self.gain else ["0"]
        elif self.keeps_flush:
            letters = [str(self.letters // 2), "×2"]
        else:
            letters = [str(self.letters)]
        if not self.gain:
            return letters + ([f" = {self.letters}"] if self.keeps_flush and added else [])
        joined = letters[:-1] + [letters[-1] + " +"] if letters else []
        star = f"{' ' if joined else ''}★"
        return joined + [star, " re-scores", f" {self.onto_reads}:", f" {self.gain[1]}",
                         f" − {self.gain[0]}", f" = {self.points}"]

    @property
    def working(self) -> str:
        """What the row counts, worked out.

        >>> lo = Layoff(2, 0, 1, "", "ES", "RB", "R", "FINES", 1, False, 2, gain=(6, 12),
        ...             onto_reads="FIN")
        >>> lo.working, lo.points
        ('2 + ★ re-scores FIN: 12 − 6 = 8', 8)
        """
        return "".join(self.terms)


@dataclass(frozen=True)
class RoundEnd:
    number: int
    hands: tuple[int, ...]  # deducted
    all_flush: tuple[int, ...]  # the seats earning +30
    out: int | None
    to_winner: int  # the nasty rule: the others' hands added to who went out

    def lines(self, seat: int) -> tuple[EndLine, ...]:
        """What the round's end gives and takes from a seat, in the score table's order.

        >>> end = RoundEnd(1, (0, 7), (0,), 0, 7)
        >>> [(line.what, line.shown) for line in end.lines(0)], [line.shown for line in end.lines(1)]
        ([('all flush', '+30'), ('others’ hands', '+7')], ['−7'])
        """
        found = []
        if seat in self.all_flush:
            found.append(EndLine("all flush", "bonus", ALL_FLUSH_BONUS))
        if self.hands[seat]:
            found.append(EndLine("left in hand", "deducted", -self.hands[seat]))
        if self.to_winner and seat == self.out:
            found.append(EndLine("others’ hands", "nasty rule", self.to_winner))
        return tuple(found)

    def change(self, seat: int) -> int:
        return sum(line.points for line in self.lines(seat))


@dataclass(frozen=True)
class EndLine:
    """One line of a round's end on a player's table: a bonus or a deduction."""

    what: str
    why: str
    points: int

    @property
    def shown(self) -> str:
        """The points with their sign, a true minus for a deduction."""
        return f"+{self.points}" if self.points >= 0 else f"−{-self.points}"


@dataclass(frozen=True)
class Sheet:
    """One player's table for one round: each of their entries, then the round end's lines,
    each with the player's running total after it."""

    entries: tuple  # (Word or Layoff, running total)
    end: tuple  # (EndLine, running total)


@dataclass(frozen=True)
class FezRound:
    """A round's entries, for the scoreboard and the JSON."""

    id: int
    number: int
    dealer: int
    entries: tuple  # Words and Layoffs in the order they were played
    end: RoundEnd | None
    before: tuple[int, ...] = ()  # each player's total when the round began

    def sheet(self, seat: int) -> Sheet:
        """The seat's running totals through this round, from its total when the round began.

        >>> w = Word(5, 0, "AT", "AT", "RB", "", 1, Score(2, 0, ()))
        >>> sheet = FezRound(5, 1, 0, (w,), RoundEnd(1, (3, 0), (0,), None, 0), (10, 4)).sheet(0)
        >>> [total for _, total in sheet.entries], [(line.shown, total) for line, total in sheet.end]
        ([12], [('+30', 42), ('−3', 39)])
        """
        total, entries, end = self.before[seat], [], []
        for e in self.entries:
            if e.seat == seat:
                total += e.points
                entries.append((e, total))
        for line in self.end.lines(seat) if self.end else ():
            total += line.points
            end.append((line, total))
        return Sheet(tuple(entries), tuple(end))

    def as_json(self) -> dict:
        entries = [{"seat": e.seat, "word": e.row_label if isinstance(e, Word) else e.word,
                    "working": e.row_score.working if isinstance(e, Word) else e.working,
                    "points": e.points, "rejected": e.rejected} for e in self.entries]
        return {"number": self.number, "dealer": self.dealer, "entries": entries,
                "deducted": list(self.end.hands) if self.end else None,
                "all_flush": list(self.end.all_flush) if self.end else None}


def standings(settings: Mapping, players: int, first_dealer: int, plays: Iterable[Play]) -> Standings:
    """Everything the FEZ score table shows, from the log: what each play settles first (a
    word's latest data, the card values, the verdicts), then the table read play by play,
    each kind by its step (STEPS), then the totals round by round."""
    plays, unread = understood(plays, KINDS, players)
    active = active_plays(plays)
    table = FezTable(settings, players, first_dealer, *_settled(active),
                     round_start=active[0].id if active else 0)
    for play in active:
        if table.finished:
            break
        step = STEPS.get(play.kind)
        if step is not None:
            step(table, play)
    if table.entries:  # the round being played
        table.close_round(None)
    rounds, totals = _with_totals(table.rounds, players)
    ended = sum(1 for r in rounds if r.end)
    best = max(totals)
    leaders = tuple(s for s, t in enumerate(totals) if t == best) if rounds else ()
    dealer = (first_dealer + ended) % players
    words, layoffs = table.words, table.layoffs
    return Standings(
        tuple(totals), tuple(rounds), table.finished, leaders, (), dealer, (dealer + 1) % players,
        tuple(sorted(p.id for p in unread)),
        extra={"values": table.values, "round": ended + 1, "words": words, "layoffs": layoffs,
               "no_layoffs": bool(settings.get("no_layoffs")),
               "open": [w for w in words.values() if w.round == ended + 1 and not w.rejected],
               "flags": [lo for lo in layoffs.values() if lo.problem]},
        rematch_first=(first_dealer + 1) % players)


def _settled(active: list[Play]) -> tuple[dict, dict, set, dict]:
    """What later plays settle for the whole log: the card values (the last set), each word's
    latest data (its last edit) and which words were edited, and which a challenge rejected."""
    values = dict(SCRABBLE_VALUES)
    latest: dict[int, Mapping] = {}
    edited: set[int] = set()
    for play in active:
        if play.kind == FACE_VALUES:
            values = dict(play.data["values"])
        elif play.kind == WORD:
            latest[play.id] = play.data
        elif play.kind == EDIT and play.data["round"] in latest:
            latest[play.data["round"]] = play.data
            edited.add(play.data["round"])
    rejected = {p.data["play"]: p.data["verdict"] == REJECTED for p in active if p.kind == CHALLENGE}
    return values, latest, edited, rejected


@dataclass
class FezTable:
    """The words and rounds as the log is read, play by play: what `standings` derives."""

    settings: Mapping
    players: int
    first_dealer: int
    values: dict  # the card values
    latest: dict  # a word's latest data (edits applied), by its play's id
    edited: set  # the ids of the words edited
    rejected: dict  # a challenged play's id -> whether the challenge rejected it
    words: dict = field(default_factory=dict)  # id -> Word
    layoffs: dict = field(default_factory=dict)  # id -> Layoff
    rounds: list = field(default_factory=list)  # the FezRounds closed
    entries: list = field(default_factory=list)  # the round under way's Words and Layoffs
    number: int = 1  # the round under way's
    round_start: int = 0  # its id: the play that ended the last round (the log's first play)
    finished: bool = False

    def close_round(self, end: RoundEnd | None, next_start: int = 0) -> None:
        """The round under way is over (`end` None: its hands were not counted); the next
        one's id is `next_start`, the play that ended this one."""
        self.rounds.append(FezRound(self.round_start, self.number, (self.first_dealer + self.number - 1)
                                    % self.players, tuple(self.entries), end))
        self.number, self.entries, self.round_start = self.number + 1, [], next_start


# --- One step per play kind: what a play does to the table ----------------------------------

def _on_word(table: FezTable, play: Play) -> None:
    """A whole word, scored as its latest edit reads and with the card values set."""
    d = table.latest[play.id]
    reads = d.get("reads") or d["tiles"]
    word = Word(play.id, d["seat"], d["tiles"], reads, d["colours"], d.get("stars", ""),
                table.number, score_word(d["tiles"], d["colours"], d.get("stars", ""), table.values),
                play.id in table.edited, table.rejected.get(play.id, False), current=reads,
                flush=flush_of(d["colours"]), cards=d.get("cards"))
    table.words[play.id] = word
    table.entries.append(word)


def _on_layoff(table: FezTable, play: Play) -> None:
    """Letters (or a star) laid on a word of this round."""
    layoff = _lay_off(play, table.words, table.values, table.settings, table.number,
                      table.rejected.get(play.id, False))
    table.layoffs[play.id] = layoff
    table.entries.append(layoff)


def _on_round_end(table: FezTable, play: Play) -> None:
    """The hands counted: deductions and bonuses, and a new round."""
    table.close_round(_round_end(play.data, table.number, table.entries, table.settings,
                                 table.players), play.id)


def _on_game_end(table: FezTable, play: Play) -> None:
    """The scorekeeper ends the game; a round under way ends with its hands uncounted."""
    if table.entries:
        table.close_round(None, play.id)
    table.finished = True


#: What each kind does as the table is read (edits, challenges and card values are settled
#: first: `_settled`).
STEPS = {WORD: _on_word, LAYOFF: _on_layoff, ROUND_END: _on_round_end, GAME_END: _on_game_end}


def _with_totals(rounds: list[FezRound], players: int) -> tuple[list[FezRound], list[int]]:
    """Each round with every player's total when it began, and the totals after the last."""
    totals, shown = [0] * players, []
    for r in rounds:
        shown.append(FezRound(r.id, r.number, r.dealer, r.entries, r.end, tuple(totals)))
        for e in r.entries:
            totals[e.seat] += e.points
        if r.end:
            totals = [t + r.end.change(s) for s, t in enumerate(totals)]
    return shown, totals


def _lay_off(play: Play, words: Mapping[int, Word], values, settings, number: int,
             rejected: bool) -> Layoff:
    d = play.data
    added, stars = d["before"] + d["after"], d.get("stars", "")
    base = words.get(d["onto"])
    problem = None
    if base is None:
        problem = "the word it extended is gone (undone or deleted)"
    elif base.rejected:
        problem = f"{base.reads} was rejected by a challenge"
    elif base.round != number:
        problem = "the word it extended was played in an earlier round"
    elif stars and base.seat != d["seat"]:
        problem = "a star can only be laid on one's own word"
    called = d.get("word")
    if base is not None and called and called != d["before"] + base.current + d["after"] and not problem:
        problem = f"{called} no longer fits {base.current}: correct the lay-off"
    flush = base.flush if base is not None and not problem else None
    keeps = flush is not None and all(c == flush for c in d["colours"])
    letters = face(added, values) * (2 if keeps else 1)
    layoff = Layoff(play.id, d["seat"], d["onto"], d["before"], d["after"], d["colours"], stars,
                    called or added, number, keeps, letters, rejected, problem,
                    base.reads if base is not None else "")
    if base is not None and not problem:
        base.current = d["before"] + base.current + d["after"]
        base.shades = d["colours"][:len(d["before"])] + base.shades + d["colours"][len(d["before"]):]
        if added and not keeps:
            base.flush = None  # later lay-offs build on a word that is no longer a flush
            if settings.get("nasty_layoff") and flush_of(base.colours) and base.spoiled_by is None \
                    and base.seat != d["seat"]:
                base.spoiled_by = d["seat"]
        if stars and not rejected:  # (a rejected star goes back to the hand)
            base.star_rows.append(layoff)
        _rescore(base, values)
    if base is not None:
        layoff.word = base.current
    return layoff


def _rescore(word: Word, values) -> None:
    """A word scored again after a lay-off: its own row as played, each star laid on it
    later in that star's row (what it gained the word), its flush as it now stands."""
    spoiled = word.spoiled_by is not None

    def scored(stars: str) -> Score:
        return score_word(word.tiles, word.colours, stars, values, flush_spoiled=spoiled)

    stars = word.own_stars
    word.row_score = now = scored(stars)
    for row in word.star_rows:
        stars += row.stars
        row.gain, now = (now.total, scored(stars).total), scored(stars)
    word.stars, word.score = stars, now


def _round_end(data: Mapping, number: int, entries: list, settings, players: int) -> RoundEnd:
    hands = tuple(data["hands"])
    all_flush = []
    for seat in range(players):
        mine = [e for e in entries if e.seat == seat and not e.rejected
                and not getattr(e, "problem", None)]
        flushes = all(
            (isinstance(e, Word) and flush_of(e.colours) and e.spoiled_by is None)
            or (isinstance(e, Layoff) and (e.keeps_flush or not (e.before + e.after)))
            for e in mine)
        spoiled = settings.get("nasty_star") and any(
            isinstance(e, Word) and any(s != flush_of(e.colours) for s in e.stars) for e in mine)
        if mine and flushes and not spoiled:
            all_flush.append(seat)
    out = data.get("out")
    to_winner = sum(h for s, h in enumerate(hands) if s != out) if settings.get("nasty_hands") and out is not None else 0
    return RoundEnd(number, hands, tuple(all_flush), out, to_winner)


def layoff_problems(standings: Standings, data: Mapping) -> dict[str, str]:
    """What is wrong with a lay-off against the table: it goes onto a word of this round
    that no challenge rejected, and a star only onto one's own word.

    >>> table = FEZ.standings(FEZ.defaults(), 2, 0, [Play(1, WORD, {"seat": 0, "tiles": "PLAY",
    ...                                                              "colours": "BBBB", "stars": ""})])
    >>> layoff_problems(table, {"seat": 1, "onto": 1, "stars": "R"})
    {'stars': 'A star can only be laid on one’s own word.'}
    >>> layoff_problems(table, {"seat": 1, "onto": 7, "stars": ""})
    {'onto': 'Choose a word on the table this round.'}
    """
    errors = {}
    onto = standings.extra["words"].get(data.get("onto"))
    if onto is None or onto.round != standings.extra["round"]:
        errors["onto"] = "Choose a word on the table this round."
    elif onto.rejected:
        errors["onto"] = f"{onto.reads} was rejected: nothing can be laid on it."
    if data.get("stars") and onto is not None and data.get("seat") is not None \
            and onto.seat != data["seat"]:
        errors["stars"] = "A star can only be laid on one’s own word."
    return errors


def round_end_problems(data: Mapping) -> dict[str, str]:
    """What is wrong with a round's end whatever the round held: a round ends when a player
    has played their last card, so with nobody out every hand holds something.

    >>> round_end_problems({"hands": [0, 0], "out": None})["out"][:27]
    'Tick who played their last '
    >>> round_end_problems({"hands": [0, 4], "out": None}), round_end_problems({"hands": [0, 0],
    ...                                                                         "out": 1})
    ({}, {})
    """
    if data.get("out") is None and not any(data["hands"]):
        return {"out": "Tick who played their last card, or type the cards left in each hand: "
                       "nothing was counted."}
    return {}


def game_end_problems(standings: Standings, data: Mapping) -> dict[str, str]:
    """Ending the game while a round's words are on the table skips that round's hand
    deductions and all-flush bonus: only when the scorekeeper said so (UNCOUNTED)."""
    rows = standings.rows
    if rows and rows[-1].end is None and not data.get(UNCOUNTED):
        return {UNCOUNTED: f"Round {rows[-1].number}’s hands are not counted: count them "
                           "first, or tick “End without counting them”."}
    return {}


# --- The ruleset ---------------------------------------------------------------------------

class FezRules(Ruleset):
    key = "fez"
    name = "FEZ"
    seats = (2, 6)
    kinds = KINDS
    settings = (
        Setting("packs", "Packs", "auto", {"auto": "A second pack from 4 players",
                                           "one": "One pack", "two": "Two packs"}),
        Setting("no_layoffs", "No lay-offs (big tables)", False, OFF_ON),
        Setting("nasty_layoff", "Nasty: an off-colour lay-off spoils the word's flush", False, OFF_ON),
        Setting("nasty_star", "Nasty: a star of the other colour spoils the all-flush bonus", False, OFF_ON),
        Setting("nasty_hands", "Nasty: points left in hands go to who went out", False, OFF_ON),
        Setting("timer", f"Nasty: a {TURN_SECONDS}-second turn timer", False, OFF_ON),
    )
    lookups = (("fez", "FEZ · 2 letters or more", {}),)

    def word_rules(self, settings: Mapping) -> WordRules:
        # a hand holds six two-letter cards
        return WordRules("fez", "FEZ", 2, None, SCRABBLE_VALUES, hand_size=12,
                         long_bonus=(LONG_WORD, LONG_BONUS))

    def standings(self, settings, players, first_dealer, plays) -> Standings:
        return standings(settings, players, first_dealer, plays)

    references = {LAYOFF: ("onto",), CHALLENGE: ("play",)}

    def progress(self, settings, players, standings):
        """The totals after each round: when the next round began; after the last one (the
        round being played, or the one that ended the game), the totals now."""
        rounds = standings.rows
        start = rounds[0].before if rounds else (0,) * players
        return start, [r.before for r in rounds[1:]] + [standings.totals] * bool(rounds)

    def words_laid(self, standings):
        """Every whole word played (not lay-offs) that no challenge rejected, as the sheet
        writes it (stars, length, flush) with its score now."""
        return [(e.seat, e.label, e.score.total) for r in standings.rows for e in r.entries
                if isinstance(e, Word) and not e.rejected]

    def packs(self, settings: Mapping, players: int) -> int:
        """How many packs the table shuffles together (what the app tells the table)."""
        return {"one": 1, "two": 2}.get(settings["packs"], 2 if players >= 4 else 1)

    # --- words: the rows of the game page's entry ----------------------------------------------

    row_kind = WORD

    def answers(self, kind, standings) -> str | None:
        """A word answers how many words are on the table so far, a lay-off how many
        lay-offs, the end of a round the round it ends."""
        counts = {WORD: lambda: len(standings.extra["words"]) + 1,
                  LAYOFF: lambda: len(standings.extra["layoffs"]) + 1,
                  ROUND_END: lambda: standings.extra["round"]}
        return str(counts[kind]()) if kind in counts else None

    def taken_by(self, kind, standings, answered) -> int | None:
        if kind not in (WORD, LAYOFF):
            return None
        number = whole_number(answered)
        saved = list(standings.extra["words" if kind == WORD else "layoffs"].values())
        return saved[number - 1].id if number and number <= len(saved) else None

    def editable(self, standings: Standings, play_id: int):
        return standings.extra["words"].get(play_id)

    def check_round(self, standings, data, round_id) -> dict:
        return {"round": "The game is over."} if standings.finished else {}

    # --- the game's other plays: lay-offs, a round's end, the game's end ------------------------

    def refusal(self, kind: str, standings: Standings) -> dict[str, str]:
        """Why no play of this kind can be made now, whatever a form says, by field; {}
        when one can.

        >>> FEZ.refusal(LAYOFF, FEZ.standings({**FEZ.defaults(), "no_layoffs": True}, 2, 0, []))
        {'round': 'This game is played without lay-offs.'}
        """
        if standings.finished:
            return {"round": "The game is over."}
        if kind == LAYOFF and standings.extra.get("no_layoffs"):
            return {"round": "This game is played without lay-offs."}
        return {}

    def check_play(self, kind: str, standings: Standings, data: Mapping) -> dict[str, str]:
        """What is wrong with a lay-off's, a round end's or the game end's data against the
        table now, by the fields of their forms; {} when nothing is."""
        if kind == LAYOFF:
            return layoff_problems(standings, data)
        if kind == ROUND_END:
            return round_end_problems(data)
        if kind == GAME_END:
            return game_end_problems(standings, data)
        return {}

    def same_round(self, row: Word, data: Mapping) -> bool:
        return (row.seat, row.tiles, row.colours, row.stars, row.reads, row.cards) == (
            data["seat"], data["tiles"], data["colours"], data["stars"],
            data.get("reads") or data["tiles"], data.get("cards"))

    # --- challenges -------------------------------------------------------------------------

    def challenge_target(self, standings, args) -> Target | None:
        """A word or lay-off of the game: ?play=<id>."""
        play_id = whole_number(args.get("play")) or 0
        word = standings.extra["words"].get(play_id)
        if word is not None:
            return Target(word.seat, word.reads, {"play": play_id}, word.score.total)
        layoff = standings.extra["layoffs"].get(play_id)
        if layoff is not None:
            return Target(layoff.seat, layoff.word, {"play": play_id}, layoff.points)
        return None

    def challenge_data(self, standings, target, challenger, verdict,
                       confirmed=False) -> tuple[dict, dict]:
        errors = challenge_problems(len(standings.totals), target.seat, challenger, verdict)
        entry = standings.extra["words"].get(target.where["play"]) or \
            standings.extra["layoffs"].get(target.where["play"])
        if entry is not None and entry.rejected:
            errors["verdict"] = "That word was already rejected."
        return {"play": target.where["play"], "challenger": challenger, "verdict": verdict}, errors


FEZ = FezRules()
