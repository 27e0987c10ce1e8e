"""What a game's pages are: the forms it reads, the templates it names, what its scan fills in.

Glossary
- Pages: one game's presentation, holding its rules (companion/rules/). It reads the game's
  forms into data for the rules to check, names its templates (templates/games/<template>/),
  describes its plays in a player's words (History, Undo) and says what the card reader's
  correction screen offers. The rules never import it.
- Form: what a page sent, a Mapping of field name -> text ("word-1": "JAZZY").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ..rules.base import ALPHABET, Ruleset, Standings, whole_number
from ..rules.log import Play
from ..words.judge import source_said


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


def score(value) -> str:
    """A score as a page shows it: a negative one with the minus sign (U+2212), as every
    page writes it, never the hyphen. Form values and exports keep plain ASCII numbers.

    >>> score(-8), score(0), score(42), score(None)
    ('−8', '0', '42', 'None')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return f"−{-value}"
    return str(value)


def judged(data: Mapping) -> str:
    """What History adds to a challenge the word judge ruled on: its ruling, and whether the
    table overruled it (a house decision).

    >>> judged({"verdict": "stands", "judge": {"verdict": "rejected", "reason": "not a word",
    ...                                         "source": "SCOWL english-words.35"}})
    '; a house decision, overruling the judge: not a word · the common English word list'
    >>> judged({"verdict": "stands"})
    ''
    """
    judge = data.get("judge")
    if not isinstance(judge, Mapping):
        return ""
    reason = judge.get("reason")
    ruling = f"{reason} · {source_said(judge.get('source'), reason if isinstance(reason, str) else '')}"
    return (f"; a house decision, overruling the judge: {ruling}"
            if judge.get("verdict") != data["verdict"] else f"; the judge: {ruling}")


@dataclass(frozen=True)
class RowFacts:
    """What the CSV says of a row besides the scores: None where the game has no such thing."""

    dealer: str | None = None
    words: tuple[str, ...] | None = None  # by side (a side's words joined by spaces)
    winner: str | None = None


class Pages:
    """One game's pages, over its `rules`. A game module makes one (FOOT! and ZOOT!: one each)
    and the registry (companion/registry.py) lists it. Views ask it and its rules; they never
    branch on a game's name."""

    template: str = ""  # templates/games/<template>/: _entry.html, _scoreboard.html, ...
    blurb: str = ""  # one line on the new-game page
    first_label = "deals"  # what the player chosen at the start does first, and the question
    first_question = "Choose who deals first."
    row_name = "round"  # what a player calls the entry form's row (FEZ: a word)
    progress_name = "round"  # what the chart and the CSV call a row (ZOOT! Poker: a deal)
    no_challenge = "There is no such word to challenge."  # when challenge_target finds none
    forms: tuple[str, ...] = ()  # kinds with a page of their own, read by read_play
    #: The scorekeeper's chart sits below the entry form, not above it (ZOOT! Poker: a tap a
    #: turn, so the betting buttons come first); a watcher's stays in the live region.
    chart_below_entry = False
    #: A part of the scorekeeper's page outside the live region that follows the game too: a
    #: template, appended to a live-region refresh as an htmx out-of-band swap (ZOOT! Poker:
    #: the last deal's results below Deal, when this phone's showdown form keeps what was typed).
    follows_outside_live: str | None = None

    @property
    def first_said(self) -> str:
        """What the player chosen at the start does, as a sentence ends: "deals first", "plays
        first" (a label that already says "first" is not given a second one)."""
        return self.first_label if self.first_label.endswith(" first") else f"{self.first_label} first"

    def __init__(self, rules: Ruleset):
        self.rules = rules

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.rules.name}>"

    # --- the new-game page and the game page's heading ------------------------------------------

    @property
    def players_text(self) -> str:
        """How many play, for the new-game page."""
        return f"{self.rules.seats[0]}–{self.rules.seats[1]} players"

    def read_settings(self, form: Mapping) -> tuple[dict, dict]:
        """(settings, errors by field) from the new-game form."""
        values, errors = {}, {}
        for s in self.rules.settings:
            try:
                values[s.key] = s.read(form.get(f"setting-{s.key}"))
            except KeyError:
                errors[f"setting-{s.key}"] = f"Choose {s.label.lower()}."
        return values, errors

    #: Games with more settings than this show them folded under their summary, after the
    #: names (most tables play the rules sheet's defaults).
    folded_settings = 2

    def settings_summary(self, settings: Mapping) -> str:
        """One line for the new-game page's folded settings: the rules sheet's, or what the
        table changed ("Chips each: 500; Ante: 10")."""
        changed = [s for s in self.rules.settings if settings.get(s.key, s.default) != s.default]
        if not changed:
            return "as the rules sheet"
        return "; ".join(f"{s.label}: {s.choices[settings[s.key]]}" for s in changed)

    # --- home, stats and the CSV: a game's progress in its own unit -------------------------

    def played_text(self, standings: Standings) -> str:
        """How far the game is, in its own unit, for the home page: "3 rounds"."""
        n = len(standings.rows)
        return f"{n} {self.progress_name}{'' if n == 1 else 's'}"

    #: The CSV's extra columns' headings: who dealt each row, who went out (or won it).
    dealer_heading = "Dealer"
    winner_heading = "Went out"

    def row_facts(self, names: list[str], standings: Standings) -> list[RowFacts]:
        """For each row the CSV lists (the rows of rules.progress, in order): who dealt, each
        side's words, who went out or won. Empty: the game's CSV has scores only."""
        return []

    def describe_settings(self, settings: Mapping) -> str:
        return " · ".join(s.choices[settings[s.key]] for s in self.rules.settings)

    def heading(self, standings: Standings) -> str:
        """What the entry form is headed on the game page."""
        return f"Round {standings.next_number}"

    # --- History and Undo ---------------------------------------------------------------------

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
        kind = self.rules.row_kind
        was = self.describe(Play(0, kind, before), names, standings, {})
        now = self.describe(Play(0, kind, after), names, standings, {})
        return f"was: {was}; now: {now}"

    # --- the round form (templates/games/<template>/_entry.html and _preview.html) ---------

    def read_round(self, form: Mapping, players: int, settings: Mapping,
                   standings: Standings | None = None) -> tuple[dict, dict]:
        """(the data of a row play, errors by form field) as the form says it; the rules'
        check of that data is `checked_round`'s."""
        raise NotImplementedError

    def checked_round(self, form: Mapping, players: int, settings: Mapping, standings: Standings,
                      round_id: int | None = None) -> tuple[dict, dict]:
        """The round form read, then its data checked by the rules against the rows so far
        (round_id: the row being edited); what the form itself says is wrong comes first."""
        data, errors = self.read_round(form, players, settings, standings)
        return data, self.rules.check_round(standings, data, round_id) | errors

    def round_values(self, row) -> dict:
        """A saved row as its form's values, to edit it."""
        raise NotImplementedError

    def preview(self, form: Mapping, players: int, settings: Mapping,
                standings: Standings | None = None):
        """What the round form shows beside each player as it is filled in."""
        raise NotImplementedError

    def stale(self, kind: str, standings: Standings, answered: str) -> str | None:
        """Why a play typed against `answered` is not what the game waits for now (another
        phone saved first), in the player's words; None when it still is."""
        now = self.rules.answers(kind, standings)
        if now is None or answered == now:
            return None
        number = whole_number(answered)
        if kind == self.rules.row_kind and number is not None and 0 < number < standings.next_number:
            return f"{self.row_name.capitalize()} {number} was already saved by another phone."
        return "The game changed on another phone since this was typed."

    # --- other plays of its own (templates/games/<template>/<kind>.html) -------------------

    def read_play(self, kind: str, form: Mapping, standings: Standings) -> tuple[dict, dict]:
        raise KeyError(kind)

    def play_form(self, kind: str, data: Mapping, standings: Standings) -> dict:
        """The values the page of one of `forms` would have sent to make this play (an
        imported play is read again by read_play: pages/replay.py). By default each value is
        its field: a list's items and a mapping's entries by the key's singular ("words" ->
        word-0, word-1; "values" -> value-A), a number as its digits, None as nothing.

        >>> Pages(Ruleset()).play_form("x", {"seat": 1, "onto": None, "words": ["JAZZY"], "values": {"A": 2}}, None)
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

    scans = False  # the entry form can fill a word (a hand) from a photo
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

        >>> Pages(Ruleset()).scan_fields(1, [("J", None), ("A", None), ("?", None)])
        {'word-1': 'JA?', 'noword-1': None}
        """
        return {f"word-{seat}": "".join(value for value, _ in cards), f"noword-{seat}": None}

    # --- scan the table: one photo fills every player's word (companion/table_scans.py) ---

    table_scan = False  # the round form can be filled from one photo of the whole table

    def table_seats(self, standings: Standings, players: int) -> list[int]:
        """The seats whose words a photo of the table fills: every player's."""
        return list(range(players))

    def no_word_fields(self, seat: int) -> dict[str, str | None]:
        """The form's fields for a seat with no word on the table.

        >>> Pages(Ruleset()).no_word_fields(2)
        {'word-2': None}
        """
        return {f"word-{seat}": None}
