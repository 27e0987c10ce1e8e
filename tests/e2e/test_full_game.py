"""A whole 3-player FOOT! game on the scorekeeper's phone, from the first deal to the winner.

Card values (foot.txt): vowels AEIOU 1, VWXY 10, JQZ 20, other consonants 3, wild ? 0;
the player who went out first gets +10. Challenge rejected: the word's player scores 0
for the round (losing the +10 too), the challenger gains the word's card value. Challenge
where the word stands: the challenger loses the word's card value.

Every expected number below is worked out by hand from those rules, not read from the app.
"""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

ANN, BEN, CAT = 0, 1, 2
SCREENSHOT = "/tmp/e2e-game.png"


def status(page):
    return page.locator("#scoreboard .status")


def round_1_typed_letter_by_letter(page, table):
    """Round 1, typed letter by letter: the points beside the word follow (htmx)."""
    table.word(ANN).press_sequentially("ja", delay=30)
    # J 20 + A 1 = 21, and the note counts the letters.
    expect(table.points(ANN)).to_have_text(re.compile(r"^\s*21\s*pts\s*$"))
    expect(table.note(ANN)).to_have_text("2 of 5 letters")
    table.word(ANN).press_sequentially("zzy", delay=30)
    # JAZZY = J 20 + A 1 + Z 20 + Z 20 + Y 10 = 71
    expect(table.points(ANN)).to_have_text(re.compile(r"^\s*71\s*pts\s*$"))
    expect(table.note(ANN)).to_have_text("")
    table.went_out(ANN)
    # ... and 71 + 10 = 81 once Ann is the one who went out.
    expect(table.points(ANN)).to_have_text(re.compile(r"^\s*81\s*incl\. \+10\s*pts\s*$"))
    # QUOTA = Q 20 + U 1 + O 1 + T 3 + A 1 = 26;  HOUSE = H 3 + O 1 + U 1 + S 3 + E 1 = 9
    table.fill_round(["JAZZY", "QUOTA", "HOUSE"], out=ANN, expect_points=[81, 26, 9])
    table.save_round()
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()
    expect(table.totals).to_have_text(["81", "26", "9"])
    # Cat scored lowest: the deal passes to the player on Cat's right (Ben), Cat plays first.
    expect(status(page)).to_contain_text("Round 2: Ben deals, Cat plays first. Ann leads.")
    expect(page.locator(".totals li.leader .name")).to_have_text(["Ann"])


def round_2_ben_goes_out_with_waxeb(page, table):
    """Round 2: Ben goes out with WAXEB, which is no word."""
    # WAXEB = W 10 + A 1 + X 10 + E 1 + B 3 = 25 (not a word), + 10 for going out = 35
    # QUI?K = Q 20 + U 1 + I 1 + wild 0 + K 3 = 25;  Cat has no word: 0
    table.fill_round(["QUI?K", "WAXEB", ""], out=BEN, expect_points=[25, 35, 0])
    table.save_round()
    expect(page.get_by_role("heading", name="Round 3", exact=True)).to_be_visible()
    # 81 + 25 = 106;  26 + 35 = 61;  9 + 0 = 9
    expect(table.totals).to_have_text(["106", "61", "9"])


def cat_challenges_waxeb(page, table):
    """Cat challenges Ben's going-out WAXEB: the judge says it is not a word."""
    table.round_row(2).get_by_role("link", name="Challenge Ben’s WAXEB").tap()
    expect(page.get_by_role("heading", name="Challenge Ben’s WAXEB?")).to_be_visible()
    expect(page.get_by_text("Ben’s word in round 2, worth 25.")).to_be_visible()
    expect(page.get_by_role("radio", name="Ben", exact=True)).to_have_count(0)  # nobody challenges himself
    expect(page.locator(".verdict-card")).to_contain_text("The judge: WAXEB is not allowed")
    expect(page.locator(".verdict-card")).to_contain_text("Not in the word list.")
    expect(page.get_by_role("radio", name="Not a word")).to_be_checked()  # the judge's verdict
    page.get_by_role("radio", name="Cat", exact=True).check()
    page.get_by_role("button", name="Record the challenge").tap()
    # Ben's round 2 becomes 0 (the +10 goes too): 61 - 35 = 26.
    # Cat gains the card value of WAXEB, 25 (no +10): 9 + 25 = 34.
    expect(table.totals).to_have_text(["106", "26", "34"])
    expect(table.round_row(2).locator("td").nth(BEN)).to_contain_text("✗ rejected: Cat +25")


def ben_challenges_qui_k(page, table):
    """Ben challenges Ann's QUI?K; the judge reads it as QUICK, but the scorekeeper taps the
    other verdict ..."""
    table.round_row(2).get_by_role("link", name="Challenge Ann’s QUI?K").tap()
    expect(page.get_by_text("Ann’s word in round 2, worth 25.")).to_be_visible()
    expect(page.locator(".verdict-card")).to_contain_text("The judge: QUICK is allowed")
    expect(page.get_by_role("radio", name="The word stands")).to_be_checked()
    page.get_by_role("radio", name="Ben", exact=True).check()
    page.get_by_role("radio", name="Not a word").check()
    page.get_by_role("button", name="Record the challenge").tap()
    # Ann loses her 25 (106 - 25 = 81), Ben gains 25 (26 + 25 = 51).
    expect(table.totals).to_have_text(["81", "51", "34"])
    expect(table.round_row(2).locator("td").nth(ANN)).to_contain_text("✗ rejected (house): Ben +25")

    # ... so Undo, once, takes that challenge back.
    undo = page.locator("form.undo")
    expect(undo).to_contain_text("Ben challenged Ann’s QUI?K in round 2: rejected")
    undo.get_by_role("button", name="Undo").tap()
    expect(page.locator(".flash")).to_contain_text("Undone: Ben challenged Ann’s QUI?K")
    expect(table.totals).to_have_text(["106", "26", "34"])
    # The word can be challenged again: it is a link once more.
    table.round_row(2).get_by_role("link", name="Challenge Ann’s QUI?K").tap()
    page.get_by_role("radio", name="Ben", exact=True).check()
    page.get_by_role("radio", name="The word stands").check()
    page.get_by_role("button", name="Record the challenge").tap()
    # QUI?K stands: Ben loses its card value, 25: 26 - 25 = 1. Ann keeps 106.
    expect(table.totals).to_have_text(["106", "1", "34"])
    expect(table.round_row(2).locator("td").nth(ANN)).to_contain_text("✓ stands: Ben −25")
    # Round 2 now reads Ann 25, Ben 0 - 25 = -25, Cat 0 + 25 = 25.
    expect(table.round_row(2).locator(".score")).to_have_text(["25", "−25", "25"])


def round_1_edited(page, table):
    """Round 1 was miswritten: Cat laid HOVER, not HOUSE. Edit it from the round number."""
    table.round_row(1).get_by_role("link", name="1 edit: round 1").tap()
    expect(page.get_by_role("heading", name="Edit round 1")).to_be_visible()
    expect(table.word(CAT)).to_have_value("HOUSE")
    expect(table.seat(ANN).get_by_label("Went out first")).to_be_checked()
    table.word(CAT).fill("hover")
    # HOVER = H 3 + O 1 + V 10 + E 1 + R 3 = 18
    expect(table.points(CAT)).to_have_text(re.compile(r"^\s*18\s*pts\s*$"))
    page.get_by_role("button", name="Save changes").tap()
    # Cat: 34 - 9 + 18 = 43
    expect(table.totals).to_have_text(["106", "1", "43"])
    expect(table.round_row(1)).to_contain_text("edited")
    expect(table.round_row(1).locator(".word").nth(CAT)).to_have_text("HOVER")
    # Round 2 (25, -25, 25): Ben lowest, so Ann (on Ben's right) deals and Ben plays first.
    expect(status(page)).to_contain_text("Round 3: Ann deals, Ben plays first. Ann leads.")


def round_3_the_final_round(page, table):
    """Round 3, the final round (the draw pile was turned over)."""
    # FIZZY = F 3 + I 1 + Z 20 + Z 20 + Y 10 = 54
    # MOVIE = M 3 + O 1 + V 10 + I 1 + E 1 = 16
    # VOTED = V 10 + O 1 + T 3 + E 1 + D 3 = 18, + 10 for going out = 28
    table.fill_round(["FIZZY", "MOVIE", "VOTED"], out=CAT, final=True,
                     expect_points=[54, 16, 28])
    table.save_round()
    # Ann 106 + 54 = 160;  Ben 1 + 16 = 17;  Cat 43 + 28 = 71
    expect(table.totals).to_have_text(["160", "17", "71"])
    expect(page.locator(".winner")).to_have_text(re.compile(r"Ann\s+wins with 160!"))
    expect(page.locator("#round-form")).to_have_count(0)  # the game is over: no next round
    expect(table.round_row(3)).to_contain_text("final")


def the_finished_game_is_listed_and_opens(page, table, url):
    """The game now sits under "Finished" on the home page."""
    page.get_by_role("link", name="Companion").tap()
    finished = page.locator("h2:has-text('Finished') + ul.games")
    expect(finished).to_contain_text("FOOT! · Ann, Ben, Cat")
    expect(finished).to_contain_text("3 rounds")
    expect(page.locator("h2:has-text('In progress') + p")).to_have_text("No game in progress.")

    # Opened again, the finished game shows the same totals and winner.
    page.goto(url)
    expect(table.totals).to_have_text(["160", "17", "71"])
    expect(page.locator(".winner")).to_have_text(re.compile(r"Ann\s+wins with 160!"))
    page.screenshot(path=SCREENSHOT, full_page=True)


def test_whole_foot_game_from_first_deal_to_winner(page, table):
    url = table.new_game("foot", ["Ann", "Ben", "Cat"], dealer=ANN)
    expect(page.get_by_role("heading", name="FOOT!")).to_contain_text("5-letter words")
    expect(table.totals).to_have_text(["0", "0", "0"])
    expect(status(page)).to_contain_text("Round 1: Ann deals, Ben plays first.")
    round_1_typed_letter_by_letter(page, table)
    round_2_ben_goes_out_with_waxeb(page, table)
    cat_challenges_waxeb(page, table)
    ben_challenges_qui_k(page, table)
    round_1_edited(page, table)
    round_3_the_final_round(page, table)
    the_finished_game_is_listed_and_opens(page, table, url)
