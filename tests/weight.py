"""What a page weighs on the wire for a new phone: the bytes Chromium receives (headers and
bodies, as sent: compressed where the server compresses) to load a page in a fresh browser
(nothing cached, no service worker yet) until the network is idle, and again on a repeat load.
Shared by the e2e test (tests/e2e/test_weight.py) and `make bench` (tools/bench.py weight).

`evening_pages(server)` plays a few rounds of each game on a gunicorn server (tests.served)
through its forms and names every page a phone opens, with the cookies it needs (the
scorekeeper's pages need the game's token cookie). `first_and_repeat(browser, url, cookies)`
measures one page: every response the page and its service worker receive, counted by
Chromium's DevTools protocol (Network.loadingFinished's encodedDataLength: headers and body).
"""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass, field

#: The most a new phone's first load of a page may take on the wire, in bytes.
BUDGET = 30 * 1024
PHONE = dict(viewport={"width": 390, "height": 844}, device_scale_factor=3,
             is_mobile=True, has_touch=True)


class FormClient:
    """A served Phone that looks like Flask's test client to tests/web/evenings.py: post(path,
    data=...) answers status_code, text and location (a path)."""

    @dataclass
    class Answer:
        status_code: int
        text: str
        location: str

    def __init__(self, phone):
        self.phone = phone

    def _answer(self, answer):
        return self.Answer(answer.status, answer.text, urllib.parse.urlsplit(answer.location).path
                           if answer.location else "")

    def get(self, path: str):
        return self._answer(self.phone.get(path))

    def post(self, path: str, data: dict):
        if not self.phone.csrf:
            self.phone.get("/games/new?game=foot")  # a form with its CSRF token
        return self._answer(self.phone.post(path, {k: str(v) for k, v in data.items()}))


@dataclass
class Page:
    name: str
    path: str
    cookies: list[dict] = field(default_factory=list)  # Playwright's add_cookies shape


def _cookies(phone, host: str) -> list[dict]:
    return [{"name": c.name, "value": c.value, "domain": host, "path": c.path or "/"}
            for c in phone.cookies]


def evening_pages(server, app) -> list[Page]:
    """A few rounds of each game played on `server` (gunicorn; `app` on the same database, for
    the FEZ evening's ids), and the pages a phone opens, from home to the house's lists."""
    from tests.served import Phone
    from tests.web import evenings

    host = urllib.parse.urlsplit(server.url).hostname
    keeper = Phone(server)
    client = FormClient(keeper)
    games = {
        "FOOT!": evenings.foot_with_everything(client),
        "FEZ": evenings.fez_evening(app, client),
        "ZOOT! Poker": evenings.poker_evening(client),
        "Hand and Foot": evenings.hand_and_foot_evening(client),
        "family game": evenings.family_evening(client),
    }
    foot = games["FOOT!"]
    edit = re.findall(r"/rounds/(\d+)/edit", keeper.get(foot).text)[0]
    challenge = re.search(r'href="(/games/[^"]+/challenge\?[^"]+)"', keeper.get(foot).text)
    mine = _cookies(keeper, host)
    watcher = Phone(server)
    watcher.get(foot)  # a phone that opened the game: it remembers it, as a watcher
    pages = [
        Page("home (a new phone)", "/"),
        Page("home (the scorekeeper's games)", "/", mine),
        Page("new game: the games", "/games/new", mine),
        Page("new game: FEZ's form", "/games/new?game=fez", mine),
        *[Page(f"{name}: the scorekeeper's page", path, mine) for name, path in games.items()],
        Page("FOOT!: a watcher's page", foot, _cookies(watcher, host)),
        Page("FOOT!: history", f"{foot}/history", mine),
        Page("FOOT!: edit round 1", f"{foot}/rounds/{edit}/edit", mine),
        Page("FOOT!: the house", f"{foot}/house", mine),
        Page("FOOT!: the word lists", f"{foot}/lists", mine),
        Page("is it a word?", "/words?word=JAZZY", mine),
        Page("stats", "/stats", mine),
        Page("import a game", "/games/import", mine),
        Page("offline", "/offline"),
    ]
    if challenge:
        pages.insert(-4, Page("FOOT!: challenge a word", challenge.group(1).replace("&amp;", "&"), mine))
    return pages


@dataclass
class Weight:
    first: int  # bytes received on the first load, headers included
    repeat: int  # bytes received when the same phone opens the page again
    static_first: list[str]  # the static files loaded (their paths)
    static_repeat: list[str]  # static files asked of the server on the repeat load


def _received(context, page, url: str) -> tuple[int, list[str]]:
    """Load `url` in `page` and wait for the network to be idle: the bytes received, by the page
    (Chromium's DevTools protocol: Network.loadingFinished's encodedDataLength, headers
    included) and by its service worker (Playwright's sizes of the worker's requests), and the
    static files that came from the server (not from a cache)."""
    counted: dict[str, int] = {}
    urls: dict[str, str] = {}
    from_cache: set[str] = set()
    worker: list[tuple[str, int]] = []

    def sent(event):
        urls[event["requestId"]] = event["request"]["url"]

    def answered(event):
        response = event["response"]
        if (response.get("fromDiskCache") or response.get("fromServiceWorker")
                or response.get("fromPrefetchCache")):
            from_cache.add(event["requestId"])

    def cached(event):
        from_cache.add(event["requestId"])

    def done(event):
        counted[event["requestId"]] = int(event["encodedDataLength"])

    def finished(request):
        response = request.response()
        if request.service_worker is None or response is None:
            return
        sizes = request.sizes()
        if sizes["responseHeadersSize"] + sizes["responseBodySize"] <= 0:
            return  # from the browser's cache: nothing came over the wire
        # (Chromium reports no body size for the worker's own script: its Content-Length)
        body = max(sizes["responseBodySize"], int(response.headers.get("content-length") or 0))
        worker.append((request.url, sizes["responseHeadersSize"] + body))

    session = context.new_cdp_session(page)
    session.on("Network.requestWillBeSent", sent)
    session.on("Network.responseReceived", answered)
    session.on("Network.requestServedFromCache", cached)
    session.on("Network.loadingFinished", done)
    session.send("Network.enable")
    context.on("requestfinished", finished)
    try:
        page.goto(url, wait_until="networkidle")
        page.wait_for_timeout(700)  # the service worker installs once the page has loaded
        page.wait_for_load_state("networkidle")
    finally:
        context.remove_listener("requestfinished", finished)
        session.detach()
    over_wire = {key: size for key, size in counted.items() if key not in from_cache}
    static = [urllib.parse.urlsplit(urls.get(key, "")).path for key in over_wire
              if "/static/" in urls.get(key, "")]
    static += [urllib.parse.urlsplit(u).path for u, size in worker if "/static/" in u]
    return sum(over_wire.values()) + sum(size for _, size in worker), static


def first_and_repeat(browser, base: str, page_spec: Page) -> Weight:
    """A new phone opens the page, then opens it again (a reload, as a phone reopens a tab)."""
    context = browser.new_context(base_url=base, **PHONE)
    try:
        if page_spec.cookies:
            context.add_cookies(page_spec.cookies)
        page = context.new_page()
        first, static_first = _received(context, page, base + page_spec.path)
        repeat, static_repeat = _received(context, page, base + page_spec.path)
        return Weight(first, repeat, static_first, static_repeat)
    finally:
        context.close()
