"""Words that cannot have been laid down: the reason shows beside the field, nothing is saved."""

import re
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import phone
from .phone import wait_until

pytestmark = pytest.mark.e2e
shoot = partial(phone.shoot, folder=Path("/tmp/bad-input"))

ANN, BEN, CAT = 0, 1, 2
#: Counts, in window.previewsAnswered, the points previews the page has finished handling
#: (swapped in, or dropped): htmx handles an answer in its load handler, before loadend's.
COUNT_PREVIEWS_ANSWERED = """() => {
  window.previewsAnswered = 0;
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    if (String(url).includes("/preview")) {
      this.addEventListener("loadend", () => setTimeout(() => { window.previewsAnswered += 1; }));
    }
    return open.call(this, method, url, ...rest);
  };
}"""


def assert_nothing_saved(page, table):
    expect(table.totals).to_have_text(["0", "0", "0"])
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    expect(page.locator("table.rounds")).to_have_count(0)
    expect(page.locator("form.undo")).to_have_count(0)


def test_bad_words_show_their_reason_and_save_nothing(page, table):
    url = table.new_game("foot", ["Ann", "Ben", "Cat"])

    # While typing: the note under the field already says what is wrong.
    table.word(ANN).fill("absolute")
    expect(table.note(ANN)).to_have_text("A FOOT! word has 5 letters; ABSOLUTE has 8.")
    table.word(BEN).fill("qu1te")
    expect(table.note(BEN)).to_have_text("Only letters A–Z, and ? for the wild: remove “1”.")
    expect(table.note(BEN)).to_have_class(re.compile(r"\bproblem\b"))
    table.went_out(ANN)
    # Cat's field is left empty and "No word" is not ticked.
    table.save_round()

    # Refused: each reason sits in that player's block, marked as an alert.
    expect(table.seat(ANN).get_by_role("alert")).to_have_text(
        "A FOOT! word has 5 letters; ABSOLUTE has 8.")
    expect(table.seat(BEN).get_by_role("alert")).to_have_text(
        "Only letters A–Z, and ? for the wild: remove “1”.")
    expect(table.seat(CAT).get_by_role("alert")).to_have_text(
        "Type the word laid down, or tick “No word”.")
    for seat in (ANN, BEN, CAT):
        expect(table.seat(seat)).to_have_class(re.compile(r"\bhas-error\b"))
    # What was typed is still there to correct.
    expect(table.word(ANN)).to_have_value(re.compile("^absolute$", re.I))  # shown in capitals (CSS)
    expect(table.seat(ANN).get_by_label("Went out first")).to_be_checked()
    assert_nothing_saved(page, table)

    # The going-out word cannot use the wild card.
    table.word(ANN).fill("ja?zy")
    table.word(BEN).fill("quota")
    table.word(CAT).fill("house")
    expect(table.note(ANN)).to_have_text("The going-out word cannot use the wild card.")
    table.save_round()
    expect(table.seat(ANN).get_by_role("alert")).to_have_text(
        "The going-out word cannot use the wild card.")
    expect(table.seat(BEN).get_by_role("alert")).to_have_count(0)
    assert_nothing_saved(page, table)

    # Four Zs in one round: each word is fine alone, but the deck holds only 3 Z.
    table.word(ANN).fill("jazzy")
    table.word(BEN).fill("fizzy")
    table.save_round()
    expect(page.locator("#round-form [role=alert]").first).to_contain_text(
        "This round uses 4 Zs (the deck has 3).")
    for seat in (ANN, BEN, CAT):  # no single word is to blame
        expect(table.seat(seat).get_by_role("alert")).to_have_count(0)
    assert_nothing_saved(page, table)

    # Reloading shows the same: none of the refused rounds was stored; what was typed last is
    # back in the form (kept on the phone, so nothing typed is lost), still to correct.
    page.goto(url)
    assert_nothing_saved(page, table)
    expect(table.word(ANN)).to_have_value(re.compile("^jazzy$", re.I))
    expect(page.locator("#round-form .flash")).to_contain_text("it is not saved yet")

    # The form still works after all that: a good round is saved once.
    # JAZZY 71 + 10 = 81;  QUOTA = 20+1+1+3+1 = 26;  HOUSE = 3+1+1+3+1 = 9
    table.fill_round(["JAZZY", "QUOTA", "HOUSE"], out=ANN, expect_points=[81, 26, 9])
    table.save_round()
    expect(table.totals).to_have_text(["81", "26", "9"])
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()


def test_a_refused_word_shows_each_problem_once_and_no_points(page, table):
    """No points beside a refused word, the character to remove quoted,
    every problem of a word, and each message once."""
    table.new_game("foot", ["Ann", "Ben", "Cat"])
    wild = "The going-out word cannot use the wild card."
    table.went_out(ANN)
    table.word(ANN).fill("wal?z")
    expect(table.note(ANN)).to_have_text(wild)
    expect(table.points(ANN)).to_have_text("—")  # not "44 incl. +10 pts"
    # a zero and four Zs: both problems, the zero quoted
    table.word(BEN).fill("zzzz0")
    both = ("Only letters A–Z, and ? for the wild: remove “0”. "
            "This word uses 4 Zs (the deck has 3).")
    expect(table.note(BEN)).to_have_text(both)
    expect(table.points(BEN)).to_have_text("—")
    table.word(CAT).fill("house")
    expect(table.points(CAT)).to_have_text(re.compile(r"^\s*9\s*pts\s*$"))
    table.save_round()

    # Refused: each reason once, in its player's block; no points claimed.
    expect(table.seat(ANN).get_by_role("alert")).to_have_text(wild)
    expect(table.seat(BEN).get_by_role("alert")).to_have_text(both)
    expect(table.points(ANN)).to_have_text("—")
    expect(table.points(BEN)).to_have_text("—")
    body = page.locator("main").inner_text()
    assert body.count(wild) == 1 and body.count("remove “0”") == 1, body
    # (no "44 incl. +10 pts" anywhere: 44 as a number, not inside the game's code, A44-7SW)
    assert "incl." not in body and not re.search(r"\b44\b", body)
    shoot(page, "01-refused-words")

    # Correcting a word: its points are back, and still no message twice.
    table.word(ANN).fill("waltz")
    expect(table.points(ANN)).to_have_text(re.compile(r"^\s*47\s*incl\. \+10\s*pts\s*$"))
    expect(table.note(ANN)).to_have_text("")
    assert page.locator("main").inner_text().count(wild) <= 1
    table.word(BEN).fill("zzzz1")
    expect(table.note(BEN)).to_contain_text("remove “1”")
    assert page.locator("main").inner_text().count("This word uses 4 Zs") == 1

    # A problem of the whole round: once, at the top of the form.
    table.word(ANN).fill("jazzy")
    table.word(BEN).fill("fizzy")
    table.save_round()
    deck = "This round uses 4 Zs (the deck has 3)."
    expect(page.locator("#round-form [role=alert]")).to_have_text([deck])
    assert page.locator("main").inner_text().count(deck) == 1
    shoot(page, "02-refused-round")
    assert_nothing_saved(page, table)


def test_a_preview_answered_after_the_save_does_not_show_a_message_twice(page, table):
    # On a slow Wi-Fi the points preview of a word typed just before Save may come back after
    # the saved form: it must not put the word's message back beside the refused form's.
    table.new_game("foot", ["Ann", "Ben", "Cat"])
    wild = "The going-out word cannot use the wild card."
    table.went_out(ANN)
    held = []
    page.route(re.compile(r"/preview"), lambda route: held.append(route))
    page.evaluate(COUNT_PREVIEWS_ANSWERED)
    table.word(ANN).fill("wal?z")
    wait_until(page, lambda: held, "the preview, asked for once typing pauses")
    table.save_round()
    expect(table.seat(ANN).get_by_role("alert")).to_have_text(wild)
    with page.expect_response(re.compile(r"/preview")):
        held.pop().continue_()
    wait_until(page, lambda: page.evaluate("window.previewsAnswered") == 1,
               "the page to have handled the late answer")
    table.settled()
    assert page.locator("main").inner_text().count(wild) == 1
    shoot(page, "03-late-preview")
