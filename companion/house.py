"""House rules: a table's own word decisions for one game, and the word lists it imports."""

from __future__ import annotations

import re
import time

from flask import Blueprint, flash, redirect, render_template, request, url_for

from . import word_lists
from .history import list_choice_text
from .lookup import house_for
from .rules.log import HOUSE_ADD, HOUSE_REMOVE, VOID, active_plays
from .web import (append_play, is_scorekeeper, load_game, new_nonce, scorekeeper_game,
                  upload_limit, whole_number)
from .words import list_file

bp = Blueprint("house", __name__)

_WORD = re.compile(r"[A-Z]{1,30}")
LIST_UPLOAD_LIMIT = 64 * 1024 * 1024


def _rule_plays(game):
    """The house-rule plays still in force, newest first, to show and to drop."""
    return [p for p in reversed(active_plays(game.log())) if p.kind in (HOUSE_ADD, HOUSE_REMOVE)]


def _page(game, errors=None, form=None, status=200):
    return render_template(
        "house.html", game=game, house=house_for(game), rules=_rule_plays(game),
        lists=word_lists.usable_lists(game.id),
        scorekeeper=is_scorekeeper(game), errors=errors or {}, form=form or {},
        nonce=new_nonce()), status


@bp.get("/games/<game:game_id>/house")
def rules(game_id: str):
    """This game's house rules: words added or removed, and the word list used."""
    return _page(load_game(game_id))


@bp.post("/games/<game:game_id>/house/words")
def change_word(game_id: str):
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
    return redirect(url_for("house.rules", game_id=game.public_id), 303)


@bp.post("/games/<game:game_id>/house/drop/<id:play_id>")
def drop(game_id: str, play_id: int):
    """Drop one house rule: the list decides that word again."""
    game = scorekeeper_game(game_id)
    if any(p.id == play_id for p in _rule_plays(game)):
        append_play(game, VOID, {"play": play_id, "reason": "delete"})
        flash("House rule dropped.")
    return redirect(url_for("house.rules", game_id=game.public_id), 303)


@bp.post("/games/<game:game_id>/house/list")
def choose_list(game_id: str):
    """Judge this game's words by an imported list instead of (or as well as) the built-in one."""
    game = scorekeeper_game(game_id)
    chosen = request.form.get("list", "")
    word_list = word_lists.usable_list(game.id, whole_number(chosen))
    if chosen and word_list is None:
        return _page(game, {"list": "That list does not exist."}, request.form, 422)
    data = {"list": word_list and word_list.id, "name": word_list and word_list.name,
            "list_only": request.form.get("mode") != "also"}
    if append_play(game, "house-list", data, request.form.get("nonce")):
        flash(f"{list_choice_text(data)}.")
    return redirect(url_for("house.rules", game_id=game.public_id), 303)


def _lists_page(game, errors=None, form=None, status=200):
    for name in word_lists.clear_cut_off(game.id):
        flash(f"The import of “{name}” was cut off (the server stopped while it ran): nothing "
              "of it was kept. Import it again.")
    return render_template(
        "lists.html", game=game, lists=word_lists.usable_lists(game.id),
        scorekeeper=is_scorekeeper(game), errors=errors or {}, form=form or {},
        stored=word_lists.words_stored(), room=word_lists.max_words()), status


@bp.get("/games/<game:game_id>/lists")
def lists(game_id: str):
    """The word lists this game may be judged by: the server's and the game's own."""
    return _lists_page(load_game(game_id))


@bp.post("/games/<game:game_id>/lists")
@upload_limit(LIST_UPLOAD_LIMIT)
def import_list(game_id: str):
    """Import a .txt or .txt.gz list for this game; only its scorekeeper may."""
    game = scorekeeper_game(game_id)
    name = " ".join(request.form.get("name", "").split())
    upload = request.files.get("file")
    errors: dict[str, str] = {}
    if not name or len(name) > 40:
        errors["name"] = "Name the list in 1 to 40 characters."
    elif not name.isprintable():
        errors["name"] = "Names cannot hold control characters."
    if upload is None or not upload.filename:
        errors["file"] = "Choose the file to import."
    if not errors:
        start = time.perf_counter()
        try:
            imported = word_lists.import_list(upload.stream, upload.filename, name, game.id)
        except list_file.ListFileError as e:
            errors["file"] = str(e)
        except word_lists.ImportRefused as e:
            errors[e.field] = str(e)
        else:
            seconds = time.perf_counter() - start
            flash(f"Imported {imported.words:,} words into “{name}”"
                  + (f" in {seconds:.0f} s" if seconds >= 1 else "")
                  + ". Choose it under House to use it.")
            return redirect(url_for("house.lists", game_id=game.public_id), 303)
    return _lists_page(game, errors, request.form, 422)


@bp.post("/games/<game:game_id>/lists/<id:list_id>/delete")
def delete_list(game_id: str, list_id: int):
    """Delete a list this game imported (the server's lists are deleted on the command line)."""
    game = scorekeeper_game(game_id)
    found = next((wl for wl in word_lists.usable_lists(game.id)
                  if wl.id == list_id and wl.game_id == game.id), None)
    if found is None:
        flash("That list is not this game’s to delete.")
    else:
        name = found.name
        word_lists.delete_list(found.id)
        flash(f"Deleted the list “{name}”. Games that used it are judged by the built-in list.")
    return redirect(url_for("house.lists", game_id=game.public_id), 303)
