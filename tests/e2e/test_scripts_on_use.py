"""A script a part of the page needs only once it is used comes then (data-on-use, companion.js),
so that a new phone's first load stays small (tests/e2e/test_weight.py): FEZ's letter chips
(fez.js) come at the first touch of the word's form, a scan's script (scan.js) when the photo
field is touched. On a phone (390x844) the player never sees the difference: the chips' buttons
are there from the start, a tap made while the script is on its way counts once it has come
(and once only), a form that comes back filled (an edit) shows its chips at once, and a phone
that cannot get the script types the colours instead."""

import re
import pytest
from playwright.sync_api import expect

from .phone import Table, fez_word, tap_and_type

pytestmark = pytest.mark.e2e

ANN = 0
FEZ_JS = re.compile(r"/static/fez\.[0-9a-f]{10}\.js$")


def scripts(page) -> list[str]:
    return page.evaluate("[...document.scripts].map((s) => s.src.split('/').pop())")


@pytest.fixture
def page(new_phone):
    """The scorekeeper's phone, its files all from the server (no service worker to answer
    them, which the test's slow or refused script would not go through)."""
    return new_phone("scorekeeper", service_workers="block")


@pytest.fixture
def table(page):
    return Table(page)


def test_fez_chips_come_with_the_first_touch_and_a_tap_made_meanwhile_counts_once(page, table):
    held = []  # fez.js asked for, held back: a slow Wi-Fi
    page.route(FEZ_JS, lambda route: held.append(route))
    table.new_game("fez", ["Ann", "Ben"], dealer=ANN)
    form = page.locator("#round-form")
    assert not [s for s in scripts(page) if s.startswith("fez.")]  # not with the page
    tools = form.locator(".chip-tools")
    expect(tools.get_by_role("button", name="All black")).to_be_visible()  # there from the start
    expect(page.get_by_label("Colours, one a letter")).to_be_hidden()
    page.get_by_label("The letters used").fill("PLAY")  # (the script asked for, still coming)
    tools.get_by_role("button", name="+★").tap()  # a red star (no colour chosen yet) ...
    tools.get_by_role("button", name="All black").tap()  # ... on a black flush: x2
    assert held and page.evaluate("typeof drawChips") == "undefined"  # asked for, not run yet
    held[0].continue_()
    expect(form.locator(".chips .chip[data-index]")).to_have_count(4)
    expect(page.locator("#word-colours")).to_have_value("BBBB")
    expect(page.locator("#word-stars")).to_have_value("R")  # one star, not two
    expect(page.locator("#fez-working")).to_have_text(re.compile(r"★PLAYᶠ\s+9×2×2 = 36"))


def test_an_edit_shows_its_chips_at_once(page, table):
    table.new_game("fez", ["Ann", "Ben"], dealer=ANN)
    form = fez_word(page, "Ann", "play", "All red")
    form.get_by_role("button", name="Save the word").tap()
    expect(page.locator(".totals .total")).to_have_text(["18", "0"])
    page.goto(page.get_by_role("link", name="Edit PLAY").get_attribute("href"))  # loaded whole
    chips = page.locator("#round-form .chips .chip[data-index]")
    expect(chips).to_have_count(4)  # nothing touched
    expect(chips.first).to_have_class(re.compile(r"\bred\b"))


@pytest.fixture
def console_allows():
    return [re.compile(r"^Failed to load resource: net::ERR_FAILED")]  # (fez.js refused below)


def test_a_phone_that_cannot_get_the_chips_types_the_colours(page, table):
    page.route(FEZ_JS, lambda route: route.abort())
    table.new_game("fez", ["Ann", "Ben"], dealer=ANN)
    form = page.locator("#round-form")
    form.get_by_role("radio", name="Ann", exact=True).tap()
    tap_and_type(page.get_by_label("The letters used"), "play")
    colours = page.get_by_label("Colours, one a letter")
    expect(colours).to_be_visible()
    expect(form.locator(".chip-tools")).to_be_hidden()
    tap_and_type(colours, "rrrr")
    form.get_by_role("button", name="Save the word").tap()
    expect(page.locator(".totals .total")).to_have_text(["18", "0"])
