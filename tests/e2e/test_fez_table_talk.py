"""FEZ as the table met it on a phone (390x844): a word's colours start not set, so nothing
scores as a flush until every card's colour is chosen; the preview says what Save would say;
the score table and the "onto the word" list say each word's colours; the lay-off form shows
its score as it is typed and drops an old reason once changed; a star's row counts what the
star gained; a working line breaks only between its parts.

Face values (standard Scrabble, NOTES.md): P 3, L 1, A 1, Y 4, S 1, F 4, E 1, Z 10, M 3, X 8,
I 1, U 1. Doubles multiply: a flush x2, a star of the flush colour x2x2, of the other x2; a
whole word of 7 letters +50 before the doubles; a lay-off's letters x2 when they keep the flush.
"""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .phone import fez_word, shoot, tap_and_type

pytestmark = pytest.mark.e2e

ANN, BEN = 0, 1
SHOTS = Path("/tmp/fez-shots")


def shows(label: str, working: str) -> re.Pattern:
    return re.compile(rf"^\s*{re.escape(label)}\s+{re.escape(working)}\s*$")


def chip(form, letter: str, colour: str | None):
    """A letter chip by what it says: red, black, or no colour yet (None)."""
    if colour is None:
        return form.get_by_role("button", name=f"{letter}, no colour yet: tap to choose")
    return form.get_by_role("button", name=f"{letter}, {colour}: tap to change")


LINES = """(el) => {
  // The text of each line the element's text is laid out on, as the phone shows it.
  const lines = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let top = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.data.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect) continue;
      if (top === null || rect.top > top + rect.height / 2) { lines.push(""); top = rect.top; }
      lines[lines.length - 1] += node.data[i];
    }
  }
  return lines.map((line) => line.trim()).filter(Boolean);
}"""


def whole_parts_per_line(cell, parts: list[str]) -> None:
    """Each line of a working is made of whole parts (the sum, a double, the result): it
    breaks between them, never inside one."""
    whole = re.compile("^(?:" + "|".join(re.escape(p.replace(" ", "")) for p in parts) + ")+$")
    lines = cell.evaluate(LINES)
    for line in lines:
        assert whole.match(line.replace(" ", "")), (line, lines)


def test_a_one_letter_word_is_refused_by_the_preview_as_by_save(page, table):
    table.new_game("fez", ["Ann", "Ben"], dealer=ANN)
    page.locator("#round-form").get_by_role("radio", name="Ben", exact=True).tap()
    tap_and_type(page.get_by_label("The letters used"), "a")
    page.locator("#round-form .chip-tools").get_by_role("button", name="All red").tap()
    expect(page.locator("#fez-working")).to_have_text(re.compile(r"^\s*A FEZ word has 2 letters or more\.\s*$"))
    page.get_by_role("button", name="Save the word").tap()
    expect(page.get_by_role("alert").filter(has_text="A FEZ word has 2 letters or more.")).to_be_visible()
    expect(page.locator(".totals .total")).to_have_text(["0", "0"])


def test_the_word_form_drops_an_old_reason_once_the_word_changes(page, table):
    """A one-letter word saved: refused, its reason at the word. The player adds a letter: the
    reason, now about a word no longer there, goes at once (Save checks again)."""
    table.new_game("fez", ["Ann", "Ben"], dealer=ANN)
    form = fez_word(page, "Ben", "a", "All red")
    page.get_by_role("button", name="Save the word").tap()
    reason = page.get_by_role("alert").filter(has_text="A FEZ word has 2 letters or more.")
    expect(reason).to_be_visible()
    letters = page.get_by_label("The letters used")
    letters.press("End")
    letters.press_sequentially("t", delay=40)  # AT
    expect(reason).to_have_count(0)
    form.locator(".chip-tools").get_by_role("button", name="All red").tap()
    expect(page.locator("#fez-working")).to_have_text(shows("ATᶠ", "2×2 = 4"))
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(SHOTS / f"word-reason-gone-{scheme}.png"), caret="initial")
    page.emulate_media(color_scheme="light")
    page.get_by_role("button", name="Save the word").tap()
    expect(page.locator(".totals .total")).to_have_text(["0", "4"])


def test_colours_start_not_set_and_nothing_scores_as_a_flush_until_chosen(page, table):
    table.new_game("fez", ["Ann", "Ben"], dealer=ANN)
    form = page.locator("#round-form")
    working = page.locator("#fez-working")
    form.get_by_role("radio", name="Ben", exact=True).tap()
    # PLAY typed: no colour chosen yet, so no flush, and the letters are named
    tap_and_type(page.get_by_label("The letters used"), "play")
    for letter in "PLAY":
        expect(chip(form, letter, None)).to_be_visible()
    expect(working).to_have_text(re.compile(
        r"^\s*Choose red or black for every letter: P, L, A, Y have none yet\.\s*$"))
    # P and L tapped black (a tap on a letter with no colour makes it red, the next black)
    for letter in "PL":
        chip(form, letter, None).tap()
        chip(form, letter, "red").tap()
        expect(chip(form, letter, "black")).to_be_visible()
    expect(working).to_have_text(re.compile(r"^\s*Choose red or black for every letter: A, Y have none yet\.\s*$"))
    page.get_by_role("button", name="Save the word").tap()
    expect(page.get_by_role("alert").filter(has_text="Choose red or black for every letter: A, Y have none yet.")).to_be_visible()
    expect(page.locator(".totals .total")).to_have_text(["0", "0"])
    form.scroll_into_view_if_needed()
    shoot(page, "01-colours-not-set", SHOTS)
    # All black: the flush, 9×2 = 18, and saved
    form.locator(".chip-tools").get_by_role("button", name="All black").tap()
    expect(working).to_have_text(shows("PLAYᶠ", "9×2 = 18"))
    page.get_by_role("button", name="Save the word").tap()
    expect(page.locator(".totals .total")).to_have_text(["0", "18"])


def two_words(page, table):
    """Ben: PLAY, a black flush, 9×2 = 18. Ann: MAXIMUM (M 3 A 1 X 8 I 1 M 3 U 1 M 3 = 20, 7
    letters +50), a red flush with two red stars: (20+50)×2×2×2×2×2 = 2240."""
    table.new_game("fez", ["Ann", "Ben"], dealer=ANN)
    form = page.locator("#round-form")
    tools = form.locator(".chip-tools")
    form.get_by_role("radio", name="Ben", exact=True).tap()
    tap_and_type(page.get_by_label("The letters used"), "play")
    tools.get_by_role("button", name="All black").tap()
    expect(page.locator("#fez-working")).to_have_text(shows("PLAYᶠ", "9×2 = 18"))
    page.get_by_role("button", name="Save the word").tap()
    expect(page.locator(".totals .total")).to_have_text(["0", "18"])
    form.get_by_role("radio", name="Ann", exact=True).tap()
    tap_and_type(page.get_by_label("The letters used"), "maximum")
    tools.get_by_role("button", name="All red").tap()
    tools.get_by_role("button", name="+★").tap()
    tools.get_by_role("button", name="+★").tap()
    expect(page.locator("#fez-working")).to_have_text(shows("★★MAXIMUM⁷ᶠ", "(20+50)×2×2×2×2×2 = 2240"))
    page.get_by_role("button", name="Save the word").tap()
    expect(page.locator(".totals .total")).to_have_text(["2240", "18"])


def player(page, name: str):
    return page.locator("table.fez-player").filter(has=page.locator("caption", has_text=name))


def test_a_working_line_breaks_only_between_its_parts(page, table):
    two_words(page, table)
    cell = player(page, "Ann").locator("tbody tr").nth(0).locator("td").nth(1)
    expect(cell).to_have_text(re.compile(r"^\s*\(20\+50\)×2×2×2×2×2 = 2240\s*$"))
    whole_parts_per_line(cell, ["(20+50)", "×2", "= 2240"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_table_and_the_lay_off_list_say_each_words_colours(page, table):
    two_words(page, table)
    ann, ben = player(page, "Ann"), player(page, "Ben")
    expect(ben.locator("tbody tr").nth(0).locator("td.word")).to_contain_text("all black")
    expect(ben.locator("tbody tr").nth(0).locator("td.word .ink-b")).to_have_count(4)
    expect(ann.locator("tbody tr").nth(0).locator("td.word")).to_contain_text("all red; ★ red, red")
    expect(ann.locator("tbody tr").nth(0).locator("td.word .ink-r")).to_have_count(9)  # and its stars
    onto = page.locator("form.fez-layoff").get_by_label("Onto the word")
    expect(onto.locator("option")).to_have_text(["…", "PLAY (Ben) · all black", "MAXIMUM (Ann) · all red"])


def test_the_lay_off_scores_as_it_is_typed_and_drops_an_old_reason(page, table):
    two_words(page, table)
    layoff = page.locator("form.fez-layoff")
    layoff.get_by_label("Onto the word").select_option(value="1")  # Ben's PLAYᶠ
    tap_and_type(layoff.get_by_label("Letters before"), "s")
    expect(chip(layoff, "S", None)).to_be_visible()
    lay_working = page.locator("#fez-layoff-working")
    expect(lay_working).to_have_text(re.compile(r"Choose red or black for every letter: S has none yet\."))
    layoff.locator(".chip-tools").get_by_role("button", name="All black").tap()
    expect(lay_working).to_have_text(shows("SPLAY", "1×2 = 2"))  # keeps the black flush
    layoff.locator(".chip-tools").get_by_role("button", name="All red").tap()
    expect(lay_working).to_have_text(shows("SPLAY", "1"))  # no longer: its face value
    layoff.locator(".chip-tools").get_by_role("button", name="All black").tap()
    expect(lay_working).to_have_text(shows("SPLAY", "1×2 = 2"))
    # Saved without saying who: refused; a change to the form takes the old reason away
    layoff.get_by_role("button", name="Save the lay-off").tap()
    reason = page.get_by_role("alert").filter(has_text="Choose who laid off.")
    expect(reason).to_be_visible()
    layoff = page.locator("form.fez-layoff")
    expect(page.locator("#fez-layoff-working")).to_have_text(shows("SPLAY", "1×2 = 2"))
    shoot(page, "02-layoff-refused", SHOTS)
    layoff.get_by_label("Who lays off").select_option(label="Ann")
    expect(reason).to_have_count(0)
    layoff.get_by_role("button", name="Save the lay-off").tap()
    expect(page.locator(".totals .total")).to_have_text(["2242", "18"])


def test_a_star_row_counts_what_the_star_gained(page, table):
    """A black star laid later on Ann's own MAXIMUM (the other colour: ×2): 2240 → 4480. The
    star's row counts the 2240 it gained, and says so; the word's row keeps its 2240."""
    two_words(page, table)
    # First Ben lays a black S after it: MAXIMUMS, no longer a red flush to build on; S 1.
    layoff = page.locator("form.fez-layoff")
    layoff.get_by_label("Who lays off").select_option(label="Ben")
    layoff.get_by_label("Onto the word").select_option(value="2")
    tap_and_type(layoff.get_by_label("Letters after"), "s")
    layoff.locator(".chip-tools").get_by_role("button", name="All black").tap()
    expect(page.locator("#fez-layoff-working")).to_have_text(shows("MAXIMUMS", "1"))
    layoff.get_by_role("button", name="Save the lay-off").tap()
    expect(page.locator(".totals .total")).to_have_text(["2240", "19"])
    expect(page.locator("form.fez-layoff").get_by_label("Onto the word").locator("option")).to_have_text(
        ["…", "PLAY (Ben) · all black", "MAXIMUMS (Ann) · red MAXIMUM, black S"])
    layoff = page.locator("form.fez-layoff")
    layoff.get_by_label("Who lays off").select_option(label="Ann")
    layoff.get_by_label("Onto the word").select_option(value="2")
    layoff.locator(".chip-tools").get_by_role("button", name="+★").tap()  # red, as the flush
    layoff.locator(".chips .chip.star").tap()  # red -> black
    expect(page.locator("#fez-layoff-working")).to_have_text(
        shows("MAXIMUMS", "★ re-scores MAXIMUM: 4480 − 2240 = 2240"))
    layoff.scroll_into_view_if_needed()
    shoot(page, "03-star-lay-off-form", SHOTS)
    layoff.get_by_role("button", name="Save the lay-off").tap()
    expect(page.locator(".totals .total")).to_have_text(["4480", "19"])
    rows = player(page, "Ann").locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("td.score")).to_have_text("2240")
    star = rows.nth(1)
    expect(star.locator("td").nth(1)).to_have_text(re.compile(r"^\s*★ re-scores MAXIMUM: 4480 − 2240 = 2240\s*$"))
    expect(star.locator("td.score")).to_have_text("2240")
    expect(star.locator("td.running")).to_have_text("4480")
    whole_parts_per_line(star.locator("td").nth(1), ["★", "re-scores", "MAXIMUM:", "4480", "− 2240", "= 2240"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the table fits the phone
    page.locator("#scoreboard").scroll_into_view_if_needed()
    shoot(page, "04-table-light", SHOTS)
    page.emulate_media(color_scheme="dark")
    shoot(page, "05-table-dark", SHOTS)
