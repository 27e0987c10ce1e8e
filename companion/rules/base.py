"""What a ruleset is: the declared shape each game module fills in. Pure.

Glossary
- Ruleset: one game (FOOT!, the family game ...): its key and name, the seats it allows, its
  settings with their defaults, its own play kinds, its word rules, and `standings`, which
  derives everything a screen shows from settings, players and plays.
- Setting: one choice a table makes at the start (a difficulty, a word length), with the
  reading of NOTES.md as its default. A game stores only its settings; missing ones read as
  the defaults, so games started before a setting existed read as before.
- Standings: what a scoreboard shows: totals, rows (rounds), whose deal, finished, winners
  and losers, and the plays the rules could not understand.
- Target: the word a challenge is about, and where it lies in the log.
"""

from __future__ import annotations

from functools import cached_property
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..words.judge import WordRules
from .log import REFERENCES, Play

STANDS, REJECTED = "stands", "rejected"  # verdicts on a challenged word

#: The largest id a database row can have here (PostgreSQL's integer; SQLite's is wider).
MAX_ID = 2**31 - 1

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # the letters of every game's cards
#: A scanned card corrected to one of these: a FEZ star card; nothing (read where no card is).
STAR, NOT_A_CARD = "★", "-"


def whole_number(value: str | None, low: int = 0, high: int = MAX_ID,
                 strip: bool = False) -> int | None:
    """A whole number typed with the digits 0-9 and within [low, high]; None for anything else
    (other scripts' digits, signs, spaces, a number too long to be meant). Every form's
    numbers are read through it; `strip` forgives spaces around what a player typed.

    >>> [whole_number(v) for v in ("12", "007", "²", "١٢", "-1", " 3", "", None, "9" * 5000)]
    [12, 7, None, None, None, None, None, None, None]
    >>> whole_number("5", high=3), whole_number("3", high=3)
    (None, 3)
    """
    if strip and isinstance(value, str):
        value = value.strip()
    if not isinstance(value, str) or not value or len(value) > len(str(high)) or not (value.isascii() and value.isdigit()):
        return None
    number = int(value)
    return number if low <= number <= high else None


def normalize(text: str | None) -> str:
    """What a player typed, as cards: capitals, no spaces. Only ASCII letters are
    capitalised, so that "ß" stays one (wrong) character rather than becoming "SS".

    >>> normalize(" ja zzy "), normalize(None)
    ('JAZZY', '')
    """
    return "".join(c.upper() if c.isascii() else c for c in "".join(str(text or "").split()))




def challenge_problems(players: int, seat: int, challenger: int | None, verdict: str) -> dict:
    """What is wrong with who challenged and the verdict, by form field (every game's rule).

    >>> challenge_problems(3, 1, 1, "maybe")
    {'challenger': 'A player cannot challenge their own word.', 'verdict': 'Choose the verdict: the word stands or is rejected.'}
    """
    errors = {}
    if challenger is None or not 0 <= challenger < players:
        errors["challenger"] = "Choose who challenged."
    elif challenger == seat:
        errors["challenger"] = "A player cannot challenge their own word."
    if verdict not in (STANDS, REJECTED):
        errors["verdict"] = "Choose the verdict: the word stands or is rejected."
    return errors


class RuleError(ValueError):
    """Something that cannot have happened at the table; `errors` maps a form field to its reason."""

    def __init__(self, errors: Mapping[str, str]):
        super().__init__("; ".join(errors.values()))
        self.errors = dict(errors)


@dataclass(frozen=True)
class Setting:
    """A choice among `choices` (value -> label), `default` the reading of NOTES.md."""

    key: str
    label: str
    default: Any
    choices: Mapping[Any, str]

    def read(self, raw: str | None) -> Any:
        """The value the form sent (compared as text), or the default when none was sent.
        Raises KeyError for a value that is not a choice."""
        if raw is None or raw == "":
            return self.default
        for value in self.choices:
            if str(value) == raw:
                return value
        raise KeyError(raw)


@dataclass(frozen=True)
class Standings:
    totals: tuple[int, ...]
    rows: tuple = ()  # the game's own rows (rounds), in order
    finished: bool = False
    leaders: tuple[int, ...] = ()  # the best placed now; the winners once finished
    losers: tuple[int, ...] = ()
    dealer: int | None = None  # who deals next
    starter: int | None = None  # who plays first next
    unread: tuple[int, ...] = ()  # ids of plays the rules could not understand
    extra: Mapping[str, Any] = field(default_factory=dict)  # what else a game's screens show
    rematch_first: int | None = None  # who deals (or plays first in) a rematch: one seat on

    @property
    def winners(self) -> tuple[int, ...]:
        return self.leaders if self.finished else ()

    @property
    def next_number(self) -> int:
        return len(self.rows) + 1

    @cached_property
    def numbers(self) -> dict:
        """Each row's number by its id: History describes thousands of plays by them, each
        looking its row up."""
        return {r.id: r.number for r in self.rows}

    @cached_property
    def _by_id(self) -> dict:
        return {r.id: r for r in reversed(self.rows)}  # the first of a repeated id, as before

    def row(self, row_id: int):
        try:
            return self._by_id.get(row_id)
        except TypeError:  # an id that is no number (a log the rules could not read)
            return None


@dataclass(frozen=True)
class Target:
    """What a challenge is about: a word, who laid it, and where (the game's own keys)."""

    seat: int
    word: str
    where: Mapping[str, Any]  # e.g. {"round": id} for a word in a saved round
    points: int | None = None  # the word's value, where the game has card values

    @property
    def args(self) -> dict:
        """The challenge page's address arguments that find this target again."""
        return {**self.where, "seat": self.seat}


class Ruleset:
    """One game's rules: what a test of its sheet needs, and nothing of its pages (those are
    companion/pages/). A game module makes one instance (or a few variants); the registry
    (companion/registry.py) gives each its pages. Everything here takes and returns data:
    settings, plays, standings, a round's data; never a form."""

    key: str
    name: str
    seats: tuple[int, int] = (2, 4)
    settings: tuple[Setting, ...] = ()
    #: The game's own play kinds: kind -> does this data make sense for this many players.
    kinds: Mapping[str, Callable[[Mapping, int], bool]] = {}
    #: The lookup page's choices for this game: (key, label, settings).
    lookups: tuple[tuple[str, str, Mapping], ...] = ()
    words = True  # a word game: the word judge, house rules and challenges apply
    #: The keys of a play's data that hold the id of an earlier play, by kind of the game's
    #: own (the shared kinds' are in log.REFERENCES): an imported game renumbers them.
    references: Mapping[str, tuple[str, ...]] = {}
    #: Whether standings_after carries the standings on by one play, without deriving them
    #: again from the whole log (an imported log is replayed play by play: pages/replay.py).
    replays_in_steps = False
    row_kind = "round"  # the kind of play the entry form saves (FEZ: a word)

    # --- settings and players ----------------------------------------------------------------

    def defaults(self) -> dict:
        return {s.key: s.default for s in self.settings}

    def settings_of(self, stored: Mapping | None) -> dict:
        """A game's stored settings over the defaults; anything unknown is ignored."""
        values = self.defaults()
        for s in self.settings:
            if stored and stored.get(s.key) in s.choices:
                values[s.key] = stored[s.key]
        return values

    def players_problem(self, settings: Mapping, count: int) -> str | None:
        """Why this many players cannot play with these settings (beyond `seats`), or None."""
        return None

    def word_rules(self, settings: Mapping) -> WordRules:
        raise NotImplementedError

    # --- what the game derives from its log (each game's module) -------------------------------

    def standings(self, settings: Mapping, players: int, first_dealer: int,
                  plays: list[Play]) -> Standings:
        raise NotImplementedError

    def standings_after(self, settings: Mapping, players: int, first_dealer: int,
                        log: list[Play], play: Play, before: Standings) -> Standings:
        """The standings once `play` is added to `log`, whose standings are `before`."""
        return self.standings(settings, players, first_dealer, [*log, play])

    def play_references(self) -> dict[str, tuple[str, ...]]:
        """Every kind's keys holding an earlier play's id: the shared kinds' and the game's."""
        return {**REFERENCES, **self.references}

    def sides(self, names: list[str], standings: Standings) -> list[str]:
        """Who the totals belong to, in their order: the players (Hand and Foot: its teams)."""
        return list(names)

    def side_seats(self, players: int, standings: Standings) -> list[tuple[int, ...]]:
        """The seats of each side, in the order of `sides` (Hand and Foot: a team's two)."""
        return [(seat,) for seat in range(players)]

    def progress(self, settings: Mapping, players: int,
                 standings: Standings) -> tuple[tuple[int, ...], list[tuple[int, ...]]]:
        """Each side's total before the first row, and after each row, in row order: what
        the score chart draws, the CSV lists and a round's score in the stats comes from."""
        raise NotImplementedError

    def words_laid(self, standings: Standings) -> list[tuple[int, str, int]]:
        """(seat, word, points) for every word laid and not rejected by a challenge, in
        order: the stats' best word. A game that records no words has none."""
        return []

    # --- rows (rounds) and what a play answers --------------------------------------------------

    def editable(self, standings: Standings, play_id: int):
        """The saved entry an edit changes (a round), or None."""
        return standings.row(play_id)

    def deletable(self, standings: Standings, play_id: int) -> bool:
        """Whether an entry may be deleted (Undo brings it back)."""
        return self.editable(standings, play_id) is not None

    def answers(self, kind: str, standings: Standings) -> str | None:
        """What a play of this kind is made against, sent back with it (a form's `for`
        field), so a play made before another phone's save is told apart from a new one: a
        row answers the number of the row it makes. None: a kind saved whatever came before."""
        return str(standings.next_number) if kind == self.row_kind else None

    def taken_by(self, kind: str, standings: Standings, answered: str) -> int | None:
        """The id of the play saved in the place a stale play answered (the round another
        phone saved), to show it beside the refusal; None when there is none."""
        number = whole_number(answered)
        if kind != self.row_kind or not number or number > len(standings.rows):
            return None
        return getattr(standings.rows[number - 1], "id", None)

    def check_round(self, standings: Standings, data: Mapping, round_id: int | None) -> dict:
        """What is wrong with a row's data (round_id: the row being edited, None for a new
        one) against the rules and the rows so far, by the field names the forms share
        ("word-1", "out", "round")."""
        return {}

    def same_round(self, row, data: Mapping) -> bool:
        """Whether an edit's data changes nothing."""
        raise NotImplementedError

    # --- challenges --------------------------------------------------------------------------

    def challenge_target(self, standings: Standings, args: Mapping) -> Target | None:
        """The word a challenge is about, from the challenge page's address; None if none."""
        raise NotImplementedError

    def challenge_data(self, standings: Standings, target: Target, challenger: int | None,
                       verdict: str, confirmed: bool = False) -> tuple[dict, dict]:
        """(the data of a challenge play, errors by field); `confirmed`: the scorekeeper
        answered yes to `challenge_question`."""
        raise NotImplementedError

    def challenge_question(self, standings: Standings, target: Target) -> str | None:
        """What the scorekeeper must confirm before this challenge is recorded (the sheet
        does not allow it as it stands), or None."""
        return None
