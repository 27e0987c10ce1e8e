"""ZOOT! Poker's pots: the card room's main and side pots, shares and odd chips, and a property
test that no chip is ever created or lost. Table-driven and pure."""

import random

import pytest

from companion.rules.poker import Pot, pots, share, showdown


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
