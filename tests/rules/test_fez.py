"""FEZ: every worked number of fez.txt and NOTES.md, lay-offs, stars, the end of a round and the
nasty rules, table-driven and pure."""

import pytest

from companion.rules.base import REJECTED
from companion.rules.fez import FEZ, label, score_word, standings
from tests.helpers import log

PLAIN = FEZ.defaults()
NASTY = {**PLAIN, "nasty_layoff": True, "nasty_star": True, "nasty_hands": True}


def word(seat, tiles, colours, stars=""):
    return ("word", {"seat": seat, "tiles": tiles, "colours": colours, "stars": stars})


def layoff(seat, onto, before, after, colours, stars="", called=None):
    data = {"seat": seat, "onto": onto, "before": before, "after": after, "colours": colours,
            "stars": stars}
    if called:
        data["word"] = called
    return ("layoff", data)


def end(*hands, out=None):
    return ("round-end", {"hands": list(hands), "out": out})


@pytest.mark.parametrize("tiles, colours, stars, total, working, shown", [
    ("SELL", "RRRR", "", 8, "4×2 = 8", "SELLᶠ"),  # a flush
    ("SELLS", "RRRRB", "", 5, "5", "SELLS"),  # one S off-colour: no flush
    ("FEZ", "BBB", "B", 120, "15×2×2×2 = 120", "★FEZᶠ"),  # a star of the flush colour: double double
    ("FEZ", "BBB", "BR", 240, "15×2×2×2×2 = 240", "★★FEZᶠ"),  # and a star of the other colour
    ("PLACING", "RRRRRRR", "", 124, "(12+50)×2 = 124", "PLACING⁷ᶠ"),
    ("FIN", "RBR", "B", 12, "6×2 = 12", "★FIN"),  # not a flush, a star
    ("PLAY", "BBBB", "", 18, "9×2 = 18", "PLAYᶠ"),
    ("SING", "RBRB", "", 5, "5", "SING"),
    ("PLAYING", "RRRBRRR", "", 63, "13+50 = 63", "PLAYING⁷"),  # the bonus, no flush
    ("PLACINGS", "R" * 8, "", 226, "(13+100)×2 = 226", "PLACINGS⁸ᶠ"),  # +100 for 8 letters
    ("FE?", "RRR", "", 10, "5×2 = 10", "FE?ᶠ"),  # a blank: 0, and it keeps the flush
])
def test_the_sheets_worked_examples(tiles, colours, stars, total, working, shown):
    score = score_word(tiles, colours, stars)
    assert (score.total, score.working, label(tiles, colours, stars)) == (total, working, shown)


def test_the_sheets_score_table():
    """Bob: PLACING⁷ᶠ 124, SING 5 -> 129; Carol: ★FIN 12, PLAYᶠ 18 -> 30."""
    s = standings(PLAIN, 2, 0, log(word(0, "PLACING", "R" * 7), word(1, "FIN", "RBR", "B"),
                                    word(0, "SING", "RBRB"), word(1, "PLAY", "BBBB")))
    assert s.totals == (129, 30)
    (r,) = s.rows
    assert [(e.label, e.score.working) for e in r.entries] == [
        ("PLACING⁷ᶠ", "(12+50)×2 = 124"), ("★FIN", "6×2 = 12"), ("SING", "5"), ("PLAYᶠ", "9×2 = 18")]


@pytest.mark.parametrize("settings, lay, totals, note", [
    # S in the flush colour keeps PLAY's flush: the extender scores 1×2
    (PLAIN, layoff(0, 1, "S", "", "B"), (2, 18), "keeps the flush"),
    # ING off-colour: face value only (1+1+2), PLAY keeps its flush double
    (PLAIN, layoff(0, 1, "", "ING", "RRR"), (4, 18), "off colour"),
    # the nasty rule: an off-colour lay-off spoils PLAY's flush, Carol falls to 9
    (NASTY, layoff(0, 1, "", "ING", "RRR"), (4, 9), "spoils"),
    # the nasty rule does not touch a lay-off that keeps the colour
    (NASTY, layoff(0, 1, "S", "", "B"), (2, 18), "keeps, nasty"),
])
def test_a_lay_off_scores_the_letters_added(settings, lay, totals, note):
    s = standings(settings, 2, 0, log(word(1, "PLAY", "BBBB"), lay))
    assert s.totals == totals, note
    assert s.extra["words"][1].current in ("SPLAY", "PLAYING")


def test_later_lay_offs_build_on_the_extended_word_and_its_colour():
    s = standings(PLAIN, 2, 0, log(word(1, "PLAY", "BBBB"), layoff(0, 1, "S", "", "R"),
                                   layoff(1, 1, "", "ING", "BBB")))
    # SPLAY is no longer a flush: ING in black scores its face value only
    assert s.extra["words"][1].current == "SPLAYING"
    assert s.totals == (1, 18 + 4)


def test_a_star_on_ones_own_word_re_scores_it():
    """E★S on one's own FIN makes FINES: ES scores as a lay-off, the star re-scores FIN."""
    s = standings(PLAIN, 2, 0, log(word(1, "FIN", "RBR", "B"), layoff(1, 1, "", "ES", "RB", stars="R")))
    fin = s.extra["words"][1]
    assert (fin.current, fin.label, fin.score.working) == ("FINES", "★★FIN", "6×2×2 = 24")
    assert s.totals == (0, 24 + 2)


def test_a_star_on_another_players_word_is_refused_and_flagged():
    s = standings(PLAIN, 2, 0, log(word(1, "FIN", "RBR"), layoff(0, 1, "", "", "", stars="R")))
    (flag,) = s.extra["flags"]
    assert flag.problem == "a star can only be laid on one's own word" and flag.points == 0
    assert s.totals == (0, 6)


def test_a_rejected_word_scores_nothing_and_refuses_its_lay_offs():
    s = standings(PLAIN, 2, 0, log(word(1, "PLAY", "BBBB"),
                                   ("challenge", {"play": 1, "challenger": 0, "verdict": REJECTED}),
                                   layoff(0, 1, "S", "", "B")))
    assert s.totals == (0, 0)
    assert s.extra["flags"][0].problem == "PLAY was rejected by a challenge"


def test_editing_a_word_re_scores_its_lay_offs_and_flags_what_no_longer_fits():
    plays = log(word(1, "PLAY", "BBBB"), layoff(0, 1, "S", "", "B", called="SPLAY"),
                ("edit", {"round": 1, "seat": 1, "tiles": "PLAY", "colours": "BBBR"}))
    s = standings(PLAIN, 2, 0, plays)
    assert s.totals == (1, 9)  # PLAY no longer a flush: S scores single
    plays = log(word(1, "PLAY", "BBBB"), layoff(0, 1, "S", "", "B", called="SPLAY"),
                ("edit", {"round": 1, "seat": 1, "tiles": "PLOY", "colours": "BBBB"}))
    s = standings(PLAIN, 2, 0, plays)
    (flag,) = s.extra["flags"]
    assert flag.problem == "SPLAY no longer fits PLOY: correct the lay-off"


@pytest.mark.parametrize("settings, totals, all_flush", [
    # Bob: PLACING⁷ᶠ and SELLᶠ, both flushes: +30; 3 left in hand. Carol: ★FEZ (a star of
    # the other colour, a flush): +30, 0 left. Dan: SING, no flush; 7 left.
    (PLAIN, (124 + 8 + 30 - 3, 60 + 30, 5 - 7), (0, 1)),
    # nasty: Carol's other-colour star spoils her bonus; the hands (3 + 7) go to Carol, who went out
    (NASTY, (124 + 8 + 30 - 3, 60 + 10, 5 - 7), (0,)),
])
def test_the_end_of_a_round_deducts_hands_and_pays_the_all_flush_bonus(settings, totals, all_flush):
    s = standings(settings, 3, 0, log(word(0, "PLACING", "R" * 7), word(1, "FEZ", "BBB", "R"),
                                      word(2, "SING", "RBRB"), word(0, "SELL", "BBBB"),
                                      end(3, 0, 7, out=1)))
    assert s.totals == totals
    assert s.rows[0].end.all_flush == all_flush


def test_totals_carry_across_rounds_until_the_scorekeeper_ends_the_game():
    s = standings(PLAIN, 2, 1, log(word(0, "SELL", "RRRR"), end(0, 4), word(1, "PLAY", "BBBB"),
                                   end(2, 0), ("game-end", {}), word(0, "ZZZ", "RRR")))
    assert s.totals == (8 + 30 - 2, -4 + 18 + 30)
    assert s.finished and s.winners == (1,)
    assert [r.dealer for r in s.rows] == [1, 0]


def test_lay_offs_belong_to_the_round_of_the_word():
    s = standings(PLAIN, 2, 0, log(word(1, "PLAY", "BBBB"), end(0, 0), layoff(0, 1, "S", "", "B")))
    assert s.extra["flags"][0].problem == "the word it extended was played in an earlier round"


def test_face_values_are_the_tables_to_change():
    values = {c: 1 for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
    s = standings(PLAIN, 2, 0, log(("face-values", {"values": values}), word(0, "FEZ", "RRR")))
    assert s.totals == (6, 0)


def test_what_could_a_hand_of_cards_have_made_counts_the_long_word_bonus(word_store):
    """Six two-letter cards typed as cards: the 7-letter word beats shorter ones by its +50."""
    from companion.words.judge import Judge

    judge = Judge(word_store)
    best = judge.best_words("PL AC IN G? XQ ZZ", FEZ.word_rules(PLAIN))[0]
    assert len(best.word) >= 7 and best.points >= 50 + 12


def test_a_card_has_one_colour_in_every_play_that_says_its_cards():
    """A word's cards ([2, 1, 1]: PL, A, Y) give both letters of a card its one colour; a play
    that says otherwise (an import, a replay) is not a FEZ play and counts for nothing (the
    word form's check of the same: tests/pages/test_fez.py)."""
    s = standings(PLAIN, 2, 0, log(
        ("word", {"seat": 0, "tiles": "PLAY", "colours": "RRRR", "stars": "", "cards": [2, 1, 1]}),
        ("word", {"seat": 1, "tiles": "PLAY", "colours": "RBBB", "stars": "", "cards": [2, 1, 1]}),
        ("word", {"seat": 1, "tiles": "PLAY", "colours": "BBBB", "stars": "", "cards": [3, 1]}),
        ("word", {"seat": 1, "tiles": "SING", "colours": "RBRB", "stars": ""})))  # one a card
    assert s.totals == (18, 5) and s.unread == (2, 3)


# --- The checks of the lay-off, round-end and game-end forms' data -------------------------

def test_a_finished_game_refuses_every_play_and_a_table_without_layoffs_a_layoff():
    over = standings(PLAIN, 2, 0, log(word(0, "PLAY", "BBBB"), end(0, 3), ("game-end", {})))
    assert FEZ.refusal("round-end", over) == {"round": "The game is over."}
    big_table = standings({**PLAIN, "no_layoffs": True}, 2, 0, log(word(0, "PLAY", "BBBB")))
    assert FEZ.refusal("layoff", big_table) == {"round": "This game is played without lay-offs."}
    assert FEZ.refusal("round-end", big_table) == {}


def test_a_layoff_goes_onto_a_word_of_this_round_not_rejected_and_a_star_onto_ones_own():
    s = standings(PLAIN, 2, 0, log(word(0, "PLAY", "BBBB"), end(0, 3), word(1, "FIN", "RBR"),
                                   ("challenge", {"play": 3, "challenger": 0, "verdict": REJECTED})))
    _, lay = layoff(1, 1, "S", "", "B")
    assert FEZ.check_play("layoff", s, lay) == {"onto": "Choose a word on the table this round."}
    _, lay = layoff(0, 3, "", "E", "R", stars="R")
    assert FEZ.check_play("layoff", s, lay) == {
        "onto": "FIN was rejected: nothing can be laid on it.",
        "stars": "A star can only be laid on one’s own word."}
    fresh = standings(PLAIN, 2, 0, log(word(0, "PLAY", "BBBB")))
    assert FEZ.check_play("layoff", fresh, layoff(0, 1, "", "S", "B", stars="R")[1]) == {}


def test_a_round_ends_with_someone_out_and_the_game_with_its_last_round_counted():
    s = standings(PLAIN, 2, 0, log(word(0, "PLAY", "BBBB")))
    assert set(FEZ.check_play("round-end", s, {"hands": [0, 0], "out": None})) == {"out"}
    assert FEZ.check_play("round-end", s, {"hands": [0, 4], "out": 0}) == {}
    assert set(FEZ.check_play("game-end", s, {})) == {"uncounted"}
    assert FEZ.check_play("game-end", s, {"uncounted": True}) == {}


@pytest.mark.parametrize("settings, rows, totals", [
    # FEZᶠ black 15×2 = 30; Bob's own black star (the flush colour) ×2×2: 120, its row +90;
    # Carol's red S after it: 1, and under the nasty rule FEZ's flush is spoiled: 15, the
    # star then ×2 only: 30, so the star's row gained 15.
    (PLAIN, [30, 90, 1], (120, 1)),
    (NASTY, [15, 15, 1], (30, 1)),
])
def test_a_stars_row_counts_its_gain_and_the_rows_add_up_to_the_word(settings, rows, totals):
    s = standings(settings, 2, 0, log(word(0, "FEZ", "BBB"), layoff(0, 1, "", "", "", stars="B"),
                                      layoff(1, 1, "", "S", "R")))
    assert [e.points for e in s.rows[0].entries] == rows
    assert s.totals == totals
    fez = s.extra["words"][1]
    assert fez.score.total == rows[0] + rows[1] and fez.row_label in ("FEZᶠ", "FEZ")


def test_a_rejected_star_does_not_re_score_the_word():
    s = standings(PLAIN, 2, 0, log(word(0, "FEZ", "BBB"), layoff(0, 1, "", "", "", stars="B"),
                                   ("challenge", {"play": 2, "challenger": 1, "verdict": REJECTED})))
    assert s.totals == (30, 0) and s.extra["words"][1].label == "FEZᶠ"
