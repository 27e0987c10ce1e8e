"""The family word game's rules: family-word-game.txt and NOTES.md, table-driven and pure."""

import pytest

from companion.rules.base import REJECTED, STANDS
from companion.rules.family import (ALPHABET, FAMILY, ZAP_CARDS, Challenge, hand_points,
                                    standings)
from tests.helpers import log

CHILDREN = FAMILY.settings_of({})
VALUES = {**{c: 2 for c in ALPHABET}, "J": 8, "Q": 10, "X": 8, "Z": 10, **{z: 15 for z in ZAP_CARDS}}


def rounds(*hands: tuple[int, ...]) -> list[tuple[str, dict]]:
    """A round per tuple of hand points; the winner is the seat with 0."""
    return [("round", {"winner": h.index(0), "points": list(h)}) for h in hands]


@pytest.mark.parametrize("hands, totals, finished, winners, losers", [
    # nobody at 100 yet: the game goes on, the fewest lead
    ([(0, 30, 45), (20, 0, 50)], (20, 30, 95), False, (), ()),
    # one player at exactly 100: over; the fewest win, the one at 100 loses
    ([(0, 30, 45), (20, 0, 55)], (20, 30, 100), True, (0,), (2,)),
    # two players over 100 in one round: both lose
    ([(0, 60, 70), (0, 45, 40)], (0, 105, 110), True, (0,), (1, 2)),
    # a tie for fewest: both win
    ([(0, 40, 90), (40, 0, 20)], (40, 40, 110), True, (0, 1), (2,)),
])
def test_the_first_to_100_ends_the_game_and_the_fewest_win(hands, totals, finished, winners, losers):
    s = standings(CHILDREN, 3, 0, log(*rounds(*hands)))
    assert (s.totals, s.finished, s.winners, s.losers) == (totals, finished, winners, losers)


def test_each_player_sees_the_distance_to_100_and_the_deal_passes_left():
    s = standings(CHILDREN, 4, 2, log(*rounds((0, 12, 30, 99), (5, 0, 8, 1))))
    assert s.extra["to_100"] == (95, 88, 62, 0)
    assert [r.dealer for r in s.rows] == [2, 3]
    assert (s.dealer, s.starter) == (0, 1)  # round 3: seat 0 deals, seat 1 plays first


def test_edit_delete_and_undo_come_from_the_shared_log():
    plays = log(*rounds((0, 30), (12, 0)),
                ("edit", {"round": 1, "winner": 0, "points": [0, 40]}),
                ("void", {"play": 2, "reason": "delete"}),
                ("void", {"play": 4, "reason": "undo"}))
    s = standings(CHILDREN, 2, 0, plays)
    assert s.totals == (12, 40)
    assert [(r.number, r.edited) for r in s.rows] == [(1, True), (2, False)]


@pytest.mark.parametrize("verdict, values, word, draw_two, others_draw", [
    (REJECTED, None, "CATS", True, False),  # taken back, plus 2 cards
    (STANDS, VALUES, "JAZZ", False, True),  # 8+2+10+10 = 30: everyone else draws
    (STANDS, VALUES, "CAT", False, False),  # 6: no reminder
    (STANDS, None, "JAZZ", False, False),  # no card values set: no reminder
    (STANDS, VALUES, "QUI?", False, True),  # 10+2+2 and a WILD card at 15
])
def test_a_challenge_says_what_to_do_and_changes_no_score(verdict, values, word, draw_two, others_draw):
    plays = [("card-values", {"values": values})] if values else []
    plays += rounds((0, 20, 30))
    plays.append(("challenge", {"seat": 1, "word": word, "challenger": 0, "verdict": verdict}))
    s = standings(CHILDREN, 3, 0, log(*plays))
    (c,) = s.extra["now"]
    assert (c.draw_two, c.others_draw) == (draw_two, others_draw)
    assert s.totals == (0, 20, 30)


def test_what_to_do_now_is_cleared_by_the_next_round():
    plays = log(("challenge", {"seat": 1, "word": "CATS", "challenger": 0, "verdict": REJECTED}),
                *rounds((0, 20)))
    assert standings(CHILDREN, 2, 0, plays).extra["now"] == ()


def test_a_play_that_cannot_be_understood_is_left_out_not_raised():
    plays = log(*rounds((0, 20)), ("round", {"winner": 7, "points": [0, 5]}),
                ("round", {"points": "lots"}), ("bet", {"chips": 5}), ("void", {}))
    s = standings(CHILDREN, 2, 0, plays)
    assert s.totals == (0, 20)
    assert s.unread == (2, 3, 4, 5)




def test_hand_points_and_challenge_reminders_use_the_same_values():
    assert hand_points("JAZZ", {}, VALUES) == 30
    c = Challenge(1, 0, "JAZZ", 1, STANDS, False, 30, 0)
    assert c.others_draw and not c.draw_two


def test_the_difficulty_sets_the_shortest_word():
    assert FAMILY.word_rules(FAMILY.settings_of({"difficulty": "adults"})).min_length == 4
    assert FAMILY.word_rules(CHILDREN).min_length == 3
    assert FAMILY.settings_of({"difficulty": "experts"}) == CHILDREN  # unknown: the default
