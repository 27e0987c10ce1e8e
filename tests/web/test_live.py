"""Every phone live: the event stream, cheap refreshes, joining by code, handing over the
scorekeeping (to another phone, or to share it), and addresses that survive a reload."""

from __future__ import annotations

import re
import threading

import pytest
from sqlalchemy import event, text, update

from companion import live
from companion.extensions import db
from companion.models import Attempt, Game
from tests.helpers import read_events, round_form, totals, wait_for


def test_a_saved_round_reaches_a_watching_phone_through_the_event_stream(app, client, game):
    watcher = app.test_client()
    found, opened = [], threading.Event()
    reader = threading.Thread(target=read_events, args=(watcher, f"{game}/events?since=0", 1, found, opened),
                              daemon=True)
    reader.start()
    assert opened.wait(5)
    wait_for(lambda: "live" in app.extensions and app.extensions["live"].followers,
             "the stream to wait for a change")
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    reader.join(timeout=10)
    with app.app_context():
        last = db.session.get(Game, 1).plays[-1].id
    assert found == [("change", str(last))]
    # What the watcher then asks for is the new scoreboard.
    region = watcher.get(game, headers={"HX-Request": "true"})
    assert totals(region.text) == [81, 26, 0] and 'id="live"' in region.text


def test_a_phone_that_missed_a_change_hears_of_it_at_once(app, client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    found, opened = [], threading.Event()
    read_events(app.test_client(), f"{game}/events?since=0", 1, found, opened)
    assert found and found[0][0] == "change" and found[0][1] != "0"


def test_there_is_no_stream_for_a_game_that_does_not_exist(client):
    assert client.get("/games/999/events").status_code == 404
    assert client.get("/games/x/events").status_code == 404


def test_a_refresh_when_nothing_changed_is_answered_304_without_the_page(app, client, game):
    watcher = app.test_client()
    first = watcher.get(game, headers={"HX-Request": "true"})
    assert first.status_code == 200 and first.headers["ETag"]
    again = watcher.get(game, headers={"HX-Request": "true", "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    changed = watcher.get(game, headers={"HX-Request": "true", "If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and totals(changed.text) == [81, 26, 0]
    # The scorekeeper's region (with its edit links) is not the watcher's.
    mine = client.get(game, headers={"HX-Request": "true", "If-None-Match": changed.headers["ETag"]})
    assert mine.status_code == 200 and "1 edit: round 1" in mine.text


def _join_code(page: str) -> str:
    return re.search(r'class="code">([A-Z0-9]{3}-[A-Z0-9]{3})<', page).group(1)


def test_a_watcher_joins_by_the_code_the_scorekeeper_shows(app, client, game):
    code = _join_code(client.get(game).text)
    watcher = app.test_client()
    for typed in (code, code.lower(), f" {code.replace('-', ' ')} "):
        joined = watcher.get("/join", query_string={"code": typed})
        assert joined.status_code == 303 and joined.location == game
    page = watcher.get(game).text
    assert "You are watching." in page
    assert f'href="{game}"' in watcher.get("/").text  # and the home page lists it now
    # The QR code holds the game's address (in the share box, asked for when it opens).
    inside = watcher.get(re.search(r'<details class="share" hx-get="([^"]+)"', page).group(1),
                         headers={"HX-Request": "true"}).text
    assert 'alt="QR code of this game’s address"' in inside and f"http://localhost{game}" in inside


def test_a_wrong_code_says_so_and_keeps_what_was_typed(client, game):
    for typed in ("ZZZ-ZZZ", "abc", "١٢٣٤٥٦", "<b>x</b>", "A" * 5000, ""):
        answer = client.get("/join", query_string={"code": typed})
        assert answer.status_code == 422
        assert "Join a game" in answer.text
        assert ("No game has the code" in answer.text) == bool(typed)
        assert "<b>x</b>" not in answer.text
    assert client.get("/join", query_string=[("code", "A"), ("code", "B")]).status_code == 422


def test_a_phone_guessing_codes_is_stopped_and_the_others_are_not(app, client, game):
    """Twenty codes matching no game from one phone: the next waits ten minutes, even a right
    one; another phone, and the first one after ten minutes, join as before."""
    code = _join_code(client.get(game).text)
    guesser = app.test_client()
    for n in range(20):
        guess = f"ZZZ{n:03d}".translate(str.maketrans("01", "AB"))
        assert guesser.get("/join", query_string={"code": guess}).status_code == 422
    stopped = guesser.get("/join", query_string={"code": code})
    assert stopped.status_code == 429 and "Too many codes from this phone" in stopped.text
    other = app.test_client()
    other_phone = {"REMOTE_ADDR": "192.168.1.23"}
    assert other.get("/join", query_string={"code": code},
                     environ_base=other_phone).location == game
    with app.app_context():  # ten minutes later: the tries are two periods old
        db.session.execute(update(Attempt).values(period=Attempt.period - 2))
        db.session.commit()
    assert guesser.get("/join", query_string={"code": code}).location == game


def test_handing_over_moves_the_scorekeeping_by_code(app, client, game):
    client.post(f"{game}/handover", data={"keep": "move"})
    page = client.get(f"{game}/handover").text
    code = re.search(r'class="code">([A-Z0-9]{4}-[A-Z0-9]{4})<', page).group(1)
    other = app.test_client()
    asked = other.get("/join", query_string={"code": code})
    assert asked.status_code == 303 and "/take/" in asked.location
    assert "will only watch" in other.get(asked.location).text
    assert "This phone keeps score now." in other.post(asked.location, follow_redirects=True).text
    assert other.post(f"{game}/rounds", data=round_form("JAZZY", "", "", out=0)).status_code == 303
    assert client.post(f"{game}/rounds", data=round_form("JAZZY", "", "", out=0)).status_code == 403
    assert other.post(asked.location).status_code == 403  # once only


def test_handing_over_can_keep_both_phones_scoring(app, client, game):
    client.post(f"{game}/handover", data={"keep": "both"})
    code = re.search(r'class="code">([A-Z0-9]{4}-[A-Z0-9]{4})<',
                     client.get(f"{game}/handover").text).group(1).replace("-", "")
    other = app.test_client()
    assert "keeps score too" in other.get(f"{game}/take/{code}").text
    assert "and so does the phone that offered it" in other.post(
        f"{game}/take/{code}", follow_redirects=True).text
    assert other.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0)).status_code == 303
    assert client.post(f"{game}/rounds", data=round_form("FJORD", "", "", out=0)).status_code == 303
    assert totals(app.test_client().get(game).text) == [81 + 40, 26, 0]  # FJORD 30, out +10
    # A later hand-over that moves the scorekeeping leaves only the new phone.
    other.post(f"{game}/handover", data={"keep": "move"})
    code = re.search(r'class="code">([A-Z0-9]{4}-[A-Z0-9]{4})<', other.get(f"{game}/handover").text).group(1)
    third = app.test_client()
    third.post(f"{game}/take/{code}")
    assert client.post(f"{game}/rounds", data=round_form("FJORD", "", "", out=0)).status_code == 403
    assert other.post(f"{game}/rounds", data=round_form("FJORD", "", "", out=0)).status_code == 403
    assert third.post(f"{game}/rounds", data=round_form("FJORD", "", "", out=0)).status_code == 303


def test_a_handover_code_expires_and_a_guess_finds_nothing(app, client, game):
    client.post(f"{game}/handover")
    with app.app_context():
        played = db.session.get(Game, 1)
        code = played.offer_handover()
        played.handover_until = played.handover_until.replace(year=2000)
        db.session.commit()
    assert app.test_client().get("/join", query_string={"code": code}).status_code == 422
    assert app.test_client().post(f"{game}/take/{code}").status_code == 403
    assert app.test_client().get("/join", query_string={"code": "ABCD-EFGH"}).status_code == 422


def test_a_reload_after_a_refused_save_shows_the_game_not_an_error(client, game):
    refused = client.post(f"{game}/rounds", data=round_form("JAZZ1", "", "", out=0))
    assert refused.status_code == 422
    reloaded = client.get(f"{game}/rounds")  # what a reload of that address asks
    assert reloaded.status_code == 303 and reloaded.location == game
    for path in (f"{game}/undo", f"{game}/scan/0", f"{game}/scan/0/use", f"{game}/rounds/1/delete"):
        answer = client.get(path)
        assert answer.status_code == 303 and answer.location == game, path


def test_htmx_keeps_the_games_address_after_a_refused_save(client, game):
    refused = client.post(f"{game}/rounds", data=round_form("JAZZ1", "", "", out=0),
                          headers={"HX-Request": "true", "HX-Boosted": "true"})
    # An answer the page shows (the reasons), at the game's address, not a console error.
    assert refused.status_code == 200 and refused.headers["X-Refused"] == "1"
    assert refused.headers["HX-Push-Url"] == "false"
    assert "Not saved yet" in refused.text
    saved = client.post(f"{game}/rounds", data=round_form("JAZZY", "", "", out=0),
                        headers={"HX-Request": "true", "HX-Boosted": "true"})
    assert saved.status_code == 303 and "HX-Push-Url" not in saved.headers


def test_the_game_page_lists_its_saved_forms_for_the_phones_drafts(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "", "", out=0, nonce="draft-one"))
    page = client.get(game).text
    assert re.search(r'data-saved="[^"]*\bdraft-one\b', page)
    assert "data-saved" not in client.application.test_client().get(game).text  # not a watcher's


def test_the_app_installs_and_opens_offline(client):
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and "javascript" in worker.headers["Content-Type"]
    assert "/offline" in worker.text and client.get("/offline").status_code == 200
    manifest = client.get("/static/manifest.webmanifest").get_json(force=True)
    assert {"192x192", "512x512"} <= {i["sizes"] for i in manifest["icons"]}
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200


def test_a_phone_that_brings_a_newer_version_wakes_the_others_waiting(app):
    """A stream opened after a change (its page already shows it) may reach this process before
    the poller does: the streams still waiting on the older version hear of it from it, not
    only at their next keep-alive (a watcher once missed a challenge for 15 s that way)."""
    hub = live.Hub(app)
    heard = []
    waiting = threading.Thread(target=lambda: heard.append(hub.wait(1, 2, timeout=10)), daemon=True)
    waiting.start()
    wait_for(lambda: hub.followers.get(1) == 1, "the stream to wait")
    assert heard == []  # nothing new yet: it waits
    assert hub.wait(1, 3, timeout=0.01) == 3  # a phone that already shows version 3
    waiting.join(timeout=2)
    assert heard == [3]


@pytest.mark.databases("postgresql")
def test_the_live_poller_outlives_a_connection_the_database_drops(app, client, game):
    """PostgreSQL restarts (or an administrator ends a connection) while the poller is in the
    middle of asking: its connection dies before it is handed back. The phones waiting still
    hear the next round: the poller goes on with a new connection (it once died there, and the
    streams waiting heard nothing until another phone opened one)."""
    hub = live.Hub(app)
    dropped = threading.Event()

    def drop_the_pollers_connection(conn, cursor, statement, *args):
        if threading.current_thread().name == "live-poller" and not dropped.is_set():
            dropped.set()
            pid = conn.connection.dbapi_connection.info.backend_pid
            other = db.engine.raw_connection()  # as the administrator would, from elsewhere
            try:
                other.cursor().execute(text("SELECT pg_terminate_backend(%s)").text, (pid,))
                other.commit()
            finally:
                other.close()

    with app.app_context():
        event.listen(db.engine, "after_cursor_execute", drop_the_pollers_connection)
    try:
        heard = []
        waiting = threading.Thread(target=lambda: heard.append(hub.wait(1, 0, timeout=8)), daemon=True)
        waiting.start()
        wait_for(dropped.is_set, "the poller to ask, and lose its connection")
        client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
        waiting.join(timeout=10)
        with app.app_context():
            last = db.session.get(Game, 1).plays[-1].id
        assert heard == [last], "the stream waiting did not hear the round saved"
    finally:
        with app.app_context():
            event.remove(db.engine, "after_cursor_execute", drop_the_pollers_connection)


def test_the_command_line_hands_a_game_over_by_its_address_or_id(app, client, game):
    """`flask games handover GAME` (a lost phone): GAME as the address or its id; the link it
    prints makes another phone the scorekeeper."""
    runner = app.test_cli_runner()
    for given in (f"http://192.168.1.5:5000{game}", game.rsplit("/", 1)[1].upper()):
        result = runner.invoke(args=["games", "handover", given])
        assert result.exit_code == 0, result.output
        link = re.search(rf"http://\S+{game}/take/(\w+)", result.output)
        assert link, result.output
    phone = app.test_client()
    assert phone.post(f"{game}/take/{link.group(1)}").status_code == 303
    assert 'id="round-form"' in phone.get(game).text
    missing = runner.invoke(args=["games", "handover", "/games/" + "a" * 12])
    assert missing.exit_code != 0 and "There is no game" in missing.output
