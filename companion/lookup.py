"""Lookup: is it a word in this game, and what could these cards have made."""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path

from flask import Blueprint, abort, current_app, request
from sqlalchemy import select

from .extensions import db
from .models import Game, WordList, WordListEntry
from .word_lists import usable_list
from .registry import lookup_choices
from .rules.log import active_plays
from .web import load_game, render
from .words.anagrams import LetterIndex
from .words.judge import NO_HOUSE, House, Judge, WordRules, hand_problem, split_words

bp = Blueprint("lookup", __name__)

MAX_WORDS_AT_ONCE = 12


def judge() -> Judge:
    """The process's judge over the word store built at install time."""
    if "judge" not in current_app.extensions:
        path = Path(current_app.config["WORD_STORE"])
        try:
            current_app.extensions["judge"] = Judge(path)
        except FileNotFoundError:
            abort(503, f"The word list is not built yet ({path}): run `make install`.")
    return current_app.extensions["judge"]


class StoredList:
    """An imported word list, as the judge asks about it (companion.words.judge.WordList)."""

    def __init__(self, word_list: WordList):
        self.id = word_list.id
        self.name = f"{word_list.name} (house list)"
        self._version = (word_list.id, word_list.created_at)  # an id may be used again

    def lookup(self, word: str) -> tuple[bool, str | None]:
        row = db.session.execute(select(WordListEntry.definition).where(
            WordListEntry.list_id == self.id, WordListEntry.word == word)).first()
        return (row is not None, row[0] if row else None)

    def playable(self, letters: str, wilds: int, shortest: int, longest: int):
        return _letter_index(self._version).playable(letters, wilds, shortest, longest)


#: Letter counts of the imported lists asked about lately, per process (a list never changes
#: once imported). About 60 MB for a list of a million words: two are kept.
_INDEXES: OrderedDict[tuple, LetterIndex] = OrderedDict()
_INDEXES_KEPT = 2
_INDEXES_LOCK = threading.Lock()


def _letter_index(version: tuple) -> LetterIndex:
    with _INDEXES_LOCK:
        if version in _INDEXES:
            _INDEXES.move_to_end(version)
            return _INDEXES[version]
    # The database driver's own cursor: a million rows read in a third of a second, where
    # SQLAlchemy's rows take five times as long.
    connection = db.session.connection()
    mark = "?" if connection.dialect.paramstyle == "qmark" else "%s"
    cursor = connection.connection.dbapi_connection.cursor()
    try:
        cursor.execute(f"SELECT word FROM word_list_entry WHERE list_id = {mark}", (version[0],))
        index = LetterIndex(word for (word,) in cursor.fetchall())
    finally:
        cursor.close()
    with _INDEXES_LOCK:
        _INDEXES[version] = index
        while len(_INDEXES) > _INDEXES_KEPT:
            _INDEXES.popitem(last=False)
    return index


def house_for(game: Game) -> House:
    """The table's own word rules for this game, from its plays (undo applies to them too)."""
    added: dict[str, str | None] = {}
    removed: set[str] = set()
    list_id, list_only = None, True
    for play in active_plays(game.log()):
        if play.kind == "house-add":
            added[play.data["word"]] = play.data.get("definition")
            removed.discard(play.data["word"])
        elif play.kind == "house-remove":
            removed.add(play.data["word"])
            added.pop(play.data["word"], None)
        elif play.kind == "house-list":
            list_id, list_only = play.data["list"], play.data["list_only"]
    word_list = usable_list(game.id, list_id) if list_id else None
    if not (added or removed or word_list):
        return NO_HOUSE
    return House(added, frozenset(removed), word_list and StoredList(word_list), list_only)


def word_rules(game: Game) -> WordRules:
    return game.rules.word_rules(game.rule_settings)


def lookup_context(rules: WordRules, house: House, **extra) -> dict:
    q = request.args.get("q", "")[:400]
    hand = request.args.get("hand", "")[:40]
    words = split_words(q)
    problem = hand_problem(hand, rules)
    return dict(
        q=q, hand=hand, hand_problem=problem, rules=rules, too_many=len(words) > MAX_WORDS_AT_ONCE,
        verdicts=[judge().check(w, rules, house) for w in words[:MAX_WORDS_AT_ONCE]],
        suggestions=judge().best_words(hand, rules, house) if hand.strip() and not problem else None,
        **extra)


def _answer(context: dict):
    """The page, or the one region htmx asked for (the verdicts or the best words)."""
    partials = {"verdicts": "_verdicts.html", "best-words": "_best_words.html"}
    partial = partials.get(request.headers.get("HX-Target", ""), "_verdicts.html")
    return render("lookup.html", partial, **context)


@bp.get("/words")
def lookup():
    """Settle a challenge: type a word, see the verdict for the chosen game."""
    choices = lookup_choices()
    choice = request.args.get("game", "")
    choice = choice if choice in choices else next(iter(choices))  # the registry's first game
    return _answer(lookup_context(choices[choice][1], NO_HOUSE, game=None, choice=choice,
                                  choices={k: label for k, (label, _) in choices.items()}))


@bp.get("/games/<game:game_id>/words")
def game_lookup(game_id: str):
    """The lookup with this game's rules and house rules."""
    game = load_game(game_id)
    house = house_for(game)
    return _answer(lookup_context(word_rules(game), house, game=game,
                                  house_rules=house is not NO_HOUSE))
