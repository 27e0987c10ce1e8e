"""ZOOT! Poker: the bank, the betting and the pots, with a showdown decided by words. Pure.

Rules: shared/rules/zoot-poker.txt, read as shared/rules/NOTES.md settles it. The word judge
knows its words (7 letters, or 5 as a table chooses); the pots, the betting (`Deal`) and the
chips after every deal (`Table`, one step per play kind) are reckoned here.

Glossary
- contribution: the chips a seat has put in the pot during a deal (antes and bets).
- pot: the main pot and the side pots, one per contribution level, as in every card room: a
  pot holds, from every seat, what it put in up to that level; it can be won only by the seats
  still in (not folded) that reached the level.
- share: a pot split between equal values; an odd chip goes to the first winner clockwise from
  the dealer (to the dealer's left first).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping, Sequence

from ..words.judge import ZOOT_VALUES, WordRules
from .base import (REJECTED, STANDS, Ruleset, Setting, Standings, Target, challenge_problems,
                   whole_number)
from .foot import WILD, WordPreview, over_deck
from .log import VOID, Play, active_plays, understood




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


def pots_so_far(contributions: Sequence[int], folded: set[int] | frozenset[int],
                all_in: set[int] | frozenset[int]) -> list[Pot]:
    """The pots while the betting goes on: only a seat all in caps a pot (a seat that may
    still act can call up to any level), so a side pot shows once an all-in makes it, and
    each pot is for the seats still in that reached it or may still call into it.

    >>> pots_so_far([5, 25, 25], set(), set())  # A may still call B's raise: one pot, for all
    [Pot(amount=55, eligible=(0, 1, 2))]
    >>> pots_so_far([185, 5, 185, 165], {1}, {3})  # D all in for 165: a side pot above it
    [Pot(amount=500, eligible=(0, 2, 3)), Pot(amount=40, eligible=(0, 2))]
    """
    top = max(contributions, default=0)
    caps = sorted({contributions[s] for s in all_in if s not in folded and 0 < contributions[s] < top})
    result: list[Pot] = []
    below = 0
    for level in [*caps, top]:
        amount = sum(min(c, level) - min(c, below) for c in contributions)
        eligible = tuple(s for s, c in enumerate(contributions)
                         if s not in folded and (c >= level or s not in all_in))
        if result and result[-1].eligible == eligible:
            result[-1] = Pot(result[-1].amount + amount, eligible)
        elif amount:
            result.append(Pot(amount, eligible))
        below = level
    return result


@dataclass(frozen=True)
class Payout:
    """One pot paid: who took what of it, and who had an odd chip of a split."""

    pot: Pot
    shares: dict  # seat -> chips, the first winner clockwise from the dealer's left first
    odd: tuple[int, ...] = ()  # the seats that took one chip more than the others


def payout(pot: Pot, values: Mapping[int, int], dealer: int, seats: int) -> Payout:
    """One pot shared out (`share`), with who had its odd chips.

    >>> payout(Pot(95, (1, 2, 3)), {1: 46, 2: 0, 3: 46}, dealer=2, seats=4)
    Payout(pot=Pot(amount=95, eligible=(1, 2, 3)), shares={3: 48, 1: 47}, odd=(3,))
    """
    shares = share(pot, values, dealer, seats)
    each = pot.amount // len(shares)
    return Payout(pot, shares, tuple(s for s, chips in shares.items() if chips > each))


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
#: The least raise: the sheet's "more than enough chips to call" (a chip more), or no-limit
#: poker's rule, at least the last bet or raise more (a short all-in then reopens nothing).
RAISE_MORE, RAISE_LAST = "more", "last"


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
    min_raise: str = RAISE_MORE  # RAISE_MORE or RAISE_LAST (without a fixed limit)
    put: list[int] = None  # type: ignore[assignment]
    folded: set[int] = None  # type: ignore[assignment]
    interval: int = 0
    bet: int = 0  # the most any seat has put in this interval
    raise_size: int = 0  # the last bet or raise: the least the next raise must add
    in_interval: list[int] = None  # type: ignore[assignment]
    checked: set[int] = None  # type: ignore[assignment]
    to_act: list[int] = None  # type: ignore[assignment]
    over: bool = False
    acted: set[int] = None  # type: ignore[assignment]  # since the last full bet or raise
    capped: set[int] = None  # type: ignore[assignment]  # may call or fold only (a short all-in)

    @classmethod
    def start(cls, stacks: Sequence[int], dealer: int, ante: int = 0, intervals: int = 2,
              limit: int | None = None, sandbagging: bool = True, min_raise: str = RAISE_MORE) -> Deal:
        """Antes in (a seat short of the ante puts in what it has), the first interval open."""
        seats = len(stacks)
        out = {s for s in range(seats) if stacks[s] <= 0}  # no chips: out of the deal
        deal = cls(list(stacks), dealer, intervals, limit, sandbagging, min_raise, [0] * seats, out)
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
        self.checked, self.acted, self.capped = set(), set(), set()
        order = [(self.dealer + k) % self.seats for k in range(1, self.seats + 1)]
        self.to_act = [s for s in order if self._can_act(s)]
        self._settle()  # nobody (or one seat alone) able to act: the interval is over at once

    @property
    def turn(self) -> int | None:
        return self.to_act[0] if self.to_act else None

    @property
    def to_call(self) -> int:
        """What the seat whose turn it is must put in to call (0: it may check)."""
        return 0 if self.turn is None else self.bet - self.in_interval[self.turn]

    @property
    def interval_number(self) -> int:
        """The betting interval under way, counted from 1 as the table says it."""
        return self.interval + 1

    def raise_to(self, action: str) -> tuple[int, int]:
        """A bet's or raise's legal range as what the seat's bet comes to this interval (what
        a player says: "raise to 60"), not as the chips it puts in now."""
        least, most = self.legal()[action]
        already = self.in_interval[self.turn]
        return least + already, most + already

    def legal(self) -> dict[str, tuple[int, int]]:
        """What the seat whose turn it is may do: action -> (least, most) chips it puts in."""
        seat = self.turn
        if seat is None:
            return {}
        stack, owe = self.stacks[seat], self.to_call
        actions: dict[str, tuple[int, int]] = {}
        if owe == 0:
            actions[CHECK] = (0, 0)
        else:
            actions[FOLD] = (0, 0)
            if stack >= owe:  # calling with exactly what is left is a call (and all in)
                actions[CALL] = (owe, owe)
        most = stack if self.limit is None else min(stack, owe + self.limit)
        if self.bet == 0 and stack > self.raise_size:
            actions[BET] = (self.raise_size, most)
        elif (self.bet > 0 and stack > owe + self.raise_size and seat not in self.capped
              and (self.sandbagging or seat not in self.checked)):
            actions[RAISE] = (owe + self.raise_size, most)
        covered = owe > 0 and stack == owe  # the call takes it all: Call says so
        raising = stack > owe and seat in self.capped  # after a short all-in: call or fold
        if not covered and not raising and (self.limit is None or stack <= owe + self.limit):
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
                if added >= self.raise_size:  # a full bet or raise reopens the raising for all
                    if self.limit is None and self.min_raise == RAISE_LAST:
                        self.raise_size = added
                    self.acted, self.capped = set(), set()
                else:  # a short all-in: who already acted may only call or fold
                    self.capped |= self.acted
                self.bet = self.in_interval[seat]
                order = [(seat + k) % self.seats for k in range(1, self.seats)]
                self.to_act = [s for s in order if self._can_act(s)]
        self.acted.add(seat)
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

    def matched(self) -> list[int]:
        """What each seat has put in, less a bet no one has matched (yet)."""
        put = list(self.put)
        back = self.uncalled()
        if back:
            put[back[0]] -= back[1]
        return put

    def payouts(self, values: Mapping[int, int]) -> list[Payout]:
        """Every pot of the deal paid: to its best word, or all of it to the last seat in
        (unseen). An uncalled bet is no pot: it goes back to its bettor (`uncalled`)."""
        put = self.matched()
        if len(self.in_hand()) == 1:
            winner = self.in_hand()[0]
            return [Payout(Pot(sum(put), (winner,)), {winner: sum(put)})]
        return [payout(pot, values, self.dealer, self.seats)
                for pot in pots(put, self.folded) if pot.eligible]

    def settle(self, values: Mapping[int, int]) -> list[int]:
        """The stacks after the deal: an uncalled bet back, then every pot to its best word (the
        last seat in takes everything, unseen)."""
        stacks = list(self.stacks)
        back = self.uncalled()
        if back:
            stacks[back[0]] += back[1]
        for paid in self.payouts(values):
            for seat, chips in paid.shares.items():
                stacks[seat] += chips
        return stacks


# --- The game: deals from the log ------------------------------------------------------------

DEAL, ACTION, SHOWDOWN, CHALLENGE, REBUY, GAME_END = (
    "deal", "action", "showdown", "challenge", "rebuy", "game-end")
ACTIONS = (CHECK, BET, CALL, RAISE, FOLD, ALL_IN)


def word_value(word: str, length: int) -> int:
    """A showdown word's value: its ZOOT card values (a wild 0); 0 for no word or the wrong
    length.

    >>> word_value("JAZZIER", 7), word_value("JA?ZIER", 7), word_value("JAZZY", 7), word_value("", 7)
    (66, 46, 0, 0)
    """
    if len(word) != length or any(not ("A" <= c <= "Z" or c == "?") for c in word):
        return 0
    return sum(ZOOT_VALUES.get(c, 0) for c in word)


def showdown_problems(word: str, wilds: int) -> list[str]:
    """Why no hand could show this word: a character that is no card, more of a letter than
    the ZOOT deck holds, more wild cards than the table put in the deck. None for a word any
    hand could show, whatever its length (a word of the wrong length is shown, worth 0).

    >>> showdown_problems("ZZZZZZZ", 2), showdown_problems("QUI??ES", 1)
    (['This word uses 7 Zs (the deck has 3).'], ['This word uses 2 wild cards (the deck has 1).'])
    >>> showdown_problems("JA?Z", 0), showdown_problems("JAZZIER", 0)
    (['This word uses a wild card: this deck has none.'], [])
    """
    if any(not ("A" <= c <= "Z" or c == WILD) for c in word):
        return ["Letters A–Z, and ? for a wild card."]
    over = over_deck(Counter(c for c in word if c != WILD))
    used = word.count(WILD)
    if used and not wilds:
        return ["This word uses a wild card: this deck has none."]
    if used > wilds:
        over.append(f"{used} wild cards (the deck has {wilds})")
    return ["This word uses " + ", ".join(over) + "."] if over else []


def showdown_preview(words: Mapping[int, str], length: int, wilds: int) -> list[WordPreview]:
    """What the showdown form shows beside each word as it is typed: its value, or why it is
    worth 0 (the wrong length), or why no hand could show it.

    >>> [(p.points, p.note) for p in showdown_preview({0: "JAZZIER", 1: "JAZZY", 2: "ZZZZZZZ", 3: ""}, 7, 2)]
    [(66, None), (0, 'JAZZY has 5 letters, not 7: worth 0.'), (None, 'This word uses 7 Zs (the deck has 3).'), (None, None)]
    """
    shown = []
    for seat, word in words.items():
        problems = showdown_problems(word, wilds)
        if problems:
            shown.append(WordPreview(seat, None, 0, " ".join(problems), True))
        elif word and len(word) != length:
            shown.append(WordPreview(seat, 0, 0, f"{word} has {len(word)} letters, not {length}: worth 0.", False))
        else:
            shown.append(WordPreview(seat, word_value(word, length) if word else None, 0, None, False))
    return shown


def _is_seat(value, players) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


#: This game's play kinds and the shape of their data:
#: deal:      {}  (a new deal: the deal passes to the left)
#: action:    {"deal": id, "seat": seat, "action": check|bet|call|raise|fold|all-in, "amount": chips}
#: showdown:  {"deal": id, "words": [word or "" for each seat]}
#: challenge: {"deal": id, "seat": seat, "challenger": seat, "verdict": ..., "judge": {...}}
#: rebuy:     {"seat": seat, "chips": n}
#: game-end:  {}
KINDS = {
    DEAL: lambda d, p: True,
    ACTION: lambda d, p: (isinstance(d["deal"], int) and _is_seat(d["seat"], p) and d["action"] in ACTIONS
                          and isinstance(d.get("amount", 0), int) and d.get("amount", 0) >= 0),
    SHOWDOWN: lambda d, p: (isinstance(d["deal"], int) and isinstance(d["words"], list)
                            and len(d["words"]) == p and all(isinstance(w, str) for w in d["words"])),
    CHALLENGE: lambda d, p: (isinstance(d["deal"], int) and _is_seat(d["seat"], p)
                             and _is_seat(d["challenger"], p) and d["verdict"] in (STANDS, REJECTED)),
    REBUY: lambda d, p: _is_seat(d["seat"], p) and isinstance(d["chips"], int) and 0 < d["chips"] <= 100_000,
    GAME_END: lambda d, p: True,
}


@dataclass
class DealRecord:
    """One deal as the scoreboard shows it."""

    id: int
    number: int
    dealer: int
    betting: Deal
    before: list[int]  # stacks when it was dealt
    actions: list = field(default_factory=list)  # (seat, action, amount; a raise: what it raised to)
    raised_to: dict = field(default_factory=dict)  # an action play's id -> a raise's "to"
    words: list[str] | None = None  # at the showdown
    rejected: set = field(default_factory=set)  # seats whose word a challenge rejected
    won: dict | None = None  # seat -> chips gained (or lost) on the deal, once settled
    values: dict | None = None  # seat -> its showdown word's value
    paid: list | None = None  # once settled: each pot's Payout (who took what of it)
    returned: tuple | None = None  # once settled: (seat, chips) of a bet nobody called

    @property
    def settled(self) -> bool:
        return self.won is not None

    @property
    def changes(self) -> list[tuple[int, str]]:
        """What each seat gained or lost on the deal, signed as the board shows it (a true
        minus for a loss); seats whose stack did not change are left out.

        >>> replace(DealRecord(1, 1, 0, None, [50, 50]), won={1: 20, 0: -20}).changes
        [(1, '+20'), (0, '−20')]
        """
        return [(seat, f"+{chips}" if chips > 0 else f"−{-chips}") for seat, chips in self.won.items()]

    def as_json(self) -> dict:
        return {"number": self.number, "dealer": self.dealer, "put": list(self.betting.put),
                "folded": sorted(self.betting.folded), "words": self.words, "won": self.won}


def standings(settings: Mapping, players: int, first_dealer: int, plays: Iterable[Play]) -> Standings:
    """Chips after every deal, derived from the log. An action that is not legal when replayed
    is left out and reported, never applied."""
    plays, unread = understood(plays, KINDS, players)
    active = active_plays(plays)
    table = Table(settings, players, first_dealer, unread, {p.id for p in active if p.kind == DEAL})
    for play in active:
        table.add(play)
    return table.standings()


@dataclass
class Table:
    """The chips and the deals as the log is read, play by play: what `standings` derives,
    kept so that one more play can be added without reading the log again (an import is
    checked play by play: pages/replay.py)."""

    settings: Mapping
    players: int
    first_dealer: int
    unread: list  # the plays left out
    dealt: set  # the ids of the deals no void cancels
    stacks: list | None = None  # None while a deal is under way
    deals: list = field(default_factory=list)
    current: DealRecord | None = None
    finished: bool = False

    def __post_init__(self):
        if self.stacks is None and not self.deals:
            self.stacks = [self.settings["buy_in"]] * self.players

    def copy(self) -> Table:
        """A table to add plays to, leaving this one (and the standings it gave) as they are:
        only the last deal ever changes, and it is copied."""
        current = _copied(self.current) if self.current is not None else None
        deals = [*self.deals[:-1], current] if current is not None else list(self.deals)
        return Table(self.settings, self.players, self.first_dealer, list(self.unread),
                     set(self.dealt), None if self.stacks is None else list(self.stacks),
                     deals, current, self.finished)

    def add(self, play: Play) -> None:
        """Read one more play (an understood one, no void cancelling it): its kind's step
        (STEPS) applies it, or it is left out (unread); a deal whose betting is over and
        whose words are in is then paid."""
        if play.kind in (ACTION, SHOWDOWN, CHALLENGE) and play.data["deal"] not in self.dealt:
            return  # its deal was voided: the chips went back with it
        if self.finished:
            if play.kind in KINDS:  # the shared kinds (a rematch, a house rule) are no deal's
                self.unread.append(play)
            return
        step = STEPS.get(play.kind)
        if step is not None and not step(self, play):
            self.unread.append(play)
        current = self.current
        if current is not None and not current.settled and current.betting.over and (
                len(current.betting.in_hand()) == 1 or current.words is not None):
            self.stacks = _settle(current, self.settings["length"])

    def standings(self) -> Standings:
        settings, players, current, deals = self.settings, self.players, self.current, self.deals
        live = current is not None and not current.settled
        shown = list(current.betting.stacks) if live else self.stacks
        # once the betting is over a bet nobody called is no longer in play: it goes back
        back = current.betting.uncalled() if live else None
        over = live and current.betting.over
        in_play = (sum(current.betting.put) - (back[1] if back and over else 0)) if live else 0
        holders = [s for s in range(players) if shown[s] > 0]
        finished = self.finished or (not live and len(holders) == 1 and bool(deals))
        best = max(shown)
        leaders = tuple(s for s in range(players) if shown[s] == best) if deals else ()
        return Standings(tuple(shown), tuple(deals), finished, leaders, (),
                         (self.first_dealer + len(deals)) % players if not live else current.dealer,
                         current.betting.turn if live else None, tuple(sorted(p.id for p in self.unread)),
                         extra={"current": current if live else None, "in_play": in_play,
                                "pots": _pots_now(current.betting) if live else [],
                                "unmatched": None if over else back,
                                "returned": back if over else None,
                                "last": deals[-1] if deals and deals[-1].settled else None,
                                "length": settings["length"], "rebuy": settings["rebuy"],
                                "wilds": settings["wilds"], "table": self},
                         rematch_first=(self.first_dealer + 1) % players)


# --- One step per play kind: what a play does to the table, or False when it cannot apply ------

def _deal(table: Table, play: Play) -> bool:
    """A new deal, once the last one is paid: the deal passes to the left, the antes go in."""
    if table.current is not None and not table.current.settled:
        return False  # a deal is under way
    s = table.settings
    dealer = (table.first_dealer + len(table.deals)) % table.players
    limit = None if s["limit"] == "none" else int(s["limit"])
    betting = Deal.start(list(table.stacks), dealer, s["ante"], s["intervals"], limit,
                         s["sandbagging"], s["min_raise"])
    table.current = DealRecord(play.id, len(table.deals) + 1, dealer, betting, list(table.stacks))
    table.deals.append(table.current)
    table.stacks = None  # in play until the deal is settled
    return True


def _action(table: Table, play: Play) -> bool:
    """The seat whose turn it is checks, bets, calls, raises, folds or goes all in."""
    d, current = play.data, table.current
    if current is None or current.id != d["deal"] or current.betting.turn != d["seat"]:
        return False
    try:
        current.betting.act(d["action"], d.get("amount", 0))
    except IllegalAction:
        return False
    amount = d.get("amount", 0)
    if d["action"] == RAISE:  # shown as what the raise came to
        amount = current.raised_to[play.id] = current.betting.in_interval[d["seat"]]
    current.actions.append((d["seat"], d["action"], amount))
    return True


def _showdown(table: Table, play: Play) -> bool:
    """The words laid once the betting is over (the deal is then paid)."""
    current = table.current
    if current is None or current.id != play.data["deal"] or not current.betting.over \
            or current.words:
        return False
    current.words = list(play.data["words"])
    return True


def _challenge(table: Table, play: Play) -> bool:
    """A showdown word challenged before the next deal: the pots are paid again."""
    d, current = play.data, table.current
    if current is None or current.id != d["deal"] or not current.words or not current.words[d["seat"]]:
        return False
    if d["verdict"] == REJECTED:
        current.rejected.add(d["seat"])
    else:
        current.rejected.discard(d["seat"])
    if current.settled:
        table.stacks = _settle(current, table.settings["length"])
    return True


def _rebuy(table: Table, play: Play) -> bool:
    """Chips bought between deals: before the first deal a different buy-in; later a rebuy,
    where the table allows it."""
    current = table.current
    if current is not None and not current.settled or not (table.settings["rebuy"] or not table.deals):
        return False
    table.stacks[play.data["seat"]] += play.data["chips"]
    return True


def _game_end(table: Table, play: Play) -> bool:
    """The scorekeeper ends the game, between deals."""
    table.finished = table.current is None or table.current.settled
    return table.finished


#: What each of the game's play kinds does to the table (the shared kinds do nothing here).
STEPS = {DEAL: _deal, ACTION: _action, SHOWDOWN: _showdown, CHALLENGE: _challenge,
         REBUY: _rebuy, GAME_END: _game_end}


def _copied(record: DealRecord) -> DealRecord:
    """A deal and its betting, every part that a later play may change copied."""
    b = record.betting
    betting = replace(b, stacks=list(b.stacks), put=list(b.put), folded=set(b.folded),
                      in_interval=list(b.in_interval), checked=set(b.checked),
                      to_act=list(b.to_act), acted=set(b.acted), capped=set(b.capped))
    return replace(record, betting=betting, before=list(record.before), actions=list(record.actions),
                   raised_to=dict(record.raised_to),
                   words=None if record.words is None else list(record.words),
                   rejected=set(record.rejected), won=None if record.won is None else dict(record.won),
                   values=None if record.values is None else dict(record.values))


def _pots_now(betting: Deal) -> list[Pot]:
    """The pots as they stand: a bet nobody has matched (yet) is shown apart, not as a pot.
    While the betting goes on only an all-in caps a pot (`pots_so_far`): a seat that may still
    call is not left out of one; once it is over, the pots the showdown pays."""
    put = betting.matched()
    if betting.over:
        return pots(put, betting.folded)
    all_in = {s for s in betting.in_hand() if betting.stacks[s] == 0}
    return pots_so_far(put, betting.folded, all_in)


def _settle(record: DealRecord, length: int) -> list[int]:
    values = {s: (0 if s in record.rejected else word_value(w, length))
              for s, w in enumerate(record.words or [])}
    after = record.betting.settle(values)
    record.values = values
    record.paid, record.returned = record.betting.payouts(values), record.betting.uncalled()
    record.won = {s: after[s] - record.before[s] for s in range(len(after))  # gain or loss
                  if after[s] != record.before[s]}
    return after


# --- The ruleset ------------------------------------------------------------------------------



YES_NO = {True: "Yes", False: "No"}


class PokerRules(Ruleset):
    key = "poker"
    name = "ZOOT! Poker"
    seats = (2, 8)
    kinds = KINDS
    row_kind = DEAL
    settings = (
        Setting("length", "Word length", 7, {7: "7-letter words", 5: "5-letter words"}),
        Setting("buy_in", "Chips each", 200, {100: "100", 200: "200", 500: "500", 1000: "1000"}),
        Setting("ante", "Ante", 5, {0: "None", 1: "1", 5: "5", 10: "10"}),
        Setting("intervals", "Betting intervals a deal", 2, {1: "1", 2: "2", 3: "3"}),
        Setting("limit", "Limit", "none", {"none": "No limit", "10": "Fixed: bets of 10",
                                           "20": "Fixed: bets of 20"}),
        Setting("sandbagging", "Check-raise (sandbagging)", True, YES_NO),
        Setting("wilds", "Wild cards in the deck", 2, {0: "0", 1: "1", 2: "2", 3: "3", 4: "4"}),
        Setting("rebuy", "A player with no chips may buy in again", False, YES_NO),
        Setting("min_raise", "The least raise (no limit)", RAISE_MORE,
                {RAISE_MORE: "A chip more than a call (the sheet)",
                 RAISE_LAST: "At least the last bet or raise more"}),
    )
    lookups = (("poker", "ZOOT! Poker · 7 letters", {"length": 7}),
               ("poker5", "ZOOT! Poker · 5 letters", {"length": 5}))
    actions = ACTIONS

    def word_rules(self, settings: Mapping) -> WordRules:
        n = settings["length"]
        # as ZOOT!: the cards dealt, one drawn and a wild
        return WordRules("poker", self.name, n, n, ZOOT_VALUES, hand_size=9)

    def standings(self, settings, players, first_dealer, plays) -> Standings:
        return standings(settings, players, first_dealer, plays)

    replays_in_steps = True

    def standings_after(self, settings, players, first_dealer, log, play, before) -> Standings:
        """One more play added to the table the standings before it were read from; a void
        (which may cancel any earlier play) or a play the rules cannot read, from the whole log."""
        table = before.extra.get("table")
        if table is None or play.kind == VOID or not understood([play], KINDS, players)[0]:
            return standings(settings, players, first_dealer, [*log, play])
        table = table.copy()
        if play.kind == DEAL:
            table.dealt.add(play.id)
        table.add(play)
        return table.standings()

    references = {ACTION: ("deal",), SHOWDOWN: ("deal",), CHALLENGE: ("deal",)}

    def progress(self, settings, players, standings):
        """The stacks before the first deal, and after each deal that is settled: its stacks
        when it was dealt and what each seat won or lost on it. A deal under way has no
        result yet: it is left out until it is paid. A rebuy between two deals is in the
        stacks after the next one."""
        settled = [d for d in standings.rows if d.settled]
        start = tuple(standings.rows[0].before) if standings.rows else tuple(standings.totals)
        return start, [tuple(b + d.won.get(s, 0) for s, b in enumerate(d.before))
                       for d in settled]

    def words_laid(self, standings):
        """The showdown words of every deal paid, at their value, but those of the wrong
        length (worth 0) and those a challenge rejected."""
        length = standings.extra["length"]
        return [(seat, word, word_value(word, length)) for d in standings.rows
                if d.settled and d.words for seat, word in enumerate(d.words)
                if word and len(word) == length and seat not in d.rejected]

    def answers(self, kind, standings) -> str | None:
        """A deal answers its number; an action or a showdown the deal and how many actions
        it has had (the turn it was tapped for)."""
        current = standings.extra["current"]
        if kind in (ACTION, SHOWDOWN):
            return None if current is None else f"{current.number}.{len(current.actions)}"
        return super().answers(kind, standings)

    # --- deals: the rows of the game page's entry ----------------------------------------------

    def editable(self, standings, play_id):
        return None  # a deal is not edited: Undo takes back its actions one by one

    def deletable(self, standings, play_id) -> bool:
        """A whole deal may be voided: its chips go back to where they were before it."""
        return any(record.id == play_id for record in standings.rows)

    def check_round(self, standings, data, round_id) -> dict:
        if standings.finished:
            return {"round": "The game is over."}
        if standings.extra["current"] is not None:
            return {"round": "A deal is under way: finish it first."}
        if sum(1 for c in standings.totals if c > 0) < 2:
            return {"round": "Fewer than two players have chips."}
        return {}

    # --- the other plays: an action, a showdown, a rebuy, the game's end --------------------------

    def refusal(self, kind: str, standings: Standings) -> dict[str, str]:
        """Why no play of this kind can be made now, whatever a form says, by field; {}
        when one can: an action needs a seat to act, a showdown a deal whose betting is
        over, a rebuy and the game's end no deal under way.

        >>> POKER.refusal(ACTION, POKER.standings(POKER.defaults(), 2, 0, []))
        {'round': 'Nobody is to act now.'}
        """
        current = standings.extra["current"]
        if standings.finished:
            return {"round": "The game is over."}
        if kind == ACTION and (current is None or current.betting.turn is None):
            return {"round": "Nobody is to act now."}
        if kind == SHOWDOWN and (current is None or not current.betting.over
                                 or current.words is not None):
            return {"round": "There is no showdown now."}
        if kind == REBUY and current is not None:
            return {"round": "Buy in between deals."}
        if kind == REBUY and standings.rows and not standings.extra["rebuy"]:
            return {"round": "This table plays without rebuys."}
        if kind == GAME_END and current is not None:
            return {"round": "Finish the deal under way first."}
        return {}

    def action_data(self, standings: Standings, action: str, to: int | None) -> tuple[dict, dict]:
        """(the data of an action, errors by field) from what the seat whose turn it is said:
        its action and, for a bet or a raise, what its bet comes to this interval ("raise to
        60", None when not a number). The chips it puts in are reckoned here: a call what it
        owes, a raise what it adds. Only once `refusal` lets an action be made."""
        current = standings.extra["current"]
        betting = current.betting
        legal = betting.legal()
        if action not in legal:
            return {}, {"round": "Choose one of the actions offered."}
        amount = legal[action][0]
        if action in (BET, RAISE):
            least, most = betting.raise_to(action)
            if to is None or not least <= to <= most:
                return {}, {"amount": f"A bet here is {least} to {most} chips." if action == BET
                            else f"A raise here is to {least} up to {most} chips."}
            amount = to - betting.in_interval[betting.turn]
        return {"deal": current.id, "seat": betting.turn, "action": action, "amount": amount}, {}

    def check_play(self, kind: str, standings: Standings, data: Mapping) -> dict[str, str]:
        """What is wrong with a showdown's words, by field (word-<seat>, and round for the
        words together): each hand, and all of them, are dealt from one deck. {} for the
        other kinds, which `refusal` and `action_data` check."""
        if kind != SHOWDOWN:
            return {}
        wilds, errors = standings.extra["wilds"], {}
        for seat, word in enumerate(data["words"]):
            problems = showdown_problems(word, wilds)
            if problems:
                errors[f"word-{seat}"] = " ".join(problems)
        if not errors:
            together = showdown_problems("".join(data["words"]), wilds)
            if together:
                errors["round"] = together[0].replace("This word uses", "These words together use")
        return errors

    # --- challenges: a showdown word -------------------------------------------------------------

    def challenge_target(self, standings, args) -> Target | None:
        current = standings.extra["current"]
        last = standings.rows[-1] if standings.rows else None
        seat = whole_number(args.get("seat"), strip=True)
        if last is None or current is not None or not last.words or seat is None \
                or seat >= len(last.words) or not last.words[seat]:
            return None
        word = last.words[seat]
        return Target(seat, word, {"deal": last.id}, word_value(word, standings.extra["length"]))

    def challenge_data(self, standings, target, challenger, verdict,
                       confirmed=False) -> tuple[dict, dict]:
        errors = challenge_problems(len(standings.totals), target.seat, challenger, verdict)
        return {"deal": target.where["deal"], "seat": target.seat, "challenger": challenger,
                "verdict": verdict}, errors


POKER = PokerRules()
