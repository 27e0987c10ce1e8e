"""What every blueprint shares: reading numbers and ids, finding a game, who may change it,
saving a play, answering htmx."""

from __future__ import annotations

import io
import secrets
import threading
import time
from collections import OrderedDict
from functools import lru_cache

import segno
from flask import abort, current_app, flash, make_response, render_template, request
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import selectinload
from werkzeug.exceptions import Forbidden, ServiceUnavailable
from werkzeug.routing import BaseConverter, ValidationError

from . import rooms
from .extensions import db
from .models import CODE_LETTERS, PUBLIC_ID_LENGTH, Game, Play
from .rules.base import whole_number  # noqa: F401  (views read numbers through web)

TOKEN_MAX_AGE = 60 * 60 * 24 * 365


class IdConverter(BaseConverter):
    """`<id:round_id>` in a route: digits 0-9 naming a row that can exist; anything else is a 404
    before the database is asked (nine digits at most: a longer id matches no route at all,
    so no other route's methods are offered for it)."""

    regex = r"[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        number = whole_number(value)
        if number is None:
            raise ValidationError()
        return number

    def to_url(self, value) -> str:
        return str(int(value))


class GameIdConverter(BaseConverter):
    """`<game:game_id>` in a route: a game's public id (models.new_public_id), which is random;
    anything else matches no route."""

    regex = f"[{CODE_LETTERS.lower()}]{{{PUBLIC_ID_LENGTH}}}"


def cookie_name(game: Game) -> str:
    return f"game_{game.public_id}"


def load_game(public_id: str, plays: bool = True) -> Game:
    """The game at /games/<public_id>, with its players and (unless `plays` is False: they are
    then read if asked for) its plays; a 404 when there is none."""
    options = [selectinload(Game.players)] + ([selectinload(Game.plays)] if plays else [])
    game = db.session.scalar(select(Game).where(Game.public_id == public_id).options(*options))
    if game is None:
        abort(404)
    return game


def is_scorekeeper(game: Game) -> bool:
    return game.token_matches(request.cookies.get(cookie_name(game)))


class NotScorekeeper(Forbidden):
    """A phone that does not keep this game's score (it handed over) asked to change it:
    answered with the game as it now sees it (games.only_watching), never a bare 403."""

    def __init__(self, game: Game):
        super().__init__()
        self.game = game


def scorekeeper_game(public_id: str) -> Game:
    """The game, for a view that changes it: 403 for any phone but the scorekeeper's."""
    game = load_game(public_id)
    if not is_scorekeeper(game):
        raise NotScorekeeper(game)
    return game


def keep_token(response, game: Game, token: str):
    response.set_cookie(cookie_name(game), token, max_age=TOKEN_MAX_AGE,
                        path=f"/games/{game.public_id}", httponly=True, samesite="Lax",
                        secure=current_app.config.get("SESSION_COOKIE_SECURE", False))
    return response


def new_nonce() -> str:
    return secrets.token_urlsafe(12)


BUSY = "Companion was busy for a moment and nothing was saved: tap the button again."


class DatabaseBusy(ServiceUnavailable):
    """The database stayed locked through every retry: nothing was saved."""

    description = BUSY


def retried(work, retries: int = 1) -> None:
    """Run `work` (statements ending in a commit). A locked database (a word list importing
    holds it for a moment at a time) rolls it back, and it runs again a moment later, up to
    `retries` times; then DatabaseBusy, with nothing saved."""
    for attempt in range(retries + 1):
        try:
            work()
            return
        except OperationalError:
            db.session.rollback()
            if attempt == retries:
                raise DatabaseBusy() from None
            time.sleep(0.25 * (attempt + 1))


def commit(retries: int = 1) -> None:
    """Commit the session, retried while the database is locked (`retried`)."""
    pending = list(db.session.new)

    def work() -> None:
        db.session.add_all(pending)  # a rollback forgot them
        db.session.commit()

    retried(work, retries)


class GameMoved(Exception):
    """Another play of the game was saved after this one was checked: nothing was saved,
    and the checks are to run again on the game as it is now."""


def already_saved(game: Game, nonce: str | None) -> bool:
    """Whether a form with this one-time id was saved already (a double tap, a replay whose
    answer was lost)."""
    nonce = (nonce or "")[:32]
    return bool(nonce) and any(p.nonce == nonce for p in game.plays)


def append_play(game: Game, kind: str, data: dict, nonce: str | None = None,
                version: int | None = None) -> bool:
    """Append one play and commit. False (and nothing saved) when this form's
    nonce was already used: a replayed or double-tapped form. A play too large, or past the
    game's or the server's room, raises (rooms.py) with nothing saved. With `version` (the
    last play the checks saw), GameMoved when another play came after it: two phones saving
    the same round at the same moment make one round, and the other is checked again."""
    nonce = (nonce or "")[:32] or None
    if already_saved(game, nonce):
        flash("That was already saved.")
        return False
    rooms.check_play(game, data)  # PlayRefused or NoRoom: nothing saved
    play = Play(game_id=game.id, kind=kind, data=data, nonce=nonce)
    db.session.add(play)

    def after_the_others() -> None:
        # One save of a game at a time: PostgreSQL locks the game's row (before the insert,
        # which would share-lock it), SQLite's insert takes its one write lock; then any
        # play saved since the checks is seen.
        db.session.add(play)  # a rollback (a locked database, retried) forgot it
        with db.session.no_autoflush:
            db.session.execute(select(Game.id).where(Game.id == game.id).with_for_update())
        db.session.flush()
        latest = db.session.scalar(select(func.max(Play.id)).where(
            Play.game_id == game.id, Play.id != play.id))
        if (latest or 0) != version:
            db.session.rollback()
            raise GameMoved()
        db.session.commit()

    try:
        commit() if version is None else retried(after_the_others)
    except IntegrityError:  # the same form, saved a moment ago by another request
        db.session.rollback()
        flash("That was already saved.")
        return False
    return True


def render(page: str, partial: str, status: int = 200, **context):
    """The whole page, or just its partial when htmx asks for a region (not a boost)."""
    htmx_region = request.headers.get("HX-Request") and not request.headers.get("HX-Boosted")
    response = make_response(render_template(partial if htmx_region else page, **context), status)
    response.vary.add("HX-Request")
    return response


class Recent:
    """A map that keeps its `size` most recently used entries (the oldest go first), shared
    by a process's threads and greenlets: whatever a process keeps for its phones stays
    bounded, however many phones come."""

    def __init__(self, size: int):
        self.size, self.entries, self.lock = size, OrderedDict(), threading.Lock()

    def get(self, key, default=None):
        with self.lock:
            if key not in self.entries:
                return default
            self.entries.move_to_end(key)
            return self.entries[key]

    def put(self, key, value) -> None:
        with self.lock:
            self.entries[key] = value
            self.entries.move_to_end(key)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)


@lru_cache(maxsize=256)
def qr(link: str) -> str:
    """A QR code of `link` as an SVG data URL (the page's CSP allows data: images); made once
    per address (a game page shows its own on every load)."""
    return segno.make(link, error="m").svg_data_uri(scale=5, border=2)


@lru_cache(maxsize=256)
def qr_svg(link: str) -> bytes:
    """A QR code of `link` as an SVG file (the share box's image: games.qr_code)."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=5, border=2)
    return out.getvalue()


def upload_limit(max_bytes: int):
    """Let this view accept a request body up to max_bytes (the app's default is small)."""
    def mark(view):
        view.upload_limit = max_bytes
        return view
    return mark
