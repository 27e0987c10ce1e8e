"""The evening at a glance on a phone (390x844): two rounds of FOOT!, the score chart with the
right points and names, the game exported as JSON through its link, imported on a second
phone, which keeps the score of the copy with the same totals and the same chart.

Card values (foot.txt): vowels 1, VWXY 10, JQZ 20, other consonants 3, wild 0; +10 for who
went out. Round 1: JAZZY (out) 71 + 10 = 81, QUOTA 26, HOUSE 9. Round 2: QUI?K 25, WAXEB
(out) 25 + 10 = 35, Cat no word. Totals 106, 61, 9.
"""

import json
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import phone

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/evening")
shoot = partial(phone.shoot, folder=SHOTS)

#: The chart's lines read back as totals through its value axis (grid lines and numbers).
READ_CHART = """() => {
  const svg = document.querySelector('svg.chart');
  if (!svg) return null;
  const lines = [...svg.querySelectorAll('g.axis line')];
  const numbers = [...svg.querySelectorAll('g.axis text.value')];
  const ticks = lines.map((l, i) => [+l.getAttribute('y1'), +numbers[i].textContent.replace('−', '-')]);
  const [y0, v0] = ticks[0], [y1, v1] = ticks[ticks.length - 1];
  const value = (y) => Math.round(v0 + (y - y0) * (v1 - v0) / (y1 - y0));
  const out = {};
  for (const g of svg.querySelectorAll('g.series')) {
    out[g.querySelector('text.name').textContent] =
      g.querySelector('polyline').getAttribute('points').trim().split(/\\s+/).map((p) => value(+p.split(',')[1]));
  }
  const box = svg.getBoundingClientRect();
  return {series: out, right: box.right, width: box.width,
          colours: [...svg.querySelectorAll('g.series polyline')].map((l) => getComputedStyle(l).stroke)};
}"""


def test_two_rounds_the_chart_and_the_game_carried_to_another_phone(page, table, new_phone, tmp_path):
    table.new_game("foot", ["Ann", "Ben", "Cat"], dealer=0)
    expect(page.locator("svg.chart")).to_have_count(0)  # no rounds: no chart
    table.fill_round(["JAZZY", "QUOTA", "HOUSE"], out=0, expect_points=[81, 26, 9])
    table.save_round()
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()
    table.fill_round(["QUI?K", "WAXEB", ""], out=1, expect_points=[25, 35, 0])
    table.save_round()
    expect(page.get_by_role("heading", name="Round 3", exact=True)).to_be_visible()
    expect(table.totals).to_have_text(["106", "61", "9"])

    chart = page.locator("svg.chart")
    expect(chart).to_be_visible()
    expect(page.get_by_role("img", name="Totals after each of 2 rounds: Ann 106, Ben 61, Cat 9.")).to_be_visible()
    drawn = page.evaluate(READ_CHART)
    assert drawn["series"] == {"Ann": [0, 81, 106], "Ben": [0, 26, 61], "Cat": [0, 9, 9]}
    assert drawn["right"] <= 390 and drawn["width"] > 300  # the phone's width, nothing past it
    assert len(set(drawn["colours"])) == 3  # each line its own colour, from the stylesheet
    chart.scroll_into_view_if_needed()
    shoot(page, "01-game-with-chart")

    # Export: the whole game as JSON, through the link at the foot of the game
    with page.expect_download() as download:
        page.get_by_role("link", name="JSON", exact=True).tap()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name.startswith("FOOT-game-") and saved.suffix == ".json"
    export = json.loads(saved.read_text())
    assert export["players"] == ["Ann", "Ben", "Cat"] and len(export["plays"]) == 2

    # A second phone imports it from its home page: a new game it keeps the score of
    other = new_phone("second phone")
    other.goto("/")
    other.get_by_role("link", name="Import a game").tap()
    expect(other.get_by_role("heading", name="Import a game")).to_be_visible()
    other.get_by_label("The exported file").set_input_files(str(saved))
    shoot(other, "02-import")
    other.get_by_role("button", name="Import").tap()
    expect(other.get_by_role("heading", name="Round 3", exact=True)).to_be_visible()
    expect(other.locator(".totals .total")).to_have_text(["106", "61", "9"])
    expect(other.get_by_text("Imported: FOOT! with Ann, Ben, Cat, 2 entries.")).to_be_visible()
    assert other.url != page.url
    assert other.evaluate(READ_CHART)["series"] == drawn["series"]
    expect(other.locator("#round-form")).to_be_visible()  # it keeps the score

    # its stats: the games this phone knows
    other.goto("/stats")
    expect(other.get_by_text("Counted over the games this phone started or opened")).to_be_visible()
    shoot(other, "03-stats")
