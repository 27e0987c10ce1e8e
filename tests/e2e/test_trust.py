"""Trust at the table, on phones (390x844): rounds saved offline wait in order and are each
sent once; a second scorekeeper's save of a round already saved is refused, its words kept,
with one tap to save it as the next round; a phone that handed over is told at once and keeps
what was typed; the edit page and FEZ's lay-off and end-of-round forms keep their drafts."""

import re
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import phone
from .phone import (NETWORK_CUT, Table, as_typed, choose_game, fill_waxes, hand_over,
                    keeper_behind_wifi, save_jazzy, server_rows, type_code)

pytestmark = pytest.mark.e2e

ANN, BEN, CAT = 0, 1, 2

SHOTS = Path("/tmp/e2e-shots/trust")
DRAFT_BACK = "What you typed before is back"
shoot = partial(phone.shoot, folder=SHOTS)


def take_over(other, code: str, url: str) -> Table:
    """Another phone types the hand-over code and keeps score."""
    type_code(other, as_typed(code))
    other.get_by_role("button", name="Keep score here").tap()
    expect(other).to_have_url(url)
    return Table(other)


def offline(page, wifi, console_allows) -> None:
    """The Wi-Fi goes: for the page (its offline event) and for real (the relay is cut)."""
    console_allows.append(NETWORK_CUT)
    page.context.set_offline(True)
    wifi.cut()


def test_two_rounds_saved_offline_wait_in_order_and_are_each_sent_once(
        new_phone, wifi, live_server, console_allows):
    """Round 2 saved with the Wi-Fi down waits, and the form moves on to round 3 as if the save
    had answered; round 3 saved there waits behind it ("2 waiting to send"), also after a
    reload; back online both are saved, in order, once each."""
    page, table, url = keeper_behind_wifi(new_phone, wifi)
    save_jazzy(table)
    fill_waxes(table)
    offline(page, wifi, console_allows)

    table.save_round()
    waiting = page.locator(".outbox")
    expect(waiting).to_have_text(
        re.compile(r"^1 waiting to send: Round 2 \(WAXES, QUICK\)\. It goes"))
    expect(page.get_by_role("heading", name="Round 3", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Save round 3")).to_be_visible()
    for seat in (ANN, BEN, CAT):
        expect(table.word(seat)).to_have_value("")
    expect(table.seat(BEN).get_by_label("Went out first")).not_to_be_checked()

    # Round 3, typed and saved offline too: JOKER (+10 for going out) 38, FIZZY 54, Cat none.
    table.fill_round(["JOKER", "FIZZY", ""], out=ANN)
    table.save_round()
    expect(waiting).to_have_text(re.compile(
        r"^2 waiting to send: Round 2 \(WAXES, QUICK\), Round 3 \(JOKER, FIZZY\)\. "
        r"They go, in order,"))
    expect(page.get_by_role("button", name="Save round 4")).to_be_visible()
    shoot(page, "01-two-waiting")

    answer = page.reload()  # the kept copy of the page, from before either was sent
    assert answer is not None and answer.from_service_worker
    expect(waiting).to_contain_text("2 waiting to send")
    expect(page.get_by_role("heading", name="Round 4", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Save round 4")).to_be_visible()
    assert server_rows(live_server, url)[1:] == []

    wifi.back()
    page.context.set_offline(False)
    expect(table.totals).to_have_text(["119", "115", "37"], timeout=7000)  # within 5 s
    expect(waiting).to_have_count(0)
    console_allows.remove(NETWORK_CUT)
    expect(table.round_row(2)).to_contain_text("WAXES")
    expect(table.round_row(3)).to_contain_text("JOKER")
    expect(page.get_by_role("heading", name="Round 4", exact=True)).to_be_visible()
    rows = server_rows(live_server, url)
    assert len(rows) == 3, rows
    assert "WAXES" in str(rows[1]) and "JOKER" in str(rows[2]), rows


def test_the_second_scorekeeper_is_told_the_round_was_already_saved(page, table, new_phone):
    """Both phones keep score. Phone B saves round 1 while phone A still shows "Save round 1"
    with the same hand typed: A's save is refused, showing the round B saved and keeping A's
    words; one tap saves them as round 2 when that was meant."""
    url = table.new_game("foot", ["Ann", "Ben", "Cat"])
    code = hand_over(page, "Both phones keep score")
    other = new_phone("second scorekeeper")
    table_b = take_over(other, code, url)
    page.get_by_role("link", name="Back to the game").tap()
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()

    table.fill_round(["JAZZY", "QUOTA", "HOUSE"], out=ANN, expect_points=[81, 26, 9])
    save_jazzy(table_b)
    # A's page heard of B's round: its scoreboard is up to date, its typing kept, and it says
    # so beside the button A is about to tap.
    expect(table.totals).to_have_text(["81", "26", "9"])
    changed = page.get_by_role("alert").filter(has_text="Another phone changed this game meanwhile")
    expect(changed).to_be_visible()
    expect(page.locator("#round-form .changed-note + button")).to_have_text("Save round 1")
    shoot(page, "02-changed-meanwhile")
    page.get_by_role("button", name="Save round 1").tap()
    refusal = page.get_by_role("alert").filter(
        has_text="Round 1 was already saved by another phone.")
    expect(refusal).to_contain_text("It reads: Round 1: Ann JAZZY")
    expect(table.word(ANN)).to_have_value("JAZZY")
    expect(table.word(BEN)).to_have_value("QUOTA")
    expect(table.totals).to_have_text(["81", "26", "9"])
    shoot(page, "02-already-saved")

    page.get_by_role("button", name="Save it as round 2").tap()
    expect(table.totals).to_have_text(["162", "52", "18"])
    expect(page.get_by_role("heading", name="Round 3", exact=True)).to_be_visible()
    expect(table_b.totals).to_have_text(["162", "52", "18"])


def test_the_old_phone_is_told_at_once_and_keeps_what_it_typed(page, table, new_phone, live_server):
    """After a hand-over the old phone's open page hears of it at once: its form and Undo go,
    "This phone only watches now" shows, and the words it was typing are shown, not dropped."""
    url = table.new_game("foot", ["Ann", "Ben", "Cat"])
    save_jazzy(table)
    code = hand_over(page, "Only the other phone")
    page.get_by_role("link", name="Back to the game").tap()
    fill_waxes(table)

    other = new_phone("new scorekeeper")
    take_over(other, code, url)
    expect(page.get_by_role("alert").filter(has_text="This phone only watches now")).to_be_visible()  # told by its live stream, with no reload
    expect(page.locator("#round-form")).to_have_count(0)
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)
    kept = page.locator(".kept")
    expect(kept.get_by_role("heading", name="Typed on this phone, not saved")).to_be_visible()
    expect(kept).to_contain_text(
        "Round 2: Ann, No word · Ben’s word: WAXES · Ben, Went out first · Cat’s word: QUICK")
    shoot(page, "03-now-watching")
    page.reload()
    expect(kept).to_contain_text("Ben’s word: WAXES")  # still there
    assert len(server_rows(live_server, url)) == 1
    kept.get_by_role("button", name="Forget these").tap()
    expect(kept).to_have_count(0)


def test_the_edit_page_and_fez_forms_keep_their_drafts_on_a_reload(page, table, live_server):
    """A round's edit, a FEZ word (with its working line), a lay-off and an end of round:
    what was typed is back after a reload."""
    table.new_game("foot", ["Ann", "Ben", "Cat"])
    save_jazzy(table)
    page.get_by_role("link", name="1 edit: round 1", exact=True).tap()
    expect(page.get_by_role("heading", name="Edit round 1")).to_be_visible()
    table.settled()
    table.word(BEN).fill("QUOTE")
    page.reload()
    expect(page.get_by_role("status").filter(has_text=DRAFT_BACK)).to_be_visible()
    expect(table.word(BEN)).to_have_value("QUOTE")
    expect(table.word(ANN)).to_have_value("JAZZY")
    page.get_by_role("button", name="Save changes").tap()
    expect(table.totals).to_have_text(["81", "26", "9"])  # QUOTE = 20+1+1+3+1 = 26 too

    # FEZ: a word, then a lay-off and the end of the round, each typed and reloaded.
    page.goto("/")
    page.get_by_role("link", name="New game").tap()
    choose_game(page, "FEZ")
    for i, name in enumerate(["Bob", "Carol"]):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("radio", name="deals").nth(0).check()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    table.settled()
    word = page.locator("#round-form")
    word.get_by_role("radio", name="Bob", exact=True).check()
    word.get_by_label("The letters used").fill("FEZ")
    word.locator(".chip-tools").get_by_role("button", name="All black").tap()  # (colours start not set)
    working = page.locator("#fez-working")
    expect(working).to_contain_text("FEZᶠ")
    typed_working = working.inner_text()
    page.reload()
    expect(page.locator("#tiles")).to_have_value("FEZ")
    expect(working).to_have_text(typed_working)  # the working line comes back with the word
    page.locator("#round-form").get_by_role("button", name="Save the word").tap()
    expect(page.get_by_role("heading", name="A lay-off")).to_be_visible()

    page.locator("#layoff-seat").select_option(label="Carol")
    page.locator("#layoff-onto").select_option(index=1)
    page.locator("#after").fill("S")
    page.reload()
    expect(page.locator("#after")).to_have_value("S")
    expect(page.locator("#layoff-seat")).to_have_value("1")

    page.get_by_role("link", name="Count the hands").tap()
    page.get_by_label("Bob’s cards left").fill("QI")
    page.reload()
    expect(page.get_by_role("status").filter(has_text=DRAFT_BACK)).to_be_visible()
    expect(page.get_by_label("Bob’s cards left")).to_have_value("QI")
    shoot(page, "04-round-end-draft")


def test_a_save_from_a_page_that_missed_the_hand_over_shows_the_game_and_keeps_the_round(
        page, table, new_phone, live_server):
    """The old phone's page did not hear of the hand-over (its stream was down): its save
    ends on the game as it now sees it, watching, with why, and the round typed shown; not
    on a bare 403."""
    url = table.new_game("foot", ["Ann", "Ben", "Cat"])
    code = hand_over(page, "Only the other phone")
    page.get_by_role("link", name="Back to the game").tap()
    table.settled()
    page.evaluate("events.close()")  # the stream is down: the news cannot reach this page
    take_over(new_phone("new scorekeeper"), code, url)
    table.fill_round(["JAZZY", "QUOTA", "HOUSE"], out=ANN, expect_points=[81, 26, 9])
    table.save_round()
    expect(page.get_by_role("alert").filter(has_text="This phone only watches now")).to_be_visible()
    expect(page.get_by_text("You are watching.")).to_be_visible()
    expect(page.locator("#round-form")).to_have_count(0)
    expect(page.locator(".kept")).to_contain_text("Round 1: Ann’s word: JAZZY")
    shoot(page, "05-save-after-hand-over")
    assert server_rows(live_server, url) == []


def test_a_round_sent_late_that_another_phone_saved_first_comes_back_into_the_form(
        new_phone, wifi, live_server, console_allows):
    """Both phones keep score. Phone A saves round 1 offline; phone B saves round 1 meanwhile.
    When A's Wi-Fi is back its round is refused as already saved: it is not dropped but comes
    back into A's form with the reason, and A can still save it as round 2."""
    page, table, url = keeper_behind_wifi(new_phone, wifi)
    code = hand_over(page, "Both phones keep score")
    table_b = take_over(new_phone("second scorekeeper"), code, url.replace(wifi.url, live_server))
    page.get_by_role("link", name="Back to the game").tap()
    table.settled()

    fill_waxes(table)
    offline(page, wifi, console_allows)
    table.save_round()
    expect(page.locator(".outbox")).to_contain_text("1 waiting to send: Round 1 (WAXES, QUICK)")
    save_jazzy(table_b)

    wifi.back()
    page.context.set_offline(False)
    back = page.get_by_role("alert").filter(has_text="Not saved: Round 1 (WAXES, QUICK).")
    expect(back).to_contain_text("Round 1 was already saved by another phone.", timeout=7000)
    console_allows.remove(NETWORK_CUT)
    expect(back).to_contain_text("It reads: Round 1: Ann JAZZY")
    expect(back).to_contain_text("What you typed is kept below: save it again if it is another round.")
    expect(table.word(BEN)).to_have_value("WAXES")
    expect(table.word(CAT)).to_have_value("QUICK")
    expect(table.totals).to_have_text(["81", "26", "9"])  # B's round 1
    assert len(server_rows(live_server, url)) == 1
    shoot(page, "06-late-round-back-in-the-form")

    page.get_by_role("button", name="Save round 2").tap()  # it was another round: one tap
    expect(table.totals).to_have_text(["81", "61", "37"])
    assert len(server_rows(live_server, url)) == 2


def test_the_card_values_keep_their_draft_on_a_reload(page, table):
    """The family game's card values (some thirty fields, typed once a game) survive a reload
    before they are saved."""
    page.goto("/")
    page.get_by_role("link", name="New game").tap()
    choose_game(page, "Family word game")
    for i, name in enumerate(["Ann", "Ben"]):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("radio", name="deals").nth(0).check()
    page.get_by_role("button", name="Start the game").tap()
    page.get_by_role("link", name="Set the card values").tap()
    expect(page.get_by_role("heading", name="Card values")).to_be_visible()
    table.settled()
    page.get_by_label("Points of A", exact=True).fill("2")
    page.get_by_label("Points of Z", exact=True).fill("10")
    page.reload()
    expect(page.get_by_role("status").filter(has_text=DRAFT_BACK)).to_be_visible()
    expect(page.get_by_label("Points of A", exact=True)).to_have_value("2")
    expect(page.get_by_label("Points of Z", exact=True)).to_have_value("10")


def test_a_showdown_corrected_after_a_refusal_keeps_its_draft(page, table):
    """ZOOT! Poker's showdown refused (ZZZZZZZ: the deck holds 3 Zs) comes back on a page of
    its own; what is typed there is kept on the phone like on the game page."""
    page.goto("/")
    page.get_by_role("link", name="New game").tap()
    choose_game(page, "ZOOT! Poker")
    for i, name in enumerate(["Ann", "Ben", "Cat"]):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("radio", name="deals").nth(ANN).check()
    page.get_by_role("button", name="Start the game").tap()
    page.get_by_role("button", name="Deal").tap()
    for _ in range(6):  # two betting intervals, everyone checks
        table.settled()
        page.locator("button[name=action][value=check]").first.tap()
    showdown = page.locator("form", has=page.get_by_role("button", name="Pay the pots"))
    showdown.get_by_label("Ben").fill("ZZZZZZZ")
    showdown.get_by_label("Cat").fill("PLANTER")
    showdown.get_by_role("button", name="Pay the pots").tap()
    expect(page.locator(".error").filter(has_text="Z")).not_to_have_count(0)
    showdown = page.locator("form", has=page.get_by_role("button", name="Pay the pots"))
    showdown.get_by_label("Ben").fill("PLACING")
    table.settled()
    page.reload()
    expect(page.get_by_role("status").filter(has_text=DRAFT_BACK)).to_be_visible()
    expect(page.locator("form", has=page.get_by_role("button", name="Pay the pots"))
           .get_by_label("Ben")).to_have_value("PLACING")
