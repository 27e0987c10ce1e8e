"""FEZ on the scorekeeper's phone (390x844): a star of either colour on any flush, two letters
of one card in one colour, and the end of a round or of the game never skipped by a stray tap.

Face values (standard Scrabble, NOTES.md): P 3, L 1, A 1, Y 4: PLAY = 9. A flush x2; a star of
the flush colour x2x2, of the other colour x2.
"""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .phone import shoot, tap_and_type

pytestmark = pytest.mark.e2e

ANN, BEN = 0, 1
SHOTS = Path("/tmp/fez-cards")


def shows(label: str, working: str) -> re.Pattern:
    return re.compile(rf"^\s*{re.escape(label)}\s+{re.escape(working)}\s*$")


def a_star_on_the_black_flush(stars, form, working):
    """A star on the black flush: black first (x2x2), a tap makes it red (x2), the next removes
    it."""
    form.locator(".chip-tools").get_by_role("button", name="+★").tap()
    expect(stars.nth(0)).to_have_class(re.compile(r"\bblack\b"))
    expect(working).to_have_text(shows("★PLAYᶠ", "9×2×2×2 = 72"))
    stars.nth(0).tap()
    expect(stars.nth(0)).to_have_class(re.compile(r"\bred\b"))
    expect(working).to_have_text(shows("★PLAYᶠ", "9×2×2 = 36"))
    stars.nth(0).tap()
    expect(stars).to_have_count(0)
    expect(working).to_have_text(shows("PLAYᶠ", "9×2 = 18"))


def two_letters_on_one_card(page, form, chips, working):
    """P and L lie on one card: linked, a tap on P turns the whole card red. No flush: 9."""
    link = form.get_by_role("button", name="P and L on one card")
    expect(link).to_have_attribute("aria-pressed", "false")
    link.tap()
    expect(link).to_have_attribute("aria-pressed", "true")
    form.get_by_role("button", name="P, black: tap to change").tap()
    expect(chips).to_have_count(4)
    for i, colour in enumerate("RRBB"):
        expect(chips.nth(i)).to_have_class(re.compile(r"\bred\b" if colour == "R" else r"\bblack\b"))
    expect(page.locator("#word-colours")).to_have_value("RRBB")
    expect(page.locator("#word-cards")).to_have_value("PL A Y")
    expect(working).to_have_text(shows("PLAY", "9"))
    form.scroll_into_view_if_needed()
    shoot(page, "01-two-letters-on-one-card", SHOTS)
    # ... and L alone cannot be black any more: a tap on L turns P with it
    form.get_by_role("button", name="L, red: tap to change").tap()
    expect(page.locator("#word-colours")).to_have_value("BBBB")
    expect(working).to_have_text(shows("PLAYᶠ", "9×2 = 18"))
    form.get_by_role("button", name="L, black: tap to change").tap()
    page.get_by_role("button", name="Save the word").tap()
    expect(page.locator(".totals .total")).to_have_text(["9", "0"])
    # The edit page keeps the card.
    page.get_by_role("link", name="Edit PLAY").tap()
    expect(page.locator("#word-cards")).to_have_value("PL A Y")
    expect(page.get_by_role("button", name="P and L on one card")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("link", name="Back to the game").first.tap()
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()


def ben_lays_off_around_the_card(page):
    """Ben lays S before it and ED after it, E and D on one red card: no card gives a letter
    before the word and one after it, so there is no link between S and E. PLAY was no
    flush: S 1 + E 1 + D 2 = 4."""
    layoff = page.locator("form.fez-layoff")
    layoff.get_by_label("Who lays off").select_option(label="Ben")
    layoff.get_by_label("Onto the word").select_option(label="PLAY (Ann) · red PL, black AY")
    tap_and_type(layoff.get_by_label("Letters before"), "s")
    tap_and_type(layoff.get_by_label("Letters after"), "ed")
    expect(layoff.locator(".chips .chip[data-index]")).to_have_count(3)
    expect(layoff.get_by_role("button", name="S and E on one card")).to_have_count(0)
    layoff.get_by_role("button", name="E and D on one card").tap()
    layoff.locator(".chip-tools").get_by_role("button", name="All black").tap()
    layoff.get_by_role("button", name="E, black: tap to change").tap()
    expect(page.locator("#layoff-colours")).to_have_value("BRR")
    expect(page.locator("#layoff-cards")).to_have_value("S ED")
    layoff.get_by_role("button", name="Save the lay-off").tap()
    expect(page.locator(".totals .total")).to_have_text(["9", "4"])


def the_hands_counted_with_nothing_ticked(page):
    """Count the hands with nothing ticked or typed: the round does not end."""
    page.get_by_role("link", name="Count the hands").tap()
    page.get_by_role("button", name="End round 1").tap()
    error = page.get_by_text("Tick who played their last card, or type the cards left in each hand")
    expect(error).to_be_visible()
    expect(page.get_by_role("heading", name="End of round 1")).to_be_visible()
    page.get_by_role("link", name="Back to the game").tap()


def ending_the_game_asks_first(page):
    """End the game with round 1 uncounted: it asks first."""
    page.get_by_role("link", name="End the game").tap()
    expect(page.get_by_text("Round 1’s hands are not counted yet")).to_be_visible()
    page.get_by_role("button", name="End the game").tap()
    expect(page.get_by_text("Round 1’s hands are not counted: count them first")).to_be_visible()
    expect(page.get_by_role("heading", name="End the game?")).to_be_visible()
    page.get_by_role("checkbox", name="End without counting them").check()
    page.get_by_role("button", name="End the game").tap()
    expect(page.locator(".winner")).to_have_text(re.compile(r"🏆\s+Ann\s+wins with 9!"))


def test_stars_cards_and_the_ends_of_a_round_and_a_game(page, table):
    table.new_game("fez", ["Ann", "Ben"], dealer=ANN)
    form = page.locator("#round-form")
    working = page.locator("#fez-working")
    chips = form.locator(".chips .chip[data-index]")
    stars = form.locator(".chips .chip.star")
    form.get_by_role("radio", name="Ann", exact=True).tap()
    tap_and_type(page.get_by_label("The letters used"), "play")
    form.locator(".chip-tools").get_by_role("button", name="All black").tap()
    expect(working).to_have_text(shows("PLAYᶠ", "9×2 = 18"))
    a_star_on_the_black_flush(stars, form, working)
    two_letters_on_one_card(page, form, chips, working)
    ben_lays_off_around_the_card(page)
    the_hands_counted_with_nothing_ticked(page)
    ending_the_game_asks_first(page)
