"""Rounds: enter one, see its points as it is typed, edit, delete, undo. The round form, its
checks and its preview are the game's own (its pages, its rules and templates/games/<key>/)."""

from __future__ import annotations

from functools import wraps

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from .derived import derived, undo_target
from .extensions import db
from .games import game_context, preview_of
from .history import describe_log
from .models import Game
from .rules.log import EDIT, UNDO, VOID
from .scans import SCAN_UPLOAD_LIMIT
from .web import (DatabaseBusy, GameMoved, already_saved, append_play, load_game, new_nonce,
                  scorekeeper_game, upload_limit)

bp = Blueprint("rounds", __name__, url_prefix="/games/<game:game_id>")


def checked_round(game: Game, form, round_id: int | None = None) -> tuple[dict, dict]:
    """Read a round form by the game's pages and check it by its rules; errors keyed by form
    field."""
    standings = game.standings()
    return game.pages.checked_round(form, len(game.players), game.rule_settings, standings,
                                    round_id)


def refused_as_stale(game: Game, kind: str, standings) -> str | None:
    """Why this play's form was typed against an earlier state of the game (another phone
    saved first), or None. Every way a play is saved asks here, so every game's forms are
    checked alike; a form with no `for` (a page kept from before it had one) goes through."""
    answered = request.form.get("for")
    if answered is None or already_saved(game, request.form.get("nonce")):
        return None  # (the same form sent again, its answer lost: append_play says it is saved)
    reason = game.pages.stale(kind, standings, answered[:20])
    taken = reason and game.rules.taken_by(kind, standings, answered[:20])
    if taken:  # what the other phone saved, named, to compare with what was typed
        text = next((e.text for e in describe_log(game, standings) if e.play.id == taken), None)
        reason += f" It reads: {text}." if text else ""
    if reason and kind == game.rules.row_kind:
        reason += (" What you typed is kept below: save it again if it is another "
                   f"{game.pages.row_name}.")
    return reason


def answered_version(game: Game) -> int | None:
    """The last play the checks of a form that says what it answers saw (append_play then
    makes sure no other came after it); None for a form from before (saved as it was)."""
    return max((p.id for p in game.plays), default=0) if "for" in request.form else None


def checked_again(view):
    """Run a saving view again when another phone's play came between its checks and its
    save (web.GameMoved): the second time its checks see that play (and refuse a round
    already saved). A few times at most: then the player taps again."""
    @wraps(view)
    def run(*args, **kwargs):
        for _ in range(3):
            try:
                return view(*args, **kwargs)
            except GameMoved:
                db.session.expire_all()
        raise DatabaseBusy()
    return run


def _edit_page(game: Game, row, form, errors, nonce, status=200):
    return render_template("edit_round.html", game=game, rules=game.rules, pages=game.pages, round=row,
                           names=game.names, settings=game.rule_settings,
                           standings=game.standings(), form=form, errors=errors, nonce=nonce,
                           preview=preview_of(game, form), saved=derived(game).saved), status


@bp.post("/rounds")
@upload_limit(SCAN_UPLOAD_LIMIT)  # a round form that scans carries the players' photo fields
@checked_again
def create(game_id: str):
    """Record the round just played."""
    game = scorekeeper_game(game_id)
    if game.standings().finished:
        flash("This game is over. Undo the last round to play on.")
        return redirect(url_for("games.show", game_id=game.public_id), 303)
    stale = refused_as_stale(game, game.rules.row_kind, game.standings())
    if stale:  # nothing saved: the page as it is now, with the form as typed
        context = game_context(game, form=request.form, errors={"round": stale}, stale=True)
        return render_template("game.html", **context), 409
    data, errors = checked_round(game, request.form)
    if errors:
        context = game_context(game, form=request.form, errors=errors)
        return render_template("game.html", **context), 422
    try:
        append_play(game, game.rules.row_kind, data, request.form.get("nonce"),
                    answered_version(game))
    except DatabaseBusy as busy:  # nothing saved: the form comes back as typed
        context = game_context(game, form=request.form, errors={"round": busy.description})
        return render_template("game.html", **context), 503
    return redirect(url_for("games.show", game_id=game.public_id, _anchor="scoreboard"), 303)


@bp.get("/rounds/opening")
def opening(game_id: str):
    """Hand and Foot's "Does this meld open?": the answer alone, swapped in beside its button
    (a game with no opening check has no such page)."""
    game = load_game(game_id)
    minimum = (game.standings().extra or {}).get("minimum")
    if getattr(game.rules, "opening", None) is None or minimum is None:
        abort(404)
    return render_template(f"games/{game.pages.template}/_opening.html", rules=game.rules,
                           melds=request.args.get("melds", "")[:80], minimum=minimum)


@bp.get("/rounds/preview")
def preview(game_id: str):
    """Points for each player as the form is filled in, swapped in beside each field."""
    game = load_game(game_id)
    return render_template(f"games/{game.pages.template}/_preview.html", game=game,
                           preview=preview_of(game, request.args))


@bp.route("/rounds/<id:round_id>/edit", methods=["GET", "POST"])
def edit(game_id: str, round_id: int):
    """Correct a round: the old version stays in the history."""
    game = scorekeeper_game(game_id)
    found = game.rules.editable(game.standings(), round_id)
    if found is None:
        flash(f"That {game.pages.row_name} no longer exists.")
        return redirect(url_for("games.show", game_id=game.public_id), 303)
    if request.method != "POST":
        return _edit_page(game, found, game.pages.round_values(found), {}, new_nonce())
    data, errors = checked_round(game, request.form, round_id)
    status = 422
    if not errors:
        if game.rules.same_round(found, data):
            flash("Nothing changed.")
            return redirect(url_for("games.show", game_id=game.public_id), 303)
        try:
            append_play(game, EDIT, {"round": round_id, **data}, request.form.get("nonce"))
            return redirect(url_for("games.show", game_id=game.public_id), 303)
        except DatabaseBusy as busy:  # nothing saved: the form comes back as typed
            errors, status = {"round": busy.description}, 503
    return _edit_page(game, found, request.form, errors, request.form.get("nonce", ""), status)


@bp.post("/rounds/<id:round_id>/delete")
def delete(game_id: str, round_id: int):
    """Delete a round; Undo brings it back."""
    game = scorekeeper_game(game_id)
    if game.rules.deletable(game.standings(), round_id):
        append_play(game, VOID, {"play": round_id, "reason": "delete"})
        flash(f"{game.pages.row_name.capitalize()} deleted. Undo brings it back.")
    else:
        flash(f"That {game.pages.row_name} was already deleted.")
    return redirect(url_for("games.show", game_id=game.public_id), 303)


@bp.post("/undo")
def undo(game_id: str):
    """Take back the last entry the scorekeeper made."""
    game = scorekeeper_game(game_id)
    target = undo_target(game, game.standings())
    if target is None or request.form.get("play") != str(target.play.id):
        flash("Nothing undone: the game changed since this page was shown.")
    else:
        append_play(game, VOID, {"play": target.play.id, "reason": UNDO})
        flash(f"Undone: {target.text}")
    return redirect(url_for("games.show", game_id=game.public_id), 303)


@bp.route("/plays/<kind>", methods=["GET", "POST"])
@upload_limit(SCAN_UPLOAD_LIMIT)  # a showdown form carries the players' photo fields
@checked_again
def play(game_id: str, kind: str):
    """A play of the game's own beyond rounds and challenges (the family game's card values):
    its page is templates/games/<key>/<kind>.html (or the game's _play.html, shared by its
    kinds), its form read by the game's pages."""
    game = scorekeeper_game(game_id)
    if kind not in game.pages.forms:
        abort(404)
    page = [f"games/{game.pages.template}/{kind}.html", f"games/{game.pages.template}/_play.html"]
    standings = game.standings()
    if request.method != "POST":
        return render_template(page, **game_context(game))
    stale = refused_as_stale(game, kind, standings)
    if stale:
        return render_template(page, **game_context(game, form=request.form,
                                                    errors={"round": stale}, stale=True)), 409
    data, errors = game.pages.read_play(kind, request.form, standings)
    if errors:
        return render_template(page, **game_context(game, form=request.form, errors=errors)), 422
    try:
        append_play(game, kind, data, request.form.get("nonce"),
                    answered_version(game) if game.rules.answers(kind, standings) else None)
    except DatabaseBusy as busy:
        return render_template(page, **game_context(game, form=request.form,
                                                    errors={"round": busy.description})), 503
    return redirect(url_for("games.show", game_id=game.public_id), 303)
