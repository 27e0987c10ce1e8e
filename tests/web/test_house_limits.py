"""The house's limits: what a game, a list, a guesser or a copied cookie can cost the server,
and what the server says when it is not set up."""

from __future__ import annotations

import io
import json
import random
import re
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from flask_migrate import upgrade
from sqlalchemy import func, select

from companion import create_app
from companion.extensions import db
from companion.models import Game, Play as PlayRow, WordList, WordListEntry, _now
from companion.rules import log
from companion.rules.log import EDIT, VOID, Play, replaced
from tests.helpers import new_game, round_form, text
from tests.served import write_log

WORDS = ["JAZZY", "QUOTA", "FJORD", "OXBOW"]


def export_file(plays: list[dict], players=("Ann", "Bo", "Cy", "Di")) -> bytes:
    return json.dumps({"companion": 1, "ruleset": "foot", "players": list(players),
                       "first_dealer": 0, "plays": plays}).encode()


def one_round_edited(edits: int) -> list[dict]:
    """A game of one round edited again and again, as an import may bring it."""
    plays = [{"id": 1, "kind": "round", "data": {"words": WORDS, "out": 0, "final": False}}]
    for n in range(2, edits + 2):
        words = [WORDS[(n + seat) % 4] for seat in range(4)]
        plays.append({"id": n, "kind": "edit",
                      "data": {"round": 1, "words": words, "out": 0, "final": False}})
    return plays


def stored(app, client, plays: list[dict]) -> str:
    """A FOOT! game for four whose log holds `plays`, written straight to the database: a
    scorekeeper's forms could make it (an edit at a time), but an import checks at most
    REPLAY_PLAYS entries of a game like this, and typing thousands would take the test long."""
    game = new_game(client, names=("Ann", "Bo", "Cy", "Di"))
    with app.app_context():
        write_log(game.rsplit("/", 1)[1], plays)
    return game


def steps_taken(do) -> int:
    """How many lines of Python `do` runs (a loop's line once per turn): the work it
    costs, counted rather than timed."""
    count = 0

    def counted(frame, event, arg):
        nonlocal count
        count += 1
        return counted

    sys.settrace(counted)
    try:
        do()
    finally:
        sys.settrace(None)
    return count


# --- 4. History of a game of thousands of edits costs in step with its length ---------------

def test_history_and_page_work_grow_in_step_with_the_edits(app):
    """A History of eight times the edits costs about eight times the work, not sixty-four;
    the first page view of the game (which describes the entry Undo takes back) too."""
    work = {}
    for edits in (250, 2000):
        client = app.test_client()
        game = stored(app, client, one_round_edited(edits))
        work[edits] = (steps_taken(lambda: client.get(f"{game}/history")),
                       steps_taken(lambda: client.get(game)))
        history = client.get(f"{game}/history").text
        assert "Edited round 1: " in history and "→" in history
    for kind, (small, large) in zip(("history", "page"), zip(work[250], work[2000])):
        assert large < 9 * small, (kind, small, large)


def test_history_of_a_long_game_comes_in_pages(app, client):
    """1,200 entries in pages of 500: History shows the latest page and links to the earlier
    ones; a page number out of range shows the latest."""
    game = stored(app, client, many_rounds(1200))
    latest = client.get(f"{game}/history").text
    assert "Round 1200: " in latest and "Round 1001: " in latest and "Round 1000: " not in latest
    assert "Entries 1,001 to 1,200 of 1,200" in text(latest) and "Earlier entries" in latest
    first = client.get(f"{game}/history?page=1").text
    assert "Round 1: " in first and "Round 501: " not in first and "Later entries" in first
    assert "Round 1200: " in client.get(f"{game}/history?page=99").text
    again = client.get(f"{game}/history").text  # kept: the game did not change
    assert "Round 1001: " in again and "<time datetime=" in again
    last = re.search(r'name="play" value="(\d+)"', client.get(game).text).group(1)
    assert client.post(f"{game}/undo", data={"play": last}).status_code == 303
    assert "Undid: Round: " in client.get(f"{game}/history").text  # a new version


def _random_log(rng: random.Random) -> list[Play]:
    log: list[Play] = []
    for play_id in range(1, rng.randint(2, 30)):
        roll = rng.random()
        if roll < 0.3 or not log:
            log.append(Play(play_id, "round", {}))
        elif roll < 0.65:
            log.append(Play(play_id, EDIT, {"round": rng.choice(log).id}))
        else:
            log.append(Play(play_id, VOID, {"play": rng.choice(log).id,
                                            "reason": rng.choice(["undo", "delete"])}))
    return log


def test_every_edit_replaces_what_one_edit_at_a_time_says():
    """The one-pass reading agrees with the edit-by-edit one on logs of rounds, edits, undos,
    deletes and undone deletes, in any mix."""
    rng = random.Random(36)
    for _ in range(3000):
        plays = _random_log(rng)
        found = log.replaced_all(plays)
        for play in plays:
            if play.kind == EDIT:
                assert found[play.id] == replaced(plays, play), (plays, play)


def many_rounds(rounds: int) -> list[dict]:
    return [{"id": n, "kind": "round",
             "data": {"words": [WORDS[(n + seat) % 4] for seat in range(4)], "out": 0, "final": False}}
            for n in range(1, rounds + 1)]


def test_any_page_number_of_history_is_cut_from_the_entries_already_described(app, client):
    """Asking History for page after page (any number: one out of range shows the latest) of
    a game that did not change describes its entries once, not once per page number."""
    game = stored(app, client, many_rounds(1200))
    first = steps_taken(lambda: client.get(f"{game}/history"))
    for page in (1, 2, 7, 999_999):
        again = steps_taken(lambda: client.get(f"{game}/history?page={page}"))
        assert again * 3 < first, (page, again, first)
    assert "Round 1200: " in client.get(f"{game}/history?page=999999").text


def test_history_of_many_rounds_grows_in_step_with_them(app):
    """Each entry names its round by number: looked up, not counted out again per entry."""
    work = []
    for rounds in (250, 2000):
        client = app.test_client()
        game = stored(app, client, many_rounds(rounds))
        work.append(steps_taken(lambda: client.get(f"{game}/history")))
        assert f"Round {rounds}: " in client.get(f"{game}/history").text
    assert work[1] < 9 * work[0], work


def test_a_game_of_thousands_of_rounds_shows_its_latest(app, client):
    """The page shows the latest 200 rounds and says where the others are; History has all."""
    game = stored(app, client, many_rounds(1000))
    page = client.get(game).text
    assert 'id="round-1000"' in page and 'id="round-801"' in page
    assert 'id="round-800"' not in page and "Rounds 1 to 800 are in" in page
    assert "Round 1: " in client.get(f"{game}/history?page=1").text
    short = new_game(client)
    assert "are in" not in client.get(short).text


# --- 6. Join codes: a forwarded address only from the proxy; one count for every worker ------

def make_app(database_url, word_store, **config):
    return create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "test",
                       "TESTING": True, "WTF_CSRF_ENABLED": False,
                       "WORD_STORE": str(word_store), **config})


def guess(client, n: int, **headers):
    """A code of the right length that matches no game."""
    code = f"ZZZ{n:03d}".translate(str.maketrans("01", "AB"))
    return client.get("/join", query_string={"code": code}, headers=headers)


def test_a_forwarded_address_is_believed_only_from_the_proxy(database_url, word_store, monkeypatch):
    """Behind a proxy, a phone that reaches the app's port itself and names a new address in
    X-Forwarded-For each time is still counted by its own address: stopped after 20. Through
    the proxy, each phone it names is counted apart."""
    monkeypatch.setenv("BEHIND_TLS_PROXY", "1")
    monkeypatch.delenv("TRUSTED_PROXY", raising=False)
    app = make_app(database_url, word_store)
    direct = app.test_client()
    direct.environ_base["REMOTE_ADDR"] = "203.0.113.9"
    for n in range(20):
        assert guess(direct, n, **{"X-Forwarded-For": f"198.51.100.{n}"}).status_code == 422
    stopped = guess(direct, 99, **{"X-Forwarded-For": "198.51.100.200"})
    assert stopped.status_code == 429 and "Too many codes from this phone" in stopped.text
    proxy = app.test_client()  # the proxy, on this machine
    for n in range(20):
        assert guess(proxy, n, **{"X-Forwarded-For": "198.51.100.7"}).status_code == 422
    assert guess(proxy, 99, **{"X-Forwarded-For": "198.51.100.7"}).status_code == 429
    assert guess(proxy, 99, **{"X-Forwarded-For": "198.51.100.8"}).status_code == 422


def test_a_proxy_named_in_trusted_proxy_is_believed(database_url, word_store, monkeypatch):
    monkeypatch.setenv("BEHIND_TLS_PROXY", "1")
    monkeypatch.setenv("TRUSTED_PROXY", "10.0.0.0/8")
    app = make_app(database_url, word_store)
    proxy = app.test_client()
    proxy.environ_base["REMOTE_ADDR"] = "10.1.2.3"
    for n in range(20):
        assert guess(proxy, n, **{"X-Forwarded-For": "198.51.100.7"}).status_code == 422
    assert guess(proxy, 99, **{"X-Forwarded-For": "198.51.100.7"}).status_code == 429
    assert guess(proxy, 99, **{"X-Forwarded-For": "198.51.100.8"}).status_code == 422
    monkeypatch.setenv("TRUSTED_PROXY", "the proxy")
    with pytest.raises(ValueError, match="TRUSTED_PROXY"):
        make_app(database_url, word_store)


def test_every_worker_counts_the_same_tries(database_url, word_store):
    """Two workers (or two servers) on one database: ten misses on each stop the phone on both."""
    first, second = (make_app(database_url, word_store).test_client() for _ in range(2))
    for n in range(10):
        assert guess(first, n).status_code == 422
        assert guess(second, n + 10).status_code == 422
    assert guess(first, 99).status_code == 429
    assert guess(second, 99).status_code == 429


def test_an_ipv6_phone_is_counted_by_its_block(client):
    """A phone with a /64 of its own is one phone, whichever of its addresses it uses."""
    for n in range(20):
        client.environ_base["REMOTE_ADDR"] = f"2001:db8:1:2::{n + 1:x}"
        assert guess(client, n).status_code == 422
    client.environ_base["REMOTE_ADDR"] = "2001:db8:1:2:ffff::1"
    assert guess(client, 99).status_code == 429
    client.environ_base["REMOTE_ADDR"] = "2001:db8:1:3::1"
    assert guess(client, 99).status_code == 422


# --- 7. Admin: sign-in tries are counted; signing out ends every copy of the sign-in ----------

SECRET = "correct horse battery staple"


@pytest.fixture
def admin_app(database_url, word_store, monkeypatch):
    monkeypatch.delenv("COMPANION_ADMIN_SECRET", raising=False)
    return make_app(database_url, word_store, ADMIN_SECRET=SECRET)


def test_wrong_secrets_from_one_address_are_stopped(admin_app):
    """Ten wrong secrets: the eleventh try waits ten minutes, even with the right secret;
    another address signs in as before."""
    guesser = admin_app.test_client()
    for n in range(10):
        assert guesser.post("/admin/sign-in", data={"secret": f"guess {n}"}).status_code == 403
    stopped = guesser.post("/admin/sign-in", data={"secret": SECRET})
    assert stopped.status_code == 429 and "wait ten minutes" in stopped.text
    assert "Sign out" not in guesser.get("/admin").text
    operator = admin_app.test_client()
    operator.environ_base["REMOTE_ADDR"] = "192.0.2.50"
    assert operator.post("/admin/sign-in", data={"secret": SECRET}).status_code == 303


def test_signing_out_ends_a_copy_of_the_cookie(admin_app):
    """A cookie copied while signed in no longer deletes anything once its owner signed out."""
    owner = new_game(admin_app.test_client())
    operator = admin_app.test_client()
    assert operator.post("/admin/sign-in", data={"secret": SECRET}).status_code == 303
    copy = admin_app.test_client()
    copy.set_cookie("session", operator.get_cookie("session").value)
    assert "Sign out" in copy.get("/admin").text
    operator.post("/admin/sign-out")
    assert "Sign out" not in copy.get("/admin").text
    assert copy.post(f"/admin/games/{owner.rsplit('/', 1)[1]}/delete").status_code == 403
    with admin_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 1


# --- 5. Games have a room, and a play a size -------------------------------------------------

def plays_stored(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(PlayRow))


def foot_round(words=("JAZZY", "QUOTA", "FJORD")) -> dict:
    return round_form(*words, out=0)


def test_the_servers_room_for_plays_holds_for_forms_and_imports(database_url, word_store):
    """A server that keeps 5 plays in all: the sixth round is refused with a reason and
    nothing saved (the phone keeps it to send again), an import too; room made, it saves."""
    app = make_app(database_url, word_store, GAMES_MAX_PLAYS=5)
    client = app.test_client()
    game = new_game(client)
    for _ in range(5):
        assert client.post(f"{game}/rounds", data=foot_round()).status_code == 303
    refused = client.post(f"{game}/rounds", data=foot_round())
    assert refused.status_code == 507
    assert "This server is full: nothing was saved." in refused.text
    assert "at most 5 entries in all games together" in refused.text
    assert plays_stored(app) == 5
    answer = client.post("/games/import", data={
        "file": (io.BytesIO(export_file(many_rounds(1))), "g.json")})
    assert answer.status_code == 507 and "no room for 1 more" in answer.text
    assert plays_stored(app) == 5
    client.post(f"{game}/undo")  # an undo is a play too: refused
    assert plays_stored(app) == 5
    app.config["GAMES_MAX_PLAYS"] = 6
    assert client.post(f"{game}/rounds", data=foot_round()).status_code == 303
    assert plays_stored(app) == 6


def test_the_servers_room_for_games(database_url, word_store):
    app = make_app(database_url, word_store, GAMES_MAX=2)
    client = app.test_client()
    new_game(client)
    game = new_game(client)
    refused = client.post("/games/new", data={"ruleset": "foot", "dealer": "0",
                                              "name-0": "Ann", "name-1": "Bo"})
    assert refused.status_code == 507 and "at most 2 games" in refused.text
    assert client.post(f"{game}/rematch").status_code == 507
    answer = client.post("/games/import", data={
        "file": (io.BytesIO(export_file([])), "g.json")})
    assert answer.status_code == 507 and "at most 2 games" in answer.text
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 2


def test_a_play_too_large_is_refused_by_form_and_by_import(database_url, word_store):
    """A play's data has a size: past it, a form and an import say so and keep nothing."""
    app = make_app(database_url, word_store, PLAY_MAX_BYTES=50)
    client = app.test_client()
    game = new_game(client)
    assert client.post(f"{game}/rounds", data=foot_round(("JAZZY", "", ""))).status_code == 303
    refused = client.post(f"{game}/rounds", data=foot_round(("JAZZY", "QUOTA", "FJORD")))
    assert refused.status_code == 422 and "This entry is too large to keep" in refused.text
    assert plays_stored(app) == 1
    big = many_rounds(2)
    answer = client.post("/games/import", data={"file": (io.BytesIO(export_file(big)), "g.json")})
    assert answer.status_code == 422 and "Play 1 of the file (round) is too large" in answer.text
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 1


def test_a_game_keeps_at_most_ten_thousand_plays_by_form_too(app, client):
    """A game holds at most 10,000 plays: a form adds none past that."""
    game = stored(app, client, many_rounds(10_000))
    refused = client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "FJORD", "OXBOW", out=0))
    assert refused.status_code == 422
    assert "This game holds 10,000 entries, the most one game keeps" in refused.text


# --- 8. A word-list import cut off by a crash ------------------------------------------------

def cut_off_import(app, game_url: str, name: str, minutes_ago: float) -> None:
    """What a crash leaves: a list not complete, with the words its last chunk wrote."""
    with app.app_context():
        game = db.session.scalar(select(Game).where(Game.public_id == game_url.rsplit("/", 1)[1]))
        then = _now() - timedelta(minutes=minutes_ago)
        word_list = WordList(game_id=game.id, name=name, words=3, complete=False,
                             created_at=then - timedelta(minutes=1), progressed_at=then)
        db.session.add(word_list)
        db.session.flush()
        db.session.add_all(WordListEntry(list_id=word_list.id, word=w) for w in ("ABC", "DEF", "GHI"))
        db.session.commit()


def test_an_import_cut_off_is_cleared_and_said_at_once(client, app):
    """Three minutes after its last chunk, an import is cut off: the lists page says so, its
    words leave the room and its name is free again."""
    game = new_game(client)
    cut_off_import(app, game, "Collins", minutes_ago=3)
    page = client.get(f"{game}/lists").text
    assert "The import of “Collins” was cut off" in page and "Import it again." in page
    assert "hold 0 of the" in page
    assert "was cut off" not in client.get(f"{game}/lists").text  # said once
    data = io.BytesIO(b"JAZZY\nQUOTA\n")
    answer = client.post(f"{game}/lists", data={"name": "Collins", "file": (data, "c.txt")})
    assert answer.status_code == 303
    assert "hold 2 of the" in client.get(f"{game}/lists").text


def test_an_import_still_running_is_left_alone(client, app):
    game = new_game(client)
    cut_off_import(app, game, "Running", minutes_ago=0.2)
    page = client.get(f"{game}/lists").text
    assert "cut off" not in page and "hold 3 of the" in page
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(WordList)) == 1


# --- 9. Smaller: no-store, files for the owner only, the handover code sealed, error pages ---

def test_the_scorekeepers_pages_and_the_handover_page_are_not_kept(app, client):
    game = new_game(client)
    client.post(f"{game}/rounds", data=foot_round())
    for page in (game, f"{game}/history", f"{game}/house", f"{game}/lists"):
        assert client.get(page).headers["Cache-Control"] == "no-store", page
    client.post(f"{game}/handover", data={"keep": "move"})
    assert client.get(f"{game}/handover").headers["Cache-Control"] == "no-store"
    watcher = app.test_client()
    assert "no-store" not in watcher.get(game).headers.get("Cache-Control", "")
    region = client.get(game, headers={"HX-Request": "true"})  # the 304 that saves a refresh
    assert region.headers["Cache-Control"] == "no-cache" and region.headers["ETag"]


def test_the_handover_code_is_not_in_the_cookie(app, client):
    game = new_game(client)
    client.post(f"{game}/handover", data={"keep": "move"})
    page = client.get(f"{game}/handover").text
    code = re.search(r'class="code">([A-Z0-9]{4})-([A-Z0-9]{4})<', page).groups()
    with client.session_transaction() as session:
        assert "".join(code) not in repr(dict(session))
    assert "".join(code) not in client.get_cookie("session").value
    taken = app.test_client().post(f"{game}/take/{''.join(code)}")
    assert taken.status_code == 303  # the code shown works


@pytest.mark.databases("sqlite")
def test_the_secret_key_and_the_database_are_the_owners_only(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    database = tmp_path / "companion.db"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"})
    assert (Path(app.instance_path) / "secret_key").stat().st_mode & 0o077 == 0
    with app.app_context():
        upgrade()
        db.engine.dispose()
    assert database.stat().st_mode & 0o777 == 0o600
    database.chmod(0o644)  # made by an older version
    create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}", "SECRET_KEY": "x"})
    assert database.stat().st_mode & 0o777 == 0o600


def test_a_failure_shows_the_apps_page(database_url, word_store):
    app = make_app(database_url, word_store, PROPAGATE_EXCEPTIONS=False)
    app.add_url_rule("/fails", "fails", lambda: 1 // 0)
    answer = app.test_client().get("/fails")
    assert answer.status_code == 500
    assert "Something went wrong on the server. Reload the game to see what was saved" in answer.text
    assert "Back to your games" in answer.text


def test_a_database_never_migrated_says_what_to_run(request, database_url, word_store, tmp_path):
    """A server started on an empty database: every page says to run the migrations."""
    if "sqlite" in database_url:
        empty = f"sqlite:///{tmp_path / 'empty.db'}"
    else:
        server = request.getfixturevalue("postgres")
        server.execute("CREATE DATABASE never_migrated")
        request.addfinalizer(lambda: server.execute("DROP DATABASE never_migrated WITH (FORCE)"))
        empty = server.url("never_migrated")
    app = make_app(empty, word_store, PROPAGATE_EXCEPTIONS=False)
    client = app.test_client()
    for answer in (client.get("/games/abcdefghjkmn"), client.post("/games/new", data={
            "ruleset": "foot", "dealer": "0", "name-0": "Ann", "name-1": "Bo"})):
        assert answer.status_code == 503
        assert "flask db upgrade" in answer.text and "busy" not in answer.text
    with app.app_context():
        db.engine.dispose()
