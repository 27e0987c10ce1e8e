"""What a phone on the Wi-Fi sends cannot crash, stall or lose a round, case by case.
The broad fuzz of every route is tests/web/test_fuzz.py; these are the cases found by hand."""

import gzip
import io
import random
import sqlite3
import string
import threading
import time
from datetime import timedelta

import pytest
from flask_migrate import upgrade
from PIL import Image
from sqlalchemy import func, select

import companion
from companion import create_app, scans
from companion.extensions import db
from companion.models import Play, WordList, WordListEntry
from tests.helpers import errors, new_game, plays, round_form, text, totals

ODD_DIGITS = ["²", "１", "١", "𝟙", "9" * 5000, "99999999999999999999"]


def import_list(client, game, name, data: bytes, filename="list.txt"):
    return client.post(f"{game}/lists", data={"name": name, "file": (io.BytesIO(data), filename)},
                       content_type="multipart/form-data")


# 1. Digits that are not 0-9 -------------------------------------------------------------

@pytest.mark.parametrize("value", ODD_DIGITS)
def test_odd_digits_in_number_fields_are_refused_with_a_reason(app, client, game, value):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    before = plays(app)
    preview = client.get(f"{game}/rounds/preview", query_string={"word-0": "HOUSE", "out": value})
    assert preview.status_code == 200
    saved = client.post(f"{game}/rounds", data={**round_form("JAZZY", "", "", out=0), "out": value})
    assert "Choose the one player who went out first." in errors(saved.text)
    edited = client.post(f"{game}/rounds/1/edit", data={**round_form("JAZZY", "QUOTA", "", out=0),
                                                        "out": value})
    assert "Choose the one player who went out first." in errors(edited.text)
    challenged = client.post(f"{game}/challenge?round=1&seat=1", data={"challenger": value,
                                                                  "verdict": "stands"})
    assert "Choose who challenged." in errors(challenged.text)
    house = client.post(f"{game}/house/list", data={"list": value, "mode": "only"})
    assert "That list does not exist." in errors(house.text)
    assert plays(app) == before


# 2. Huge ids ------------------------------------------------------------------------------

@pytest.mark.parametrize("path", [
    "/games/99999999999999999999", "/games/9223372036854775808", "/games/2147483648",
    "/games/9223372036854775808/history", "/games/99999999999999999999/words?q=JAZZY",
    "/games/1/rounds/99999999999999999999/edit", "/games/9223372036854775808/challenge?round=1&seat=0",
    "/games/%EF%BC%91", "/games/%D9%A1/history",  # fullwidth and Arabic-Indic one
])
def test_ids_that_cannot_exist_are_not_found(client, game, path):
    assert client.get(path).status_code == 404


# 3. Who may import a word list, deleting one, and the room they take ----------------------

def test_only_the_scorekeeper_imports_a_list_and_only_for_their_game(app, client, game):
    stranger = app.test_client()
    assert import_list(stranger, game, "Theirs", b"QWERT\n").status_code == 403
    assert client.post("/lists", data={"name": "x"}).status_code in (404, 405)
    assert import_list(client, game, "Ours", b"QWERT a word we made up\n").status_code == 303
    other = new_game(stranger, names=("Di", "Ed"))
    page = stranger.get(f"{other}/house").text
    assert "Ours" not in page  # another table cannot judge by (or see) this game's list
    with app.app_context():
        list_id = db.session.scalar(select(WordList.id))
    refused = stranger.post(f"{other}/house/list", data={"list": str(list_id), "mode": "only"})
    assert "That list does not exist." in errors(refused.text)


def test_a_list_is_deleted_by_its_games_scorekeeper_and_nobody_else(app, client, game):
    words = "".join(f"{w}\n" for w in ("QWERT", "ZESTY", "JAZZY") * 1)
    import_list(client, game, "Ours", words.encode())
    with app.app_context():
        list_id = db.session.scalar(select(WordList.id))
    client.post(f"{game}/house/list", data={"list": str(list_id), "mode": "only"})
    assert "✓ QWERT is allowed" in text(client.get(f"{game}/words?q=qwert").text)
    assert app.test_client().post(f"{game}/lists/{list_id}/delete").status_code == 403
    page = client.post(f"{game}/lists/{list_id}/delete", follow_redirects=True).text
    assert "Deleted the list “Ours”." in text(page)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(WordListEntry)) == 0
    assert "✗ QWERT is not allowed" in text(client.get(f"{game}/words?q=qwert").text)


def test_lists_cannot_take_more_room_than_the_server_allows(app, client, game):
    app.config["WORD_LISTS_MAX_WORDS"] = 12_000
    first = "".join(f"W{i:05d}\n".translate(str.maketrans("0123456789", "ABCDEFGHIJ"))
                    for i in range(8000)).encode()
    assert import_list(client, game, "First", first).status_code == 303
    refused = import_list(client, game, "Second", first)
    assert refused.status_code == 422
    assert ("There is no room for this list: word lists may take 12,000 words on this server "
            "and other lists hold 8,000. Delete a list you no longer use.") in errors(refused.text)
    with app.app_context():  # nothing of the refused list is left behind
        assert db.session.scalars(select(WordList.name)).all() == ["First"]
        assert db.session.scalar(select(func.count()).select_from(WordListEntry)) == 8000


# 4. A round saved while a list imports; a locked database -----------------------------------

def test_rounds_save_while_a_large_list_imports(app, client, game, monkeypatch):
    """The import writes a chunk at a time, so a round waits a moment at most (here SQLite
    waits one second for its lock, not five): every round saved meanwhile is kept."""
    monkeypatch.setattr(companion, "LOCK_WAIT_MS", 1000)
    with app.app_context():
        db.engine.dispose()
    rng = random.Random(10)
    words = {"".join(rng.choices(string.ascii_uppercase, k=rng.randint(4, 12))) for _ in range(200_000)}
    data = gzip.compress("".join(f"{w} a word\n" for w in words).encode())
    importer = app.test_client()  # the scorekeeper's phone, in a second tab
    cookie = client.get_cookie(f"game_{game.rsplit('/', 1)[1]}", path=game)
    importer.set_cookie(cookie.key, cookie.value, path=game)
    result = {}
    thread = threading.Thread(target=lambda: result.update(
        response=import_list(importer, game, "Big", data, "big.txt.gz")))
    thread.start()
    saved = 0
    while thread.is_alive() or saved < 3:
        response = client.post(f"{game}/rounds", data=round_form("JAZZY", "", "", out=0))
        assert response.status_code == 303, response.text
        saved += 1
    thread.join()
    print(f"{saved} rounds saved during the import")
    assert result["response"].status_code == 303
    assert len(totals(client.get(game).text)) == 3
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Play)) == saved
        assert db.session.scalar(select(WordList.words)) == len(words)


def busy_and_kept(response, app, client, game) -> None:
    """The round sent while the database was locked: "try again", the form as typed, nothing
    saved; sent again, it is saved."""
    assert response.status_code == 503
    assert "Companion was busy for a moment and nothing was saved" in errors(response.text)[0]
    assert 'value="JAZZY"' in response.text and 'value="QUOTA"' in response.text
    assert plays(app) == 0
    assert client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=1)).status_code == 303


@pytest.mark.databases("sqlite")
def test_a_locked_database_keeps_the_round_form_and_saves_nothing(app, client, game, monkeypatch):
    monkeypatch.setattr(companion, "LOCK_WAIT_MS", 50)
    monkeypatch.setattr("companion.web.time.sleep", lambda s: None)
    with app.app_context():
        db.engine.dispose()  # new connections take the short timeout
        path = db.engine.url.database
    locker = sqlite3.connect(path)
    locker.execute("BEGIN IMMEDIATE")  # another writer holds the database
    try:
        response = client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=1))
    finally:
        locker.rollback()
        locker.close()
    busy_and_kept(response, app, client, game)


@pytest.mark.databases("postgresql")
def test_a_locked_postgresql_table_keeps_the_round_form_and_saves_nothing(app, client, game,
                                                                          monkeypatch):
    """PostgreSQL waits for a lock no longer than LOCK_WAIT_MS either: a write held up by
    another connection's lock is retried, then answered "try again", never left hanging."""
    import psycopg
    from sqlalchemy.engine import make_url

    monkeypatch.setattr(companion, "LOCK_WAIT_MS", 50)
    monkeypatch.setattr("companion.web.time.sleep", lambda s: None)
    with app.app_context():
        db.engine.dispose()  # new connections take the short timeout
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"])
    with psycopg.connect(dbname=url.database, user=url.username,
                         host=url.query["host"]) as locker:
        locker.execute("LOCK TABLE play IN EXCLUSIVE MODE")  # another writer holds the plays
        response = client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=1))
        locker.rollback()
    busy_and_kept(response, app, client, game)


# 5. Two imports with one name at once -----------------------------------------------------

def test_a_name_claimed_by_an_import_under_way_is_refused_plainly(app, client, game):
    with app.app_context():  # another import of "Ours" has begun and is not complete yet
        db.session.add(WordList(game_id=1, name="Ours", words=0, complete=False))
        db.session.commit()
    refused = import_list(client, game, "Ours", b"QWERT\n")
    assert refused.status_code == 422
    assert errors(refused.text) == ["A list with this name already exists."]


# 6. Scan memory --------------------------------------------------------------------------

def _image(fmt: str, side: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (side, side), (230, 230, 230)).save(out, fmt)
    return out.getvalue()


@pytest.mark.parametrize("fmt, name", [("PNG", "PNG"), ("WEBP", "WebP")])
def test_a_tiny_file_of_huge_pixels_is_refused_before_it_is_decoded(client, game, fmt, name):
    photo = _image(fmt, 7000)  # 49 MP in a file of 100 KB or so
    assert len(photo) < 300_000
    response = client.post(f"{game}/scan/0", data={"word-0": "JAZ", "photo-0": (io.BytesIO(photo), "p")},
                           content_type="multipart/form-data")
    assert response.status_code == 422
    assert f"This {name} has 49 megapixels; Companion reads at most" in errors(response.text)[0]
    assert 'value="JAZ"' in response.text  # what was typed stays


def test_scans_beyond_what_a_worker_reads_at_once_are_asked_to_wait(client, game, monkeypatch):
    monkeypatch.setattr(scans, "SCAN_WAIT_SECONDS", 0.01)
    held = [scans.scanning.acquire() for _ in range(scans.SCANS_AT_ONCE)]
    try:
        response = client.post(f"{game}/scan/0", data={"word-1": "QUOTA", "photo-0": (
            io.BytesIO(_image("JPEG", 400)), "p.jpg")}, content_type="multipart/form-data")
    finally:
        for _ in held:
            scans.scanning.release()
    assert response.status_code == 503
    assert errors(response.text) == [scans.BUSY]
    assert 'value="QUOTA"' in response.text


# 7. Import memory: repeats and bombs are refused early (tests/words/test_list_file.py too) -

def test_a_list_of_endless_repeats_is_refused_through_the_form(app, client, game):
    bomb = gzip.compress(b"XYLEM\n" * (11 * 1024 * 1024))
    response = import_list(client, game, "Repeats", bomb, "r.txt.gz")
    assert errors(response.text) == ["This list has more than 2,000,000 lines."]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(WordList)) == 0


# 8. "What could I have made?" ------------------------------------------------------------

@pytest.mark.parametrize("game_key, hand, most", [
    ("foot", "ABCDEFGH", 7), ("zoot", "ABCDEFGHIJ", 9), ("fez", "ABCDEFGHIJKLMNOPQRSTUVWX", 12),
    ("family", "ABCDEFGHIJKLMNOPQRSTUVWX", 12)])
def test_a_hand_larger_than_the_game_deals_is_refused(client, game_key, hand, most):
    page = client.get("/words", query_string={"game": game_key, "hand": hand}).text
    assert any(e.startswith("A hand of") and e.endswith(f"holds at most {most} cards.")
               for e in errors(page))


def test_the_longest_hand_a_game_accepts_is_answered(client):
    page = client.get("/words", query_string={"game": "fez", "hand": "QUIZJACKET??"}).text
    assert errors(page) == [] and 'class="best-words"' in page


# 9. The smaller points -------------------------------------------------------------------

class CountingStream(io.BytesIO):
    def read(self, *args):
        data = super().read(*args)
        self.taken = getattr(self, "taken", 0) + len(data)
        return data


def test_a_strangers_upload_is_refused_before_its_body_is_read(app, client, game):
    app.config["WTF_CSRF_ENABLED"] = True  # as served: the CSRF check would read the form
    body = CountingStream(b"x" * (8 * 1024 * 1024))
    response = app.test_client().post(f"{game}/scan/0", input_stream=body,
                                      content_type="multipart/form-data; boundary=x",
                                      content_length=len(body.getvalue()))
    assert response.status_code == 403
    assert getattr(body, "taken", 0) < 64 * 1024


def test_a_form_shown_more_than_twelve_hours_ago_has_expired(app, monkeypatch):
    app.config["WTF_CSRF_ENABLED"] = True
    phone = app.test_client()
    page = phone.get("/games/new?game=foot").text
    token = page.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
    form = {"csrf_token": token, "ruleset": "foot", "name-0": "A", "name-1": "B", "dealer": "0"}
    later = time.time() + 13 * 3600
    monkeypatch.setattr("itsdangerous.timed.time.time", lambda: later)
    response = phone.post("/games/new", data=form)
    assert response.status_code == 400
    assert "This form has expired" in response.text


def test_the_scorekeeping_is_handed_to_another_phone_once(app, client, game, monkeypatch):
    page = client.post(f"{game}/handover", follow_redirects=True).text
    assert client.get(f"{game}/handover").text.count(page.split("<code>", 1)[1][:40]) == 1  # a reload shows it again
    link = page.split("<code>", 1)[1].split("</code>", 1)[0]
    path = link.split("localhost", 1)[1]
    other = app.test_client()
    assert "Keep score on this phone?" in other.get(path).text  # a preview uses nothing up
    taken = other.post(path, follow_redirects=True)
    assert "This phone keeps score now" in text(taken.text)
    assert other.post(f"{game}/rounds", data=round_form("JAZZY", "", "", out=0)).status_code == 303
    assert client.post(f"{game}/rounds", data=round_form("JAZZY", "", "", out=0)).status_code == 403
    again = app.test_client().post(path)
    assert again.status_code == 403 and "expired or was already used" in again.text
    late = other.post(f"{game}/handover", follow_redirects=True).text.split("<code>", 1)[1].split("</code>", 1)[0]
    monkeypatch.setattr("companion.models._now", lambda: companion.models.datetime.now().replace(
        tzinfo=None) + timedelta(days=1))
    assert app.test_client().post(late.split("localhost", 1)[1]).status_code == 403


def test_the_home_page_lists_this_phones_games_only(app, client):
    new_game(client, names=("Ann", "Bo"))
    stranger = app.test_client()
    assert "Ann" not in stranger.get("/").text and "No game in progress." in stranger.get("/").text
    theirs = new_game(stranger, names=("Zed", "Yu"))
    assert "Zed" not in client.get("/").text and "Ann" in client.get("/").text
    client.get(theirs)  # opened by its address: now this phone watches it too
    assert "Zed" in client.get("/").text
    assert "Ann" not in stranger.get("/").text


def test_a_migrated_database_keeps_its_imported_lists(tmp_path):
    path = tmp_path / "old.db"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "x"})
    with app.app_context():
        upgrade(revision="151e54154793")  # before lists belonged to games
        db.engine.dispose()
    old = sqlite3.connect(path)
    old.execute("INSERT INTO word_list(name, words, created_at) VALUES ('Collins', 1, '2026-11-01')")
    old.execute("INSERT INTO word_list_entry VALUES (1, 'QWERT', 'ELQRTW', 'made up')")
    old.commit()
    old.close()
    with app.app_context():
        upgrade()
        assert [(wl.name, wl.game_id, wl.complete) for wl in db.session.scalars(select(WordList))] == [
            ("Collins", None, True)]
        assert db.session.scalars(select(WordListEntry.word)).all() == ["QWERT"]
        db.engine.dispose()
