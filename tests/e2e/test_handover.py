"""The scorekeeper hands the game over to another phone, which keeps score from then on."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

ANN, BEN, CAT = 0, 1, 2


def test_scorekeeping_moves_to_another_phone_with_the_handover_link(page, table, new_phone):
    url = table.new_game("foot", ["Ann", "Ben", "Cat"], dealer=ANN)
    # JAZZY = J 20 + A 1 + Z 20 + Z 20 + Y 10 = 71, + 10 for going out = 81
    # QUOTA = Q 20 + U 1 + O 1 + T 3 + A 1 = 26;  HOUSE = H 3 + O 1 + U 1 + S 3 + E 1 = 9
    table.fill_round(["JAZZY", "QUOTA", "HOUSE"], out=ANN, expect_points=[81, 26, 9])
    table.save_round()
    expect(table.totals).to_have_text(["81", "26", "9"])

    # Phone A hands over: it asks who keeps score, then shows a code, a QR code and a link.
    page.get_by_role("link", name="Hand over").tap()
    expect(page.get_by_role("heading", name="Hand over the scorekeeping")).to_be_visible()
    expect(page.get_by_role("radio", name="Only the other phone keeps score (this one watches)")).to_be_checked()
    expect(page.locator(".handover-code")).to_have_count(0)  # no code before it is asked for
    page.get_by_role("button", name="Make a code").tap()
    expect(page.get_by_role("img", name="QR code of the handover link")).to_be_visible()
    link = page.locator(".link code").inner_text().strip()
    assert re.search(r"/games/[a-z2-9]{12}/take/\S+$", link), link

    # Phone B opens the link: it asks first, and the tap makes it the scorekeeper.
    phone_b = new_phone("new scorekeeper")
    phone_b.goto(link)
    expect(phone_b.get_by_role("heading", name="Keep score on this phone?")).to_be_visible()
    expect(phone_b.get_by_text("FOOT! · Ann, Ben, Cat")).to_be_visible()
    phone_b.get_by_role("button", name="Keep score here").tap()
    expect(phone_b.locator(".flash")).to_contain_text("This phone keeps score now")
    assert phone_b.url == url
    table_b = type(table)(phone_b)
    expect(phone_b.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()
    expect(table_b.totals).to_have_text(["81", "26", "9"])

    # Phone B saves round 2.
    # WAXES = W 10 + A 1 + X 10 + E 1 + S 3 = 25, + 10 for going out = 35
    # QUICK = Q 20 + U 1 + I 1 + C 3 + K 3 = 28;  Ann has no word: 0
    table_b.fill_round(["", "WAXES", "QUICK"], out=BEN, expect_points=[0, 35, 28])
    table_b.save_round()
    expect(phone_b.get_by_role("heading", name="Round 3", exact=True)).to_be_visible()
    # 81 + 0 = 81;  26 + 35 = 61;  9 + 28 = 37
    expect(table_b.totals).to_have_text(["81", "61", "37"])

    # Phone A goes back to the game: it only watches now, with B's totals.
    page.get_by_role("link", name="Back to the game").tap()
    expect(page).to_have_url(url)
    page.reload()
    expect(page.get_by_role("heading", name="FOOT!")).to_be_visible()
    expect(page.get_by_text("You are watching.")).to_be_visible()
    expect(page.locator("#round-form")).to_have_count(0)
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)
    expect(page.get_by_role("link", name="Hand over")).to_have_count(0)
    expect(table.totals).to_have_text(["81", "61", "37"])
    expect(table.round_row(2)).to_contain_text("WAXES")

    # The link worked once: opened again, it is refused.
    phone_b.goto(link)
    phone_b.get_by_role("button", name="Keep score here").tap()
    expect(phone_b.get_by_role("heading", name="This code has expired or was already used.")
           ).to_be_visible()

    # A third phone that never opened the game does not see it on its home page.
    phone_c = new_phone("stranger")
    phone_c.goto("/")
    expect(phone_c.locator("h2:has-text('In progress') + p")).to_have_text("No game in progress.")
    expect(phone_c.locator("h2:has-text('Finished') + p")).to_have_text("No finished game yet.")
    expect(phone_c.locator("ul.games")).to_have_count(0)
    expect(phone_c.get_by_text("Ann, Ben, Cat")).to_have_count(0)


def test_the_handover_code_is_never_kept_by_the_phone(page, table):
    """The code makes any phone the scorekeeper: the app's offline copy of pages (its service
    worker) keeps the game page but never the hand-over page."""
    url = table.new_game("foot", ["Ann", "Ben"], dealer=ANN)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null"
                           " && navigator.serviceWorker.controller.state === 'activated'")
    page.reload()  # now through the service worker, which keeps the page
    page.get_by_role("link", name="Hand over").tap()
    page.get_by_role("button", name="Make a code").tap()
    code = page.locator(".link code").inner_text().strip()
    page.get_by_role("link", name="Back to the game").tap()
    expect(page).to_have_url(url)
    kept = page.evaluate("""async () => {
        const pages = [];
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) {
                pages.push([request.url, await (await cache.match(request)).text()]);
            }
        }
        return pages;
    }""")
    assert any(address == url for address, _ in kept), [a for a, _ in kept]
    assert not any(address.endswith("/handover") for address, _ in kept), [a for a, _ in kept]
    assert not any(code.rsplit("/", 1)[1] in text for _, text in kept)
