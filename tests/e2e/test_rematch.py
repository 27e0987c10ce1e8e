"""A rematch at a table with two phones keeping score and one watching (390x844): Rematch
tapped twice (at once, and again from the finished game's page) opens one new game; the other
scorekeeping phone opens that same game and keeps its score; the watcher is offered to follow
it, without reloading."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

ANN, BEN, CAT = 0, 1, 2
LIVE_WAIT = 10_000  # a phone hears of a change within a second or so; the poll, every 4 s


def keeps_score_too(page, phone_b) -> None:
    """Phone B keeps score beside the first phone (a hand-over that keeps both)."""
    page.get_by_role("link", name="Hand over").tap()
    page.get_by_role("radio", name="Both phones keep score").check()
    page.get_by_role("button", name="Make a code").tap()
    link = page.locator(".link code").inner_text().strip()
    phone_b.goto(link)
    phone_b.get_by_role("button", name="Keep score here").tap()
    expect(phone_b.locator(".flash")).to_contain_text("and so does the phone that offered it")
    page.get_by_role("link", name="Back to the game").tap()


def in_progress(phone):
    phone.goto("/")
    return phone.locator("h2:has-text('In progress') + ul.games li")


def test_rematch_tapped_twice_and_on_the_second_phone_is_one_game_and_watchers_follow_it(
        page, table, new_phone):
    url = table.new_game("foot", ["Ann", "Ben", "Cat"], dealer=ANN)
    phone_b = new_phone("second scorekeeper")
    keeps_score_too(page, phone_b)
    watcher = new_phone("watcher")
    watcher.goto(url)
    expect(watcher.get_by_text("You are watching.")).to_be_visible()
    phone_b.goto(url)
    expect(phone_b.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()

    # The last round: JAZZY 71 + 10 for going out = 81; QUOTA 26; HOUSE 9.
    table.fill_round(["JAZZY", "QUOTA", "HOUSE"], out=ANN, final=True, expect_points=[81, 26, 9])
    table.save_round()
    rematch = page.get_by_role("button", name="Rematch", exact=True)
    expect(rematch).to_be_visible()
    expect(watcher.locator(".winner")).to_contain_text("Ann", timeout=LIVE_WAIT)
    expect(watcher.get_by_role("link", name="Follow the rematch")).to_have_count(0)

    # A thumb taps Rematch twice before the page changes.
    rematch.scroll_into_view_if_needed()
    box = rematch.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.touchscreen.tap(x, y)
    expect(page).not_to_have_url(url)
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    table.settled()
    new_url = page.url
    assert re.search(r"/games/[a-z2-9]{12}$", new_url), new_url
    expect(page.get_by_text("You are watching.")).to_have_count(0)
    # Back on the finished game, a tap on its button again opens the same rematch.
    page.go_back()
    expect(page).to_have_url(url)
    again = page.locator("form.rematch button")
    expect(again).to_be_visible()
    again.tap()
    expect(page).to_have_url(new_url)
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    expect(page.get_by_text("You are watching.")).to_have_count(0)
    # One new game in progress on this phone's list, not two.
    expect(in_progress(page)).to_have_count(1)

    # The second scorekeeping phone is offered the same rematch and keeps its score.
    open_it = phone_b.get_by_role("button", name="Open the rematch")
    expect(open_it).to_be_visible(timeout=LIVE_WAIT)
    open_it.tap()
    expect(phone_b).to_have_url(new_url)
    expect(phone_b.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    expect(phone_b.get_by_text("You are watching.")).to_have_count(0)
    expect(in_progress(phone_b)).to_have_count(1)

    # The watcher is offered to follow it, on the page it was watching.
    assert watcher.url == url
    follow = watcher.get_by_role("link", name="Follow the rematch")
    expect(follow).to_be_visible(timeout=LIVE_WAIT)
    follow.tap()
    expect(watcher).to_have_url(new_url)
    expect(watcher.get_by_text("You are watching.")).to_be_visible()
    expect(watcher.locator(".totals .total")).to_have_text(["0", "0", "0"])
