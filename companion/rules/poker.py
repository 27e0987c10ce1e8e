"""ZOOT! Poker: the bank, the betting and the pots, with a showdown decided by words. Pure.

Rules: shared/rules/zoot-poker.txt, read as shared/rules/NOTES.md settles it. The word judge
knows its words (7 letters, or 5 as a table chooses) and the pots are reckoned here; the
betting, its pages and its standings come next (until then the ruleset is not startable).

Glossary
- contribution: the chips a seat has put in the pot during a deal (antes and bets).
- pot: the main pot and the side pots, one per contribution level, as in every card room: a
  pot holds, from every seat, what it put in up to that level; it can be won only by the seats
  still in (not folded) that reached the level.
- share: a pot split between equal values; an odd chip goes to the first winner clockwise from
  the dealer (to the dealer's left first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ..words.judge import ZOOT_VALUES, WordRules
from .base import Ruleset, Setting


class PokerRules(Ruleset):
    key = "poker"
    name = "ZOOT! Poker"
    seats = (2, 8)
    settings = (Setting("length", "Word length", 7, {7: "7-letter words", 5: "5-letter words"}),)
    lookups = (("poker", "ZOOT! Poker · 7 letters", {"length": 7}),
               ("poker5", "ZOOT! Poker · 5 letters", {"length": 5}))

    def word_rules(self, settings: Mapping) -> WordRules:
        n = settings["length"]
        # as ZOOT!: the cards dealt, one drawn and a wild
        return WordRules("poker", self.name, n, n, ZOOT_VALUES, hand_size=9)


POKER = PokerRules()


@dataclass(frozen=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]  # the seats that may win it, in seat order


def pots(contributions: Sequence[int], folded: set[int] | frozenset[int] = frozenset()) -> list[Pot]:
    """The main pot and the side pots of a deal, by contribution level. Folded seats' chips stay
    in every pot they reached; a pot no one still in reached is added to the one below it.

    >>> pots([100, 100, 40])  # seat 2 all-in for 40: a main pot of 120, a side pot of 120
    [Pot(amount=120, eligible=(0, 1, 2)), Pot(amount=120, eligible=(0, 1))]
    >>> pots([50, 100, 100], folded={0})  # seat 0 folded after putting in 50
    [Pot(amount=250, eligible=(1, 2))]
    """
    levels = sorted({c for s, c in enumerate(contributions) if c > 0 and s not in folded})
    result: list[Pot] = []
    below = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, below) for c in contributions)
        eligible = tuple(s for s, c in enumerate(contributions) if c >= level and s not in folded)
        if result and result[-1].eligible == eligible:
            result[-1] = Pot(result[-1].amount + amount, eligible)
        else:
            result.append(Pot(amount, eligible))
        below = level
    left_over = sum(contributions) - sum(p.amount for p in result)  # folded chips above every level
    if left_over and result:
        result[-1] = Pot(result[-1].amount + left_over, result[-1].eligible)
    elif left_over:  # only folded seats put chips in: whoever is still in takes them
        result.append(Pot(left_over, tuple(s for s in range(len(contributions)) if s not in folded)))
    return result


def share(pot: Pot, values: Mapping[int, int], dealer: int, seats: int) -> dict[int, int]:
    """Who wins what of one pot: the highest value among its eligible seats; equal values split
    it, and the odd chips go one each to the winners clockwise from the dealer's left.

    >>> share(Pot(100, (0, 1, 2)), {0: 40, 1: 40, 2: 40}, dealer=0, seats=3)
    {1: 34, 2: 33, 0: 33}
    >>> share(Pot(90, (0, 2)), {0: 12, 1: 99, 2: 30}, dealer=1, seats=3)
    {2: 90}
    """
    best = max(values.get(s, 0) for s in pot.eligible)
    order = [(dealer + k) % seats for k in range(1, seats + 1)]  # clockwise from the dealer's left
    winners = [s for s in order if s in pot.eligible and values.get(s, 0) == best]
    each, odd = divmod(pot.amount, len(winners))
    return {s: each + (1 if i < odd else 0) for i, s in enumerate(winners)}


def showdown(contributions: Sequence[int], folded: set[int], values: Mapping[int, int],
             dealer: int) -> dict[int, int]:
    """Every pot of a deal shared out: seat -> chips won (a pot nobody may win is not paid)."""
    won: dict[int, int] = {}
    for pot in pots(contributions, folded):
        if pot.eligible:
            for seat, chips in share(pot, values, dealer, len(contributions)).items():
                won[seat] = won.get(seat, 0) + chips
    return won
