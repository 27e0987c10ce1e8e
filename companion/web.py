"""What every blueprint shares: finding a game, who may change it, answering htmx."""

from __future__ import annotations

import secrets

from flask import abort, flash, make_response, render_template, request
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from .extensions import db
from .models import Game, Play

TOKEN_MAX_AGE = 60 * 60 * 24 * 365


def cookie_name(game: Game) -> str:
    return f"game_{game.id}"


def load_game(game_id: int) -> Game:
    game = db.session.get(Game, game_id, options=[
        selectinload(Game.players), selectinload(Game.plays)])
    if game is None:
        abort(404)
    return game


def is_scorekeeper(game: Game) -> bool:
    return game.token_matches(request.cookies.get(cookie_name(game)))


def scorekeeper_game(game_id: int) -> Game:
    """The game, for a view that changes it: 403 for any phone but the scorekeeper's."""
    game = load_game(game_id)
    if not is_scorekeeper(game):
        abort(403)
    return game


def keep_token(response, game: Game, token: str):
    response.set_cookie(cookie_name(game), token, max_age=TOKEN_MAX_AGE,
                        path=f"/games/{game.id}", httponly=True, samesite="Lax")
    return response


def new_nonce() -> str:
    return secrets.token_urlsafe(12)


def append_play(game: Game, kind: str, data: dict, nonce: str | None = None) -> bool:
    """Append one play and commit. False (and nothing saved) when this form's
    nonce was already used: a replayed or double-tapped form."""
    nonce = (nonce or "")[:32] or None
    if nonce and any(p.nonce == nonce for p in game.plays):
        flash("That was already saved.")
        return False
    game.plays.append(Play(kind=kind, data=data, nonce=nonce))
    try:
        db.session.commit()
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


def upload_limit(max_bytes: int):
    """Let this view accept a request body up to max_bytes (the app's default is small)."""
    def mark(view):
        view.upload_limit = max_bytes
        return view
    return mark
