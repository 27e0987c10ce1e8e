"""ZOOT! Poker's pots: the card room's main and side pots, shares and odd chips, and a property
test that no chip is ever created or lost. Table-driven and pure."""

import random

import pytest

from companion.rules.poker import RAISE_LAST, RAISE_MORE, Pot, pots, share, showdown


@pytest.mark.parametrize("contributions, folded, expected", [
    # one player all-in for less than the bet
    ([100, 100, 40], set(), [Pot(120, (0, 1, 2)), Pot(120, (0, 1))]),
    # two all-ins at different levels, two callers
    ([30, 70, 100, 100], set(), [Pot(120, (0, 1, 2, 3)), Pot(120, (1, 2, 3)), Pot(60, (2, 3))]),
    # a player folding after contributing to two pots: the chips stay, the seat cannot win
    ([30, 100, 100, 80], {3}, [Pot(120, (0, 1, 2)), Pot(190, (1, 2))]),
    # everyone folds to a bet: the bettor takes it all, unseen
    ([10, 60, 10, 10], {0, 2, 3}, [Pot(90, (1,))]),
])
def test_pots_by_contribution_level(contributions, folded, expected):
    assert pots(contributions, folded) == expected


@pytest.mark.parametrize("contributions, folded, values, dealer, won", [
    # the short all-in wins the main pot, the best of the others the side pot
    ([100, 100, 40], set(), {0: 20, 1: 35, 2: 50}, 0, {2: 120, 1: 120}),
    # a three-way tie on a pot with an odd chip (a folded seat's 10 makes it 100): the odd
    # chip goes to the first winner left of the dealer
    ([30, 30, 30, 10], {3}, {0: 9, 1: 9, 2: 9}, 1, {2: 34, 0: 33, 1: 33}),
    # no word at the showdown is worth 0: the one word there wins
    ([50, 50], set(), {0: 0, 1: 13}, 0, {1: 100}),
    # nobody made a word: the pot is split
    ([50, 50], set(), {}, 0, {1: 50, 0: 50}),
])
def test_showdown_pays_each_pot_to_its_best_eligible_word(contributions, folded, values, dealer, won):
    assert showdown(contributions, folded, values, dealer) == won


def test_an_odd_chip_goes_clockwise_from_the_dealer():
    assert share(Pot(101, (0, 2)), {0: 5, 2: 5}, dealer=2, seats=4) == {0: 51, 2: 50}
    assert share(Pot(101, (0, 2)), {0: 5, 2: 5}, dealer=0, seats=4) == {2: 51, 0: 50}


def test_no_chip_is_ever_created_or_lost():
    """Thousands of random deals: every chip put in is paid out, folded seats win nothing, and
    a seat wins at most what the pots it reached hold."""
    rng = random.Random(14)
    for _ in range(5000):
        seats = rng.randint(2, 8)
        contributions = [rng.choice([0, 5, 10, 25, 40, 100, rng.randint(0, 500)]) for _ in range(seats)]
        folded = {s for s in range(seats) if rng.random() < 0.3}
        if len(folded) == seats:
            folded.discard(rng.randrange(seats))
        # a seat folds facing a bet, so it never put in more than the most a seat still in did
        # (an uncalled bet goes back to its bettor before the pots are made)
        most = max(c for s, c in enumerate(contributions) if s not in folded)
        contributions = [min(c, most) if s in folded else c for s, c in enumerate(contributions)]
        values = {s: rng.choice([0, 3, 12, 12, 40, 71]) for s in range(seats)}
        dealer = rng.randrange(seats)
        won = showdown(contributions, folded, values, dealer)
        assert sum(won.values()) == sum(contributions), (contributions, folded)
        if most:
            assert not set(won) & folded
            for seat, chips in won.items():  # a seat wins at most what the pots it reached hold
                assert chips <= sum(min(c, contributions[seat]) for c in contributions)


# --- The betting -----------------------------------------------------------------------------

from companion.rules.poker import Deal, IllegalAction  # noqa: E402


def test_an_unanswered_bet_wins_the_pot_unseen():
    deal = Deal.start([100, 100, 100], dealer=0, ante=5)
    deal.act("bet", 20)  # seat 1
    deal.act("fold")  # seat 2
    deal.act("fold")  # seat 0
    assert deal.over and deal.in_hand() == [1]
    assert deal.settle({}) == [95, 110, 95]  # the 20 comes back; the antes are won


@pytest.mark.parametrize("sandbagging", [True, False])
def test_a_check_raise_is_allowed_only_with_sandbagging(sandbagging):
    deal = Deal.start([100, 100, 100], dealer=0, sandbagging=sandbagging)
    deal.act("check")  # seat 1
    deal.act("bet", 10)  # seat 2
    deal.act("call")  # seat 0
    assert deal.turn == 1
    assert ("raise" in deal.legal()) is sandbagging
    if not sandbagging:
        with pytest.raises(IllegalAction, match="Raise is not possible now"):
            deal.act("raise", 30)


def test_a_short_all_in_makes_a_side_pot_and_the_betting_goes_on():
    deal = Deal.start([200, 40, 200], dealer=2)
    deal.act("bet", 60)  # seat 0
    deal.act("all-in")  # seat 1: 40, less than the bet
    deal.act("call")  # seat 2
    assert deal.interval == 1 and deal.turn == 0  # the second interval, seat 1 all-in
    deal.act("check")
    deal.act("check")
    assert deal.over and deal.put == [60, 40, 60]
    # seat 1's word is best: it wins the main pot (120); seat 2 beats seat 0 for the side pot (40)
    assert deal.settle({0: 10, 1: 50, 2: 20}) == [140, 120, 180]


def test_amounts_outside_the_legal_range_are_refused_with_the_range():
    deal = Deal.start([100, 100], dealer=0, limit=10)
    assert deal.legal()["bet"] == (10, 10)  # a fixed limit: the bet is the limit
    with pytest.raises(IllegalAction, match="A bet here is 10 to 10 chips."):
        deal.act("bet", 50)
    deal.act("bet", 10)
    assert deal.legal()["raise"] == (20, 20)


def test_random_legal_betting_never_creates_or_loses_a_chip():
    """Thousands of random deals, every action legal: stacks plus what is in the pot always
    equal the chips brought in, no stack goes below zero, and the deal always ends."""
    rng = random.Random(2026)
    for _ in range(2000):
        seats = rng.randint(2, 8)
        stacks = [rng.choice([0, 1, 5, 20, 100, 100, 250, 1000]) for _ in range(seats)]
        if sum(1 for s in stacks if s) < 2:
            stacks[:2] = [50, 80]
        chips = sum(stacks)
        deal = Deal.start(stacks, dealer=rng.randrange(seats), ante=rng.choice([0, 0, 1, 5]),
                          intervals=rng.choice([1, 2, 3]), limit=rng.choice([None, None, 10]),
                          sandbagging=rng.random() < 0.7,
                          min_raise=rng.choice([RAISE_MORE, RAISE_LAST]))
        for _ in range(500):
            if deal.over or deal.turn is None:
                break
            action, (least, most) = rng.choice(sorted(deal.legal().items()))
            deal.act(action, rng.randint(least, most))
            assert sum(deal.stacks) + sum(deal.put) == chips
            assert min(deal.stacks) >= 0
        assert deal.over or deal.turn is None
        values = {s: rng.choice([0, 12, 12, 40]) for s in range(seats)}
        after = deal.settle(values)
        assert sum(after) == chips and min(after) >= 0


def test_a_short_all_in_lets_those_who_acted_only_call_or_fold():
    """No limit's rule, a table's choice; the sheet's raise is any raise (below)."""
    deal = Deal.start([100, 100, 45], dealer=2, min_raise=RAISE_LAST)
    deal.act("bet", 30)  # seat 0
    deal.act("call")  # seat 1
    deal.act("all-in")  # seat 2: 45, a raise of 15 only: not a full raise
    assert set(deal.legal()) == {"fold", "call"}  # seat 0 may not raise again
    deal.act("call")
    assert set(deal.legal()) == {"fold", "call"}
    short = Deal.start([100, 40], dealer=1)
    short.act("bet", 40)  # seat 0 bets what seat 1 has
    assert set(short.legal()) == {"fold", "call"}  # calling takes it all: no separate all-in


def test_the_sheets_raise_is_any_chip_more_than_a_call():
    """The sheet: a raise puts in "more than enough chips to call". A bets 40, C goes all in
    for 68 (a raise of 28), B raises to 98 (30 more than the 68): all raises. Under no
    limit's rule (a setting) B's least raise is to 68 + 40 = 108."""
    deal = Deal.start([200, 68, 200], dealer=2)  # seats A, C, B; A acts first
    deal.act("bet", 40)
    deal.act("all-in")  # C: 68
    assert deal.raise_to("raise") == (69, 200)
    deal.act("raise", 98)  # B: to 98
    assert deal.legal()["raise"] == (59, 160)  # A owes 58: a raise puts in one chip more
    assert deal.raise_to("raise") == (99, 200)  # what A's bet would come to
    strict = Deal.start([200, 68, 200], dealer=2, min_raise=RAISE_LAST)
    strict.act("bet", 40)
    strict.act("all-in")
    assert strict.raise_to("raise") == (108, 200)
    with pytest.raises(IllegalAction, match="A raise here is 108 to 200 chips."):
        strict.act("raise", 98)


def test_standings_carried_on_play_by_play_equal_those_read_from_the_whole_log():
    """An import adds one play at a time to the standings so far (standings_after); whatever
    the plays (legal or not, voids among them), the standings are those of the whole log."""
    from companion.rules.log import Play
    from companion.rules.poker import POKER

    rng = random.Random(36)
    for _ in range(40):
        players = rng.randint(2, 4)
        settings = {**POKER.defaults(), "buy_in": rng.choice([100, 200]), "ante": rng.choice([0, 5]),
                    "rebuy": rng.random() < 0.5, "intervals": rng.choice([1, 2])}
        log: list[Play] = []
        stepped = POKER.standings(settings, players, 0, log)
        for play_id in range(1, 120):
            current = stepped.extra["current"]
            roll = rng.random()
            if roll < 0.05 and log:  # an undo, a delete, or a void of anything
                data = {"play": rng.choice(log).id, "reason": rng.choice(["undo", "delete"])}
                play = Play(play_id, "void", data)
            elif current is None:
                kind = rng.choice(["deal", "deal", "deal", "rebuy", "game-end"] if roll < 0.9 else ["showdown"])
                data = ({"seat": rng.randrange(players), "chips": 50} if kind == "rebuy" else
                        {"deal": play_id - 1, "words": ["JAZZIER"] * players} if kind == "showdown" else {})
                play = Play(play_id, kind, data)
            elif current.betting.turn is not None:
                action, (least, most) = rng.choice(sorted(current.betting.legal().items()))
                seat = current.betting.turn if roll < 0.95 else rng.randrange(players)
                play = Play(play_id, "action", {"deal": current.id, "seat": seat, "action": action,
                                                "amount": rng.randint(least, most)})
            elif roll < 0.8:
                words = [rng.choice(["JAZZIER", "QUOTING", "JA?ZIER", ""]) for _ in range(players)]
                play = Play(play_id, "showdown", {"deal": current.id, "words": words})
            else:
                play = Play(play_id, "challenge", {"deal": current.id, "seat": rng.randrange(players),
                                                   "challenger": 0, "verdict": "rejected"})
            stepped = POKER.standings_after(settings, players, 0, log, play, stepped)
            log.append(play)
            whole = POKER.standings(settings, players, 0, log)
            assert (stepped.totals, stepped.finished, stepped.leaders, stepped.dealer, stepped.starter,
                    stepped.unread) == (whole.totals, whole.finished, whole.leaders, whole.dealer,
                                        whole.starter, whole.unread), play
            assert [r.as_json() for r in stepped.rows] == [r.as_json() for r in whole.rows], play
            assert [r.raised_to for r in stepped.rows] == [r.raised_to for r in whole.rows]
            for r in whole.rows:  # every chip put in is paid out of a pot or goes back
                if r.settled:
                    assert (sum(c for p in r.paid for c in p.shares.values())
                            + (r.returned[1] if r.returned else 0)) == sum(r.betting.put)


# --- The checks of the action, showdown, rebuy and game-end forms' data -----------------------

def _table(*plays):
    from companion.rules.poker import POKER
    from tests.helpers import log

    return POKER, POKER.standings(POKER.defaults(), 2, 0, log(*plays))


CHECK_AROUND = [("action", {"deal": 1, "seat": seat, "action": "check", "amount": 0})
                for seat in (1, 0, 1, 0)]


def test_a_play_is_refused_when_the_table_is_not_waiting_for_it():
    poker, between = _table()
    assert poker.refusal("action", between) == {"round": "Nobody is to act now."}
    assert poker.refusal("showdown", between) == {"round": "There is no showdown now."}
    assert poker.refusal("rebuy", between) == {}  # before the first deal: buying in
    poker, paid = _table(("deal", {}), *CHECK_AROUND, ("showdown", {"deal": 1, "words": ["JAZZIER", ""]}))
    assert poker.refusal("rebuy", paid) == {"round": "This table plays without rebuys."}
    poker, dealing = _table(("deal", {}))
    assert poker.refusal("rebuy", dealing) == {"round": "Buy in between deals."}
    assert poker.refusal("game-end", dealing) == {"round": "Finish the deal under way first."}
    assert poker.refusal("action", dealing) == {}
    poker, over = _table(("game-end", {}))
    assert poker.refusal("rebuy", over) == {"round": "The game is over."}


def test_an_action_must_be_offered_and_a_bet_within_the_range_it_puts_in():
    poker, dealing = _table(("deal", {}))  # seat 1 to act, 195 chips behind after the ante
    assert poker.action_data(dealing, "call", None) == ({}, {"round": "Choose one of the actions offered."})
    assert poker.action_data(dealing, "bet", 500) == ({}, {"amount": "A bet here is 1 to 195 chips."})
    assert poker.action_data(dealing, "bet", None)[1] == {"amount": "A bet here is 1 to 195 chips."}
    assert poker.action_data(dealing, "bet", 20) == (
        {"deal": 1, "seat": 1, "action": "bet", "amount": 20}, {})


def test_a_showdown_word_and_the_words_together_come_from_one_deck():
    poker, shown = _table(("deal", {}), *CHECK_AROUND)
    assert poker.refusal("showdown", shown) == {}
    assert poker.check_play("showdown", shown, {"deal": 1, "words": ["ZZZZZZZ", "JAZZIER"]}) == {
        "word-0": "This word uses 7 Zs (the deck has 3)."}
    assert poker.check_play("showdown", shown, {"deal": 1, "words": ["JAZZIER", "JAZZIER"]}) == {
        "round": "These words together use 4 Zs (the deck has 3)."}
    assert poker.check_play("showdown", shown, {"deal": 1, "words": ["JAZZIER", ""]}) == {}


# --- The pots as the board shows them, and who took which ------------------------------------

def _standings(players, *plays, **settings):
    from companion.rules.poker import POKER
    from tests.helpers import log

    return POKER.standings({**POKER.defaults(), **settings}, players, 0, log(*plays))


def _acts(*said, deal):
    return [("action", {"deal": deal, "seat": seat, "action": action, "amount": amount})
            for seat, action, amount in said]


def test_no_side_pot_while_a_seat_may_still_call_into_it():
    """A deals; B bets 20, C calls, A may still call (or raise): nobody is all in, so the
    antes and the bets are one pot, for all three, not a side pot for B and C."""
    table = _standings(3, ("deal", {}), *_acts((1, "bet", 20), (2, "call", 20), deal=1), ante=5)
    assert table.extra["current"].betting.turn == 0
    assert table.extra["pots"] == [Pot(55, (0, 1, 2))]
    # an all-in makes a side pot at once. A 100, B 200, C 100, D 200, antes 5; B bets 150,
    # C is all in for 95, D calls: C's 100 caps the main pot; A, still to act, may reach both
    table = _standings(4, ("rebuy", {"seat": 1, "chips": 100}), ("rebuy", {"seat": 3, "chips": 100}),
                       ("deal", {}), *_acts((1, "bet", 150), (2, "all-in", 95), (3, "call", 150), deal=3),
                       ante=5, buy_in=100)
    assert table.extra["current"].betting.turn == 0
    assert table.extra["pots"] == [Pot(5 + 100 + 100 + 100, (0, 1, 2, 3)), Pot(55 + 55, (0, 1, 3))]


def test_an_all_ins_unmatched_chips_go_back_and_are_not_in_the_pot():
    """B all in for 133, A and C all in for 100: B's 33 nobody can match goes back to B; the
    pot is 300, not 333."""
    table = _standings(3, ("rebuy", {"seat": 1, "chips": 33}), ("deal", {}),
                       *_acts((1, "all-in", 133), (2, "all-in", 100), (0, "all-in", 100), deal=2),
                       ante=0, buy_in=100)
    assert table.extra["current"].betting.over
    assert (table.extra["in_play"], table.extra["returned"], table.extra["unmatched"]) == (300, (1, 33), None)
    assert table.extra["pots"] == [Pot(300, (0, 1, 2))]


def test_a_deal_paid_says_who_took_each_pot_and_the_odd_chip():
    """The record of a deal paid: each pot's winners and shares, the odd chip, the bet that
    went back; the stacks are what those add up to. A 100, B 100, C 39; B bets 61, C is all
    in for 39, A calls; then both check. Main pot 39 x 3 = 117 for all three, side pot 22 x 2
    = 44 for A and B. A and C tie (QUOTING, 32): the main pot splits 59 / 58, the odd chip
    to C, the first of them clockwise from the dealer's (A's) left; A takes the side pot."""
    from companion.rules.poker import Payout

    plays = [("rebuy", {"seat": 0, "chips": 61}), ("rebuy", {"seat": 1, "chips": 61}), ("deal", {}),
             *_acts((1, "bet", 61), (2, "all-in", 39), (0, "call", 61), (1, "check", 0), (0, "check", 0), deal=3)]
    paid = _standings(3, *plays, ("showdown", {"deal": 3, "words": ["QUOTING", "", "QUOTING"]}),
                      ante=0, buy_in=39)
    record = paid.rows[-1]
    assert record.paid == [Payout(Pot(117, (0, 1, 2)), {2: 59, 0: 58}, (2,)), Payout(Pot(44, (0, 1)), {0: 44})]
    assert record.returned is None and paid.totals == (100 - 61 + 58 + 44, 39, 59)
    # won unseen: B's 30 nobody called goes back; the antes (15) are B's
    unseen = _standings(3, ("deal", {}), *_acts((1, "bet", 30), (2, "fold", 0), (0, "fold", 0), deal=1), ante=5)
    record = unseen.rows[-1]
    assert (record.paid, record.returned) == ([Payout(Pot(15, (1,)), {1: 15})], (1, 30))
    assert unseen.totals == (195, 210, 195)
