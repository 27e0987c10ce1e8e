"""Settling a challenge at the table: one tap from the game, the verdict as the word is typed."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_lookup_one_tap_from_a_game_answers_as_you_type(page, table):
    table.new_game("foot", ["Ann", "Ben", "Cat"])
    page.get_by_role("link", name="Look up").tap()
    expect(page.get_by_role("heading", name="Is it a word?")).to_be_visible()
    expect(page.get_by_text("FOOT! rules.")).to_be_visible()

    page.locator("#q").press_sequentially("xylem", delay=20)
    card = page.locator(".verdict-card")
    expect(card).to_have_count(1)
    expect(card).to_contain_text("XYLEM is allowed")
    expect(card).to_contain_text("the woody part of plants")
    expect(card).to_contain_text("worth 27")  # X 10 + Y 10 + L 3 + E 1 + M 3

    page.locator("#q").fill("sarah jazzier")
    expect(card).to_have_count(2)
    expect(card.nth(0)).to_contain_text("SARAH is not allowed")
    expect(card.nth(0)).to_contain_text("Proper noun: not allowed.")
    expect(card.nth(1)).to_contain_text("7 letters: words have exactly 5 in FOOT!.")

    # What could I have made? JAZZY = 71 is the best a FOOT! hand of these cards holds.
    page.locator("#hand").press_sequentially("jazzye?", delay=20)
    expect(page.locator(".best-words li").first).to_contain_text("JAZZY 71")

    page.get_by_role("link", name="Back to the game").tap()
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()


def test_the_lookup_page_without_a_game_lets_you_pick_the_rules(page):
    page.goto("/")
    page.get_by_role("link", name="Is it a word?").tap()
    # "Game", not the home page's "Join a game" field: wait for the lookup page itself
    expect(page.get_by_label("Game", exact=True)).to_be_visible()
    page.get_by_label("Game", exact=True).select_option("family")
    page.locator("#q").press_sequentially("cats", delay=20)
    expect(page.locator(".verdict-card")).to_contain_text("Plural of CAT: no plurals in the family game.")
    page.get_by_label("Game", exact=True).select_option("fez")
    expect(page.locator(".verdict-card")).to_contain_text("CATS is allowed")
