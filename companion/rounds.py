"""Rounds: enter one, see its points as it is typed, edit, delete, undo."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for

from .games import game_context, typed_previews, undo_target
from .models import Game
from .rules import foot
from .scans import SCAN_UPLOAD_LIMIT
from .web import (DatabaseBusy, append_play, load_game, new_nonce, scorekeeper_game,
                  upload_limit, whole_number)

bp = Blueprint("rounds", __name__, url_prefix="/games/<id:game_id>")


def read_round(form, players: int) -> tuple[dict, dict]:
    """The round form as (data for a play, errors by field)."""
    errors: dict[str, str] = {}
    words = []
    for seat in range(players):
        word = foot.normalize(form.get(f"word-{seat}", ""))
        if form.get(f"noword-{seat}"):
            if word:
                errors[f"word-{seat}"] = "Clear the word, or untick “No word”."
            word = ""
        elif not word:
            errors[f"word-{seat}"] = "Type the word laid down, or tick “No word”."
        words.append(word)
    data = {"words": words, "out": whole_number(form.get("out")),
            "final": bool(form.get("final"))}
    return data, errors


def checked_round(game: Game, tally: foot.Tally, form,
                  round_id: int | None = None) -> tuple[dict, dict]:
    """Read and check a round against the rules; errors keyed by form field."""
    data, errors = read_round(form, len(game.players))
    try:
        foot.check_round(game.variant, data["words"], data["out"])
    except foot.RoundError as e:
        errors = e.errors | errors
    if data["final"] and round_id is not None and tally.rounds[-1].id != round_id:
        errors["final"] = "Only the last round can be the final round."
    return data, errors


def round_form_values(r: foot.Round) -> dict:
    values = {"out": str(r.out), "final": "on" if r.final else ""}
    for seat, word in enumerate(r.words):
        values[f"word-{seat}" if word else f"noword-{seat}"] = word or "on"
    return values


@bp.post("/rounds")
@upload_limit(SCAN_UPLOAD_LIMIT)  # the round form carries the players' photo fields
def create(game_id: int):
    """Record the round just played."""
    game = scorekeeper_game(game_id)
    tally = game.tally()
    if tally.finished:
        flash("This game is over. Undo the final round to play on.")
        return redirect(url_for("games.show", game_id=game.id), 303)
    data, errors = checked_round(game, tally, request.form)
    if errors:
        context = game_context(game, form=request.form, errors=errors)
        return render_template("game.html", **context), 422
    try:
        append_play(game, foot.ROUND, data, request.form.get("nonce"))
    except DatabaseBusy as busy:  # nothing saved: the form comes back as typed
        context = game_context(game, form=request.form, errors={"round": busy.description})
        return render_template("game.html", **context), 503
    return redirect(url_for("games.show", game_id=game.id, _anchor="scoreboard"), 303)


@bp.get("/rounds/preview")
def preview(game_id: int):
    """Points for each word as it is typed, swapped in beside each field."""
    game = load_game(game_id)
    return render_template("_round_points.html", previews=typed_previews(game, request.args))


@bp.route("/rounds/<id:round_id>/edit", methods=["GET", "POST"])
def edit(game_id: int, round_id: int):
    """Correct a round: the old version stays in the history."""
    game = scorekeeper_game(game_id)
    tally = game.tally()
    found = next((r for r in tally.rounds if r.id == round_id), None)
    if found is None:
        flash("That round no longer exists.")
        return redirect(url_for("games.show", game_id=game.id), 303)
    if request.method == "GET":
        values = round_form_values(found)
        return render_template("edit_round.html", game=game, round=found, names=game.names,
                               form=values, errors={}, nonce=new_nonce(),
                               previews=typed_previews(game, values))
    data, errors = checked_round(game, tally, request.form, round_id)
    status = 422
    if not errors:
        if (data["words"], data["out"], data["final"]) == (list(found.words), found.out, found.final):
            flash("Nothing changed.")
            return redirect(url_for("games.show", game_id=game.id), 303)
        try:
            append_play(game, foot.EDIT, {"round": round_id, **data}, request.form.get("nonce"))
            return redirect(url_for("games.show", game_id=game.id), 303)
        except DatabaseBusy as busy:  # nothing saved: the form comes back as typed
            errors, status = {"round": busy.description}, 503
    return render_template("edit_round.html", game=game, round=found, names=game.names,
                           form=request.form, errors=errors, nonce=request.form.get("nonce", ""),
                           previews=typed_previews(game, request.form)), status


@bp.post("/rounds/<id:round_id>/delete")
def delete(game_id: int, round_id: int):
    """Delete a round; Undo brings it back."""
    game = scorekeeper_game(game_id)
    if any(r.id == round_id for r in game.tally().rounds):
        append_play(game, foot.VOID, {"play": round_id, "reason": "delete"})
        flash("Round deleted. Undo brings it back.")
    else:
        flash("That round was already deleted.")
    return redirect(url_for("games.show", game_id=game.id), 303)


@bp.post("/undo")
def undo(game_id: int):
    """Take back the last entry the scorekeeper made."""
    game = scorekeeper_game(game_id)
    target = undo_target(game, game.tally())
    if target is None or request.form.get("play") != str(target.play.id):
        flash("Nothing undone: the game changed since this page was shown.")
    else:
        append_play(game, foot.VOID, {"play": target.play.id, "reason": "undo"})
        flash(f"Undone: {target.text}")
    return redirect(url_for("games.show", game_id=game.id), 303)
