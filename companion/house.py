"""House rules: a table's own word decisions for one game, and the lists it imports."""

from __future__ import annotations

import re
import time

from flask import Blueprint, flash, redirect, render_template, request, url_for
from sqlalchemy import insert, select

from .extensions import db
from .history import list_choice_text
from .lookup import house_for
from .models import WordList, WordListEntry
from .rules import foot
from .web import (append_play, is_scorekeeper, load_game, new_nonce, scorekeeper_game,
                  upload_limit)
from .words import list_file
from .words.store import anagram_key

bp = Blueprint("house", __name__)

_WORD = re.compile(r"[A-Z]{1,30}")
LIST_UPLOAD_LIMIT = 64 * 1024 * 1024


def _rule_plays(game):
    """The house-rule plays still in force, newest first, to show and to drop."""
    return [p for p in reversed(foot.active_plays(game.log()))
            if p.kind in ("house-add", "house-remove")]


def _page(game, errors=None, form=None, status=200):
    return render_template(
        "house.html", game=game, house=house_for(game), rules=_rule_plays(game),
        lists=db.session.scalars(select(WordList).order_by(WordList.name)).all(),
        scorekeeper=is_scorekeeper(game), errors=errors or {}, form=form or {},
        nonce=new_nonce()), status


@bp.get("/games/<int:game_id>/house")
def rules(game_id: int):
    """This game's house rules: words added or removed, and the word list used."""
    return _page(load_game(game_id))


@bp.post("/games/<int:game_id>/house/words")
def change_word(game_id: int):
    """Allow a word the list refuses, or refuse one it allows."""
    game = scorekeeper_game(game_id)
    word = "".join(request.form.get("word", "").split()).upper()
    action = request.form.get("action")
    if not _WORD.fullmatch(word):
        return _page(game, {"word": "Type one word of letters A–Z (at most 30)."},
                     request.form, 422)
    if action not in ("add", "remove"):
        return _page(game, {"word": "Choose whether to allow or refuse the word."},
                     request.form, 422)
    data = {"word": word}
    if action == "add":
        data["definition"] = request.form.get("definition", "").strip()[:300] or None
    if append_play(game, f"house-{action}", data, request.form.get("nonce")):
        flash(f"{word} is now {'allowed' if action == 'add' else 'refused'} in this game.")
    return redirect(url_for("house.rules", game_id=game.id), 303)


@bp.post("/games/<int:game_id>/house/drop/<int:play_id>")
def drop(game_id: int, play_id: int):
    """Drop one house rule: the list decides that word again."""
    game = scorekeeper_game(game_id)
    if any(p.id == play_id for p in _rule_plays(game)):
        append_play(game, foot.VOID, {"play": play_id, "reason": "delete"})
        flash("House rule dropped.")
    return redirect(url_for("house.rules", game_id=game.id), 303)


@bp.post("/games/<int:game_id>/house/list")
def choose_list(game_id: int):
    """Judge this game's words by an imported list instead of (or as well as) the built-in one."""
    game = scorekeeper_game(game_id)
    chosen = request.form.get("list", "")
    word_list = db.session.get(WordList, int(chosen)) if chosen.isdigit() else None
    if chosen and word_list is None:
        return _page(game, {"list": "That list does not exist."}, request.form, 422)
    data = {"list": word_list and word_list.id, "name": word_list and word_list.name,
            "list_only": request.form.get("mode") != "also"}
    if append_play(game, "house-list", data, request.form.get("nonce")):
        flash(f"{list_choice_text(data)}.")
    return redirect(url_for("house.rules", game_id=game.id), 303)


@bp.route("/lists", methods=["GET", "POST"])
@upload_limit(LIST_UPLOAD_LIMIT)
def lists():
    """Word lists the table owns, imported from a .txt or .txt.gz file."""
    errors: dict[str, str] = {}
    if request.method == "POST":
        name = " ".join(request.form.get("name", "").split())
        upload = request.files.get("file")
        if not name or len(name) > 40:
            errors["name"] = "Name the list in 1 to 40 characters."
        elif db.session.scalar(select(WordList.id).where(WordList.name == name)):
            errors["name"] = "A list with this name already exists."
        if upload is None or not upload.filename:
            errors["file"] = "Choose the file to import."
        if not errors:
            try:
                parsed = list_file.parse(upload.read(), upload.filename)
            except list_file.ListFileError as e:
                errors["file"] = str(e)
            else:
                start = time.perf_counter()
                count = import_list(name, parsed)
                flash(f"Imported {count:,} words into “{name}” in "
                      f"{time.perf_counter() - start:.1f} s"
                      + (f" ({parsed.duplicates:,} repeated lines skipped)." if parsed.duplicates else "."))
                return redirect(url_for("house.lists"), 303)
    return render_template(
        "lists.html", errors=errors, form=request.form,
        lists=db.session.scalars(select(WordList).order_by(WordList.name)).all(),
    ), 422 if errors else 200


def import_list(name: str, parsed: list_file.ParsedList) -> int:
    """Store a parsed list in one transaction: all of it or nothing."""
    word_list = WordList(name=name, words=len(parsed.entries))
    db.session.add(word_list)
    db.session.flush()
    db.session.execute(insert(WordListEntry), [
        {"list_id": word_list.id, "word": w, "key": anagram_key(w), "definition": d}
        for w, d in parsed.entries.items()])
    db.session.commit()
    return word_list.words
