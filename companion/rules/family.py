"""The family word game with ZAP cards: points left in hand, the first to 100 loses. Pure.

Rules: shared/rules/family-word-game.txt, read as shared/rules/NOTES.md settles it.

Glossary
- seat: a player's place, 0..n-1, clockwise; the deal passes to the left (seat + 1) each round.
- hand points: the points of the cards a player still holds when someone goes out (the
  round's winner holds none: 0). The sheet prints the values on the cards but does not list
  them: the scorekeeper types each player's points, or sets the values once (a card-values
  play) and types the cards left.
- ZAP cards: WILD, DISCARD, REPLACE, 2 TURNS and CHECK, two of each.
- Play kinds (besides the shared ones of log.py): a round, a challenge of a word laid during
  a round (it changes no score: the player takes the word back and draws 2), and the card
  values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from ..words.judge import WordRules
from .base import (ALPHABET, REJECTED, STANDS, Ruleset, Setting, Standings, Target,
                   challenge_problems, normalize, whole_number)
from .log import EDIT, Play, active_plays, rows, understood

ROUND, CHALLENGE, CARD_VALUES = "round", "challenge", "card-values"
LOSING_TOTAL = 100
MAX_HAND_POINTS = 200
MAX_CARD_VALUE = 50
ZAP_CARDS = {"WILD": "Wild", "DISCARD": "Discard", "REPLACE": "Replace", "TWO_TURNS": "2 Turns",
             "CHECK": "Check"}
ZAPS_OF_A_KIND = 2
REMINDER_POINTS = 10  # a word worth this much makes every other player draw a card
REJECTED_DRAWS = 2  # the cards a player draws whose word is rejected
MIN_LENGTH = {"children": 3, "adults": 4}


def _ints(values, players: int, low: int, high: int) -> bool:
    return (isinstance(values, list) and len(values) == players
            and all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in values))


def _round_ok(data: Mapping, players: int) -> bool:
    winner = data["winner"]
    return (isinstance(winner, int) and 0 <= winner < players
            and _ints(data["points"], players, 0, MAX_HAND_POINTS) and data["points"][winner] == 0)


def _edit_ok(data: Mapping, players: int) -> bool:
    return isinstance(data["round"], int) and _round_ok(data, players)


def _challenge_ok(data: Mapping, players: int) -> bool:
    return (isinstance(data["word"], str) and data["verdict"] in (STANDS, REJECTED)
            and all(isinstance(data[k], int) and 0 <= data[k] < players for k in ("seat", "challenger")))


def _values_ok(data: Mapping, players: int) -> bool:
    values = data["values"]
    return set(values) == set(ALPHABET) | set(ZAP_CARDS) and all(
        isinstance(v, int) and 0 <= v <= MAX_CARD_VALUE for v in values.values())


#: This game's play kinds and the shape of their data:
#: round:       {"winner": seat, "points": [hand points by seat], "cards": [cards left] (optional)}
#: edit:        {"round": id, ...a round's data}
#: challenge:   {"seat": seat, "word": W, "challenger": seat, "verdict": STANDS|REJECTED,
#:               "judge": {...}} (judge optional)
#: card-values: {"values": {letter or ZAP card: points}}
KINDS = {ROUND: _round_ok, EDIT: _edit_ok, CHALLENGE: _challenge_ok, CARD_VALUES: _values_ok}


def hand_points(cards: str, zaps: Mapping[str, int], values: Mapping[str, int]) -> int:
    """The points of the cards left in a hand: letters, and ZAP cards by kind.

    >>> values = {**{c: 2 for c in ALPHABET}, "Q": 10, **{z: 15 for z in ZAP_CARDS}}
    >>> hand_points("QAE", {"WILD": 1}, values)
    29
    """
    return sum(values[c] for c in cards) + sum(values[z] * n for z, n in zaps.items())


def count_hand(points: int | None, cards: str, zaps: Mapping[str, int], went_out: bool,
               values: Mapping[str, int] | None) -> tuple[int | None, str | None]:
    """A hand's points left from what was said of it (the points, None when not said; the
    letters and ZAP cards left), with why that cannot be, or None. The player who went out
    holds nothing.

    >>> values = {**{c: 2 for c in ALPHABET}, **{z: 15 for z in ZAP_CARDS}}
    >>> count_hand(None, "QA", {}, False, values), count_hand(5, "QA", {}, False, values)
    ((4, None), (None, 'The cards left add up to 4, not 5: correct one.'))
    >>> count_hand(None, "", {}, True, None), count_hand(None, "", {}, False, None)
    ((0, None), (None, 'Type the points left in this hand.'))
    """
    if (cards or zaps) and values is None:
        return None, "Type the points: the table has not set card values."
    counted = hand_points(cards, zaps, values) if (cards or zaps) else None
    if counted is not None and counted > MAX_HAND_POINTS:
        return None, f"Those cards add up to {counted}: more than a hand can hold."
    if counted is not None and points is not None and counted != points:
        return None, f"The cards left add up to {counted}, not {points}: correct one."
    if went_out:
        if (points or 0) or counted:
            return None, "The round’s winner has no cards left: 0 points."
        return 0, None
    if points is None and counted is None:
        return None, "Type the points left in this hand" + (", or the cards." if values else ".")
    return (counted if counted is not None else points), None


def word_points(word: str, values: Mapping[str, int] | None) -> int | None:
    """A word's value from the table's card values (a wild card as the WILD card), or None.

    >>> word_points("JU?P", {**{c: 1 for c in ALPHABET}, "J": 8, **{z: 0 for z in ZAP_CARDS}})
    10
    """
    if values is None:
        return None
    return sum(values["WILD"] if c == "?" else values.get(c, 0) for c in word)


def shown_cards(typed: str) -> str:
    """Cards left as stored ("QAE+TWO_TURNS") as a player names them: "QAE + 2 Turns"."""
    letters, *zaps = typed.split("+")
    return " + ".join([letters] * bool(letters) + [ZAP_CARDS.get(z, z) for z in zaps])


@dataclass(frozen=True)
class Round:
    id: int
    number: int
    winner: int
    points: tuple[int, ...]  # hand points by seat; the winner's is 0
    cards: tuple[str, ...]  # the cards left, as typed ("" when points were typed)
    dealer: int
    totals: tuple[int, ...]  # after this round
    edited: bool
    data: Mapping

    def shown_cards(self, seat: int) -> str:
        """The cards left in a hand as a player names them: "QAE + 2 Turns".

        >>> Round(1, 1, 0, (0, 31), ("", "QAE+TWO_TURNS"), 0, (0, 31), False, {}).shown_cards(1)
        'QAE + 2 Turns'
        """
        return shown_cards(self.cards[seat])

    def as_json(self) -> dict:
        return {"number": self.number, "winner": self.winner, "points": list(self.points),
                "dealer": self.dealer, "totals": list(self.totals), "edited": self.edited}


@dataclass(frozen=True)
class Challenge:
    id: int
    seat: int
    word: str
    challenger: int
    verdict: str
    overruled: bool
    points: int | None  # the word's value, when the table set card values
    after_round: int  # the number of rounds saved before it

    @property
    def draw_two(self) -> bool:
        """The word is rejected: its player takes it back and draws 2 cards."""
        return self.verdict == REJECTED

    @property
    def others_draw(self) -> bool:
        """The word stands and is worth 10 or more (the table set card values): every other
        player draws a card."""
        return self.verdict == STANDS and self.points is not None and self.points >= REMINDER_POINTS


def standings(settings: Mapping, players: int, first_dealer: int, plays: Iterable[Play]) -> Standings:
    """Totals accumulate; after the round in which anyone reaches 100 the game is over: the
    fewest points win (ties share), everyone at 100 or more loses. The deal passes left."""
    plays, unread = understood(plays, KINDS, players)
    active = active_plays(plays)
    versions, edited = rows(active, ROUND)
    values = None  # the card values: the last set, for every word of the game
    for play in active:
        if play.kind == CARD_VALUES:
            values = dict(play.data["values"])
    rounds: list[Round] = []
    totals = (0,) * players
    for number, (round_id, data) in enumerate(versions.items(), start=1):
        if rounds and max(totals) >= LOSING_TOTAL:
            unread.append(next(p for p in plays if p.id == round_id))  # after the end: no round
            continue
        rounds.append(_round(round_id, number, data, totals, first_dealer, round_id in edited))
        totals = rounds[-1].totals
    round_ids = [r.id for r in rounds]
    challenges = [_challenge(play, round_ids, values) for play in active if play.kind == CHALLENGE]
    finished = bool(rounds) and max(totals) >= LOSING_TOTAL
    fewest = min(totals)
    leaders = tuple(s for s, t in enumerate(totals) if t == fewest) if rounds else ()
    losers = tuple(s for s, t in enumerate(totals) if t >= LOSING_TOTAL)
    dealer = (first_dealer + len(rounds)) % players
    return Standings(
        tuple(totals), tuple(rounds), finished, leaders, losers, dealer, (dealer + 1) % players,
        tuple(sorted(p.id for p in unread)),
        extra={"values": values,
               "to_100": tuple(max(LOSING_TOTAL - t, 0) for t in totals),
               "challenges": tuple(challenges),
               # what the table does now: challenges since the last round was saved
               "now": tuple(c for c in challenges if c.after_round == len(rounds))},
        rematch_first=(first_dealer + 1) % players)






def _round(round_id: int, number: int, data: Mapping, before: tuple[int, ...],
           first_dealer: int, edited: bool) -> Round:
    """A round's hand points added to the totals `before` it; the deal passes left."""
    players = len(before)
    points = tuple(data["points"])
    cards = tuple(data.get("cards") or [""] * players)
    return Round(round_id, number, data["winner"], points, cards,
                 (first_dealer + number - 1) % players,
                 tuple(t + p for t, p in zip(before, points)), edited, data)


def _challenge(play: Play, round_ids: list[int], values: Mapping | None) -> Challenge:
    """A challenge, with the word's value (when the table set card values) and how many
    rounds were saved before it."""
    d = play.data
    overruled = isinstance(d.get("judge"), Mapping) and d["judge"].get("verdict") != d["verdict"]
    before = sum(1 for rid in round_ids if rid < play.id)
    return Challenge(play.id, d["seat"], d["word"], d["challenger"], d["verdict"], overruled,
                     word_points(d["word"], values), before)


class FamilyRules(Ruleset):
    key = "family"
    name = "Family word game"
    seats = (2, 5)
    settings = (Setting("difficulty", "Difficulty", "children",
                        {"children": "Children: words of 3+ letters",
                         "adults": "Adults: words of 4+ letters"}),)
    kinds = KINDS
    lookups = (("family", "Family game · 3+ letters", {"difficulty": "children"}),
               ("family4", "Family game · 4+ letters", {"difficulty": "adults"}))
    letters = ALPHABET
    zap_cards = ZAP_CARDS
    reminder_points = REMINDER_POINTS
    losing_total = LOSING_TOTAL

    def word_rules(self, settings: Mapping) -> WordRules:
        return WordRules("family", "the family game", MIN_LENGTH[settings["difficulty"]], None,
                         None, hand_size=12, no_plurals=True, no_slang=True)

    def standings(self, settings, players, first_dealer, plays) -> Standings:
        return standings(settings, players, first_dealer, plays)

    def progress(self, settings, players, standings):
        """The totals after each round, as the rounds carry them (a challenge changes none)."""
        return (0,) * players, [r.totals for r in standings.rows]

    # --- a round's data ----------------------------------------------------------------

    def check_round(self, standings: Standings, data: Mapping, round_id: int | None) -> dict:
        if round_id is None and standings.finished:
            return {"round": "This game is over. Undo the last round to play on."}
        return {}

    def same_round(self, row: Round, data: Mapping) -> bool:
        return {k: v for k, v in row.data.items() if k != "round"} == dict(data)

    # --- challenges ---------------------------------------------------------------------

    def challenge_target(self, standings: Standings, args: Mapping) -> Target | None:
        """A word just laid: ?seat=<seat>&word=<letters, ? for a WILD card>."""
        seat = whole_number(args.get("seat"))
        word = normalize(args.get("word", ""))[:30]
        players = len(standings.totals)
        if seat is None or seat >= players or not word or any(c not in ALPHABET + "?" for c in word):
            return None
        return Target(seat, word, {"word": word}, word_points(word, standings.extra.get("values")))

    def challenge_data(self, standings: Standings, target: Target, challenger: int | None,
                       verdict: str, confirmed: bool = False) -> tuple[dict, dict]:
        errors = challenge_problems(len(standings.totals), target.seat, challenger, verdict)
        if standings.finished:
            errors["round"] = "This game is over."
        return {"seat": target.seat, "word": target.word, "challenger": challenger,
                "verdict": verdict}, errors


FAMILY = FamilyRules()
