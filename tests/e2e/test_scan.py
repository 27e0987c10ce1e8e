"""Scanning a word at the table: photo in, letters over the photo, one tap to use it."""

from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.drawn import table as drawn_cards

from . import phone
from .phone import geometry, tap_centre

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("letter_model")]  # they read photos


def test_scan_a_word_correct_a_card_and_use_it(page, table, tmp_path):
    table.new_game("foot", ["Ann", "Ben", "Cat"])
    table.word(0).fill("JAZZY")
    photo = tmp_path / "quota.jpg"
    photo.write_bytes(drawn_cards("QUOTA"))
    # Choosing the photo is enough: the page shrinks it and sends it at once.
    page.locator("#photo-1").set_input_files(str(photo))
    cards = page.locator(".scan-card text")
    expect(cards).to_have_text(list("QUOTA"))
    expect(table.word(0)).to_have_value("JAZZY")  # what was typed is kept

    # The last card is really the wild: pick it below the photo.
    page.locator("#card-4").select_option("?")
    expect(cards.nth(4)).to_have_text("?")
    page.get_by_role("button", name="Use this word").tap()
    expect(table.word(1)).to_have_value("QUOT?")
    expect(table.points(1)).to_contain_text("25")  # Q20 U1 O1 T3, the wild 0
    expect(page.locator(".scan-result")).to_have_count(0)


# --- Correcting a card with a thumb -------------------------------------------------------------

SHOTS = Path("/tmp/scan")
shoot = partial(phone.shoot, folder=SHOTS)

def assert_thumb_sized(shown) -> None:
    assert shown["view"] < shown["photo"], "the photo is cropped to the row of cards"
    assert shown["svg"]["w"] == pytest.approx(390, abs=1), "the photo is as wide as the phone"
    assert shown["svg"]["x"] == pytest.approx(0, abs=1)
    for card in shown["cards"]:
        assert card["box"]["w"] >= card["before"]["w"] and card["box"]["h"] >= card["before"]["h"]
        assert card["hit"]["w"] >= 44 and card["hit"]["h"] >= 44, card


def scanned(page, tmp_path, seat: int, word: str):
    """A photo of `word`'s cards chosen in the seat's scan field and read: the photo, the
    letters drawn on it, and where its cards are on the screen (geometry)."""
    photo = drawn_cards(word)
    path = tmp_path / f"cards-{seat}.jpg"
    path.write_bytes(photo)
    page.locator(f"#photo-{seat}").set_input_files(str(path))
    letters = page.locator(".scan-card text")
    expect(letters).to_have_text(list(word))
    return photo, letters, geometry(page, photo)


def test_tap_the_middle_of_a_card_to_pick_its_letter(page, table, tmp_path):
    table.new_game("foot", ["Ann", "Ben", "Cat"])
    table.word(0).fill("JAZZY")
    table.went_out(0)
    photo, letters, shown = scanned(page, tmp_path, 1, "QUOTA")
    assert len(shown["cards"]) == 5
    assert_thumb_sized(shown)
    shoot(page, "01-read-quota")

    # The reader was sure of every card; the 4th is really the wild all the same.
    picker = page.locator(".scan-picker")
    expect(picker).to_be_hidden()
    tap_centre(page, shown["cards"][3])
    expect(picker).to_be_visible()
    expect(picker.locator(".scan-picker-title")).to_have_text("Card 4: pick its letter")
    expect(picker.get_by_role("button", name="T", exact=True)).to_have_attribute("aria-pressed", "true")
    for button in picker.locator(".scan-pick").all():
        size = button.bounding_box()
        assert size["width"] >= 44 and size["height"] >= 44
    shoot(page, "02-picker-open")
    picker.get_by_role("button", name="? wild", exact=True).tap()
    expect(letters.nth(3)).to_have_text("?")  # on the card at once
    expect(page.locator("#card-3")).to_have_value("?")
    expect(picker).to_be_hidden()

    # Another card: picked on the photo, then changed back with the list under the photo.
    tap_centre(page, geometry(page, photo)["cards"][0])
    picker.get_by_role("button", name="O", exact=True).tap()
    expect(letters.nth(0)).to_have_text("O")
    page.locator("#card-0").select_option("Q")  # the lists under the photo still work
    expect(letters.nth(0)).to_have_text("Q")
    shoot(page, "03-corrected")

    page.get_by_role("button", name="Use this word").tap()
    expect(table.word(1)).to_have_value("QUO?A")
    expect(table.points(1)).to_contain_text("23")  # Q20 U1 O1, the wild 0, A1
    expect(table.word(0)).to_have_value("JAZZY")


def test_seven_cards_are_still_thumb_sized(page, table, tmp_path):
    table.new_game("zoot", ["Ann", "Ben"])
    _, letters, shown = scanned(page, tmp_path, 0, "ZEBRAS?")
    assert_thumb_sized(shown)
    # the letters on the photo are large: at least 20 px high on the phone
    heights = page.evaluate("() => [...document.querySelectorAll('.scan-card text')]"
                            ".map((t) => t.getBoundingClientRect().height)")
    assert min(heights) >= 20, heights
    shoot(page, "04-read-seven")
    tap_centre(page, shown["cards"][6])
    page.locator(".scan-picker").get_by_role("button", name="S", exact=True).tap()
    expect(letters.nth(6)).to_have_text("S")
    page.get_by_role("button", name="Use this word").tap()
    expect(table.word(0)).to_have_value("ZEBRASS")
