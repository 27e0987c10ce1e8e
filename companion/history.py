"""A game's log in words: what was entered, changed or undone, and when. The game's own
kinds of play are described by its ruleset; the shared ones (voids, house rules) here."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from .models import Game, Play
from .rules.base import Standings
from .rules.log import (EDIT, HOUSE_ADD, HOUSE_LIST, HOUSE_REMOVE, REMATCH, UNDO, active_plays,
                        replaced_all, undoable, understood)

@dataclass(frozen=True)
class Entry:
    play: Play
    text: str
    active: bool  # False once a later void cancels it (or the rules could not read it)

    @property
    def when(self) -> datetime:
        return self.play.created_at

def list_choice_text(data: dict) -> str:
    """Which word list a game's words are judged by, from a house-list play."""
    if not data["list"]:
        return "Words judged by the built-in list"
    return f"Words judged by {data['name']}{' only' if data['list_only'] else ' and the built-in list'}"

def _shared_text(play, texts: dict[int, str]) -> str:
    d = play.data
    if play.kind == HOUSE_ADD:
        return f"House rule: {d['word']} allowed" + (f" ({d['definition']})" if d.get("definition") else "")
    if play.kind == HOUSE_REMOVE:
        return f"House rule: {d['word']} refused"
    if play.kind == HOUSE_LIST:
        return list_choice_text(d)
    if play.kind == REMATCH:
        return "Rematch: the table plays again, in a new game"
    undone = texts.get(d["play"], "an entry")
    return (f"Undid: {undone}" if d.get("reason") == UNDO
            else f"Deleted {undone[0].lower()}{undone[1:]}")

def _edit_text(pages, edit, before, names, standings, earlier) -> str:
    """An edit as what it changed: "Edited round 1: Cy OXBOW → FOXES", from the version it
    replaced (`before`: the row's own play, or the edit that stood before it)."""
    if before is None or before.kind not in (pages.rules.row_kind, EDIT):
        return pages.describe(edit, names, standings, earlier)
    try:
        change = pages.describe_change(before.data, edit.data, names, standings)
    except (KeyError, IndexError, TypeError, ValueError):  # versions that cannot be compared
        return pages.describe(edit, names, standings, earlier)
    return f"{pages.edit_heading(edit.data['round'], names, standings)}: {change}"

def describe_log(game: Game, standings: Standings, undoable_only: bool = False) -> list[Entry]:
    """Every play in words; with undoable_only, the ones Undo could take back."""
    rules, names, log = game.rules, game.names, game.log()
    known, unknown = understood(log, rules.kinds, len(names))
    unread = {p.id for p in unknown} | set(standings.unread)
    active = {p.id for p in active_plays(known)}
    can_undo = {p.id for p in undoable(p for p in known if p.id in active)}
    before = replaced_all(known)
    earlier: dict = {}
    texts: dict[int, str] = {}
    entries = []
    for row, play in zip(game.plays, log):
        if play.id in unread:
            text = f"An entry Companion cannot read ({play.kind}): left out of the scores"
        elif play.kind == EDIT and play.kind in rules.kinds:
            text = _edit_text(game.pages, play, before.get(play.id), names, standings, earlier)
        elif play.kind in rules.kinds:
            text = game.pages.describe(play, names, standings, earlier)
        else:
            text = _shared_text(play, texts)
        texts[play.id] = text
        earlier[play.id] = play
        entries.append(Entry(row, text, play.id in active and play.id not in unread))
    if undoable_only:
        return [e for e in entries if e.play.id in can_undo and e.play.id not in unread]
    return entries
