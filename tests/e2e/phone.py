"""What the e2e tests share about using a phone: its size, what it did (`Watch`), the
scorekeeper's screen in a player's words (`Table`), a screenshot with notes on what a player
would trip over, typing as a thumb does, and waiting for something the page's callbacks record.
The fixtures that open phones are in conftest.py."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import expect

PHONE = dict(viewport={"width": 390, "height": 844}, device_scale_factor=3,
             is_mobile=True, has_touch=True)
HOST = "127.0.0.1"
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


class Table:
    """The scorekeeper's phone: a few words for what players do on screen."""

    def __init__(self, page):
        self.page = page

    # The new-game form
    def new_game(self, ruleset: str, names: list[str], dealer: int = 0) -> str:
        """Start a game through Home -> New game; returns the game's URL."""
        page = self.page
        page.goto("/")
        page.get_by_role("link", name="New game").tap()
        expect(page.get_by_role("heading", name="New game")).to_be_visible()
        # "ZOOT! 7-letter words …", not "ZOOT! Poker …"
        page.get_by_role("radio", name=re.compile(rf"^{re.escape(ruleset)} \d")).check()
        for i, name in enumerate(names):
            page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
        page.get_by_role("radio", name="deals").nth(dealer).check()
        page.get_by_role("button", name="Start the game").tap()
        expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
        self.settled()
        return page.url

    def settled(self) -> None:
        """htmx has finished swapping in a page: its fields answer (a machine can type within
        the 20 ms htmx takes to settle a page, which no thumb does)."""
        expect(self.page.locator(".htmx-swapping, .htmx-settling, .htmx-request")).to_have_count(0)

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


def shoot(page, name: str, folder: Path) -> None:
    """A full-page screenshot, and beside it what sticks out or is hard to tap (notes only).
    caret="initial": Playwright then leaves no inline style on the inputs (which the page's CSP
    would report on the next boosted navigation)."""
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True, caret="initial")
    (folder / f"{name}.txt").write_text(page.evaluate(MEASURE) + "\n")


def tap_and_type(field, text: str) -> None:
    """What a thumb does: tap the field, clear it, type key by key."""
    field.tap()
    field.press("Control+a")
    field.press("Backspace")
    field.press_sequentially(text, delay=20)


def wait_until(page, done, what: str, timeout: float = 10) -> None:
    """Wait until `done()` is true (something a Playwright callback records, or asks the page),
    at most `timeout` seconds. Playwright's own short waits let its callbacks run meanwhile,
    which time.sleep would not."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {what}")
        page.wait_for_timeout(20)
