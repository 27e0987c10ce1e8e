"""Scanning a word at the table: photo in, letters over the photo, one tap to use it."""

import pytest
from playwright.sync_api import expect

from drawn import table as drawn_cards

pytestmark = pytest.mark.e2e


def test_scan_a_word_correct_a_card_and_use_it(page, table, tmp_path):
    table.new_game("FOOT!", ["Ann", "Ben", "Cat"])
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
