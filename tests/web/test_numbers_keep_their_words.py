"""A number never ends a line apart from the word it belongs to ("worth / 71", "put in / 5" on a
390 px phone): between a label and its number the pages put a no-break space.

Each game played through its forms (tests/web/evenings.py), then every page a player reads:
the game, a challenge's page, Poker mid-deal; the text as the browser lays it out
(tags gone, spaces kept), searched for a label, an ordinary space or line break, and a number.
"""

from __future__ import annotations

import re
from html import unescape

from tests.helpers import new_game, post
from tests.web.evenings import (family_evening, fez_evening, foot_evening, hand_and_foot_evening,
                                poker_evening)

# a word and the number it introduces ("out" only before a bonus: "out +10")
LABELS = ("worth", "put in", "gains", "loses", "books", "meld", "In the pot:", "antes of")
SPLIT = re.compile(rf"(?<![\w-])(?:(?:{'|'.join(map(re.escape, LABELS))})[ \t\r\n]+[−+-]?|out[ \t\r\n]+\+)\d")


def splits(html: str) -> list[str]:
    """Where a label and its number could part: the words around it."""
    body = html.split("<body", 1)[-1]
    body = re.sub(r"<(script|style|title|svg)\b.*?</\1>", "", body, flags=re.S)
    shown = unescape(re.sub(r"<[^>]+>", "", body))
    return [" ".join(shown[max(0, m.start() - 20):m.end() + 5].split()) for m in SPLIT.finditer(shown)]


def pages(client, url: str) -> dict[str, str]:
    html = client.get(url).text
    found = {url: html}
    for link in set(re.findall(r'href="([^"]*/challenge\?[^"]*)"', html)):
        found[link] = client.get(unescape(link)).text
    return found


def test_a_label_and_its_number_never_part(app, client):
    games = [foot_evening(client), family_evening(client), fez_evening(app, client),
             hand_and_foot_evening(client), poker_evening(client)]
    poker = new_game(client, ("Ann", "Bo", "Cy"), "poker", ante=5, buy_in=100)
    post(client, f"{poker}/rounds")  # a deal under way: the pot, what each put in
    read = {page: html for url in (*games, poker) for page, html in pages(client, url).items()}
    shown = " ".join(read.values()).replace("&nbsp;", " ")
    for label in ("worth", "put in", "gains", "loses", "books", "meld", "out"):  # what is measured is there
        assert re.search(rf"{label}\s+(<strong>)?[+−]?\d", shown), label
    problems = {page: found for page, html in read.items() if (found := splits(html))}
    assert not problems, "\n".join(f"{p}: {f}" for p, f in problems.items())


def test_a_player_and_what_the_deal_gave_them_never_part(client):
    """Poker's last deal: "On the deal: Ann +70 · Bo −35 · Cy −35", each name with its chips."""
    html = client.get(poker_evening(client)).text
    changes = re.search(r'<p class="changes">(.*?)</p>', html, flags=re.S)
    assert changes and re.search(r"[+−]\d", changes.group(1)), "the deal's changes are shown"
    parted = re.findall(r"\w+[ \t\r\n]+[+−]\d+", unescape(changes.group(1)))
    assert not parted, parted
