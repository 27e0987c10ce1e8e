"""What a table reads back in History, through the real app: History says what an edit replaced, every
time shown is the phone's (a <time> the page's script converts, UTC without it), and every
round says who dealt it."""

import re
from datetime import datetime

from tests.helpers import new_game, round_form, text


def history_entries(client, game) -> list[str]:
    """History's entries as a player reads them (without their times)."""
    page = client.get(f"{game}/history").text
    items = re.findall(r"<li class=\"[^\"]*\">(.*?)</li>", page, re.S)
    return [re.sub(r"^\S+ \S+ \S+ \S+ UTC ", "", text(item)) for item in items]


def round_header(html: str, number: int) -> str:
    """The round-number cell of a row of the rounds table, as read."""
    row = re.search(rf'<tr id="round-{number}">\s*<th scope="row">(.*?)</th>', html, re.S)
    assert row, f"no row for round {number}"
    return text(row.group(1))


# --- Point 6: an edit in History says what it replaced ---------------------------------

def test_a_foot_edit_says_what_it_replaced_and_undo_and_delete_still_read(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "OXBOW", out=0))
    client.post(f"{game}/rounds", data=round_form("FJORD", "", "", out=0))
    # Cy's OXBOW was FOXES
    client.post(f"{game}/rounds/1/edit", data=round_form("JAZZY", "QUOTA", "FOXES", out=0))
    entries = history_entries(client, game)
    assert entries[2] == "Edited round 1: Cy OXBOW → FOXES"
    # A second edit compares with the first; who went out first and the final round too.
    client.post(f"{game}/rounds/2/edit", data=round_form("FJORD", "", "BOXES", out=2, final=True))
    assert history_entries(client, game)[3] == (
        "Edited round 2: Cy no word → BOXES; went out first: Ann → Cy; now the final round")
    client.post(f"{game}/rounds/1/edit", data=round_form("JAZZY", "", "FOXES", out=0))
    assert history_entries(client, game)[4] == "Edited round 1: Bo QUOTA → no word"
    # Undo of that edit reads as the edit; the next edit compares with what stands again.
    client.post(f"{game}/undo", data={"play": "5"})
    entries = history_entries(client, game)
    assert entries[5] == "Undid: Edited round 1: Bo QUOTA → no word"
    client.post(f"{game}/rounds/1/edit", data=round_form("JAZZY", "QUOTE", "FOXES", out=0))
    assert history_entries(client, game)[6] == "Edited round 1: Bo QUOTA → QUOTE"
    # The game page's Undo names the change too.
    assert "Edited round 1: Bo QUOTA → QUOTE" in text(client.get(game).text)
    # Deleting the round keeps the edits readable.
    client.post(f"{game}/rounds/1/delete")
    entries = history_entries(client, game)
    assert entries[2] == "Edited a deleted round: Cy OXBOW → FOXES"
    assert entries[-1].startswith("Deleted round: Ann JAZZY (out)")


def test_a_family_edit_says_whose_hand_changed(client):
    game = new_game(client, ruleset="family")
    client.post(f"{game}/rounds", data={"winner": "1", "points-0": "23", "points-2": "40"})
    client.post(f"{game}/rounds/1/edit", data={"winner": "1", "points-0": "32", "points-2": "40"})
    assert history_entries(client, game)[1] == "Edited round 1: Ann 23 → 32"
    client.post(f"{game}/rounds/1/edit", data={"winner": "0", "points-1": "12", "points-2": "40"})
    assert history_entries(client, game)[2] == "Edited round 1: Ann 32 → went out; Bo went out → 12"


def test_a_fez_word_edit_shows_the_word_before_and_after_with_its_score(client):
    game = new_game(client, ruleset="fez", names=("Bob", "Carol"))
    client.post(f"{game}/rounds", data={"seat": "1", "tiles": "PLAY", "colours": "BBBB"})
    client.post(f"{game}/rounds/1/edit", data={"seat": "1", "tiles": "PLAYS", "colours": "BBBBR"})
    # PLAYᶠ: 9 × 2 for the flush; PLAYS, no longer a flush: 10
    assert history_entries(client, game)[1] == "Edited a word of round 1: Carol’s PLAYᶠ → PLAYS (18 → 10 points)"


def test_a_hand_and_foot_edit_lists_the_parts_that_changed(client):
    game = new_game(client, ruleset="hand-and-foot", names=("Ann", "Bo", "Cy", "Di"))
    # Ann & Cy: books 800, meld 8 aces 160 + 6 kings 60 + a joker 50, out 100: 1170
    win = {"out": "0", "clean-0": "1", "dirty-0": "1", "meld-0-ace": "8", "meld-0-high": "6",
           "meld-0-joker": "1", "meld-1-low": "3"}
    assert client.post(f"{game}/rounds", data=win).status_code == 303
    client.post(f"{game}/rounds/1/edit", data={**win, "meld-0-ace": "9", "left-1-red3": "1"})
    assert history_entries(client, game)[1] == (
        "Edited round 1: Ann & Cy 1170 → 1190 (meld 270 → 290); Bo & Di 15 → −485 (left 0 → −500)")


# --- Point 5: times are <time> elements, in UTC until the phone's script converts them -----

def test_every_time_shown_is_a_time_element_saying_utc_without_javascript(app, client, game):
    from companion.extensions import db
    from companion.models import Game, Play
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    with app.app_context():
        db.session.get(Game, 1).created_at = datetime(2026, 11, 21, 20, 15, 42)
        db.session.get(Play, 1).created_at = datetime(2026, 11, 21, 20, 17, 5)
        db.session.commit()
    started = '<time datetime="2026-11-21T20:15:42Z">21 Nov 2026 20:15 UTC</time>'
    assert started in client.get("/").text
    history = client.get(f"{game}/history").text
    assert started in history  # "started ..." at the top
    assert '<time datetime="2026-11-21T20:17:05Z">21 Nov 2026 20:17 UTC</time>' in history
    # no time shown anywhere but in a <time>
    assert not re.search(r"\d:\d\d", re.sub(r"<time .*?</time>", "", history))


# --- Point 7: who dealt each round ---------------------------------------------------------

def test_each_foot_round_says_who_dealt_it_a_tie_for_lowest_deals_again(client):
    game = new_game(client, names=("Ann", "Bo", "Cy"), dealer=0)
    # Round 1 (Ann deals): Bo and Cy tie for the lowest (0): Ann deals again.
    client.post(f"{game}/rounds", data=round_form("JAZZY", "", "", out=0))
    # Round 2 (Ann again): Cy alone lowest: Bo, on Cy's right, deals round 3.
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    client.post(f"{game}/rounds", data=round_form("QUOTA", "JAZZY", "", out=1))
    page = client.get(game).text
    assert [round_header(page, n) for n in (1, 2, 3)] == [
        "1 edit dealt by Ann", "2 edit dealt by Ann", "3 edit dealt by Bo"]
    # Cy lowest again: Bo deals round 4
    assert "Round 4: Bo deals" in text(page)
    # A watcher sees the same
    watcher = client.application.test_client()
    watched = watcher.get(game).text
    assert [round_header(watched, n) for n in (1, 2, 3)] == [
        "1 dealt by Ann", "2 dealt by Ann", "3 dealt by Bo"]
    assert [r["dealer"] for r in client.get(f"{game}.json").json["rows"]] == [0, 0, 1]


def test_the_family_game_and_hand_and_foot_say_who_dealt_or_went_first(client):
    family = new_game(client, ruleset="family", dealer=2)
    for _ in range(2):
        client.post(f"{family}/rounds", data={"winner": "1", "points-0": "5", "points-2": "4"})
    page = client.get(family).text
    assert [round_header(page, n) for n in (1, 2)] == ["1 edit dealt by Cy", "2 edit dealt by Ann"]
    # Hand and Foot has no dealer (each player takes 22 cards): who played first, by the sheet
    hf = new_game(client, ruleset="hand-and-foot", names=("Ann", "Bo", "Cy", "Di"), dealer=1)
    win = {"out": "0", "clean-0": "1", "dirty-0": "1", "meld-0-ace": "8", "meld-0-high": "6",
           "meld-0-joker": "1"}
    assert client.post(f"{hf}/rounds", data=win).status_code == 303
    assert client.post(f"{hf}/rounds", data=win).status_code == 303
    page = client.get(hf).text
    assert [round_header(page, n) for n in (1, 2)] == [
        "1 edit at 50 Bo went first", "2 edit at 90 Ann went first"]
    assert [r["starter"] for r in client.get(f"{hf}.json").json["rows"]] == [1, 0]


def test_zoot_poker_says_who_dealt_the_last_deal(client):
    game = new_game(client, ruleset="poker", names=("Ann", "Bo"), dealer=1)
    client.post(f"{game}/rounds", data={})
    client.post(f"{game}/plays/action", data={"action": "bet", "amount": "10"})  # Ann
    client.post(f"{game}/plays/action", data={"action": "fold"})  # Bo: Ann wins it unseen
    page = text(client.get(game).text)
    assert "Deal 1 Dealt by Bo." in page
    assert client.get(f"{game}.json").json["rows"][0]["dealer"] == 1
