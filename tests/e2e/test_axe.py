"""Every page passes axe-core, light and dark, on the phone (390x844): no violation of any
impact, with every rule axe has (best practices and experimental ones included, not only the
WCAG tags). And on every page no word is broken across two lines by the phone's width.

The pages: each game a table plays through the forms (tests/web/evenings.py: FOOT! with
edits, challenges, a house rule and its end; Poker between deals and mid-deal; the family game;
FEZ; Hand and Foot), seen by its scorekeeper's phone and by a watcher's; every page a link on
them leads to (history, an edit, a challenge, house rules, word lists, a hand-over, each game's
own forms...) found by following the links, one page of each kind per game; and what no link
shows: a refused round, a hand-over's code and the page that takes it, the admin view, a page
that does not exist, the offline page.

axe-core comes from the npm registry at the version package-lock.json pins (`make test`
installs it). It is evaluated through the DevTools protocol (Playwright's evaluate), which the
page's CSP does not govern: the CSP stays as strict as the players have it.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from playwright.sync_api import expect

from companion import create_app
from tests.drawn import whole_table
from tests.web.evenings import (family_evening, fez_evening, foot_with_everything,
                                hand_and_foot_evening, poker_evening)

from .phone import hand_over, type_code

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
ADMIN_SECRET = "axe-admin-secret-long-enough"
#: Each page's screenshot, light and dark, for a person to look at (the folds opened).
SHOTS = Path("/tmp/e2e-shots/every-page")
#: Addresses that are not pages: files, streams, the service worker.
NOT_PAGES = re.compile(r"\.(json|csv|js|css|png|svg|webmanifest)$|/events$|^/static/")

RUN_AXE = """async () => {
  const every = Object.fromEntries(axe.getRules().map((rule) => [rule.ruleId, {enabled: true}]));
  const result = await axe.run(document, {rules: every, resultTypes: ['violations']});
  return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(' '), html: n.html.slice(0, 160),
                                message: n.failureSummary}))}));
}"""

AXE_VERSION = lambda page: page.evaluate("() => axe.version")  # noqa: E731

LINKS = """() => [...document.querySelectorAll('a[href]')]
  .filter((a) => !a.hasAttribute('download') && a.origin === location.origin)
  .map((a) => a.pathname + a.search)"""


@pytest.fixture
def live_config():
    return {"ADMIN_SECRET": ADMIN_SECRET}


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(f"axe-core is missing ({AXE}): `make test` installs it (npm ci).",
                    pytrace=False)
    return AXE.read_text()


class Forms:
    """The phone's own cookies and CSRF token, sending the forms tests/web/evenings.py sends
    (its `client.post(path, data=...)` and `client.get(path).text`), as the phone would."""

    class Answer:
        def __init__(self, response):
            self.status_code = response.status
            self.text = response.text()
            self.location = response.headers.get("location", "")

    def __init__(self, page):
        self.request = page.request
        self.csrf = ""

    def get(self, path: str):
        answer = self.Answer(self.request.get(path))
        if found := re.search(r'name="csrf_token" value="([^"]+)"', answer.text):
            self.csrf = found.group(1)
        return answer

    def post(self, path: str, data: dict):
        if not self.csrf:
            self.get("/games/new?game=foot")
        return self.Answer(self.request.post(path, form={"csrf_token": self.csrf, **data},
                                             max_redirects=0))


def violations(page, axe_source: str) -> list[str]:
    """axe's violations on what the page shows now, one line each node."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(axe_source)
    found = page.evaluate(RUN_AXE)
    return [f"{v['id']} ({v['impact']}): {v['help']}\n    at {n['target']}: {n['html']}\n    "
            + n["message"].replace("\n", "\n    ") for v in found for n in v["nodes"]]


#: Each word on the page that the phone's width breaks across two lines ("deducte / d"), with
#: where it is: a word wraps whole or not at all (a name too long for the whole width aside).
BROKEN_WORDS = """() => {
  const broken = [];
  const text = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = text.nextNode(); node; node = text.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !parent.getClientRects().length) continue;
    for (const word of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1 && range.getBoundingClientRect().width < innerWidth * 0.8)
        broken.push(`${word[0]} (in ${parent.tagName.toLowerCase()}${parent.className ? "." + parent.className : ""})`);
    }
  }
  return broken;
}"""


def audit(page, axe_source: str, what: str, found: dict) -> None:
    """axe on the page, every fold (<details>) opened as a player may, light and then dark;
    and no word broken across two lines. Each scheme's screenshot goes to SHOTS."""
    page.evaluate("() => document.querySelectorAll('details:not([open])').forEach((d) => { d.open = true; })")
    for word in page.evaluate(BROKEN_WORDS):
        found.setdefault(what, []).append(f"a word broken across two lines: {word}")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        for line in violations(page, axe_source):
            found.setdefault(f"{what} [{scheme}]", []).append(line)
        SHOTS.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^\w-]+", "-", what).strip("-") or "home"
        page.screenshot(path=str(SHOTS / f"{name}-{scheme}.png"), full_page=True)
    page.emulate_media(color_scheme="light")


def kind(path: str, games: dict[str, str]) -> str:
    """A page's kind: its address with the game's id as its game's key, numbers as N and the
    query's values left out (one challenge page of each kind per game), but for the new-game
    form's game (each game's form is a page of its own)."""
    parts = urlsplit(path)
    address = parts.path
    for public_id, key in games.items():
        address = address.replace(public_id, key)
    address = re.sub(r"/\d+(?=/|$)", "/N", address)
    query = sorted(k if k != "game" else f"game={v}" for k, v in parse_qsl(parts.query))  # each game's form
    return address + ("?" + "&".join(query) if query else "")


def test_every_page_light_and_dark_has_no_axe_violation_and_no_broken_word(new_phone, tmp_path, axe_source,
                                                         console_allows):
    keeper = new_phone("scorekeeper")
    keeper.goto("/")
    forms = Forms(keeper)
    # The games, through the forms (an app on the live server's database reads play ids).
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'companion.db'}",
                      "SECRET_KEY": "e2e-secret-key"})
    games = {
        "foot": foot_with_everything(forms),
        "poker": poker_evening(forms),
        "family": family_evening(forms),
        "fez": fez_evening(app, forms),
        "hand-and-foot": hand_and_foot_evening(forms),
    }
    mid_deal = forms.post("/games/new", {"ruleset": "poker", "dealer": "0", "name-0": "Ann",
                                         "name-1": "Bo", "name-2": "Cy"}).location
    forms.post(f"{mid_deal}/rounds", {})  # the antes in: the first seat to act
    forms.post(f"{mid_deal}/plays/action", {"action": "bet", "amount": "20"})
    games["poker-mid-deal"] = mid_deal
    foot_on = forms.post("/games/new", {"ruleset": "foot", "dealer": "0", "name-0": "Ann",
                                        "name-1": "Bo", "name-2": "Cy"}).location
    games["foot-playing"] = foot_on
    games["family-new"] = forms.post("/games/new", {  # its card values not set yet
        "ruleset": "family", "dealer": "0", "name-0": "Ann", "name-1": "Bo"}).location
    ids = {url.rstrip("/").rsplit("/", 1)[1]: key for key, url in games.items()}

    found: dict[str, list[str]] = {}
    seen: set[str] = set()
    queue = ["/", "/games/new", "/words", "/stats", "/games/import", "/offline",
             *games.values()]
    while queue:
        path = queue.pop(0)
        what = kind(path, ids)
        if what in seen or NOT_PAGES.search(urlsplit(path).path):
            continue
        seen.add(what)
        answer = keeper.goto(path)
        assert answer.ok, f"{path}: {answer.status}"
        audit(keeper, axe_source, what, found)
        queue += keeper.evaluate(LINKS)

    # What no link shows: a refused round (its reasons beside the fields) ...
    keeper.goto(foot_on)
    keeper.locator("#word-0").fill("JA1ZY")
    keeper.get_by_role("button", name="Save round").tap()
    expect(keeper.locator("#round-form .error[role=alert]").first).to_be_visible()
    audit(keeper, axe_source, "FOOT! round refused", found)
    # ... a code that matches no game ...
    type_code(keeper, "zzzz zzzz")
    expect(keeper.get_by_text(re.compile("No game has the code"))).to_be_visible()
    audit(keeper, axe_source, "a wrong code", found)
    # ... a watcher's page of every game ...
    watcher = new_phone("watcher")
    for key, url in games.items():
        watcher.goto(url)
        expect(watcher.get_by_role("link", name="Hand over")).to_have_count(0)
        audit(watcher, axe_source, f"{key} watched", found)
    # ... a hand-over's code and the page that takes it ...
    keeper.goto(foot_on)
    code = hand_over(keeper, "Bo")
    audit(keeper, axe_source, "hand-over code", found)
    watcher.goto(keeper.locator(".link code").inner_text().strip())
    expect(watcher.get_by_role("heading").first).to_be_visible()
    audit(watcher, axe_source, f"take over with {code}", found)
    # ... the admin view, signed out and in ...
    keeper.goto("/admin")
    audit(keeper, axe_source, "admin sign-in", found)
    keeper.get_by_label(re.compile("secret", re.I)).fill(ADMIN_SECRET)
    keeper.get_by_role("button", name=re.compile("Sign in")).tap()
    expect(keeper.get_by_role("button", name=re.compile("Sign out"))).to_be_visible()
    audit(keeper, axe_source, "admin", found)
    # ... and a page that does not exist (the browser logs its 404, as it should).
    console_allows.append(re.compile(r"^Failed to load resource: the server responded with a "
                                     r"status of 404 \(NOT FOUND\)$"))
    assert keeper.goto("/games/nosuchgame22").status == 404
    audit(keeper, axe_source, "404", found)

    rules = keeper.evaluate("() => axe.getRules().length")
    print(f"axe {AXE_VERSION(keeper)}, {rules} rules: {len(seen)} kinds of page and "
          f"{len(games) + 7} states, light and dark: {sorted(seen)}")
    assert not found, "\n".join(f"{page}:\n  " + "\n  ".join(lines) for page, lines in found.items())


def test_the_table_scans_correction_screen_has_no_axe_violation(page, table, tmp_path, axe_source,
                                                                letter_model):
    """What no link shows either: a photo of the table read, its words to correct."""
    table.new_game("foot", ["Ann", "Bo", "Cy"])
    photo = tmp_path / "table.jpg"
    photo.write_bytes(whole_table({0: "QUOTA", 90: "JAZZY", 180: "HOVSE"}))
    page.locator("#table-photo").set_input_files(str(photo))
    expect(page.locator(".table-scan")).to_be_visible()
    found: dict[str, list[str]] = {}
    audit(page, axe_source, "FOOT! table scan", found)
    assert not found, "\n".join(f"{what}:\n  " + "\n  ".join(lines) for what, lines in found.items())
