"""A game's log in words: what was entered, changed or undone, and when."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from .models import Game, Play
from .rules import foot


@dataclass(frozen=True)
class Entry:
    play: Play
    text: str
    active: bool  # False once a later void cancels it

    @property
    def when(self) -> datetime:
        return self.play.created_at


def _round_text(names: list[str], data: dict) -> str:
    parts = []
    for seat, word in enumerate(data["words"]):
        shown = word or "no word"
        parts.append(f"{names[seat]} {shown}" + (" (out)" if seat == data["out"] else ""))
    return ", ".join(parts) + (" · final round" if data.get("final") else "")


def list_choice_text(data: dict) -> str:
    """Which word list a game's words are judged by, from a house-list play."""
    if not data["list"]:
        return "Words judged by the built-in list"
    return f"Words judged by {data['name']}{' only' if data['list_only'] else ' and the built-in list'}"


def describe_log(game: Game, tally: foot.Tally, undoable_only: bool = False) -> list[Entry]:
    """Every play in words; with undoable_only, the ones Undo could take back."""
    names = game.names
    numbers = {r.id: r.number for r in tally.rounds}
    active = {p.id for p in foot.active_plays(game.log())}
    texts: dict[int, str] = {}
    round_words: dict[int, list[str]] = {}

    def label(round_id: int) -> str:
        return f"round {numbers[round_id]}" if round_id in numbers else "a deleted round"

    entries = []
    for play in game.plays:
        d = play.data
        if play.kind == foot.ROUND:
            round_words[play.id] = d["words"]
            number = f" {numbers[play.id]}" if play.id in numbers else ""
            text = f"Round{number}: {_round_text(names, d)}"
        elif play.kind == foot.EDIT:
            round_words[d["round"]] = d["words"]
            text = f"Edited {label(d['round'])}: {_round_text(names, d)}"
        elif play.kind == foot.CHALLENGE:
            word = round_words.get(d["round"], [""] * len(names))[d["seat"]]
            verdict = "rejected" if d["verdict"] == foot.REJECTED else "it stands"
            text = (f"{names[d['challenger']]} challenged {names[d['seat']]}’s "
                    f"{word} in {label(d['round'])}: {verdict}")
            if "judge" in d:
                ruling = f"{d['judge']['reason']} · {d['judge']['source']}"
                text += (f"; a house decision, overruling the judge: {ruling}"
                         if d["judge"]["verdict"] != d["verdict"] else f"; the judge: {ruling}")
        elif play.kind == "house-add":
            text = f"House rule: {d['word']} allowed" + (f" ({d['definition']})" if d.get("definition") else "")
        elif play.kind == "house-remove":
            text = f"House rule: {d['word']} refused"
        elif play.kind == "house-list":
            text = list_choice_text(d)
        else:
            undone = texts.get(d["play"], "an entry")
            text = (f"Undid: {undone}" if d.get("reason") == "undo"
                    else f"Deleted {undone[0].lower()}{undone[1:]}")
        texts[play.id] = text
        entries.append(Entry(play, text, play.id in active))
    if undoable_only:
        return [e for e in entries if e.active
                and not (e.play.kind == foot.VOID and e.play.data.get("reason") == "undo")]
    return entries
