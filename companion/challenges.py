"""Challenges: a player doubts a word; the judge rules, the verdict moves points."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for

from .lookup import house_for, judge, word_rules
from .rules import foot
from .web import append_play, new_nonce, scorekeeper_game, whole_number

bp = Blueprint("challenges", __name__, url_prefix="/games/<id:game_id>/rounds/<id:round_id>")


@bp.route("/challenge/<id:seat>", methods=["GET", "POST"])
def challenge(game_id: int, round_id: int, seat: int):
    """Settle a challenge: the judge's verdict, which the scorekeeper may overrule."""
    game = scorekeeper_game(game_id)
    tally = game.tally()
    found = next((r for r in tally.rounds if r.id == round_id), None)
    if found is None or not 0 <= seat < len(found.words) or not found.words[seat]:
        flash("There is no such word to challenge.")
        return redirect(url_for("games.show", game_id=game.id), 303)
    ruling = judge().check(found.words[seat], word_rules(game), house_for(game))
    judged = foot.STANDS if ruling.valid else foot.REJECTED
    values = {"challenger": "", "verdict": judged}
    errors: dict[str, str] = {}
    if request.method == "POST":
        values = request.form
        challenger, verdict = whole_number(values.get("challenger")), values.get("verdict", "")
        try:
            foot.check_challenge(tally, round_id, seat, challenger, verdict)
        except foot.RoundError as e:
            errors = e.errors
        else:
            append_play(game, foot.CHALLENGE, {
                "round": round_id, "seat": seat, "challenger": challenger, "verdict": verdict,
                # what the judge said, so that an overrule shows as a house decision
                "judge": {"verdict": judged, "reason": ruling.reason, "source": ruling.source},
            }, values.get("nonce"))
            return redirect(url_for("games.show", game_id=game.id), 303)
    return render_template(
        "challenge.html", game=game, round=found, seat=seat, names=game.names,
        word=found.words[seat], points=foot.word_points(found.words[seat]), ruling=ruling,
        judged=judged, form=values, errors=errors, nonce=values.get("nonce") or new_nonce(),
    ), 422 if errors else 200
