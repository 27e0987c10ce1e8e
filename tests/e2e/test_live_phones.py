"""Every phone live: other phones join a game by its code or its address and see each change
as it is saved (how soon: `make bench`); the scorekeeping moves or is shared by a hand-over code; a round
saved with no connection waits on the phone and is sent once; the app installs and opens
offline; a round typed but not saved survives a reload.

About cutting the network: Playwright's `context.set_offline(True)` in this Chromium fails
the page's own requests (htmx's, fetch) and the service worker's requests to the server
alike, while a stream that is already open stays open; but a service worker started again
by a reload may send before the emulation reaches it (Playwright issue 2311). So the offline
test's phone reaches the server through conftest's `wifi`, a relay it cuts as well: the
emulation gives the phone its "offline" and "online" events, the cut makes sure nothing
arrives. The test checks the cut is real from three sides: a fetch made in the page fails,
the server's own record (read here, not through a phone) has nothing new, and the page that
opens offline came from the service worker.
"""

import json
import re
import time
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import phone
from .phone import (NETWORK_CUT, Table, as_typed, fill_waxes, hand_over, keeper_behind_wifi,
                    save_jazzy, server_rows, service_worker_in_charge, type_code)

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/e2e-shots/live-phones")
shoot = partial(phone.shoot, folder=SHOTS)

ANN, BEN, CAT = 0, 1, 2
CODE6 = re.compile(r"^[A-Z2-9]{3}-[A-Z2-9]{3}$")



def share_code(page) -> str:
    """Open "Watch on another phone" and read the game's join code."""
    share = page.locator("details.share")
    share.locator("summary").tap()
    expect(share).to_have_attribute("open", "")
    code = share.locator("summary .code").inner_text().strip()
    assert CODE6.match(code), code
    return code


def expect_watching(other, url: str) -> None:
    expect(other).to_have_url(url)
    expect(other.get_by_role("heading", name="FOOT!")).to_be_visible()
    expect(other.get_by_text("You are watching.")).to_be_visible()
    expect(other.locator("#round-form")).to_have_count(0)
    expect(other.get_by_role("link", name="Hand over")).to_have_count(0)


AFTER_BOTH = ["81", "61", "37"]  # JAZZY's round, then WAXES's


# --- 1. Join by code ---------------------------------------------------------------

def test_a_second_phone_joins_by_typing_the_code_and_watches(page, table, new_phone):
    """The code in "Watch on another phone", typed as a player would (lower case, a space),
    opens the game read-only on another phone, which then lists it; a wrong code says so and
    keeps what was typed."""
    url = table.new_game("foot", ["Ann", "Ben", "Cat"])
    code = share_code(page)
    expect(page.locator("details.share")).to_contain_text(f"type the code {code}")
    shoot(page, "01-share-box")

    other = new_phone("joiner")
    other.goto("/")
    expect(other.locator("ul.games")).to_have_count(0)  # a new phone knows no game yet
    type_code(other, as_typed(code))
    expect_watching(other, url)
    expect(other.locator(".totals .total")).to_have_text(["0", "0", "0"])

    other.goto("/")
    listed = other.locator("h2:has-text('In progress') + ul.games li")
    expect(listed).to_have_count(1)
    expect(listed).to_contain_text("FOOT! · Ann, Ben, Cat")
    listed.get_by_role("link").tap()
    expect_watching(other, url)

    # A wrong code: a code of the right shape that no game has.
    wrong = ("A" if code[0] != "A" else "B") + code[1:]
    typed = as_typed(wrong)
    type_code(other, typed)
    alert = other.get_by_role("alert")
    expect(alert).to_contain_text(f"No game has the code “{typed}”")
    expect(alert).to_contain_text("A code to watch has 6 characters")
    expect(other.get_by_label(re.compile("^Join a game"))).to_have_value(typed)
    expect(other.get_by_label(re.compile("^Join a game"))).to_have_attribute("aria-invalid", "true")
    expect(other.get_by_text("You are watching.")).to_have_count(0)
    shoot(other, "02-wrong-code")


# --- 2. Join by the QR code's address ----------------------------------------------

def test_a_second_phone_opens_the_address_under_the_qr_code_and_watches(page, table, new_phone):
    """The share box shows a QR code and, under it, the game's own address: opened on another
    phone, that address shows the game read-only."""
    url = table.new_game("foot", ["Ann", "Ben", "Cat"])
    save_jazzy(table)
    share_code(page)
    qr = page.get_by_role("img", name="QR code of this game’s address")
    expect(qr).to_be_visible()
    # an image of its own, asked for once the box is open (no game page carries it)
    assert qr.get_attribute("src").endswith("/qr.svg"), qr.get_attribute("src")[:40]
    qr.element_handle().wait_for_element_state("stable")
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=qr.element_handle())
    address = page.locator("details.share .link code").inner_text().strip()
    assert address == url, (address, url)

    other = new_phone("scanner")
    other.goto(address)
    expect_watching(other, url)
    expect(other.locator(".totals .total")).to_have_text(["81", "26", "9"])


# --- 3. Live ------------------------------------------------------------------------

def test_two_watching_phones_see_a_saved_round_and_an_undo_without_a_reload(page, table, new_phone):
    """A round saved, then undone, on the scorekeeper's phone shows on two watching phones,
    without their pages reloading. (How soon is a figure, `make bench`'s "live" section: here
    Playwright's expect only bounds the wait, so a stream that never comes fails.)"""
    url = table.new_game("foot", ["Ann", "Ben", "Cat"])
    watchers = [new_phone("watcher"), new_phone("watcher")]
    for watcher in watchers:
        watcher.goto(url)
        expect_watching(watcher, url)
        expect(watcher.locator(".totals .total")).to_have_text(["0", "0", "0"])
        watcher.evaluate("window.__same = true")  # gone if the page reloads

    def all_watchers_show(totals: list[str]) -> None:
        for watcher in watchers:
            expect(watcher.locator(".totals .total")).to_have_text(totals)

    save_jazzy(table)  # returns once the scorekeeper's page shows the new totals
    all_watchers_show(["81", "26", "9"])
    for watcher in watchers:
        expect(watcher.locator("#round-1")).to_contain_text("JAZZY")
        expect(watcher.locator("#scoreboard .status")).to_contain_text("Round 2")

    page.get_by_role("button", name="Undo").tap()
    expect(page.locator(".flash")).to_contain_text("Undone")
    expect(table.totals).to_have_text(["0", "0", "0"])
    all_watchers_show(["0", "0", "0"])
    for watcher in watchers:
        expect(watcher.locator("#round-1")).to_have_count(0)
        assert watcher.evaluate("window.__same === true"), "a watcher's page was reloaded"
        expect(watcher.locator("#round-form")).to_have_count(0)


# --- 4. Hand-off ---------------------------------------------------------------------

def test_handing_over_by_code_moves_the_scorekeeping(page, table, new_phone, live_server):
    """"Only the other phone keeps score": the code typed on another phone's home page makes
    it the scorekeeper; the first phone then only watches and its saves are refused."""
    url = table.new_game("foot", ["Ann", "Ben", "Cat"])
    save_jazzy(table)
    csrf = json.loads(page.locator("body").get_attribute("hx-headers"))["X-CSRFToken"]
    code = hand_over(page, "Only the other phone keeps score")
    expect(page.get_by_text("Once the other phone has taken over, this phone only watches.")
           ).to_be_visible()
    shoot(page, "03-handover-code")

    other = new_phone("new scorekeeper")
    type_code(other, as_typed(code))
    expect(other.get_by_role("heading", name="Keep score on this phone?")).to_be_visible()
    expect(other.get_by_text("The phone keeping score until now will only watch.")).to_be_visible()
    shoot(other, "04-take-over")
    other.get_by_role("button", name="Keep score here").tap()
    expect(other.locator(".flash")).to_contain_text(
        "This phone keeps score now. The phone that kept score until now only watches.")
    expect(other).to_have_url(url)
    table_b = Table(other)
    fill_waxes(table_b)
    table_b.save_round()
    expect(table_b.totals).to_have_text(AFTER_BOTH)
    expect(other.get_by_role("heading", name="Round 3", exact=True)).to_be_visible()

    page.get_by_role("link", name="Back to the game").tap()
    expect(page).to_have_url(url)
    page.reload()
    expect_watching(page, url)
    expect(table.totals).to_have_text(AFTER_BOTH)
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)

    # A save from the first phone (its cookies, a valid form) is refused and changes nothing.
    refused = page.request.post(f"{url}/rounds", headers={"X-CSRFToken": csrf}, form={
        "csrf_token": csrf, "nonce": "from-the-old-phone", "word-0": "JAZZY", "word-1": "",
        "word-2": "", "noword-1": "on", "noword-2": "on", "out": "0"})
    assert refused.status == 403, refused.status
    assert len(server_rows(live_server, url)) == 2
    # The code worked once.
    late = new_phone("late phone")
    type_code(late, as_typed(code))
    expect(late.get_by_role("alert")).to_contain_text(
        f"No game has the code “{as_typed(code)}”")


def test_handing_over_to_both_phones_lets_each_save_and_see_the_others_round(
        page, table, new_phone, live_server):
    """"Both phones keep score": after the code is used, each phone saves a round and each
    sees the other's round live, without a reload."""
    url = table.new_game("foot", ["Ann", "Ben", "Cat"])
    code = hand_over(page, "Both phones keep score")
    expect(page.get_by_text("This phone keeps score too.")).to_be_visible()

    other = new_phone("second scorekeeper")
    type_code(other, as_typed(code))
    expect(other.get_by_text("The phone that offered this keeps score too.")).to_be_visible()
    other.get_by_role("button", name="Keep score here").tap()
    expect(other.locator(".flash")).to_contain_text(
        "This phone keeps score now, and so does the phone that offered it.")
    expect(other).to_have_url(url)
    table_b = Table(other)

    page.get_by_role("link", name="Back to the game").tap()
    expect(page).to_have_url(url)
    expect(page.locator("#round-form")).to_have_count(1)  # still keeps score
    page.evaluate("window.__same = true")
    other.evaluate("window.__same = true")

    # The second phone saves round 1: the first sees it live.
    save_jazzy(table_b)
    expect(table.totals).to_have_text(["81", "26", "9"])
    expect(table.round_row(1)).to_contain_text("JAZZY")
    shoot(page, "05-both-after-the-others-round")

    # The first phone saves the next round: the second sees it live.
    other.evaluate("window.__same = true")  # its own save swapped the page in place
    fill_waxes(table)
    table.save_round()
    expect(table.totals).to_have_text(AFTER_BOTH)
    expect(table_b.totals).to_have_text(AFTER_BOTH)
    expect(table_b.round_row(2)).to_contain_text("WAXES")
    assert other.evaluate("window.__same === true"), "the second phone's page was reloaded"
    rows = server_rows(live_server, url)
    assert len(rows) == 2, rows


# --- 5. Offline: save, reload, replay ----------------------------------------------

def test_a_round_saved_offline_waits_survives_a_reload_and_is_sent_once(
        new_phone, wifi, live_server, console_allows):
    """With the network cut, Save keeps the round on the phone ("1 waiting to send") and the
    form moves on to the next round; the game still opens on a reload (the service worker's copy, with the
    scores saved before); when the network is back the round is saved exactly once."""
    page, table, url = keeper_behind_wifi(new_phone, wifi)
    save_jazzy(table)
    fill_waxes(table)  # typed while online: the points beside each word are there

    context = page.context
    console_allows.append(NETWORK_CUT)
    context.set_offline(True)
    wifi.cut()
    # The cut is real for the page and for its service worker (it has no copy of this one).
    probe = f"{url}.json?probe={time.time_ns()}"
    assert page.evaluate("u => fetch(u).then(() => 'answered', () => 'failed')", probe) == "failed"

    table.save_round()
    waiting = page.locator(".outbox")
    expect(waiting).to_have_text(
        re.compile(r"^1 waiting to send: Round 2 \(WAXES, QUICK\)\. It goes as soon as"))
    expect(waiting).to_be_in_viewport()
    expect(page.get_by_role("heading", name="Round 3", exact=True)).to_be_visible()
    expect(table.word(BEN)).to_have_value("")
    expect(table.totals).to_have_text(["81", "26", "9"])
    assert len(server_rows(live_server, url)) == 1, "a round reached the server while offline"
    shoot(page, "06-waiting-to-send")

    answer = page.reload()
    assert answer is not None and answer.from_service_worker, "the reload was not the kept copy"
    expect(page.get_by_role("heading", name="FOOT!")).to_be_visible()
    expect(table.totals).to_have_text(["81", "26", "9"])  # the copy kept after round 1
    expect(waiting).to_contain_text("1 waiting to send: Round 2 (WAXES, QUICK).")
    shoot(page, "07-waiting-after-reload")
    # Another phone's change makes the whole page follow (htmx, answered by the kept copy while
    # offline): the round waiting is still shown, not only kept.
    page.evaluate("document.querySelector('main').dataset.before = 'the change'")
    page.evaluate("loadKept(() => changedWhileKeeping())")
    expect(page.locator("main[data-before]")).to_have_count(0)
    expect(waiting).to_contain_text("1 waiting to send: Round 2 (WAXES, QUICK).")
    phone.shoot_light_and_dark(page, "07b-waiting-after-the-page-followed", SHOTS)
    # An offline phone keeps trying (every 5 s, and on each page): one try, made here and
    # waited for, still sends nothing.
    page.evaluate("sendOutbox()")
    assert len(server_rows(live_server, url)) == 1

    wifi.back()
    context.set_offline(False)
    expect(table.totals).to_have_text(AFTER_BOTH, timeout=7000)  # "online", or within 5 s
    expect(waiting).to_have_count(0)
    console_allows.remove(NETWORK_CUT)
    expect(table.round_row(2)).to_contain_text("WAXES")
    assert page.evaluate("localStorage.getItem('companion:outbox')") in (None, "[]")

    rows = server_rows(live_server, url)
    assert len(rows) == 2, rows
    assert "WAXES" in json.dumps(rows[1]) and "WAXES" not in json.dumps(rows[0]), rows
    page.get_by_role("link", name="History").tap()
    expect(page.get_by_role("heading", name="History")).to_be_visible()
    entries = page.locator("ol.history li")
    expect(entries).to_have_count(2)
    expect(entries.filter(has_text="WAXES")).to_have_count(1)


def test_a_round_whose_answer_was_lost_is_sent_again_and_saved_once(
        page, table, live_server, console_allows):
    """The round reaches the server but its answer never comes back (the Wi-Fi drops on the
    way back): the phone keeps it as waiting and sends it again, and the form's one-time id
    makes the second arrival harmless: one round, not two."""
    url = table.new_game("foot", ["Ann", "Ben", "Cat"])
    table.fill_round(["JAZZY", "QUOTA", "HOUSE"], out=ANN, expect_points=[81, 26, 9])
    lost = []

    def lose_the_answer(route):
        lost.append(route.fetch(max_redirects=0).status)  # the server has it
        page.context.set_offline(True)  # and the Wi-Fi drops before the answer is back
        route.abort("internetdisconnected")

    page.context.route(re.compile(r"/games/[a-z2-9]{12}/rounds$"), lose_the_answer, times=1)
    console_allows.append(NETWORK_CUT)
    table.save_round()
    waiting = page.locator(".outbox")
    expect(waiting).to_contain_text("1 waiting to send: Round 1 (JAZZY, QUOTA, HOUSE).")
    assert lost == [303] and len(server_rows(live_server, url)) == 1

    page.context.set_offline(False)  # the phone sends it again
    expect(table.totals).to_have_text(["81", "26", "9"], timeout=7000)
    expect(waiting).to_have_count(0)
    console_allows.remove(NETWORK_CUT)
    assert len(server_rows(live_server, url)) == 1
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()
    shoot(page, "10-after-the-lost-answer")
    page.get_by_role("link", name="History").tap()
    expect(page.locator("ol.history li")).to_have_count(1)


# --- 6. Installable --------------------------------------------------------------

def test_the_app_installs_and_opens_a_page_it_never_saw_offline(page, console_allows):
    """The manifest a phone installs from (name, start page, standalone, PNG icons of 192 and
    512 px that load), a service worker that takes charge of the page, and, offline, the "No
    connection" page for a page the phone never opened."""
    page.goto("/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest = page.request.get(href)
    assert manifest.ok, manifest.status
    data = manifest.json()
    assert data["name"] == "Companion" and data["short_name"]
    assert data["start_url"] == "/" and data["display"] == "standalone"
    sizes = {icon["sizes"]: icon for icon in data["icons"] if icon.get("type") == "image/png"}
    assert {"192x192", "512x512"} <= set(sizes), data["icons"]
    for size, icon in sizes.items():
        answer = page.request.get(icon["src"])
        assert answer.ok and answer.headers["content-type"] == "image/png", icon
        side = int(size.split("x")[0])
        drawn = page.evaluate("""src => new Promise((done) => { const img = new Image();
            img.onload = () => done([img.naturalWidth, img.naturalHeight]);
            img.onerror = () => done(null); img.src = src; })""", icon["src"])
        assert drawn == [side, side], (icon["src"], drawn)

    service_worker_in_charge(page)
    answer = page.reload()
    assert answer.from_service_worker
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")

    console_allows.append(NETWORK_CUT)
    page.context.set_offline(True)
    answer = page.goto("/lookup")  # never opened on this phone
    assert answer.from_service_worker
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    expect(page.get_by_text("it has no copy of this page yet")).to_be_visible()
    shoot(page, "08-offline-page")
    page.get_by_role("link", name="Your games").tap()  # the start page, kept
    expect(page.get_by_role("link", name="New game")).to_be_visible()
    page.context.set_offline(False)


# --- 7. A draft survives a reload ------------------------------------------------------

def test_a_round_typed_but_not_saved_comes_back_after_a_reload(page, table, live_server):
    """Words typed in the round form and not saved are back after a reload, with the points
    beside them; saving then records one round, and the form is empty after that."""
    url = table.new_game("foot", ["Ann", "Ben", "Cat"])
    table.fill_round(["JAZZY", "QUOTA", "HOUSE"], out=ANN, expect_points=[81, 26, 9])

    page.reload()
    back = page.get_by_role("status").filter(has_text="What you typed before is back")
    expect(back).to_be_visible()
    for seat, word in enumerate(["JAZZY", "QUOTA", "HOUSE"]):
        expect(table.word(seat)).to_have_value(word)
    expect(table.seat(ANN).get_by_label("Went out first")).to_be_checked()
    expect(table.points(ANN)).to_have_text(re.compile(r"^\s*81\s*incl\. \+10\s*pts\s*$"))
    expect(table.points(BEN)).to_have_text(re.compile(r"^\s*26\s*pts\s*$"))
    expect(table.points(CAT)).to_have_text(re.compile(r"^\s*9\s*pts\s*$"))
    shoot(page, "09-draft-back")
    assert server_rows(live_server, url) == []

    table.save_round()
    expect(table.totals).to_have_text(["81", "26", "9"])
    assert len(server_rows(live_server, url)) == 1

    page.reload()
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()
    for seat in (ANN, BEN, CAT):
        expect(table.word(seat)).to_have_value("")
    expect(page.get_by_text("What you typed before is back")).to_have_count(0)
    assert len(server_rows(live_server, url)) == 1
