"""A draft typed offline comes back after an offline reload, on a phone (390x844) that typed
nothing while it was online: the Wi-Fi drops at the table, someone reloads, and the round
typed so far is still in its form, not lost until the Wi-Fi is back."""

from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import phone
from .phone import NETWORK_CUT, keeper_behind_wifi, tap_and_type

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/e2e-shots/offline-draft")
shoot = partial(phone.shoot, folder=SHOTS)
BEN = 1


def test_a_round_typed_offline_is_back_after_an_offline_reload(new_phone, wifi, console_allows):
    """The game page opened online (its service worker in charge), nothing typed; offline, a
    word typed for Ben; reloaded offline: Ben's word is in his field and the page says so."""
    page, table, _ = keeper_behind_wifi(new_phone, wifi)
    expect(table.word(BEN)).to_have_value("")

    console_allows.append(NETWORK_CUT)
    page.context.set_offline(True)
    wifi.cut()
    tap_and_type(table.word(BEN), "QUOTA")
    expect(table.word(BEN)).to_have_value("QUOTA")

    answer = page.reload()
    assert answer is not None and answer.from_service_worker, "the reload was not the kept copy"
    expect(page.get_by_role("heading", name="FOOT!")).to_be_visible()
    expect(table.word(BEN)).to_have_value("QUOTA")
    back = page.get_by_role("status").filter(has_text="What you typed before is back")
    expect(back).to_be_visible()
    shoot(page, "01-draft-back-offline")
