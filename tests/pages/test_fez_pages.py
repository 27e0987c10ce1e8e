"""FEZ's pages: the word form's cards and colours, the round-end and game-end forms."""

from companion.pages.fez import FezPages
from companion.rules.fez import FEZ, standings
from companion.rules.log import Play

PAGES = FezPages(FEZ)
PLAIN = FEZ.defaults()


def log(*entries) -> list[Play]:
    return [Play(i, kind, data) for i, (kind, data) in enumerate(entries, start=1)]


def word(seat, tiles, colours, stars=""):
    return ("word", {"seat": seat, "tiles": tiles, "colours": colours, "stars": stars})


def test_a_card_has_one_colour_on_the_word_form():
    """The cards field ("PL A Y") gives both letters of a card its one colour."""
    data, errors = PAGES.read_round({"seat": "0", "tiles": "play", "colours": "rbbb",
                                     "cards": "pl a y"}, 2, PLAIN)
    assert errors == {"colours": "PL is one card, and a card has one colour: give its two "
                                 "letters the same colour."}
    data, errors = PAGES.read_round({"seat": "0", "tiles": "play", "colours": "bbrr",
                                     "cards": "pl ay"}, 2, PLAIN)
    assert not errors and data["cards"] == [2, 2]
    data, errors = PAGES.read_round({"seat": "0", "tiles": "play", "colours": "bbrr",
                                     "cards": "p l a y"}, 2, PLAIN)
    assert not errors and "cards" not in data  # one letter a card, as when nothing is said


def test_a_round_ends_only_with_something_counted():
    s = standings(PLAIN, 2, 0, log(word(0, "PLAY", "BBBB")))
    assert PAGES.read_play("round-end", {}, s)[1] == {
        "out": "Tick who played their last card, or type the cards left in each hand: nothing "
               "was counted."}
    assert PAGES.read_play("round-end", {"out": "0"}, s) == ({"hands": [0, 0], "out": 0}, {})
    assert PAGES.read_play("round-end", {"points-1": "4"}, s) == ({"hands": [0, 4], "out": None}, {})


def test_the_game_ends_with_a_round_uncounted_only_when_the_scorekeeper_says_so():
    played = log(word(0, "PLAY", "BBBB"))
    s = standings(PLAIN, 2, 0, played)
    assert PAGES.read_play("game-end", {}, s) == ({}, {
        "uncounted": "Round 1’s hands are not counted: count them first, or tick “End without "
                     "counting them”."})
    assert PAGES.read_play("game-end", {"uncounted": "yes"}, s) == ({"uncounted": True}, {})
    counted = standings(PLAIN, 2, 0, played + [Play(2, "round-end", {"hands": [0, 5], "out": 0})])
    assert PAGES.read_play("game-end", {}, counted) == ({}, {})
