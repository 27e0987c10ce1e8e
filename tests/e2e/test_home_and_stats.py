"""Home and stats on a phone, as a table reads them after an evening:

1. FOOT!'s table says in words who went out (no unexplained ★ beside the score).
2. Home says a ZOOT! Poker deal under way as such ("deal 1 in play"), not "1 round".
3. An imported copy is marked "imported copy" on home, and its page says from which game;
   stats leave it out, and an unplayed rematch too.
"""

import re
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import phone
from .phone import Table

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/home-shots")
shoot = partial(phone.shoot, folder=SHOTS)
NAMES = ["Ann", "Ben", "Cat"]


def test_who_went_out_is_said_in_words_not_a_star(page, table):
    table.new_game("foot", NAMES)
    table.fill_round(["JAZZY", "QUOTA", ""], out=0)
    table.save_round()
    cell = table.round_row(1).locator("td").first
    expect(cell).to_contain_text("went out +10")
    star = cell.locator(".score").evaluate("e => getComputedStyle(e, '::after').content")
    assert star in ("none", "normal"), f"a mark beside the score: {star}"
    assert "★" not in cell.inner_text()


def test_home_says_a_deal_in_play_and_marks_an_imported_copy(page, table, tmp_path):
    poker = table.new_game("poker", ["Ann", "Ben"])
    page.get_by_role("button", name="Deal", exact=True).tap()
    table.settled()
    foot = table.new_game("foot", NAMES)
    table.fill_round(["JAZZY", "QUOTA", ""], out=0)
    table.save_round()
    expect(table.totals).to_have_text(["81", "26", "0"])
    export = tmp_path / "foot.json"
    export.write_bytes(page.request.get(f"{foot}/export.json").body())
    page.goto("/games/import")
    page.get_by_label("The exported file").set_input_files(str(export))
    page.get_by_role("button", name="Import").tap()
    expect(page.get_by_text("An imported copy of game")).to_be_visible()
    expect(page.get_by_text("An imported copy of game")).to_contain_text(foot.rsplit("/", 1)[1])

    page.goto("/")
    games = page.locator(".games li")
    expect(games).to_have_count(3)
    expect(games.nth(0)).to_contain_text("FOOT!")
    expect(games.nth(0)).to_contain_text("imported copy")
    expect(games.nth(1)).not_to_contain_text("imported")
    expect(games.nth(1)).to_contain_text("1 round ·")
    expect(games.nth(2)).to_contain_text("ZOOT! Poker")
    expect(games.nth(2)).to_contain_text("0 deals · deal 1 in play")
    expect(games.nth(2)).not_to_contain_text("1 round")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.goto("/")
        shoot(page, f"home-{scheme}")

    # stats: the FOOT! evening once (not its copy), the poker game with a deal under way
    page.get_by_role("link", name="Players’ stats").tap()
    expect(page.get_by_text("(2 games)")).to_be_visible()
    ann = page.locator("section.player-stats", has=page.get_by_role("heading", name="Ann"))
    expect(ann.locator("tr", has_text="FOOT!")).to_contain_text(re.compile(r"0\sof\s1\s*played"))
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.reload()
        shoot(page, f"stats-{scheme}")
    assert poker
