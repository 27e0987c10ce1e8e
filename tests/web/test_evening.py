"""The evening at a glance: the score chart, the players' stats, a game as CSV and as JSON, a
JSON export imported as a new game, a rematch, and a backup of the whole database.

Card values (foot.txt): vowels 1, VWXY 10, JQZ 20, other consonants 3, the wild 0; +10 to
who went out. Every expected number is worked out by hand in the comments."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
import threading
import xml.etree.ElementTree as ET

import pytest
from sqlalchemy import select

from companion.exports import MAX_PLAYS
from companion.extensions import db
from companion.models import Game, Play
from companion.registry import RULESETS
from companion.rules.log import renumber
from companion.stats import player_stats
from tests.helpers import (challenge, errors, game_row, imported, new_game, play_ids, post,
                           public_id, round_form, row_counts, text, totals)
from tests.web.evenings import (family_evening, fez_evening, foot_evening, foot_with_everything,
                                hand_and_foot_evening, poker_evening)


def chart(html: str) -> dict[str, list[float]] | None:
    """The chart on a page: each line's label -> the totals its points stand for, read back
    through the value axis (its grid lines and their numbers)."""
    found = re.search(r'<svg class="chart".*?</svg>', html, re.S)
    if not found:
        return None
    svg = ET.fromstring(found.group(0))
    axis = next(g for g in svg.iter("g") if g.get("class") == "axis")
    lines = [e for e in axis if e.tag == "line"]
    numbers = [e for e in axis if e.tag == "text" and e.get("class") == "value"]
    ticks = [(float(line.get("y1")), int(t.text.replace("−", "-"))) for line, t in zip(lines, numbers)]
    assert any(v == 0 and "zero" in line.get("class") for line, (_, v) in zip(lines, ticks))
    assert all(v % 5 == 0 or abs(v) < 5 for _, v in ticks)  # round numbers
    (y0, v0), (y1, v1) = ticks[0], ticks[-1]

    def value(y: float) -> float:
        return v0 + (y - y0) * (v1 - v0) / (y1 - y0)

    series = {}
    for g in svg.iter("g"):
        if "series" in (g.get("class") or "").split():
            points = [p.split(",") for p in g.find("polyline").get("points").split()]
            xs = [float(x) for x, _ in points]
            assert xs == sorted(xs) and len(set(xs)) == len(xs)  # one point per round, in order
            series[g.find("text").text] = [value(float(y)) for _, y in points]
    return series


def near(drawn: list[float], totals: list[int], span: float) -> bool:
    return len(drawn) == len(totals) and all(abs(d - t) <= span / 500 for d, t in zip(drawn, totals))


# --- The score chart ------------------------------------------------------------------------


def test_the_chart_draws_each_players_total_after_each_round(client):
    url = new_game(client)
    assert chart(client.get(url).text) is None  # no rounds yet: no chart
    url = foot_evening(client)
    page = client.get(url).text
    assert totals(page) == [106, 26, 25]
    drawn = chart(page)
    assert list(drawn) == ["Ann", "Bo", "Cy"]  # each line labelled with its player's name
    # the start, after round 1, after round 2 (the axis: 0 to 125 by 25)
    assert near(drawn["Ann"], [0, 81, 106], 125)
    assert near(drawn["Bo"], [0, 26, 26], 125)
    assert near(drawn["Cy"], [0, 0, 25], 125)
    svg = re.search(r'<svg class="chart".*?</svg>', page, re.S).group(0)
    assert 'viewBox="0 0 340 190"' in svg and 'role="img"' in svg and "style=" not in svg
    assert "<title id=\"chart-title\">Totals after each of 2 rounds: Ann 106, Bo 26, Cy 25.</title>" in svg
    assert [f"series-{i}" in svg for i in range(3)] == [True] * 3
    assert "Totals round by round" in text(page)


def test_the_chart_is_in_the_region_every_phone_refreshes(app, client):
    url = foot_evening(client)
    watcher = app.test_client()
    region = watcher.get(url, headers={"HX-Request": "true"}).text
    assert near(chart(region)["Ann"], [0, 81, 106], 125)  # the refresh brings the chart
    assert 'id="live"' in region and "Rematch" not in region


def test_the_chart_of_hand_and_foot_draws_teams_and_of_poker_chips(client):
    url = new_game(client, ("Ann", "Bo", "Cy", "Di"), "hand-and-foot", dealer=1)
    win = {"clean-0": "1", "dirty-0": "1", "meld-0-ace": "8", "meld-0-high": "6",
           "meld-0-joker": "1", "out": "0"}
    # Ann & Cy: books 500 + 300, meld 8×20 + 6×10 + 50 = 270, out 100: 1170; Bo & Di: 0
    post(client, f"{url}/rounds", **win)
    # round 2: Bo & Di meld three 4s (15) and hold a red 3 (−500): −485
    post(client, f"{url}/rounds", **win, **{"meld-1-low": "3", "left-1-red3": "1"})
    drawn = chart(client.get(url).text)
    assert list(drawn) == ["Ann & Cy", "Bo & Di"]
    assert near(drawn["Ann & Cy"], [0, 1170, 2340], 3000)
    assert near(drawn["Bo & Di"], [0, 0, -485], 3000)

    url = new_game(client, ("Ann", "Bo"), "poker", ante=5, buy_in=100)
    post(client, f"{url}/rounds")  # deal 1: antes 5 each
    post(client, f"{url}/plays/action", action="bet", amount="20")  # Bo
    post(client, f"{url}/plays/action", action="fold")  # Ann folds: Bo wins the antes
    post(client, f"{url}/rounds")  # deal 2 under way: not drawn until it is paid
    page = client.get(url).text
    drawn = chart(page)
    assert near(drawn["Ann"], [100, 95], 100) and near(drawn["Bo"], [100, 105], 100)
    assert "Totals deal by deal" in text(page)


# --- Progress and words, rule by rule ------------------------------------------------------


def test_every_ruleset_reports_its_progress_and_words():
    from companion.rules.log import Play as P

    foot = RULESETS["foot"]
    plays = [P(1, "round", {"words": ["JAZZY", "QUOTA"], "out": 0}),
             P(2, "round", {"words": ["", "WAXEB"], "out": 1}),
             P(3, "challenge", {"round": 2, "seat": 1, "challenger": 0, "verdict": "rejected"})]
    standings = foot.standings({}, 2, 0, plays)
    # round 2: WAXEB 25 + 10 rejected: Bo 0, Ann +25
    assert foot.progress({}, 2, standings) == ((0, 0), [(81, 26), (106, 26)])
    assert foot.words_laid(standings) == [(0, "JAZZY", 71), (1, "QUOTA", 26)]

    family = RULESETS["family"]
    settings = family.settings_of({})
    standings = family.standings(settings, 3, 0, [
        P(1, "round", {"winner": 0, "points": [0, 12, 30]}),
        P(2, "round", {"winner": 1, "points": [5, 0, 7]})])
    assert family.progress(settings, 3, standings) == ((0, 0, 0), [(0, 12, 30), (5, 12, 37)])
    assert family.words_laid(standings) == []

    fez = RULESETS["fez"]
    settings = fez.settings_of({})
    standings = fez.standings(settings, 2, 0, [
        P(1, "word", {"seat": 0, "tiles": "PLACING", "colours": "RRRRRRR"}),  # (12+50)×2 = 124
        P(2, "word", {"seat": 1, "tiles": "QWXZ", "colours": "RRRR"}),
        P(3, "challenge", {"play": 2, "challenger": 0, "verdict": "rejected"}),
        P(4, "round-end", {"hands": [3, 0], "out": 1}),  # Ann −3, +30 all flush: 151
        P(5, "word", {"seat": 1, "tiles": "FIN", "colours": "RBR", "stars": "B"})])  # 6×2 = 12
    assert fez.progress(settings, 2, standings) == ((0, 0), [(151, 0), (151, 12)])
    assert fez.words_laid(standings) == [(0, "PLACING⁷ᶠ", 124), (1, "★FIN", 12)]

    poker = RULESETS["poker"]
    settings = poker.settings_of({"buy_in": 100, "ante": 5, "length": 7})
    standings = poker.standings(settings, 2, 0, [  # antes of 5; Bo bets 20, Ann calls
        P(1, "deal", {}), P(2, "action", {"deal": 1, "seat": 1, "action": "bet", "amount": 20}),
        P(3, "action", {"deal": 1, "seat": 0, "action": "call"}),
        P(4, "action", {"deal": 1, "seat": 1, "action": "check"}),
        P(5, "action", {"deal": 1, "seat": 0, "action": "check"}),
        P(6, "showdown", {"deal": 1, "words": ["JAZZIER", "QUIZ"]}),  # Ann takes the 50
        P(7, "deal", {})])  # under way: left out
    assert poker.progress(settings, 2, standings) == ((100, 100), [(125, 75)])
    assert poker.words_laid(standings) == [(0, "JAZZIER", 66)]  # QUIZ: the wrong length

    hf = RULESETS["hand-and-foot"]
    settings = hf.settings_of({})
    standings = hf.standings(settings, 4, 0, [P(1, "round", {"teams": [
        {"clean": 1, "dirty": 1, "meld_total": 100}, {"meld_total": 40, "left_total": 60}],
        "out": 0})])
    assert hf.progress(settings, 4, standings) == ((0, 0), [(1000, -20)])
    assert hf.side_seats(4, standings) == [(0, 2), (1, 3)] and hf.words_laid(standings) == []


# --- Players' stats ---------------------------------------------------------------------------


def test_stats_count_the_games_this_phone_knows(app, client):
    # G1: FOOT! Ann, Bo, Cy: 106, 26, 25 after two rounds (foot_evening), then a final round:
    g1 = foot_evening(client)
    # round 3 (final): Ann QUOTA 26 + 10 out, Bo and Cy no word: 142, 26, 25: Ann wins
    post(client, f"{g1}/rounds", **round_form("QUOTA", "", "", out=0, final=True))
    # G2: FOOT! "ann" and Bo: JAZZY (ann, out) 81, QUOTA 26, final: ann wins
    g2 = new_game(client, names=("ann", "Bo"))
    post(client, f"{g2}/rounds", **round_form("JAZZY", "QUOTA", out=0, final=True))
    # G3: FOOT! Ann and Bo: QUOTA 26, JAZZY (Bo, out) 81, final: Bo wins
    g3 = new_game(client, names=("Ann", "Bo"))
    post(client, f"{g3}/rounds", **round_form("QUOTA", "JAZZY", out=1, final=True))
    # G4: Hand and Foot, teams Ann & Cy, Bo & Di, one round: 1170 and 0, not finished
    g4 = new_game(client, ("Ann", "Bo", "Cy", "Di"), "hand-and-foot", dealer=1)
    post(client, f"{g4}/rounds", **{"clean-0": "1", "dirty-0": "1", "meld-0-ace": "8",
                                    "meld-0-high": "6", "meld-0-joker": "1", "out": "0"})
    # another phone's game, where Ann wins: not this phone's, not counted here
    other = app.test_client()
    g5 = new_game(other, names=("Ann", "Zed"))
    post(other, f"{g5}/rounds", **round_form("JAZZY", "QUOTA", out=0, final=True))

    page = client.get("/stats")
    assert page.status_code == 200
    shown = text(page.text)
    assert "Counted over the games this phone started or opened (4 games)" in shown
    with app.app_context():
        games = db.session.scalars(select(Game).where(Game.id.in_(
            [game_row(app, u) for u in (g1, g2, g3, g4)]))).all()
        stats = {p.name: p for p in player_stats((g, g.standings()) for g in games)}
    assert list(stats) == ["Ann", "Bo", "Cy", "Di"]  # ann and Ann: one player, as last typed
    ann, bo, cy, di = (stats[n] for n in ("Ann", "Bo", "Cy", "Di"))
    # Ann's FOOT! rounds: G1 81, 25, 36; G2 81; G3 26: 249 over 5 rounds; won G1 and G2
    assert (ann.games["foot"].played, ann.games["foot"].won) == (3, 2)
    assert ann.games["foot"].average == pytest.approx(249 / 5)
    assert ann.games["foot"].best == (71, "JAZZY")  # JAZZY 71 > QUOTA 26 > QUI?K 25
    # Hand and Foot: Ann's team's round counts for her: 1170 in 1 round
    assert (ann.games["hand-and-foot"].played, ann.games["hand-and-foot"].won) == (1, 0)
    assert ann.games["hand-and-foot"].average == 1170 and ann.games["hand-and-foot"].best is None
    # Bo's FOOT!: G1 26, 0 (WAXEB rejected), 0; G2 26; G3 81: 133 over 5; best JAZZY (G3)
    assert (bo.games["foot"].played, bo.games["foot"].won) == (3, 1)
    assert bo.games["foot"].average == pytest.approx(133 / 5) and bo.games["foot"].best == (71, "JAZZY")
    # Cy: G1 0, 25 (the challenge), 0: 25 over 3; no word laid
    assert cy.games["foot"].average == pytest.approx(25 / 3) and cy.games["foot"].best is None
    assert di.games["hand-and-foot"].average == 0 and "foot" not in di.games
    # streaks, in the order the games were started: Ann won G1 and G2, lost G3: 2; Bo lost
    # G1 and G2, won G3: 1; Cy lost G1: 0 (G4 is not finished: it neither counts nor breaks)
    assert (ann.streak, bo.streak, cy.streak, di.streak) == (2, 1, 0, 0)
    assert "Ann Longest winning streak: 2 games in a row" in shown
    assert "FOOT! 2 of 3 played 49.8 JAZZY 71 points" in shown
    assert "Hand and Foot 0 of 1 played 1170 —" in shown
    # a streak is two wins in a row or more: Bo's 1 and Cy's 0 are not spoken of
    assert "Bo Longest" not in shown and "Cy Longest" not in shown and "streak: 0" not in shown
    assert "Zed" not in shown
    # the other phone sees only its own game
    theirs = text(other.get("/stats").text)
    assert "(1 game)" in theirs and "Zed" in theirs and "Cy" not in theirs
    assert "No games on this phone yet" in text(app.test_client().get("/stats").text)
    assert 'href="/stats"' in client.get("/").text


def test_stats_best_words_of_fez_and_poker(app, client):
    url = new_game(client, ("Ann", "Bo"), "fez")
    post(client, f"{url}/rounds", seat="0", tiles="PLACING", colours="RRRRRRR")  # 124
    post(client, f"{url}/rounds", seat="1", tiles="FIN", colours="RBR", stars="B")  # ★FIN 12
    post(client, f"{url}/rounds", seat="1", tiles="QWXZ", colours="RRRR")  # 34, to be rejected
    challenge(client, url, f"play={play_ids(app, url)[-1]}", 0, "rejected")
    url = new_game(client, ("Ann", "Bo"), "poker", ante=0, buy_in=100)
    post(client, f"{url}/rounds")
    post(client, f"{url}/plays/action", action="all-in")  # Bo
    post(client, f"{url}/plays/action", action="call")  # Ann
    post(client, f"{url}/plays/showdown", **{"word-0": "ZOMBIES", "word-1": "JAZZIER"})
    # ZOMBIES 20+1+3+3+1+1+3 = 32; JAZZIER 20+1+20+20+1+1+3 = 66: Bo takes 200
    shown = text(client.get("/stats").text)
    assert "FEZ 0 of 1 played 124 PLACING⁷ᶠ 124 points" in shown  # Ann: one round, 124
    assert "FEZ 0 of 1 played 12 ★FIN 12 points" in shown  # Bo: QWXZ rejected
    assert "ZOOT! Poker 0 of 1 played −100 ZOMBIES 32 points" in shown
    assert "ZOOT! Poker 1 of 1 played 100 JAZZIER 66 points" in shown


# --- CSV ------------------------------------------------------------------------------------------


def test_the_csv_lists_each_round_and_running_total(client):
    url = foot_evening(client)
    response = client.get(f"{url}.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"] == f"attachment; filename=FOOT-game-{public_id(url)}.csv"
    rows = list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))
    assert rows == [["Round", "Dealer", "Ann words", "Ann score", "Ann total", "Bo words", "Bo score",
                     "Bo total", "Cy words", "Cy score", "Cy total", "Went out"],
                    ["1", "Ann", "JAZZY", "81", "81", "QUOTA", "26", "26", "", "0", "0", "Ann"],
                    ["2", "Bo", "QUI?K", "25", "106", "WAXEB", "0", "26", "", "25", "25", "Bo"]]
    # anyone with the address, like the JSON; a name that looks like a formula stays text
    url = new_game(client, names=("=1+1", "Bo"))
    post(client, f"{url}/rounds", **round_form("JAZZY", "QUOTA", out=0))
    rows = list(csv.reader(io.StringIO(client.application.test_client().get(f"{url}.csv")
                                       .data.decode("utf-8-sig"))))
    assert rows[0][2:5] == ["'=1+1 words", "'=1+1 score", "'=1+1 total"]
    assert rows[1][1] == rows[1][-1] == "'=1+1"  # as dealer and as who went out
    assert client.get("/games/999.csv").status_code == 404


# --- Export and import ------------------------------------------------------------------------


def comparable(client, url) -> tuple[dict, list[str]]:
    """The game's standings as its JSON gives them, but for its id and the ids of unread
    plays; and its history in words, without the times."""
    standings = client.get(f"{url}.json").get_json()
    standings.pop("id")
    standings["unread_plays"] = len(standings["unread_plays"])
    page = re.sub(r"<time[^>]*>.*?</time>", "", client.get(f"{url}/history").text, flags=re.S)
    entries = re.search(r'<ol class="history">(.*?)</ol>', page, re.S).group(1)
    history = re.findall(r"<li(?:\s[^>]*)?>(.*?)</li>", entries, re.S)
    return standings, [text(h) for h in history]


@pytest.mark.parametrize("evening", ["foot", "family", "fez", "hand-and-foot", "poker"])
def test_an_exported_game_imports_with_the_same_standings(app, client, evening):
    url = {"foot": foot_with_everything, "family": family_evening,
           "fez": lambda c: fez_evening(app, c), "hand-and-foot": hand_and_foot_evening,
           "poker": poker_evening}[evening](client)
    response = client.get(f"{url}/export.json")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"].startswith("attachment; filename=")
    export = response.get_json()
    assert export["companion"] == 1 and export["ruleset"] == evening
    assert [p["id"] for p in export["plays"]] == play_ids(app, url)
    # the same server: other games' plays come in between, so every id changes
    new_game(client, names=("X", "Y"))
    # another phone imports it: it keeps the score of the copy
    phone = client.application.test_client()
    response = imported(phone, json.dumps(export).encode())
    assert response.status_code == 303, errors(response.text)
    copy = response.location
    assert copy != url
    original, restored = comparable(client, url), comparable(phone, copy)
    assert restored == original
    assert restored[0]["rows"] and restored[0]["unread_plays"] == 0
    assert len(play_ids(app, copy)) == len(export["plays"])
    assert set(play_ids(app, copy)).isdisjoint(play_ids(app, url))
    assert "You are watching" not in phone.get(copy).text  # the importing phone keeps score
    assert f'href="{copy}"' in phone.get("/").text
    assert chart(phone.get(copy).text) == chart(client.get(url).text)
    # exporting the copy gives the same file but for the ids
    again = phone.get(f"{copy}/export.json").get_json()
    strip = lambda e: [(p["kind"], p["created_at"]) for p in e["plays"]]  # noqa: E731
    assert strip(again) == strip(export) and again["players"] == export["players"]
    assert again["settings"] == export["settings"] and again["created_at"] == export["created_at"]


def test_renumbering_follows_every_reference_of_every_kind():
    new_ids = {5: 105, 6: 106, 7: 107}
    for ruleset in ("foot", "family", "fez", "hand-and-foot", "poker"):
        references = RULESETS[ruleset].play_references()
        assert renumber("void", {"play": 5, "reason": "undo"}, references, new_ids)["play"] == 105
        assert renumber("edit", {"round": 6, "words": []}, references, new_ids)["round"] == 106
    assert renumber("challenge", {"round": 7, "seat": 1}, RULESETS["foot"].play_references(),
                    new_ids) == {"round": 107, "seat": 1}
    fez = RULESETS["fez"].play_references()
    assert renumber("layoff", {"onto": 5, "seat": 0}, fez, new_ids)["onto"] == 105
    assert renumber("challenge", {"play": 6}, fez, new_ids)["play"] == 106
    poker = RULESETS["poker"].play_references()
    for kind in ("action", "showdown", "challenge"):
        assert renumber(kind, {"deal": 7}, poker, new_ids)["deal"] == 107
    # a family challenge names a word, not a play: nothing to renumber
    assert renumber("challenge", {"seat": 1, "word": "CATS"}, RULESETS["family"].play_references(),
                    new_ids) == {"seat": 1, "word": "CATS"}
    with pytest.raises(KeyError):
        renumber("void", {"play": 8}, poker, new_ids)


def a_foot_export(client) -> dict:
    url = foot_evening(client)
    return client.get(f"{url}/export.json").get_json()


def deep(levels: int):
    value: object = 1
    for _ in range(levels):
        value = [value]
    return value


def bad_exports(good: dict) -> list[tuple[str, bytes, str]]:
    """(what, the file, the message it gets): each breaks one thing."""
    def variant(**changes) -> bytes:
        return json.dumps({**good, **changes}).encode()

    def with_play(index: int, **changes) -> bytes:
        plays = [dict(p) for p in good["plays"]]
        plays[index] = {**plays[index], **changes}
        return variant(plays=plays)

    round_play = good["plays"][0]
    challenge_play = next(p for p in good["plays"] if p["kind"] == "challenge")
    return [
        ("not JSON", b"Round 1: JAZZY 81", "The file is not JSON"),
        ("a list", b"[1, 2, 3]", "This is not a game exported by Companion."),
        ("not UTF-8", b'{"companion": 1, "players": ["\xff\xfe"]}', "The file is not UTF-8 text"),
        ("another format", variant(companion=2), "another version of Companion"),
        ("a format that is true", variant(companion=True), "This is not a game exported by Companion."),
        ("an unknown game", variant(ruleset="rummy"), "not one this server keeps score for"),
        ("no players", variant(players=[]), "are not a list of 2 to 8 names"),
        ("a name with a control character", variant(players=["Ann", "Bo\x07", "Cy"]),
         "Names cannot hold control characters."),
        ("two players of one name", variant(players=["Ann", "ANN", "Cy"]),
         "Two players have this name: tell them apart."),
        ("a name too long", variant(players=["Ann", "B" * 25, "Cy"]), "Keep names to 24 characters."),
        ("a name that is a number", variant(players=["Ann", 7, "Cy"]), "are not a list of 2 to 8 names"),
        ("too many players for the game", variant(players=[f"P{i}" for i in range(5)]),
         "A game needs 2 to 4 players"),
        ("a dealer who is not there", variant(first_dealer=3), "which player deals first"),
        ("a setting that is not a choice", {**good, "ruleset": "poker", "players": ["Ann", "Bo"],
                                            "settings": {"buy_in": 123}, "plays": []},
         "Choose chips each."),
        ("too many plays", variant(plays=[round_play] * (MAX_PLAYS + 1)), "at most 10,000"),
        ("a play of another game", with_play(0, kind="deal"), "is not a FOOT! play"),
        ("a play that makes no sense", with_play(0, data={"words": ["JAZZY"], "out": 9}),
         "is not a FOOT! play"),
        ("a play without an id", with_play(0, id="one"), "is not a play"),
        ("plays out of order", with_play(1, id=good["plays"][0]["id"]), "id out of order"),
        ("a reference to a missing play", variant(plays=good["plays"] + [
            {**challenge_play, "id": 10 ** 6, "data": {**challenge_play["data"], "round": 999_999}}]),
         "refers to play 999999, which is not an earlier play"),
        ("a reference to a later play", variant(plays=[
            {"id": 1, "kind": "void", "data": {"play": 2, "reason": "undo"}},
            {**round_play, "id": 2}]), "refers to play 2, which is not an earlier play"),
        ("a reference that is true", variant(plays=[
            {**round_play, "id": 1}, {"id": 2, "kind": "edit", "data": {**round_play["data"], "round": True}}]),
         "refers to play True"),
        ("a huge number", with_play(0, data={**round_play["data"], "out": 10 ** 30}),
         "a number too large for a game"),
        ("a number of 5,000 digits", b'{"companion": 1, "x": ' + b"9" * 5000 + b"}",
         "a number too large for a game"),
        ("a number that is not whole", with_play(0, data={**round_play["data"], "out": 0.5}),
         "a number that is not whole"),
        ("NaN", b'{"companion": 1, "x": NaN}', "not a number a game can have"),
        ("deep nesting", variant(x=deep(50)), "nested too deeply"),
        ("very deep nesting", b"[" * 200_000 + b"]" * 200_000, "nested too deeply"),
        ("a time that is not one", with_play(0, created_at="yesterday"), "is not a date and time"),
        ("a time past the year 9999 in UTC", variant(created_at="9999-12-31T23:59:59-14:00"),
         "is not a date and time"),
    ]


def test_bad_files_are_refused_with_a_reason_and_nothing_saved(app, client):
    good = a_foot_export(client)
    phone = app.test_client()
    before = row_counts(app)
    for what, export, message in bad_exports(good):
        body = export if isinstance(export, bytes) else json.dumps(export).encode()
        response = imported(phone, body)
        assert response.status_code == 422, (what, response.status_code)
        assert any(message in e for e in errors(response.text)), (what, errors(response.text))
        assert row_counts(app) == before, what
    # no file at all, or one that is not a file field
    assert imported(phone, b"", name="").status_code == 422
    assert phone.post("/games/import", data={"file": json.dumps(good)}).status_code == 422
    assert phone.post("/games/import", json=good).status_code == 422
    # a body over the limit is refused before it is read
    huge = phone.post("/games/import", data={"file": (io.BytesIO(b" " * (3 * 1024 * 1024)), "big.json")},
                      content_type="multipart/form-data")
    assert huge.status_code == 413 and "That upload is too large." in huge.text
    assert row_counts(app) == before
    assert "No game in progress." in phone.get("/").text
    # the good one, for contrast
    assert imported(phone, json.dumps(good).encode()).status_code == 303


def test_the_import_page_is_linked_from_home_and_needs_its_csrf_token(app, client):
    page = client.get("/games/import")
    assert page.status_code == 200 and 'type="file"' in page.text and 'name="csrf_token"' in page.text
    assert 'href="/games/import"' in client.get("/").text
    good = a_foot_export(client)
    app.config["WTF_CSRF_ENABLED"] = True
    before = row_counts(app)
    assert imported(app.test_client(), json.dumps(good).encode()).status_code == 400
    assert row_counts(app) == before


def test_a_house_list_of_another_server_is_not_this_servers_list(app, client):
    good = a_foot_export(client)
    plays = good["plays"] + [{"id": 10 ** 5, "kind": "house-list",
                              "data": {"list": 1, "name": "Collins", "list_only": True}}]
    response = imported(client, json.dumps({**good, "plays": plays}).encode())
    assert response.status_code == 303
    with app.app_context():
        data = db.session.scalars(select(Play.data).where(
            Play.game_id == game_row(app, response.location), Play.kind == "house-list")).one()
    assert data == {"list": None, "name": None, "list_only": True}


# --- Rematch ----------------------------------------------------------------------------------


def test_a_rematch_starts_the_same_game_with_the_next_dealer(app, client):
    url = new_game(client, ("Ann", "Bo", "Cy"), "poker", dealer=2, buy_in=500, ante=10)
    assert "Rematch" not in client.get(url).text  # not before the game is over
    post(client, f"{url}/plays/game-end")
    page = client.get(url).text
    assert "Rematch" in page and "Ann deals first." in text(page)  # (2 + 1) % 3 = 0
    assert "Rematch" not in app.test_client().get(url).text  # a watcher has no button
    # another phone may not start it
    before = row_counts(app)
    assert app.test_client().post(f"{url}/rematch").status_code == 403
    assert client.post("/games/999/rematch").status_code == 404
    assert client.get(f"{url}/rematch").status_code in (302, 303, 405)
    assert row_counts(app) == before
    again = post(client, f"{url}/rematch").location
    assert again != url
    with app.app_context():
        old, new = db.session.get(Game, game_row(app, url)), db.session.get(Game, game_row(app, again))
        assert (new.ruleset, new.names, new.rule_settings) == (old.ruleset, old.names, old.rule_settings)
        assert new.first_dealer == 0 and new.plays == []
    page = client.get(again).text
    assert "You are watching" not in page and totals(page) == [500, 500, 500]
    assert f'href="{again}"' in client.get("/").text


def second_scorekeeper(app, client, url):
    """Another phone that keeps score too (a hand-over that kept the first phone)."""
    client.post(f"{url}/handover", data={"keep": "both"})
    code = re.search(r'class="code">([A-Z0-9]{4}-[A-Z0-9]{4})<',
                     client.get(f"{url}/handover").text).group(1).replace("-", "")
    other = app.test_client()
    post(other, f"{url}/take/{code}")
    return other


def test_rematch_tapped_twice_or_on_both_phones_opens_one_new_game(app, client):
    url = new_game(client, ("Ann", "Bo", "Cy"), "poker", dealer=2, buy_in=500, ante=10)
    other = second_scorekeeper(app, client, url)
    post(client, f"{url}/plays/game-end")
    games = row_counts(app)["game"]
    first = post(client, f"{url}/rematch").location
    again = post(client, f"{url}/rematch").location  # the second tap
    from_other = post(other, f"{url}/rematch").location  # the other phone's stale page
    assert first == again == from_other != url
    assert row_counts(app)["game"] == games + 1
    # Both phones keep the rematch's score, as they kept the first game's.
    for phone in (client, other):
        assert "You are watching" not in phone.get(first).text
    assert app.test_client().post(f"{url}/rematch").status_code == 403
    # Undo on the old game takes back its last entry, not the rematch.
    assert "Undo" in client.get(url).text and "The scorekeeper ended the game" in text(client.get(url).text)
    # The rematch is in the old game's history; the old game's scores are unchanged.
    assert "Rematch: the table plays again" in client.get(f"{url}/history").text
    assert "could not be read" not in client.get(url).text


def test_watchers_are_offered_to_follow_the_rematch(app, client):
    url = new_game(client, ("Ann", "Bo", "Cy"), "foot")
    watcher = app.test_client()
    assert "Follow the rematch" not in watcher.get(url).text
    post(client, f"{url}/rounds", **round_form("JAZZY", "QUOTA", "", out=0, final=True))
    assert "Follow the rematch" not in watcher.get(url).text
    rematch = post(client, f"{url}/rematch").location
    region = watcher.get(url, headers={"HX-Request": "true"}).text  # what a live phone asks
    assert f'href="{rematch}"' in region and "Follow the rematch" in region
    assert "Open the rematch" in client.get(url).text  # the scorekeeper's phone opens it
    assert "Rematch" not in watcher.get(rematch).text  # the new game: no rematch yet


def test_an_imported_game_has_no_rematch_of_its_own(app, client):
    url = new_game(client, ("Ann", "Bo", "Cy"), "poker", buy_in=500, ante=10)
    post(client, f"{url}/plays/game-end")
    post(client, f"{url}/rematch")
    export = client.get(f"{url}/export.json").data
    assert b'"rematch"' in export
    copy = imported(client, export).location
    assert "Follow the rematch" not in client.get(copy).text
    assert "Open the rematch" not in client.get(copy).text and "Rematch" in client.get(copy).text


# --- Backup -------------------------------------------------------------------------------------


def backup_while_writing(app, connect, insert, copy) -> tuple[int, str]:
    """`flask backup copy` while another connection (`connect()`, as a context manager)
    keeps saving plays with `insert(connection)`, begun 20 plays before: how many plays it
    wrote in all, and what the command printed."""
    stop = threading.Event()
    written: list = []

    def scorekeeper():  # another process's writes, through the database itself, all the while
        with connect() as writer:
            while not stop.is_set():
                insert(writer)
                written.append(1)

    thread = threading.Thread(target=scorekeeper)
    thread.start()
    try:
        while len(written) < 20:
            stop.wait(0.01)
        result = app.test_cli_runner().invoke(args=["backup", str(copy)])
        assert result.exit_code == 0, result.output
        assert "Backed up the database" in result.output
    finally:
        stop.set()
        thread.join()
    return len(written), result.output


@pytest.mark.databases("sqlite")
def test_backup_copies_the_database_while_a_game_is_being_written(app, client, tmp_path):
    url = foot_evening(client)
    source = app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///")
    row = game_row(app, url)

    def insert(writer):
        writer.execute("INSERT INTO play (game_id, kind, data, created_at) "
                       "VALUES (?, 'house-add', '{\"word\": \"ZYZZY\"}', '2026-01-01')", (row,))
        writer.commit()

    copy = tmp_path / "backup.db"
    written, output = backup_while_writing(
        app, lambda: sqlite3.connect(source, timeout=30), insert, copy)
    assert "1 game" in output
    runner = app.test_cli_runner()
    with sqlite3.connect(copy) as backup:
        assert backup.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert backup.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert backup.execute("SELECT count(*) FROM game").fetchone() == (1,)
        names = [n for (n,) in backup.execute("SELECT name FROM player ORDER BY seat")]
        plays = backup.execute("SELECT count(*) FROM play").fetchone()[0]
    assert names == ["Ann", "Bo", "Cy"]
    assert 3 + 20 <= plays <= 3 + written  # a moment of the writes, whole
    # an existing file is kept unless --force
    refused = runner.invoke(args=["backup", str(copy)])
    assert refused.exit_code != 0 and "exists" in refused.output
    assert runner.invoke(args=["backup", "--force", str(copy)]).exit_code == 0
    assert not list(tmp_path.glob(".backup.db.*"))  # no half-written file left behind


@pytest.mark.databases("postgresql")
def test_backup_dumps_postgresql_while_a_game_is_being_written(app, client, tmp_path, postgres):
    """`flask backup` on PostgreSQL: pg_dump's one snapshot, while another connection keeps
    writing; restored with pg_restore into an empty database, it holds the game whole."""
    import subprocess

    import psycopg
    from sqlalchemy.engine import make_url

    url = foot_evening(client)
    row = game_row(app, url)
    database = make_url(app.config["SQLALCHEMY_DATABASE_URI"]).database

    def insert(writer):
        writer.execute("INSERT INTO play (game_id, kind, data, created_at) VALUES "
                       "(%s, 'house-add', '{\"word\": \"ZYZZY\"}', now())", (row,))

    copy = tmp_path / "backup.dump"
    written, output = backup_while_writing(app, lambda: psycopg.connect(
        f"dbname={database} user=companion host={postgres.folder}", autocommit=True),
        insert, copy)
    assert "pg_restore" in output
    postgres.execute("CREATE DATABASE restored")
    subprocess.run(["pg_restore", "--no-owner", "--host", str(postgres.folder), "--username",
                    "companion", "--dbname", "restored", str(copy)], check=True)
    with psycopg.connect(f"dbname=restored user=companion host={postgres.folder}") as restored:
        assert restored.execute("SELECT count(*) FROM game").fetchone() == (1,)
        names = [n for (n,) in restored.execute("SELECT name FROM player ORDER BY seat")]
        plays = restored.execute("SELECT count(*) FROM play").fetchone()[0]
    postgres.execute("DROP DATABASE restored WITH (FORCE)")
    assert names == ["Ann", "Bo", "Cy"]
    assert 3 + 20 <= plays <= 3 + written  # a moment of the writes, whole
