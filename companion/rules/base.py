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
from typing import Any, Callable, Mapping, Sequence

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




def read_values(form: Mapping, cards, most: int, what: str) -> tuple[dict, dict]:
    """A value 0 to `most` typed for each card (fields value-<card>), as (values, errors by
    field); `what` names the cards in the summary error ("letter", "card").

    >>> read_values({"value-A": "3", "value-B": "x"}, "AB", 50, "letter")
    ({'values': {'A': 3, 'B': None}}, {'value-B': '0 to 50', 'values': 'Give every letter a value from 0 to 50: see the marked ones.'})
    """
    values, errors = {}, {}
    for card in cards:
        value = whole_number((form.get(f"value-{card}") or "").strip())
        if value is None or value > most:
            errors[f"value-{card}"] = f"0 to {most}"
        values[card] = value
    if errors:
        errors["values"] = f"Give every {what} a value from 0 to {most}: see the marked ones."
    return {"values": values}, errors


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
    """One game. A game module makes one instance (or a few variants) and registers it in
    companion/rules/__init__.py. Views ask it; they never branch on a game's name."""

    key: str
    name: str
    blurb: str = ""  # one line on the new-game page
    seats: tuple[int, int] = (2, 4)
    settings: tuple[Setting, ...] = ()
    template: str = ""  # templates/games/<template>/: _entry.html, _scoreboard.html, ...
    scans: bool = False  # the entry form can fill a word (a hand) from a photo: see "scans" below
    #: The game's own play kinds: kind -> does this data make sense for this many players.
    kinds: Mapping[str, Callable[[Mapping, int], bool]] = {}
    #: The lookup page's choices for this game: (key, label, settings).
    lookups: tuple[tuple[str, str, Mapping], ...] = ()
    words = True  # a word game: the word judge, house rules and challenges apply
    first_label = "deals"  # what the player chosen at the start does first, and the question
    first_question = "Choose who deals first."

    @property
    def players_text(self) -> str:
        """How many play, for the new-game page."""
        return f"{self.seats[0]}–{self.seats[1]} players"

    def players_problem(self, settings: Mapping, count: int) -> str | None:
        """Why this many players cannot play with these settings (beyond `seats`), or None."""
        return None

    def sides(self, names: list[str], standings: Standings) -> list[str]:
        """Who the totals belong to, in their order: the players (Hand and Foot: its teams)."""
        return list(names)

    def side_seats(self, players: int, standings: Standings) -> list[tuple[int, ...]]:
        """The seats of each side, in the order of `sides` (Hand and Foot: a team's two)."""
        return [(seat,) for seat in range(players)]

    # --- the evening at a glance: the score chart, the CSV, the players' stats --------------

    progress_name = "round"  # what the chart and the CSV call a row (ZOOT! Poker: a deal)

    def progress(self, settings: Mapping, players: int,
                 standings: Standings) -> tuple[tuple[int, ...], list[tuple[int, ...]]]:
        """Each side's total before the first row, and after each row, in row order: what
        the score chart draws, the CSV lists and a round's score in the stats comes from."""
        raise NotImplementedError

    def words_laid(self, standings: Standings) -> list[tuple[int, str, int]]:
        """(seat, word, points) for every word laid and not rejected by a challenge, in
        order: the stats' best word. A game that records no words has none."""
        return []

    #: The keys of a play's data that hold the id of an earlier play, by kind of the game's
    #: own (the shared kinds' are in log.REFERENCES): an imported game renumbers them.
    references: Mapping[str, tuple[str, ...]] = {}

    def play_references(self) -> dict[str, tuple[str, ...]]:
        """Every kind's keys holding an earlier play's id: the shared kinds' and the game's."""
        return {**REFERENCES, **self.references}

    @property
    def startable(self) -> bool:
        """Whether Companion keeps score for it yet (the judge knows every game's words)."""
        return bool(self.template)

    # --- settings ------------------------------------------------------------------------

    def defaults(self) -> dict:
        return {s.key: s.default for s in self.settings}

    def settings_of(self, stored: Mapping | None) -> dict:
        """A game's stored settings over the defaults; anything unknown is ignored."""
        values = self.defaults()
        for s in self.settings:
            if stored and stored.get(s.key) in s.choices:
                values[s.key] = stored[s.key]
        return values

    def read_settings(self, form: Mapping) -> tuple[dict, dict]:
        """(settings, errors by field) from the new-game form."""
        values, errors = {}, {}
        for s in self.settings:
            try:
                values[s.key] = s.read(form.get(f"setting-{s.key}"))
            except KeyError:
                errors[f"setting-{s.key}"] = f"Choose {s.label.lower()}."
        return values, errors

    def describe_settings(self, settings: Mapping) -> str:
        return " · ".join(s.choices[settings[s.key]] for s in self.settings)

    # --- what the game derives and checks (each game's module) -------------------------------

    def word_rules(self, settings: Mapping) -> WordRules:
        raise NotImplementedError

    def standings(self, settings: Mapping, players: int, first_dealer: int,
                  plays: list[Play]) -> Standings:
        raise NotImplementedError

    #: Whether standings_after carries the standings on by one play, without deriving them
    #: again from the whole log (an imported log is replayed play by play: rules/replay.py).
    replays_in_steps = False

    def standings_after(self, settings: Mapping, players: int, first_dealer: int,
                        log: list[Play], play: Play, before: Standings) -> Standings:
        """The standings once `play` is added to `log`, whose standings are `before`."""
        return self.standings(settings, players, first_dealer, [*log, play])

    def describe(self, play: Play, names: list[str], standings: Standings,
                 earlier: Mapping[int, Play]) -> str:
        """A play of the game's own kinds in a player's words, for History and Undo;
        `earlier` holds the plays before it, by id."""
        raise NotImplementedError

    def edit_heading(self, row_id: int, names: list[str], standings: Standings) -> str:
        """How History opens an edit of a row: "Edited round 2" (or "a deleted round")."""
        row = standings.row(row_id)
        number = getattr(row, "number", None)
        return (f"Edited {self.row_name} {number}" if number is not None
                else f"Edited a deleted {self.row_name}")

    def describe_change(self, before: Mapping, after: Mapping, names: list[str],
                        standings: Standings) -> str:
        """What an edit changed, for History and Undo: the row's data before and after it (a
        game says only what changed: "Cy OXBOW → FOXES"). By default both in full."""
        was = self.describe(Play(0, self.row_kind, before), names, standings, {})
        now = self.describe(Play(0, self.row_kind, after), names, standings, {})
        return f"was: {was}; now: {now}"

    # --- the round form (templates/games/<template>/_entry.html and _preview.html) ---------

    row_kind = "round"  # the kind of play the entry form saves (FEZ: a word)
    row_name = "round"  # and what a player calls it

    def editable(self, standings: Standings, play_id: int):
        """The saved entry an edit form changes (a round), or None."""
        return standings.row(play_id)

    def deletable(self, standings: Standings, play_id: int) -> bool:
        """Whether an entry may be deleted (Undo brings it back)."""
        return self.editable(standings, play_id) is not None

    def heading(self, standings: Standings) -> str:
        """What the entry form is headed on the game page."""
        return f"Round {standings.next_number}"

    def answers(self, kind: str, standings: Standings) -> str | None:
        """What a form of this kind is typed against, sent back with it (its `for` field), so
        a play typed before another phone's save is told apart from a new one: the row form
        answers the number of the row it makes. None: a kind saved whatever came before."""
        return str(standings.next_number) if kind == self.row_kind else None

    def stale(self, kind: str, standings: Standings, answered: str) -> str | None:
        """Why a play typed against `answered` is not what the game waits for now (another
        phone saved first), in the player's words; None when it still is."""
        now = self.answers(kind, standings)
        if now is None or answered == now:
            return None
        number = whole_number(answered)
        if kind == self.row_kind and number is not None and 0 < number < standings.next_number:
            return f"{self.row_name.capitalize()} {number} was already saved by another phone."
        return "The game changed on another phone since this was typed."

    def taken_by(self, kind: str, standings: Standings, answered: str) -> int | None:
        """The id of the play saved in the place a stale form answered (the round another
        phone saved), to show it beside the refusal; None when there is none."""
        number = whole_number(answered)
        if kind != self.row_kind or not number or number > len(standings.rows):
            return None
        return getattr(standings.rows[number - 1], "id", None)

    def read_round(self, form: Mapping, players: int, settings: Mapping,
                   standings: Standings | None = None) -> tuple[dict, dict]:
        """(the data of a round play, errors by form field), checked by the game's rules."""
        raise NotImplementedError

    def check_round(self, standings: Standings, data: Mapping, round_id: int | None) -> dict:
        """Errors that depend on the rounds so far (round_id: the round being edited)."""
        return {}

    def round_values(self, row) -> dict:
        """A saved round as its form's values, to edit it."""
        raise NotImplementedError

    def same_round(self, row, data: Mapping) -> bool:
        """Whether an edit's data changes nothing."""
        raise NotImplementedError

    def preview(self, form: Mapping, players: int, settings: Mapping,
                standings: Standings | None = None):
        """What the round form shows beside each player as it is filled in."""
        raise NotImplementedError

    # --- challenges (templates/games/<template>/_challenge.html) ---------------------------

    no_challenge = "There is no such word to challenge."  # when challenge_target finds none

    def challenge_target(self, standings: Standings, args: Mapping) -> Target | None:
        """The word a challenge is about, from the challenge page's address; None if none."""
        raise NotImplementedError

    def challenge_data(self, standings: Standings, target: Target, challenger: int | None,
                       verdict: str, confirmed: bool = False) -> tuple[dict, dict]:
        """(the data of a challenge play, errors by form field); `confirmed`: the scorekeeper
        ticked the page's `challenge_question`."""
        raise NotImplementedError

    def challenge_question(self, standings: Standings, target: Target) -> str | None:
        """What the scorekeeper must confirm before this challenge is recorded (the sheet
        does not allow it as it stands), or None."""
        return None

    # --- other plays of its own (templates/games/<template>/<kind>.html) -------------------

    forms: tuple[str, ...] = ()  # kinds with a page of their own, read by read_play

    def read_play(self, kind: str, form: Mapping, standings: Standings) -> tuple[dict, dict]:
        raise KeyError(kind)

    def play_form(self, kind: str, data: Mapping, standings: Standings) -> dict:
        """The values the page of one of `forms` would have sent to make this play (an
        imported play is read again by read_play: rules/replay.py). By default each value is
        its field: a list's items and a mapping's entries by the key's singular ("words" ->
        word-0, word-1; "values" -> value-A), a number as its digits, None as nothing.

        >>> Ruleset().play_form("x", {"seat": 1, "onto": None, "words": ["JAZZY"], "values": {"A": 2}}, None)
        {'seat': '1', 'onto': '', 'word-0': 'JAZZY', 'value-A': '2'}
        """
        def text(value) -> str:
            return "" if value is None or value is False else "on" if value is True else str(value)

        form: dict = {}
        for key, value in data.items():
            field = str(key)[:-1] if str(key).endswith("s") else str(key)
            if isinstance(value, list):
                form.update({f"{field}-{i}": text(v) for i, v in enumerate(value)})
            elif isinstance(value, Mapping):
                form.update({f"{field}-{k}": text(v) for k, v in value.items()})
            else:
                form[str(key)] = text(value)
        return form

    # --- scans: a photo of the cards fills the entry form (companion/scans.py) -------------

    deck = "foot"  # the cards the card reader looks for (ocr.read's deck): foot, fez, family
    scan_colours = False  # a card's colour counts (FEZ's flushes): the correction screen shows it
    scan_words = True  # the cards read make a word: the reader offers other readings that are words
    scan_label = "Scan"  # the scan field's button
    scan_button = "Use this word"  # the correction screen's
    scan_pick = "pick its letter"  # what a tap on a card read lets the scorekeeper do
    scan_missed = False  # the screen offers a card the photo missed (a hand's: no place to keep)

    def scan_choices(self) -> tuple[tuple[str, str, str], ...]:
        """What a card read can be corrected to: (the value the form sends, its label on the
        card and in the lists, its name read aloud)."""
        return (*((c, c, c) for c in ALPHABET), ("?", "?", "? wild"))

    def scan_shown(self, cards: Sequence) -> list:
        """The cards of a reading (the reader's Cards: its row first, then any other card it
        found) that fill the form: the row's."""
        return [c for c in cards if c.in_row]

    def scan_value(self, letter: str, name: str | None) -> str:
        """A card as the reader read it (its letter, a ZAP card's printed name) as one of
        scan_choices' values; anything else is shown unsure, for the scorekeeper to pick."""
        return letter

    def scan_problem(self, standings: Standings) -> str | None:
        """Why a photo cannot fill the form now, in a player's words; None when it can."""
        return None

    def scan_fields(self, seat: int, cards: Sequence[tuple[str, str | None]]) -> dict[str, str | None]:
        """The entry form's fields that the corrected cards fill in, from the cards as
        (scan_choices value, colour "R"/"B" or None), in reading order, the cards marked "not a
        card" left out. None empties a field.

        >>> Ruleset().scan_fields(1, [("J", None), ("A", None), ("?", None)])
        {'word-1': 'JA?', 'noword-1': None}
        """
        return {f"word-{seat}": "".join(value for value, _ in cards), f"noword-{seat}": None}
