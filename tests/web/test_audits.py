"""What the accessibility and Lighthouse audits ask of the pages: a top-level heading on the
home page; in every page's head a description and the phone's bar colour, light and dark, and
an icon for an iPhone's home screen; a maskable icon in the manifest; links and buttons whose
name holds the words they show (voice control finds a control by what the player sees)."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from pathlib import Path

from PIL import Image

from tests.helpers import new_game, round_form
from tests.web.evenings import (family_evening, fez_evening, foot_evening, foot_with_everything,
                                hand_and_foot_evening, poker_evening)

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Page(HTMLParser):
    """A page's meta and link tags, its h1s, and each link or button that has an aria-label:
    (tag, href, aria-label, the text it shows; text in a visually-hidden element is not shown)."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.metas, self.links, self.h1s, self.named = [], [], [], []
        self.open: list[tuple[str, bool]] = []  # tag, hidden
        self.naming: list[tuple] = []  # tag, href, aria-label, texts, depth
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta":
            self.metas.append(attrs)
        elif tag == "link":
            self.links.append(attrs)
        if tag in VOID:
            return
        hidden = bool(self.open and self.open[-1][1]) or "hidden" in attrs \
            or "visually-hidden" in (attrs.get("class") or "").split()
        self.open.append((tag, hidden))
        if tag == "h1":
            self.h1s.append([])
        if tag in ("a", "button") and attrs.get("aria-label") is not None:
            self.naming.append((tag, attrs.get("href"), attrs["aria-label"], [], len(self.open)))

    def handle_endtag(self, tag):
        if tag in VOID or tag not in [t for t, _ in self.open]:
            return
        while self.open:
            closed, _ = self.open.pop()
            while self.naming and self.naming[-1][4] > len(self.open):
                tag_, href, label, texts, _ = self.naming.pop()
                self.named.append((tag_, href, label, "".join(texts)))
            if closed == tag:
                return

    def handle_data(self, data):
        if self.open and self.open[-1][1]:
            return
        for naming in self.naming:
            naming[3].append(data)
        if any(tag == "h1" for tag, _ in self.open) and self.h1s:
            self.h1s[-1].append(data)


def words(s: str) -> str:
    """As axe-core compares a name and a text: lower case, letters and digits, one space."""
    return " ".join("".join(c if c.isalnum() else " " for c in s.lower()).split())


def test_the_home_page_has_one_top_level_heading(client):
    for _ in range(2):  # with no game, then with one in progress
        page = Page(client.get("/").text)
        assert len(page.h1s) == 1 and " ".join("".join(page.h1s[0]).split()), page.h1s
        new_game(client)


def test_every_page_has_a_description_a_bar_colour_light_and_dark_and_a_home_screen_icon(app, client):
    game = new_game(client)
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    fez = new_game(client, ("Ann", "Bo"), "fez")
    paths = ["/", "/games/new", "/games/new?game=poker", "/words", "/stats", "/games/import", "/offline", game,
             f"{game}/history", f"{game}/rounds/1/edit", f"{game}/house", f"{game}/words",
             f"{game}/handover", fez, "/games/no-such-game"]
    touch_icons = set()
    for path in paths:
        response = client.get(path)
        assert response.status_code == (404 if "no-such" in path else 200), (path, response.status_code)
        page = Page(response.text)
        descriptions = [m.get("content", "") for m in page.metas if m.get("name") == "description"]
        assert len(descriptions) == 1 and len(descriptions[0].split()) >= 5, (path, descriptions)
        colours = {m.get("media"): m.get("content", "") for m in page.metas
                   if m.get("name") == "theme-color"}
        assert set(colours) == {"(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"}, (path, colours)
        assert all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in colours.values()), (path, colours)
        touch_icons |= {link["href"] for link in page.links if link.get("rel") == "apple-touch-icon"}
    # the page's own colours (companion.css): the bar and the page are one surface
    css = (Path(app.static_folder) / "companion.css").read_text()
    assert colours["(prefers-color-scheme: light)"] in css.split("@media")[0]
    assert colours["(prefers-color-scheme: dark)"] in css.split("prefers-color-scheme: dark")[1]
    assert len(touch_icons) == 1, touch_icons
    icon = client.get(touch_icons.pop())
    assert icon.status_code == 200 and icon.mimetype == "image/png"
    image = Image.open(io.BytesIO(icon.data))
    assert image.size == (180, 180) and len(icon.data) < 8_000
    assert image.convert("RGBA").getextrema()[3][0] == 255  # opaque: an iPhone fills see-through black


def test_the_manifest_lists_a_maskable_icon_drawn_inside_the_safe_zone(client):
    manifest = client.get("/static/manifest.webmanifest").get_json(force=True)
    maskable = [i for i in manifest["icons"] if "maskable" in i.get("purpose", "").split()]
    assert maskable, manifest["icons"]
    for entry in maskable:
        icon = client.get(entry["src"])
        assert icon.status_code == 200 and icon.mimetype == entry["type"] == "image/png"
        image = Image.open(io.BytesIO(icon.data)).convert("RGB")
        side = image.size[0]
        assert entry["sizes"] == f"{side}x{side}" and side >= 512 and len(icon.data) < 16_000
        # a phone may cut the icon to any shape that holds the centre circle of radius 40 %:
        # the background fills the whole square, the drawing keeps inside that circle
        background = image.getpixel((0, 0))
        assert all(image.getpixel(p) == background for p in
                   [(side - 1, 0), (0, side - 1), (side - 1, side - 1), (side // 2, 0), (0, side // 2)])
        drawn = [(x, y) for y in range(0, side, 4) for x in range(0, side, 4)
                 if image.getpixel((x, y)) != background]
        reach = max((x - side / 2) ** 2 + (y - side / 2) ** 2 for x, y in drawn) ** 0.5 if drawn else 0
        assert 0.3 * side < reach <= 0.4 * side, reach  # inside, and not lost in the middle
    # the service worker keeps the new icons with the rest of the app's files
    # (under the names the pages give them, which change with their content)
    worker = client.get("/sw.js").text
    touch = re.search(r'rel="apple-touch-icon" href="([^"]+)"', client.get("/").text).group(1)
    for path in [entry["src"] for entry in maskable] + [touch]:
        assert f'"{path}"' in worker, path


def test_each_round_link_is_named_with_the_words_it_shows(app, client):
    """A round's link shows "1 edit": its name begins with "1 edit" (it was "Edit round 1",
    which voice control does not find when told "1 edit"), in every game's rounds table."""
    games = {"foot": foot_evening(client), "family": family_evening(client),
             "hand-and-foot": hand_and_foot_evening(client), "fez": fez_evening(app, client)}
    for game, url in games.items():
        links = [(label, shown) for tag, href, label, shown in Page(client.get(url).text).named
                 if tag == "a" and re.search(r"/rounds/\d+/edit$", href or "")]
        assert len(links) >= 2, (game, links)
        for label, shown in links:
            assert words(shown) and words(shown) in words(label), (game, shown, label)
            if game != "fez":  # FEZ edits a word, named by the word
                assert label.startswith(" ".join(shown.split())), label  # said as it reads


def test_every_named_link_and_button_holds_the_words_it_shows(app, client):
    games = {"foot": foot_evening(client), "foot-ended": foot_with_everything(client),
             "family": family_evening(client), "fez": fez_evening(app, client),
             "hand-and-foot": hand_and_foot_evening(client), "poker": poker_evening(client)}
    pages = {f"{key} game": url for key, url in games.items()}
    pages |= {"house rules": f"{games['foot-ended']}/house", "word lists": f"{games['foot-ended']}/lists",
              "history": f"{games['foot']}/history"}
    for key in ("foot", "hand-and-foot", "family"):
        edit = re.findall(r'href="([^"]*/rounds/\d+/edit)"', client.get(games[key]).text)[0]
        pages[f"{key} edit"] = edit
    checked = 0
    for what, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200, (what, response.status_code)
        for _, _, label, shown in Page(response.text).named:
            if words(shown):  # a sign alone (−, +) is not words to say
                assert words(shown) in words(label), f"{what}: {shown.strip()!r} is named {label!r}"
                checked += 1
    assert checked >= 10, checked
