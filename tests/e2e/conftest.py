"""End-to-end fixtures: the real app on a real port, driven by Debian's Chromium.

- `live_server`: companion.create_app on a freshly migrated SQLite file, CSRF on,
  served by werkzeug on 127.0.0.1 at a free port in a background thread.
- `browser`: one headless Chromium for the session (/usr/bin/chromium, never a download).
- `wifi`: a link to the live server that a test can cut (a TCP relay on its own port).
- `new_phone()`: a fresh browser context sized like a phone (390x844, touch), on the live
  server or, given `base_url=wifi.url`, behind the cuttable link. Every request it makes
  is recorded; after the test, any request to a host other than
  127.0.0.1, any 5xx answer and any JavaScript error fails the test.

A missing Chromium FAILS the tests with a clear message: it never skips them.
"""

from __future__ import annotations

import os
import re
import socket
import struct
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from flask_migrate import upgrade
from playwright.sync_api import expect, sync_playwright
from werkzeug.serving import make_server

from companion import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
PHONE = dict(viewport={"width": 390, "height": 844}, device_scale_factor=3,
             is_mobile=True, has_touch=True)
HOST = "127.0.0.1"
# Schemes that never leave the phone.
LOCAL_SCHEMES = {"data", "blob", "about", "chrome", "chrome-extension", "devtools"}


# --- The server ----------------------------------------------------------------

@pytest.fixture
def live_server(tmp_path, word_store):
    """The real app (CSRF on) on a real SQLite file, at http://127.0.0.1:<free port>."""
    db_path = tmp_path / "companion.db"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_path}",
                      "SECRET_KEY": "e2e-secret-key", "WORD_STORE": str(word_store)})
    assert app.config.get("WTF_CSRF_ENABLED", True), "the e2e tests need CSRF on"
    with app.app_context():
        upgrade()
    server = make_server(HOST, 0, app, threaded=True)  # port 0: the OS picks a free one
    thread = threading.Thread(target=server.serve_forever, name="e2e-server", daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        with app.app_context():
            from companion.extensions import db
            db.engine.dispose()


class Wifi:
    """The table's Wi-Fi between the phones and the server: a TCP relay on its own port.

    `cut()` drops every open connection and turns new ones away (reset), so nothing a
    phone or its service worker sends reaches the server, whatever Chromium's offline
    emulation covers (it may miss a service worker restarted by a reload: Playwright
    issue 2311). `back()` lets connections through again. Bounded: a thread a connection
    and direction, closed with the connection.
    """

    def __init__(self, upstream: str):
        self.upstream = urlsplit(upstream).port
        self.listener = socket.create_server((HOST, 0))
        self.url = f"http://{HOST}:{self.listener.getsockname()[1]}"
        self.is_cut = False
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, name="e2e-wifi", daemon=True).start()

    def cut(self) -> None:
        with self.lock:
            self.is_cut = True
            for sock in self.open:
                _reset(sock)
            self.open.clear()

    def back(self) -> None:
        with self.lock:
            self.is_cut = False

    def close(self) -> None:
        """No new connections; open ones end with their phone or the server (a cut here
        would show as an error on a phone that is still open)."""
        self.listener.close()

    def _accept(self) -> None:
        while True:
            try:
                phone, _ = self.listener.accept()
            except OSError:
                return  # closed
            with self.lock:
                if self.is_cut:
                    _reset(phone)
                    continue
                server = socket.create_connection((HOST, self.upstream))
                self.open |= {phone, server}
            ended: list[socket.socket] = []  # directions closed by their sender
            for source, sink in ((phone, server), (server, phone)):
                threading.Thread(target=self._pipe, args=(source, sink, ended),
                                 daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket, ended: list) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
            sink.shutdown(socket.SHUT_WR)  # one end is done sending: pass it on
        except OSError:  # cut, or reset by the other end
            self._drop(source, sink, reset=True)
            return
        with self.lock:
            ended.append(source)
            both = len(ended) == 2
        if both:
            self._drop(source, sink, reset=False)

    def _drop(self, *socks: socket.socket, reset: bool) -> None:
        with self.lock:
            for sock in socks:
                self.open.discard(sock)
                if reset:
                    _reset(sock)
                else:
                    sock.close()


def _reset(sock: socket.socket) -> None:
    """Close at once with a reset, as a dropped link looks to the other end."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()


@pytest.fixture
def wifi(live_server):
    link = Wifi(live_server)
    yield link
    link.close()


# --- The browser ---------------------------------------------------------------

@pytest.fixture(scope="session")
def browser():
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(f"Chromium is missing: the e2e tests need Debian's Chromium at {CHROMIUM}. "
                    "Install it with `make debian-packages` (or `apt-get install chromium`).",
                    pytrace=False)
    with sync_playwright() as pw:
        try:
            chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                          args=CHROMIUM_ARGS)
        except Exception as e:  # noqa: BLE001 - any launch failure must be explained
            pytest.fail(f"Chromium at {CHROMIUM} would not start under Playwright: {e}",
                        pytrace=False)
        yield chromium
        chromium.close()


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


def _expected_console_error(text: str) -> bool:
    """None: zero console errors is the bar. (A refused form answers htmx with 200 and its
    reasons, not a 422 the browser would log; the previews queue rather than abort.)"""
    return False


def _where(msg) -> str:
    loc = msg.location or {}
    return f"{loc.get('url') or '?'}:{loc.get('lineNumber', '?')}:{loc.get('columnNumber', '?')}"


def _asked(request) -> str:
    """A line of a phone's log: when, what, and which kind of htmx request."""
    headers = request.headers
    kind = ("(page refresh)" if headers.get("x-page-refresh") else "(boosted)" if headers.get("hx-boosted")
            else "(region)" if headers.get("hx-request") else "")
    return f"{time.monotonic():.3f} {request.method} {request.url} {kind}".rstrip()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing end-to-end test shows its phones' last requests and answers (a race shows)."""
    report = (yield).get_result()
    watches = getattr(item, "phone_watches", None)
    if report.failed and watches:
        for watch in watches:
            report.sections.append((f"{watch.name}: its last requests", "\n".join(watch.log[-60:])))


@pytest.fixture
def new_phone(request, browser, live_server):
    """A factory: new_phone() opens another phone (browser context) on the live server."""
    contexts, watches = [], []
    request.node.phone_watches = watches

    def open_phone(name: str = "phone", base_url: str | None = None):
        context = browser.new_context(base_url=base_url or live_server, **PHONE)
        context.set_default_timeout(10_000)
        watch = Watch(f"{name} {len(watches) + 1}")
        context.on("request", lambda request: watch.requests.append(request.url))
        context.on("request", lambda request: watch.log.append(_asked(request)))
        context.on("response", lambda response: watch.log.append(
            f"{time.monotonic():.3f}   {response.status} {response.url}"))
        context.on("requestfailed", lambda request: watch.log.append(
            f"{time.monotonic():.3f}   failed ({request.failure}) {request.url}"))
        context.on("response", lambda response: response.status >= 500 and
                   watch.server_errors.append(f"{response.status} {response.url}"))
        page = context.new_page()
        page.on("pageerror", lambda error: watch.js_errors.append(str(error)))
        page.on("console", lambda msg: msg.type == "error" and not _expected_console_error(msg.text)
                and watch.js_errors.append(f"{msg.text} [{_where(msg)}; page {page.url}]"))
        contexts.append(context)
        watches.append(watch)
        return page

    yield open_phone
    for context in contexts:
        context.close()
    assert all(w.requests for w in watches), "a phone made no request at all: recording is broken"
    problems = [p for w in watches for p in w.problems()]
    assert not problems, "\n".join(problems)


@pytest.fixture
def page(new_phone):
    """The scorekeeper's phone."""
    return new_phone("scorekeeper")


# --- Driving the UI as a player would ------------------------------------------

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


@pytest.fixture
def table(page):
    return Table(page)
