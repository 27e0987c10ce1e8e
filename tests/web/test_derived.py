"""A game's page is derived once per version of the game (companion/derived.py): a page or a
refresh of a game that did not change reads none of its plays, however long the game, and
what is kept is never stale nor another phone's."""

from __future__ import annotations

import re

from sqlalchemy import event, select

from companion.extensions import db
from companion.models import Game
from tests.helpers import new_game, public_id, round_form, totals

WORDS = ["JAZZY", "QUOTA", "FJORD", "OXBOW", "WAXES"]


def play_rows_read(app, fetch) -> int:
    """How many statements reading the play table's rows (not only its highest id) `fetch()`
    sends to the database."""
    seen = []

    def count(conn, cursor, statement, parameters, context, executemany):
        text = " ".join(statement.split()).lower()
        if re.search(r"\bfrom play\b", text) and "max(play.id)" not in text:
            seen.append(text)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        fetch()
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return len(seen)


def unsigned(html: str) -> str:
    """A page without its CSRF tokens (signed anew every second)."""
    return re.sub(r'(csrf_token" value="|X-CSRFToken": ")[^"]+', r"\1", html)


def long_game(client, rounds: int) -> str:
    game = new_game(client)
    for n in range(rounds):
        form = round_form(*(WORDS[(n + s) % 5] for s in range(3)), out=n % 3)
        assert client.post(f"{game}/rounds", data=form).status_code == 303
    return game


def test_an_unchanged_game_is_shown_without_reading_its_plays(app, client):
    game = long_game(client, 30)
    watcher = app.test_client()
    first = watcher.get(game).text  # the first phone to ask after a change derives the page
    for phone in (watcher, client, app.test_client()):
        for headers in ({}, {"HX-Request": "true"}):
            assert play_rows_read(app, lambda: phone.get(game, headers=headers)) == 0
    assert unsigned(watcher.get(game).text) == unsigned(first)  # the same page, kept
    assert len(re.findall(r"<tr", watcher.get(game, headers={"HX-Request": "true"}).text)) > 30


def test_every_change_is_shown_at_once_to_every_phone(app, client):
    """A save, an edit and an undo each make a new version: no phone is shown the old one."""
    game = long_game(client, 3)
    watcher = app.test_client()
    before = totals(watcher.get(game).text)
    client.post(f"{game}/rounds", data=round_form("JAZZY", "", "", out=0))
    after = totals(watcher.get(game).text)
    assert after[0] > before[0] and totals(client.get(game).text) == after
    assert totals(watcher.get(game, headers={"HX-Request": "true"}).text) == after
    last = re.search(r'name="play" value="(\d+)"', client.get(game).text).group(1)
    client.post(f"{game}/undo", data={"play": last})
    assert totals(watcher.get(game).text) == before == totals(client.get(game).text)
    last_round = re.findall(r"/rounds/(\d+)/edit", client.get(game).text)[-1]
    client.post(f"{game}/rounds/{last_round}/edit", data=round_form("", "FJORD", "", out=1))
    edited = totals(watcher.get(game).text)
    assert edited != before and totals(client.get(game).text) == edited


def test_the_kept_page_carries_each_phones_own_form_token(app):
    """The scorekeeper's live region is kept too, with its forms' CSRF token left out: each
    phone keeping score gets its own token, which its own session accepts."""
    keeper = app.test_client()
    url = new_game(keeper, names=("Ann", "Bo", "Cy", "Di"), ruleset="poker")
    game = f"/games/{public_id(url)}"
    # the game ended: the rematch form is in the region
    assert keeper.post(f"{game}/plays/game-end").status_code == 303
    with app.app_context():  # a second phone keeps score too
        row = db.session.scalar(select(Game).where(Game.public_id == public_id(url)))
        code = row.offer_handover(keep=True)
        db.session.commit()
    other = app.test_client()
    assert other.post(f"{game}/take/{code}").status_code == 303
    app.config["WTF_CSRF_ENABLED"] = True
    pages = {}
    for phone in (keeper, other, keeper, other):
        region = phone.get(game, headers={"HX-Request": "true"}).text
        assert "\x00" not in region and "Rematch" in region
        pages.setdefault(phone, []).append(
            re.search(r'name="csrf_token" value="([^"]+)"', region).group(1))
    assert pages[keeper][0] != pages[other][0]
    rematch = re.search(r'action="(/games/\w+/rematch)"', region).group(1)
    refused = other.post(rematch, data={"csrf_token": pages[keeper][-1]})
    assert refused.status_code == 400  # another session's token
    assert other.post(rematch, data={"csrf_token": pages[other][-1]}).status_code == 303
