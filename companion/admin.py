"""The admin view: every game and word list on this server, their sizes, and a way
to delete them. It exists only when the environment holds a secret (COMPANION_ADMIN_SECRET,
16 characters at least); otherwise every /admin address is a 404 like any unknown page.

Whoever types the secret is signed in: their session holds the time they signed in and a
random token, and the database a key made of the token and the secret (AdminSession). So
changing the secret signs everyone out, a sign-in lasts an evening at most, and signing out
deletes the key: a copy of the cookie taken before stops working too. Without it, /admin
shows the sign-in form and any other form is a 403. An address that typed SIGN_IN_TRIES
wrong secrets waits ten minutes (counted in the database: attempts.py).
"""

from __future__ import annotations

import hashlib
import hmac
import math
import os
import secrets
import time
from datetime import timedelta

from flask import (Blueprint, Flask, abort, current_app, flash, redirect, render_template,
                   request, session, url_for)
from sqlalchemy import delete, func, select, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import selectinload

from . import attempts, word_lists
from .extensions import db
from .models import AdminSession, Game, Play, Player, WordList, _now
from .registry import RULESETS
from .rules.base import MAX_ID
from .web import commit, retried, whole_number

bp = Blueprint("admin", __name__, url_prefix="/admin")

SECRET_MIN = 16  # characters: a shorter secret leaves the admin view off
SIGNED_IN_FOR = 12 * 60 * 60  # seconds: an evening, like a form's CSRF token
PER_PAGE = 50
SESSION_KEY = "admin"
SIGN_IN_TRIES = 10  # wrong secrets from one address in ten minutes


def register(app: Flask) -> None:
    """Add the admin view when ADMIN_SECRET is long enough; a shorter one is a mistake the
    operator hears about at startup."""
    configured = app.config.get("ADMIN_SECRET") or ""
    if not configured:
        return
    if not isinstance(configured, str) or len(configured) < SECRET_MIN:
        app.logger.warning("COMPANION_ADMIN_SECRET is shorter than %d characters: the admin "
                           "view is off.", SECRET_MIN)
        return
    app.register_blueprint(bp)


def _secret() -> str | None:
    configured = current_app.config.get("ADMIN_SECRET") or ""
    return configured if isinstance(configured, str) and len(configured) >= SECRET_MIN else None


def _key(secret: str, issued: int, token: str) -> str:
    """The database's key for a sign-in: only this secret and this token make it."""
    return hmac.new(secret.encode(), f"companion admin signed in {issued} {token}".encode(),
                    hashlib.sha256).hexdigest()


def _signed_in_as() -> str | None:
    """This browser's sign-in key, when it signed in with the current secret less than
    SIGNED_IN_FOR ago and has not signed out since."""
    secret, value = _secret(), session.get(SESSION_KEY)
    if secret is None or not isinstance(value, str):
        return None
    issued_text, _, token = value.partition(".")
    issued = whole_number(issued_text, high=10**12)
    if issued is None or not 0 <= time.time() - issued < SIGNED_IN_FOR or not token:
        return None
    key = _key(secret, issued, token)
    return key if db.session.get(AdminSession, key) is not None else None


def signed_in() -> bool:
    return _signed_in_as() is not None


def _digest(value: str) -> bytes:
    return hashlib.sha256(value.encode("utf-8", "surrogatepass")).digest()


def _refused(message: str):
    return render_template("error.html", code=403, message=message,
                           detail="Nothing was changed."), 403


@bp.before_request
def guard():
    """No secret: no admin view. A form from a browser that is not signed in: 403."""
    if _secret() is None:
        abort(404)
    if request.method == "POST" and request.endpoint != "admin.sign_in" and not signed_in():
        return _refused("Sign in to the admin view first.")
    return None


@bp.after_request
def not_kept(response):
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/sign-in")
def sign_in():
    if attempts.blocked("admin", request.remote_addr, SIGN_IN_TRIES):
        return render_template("admin_sign_in.html", error=(
            "Too many wrong secrets from this address: wait ten minutes.")), 429
    typed = request.form.get("secret", "")
    if not hmac.compare_digest(_digest(typed), _digest(_secret())):
        current_app.logger.warning("admin sign-in refused (from %s)", request.remote_addr)
        attempts.add("admin", request.remote_addr)
        return render_template("admin_sign_in.html",
                               error="That is not the admin secret."), 403
    issued, token = int(time.time()), secrets.token_urlsafe(24)
    db.session.execute(delete(AdminSession).where(  # sign-ins past their evening
        AdminSession.created_at < _now() - timedelta(seconds=SIGNED_IN_FOR)))
    db.session.add(AdminSession(token_hash=_key(_secret(), issued, token)))
    commit()
    session[SESSION_KEY] = f"{issued}.{token}"
    flash("Signed in to the admin view.")
    return redirect(url_for("admin.index"), 303)


@bp.post("/sign-out")
def sign_out():
    """Sign this browser out, and every copy of its cookie: its key leaves the database."""
    key = _signed_in_as()
    if key is not None:
        db.session.execute(delete(AdminSession).where(AdminSession.token_hash == key))
        commit()
    session.pop(SESSION_KEY, None)
    flash("Signed out of the admin view.")
    return redirect(url_for("admin.index"), 303)


def _page_arg(name: str) -> int:
    """A page number from the address: 1 for anything that is not one (², -1, 10^20)."""
    return whole_number(request.args.get(name), low=1, high=MAX_ID) or 1


def game_name(game: Game) -> str:
    ruleset = RULESETS.get(game.ruleset)
    return ruleset.name if ruleset else game.ruleset


def database_size() -> int | None:
    """The database's size in bytes, when it costs nothing to ask (SQLite, PostgreSQL)."""
    engine = db.engine
    try:
        if engine.dialect.name == "sqlite":
            path = engine.url.database
            if not path or path == ":memory:" or path.startswith("file:"):
                return None
            return sum(os.path.getsize(p) for p in (path, f"{path}-wal") if os.path.exists(p))
        if engine.dialect.name == "postgresql":
            return db.session.scalar(text("SELECT pg_database_size(current_database())"))
    except (OSError, OperationalError):
        db.session.rollback()
    return None


def human_size(size: int | None) -> str:
    """A size in bytes as the page shows it.

    >>> human_size(1234), human_size(5 * 1024 * 1024), human_size(900)
    ('1.2 KB', '5.0 MB', '900 bytes')
    """
    if size is None:
        return ""
    if size < 1024:
        return f"{size} bytes"
    for unit in ("KB", "MB", "GB", "TB"):
        size /= 1024
        if size < 1024 or unit == "TB":
            return f"{size:.1f} {unit}"
    return ""  # not reached


def _count(model) -> int:
    return db.session.scalar(select(func.count()).select_from(model))


@bp.get("")
def index():
    """Signed in: every game (newest first) and every word list, in pages of PER_PAGE, and
    the totals. Otherwise the sign-in form."""
    if not signed_in():
        return render_template("admin_sign_in.html", error=None)
    for name in word_lists.clear_cut_off():
        flash(f"Deleted the word list “{name}”: its import was cut off.")
    page, lists_page = _page_arg("page"), _page_arg("lists")
    plays = (select(func.count(Play.id)).where(Play.game_id == Game.id)
             .correlate(Game).scalar_subquery())
    games = db.session.execute(
        select(Game, plays).options(selectinload(Game.players)).order_by(Game.id.desc())
        .limit(PER_PAGE).offset((page - 1) * PER_PAGE)).all()
    lists = db.session.execute(
        select(WordList, Game.public_id).outerjoin(Game, Game.id == WordList.game_id)
        .order_by(WordList.id.desc()).limit(PER_PAGE).offset((lists_page - 1) * PER_PAGE)).all()
    totals = {"games": _count(Game), "plays": _count(Play), "lists": _count(WordList),
              "words": word_lists.words_stored(), "room": word_lists.max_words(),
              "size": human_size(database_size())}
    return render_template(
        "admin.html", games=[(g, n, game_name(g)) for g, n in games], lists=lists,
        totals=totals, page=page, lists_page=lists_page,
        pages=max(1, math.ceil(totals["games"] / PER_PAGE)),
        lists_pages=max(1, math.ceil(totals["lists"] / PER_PAGE)))


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


@bp.post("/games/<game:game_id>/delete")
def delete_game(game_id: str):
    """Delete a game with its players, its plays and its own word lists."""
    game = db.session.scalar(select(Game).where(Game.public_id == game_id)
                             .options(selectinload(Game.players)))
    if game is None:
        abort(404)
    row, names, name = game.id, ", ".join(game.names), game_name(game)
    plays = db.session.scalar(select(func.count(Play.id)).where(Play.game_id == row))
    own_lists = db.session.scalars(select(WordList.id).where(WordList.game_id == row)).all()
    for list_id in own_lists:  # a chunk at a time: a big list holds no long transaction
        word_lists.delete_list(list_id)
    _delete_game_rows(row)
    flash(f"Deleted the {name} game {game_id} ({names}) with its {_plural(plays, 'play')}"
          + (f" and {_plural(len(own_lists), 'word list')}." if own_lists else "."))
    return redirect(url_for("admin.index"), 303)


def _delete_game_rows(row: int) -> None:
    """The game, its plays and players (and any list imported meanwhile) in one transaction,
    by bulk statements; retried when the database is locked for a moment."""
    def work() -> None:
        # PostgreSQL: a play saved at this moment waits, then finds no game
        db.session.execute(select(Game.id).where(Game.id == row).with_for_update())
        for model in (Play, Player, WordList):
            db.session.execute(delete(model).where(model.game_id == row),
                               execution_options={"synchronize_session": False})
        db.session.execute(delete(Game).where(Game.id == row),
                           execution_options={"synchronize_session": False})
        db.session.commit()

    retried(work, retries=2)


@bp.post("/lists/<id:list_id>/delete")
def delete_list(list_id: int):
    """Delete a word list, whoever imported it (games that used it go back to the built-in
    list)."""
    found = db.session.execute(
        select(WordList.name, WordList.words, Game.public_id)
        .outerjoin(Game, Game.id == WordList.game_id).where(WordList.id == list_id)).first()
    if found is None:
        abort(404)
    name, words, owner = found
    word_lists.delete_list(list_id)
    flash(f"Deleted the word list “{name}” ({_plural(words, 'word')}, "
          + (f"game {owner}" if owner else "every game") + ").")
    return redirect(url_for("admin.index"), 303)
