"""Hand and Foot's pages: the round form read and checked, team by team, with the reason."""

import pytest

from companion.pages.hand_and_foot import HandAndFootPages
from companion.rules.hand_and_foot import HAND_AND_FOOT

HF = HandAndFootPages(HAND_AND_FOOT)
TEAMS = HAND_AND_FOOT.defaults()


def round_form(out="0", **fields) -> dict:
    return {"out": out, **fields}


def checked(form: dict, settings: dict) -> dict:
    """The errors of a first round's form, read by the pages and checked by the rules."""
    return HF.checked_round(form, 4, settings, HAND_AND_FOOT.standings(settings, 4, 0, []))[1]


@pytest.mark.parametrize("settings, form, field, message", [
    (TEAMS, round_form("0", **{"clean-0": "1", "meld-0-ace": "7"}), "team-0",
     "To go out a team needs at least one clean and one dirty book."),
    ({**TEAMS, "books_to_go_out": False}, round_form("0", **{"clean-0": "1", "meld-0-ace": "7"}), None, None),
    (TEAMS, round_form("0", **{"clean-0": "1", "dirty-0": "1", "meld-0-ace": "8"}), "team-0",
     "2 books hold at least 14 cards; 8 are counted melded."),
    (TEAMS, round_form("0", **{"clean-0": "1", "dirty-0": "1", "meld-0-joker": "9", "meld-0-ace": "9"}), "team-0",
     "Jokers melded: 9 is more cards than four decks hold (8 at most)."),
    (TEAMS, round_form("", **{"meld-0-ace": "3"}), "out",
     "Choose the team that went out (this table plays every round to a going out)."),
    ({**TEAMS, "nobody_out": True}, round_form("none", **{"meld-0-ace": "3"}), None, None),
    (TEAMS, round_form("0", **{"clean-0": "1", "dirty-0": "1", "meld-0-ace": "14", "meld-0-total": "200"}),
     "team-0", "The cards melded add up to 280, not 200: correct one."),
    (TEAMS, round_form("0", **{"clean-0": "²"}), "team-0", "Clean books: type a whole number from 0 to 30."),
    (TEAMS, round_form("0", **{"clean-0": "1", "dirty-0": "1", "meld-0-high": "14", "left-1-red3": "9"}),
     "team-1", "Red 3s left in hands and feet: 9 is more cards than four decks hold (8 at most)."),
])
def test_a_round_is_checked_with_the_reason(settings, form, field, message):
    errors = checked(form, settings)
    assert errors.get(field) == message if field else errors == {}


#: Ann & Cy go out with a clean and a dirty book: 8 aces, 6 of 6 to King and a joker.
OUT = {"clean-0": "1", "dirty-0": "1", "meld-0-ace": "8", "meld-0-high": "6", "meld-0-joker": "1"}


@pytest.mark.parametrize("form, field, message", [
    # melded and left count together (one team's), across teams, against four decks
    ({**OUT, "meld-0-joker": "", "meld-0-two": "1", "meld-1-joker": "5", "meld-1-high": "6",
      "left-1-joker": "4"}, "round", "The teams count 9 jokers, melded and left; four decks hold 8."),
    ({**OUT, "meld-0-joker": "", "meld-0-two": "1", "meld-1-joker": "8", "meld-1-high": "9",
      "left-1-joker": "1"}, "round", "The teams count 9 jokers, melded and left; four decks hold 8."),
    ({**OUT, "meld-1-two": "7", "meld-1-high": "8", "left-1-two": "10"}, "round",
     "The teams count 17 deuces, melded and left; four decks hold 16."),
    ({**OUT, "meld-0-joker": "5", "meld-1-high": "3", "left-1-joker": "4"}, "round",  # across teams
     "The teams count 9 jokers, melded and left; four decks hold 8."),
    # a dirty book holds a wild card
    ({**OUT, "meld-0-joker": "", "meld-0-high": "7"}, "team-0",
     "A dirty book holds a wild card; no joker or deuce is counted melded."),
    ({**OUT, "dirty-0": "2", "meld-0-high": "12"}, "team-0", "2 dirty books hold 2 wild cards at least; 1 is counted melded."),
    # every meld has more naturals than wild cards, so the team's naturals outnumber its wilds
    ({**OUT, "meld-1-joker": "7", "meld-1-ace": "6"}, "team-1",
     "7 wild cards melded against 6 natural cards: every meld has more naturals than wild cards."),
    ({**OUT, "meld-1-two": "3"}, "team-1",
     "3 wild cards melded against 0 natural cards: every meld has more naturals than wild cards."),
])
def test_cards_melded_must_be_melds_four_decks_can_hold(form, field, message):
    errors = checked({"out": "0", **form}, TEAMS)
    assert errors.get(field) == message


def test_a_round_four_decks_can_hold_with_real_melds_is_accepted():
    form = {"out": "0", **OUT, "meld-0-joker": "4", "left-1-joker": "4", "meld-1-two": "7",
            "meld-1-high": "8", "left-1-two": "9", "dirty-0": "1"}
    assert checked(form, TEAMS) == {}
