"""The phone's Enter key (Next, Go) in a round's field, at 390x844: it moves to the next field
to fill and, from the last one, saves; with the page's script off it saves. It never sends a
player's scan (an empty photo: "The photo is empty (0 bytes)").

FOOT! card values: vowels 1, VWXY 10, JQZ 20, other consonants 3; +10 for going out first.
FEZ: PLAY is P 3 + L 1 + A 1 + Y 4 = 9, x2 as a red flush.
"""

import pytest
from playwright.sync_api import expect

from .phone import Table, tap_and_type

pytestmark = pytest.mark.e2e

EMPTY_PHOTO = "The photo is empty"


def scans_sent(page) -> list[str]:
    """The scan requests the page makes from now on (none is wanted)."""
    sent = []
    page.on("request", lambda request: "/scan/" in request.url and sent.append(request.url))
    return sent


def test_enter_in_a_foot_word_moves_to_the_next_word_then_saves_the_round(page, table):
    table.new_game("foot", ["Ann", "Ben", "Cat"])
    sent = scans_sent(page)
    table.went_out(0)
    for seat, word in enumerate(["JAZZY", "QUOTA"]):
        tap_and_type(table.word(seat), word)
        table.word(seat).press("Enter")
        expect(table.word(seat + 1)).to_be_focused()  # on to the next player's word
        expect(table.word(seat + 1)).to_have_attribute("enterkeyhint", "next" if seat == 0 else "done")
    expect(page.get_by_text(EMPTY_PHOTO)).to_have_count(0)
    expect(table.word(0)).to_have_value("JAZZY")
    # From the last word, everything filled: the round saves (JAZZY 71 + 10, QUOTA 26, HOUSE 9).
    tap_and_type(table.word(2), "HOUSE")
    table.word(2).press("Enter")
    expect(table.totals).to_have_text(["81", "26", "9"])
    expect(table.word(0)).to_have_value("")  # the form is round 2's
    expect(page.get_by_text(EMPTY_PHOTO)).to_have_count(0)
    assert sent == []


def test_enter_in_fez_s_letters_moves_on_then_saves_the_word(page, table):
    table.new_game("fez", ["Ann", "Ben", "Cat"])
    sent = scans_sent(page)
    form = page.locator("#round-form")
    form.get_by_role("radio", name="Ben", exact=True).tap()
    letters = page.get_by_label("The letters used")
    reads = page.get_by_label("With blanks: the word as it reads")
    tap_and_type(letters, "play")
    form.locator(".chip-tools").get_by_role("button", name="All red", exact=True).tap()
    expect(page.locator("#word-colours")).to_have_value("RRRR")
    letters.press("Enter")
    expect(reads).to_be_focused()  # the next field to fill (the typed colours are chips)
    expect(page.get_by_text(EMPTY_PHOTO)).to_have_count(0)
    expect(letters).to_have_value("play")
    reads.press("Enter")  # the last field: the word is saved
    expect(page.locator(".totals .total")).to_have_text(["0", "18", "0"])
    expect(letters).to_have_value("")
    expect(page.get_by_text(EMPTY_PHOTO)).to_have_count(0)
    assert sent == []


def test_without_the_script_enter_in_a_foot_word_saves_the_round(new_phone):
    page = new_phone("no script", java_script_enabled=False)
    table = Table(page)
    table.new_game("foot", ["Ann", "Ben", "Cat"])
    expect(page.get_by_role("button", name="Read the photo").first).to_be_visible()  # no script
    table.fill_round(["JAZZY", "QUOTA", "HOUSE"], out=0)
    table.word(0).press("Enter")
    expect(table.totals).to_have_text(["81", "26", "9"])
    expect(page.get_by_text(EMPTY_PHOTO)).to_have_count(0)
