"""A 3-player round of FEZ on the scorekeeper's phone (390x844), played as the table plays it:
the letters typed become colour chips; All red / All black make a flush, a tap on a chip turns
it the other colour, +★ adds a star (a tap on a star: red -> black -> gone). Then a lay-off onto
another player's word, a challenge that throws out a made-up word, the hands counted, the end.

Rules (fez.txt, as NOTES.md reads it), with the face values printed under the letters (standard
Scrabble values: A E I L N O R S T U 1, D G 2, B C M P 3, F H V W Y 4, K 5, J X 8, Q Z 10):
- a word: face values, +50 for 7 letters (+100 for 8 ...), then the doubles, which multiply:
  a flush x2, a star of the other colour x2, a star of the flush colour x2x2;
- a lay-off: the face values of the letters added, x2 when they keep the word's flush colour;
- the end of a round: the cards left in each hand are deducted, and +30 goes to each player
  whose every word and lay-off of the round (a rejected word does not count) was a flush.

Every expected number below is worked out by hand from those rules, not read from the app.
"""

import re
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import phone
from .phone import choose_game, tap_and_type
from .screens import Scoreboard

pytestmark = pytest.mark.e2e

ANN, BEN, CAT = 0, 1, 2
CHIP_CLASS = {"R": "red", "B": "black", "?": "unset"}
NAMES = ["Ann", "Ben", "Cat"]
SHOTS = Path("/tmp/fez")

shoot = partial(phone.shoot, folder=SHOTS)


def shows(label: str, working: str) -> re.Pattern:
    """The working under the letters: "PLACING⁷ᶠ (12+50)×2 = 124"."""
    return re.compile(rf"^\s*{re.escape(label)}\s+{re.escape(working)}\s*$")


class Fez(Scoreboard):
    """The FEZ forms and score table on the scorekeeper's phone."""

    # --- the word form
    @property
    def form(self):
        return self.page.locator("#round-form")

    def who(self, seat: int) -> None:
        radio = self.form.get_by_role("radio", name=NAMES[seat], exact=True)
        radio.tap()
        expect(radio).to_be_checked()

    @property
    def letters(self):
        return self.page.get_by_label("The letters used")

    @property
    def working(self):
        return self.page.locator("#fez-working")

    def chips(self, form):
        """The letter chips of a form (stars apart), each "red" or "black"."""
        return form.locator(".chips .chip[data-index]")

    def stars(self, form):
        return form.locator(".chips .chip.star")

    def chip(self, form, letter: str, colour: str):
        return form.get_by_role("button", name=f"{letter}, {colour}: tap to change")

    def tool(self, form, name: str):
        return form.locator(".chip-tools").get_by_role("button", name=name, exact=True)

    def expect_colours(self, form, colours: str) -> None:
        """The chips' colours, one letter each (R red, B black, ? none chosen yet)."""
        expect(self.chips(form)).to_have_count(len(colours))
        for i, c in enumerate(colours):
            expect(self.chips(form).nth(i)).to_have_class(re.compile(rf"\b{CHIP_CLASS[c]}\b"))

    def save_word(self) -> None:
        self.page.get_by_role("button", name="Save the word").tap()
        expect(self.page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()

    # --- the lay-off form on the game page
    @property
    def layoff(self):
        return self.page.locator("form.fez-layoff")

    # --- the score table
    def player(self, seat: int, round_: int = 1):
        """A player's table of the round (the rounds are listed newest first)."""
        title = self.page.locator("h2.round-title", has_text=re.compile(rf"^Round {round_}\b"))
        expect(title).to_have_count(1)
        tables = self.page.locator(".fez-table").nth(self.round_index(round_))
        return tables.locator("table.fez-player").filter(
            has=self.page.locator("caption", has_text=re.compile(rf"^\s*{NAMES[seat]}\s*$")))

    def round_index(self, round_: int) -> int:
        titles = self.page.locator("h2.round-title").all_inner_texts()
        return next(i for i, t in enumerate(titles) if re.match(rf"Round {round_}\b", t))

    def rows(self, seat: int, round_: int = 1):
        return self.player(seat, round_).locator("tbody tr")

    def scores(self, seat: int, round_: int = 1):
        return self.player(seat, round_).locator("tbody td.score")


def start_a_game_of_fez(page, fez):
    """A new game of FEZ: Ann, Ben, Cat; Ann deals, so Ben plays first."""
    page.goto("/")
    page.get_by_role("link", name="New game").tap()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    choose_game(page, "FEZ")
    for seat, name in enumerate(NAMES):
        tap_and_type(page.get_by_label(f"Player {seat + 1}", exact=True), name)
    page.get_by_role("radio", name="deals").nth(ANN).tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name=re.compile(r"^FEZ"))).to_be_visible()
    expect(fez.totals).to_have_text(["0", "0", "0"])
    expect(fez.status).to_contain_text("Round 1: Ann deals, Ben plays first.")
    # Chips, not the typed R/B fields, once the page's script is running
    expect(page.locator("#word-colours")).to_be_hidden()
    expect(fez.tool(fez.form, "All red")).to_be_visible()


def ben_plays_a_black_flush(page, fez):
    """Ben: PLAY, a black flush. P 3 + L 1 + A 1 + Y 4 = 9."""
    # He forgets to say who played it first: refused, the letters kept, the message in view.
    tap_and_type(fez.letters, "play")
    fez.expect_colours(fez.form, "????")  # no colour chosen yet: nothing scores as a flush
    expect(fez.working).to_contain_text("Choose red or black for every letter: P, L, A, Y have none yet.")
    # All red: a red flush, 9×2 = 18
    fez.tool(fez.form, "All red").tap()
    fez.expect_colours(fez.form, "RRRR")
    expect(fez.working).to_have_text(shows("PLAYᶠ", "9×2 = 18"))
    # One chip tapped to black: no flush any more, 9
    fez.chip(fez.form, "Y", "red").tap()
    fez.expect_colours(fez.form, "RRRB")
    expect(fez.working).to_have_text(shows("PLAY", "9"))
    # All black: the flush again, 9×2 = 18
    fez.tool(fez.form, "All black").tap()
    fez.expect_colours(fez.form, "BBBB")
    expect(page.locator("#word-colours")).to_have_value("BBBB")
    expect(fez.working).to_have_text(shows("PLAYᶠ", "9×2 = 18"))
    page.get_by_role("button", name="Save the word").tap()
    error = page.get_by_text("Choose who played the word.")
    expect(error).to_be_visible()
    expect(error).to_be_in_viewport()
    expect(fez.letters).to_have_value(re.compile(r"^play$", re.I))
    fez.expect_colours(fez.form, "BBBB")
    fez.who(BEN)
    fez.save_word()
    # Ben 18
    expect(fez.totals).to_have_text(["0", "18", "0"])
    expect(fez.working).to_have_text(re.compile(r"^\s*$"))  # a fresh form


def cat_plays_fin_with_a_star(page, fez):
    """Cat: FIN with a star. F 4 + I 1 + N 1 = 6."""
    fez.who(CAT)
    tap_and_type(fez.letters, "fin")
    fez.tool(fez.form, "All red").tap()
    expect(fez.working).to_have_text(shows("FINᶠ", "6×2 = 12"))  # red flush: 6×2
    fez.tool(fez.form, "+★").tap()  # a star of the word's colour (red): flush ×2, star ×2×2
    expect(fez.stars(fez.form)).to_have_count(1)
    expect(fez.stars(fez.form).nth(0)).to_have_class(re.compile(r"\bred\b"))
    expect(fez.working).to_have_text(shows("★FINᶠ", "6×2×2×2 = 48"))
    fez.stars(fez.form).nth(0).tap()  # red -> black: a star of the other colour, ×2 only
    expect(fez.stars(fez.form).nth(0)).to_have_class(re.compile(r"\bblack\b"))
    expect(fez.working).to_have_text(shows("★FINᶠ", "6×2×2 = 24"))
    fez.tool(fez.form, "+★").tap()  # a second, red star: 6 ×2 (flush) ×2 (black) ×2×2 (red) = 96
    expect(fez.stars(fez.form)).to_have_count(2)
    expect(fez.working).to_have_text(shows("★★FINᶠ", "6×2×2×2×2 = 96"))
    fez.stars(fez.form).nth(1).tap()  # red -> black: 6×2×2×2 = 48
    expect(fez.working).to_have_text(shows("★★FINᶠ", "6×2×2×2 = 48"))
    fez.stars(fez.form).nth(1).tap()  # black -> gone: back to 6×2×2 = 24
    expect(fez.stars(fez.form)).to_have_count(1)
    expect(fez.working).to_have_text(shows("★FINᶠ", "6×2×2 = 24"))
    # Her I is on a black card: no flush; the black star still doubles: 6×2 = 12
    fez.chip(fez.form, "I", "red").tap()
    fez.expect_colours(fez.form, "RBR")
    expect(page.locator("#word-colours")).to_have_value("RBR")
    expect(page.locator("#word-stars")).to_have_value("B")
    expect(fez.working).to_have_text(shows("★FIN", "6×2 = 12"))
    shoot(page, "01-word-form-chips-and-working")
    fez.save_word()
    # Ann 0, Ben 18, Cat 12
    expect(fez.totals).to_have_text(["0", "18", "12"])


def ann_plays_placing(page, fez):
    """Ann: PLACING, 7 letters, a red flush. P 3 + L 1 + A 1 + C 3 + I 1 + N 1 + G 2 = 12; 7
    letters +50; the flush ×2: (12+50)×2 = 124."""
    fez.who(ANN)
    tap_and_type(fez.letters, "placing")
    fez.tool(fez.form, "All red").tap()
    fez.expect_colours(fez.form, "RRRRRRR")
    expect(fez.working).to_have_text(shows("PLACING⁷ᶠ", "(12+50)×2 = 124"))
    shoot(page, "01b-word-form-seven-letters")
    fez.save_word()
    # Ann 124, Ben 18, Cat 12
    expect(fez.totals).to_have_text(["124", "18", "12"])
    expect(fez.status).to_contain_text("Ann leads.")


def ann_lays_off_s_before_play(page, fez):
    """Ann lays S, a black card, before Ben's black PLAYᶠ: SPLAY keeps the black flush, S 1 ×2
    = 2."""
    expect(page.get_by_role("heading", name="A lay-off")).to_be_visible()
    fez.layoff.get_by_label("Who lays off").select_option(label="Ann")
    fez.layoff.get_by_label("Onto the word").select_option(label="PLAY (Ben) · all black")
    tap_and_type(fez.layoff.get_by_label("Letters before"), "s")
    fez.expect_colours(fez.layoff, "?")
    fez.tool(fez.layoff, "All red").tap()  # the wrong colour first ...
    fez.expect_colours(fez.layoff, "R")
    fez.chip(fez.layoff, "S", "red").tap()  # ... and a tap puts it right
    fez.expect_colours(fez.layoff, "B")
    expect(page.locator("#layoff-colours")).to_have_value("B")
    fez.layoff.scroll_into_view_if_needed()
    shoot(page, "03-layoff-form")
    fez.layoff.get_by_role("button", name="Save the lay-off").tap()
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    # Ann 124 + 2 = 126, Ben 18, Cat 12
    expect(fez.totals).to_have_text(["126", "18", "12"])
    expect(fez.rows(ANN).nth(1)).to_contain_text("SPLAY laid S")
    expect(fez.rows(ANN).nth(1).locator("td").nth(1)).to_have_text(re.compile(r"^\s*1×2 = 2\s*$"))


def ben_plays_blort(fez):
    """Ben: BLORT (made up). B 3 + L 1 + O 1 + R 1 + T 1 = 7; his B on a red card, the rest
    black: no flush, 7."""
    fez.who(BEN)
    tap_and_type(fez.letters, "blort")
    fez.tool(fez.form, "All black").tap()
    fez.chip(fez.form, "B", "black").tap()
    fez.expect_colours(fez.form, "RBBBB")
    expect(fez.working).to_have_text(shows("BLORT", "7"))
    fez.save_word()
    # Ann 126, Ben 18 + 7 = 25, Cat 12
    expect(fez.totals).to_have_text(["126", "25", "12"])


def the_score_table_shows_the_working(page, fez):
    """The score table, each player's words with their working and score."""
    expect(fez.rows(ANN)).to_have_count(2)
    expect(fez.rows(ANN).nth(0).locator("td.word")).to_contain_text("PLACING⁷ᶠ")
    expect(fez.rows(ANN).nth(0).locator("td").nth(1)).to_have_text(re.compile(r"^\s*\(12\+50\)×2 = 124\s*$"))
    expect(fez.scores(ANN)).to_have_text(["124", "2"])
    expect(fez.rows(BEN)).to_have_count(2)
    expect(fez.rows(BEN).nth(0).locator("td.word")).to_contain_text("PLAYᶠ")
    expect(fez.rows(BEN).nth(0).locator("td").nth(1)).to_have_text(re.compile(r"^\s*9×2 = 18\s*$"))
    expect(fez.rows(BEN).nth(1).locator("td.word")).to_contain_text("BLORT")
    expect(fez.scores(BEN)).to_have_text(["18", "7"])
    expect(fez.rows(CAT)).to_have_count(1)
    expect(fez.rows(CAT).nth(0).locator("td.word")).to_contain_text("★FIN")
    expect(fez.rows(CAT).nth(0).locator("td").nth(1)).to_have_text(re.compile(r"^\s*6×2 = 12\s*$"))
    expect(fez.scores(CAT)).to_have_text(["12"])
    page.locator("#scoreboard").scroll_into_view_if_needed()
    shoot(page, "02-score-table")


def cat_challenges_blort(page, fez):
    """Cat challenges BLORT: a tap on the word in Ben's table."""
    fez.player(BEN).get_by_role("link", name="Challenge BLORT").tap()
    expect(page.get_by_role("heading", name="Challenge Ben’s BLORT?")).to_be_visible()
    expect(page.get_by_text("Ben’s word, worth 7.")).to_be_visible()
    expect(page.locator(".verdict-card")).to_contain_text("The judge: BLORT is not allowed")
    rejected = page.get_by_role("radio", name=re.compile(r"^Not allowed"))
    expect(rejected).to_be_checked()  # the judge's verdict
    expect(page.locator("label", has=rejected)).to_contain_text(
        "Not allowed: Ben takes it back into the hand; it scores nothing")
    expect(page.get_by_role("radio", name="Ben", exact=True)).to_have_count(0)  # not his own
    page.get_by_role("radio", name="Cat", exact=True).tap()
    shoot(page, "04-challenge")
    page.get_by_role("button", name="Record the challenge").tap()
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    # BLORT scores nothing: Ann 126, Ben 25 - 7 = 18, Cat 12
    expect(fez.totals).to_have_text(["126", "18", "12"])
    expect(fez.rows(BEN).nth(1)).to_have_class(re.compile(r"\brejected\b"))
    expect(fez.rows(BEN).nth(1)).to_contain_text("rejected: back to the hand")
    expect(fez.scores(BEN)).to_have_text(["18", "0"])
    expect(fez.player(BEN).get_by_role("link", name="Challenge BLORT")).to_have_count(0)
    expect(page.locator("form.undo")).to_contain_text("Cat challenged BLORT: rejected")


def the_round_ends(page, fez):
    """The round ends: Ann played her last card; Ben holds Q I (10 + 1 = 11); Cat says 7."""
    page.get_by_role("link", name="Count the hands").tap()
    expect(page.get_by_role("heading", name="End of round 1")).to_be_visible()
    hand = {seat: page.locator("fieldset.player").filter(
        has=page.locator("legend", has_text=re.compile(rf"^\s*{NAMES[seat]}\s*$"))) for seat in range(3)}
    last = hand[ANN].get_by_role("radio", name="Played the last card")
    last.tap()
    expect(last).to_be_checked()
    tap_and_type(page.get_by_label("Ben’s cards left"), "qi")
    tap_and_type(page.get_by_label("or Cat’s points left"), "7")
    shoot(page, "05-count-the-hands")
    page.get_by_role("button", name="End round 1").tap()
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()

    # All flush (rejected words left out): Ann PLACING⁷ᶠ and the S kept SPLAY's flush: +30;
    # Ben PLAYᶠ (BLORT rejected): +30; Cat ★FIN is no flush: nothing.
    # Ann 126 + 30 - 0 = 156;  Ben 18 + 30 - 11 = 37;  Cat 12 - 7 = 5.
    expect(fez.totals).to_have_text(["156", "37", "5"])
    # The deal passes left: Ben deals round 2, Cat plays first; Ann leads.
    expect(fez.status).to_contain_text("Round 2: Ben deals, Cat plays first.")
    expect(fez.status).to_contain_text("Ann leads.")
    expect(page.locator("h2.round-title").first).to_contain_text("Round 1")
    expect(page.locator("h2.round-title").first).to_contain_text("Ann dealt · ended")
    expect(fez.scores(ANN)).to_have_text(["124", "2", "+30"])
    expect(fez.rows(ANN).nth(2)).to_contain_text("all flush")
    expect(fez.scores(BEN)).to_have_text(["18", "0", "+30", "−11"])
    expect(fez.rows(BEN).nth(3)).to_contain_text("left in hand")
    expect(fez.scores(CAT)).to_have_text(["12", "−7"])
    expect(page.get_by_role("heading", name="A lay-off")).to_have_count(0)  # no words this round yet
    page.locator("#scoreboard").scroll_into_view_if_needed()
    shoot(page, "06-totals-after-the-round")


def the_table_stops_there(page, fez):
    """The table stops there: the highest total wins."""
    page.get_by_role("link", name="End the game").tap()
    expect(page.get_by_role("heading", name="End the game?")).to_be_visible()
    page.get_by_role("button", name="End the game").tap()
    expect(page.locator(".winner")).to_have_text(re.compile(r"🏆\s+Ann\s+wins with 156!"))
    expect(fez.totals).to_have_text(["156", "37", "5"])
    expect(page.locator("#round-form")).to_have_count(0)
    shoot(page, "07-game-over")


def test_a_three_player_fez_round_with_chips_a_lay_off_a_challenge_and_the_hands_counted(page):
    fez = Fez(page)
    start_a_game_of_fez(page, fez)
    ben_plays_a_black_flush(page, fez)
    cat_plays_fin_with_a_star(page, fez)
    ann_plays_placing(page, fez)
    ann_lays_off_s_before_play(page, fez)
    ben_plays_blort(fez)
    the_score_table_shows_the_working(page, fez)
    cat_challenges_blort(page, fez)
    the_round_ends(page, fez)
    the_table_stops_there(page, fez)
