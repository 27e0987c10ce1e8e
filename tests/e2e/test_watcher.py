"""Another phone at the table opens the game: it watches, and the scores come to it."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

ANN, BEN, CAT = 0, 1, 2
POLL_WAIT = 10_000  # the watcher's scoreboard asks every 4 s; allow two polls and some


def test_second_phone_watches_read_only_and_sees_new_totals_without_reloading(
        page, table, new_phone):
    url = table.new_game("foot", ["Ann", "Ben", "Cat"])

    watcher = new_phone("watcher")
    watcher.goto(url)
    expect(watcher.get_by_role("heading", name="FOOT!")).to_be_visible()
    expect(watcher.locator(".totals .total")).to_have_text(["0", "0", "0"])
    expect(watcher.get_by_text("You are watching.")).to_be_visible()
    # Read-only: no round form, no Undo, no field to type in.
    expect(watcher.locator("#round-form")).to_have_count(0)
    expect(watcher.get_by_role("button", name="Undo")).to_have_count(0)
    expect(watcher.get_by_role("textbox")).to_have_count(0)
    expect(watcher.get_by_role("button")).to_have_count(0)
    # A mark on this very page: it is gone if the page reloads.
    watcher.evaluate("window.__samePage = true")

    # The scorekeeper saves round 1.
    # JAZZY = 20+1+20+20+10 = 71, + 10 for going out = 81
    # QUOTA = 20+1+1+3+1 = 26;  HOUSE = 3+1+1+3+1 = 9
    table.fill_round(["JAZZY", "QUOTA", "HOUSE"], out=ANN, expect_points=[81, 26, 9])
    table.save_round()
    expect(table.totals).to_have_text(["81", "26", "9"])

    # The watcher's scoreboard catches up by itself.
    expect(watcher.locator(".totals .total")).to_have_text(["81", "26", "9"], timeout=POLL_WAIT)
    expect(watcher.locator("#round-1")).to_contain_text("JAZZY")
    expect(watcher.locator("#scoreboard .status")).to_contain_text(
        "Round 2: Ben deals, Cat plays first. Ann leads.")
    assert watcher.evaluate("window.__samePage === true"), "the watcher's page was reloaded"
    assert watcher.url == url
    # Still read-only: the words cannot be challenged, the rounds not edited from here.
    expect(watcher.locator("#round-1 a")).to_have_count(0)
    expect(watcher.locator("#round-form")).to_have_count(0)
    expect(watcher.get_by_role("button", name="Undo")).to_have_count(0)
    expect(watcher.get_by_text(re.compile("Tap a word to challenge"))).to_have_count(0)
