"""Views dispatch on the game's ruleset: a game logged before settings existed keeps its
totals, a play nobody can read breaks no page, the standings as JSON, and a whole family game
through its forms."""

import json
import sqlite3

from flask_migrate import upgrade
from sqlalchemy import select

from companion import create_app
from companion.extensions import db
from companion.models import Game, Play
from tests.helpers import errors, new_game, text, totals

#: A FOOT! game as the app logged it before rulesets had settings (revision 5c0d7a1e9b42):
#: JAZZY out (81), QUOTA (26), no word; round 2 edited; Bo's QUOTA challenged and rejected;
#: a house rule; round 3 deleted and the delete undone; round 4 undone.
OLD_LOG = [
    ("round", {"words": ["JAZZY", "QUOTA", ""], "out": 0, "final": False}),
    ("round", {"words": ["FJORD", "", "OXBOW"], "out": 2, "final": False}),
    ("edit", {"round": 2, "words": ["FJORD", "", "OXBOW"], "out": 0, "final": False}),
    ("challenge", {"round": 1, "seat": 1, "challenger": 2, "verdict": "rejected",
                   "judge": {"verdict": "stands", "reason": "in the word list", "source": "SCOWL"}}),
    ("house-add", {"word": "BLORF", "definition": None}),
    ("round", {"words": ["", "XYLEM", "BRAVE"], "out": 1, "final": False}),
    ("void", {"play": 6, "reason": "delete"}),
    ("void", {"play": 7, "reason": "undo"}),
    ("round", {"words": ["QUOTA", "", ""], "out": 0, "final": True}),
    ("void", {"play": 9, "reason": "undo"}),
]


def test_a_game_logged_before_settings_keeps_its_standings(tmp_path):
    path = tmp_path / "old.db"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "x"})
    with app.app_context():
        upgrade(revision="5c0d7a1e9b42")
        db.engine.dispose()
    old = sqlite3.connect(path)
    old.execute("INSERT INTO game(id, ruleset, first_dealer, edit_token_hash, created_at) "
                "VALUES (1, 'foot', 0, 'x', '2026-11-20 20:00:00')")
    old.executemany("INSERT INTO player(game_id, seat, name) VALUES (1, ?, ?)",
                    [(0, "Ann"), (1, "Bo"), (2, "Cy")])
    old.executemany("INSERT INTO play(game_id, kind, data, created_at) VALUES (1, ?, ?, '2026-11-20 20:01:00')",
                    [(kind, json.dumps(data)) for kind, data in OLD_LOG])
    old.commit()
    old.close()
    with app.app_context():
        upgrade()
        game = db.session.get(Game, 1)
        s = game.standings()
        # round 1: Ann's JAZZY out 71+10, Bo's QUOTA rejected (0), Cy gains its 26;
        # round 2 as edited: Ann's FJORD out 3+20+1+3+3+10 = 40, Cy's OXBOW 1+10+3+1+10 = 25;
        # round 3 (deleted, then the delete undone): Bo's XYLEM out 10+10+3+1+3+10 = 37,
        # Cy's BRAVE 3+3+1+10+1 = 18; round 4 undone.
        assert s.totals == (81 + 40, 0 + 37, 26 + 25 + 18)
        assert [r.number for r in s.rows] == [1, 2, 3] and not s.finished and s.unread == ()
        assert game.rule_settings == {} and game.rules.name == "FOOT!"
        db.engine.dispose()


def test_a_play_that_cannot_be_understood_never_breaks_a_page(app, client, game):
    client.post(f"{game}/rounds", data={"word-0": "JAZZY", "noword-1": "on", "noword-2": "on",
                                        "out": "0"})
    with app.app_context():  # written by a newer version, or damaged: unknown kind, missing field
        db.session.add_all([Play(game_id=1, kind="bet", data={"chips": 5}),
                            Play(game_id=1, kind="round", data={"words": ["QUOTA"]}),
                            Play(game_id=1, kind="void", data={})])
        db.session.commit()
    page = client.get(game)
    assert page.status_code == 200 and totals(page.text) == [81, 0, 0]
    assert "3 entries in this game’s log could not be read" in text(page.text)
    history = text(client.get(f"{game}/history").text)
    assert "An entry Companion cannot read (bet): left out of the scores" in history
    assert history.count("cannot read") == 3
    assert client.get(f"{game}.json").get_json()["unread_plays"] == [2, 3, 4]
    assert client.post(f"{game}/rounds", data={"word-0": "QUOTA", "noword-1": "on",
                                               "noword-2": "on", "out": "0"}).status_code == 303


def test_the_standings_as_json(client, game):
    client.post(f"{game}/rounds", data={"word-0": "JAZZY", "word-1": "QU?TA", "noword-2": "on",
                                        "out": "0", "final": "on"})
    standings = client.get(f"{game}.json").get_json()
    assert standings["ruleset"] == "foot" and standings["players"] == ["Ann", "Bo", "Cy"]
    assert standings["totals"] == {"Ann": 81, "Bo": 25, "Cy": 0}
    assert standings["finished"] and standings["winners"] == ["Ann"]
    assert standings["rows"][0]["words"] == ["JAZZY", "QU?TA", ""]
    assert client.get("/games/999.json").status_code == 404


def family(client, names=("Ann", "Bo", "Cy", "Di"), difficulty="adults") -> str:
    return new_game(client, names, "family", difficulty=difficulty)


def test_a_family_game_from_start_to_its_end(app, client):
    game = family(client)
    page = text(client.get(game).text)
    assert "Family word game Adults: words of 4+ letters" in page
    assert "Round 1: Ann deals, Bo plays first." in page
    # a round with typed points
    r = client.post(f"{game}/rounds", data={"winner": "1", "points-0": "23", "points-2": "40",
                                            "points-3": "7"})
    assert r.status_code == 303
    page = text(client.get(game).text)
    assert totals(client.get(game).text) == [23, 0, 40, 7]
    assert "Round 2: Bo deals, Cy plays first." in page and "Ann: 77 points from 100" in page
    # the table sets its card values, then counts cards
    values = {f"value-{c}": "2" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
    values.update({"value-Q": "10", "value-Z": "10", "value-J": "8", "value-X": "8"})
    values.update({f"value-{z}": "15" for z in ("WILD", "DISCARD", "REPLACE", "TWO_TURNS", "CHECK")})
    assert client.post(f"{game}/plays/card-values", data=values).status_code == 303
    r = client.post(f"{game}/rounds", data={"winner": "0", "cards-1": "QZ", "cards-2": "",
                                            "points-2": "4", "cards-3": "AB", "zap-3-WILD": "1"})
    assert r.status_code == 303, errors(r.text)
    assert totals(client.get(game).text) == [23, 20, 44, 26]
    # a challenge under the adults' rules: CATS is a plural, rejected by the judge
    page = client.get(f"{game}/challenge", query_string={"seat": "2", "word": "cats"}).text
    assert "not allowed" in text(page) and "takes it back and draws 2 cards" in text(page)
    client.post(f"{game}/challenge?seat=2&word=cats", data={"challenger": "0", "verdict": "rejected"})
    assert "Cy takes back CATS and draws 2 cards" in text(client.get(game).text)
    # a word worth 10+ stands: everyone else draws
    client.post(f"{game}/challenge?seat=1&word=jazz", data={"challenger": "3", "verdict": "stands"})
    assert "JAZZ stands, worth 30: every player but Bo draws a card." in text(client.get(game).text)
    # an edit, an undo
    r = client.post(f"{game}/rounds/3/edit", data={"winner": "0", "points-1": "20", "points-2": "4",  # play 3: round 2
                                                   "points-3": "6"})
    assert r.status_code == 303 and totals(client.get(game).text) == [23, 20, 44, 13]
    # the end: Cy passes 100
    client.post(f"{game}/rounds", data={"winner": "3", "points-0": "10", "points-1": "30",
                                        "points-2": "60"})
    page = text(client.get(game).text)
    assert "🏆 Di wins with the fewest points (13). Cy reached 100: loses." in page
    assert client.get(f"{game}.json").get_json()["losers"] == ["Cy"]
    refused = client.post(f"{game}/rounds", data={"winner": "0", "points-1": "1", "points-2": "1",
                                                  "points-3": "1"})
    assert refused.status_code == 303  # a finished game takes no more rounds
    assert "This game is over" in text(client.get(game).text)


def test_family_rounds_refuse_bad_input_and_save_nothing(app, client):
    game = family(client, names=("Ann", "Bo"))
    for form, message in [
        ({"points-0": "3", "points-1": "4"}, "Choose the one player who went out: they won the round."),
        ({"winner": "0", "winner-x": "1", "points-1": "999"},
         "Points left in a hand are a whole number from 0 to 200."),
        ({"winner": "0", "points-0": "5", "points-1": "4"}, "The round’s winner has no cards left: 0 points."),
        ({"winner": "0", "cards-1": "QZ"}, "Type the points: the table has not set card values."),
    ]:
        response = client.post(f"{game}/rounds", data=form)
        assert response.status_code == 422 and message in errors(response.text)
    refused = client.post(f"{game}/plays/card-values", data={"value-A": "60"})
    assert refused.status_code == 422
    assert "Give every card a value from 0 to 50: see the marked ones." in errors(refused.text)
    assert client.post(f"{game}/plays/no-such-kind", data={}).status_code == 404
    assert app.test_client().post(f"{game}/rounds", data={"winner": "0", "points-1": "4"}).status_code == 403
    with app.app_context():
        assert db.session.scalars(select(Play)).all() == []


def test_the_new_game_page_offers_every_game_and_its_settings(client):
    page = text(client.get("/games/new").text)
    for shown in ("FOOT!", "ZOOT!", "Family word game"):
        assert shown in page
    page = text(client.get("/games/new?game=family").text)
    for shown in ("Children: words of 3+ letters", "Adults: words of 4+ letters"):
        assert shown in page
    five = {"ruleset": "foot", "dealer": "0", **{f"name-{i}": f"P{i}" for i in range(5)}}
    assert "A game needs 2 to 4 players: type their names in seat order." in errors(
        client.post("/games/new", data=five).text)
    bad = {"ruleset": "family", "dealer": "0", "name-0": "A", "name-1": "B",
           "setting-difficulty": "experts"}
    assert "Choose difficulty." in errors(client.post("/games/new", data=bad).text)
    assert "No game in progress." in client.get("/").text
    assert new_game(client)  # FOOT! still starts as before


def test_each_games_help_prints_the_rules_figures(client):
    """The figures a game's help and labels quote (FOOT!'s going-out bonus, FEZ's all-flush
    bonus and turn timer, Hand and Foot's books and going out, the family game's cards drawn
    and losing total) read as the rules set them: the pages print the rules' constants."""
    foot = new_game(client)
    assert "The player who went out scores +10 and uses no wild." in text(client.get(foot).text)
    fez = new_game(client, ("Ann", "Bo"), "fez", timer=True)
    page = client.get(fez).text
    assert "this round were all flushes gains 30." in text(page)
    assert 'data-seconds="30"' in page and "Start a turn: 30 s" in text(page)
    assert "flushes gains 30." in text(client.get(f"{fez}/plays/round-end").text)
    assert "Nasty: a 30-second turn timer" in text(client.get("/games/new?game=fez").text)
    hf = new_game(client, ("Ann", "Bo", "Cy", "Di"), "hand-and-foot")
    page = text(client.get(hf).text)
    assert all(label in page for label in ("Went out (+100)", "Clean (500)", "Dirty (300)"))
    family = new_game(client, ("Ann", "Bo", "Cy"), "family")
    challenge = text(client.get(f"{family}/challenge?seat=1&word=cats").text)
    assert "Not allowed: Bo takes it back and draws 2 cards" in challenge
    assert "first to 100 loses" in text(client.get("/games/new").text)
