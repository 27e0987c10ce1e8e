"""What the e2e tests share about using a phone: its size, what it did (`Watch`), the
scorekeeper's screen in a player's words (`Table`), a screenshot with notes on what a player
would trip over, typing as a thumb does, and waiting for something the page's callbacks record.
Also what several tests do with it: phones sharing a game (join and hand-over codes, the
Wi-Fi cut), and where the scan screen draws each card. The fixtures that open phones are in
conftest.py."""

from __future__ import annotations

import io
import json
import re
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from PIL import Image
from playwright.sync_api import expect

PHONE = dict(viewport={"width": 390, "height": 844}, device_scale_factor=3,
             is_mobile=True, has_touch=True)
HOST = "127.0.0.1"
#: A game's address: /games/ and its public id.
GAME_ADDRESS = re.compile(r"/games/[a-z2-9]{12}$")
# Schemes that never leave the phone.
LOCAL_SCHEMES = {"data", "blob", "about", "chrome", "chrome-extension", "devtools"}


@dataclass
class Watch:
    """What one phone did: every request, server errors, JavaScript errors."""

    name: str
    requests: list[str] = field(default_factory=list)
    # what a failing test prints: each request with its time, method, kind and answer
    log: list[str] = field(default_factory=list)
    server_errors: list[str] = field(default_factory=list)
    js_errors: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        out = []
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme in LOCAL_SCHEMES:
                continue
            if parts.hostname != HOST:
                out.append(f"{self.name}: request to another host (offline at the table!): {url}")
        out += [f"{self.name}: server error {e}" for e in self.server_errors]
        out += [f"{self.name}: JavaScript error: {e}" for e in self.js_errors]
        return out


#: Every script the page names has arrived (a page reached through htmx loads its own after the
#: swap: companion.js). The phones keep every timing (conftest), so none is missed.
SCRIPTS_ARRIVED = """() => {
  const arrived = new Set(performance.getEntriesByType('resource').map((e) => e.name));
  return [...document.scripts].every((s) => !s.src || arrived.has(s.src));
}"""


class Table:
    """The scorekeeper's phone: a few words for what players do on screen."""

    def __init__(self, page):
        self.page = page

    # The new-game form
    def new_game(self, game: str, names: list[str], dealer: int = 0,
                 settings: dict[str, str] | None = None) -> str:
        """Start a game through Home -> New game, as the scorekeeper taps it: `game` is its
        ruleset's key ("foot", "zoot", "family", "fez", "hand-and-foot", "poker"), `dealer`
        the seat ticked to deal (or play) first, `settings` the game's own choices by their
        key (`{"difficulty": "adults"}`; the form's defaults otherwise). The game's address."""
        page = self.page
        page.goto("/")
        page.get_by_role("link", name="New game").tap()
        expect(page.get_by_role("heading", name="New game")).to_be_visible()
        page.locator(f'a[href$="?game={game}"]').tap()
        if settings and page.locator("details.table-rules").count():
            page.locator("details.table-rules summary").tap()
        for key, value in (settings or {}).items():
            page.locator(f'input[name="setting-{key}"][value="{value}"]').check()
        for i, name in enumerate(names):
            page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
        page.locator("input[name=dealer]").nth(dealer).check()
        page.get_by_role("button", name="Start the game").tap()
        expect(page).to_have_url(GAME_ADDRESS)
        expect(page.get_by_role("link", name="Hand over")).to_be_visible()  # the scorekeeper's page
        self.settled()
        return page.url

    def settled(self) -> None:
        """htmx has finished swapping in a page and the scripts it asked for have arrived: its
        fields answer (a machine can type within the 20 ms htmx takes to settle a page, or cut
        the Wi-Fi while game.js is on its way, which no thumb does)."""
        expect(self.page.locator(".htmx-swapping, .htmx-settling, .htmx-request")).to_have_count(0)
        self.page.wait_for_function(SCRIPTS_ARRIVED)

    # The round form (the game page and the edit page share it)
    def seat(self, seat: int):
        return self.page.locator("#round-form fieldset.player").nth(seat)

    def word(self, seat: int):
        return self.page.locator(f"#word-{seat}")

    def points(self, seat: int):
        return self.page.locator(f"#points-{seat}")

    def note(self, seat: int):
        return self.page.locator(f"#note-{seat}")

    def went_out(self, seat: int) -> None:
        self.seat(seat).get_by_label("Went out first").check()

    def no_word(self, seat: int) -> None:
        self.seat(seat).get_by_label("No word").check()

    def fill_round(self, words: list[str], out: int | None, final: bool = False,
                   expect_points: list[int] | None = None) -> None:
        """Type each word ("" ticks "No word") and who went out; when given, wait until
        the points beside each word (the htmx preview) read `expect_points`."""
        for seat, word in enumerate(words):
            if word:
                self.word(seat).fill(word)
            else:
                self.no_word(seat)
        if out is not None:
            self.went_out(out)
        if final:
            self.page.get_by_label("Final round").check()
        for seat, pts in enumerate(expect_points or []):
            expect(self.points(seat)).to_have_text(_points_text(pts, seat == out and words[seat]))

    def save_round(self) -> None:
        self.page.get_by_role("button", name="Save round").tap()

    # The scoreboard
    @property
    def totals(self):
        return self.page.locator(".totals .total")

    def round_row(self, number: int):
        return self.page.locator(f"#round-{number}")


def _points_text(pts: int, going_out) -> re.Pattern:
    """What the points beside a word read: "81 incl. +10 pts" or "26 pts"."""
    bonus = r"\s*incl\. \+10" if going_out else ""
    return re.compile(rf"^\s*{pts}{bonus}\s*pts\s*$")


#: Beside each screenshot: how wide the page is, what sticks out past the phone's 390 px (a
#: mobile browser widens its layout to fit, so innerWidth would hide it), the controls a thumb
#: could miss (under 44 px), and words or numbers split across two lines. Notes, not assertions.
MEASURE = """() => {
  const W = 390, MIN = 44, out = [`scrollWidth ${document.documentElement.scrollWidth} (phone ${W}, layout viewport ${innerWidth})`];
  const say = (e) => (e.id ? '#' + e.id : e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).trim().replace(/\\s+/g, '.') : ''))
                     + ' "' + (e.innerText || e.value || e.getAttribute('aria-label') || '').replace(/\\s+/g, ' ').trim().slice(0, 50) + '"';
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (r.width && r.right > W + 0.5 && !(e.parentElement && e.parentElement.getBoundingClientRect().right > W + 0.5))
      out.push(`past the edge (right ${Math.round(r.right)}, width ${Math.round(r.width)}): ${say(e)}`);
  }
  const controls = 'button, select, input:not([type=hidden]):not([type=radio]):not([type=checkbox]), main a, header a, .choice';
  for (const e of document.querySelectorAll(controls)) {
    const r = e.getBoundingClientRect();
    if (r.width <= 2 && r.height <= 2) continue;
    if (r.height < MIN || r.width < MIN) out.push(`small target ${Math.round(r.width)}x${Math.round(r.height)}: ${say(e)}`);
  }
  // a word or number broken across two lines
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, words = /\\S+/g;
    if (!node.parentElement || !node.parentElement.offsetParent) continue;
    for (let m; (m = words.exec(node.data));) {
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) out.push(`split across lines: "${m[0]}" in ${say(node.parentElement)}`);
    }
  }
  return out.join('\\n');
}"""


def markless(page) -> None:
    """Make the page's screenshots leave nothing on it. To hide the caret, Playwright writes
    caret-color on every field and afterwards removes it, leaving an empty style="" behind; the
    next htmx swap copies that attribute onto the new fields and the page's CSP (style-src
    'self') reports each copy to the console. caret="initial" writes nothing, so every
    screenshot is taken so. Its `style` option is an inline style sheet the CSP refuses."""
    take = page.screenshot

    def screenshot(**options):
        if options.get("style"):
            raise ValueError("screenshot(style=...) is an inline style the page's CSP refuses")
        return take(**{**options, "caret": "initial"})

    page.screenshot = screenshot


def shoot(page, name: str, folder: Path) -> None:
    """A full-page screenshot, and beside it what sticks out or is hard to tap (notes only)."""
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
    (folder / f"{name}.txt").write_text(page.evaluate(MEASURE) + "\n")


def shoot_light_and_dark(page, name: str, folder: Path) -> None:
    """shoot() the page light, then dark (<name>-light, <name>-dark); the page left light."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shoot(page, f"{name}-{scheme}", folder)
    page.emulate_media(color_scheme="light")


def choose_game(page, name: str) -> None:
    """On the new-game page, tap the game called `name` ("FEZ", "ZOOT! Poker"): its own form
    opens."""
    page.get_by_role("link", name=re.compile("^" + re.escape(name) + " ·")).tap()
    expect(page.locator(".chosen-game strong")).to_have_text(name)


def tap_and_type(field, text: str) -> None:
    """What a thumb does: tap the field, clear it, type key by key."""
    field.tap()
    field.press("Control+a")
    field.press("Backspace")
    field.press_sequentially(text, delay=20)


def fez_word(page, player: str, letters: str, flush: str):
    """On FEZ's word form: who played it, the letters typed, All red or All black tapped; the
    form."""
    form = page.locator("#round-form")
    form.get_by_role("radio", name=player, exact=True).tap()
    tap_and_type(page.get_by_label("The letters used"), letters)
    form.locator(".chip-tools").get_by_role("button", name=flush).tap()
    return form


def wait_until(page, done, what: str, timeout: float = 10) -> None:
    """Wait until `done()` is true (something a Playwright callback records, or asks the page),
    at most `timeout` seconds. Playwright's own short waits let its callbacks run meanwhile,
    which time.sleep would not."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {what}")
        page.wait_for_timeout(20)


# --- Phones that share a game: codes, a hand-over, the Wi-Fi cut ----------------------------

#: What a phone's console says while its network is cut on purpose: each request it could not
#: send (or the stream the cut broke), and htmx's own note of it.
NETWORK_CUT = re.compile(r"^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED"
                         r"|CONNECTION_RESET|EMPTY_RESPONSE|CONNECTION_CLOSED"
                         r"|INCOMPLETE_CHUNKED_ENCODING|SOCKET_NOT_CONNECTED)$"
                         r"|^htmx:(sendError|afterRequest), \[object HTML\w+\]$")
CODE8 = re.compile(r"^[A-Z2-9]{4}-[A-Z2-9]{4}$")


def game_id(url: str) -> str:
    """The game's id in its address (/games/<id>)."""
    return url.rstrip("/").rsplit("/", 1)[1]


def server_rows(live_server: str, url: str) -> list[dict]:
    """The game's rounds as the server has them, asked from here (not through any phone)."""
    with urllib.request.urlopen(f"{live_server}/games/{game_id(url)}.json", timeout=5) as answer:
        return json.load(answer)["rows"]


def type_code(other, typed: str) -> None:
    """On the home page, type a code under "Join a game" and tap Join."""
    other.goto("/")
    tap_and_type(other.get_by_label(re.compile("^Join a game")), typed)
    other.get_by_role("button", name="Join", exact=True).tap()


def as_typed(code: str) -> str:
    """What a player types, reading a code off another phone: lower case, a space for the dash."""
    return code.lower().replace("-", " ")


def hand_over(page, keep: str) -> str:
    """The scorekeeper taps Hand over, picks who keeps score, makes a code; returns it.
    (Hand over asks first: no code exists until "Make a code" is tapped under the choice;
    a page that shows a code already offers "New code (this one stops working)".)"""
    page.get_by_role("link", name="Hand over").tap()
    expect(page.get_by_role("heading", name="Hand over the scorekeeping")).to_be_visible()
    code = page.locator(".handover-code .code")
    before = code.inner_text().strip() if code.count() else None
    page.get_by_role("radio", name=re.compile(re.escape(keep))).check()
    page.get_by_role("button", name=re.compile(r"^(Make a code|New code)")).tap()
    expect(code).to_have_text(CODE8)
    if before:
        expect(code).not_to_have_text(before)  # the new code, not the one it replaced
    expect(page.get_by_role("radio", name=re.compile(re.escape(keep)))).to_be_checked()
    expect(page.get_by_role("img", name="QR code of the handover link")).to_be_visible()
    return code.inner_text().strip()


def save_jazzy(table: Table) -> None:
    """Round 1 of a FOOT! game for Ann, Ben and Cat, saved: Ann goes out with JAZZY."""
    # JAZZY = 20+1+20+20+10 = 71, + 10 for going out = 81; QUOTA = 26; HOUSE = 9
    table.fill_round(["JAZZY", "QUOTA", "HOUSE"], out=0, expect_points=[81, 26, 9])
    table.save_round()
    expect(table.totals).to_have_text(["81", "26", "9"])


def fill_waxes(table: Table) -> None:
    """The next round typed, not saved: Ben goes out with WAXES."""
    # WAXES = 10+1+10+1+3 = 25, + 10 for going out = 35; QUICK = 28; Ann has no word
    table.fill_round(["", "WAXES", "QUICK"], out=1, expect_points=[0, 35, 28])


def service_worker_in_charge(page) -> None:
    """Wait until the service worker is active and answers this page's requests."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null"
                           " && navigator.serviceWorker.controller.state === 'activated'")


def keeper_behind_wifi(new_phone, wifi) -> tuple:
    """The scorekeeper's phone on the Wi-Fi a test can cut, its service worker in charge, and
    a new FOOT! game for Ann, Ben and Cat: (page, its Table, the game's address)."""
    page = new_phone("scorekeeper", base_url=wifi.url)
    table = Table(page)
    page.goto("/")
    service_worker_in_charge(page)
    return page, table, table.new_game("foot", ["Ann", "Ben", "Cat"])


# --- The scan screen ---------------------------------------------------------------------

#: Where each card is drawn, in CSS px: its outline (the card in the photo), its tap target, and
#: what the old screen (the whole photo, as wide as the player's block) would have drawn.
GEOMETRY = """(photo) => {
  const svg = document.querySelector('.scan-photo'), view = svg.viewBox.baseVal;
  const size = (e) => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  const before = svg.closest('.scan-result').clientWidth / photo;  // the old scale
  return {view: view.width, photo, svg: size(svg), cards: [...svg.querySelectorAll('.scan-card')].map((g) => {
    const box = g.querySelector('.scan-box');
    return {box: size(box), hit: size(g.querySelector('.scan-hit')),
            before: {w: box.width.baseVal.value * before, h: box.height.baseVal.value * before}};
  })};
}"""


def geometry(page, photo: bytes) -> dict:
    """Where the scan screen draws the photo and each of its cards (GEOMETRY)."""
    page.locator(".scan-photo").scroll_into_view_if_needed()
    return page.evaluate(GEOMETRY, Image.open(io.BytesIO(photo)).width)


def tap_centre(page, card) -> None:
    """A thumb on the middle of the card in the photo (not its letter, not its outline)."""
    x, y = card["box"]["x"] + card["box"]["w"] / 2, card["box"]["y"] + card["box"]["h"] / 2
    under = page.evaluate("([x, y]) => document.elementFromPoint(x, y).getAttribute('class')", [x, y])
    assert under == "scan-hit", f"the middle of the card is not its tap target but {under!r}"
    page.touchscreen.tap(x, y)
