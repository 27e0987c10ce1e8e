"""Games: the list, a new game, the scoreboard and the history."""

from __future__ import annotations

import unicodedata

import segno
from flask import Blueprint, flash, redirect, render_template, request, session, url_for
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from .extensions import db
from .history import describe_log
from .models import NAME_MAX, Game
from .rules import foot
from .web import (commit, is_scorekeeper, keep_token, load_game, new_nonce, render,
                  scorekeeper_game, whole_number)

bp = Blueprint("games", __name__)

SEATS = 4


#: How many games a phone remembers (its session cookie stays small).
REMEMBERED = 40


def remember(game: Game) -> None:
    """This phone started or opened the game: its home page lists it."""
    known = [g for g in session.get("games", []) if isinstance(g, int)]
    if known[:1] != [game.id]:
        session["games"] = [game.id, *(g for g in known if g != game.id)][:REMEMBERED]
        session.permanent = True


@bp.get("/")
def home():
    """This phone's games (those it started or opened), in progress and finished, newest
    first. Other tables' games are not listed: a game is reached by its address."""
    known = [g for g in session.get("games", []) if isinstance(g, int)]
    games = db.session.scalars(
        select(Game).where(Game.id.in_(known))
        .options(selectinload(Game.players), selectinload(Game.plays))
        .order_by(Game.id.desc())).all() if known else []
    listed = [(game, game.tally()) for game in games]
    return render_template(
        "home.html",
        playing=[(g, t) for g, t in listed if not t.finished],
        finished=[(g, t) for g, t in listed if t.finished])


def read_new_game(form) -> tuple[dict, dict]:
    """The new-game form as (values, errors)."""
    errors: dict[str, str] = {}
    ruleset = form.get("ruleset", "")
    if ruleset not in foot.VARIANTS:
        errors["ruleset"] = "Choose FOOT! or ZOOT!."
    names: list[str] = []
    dealer = None
    for i in range(SEATS):
        name = " ".join(form.get(f"name-{i}", "").split())
        if not name:
            continue
        if len(name) > NAME_MAX:
            errors[f"name-{i}"] = f"Keep names to {NAME_MAX} characters."
        elif any(unicodedata.category(c).startswith("C") for c in name):
            errors[f"name-{i}"] = "Names cannot hold control characters."
        elif name.casefold() in (n.casefold() for n in names):
            errors[f"name-{i}"] = "Two players have this name: tell them apart."
        if form.get("dealer") == str(i):
            dealer = len(names)
        names.append(name)
    if not 2 <= len(names) <= SEATS:
        errors["players"] = "A game needs 2 to 4 players: type their names in seat order."
    elif dealer is None:
        errors["dealer"] = "Choose who deals first."
    return {"ruleset": ruleset, "names": names, "dealer": dealer}, errors


@bp.route("/games/new", methods=["GET", "POST"])
def new():
    """Start a game: the variant, the players in seat order, the first dealer."""
    if request.method == "GET":
        return render_template("new_game.html", form={}, errors={})
    values, errors = read_new_game(request.form)
    if errors:
        return render_template("new_game.html", form=request.form, errors=errors), 422
    game, token = Game.start(values["ruleset"], values["names"], values["dealer"])
    db.session.add(game)
    commit()
    remember(game)
    return keep_token(redirect(url_for("games.show", game_id=game.id), 303), game, token)


def typed_previews(game: Game, values) -> list[foot.WordPreview]:
    """Points beside each word of a round form, from what has been typed."""
    words = [foot.normalize(values.get(f"word-{seat}", ""))[:64]
             for seat in range(len(game.players))]
    return foot.preview(game.variant, words, whole_number(values.get("out")))


def game_context(game: Game, form=None, **extra) -> dict:
    """What the game page shows; `form` holds a round form being corrected."""
    form = form or {}
    tally = game.tally()
    context = dict(game=game, tally=tally, names=game.names,
                   scorekeeper=is_scorekeeper(game), nonce=form.get("nonce") or new_nonce(),
                   undo=undo_target(game, tally), form=form, errors={},
                   previews=typed_previews(game, form))
    context.update(extra)
    return context


def undo_target(game: Game, tally: foot.Tally):
    """The last entry that Undo would take back, with its description."""
    return next(iter(reversed(describe_log(game, tally, undoable_only=True))), None)


@bp.get("/games/<id:game_id>")
def show(game_id: int):
    """The scoreboard, the rounds so far and, for the scorekeeper, the next round."""
    game = load_game(game_id)
    if not request.headers.get("HX-Request"):  # a watcher's refresh changes nothing
        remember(game)
    return render("game.html", "_scoreboard.html", **game_context(game))


@bp.get("/games/<id:game_id>/history")
def history(game_id: int):
    """Every entry ever made in this game, undone ones included."""
    game = load_game(game_id)
    return render_template("history.html", game=game, entries=describe_log(game, game.tally()))


@bp.route("/games/<id:game_id>/handover", methods=["GET", "POST"])
def handover(game_id: int):
    """Hand the scorekeeping to another phone: a link that works once, for ten minutes.
    POST makes a new link (the last one stops working); GET shows it again, for a reload."""
    game = scorekeeper_game(game_id)
    if request.method == "POST":
        session["handover"] = [game.id, game.offer_handover()]  # this phone's own cookie
        commit()
        return redirect(url_for("games.handover", game_id=game.id), 303)
    shown_id, code = session.get("handover") or [None, None]
    if shown_id != game.id or not game.handover_open(code):
        return render_template("handover.html", game=game, link=None)
    link = url_for("games.take_over", game_id=game.id, code=code, _external=True)
    return render_template("handover.html", game=game, link=link,
                           qr=segno.make(link, error="m").svg_data_uri(scale=5, border=2))


@bp.route("/games/<id:game_id>/take/<code>", methods=["GET", "POST"])
def take_over(game_id: int, code: str):
    """Keep score for this game on this phone, with the link the scorekeeper's phone showed."""
    game = load_game(game_id)
    if request.method == "GET":  # a link preview must not use the code up: ask first
        return render_template("take_over.html", game=game, code=code)
    token = game.take_over(code[:64])
    if token is None:
        return render_template(
            "error.html", code=403, message="This link has expired or was already used.",
            detail="Ask the phone keeping score for a new one: Hand over, at the foot of the game."), 403
    commit()
    remember(game)
    flash("This phone keeps score now. The phone that kept score until now only watches.")
    return keep_token(redirect(url_for("games.show", game_id=game.id), 303), game, token)
