"""FEZ's pages: the word form (tiles, colours, stars, the cards they lie on), the lay-off,
round-end, game-end and face-values forms, the scan of a word laid, and the plays in a
player's words. The rules are rules/fez.py."""

from __future__ import annotations

from typing import Mapping

from ..rules.base import ALPHABET, NOT_A_CARD, REJECTED, STAR, Standings, normalize, whole_number
from ..rules.fez import FEZ  # noqa: F401  (the doctests' game)
from ..rules.fez import (ALL_FLUSH_BONUS, BLANK, CHALLENGE, COLOURS, FACE_VALUES,
                         GAME_END, LAYOFF, MAX_FACE_VALUE, OFF_ON, ROUND_END, TURN_SECONDS,
                         UNCOUNTED, WORD, Layoff, Word, cards_text, colourless, face, label,
                         read_cards, score_word, spans, two_colour_cards)
from ..rules.log import EDIT, Play
from ..words.judge import SCRABBLE_VALUES
from .base import Pages, RowFacts, read_values


#: The fields of the lay-off form its working follows.
LAYOFF_FIELDS = "layoff-seat layoff-onto before after layoff-colours layoff-stars"


class FezPages(Pages):
    """FEZ's pages."""

    blurb = "two-letter cards · flushes and stars · word by word"
    # what the help and the timer print, as the rules have them
    all_flush_bonus = ALL_FLUSH_BONUS
    turn_seconds = TURN_SECONDS
    layoff_fields = LAYOFF_FIELDS

    def played_text(self, standings: Standings) -> str:
        """Rounds whose hands were counted, and the round under way said as such."""
        rows = standings.rows
        ended = sum(1 for r in rows if r.end)
        text = f"{ended} round{'' if ended == 1 else 's'}"
        if rows and rows[-1].end is None and not standings.finished:
            text += f" · round {rows[-1].number} in play"
        return text

    def row_facts(self, names, standings):
        """Each round's dealer, the words each player laid (as the sheet writes them), and
        who went out (none while the round is played, or when hands were not counted)."""
        return [RowFacts(names[r.dealer],
                         tuple(" ".join(e.label for e in r.entries if isinstance(e, Word) and e.seat == seat)
                               for seat in range(len(names))),
                         names[r.end.out] if r.end and r.end.out is not None else "")
                for r in standings.rows]

    def describe_settings(self, settings: Mapping) -> str:
        on = [s.label.replace("Nasty: ", "") for s in self.rules.settings
              if s.choices is OFF_ON and settings.get(s.key)]
        return "nasty rules: " + "; ".join(on) if on else ""

    def describe(self, play: Play, names, standings, earlier) -> str:
        d = play.data
        if play.kind in (WORD, EDIT):
            text = f"{names[d['seat']]} played {label(d.get('reads') or d['tiles'], d['colours'], d.get('stars', ''))}"
            return text if play.kind == WORD else f"Edited a word: {text}"
        if play.kind == LAYOFF:
            added = "+".join(x for x in (d["before"], d["after"]) if x) + "★" * len(d.get("stars", ""))
            return f"{names[d['seat']]} laid {added} on {d.get('word') or 'a word'}"
        if play.kind == CHALLENGE:
            target = earlier.get(d["play"])
            word = (target.data.get("word") or target.data.get("reads") or target.data.get("tiles")
                    if target else "a word")
            text = (f"{names[d['challenger']]} challenged {word}: "
                    + ("rejected, back to the hand" if d["verdict"] == REJECTED else "it stands"))
            if isinstance(d.get("judge"), Mapping) and d["judge"].get("verdict") != d["verdict"]:
                text += "; a house decision, overruling the judge"
            return text
        if play.kind == ROUND_END:
            hands = ", ".join(f"{names[s]} −{h}" for s, h in enumerate(d["hands"]) if h)
            out = f"{names[d['out']]} went out; " if d.get("out") is not None else ""
            return f"End of a round: {out}" + (f"left in hand {hands}" if hands else "no cards left in hand")
        if play.kind == GAME_END:
            return "The scorekeeper ended the game" + (
                ", the last round’s hands uncounted" if d.get(UNCOUNTED) else "")
        return "Face values set: " + ", ".join(f"{k} {v}" for k, v in d["values"].items())

    def edit_heading(self, row_id, names, standings) -> str:
        word = standings.extra["words"].get(row_id)
        return f"Edited a word of round {word.round}" if word else "Edited a deleted word"

    def describe_change(self, before, after, names, standings) -> str:
        """A word before and after an edit, as the sheet writes it, with its score (its
        lay-offs are scored again on the scoreboard).

        >>> FezPages(FEZ).describe_change({"seat": 0, "tiles": "PLAY", "colours": "BBBB", "stars": ""},
        ...     {"seat": 0, "tiles": "PLAYS", "colours": "BBBBB", "stars": ""}, ["Ann"], None)
        'Ann’s PLAYᶠ → PLAYSᶠ (18 → 20 points)'
        >>> FezPages(FEZ).describe_change({"seat": 0, "tiles": "FIN", "colours": "RBR", "stars": ""},
        ...     {"seat": 1, "tiles": "FIN", "colours": "RRB", "stars": ""}, ["Ann", "Bo"], None)
        'Ann’s FIN → Bo’s FIN (colours RBR → RRB)'
        >>> FezPages(FEZ).describe_change({"seat": 0, "tiles": "PLAY", "colours": "BBBB", "stars": ""},
        ...     {"seat": 0, "tiles": "PLAY", "colours": "BBBB", "stars": "", "cards": [2, 1, 1]},
        ...     ["Ann"], None)
        'Ann’s PLAYᶠ → PLAYᶠ (cards one letter each → PL A Y)'
        """
        values = standings.extra["values"] if standings else SCRABBLE_VALUES

        def shown(d):
            return label(d.get("reads") or d["tiles"], d["colours"], d.get("stars", ""))

        def points(d):
            return score_word(d["tiles"], d["colours"], d.get("stars", ""), values).total

        old, new = shown(before), shown(after)
        text = (f"{names[before['seat']]}’s {old} → {new}" if before["seat"] == after["seat"]
                else f"{names[before['seat']]}’s {old} → {names[after['seat']]}’s {new}")
        if old == new and before["colours"] != after["colours"]:
            text += f" (colours {before['colours']} → {after['colours']})"
        elif old == new and before.get("cards") != after.get("cards"):
            was, now = (cards_text(d["tiles"], d.get("cards")) or "one letter each"
                        for d in (before, after))
            text += f" (cards {was} → {now})"
        if points(before) != points(after):
            text += f" ({points(before)} → {points(after)} points)"
        return text

    row_name = "word"
    forms = (LAYOFF, ROUND_END, GAME_END, FACE_VALUES)
    template = "fez"

    def heading(self, standings: Standings) -> str:
        return f"Round {standings.extra['round']}"

    def stale(self, kind, standings, answered) -> str | None:
        if self.rules.answers(kind, standings) in (None, answered):
            return None
        if kind == ROUND_END:
            return f"Round {answered} was already ended by another phone."
        what = "word" if kind == WORD else "lay-off"
        return f"Another phone saved a {what} since this one was typed: is it the same?"

    scans = True
    deck = "fez"
    scan_colours = True
    scan_label = "Scan the word"
    scan_pick = "pick its letter and colour"

    def scan_choices(self):
        return (*((c, c, c) for c in ALPHABET), (BLANK, BLANK, "? blank"), (STAR, STAR, "★ star"),
                (NOT_A_CARD, "✕", "✕ not a card"))

    def scan_shown(self, cards):
        """The row's letters and stars, and a star card lying beside it (a star belongs to
        the word it is laid with)."""
        return [c for c in cards if c.in_row or c.letter == STAR]

    def scan_fields(self, seat, cards):
        """The word form's letters, their colours and its stars (the word has one form, not
        a field a player: `seat` is unused); the blanks' reading and the cards are left to say
        again. A letter or a star whose colour was not seen comes in not set (as typed), for the
        scorekeeper to choose: never a black that could make a flush or a star double.

        >>> FezPages(FEZ).scan_fields(0, [("F", "R"), (STAR, "B"), ("E", "R"), ("Z", None),
        ...                               (STAR, None)])
        {'tiles': 'FEZ', 'colours': 'RR?', 'stars': 'B?', 'reads': None, 'cards': None}
        """
        tiles = [(value, colour) for value, colour in cards if value != STAR]
        return {"tiles": "".join(value for value, _ in tiles),
                "colours": "".join(colour or BLANK for _, colour in tiles),
                "stars": "".join(colour or BLANK for value, colour in cards if value == STAR),
                "reads": None, "cards": None}

    def _tiles(self, form: Mapping, errors: dict, prefix: str = "") -> tuple[str, str, str]:
        """(tiles, colours, stars) from a form, with what is wrong in `errors`. A letter's
        colour starts not set ("?", or nothing typed for it): named until it is chosen."""
        tiles = normalize(form.get(f"{prefix}tiles", ""))
        colours = normalize(form.get(f"{prefix}colours", ""))
        stars = normalize(form.get("stars", ""))
        if any(c not in ALPHABET + BLANK for c in tiles) or len(tiles) > 30:
            errors[f"{prefix}tiles"] = "Letters A–Z, and ? for a blank (at most 30)."
        elif "tiles" not in errors:
            self._colours(tiles, colours, errors)
        self._stars(stars, errors)
        return tiles, colours, stars

    @staticmethod
    def _colours(letters: str, colours: str, errors: dict) -> None:
        """Each letter's colour: R or B, one a letter; one not set yet is named."""
        if len(colours) > len(letters) or any(c not in COLOURS and c != BLANK for c in colours):
            errors["colours"] = "Give every letter its card’s colour: R (red) or B (black), one a letter."
        elif problem := colourless(letters, colours):
            errors["colours"] = problem

    @staticmethod
    def _stars(stars: str, errors: dict) -> None:
        """Each star's colour: R or B, at most 4; one not set yet ("?": a star a photo showed
        in a colour the reader did not see) is named until it is chosen.

        >>> for stars in ("RB", "R?", "??", "RX"):
        ...     errors = {}; FezPages._stars(stars, errors); print(errors.get("stars"))
        None
        Choose red or black for the star that has none yet.
        Choose red or black for every star: 2 have none yet.
        A star is red (R) or black (B); at most 4.
        """
        if any(c not in COLOURS and c != BLANK for c in stars) or len(stars) > 4:
            errors["stars"] = "A star is red (R) or black (B); at most 4."
        elif (unset := stars.count(BLANK)) == 1:
            errors["stars"] = "Choose red or black for the star that has none yet."
        elif unset:
            errors["stars"] = f"Choose red or black for every star: {unset} have none yet."

    def _cards(self, form: Mapping, tiles: str, colours: str, errors: dict) -> list[int] | None:
        """The cards a word's letters lie on (the cards field), with what is wrong in `errors`:
        a card has one colour, so its two letters cannot differ."""
        cards, problem = read_cards(form.get("cards"), tiles)
        if "tiles" in errors:
            return None
        if problem:
            errors["cards"] = problem
        elif "colours" not in errors and (split := two_colour_cards(tiles, colours, cards)):
            errors["colours"] = (f"{split[0]} is one card, and a card has one colour: give "
                                 "its two letters the same colour.")
        return cards

    def read_round(self, form, players, settings, standings=None) -> tuple[dict, dict]:
        errors: dict[str, str] = {}
        seat = whole_number(form.get("seat"))
        if seat is None or seat >= players:
            errors["seat"] = "Choose who played the word."
        data = self._word(form, errors)
        return {"seat": seat, **data}, errors

    def _word(self, form, errors: dict) -> dict:
        """A word's letters, colours, stars, cards and reading, with what is wrong in
        `errors`: the one check of Save and of the preview as the word is typed."""
        tiles = normalize(form.get("tiles", ""))
        if len(tiles) == 1 and tiles in ALPHABET + BLANK:
            errors["tiles"] = "A FEZ word has 2 letters or more."
        tiles, colours, stars = self._tiles(form, errors)
        if "tiles" not in errors and len(tiles) < 2:
            errors["tiles"] = "A FEZ word has 2 letters or more."
        data = {"tiles": tiles, "colours": colours, "stars": stars}
        if cards := self._cards(form, tiles, colours, errors):
            data["cards"] = cards
        reads = normalize(form.get("reads", ""))
        if BLANK in tiles and reads and reads != tiles:
            if len(reads) != len(tiles) or any(t not in (BLANK, r) for t, r in zip(tiles, reads)) \
                    or BLANK in reads or any(c not in ALPHABET for c in reads):
                errors["reads"] = f"Spell the whole word with the blanks’ letters: {len(tiles)} letters."
            else:
                data["reads"] = reads
        return data

    def round_values(self, row: Word) -> dict:
        return {"seat": str(row.seat), "tiles": row.tiles, "colours": row.colours,
                "stars": row.stars, "reads": row.reads if row.reads != row.tiles else "",
                "cards": cards_text(row.tiles, row.cards)}

    def preview(self, form, players, settings, standings=None) -> dict:
        """The typed word's label, working and score, the sheet's way (a lay-off's: ?preview=layoff)."""
        if form.get("preview") == LAYOFF and standings is not None:
            return self.layoff_preview(form, standings)
        errors: dict[str, str] = {}
        values = standings.extra["values"] if standings else SCRABBLE_VALUES
        if not normalize(form.get("tiles", "")):
            return {"label": "", "terms": [], "problem": None}
        word = self._word(form, errors)
        if errors:  # what Save would say
            return {"label": "", "terms": [], "problem": next(iter(errors.values()))}
        tiles, colours, stars = word["tiles"], word["colours"], word["stars"]
        score = score_word(tiles, colours, stars, values)
        return {"label": label(word.get("reads") or tiles, colours, stars),
                "terms": score.terms, "problem": None}

    def layoff_preview(self, form: Mapping, standings: Standings) -> dict:
        """The typed lay-off's word and working as it will score, or the reason Save would
        give (who lays off is asked only on Save)."""
        shown = {"id": "fez-layoff-working", "for": LAYOFF_FIELDS, "label": "", "terms": [],
                 "problem": None}
        if not any(normalize(form.get(k, "")) for k in ("before", "after", "stars")):
            return shown
        data, errors = self.read_play(LAYOFF, form, standings)
        errors.pop("seat", None)
        if errors:
            return {**shown, "problem": next(iter(errors.values()))}
        onto, values = standings.extra["words"][data["onto"]], standings.extra["values"]
        added, stars = data["before"] + data["after"], data["stars"]
        keeps = onto.flush is not None and all(c == onto.flush for c in data["colours"])
        gain = (onto.score.total, score_word(onto.tiles, onto.colours, onto.stars + stars, values,
                                             onto.spoiled_by is not None).total) if stars else None
        laid = Layoff(0, data["seat"] or 0, onto.id, data["before"], data["after"], data["colours"],
                      stars, data["word"], onto.round, keeps,
                      face(added, values) * (2 if keeps else 1), gain=gain, onto_reads=onto.reads)
        return {**shown, "label": data["word"], "terms": laid.terms}

    @staticmethod
    def shades(letters: str, colours: str, stars: str = "") -> str:
        """A word's colours in words, for whoever cannot tell red from black by sight.

        >>> FezPages.shades("FIN", "RBR", "B"), FezPages.shades("PLAY", "BBBB"), FezPages.shades("", "", "R")
        ('red F, black I, red N; ★ black', 'all black', '★ red')
        """
        runs: list[list[str]] = []
        for letter, colour in zip(letters, colours):
            name = COLOURS.get(colour, "no colour")
            if runs and runs[-1][0] == name:
                runs[-1][1] += letter
            else:
                runs.append([name, letter])
        said = [f"all {runs[0][0]}" if len(runs) == 1 else ", ".join(f"{n} {t}" for n, t in runs)]
        return "; ".join(said * bool(runs) + ["★ " + ", ".join(COLOURS[s] for s in stars)] * bool(stars))

    no_challenge = "There is no such word on the table to challenge."

    def read_play(self, kind, form, standings) -> tuple[dict, dict]:
        """A play's form read into its data, then checked by the rules against the table:
        what the form itself says is wrong first, the rules' after it. The hands left at a
        round's end are checked against each other once every one of them could be read."""
        refused = self.rules.refusal(kind, standings)
        if refused:
            return {}, refused
        if kind == FACE_VALUES:
            return read_values(form, ALPHABET, MAX_FACE_VALUE, "letter")
        read = {LAYOFF: self._read_layoff, ROUND_END: self._read_round_end,
                GAME_END: self._read_game_end}[kind]
        data, errors = read(form, standings)
        if errors and kind == ROUND_END:
            return data, errors
        rules = self.rules.check_play(kind, standings, data)
        return data, errors | {k: v for k, v in rules.items() if k not in errors}

    def _read_round_end(self, form, standings) -> tuple[dict, dict]:
        """Each hand's points left (typed, or the letters left at the card values) and who
        went out."""
        players = len(standings.totals)
        errors: dict[str, str] = {}
        hands = []
        for seat in range(players):
            letters = normalize(form.get(f"left-{seat}", ""))
            typed = (form.get(f"points-{seat}") or "").strip()
            if any(c not in ALPHABET + BLANK for c in letters):
                errors[f"left-{seat}"] = "Letters A–Z of the cards left (both letters of each card)."
                hands.append(0)
            elif typed:
                points = whole_number(typed)
                if points is None or points > 1000:
                    errors[f"left-{seat}"] = "Points left are a whole number from 0 to 1000."
                elif letters and face(letters, standings.extra["values"]) != points:
                    errors[f"left-{seat}"] = (f"Those letters are worth {face(letters, standings.extra['values'])}, "
                                              f"not {points}: correct one.")
                hands.append(points or 0)
            else:
                hands.append(face(letters, standings.extra["values"]))
        out = whole_number(form.get("out"))
        if form.get("out") and (out is None or out >= players):
            errors["out"] = "Choose who played their last card, or nobody."
        return {"hands": hands, "out": out if form.get("out") else None}, errors

    def _read_game_end(self, form, standings) -> tuple[dict, dict]:
        return ({UNCOUNTED: True} if form.get(UNCOUNTED) else {}), {}

    def play_form(self, kind, data, standings) -> dict:
        """A round end's form takes each hand's points left as points-<seat>."""
        if kind == ROUND_END and isinstance(data.get("hands"), list):
            return {**{f"points-{s}": str(h) for s, h in enumerate(data["hands"])},
                    "out": "" if data.get("out") is None else str(data["out"])}
        return super().play_form(kind, data, standings)

    def _read_layoff(self, form, standings) -> tuple[dict, dict]:
        """Who laid off, onto which word, the letters added before and after it with their
        colours and cards, and any star; the table's checks are the rules' (layoff_problems)."""
        errors: dict[str, str] = {}
        seat = whole_number(form.get("seat"))
        if seat is None or seat >= len(standings.totals):
            errors["seat"] = "Choose who laid off."
        onto = standings.extra["words"].get(whole_number(form.get("onto")) or 0)
        before = normalize(form.get("before", ""))
        after = normalize(form.get("after", ""))
        colours = normalize(form.get("colours", ""))
        stars = normalize(form.get("stars", ""))
        added = before + after
        if any(c not in ALPHABET + BLANK for c in added) or len(added) > 20:
            errors["before"] = "Letters A–Z, and ? for a blank."
        else:
            self._colours(added, colours, errors)
        self._stars(stars, errors)
        if not (added or stars) and "before" not in errors:
            errors["before"] = "Add letters before or after the word, or a star on your own word."
        cards = None if "before" in errors else self._cards(form, added, colours, errors)
        if spans(cards, len(before)):
            errors["cards"] = "A card gives letters on one side of the word: before it or after it."
        data = {"seat": seat, "onto": onto.id if onto else None, "before": before, "after": after,
                "colours": colours, "stars": stars,
                "word": before + (onto.current if onto else "") + after}
        if cards:
            data["cards"] = cards
        return data, errors
