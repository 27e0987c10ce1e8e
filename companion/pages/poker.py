"""ZOOT! Poker's pages: a new deal, the action, showdown, rebuy and game-end forms, the
showdown's preview, and the plays in a player's words. The rules are rules/poker.py."""

from __future__ import annotations

from typing import Mapping

from ..rules.base import REJECTED, Standings, whole_number
from ..rules.log import Play
from ..rules.poker import (ACTION, BET, CHALLENGE, DEAL, GAME_END, RAISE, REBUY, SHOWDOWN,
                           showdown_preview, showdown_problems)
from .base import Pages


def _showdown_word(form: Mapping, seat: int) -> str:
    """A seat's word as typed on the showdown form: capitals, no spaces, at most 30."""
    return "".join(c.upper() if c.isascii() else c for c in "".join(
        (form.get(f"word-{seat}") or "").split()))[:30]


class PokerPages(Pages):
    """ZOOT! Poker's pages."""

    blurb = "the bank, the betting and the pots; the best word wins"
    template = "poker"
    row_name = "deal"
    scans = True  # a showdown word can be read from a photo (ZOOT!'s cards)
    deck = "foot"
    forms = (ACTION, SHOWDOWN, REBUY, GAME_END)

    def describe_settings(self, settings: Mapping) -> str:
        return (f"{settings['length']}-letter words · {settings['buy_in']} chips each · ante "
                f"{settings['ante'] or 'none'} · {self.rules.settings[4].choices[settings['limit']].lower()}")

    progress_name = "deal"

    def heading(self, standings: Standings) -> str:
        current = standings.extra["current"]
        return f"Deal {current.number}" if current else f"Deal {len(standings.rows) + 1}"

    def stale(self, kind, standings, answered) -> str | None:
        if kind == ACTION and self.rules.answers(kind, standings) not in (None, answered):
            return "That turn was already played on another phone: here is the table now."
        return super().stale(kind, standings, answered)

    def describe(self, play: Play, names, standings, earlier) -> str:
        d = play.data
        if play.kind == DEAL:
            return "A new deal"
        if play.kind == ACTION:
            if d["action"] == RAISE:  # "raise 30" would not say whether to 30 or by 30
                deals = standings.extra.setdefault("deals", {r.id: r for r in standings.rows})
                record = deals.get(d["deal"])  # (History describes every action: found once)
                to = record.raised_to.get(play.id) if record else None
                return (f"{names[d['seat']]}: raise to {to}" if to is not None else
                        f"{names[d['seat']]}: raise, putting in {d.get('amount')}")
            amount = f" {d.get('amount')}" if d.get("amount") else ""
            return f"{names[d['seat']]}: {d['action']}{amount}"
        if play.kind == SHOWDOWN:
            shown = ", ".join(f"{names[s]} {w}" for s, w in enumerate(d["words"]) if w)
            return f"Showdown: {shown or 'no word laid'}"
        if play.kind == CHALLENGE:
            verdict = "rejected: worth 0" if d["verdict"] == REJECTED else "it stands"
            return f"{names[d['challenger']]} challenged {names[d['seat']]}’s word: {verdict}"
        if play.kind == REBUY:
            return f"{names[d['seat']]} bought {d['chips']} chips"
        return "The scorekeeper ended the game"

    def read_round(self, form, players, settings, standings=None) -> tuple[dict, dict]:
        return {}, {}

    def preview(self, form, players, settings, standings=None):
        """The showdown form's words valued as they are typed (nothing before the showdown)."""
        current = standings.extra["current"] if standings else None
        if current is None or not current.betting.over or current.words is not None:
            return None
        return showdown_preview({seat: _showdown_word(form, seat) for seat in current.betting.in_hand()},
                                settings["length"], settings["wilds"])

    def read_play(self, kind, form, standings) -> tuple[dict, dict]:
        current = standings.extra["current"]
        players = len(standings.totals)
        if standings.finished:
            return {}, {"round": "The game is over."}
        if kind == ACTION:
            if current is None or current.betting.turn is None:
                return {}, {"round": "Nobody is to act now."}
            action = form.get("action", "")
            legal = current.betting.legal()
            if action not in legal:
                return {}, {"round": "Choose one of the actions offered."}
            amount = legal[action][0]
            if action in (BET, RAISE):  # typed as what the bet comes to: "raise to 60"
                least, most = current.betting.raise_to(action)
                to = whole_number(form.get("amount"), strip=True)
                if to is None or not least <= to <= most:
                    return {}, {"amount": f"A bet here is {least} to {most} chips." if action == BET
                                else f"A raise here is to {least} up to {most} chips."}
                amount = to - current.betting.in_interval[current.betting.turn]
            return {"deal": current.id, "seat": current.betting.turn, "action": action,
                    "amount": amount}, {}
        if kind == SHOWDOWN:
            if current is None or not current.betting.over or current.words is not None:
                return {}, {"round": "There is no showdown now."}
            words, errors = [], {}
            for seat in range(players):
                word = _showdown_word(form, seat) if seat in current.betting.in_hand() else ""
                problems = showdown_problems(word, standings.extra["wilds"])
                if problems:
                    errors[f"word-{seat}"] = " ".join(problems)
                words.append(word)
            if not errors:  # each hand is dealt from one deck: the words together too
                together = showdown_problems("".join(words), standings.extra["wilds"])
                if together:
                    errors["round"] = together[0].replace("This word uses", "These words together use")
            return {"deal": current.id, "words": words}, errors
        if kind == REBUY:
            seat, chips = whole_number(form.get("seat"), strip=True), whole_number(form.get("chips"), strip=True)
            if current is not None:
                return {}, {"round": "Buy in between deals."}
            if standings.rows and not standings.extra["rebuy"]:
                return {}, {"round": "This table plays without rebuys."}
            if seat is None or seat >= players or not chips or chips > 100_000:
                return {}, {"round": "Choose who buys in and how many chips (1 to 100,000)."}
            return {"seat": seat, "chips": chips}, {}
        if current is not None:
            return {}, {"round": "Finish the deal under way first."}
        return {}, {}

    def play_form(self, kind, data, standings) -> dict:
        """An action's form says a bet or raise as what the bet comes to ("raise to")."""
        form = super().play_form(kind, data, standings)
        current = standings.extra["current"]
        if kind == ACTION and data.get("action") in (BET, RAISE) and current is not None \
                and current.betting.turn is not None and isinstance(data.get("amount"), int):
            form["amount"] = str(data["amount"] + current.betting.in_interval[current.betting.turn])
        return form

    no_challenge = "There is no showdown word to challenge now."
