"""What the database must do for a table, on SQLite and on PostgreSQL alike (every test here
runs on both: tests/conftest.py): phones saving at once lose nothing, the migrations run both
ways, and what is stored in JSON and text columns comes back as it went in."""

from __future__ import annotations

import threading
from collections import Counter

from flask_migrate import downgrade, upgrade
from sqlalchemy import func, inspect, select

from companion.extensions import db
from companion.models import Game, Play
from tests.helpers import game_row, new_game, round_form, totals

WORDS = ["JAZZY", "QUOTA", "FJORD", "OXBOW", "WAXES"]


def test_twenty_phones_saving_at_once_lose_nothing(app, client):
    """Twenty writers at once: ten tabs of one game's scorekeeper, and ten scorekeepers of
    their own games, each saving five rounds, every one of them also sent twice (a double
    tap). Every round answered "saved" is in its game exactly once; nothing else is."""
    shared = new_game(client)
    cookie = client.get_cookie(f"game_{shared.rsplit('/', 1)[1]}", path=shared)
    answers: list[tuple[str, str, int]] = []
    lock = threading.Lock()
    start = threading.Barrier(20)

    def writer(number: int) -> None:
        phone = app.test_client()
        if number < 10:
            phone.set_cookie(cookie.key, cookie.value, path=shared)
            game = shared
        else:
            game = new_game(phone, names=(f"Ann{number}", "Bo"))
        start.wait()
        for n in range(5):
            nonce = f"w{number}-{n}"
            form = round_form(WORDS[(number + n) % 5], "", *([""] if game == shared else []),
                              out=0, nonce=nonce)
            for _ in range(2):
                status = phone.post(f"{game}/rounds", data=form).status_code
                with lock:
                    answers.append((game, nonce, status))

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert len(answers) == 200
    assert {status for _, _, status in answers} == {303}  # saved, or "already saved"
    with app.app_context():
        stored = Counter((g, n) for g, n in db.session.execute(
            select(Game.public_id, Play.nonce).join(Play, Play.game_id == Game.id)))
    sent = {(game.rsplit("/", 1)[1], nonce) for game, nonce, _ in answers}
    assert set(stored) == sent and set(stored.values()) == {1}  # each round once, none lost
    assert len(totals(client.get(shared).text)) == 3
    assert len(client.get(f"{shared}.json").json["rows"]) == 50


def test_the_migrations_run_down_to_nothing_and_up_again(app, client):
    """An operator can step back a release and forward again: every migration's downgrade
    and upgrade run on this database, and a game started before comes back whole."""
    game = new_game(client, names=("Ann", "Bo"))
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", out=0))
    with app.app_context():
        downgrade(revision="b7d41c9e2a60")  # before public ids
        assert "public_id" not in {c["name"] for c in inspect(db.engine).get_columns("game")}
        upgrade()
        db.engine.dispose()
    moved = app.test_client()
    with moved.session_transaction() as session:
        session["games"] = [1]
    address = moved.get("/games/1").location  # the game's new address, on a phone that knew it
    assert address and address != game and totals(moved.get(address).text) == [81, 26]
    with app.app_context():
        downgrade(revision="base")
        assert set(inspect(db.engine).get_table_names()) <= {"alembic_version"}
        upgrade()
        db.engine.dispose()
    assert new_game(app.test_client()).startswith("/games/")


def test_what_goes_into_json_and_text_comes_back_the_same(app, client):
    """Names with accents, emoji and right-to-left letters; settings and plays stored as JSON
    (nested, with unicode) read back unchanged, and a game's export holds them as saved."""
    names = ("Zoë", "李雷", "عليّ", "🂡 Ace")
    game = new_game(client, names=names)
    assert client.post(f"{game}/rounds", data=round_form("JAZZY", "", "", "", out=0)).status_code == 303
    exported = client.get(f"{game}/export.json").json
    assert exported["players"] == list(names)
    assert client.get(f"{game}.json").json["players"] == list(names)
    with app.app_context():
        row = db.session.get(Game, game_row(app, game))
        assert row.names == list(names) and isinstance(row.settings, dict)
        play = db.session.scalar(select(Play).where(Play.game_id == row.id))
        assert play.data == exported["plays"][0]["data"]
        assert db.session.scalar(select(func.count()).select_from(Play)) == 1
