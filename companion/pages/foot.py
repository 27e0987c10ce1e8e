"""FOOT! and ZOOT!'s pages: the round form (a word for each player, who went out first, the
final round), its preview, and the plays in a player's words. The rules are rules/foot.py."""

from __future__ import annotations

from typing import Mapping

from ..rules.base import REJECTED, Standings, normalize, whole_number
from ..rules.foot import FOOT  # noqa: F401  (the doctests' game)
from ..rules.foot import GOING_OUT_BONUS, ROUND, FootRules, Round, WordPreview, preview
from ..rules.log import EDIT, Play
from .base import Pages, RowFacts, judged


def _round_text(names: list[str], data: Mapping) -> str:
    parts = [f"{names[seat]} {word or 'no word'}" + (" (out)" if seat == data["out"] else "")
             for seat, word in enumerate(data["words"])]
    return ", ".join(parts) + (" · final round" if data.get("final") else "")


def _word_at(earlier: Mapping[int, Play], round_id: int, seat: int) -> str:
    """The word a seat had laid in a round, as the log stood when a challenge was made."""
    words = None
    for play in earlier.values():
        if play.id == round_id or (play.kind == EDIT and play.data.get("round") == round_id):
            words = play.data.get("words")
    return words[seat] if words and seat < len(words) else "a word"


class FootPages(Pages):
    """FOOT!'s or ZOOT!'s pages: the same forms, with 5- or 7-letter words."""

    rules: FootRules
    template = "foot"
    scans, deck = True, "foot"  # a word is read from a photo of the FOOT!/ZOOT! cards
    table_scan = True  # every player's word from one photo of the table

    def no_word_fields(self, seat: int) -> dict[str, str | None]:
        """A seat with no word on the table: "No word" ticked."""
        return {f"word-{seat}": None, f"noword-{seat}": "on"}

    going_out_bonus = GOING_OUT_BONUS  # what the round form's help prints

    def row_facts(self, names, standings):
        """Each round's dealer, every word as typed, who went out first."""
        return [RowFacts(names[r.dealer], tuple(w or "" for w in r.words), names[r.out])
                for r in standings.rows]

    @property
    def blurb(self) -> str:
        return f"{self.rules.word_length}-letter words"

    def describe(self, play: Play, names, standings, earlier) -> str:
        d = play.data
        numbers = standings.numbers
        label = (lambda rid: f"round {numbers[rid]}" if rid in numbers else "a deleted round")
        if play.kind == ROUND:
            number = f" {numbers[play.id]}" if play.id in numbers else ""
            return f"Round{number}: {_round_text(names, d)}"
        if play.kind == EDIT:
            return f"Edited {label(d['round'])}: {_round_text(names, d)}"
        word = _word_at(earlier, d["round"], d["seat"])
        verdict = "rejected" if d["verdict"] == REJECTED else "it stands"
        text = (f"{names[d['challenger']]} challenged {names[d['seat']]}’s "
                f"{word} in {label(d['round'])}: {verdict}")
        return text + judged(d)

    def describe_change(self, before, after, names, standings) -> str:
        """Only what an edit changed: each word, who went out first, the final round.

        >>> FootPages(FOOT).describe_change({"words": ["JAZZY", "OXBOW"], "out": 0, "final": False},
        ...     {"words": ["JAZZY", "FOXES"], "out": 1, "final": True}, ["Ann", "Cy"], None)
        'Cy OXBOW → FOXES; went out first: Ann → Cy; now the final round'
        """
        parts = [f"{names[seat]} {old or 'no word'} → {new or 'no word'}"
                 for seat, (old, new) in enumerate(zip(before["words"], after["words"]))
                 if old != new]
        if before["out"] != after["out"]:
            parts.append(f"went out first: {names[before['out']]} → {names[after['out']]}")
        if bool(before.get("final")) != bool(after.get("final")):
            parts.append("now the final round" if after.get("final") else "no longer the final round")
        return "; ".join(parts) or "nothing changed"

    # --- the round form ----------------------------------------------------------------

    def read_round(self, form: Mapping, players: int, settings: Mapping,
                   standings: Standings | None = None) -> tuple[dict, dict]:
        """The round form as (data for a play, errors by field): a word or "No word" ticked
        for each player; the words themselves are the rules' to check (checked_round)."""
        errors: dict[str, str] = {}
        words = []
        for seat in range(players):
            word = normalize(form.get(f"word-{seat}", ""))
            if form.get(f"noword-{seat}"):
                if word:
                    errors[f"word-{seat}"] = "Clear the word, or untick “No word”."
                word = ""
            elif not word:
                errors[f"word-{seat}"] = "Type the word laid down, or tick “No word”."
            words.append(word)
        return {"words": words, "out": whole_number(form.get("out")), "final": bool(form.get("final"))}, errors

    def round_values(self, row: Round) -> dict:
        values = {"out": str(row.out), "final": "on" if row.final else ""}
        for seat, word in enumerate(row.words):
            values[f"word-{seat}" if word else f"noword-{seat}"] = word or "on"
        return values

    def preview(self, form: Mapping, players: int, settings: Mapping,
                standings: Standings | None = None) -> list[WordPreview]:
        """Points beside each word of a round form, from what has been typed."""
        words = [normalize(form.get(f"word-{seat}", ""))[:64] for seat in range(players)]
        return preview(self.rules, words, whole_number(form.get("out")))
