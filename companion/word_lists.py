"""Imported word lists in the database: importing and deleting a chunk at a time, so a game's
writes never wait more than a moment, and the space all lists may take together.

A list is written into a row that stays hidden (`complete` False) until its last word is in;
a list that fails half-way is deleted. One left behind by a crash (no chunk written for
CUT_OFF) no longer counts against the room, and the next read of the lists deletes it and
says so. Every game sees the server's lists (imported on the command line) and its own.
"""

from __future__ import annotations

from datetime import timedelta
from typing import BinaryIO

from flask import current_app
from sqlalchemy import and_, delete, func, or_, select, true
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from .extensions import db
from .models import WordList, WordListEntry, _now
from .web import commit
from .words import list_file

CHUNK = 5000  # words a transaction: about 20 ms of holding the database
#: An import that wrote no chunk for this long was cut off (a crash, a restart): a chunk
#: takes about 20 ms, or a few seconds when the database is busy.
CUT_OFF = timedelta(minutes=2)


class ImportRefused(ValueError):
    """Why a list was not imported, in words for the person who chose it, and the form field
    it is about."""

    def __init__(self, message: str, field: str = "file"):
        super().__init__(message)
        self.field = field


def max_words() -> int:
    return current_app.config["WORD_LISTS_MAX_WORDS"]


def usable_lists(game_id: int | None) -> list[WordList]:
    """The complete lists a game may be judged by: the server's and its own, by name."""
    owners = WordList.game_id.is_(None) if game_id is None else or_(
        WordList.game_id.is_(None), WordList.game_id == game_id)
    return list(db.session.scalars(select(WordList).where(owners, WordList.complete)
                                   .order_by(WordList.name, WordList.id)))


def usable_list(game_id: int, list_id: int | None) -> WordList | None:
    return next((wl for wl in usable_lists(game_id) if wl.id == list_id), None)


def _cut_off():
    """An import that stopped moving: not complete, and no chunk written for CUT_OFF."""
    return and_(~WordList.complete, func.coalesce(WordList.progressed_at, WordList.created_at)
                < _now() - CUT_OFF)


def words_stored() -> int:
    """The words every list holds, an import still running included: a cut-off one is not."""
    return db.session.scalar(select(func.coalesce(func.sum(WordList.words), 0))
                             .where(~_cut_off()))


def clear_cut_off(game_id: int | None = None) -> list[str]:
    """Delete the imports that were cut off (the game's and the server's, or all when
    `game_id` is None) and name them."""
    owners = or_(WordList.game_id.is_(None), WordList.game_id == game_id) \
        if game_id is not None else true()
    found = db.session.execute(select(WordList.id, WordList.name)
                               .where(owners, _cut_off())).all()
    for list_id, _ in found:
        delete_list(list_id)
    return [name for _, name in found]


def import_list(stream: BinaryIO, filename: str, name: str, game_id: int | None) -> WordList:
    """Check the whole file, then write it a chunk at a time into a hidden list that becomes
    usable when complete. Raises ListFileError or ImportRefused with nothing left behind."""
    list_file.check(stream, filename)
    clear_cut_off()
    if game_id is None and db.session.scalar(
            select(WordList.id).where(WordList.game_id.is_(None), WordList.name == name)):
        raise ImportRefused("A list with this name already exists.", "name")
    word_list = WordList(game_id=game_id, name=name, words=0, complete=False,
                         progressed_at=_now())
    db.session.add(word_list)
    try:
        commit()
    except IntegrityError:  # the same name, claimed a moment ago by another import
        db.session.rollback()
        raise ImportRefused("A list with this name already exists.", "name") from None
    try:
        chunk: dict[str, str | None] = {}
        for word, definition in list_file.entries(stream, filename):
            chunk.setdefault(word, definition)  # a repeated word keeps its first meaning
            if len(chunk) == CHUNK:
                _write(word_list, chunk)
                chunk = {}
        _write(word_list, chunk)
        word_list.words = _count(word_list.id)
        word_list.complete = True
        commit()
    except BaseException:
        db.session.rollback()
        delete_list(word_list.id)
        raise
    return word_list


def _write(word_list: WordList, chunk: dict[str, str | None]) -> None:
    """One chunk in one short transaction; repeats of words already written are skipped."""
    if not chunk:
        return
    others = words_stored() - word_list.words
    written = word_list.words + len(chunk)  # at most: repeats across chunks are counted here
    if others + written > max_words():
        raise ImportRefused(
            f"There is no room for this list: word lists may take {max_words():,} words on "
            f"this server and other lists hold {others:,}. Delete a list you no longer use.")
    db.session.execute(_insert_skipping_repeats(), [  # in order: the index grows at one end
        {"list_id": word_list.id, "word": w, "definition": chunk[w]} for w in sorted(chunk)])
    word_list.words, word_list.progressed_at = written, _now()
    commit()
    if written > list_file.MAX_WORDS and _count(word_list.id) > list_file.MAX_WORDS:
        raise ImportRefused(f"This list has more than {list_file.MAX_WORDS:,} words.")


def _insert_skipping_repeats():
    dialect = {"sqlite": sqlite, "postgresql": postgresql}.get(db.engine.dialect.name)
    if dialect is None:  # another database: a repeat across chunks fails the import
        return WordListEntry.__table__.insert()
    return dialect.insert(WordListEntry).on_conflict_do_nothing()


def _count(list_id: int) -> int:
    return db.session.scalar(select(func.count()).where(WordListEntry.list_id == list_id))


def delete_list(list_id: int) -> None:
    """Hide the list at once, then delete its words a chunk at a time, then the list."""
    word_list = db.session.get(WordList, list_id)
    if word_list is None:
        return
    word_list.complete = False
    commit()
    while True:
        boundary = db.session.scalar(
            select(WordListEntry.word).where(WordListEntry.list_id == list_id)
            .order_by(WordListEntry.word).offset(CHUNK).limit(1))
        words = delete(WordListEntry).where(WordListEntry.list_id == list_id)
        if boundary is None:
            db.session.execute(words)
            db.session.delete(word_list)
            commit()
            return
        db.session.execute(words.where(WordListEntry.word < boundary))
        commit()

