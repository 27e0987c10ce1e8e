"""Starting games, listing them, and who may change them."""

import hashlib
import re

from companion.extensions import db
from companion.models import Game
from tests.helpers import errors, game_row, new_game, round_form, text, totals


def test_home_lists_games_in_progress_and_finished(client):
    playing = new_game(client, names=("Ann", "Bo"))
    done = new_game(client, names=("Di", "Ed"))
    client.post(f"{done}/rounds", data=round_form("JAZZY", "QUOTA", out=0, final=True))
    page = client.get("/").text
    in_progress, finished = page.split("<h2>Finished</h2>")
    assert f'href="{playing}"' in in_progress and "Ann, Bo" in in_progress
    assert f'href="{done}"' in finished and "Di, Ed" in finished


def test_new_game_shows_seat_order_dealer_and_first_player(client):
    url = new_game(client, names=("Ann", "Bo", "Cy", "Di"), ruleset="zoot", dealer=3)
    page = client.get(url).text
    assert "ZOOT!" in page and "7 letters" in page
    assert "Round 1: Di deals, Ann plays first." in text(page)
    assert totals(page) == [0, 0, 0, 0]


def test_blank_rows_are_skipped_and_the_dealer_follows_the_name(client):
    url = new_game(client, names=("", "Ann", "", "Bo"), dealer=3)
    page = client.get(url).text
    assert "Bo deals" in text(page) and totals(page) == [0, 0]


def test_new_game_refuses_bad_forms_and_saves_nothing(client):
    cases = [
        ({"ruleset": "foot", "name-0": "Ann", "dealer": "0"},
         "A game needs 2 to 4 players: type their names in seat order."),
        ({"ruleset": "foot", "name-0": "Ann", "name-1": "x" * 10_000, "dealer": "0"},
         "Keep names to 24 characters."),
        ({"ruleset": "foot", "name-0": "Ann", "name-1": "ann", "dealer": "0"},
         "Two players have this name: tell them apart."),
        ({"ruleset": "foot", "name-0": "Ann", "name-1": "Bo\x07", "dealer": "0"},
         "Names cannot hold control characters."),
        ({"ruleset": "foot", "name-0": "Ann", "name-1": "Bo", "dealer": "2"},
         "Choose who deals first."),
        ({"ruleset": "rummy", "name-0": "Ann", "name-1": "Bo", "dealer": "0"},
         "Choose a game: FOOT!, ZOOT!, Family word game, FEZ, Hand and Foot, ZOOT! Poker."),
    ]
    for form, message in cases:
        response = client.post("/games/new", data=form)
        assert response.status_code == 422
        assert message in errors(response.text)
    assert "No game in progress." in client.get("/").text


def test_names_are_escaped(client):
    url = new_game(client, names=("<b>Ann</b>", "Bo"))
    for page in (client.get(url).text, client.get("/").text):
        assert "<b>Ann</b>" not in page
        assert "&lt;b&gt;Ann&lt;/b&gt;" in page


def test_unknown_game_is_a_404_with_a_way_home(client, game):
    unknown = "/games/" + "a" * 12
    for path in (unknown, f"{unknown}/history", f"{unknown}/rounds/1/edit", "/games/1/history",
                 game.upper(), game[:-1], game + "a"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "The game may not exist." in response.text and 'href="/"' in response.text
    assert client.post(f"{unknown}/rounds", data=round_form("JAZZY", "", out=0)).status_code == 404


def test_a_games_address_does_not_lead_to_the_others(app, client):
    """Game addresses are random: the next game's is not the last one's plus one, and a
    stranger's phone cannot reach a game by its row number (/games/1)."""
    addresses = [new_game(client) for _ in range(5)]
    assert len({a.rsplit("/", 1)[1] for a in addresses}) == 5
    assert all(re.fullmatch(r"/games/[a-z2-9]{12}", a) for a in addresses)
    stranger = app.test_client()
    for number in range(1, 7):
        assert stranger.get(f"/games/{number}").status_code == 404
        assert stranger.get(f"/games/{number}.json").status_code == 404


def test_an_old_address_still_opens_the_game_on_the_phones_that_knew_it(app, client, game):
    """Before public ids a game lived at /games/<row>: the phone that kept its score (a cookie
    named and scoped by that row) still reaches it there and keeps scoring; a phone that had
    opened it is sent on; any other phone gets a 404."""
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    row = game_row(app, game)
    old = app.test_client()
    token = "an-old-token"
    with app.app_context():
        found = db.session.get(Game, row)
        found.edit_token_hash = hashlib.sha256(token.encode()).hexdigest()
        db.session.commit()
    old.set_cookie(f"game_{row}", token, path=f"/games/{row}")
    response = old.get(f"/games/{row}")
    assert response.status_code == 303 and response.location == game
    assert f"Path={game}" in response.headers["Set-Cookie"]
    assert old.post(f"{game}/rounds", data=round_form("FJORD", "", "", out=0)).status_code == 303
    assert totals(old.get(game).text)[0] > 81  # FJORD counted: the old phone still keeps score
    watcher = app.test_client()
    with watcher.session_transaction() as session:
        session["games"] = [row]
    assert watcher.get(f"/games/{row}").location == game
    assert "You are watching." in watcher.get(game).text
    assert app.test_client().get(f"/games/{row}").status_code == 404
    forged = app.test_client()
    forged.set_cookie(f"game_{row}", "guessed", path=f"/games/{row}")
    assert forged.get(f"/games/{row}").status_code == 404


def test_another_phone_can_watch_but_not_change(app, client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    watcher = app.test_client()
    page = watcher.get(game).text
    assert totals(page) == [81, 26, 0]
    assert 'id="round-form"' not in page and "Undo" not in page
    assert "You are watching." in page
    assert f'data-events="{game}/events"' in page  # the watcher's scoreboard follows the game
    for path, form in [
        (f"{game}/rounds", round_form("FJORD", "", "", out=0)),
        (f"{game}/undo", {"play": "1"}),
        (f"{game}/rounds/1/delete", {}),
        (f"{game}/rounds/1/edit", round_form("JAZZY", "", "", out=0)),
        (f"{game}/challenge?round=1&seat=0", {"challenger": "1", "verdict": "rejected"}),
    ]:
        response = watcher.post(path, data=form)
        assert response.status_code == 403
        assert "Only the phone keeping score can change this game." in response.text
    assert totals(client.get(game).text) == [81, 26, 0]


def test_a_forged_edit_token_is_refused(app, client, game):
    other = app.test_client()
    other.set_cookie(f"game_{game.rsplit('/', 1)[1]}", "guessed-token", path=game)
    assert other.post(f"{game}/rounds", data=round_form("JAZZY", "", "", out=0)).status_code == 403


def test_the_scorekeeper_cookie_is_httponly_and_scoped_to_the_game(client):
    response = client.post("/games/new", data={"ruleset": "foot", "name-0": "A", "name-1": "B",
                                               "dealer": "0"})
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and f"Path={response.location}" in cookie and "SameSite=Lax" in cookie
    assert cookie.startswith(f"game_{response.location.rsplit('/', 1)[1]}=")
