"""Errors as a phone (390x844) shows them: the words together over the deck (four Zs in a
FOOT! round) said while they are typed, the words involved marked; "Not saved yet" only while
something is marked; a family hand's reason said once; on the challenge page the note
"Overrules the judge" beside the verdict it explains, after both. Screenshots, light and dark,
in /tmp/hferr-shots."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import phone
from .screens import Family

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/hferr-shots")
ANN, BEN, CAT = 0, 1, 2
CLASH = "This round uses 4 Zs (the deck has 3)."
NOT_SAVED = "Not saved yet: fix what is marked below."


def shoot_both(page, name: str) -> None:
    phone.shoot_light_and_dark(page, name, SHOTS)


def test_four_zs_in_a_round_are_said_while_typed_and_the_words_marked(page, table):
    table.new_game("foot", ["Ann", "Ben", "Cat"])
    table.went_out(ANN)
    table.word(ANN).fill("jazzy")
    table.word(BEN).fill("fizzy")
    table.word(CAT).fill("house")
    # before any save: the round's problem at the top of the form, each word's share beside it
    problem = page.locator("#round-problem")
    expect(problem).to_have_text(CLASH)
    expect(problem).to_be_in_viewport()
    expect(table.note(ANN)).to_have_text("JAZZY has 2 of the 4 Zs.")
    expect(table.note(BEN)).to_have_text("FIZZY has 2 of the 4 Zs.")
    for seat in (ANN, BEN):
        expect(table.note(seat)).to_have_class(re.compile(r"\bproblem\b"))
    expect(table.note(CAT)).to_have_text("")
    shoot_both(page, "foot-clash-live")
    # saved anyway: refused, the same reason once, the words still marked
    table.save_round()
    expect(page.locator("#round-form [role=alert]")).to_have_text([CLASH])
    expect(page.get_by_text(NOT_SAVED)).to_be_visible()
    expect(table.note(BEN)).to_have_text("FIZZY has 2 of the 4 Zs.")
    assert page.locator("main").inner_text().count(CLASH) == 1
    # corrected: the problem, the marks and "Not saved yet" all go
    table.word(BEN).fill("foxes")
    expect(problem).to_be_hidden()
    expect(table.note(ANN)).to_have_text("")
    expect(page.get_by_text(NOT_SAVED)).to_have_count(0)


def test_not_saved_yet_goes_when_nothing_is_marked_any_more(page, table):
    table.new_game("foot", ["Ann", "Ben", "Cat"])
    table.went_out(ANN)
    table.word(ANN).fill("jazzy")
    table.word(CAT).fill("house")
    table.save_round()  # Ben's word forgotten
    expect(page.get_by_text(NOT_SAVED)).to_be_visible()
    expect(table.seat(BEN)).to_have_class(re.compile(r"\bhas-error\b"))
    table.word(BEN).fill("quota")
    expect(table.seat(BEN)).not_to_have_class(re.compile(r"\bhas-error\b"))
    expect(page.get_by_text(NOT_SAVED)).to_have_count(0)


def test_a_family_hands_reason_shows_once(page, table):
    table.new_game("family", ["Ann", "Bo", "Cy"])
    game = Family(page, ["Ann", "Bo", "Cy"])
    game.went_out(ANN)
    game.points(1).fill("999")
    game.points(2).fill("4")
    reason = "Points left in a hand are a whole number from 0 to 200."
    expect(page.get_by_text(reason)).to_have_count(1)  # as typed: beside the hand
    game.save(1)
    expect(page.get_by_role("alert").filter(has_text=reason)).to_be_visible()
    expect(page.get_by_text(reason)).to_have_count(1)
    assert page.locator("main").inner_text().count(reason) == 1


@pytest.mark.parametrize("seat, word, judge", [(ANN, "JAZZY", "stands"), (BEN, "BLORF", "rejected")])
def test_the_overrule_note_follows_both_verdicts_beside_the_override(page, table, seat, word, judge):
    url = table.new_game("foot", ["Ann", "Ben", "Cat"])
    table.fill_round(["JAZZY", "BLORF", "HOUSE"], out=ANN)
    table.save_round()
    expect(table.totals).to_have_count(3)
    expect(page.locator("#round-1")).to_be_visible()
    page.goto(f"{url}/challenge?round=1&seat={seat}")
    verdicts = page.get_by_role("group", name="Verdict")
    radios = verdicts.get_by_role("radio")
    expect(radios).to_have_count(2)
    expect(radios.first).to_have_attribute("value", judge)  # the judge's verdict, ticked, first
    expect(radios.first).to_be_checked()
    note = verdicts.get_by_text("Overrules the judge: a house decision")
    expect(note).to_have_count(1)
    below = note.bounding_box()["y"]
    assert all(below > radios.nth(i).bounding_box()["y"] for i in range(2))  # after both
    expect(radios.nth(1)).to_have_accessible_description("Overrules the judge: a house decision")
    shoot_both(page, f"challenge-{word.lower()}")
