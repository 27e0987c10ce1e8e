"""Games: the list, a new game, the scoreboard (a page, or JSON), the history, handing over.
Everything game-specific comes from the game's ruleset (companion/rules/)."""

from __future__ import annotations

import unicodedata

import segno
from flask import Blueprint, flash, jsonify, redirect, render_template, request, session, url_for
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from .extensions import db
from .history import describe_log
from .models import NAME_MAX, Game
from .rules import RULESETS, startable
from .rules.base import Standings
from .web import (commit, is_scorekeeper, keep_token, load_game, new_nonce, render,
                  scorekeeper_game)

bp = Blueprint("games", __name__)

#: Name fields on the new-game form: the most seats any game has.
SEATS = max(r.seats[1] for r in RULESETS.values() if r.startable)
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
    listed = [(game, game.standings()) for game in games]
    return render_template(
        "home.html",
        playing=[(g, t) for g, t in listed if not t.finished],
        finished=[(g, t) for g, t in listed if t.finished])


def read_new_game(form) -> tuple[dict, dict]:
    """The new-game form as (values, errors)."""
    errors: dict[str, str] = {}
    rules = RULESETS.get(form.get("ruleset", ""))
    settings = {}
    if rules is None or not rules.startable:
        errors["ruleset"] = "Choose a game: " + ", ".join(r.name for r in startable()) + "."
    else:
        settings, errors = rules.read_settings(form)
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
    fewest, most = rules.seats if rules else (2, SEATS)
    if not fewest <= len(names) <= most:
        errors["players"] = (f"A game needs {fewest} to {most} players: type their names in "
                             "seat order.")
    elif rules and rules.players_problem(settings, len(names)):
        errors["players"] = rules.players_problem(settings, len(names))
    elif dealer is None:
        errors["dealer"] = rules.first_question if rules else "Choose who deals first."
    return {"ruleset": rules and rules.key, "names": names, "dealer": dealer,
            "settings": settings}, errors


@bp.route("/games/new", methods=["GET", "POST"])
def new():
    """Start a game: which one and its settings, the players in seat order, the first dealer."""
    if request.method != "POST":
        return render_template("new_game.html", form={}, errors={}, games=startable(), seats=SEATS)
    values, errors = read_new_game(request.form)
    if errors:
        return render_template("new_game.html", form=request.form, errors=errors,
                               games=startable(), seats=SEATS), 422
    game, token = Game.start(values["ruleset"], values["names"], values["dealer"],
                             values["settings"])
    db.session.add(game)
    commit()
    remember(game)
    return keep_token(redirect(url_for("games.show", game_id=game.id), 303), game, token)


def game_context(game: Game, form=None, **extra) -> dict:
    """What the game page shows; `form` holds an entry form being corrected."""
    form = form or {}
    standings = game.standings()
    context = dict(game=game, rules=game.rules, settings=game.rule_settings,
                   standings=standings, names=game.names,
                   scorekeeper=is_scorekeeper(game), nonce=form.get("nonce") or new_nonce(),
                   undo=undo_target(game, standings), form=form, errors={},
                   preview=preview_of(game, form))
    context.update(extra)
    return context


def preview_of(game: Game, values):
    """What the entry form shows beside each player as it is filled in."""
    return game.rules.preview(values, len(game.players), game.rule_settings, game.standings())


def undo_target(game: Game, standings: Standings):
    """The last entry that Undo would take back, with its description."""
    return next(iter(reversed(describe_log(game, standings, undoable_only=True))), None)


@bp.get("/games/<id:game_id>")
def show(game_id: int):
    """The scoreboard, the rounds so far and, for the scorekeeper, the next round."""
    game = load_game(game_id)
    if not request.headers.get("HX-Request"):  # a watcher's refresh changes nothing
        remember(game)
    return render("game.html", f"games/{game.rules.template}/_scoreboard.html", **game_context(game))


@bp.get("/games/<id:game_id>/history")
def history(game_id: int):
    """Every entry ever made in this game, undone ones included."""
    game = load_game(game_id)
    return render_template("history.html", game=game, entries=describe_log(game, game.standings()))


@bp.get("/games/<id:game_id>.json")
def standings_json(game_id: int):
    """The standings as JSON, for scripts and a scoreboard on a TV: anyone with the address."""
    game = load_game(game_id)
    standings = game.standings()
    names = game.names
    sides = game.rules.sides(names, standings)  # players, or teams
    response = jsonify({
        "id": game.id, "ruleset": game.rules.key, "name": game.rules.name,
        "settings": game.rule_settings, "players": names,
        "totals": dict(zip(sides, standings.totals)), "finished": standings.finished,
        "leaders": [sides[s] for s in standings.leaders],
        "winners": [sides[s] for s in standings.winners],
        "losers": [sides[s] for s in standings.losers],
        "dealer": names[standings.dealer] if standings.dealer is not None else None,
        "rows": [row.as_json() for row in standings.rows],
        "unread_plays": list(standings.unread)})
    response.headers["Cache-Control"] = "no-cache"
    return response


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
    if request.method != "POST":  # a link preview (GET or HEAD) must not use the code up
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
