"""Scan the table at 390x844: one photo of every word laid fills the whole round (FOOT!) or the
showdown (ZOOT! Poker); a word given to another player with a tap, a letter fixed, saved. The
photos are the table generator's (tools/cardlab/tables.py): a phone's photo of a whole table,
tilted, far words smaller, on one of its table surfaces."""

import io
import re
from functools import partial
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.drawn import whole_table
from tools.cardlab.tables import render_table

from . import phone

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("letter_model")]  # they read photos

SHOTS = Path("/tmp/tableweb-shots")
THREE = {0: "QUOTA", 90: "JAZZY", 180: "HOUSE"}
shoot = partial(phone.shoot_light_and_dark, folder=SHOTS)


def scan_the_table(page, tmp_path, words_by_seat: list[str], seed: int, name: str):
    """The table photographed from seat 0 (`words_by_seat`: then clockwise), the photo
    chosen (which sends it) and read: the correction screen."""
    path = tmp_path / f"{name}.jpg"
    path.write_bytes(render_table(words_by_seat, seed).jpeg)
    page.locator("#table-photo").set_input_files(str(path))
    screen = page.locator(".table-scan")
    expect(screen).to_be_visible()
    return screen


def row(page, word: str):
    """The correction screen's row of the word read as `word` (its letters' selects)."""
    for candidate in page.locator(".table-word-row[data-word]").all():
        letters = candidate.locator("select.card-pick").evaluate_all("(els) => els.map((e) => e.value).join('')")
        if letters == word:
            return candidate
    raise AssertionError(f"no row reads {word}")


def whose(page, word: str) -> str:
    """The player the correction screen gives the word read as `word` to."""
    return row(page, word).locator("select.table-seat-pick option:checked").inner_text()


def test_a_foot_round_filled_from_one_photo_of_the_table(page, table, tmp_path):
    table.new_game("foot", ["Ann", "Ben", "Cat"])
    # asked once which seat the photos are taken from: Ann's (the first) unless told
    seat = page.get_by_label("Photo taken from")
    expect(seat).to_have_value("0")
    table.word(2).fill("JAZ")  # typed before the photo: kept
    shoot(page, "foot-form")
    # Ann's word faces her at the bottom; Cat laid hers in front of Ben's seat, and Ben his
    # in front of hers
    scan_the_table(page, tmp_path, ["QUOTA", "HOUSE", "JAZZY"], 4, "foot")
    expect(table.word(2)).to_have_value("JAZ")
    assert (whose(page, "QUOTA"), whose(page, "HOUSE"), whose(page, "JAZZY")) == ("Ann", "Ben", "Cat")
    expect(page.locator(".table-name")).to_have_text(["Ann", "Ben", "Cat"])
    # the seat is not asked again: said, with a way to change it
    expect(page.locator(".seat-said")).to_have_text(re.compile(r"^from Ann\s+change$"))
    expect(seat).to_be_hidden()
    shoot(page, "foot-read")

    # one tap on a name gives JAZZY to Ben: his HOUSE goes to Cat
    row(page, "JAZZY").locator("select.table-seat-pick").select_option(label="Ben")
    assert (whose(page, "JAZZY"), whose(page, "HOUSE")) == ("Ben", "Cat")
    expect(page.locator(".table-name")).to_have_text(["Ann", "Cat", "Ben"])  # on the photo too
    # Ann's last card is a wild: tap it on the photo, pick ?
    quota = row(page, "QUOTA").get_attribute("data-word")
    page.locator(f'.scan-card[data-card="{quota}-4"] .scan-hit').tap()
    picker = page.locator(".scan-picker")
    expect(picker.locator(".scan-picker-title")).to_have_text("Ann’s card 5: pick its letter")
    picker.get_by_role("button", name="? wild", exact=True).tap()
    expect(page.locator(f'.scan-card[data-card="{quota}-4"] text')).to_have_text("?")
    shoot(page, "foot-corrected")

    page.get_by_role("button", name="Use these words").tap()
    expect(table.word(0)).to_have_value("QUOT?")
    expect(table.word(1)).to_have_value("JAZZY")
    expect(table.word(2)).to_have_value("HOUSE")
    expect(table.points(0)).to_contain_text("25")  # Q20 U1 O1 T3, the wild 0: as typed
    expect(page.locator(".table-scan")).to_have_count(0)
    table.went_out(2)  # who went out is not in the photo
    table.save_round()
    # QUOT? 25; JAZZY J20 A1 Z20 Z20 Y10 = 71; HOUSE H3 O1 U1 S3 E1 = 9, +10 for going out
    expect(table.totals).to_have_text(["25", "71", "19"])


def test_a_word_dropped_with_a_tap_leaves_its_player_no_word(page, table, tmp_path):
    """Something read that is no one's word (say, cards pushed aside) is dropped with ✕: it
    fades, and Use these words gives that seat No word; the others' words fill as read."""
    table.new_game("foot", ["Ann", "Ben", "Cat"])
    scan_the_table(page, tmp_path, ["QUOTA", "HOUSE", "JAZZY"], 4, "drop")
    page.get_by_text("Drop JAZZY: no word").locator("xpath=..").tap()
    expect(row(page, "JAZZY")).to_have_class(re.compile(r"\bdropped\b"))
    shoot(page, "foot-dropped")
    page.get_by_role("button", name="Use these words").tap()
    expect(table.word(0)).to_have_value("QUOTA")
    expect(table.word(1)).to_have_value("HOUSE")
    expect(table.word(2)).to_have_value("")
    expect(table.seat(2).get_by_label("No word")).to_be_checked()
    table.went_out(1)
    table.save_round()
    # QUOTA Q20 U1 O1 T3 A1 = 26; HOUSE 9, +10 for going out; Cat no word: 0
    expect(table.totals).to_have_text(["26", "19", "0"])


def test_a_poker_showdown_filled_from_one_photo_of_the_table(page, table, tmp_path):
    table.new_game("poker", ["Ann", "Ben", "Cat", "Dee"])  # 200 chips each, antes of 5
    page.get_by_role("button", name="Deal").tap()
    for action in ("All-in", "Fold", "Call", "Call"):  # Ben all in, Cat folds, Dee and Ann call
        page.locator(".poker-act").get_by_role("button", name=re.compile(f"^{action}")).tap()
        table.settled()
    expect(page.get_by_role("button", name="Pay the pots")).to_be_visible()
    # taken from Dee's seat: the next clockwise are Ann's, Ben's, Cat's (who folded)
    page.get_by_label("Photo taken from").select_option(label="Dee")
    scan_the_table(page, tmp_path, ["QUOTING", "JAZZIER", "WAXWORK", "MAZURKA"], 2, "poker")
    assert [whose(page, w) for w in ("QUOTING", "JAZZIER", "WAXWORK", "MAZURKA")] == \
        ["Dee", "Ann", "Ben", "nobody"]
    expect(row(page, "MAZURKA")).to_contain_text("Found in front of Cat, who folded: not used.")
    shoot(page, "poker-read")
    # Ben's JAZZIER lay in front of Ann: give it to him (Ann gets WAXWORK)
    row(page, "JAZZIER").locator("select.table-seat-pick").select_option(label="Ben")
    # Dee's G is a wild
    row(page, "QUOTING").locator("select.card-pick").nth(6).select_option("?")
    page.get_by_role("button", name="Use these words").tap()
    expect(page.locator("#word-0")).to_have_value("WAXWORK")
    expect(page.locator("#word-1")).to_have_value("JAZZIER")
    expect(page.locator("#word-3")).to_have_value("QUOTIN?")
    expect(page.locator("#word-2")).to_have_count(0)  # Cat folded
    page.get_by_role("button", name="Pay the pots").tap()
    # JAZZIER 66 beats WAXWORK 38 and QUOTIN? 29: Ben takes the 4 antes and 3 x 195
    expect(table.totals).to_have_text(["0", "605", "195", "0"])


def test_the_phone_sends_the_table_photo_large_enough_for_far_words(page, table, tmp_path):
    """A phone shrinks a row's photo to 1600 px before it travels; a table's far words are
    small, so its photo goes at the table reader's size."""
    table.new_game("foot", ["Ann", "Ben", "Cat"])
    big = Image.open(io.BytesIO(whole_table(THREE))).resize((3600, 3600))
    path = tmp_path / "big.jpg"
    big.save(path, "JPEG", quality=95)
    page.locator("#table-photo").set_input_files(str(path))
    expect(page.locator(".table-name")).to_have_text(["Ann", "Ben", "Cat"])
    # the photo read, as the server received it (the correction screen is drawn in its pixels)
    x, _, width, _ = map(int, page.locator(".table-scan .scan-photo").get_attribute("viewBox").split())
    assert x + width > 2400  # the words reach across most of its 3600 px (shrunk: under 1600)
