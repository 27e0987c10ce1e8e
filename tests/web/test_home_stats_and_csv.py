"""Home, stats and the CSV count a game as its table would:

1. A game's progress is said in its own unit: ZOOT! Poker counts the deals paid and says a
   deal under way is in play (not "1 round"); FEZ the rounds counted, and the one in play.
2. Stats count the games played: an unplayed rematch and an imported copy are not games
   played (the copy's original is counted where it was played).
3. An imported copy says so on home and on its page, with the game it was copied from.
4. The CSV gives each round's dealer, words and who went out or won, beside the scores and
   totals, and no cell a spreadsheet would run as a formula.
"""

from __future__ import annotations

import csv
import io
import json
import re

from tests.helpers import imported, new_game, post, round_form, text
from tests.web.evenings import foot_evening, hand_and_foot_evening, poker_evening


def home_lines(client) -> list[str]:
    return [text(li) for li in re.findall(r'<ul class="games">(.*?)</ul>', client.get("/").text, re.S)
            for li in re.findall(r"<li>(.*?)</li>", li, re.S)]


def stats_of(client) -> str:
    """The stats page from its first line (a flash message above it aside)."""
    shown = text(client.get("/stats").text)
    return shown[shown.index("Counted over"):]


def csv_of(client, url: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(client.get(f"{url}.csv").data.decode("utf-8-sig"))))


def test_home_says_a_poker_deal_in_play_and_deals_paid(client):
    url = new_game(client, ("Ann", "Bo"), "poker")
    post(client, f"{url}/rounds")  # deal 1: antes in, nobody has acted
    line = home_lines(client)[0]
    assert "ZOOT! Poker" in line and "0 deals · deal 1 in play" in line, line
    assert "1 round" not in line
    post(client, f"{url}/plays/action", action="bet", amount="10")
    post(client, f"{url}/plays/action", action="fold")  # nobody calls: won unseen
    line = home_lines(client)[0]
    assert "1 deal ·" in line and "in play" not in line, line
    post(client, f"{url}/rounds")  # deal 2
    assert "1 deal · deal 2 in play" in home_lines(client)[0]


def test_home_says_a_fez_round_in_play(client):
    url = new_game(client, ("Ann", "Bo"), "fez")
    post(client, f"{url}/rounds", seat="1", tiles="FEZ", colours="RRR", stars="", reads="")
    assert "0 rounds · round 1 in play" in home_lines(client)[0]


def test_stats_leave_out_an_unplayed_rematch_and_an_imported_copy(client):
    url = foot_evening(client)  # Ann, Bo, Cy: two rounds
    before = stats_of(client)
    assert "(1 game)" in before and "FOOT! 0 of 1 played" in before, before
    assert "(1 game)" in before
    # the same table plays again but has not played yet: no game played more
    post(client, f"{url}/rematch")
    assert stats_of(client) == before
    # an imported copy of the evening is the same game, not another one played
    copy = imported(client, client.get(f"{url}/export.json").data)
    assert copy.status_code == 303
    assert stats_of(client) == before
    # a game with something played counts
    other = new_game(client, ("Ann", "Bo"))
    post(client, f"{other}/rounds", **round_form("JAZZY", "QUOTA", out=0))
    assert "(2 games)" in stats_of(client)


def test_an_imported_copy_is_marked_on_home_and_on_its_page(client):
    url = foot_evening(client)
    original = url.rsplit("/", 1)[1]
    copy = imported(client, client.get(f"{url}/export.json").data).location
    lines = home_lines(client)
    assert "imported copy" in lines[0] and "imported" not in lines[1], lines
    page = text(client.get(copy).text)
    assert f"An imported copy of game {original}, imported" in page
    assert "imported copy" not in text(client.get(url).text)
    # a file from before exports named their game: still marked, without the game
    export = client.get(f"{url}/export.json").get_json()
    del export["game"]
    older = imported(client, json.dumps(export).encode()).location
    assert "An imported copy, imported" in text(client.get(older).text)


def test_the_csv_has_dealers_words_and_who_went_out_or_won(client):
    poker = poker_evening(client)
    rows = csv_of(client, poker)
    assert rows[0] == ["Deal", "Dealer", "Ann words", "Ann score", "Ann total", "Bo words",
                       "Bo score", "Bo total", "Cy words", "Cy score", "Cy total", "Won"]
    assert rows[1][:3] == ["1", "Ann", "JAZZIER"] and rows[1][-1] == "Ann"
    hf = hand_and_foot_evening(client)
    rows = csv_of(client, hf)
    assert rows[0][:2] == ["Round", "Plays first"] and rows[0][-1] == "Went out"
    assert "Ann & Cy words" not in rows[0]  # Hand and Foot has no words
    assert rows[1][1] == "Bo" and rows[1][-1] == "Ann & Cy"
    fez = new_game(client, ("Ann", "Bo"), "fez")
    post(client, f"{fez}/rounds", seat="1", tiles="FEZ", colours="RRR", stars="", reads="")
    rows = csv_of(client, fez)
    assert rows[0] == ["Round", "Dealer", "Ann words", "Ann score", "Ann total", "Bo words",
                       "Bo score", "Bo total", "Went out"]
    assert rows[1][:2] == ["1", "Ann"] and rows[1][5].startswith("FEZ") and rows[1][-1] == ""
    # a name that reads as a formula is text wherever it stands
    foot = new_game(client, ("-2+3", "@SUM(A1)"))
    post(client, f"{foot}/rounds", **round_form("JAZZY", "QUOTA", out=1))
    rows = csv_of(client, foot)
    assert rows[0][2] == "'-2+3 words" and rows[0][5] == "'@SUM(A1) words"
    assert rows[1][1] == "'-2+3" and rows[1][-1] == "'@SUM(A1)"
    assert not [cell for row in rows for cell in row if cell[:1] in "=+@" or
                (cell[:1] == "-" and not cell[1:].isdigit())]
