"""The log every game shares, once: plays, voids (undo and delete), edits of a row, house rules.
Pure: no Flask, no database.

Glossary
- Play: one entry of a game's append-only log: an id (its order), a kind and its data.
  Each game declares its own kinds (a round, a challenge, ...) in its rules module; the
  kinds here belong to every game.
- void: {"play": id, "reason": "undo" | "delete"} cancels an earlier play (and a void can
  itself be voided: the undo of a delete).
- edit: {"round": id, ...} replaces the data of an earlier row play (a round); the row keeps
  its place and its id.
- house-add / house-remove: {"word": W} a table's own decision on a word;
  house-list: {"list": id | None, "name": ..., "list_only": bool} the word list it judges by.
- rematch: {"game": public id} the table plays again: the new game, recorded on the old one
  so that a second tap, another phone keeping score and every watcher find that one game.
- understood: a play whose kind the game knows and whose data has the shape that kind needs.
  A play that is not understood is left out of the standings and shown as such.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

VOID, EDIT = "void", "edit"
HOUSE_ADD, HOUSE_REMOVE, HOUSE_LIST = "house-add", "house-remove", "house-list"
UNDO, DELETE = "undo", "delete"
REMATCH = "rematch"


@dataclass(frozen=True)
class Play:
    id: int
    kind: str
    data: Mapping


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _void_ok(data: Mapping, players: int) -> bool:
    return _is_int(data.get("play")) and data.get("reason", DELETE) in (UNDO, DELETE)


def _word_ok(data: Mapping, players: int) -> bool:
    return isinstance(data.get("word"), str)


def _list_ok(data: Mapping, players: int) -> bool:
    return (data.get("list") is None or _is_int(data.get("list"))) and "list_only" in data


def _rematch_ok(data: Mapping, players: int) -> bool:
    game = data.get("game")
    return isinstance(game, str) and 0 < len(game) <= 16 and game.isascii() and game.isalnum()


#: The shapes of the kinds every game shares: kind -> does this data make sense.
SHARED: dict[str, Callable[[Mapping, int], bool]] = {
    VOID: _void_ok, HOUSE_ADD: _word_ok, HOUSE_REMOVE: _word_ok, HOUSE_LIST: _list_ok,
    REMATCH: _rematch_ok}

#: The keys of the shared kinds' data that hold the id of an earlier play (a game declares
#: its own kinds' in its ruleset's `references`).
REFERENCES: dict[str, tuple[str, ...]] = {VOID: ("play",), EDIT: ("round",)}


def renumber(kind: str, data: Mapping, references: Mapping[str, tuple[str, ...]],
             new_ids: Mapping[int, int]) -> dict:
    """A play's data with every earlier play's id it holds (the keys `references` names for
    its kind) replaced by that play's new id, as when a game is copied to new rows. Raises
    KeyError naming the id when an id names no play in `new_ids`.

    >>> renumber("void", {"play": 7, "reason": "undo"}, REFERENCES, {7: 107})
    {'play': 107, 'reason': 'undo'}
    >>> renumber("round", {"words": ["JAZZY"], "out": 0}, REFERENCES, {})
    {'words': ['JAZZY'], 'out': 0}
    >>> renumber("edit", {"round": 3}, REFERENCES, {7: 107})
    Traceback (most recent call last):
    ...
    KeyError: 3
    """
    copy = dict(data)
    for key in references.get(kind, ()):
        if key in copy:
            old = copy[key]
            if not _is_int(old) or old not in new_ids:
                raise KeyError(old)
            copy[key] = new_ids[old]
    return copy


def understood(plays: Iterable[Play], kinds: Mapping[str, Callable[[Mapping, int], bool]],
               players: int) -> tuple[list[Play], list[Play]]:
    """(the plays the game understands, those it does not), each in log order. `kinds` maps
    the game's own kinds to their shape checks; the shared kinds are always known.

    >>> ok, bad = understood([Play(1, "void", {"play": 9}), Play(2, "bet", {}),
    ...                       Play(3, "void", {})], {}, 2)
    >>> [p.id for p in ok], [p.id for p in bad]
    ([1], [2, 3])
    """
    known, unknown = [], []
    for play in plays:
        check = SHARED.get(play.kind) or kinds.get(play.kind)
        try:
            fits = check is not None and isinstance(play.data, Mapping) and bool(check(play.data, players))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            fits = False
        (known if fits else unknown).append(play)
    return known, unknown


def active_plays(plays: Iterable[Play]) -> list[Play]:
    """The plays no void cancels. A void can itself be voided (undo of a delete).

    >>> [p.id for p in active_plays([Play(1, "round", {}), Play(2, VOID, {"play": 1}),
    ...                              Play(3, VOID, {"play": 2})])]
    [1, 3]
    """
    plays = list(plays)
    voided: set[int] = set()
    for play in reversed(plays):  # a void only ever targets an earlier play
        if play.id in voided:
            continue
        if play.kind == VOID:
            voided.add(play.data["play"])
    return [p for p in plays if p.id not in voided]


def undoable(active: Iterable[Play]) -> list[Play]:
    """The active plays Undo may take back, oldest first: all but the undos themselves
    (an undo is taken back by playing again; a delete is taken back by Undo) and a rematch
    (the new game is under way: Undo takes back the last entry of this one).

    >>> [p.id for p in undoable([Play(1, "round", {}), Play(2, REMATCH, {"game": "x"})])]
    [1]
    """
    return [p for p in active if not (p.kind == VOID and p.data.get("reason") == UNDO)
            and p.kind != REMATCH]


def rematch(plays: Iterable[Play]) -> str | None:
    """The public id of the game this one's table went on to play (the first rematch
    recorded: a second is never made), or None.

    >>> rematch([Play(1, "round", {}), Play(2, REMATCH, {"game": "abc"})]), rematch([])
    ('abc', None)
    """
    return next((p.data["game"] for p in plays
                 if p.kind == REMATCH and _rematch_ok(p.data, 0)), None)


def rows(active: Iterable[Play], kind: str) -> tuple[dict[int, Mapping], set[int]]:
    """Each row play of `kind` (a round) by id, in order, with its latest edit applied; and
    the ids of the rows that were edited. An edit of a row no longer active is dropped."""
    versions: dict[int, Mapping] = {}
    edited: set[int] = set()
    for play in active:
        if play.kind == kind:
            versions[play.id] = play.data
        elif play.kind == EDIT and play.data["round"] in versions:
            versions[play.data["round"]] = play.data
            edited.add(play.data["round"])
    return versions, edited


def replaced(plays: Iterable[Play], edit: Play) -> Play | None:
    """The version of a row that an edit replaced: the row's own play, or the edit of it that
    stood just before (undone edits skipped), as the log read when the edit was made. None
    when the row is not found (an edit the rules cannot place).

    >>> log = [Play(1, "round", {"w": "OXBOW"}), Play(2, EDIT, {"round": 1, "w": "FOXES"}),
    ...        Play(3, VOID, {"play": 2, "reason": "undo"}), Play(4, EDIT, {"round": 1, "w": "BOXES"}),
    ...        Play(5, EDIT, {"round": 1, "w": "OXBOW"})]
    >>> [replaced(log, e).data["w"] for e in log if e.kind == EDIT]
    ['OXBOW', 'OXBOW', 'BOXES']
    """
    row = edit.data.get("round")
    before = active_plays(p for p in plays if p.id < edit.id)
    return next((p for p in reversed(before)
                 if p.id == row or (p.kind == EDIT and p.data.get("round") == row)), None)


def replaced_all(plays: Iterable[Play], budget: int | None = None) -> dict[int, Play | None]:
    """What `replaced` says of every edit in `plays` (in log order), by edit id, in one pass:
    a history of thousands of edits would replay the log once per edit with `replaced`.

    Each row keeps its active versions in order as the log is read; a void flips what it
    cancels, and a void of a void flips back what that one cancelled, down the chain. A log
    of long void chains (not one the forms make) could cost a flip per link per void: past
    `budget` flips (by default 64 a play), the remaining edits read None (not compared). So
    do all edits of a log with a void of a play that is not an earlier one (no form or
    import makes one), where the forward reading does not hold.

    >>> log = [Play(1, "round", {"w": "OXBOW"}), Play(2, EDIT, {"round": 1, "w": "FOXES"}),
    ...        Play(3, VOID, {"play": 2, "reason": "undo"}), Play(4, EDIT, {"round": 1, "w": "BOXES"}),
    ...        Play(5, EDIT, {"round": 1, "w": "OXBOW"}), Play(6, VOID, {"play": 5}),
    ...        Play(7, VOID, {"play": 6}), Play(8, EDIT, {"round": 1, "w": "FOXES"})]
    >>> {e: p.data["w"] for e, p in replaced_all(log).items()}
    {2: 'OXBOW', 4: 'OXBOW', 5: 'BOXES', 8: 'OXBOW'}
    >>> replaced_all(log, budget=0)[8] is None, replaced_all(log + [Play(9, VOID, {"play": 10})])
    (True, {})
    """
    plays = list(plays)
    if any(p.kind == VOID and not (_is_int(p.data.get("play")) and p.data["play"] < p.id)
           for p in plays):
        return {}
    budget = 64 * len(plays) + 1024 if budget is None else budget
    by_id: dict[int, Play] = {}
    active_voids: dict[int, int] = {}  # play id: how many active voids cancel it
    live: dict[int, list[int]] = {}  # row id: the ids of its active versions, in order
    found: dict[int, Play | None] = {}

    def rows_of(play: Play) -> tuple:
        own = (play.id,)  # `replaced` takes the play whose id is the row as its first version
        row = play.data.get("round")
        return own + (row,) if play.kind == EDIT and _is_int(row) else own

    def set_active(play: Play, active: bool) -> None:
        for row in rows_of(play):
            versions = live.setdefault(row, [])
            if active:
                insort(versions, play.id)
            else:
                versions.remove(play.id)

    for play in plays:
        if play.kind == EDIT:
            row = play.data.get("round")
            versions = live.get(row) if budget >= 0 and _is_int(row) else None
            found[play.id] = by_id[versions[-1]] if versions else None
        if play.id in by_id:
            continue  # a repeated id: the log is not one the app wrote
        by_id[play.id] = play
        active_voids[play.id] = 0
        set_active(play, True)
        node, delta = play, 1  # a new void is active: it cancels its target
        while node.kind == VOID and budget >= 0:
            target = by_id.get(node.data["play"])
            if target is None:
                break  # a void of no play cancels nothing
            before = active_voids[target.id]
            active_voids[target.id] += delta
            if (before == 0) == (active_voids[target.id] == 0):
                break  # its target's state did not change: nothing further does
            set_active(target, active_voids[target.id] == 0)
            budget -= 1
            node, delta = target, (1 if active_voids[target.id] == 0 else -1)
    return found
