"""What a phone at 390x844 shows, measured: a word and its score on one line and every score
of a round on one baseline (FOOT!'s table), each game's subtitle right under its title, no text
under 12 px (the page and the chart), the stats' columns in line, the chart's round numbers
apart at 17 and 20 rounds, dark mode's placeholders and unticked boxes readable, and the family
game's "A word is challenged" looking like something to tap.

Screenshots (light and dark) go to /tmp/layout-shots/.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/layout-shots")
NAMES = ["Ann", "Bo", "Cy", "Di"]
SMALLEST = 12  # px: the least size of any text a player reads
# FOOT! round forms (5-letter words; "" is no word)
ROUND_1 = {"word-0": "JAZZY", "word-1": "QUOTA", "noword-2": "on", "word-3": "HOUSE", "out": "0"}
ROUND_N = {"word-0": "QUOTA", "word-1": "HOUSE", "noword-2": "on", "word-3": "JAZZY", "out": "1"}

# JavaScript measuring what the eye sees
LUMINANCE = """
const rgb = s => s.match(/[\\d.]+/g).map(Number);
const lum = c => { const [r, g, b] = rgb(c).slice(0, 3).map(v => { v /= 255;
  return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const background = el => { for (let e = el; e; e = e.parentElement) {
  const c = getComputedStyle(e).backgroundColor; if (rgb(c)[3] !== 0) return c; }
  return getComputedStyle(document.documentElement).backgroundColor || 'rgb(255, 255, 255)'; };
"""

# The baseline of a text node: the bottom of its box less its font's descent.
BASELINE = """
const baseline = node => { const range = document.createRange(); range.selectNodeContents(node);
  const box = range.getBoundingClientRect(); const ctx = document.createElement('canvas').getContext('2d');
  const s = getComputedStyle(node.parentElement);
  ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
  return box.bottom - ctx.measureText(node.textContent.trim()).fontBoundingBoxDescent; };
const text = el => [...el.childNodes].find(n => n.nodeType === 3 && n.textContent.trim()) ||
  [...el.querySelectorAll('*')].flatMap(e => [...e.childNodes]).find(n => n.nodeType === 3 && n.textContent.trim());
"""


def post_form(page, url: str, path: str, form: dict) -> None:
    """What the scorekeeper's phone posts, with its CSRF token and cookie (quicker than
    typing 17 rounds; the forms themselves are tested elsewhere)."""
    token = page.locator("input[name=csrf_token]").first.get_attribute("value")
    answer = page.request.post(url + path, form={**form, "csrf_token": token}, max_redirects=0)
    assert answer.status == 303, answer.text()[:2000]


def foot_rounds(page, table, rounds: int) -> str:
    url = table.new_game("foot", NAMES)
    post_form(page, url, "/rounds", ROUND_1)
    for _ in range(rounds - 1):
        post_form(page, url, "/rounds", ROUND_N)
    page.goto(url)
    return url


def shoot(page, name: str, selector: str | None = None) -> None:
    """Light and dark, the whole page or one part of it."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        path = str(SHOTS / f"{name}-{scheme}.png")
        if selector:
            page.locator(selector).first.screenshot(path=path, caret="initial")
        else:
            page.screenshot(path=path, full_page=True, caret="initial")
    page.emulate_media(color_scheme="light")


def small_text(page) -> list[str]:
    """Every text shown under 12 px: HTML by its computed size, the chart's SVG text by its
    size times the SVG's scale on the phone."""
    return page.evaluate("""min => {
      const out = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement; if (!n.textContent.trim() || !el.checkVisibility()) continue;
        if (el.closest('title, .visually-hidden, script, style, noscript')) continue;
        const range = document.createRange(); range.selectNodeContents(n);
        const box = range.getBoundingClientRect(); if (box.width < 1 || box.height < 1) continue;
        let size = parseFloat(getComputedStyle(el).fontSize);
        if (el instanceof SVGElement) size *= el.getScreenCTM().a;
        if (size < min - 0.01) out.push(`${size.toFixed(1)} px: ${n.textContent.trim().slice(0, 30)}`);
      }
      return [...new Set(out)];
    }""", SMALLEST)


def test_foot_table_a_word_and_its_score_share_a_baseline_and_every_score_in_a_row_too(page, table):
    foot_rounds(page, table, 3)
    shoot(page, "foot-table", ".table-wrap")
    rows = page.evaluate(BASELINE + """() => [...document.querySelectorAll('table.rounds tbody tr')].map(tr =>
      [...tr.querySelectorAll('td')].map(td => ({
        word: td.querySelector('.word').textContent.trim(),
        word_y: baseline(text(td.querySelector('.word'))),
        score_y: baseline(text(td.querySelector('.score'))) })))""")
    assert len(rows) == 3
    for number, cells in enumerate(rows, 1):
        assert [c["word"] for c in cells][2] == "—"  # Cy: no word
        for c in cells:  # on one line: the score on its word's baseline
            assert abs(c["word_y"] - c["score_y"]) <= 1, (number, c)
        scores = [c["score_y"] for c in cells]  # Cy's 0 with the others
        assert max(scores) - min(scores) <= 1, (number, cells)


@pytest.mark.parametrize("game", ["foot", "fez", "poker", "hand-and-foot"])
def test_a_games_subtitle_sits_right_under_its_title(page, table, game):
    table.new_game(game, NAMES)
    shoot(page, f"header-{game}", "h1")
    title, lines, size = page.evaluate("""() => {
      const h1 = document.querySelector('main h1'), small = h1.querySelector('small');
      const range = document.createRange(); range.selectNodeContents(h1.firstChild);
      const lines = [...small.getClientRects()].map(r => [r.top, r.bottom]);
      return [range.getBoundingClientRect().bottom, lines, parseFloat(getComputedStyle(small).fontSize)];
    }""")
    assert lines, "no subtitle"
    # under the title, not beside it; and close: at most a third of a line below it
    assert title - 1 <= lines[0][0] <= title + size / 3, (title, lines)
    # its own lines close together too
    for above, below in zip(lines, lines[1:]):
        assert below[0] - above[1] <= size / 4, lines
    assert small_text(page) == []  # and nothing on the game's first page under 12 px


def round_labels(page) -> list[dict]:
    return page.evaluate("""() => [...document.querySelectorAll('svg.chart text.round')].map(t => {
      const box = t.getBoundingClientRect();
      return {text: t.textContent, left: box.left, right: box.right,
              em: parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a}; })""")


def test_no_text_under_12_px_and_the_charts_round_numbers_apart_at_17_and_20_rounds(page, table):
    url = foot_rounds(page, table, 17)
    page.locator("svg.chart").scroll_into_view_if_needed()
    shoot(page, "chart-17", ".chart-region")
    shoot(page, "game-17-rounds")
    assert small_text(page) == []
    for rounds in (17, 20):
        if rounds == 20:
            for _ in range(3):
                post_form(page, url, "/rounds", ROUND_N)
            page.goto(url)
            shoot(page, "chart-20", ".chart-region")
        labels = round_labels(page)
        assert len(labels) >= 4, labels  # the axis still reads: a number every few rounds
        for a, b in zip(labels, labels[1:]):  # half an em of space at least between two numbers
            assert b["left"] - a["right"] >= a["em"] / 2, (rounds, a, b)


def test_dark_mode_placeholders_readable_and_unticked_boxes_look_enabled(page, table):
    table.new_game("foot", NAMES)
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        placeholders = page.evaluate(LUMINANCE + """() => [...document.querySelectorAll('input[placeholder]')]
          .filter(i => i.checkVisibility()).map(i => [i.placeholder,
            contrast(getComputedStyle(i, '::placeholder').color, background(i))])""")
        assert placeholders, "no placeholder to measure"
        for text, ratio in placeholders:
            assert ratio >= 4.5, (scheme, text, round(ratio, 2))
        boxes = page.evaluate(LUMINANCE + """() => [...document.querySelectorAll(
          'input[type=checkbox]:not(:checked), input[type=radio]:not(:checked)')]
          .filter(i => i.checkVisibility() && i.getBoundingClientRect().width > 2).map(i => {
            const s = getComputedStyle(i), behind = background(i.parentElement);
            return {name: i.labels[0] ? i.labels[0].textContent.trim().slice(0, 20) : i.name,
                    border: s.borderTopStyle === 'none' ? 0 : parseFloat(s.borderTopWidth),
                    edge: contrast(s.borderTopColor, behind),
                    fill: contrast(rgb(s.backgroundColor)[3] === 0 ? behind : s.backgroundColor, behind)}; })""")
        assert len(boxes) >= 9  # each seat's "Went out first" and "No word", and "Final round"
        for box in boxes:
            # a border to see, 3:1 against what is behind it; inside, the page itself (not grey)
            assert box["border"] >= 1.5 and box["edge"] >= 3 and box["fill"] < 1.1, (scheme, box)
    page.emulate_media(color_scheme="light")
    table.went_out(0)
    table.no_word(1)  # ticked beside unticked
    shoot(page, "foot-form", "#round-form")


def test_the_family_games_a_word_is_challenged_looks_like_a_button(page, table):
    table.new_game("family", NAMES)
    challenged = page.get_by_text("A word is challenged")
    expect(challenged).to_be_visible()
    shoot(page, "family-challenge", ".challenge-word")
    look = """el => { const s = getComputedStyle(el);
      return {border: s.borderTopStyle === 'none' ? 0 : parseFloat(s.borderTopWidth),
              edge: s.borderTopColor, colour: s.color, radius: s.borderTopLeftRadius,
              height: el.getBoundingClientRect().height, width: el.getBoundingClientRect().width,
              cursor: s.cursor}; }"""
    summary = page.locator(".challenge-word summary").evaluate(look)
    button = page.get_by_role("link", name="Hand over").evaluate(look)
    # drawn as the page's other buttons are: their border, colour and corners; a finger's size
    for key in ("border", "edge", "colour", "radius", "cursor"):
        assert summary[key] == button[key], (key, summary, button)
    assert summary["height"] >= 44 and summary["width"] >= 44, summary
    assert small_text(page) == []
    challenged.tap()  # it opens the challenge's form
    expect(page.get_by_label("Who laid it")).to_be_visible()
    shoot(page, "family-challenge-open", ".challenge-word")


def test_stats_columns_line_up_no_empty_streaks_and_a_round_explained_before_its_use(page, table):
    url = table.new_game("foot", NAMES)
    post_form(page, url, "/rounds", ROUND_1)
    other = table.new_game("foot", ["Maximiliana", "Bo"])  # another game, other widths
    post_form(page, other, "/rounds", {"word-0": "QUOTA", "word-1": "FJORD", "out": "1"})
    page.goto("/stats")
    shoot(page, "stats")
    assert small_text(page) == []
    cards = page.locator(".player-stats")
    expect(cards).to_have_count(5)
    # no one has won two games in a row: no card speaks of a streak ("streak: 0")
    expect(page.get_by_text("streak")).to_have_count(0)
    columns = page.evaluate("""() => [...document.querySelectorAll('.player-stats table')].map(t =>
      [...t.querySelectorAll('thead th')].map(th => Math.round(th.getBoundingClientRect().left)))""")
    assert all(c == columns[0] for c in columns), columns  # card under card, the same columns
    numbers = page.evaluate("""() => [...document.querySelectorAll('.stats td.number')].map(td =>
      getComputedStyle(td).fontVariantNumeric)""")
    assert numbers and all("tabular-nums" in n for n in numbers)
    # "A round" is explained above the first table that uses it
    explained = page.get_by_text(re.compile("“A round” is the average change"))
    expect(explained).to_be_visible()
    assert explained.bounding_box()["y"] < cards.first.bounding_box()["y"]
