"""Hand and Foot: the sheet's examples, a round's every component, the checks, the end.
Table-driven and pure."""

import pytest

from companion.rules.hand_and_foot import HAND_AND_FOOT as HF
from companion.rules.hand_and_foot import opening, score_team, standings, teams_of
from companion.rules.log import Play
from tests.helpers import log

TEAMS = HF.defaults()
ALONE = {**TEAMS, "play": "alone"}


@pytest.mark.parametrize("melds, points, opens", [
    ("AAA", 60, True),  # three aces, 60, opens at 50
    ("7777 444", 55, True),  # four 7s (40) and three 4s (15)
    ("KK*", 70, True),  # two kings and a joker
    ("A**", 0, False),  # one ace and two jokers: more wilds than naturals
    ("7777", 40, False),  # not enough
    ("TTT2", 50, True),  # three tens and a deuce
    ("1010102", 50, True),  # the same, typed with 10s
    ("9" * 17, 0, False),  # more nines than four decks hold
])
def test_does_this_meld_open_at_50(melds, points, opens):
    o = opening(melds, 50)
    assert (o.points, o.opens) == (points, opens)


def test_a_round_scores_every_component():
    """Books 1×500 + 2×300, meld, +100 out, +100 for each player who drew 22, minus the cards
    left for the team that did not go out (a red three in a foot: 500)."""
    out = score_team({"clean": 1, "dirty": 2, "meld": {"joker": 2, "two": 1, "ace": 6, "high": 10, "low": 2}},
                     went_out=True, drew22=1)
    assert (out.books, out.meld, out.out, out.exactly_22, out.left, out.total) == (
        1100, 100 + 20 + 120 + 100 + 10, 100, 100, 0, 1100 + 350 + 200)
    stuck = score_team({"clean": 0, "dirty": 1, "meld": {"high": 9},
                        "left": {"red3": 1, "black3": 2, "ace": 1, "low": 1}}, went_out=False, drew22=0)
    assert (stuck.left, stuck.total) == (500 + 0 + 20 + 5, 300 + 90 - 525)




def play_round(out, t0: dict, t1: dict, drew=()):
    return {"teams": [t0, t1], "out": out, "drew22": list(drew)}


def rounds_log(*rounds):
    """A game's log of rounds only."""
    return log(*(("round", r) for r in rounds))


def test_four_rounds_then_the_game_is_over_and_the_best_team_wins():
    books = {"clean": 1, "dirty": 1, "meld": {"ace": 14}}
    rounds = [play_round(i % 2, books, {"meld": {"low": 3}, "left": {"red3": 1}}) if i % 2 == 0
              else play_round(1, {"meld": {"low": 3}, "left": {}}, books) for i in range(4)]
    s = standings(TEAMS, 4, 0, rounds_log(*rounds))
    win = 800 + 280 + 100
    assert s.totals == (2 * win + 2 * 15, 2 * (15 - 500) + 2 * win)
    assert s.finished and [r.minimum for r in s.rows] == [50, 90, 120, 150]
    assert s.winners == (0,)
    assert [r.starter for r in s.rows] == [0, 3, 2, 1]  # play passes to the right each round


def test_the_opening_minimums_are_a_setting_and_a_tie_is_a_tie():
    even = play_round(0, {"clean": 1, "dirty": 1, "meld": {"ace": 14}}, {"meld_total": 1180})
    s = standings({**TEAMS, "minimums": "50,90,120"}, 4, 0, rounds_log(even, even, even))
    assert s.finished and s.totals == (3 * 1180, 3 * 1180) and s.winners == (0, 1)


def test_teams_sit_across_and_a_player_may_play_alone():
    assert teams_of(4, TEAMS) == [(0, 2), (1, 3)] and teams_of(6, TEAMS) == [(0, 3), (1, 4), (2, 5)]
    assert HF.players_problem(TEAMS, 3) == "Teams of two: 4 or 6 players, partners sitting across."
    assert HF.players_problem(ALONE, 3) is None and HF.players_problem(ALONE, 5)
    s = standings(ALONE, 3, 1, rounds_log({"teams": [{"meld": {"ace": 3}}, {"clean": 1, "dirty": 1, "meld": {"high": 14}},
                                              {"meld_total": 30, "left_total": 45}], "out": 1, "drew22": [0]}))
    assert s.totals == (60 + 100, 800 + 140 + 100, 30 - 45)


def test_a_round_that_cannot_be_read_is_left_out():
    s = standings(TEAMS, 4, 0, [Play(1, "round", {"teams": "lots"}), Play(2, "round", {"teams": [{}, {}]})])
    assert s.totals == (0, 0) and s.unread == (1, 2)


def test_a_rounds_books_melds_and_cards_are_checked_against_the_table():
    """A team going out with no dirty book (this table wants both), a book of too few cards,
    more jokers than four decks hold; and a fifth round once the list is played."""
    empty = {"clean": 0, "dirty": 0, "meld": {}, "left": {}}  # as the form reads an empty team
    books = {"clean": 1, "dirty": 1, "meld": {"ace": 13, "joker": 1}, "left": {}}
    fresh = standings(TEAMS, 4, 0, [])
    assert HF.check_round(fresh, play_round(0, books, {**empty, "meld": {"low": 3}}), None) == {}
    clean_only = {"clean": 1, "dirty": 0, "meld": {"ace": 7}, "left": {}}
    assert HF.check_round(fresh, play_round(0, clean_only, empty), None) == {
        "team-0": "To go out a team needs at least one clean and one dirty book."}
    lenient = standings({**TEAMS, "books_to_go_out": False}, 4, 0, [])
    assert HF.check_round(lenient, play_round(0, clean_only, empty), None) == {}
    short = {"clean": 1, "dirty": 1, "meld": {"ace": 8}, "left": {}}
    jokers = {"clean": 0, "dirty": 0, "meld": {"joker": 5, "ace": 6}, "left": {"joker": 4}}
    assert HF.check_round(fresh, play_round(0, short, jokers), None) == {
        "team-0": "2 books hold at least 14 cards; 8 are counted melded.",
        "round": "The teams count 9 jokers, melded and left; four decks hold 8."}
    over = standings(TEAMS, 4, 0, rounds_log(*[play_round(0, books, empty)] * 4))
    assert HF.check_round(over, play_round(0, books, empty), None) == {
        "round": "The game is over: every round of the list was played."}
    assert HF.check_round(over, play_round(0, books, empty), 1) == {}
