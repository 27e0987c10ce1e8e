"""The family word game's pages: the round form (who went out, each hand's points or cards
left), the card values form, the scan of a hand spread on the table, and the plays in a
player's words. The rules are rules/family.py."""

from __future__ import annotations

from typing import Mapping

from ..rules.base import ALPHABET, NOT_A_CARD, REJECTED, Standings, normalize, whole_number
from ..rules.family import FAMILY  # noqa: F401  (the doctests' game)
from ..rules.family import (CARD_VALUES, LOSING_TOTAL, MAX_CARD_VALUE, MAX_HAND_POINTS,
                            REJECTED_DRAWS, ROUND, ZAP_CARDS, ZAPS_OF_A_KIND, Round, count_hand,
                            shown_cards)
from ..rules.log import EDIT, Play
from .base import Pages, RowFacts, judged, read_values


class FamilyPages(Pages):
    """The family word game's pages."""

    blurb = f"ZAP cards · points left in hand · first to {LOSING_TOTAL} loses"
    rejected_draws = REJECTED_DRAWS  # what the verdicts print, as the rules have it
    template = "family"
    forms = (CARD_VALUES,)

    def row_facts(self, names, standings):
        """Each round's dealer and who went out (a round records hands, not words)."""
        return [RowFacts(names[r.dealer], None, names[r.winner]) for r in standings.rows]

    def describe(self, play: Play, names, standings, earlier) -> str:
        d = play.data
        numbers = standings.numbers
        if play.kind in (ROUND, EDIT):
            rid = play.id if play.kind == ROUND else d["round"]
            label = f"round {numbers[rid]}" if rid in numbers else "a deleted round"
            hands = ", ".join(f"{names[s]} {p}" for s, p in enumerate(d["points"]) if s != d["winner"])
            text = f"{names[d['winner']]} went out; left in hand: {hands}"
            return (f"Round {numbers[rid]}: {text}" if play.kind == ROUND and rid in numbers
                    else f"Round: {text}" if play.kind == ROUND else f"Edited {label}: {text}")
        if play.kind == CARD_VALUES:
            return "Card values set: " + ", ".join(f"{k} {v}" for k, v in d["values"].items()
                                                  if k in ALPHABET) + ", ZAP cards " + ", ".join(
                f"{ZAP_CARDS[z]} {d['values'][z]}" for z in ZAP_CARDS)
        verdict = "rejected: takes it back and draws 2" if d["verdict"] == REJECTED else "it stands"
        text = f"{names[d['challenger']]} challenged {names[d['seat']]}’s {d['word']}: {verdict}"
        return text + judged(d)

    def describe_change(self, before, after, names, standings) -> str:
        """Only the hands an edit changed (who went out, the points and cards left).

        >>> FamilyPages(FAMILY).describe_change({"winner": 0, "points": [0, 23, 40]},
        ...     {"winner": 1, "points": [12, 0, 40], "cards": ["QA", "", ""]}, ["Ann", "Bo", "Cy"], None)
        'Ann went out → 12 (QA); Bo 23 → went out'
        """
        def hand(data, seat):
            if seat == data["winner"]:
                return "went out"
            cards = (data.get("cards") or [""] * len(data["points"]))[seat]
            return f"{data['points'][seat]}" + (f" ({shown_cards(cards)})" if cards else "")

        parts = [f"{name} {hand(before, seat)} → {hand(after, seat)}"
                 for seat, name in enumerate(names[:len(after["points"])])
                 if hand(before, seat) != hand(after, seat)]
        return "; ".join(parts) or "nothing changed"

    def _seat(self, form: Mapping, seat: int, winner: int | None,
              values: Mapping | None) -> tuple[int | None, str, dict, str | None]:
        """(points, cards left, ZAP cards left, a problem) for one player's part of the form: what
        was typed read here, what it adds up to counted by the rules (count_hand)."""
        typed = (form.get(f"points-{seat}") or "").strip()
        cards = normalize(form.get(f"cards-{seat}", ""))
        zaps = {}
        for z in ZAP_CARDS:
            raw = (form.get(f"zap-{seat}-{z}") or "").strip()
            count = whole_number(raw) if raw else 0
            if count is None or count > ZAPS_OF_A_KIND:
                return None, cards, {}, f"A hand holds 0 to {ZAPS_OF_A_KIND} {ZAP_CARDS[z]} cards."
            if count:
                zaps[z] = count
        if any(c not in ALPHABET for c in cards):
            return None, cards, zaps, "Type the letters of the cards left, A–Z."
        points = whole_number(typed) if typed else None
        if typed and (points is None or points > MAX_HAND_POINTS):
            return None, cards, zaps, f"Points left in a hand are a whole number from 0 to {MAX_HAND_POINTS}."
        counted, problem = count_hand(points, cards, zaps, seat == winner, values)
        if seat == winner and problem is None:
            return 0, "", {}, None  # the winner's hand is empty, whatever was left in the form
        return counted, cards, zaps, problem

    def read_round(self, form: Mapping, players: int, settings: Mapping,
                   standings: Standings | None = None) -> tuple[dict, dict]:
        values = standings.extra.get("values") if standings else None
        winner = whole_number(form.get("winner"))
        errors: dict[str, str] = {}
        if winner is None or winner >= players:
            winner = None
            errors["winner"] = "Choose the one player who went out: they won the round."
        points, cards = [], []
        for seat in range(players):
            p, c, zaps, problem = self._seat(form, seat, winner, values)
            if problem:
                errors[f"points-{seat}"] = problem
            points.append(p if p is not None else 0)
            cards.append(c + "".join(f"+{z}" * n for z, n in zaps.items()))
        data = {"winner": winner, "points": points}
        if any(cards):
            data["cards"] = cards
        return data, errors

    scans = True
    deck = "family"
    scan_words = False  # a hand, not a word
    scan_label = "Scan the cards left"
    scan_button = "Use these cards"
    scan_pick = "pick its letter or ZAP card"
    scan_missed = True

    def scan_choices(self):
        return (*((c, c, c) for c in ALPHABET),
                *((z, label.upper(), f"{label.upper()} card") for z, label in ZAP_CARDS.items()),
                (NOT_A_CARD, "✕", "✕ not a card"))

    def scan_shown(self, cards):
        """Every card found, in a row or not: a hand spread on the table."""
        return list(cards)

    def scan_value(self, letter, name):
        """A letter card's letter; a ZAP card by its printed name (the reader's "?" is the
        WILD card).

        >>> [FamilyPages(FAMILY).scan_value(*card) for card in [("Q", None), ("?", None), ("", "2 TURNS"), ("", None)]]
        ['Q', 'WILD', 'TWO_TURNS', '']
        """
        if letter == "?":
            return "WILD"
        if letter:
            return letter
        printed = " ".join(str(name or "").upper().split())
        return next((z for z, label in ZAP_CARDS.items() if label.upper() == printed), "")

    def scan_problem(self, standings):
        if standings.extra.get("values") is None:
            return ("The cards left cannot be counted yet: set the card values first (Set the "
                    "card values, below the players), or type the points.")
        return None

    def scan_fields(self, seat, cards):
        """The seat's cards left (letters) and ZAP cards by kind; the points typed go, as
        the cards now say them.

        >>> FamilyPages(FAMILY).scan_fields(1, [("Q", None), ("WILD", None), ("A", None), ("WILD", None)])["cards-1"]
        'QA'
        """
        values = [value for value, _ in cards]
        fields: dict[str, str | None] = {f"cards-{seat}": "".join(v for v in values if v in ALPHABET),
                                         f"points-{seat}": None}
        for z in ZAP_CARDS:
            fields[f"zap-{seat}-{z}"] = str(values.count(z)) if z in values else ""
        return fields

    def round_values(self, row: Round) -> dict:
        values = {"winner": str(row.winner)}
        for seat, points in enumerate(row.points):
            cards = row.cards[seat] if seat < len(row.cards) else ""
            letters, *zaps = cards.split("+")
            values[f"cards-{seat}"] = letters
            for z in ZAP_CARDS:
                if zaps.count(z):
                    values[f"zap-{seat}-{z}"] = str(zaps.count(z))
            values[f"points-{seat}"] = "" if cards else str(points)
        return values

    def preview(self, form: Mapping, players: int, settings: Mapping,
                standings: Standings | None = None) -> list[tuple[int | None, str | None]]:
        """(points, a problem) beside each player, as the form is filled in."""
        values = standings.extra.get("values") if standings else None
        winner = whole_number(form.get("winner"))
        shown = []
        for seat in range(players):
            p, _, _, problem = self._seat(form, seat, winner, values)
            typed = form.get(f"points-{seat}") or form.get(f"cards-{seat}") or any(
                form.get(f"zap-{seat}-{z}") for z in ZAP_CARDS)
            shown.append((p, problem if typed else None))
        return shown

    no_challenge = "Type the word that was laid, letters A–Z (? for a WILD card), and who laid it."

    def read_play(self, kind: str, form: Mapping, standings: Standings) -> tuple[dict, dict]:
        """The card values form: a value for every letter and ZAP card, 0 to 50."""
        if kind != CARD_VALUES:
            raise KeyError(kind)
        return read_values(form, (*ALPHABET, *ZAP_CARDS), MAX_CARD_VALUE, "card")
