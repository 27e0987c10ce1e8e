"""FOOT! and ZOOT!: card values, round checks and the tally, as pure functions.

Rules: shared/rules/foot.txt, read as shared/rules/NOTES.md settles it.

Glossary
- seat: a player's place, 0..n-1, in clockwise order of play. The player on a
  seat's left plays after it (seat + 1); the one on its right before it (seat - 1).
- word: the cards a player laid down as capitals, "?" for the wild card; "" for no word.
- Play kinds (besides the shared ones of log.py): a round, and a challenge of one of its
  words. Everything shown is derived from the log by `tally`.
- Round: the current version of a round once edits and voids are applied, scored.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping

from ..words.judge import ZOOT_VALUES, WordRules
from .base import (REJECTED, STANDS, RuleError, Ruleset, Standings, Target, challenge_problems,
                   whole_number)
from .log import EDIT, Play, active_plays, rows, understood

WILD = "?"

#: How many cards of each letter the deck holds (118 letters; 4 wilds besides).
DECK = Counter(
    A=10, B=2, C=2, D=4, E=14, F=2, G=5, H=3, I=9, J=2, K=2, L=4, M=3,
    N=6, O=9, P=3, Q=2, R=7, S=5, T=6, U=4, V=2, W=3, X=3, Y=3, Z=3,
)
WILDS_IN_DECK = 4
GOING_OUT_BONUS = 10


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


def bad_characters(word: str) -> list[str]:
    """Characters that are neither a letter A–Z nor the wild, sorted.

    >>> bad_characters("JA2Z!")
    ['!', '2']
    """
    return sorted({c for c in word if not ("A" <= c <= "Z" or c == WILD)})


def quoted(characters: list[str]) -> str:
    """Characters as a player can find them in what was typed: each in quotes (so that "0"
    cannot read as "nothing"), one that does not show (a zero-width space) by its code.

    >>> quoted(["0"]), quoted(["!", "2", "\u200b"])
    ('“0”', '“!”, “2” and U+200B')
    """
    shown = [f"“{c}”" if c.isprintable() else f"U+{ord(c):04X}" for c in characters]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def over_deck(cards: Counter) -> list[str]:
    """The letters (and wilds) there are more of than one deck holds.

    >>> over_deck(Counter("ZIZZZ?"))
    ['4 Zs (the deck has 3)']
    """
    over = [f"{n} {c}s (the deck has {DECK[c]})"
            for c, n in sorted(cards.items()) if c in DECK and n > DECK[c]]
    if cards[WILD] > WILDS_IN_DECK:
        over.append(f"{cards[WILD]} wilds (the deck has {WILDS_IN_DECK})")
    return over


def word_problems(variant: FootRules, word: str, going_out: bool,
                  typing: bool = False) -> list[str]:
    """Every reason this word cannot be laid down in this variant; none when it can. While
    the word is being `typing`, being short is not yet a problem.

    >>> word_problems(FOOT, "ZZZZ0", going_out=False)
    ['Only letters A–Z, and ? for the wild: remove “0”.', 'This word uses 4 Zs (the deck has 3).']
    """
    if not word:
        return ["The player who went out must have laid a word."] if going_out and not typing else []
    if len(word) > 40:
        return [f"A {variant.name} word has {variant.word_length} letters."]
    problems = []
    bad = bad_characters(word)
    if bad:
        problems.append(f"Only letters A–Z, and ? for the wild: remove {quoted(bad[:5])}.")
    if len(word) > variant.word_length or (len(word) < variant.word_length and not typing):
        problems.append(f"A {variant.name} word has {variant.word_length} letters; "
                        f"{word} has {len(word)}.")
    wilds = word.count(WILD)
    if going_out and wilds:
        problems.append("The going-out word cannot use the wild card.")
    elif wilds > 1:
        problems.append("A word can use at most one wild card.")
    over = over_deck(Counter(c for c in word if c in DECK))  # its wilds are counted above
    if over:
        problems.append("This word uses " + ", ".join(over) + ".")
    return problems


def word_problem(variant: FootRules, word: str, going_out: bool) -> str | None:
    """Why this word cannot be laid down in this variant (every reason, one after another),
    or None when it can.

    >>> word_problem(FOOT, "JA?ZY", going_out=True)
    'The going-out word cannot use the wild card.'
    """
    return " ".join(word_problems(variant, word, going_out)) or None


def deck_clash(words: list[str]) -> tuple[str, dict[int, str]] | None:
    """The letters (or wilds) the round's words together use more of than one deck holds:
    the round's problem and, for each word that uses them, its share (each word's its own
    sentence). None when one deck holds them all.

    >>> deck_clash(["JAZZY", "FIZZY", "HOUSE"])
    ('This round uses 4 Zs (the deck has 3).', {0: 'JAZZY has 2 of the 4 Zs.', 1: 'FIZZY has 2 of the 4 Zs.'})
    >>> deck_clash(["JAZZY", "HOUSE"]) is None
    True
    """
    used = Counter("".join(words))
    over = over_deck(used)
    if not over:
        return None
    letters = [c for c in sorted(used) if (c in DECK and used[c] > DECK[c])
               or (c == WILD and used[c] > WILDS_IN_DECK)]
    shares = {}
    for seat, word in enumerate(words):
        parts = [f"{word.count(c)} of the {used[c]} {'wild' if c == WILD else c}s"
                 for c in letters if c in word]
        if parts:
            shares[seat] = f"{word} has {' and '.join(parts)}."
    return "This round uses " + ", ".join(over) + ".", shares


class Previews(list):
    """The notes beside each word (WordPreview), and a problem of the whole round (the words
    together, more of a letter than one deck holds), or None."""

    round_problem: str | None = None


@dataclass(frozen=True)
class WordPreview:
    """What the round form shows beside a word while it is being typed."""

    seat: int
    points: int | None  # None when the word cannot be laid down: it scores nothing
    bonus: int
    note: str | None  # progress ("3 of 5 letters") or its problems
    is_problem: bool


def preview(variant: FootRules, words: list[str], out: int | None) -> list[WordPreview]:
    """Points and a note for each word typed so far. A word that cannot be laid down shows
    every problem it has and no points.

    >>> preview(FOOT, ["JAZZY", "QU", "Q1"], 0)[0].points
    81
    >>> [p.note for p in preview(FOOT, ["JAZZY", "QU", "Q1"], 0)][1:]
    ['2 of 5 letters', 'Only letters A–Z, and ? for the wild: remove “1”.']
    >>> preview(FOOT, ["WAL?Z"], 0)[0]
    WordPreview(seat=0, points=None, bonus=0, note='The going-out word cannot use the wild card.', is_problem=True)
    """
    previews = Previews()
    clash = None if any(word_problems(variant, w, seat == out, typing=True)
                        for seat, w in enumerate(words)) else deck_clash(words)
    if clash:  # the same check as a save's (check_round): each word alone is fine
        previews.round_problem = clash[0]
    for seat, word in enumerate(words):
        going_out = seat == out
        problems = word_problems(variant, word, going_out, typing=True)
        if clash and seat in clash[1]:
            previews.append(WordPreview(seat, word_points(word) + (GOING_OUT_BONUS if going_out else 0),
                                        GOING_OUT_BONUS if going_out else 0, clash[1][seat], True))
            continue
        if problems:
            note, is_problem = " ".join(problems), True
        elif word and len(word) < variant.word_length:
            note, is_problem = f"{len(word)} of {variant.word_length} letters", False
        else:
            note, is_problem = None, False
        bonus = GOING_OUT_BONUS if going_out and word and not problems else 0
        points = None if problems else word_points(word) + bonus
        previews.append(WordPreview(seat, points, bonus, note, is_problem))
    return previews


RoundError = RuleError


# --- The log -----------------------------------------------------------------

ROUND, CHALLENGE = "round", "challenge"
LATE = "late"  # a challenge's: the scorekeeper confirmed challenging a round before the last


def _round_ok(data: Mapping, players: int) -> bool:
    words, out = data["words"], data["out"]
    return (isinstance(words, list) and len(words) == players
            and all(isinstance(w, str) for w in words)
            and isinstance(out, int) and 0 <= out < players)


def _edit_ok(data: Mapping, players: int) -> bool:
    return isinstance(data["round"], int) and _round_ok(data, players)


def _challenge_ok(data: Mapping, players: int) -> bool:
    return (isinstance(data["round"], int) and data["verdict"] in (STANDS, REJECTED)
            and all(isinstance(data[k], int) and 0 <= data[k] < players
                    for k in ("seat", "challenger"))
            and isinstance(data.get(LATE, False), bool))


#: This game's play kinds and the shape of their data:
#: round:     {"words": [...], "out": seat, "final": bool}
#: edit:      {"round": id, "words": [...], "out": seat, "final": bool}
#: challenge: {"round": id, "seat": seat, "challenger": seat, "verdict": STANDS|REJECTED,
#:             "judge": {"verdict": ..., "reason": ..., "source": ...}, "late": True}
#:            (judge optional; late only for a round before the last one)
KINDS = {ROUND: _round_ok, EDIT: _edit_ok, CHALLENGE: _challenge_ok}


@dataclass(frozen=True)
class Challenge:
    play_id: int
    seat: int
    challenger: int
    verdict: str
    points: int  # the word's card value: what the challenger gains or loses
    overruled: bool = False  # the table decided against the word judge

    @property
    def challenger_change(self) -> str:
        """What the challenger gained (the word rejected) or lost (it stands), signed.

        >>> Challenge(1, 0, 1, REJECTED, 14).challenger_change, Challenge(1, 0, 1, STANDS, 14).challenger_change
        ('+14', '−14')
        """
        return ("+" if self.verdict == REJECTED else "−") + str(self.points)


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

    def bonus_shown(self, seat: int) -> str | None:
        """The going-out bonus this seat kept, signed ("+10"), or None."""
        return f"+{GOING_OUT_BONUS}" if self.earned_bonus(seat) else None

    def challenging_shown(self, seat: int) -> str | None:
        """What this seat won or lost by challenging this round, signed, or None for nothing.

        >>> r = Round(1, 1, ("JAZZY", "QUOTA"), 0, False, 0, 1,
        ...           (Challenge(2, 1, 0, STANDS, 26),), (81, 26), False)
        >>> r.challenging_shown(0), r.challenging_shown(1), r.bonus_shown(0), r.bonus_shown(1)
        ('−26', None, '+10', None)
        """
        gained = self.challenge_points(seat)
        if not gained:
            return None
        return f"+{gained}" if gained > 0 else f"−{-gained}"

    def challenge_points(self, seat: int) -> int:
        """What this seat won or lost by challenging others' words this round."""
        return sum(c.points if c.verdict == REJECTED else -c.points
                   for c in self.challenges if c.challenger == seat)

    def challenge_on(self, seat: int) -> Challenge | None:
        return next((c for c in self.challenges if c.seat == seat), None)

    def as_json(self) -> dict:
        return {"number": self.number, "words": list(self.words), "out": self.out,
                "final": self.final, "dealer": self.dealer, "scores": list(self.scores),
                "edited": self.edited,
                "challenges": [{"seat": c.seat, "challenger": c.challenger, "verdict": c.verdict,
                                "points": c.points, "overruled": c.overruled}
                               for c in self.challenges]}


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


def tally(players: int, first_dealer: int, plays: Iterable[Play]) -> Standings:
    """Everything a scoreboard shows, derived from the log: `rows` are the Rounds. A play
    that is not understood is left out and listed in `unread`. A round (as its latest edit
    reads) is scored by `_scored_round` with the challenges of its words, wherever in the
    log they were made."""
    plays, unread = understood(plays, KINDS, players)
    active = active_plays(plays)
    versions, edited = rows(active, ROUND)
    challenges: dict[int, list[Play]] = {}
    for play in active:
        if play.kind == CHALLENGE:
            challenges.setdefault(play.data["round"], []).append(play)

    rounds: list[Round] = []
    totals = [0] * players
    dealer = first_dealer
    for number, (round_id, data) in enumerate(versions.items(), start=1):
        scored = _scored_round(round_id, number, data, challenges.get(round_id, ()), dealer,
                               round_id in edited)
        rounds.append(scored)
        totals = [t + s for t, s in zip(totals, scored.scores)]
        dealer = next_deal(dealer, scored.scores)

    finished = bool(rounds) and rounds[-1].final
    best = max(totals)
    leaders = tuple(s for s, t in enumerate(totals) if t == best) if rounds else ()
    return Standings(tuple(totals), tuple(rounds), finished, leaders, (), dealer,
                     (dealer + 1) % players, tuple(p.id for p in unread),
                     rematch_first=(first_dealer + 1) % players)


def _scored_round(round_id: int, number: int, data: Mapping, challenges: Iterable[Play],
                  dealer: int, edited: bool) -> Round:
    """One round's words, who went out, and the challenges of its words, scored."""
    words = tuple(data["words"])
    applied = tuple(_challenge(p, words) for p in challenges
                    if words[p.data["seat"]])  # an edit that removed the word drops its challenge
    return Round(round_id, number, words, data["out"], bool(data.get("final")), dealer,
                 (dealer + 1) % len(words), applied, score_round(words, data["out"], applied),
                 edited)


def _challenge(play: Play, words: tuple[str, ...]) -> Challenge:
    """A challenge of a word of the round: its points are the word's, and whether the table
    decided against the word judge."""
    d = play.data
    return Challenge(play.id, d["seat"], d["challenger"], d["verdict"], word_points(words[d["seat"]]),
                     d.get("judge", {}).get("verdict", d["verdict"]) != d["verdict"])


def late_question(standings: Standings, round_id: int) -> str | None:
    """The question a challenge of a round before the last one asks first: the sheet allows
    a challenge only "before the cards are gathered for the next round", and a late verdict
    changes that round's scores and so who dealt after it. None for the last round."""
    found = standings.row(round_id)
    if found is None or standings.rows[-1].id == round_id:
        return None
    return f"This round’s cards were gathered already: challenge round {found.number} anyway?"


def check_challenge(standings: Standings, round_id: int, seat: int, challenger: int | None,
                    verdict: str, late: bool = False) -> Round:
    """Raise RoundError unless this challenge can be recorded; return its round. A round
    before the last one is challenged only when the scorekeeper confirmed it (`late`)."""
    found = standings.row(round_id)
    errors: dict[str, str] = {}
    if found is None:
        raise RoundError({"round": "That round no longer exists."})
    players = len(found.words)
    if not 0 <= seat < players or not found.words[seat]:
        errors["seat"] = "Choose a word that was laid down in this round."
    elif found.challenge_on(seat):
        errors["seat"] = "That word has already been challenged."
    if late_question(standings, round_id) and not late:
        errors["confirm"] = (f"Round {found.number}’s cards were gathered already: tick "
                             "“Challenge it anyway” to record this challenge.")
    errors |= challenge_problems(players, seat, challenger, verdict)
    if errors:
        raise RoundError(errors)
    return found


# --- The ruleset -------------------------------------------------------------

class FootRules(Ruleset):
    """FOOT! and ZOOT!: the same game with 5- or 7-letter words."""

    seats = (2, 4)
    kinds = KINDS
    references = {CHALLENGE: ("round",)}

    def __init__(self, key: str, name: str, word_length: int):
        self.key, self.name, self.word_length = key, name, word_length
        self.lookups = ((key, f"{name} · {word_length} letters", {}),)

    def __repr__(self) -> str:
        return f"<{self.name}>"

    def word_rules(self, settings: Mapping) -> WordRules:
        # a hand holds the cards dealt, one drawn and the wild
        return WordRules(self.key, self.name, self.word_length, self.word_length, ZOOT_VALUES,
                         hand_size=self.word_length + 2)

    def standings(self, settings, players, first_dealer, plays) -> Standings:
        return tally(players, first_dealer, plays)

    def progress(self, settings, players, standings):
        """The totals after each round: the rounds' scores added up."""
        totals, after = (0,) * players, []
        for r in standings.rows:
            totals = tuple(t + s for t, s in zip(totals, r.scores))
            after.append(totals)
        return (0,) * players, after

    def words_laid(self, standings):
        """Every word of every round but those a challenge rejected, at its card value."""
        return [(seat, word, word_points(word)) for r in standings.rows
                for seat, word in enumerate(r.words)
                if word and not (r.challenge_on(seat) and r.challenge_on(seat).verdict == REJECTED)]

    def check_round(self, standings: Standings, data: Mapping, round_id: int | None) -> dict:
        """Whether this round could have been played with one deck, and only the last round
        is the final one (round_id: the round being edited). Fields: "word-<seat>", "out",
        "final", "deck" (the words together: more of a letter than one deck holds) with
        "deck-<seat>" (each word's share of it) and "round" (the whole round).

        >>> FOOT.check_round(None, {"words": ["JAZZY", "FIZZY"], "out": None, "final": False}, None)
        {'out': 'Choose the one player who went out first.', 'deck': 'This round uses 4 Zs (the deck has 3).', 'deck-0': 'JAZZY has 2 of the 4 Zs.', 'deck-1': 'FIZZY has 2 of the 4 Zs.'}
        """
        words, out = data["words"], data["out"]
        errors: dict[str, str] = {}
        if data["final"] and round_id is not None and standings.rows[-1].id != round_id:
            errors["final"] = "Only the last round can be the final round."
        if out is None or not 0 <= out < len(words):
            errors["out"] = "Choose the one player who went out first."
        for seat, word in enumerate(words):
            problem = word_problem(self, word, going_out=seat == out)
            if problem:
                errors[f"word-{seat}"] = problem
        if not any(field.startswith("word-") for field in errors):  # the words together
            clash = deck_clash(words)
            if clash:  # the round's problem, and each word's share of it (marked)
                errors["deck"] = clash[0]
                errors.update({f"deck-{seat}": share for seat, share in clash[1].items()})
        return errors

    def same_round(self, row: Round, data: Mapping) -> bool:
        return (data["words"], data["out"], data["final"]) == (list(row.words), row.out, row.final)

    # --- challenges ---------------------------------------------------------------------

    def challenge_target(self, standings: Standings, args: Mapping) -> Target | None:
        """A word of a saved round: ?round=<id>&seat=<seat>."""
        found = standings.row(whole_number(args.get("round")) or 0)
        seat = whole_number(args.get("seat"))
        if found is None or seat is None or seat >= len(found.words) or not found.words[seat]:
            return None
        word = found.words[seat]
        return Target(seat, word, {"round": found.id}, word_points(word))

    def challenge_data(self, standings: Standings, target: Target, challenger: int | None,
                       verdict: str, confirmed: bool = False) -> tuple[dict, dict]:
        """The challenge as a play; a round before the last one records that the scorekeeper
        confirmed it (LATE), so that a replay of the log is checked as the page checked it."""
        late = bool(confirmed and late_question(standings, target.where["round"]))
        try:
            check_challenge(standings, target.where["round"], target.seat, challenger, verdict,
                            late)
        except RuleError as e:
            return {}, e.errors
        return {"round": target.where["round"], "seat": target.seat, "challenger": challenger,
                "verdict": verdict, **({LATE: True} if late else {})}, {}

    def challenge_question(self, standings: Standings, target: Target) -> str | None:
        return late_question(standings, target.where["round"])


FOOT = FootRules("foot", "FOOT!", 5)
ZOOT = FootRules("zoot", "ZOOT!", 7)
