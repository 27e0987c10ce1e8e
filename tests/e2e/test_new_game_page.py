"""The new-game page on a phone, with and without its script:

1. It is drawn at its final height by the server: the same height with scripts off as on (no
   layout shift while companion.js loads), one game's form at a time.
2. Its legends are short (no game's name repeated in each) and one that wraps stays inside
   its box: the box's top border is not broken by it.
3. The names come first; FEZ's and ZOOT! Poker's many settings fold under one line, so the
   page up to the last name field is at most a screen and a half at 390x844.
4. Without a script the form still starts a game.
"""

import re
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import phone
from .phone import GAME_ADDRESS, PHONE, choose_game

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/home-shots")
shoot = partial(phone.shoot, folder=SHOTS)
SCREEN = 844
GAMES = ["FOOT!", "ZOOT!", "Family word game", "FEZ", "Hand and Foot", "ZOOT! Poker"]


def height(page) -> int:
    return page.evaluate("document.documentElement.scrollHeight")


@pytest.fixture
def no_script(browser, live_server):
    """A phone with JavaScript turned off."""
    context = browser.new_context(base_url=live_server, java_script_enabled=False, **PHONE)
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def test_the_new_game_page_is_as_tall_without_its_script_as_with_it(page, no_script):
    for name in [None, *GAMES]:
        heights = []
        for phone_ in (no_script, page):
            phone_.goto("/")
            phone_.get_by_role("link", name="New game").click()
            expect(phone_.get_by_role("heading", name="New game")).to_be_visible()
            if name:
                phone_.get_by_role("link", name=re.compile("^" + re.escape(name) + " ·")).click()
                expect(phone_.locator(".chosen-game strong")).to_have_text(name)
            heights.append(height(phone_))
        assert heights[0] == heights[1], f"{name or 'the list of games'}: {heights[0]} px " \
                                         f"without the script, {heights[1]} px with it"
        if name:  # one game's form: a game of up to 8 never needs more than two screens
            assert heights[1] <= 2.2 * SCREEN, (name, heights[1])


def test_legends_are_short_and_a_wrapping_one_keeps_its_box_whole(page):
    page.goto("/games/new")
    for name in GAMES:
        page.goto("/games/new")
        choose_game(page, name)
        folded = page.locator("details.table-rules")
        if folded.count():
            folded.locator("summary").tap()
        legends = page.locator("form legend")
        for text in legends.all_inner_texts():
            assert name not in text, f"{name}: the legend “{text}” repeats the game's name"
        for box in page.locator("form fieldset").all():
            legend = box.locator("legend")
            # the legend sits inside its box, below the top border, however many lines it
            # takes (a legend drawn on the border cuts a gap in it, half its height down)
            inside = box.evaluate("b => b.getBoundingClientRect().top"
                                  " + parseFloat(getComputedStyle(b).borderTopWidth)")
            shown = legend.bounding_box()
            assert shown["y"] >= inside, f"{name}: “{legend.inner_text()}” sits on its box's border"
    # FEZ's longest legend wraps on a phone, inside its box
    page.goto("/games/new?game=fez")
    page.locator("details.table-rules summary").tap()
    long = page.locator("legend", has_text="off-colour lay-off")
    assert long.bounding_box()["height"] > 30  # two lines
    shoot(page, "new-game-fez-open")


def test_names_come_first_and_long_settings_fold_under_one_line(page):
    for name, key in (("FEZ", "fez"), ("ZOOT! Poker", "poker"), ("Hand and Foot", "hand-and-foot")):
        page.goto("/games/new")
        choose_game(page, name)
        last_name = page.get_by_label("Player 2", exact=True)
        box = last_name.bounding_box()
        assert box["y"] + box["height"] <= SCREEN, f"{name}: the names start below the first screen"
        # every name field, then the folded rules, then the button: within 1.5 screens
        start = page.get_by_role("button", name="Start the game").bounding_box()
        assert start["y"] + start["height"] <= 1.5 * SCREEN, (name, start)
        summary = page.locator("details.table-rules summary")
        expect(summary).to_have_text(re.compile(r"^\s*Table rules: as the rules sheet\s*$"))
        expect(page.locator(".setting").first).to_be_hidden()
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            shoot(page, f"new-game-{key}-{scheme}")
        page.emulate_media(color_scheme="light")
    # a refused form comes back with the table's choices named in the summary
    page.goto("/games/new?game=poker")
    summary = page.locator("details.table-rules summary")
    summary.tap()
    page.locator("fieldset.setting", has=page.locator("legend", has_text="Chips each")) \
        .get_by_label("500", exact=True).check()
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_text("A game needs 2 to 8 players")).to_be_visible()
    expect(summary).to_contain_text("Chips each: 500")
    expect(page.get_by_label("Player 1", exact=True)).to_have_value("Ann")


def test_the_table_rules_line_follows_the_settings_as_they_are_changed(page):
    """ZOOT! Poker's folded rules: each setting changed shows at once in the "Table rules"
    line, as the server words it (the same line a refused form comes back with); a setting
    put back leaves it, and with none changed it says so again. No reload."""
    page.goto("/games/new?game=poker")
    summary = page.locator("details.table-rules summary")
    expect(summary).to_have_text(re.compile(r"^\s*Table rules: as the rules sheet\s*$"))
    summary.tap()

    def setting(label: str):
        return page.locator("fieldset.setting", has=page.locator("legend", has_text=re.compile(f"^{re.escape(label)}")))

    setting("Chips each").get_by_label("500", exact=True).tap()
    expect(summary).to_have_text(re.compile(r"^\s*Table rules: Chips each: 500\s*$"))
    setting("Limit").get_by_label("Fixed: bets of 10", exact=True).tap()
    setting("Ante").get_by_label("None", exact=True).tap()  # in the settings' order
    expect(summary).to_have_text(re.compile(
        r"^\s*Table rules: Chips each: 500; Ante: None; Limit: Fixed: bets of 10\s*$"))
    phone.shoot_light_and_dark(page, "new-game-table-rules-changed", folder=Path("/tmp/finish42-shots"))
    setting("Chips each").get_by_label("200", exact=True).tap()  # back to the sheet's
    expect(summary).to_have_text(re.compile(r"^\s*Table rules: Ante: None; Limit: Fixed: bets of 10\s*$"))
    shown = summary.inner_text()

    # what the server says of the same choices, on the form it refuses (one player only)
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_text("A game needs 2 to 8 players")).to_be_visible()
    expect(summary).to_have_text(shown)
    summary.tap()
    for label, default in (("Ante", "5"), ("Limit", "No limit")):
        setting(label).get_by_label(default, exact=True).tap()
    expect(summary).to_have_text(re.compile(r"^\s*Table rules: as the rules sheet\s*$"))


def test_each_game_page_light_and_dark(page):
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.goto("/games/new")
        shoot(page, f"new-game-list-{scheme}")
        for key in ("foot", "zoot", "family"):
            page.goto(f"/games/new?game={key}")
            shoot(page, f"new-game-{key}-{scheme}")


def test_without_a_script_a_game_still_starts(no_script):
    page = no_script
    page.goto("/games/new")
    page.get_by_role("link", name=re.compile(r"^FEZ ·")).click()
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Bo")
    page.locator("details.table-rules summary").click()
    page.locator("fieldset.setting", has=page.locator("legend", has_text="Packs")) \
        .get_by_label("Two packs", exact=True).check()
    page.get_by_role("radio", name="deals").nth(1).check()
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(GAME_ADDRESS)
    expect(page.get_by_role("heading", name=re.compile(r"^FEZ"))).to_be_visible()
    expect(page.locator(".status")).to_contain_text("Bo deals, Ann plays first")
