"""What a table met entering rounds (and following the challenge link), on a phone:

1. A reload after a refused Save, or after a scan, shows the game with what was typed, never an
   error page: htmx keeps the game's address, an address that only takes a form redirects to
   the game, and the typed round is kept on the phone (companion.js, "Drafts") until saved.
2. A refused round's first reason is brought into view with focus on its field, even when the
   round form sits far down a long page; once the field is changed, its stale reason goes.
3. A short game typed fast, with a refusal, an edit, a challenge and a scan, logs no console
   error and no warning (a CSP violation included).
4. The challenge page says whose word and which round, and tapping a word by mistake records
   nothing: "Wrong word? Back to the game". Each word link is a thumb's height.

Card values (FOOT!): vowels AEIOU 1, VWXY 10, JQZ 20, other consonants 3, wild ? 0; +10 for the
player who went out first. The expected points below are worked out by hand from those values.
"""

import re
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.drawn import table as drawn_cards

from . import phone
from .phone import Table, tap_and_type
from .screens import CLEAN, HIGH, JOKERS, Family, HandAndFoot

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/entry-fixes")
shoot = partial(phone.shoot, folder=SHOTS)

ANN, BEN, CAT, DAN = 0, 1, 2, 3
NAMES = ["Ann", "Ben", "Cat", "Dan"]
SCREEN = 844
MIN_TAP = 44
WILD = "The going-out word cannot use the wild card."
NO_WORD = "Type the word laid down, or tick “No word”."

#: Three good rounds for four players: the words, who went out, the points beside each word.
ROUNDS = [
    # JAZZY 71 + 10;  QUOTA 26;  HOUSE 9;  WAXES 25
    (["JAZZY", "QUOTA", "HOUSE", "WAXES"], ANN, [81, 26, 9, 25]),
    # QUICK 28;  WAXEB 25 + 10 (not a word);  STONE 11;  PIANO 9
    (["QUICK", "WAXEB", "STONE", "PIANO"], BEN, [28, 35, 11, 9]),
    # MOVIE 16;  BRICK 13;  VOTED 18 + 10;  WALTZ 37
    (["MOVIE", "BRICK", "VOTED", "WALTZ"], CAT, [16, 13, 28, 37]),
]
#: The totals after each of those rounds.
TOTALS = [["81", "26", "9", "25"], ["109", "61", "20", "34"], ["125", "74", "48", "71"]]

#: Where the first refusal in the round form is, and what has the focus.
FIRST_ERROR = """() => {
  const error = document.querySelector('#round-form .error[role=alert]');
  if (!error) return null;
  const r = error.getBoundingClientRect(), a = document.activeElement;
  return {top: r.top, bottom: r.bottom, screen: innerHeight, scrollY: scrollY,
          onPage: r.top + scrollY, text: error.textContent.trim(),
          focus: a && a !== document.body ? (a.id || a.name || a.tagName) : null,
          focusInForm: !!(a && a.closest && a.closest('#round-form'))};
}"""


def settled(page) -> None:
    """htmx has finished a swap: the new content is live (phone.Table.settled)."""
    Table(page).settled()


def screen(page, name: str) -> None:
    """What the phone shows (not the whole page): where the player was left."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-screen.png"), caret="initial")


def play_rounds(page, table, rounds) -> None:
    for number, (words, out, points) in enumerate(rounds, start=1):
        table.fill_round(words, out=out, expect_points=points)
        table.save_round()
        expect(page.get_by_role("heading", name=f"Round {number + 1}", exact=True)).to_be_visible()
        expect(table.totals).to_have_text(TOTALS[number - 1])


def expect_game_page(page, url: str, heading: str) -> None:
    """The game itself: its address, its heading; no error page."""
    assert page.url.split("#")[0] == url, f"the address is {page.url}, not the game's {url}"
    expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
    expect(page.get_by_text("That page cannot be used that way.")).to_have_count(0)
    expect(page.locator("#round-form")).to_have_count(1)


def first_error_in_view(page, focus: str | None = None) -> dict:
    """Wait until the form's first reason is on screen with a field focused, then say where."""
    try:
        page.wait_for_function(
            f"() => {{ const e = ({FIRST_ERROR})(); return e && e.top >= 0 && e.bottom <= e.screen "
            f"&& e.focusInForm{' && e.focus === %r' % focus if focus else ''}; }}", timeout=3000)
    except PlaywrightTimeout:  # the assertions below say what is wrong
        pass
    where = page.evaluate(FIRST_ERROR)
    assert where, "no refusal marked role=alert in the round form"
    assert where["screen"] == SCREEN, where
    assert 0 <= where["top"] and where["bottom"] <= SCREEN, f"the first reason is out of view: {where}"
    assert where["focusInForm"], f"no field of the form has the focus: {where}"
    if focus:
        assert where["focus"] == focus, f"the focus is on {where['focus']}, not {focus}: {where}"
    return where


# --- 1. A reload keeps the game and what was typed ---------------------------------------------

def test_a_refused_foot_round_keeps_the_games_address_and_comes_back_after_a_reload(page, table):
    url = table.new_game("foot", NAMES)
    # Dan goes out with a wild: refused.
    table.fill_round(["JAZZY", "QUOTA", "HOUSE", "WAL?Z"], out=DAN)
    expect(table.note(DAN)).to_have_text(WILD)
    table.save_round()
    expect(table.seat(DAN).get_by_role("alert")).to_have_text(WILD)
    # The address is still the game's (it was /games/N/rounds: a reload answered 405).
    expect_game_page(page, url, "Round 1")

    page.reload()
    expect_game_page(page, url, "Round 1")
    # The four words are back where they were typed, and Dan still went out.
    for seat, word in enumerate(["JAZZY", "QUOTA", "HOUSE", "WAL?Z"]):
        expect(table.word(seat)).to_have_value(re.compile(f"^{re.escape(word)}$", re.I))
    expect(table.seat(DAN).get_by_label("Went out first")).to_be_checked()
    expect(page.locator("#round-form .flash")).to_have_text(
        "What you typed before is back: it is not saved yet.")
    expect(table.note(DAN)).to_have_text(WILD)  # the preview follows the restored words
    expect(table.totals).to_have_text(["0", "0", "0", "0"])
    shoot(page, "01-reloaded-refused-round")

    # Corrected and saved once: the draft is gone, a reload shows an empty round 2.
    # WALTZ 37 + 10 = 47
    table.word(DAN).fill("WALTZ")
    expect(table.points(DAN)).to_have_text(re.compile(r"^\s*47\s*incl\. \+10\s*pts\s*$"))
    table.save_round()
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()
    expect(table.totals).to_have_text(["71", "26", "9", "47"])
    page.reload()
    expect_game_page(page, url, "Round 2")
    expect(table.totals).to_have_text(["71", "26", "9", "47"])
    for seat in range(4):
        expect(table.word(seat)).to_have_value("")
    expect(page.locator("#round-form .flash")).to_have_count(0)


def test_a_form_only_address_opened_shows_the_game(page, table):
    url = table.new_game("foot", NAMES)
    # What a reload of the old addresses asked for: each is the game now, not a 405.
    for tail in ("/rounds", "/scan/1", "/scan/1/use"):
        response = page.goto(url + tail)
        assert response.ok, f"{tail}: {response.status}"
        expect_game_page(page, url, "Round 1")


def save_without_cats_hand(game, number: int, went_out: int, hands: list[tuple[int, int]]) -> None:
    """Round `number` of the family game with the winner and the hands given, and Cat's hand
    forgotten: refused, the reason at Cat's seat."""
    game.went_out(went_out)
    for seat, points in hands:
        tap_and_type(game.points(seat), str(points))
    game.expect_hand(*hands[-1])
    game.save(number)
    expect(game.seat(CAT).get_by_role("alert")).to_have_text(re.compile(r"^Type the points left"))


def test_a_refused_family_round_comes_back_after_a_reload(page):
    game = Family(page, NAMES)
    Table(page).new_game("family", NAMES)
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    url = page.url

    # Ann went out; Ben holds 12, Dan 20, and Cat's hand is forgotten: refused.
    save_without_cats_hand(game, 1, ANN, [(BEN, 12), (DAN, 20)])
    expect_game_page(page, url, "Round 1")

    page.reload()
    expect_game_page(page, url, "Round 1")
    expect(game.seat(ANN).get_by_label("Went out: won the round")).to_be_checked()
    expect(game.points(BEN)).to_have_value("12")
    expect(game.points(CAT)).to_have_value("")
    expect(game.points(DAN)).to_have_value("20")
    game.expect_hand(BEN, 12)
    expect(game.totals).to_have_text(["0", "0", "0", "0"])

    tap_and_type(game.points(CAT), "7")
    game.expect_hand(CAT, 7)
    game.save(1)
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()
    expect(game.totals).to_have_text(["0", "12", "7", "20"])
    page.reload()
    expect_game_page(page, url, "Round 2")
    expect(game.points(BEN)).to_have_value("")


@pytest.mark.usefixtures("letter_model")
def test_a_scan_keeps_the_games_address_and_a_reload_shows_the_game(page, table, tmp_path):
    url = table.new_game("foot", NAMES)
    table.word(ANN).fill("JAZZY")
    expect(table.points(ANN)).to_have_text(re.compile(r"^\s*71\s*pts\s*$"))
    photo = tmp_path / "quota.jpg"
    photo.write_bytes(drawn_cards("QUOTA"))
    page.locator("#photo-1").set_input_files(str(photo))  # read at once ("Read the photo")
    expect(page.locator(".scan-card text")).to_have_text(list("QUOTA"))
    # The address is the game's (it was /games/N/scan/1: a reload answered 405).
    expect_game_page(page, url, "Round 1")

    page.reload()
    expect_game_page(page, url, "Round 1")
    expect(table.word(ANN)).to_have_value("JAZZY")  # what was typed is kept

    # Read again and used: still the game's address; a reload keeps the word used.
    page.locator("#photo-1").set_input_files(str(photo))
    expect(page.locator(".scan-card text")).to_have_text(list("QUOTA"))
    settled(page)
    page.get_by_role("button", name="Use this word").tap()
    expect(table.word(BEN)).to_have_value("QUOTA")
    expect(table.points(BEN)).to_have_text(re.compile(r"^\s*26\s*pts\s*$"))
    expect_game_page(page, url, "Round 1")  # not /games/N/scan/1/use
    page.reload()
    expect_game_page(page, url, "Round 1")
    expect(table.word(ANN)).to_have_value("JAZZY")
    expect(table.word(BEN)).to_have_value("QUOTA")


# --- 2. A refused round's reason is in view, its field focused ----------------------------------

def test_a_refused_round_4_shows_its_first_reason_in_view_with_focus_on_the_field(page, table):
    url = table.new_game("foot", NAMES)
    play_rounds(page, table, ROUNDS)

    # Round 4: Cat's word forgotten, and Dan goes out with a wild.
    table.word(ANN).fill("FIZZY")
    table.word(BEN).fill("STONE")
    table.word(DAN).fill("WAL?Z")
    table.went_out(DAN)
    expect(table.note(DAN)).to_have_text(WILD)
    table.save_round()
    expect(table.seat(CAT).get_by_role("alert")).to_have_text(NO_WORD)
    expect(table.seat(DAN).get_by_role("alert")).to_have_text(WILD)
    where = first_error_in_view(page, focus="word-2")
    assert where["text"] == NO_WORD, where  # Cat's reason is the first, Dan's below it
    # The page is long: at the top of it the reason was far below the screen (899 px before).
    assert where["onPage"] > SCREEN, f"the page is too short to tell: {where}"
    expect(page.get_by_role("heading", name="Round 4", exact=True)).to_be_attached()
    expect(table.totals).to_have_text(TOTALS[-1])
    assert page.url.split("#")[0] == url
    shoot(page, "02-refused-round-4-in-view")
    screen(page, "02-refused-round-4-in-view")

    # Cat's word typed: her stale reason goes; Dan's stays until his word is changed.
    table.word(CAT).press_sequentially("PIANO", delay=20)
    expect(table.seat(CAT).get_by_role("alert")).to_have_count(0)
    expect(table.seat(CAT)).not_to_have_class(re.compile(r"\bhas-error\b"))
    expect(table.seat(DAN).get_by_role("alert")).to_have_text(WILD)
    table.word(DAN).fill("WALTZ")
    expect(table.seat(DAN).get_by_role("alert")).to_have_count(0)
    # FIZZY 54;  STONE 11;  PIANO 9;  WALTZ 37 + 10 = 47
    expect(table.points(DAN)).to_have_text(re.compile(r"^\s*47\s*incl\. \+10\s*pts\s*$"))
    table.save_round()
    expect(page.get_by_role("heading", name="Round 5", exact=True)).to_be_visible()
    # 125 + 54, 74 + 11, 48 + 9, 71 + 47
    expect(table.totals).to_have_text(["179", "85", "57", "118"])


def test_a_refused_family_round_shows_its_reason_in_view_with_focus_on_the_field(page):
    game = Family(page, NAMES)
    Table(page).new_game("family", NAMES)
    for number, (winner, points) in enumerate(
            [(ANN, {BEN: 12, CAT: 7, DAN: 20}), (BEN, {ANN: 15, CAT: 22, DAN: 9}),
             (CAT, {ANN: 3, BEN: 4, DAN: 5})], start=1):
        game.enter_points(winner, points)
        game.save(number)
        expect(page.get_by_role("heading", name=f"Round {number + 1}", exact=True)).to_be_visible()
    expect(game.totals).to_have_text(["18", "16", "29", "34"])

    # Round 4: Dan went out; Cat's hand is forgotten.
    save_without_cats_hand(game, 4, DAN, [(ANN, 10), (BEN, 8)])
    where = first_error_in_view(page, focus="points-2")
    assert where["onPage"] > SCREEN, f"the page is too short to tell: {where}"
    shoot(page, "03-family-refused-in-view")
    screen(page, "03-family-refused-in-view")

    tap_and_type(game.points(CAT), "6")
    expect(game.seat(CAT).get_by_role("alert")).to_have_count(0)
    game.expect_hand(CAT, 6)
    game.save(4)
    # 18 + 10, 16 + 8, 29 + 6, 34 + 0
    expect(game.totals).to_have_text(["28", "24", "35", "34"])


def test_a_refused_hand_and_foot_round_shows_its_reason_in_view_with_focus_on_a_field(page):
    names = ["Ann", "Bo", "Cy", "Di"]
    game = HandAndFoot(page, names)
    Table(page).new_game("hand-and-foot", names)
    expect(game.heading(1, 50)).to_be_visible()
    # Two quick rounds so that the form sits below a scoreboard: each time Ann & Cy go out
    # with a clean and a dirty book, 14 cards of 6 to King and the dirty book's joker:
    # 800 + 190 + 100 = 1090; Bo & Di meld 2 jokers and 5 of 6 to King: 150.
    for number, minimum in ((1, 50), (2, 90)):
        game.went_out(0)
        game.steps(0, {CLEAN: 1, "Dirty (300)": 1})
        tap_and_type(game.count(0, HIGH), "14")
        tap_and_type(game.count(0, JOKERS), "1")
        tap_and_type(game.count(1, JOKERS), "2")
        tap_and_type(game.count(1, HIGH), "5")
        game.expect_live(0, 1090, books=800, meld=190, out=100)
        game.save(number)
        expect(game.heading(number + 1, {1: 90, 2: 120}[number])).to_be_visible()
    game.expect_totals(2180, 300)

    # Round 3: Bo & Di go out with no dirty book: refused.
    game.went_out(1)
    game.steps(1, {CLEAN: 1})
    tap_and_type(game.count(1, HIGH), "7")
    game.expect_live(1, 670, books=500, meld=70, out=100,
                     problem="To go out a team needs at least one clean and one dirty book.")
    game.save(3)
    reason = page.locator("#round-form .error[role=alert]").first
    expect(reason).to_contain_text("Bo & Di: To go out a team needs at least one clean and one dirty book.")
    where = first_error_in_view(page)
    shoot(page, "04-hand-and-foot-refused-in-view")
    screen(page, "04-hand-and-foot-refused-in-view")
    # The focus is in the team the reason names.
    assert page.evaluate("() => !!document.activeElement.closest('fieldset.team')"
                         " && document.activeElement.closest('fieldset.team')"
                         ".querySelector('legend').textContent.trim()") == "Bo & Di", where
    game.expect_totals(2180, 300)


# --- 3. A whole short game typed fast: no console error, no warning -----------------------------

@pytest.mark.usefixtures("letter_model")
def test_a_short_game_typed_fast_logs_no_console_error_or_warning(page, table, tmp_path):
    logged, aborted = [], []
    # Errors and warnings (Chromium logs a Content-Security-Policy violation as an error).
    page.on("console", lambda msg: (msg.type in ("error", "warning")
                                    or "Content Security Policy" in msg.text) and logged.append(
        f"{msg.type}: {msg.text} [{(msg.location or {}).get('url')}; page {page.url}]"))
    # No request cut short either (previews used to abort each other); the game's event
    # stream is closed on leaving the game page, which is no failure.
    page.on("requestfailed", lambda request: "/events" not in request.url and aborted.append(
        f"{request.method} {request.url}: {request.failure}"))
    url = table.new_game("foot", NAMES)

    # Typed as fast as keys go, in several fields one after the other: every preview answers.
    for seat, word in enumerate(["jazzy", "quota", "house", "wal?z"]):
        table.word(seat).press_sequentially(word, delay=0)
    table.went_out(DAN)
    expect(table.note(DAN)).to_have_text(WILD)
    table.save_round()  # refused
    expect(table.seat(DAN).get_by_role("alert")).to_have_text(WILD)
    settled(page)  # typing starts once the new page is live (a machine types within 20 ms)
    table.word(DAN).fill("")
    table.word(DAN).press_sequentially("waltz", delay=0)
    expect(table.points(DAN)).to_have_text(re.compile(r"^\s*47\s*incl\. \+10\s*pts\s*$"))
    for seat, pts in enumerate([71, 26, 9]):
        expect(table.points(seat)).to_have_text(re.compile(rf"^\s*{pts}\s*pts\s*$"))
    table.save_round()
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()
    expect(table.totals).to_have_text(["71", "26", "9", "47"])

    # Round 2 with a scanned word: Ben's QUOTA read from a photo.
    for seat, word in ((ANN, "movie"), (CAT, "brick"), (DAN, "stone")):
        table.word(seat).press_sequentially(word, delay=0)
    photo = tmp_path / "quota.jpg"
    photo.write_bytes(drawn_cards("QUOTA"))
    page.locator("#photo-1").set_input_files(str(photo))
    expect(page.locator(".scan-card text")).to_have_text(list("QUOTA"))
    settled(page)
    page.get_by_role("button", name="Use this word").tap()
    expect(table.word(BEN)).to_have_value("QUOTA")
    table.went_out(BEN)
    # MOVIE 16;  QUOTA 26 + 10;  BRICK 13;  STONE 11
    for seat, pts in enumerate([16, 36, 13, 11]):
        expect(table.points(seat)).to_contain_text(str(pts))
    table.save_round()
    expect(page.get_by_role("heading", name="Round 3", exact=True)).to_be_visible()
    expect(table.totals).to_have_text(["87", "62", "22", "58"])

    # An edit: Cat laid HOVER in round 1, not HOUSE (HOVER = 18).
    table.round_row(1).get_by_role("link", name="1 edit: round 1").tap()
    expect(page.get_by_role("heading", name="Edit round 1")).to_be_visible()
    settled(page)
    table.word(CAT).fill("")
    table.word(CAT).press_sequentially("hover", delay=0)
    expect(table.points(CAT)).to_have_text(re.compile(r"^\s*18\s*pts\s*$"))
    page.get_by_role("button", name="Save changes").tap()
    expect(table.totals).to_have_text(["87", "62", "31", "58"])

    # A challenge: Ann challenges Ben's QUOTA; it stands, so she loses its 26.
    table.round_row(2).get_by_role("link", name="Challenge Ben’s QUOTA").tap()
    expect(page.get_by_role("heading", name="Challenge Ben’s QUOTA?")).to_be_visible()
    page.get_by_role("radio", name="Ann", exact=True).check()
    page.get_by_role("radio", name="The word stands").check()
    page.get_by_role("button", name="Record the challenge").tap()
    expect(table.totals).to_have_text(["61", "62", "31", "58"])

    # The final round, then History and back.
    # FIZZY 54 + 10;  PIANO 9;  VOTED 18;  QUICK 28
    table.fill_round(["FIZZY", "PIANO", "VOTED", "QUICK"], out=ANN, final=True,
                     expect_points=[64, 9, 18, 28])
    table.save_round()
    expect(table.totals).to_have_text(["125", "71", "49", "86"])
    expect(page.locator(".winner")).to_contain_text("Ann")
    page.get_by_role("link", name="History").tap()
    expect(page.get_by_role("heading", name="History")).to_be_visible()
    page.get_by_role("link", name="Back to the game").tap()
    expect(page.locator(".winner")).to_contain_text("Ann")
    settled(page)  # every answer asked for is in: a late one would have logged by now
    assert page.url.split("#")[0] == url
    assert not logged, "\n".join(logged)
    assert not aborted, "\n".join(aborted)


# --- 4. The challenge link: whose word, which round, and a way back -----------------------------

def test_tapping_a_word_by_mistake_records_nothing(page, table):
    table.new_game("foot", NAMES)
    play_rounds(page, table, ROUNDS[:2])
    expect(table.totals).to_have_text(TOTALS[1])

    # Every word of the rounds table is a link a thumb can hit: 44 px tall at least.
    links = page.locator("table.rounds a.word")
    expect(links).to_have_count(8)
    for i in range(8):
        size = links.nth(i).bounding_box()
        assert size["height"] >= MIN_TAP, f"{links.nth(i).inner_text()}: {size}"
    shoot(page, "05-rounds-table")

    # Meant Ben's round 1 word, tapped his round 2 word.
    table.round_row(2).get_by_role("link", name="Challenge Ben’s WAXEB").tap()
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text("Challenge Ben’s WAXEB?")
    expect(page.locator(".confirm-target")).to_have_text("Ben’s word in round 2, worth 25.")
    back = page.get_by_role("link", name="Wrong word? Back to the game")
    expect(back).to_be_visible()
    # Nothing is chosen for the scorekeeper: a challenger and a verdict must be picked first.
    expect(page.get_by_role("radio", name="Ben", exact=True)).to_have_count(0)
    for name in ("Ann", "Cat", "Dan"):
        expect(page.get_by_role("radio", name=name, exact=True)).not_to_be_checked()
    box = back.bounding_box()
    assert box["height"] >= MIN_TAP and box["y"] + box["height"] <= SCREEN, box  # on the first screen
    shoot(page, "06-challenge-page")
    screen(page, "06-challenge-page")

    # "Record the challenge" with nobody chosen records nothing: it asks who challenged.
    challenge_address = page.url
    page.get_by_role("button", name="Record the challenge").tap()
    expect(page.get_by_role("alert")).to_have_text("Choose who challenged.")
    expect(heading).to_have_text("Challenge Ben’s WAXEB?")
    assert page.url == challenge_address  # a reload asks the same page again
    expect(back).to_be_visible()

    back.tap()
    expect(page.get_by_role("heading", name="Round 3", exact=True)).to_be_visible()
    expect(table.totals).to_have_text(TOTALS[1])
    expect(table.round_row(2).get_by_role("link", name="Challenge Ben’s WAXEB")).to_be_visible()
    expect(page.locator("form.undo")).not_to_contain_text("challenged")
    page.get_by_role("link", name="History").tap()
    entries = page.locator("ol.history li")
    expect(entries).to_have_count(2)  # the two rounds, nothing else
    expect(page.locator("ol.history")).not_to_contain_text("challenge")
