"""FOOT! and ZOOT!: card values, round checks and the tally, as pure functions.

Rules: shared/rules/foot.txt, read as shared/rules/NOTES.md settles it.

Glossary
- seat: a player's place, 0..n-1, in clockwise order of play. The player on a
  seat's left plays after it (seat + 1); the one on its right before it (seat - 1).
- word: the cards a player laid down as capitals, "?" for the wild card; "" for no word.
- Play: one entry in a game's append-only log (a round, an edit of a round, a
  challenge, or a void that cancels an earlier play). Everything shown is derived
  from the log by `tally`.
- Round: the current version of a round once edits and voids are applied, scored.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Mapping

WILD = "?"

#: How many cards of each letter the deck holds (118 letters; 4 wilds besides).
DECK = Counter(
    A=10, B=2, C=2, D=4, E=14, F=2, G=5, H=3, I=9, J=2, K=2, L=4, M=3,
    N=6, O=9, P=3, Q=2, R=7, S=5, T=6, U=4, V=2, W=3, X=3, Y=3, Z=3,
)
WILDS_IN_DECK = 4
GOING_OUT_BONUS = 10


@dataclass(frozen=True)
class Variant:
    """A ruleset that differs from its siblings only by declared data."""

    key: str
    name: str
    word_length: int


FOOT = Variant("foot", "FOOT!", 5)
ZOOT = Variant("zoot", "ZOOT!", 7)
VARIANTS = {v.key: v for v in (FOOT, ZOOT)}


def card_points(card: str) -> int:
    """Value of one card.

    >>> [card_points(c) for c in "AVJB?"]
    [1, 10, 20, 3, 0]
    """
    if card == WILD:
        return 0
    if card in "AEIOU":
        return 1
    if card in "VWXY":
        return 10
    if card in "JQZ":
        return 20
    return 3


def word_points(word: str) -> int:
    """Card value of a word, without the going-out bonus.

    >>> word_points("JAZZY"), word_points("JA?ZY"), word_points("")
    (71, 51, 0)
    """
    return sum(card_points(c) for c in word)


def normalize(word: str) -> str:
    """What a player typed, as cards: capitals, no spaces. Only ASCII letters are
    capitalised, so that "ß" stays one (wrong) character rather than becoming "SS".

    >>> normalize(" ja zzy ")
    'JAZZY'
    """
    return "".join(c.upper() if c.isascii() else c for c in "".join(word.split()))


def bad_characters(word: str) -> list[str]:
    """Characters that are neither a letter A–Z nor the wild, sorted.

    >>> bad_characters("JA2Z!")
    ['!', '2']
    """
    return sorted({c for c in word if not ("A" <= c <= "Z" or c == WILD)})


def word_problem(variant: Variant, word: str, going_out: bool) -> str | None:
    """Why this word cannot be laid down in this variant, or None when it can.

    >>> word_problem(FOOT, "JA?ZY", going_out=True)
    'The going-out word cannot use the wild card.'
    """
    if not word:
        return "The player who went out must have laid a word." if going_out else None
    if len(word) > 40:
        return f"A {variant.name} word has {variant.word_length} letters."
    bad = bad_characters(word)
    if bad:
        return f"Only letters A–Z, and ? for the wild: remove {' '.join(bad[:5])}."
    if len(word) != variant.word_length:
        return (f"A {variant.name} word has {variant.word_length} letters; "
                f"{word} has {len(word)}.")
    wilds = word.count(WILD)
    if going_out and wilds:
        return "The going-out word cannot use the wild card."
    if wilds > 1:
        return "A word can use at most one wild card."
    return None


@dataclass(frozen=True)
class WordPreview:
    """What the round form shows beside a word while it is being typed."""

    seat: int
    points: int | None  # None while the word holds a character that is no card
    bonus: int
    note: str | None  # progress ("3 of 5 letters") or a problem
    is_problem: bool


def preview(variant: Variant, words: list[str], out: int | None) -> list[WordPreview]:
    """Points and a note for each word typed so far.

    >>> preview(FOOT, ["JAZZY", "QU", "Q1"], 0)[0].points
    81
    >>> [p.note for p in preview(FOOT, ["JAZZY", "QU", "Q1"], 0)][1:]
    ['2 of 5 letters', 'Only letters A–Z, and ? for the wild: remove 1.']
    """
    previews = []
    for seat, word in enumerate(words):
        going_out = seat == out
        if word and len(word) < variant.word_length and not bad_characters(word):
            note, is_problem = f"{len(word)} of {variant.word_length} letters", False
        else:
            note = word_problem(variant, word, going_out) if word else None
            is_problem = note is not None
        bonus = GOING_OUT_BONUS if going_out and word else 0
        points = None if bad_characters(word) else word_points(word) + bonus
        previews.append(WordPreview(seat, points, bonus, note, is_problem))
    return previews


class RoundError(ValueError):
    """A round that cannot have happened; `errors` maps a field to its reason."""

    def __init__(self, errors: Mapping[str, str]):
        super().__init__("; ".join(errors.values()))
        self.errors = dict(errors)


def check_round(variant: Variant, words: list[str], out: int | None) -> None:
    """Raise RoundError unless this round could have been played with one deck.

    Field names in the errors: "word-<seat>", "out" and "round" (the whole round).
    """
    errors: dict[str, str] = {}
    if out is None or not 0 <= out < len(words):
        errors["out"] = "Choose the one player who went out first."
    for seat, word in enumerate(words):
        problem = word_problem(variant, word, going_out=seat == out)
        if problem:
            errors[f"word-{seat}"] = problem
    if not errors:
        used = Counter("".join(words))
        over = [f"{n} {c}s (the deck has {DECK[c]})"
                for c, n in sorted(used.items()) if c != WILD and n > DECK[c]]
        if used[WILD] > WILDS_IN_DECK:
            over.append(f"{used[WILD]} wilds (the deck has {WILDS_IN_DECK})")
        if over:
            errors["round"] = "This round uses " + ", ".join(over) + "."
    if errors:
        raise RoundError(errors)


# --- The log -----------------------------------------------------------------

ROUND, EDIT, CHALLENGE, VOID = "round", "edit", "challenge", "void"
#: Verdicts on a challenged word.
STANDS, REJECTED = "stands", "rejected"


@dataclass(frozen=True)
class Play:
    """One entry of the log. `data` by kind:

    round:     {"words": [...], "out": seat, "final": bool}
    edit:      {"round": id, "words": [...], "out": seat, "final": bool}
    challenge: {"round": id, "seat": seat, "challenger": seat, "verdict": STANDS|REJECTED,
                "judge": {"verdict": ..., "reason": ..., "source": ...}}  (judge optional)
    void:      {"play": id}
    """

    id: int
    kind: str
    data: Mapping


@dataclass(frozen=True)
class Challenge:
    play_id: int
    seat: int
    challenger: int
    verdict: str
    points: int  # the word's card value: what the challenger gains or loses
    overruled: bool = False  # the table decided against the word judge


@dataclass(frozen=True)
class Round:
    id: int  # the id of the play that first recorded it; edits keep it
    number: int
    words: tuple[str, ...]
    out: int
    final: bool
    dealer: int
    starter: int
    challenges: tuple[Challenge, ...]
    scores: tuple[int, ...]  # after challenges
    edited: bool

    def earned_bonus(self, seat: int) -> bool:
        """Whether this seat went out and kept the +10 (a rejected word loses it)."""
        challenge = self.challenge_on(seat)
        return seat == self.out and not (challenge and challenge.verdict == REJECTED)

    def challenge_points(self, seat: int) -> int:
        """What this seat won or lost by challenging others' words this round."""
        return sum(c.points if c.verdict == REJECTED else -c.points
                   for c in self.challenges if c.challenger == seat)

    def challenge_on(self, seat: int) -> Challenge | None:
        return next((c for c in self.challenges if c.seat == seat), None)


@dataclass(frozen=True)
class Tally:
    rounds: tuple[Round, ...]
    totals: tuple[int, ...]
    dealer: int  # who deals the next round
    starter: int  # who plays first in it
    finished: bool
    leaders: tuple[int, ...] = field(default=())  # the winners once finished

    @property
    def next_number(self) -> int:
        return len(self.rounds) + 1


def active_plays(plays: Iterable[Play]) -> list[Play]:
    """The plays no void cancels. A void can itself be voided (undo of a delete)."""
    plays = list(plays)
    voided: set[int] = set()
    for play in reversed(plays):  # a void only ever targets an earlier play
        if play.id in voided:
            continue
        if play.kind == VOID:
            voided.add(play.data["play"])
    return [p for p in plays if p.id not in voided]


def score_round(words: tuple[str, ...], out: int,
                challenges: Iterable[Challenge]) -> tuple[int, ...]:
    """Each seat's score for a round, challenges included.

    >>> score_round(("JAZZY", "QUOTA", ""), 0, [])
    (81, 26, 0)
    """
    scores = [word_points(w) + (GOING_OUT_BONUS if seat == out else 0)
              for seat, w in enumerate(words)]
    for c in challenges:
        if c.verdict == REJECTED:
            scores[c.seat] = 0
            scores[c.challenger] += c.points
        else:
            scores[c.challenger] -= c.points
    return tuple(scores)


def next_deal(dealer: int, round_scores: tuple[int, ...]) -> int:
    """Who deals after a round: the player on the right of the single lowest
    scorer, so that the lowest scorer plays first; on a tie for lowest the
    dealer deals again.

    >>> next_deal(0, (30, 12, 40))  # seat 1 lowest: seat 0 on its right deals
    0
    >>> next_deal(0, (30, 40, 12))
    1
    >>> next_deal(2, (12, 40, 12))
    2
    """
    low = min(round_scores)
    lowest = [s for s, score in enumerate(round_scores) if score == low]
    if len(lowest) > 1:
        return dealer
    return (lowest[0] - 1) % len(round_scores)


def tally(players: int, first_dealer: int, plays: Iterable[Play]) -> Tally:
    """Everything a scoreboard shows, derived from the log."""
    active = active_plays(plays)
    versions: dict[int, Mapping] = {}  # round id -> its latest data
    edited: set[int] = set()
    challenges: dict[int, list[Play]] = {}
    for play in active:
        if play.kind == ROUND:
            versions[play.id] = play.data
        elif play.kind == EDIT and play.data["round"] in versions:
            versions[play.data["round"]] = play.data
            edited.add(play.data["round"])
        elif play.kind == CHALLENGE:
            challenges.setdefault(play.data["round"], []).append(play)

    rounds: list[Round] = []
    totals = [0] * players
    dealer = first_dealer
    for number, (round_id, data) in enumerate(versions.items(), start=1):
        words = tuple(data["words"])
        out = data["out"]
        applied = tuple(
            Challenge(p.id, p.data["seat"], p.data["challenger"], p.data["verdict"],
                      word_points(words[p.data["seat"]]),
                      p.data.get("judge", {}).get("verdict", p.data["verdict"]) != p.data["verdict"])
            for p in challenges.get(round_id, ())
            if words[p.data["seat"]]  # an edit that removed the word drops its challenge
        )
        scores = score_round(words, out, applied)
        rounds.append(Round(round_id, number, words, out, bool(data.get("final")),
                            dealer, (dealer + 1) % players, applied, scores,
                            round_id in edited))
        totals = [t + s for t, s in zip(totals, scores)]
        dealer = next_deal(dealer, scores)

    finished = bool(rounds) and rounds[-1].final
    best = max(totals)
    return Tally(tuple(rounds), tuple(totals), dealer, (dealer + 1) % players,
                 finished, tuple(s for s, t in enumerate(totals) if t == best))


def check_challenge(tally_: Tally, round_id: int, seat: int, challenger: int | None,
                    verdict: str) -> Round:
    """Raise RoundError unless this challenge can be recorded; return its round."""
    found = next((r for r in tally_.rounds if r.id == round_id), None)
    errors: dict[str, str] = {}
    if found is None:
        raise RoundError({"round": "That round no longer exists."})
    players = len(found.words)
    if not 0 <= seat < players or not found.words[seat]:
        errors["seat"] = "Choose a word that was laid down in this round."
    elif found.challenge_on(seat):
        errors["seat"] = "That word has already been challenged."
    if challenger is None or not 0 <= challenger < players:
        errors["challenger"] = "Choose who challenged."
    elif challenger == seat:
        errors["challenger"] = "A player cannot challenge their own word."
    if verdict not in (STANDS, REJECTED):
        errors["verdict"] = "Choose the verdict: the word stands or is rejected."
    if errors:
        raise RoundError(errors)
    return found
