"""Hand and Foot: teams, books and card counts, round by round. Pure.

Rules: shared/rules/hand-and-foot.txt, read as shared/rules/NOTES.md settles it.

Glossary
- team: partners who share their melds: teams of two sitting across (seat s and s + n/2), or
  each player alone in individual play.
- kinds of card, by points: joker 50, deuce (2) 20, ace 20, high (6 through king) 10, low (4
  and 5) 5; a red three left in hand costs 500, a black three 0. Threes are never melded.
- meld: 3 or more cards of one rank, more naturals than wild cards (jokers and deuces).
- book: a meld of 7 or more: clean (no wild card) 500, dirty 300.
- round: opened at a minimum from the list (50, 90, 120, 150 by default); per team its books,
  the cards melded (counted by kind, or a total), +100 for going out, +100 for each player who
  drew exactly 22 cards, and, for a team that did not go out, minus the cards left in hands and
  feet. The game ends after the last minimum of the list.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping

from ..words.judge import WordRules
from .base import Ruleset, Setting, Standings
from .log import EDIT, Play, active_plays, rows, understood

ROUND = "round"
#: Points of each kind of card melded, or subtracted when left in hand (a red three is only
#: ever left: the sheet's "minus 500").
POINTS = {"joker": 50, "two": 20, "ace": 20, "high": 10, "low": 5, "red3": 500, "black3": 0}
KIND_NAMES = {"joker": "Jokers", "two": "Deuces", "ace": "Aces", "high": "6s to Kings",
              "low": "4s and 5s", "red3": "Red 3s", "black3": "Black 3s"}
#: The kinds as a count reads them in a sentence ("9 jokers", "206 cards from 6 to King"): a
#: number never glued to a number.
COUNTED = {"joker": "jokers", "two": "deuces", "ace": "aces", "high": "cards from 6 to King",
           "low": "fours and fives", "red3": "red threes", "black3": "black threes"}
MELDED = ("joker", "two", "ace", "high", "low")
LEFT = MELDED + ("red3", "black3")
#: What four decks with jokers hold of each kind.
IN_FOUR_DECKS = {"joker": 8, "two": 16, "ace": 16, "high": 16 * 8, "low": 16 * 2, "red3": 8,
                 "black3": 8}
CLEAN_BOOK, DIRTY_BOOK, GOING_OUT, EXACTLY_22 = 500, 300, 100, 100
BOOK = 7  # cards in a book at least
MAX_TYPED = 9999
MINIMUMS = {"50,90,120,150": "50, 90, 120, 150", "50,90,120": "50, 90, 120 (the sheet)",
            "50,90,120,150,180": "50, 90, 120, 150, 180"}
YES_NO = {True: "Yes", False: "No"}


def cards_points(counts: Mapping[str, int]) -> int:
    """The points of cards counted by kind (melded: added; left in hand: subtracted).

    >>> cards_points({"ace": 3}), cards_points({"joker": 1, "high": 2}), cards_points({"red3": 1, "low": 2})
    (60, 70, 510)
    """
    return sum(POINTS[kind] * n for kind, n in counts.items())


_RANKS = {"A": "ace", "K": "high", "Q": "high", "J": "high", "10": "high", "T": "high",
          "9": "high", "8": "high", "7": "high", "6": "high", "5": "low", "4": "low"}
_WILD = {"*": "joker", "2": "two"}


def _cards(meld: str) -> list[str]:
    """A meld as typed ("AAA", "KK*", "10 10 10") as its cards: ranks, * a joker, 2 a deuce."""
    text = "".join(c.upper() if c.isascii() else c for c in meld.replace(" ", ""))  # ß stays ß
    cards = []
    while text:
        card = "10" if text.startswith("10") else text[0]
        cards.append(card)
        text = text[len(card):]
    return cards


def meld_problem(meld: str) -> str | None:
    """Why a meld cannot be laid down, or None.

    >>> [meld_problem(m) for m in ("AAA", "KK*", "A**", "333", "AK7", "AA")]
    [None, None, 'A** has more wild cards than naturals.', 'Threes are never melded.', 'AK7 mixes ranks.', 'AA has fewer than 3 cards.']
    """
    cards = _cards(meld)
    if any(c == "3" for c in cards):
        return "Threes are never melded."
    unknown = [c for c in cards if c not in _RANKS and c not in _WILD]
    if unknown:
        return f"{meld}: {unknown[0]} is not a card (A K Q J 10 9 … 4, 2 or * for a joker)."
    if len(cards) < 3:
        return f"{meld} has fewer than 3 cards."
    naturals = [c for c in cards if c in _RANKS]
    if len({("10" if c == "T" else c) for c in naturals}) > 1:
        return f"{meld} mixes ranks."
    if len(naturals) <= len(cards) - len(naturals):
        return f"{meld} has more wild cards than naturals."
    return None


def meld_points(meld: str) -> int:
    """The points of a meld as typed.

    >>> meld_points("AAA"), meld_points("7777"), meld_points("444"), meld_points("KK*")
    (60, 40, 15, 70)
    """
    return sum(POINTS[_RANKS.get(c) or _WILD[c]] for c in _cards(meld))


@dataclass(frozen=True)
class Opening:
    points: int
    minimum: int
    problem: str | None  # a meld that cannot be laid down

    @property
    def opens(self) -> bool:
        return self.problem is None and self.points >= self.minimum


def opening(melds: str, minimum: int) -> Opening:
    """Does this meld open? Melds typed apart by spaces or commas ("AAA 7777").

    >>> [opening(m, 50).opens for m in ("AAA", "7777,444", "KK*", "A**")]
    [True, True, True, False]
    >>> opening("7777,444", 50).points, opening("7777", 50).opens
    (55, False)
    """
    parts = [m for m in melds.replace(",", " ").split() if m]
    problems = [p for p in map(meld_problem, parts) if p]
    if not problems:
        ranks = Counter("10" if c == "T" else c for m in parts for c in _cards(m))
        over = [r for r, n in ranks.items() if n > (8 if r == "*" else 16)]
        if over:
            problems = [f"Four decks hold {'8 jokers' if over[0] == '*' else f'16 cards of each rank ({over[0]})'}."]
    points = sum(meld_points(m) for m in parts) if not problems else 0
    if not parts:
        problems = ["Type the melds, apart by spaces: AAA 7777 KK*."]
    return Opening(points, minimum, problems[0] if problems else None)


WILDS, NATURALS = ("joker", "two"), ("ace", "high", "low")


def melded_problem(meld: Mapping[str, int], dirty: int) -> str | None:
    """Why a team's cards melded, counted by kind, cannot be its melds: every meld has more
    naturals than wild cards, so the team's naturals outnumber its wilds; and each dirty book
    holds a wild card. None when they can.

    >>> melded_problem({"joker": 7, "ace": 6}, 0)
    '7 wild cards melded against 6 natural cards: every meld has more naturals than wild cards.'
    >>> melded_problem({"high": 14}, 1)
    'A dirty book holds a wild card; no joker or deuce is counted melded.'
    >>> melded_problem({"high": 14, "two": 1}, 2), melded_problem({"high": 14, "two": 2}, 2)
    ('2 dirty books hold 2 wild cards at least; 1 is counted melded.', None)
    """
    wilds = sum(meld.get(k, 0) for k in WILDS)
    naturals = sum(meld.get(k, 0) for k in NATURALS)
    if wilds and wilds >= naturals:
        return (f"{wilds} wild card{'s' if wilds != 1 else ''} melded against {naturals} natural "
                f"card{'s' if naturals != 1 else ''}: every meld has more naturals than wild cards.")
    if dirty and not wilds:
        return ("A dirty book holds a wild card; no joker or deuce is counted melded." if dirty == 1
                else f"{dirty} dirty books hold a wild card each; no joker or deuce is counted melded.")
    if dirty > wilds:
        return (f"{dirty} dirty books hold {dirty} wild cards at least; "
                f"{wilds} {'is' if wilds == 1 else 'are'} counted melded.")
    return None


def team_problem(team: Mapping, went_out: bool, settings: Mapping) -> str | None:
    """Why a team's round (its books, its cards melded counted by kind) cannot be, or None:
    its books hold 7 cards each, its melds more naturals than wild cards, and going out may
    need a clean and a dirty book (a setting).

    >>> team_problem({"clean": 1, "dirty": 0, "meld": {"ace": 6}}, False, {})
    '1 book holds at least 7 cards; 6 are counted melded.'
    >>> team_problem({"clean": 1, "dirty": 0, "meld_total": 600}, True, {"books_to_go_out": True})
    'To go out a team needs at least one clean and one dirty book.'
    """
    if "meld" in team:
        books, cards = team["clean"] + team["dirty"], sum(team["meld"].values())
        if books * BOOK > cards:
            return (f"{books} book{' holds' if books == 1 else 's hold'} at least "
                    f"{books * BOOK} cards; {cards} are counted melded.")
        problem = melded_problem(team["meld"], team["dirty"])
        if problem:
            return problem
    if went_out and settings.get("books_to_go_out") and not (team["clean"] and team["dirty"]):
        return "To go out a team needs at least one clean and one dirty book."
    return None


def deck_problem(teams: list[Mapping]) -> str | None:
    """Why the cards a round counts, melded and left by every team, cannot come from four
    decks, or None (melded and left are cards apart: both are counted).

    >>> deck_problem([{"meld": {"joker": 5}, "left": {}}, {"meld": {}, "left": {"joker": 4}}])
    'The teams count 9 jokers, melded and left; four decks hold 8.'
    >>> deck_problem([{"meld": {"high": 106, "joker": 9}}, {"left": {"high": 100}}])
    'The teams count more cards than four decks hold, melded and left: 9 jokers (8 at most), 206 cards from 6 to King (128 at most).'
    """
    used = dict.fromkeys(LEFT, 0)
    for team in teams:
        for counts in (team.get("meld", {}), team.get("left", {})):
            for kind, n in counts.items():
                used[kind] += n
    over = [k for k in LEFT if used[k] > IN_FOUR_DECKS[k]]
    if len(over) == 1:
        k = over[0]
        return f"The teams count {used[k]} {COUNTED[k]}, melded and left; four decks hold {IN_FOUR_DECKS[k]}."
    if over:
        return ("The teams count more cards than four decks hold, melded and left: "
                + ", ".join(f"{used[k]} {COUNTED[k]} ({IN_FOUR_DECKS[k]} at most)" for k in over) + ".")
    return None


def round_problems(data: Mapping, settings: Mapping) -> dict[str, str]:
    """What the rules find wrong with a round's data, by the round form's fields: each team's
    books and melds (team-<i>), and the cards of all the teams together (round).

    >>> round_problems({"teams": [{"clean": 1, "dirty": 0, "meld": {"ace": 6}, "left": {}},
    ...                           {"clean": 0, "dirty": 0, "meld": {"joker": 9}, "left": {}}],
    ...                 "out": None}, {})["round"]
    'The teams count 9 jokers, melded and left; four decks hold 8.'
    """
    errors = {}
    for i, team in enumerate(data["teams"]):
        if problem := team_problem(team, data.get("out") == i, settings):
            errors[f"team-{i}"] = problem
    if problem := deck_problem(data["teams"]):
        errors["round"] = problem
    return errors


# --- Teams ---------------------------------------------------------------------------------

def teams_of(players: int, settings: Mapping) -> list[tuple[int, ...]]:
    """The teams, as seats: partners sit across.

    >>> teams_of(4, {"play": "teams"}), teams_of(6, {"play": "teams"}), teams_of(3, {"play": "alone"})
    ([(0, 2), (1, 3)], [(0, 3), (1, 4), (2, 5)], [(0,), (1,), (2,)])
    """
    if settings.get("play") == "alone":
        return [(s,) for s in range(players)]
    half = players // 2
    return [(s, s + half) for s in range(half)]


def minimums(settings: Mapping) -> list[int]:
    return [int(m) for m in settings["minimums"].split(",")]


# --- The log -------------------------------------------------------------------------------

def _count_ok(counts, kinds) -> bool:
    return isinstance(counts, Mapping) and set(counts) <= set(kinds) and all(
        isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 999 for n in counts.values())


def _team_ok(team) -> bool:
    if not isinstance(team, Mapping):
        return False
    books = all(isinstance(team.get(k, 0), int) and 0 <= team.get(k, 0) <= 99 for k in ("clean", "dirty"))
    meld = _count_ok(team["meld"], MELDED) if "meld" in team else isinstance(team.get("meld_total"), int)
    left = _count_ok(team.get("left", {}), LEFT) if "left" in team else isinstance(team.get("left_total", 0), int)
    return books and meld and left


def _round_ok(data: Mapping, players: int) -> bool:
    teams, out = data["teams"], data.get("out")
    return (isinstance(teams, list) and len(teams) >= 2 and all(map(_team_ok, teams))
            and (out is None or (isinstance(out, int) and 0 <= out < len(teams)))
            and isinstance(data.get("drew22", []), list)
            and all(isinstance(s, int) and 0 <= s < players for s in data.get("drew22", [])))


#: This game's play kinds and the shape of their data:
#: round: {"teams": [{"clean": n, "dirty": n, "meld": {kind: n} | "meld_total": points,
#:                    "left": {kind: n} | "left_total": points}, ...],
#:         "out": team or None, "drew22": [seats]}
#: edit:  {"round": id, ...a round's data}
KINDS = {ROUND: _round_ok, EDIT: lambda d, p: isinstance(d["round"], int) and _round_ok(d, p)}


@dataclass(frozen=True)
class TeamRound:
    books: int
    meld: int
    out: int
    exactly_22: int
    left: int  # subtracted (0 for the team that went out)

    @property
    def total(self) -> int:
        return self.books + self.meld + self.out + self.exactly_22 - self.left


def score_team(team: Mapping, went_out: bool, drew22: int) -> TeamRound:
    """One team's round, every component.

    >>> t = score_team({"clean": 1, "dirty": 2, "meld": {"ace": 8, "high": 12}, "left": {"red3": 1}},
    ...                went_out=False, drew22=1)
    >>> t, t.total
    (TeamRound(books=1100, meld=280, out=0, exactly_22=100, left=500), 980)
    """
    books = CLEAN_BOOK * team.get("clean", 0) + DIRTY_BOOK * team.get("dirty", 0)
    meld = cards_points(team["meld"]) if "meld" in team else team["meld_total"]
    left = 0 if went_out else (cards_points(team["left"]) if "left" in team else team.get("left_total", 0))
    return TeamRound(books, meld, GOING_OUT if went_out else 0, EXACTLY_22 * drew22, left)


@dataclass(frozen=True)
class Round:
    id: int
    number: int
    minimum: int
    starter: int
    teams: tuple[TeamRound, ...]
    out: int | None
    edited: bool
    data: Mapping

    def as_json(self) -> dict:
        return {"number": self.number, "minimum": self.minimum, "starter": self.starter,
                "out": self.out, "teams": [{**t.__dict__, "total": t.total} for t in self.teams]}


def standings(settings: Mapping, players: int, first: int, plays: Iterable[Play]) -> Standings:
    """Team totals after every round; the game ends after the last opening minimum. `totals`
    are by team; the scoreboard names each team by its players."""
    plays, unread = understood(plays, KINDS, players)
    teams = teams_of(players, settings)
    opening_list = minimums(settings)
    versions, edited = rows(active_plays(plays), ROUND)
    rounds: list[Round] = []
    totals = [0] * len(teams)
    for number, (round_id, data) in enumerate(versions.items(), start=1):
        if number > len(opening_list) or len(data["teams"]) != len(teams):
            unread.append(next(p for p in plays if p.id == round_id))
            continue
        rounds.append(_round(round_id, len(rounds) + 1, data, teams, opening_list[len(rounds)],
                             (first - len(rounds)) % players, round_id in edited))
        totals = [t + s.total for t, s in zip(totals, rounds[-1].teams)]
    finished = len(rounds) == len(opening_list)
    best = max(totals)
    leaders = tuple(i for i, t in enumerate(totals) if t == best) if rounds else ()
    starter = (first - len(rounds)) % players
    return Standings(tuple(totals), tuple(rounds), finished, leaders, (), None, starter,
                     tuple(sorted(p.id for p in unread)),
                     extra={"teams": teams, "minimum": None if finished else opening_list[len(rounds)],
                            "books_to_go_out": bool(settings.get("books_to_go_out"))},
                     rematch_first=(first + 1) % players)


def _round(round_id: int, number: int, data: Mapping, teams: list[tuple[int, ...]],
           minimum: int, starter: int, edited: bool) -> Round:
    """A round, each team scored: its books, melds, going out, the 22 cards drawn by its
    players and the cards left in its hands."""
    drew = set(data.get("drew22", []))
    scored = tuple(score_team(t, data.get("out") == i, sum(s in drew for s in teams[i]))
                   for i, t in enumerate(data["teams"]))
    return Round(round_id, number, minimum, starter, scored, data.get("out"), edited, data)


# --- The ruleset ---------------------------------------------------------------------------



class HandAndFootRules(Ruleset):
    key = "hand-and-foot"
    name = "Hand and Foot"
    seats = (2, 6)
    kinds = KINDS
    settings = (
        Setting("play", "Play", "teams", {"teams": "Teams of two, partners across",
                                          "alone": "Each for themselves (2 to 4)"}),
        Setting("minimums", "Rounds open at", "50,90,120,150", MINIMUMS),
        Setting("books_to_go_out", "Going out needs a clean and a dirty book", True, YES_NO),
        Setting("nobody_out", "A round may end with nobody out", False, YES_NO),
    )
    kinds_points = POINTS
    kind_names = KIND_NAMES
    melded, left_kinds = MELDED, LEFT
    lookups = ()

    def word_rules(self, settings: Mapping) -> WordRules:  # not a word game: no word judge
        return WordRules("hand-and-foot", self.name, 2, None, None, hand_size=12)

    def players_problem(self, settings: Mapping, count: int) -> str | None:
        if settings.get("play") == "alone":
            return None if 2 <= count <= 4 else "Each for themselves: 2 to 4 players."
        return None if count in (4, 6) else "Teams of two: 4 or 6 players, partners sitting across."

    def standings(self, settings, players, first_dealer, plays) -> Standings:
        return standings(settings, players, first_dealer, plays)

    def team_name(self, names: list[str], team: tuple[int, ...]) -> str:
        return " & ".join(names[s] for s in team)

    def sides(self, names, standings) -> list[str]:
        return [self.team_name(names, team) for team in standings.extra["teams"]]

    def side_seats(self, players, standings) -> list[tuple[int, ...]]:
        return list(standings.extra["teams"])

    def progress(self, settings, players, standings):
        """Each team's total after each round."""
        totals = (0,) * len(standings.totals)
        after = []
        for r in standings.rows:
            totals = tuple(t + team.total for t, team in zip(totals, r.teams))
            after.append(totals)
        return (0,) * len(standings.totals), after

    def check_round(self, standings, data, round_id) -> dict:
        """A new round once the list is played through is refused; every round's teams
        and cards are checked (round_problems), the deck's count over the game's end."""
        errors = {}
        if round_id is None and standings.finished:
            errors["round"] = "The game is over: every round of the list was played."
        settings = {"books_to_go_out": standings.extra["books_to_go_out"]}
        return errors | round_problems(data, settings)

    def same_round(self, row: Round, data: Mapping) -> bool:
        return {k: v for k, v in row.data.items() if k != "round"} == dict(data)

    # --- no word judge: the opening check instead ---------------------------------------------

    words = False
    opening = staticmethod(opening)

    def challenge_target(self, standings, args):
        return None


HAND_AND_FOOT = HandAndFootRules()
