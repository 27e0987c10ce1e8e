"""Hand and Foot's game page as a phone (390x844) shows it: long team names read in full, the
opening check answering beside its button (with and without JavaScript), and a round form of
two teams that fits in about two screens. Screenshots, light and dark, in /tmp/hferr-shots."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import phone
from .phone import PHONE
from .screens import HandAndFoot

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/hferr-shots")
HEIGHT = PHONE["viewport"]["height"]
WIDTH = PHONE["viewport"]["width"]
LONG = ["Maximiliana Konstantina", "Bartholomew", "Guinevere Alexandrova", "Di"]

#: What keeps a player from reading an element's text: a word cut by its box (overflow hidden,
#: an ellipsis), a word broken across two lines, or a word past the phone's edge.
UNREAD = """e => {
  const out = [];
  if (e.scrollWidth > e.clientWidth + 1) out.push(`cut: ${e.scrollWidth} px of text in ${e.clientWidth} px`);
  const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, words = /\\S+/g;
    for (let m; (m = words.exec(node.data));) {
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (new Set(rects.map((r) => Math.round(r.top))).size > 1) out.push(`split: ${m[0]}`);
      if (rects.some((r) => r.right > %d + 0.5 || r.left < -0.5)) out.push(`off the screen: ${m[0]}`);
    }
  }
  return out;
}""" % WIDTH


def shoot_both(page, name: str) -> None:
    phone.shoot_light_and_dark(page, name, SHOTS)


def test_both_partners_of_long_named_teams_read_in_full(table, page):
    game = HandAndFoot(page, LONG)
    table.new_game("hand-and-foot", LONG)
    # a first round, so that the rounds table names the teams too
    game.went_out(0)
    for label, n in (("Clean (500)", 1), ("Dirty (300)", 1), ("Jokers (50)", 1), ("6s to Kings (10)", 13)):
        game.count(0, label).fill(str(n))
    game.expect_live(0, 1080, books=800, meld=180, out=100)
    game.save(1)
    expect(game.heading(2, 90)).to_be_visible()
    teams = [f"{LONG[0]} & {LONG[2]}", f"{LONG[1]} & {LONG[3]}"]
    for t, team in enumerate(teams):
        for where in (page.locator(".totals .name").nth(t), game.team(t).locator("legend"),
                      page.locator("table.rounds thead th").nth(t + 1)):
            expect(where).to_have_text(team)
            assert where.evaluate(UNREAD) == [], f"{team} in {where}"
    shoot_both(page, "hf-long-names")


def _open_check(page):
    page.get_by_text("Does this meld open?").tap()
    melds = page.get_by_label(re.compile("The melds"))
    melds.fill("7777 444")
    page.get_by_role("button", name="Check at 50").tap()


def test_the_opening_check_answers_beside_its_button(table, page):
    table.new_game("hand-and-foot", ["Ann", "Bo", "Cy", "Di"])
    page.evaluate("scrollTo(0, document.body.scrollHeight)")  # where the check sits: below the form
    _open_check(page)
    answer = page.locator(".open-check [role=status]")
    expect(answer).to_have_text("✓ 55 points: it opens at 50.")
    expect(answer).to_be_in_viewport()
    expect(page.get_by_role("button", name="Check at 50")).to_be_in_viewport()
    expect(page.get_by_label(re.compile("The melds"))).to_have_value("7777 444")
    shoot_both(page, "hf-open-check")
    # a second check answers in the same place
    page.get_by_label(re.compile("The melds")).fill("A**")
    page.get_by_role("button", name="Check at 50").tap()
    expect(answer).to_have_text("A** has more wild cards than naturals.")
    expect(answer).to_be_in_viewport()
    expect(page.locator(".open-check [role=status]")).to_have_count(1)


def test_the_opening_check_without_javascript_lands_at_its_answer(table, page, browser, live_server):
    url = table.new_game("hand-and-foot", ["Ann", "Bo", "Cy", "Di"])
    plain = browser.new_context(**PHONE, base_url=live_server, java_script_enabled=False)
    try:
        plain.add_cookies(page.context.cookies())  # the scorekeeper's phone, its script off
        bare = plain.new_page()
        bare.goto(url)
        _open_check(bare)
        answer = bare.locator(".open-check [role=status]")
        expect(answer).to_have_text("✓ 55 points: it opens at 50.")
        expect(answer).to_be_in_viewport()
    finally:
        plain.close()


def test_a_round_form_of_two_teams_is_at_most_two_screens(table, page):
    table.new_game("hand-and-foot", ["Ann", "Bo", "Cy", "Di"])
    form = page.locator("#round-form")
    height = form.bounding_box()["height"]
    shoot_both(page, "hf-round-form")
    assert height <= 2 * HEIGHT, f"the round form is {height / HEIGHT:.1f} screens"


def test_choosing_who_went_out_opens_the_other_teams_cards_left(table, page):
    game = HandAndFoot(page, ["Ann", "Bo", "Cy", "Di"])
    table.new_game("hand-and-foot", game.names)
    left = [game.team(t).locator("details.left-cards") for t in (0, 1)]
    game.went_out(1)
    expect(left[0]).to_have_attribute("open", "")
    expect(left[1]).not_to_have_attribute("open", "")
    game.count(0, "Red 3s (−500)").fill("1")
    game.expect_live(0, -500, books=0, meld=0, left=500)
    assert page.locator("#round-form").bounding_box()["height"] <= 2 * HEIGHT


def test_a_refusals_card_goes_once_the_preview_finds_the_round_fine(table, page):
    """Ann & Cy go out with a clean book but no dirty one: Save is refused, the reasons on a
    card at the top of the form. A change that leaves the round still wrong keeps the card;
    the dirty book, which the preview then finds fine, takes it away: nothing stale stays."""
    game = HandAndFoot(page, ["Ann", "Bo", "Cy", "Di"])
    table.new_game("hand-and-foot", game.names)
    game.went_out(0)
    game.steps(0, {"Clean (500)": 1, "6s to Kings (10)": 14})
    game.save(1)
    card = page.locator("#round-form .card", has_text="Not saved: nothing changed until this is fixed.")
    expect(card).to_be_visible()
    no_wild = "A dirty book holds a wild card; no joker or deuce is counted melded."
    no_dirty = "To go out a team needs at least one clean and one dirty book."
    expect(card.locator("p.error", has_text=f"Ann & Cy: {no_dirty}")).to_be_visible()
    game.step(0, "Dirty (300)", 1)  # a dirty book, but no wild card melded: still wrong
    game.expect_live(0, 1040, books=800, meld=140, out=100, problem=no_wild)
    expect(card).to_be_visible()
    game.step(0, "Deuces (20)", 1)  # 800 + 160 + 100 = 1060: fine
    game.expect_live(0, 1060, books=800, meld=160, out=100)
    expect(card).to_have_count(0)
    expect(page.get_by_text(no_dirty)).to_have_count(0)
    shoot_both(page, "hf-refusal-fixed")
    game.save(1)
    expect(game.heading(2, 90)).to_be_visible()
