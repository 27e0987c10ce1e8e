"""End-to-end fixtures: the real app on a real port, driven by Debian's Chromium.

- `live_server`: companion.create_app on a freshly migrated SQLite file, CSRF on,
  served by werkzeug on 127.0.0.1 at a free port in a background thread.
- `browser`: one headless Chromium for the session (/usr/bin/chromium, never a download).
- `wifi`: a link to the live server that a test can cut (a TCP relay on its own port).
- `new_phone()`: a fresh browser context sized like a phone (390x844, touch), on the live
  server or, given `base_url=wifi.url`, behind the cuttable link. Every request it makes
  is recorded; after the test, any request to a host other than
  127.0.0.1, any 5xx answer, any JavaScript error and any console error fails the test.

A missing Chromium FAILS the tests with a clear message: it never skips them.
"""

from __future__ import annotations

import os
import re
import socket
import struct
import threading
import time
from urllib.parse import urlsplit

import pytest
from flask_migrate import upgrade
from playwright.sync_api import expect, sync_playwright
from werkzeug.serving import make_server

from companion import create_app

from .phone import HOST, PHONE, Table, Watch, markless

#: What a phone waits for before a test calls it missing: a photo read on a machine busy with
#: other work can take seconds. The same patience for actions (new_phone) and for expect.
PATIENCE_MS = 10_000
expect.set_options(timeout=PATIENCE_MS)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


# --- The server ----------------------------------------------------------------

@pytest.fixture
def live_config() -> dict:
    """More of the live server's configuration, for a test module that needs it (the admin
    view's secret, say): none by default."""
    return {}


@pytest.fixture
def live_server(tmp_path, word_store, live_config):
    """The real app (CSRF on) on a real SQLite file, at http://127.0.0.1:<free port>."""
    db_path = tmp_path / "companion.db"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_path}",
                      "SECRET_KEY": "e2e-secret-key", "WORD_STORE": str(word_store),
                      **live_config})
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
def console_allows() -> list[re.Pattern]:
    """Patterns of console errors a test causes on purpose (a phone offline, a stream
    refused): every other console error still fails the test (`new_phone`). None by default:
    zero console errors is the bar (a refused form answers htmx with 200 and its reasons, not
    a 422 the browser would log; the previews queue rather than abort)."""
    return []


@pytest.fixture
def new_phone(request, browser, live_server, console_allows):
    """A factory: new_phone() opens another phone (browser context) on the live server; its
    other keyword arguments are the context's own (java_script_enabled=False, timezone_id...).
    Every page the phone opens is watched: any console error (a CSP violation included) or
    uncaught exception fails the test, and its screenshots leave no mark (phone.markless)."""
    contexts, watches = [], []
    request.node.phone_watches = watches

    def open_phone(name: str = "phone", base_url: str | None = None, **options):
        context = browser.new_context(base_url=base_url or live_server, **{**PHONE, **options})
        context.set_default_timeout(PATIENCE_MS)
        # every resource's timing kept (not the first 250): phone.SCRIPTS_ARRIVED reads them
        context.add_init_script("performance.setResourceTimingBufferSize(100000)")
        watch = Watch(f"{name} {len(watches) + 1}")
        context.on("request", lambda request: watch.requests.append(request.url))
        context.on("request", lambda request: watch.log.append(_asked(request)))
        context.on("response", lambda response: watch.log.append(
            f"{time.monotonic():.3f}   {response.status} {response.url}"))
        context.on("requestfailed", lambda request: watch.log.append(
            f"{time.monotonic():.3f}   failed ({request.failure}) {request.url}"))
        context.on("response", lambda response: response.status >= 500 and
                   watch.server_errors.append(f"{response.status} {response.url}"))
        context.on("weberror", lambda error: watch.js_errors.append(str(error.error)))
        context.on("console", lambda msg: msg.type == "error"
                   and not any(allowed.search(msg.text) for allowed in console_allows)
                   and watch.js_errors.append(
                       f"{msg.text} [{_where(msg)}; page {msg.page.url if msg.page else '?'}]"))
        context.on("page", markless)
        page = context.new_page()
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


@pytest.fixture
def table(page):
    """The scorekeeper's phone, in a player's words (phone.Table)."""
    return Table(page)
