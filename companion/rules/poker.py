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


# --- The betting ------------------------------------------------------------------------------

CHECK, BET, CALL, RAISE, FOLD, ALL_IN = "check", "bet", "call", "raise", "fold", "all-in"


class IllegalAction(ValueError):
    """An action the seat may not take now, with the reason in a player's words."""


@dataclass
class Deal:
    """One deal's betting, from the antes to the showdown (or an unanswered bet).

    `put` is what each seat has put in the pot this deal; `stacks` what each has left behind.
    Seats act in turn from the dealer's left; an interval ends when every seat still able to
    act has matched the bet (or gone all-in), or everyone checked.
    """

    stacks: list[int]
    dealer: int
    intervals: int = 2
    limit: int | None = None  # a fixed limit's bet size; None: no limit
    sandbagging: bool = True  # a seat that checked may raise later in the interval
    put: list[int] = None  # type: ignore[assignment]
    folded: set[int] = None  # type: ignore[assignment]
    interval: int = 0
    bet: int = 0  # the most any seat has put in this interval
    raise_size: int = 0  # the last bet or raise: the least the next raise must add
    in_interval: list[int] = None  # type: ignore[assignment]
    checked: set[int] = None  # type: ignore[assignment]
    to_act: list[int] = None  # type: ignore[assignment]
    over: bool = False

    @classmethod
    def start(cls, stacks: Sequence[int], dealer: int, ante: int = 0, intervals: int = 2,
              limit: int | None = None, sandbagging: bool = True) -> Deal:
        """Antes in (a seat short of the ante puts in what it has), the first interval open."""
        seats = len(stacks)
        deal = cls(list(stacks), dealer, intervals, limit, sandbagging, [0] * seats, set())
        for seat in range(seats):
            paid = min(ante, deal.stacks[seat])
            deal.stacks[seat] -= paid
            deal.put[seat] += paid
        deal._open_interval()
        return deal

    # --- whose turn, and what they may do ---------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.stacks)

    def in_hand(self) -> list[int]:
        return [s for s in range(self.seats) if s not in self.folded]

    def _can_act(self, seat: int) -> bool:
        return seat not in self.folded and self.stacks[seat] > 0

    def _open_interval(self) -> None:
        self.bet = 0
        self.raise_size = self.limit or 1
        self.in_interval = [0] * self.seats
        self.checked = set()
        order = [(self.dealer + k) % self.seats for k in range(1, self.seats + 1)]
        self.to_act = [s for s in order if self._can_act(s)]
        if len(self.in_hand()) <= 1 or len(self.to_act) <= 1:
            self.to_act = [] if len(self.in_hand()) <= 1 or not self.to_act else self.to_act
        self._settle()

    @property
    def turn(self) -> int | None:
        return self.to_act[0] if self.to_act else None

    def legal(self) -> dict[str, tuple[int, int]]:
        """What the seat whose turn it is may do: action -> (least, most) chips it puts in."""
        seat = self.turn
        if seat is None:
            return {}
        stack, owe = self.stacks[seat], self.bet - self.in_interval[seat]
        actions: dict[str, tuple[int, int]] = {}
        if owe == 0:
            actions[CHECK] = (0, 0)
        else:
            actions[FOLD] = (0, 0)
            if stack > owe:
                actions[CALL] = (owe, owe)
        most = stack if self.limit is None else min(stack, owe + self.limit)
        if self.bet == 0 and stack > self.raise_size:
            actions[BET] = (self.raise_size, most)
        elif self.bet > 0 and stack > owe + self.raise_size and (self.sandbagging or seat not in self.checked):
            actions[RAISE] = (owe + self.raise_size, most)
        if self.limit is None or stack <= owe + self.limit:  # a fixed limit caps an all-in too
            actions[ALL_IN] = (stack, stack)
        return actions

    def act(self, action: str, amount: int = 0) -> None:
        """The seat whose turn it is acts; `amount` is what it puts in now (a bet or a raise).
        Raises IllegalAction with the reason."""
        seat = self.turn
        legal = self.legal()
        if seat is None:
            raise IllegalAction("Nobody is to act: the betting is over.")
        if action not in legal:
            raise IllegalAction(f"{action.capitalize()} is not possible now: "
                                f"{', '.join(legal)} {'is' if len(legal) == 1 else 'are'}.")
        least, most = legal[action]
        if action in (BET, RAISE):
            if not least <= amount <= most:
                raise IllegalAction(f"A {action} here is {least} to {most} chips.")
        else:
            amount = least
        self.to_act.pop(0)
        if action == FOLD:
            self.folded.add(seat)
        elif action == CHECK:
            self.checked.add(seat)
        else:
            self.stacks[seat] -= amount
            self.put[seat] += amount
            self.in_interval[seat] += amount
            if self.in_interval[seat] > self.bet:  # a bet, a raise, or an all-in above the bet
                added = self.in_interval[seat] - self.bet
                if added >= self.raise_size and self.limit is None:  # a full raise sets the next
                    self.raise_size = added
                self.bet = self.in_interval[seat]
                order = [(seat + k) % self.seats for k in range(1, self.seats)]
                self.to_act = [s for s in order if self._can_act(s)]
        self._settle()

    def _settle(self) -> None:
        """End the interval (or the deal) when nobody is left to act."""
        if len(self.in_hand()) == 1:  # everyone else folded: the bet was not answered
            self.to_act, self.over = [], True
            return
        self.to_act = [s for s in self.to_act if self._can_act(s)]
        able = [s for s in self.in_hand() if self._can_act(s)]
        if len(able) == 1 and self.in_interval[able[0]] >= self.bet:
            self.to_act = []  # the only seat able to act has nothing to answer
        if self.to_act:
            return
        self.interval += 1
        if self.interval >= self.intervals or len(able) <= 1:
            self.over = True
        else:
            self._open_interval()

    def uncalled(self) -> tuple[int, int] | None:
        """(seat, chips) of a bet no one matched: it goes back to its bettor before the pots."""
        tops = sorted(((c, s) for s, c in enumerate(self.put) if s not in self.folded), reverse=True)
        everyone = sorted(self.put, reverse=True)
        if not tops:
            return None
        top, seat = tops[0]
        second = everyone[1] if len(everyone) > 1 else 0
        return (seat, top - second) if top > second else None

    def settle(self, values: Mapping[int, int]) -> list[int]:
        """The stacks after the deal: an uncalled bet back, then every pot to its best word (the
        last seat in takes everything, unseen)."""
        stacks, put = list(self.stacks), list(self.put)
        back = self.uncalled()
        if back:
            stacks[back[0]] += back[1]
            put[back[0]] -= back[1]
        if len(self.in_hand()) == 1:
            stacks[self.in_hand()[0]] += sum(put)
            return stacks
        for seat, chips in showdown(put, self.folded, values, self.dealer).items():
            stacks[seat] += chips
        return stacks
