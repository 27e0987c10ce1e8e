"""The family word game's pages: the round form read and checked, hand by hand."""

import pytest

from companion.pages.family import FamilyPages
from companion.rules.family import ALPHABET, FAMILY, ZAP_CARDS, standings
from companion.rules.log import Play

PAGES = FamilyPages(FAMILY)
CHILDREN = FAMILY.settings_of({})
VALUES = {**{c: 2 for c in ALPHABET}, "J": 8, "Q": 10, "X": 8, "Z": 10, **{z: 15 for z in ZAP_CARDS}}


def log(*entries) -> list[Play]:
    """Plays from (kind, data) pairs, numbered in order."""
    return [Play(i, kind, data) for i, (kind, data) in enumerate(entries, start=1)]


def form(winner, *seats, values=None):
    """A round form: each seat a points string, or a (cards, {zap: n}) pair."""
    f = {"winner": str(winner)}
    for seat, entry in enumerate(seats):
        if isinstance(entry, tuple):
            f[f"cards-{seat}"] = entry[0]
            f.update({f"zap-{seat}-{z}": str(n) for z, n in entry[1].items()})
        else:
            f[f"points-{seat}"] = entry
    return f


def read(f, players=3, values=None):
    s = standings(CHILDREN, players, 0, log(("card-values", {"values": values})) if values else [])
    return PAGES.read_round(f, players, CHILDREN, s)


@pytest.mark.parametrize("f, values, problem", [
    (form(0, "", "12", "30"), None, None),
    (form(0, "5", "12", "30"), None, ("points-0", "The round’s winner has no cards left: 0 points.")),
    ({"points-1": "3", "points-2": "4"}, None,
     ("winner", "Choose the one player who went out: they won the round.")),
    (form(0, "", "", "30"), None, ("points-1", "Type the points left in this hand.")),
    (form(0, "", "201", "30"), None,
     ("points-1", "Points left in a hand are a whole number from 0 to 200.")),
    (form(0, "", "-4", "30"), None,
     ("points-1", "Points left in a hand are a whole number from 0 to 200.")),
    (form(0, "", "²", "30"), None,
     ("points-1", "Points left in a hand are a whole number from 0 to 200.")),
    (form(0, "", ("QZ", {}), "30"), None,
     ("points-1", "Type the points: the table has not set card values.")),
    (form(0, "", ("Q1", {}), "30"), VALUES, ("points-1", "Type the letters of the cards left, A–Z.")),
    (form(0, "", ("Q", {"WILD": 3}), "30"), VALUES, ("points-1", "A hand holds 0 to 2 Wild cards.")),
])
def test_a_round_form_is_checked_with_the_reason(f, values, problem):
    _, errors = read(f, values=values)
    assert (next(iter(errors.items())) if errors else None) == problem


def test_cards_left_are_counted_from_the_values_the_table_set():
    data, errors = read(form(2, ("QAE", {"WILD": 1}), ("ZZ", {"CHECK": 2}), ""), values=VALUES)
    assert errors == {}
    assert data["points"] == [10 + 2 + 2 + 15, 20 + 30, 0]
    typed_too = form(2, "29", "", "")
    typed_too.update({"cards-0": "QAE", "zap-0-WILD": "1", "cards-1": "ZZ"})
    assert read(typed_too, values=VALUES) == ({"winner": 2, "points": [29, 20, 0],
                                              "cards": ["QAE+WILD", "ZZ", ""]}, {})
    wrong = form(2, "30", "5", "")
    wrong["cards-0"] = "QAE"
    assert read(wrong, values=VALUES)[1] == {
        "points-0": "The cards left add up to 14, not 30: correct one."}
