"""Hand and Foot's pages: the round form (each team's books, cards melded and left, who went
out, who drew exactly 22), its preview, and the rounds in a player's words. The rules are
rules/hand_and_foot.py."""

from __future__ import annotations

from typing import Mapping

from ..rules.base import Standings, whole_number
from ..rules.hand_and_foot import (CLEAN_BOOK, DIRTY_BOOK, EXACTLY_22, GOING_OUT, IN_FOUR_DECKS, KIND_NAMES,
                                   LEFT, MAX_TYPED, MELDED, MINIMUMS, Round, cards_points,
                                   round_problems, score_team, teams_of)
from ..rules.log import EDIT, Play
from .base import Pages, RowFacts, score


class Previews(list):
    """Each team's (score, problem) as the form is filled in, and `unsaved`: the field of the
    first thing that would keep Save from saving the round ("team-0", "out"; "" when it would
    save). Its reason is the team's note, or the refusal's card: said once."""
    unsaved = ""


class HandAndFootPages(Pages):
    """Hand and Foot's pages."""

    blurb = "teams, books and card counts"
    template = "hand-and-foot"
    first_label = "plays first"  # the highest card drawn
    first_question = "Choose who plays first (who drew the highest card)."
    players_text = "4 or 6 in teams, or 2–4 alone"
    # what the round form's labels print, as the rules have them
    clean_book, dirty_book, going_out, exactly_22 = CLEAN_BOOK, DIRTY_BOOK, GOING_OUT, EXACTLY_22
    dealer_heading = "Plays first"

    def row_facts(self, names, standings):
        """Each round's first player and the team (or player) that went out; no words."""
        sides = self.rules.sides(names, standings)
        return [RowFacts(names[r.starter], None, sides[r.out] if r.out is not None else "nobody")
                for r in standings.rows]

    def describe_settings(self, settings: Mapping) -> str:
        play = "teams of two" if settings["play"] == "teams" else "each for themselves"
        return f"{play} · rounds open at {MINIMUMS[settings['minimums']].split(' (')[0]}"

    def heading(self, standings: Standings) -> str:
        return f"Round {standings.next_number}: open with {standings.extra['minimum']}"

    def describe(self, play: Play, names, standings, earlier) -> str:
        d = play.data
        teams = standings.extra["teams"]
        parts = []
        for i, t in enumerate(d["teams"][:len(teams)]):
            counted = score_team(t, d.get("out") == i, sum(s in d.get("drew22", []) for s in teams[i]))
            parts.append(f"{self.rules.team_name(names, teams[i])} {score(counted.total)}")
        out = d.get("out")
        text = ", ".join(parts) + (f"; {self.rules.team_name(names, teams[out])} went out"
                                   if out is not None and out < len(teams) else "; nobody went out")
        numbers = standings.numbers
        if play.kind == EDIT:
            rid = d["round"]
            return f"Edited round {numbers[rid]}: {text}" if rid in numbers else f"Edited a deleted round: {text}"
        return f"Round {numbers[play.id]}: {text}" if play.id in numbers else f"Round: {text}"

    def describe_change(self, before, after, names, standings) -> str:
        """Each team's round before and after an edit, with only the parts that changed; and
        who went out, when that changed."""
        teams = standings.extra["teams"]

        def scored(data, i):
            return score_team(data["teams"][i], data.get("out") == i,
                              sum(s in data.get("drew22", []) for s in teams[i]))

        def side(out):
            return self.rules.team_name(names, teams[out]) if out is not None and out < len(teams) else "nobody"

        parts = []
        for i in range(min(len(teams), len(before["teams"]), len(after["teams"]))):
            old, new = scored(before, i), scored(after, i)
            changed = [f"{what} {sign * bool(a)}{a} → {sign * bool(b)}{b}" for what, sign, a, b in (
                ("books", "", old.books, new.books), ("meld", "", old.meld, new.meld),
                ("22 cards", "+", old.exactly_22, new.exactly_22),
                ("left", "−", old.left, new.left)) if a != b]
            if old.total != new.total or changed:
                # a total the edit left as it was is said once: "still 1270", never "1270 → 1270"
                moved = (f"{score(old.total)} → {score(new.total)}" if old.total != new.total
                         else f"still {score(new.total)}")
                parts.append(f"{self.rules.team_name(names, teams[i])} {moved}"
                             + (f" ({', '.join(changed)})" if changed else ""))
        if before.get("out") != after.get("out"):
            parts.append(f"went out: {side(before.get('out'))} → {side(after.get('out'))}")
        return "; ".join(parts) or "nothing changed"

    def _counts(self, form, prefix: str, kinds, errors: dict, field: str) -> tuple[dict, int | None]:
        """A team's cards melded or left, counted by kind (at most what four decks hold of
        each), or their total typed; a reason names the field and its limit.

        >>> from companion.rules.hand_and_foot import HAND_AND_FOOT
        >>> errors = {}
        >>> _ = HandAndFootPages(HAND_AND_FOOT)._counts({"meld-0-high": "999"}, "meld-0", MELDED, errors, "t")
        >>> errors["t"]
        '6s to Kings melded: 999 is more cards than four decks hold (128 at most).'
        """
        counts, total = {}, None
        where = "melded" if prefix.startswith("meld") else "left in hands and feet"
        for kind in kinds:
            raw = form.get(f"{prefix}-{kind}")
            if raw in (None, ""):
                continue
            n = whole_number(raw, strip=True)
            if n is None:
                errors[field] = (f"{KIND_NAMES[kind]} {where}: type how many cards, a whole number "
                                 f"from 0 to {IN_FOUR_DECKS[kind]}.")
                continue
            if n > IN_FOUR_DECKS[kind]:
                errors[field] = (f"{KIND_NAMES[kind]} {where}: {n} is more cards than four decks "
                                 f"hold ({IN_FOUR_DECKS[kind]} at most).")
                continue
            if n:
                counts[kind] = n
        raw_total = form.get(f"{prefix}-total")
        if raw_total not in (None, ""):
            total = whole_number(raw_total, strip=True)
            if total is None or total > MAX_TYPED:
                errors[field] = (f"The total of the cards {where}: type a whole number of points "
                                 f"from 0 to {MAX_TYPED}.")
        return counts, total

    def read_round(self, form, players, settings, standings=None) -> tuple[dict, dict]:
        """Each team's books and cards, who went out and who drew 22, with what cannot be
        read (and a round with nobody out where the table's setting wants one); whether the
        books and melds can be, and the deck, are the rules' (round_problems)."""
        errors: dict[str, str] = {}
        teams = teams_of(players, settings)
        out = whole_number(form.get("out"), strip=True) if form.get("out") not in (None, "", "none") else None
        if form.get("out") not in (None, "", "none") and (out is None or out >= len(teams)):
            errors["out"] = "Choose the team that went out."
        if out is None and not settings.get("nobody_out"):  # the setting's rule, over the form's
            errors["out"] = "Choose the team that went out (this table plays every round to a going out)."
        data_teams = []
        for i, team in enumerate(teams):
            field = f"team-{i}"
            entry: dict = {}
            for book in ("clean", "dirty"):
                raw = form.get(f"{book}-{i}")
                n = whole_number(raw, strip=True) if raw not in (None, "") else 0
                if n is None or n > 30:
                    errors[field] = f"{book.capitalize()} books: type a whole number from 0 to 30."
                    n = 0
                entry[book] = n
            meld, meld_total = self._counts(form, f"meld-{i}", MELDED, errors, field)
            left, left_total = self._counts(form, f"left-{i}", LEFT, errors, field)
            if meld_total is not None and meld:
                if cards_points(meld) != meld_total:
                    errors[field] = f"The cards melded add up to {cards_points(meld)}, not {meld_total}: correct one."
            if meld_total is not None and not meld:
                entry["meld_total"] = meld_total
            else:
                entry["meld"] = meld
            if left_total is not None and not left:
                entry["left_total"] = left_total
            else:
                entry["left"] = left
            data_teams.append(entry)
        drew = [s for s in range(players) if form.get(f"drew22-{s}")]
        return {"teams": data_teams, "out": out, "drew22": drew}, errors

    def round_values(self, row: Round) -> dict:
        values = {"out": "none" if row.out is None else str(row.out)}
        for i, team in enumerate(row.data["teams"]):
            values[f"clean-{i}"], values[f"dirty-{i}"] = str(team.get("clean", 0)), str(team.get("dirty", 0))
            for kind, n in team.get("meld", {}).items():
                values[f"meld-{i}-{kind}"] = str(n)
            if "meld_total" in team:
                values[f"meld-{i}-total"] = str(team["meld_total"])
            for kind, n in team.get("left", {}).items():
                values[f"left-{i}-{kind}"] = str(n)
            if "left_total" in team:
                values[f"left-{i}-total"] = str(team["left_total"])
        for seat in row.data.get("drew22", []):
            values[f"drew22-{seat}"] = "on"
        return values

    def preview(self, form, players, settings, standings=None) -> list:
        """Each team's round as the form is filled in: its components and total, or a problem."""
        data, errors = self.read_round(form, players, {**settings, "nobody_out": True}, standings)
        errors = round_problems(data, settings) | errors
        teams = teams_of(players, settings)
        shown = Previews()
        for i, team in enumerate(data["teams"]):
            counted = score_team(team, data["out"] == i, sum(s in data["drew22"] for s in teams[i]))
            shown.append((counted, errors.get(f"team-{i}")))
        # what Save would still refuse (who went out too): unsaid, but a refusal's card waits for it
        strict = self.read_round(form, players, settings, standings)[1]
        shown.unsaved = next(iter(errors | strict), "")
        return shown

    no_challenge = "Hand and Foot has no words to challenge."
