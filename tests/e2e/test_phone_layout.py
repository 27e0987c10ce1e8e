"""At 390 px (a common phone width): no sideways scroll, and every control big enough to tap.

A ZOOT! game with 4 players and 7-letter words is the widest the app gets.
"""

import re

import pytest
from playwright.sync_api import expect

from .phone import choose_game

pytestmark = pytest.mark.e2e

WIDTH = 390
MIN_TAP = 44  # px: the smallest comfortable touch target
NAMES = ["Maximilian", "Guinevere", "Bartholomew", "Anastasia"]
CONTROLS = ", ".join([
    "button",
    "input:not([type=hidden]):not([type=radio]):not([type=checkbox])",
    "main a",
    "header a",
    ".choice",  # the label around a radio or checkbox is what the finger hits
])


def check_fits(page, where: str) -> None:
    """No sideways scroll, nothing clipped in the rounds table, all controls >= 44 px tall."""
    page.wait_for_load_state()
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= WIDTH, f"{where}: the page scrolls sideways ({scroll_width} px wide)"

    clipped = page.eval_on_selector_all(
        "table.rounds th, table.rounds td",
        # A cell that ends in "…" (text-overflow: ellipsis) shortens on purpose.
        "cells => cells.filter(c => c.scrollWidth > c.clientWidth + 1"
        "                      && getComputedStyle(c).textOverflow !== 'ellipsis')"
        "             .map(c => c.innerText.replace(/\\s+/g, ' ').trim())")
    assert not clipped, f"{where}: rounds table cells cut off their content: {clipped}"

    small = []
    for control in page.locator(CONTROLS).all():
        if not control.is_visible():
            continue
        box = control.bounding_box()
        if box and box["width"] <= 2 and box["height"] <= 2:
            # visually hidden (the Scan file input): the player taps its label instead
            label = page.locator(f"label[for='{control.get_attribute('id')}']")
            box = label.bounding_box() if label.count() else box
        if box and box["height"] < MIN_TAP:
            text = control.evaluate("e => e.outerHTML.slice(0, 80)")
            small.append(f"{box['height']:.0f} px: {text}")
    assert not small, f"{where}: controls under {MIN_TAP} px tall:\n" + "\n".join(small)


def test_no_sideways_scroll_and_big_enough_controls_at_390px(page, table):
    page.goto("/")
    check_fits(page, "home, no game yet")

    page.get_by_role("link", name="New game").tap()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    check_fits(page, "new game")
    choose_game(page, "ZOOT!")
    check_fits(page, "new game: ZOOT!")

    # The new-game form refusing one player only.
    page.get_by_label("Player 1", exact=True).fill(NAMES[0])
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_text("A game needs 2 to 4 players")).to_be_visible()
    check_fits(page, "new game with an error")

    url = table.new_game("zoot", NAMES, dealer=3)
    expect(page.get_by_role("heading", name="ZOOT!")).to_contain_text("7-letter words")
    expect(page.locator(".totals .name")).to_have_text(NAMES)
    check_fits(page, "game, round 1 form")

    # A refused round: error messages beside the fields must fit too.
    table.word(0).fill("jazzmens")
    table.went_out(0)
    table.save_round()
    expect(table.seat(0).get_by_role("alert")).to_contain_text("A ZOOT! word has 7 letters")
    check_fits(page, "game, refused round")

    # JAZZMEN = J 20 + A 1 + Z 20 + Z 20 + M 3 + E 1 + N 3 = 68, + 10 for going out = 78
    # WAXWORK = W 10 + A 1 + X 10 + W 10 + O 1 + R 3 + K 3 = 38
    # QUICKLY = Q 20 + U 1 + I 1 + C 3 + K 3 + L 3 + Y 10 = 41
    # EXPLO?E = E 1 + X 10 + P 3 + L 3 + O 1 + wild 0 + E 1 = 19
    table.fill_round(["JAZZMEN", "WAXWORK", "QUICKLY", "EXPLO?E"], out=0,
                     expect_points=[78, 38, 41, 19])
    table.save_round()
    expect(table.totals).to_have_text(["78", "38", "41", "19"])

    # Bartholomew challenges Guinevere's WAXWORK, and it stands: 41 - 38 = 3.
    table.round_row(1).get_by_role("link", name="Challenge Guinevere’s WAXWORK").tap()
    expect(page.get_by_role("heading", name="Challenge Guinevere’s WAXWORK?")).to_be_visible()
    check_fits(page, "challenge")
    page.get_by_role("radio", name="Bartholomew", exact=True).check()
    page.get_by_role("radio", name="The word stands").check()
    page.get_by_role("button", name="Record the challenge").tap()
    expect(table.totals).to_have_text(["78", "38", "3", "19"])
    expect(table.round_row(1)).to_contain_text("Bartholomew −38")
    check_fits(page, "game with a round, a challenge and Undo")

    table.round_row(1).get_by_role("link", name="1 edit: round 1").tap()
    expect(page.get_by_role("heading", name="Edit round 1")).to_be_visible()
    check_fits(page, "edit round")

    page.goto(url + "/history")
    expect(page.get_by_role("heading", name="History")).to_be_visible()
    check_fits(page, "history")

    page.goto("/")
    expect(page.locator("ul.games")).to_contain_text(re.compile(r"ZOOT! · Maximilian"))
    check_fits(page, "home with a game")
