"""A whole 4-player family word game (adults: words of 4+ letters) on the scorekeeper's phone,
from the first deal to the player who reaches 100, with a second phone watching.

Rules (family-word-game.txt, as NOTES.md reads it): each round the player who went out holds
no cards (0); every other player scores the points of the cards left in hand. Totals add up;
after the round in which anyone reaches 100 the game is over: the fewest points win, everyone
at 100 or more loses. The deal passes left. A challenged word changes no score: rejected, its
player takes it back and draws 2; standing and worth 10+, every other player draws a card.

The card values this table sets (the sheet does not list them):
vowels A E I O U 2; J Q X Z 10; K V W Y 8; every other letter 5; each ZAP card 15.

Every expected number below is worked out by hand from those rules, not read from the app.
"""

import re
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import phone
from .phone import choose_game, tap_and_type
from .screens import Family

pytestmark = pytest.mark.e2e

ANN, BEN, CAT, DAN = 0, 1, 2, 3
NAMES = ["Ann", "Ben", "Cat", "Dan"]
SHOTS = Path("/tmp/family")
# 44 is the fewest points; Dan, at 104, reached 100
WINNER = re.compile(r"Ann\s+wins with the fewest points\s+\(44\)\.\s+Dan\s+reached 100:\s+loses\.")
POLL_WAIT = 10_000  # the watcher's scoreboard asks every 4 s; allow two polls and some
VALUES = {**{c: 5 for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
          **{c: 2 for c in "AEIOU"}, **{c: 10 for c in "JQXZ"}, **{c: 8 for c in "KVWY"}}
ZAP_VALUE = 15


shoot = partial(phone.shoot, folder=SHOTS)


def start_an_adults_game(page, game):
    """The new game: Family word game, adults, four players, Ann deals."""
    page.goto("/")
    page.get_by_role("link", name="New game").tap()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    choose_game(page, "Family word game")
    page.get_by_role("radio", name="Adults: words of 4+ letters").tap()
    expect(page.get_by_role("radio", name="Adults: words of 4+ letters")).to_be_checked()
    for i, name in enumerate(NAMES):
        tap_and_type(page.get_by_label(f"Player {i + 1}", exact=True), name)
    page.get_by_role("radio", name="deals").nth(ANN).tap()
    shoot(page, "01-new-game-family")
    page.get_by_role("button", name="Start the game").tap()

    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    url = page.url
    expect(page.get_by_role("heading", name="Family word game")).to_contain_text(
        "Adults: words of 4+ letters")
    expect(game.totals).to_have_text(["0", "0", "0", "0"])
    expect(game.status).to_contain_text("Round 1: Ann deals, Ben plays first.")
    expect(game.to_100()).to_have_text(["Ann: 100 points from 100", "Ben: 100 points from 100",
                                        "Cat: 100 points from 100", "Dan: 100 points from 100"])
    return url


def round_1_ann_goes_out(page, game):
    """Round 1: Ann went out; Ben holds 12, Cat 7, Dan 20."""
    game.enter_points(ANN, {BEN: 12, CAT: 7, DAN: 20})
    shoot(page, "02-game-round-form")
    game.save(1)
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()
    expect(game.totals).to_have_text(["0", "12", "7", "20"])
    # The deal passes left: Ben deals, Cat plays first.
    expect(game.status).to_contain_text(
        "Round 2: Ben deals, Cat plays first. Ann has the fewest points.")
    # 100 - 0 = 100, 100 - 12 = 88, 100 - 7 = 93, 100 - 20 = 80
    expect(game.to_100()).to_have_text(["Ann: 100 points from 100", "Ben: 88 points from 100",
                                        "Cat: 93 points from 100", "Dan: 80 points from 100"])
    expect(game.round_scores(1)).to_have_text(["0", "12", "7", "20"])
    expect(game.round_row(1).locator("td").nth(ANN)).to_contain_text("went out")


def round_2_ben_goes_out(page, game):
    """Round 2: Ben went out; Ann holds 15, Cat 22, Dan 9."""
    game.enter_points(BEN, {ANN: 15, CAT: 22, DAN: 9})
    game.save(2)
    expect(page.get_by_role("heading", name="Round 3", exact=True)).to_be_visible()
    # 0 + 15 = 15;  12 + 0 = 12;  7 + 22 = 29;  20 + 9 = 29
    expect(game.totals).to_have_text(["15", "12", "29", "29"])
    expect(game.status).to_contain_text(
        "Round 3: Cat deals, Dan plays first. Ben has the fewest points.")


def a_second_phone_watches(new_phone, url):
    """A second phone opens the game: it watches, read-only."""
    watcher = new_phone("watcher")
    watcher.goto(url)
    watching = Family(watcher, NAMES)
    expect(watcher.get_by_role("heading", name="Family word game")).to_be_visible()
    expect(watching.totals).to_have_text(["15", "12", "29", "29"])
    expect(watcher.get_by_text("You are watching.")).to_be_visible()
    expect(watcher.locator("#round-form")).to_have_count(0)
    expect(watcher.get_by_role("button")).to_have_count(0)
    expect(watcher.get_by_role("textbox")).to_have_count(0)
    expect(watcher.get_by_text("A word is challenged")).to_have_count(0)
    expect(watching.round_row(1).locator("a")).to_have_count(0)  # no editing from here
    return watching, watcher


def dan_challenges_cats_it_is_rejected(page, game, watching):
    """Dan challenges Cat's CATS: for adults, no plurals."""
    page.get_by_text("A word is challenged").tap()  # folded away below the rounds
    page.get_by_label("Who laid it").select_option(label="Cat")
    tap_and_type(page.get_by_label("The word"), "cats")
    page.get_by_role("button", name="Ask the judge").tap()
    expect(page.get_by_role("heading", name="Challenge Cat’s CATS?")).to_be_visible()
    expect(page.get_by_text("Cat’s word.", exact=True)).to_be_visible()
    verdict = page.locator(".verdict-card")
    expect(verdict).to_contain_text("The judge: CATS is not allowed")
    expect(verdict).to_contain_text("Plural of CAT: no plurals in the family game.")
    expect(page.get_by_role("radio", name="Cat", exact=True)).to_have_count(0)  # not her own word
    expect(page.get_by_role("radio", name="Not allowed")).to_be_checked()  # the judge's verdict
    page.get_by_role("radio", name="Dan", exact=True).tap()
    shoot(page, "03-challenge")
    page.get_by_role("button", name="Record the challenge").tap()

    # Back on the game: the "Now" box says what the table does; no score changes.
    expect(page.get_by_role("heading", name="Round 3", exact=True)).to_be_visible()
    expect(game.now).to_contain_text("Cat takes back CATS and draws 2 cards")
    expect(game.now).to_contain_text("(challenged by Dan)")
    expect(game.totals).to_have_text(["15", "12", "29", "29"])
    expect(page.locator("form.undo")).to_contain_text("Dan challenged Cat’s CATS: rejected")
    shoot(page, "04-game-now-box")
    # The watcher sees the same box without reloading.
    expect(watching.now).to_contain_text("Cat takes back CATS and draws 2 cards",
                                         timeout=POLL_WAIT)


def the_table_sets_the_card_values(page, game):
    """The table sets the card values, to type the cards left instead of adding them up."""
    page.get_by_role("link", name="Set the card values").tap()
    expect(page.get_by_role("heading", name="Card values")).to_be_visible()
    for card, value in VALUES.items():
        page.get_by_label(f"Points of {card}", exact=True).fill(str(value))
    for label in ("Wild", "Discard", "Replace", "2 Turns", "Check"):
        page.get_by_label(f"Points of {label}", exact=True).fill(str(ZAP_VALUE))
    shoot(page, "05-card-values")
    page.get_by_role("button", name="Save the card values").tap()
    expect(page.get_by_role("heading", name="Round 3", exact=True)).to_be_visible()
    expect(game.cards(ANN)).to_be_visible()  # the round form now takes the cards left


def ann_challenges_jump_it_stands(page, game):
    """Ann challenges Ben's JUMP: it stands, and it is worth J 10 + U 2 + M 5 + P 5 = 22."""
    page.get_by_text("A word is challenged").tap()
    page.get_by_label("Who laid it").select_option(label="Ben")
    tap_and_type(page.get_by_label("The word"), "jump")
    page.get_by_role("button", name="Ask the judge").tap()
    expect(page.get_by_role("heading", name="Challenge Ben’s JUMP?")).to_be_visible()
    expect(page.get_by_text("Ben’s word, worth 22.")).to_be_visible()
    expect(page.locator(".verdict-card")).to_contain_text("The judge: JUMP is allowed")
    stands = page.get_by_role("radio", name="The word stands")
    expect(stands).to_be_checked()
    expect(page.locator("label", has=stands)).to_contain_text(
        "worth 22, so every other player draws a card")
    page.get_by_role("radio", name="Ann", exact=True).tap()
    shoot(page, "03b-challenge-stands")
    page.get_by_role("button", name="Record the challenge").tap()
    expect(game.now.locator("li")).to_have_count(2)
    expect(game.now).to_contain_text("JUMP stands, worth 22: every player but Ben draws a card.")
    expect(game.now).to_contain_text("Cat takes back CATS and draws 2 cards")
    expect(game.totals).to_have_text(["15", "12", "29", "29"])


def round_3_with_the_cards_left_typed(page, game):
    """Round 3, with the cards left typed: Cat went out."""
    # Ann: Q 10 + A 2 + E 2 + a 2 Turns card 15 = 29;  Ben typed 18;  Dan: X 10 + Z 10 = 20.
    game.went_out(CAT)
    tap_and_type(game.cards(ANN), "qae")
    tap_and_type(game.zap(ANN, "2 Turns"), "1")
    tap_and_type(game.points(BEN), "18")
    tap_and_type(game.cards(DAN), "xz")
    for seat, pts in ((ANN, 29), (BEN, 18), (CAT, 0), (DAN, 20)):
        game.expect_hand(seat, pts)
    shoot(page, "02b-game-round-form-with-cards")
    game.save(3)
    expect(page.get_by_role("heading", name="Round 4", exact=True)).to_be_visible()
    # 15 + 29 = 44;  12 + 18 = 30;  29 + 0 = 29;  29 + 20 = 49
    expect(game.totals).to_have_text(["44", "30", "29", "49"])
    expect(game.round_scores(3)).to_have_text(["29", "18", "0", "20"])
    expect(game.now).to_have_count(0)  # a new round: the challenges are done with


def round_3_undone_and_saved_again(page, game):
    """Ben held 15, not 18: Undo takes round 3 back."""
    undo = page.locator("form.undo")
    expect(undo).to_contain_text("Round 3: Cat went out; left in hand: Ann 29, Ben 18, Dan 20")
    undo.get_by_role("button", name="Undo").tap()
    expect(page.locator(".flash")).to_contain_text("Undone: Round 3: Cat went out")
    expect(page.get_by_role("heading", name="Round 3", exact=True)).to_be_visible()
    expect(game.round_row(3)).to_have_count(0)
    expect(game.totals).to_have_text(["15", "12", "29", "29"])
    expect(game.now.locator("li")).to_have_count(2)  # round 3 is to come again

    # Round 3 again. Ann: QAE + 2 Turns = 29;  Ben: K 8 + I 2 + T 5 = 15;  Dan typed 20.
    game.went_out(CAT)
    tap_and_type(game.cards(ANN), "QAE")
    tap_and_type(game.zap(ANN, "2 Turns"), "1")
    tap_and_type(game.cards(BEN), "kit")
    tap_and_type(game.points(DAN), "20")
    for seat, pts in ((ANN, 29), (BEN, 15), (CAT, 0), (DAN, 20)):
        game.expect_hand(seat, pts)
    game.save(3)
    expect(page.get_by_role("heading", name="Round 4", exact=True)).to_be_visible()
    # 15 + 29 = 44;  12 + 15 = 27;  29 + 0 = 29;  29 + 20 = 49
    expect(game.totals).to_have_text(["44", "27", "29", "49"])
    expect(game.round_scores(3)).to_have_text(["29", "15", "0", "20"])
    expect(game.round_row(3).locator("td").nth(BEN)).to_contain_text("KIT")
    shoot(page, "06a-rounds-with-cards")


def round_1_edited(page, game):
    """Round 1 was miswritten: Dan held 25, not 20. Edit it from its round number."""
    game.round_row(1).get_by_role("link", name="1 edit: round 1").tap()
    expect(page.get_by_role("heading", name="Edit round 1")).to_be_visible()
    expect(game.seat(ANN).get_by_label("Went out: won the round")).to_be_checked()
    expect(game.points(DAN)).to_have_value("20")
    tap_and_type(game.points(DAN), "25")
    game.expect_hand(DAN, 25)
    shoot(page, "07-edit-round-1")
    page.get_by_role("button", name="Save changes").tap()
    expect(page.get_by_role("heading", name="Round 4", exact=True)).to_be_visible()
    # Dan: 49 - 20 + 25 = 54; the others do not move.
    expect(game.totals).to_have_text(["44", "27", "29", "54"])
    expect(game.round_row(1)).to_contain_text("edited")
    expect(game.round_scores(1)).to_have_text(["0", "12", "7", "25"])
    expect(game.round_row(3).locator("td").nth(DAN)).to_contain_text("54 in all")
    expect(game.status).to_contain_text(
        "Round 4: Dan deals, Ann plays first. Ben has the fewest points.")
    # 100 - 44 = 56, 100 - 27 = 73, 100 - 29 = 71, 100 - 54 = 46
    expect(game.to_100()).to_have_text(["Ann: 56 points from 100", "Ben: 73 points from 100",
                                        "Cat: 71 points from 100", "Dan: 46 points from 100"])


def round_4_ends_the_game(page, game):
    """Round 4, the last: Ann went out; Ben holds 30, Cat 25, Dan 50."""
    game.enter_points(ANN, {BEN: 30, CAT: 25, DAN: 50})
    game.save(4)
    # 44 + 0 = 44;  27 + 30 = 57;  29 + 25 = 54;  54 + 50 = 104: Dan reached 100, the game is over.
    expect(game.totals).to_have_text(["44", "57", "54", "104"])
    expect(page.locator(".winner")).to_have_text(WINNER)
    expect(page.locator(".totals li.leader .name")).to_have_text(["Ann"])
    expect(page.locator(".totals li.loser .name")).to_have_text(["Dan"])
    expect(game.to_100()).to_have_text(["Ann: 56 points from 100", "Ben: 43 points from 100",
                                        "Cat: 46 points from 100", "Dan: reached 100"])
    expect(page.locator("#round-form")).to_have_count(0)  # no round after the end
    expect(page.get_by_text("A word is challenged")).to_have_count(0)
    expect(game.round_scores(4)).to_have_text(["0", "30", "25", "50"])


def the_watcher_catches_up(watching, watcher):
    """The watcher's phone catches up by itself: same totals, same winner, still read-only."""
    expect(watching.totals).to_have_text(["44", "57", "54", "104"], timeout=POLL_WAIT)
    expect(watcher.locator(".winner")).to_have_text(WINNER)
    expect(watching.round_scores(1)).to_have_text(["0", "12", "7", "25"])
    expect(watcher.get_by_role("button")).to_have_count(0)
    expect(watcher.locator("#round-form")).to_have_count(0)
    shoot(watcher, "06b-finished-watcher")


def history_lists_everything(page, game):
    """History lists everything, the undone round struck out."""
    page.get_by_role("link", name="History").tap()
    expect(page.get_by_role("heading", name="History")).to_be_visible()
    entries = page.locator("ol.history li")
    # rounds 1, 2; CATS; card values; JUMP; round 3 (undone); the undo; round 3; the edit; round 4
    expect(entries).to_have_count(10)
    expect(entries.nth(2)).to_contain_text("Dan challenged Cat’s CATS: rejected")
    expect(entries.nth(3)).to_contain_text("Card values set: A 2, B 5")
    expect(entries.nth(4)).to_contain_text("Ann challenged Ben’s JUMP: it stands")
    expect(page.locator("ol.history li.undone")).to_have_count(1)
    expect(entries.nth(5).locator("s")).to_contain_text("Ben 18")
    expect(entries.nth(8)).to_contain_text("Edited round 1")
    expect(entries.nth(9)).to_contain_text(
        "Round 4: Ann went out; left in hand: Ben 30, Cat 25, Dan 50")
    shoot(page, "08-history")
    page.get_by_role("link", name="Back to the game").tap()
    expect(game.totals).to_have_text(["44", "57", "54", "104"])
    expect(page.locator(".winner")).to_contain_text("Ann")
    shoot(page, "06-finished")


def test_whole_adults_family_game_to_100_with_a_challenge_undo_edit_and_a_watcher(
        page, new_phone):
    game = Family(page, NAMES)
    url = start_an_adults_game(page, game)
    round_1_ann_goes_out(page, game)
    round_2_ben_goes_out(page, game)
    watching, watcher = a_second_phone_watches(new_phone, url)
    dan_challenges_cats_it_is_rejected(page, game, watching)
    the_table_sets_the_card_values(page, game)
    ann_challenges_jump_it_stands(page, game)
    round_3_with_the_cards_left_typed(page, game)
    round_3_undone_and_saved_again(page, game)
    round_1_edited(page, game)
    round_4_ends_the_game(page, game)
    the_watcher_catches_up(watching, watcher)
    history_lists_everything(page, game)
