"""What a page weighs for a phone at the table: a new phone's first load of any page comes in
at most 30 KB on the wire (headers included, its service worker's downloads too), static
files come under names that change with their content and are cached for good, and a phone
that opens a page again asks for none of them. Served by gunicorn as `make run` serves it,
after a few rounds of each game; measured by Chromium itself (tests/weight.py)."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion import create_app
from tests.served import served
from tests.weight import BUDGET, PHONE, evening_pages, first_and_repeat
from tests.e2e.phone import choose_game

pytestmark = pytest.mark.e2e

HASHED = re.compile(r"^/static/[\w.-]+\.[0-9a-f]{10}\.\w+$")


@pytest.fixture(scope="module")
def evening():
    """gunicorn serving a few rounds of each game: (its address, the pages a phone opens)."""
    from companion.extensions import db

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/weight.db"
        with served(database_url=url) as server:
            app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "weight"})
            with app.app_context():
                pages = evening_pages(server, app)
                db.engine.dispose()
            yield server.url, pages


@pytest.fixture(scope="module")
def weights(evening, browser):
    base, pages = evening
    return {page.name: first_and_repeat(browser, base, page) for page in pages}


def over_budget(weights, pages) -> dict[str, str]:
    return {name: f"{w.first / 1024:.1f} KB" for name, w in weights.items()
            if name in pages and w.first > BUDGET}


def test_a_new_phone_loads_every_page_but_a_scorekeepers_game_in_30_kb_at_most(weights):
    heavy = over_budget(weights, [n for n in weights if not n.endswith("the scorekeeper's page")])
    assert not heavy, f"over {BUDGET // 1024} KB on the wire for a new phone: {heavy}"


@pytest.mark.parametrize("game", ["FOOT!", "ZOOT! Poker", "family game", "Hand and Foot", "FEZ"])
def test_a_new_phone_loads_a_scorekeepers_game_page_in_30_kb_at_most(weights, game):
    heavy = over_budget(weights, [f"{game}: the scorekeeper's page"])
    assert f"{game}: the scorekeeper's page" in weights
    assert not heavy, f"over {BUDGET // 1024} KB on the wire for a new phone: {heavy}"


def test_a_phone_opening_a_page_again_asks_for_no_static_file(weights):
    asked = {name: w.static_repeat for name, w in weights.items() if w.static_repeat}
    assert not asked, asked
    assert all(w.static_first for w in weights.values())  # (the first load did fetch them)


def test_static_files_are_named_by_their_content_and_cached_for_good(evening, browser):
    """Every file a game page loads (the FEZ scorekeeper's: htmx and the core, its styles, the
    game's script; its chips' script once the form is used) is under a hashed name, kept for a
    year as immutable, compressed, and carries no page headers."""
    base, pages = evening
    fez = next(p for p in pages if p.name.startswith("FEZ: the scorekeeper"))
    context = browser.new_context(base_url=base, **PHONE)
    try:
        context.add_cookies(fez.cookies)
        page = context.new_page()
        answers = []
        page.on("response", lambda r: answers.append(r) if "/static/" in r.url else None)
        page.goto(fez.path, wait_until="networkidle")
        page.locator("#tiles").fill("PLAY")  # fez.js comes (data-on-use)
        expect(page.locator(".chips .chip")).to_have_count(4)
        page.wait_for_load_state("networkidle")
        # every-page.js, companion.css, fez.css, game.js, fez.js
        assert len(answers) >= 5, [a.url for a in answers]
        assert any(re.search(r"/fez\.[0-9a-f]{10}\.js$", a.url) for a in answers)
        for answer in answers:
            path = re.sub(r"^https?://[^/]+", "", answer.url)
            headers = answer.all_headers()
            assert HASHED.match(path), path
            assert headers["cache-control"] == "public, max-age=31536000, immutable", (path, headers)
            assert "content-security-policy" not in headers, path
            if path.endswith((".js", ".css")):
                assert headers.get("content-encoding") in ("br", "gzip"), (path, headers)
    finally:
        context.close()


def fez_by_taps(page) -> None:
    """From home, by taps (each page swapped in by htmx): New game, FEZ, two names, Start; then
    a word typed shows its letter chips (fez.js at work)."""
    page.get_by_role("link", name="New game").tap()
    choose_game(page, "FEZ")
    for i, name in enumerate(["Ann", "Ben"]):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("link", name="Hand over")).to_be_visible()
    page.locator("#tiles").fill("PLAY")
    expect(page.locator(".chips .chip")).to_have_count(4)


def test_a_page_reached_by_a_link_runs_the_scripts_it_needs(page):
    """Home loads only what every page uses; the FEZ game started from New game, each page
    reached by a tap (htmx swaps the page in), has its letter chips: their script came once
    the form was used."""
    page.goto("/")
    scripts = page.evaluate("[...document.scripts].map((s) => s.src.split('/').pop())")
    assert not [s for s in scripts if s.startswith(("fez.", "game.", "new-game.", "scan."))], scripts
    fez_by_taps(page)


#: Recorded in the page at every frame: whether anything of <main> was painted while one of
#: its own stylesheets (fez.css, ...) had not loaded yet.
WATCH_UNSTYLED = """
window.unstyled = [];
(function frame() {
  const main = document.querySelector("main");
  if (main) {
    const waiting = [...main.querySelectorAll("link[rel=stylesheet]")].filter((l) => !l.sheet);
    const shown = getComputedStyle(main).visibility !== "hidden" && main.querySelector("h1");
    if (waiting.length && shown) window.unstyled.push(waiting.map((l) => l.href).join(" "));
  }
  requestAnimationFrame(frame);
})();
"""


def test_a_game_page_reached_by_a_link_is_styled_from_its_first_frame(page, tmp_path):
    """A game's own stylesheet (FEZ's: its letter chips, its lay-off letters) comes with its
    page, also when the page is reached by a tap (htmx swaps it in, its <head> unused) and the
    stylesheet is slow to come: nothing of the page shows unstyled in between, and then it is
    styled, light and dark. So too when the page is loaded afresh."""
    import time

    def slow(route):
        time.sleep(0.6)  # a slow Wi-Fi: the page's HTML is there long before its stylesheet
        route.continue_()

    page.route(re.compile(r"/static/(fez|pages)\.[0-9a-f]{10}\.css$"), slow)
    page.goto("/")
    page.evaluate(WATCH_UNSTYLED)
    fez_by_taps(page)
    expect(page.locator(".chips")).to_have_css("display", "flex")  # fez.css
    assert page.evaluate("window.unstyled") == []
    shots = Path(os.environ.get("SHOTS") or tmp_path)  # (SHOTS=folder keeps them)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(shots / f"fez-by-link-{scheme}.png"))

    # the same page loaded as a new phone loads it (its stylesheet in <main>, slow as before)
    page.add_init_script(WATCH_UNSTYLED)
    page.reload()
    page.locator("#tiles").fill("PLAY")
    expect(page.locator(".chips")).to_have_css("display", "flex")
    assert page.evaluate("window.unstyled") == []
