"""FOOT!/ZOOT! rules: every number in foot.txt and NOTES.md, table-driven."""

import pytest

from companion.rules import foot
from companion.rules.base import normalize
from companion.rules.foot import (FOOT, REJECTED, STANDS, ZOOT, Play, RoundError, tally,
                                  word_points)
from tests.helpers import log


def check_round(variant, words, out) -> dict:
    """The rules' check of a new round's words and who went out (not the final round)."""
    return variant.check_round(None, {"words": words, "out": out, "final": False}, None)



def test_deck_holds_118_letters_and_4_wilds():
    assert sum(foot.DECK.values()) == 118
    assert foot.WILDS_IN_DECK == 4
    assert "".join(f"{c}{n}" for c, n in sorted(foot.DECK.items())) == (
        "A10B2C2D4E14F2G5H3I9J2K2L4M3N6O9P3Q2R7S5T6U4V2W3X3Y3Z3")


@pytest.mark.parametrize("cards, value", [
    ("AEIOU", 1), ("VWXY", 10), ("JQZ", 20), ("BCDFGHKLMNPRST", 3), ("?", 0),
])
def test_card_values(cards, value):
    assert {foot.card_points(c) for c in cards} == {value}


@pytest.mark.parametrize("word, points", [
    ("JAZZY", 71), ("JA?ZY", 51), ("QUOTA", 26), ("", 0), ("ZYXWVUT", 20 + 10 * 4 + 1 + 3),
])
def test_word_points(word, points):
    assert word_points(word) == points


@pytest.mark.parametrize("variant, word, going_out, problem", [
    (FOOT, "JAZZY", True, None),
    (FOOT, "JA?ZY", False, None),
    (FOOT, "JA?ZY", True, "The going-out word cannot use the wild card."),
    (FOOT, "J??ZY", False, "A word can use at most one wild card."),
    (FOOT, "OXBOWS", False, "A FOOT! word has 5 letters; OXBOWS has 6."),
    (FOOT, "QUOT", False, "A FOOT! word has 5 letters; QUOT has 4."),
    (ZOOT, "JAZZY", False, "A ZOOT! word has 7 letters; JAZZY has 5."),
    (ZOOT, "JAZZIER", True, None),
    (FOOT, "JA2ZY", False, "Only letters A–Z, and ? for the wild: remove “2”."),
    (FOOT, "JAÉZY", False, "Only letters A–Z, and ? for the wild: remove “É”."),
    (FOOT, "", True, "The player who went out must have laid a word."),
    (FOOT, "", False, None),
    (FOOT, "A" * 10_000, False, "A FOOT! word has 5 letters."),
])
def test_word_problem(variant, word, going_out, problem):
    assert foot.word_problem(variant, word, going_out) == problem


# Every problem of a word at once, the offending characters quoted: fixing one problem
# should not uncover another.
@pytest.mark.parametrize("variant, word, going_out, problems", [
    # a digit and four Zs: both, not only the digit
    (FOOT, "ZZZZ0", False, ["Only letters A–Z, and ? for the wild: remove “0”.",
                            "This word uses 4 Zs (the deck has 3)."]),
    (FOOT, "Z0", False, ["Only letters A–Z, and ? for the wild: remove “0”.",
                         "A FOOT! word has 5 letters; Z0 has 2."]),
    (FOOT, "J??JJ1", True, ["Only letters A–Z, and ? for the wild: remove “1”.",
                            "A FOOT! word has 5 letters; J??JJ1 has 6.",
                            "The going-out word cannot use the wild card.",
                            "This word uses 3 Js (the deck has 2)."]),
    (ZOOT, "QQQ?!?0", False, ["Only letters A–Z, and ? for the wild: remove “!” and “0”.",
                              "A word can use at most one wild card.",
                              "This word uses 3 Qs (the deck has 2)."]),
    (FOOT, "JA\u200bZY", False, ["Only letters A–Z, and ? for the wild: remove U+200B."]),
    (FOOT, "JAZZY", True, []),
])
def test_word_problems_lists_every_problem(variant, word, going_out, problems):
    assert foot.word_problems(variant, word, going_out) == problems
    assert foot.word_problem(variant, word, going_out) == (" ".join(problems) or None)


def test_a_word_over_the_deck_by_itself_is_that_words_problem():
    assert check_round(FOOT, ["ZZZZ0", "QUOTA"], 1) == {"word-0": "Only letters A–Z, and ? for the wild: remove “0”. "
                                             "This word uses 4 Zs (the deck has 3)."}


def test_the_deck_is_checked_even_when_nobody_went_out():
    assert check_round(FOOT, ["JAZZY", "FIZZY"], None) == {
        "out": "Choose the one player who went out first.",
        "deck": "This round uses 4 Zs (the deck has 3).",
        "deck-0": "JAZZY has 2 of the 4 Zs.", "deck-1": "FIZZY has 2 of the 4 Zs."}


@pytest.mark.parametrize("word, out, note", [
    ("WAL?Z", 0, "The going-out word cannot use the wild card."),
    ("Q1", 0, "Only letters A–Z, and ? for the wild: remove “1”."),
    ("OXBOWS", 1, "A FOOT! word has 5 letters; OXBOWS has 6."),
    ("J??", 1, "A word can use at most one wild card."),
    ("ZZZZ", 1, "This word uses 4 Zs (the deck has 3)."),
])
def test_a_refused_word_shows_no_points(word, out, note):
    shown = foot.preview(FOOT, [word, ""], out)[0]
    assert (shown.points, shown.bonus, shown.note, shown.is_problem) == (None, 0, note, True)


@pytest.mark.parametrize("word, out, points, bonus, note", [
    ("WALTZ", 0, 37 + 10, 10, None),  # W10 A1 L3 T3 Z20, +10 for going out
    ("WA?TZ", 1, 34, 0, None),
    ("JA?", 1, 21, 0, "3 of 5 letters"),  # still being typed: not a problem yet
    ("", 1, 0, 0, None),
])
def test_a_word_that_can_be_laid_shows_its_points(word, out, points, bonus, note):
    shown = foot.preview(FOOT, [word, ""], out)[0]
    assert (shown.points, shown.bonus, shown.note, shown.is_problem) == (points, bonus, note, False)


def test_normalize_keeps_non_ascii_visible():
    assert normalize(" ja zzy\t") == "JAZZY"
    assert normalize("straße") == "STRAßE"  # not STRASSE: ß is a mistake to show


@pytest.mark.parametrize("words, out, errors", [
    (["JAZZY", "QUOTA", ""], None, {"out": "Choose the one player who went out first."}),
    (["JAZZY", "QUOTA", ""], 2, {"word-2": "The player who went out must have laid a word."}),
    # the words together: the round's problem, and each word's share of it (its own sentence)
    (["JAZZY", "ZIZ?S", ""], 0, {"deck": "This round uses 4 Zs (the deck has 3).",
                                 "deck-0": "JAZZY has 2 of the 4 Zs.", "deck-1": "ZIZ?S has 2 of the 4 Zs."}),
    (["JAZZY", "JAZZ?", "JAPE?"], 0,
     {"deck": "This round uses 3 Js (the deck has 2), 4 Zs (the deck has 3).",
      "deck-0": "JAZZY has 1 of the 3 Js and 2 of the 4 Zs.",
      "deck-1": "JAZZ? has 1 of the 3 Js and 2 of the 4 Zs.", "deck-2": "JAPE? has 1 of the 3 Js."}),
    (["QUOTA", "QUOTA", "QUOTA"], 0, {"deck": "This round uses 3 Qs (the deck has 2).",
                                      **{f"deck-{s}": "QUOTA has 1 of the 3 Qs." for s in range(3)}}),
    (["JA?ZY", "QUOTA"], 1, {}),
])
def test_check_round(words, out, errors):
    assert check_round(FOOT, words, out) == errors


def test_five_wilds_exceed_the_deck():
    # Only a forged form can send five players, but the deck still decides.
    assert check_round(FOOT, ["BRAVE", "?ABLE", "?OUSE", "?INED", "?ATER", "?ONES"], 0) == {
        "deck": "This round uses 5 wilds (the deck has 4).",
        **{f"deck-{s}": f"{w} has 1 of the 5 wilds." for s, w in enumerate(["?ABLE", "?OUSE", "?INED", "?ATER", "?ONES"], 1)}}


# --- the tally ---------------------------------------------------------------

def rnd(words, out, final=False):
    return ("round", {"words": words, "out": out, "final": final})


def test_going_out_scores_word_plus_ten_and_others_score_cards():
    t = tally(3, 0, log(rnd(["JAZZY", "JA?ZY", ""], 0)))
    assert t.totals == (81, 51, 0)


@pytest.mark.parametrize("seat, challenger, verdict, totals", [
    # Rejected going-out word: 0 (loses the +10 too); challenger gains the card value 71.
    (0, 1, REJECTED, (0, 51 + 71, 0)),
    # Rejected ordinary word: 0; the challenger gains 51.
    (1, 2, REJECTED, (81, 0, 51)),
    # The word stands: the challenger loses its card value (71, not 81).
    (0, 2, STANDS, (81, 51, -71)),
    (1, 0, STANDS, (81 - 51, 51, 0)),
])
def test_challenge_consequences(seat, challenger, verdict, totals):
    t = tally(3, 0, log(rnd(["JAZZY", "JA?ZY", ""], 0),
                        ("challenge", {"round": 1, "seat": seat, "challenger": challenger,
                                       "verdict": verdict})))
    assert t.totals == totals


@pytest.mark.parametrize("dealer, words, out, next_dealer, next_starter", [
    # seat 1 lowest (26+10, 0, 71): seat 0 on its right deals, seat 1 starts
    (0, ["QUOTA", "", "JAZZY"], 0, 0, 1),
    (0, ["QUOTA", "JAZZY", ""], 1, 1, 2),  # seat 2 lowest
    (1, ["", "JAZZY", "QUOTA"], 1, 2, 0),  # seat 0 lowest: its right is seat 2
    (2, ["", "JAZZY", ""], 1, 2, 0),  # tie for lowest: the dealer deals again
])
def test_next_dealer_and_starter(dealer, words, out, next_dealer, next_starter):
    """After a round, the tally says who deals and who plays first next."""
    t = tally(3, dealer, log(rnd(words, out)))
    assert (t.rows[0].dealer, t.dealer, t.starter) == (dealer, next_dealer, next_starter)


def test_first_round_dealer_and_starter():
    t = tally(3, 2, [])
    assert (t.dealer, t.starter, t.next_number, t.finished) == (2, 0, 1, False)


def test_the_lowest_scorer_plays_first_next_round():
    # Bo (seat 1) scores 0: Ann on Bo's right deals, Bo plays first.
    t = tally(3, 2, log(rnd(["JAZZY", "", "QUOTA"], 0)))
    assert (t.dealer, t.starter) == (0, 1)
    assert (t.rows[0].dealer, t.rows[0].starter) == (2, 0)


def test_the_round_score_after_challenges_picks_the_lowest():
    # Ann's rejected word leaves her lowest (0), though Cy laid no word: Cy gains 71.
    t = tally(3, 0, log(rnd(["JAZZY", "QUOTA", ""], 0),
                        ("challenge", {"round": 1, "seat": 0, "challenger": 2,
                                       "verdict": REJECTED})))
    assert t.rows[0].scores == (0, 26, 71)
    assert (t.dealer, t.starter) == (2, 0)


def test_edit_replaces_a_round_and_keeps_its_place():
    t = tally(2, 0, log(rnd(["JAZZY", "QUOTA"], 0), rnd(["FJORD", ""], 0),
                        ("edit", {"round": 1, "words": ["JAZZY", "QUOTA"], "out": 1,
                                  "final": False})))
    assert [r.number for r in t.rows] == [1, 2]
    assert t.rows[0].out == 1 and t.rows[0].edited and not t.rows[1].edited
    # Round 1 now: JAZZY 71, QUOTA 26 + 10. Round 2: FJORD 3+20+1+3+3 = 30, + 10.
    assert t.totals == (71 + 40, 36)


def test_void_undoes_and_a_void_of_a_void_restores():
    plays = log(rnd(["JAZZY", "QUOTA"], 0), rnd(["FJORD", ""], 0),
                ("void", {"play": 2, "reason": "delete"}))
    assert tally(2, 0, plays).totals == (81, 26)
    restored = plays + [Play(4, "void", {"play": 3, "reason": "undo"})]
    assert tally(2, 0, restored).totals == (81 + 40, 26)


def test_undoing_an_edit_brings_back_the_previous_version():
    plays = log(rnd(["JAZZY", "QUOTA"], 0),
                ("edit", {"round": 1, "words": ["JAZZY", ""], "out": 0, "final": False}),
                ("void", {"play": 2, "reason": "undo"}))
    assert tally(2, 0, plays).totals == (81, 26)


def test_a_challenge_on_a_word_edited_away_no_longer_counts():
    plays = log(rnd(["JAZZY", "QUOTA"], 0),
                ("challenge", {"round": 1, "seat": 1, "challenger": 0, "verdict": REJECTED}),
                ("edit", {"round": 1, "words": ["JAZZY", ""], "out": 0, "final": False}))
    assert tally(2, 0, plays).totals == (81, 0)


@pytest.mark.parametrize("rounds, finished, leaders", [
    ([rnd(["JAZZY", "QUOTA"], 0)], False, (0,)),
    # 81 + 26 each: a tie, both named.
    ([rnd(["JAZZY", "QUOTA"], 0), rnd(["QUOTA", "JAZZY"], 1, final=True)], True, (0, 1)),
    ([rnd(["QUOTA", "JAZZY"], 1, final=True)], True, (1,)),
])
def test_final_round_ends_the_game_and_names_the_winners(rounds, finished, leaders):
    t = tally(2, 0, log(*rounds))
    assert (t.finished, t.leaders) == (finished, leaders)


@pytest.mark.parametrize("seat, challenger, verdict, field", [
    (0, 0, REJECTED, "challenger"),
    (2, 0, REJECTED, "seat"),  # Cy laid no word
    (1, 5, REJECTED, "challenger"),
    (1, 0, "maybe", "verdict"),
])
def test_check_challenge_refuses_what_cannot_happen(seat, challenger, verdict, field):
    t = tally(3, 0, log(rnd(["JAZZY", "QUOTA", ""], 0)))
    with pytest.raises(RoundError) as raised:
        foot.check_challenge(t, 1, seat, challenger, verdict)
    assert field in raised.value.errors


def test_a_word_is_challenged_once():
    t = tally(2, 0, log(rnd(["JAZZY", "QUOTA"], 0),
                        ("challenge", {"round": 1, "seat": 1, "challenger": 0, "verdict": STANDS})))
    with pytest.raises(RoundError, match="already been challenged"):
        foot.check_challenge(t, 1, 1, 0, REJECTED)


def test_a_round_before_the_last_is_challenged_only_once_confirmed():
    """The sheet: a challenge "before the cards are gathered for the next round". A word of
    an earlier round asks the scorekeeper first; the confirmation is in the play, so a
    replayed log is checked as the page checked it."""
    t = tally(2, 0, log(rnd(["JAZZY", "QUOTA"], 0), rnd(["QUOTA", "JAZZY"], 1)))
    earlier, last = t.rows
    target = FOOT.challenge_target(t, {"round": str(earlier.id), "seat": "1"})
    assert FOOT.challenge_question(t, target) == (
        "This round’s cards were gathered already: challenge round 1 anyway?")
    data, errors = FOOT.challenge_data(t, target, 0, REJECTED)
    assert list(errors) == ["confirm"] and "Round 1’s cards were gathered already" in errors["confirm"]
    data, errors = FOOT.challenge_data(t, target, 0, REJECTED, confirmed=True)
    assert not errors and data == {"round": earlier.id, "seat": 1, "challenger": 0,
                                   "verdict": REJECTED, "late": True}
    # the last round's words are challenged as before: nothing to confirm, nothing recorded
    target = FOOT.challenge_target(t, {"round": str(last.id), "seat": "1"})
    assert FOOT.challenge_question(t, target) is None
    assert FOOT.challenge_data(t, target, 0, REJECTED) == (
        {"round": last.id, "seat": 1, "challenger": 0, "verdict": REJECTED}, {})
    with pytest.raises(RoundError, match="tick “Challenge it anyway”"):
        foot.check_challenge(t, earlier.id, 1, 0, REJECTED)
    assert foot.check_challenge(t, earlier.id, 1, 0, REJECTED, late=True) is earlier
