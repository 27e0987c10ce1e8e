"""ZOOT! Poker's pages: a new deal, the action, showdown, rebuy and game-end forms, the
showdown's preview, and the plays in a player's words. The rules are rules/poker.py."""

from __future__ import annotations

from typing import Mapping

from ..rules.base import REJECTED, Standings, whole_number
from ..rules.log import Play
from ..rules.poker import (ACTION, ALL_IN, BET, CALL, CHALLENGE, CHECK, DEAL, FOLD, GAME_END, RAISE,
                           REBUY, SHOWDOWN, showdown_preview)
from .base import Pages, RowFacts

#: An action as a player says it: alone, and with its chips (a raise's: what the bet came to).
_SAID = {CHECK: ("checks", "checks"), FOLD: ("folds", "folds"), CALL: ("calls", "calls"),
         BET: ("bets", "bets"), RAISE: ("raises", "raises to"),
         ALL_IN: ("goes all in", "goes all in with")}


def action_said(name: str, action: str, amount) -> str:
    """One action of the betting, as the table says it (a raise's amount is what it came to).

    >>> action_said("Cy", "raise", 30), action_said("Ann", "check", 0), action_said("Bo", "all-in", 195)
    ('Cy raises to 30', 'Ann checks', 'Bo goes all in with 195')
    """
    alone, with_chips = _SAID.get(action, (action, action))
    return f"{name} {with_chips} {amount}" if amount and action not in (CHECK, FOLD) else f"{name} {alone}"


def listed(names) -> str:
    """Names as a sentence lists them.

    >>> listed(["Ann"]), listed(["Ann", "Bo"]), listed(["Ann", "Bo", "Cy"])
    ('Ann', 'Ann and Bo', 'Ann, Bo and Cy')
    """
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def pot_names(count: int) -> list[str]:
    """What the table calls a deal's pots: "The pot" alone, else the main pot and side pots.

    >>> pot_names(1), pot_names(3)
    (['The pot'], ['Main pot', 'Side pot 1', 'Side pot 2'])
    """
    return ["The pot"] if count == 1 else ["Main pot"] + [f"Side pot {n}" for n in range(1, count)]


def returned_said(name: str, chips: int) -> str:
    """A bet nobody matched, on its way back to its bettor (it is in no pot).

    >>> returned_said("Bo", 33)
    'Returned to Bo: 33 (nobody matched it)'
    """
    return f"Returned to {name}: {chips} (nobody matched it)"


def paid_said(record, names) -> list[str]:
    """Who took which pot of a deal paid, in a player's words: each pot's winner, a split
    between how many and each share, and who took an odd chip (the first winner clockwise
    from the dealer's left, as the rules pay it); a deal won unseen names its winner; a bet
    nobody called is said going back.

    >>> from ..rules.poker import Payout, Pot, DealRecord
    >>> r = DealRecord(1, 3, 2, None, [], words=["", "QUI?ZES", "QUOTA", "JA?ZIER"],
    ...                paid=[Payout(Pot(95, (1, 2, 3)), {3: 48, 1: 47}, (3,))])
    >>> paid_said(r, ["Ann", "Bo", "Cy", "Di"])
    ['The pot: 95 split between Di and Bo: Di 48, Bo 47; the odd chip to Di, the first of them clockwise from the dealer’s left']
    >>> r = DealRecord(1, 1, 0, None, [], paid=[Payout(Pot(80, (2,)), {2: 80})], returned=(2, 50))
    >>> paid_said(r, ["Ann", "Bo", "Cy", "Di"])
    ['Cy won the pot of 80 unseen: everyone else folded', 'Returned to Cy: 50 (nobody matched it)']
    """
    said = []
    labels = pot_names(len(record.paid or []))
    for label, paid in zip(labels, record.paid or []):
        winners = list(paid.shares)
        if not record.words:
            said.append(f"{names[winners[0]]} won the pot of {paid.pot.amount} unseen: everyone else folded")
        elif len(winners) == 1:
            said.append(f"{label}: {paid.pot.amount} to {names[winners[0]]}")
        else:
            each = (f"{paid.pot.amount // len(winners)} each" if not paid.odd else
                    ", ".join(f"{names[s]} {chips}" for s, chips in paid.shares.items()))
            line = f"{label}: {paid.pot.amount} split between {listed(names[s] for s in winners)}: {each}"
            if paid.odd:
                line += (f"; the odd chip{'s' if len(paid.odd) > 1 else ''} to "
                         f"{listed(names[s] for s in paid.odd)}, the first of them clockwise "
                         f"from the dealer’s left")
            said.append(line)
    if record.returned:
        said.append(returned_said(names[record.returned[0]], record.returned[1]))
    return said


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
    table_scan = True  # the showdown's words from one photo of the table
    forms = (ACTION, SHOWDOWN, REBUY, GAME_END)

    def table_seats(self, standings, players):
        """The hands still in at the showdown (none before it)."""
        current = standings.extra.get("current")
        if current is None or current.betting.turn is not None:
            return []
        return current.betting.in_hand()
    chart_below_entry = True
    follows_outside_live = "games/poker/_entry_last_deal.html"
    winner_heading = "Won"

    def played_text(self, standings: Standings) -> str:
        """Deals paid, and the deal under way said as such: "1 deal · deal 2 in play"."""
        paid = sum(1 for d in standings.rows if d.settled)
        current = standings.extra.get("current")
        text = f"{paid} deal{'' if paid == 1 else 's'}"
        if current is not None and not current.settled and not standings.finished:
            text += f" · deal {current.number} in play"
        return text

    def row_facts(self, names, standings):
        """Each deal paid: its dealer, the showdown words (none when won unseen), and who
        came out ahead on it."""
        return [RowFacts(names[d.dealer],
                         tuple(w or "" for w in d.words) if d.words else ("",) * len(names),
                         ", ".join(names[s] for s, won in sorted(d.won.items()) if won > 0))
                for d in standings.rows if d.settled]

    def describe_settings(self, settings: Mapping) -> str:
        return (f"{settings['length']}-letter words · {settings['buy_in']} chips each · ante "
                f"{settings['ante'] or 'none'} · {self.rules.settings[4].choices[settings['limit']].lower()}")

    progress_name = "deal"

    def action_said(self, name: str, action: str, amount) -> str:
        """An action of the deal's log on the scoreboard, as History says it."""
        return action_said(name, action, amount)

    def paid_said(self, record, names) -> list[str]:
        return paid_said(record, names)

    def returned_said(self, name: str, chips: int) -> str:
        return returned_said(name, chips)

    def pot_names(self, count: int) -> list[str]:
        return pot_names(count)

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
                return (action_said(names[d['seat']], RAISE, to) if to is not None else
                        f"{names[d['seat']]} raises, putting in {d.get('amount')}")
            return action_said(names[d["seat"]], d["action"], d.get("amount"))
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
        """A play's form read into its data; whether it can be made now, and what it comes
        to against the table, are the rules' (refusal, action_data, check_play)."""
        refused = self.rules.refusal(kind, standings)
        if refused:
            return {}, refused
        current = standings.extra["current"]
        players = len(standings.totals)
        if kind == ACTION:  # a bet or raise typed as what the bet comes to: "raise to 60"
            return self.rules.action_data(standings, form.get("action", ""),
                                          whole_number(form.get("amount"), strip=True))
        if kind == SHOWDOWN:
            in_hand = current.betting.in_hand()
            data = {"deal": current.id, "words": [_showdown_word(form, seat) if seat in in_hand else ""
                                                  for seat in range(players)]}
            return data, self.rules.check_play(kind, standings, data)
        if kind == REBUY:
            seat, chips = whole_number(form.get("seat"), strip=True), whole_number(form.get("chips"), strip=True)
            if seat is None or seat >= players or not chips or chips > 100_000:
                return {}, {"round": "Choose who buys in and how many chips (1 to 100,000)."}
            return {"seat": seat, "chips": chips}, {}
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
