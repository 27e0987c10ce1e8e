"""The console stays clean while tests watch it: a screenshot, as any test takes one, leaves
nothing on the page that a later save would turn into a console error.

Playwright's screenshots hide the caret by writing a style on every field and leave an empty
style="" behind; htmx copies it onto the next page's fields and the page's CSP (style-src 'self',
kept strict) reports "Applying inline style violates ..." for each copy, six a save. A phone's
console errors fail every e2e test (conftest.new_phone), so screenshots must cause none.
"""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .phone import fill_waxes, save_jazzy

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/console")
STYLED = "() => document.querySelectorAll('[style]').length"


def test_a_full_page_screenshot_then_a_save_logs_no_console_error(request, page, table):
    table.new_game("foot", ["Ann", "Ben", "Cat"])
    save_jazzy(table)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "before-a-save.png"), full_page=True)  # Playwright's defaults
    assert page.evaluate(STYLED) == 0, "the screenshot left style attributes on the page"
    fill_waxes(table)
    table.save_round()
    # JAZZY 81, QUOTA 26, HOUSE 9; then no word, WAXES 25 + 10, QUICK 28
    expect(table.totals).to_have_text(["81", "61", "37"])
    page.get_by_role("link", name="History").tap()  # and a boosted navigation after it
    expect(page.get_by_role("heading", name=re.compile("History"))).to_be_visible()
    errors = [e for watch in request.node.phone_watches for e in watch.js_errors]
    assert errors == [], "\n".join(errors)

