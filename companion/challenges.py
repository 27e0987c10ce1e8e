"""Challenges: a player doubts a word; the judge rules under the game's rules, the scorekeeper
records the verdict (or overrules it), and the game's rules say what it changes."""

from __future__ import annotations

from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, url_for

from .lookup import house_for, judge, word_rules
from .rules.base import REJECTED, STANDS
from .web import append_play, new_nonce, scorekeeper_game, whole_number

bp = Blueprint("challenges", __name__, url_prefix="/games/<game:game_id>")
CHALLENGE = "challenge"


@bp.get("/challenge/ask")
def ask(game_id: str):
    """The form that asks the judge about a word a player laid (the family game): asked for
    when the scoreboard's "A word is challenged" opens (htmx), or a page of its own."""
    game = scorekeeper_game(game_id)
    if game.pages.template != "family":
        abort(404)
    if request.headers.get("HX-Request") and not request.headers.get("HX-Boosted"):
        response = make_response(render_template("games/family/_challenge_ask.html", game=game,
                                                 names=game.names))
    else:
        response = make_response(render_template("challenge_ask.html", game=game, names=game.names))
    response.vary.add("HX-Request")
    return response


@bp.route("/challenge", methods=["GET", "POST"])
def challenge(game_id: str):
    """Settle a challenge: the judge's verdict, which the scorekeeper may overrule. What is
    challenged comes from the address (?round=..&seat=.. for FOOT!, ?seat=..&word=.. for the
    family game): the game's rules read it."""
    game = scorekeeper_game(game_id)
    standings = game.standings()
    target = game.rules.challenge_target(standings, request.values)
    if target is None:
        flash(game.pages.no_challenge)
        return redirect(url_for("games.show", game_id=game.public_id), 303)
    ruling = judge().check(target.word, word_rules(game), house_for(game))
    judged = STANDS if ruling.valid else REJECTED
    values = {"challenger": "", "verdict": judged}
    errors: dict[str, str] = {}
    question = game.rules.challenge_question(standings, target)
    if request.method == "POST":
        values = request.form
        data, errors = game.rules.challenge_data(standings, target,
                                                 whole_number(values.get("challenger")),
                                                 values.get("verdict", ""),
                                                 confirmed=bool(values.get("confirm")))
        if not errors:
            # what the judge said, so that an overrule shows as a house decision
            data["judge"] = {"verdict": judged, "reason": ruling.reason, "source": ruling.source}
            append_play(game, CHALLENGE, data, values.get("nonce"))
            return redirect(url_for("games.show", game_id=game.public_id), 303)
    return render_template(
        "challenge.html", game=game, rules=game.rules, pages=game.pages, standings=standings, target=target,
        names=game.names, word=target.word, ruling=ruling, judged=judged, form=values,
        errors=errors, nonce=values.get("nonce") or new_nonce(), args=target.args,
        question=question,
    ), 422 if errors else 200
