"""What a table found playing, seen on a phone:

1. At 320 and 390 px, with four long names, no word of the header or of a table's head is
   split across two lines (a name may wrap at a space or a hyphen), and nothing sticks out
   past the screen (a wide rounds table scrolls sideways inside its box).
2. The home page and History show the same time, the phone's (its time zone and language),
   with the day when it is not today.
3. History says what an edit replaced: "Edited round 1: Cy OXBOW → FOXES".
4. Each round of the rounds table says who dealt it.
"""

import re
from datetime import datetime, timedelta, timezone
from functools import partial
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect
from sqlalchemy import select, update

from companion import create_app
from companion.extensions import db

from . import phone
from .phone import Table

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/table-fixes")
shoot = partial(phone.shoot, folder=SHOTS)
MIN_TAP = 44
#: Four names of up to 24 characters, as the new-game form allows.
LONG = ["Alexandra", "Maximilian-Alexander", "Bartholomew", "Anastasia Konstantinova"]

#: The words of `selector`'s elements that are split across lines (a break after a hyphen
#: is fine: "Maximilian-" / "Alexander"), and what sticks out past `W` px outside a box that
#: scrolls sideways.
LAYOUT = """([W, selector]) => {
  const split = [], out = [];
  const say = (e) => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).trim().replace(/\\s+/g, '.') : '')
                     + ' "' + (e.innerText || '').replace(/\\s+/g, ' ').trim().slice(0, 40) + '"';
  for (const box of document.querySelectorAll(selector)) {
    const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const node = walk.currentNode, words = /[^\\s\\-‐]+[\\-‐]?/g;
      if (!node.parentElement || !node.parentElement.offsetParent) continue;
      for (let m; (m = words.exec(node.data));) {
        const range = document.createRange();
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) split.push(`"${m[0]}" in ${say(node.parentElement)}`);
      }
    }
  }
  const scrolls = (e) => { for (let a = e.parentElement; a; a = a.parentElement) {
    if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(a).overflowX) && a.getBoundingClientRect().right <= W + 0.5) return true; }
    return false; };
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (e.ownerSVGElement) continue;  // a drawing's inside: its <svg> box is what counts
    if (r.width && r.right > W + 0.5 && !scrolls(e)) out.push(`right ${Math.round(r.right)}: ${say(e)}`);
  }
  return {split, out, scrollWidth: document.documentElement.scrollWidth};
}"""


def check_layout(page, width: int, where: str) -> None:
    """The header and every table head keep their words whole; nothing sticks out; each
    header link is a tap target."""
    page.wait_for_load_state()
    found = page.evaluate(LAYOUT, [width, "header.bar, table thead th, table.rounds th[scope=row]"])
    assert found["scrollWidth"] <= width, f"{where} at {width}: the page is {found['scrollWidth']} px wide"
    assert not found["split"], f"{where} at {width}: words split across lines: {found['split']}"
    assert not found["out"], f"{where} at {width}: past the screen's edge: {found['out']}"
    for link in page.locator("header.bar a").all():
        box = link.bounding_box()
        assert box["height"] >= MIN_TAP and box["width"] >= MIN_TAP, f"{where}: small header link {box}"
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"{where}: header link off screen"


def post(page, path: str, form: dict) -> None:
    """What the scorekeeper's form sends (its CSRF token, this phone's cookie): quicker than
    tapping every count of a game whose own e2e test taps them."""
    token = page.locator("input[name=csrf_token]").first.get_attribute("value")
    response = page.request.post(path, form={**form, "csrf_token": token}, max_redirects=0)
    assert response.status in (200, 303), f"{path}: {response.status} {response.text()[:300]}"


#: A round or two of each game, as its form sends it (four players).
ROUNDS = {
    "foot": [{"word-0": "JAZZY", "word-1": "QUOTA", "noword-2": "on", "word-3": "OXBOW", "out": "0"},
             {"word-0": "TEPID", "noword-1": "on", "word-2": "QUOTA", "word-3": "OXBOW", "out": "3"}],
    "family": [{"winner": "1", "points-0": "23", "points-2": "40", "points-3": "12"}],
    "fez": [{"seat": "1", "tiles": "PLACING", "colours": "RRRRRRR"}],
    "hand-and-foot": [{"out": "0", "clean-0": "1", "dirty-0": "1", "meld-0-ace": "8", "meld-0-high": "6",
                       "meld-0-joker": "1", "meld-1-low": "3", "left-1-red3": "1"}],
    "poker": [{}],
}


def game_path(url: str) -> str:
    return "/games/" + url.rsplit("/", 1)[1]


def test_every_games_pages_fit_320_and_390_px_with_four_long_names(page):
    pages = ["", "/history", "/edit", "/house", "/words", "/lists", "/handover"]
    for ruleset, rounds in ROUNDS.items():
        game = game_path(Table(page).new_game(ruleset, LONG))
        for form in rounds:
            post(page, f"{game}/rounds", form)
        page.goto(game)
        edit = page.locator("a[href*='/edit']").first  # a round's (a FEZ word's) edit page
        edit = edit.get_attribute("href") if edit.count() else None  # ZOOT! Poker: none
        for width, height in ((320, 700), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            for path in pages:
                address = edit if path == "/edit" else game + path
                if address is None or page.goto(address).status == 404:
                    continue  # Hand and Foot has no words to look up
                check_layout(page, width, f"{ruleset} {path or 'game'}")
                if path in ("", "/history"):
                    shoot(page, f"{ruleset}{path.replace('/', '-')}-{width}")
    for width, height in ((320, 700), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        for path in ("/games/new", "/words", "/"):
            page.goto(path)
            check_layout(page, width, path)
        shoot(page, f"home-{width}")


def test_the_rounds_table_scrolls_inside_its_box_and_keeps_the_round_numbers_in_view(page):
    page.set_viewport_size({"width": 320, "height": 700})
    game = game_path(Table(page).new_game("foot", LONG))
    for form in ROUNDS["foot"]:
        post(page, f"{game}/rounds", form)
    page.goto(game)
    wrap = page.locator(".table-wrap")
    sizes = wrap.evaluate("w => [w.scrollWidth, w.clientWidth]")
    assert sizes[0] > sizes[1], "four long names at 320 px: the table is wider than its box"
    wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
    number = page.locator("#round-1 th[scope=row]")
    box = number.bounding_box()
    assert 0 <= box["x"] <= 20, f"the round number scrolled out of view: {box}"
    expect(number).to_contain_text("dealt by Alexandra")
    shoot(page, "foot-scrolled-320")


# --- 2. The phone's time everywhere --------------------------------------------------------

ZONE = "Asia/Kolkata"  # UTC+5:30: a half-hour offset shows any time left in UTC


def test_home_and_history_show_the_phones_time_with_the_day_when_not_today(new_phone, tmp_path):
    page = new_phone("phone in Kolkata", timezone_id=ZONE, locale="en-GB")
    old = Table(page).new_game("foot", ["Ann", "Bo", "Cy"])
    old_id = old.rsplit("/", 1)[1]
    post(page, f"/games/{old_id}/rounds", {"word-0": "JAZZY", "noword-1": "on", "noword-2": "on", "out": "0"})
    today = Table(page).new_game("family", ["Ann", "Bo"])
    # The first game was started three days ago, its round saved two minutes later.
    then = (datetime.now(timezone.utc) - timedelta(days=3)).replace(hour=8, minute=1, second=30, microsecond=0)
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'companion.db'}",
                      "SECRET_KEY": "e2e-secret-key"})
    with app.app_context():
        from companion.models import Game, Play
        row = db.session.scalar(select(Game).where(Game.public_id == old_id))
        row.created_at = then.replace(tzinfo=None)
        db.session.execute(update(Play).where(Play.game_id == row.id).values(
            created_at=(then + timedelta(minutes=2)).replace(tzinfo=None)))
        db.session.commit()
        db.engine.dispose()
    local = then.astimezone(ZoneInfo(ZONE))  # 13:31 on that day, in Kolkata
    month = f"{local:%b}" + ("t?" if local.month == 9 else "")  # "Sept" in en-GB now
    day = f"{local:%a} {local.day} {month}"

    page.goto("/")
    games = page.locator(".games li")
    expect(games.first.locator("time")).to_have_text(re.compile(r"^\d?\d:\d\d$"))  # today's game
    now = datetime.now(ZoneInfo(ZONE))
    shown_today = games.first.locator("time").inner_text()
    shown = datetime.strptime(shown_today, "%H:%M")
    assert abs((now.hour * 60 + now.minute) - (shown.hour * 60 + shown.minute)) % 1440 <= 2
    started = games.nth(1).locator("time")
    expect(started).to_have_text(re.compile(rf"^{day},? {local:%H:%M}$"))
    on_home = started.inner_text()
    shoot(page, "times-home")

    page.goto(f"/games/{old_id}/history")
    expect(page.locator("main > p time").first).to_have_text(on_home)  # "started ..."
    round_time = page.locator(".history li time").first
    expect(round_time).to_have_text(re.compile(rf"^{day},? {local + timedelta(minutes=2):%H:%M}$"))
    shoot(page, "times-history")
    page.goto(today + "/history")
    expect(page.locator("main > p time")).to_have_text(shown_today)


# --- 3 and 4. What an edit replaced, and who dealt ------------------------------------------

def test_history_says_what_an_edit_replaced_and_each_round_who_dealt_it(page, table):
    table.new_game("foot", ["Ann", "Bo", "Cy"], dealer=0)
    # Round 1, Ann deals: Cy laid OXBOW (25), Bo no word (0).
    table.fill_round(["JAZZY", "", "OXBOW"], out=0, expect_points=[81, 0, 25])
    table.save_round()
    expect(table.round_row(1)).to_contain_text("dealt by Ann")
    # Round 2: Bo lowest alone: Ann, on Bo's right, deals again.
    table.fill_round(["QUOTA", "", "TEPID"], out=0, expect_points=[36, 0, 11])
    table.save_round()
    expect(table.round_row(2)).to_contain_text("dealt by Ann")
    # Round 3: Bo lowest again: Ann deals a third time; then Cy lowest: Bo deals.
    table.fill_round(["FJORD", "QUOTA", ""], out=0, expect_points=[40, 26, 0])
    table.save_round()
    expect(table.round_row(3)).to_be_visible()
    for n, dealer in ((1, "Ann"), (2, "Ann"), (3, "Ann")):
        expect(table.round_row(n).locator("th")).to_contain_text(f"dealt by {dealer}")
    expect(page.locator(".status")).to_contain_text("Round 4: Bo deals")

    # Cy laid FOXES, not OXBOW: edit round 1 from its number.
    # (opened by its address: the round number's own tap is test_full_game's)
    page.goto(table.round_row(1).get_by_role("link", name="1 edit: round 1").get_attribute("href"))
    expect(page.get_by_role("heading", name="Edit round 1")).to_be_visible()
    expect(table.word(2)).to_have_value("OXBOW")
    table.word(2).fill("foxes")
    page.get_by_role("button", name="Save changes").tap()
    expect(table.round_row(1)).to_contain_text("edited")
    expect(table.round_row(1).locator("th")).to_contain_text("dealt by Ann")
    expect(page.locator(".undo")).to_contain_text("Edited round 1: Cy OXBOW → FOXES")
    for width in (320, 390):
        page.set_viewport_size({"width": width, "height": 844})
        check_layout(page, width, "FOOT! game")
        shoot(page, f"dealer-{width}")

    page.get_by_role("link", name="History").tap()
    entries = page.locator(".history li")
    expect(entries.nth(3)).to_contain_text("Edited round 1: Cy OXBOW → FOXES")
    # Undo of the edit reads as the edit
    page.get_by_role("link", name="Back to the game").last.tap()
    page.locator(".undo").get_by_role("button", name="Undo").tap()
    expect(table.round_row(1).locator(".word").nth(2)).to_have_text("OXBOW")
    page.get_by_role("link", name="History").tap()
    expect(entries.nth(4)).to_contain_text("Undid: Edited round 1: Cy OXBOW → FOXES")
    expect(entries.nth(3).locator("s")).to_have_text("Edited round 1: Cy OXBOW → FOXES")
    shoot(page, "history-390")
