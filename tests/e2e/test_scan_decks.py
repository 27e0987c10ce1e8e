"""Scanning the other decks at the table, on a phone: a FEZ word (letters, each card's colour,
its star) and the cards left in a family game hand (letters and ZAP cards)."""

import re
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.drawn import hand, table as drawn_cards

from . import phone
from .phone import geometry, tap_and_type, tap_centre

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("letter_model")]  # they read photos

SHOTS = Path("/tmp/scan-decks")
shoot = partial(phone.shoot, folder=SHOTS)
NAMES = ["Ann", "Ben", "Cat"]


def choose_photo(page, tmp_path, seat: int, photo: bytes) -> None:
    """The photo taken in the seat's scan field: choosing it sends it at once."""
    path = tmp_path / f"cards-{seat}.jpg"
    path.write_bytes(photo)
    page.locator(f"#photo-{seat}").set_input_files(str(path))


def ink_unseen(monkeypatch, card: str) -> None:
    """The reader reads the photo as it does, but sees no ink on `card` (a glare, a shadow):
    that card's colour comes back unknown (None)."""
    import dataclasses

    import ocr
    from companion import scans

    real = ocr.read

    def read(photo, **options):
        reading = real(photo, **options)
        return dataclasses.replace(reading, cards=tuple(
            dataclasses.replace(c, colour=None) if c.letter == card else c for c in reading.cards))

    monkeypatch.setattr(scans.ocr, "read", read)


def assert_thumb_sized(page) -> None:
    """Every control of the correction screen is a thumb's target (44 px or more)."""
    sizes = page.evaluate("""() => [...document.querySelectorAll(
        '.scan-result button, .scan-result select, .scan-result .colour-toggle, .scan-result .scan-hit')]
        .filter((e) => e.getClientRects().length)
        .map((e) => { const r = e.getBoundingClientRect(); return [e.className.baseVal ?? e.className, r.width, r.height]; })""")
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert sizes and not small, small


def test_scan_a_fez_word_fix_a_colour_and_save_it(page, table, tmp_path):
    """Ben lays PLAY with a black star, a black flush; the photo's A reads red (a red card's
    glare, say). He taps the A, makes it black, and uses the word: ★PLAYᶠ, 9×2×2×2 = 72."""
    table.new_game("fez", NAMES)
    page.get_by_role("radio", name="Ben", exact=True).tap()
    photo = drawn_cards("PLAY★", inks="BBRBB")
    choose_photo(page, tmp_path, 0, photo)
    cards = page.locator(".scan-card")
    expect(cards.locator("text")).to_have_text(["P", "L", "A", "Y", "★"])
    expect(cards.nth(2)).to_have_class(re.compile(r"\bred\b"))
    expect(cards.nth(4)).to_have_class(re.compile(r"\bblack\b"))
    expect(page.get_by_label("Card 3 is red")).to_be_checked()
    expect(page.get_by_role("radio", name="Ben", exact=True)).to_be_checked()  # kept
    assert_thumb_sized(page)
    shoot(page, "01-fez-read")

    tap_centre(page, geometry(page, photo)["cards"][2])
    picker = page.locator(".scan-picker")
    expect(picker.locator(".scan-picker-title")).to_have_text("Card 3: pick its letter and colour")
    expect(picker.get_by_role("button", name="Red")).to_have_attribute("aria-pressed", "true")
    for button in picker.locator("button").all():
        size = button.bounding_box()
        assert size["width"] >= 44 and size["height"] >= 44, button.text_content()
    picker.get_by_role("button", name="Black").tap()
    expect(cards.nth(2)).to_have_class(re.compile(r"\bblack\b"))
    expect(page.get_by_label("Card 3 is red")).not_to_be_checked()
    expect(picker.get_by_role("button", name="Black")).to_have_attribute("aria-pressed", "true")
    shoot(page, "02-fez-picker-black")
    picker.get_by_role("button", name="Cancel").tap()
    expect(picker).to_be_hidden()

    page.get_by_role("button", name="Use this word").tap()
    expect(page.get_by_label("The letters used")).to_have_value("PLAY")
    chips = page.locator("#round-form .chips .chip")
    expect(chips).to_have_text(["P", "L", "A", "Y", "★"])
    for k in range(5):
        expect(chips.nth(k)).to_have_class(re.compile(r"\bblack\b"))
    expect(page.locator("#fez-working")).to_have_text(re.compile(r"^\s*★PLAYᶠ\s+9×2×2×2 = 72\s*$"))
    expect(page.locator(".scan-result")).to_have_count(0)
    shoot(page, "03-fez-used")
    page.get_by_role("button", name="Save the word").tap()
    expect(page.locator(".totals .total")).to_have_text(["0", "72", "0"])


def test_a_colour_the_reader_did_not_see_is_chosen_not_taken_for_black(page, table, tmp_path, monkeypatch):
    """Ben lays FEZ in red; a glare hides the E's ink from the reader. The E is not set, a
    dashed chip, not black; he taps it and picks Red, and FEZ is a red flush. Had he used
    the word as read, the word form would ask the E's colour (no black flush scored)."""
    ink_unseen(monkeypatch, "E")  # a glare on the E
    shots = partial(phone.shoot_light_and_dark, folder=Path("/tmp/finish42-shots"))
    table.new_game("fez", NAMES)
    page.get_by_role("radio", name="Ben", exact=True).tap()
    photo = drawn_cards("FEZ", inks="RRR")
    choose_photo(page, tmp_path, 0, photo)
    cards = page.locator(".scan-card")
    expect(cards.locator("text")).to_have_text(["F", "E", "Z"])
    expect(cards.nth(1)).not_to_have_class(re.compile(r"\b(red|black)\b"))
    toggles = page.locator(".colour-toggle")
    expect(toggles).to_have_text(["red", "not set", "red"], use_inner_text=True)
    assert_thumb_sized(page)
    toggles.nth(1).scroll_into_view_if_needed()
    shots(page, "fez-scan-colour-not-set")

    tap_centre(page, geometry(page, photo)["cards"][1])
    picker = page.locator(".scan-picker")
    for name in ("Red", "Black"):  # neither is chosen yet
        expect(picker.get_by_role("button", name=name)).to_have_attribute("aria-pressed", "false")
    picker.get_by_role("button", name="Black").tap()
    expect(toggles.nth(1)).to_have_text("black", use_inner_text=True)  # chosen: black now means black
    picker.get_by_role("button", name="Red").tap()
    expect(toggles).to_have_text(["red", "red", "red"], use_inner_text=True)
    picker.get_by_role("button", name="Cancel").tap()
    page.get_by_role("button", name="Use this word").tap()
    expect(page.locator("#fez-working")).to_have_text(re.compile(r"^\s*FEZᶠ\s+15×2 = 30\s*$"))

    # the same photo used as read: the E comes in not set, and the form asks for its colour
    choose_photo(page, tmp_path, 0, photo)
    expect(toggles).to_have_text(["red", "not set", "red"], use_inner_text=True)
    page.get_by_role("button", name="Use this word").tap()
    chips = page.locator("#round-form .chips .chip")
    expect(chips).to_have_text(["F", "E", "Z"])
    expect(chips.nth(1)).to_have_class(re.compile(r"\bunset\b"))
    expect(page.locator("#fez-working")).not_to_contain_text("ᶠ")
    page.get_by_role("button", name="Save the word").tap()
    expect(page.get_by_text("Choose red or black for every letter: E has none yet.").first).to_be_visible()
    expect(page.locator(".totals .total")).to_have_text(["0", "0", "0"])
    shots(page, "fez-used-colour-not-set")


def test_a_star_the_reader_saw_in_no_colour_is_chosen_not_taken_for_black(page, table, tmp_path,
                                                                           monkeypatch):
    """Ben lays FEZ in black and a star; the reader sees the star but not its ink. Used as
    read, the star comes in not set (a dashed chip) and the working line asks its colour: no
    double scored. A tap makes it the word's black: ★FEZᶠ, a flush star double, 15×2×2×2 = 120."""
    ink_unseen(monkeypatch, "★")  # the star in shadow
    table.new_game("fez", NAMES)
    page.get_by_role("radio", name="Ben", exact=True).tap()
    choose_photo(page, tmp_path, 0, drawn_cards("FEZ★", inks="BBBB"))
    expect(page.locator(".scan-card text")).to_have_text(["F", "E", "Z", "★"])
    expect(page.locator(".colour-toggle")).to_have_text(["black", "black", "black", "not set"],
                                                        use_inner_text=True)
    page.get_by_role("button", name="Use this word").tap()

    star = page.locator("#round-form .chips .chip.star")
    expect(star).to_have_class(re.compile(r"\bunset\b"))
    expect(star).to_have_accessible_name("a star, no colour yet: tap to choose")
    working = page.locator("#fez-working")
    expect(working).to_have_text(re.compile(r"^\s*Choose red or black for the star that has none yet\.\s*$"))
    phone.shoot_light_and_dark(page, "fez-star-not-set", folder=SHOTS)
    page.get_by_role("button", name="Save the word").tap()  # refused: nothing counted
    expect(page.get_by_role("alert").filter(has_text="Choose red or black for the star")).to_be_visible()
    expect(page.locator(".totals .total")).to_have_text(["0", "0", "0"])
    page.reload()  # the word comes back as it was typed (a draft): its star still not set
    expect(page.locator("#tiles")).to_have_value("FEZ")
    expect(star).to_have_class(re.compile(r"\bunset\b"))
    expect(working).to_have_text(re.compile(r"^\s*Choose red or black for the star that has none yet\.\s*$"))

    star.tap()
    expect(star).to_have_class(re.compile(r"\bblack\b"))
    expect(working).to_have_text(re.compile(r"^\s*★FEZᶠ\s+15×2×2×2 = 120\s*$"))
    page.get_by_role("button", name="Save the word").tap()
    expect(page.locator(".totals .total")).to_have_text(["0", "120", "0"])


def test_scan_a_family_hand_drop_a_card_fix_a_letter_and_count_it(page, table, tmp_path):
    """Cat's hand, spread on the table: J, O, X, E, a 2 TURNS and a WILD card. The E was the
    box's corner (✕), the X a Z, and a Q lay under the pencil (a card the photo missed).
    Use these cards: JOZQ and two ZAP cards, 2+2+10+10+15+15 = 54."""
    table.new_game("family", NAMES)
    expect(page.get_by_text("without the values a photo of the cards cannot be counted")).to_be_visible()
    expect(page.locator("input[type=file]")).to_have_count(0)
    page.get_by_role("link", name="Set the card values").tap()
    for card in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        page.get_by_label(f"Points of {card}", exact=True).fill("10" if card in "QZ" else "2")
    for label in ("Wild", "Discard", "Replace", "2 Turns", "Check"):
        page.get_by_label(f"Points of {label}", exact=True).fill("15")
    page.get_by_role("button", name="Save the card values").tap()
    expect(page.locator("#cards-2")).to_be_visible()

    fieldsets = page.locator("#round-form fieldset.player")
    fieldsets.nth(0).get_by_label("Went out: won the round").tap()
    tap_and_type(page.locator("#points-1"), "5")
    photo = hand(["J", "O", "X", "E", "2 TURNS", "WILD"], per_row=3, angles=[4, -6, 9, -3, 7, -10])
    choose_photo(page, tmp_path, 2, photo)
    badges = page.locator(".scan-card text")
    expect(badges).to_have_count(6)
    expect(badges).to_have_text(["J", "O", "X", "E", "2 TURNS", "WILD"])
    expect(page.locator("#points-1")).to_have_value("5")  # kept
    assert_thumb_sized(page)
    shoot(page, "04-family-read")

    shown = geometry(page, photo)["cards"]
    picker = page.locator(".scan-picker")
    tap_centre(page, shown[3])
    expect(picker.locator(".scan-picker-title")).to_have_text("Card 4: pick its letter or ZAP card")
    shoot(page, "05-family-picker")
    picker.get_by_role("button", name="✕ not a card").tap()
    expect(page.locator(".scan-card").nth(3)).to_have_class(re.compile(r"\bremoved\b"))
    expect(badges.nth(3)).to_have_text("✕")
    tap_centre(page, geometry(page, photo)["cards"][2])
    picker.get_by_role("button", name="Z", exact=True).tap()
    expect(badges.nth(2)).to_have_text("Z")
    missed = page.get_by_label("A card the photo missed")
    missed.scroll_into_view_if_needed()
    missed.select_option("Q")
    shoot(page, "06-family-corrected")

    page.get_by_role("button", name="Use these cards").tap()
    expect(page.locator("#cards-2")).to_have_value("JOZQ")
    expect(page.get_by_label("2 Turns cards left in Cat’s hand")).to_have_value("1")
    expect(page.get_by_label("Wild cards left in Cat’s hand")).to_have_value("1")
    expect(page.locator("#hand-2")).to_have_text(re.compile(r"^\s*54\s*pts\s*$"))
    expect(page.locator("#points-1")).to_have_value("5")
    shoot(page, "07-family-used")
    page.get_by_role("button", name=re.compile(r"^Save round")).tap()
    expect(page.locator(".totals .total")).to_have_text(["0", "5", "54"])


def test_a_reload_keeps_what_was_typed_and_the_cards_used(page, table, tmp_path):
    """The photo is never kept, so a reload of the correction screen drops it, but not what
    was typed; after "Use these cards", a reload keeps the cards the scan filled in."""
    table.new_game("family", NAMES)
    page.get_by_role("link", name="Set the card values").tap()
    for card in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        page.get_by_label(f"Points of {card}", exact=True).fill("2")
    for label in ("Wild", "Discard", "Replace", "2 Turns", "Check"):
        page.get_by_label(f"Points of {label}", exact=True).fill("15")
    page.get_by_role("button", name="Save the card values").tap()
    tap_and_type(page.locator("#points-1"), "5")
    photo = hand(["J", "O", "X"], per_row=3, angles=[4, -6, 9])
    choose_photo(page, tmp_path, 2, photo)
    expect(page.locator(".scan-card")).to_have_count(3)
    page.reload()
    expect(page.locator("#points-1")).to_have_value("5")
    choose_photo(page, tmp_path, 2, photo)
    page.get_by_role("button", name="Use these cards").tap()
    expect(page.locator("#cards-2")).to_have_value("JOX")
    page.reload()
    expect(page.locator("#cards-2")).to_have_value("JOX")
    expect(page.locator("#points-1")).to_have_value("5")
