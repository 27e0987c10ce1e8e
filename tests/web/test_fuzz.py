"""A deterministic fuzz of every route and form a phone on the table's Wi-Fi can reach.

For every rule in ``app.url_map`` (so a new route is fuzzed without touching this file),
each method it takes and one it does not, against each kind of game a table keeps (a FOOT!
game for three with two rounds saved and one challenge; a family game for four, adults, with
its card values set, one round saved and one challenge; a FEZ game for three with two words,
a lay-off and a challenge in a round still open, its /plays/<kind> route fuzzed for each of
its kinds; a Hand and Foot game for four in two teams, one round saved, whose page also
answers "Does this meld open?" from its ?melds= address; a ZOOT! Poker game for four, rebuys
on, one deal played to a showdown and challenged and a second deal under way with a bet to
answer, its /plays/<kind> route fuzzed for each of its kinds, the showdown form at the second
deal's showdown and the forms read only between deals with that deal paid), this proves that:

* no request makes the server fail (no 5xx, no exception escaping a view), whatever the
  URL ids (real, missing, huge, Unicode digits), the fields of the form or query string
  (odd Unicode digits, huge numbers, control characters, markup, missing, repeated, near
  the 64 KB body limit), the content type (a form, multipart with a garbage file part,
  JSON, plain text, undecodable bytes, a broken multipart body) or the phone (the
  scorekeeper's, which holds the game's cookie, or a stranger's);
* a refused request (status >= 400) saves nothing: every table has as many rows after
  it as before;
* a GET, HEAD or OPTIONS changes nothing stored (every table's contents are the same after
  it), whatever it answers;
* with CSRF protection on, no POST without a valid token is accepted (400 or 403),
  and nothing is saved;
* an id in the address that is not ASCII digits, or that no row can have, is a 404 for
  every method, before any view runs.

A ``random.Random`` seeded from SEED and the route, game, play kind (and Poker's stage) drives
each route's requests, so every run sends the same ones (and a new route or game changes no
others'). A failure lists every failing request (method, path, fields, status), so one run
shows them all.
"""

from __future__ import annotations

import io
import json
import random
import re
import traceback
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import NamedTuple
from urllib.parse import parse_qsl, urlencode

import pytest
from PIL import Image
from sqlalchemy import select
from werkzeug.datastructures import MultiDict

from companion.extensions import db
from companion.models import Game, Play
from tests.helpers import contents, game_row, new_game, public_id, round_form, row_counts
from tests.web.hostile import BROKEN_MULTIPART, HOSTILE, LONG, STRINGS

pytestmark = pytest.mark.usefixtures("letter_model")  # its scans read photos

SEED = 20261122
FUZZ_PER_METHOD = 2  # random forms per (route, method, phone) at the route's real URL
PHONES = ("scorekeeper", "stranger")
WRONG_METHODS = ("PUT", "DELETE", "PATCH")

# --- Hostile values (the shared ones are in tests/web/hostile.py) -----------------------

#: Each breaks a different assumption of `int(x) if x.isdigit()`: that int() takes what
#: isdigit() accepts, that int() takes any number of digits, that the database takes the int.
SHARP = ["²", "9" * 5000, "99999999999999999999"]
#: Text a field reads as more than a number gets in the field pass too, beside SHARP. Hand and
#: Foot's "Does this meld open?" (?melds=, cut at 80 characters) reads cards by rank: ten as
#: 10 or T, * a joker, 2 a deuce; letters whose capital is longer (ß, ﬃ) or another letter
#: (ı), separators it splits on or not, a 10 cut in two at the 80th character.
FIELD_SHARP = {"melds": ["1", "0", "10", "T", "*", "2", "22", "**A", "1 0 1 0", "0 1",
                         "A,,A,A", ",", " ", "AAA\u3000KKK", "AAA\xa0KKK", "ＡＡＡ", "ßßß",
                         "ﬃ", "ııı", "١٠١٠", "AAA " + "10" * 40, "A" * 79 + "10",
                         "KK* " * 30, "33 AAA", "2*2*", "<b>AAA</b>"]}
#: The same, for a field only one game reads under that name. ZOOT! Poker's amounts and chips
#: (read if 7 digits or fewer), and its showdown words (7 letters, ? a wild; ASCII letters
#: only made capitals, spaces taken out, cut at 30).
SEVEN = ["JAZZIER", "jazzier", "JA?ZIER", "???????", "JAZZY", "JAZZIERS", "JAZ ZIER",
         "JAZZ\u200bIER", "ＪAZZIER", "ßAZZIER", "ıAZZIER", "ﬃAZZIE", "ÅZZIERS",
         "A" * 30 + "Q", "J\x00ZZIER", "<b>JAZ</b>"]
GAME_SHARP = {"poker": {
    "amount": ["0", "1", "20", "39", "40", "190", "191", "9999999", "10000000", "0040", " 40 ",
               "٤٠", "40.0", "-40", "4e1", ""],
    "chips": ["0", "1", "200", "100000", "100001", "9999999", "0200", " 200", "٢٠٠", "-5", ""],
    "action": ["check", "bet", "call", "raise", "fold", "all-in", "ALL-IN", "Raise", " call",
               "all_in", "add"],
    **{f"word-{s}": SEVEN for s in range(4)},
    "seat": ["3", "4", "8", "-1", "03", "٣"]}}

#: URL ids: ids no row has, and ids no database integer can hold.
BAD_IDS = ["0", "999999", "99999999999999999999", "9223372036854775808", "9" * 5000]
#: Digits that are not ASCII, in a URL segment: ², fullwidth 1, Arabic-Indic 1, 𝟙.
ODD_DIGIT_SEGMENTS = ["%C2%B2", "%EF%BC%91", "%D9%A1", "%F0%9D%9F%99"]
#: More of them, for the 404 test: mixed with ASCII digits, or several.
MORE_ODD_DIGIT_SEGMENTS = ["1%C2%B2", "%EF%BC%911", "%D9%A1%D9%A2", "%E0%A5%A7"]
#: All ASCII digits, yet no row can have them (the largest id is 2**31 - 1).
TOO_BIG_IDS = ["2147483648", "9999999999", "99999999999999999999", "9" * 5000]

#: Field names no form has, or has under another spelling.
STRAY_NAMES = ["word-4", "word-١", "noword-²", "photo-99999999999999999999", "card-40",
               "card-٣", "red-٣", "red-99999999999999999999", "add-star[]", "photo-5",
               "name-５", "out[]", "", "csrf_token", "seat", "round",
               # the family game's: a seat or a card no game has, or spelt otherwise
               "points-4", "points-99999999999999999999", "cards-٣", "zap-0-JOKER",
               "zap-4-WILD", "zap-٠-WILD", "zap-0-wild", "value-a", "value-?", "value-ÄÄ",
               "winner[]", "setting-colour", "setting-", "name-5",
               # FEZ's: a seat it does not have, a field spelt otherwise
               "left-3", "left-٠", "left-99999999999999999999", "points-5", "tiles-0",
               "colours[]", "star", "onto[]", "setting-nasty", "setting-packs ", "value-AA",
               # Hand and Foot's: a team or seat it does not have, a kind never melded (threes)
               # or none at all, a field spelt otherwise
               "clean-2", "dirty-٠", "clean-99999999999999999999", "meld-2-ace", "meld-0-red3",
               "meld-0-three", "meld-0-", "meld-0-Total", "meld-٠-ace", "left-0-king",
               "left-2-total", "left-0-red3 ", "drew22-4", "drew22-٢", "drew22-²", "melds[]",
               "setting-teams", "setting-minimums[]",
               # ZOOT! Poker's: a seat it does not have, a field spelt otherwise
               "word-8", "word-٣", "amount[]", "amount-raise", "chips-0", "action[]",
               "setting-blinds", "setting-rebuy ", "setting-buy_in[]", "deal"]


class Upload(NamedTuple):
    """A file part; in a form that cannot carry files, its name is sent instead."""
    content: bytes
    filename: str


def _tiny_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(out, "PNG")
    return out.getvalue()


UPLOADS = [Upload(b"\x00\xffnot a photo", "photo.jpg"), Upload(_tiny_png(), "cards.png"),
           Upload(b"JAZZY a word\nQUOTA\n", "list.txt"),
           Upload(b"\x1f\x8bnot gzip", "list.txt.gz"), Upload(b"", ""),
           Upload(b"GARBAGE\x00", "../../x.txt"), Upload(b"A\n", "\u202etxt.exe")]
FAMILY_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ZAPS = ("WILD", "DISCARD", "REPLACE", "TWO_TURNS", "CHECK")
#: The family game's card values as the table sets them (2 unless named), as a form.
#: E and DISCARD are worth 0, so the fuzz's rounds can be counted from cards without the
#: game ending (at 100) before the fuzz of the round form is through.
CARD_VALUES = [(f"value-{c}", {"Q": "10", "Z": "10", "J": "8", "X": "8", "E": "0"}.get(c, "2"))
               for c in FAMILY_LETTERS] + [(f"value-{z}", "0" if z == "DISCARD" else "15")
                                           for z in ZAPS]
#: FEZ's new-game settings as the form sends them (all defaults, every one sent).
FEZ_SETTINGS = [("setting-packs", "auto"), ("setting-no_layoffs", "False"),
                ("setting-nasty_layoff", "False"), ("setting-nasty_star", "False"),
                ("setting-nasty_hands", "False"), ("setting-timer", "False")]
#: Scrabble's face values, as FEZ's face-values form sends them (one changed: Q 12).
FEZ_VALUES = [(f"value-{c}", str(v)) for c, v in zip(
    FAMILY_LETTERS, (1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 12, 1, 1, 1, 1, 4, 4, 8, 4,
                     10))]
#: Hand and Foot's kinds of card: counted melded, and (with the threes) left in hand.
HF_MELDED = ("joker", "two", "ace", "high", "low")
HF_LEFT = (*HF_MELDED, "red3", "black3")
#: Hand and Foot's new-game settings as the form sends them (all defaults, every one sent).
HF_SETTINGS = [("setting-play", "teams"), ("setting-minimums", "50,90,120,150"),
               ("setting-books_to_go_out", "True"), ("setting-nobody_out", "False")]
#: Its new-game form: the players in seat order (teams Ann & Cy, Bo & Di), Bo plays first.
HF_NEW_GAME = [("ruleset", "hand-and-foot"), *HF_SETTINGS, ("name-0", "Ann"), ("name-1", "Bo"),
               ("name-2", "Cy"), ("name-3", "Di"), ("name-4", ""), ("name-5", ""),
               ("dealer", "1")]
#: The nonce of the round set_table saves in the Hand and Foot game; see hf_form.
HF_SAVED_NONCE = "fuzz-set-table-round"
FEZ_FIELDS = ["tiles", "colours", "stars", "reads", "onto", "before", "after",
              *(f"left-{s}" for s in range(6)), "points-4", "points-5",
              *(n for n, _ in FEZ_SETTINGS)]
#: ZOOT! Poker's new-game settings as the form sends them (rebuys on; the rest defaults but
#: for the chips: 200 each, antes of 5, two betting intervals).
POKER_SETTINGS = [("setting-length", "7"), ("setting-buy_in", "200"), ("setting-ante", "5"),
                  ("setting-intervals", "2"), ("setting-limit", "none"),
                  ("setting-sandbagging", "True"), ("setting-wilds", "2"),
                  ("setting-rebuy", "True")]
#: Its new-game form: four players, Ann deals first; the page has a box for each of 8 seats.
POKER_NEW_GAME = [("ruleset", "poker"), *POKER_SETTINGS,
                  *((f"name-{i}", n) for i, n in enumerate(("Ann", "Bo", "Cy", "Di", "", "", "",
                                                            ""))), ("dealer", "0")]
#: The nonce of the second deal set_table starts in the Poker game; see poker_form.
POKER_SAVED_NONCE = "fuzz-set-table-deal"
POKER_FIELDS = ["amount", "chips", *(n for n, _ in POKER_SETTINGS), "name-6", "name-7"]
HF_FIELDS = [*(f"{book}-{t}" for t in range(2) for book in ("clean", "dirty")),
             *(f"meld-{t}-{k}" for t in range(2) for k in (*HF_MELDED, "total")),
             *(f"left-{t}-{k}" for t in range(2) for k in (*HF_LEFT, "total")),
             *(f"drew22-{s}" for s in range(4)), "melds", *(n for n, _ in HF_SETTINGS)]
ALL_FIELDS = ["out", *(f"word-{s}" for s in range(4)), *(f"noword-{s}" for s in range(4)),
              "final", "challenger", "verdict", "nonce", "ruleset",
              *(f"name-{s}" for s in range(5)), "setting-difficulty",
              "dealer", "list", "mode", "word", "action", "definition", "play", "q", "hand",
              "game", "name", "file", *(f"photo-{s}" for s in range(4)),
              *(f"card-{k}" for k in range(12)), *(f"red-{k}" for k in range(12)), "add-star", "add-card",
              "suggestion", "round", "seat", "winner",
              *(f"points-{s}" for s in range(4)), *(f"cards-{s}" for s in range(4)),
              *(f"zap-{s}-{z}" for s in range(4) for z in ZAPS), *(n for n, _ in CARD_VALUES),
              *FEZ_FIELDS, *HF_FIELDS, "name-5", *POKER_FIELDS]
#: Fields a page puts in its form's address (the action's query string), not in its body.
IN_ADDRESS = {"challenges.challenge": ("round", "seat", "word", "play")}

# --- The game the URLs name -------------------------------------------------------------


#: The games every route is fuzzed against: FOOT! (ZOOT! shares its rules), the family game,
#: FEZ, Hand and Foot and ZOOT! Poker.
GAMES = ("foot", "family", "fez", "hand-and-foot", "poker")
#: The kinds of /games/<id>/plays/<kind> each game's pages post to (FOOT! and Hand and Foot
#: have none: their address is a 404). A route with a <kind> is fuzzed for each, each on a
#: fresh game.
PLAY_KINDS = {"foot": ("card-values",), "family": ("card-values",),
              "hand-and-foot": ("card-values",),
              # game-end last: after it, every form of the game is refused
              "fez": ("layoff", "round-end", "face-values", "game-end"),
              "poker": ("action", "showdown", "rebuy", "game-end")}
#: How far set_table takes ZOOT! Poker's second deal (each form is read only at its stage):
#: "bet", a bet to answer (every route meets the game so); "showdown", the betting over and
#: the words to come; "paid", the words in and the pots paid, no deal under way.
POKER_STAGES = {"action": "bet", "showdown": "showdown", "rebuy": "paid", "game-end": "paid"}
#: Routes without a <kind> fuzzed against Poker at more stages than "bet": the forms read only
#: between deals (a challenge of the last showdown's word, a new deal), and the scoreboard as
#: it shows a showdown to come or the words laid (with a link to challenge each).
POKER_MORE_STAGES = {"challenges.challenge": ("paid",), "rounds.create": ("paid",),
                     "games.show": ("showdown", "paid"),
                     "games.standings_json": ("showdown", "paid")}


@dataclass(frozen=True)
class Table:
    """A game as set_table left it, by its ids: its address's id, its rounds (FEZ: its words), its plays, a
    handover code; the <kind> of /plays/<kind> its fuzz posts to; and (Poker) its stage."""
    ruleset: str
    game: str
    rounds: tuple[int, ...]
    plays: tuple[int, ...]
    code: str
    kind: str = "card-values"
    stage: str = ""

    def real(self, arg: str) -> str:
        """A value for a URL variable that names something in this game."""
        return str({"game_id": self.game, "round_id": self.rounds[0], "seat": 0,
                    "play_id": self.plays[-1], "kind": self.kind,
                    "code": self.code}.get(arg, 1))


def play_kinds(rule, ruleset: str) -> tuple[str, ...]:
    """The <kind>s to fuzz this rule with in this game (one, when the rule has no <kind>)."""
    return PLAY_KINDS[ruleset] if "kind" in rule.arguments else PLAY_KINDS[ruleset][:1]


def variants(rule, ruleset: str) -> list[tuple[str, str]]:
    """(kind, stage) for each fresh game this rule is fuzzed against in this game: one for
    each <kind>; Poker's at the stage its kind's form is read, and at POKER_MORE_STAGES."""
    kinds = play_kinds(rule, ruleset)
    if ruleset != "poker":
        return [(kind, "") for kind in kinds]
    more = [(kinds[0], stage) for stage in POKER_MORE_STAGES.get(rule.endpoint, ())]
    return [(kind, POKER_STAGES[kind]) for kind in kinds] + more


def route_rng(rule, ruleset: str, kind: str, stage: str = "") -> random.Random:
    """The random numbers of one route in one game: a string seed is stable across runs."""
    return random.Random(f"{SEED}|{rule.rule}|{rule.endpoint}|{ruleset}|{kind}"
                         + (f"|{stage}" if stage else ""))


def set_table(app, keeper, ruleset: str = "foot", stage: str = "bet") -> Table:
    """Play a game through the forms, as the scorekeeper's phone. FOOT!: three players, two
    rounds and a challenge. The family game: four players, adults, the card values set, one
    round (counted from cards left) and a challenge. FEZ: three players, two words (one with
    a blank and a star), a lay-off and a challenge of it, the round left open. Hand and Foot:
    four players in two teams (Ann & Cy, Bo & Di), the settings as the form sends them, one
    round (no challenge: it has no words). ZOOT! Poker: see poker_table, taken to `stage`.
    Then a handover code is offered."""
    if ruleset == "poker":
        return poker_table(app, keeper, stage)
    if ruleset == "foot":
        url = new_game(keeper, names=("Ann", "Bo", "Cy"), ruleset="foot")
        for form in (round_form("JAZZY", "BLORF", "", out=0),
                     round_form("QUOTA", "", "JAZZY", out=2)):
            assert keeper.post(f"{url}/rounds", data=form).status_code == 303
        game_id = game_row(app, url)
        rounds = tuple(play_ids(app, game_id))
        challenge = f"{url}/challenge?round={rounds[0]}&seat=1"
    elif ruleset == "fez":
        form = {"ruleset": "fez", "dealer": "0", **dict(FEZ_SETTINGS),
                **{f"name-{i}": n for i, n in enumerate(("Ann", "Bo", "Cy"))}}
        response = keeper.post("/games/new", data=form)
        assert response.status_code == 303, response.text
        url = response.location
        game_id = game_row(app, url)
        for word in ({"seat": "1", "tiles": "PLAY", "colours": "BBBB"},
                     {"seat": "0", "tiles": "F?N", "colours": "RBR", "stars": "B",
                      "reads": "FIN"}):
            response = keeper.post(f"{url}/rounds", data=word)
            assert response.status_code == 303, response.text
        rounds = tuple(play_ids(app, game_id))  # the two words
        response = keeper.post(f"{url}/plays/layoff", data={
            "seat": "2", "onto": str(rounds[0]), "before": "S", "after": "", "colours": "B"})
        assert response.status_code == 303, response.text
        # Ann challenges Cy's SPLAY: rejected (the words stay on the table to lay off on)
        challenge = f"{url}/challenge?play={play_ids(app, game_id)[-1]}"
    elif ruleset == "hand-and-foot":
        response = keeper.post("/games/new", data=MultiDict(HF_NEW_GAME))
        assert response.status_code == 303, response.text
        url = response.location
        response = keeper.post(f"{url}/rounds", data=MultiDict(hf_round(HF_SAVED_NONCE)))
        assert response.status_code == 303, response.text
        game_id = game_row(app, url)
        rounds = tuple(play_ids(app, game_id))
        challenge = None
    else:
        assert ruleset == "family"
        form = {"ruleset": "family", "dealer": "0", "setting-difficulty": "adults",
                **{f"name-{i}": n for i, n in enumerate(("Ann", "Bo", "Cy", "Di"))}}
        response = keeper.post("/games/new", data=form)
        assert response.status_code == 303, response.text
        url = response.location
        response = keeper.post(f"{url}/plays/card-values", data=dict(CARD_VALUES))
        assert response.status_code == 303, response.text
        response = keeper.post(f"{url}/rounds", data={
            "winner": "0", "points-1": "12", "cards-2": "QZ", "cards-3": "AB",
            "zap-3-WILD": "1"})
        assert response.status_code == 303, response.text
        game_id = game_row(app, url)
        rounds = tuple(play_ids(app, game_id)[1:])
        challenge = f"{url}/challenge?seat=2&word=cats"
    if challenge:
        response = keeper.post(challenge, data={"challenger": "0", "verdict": "rejected",
                                                "confirm": "yes"})  # FOOT!: an earlier round
        assert response.status_code == 303
    with app.app_context():
        game = db.session.get(Game, game_id)
        code = game.offer_handover()
        db.session.commit()
    return Table(ruleset, public_id(url), rounds, tuple(play_ids(app, game_id)), code)


def poker_table(app, keeper, stage: str) -> Table:
    """ZOOT! Poker for four (Ann, Bo, Cy, Di), 200 chips each, antes of 5, two betting
    intervals, rebuys on. Deal 1 (Ann deals): Bo bets 20, Cy calls, Di folds, Ann calls, then
    all check; at the showdown Ann lays JAZZIER, Bo QUIZ?ES, Cy no word; Ann challenges QUIZ?ES
    and it stands. Deal 2 (Bo deals, POKER_SAVED_NONCE): Cy bets 20, Di to answer it ("bet").
    "showdown": Di, Ann and Bo call, then all check. "paid": then the words (Ann none, Bo
    QUI?ZES, Cy QUOTING, Di JAZZIER: one deck's cards) are laid and the pots paid; no deal
    under way."""
    response = keeper.post("/games/new", data=MultiDict(POKER_NEW_GAME))
    assert response.status_code == 303, response.text
    url = response.location
    game_id = game_row(app, url)

    def post(path: str, **form: str) -> None:
        response = keeper.post(f"{url}{path}", data=form)
        assert response.status_code == 303, (path, form, response.text)

    def act(*actions: str) -> None:
        for action in actions:
            name, _, amount = action.partition(" ")
            post("/plays/action", action=name, **({"amount": amount} if amount else {}))

    post("/rounds")
    act("bet 20", "call", "fold", "call", "check", "check", "check")
    post("/plays/showdown", **{"word-0": "JAZZIER", "word-1": "QUIZ?ES", "word-2": ""})
    post("/challenge?seat=1", challenger="0", verdict="stands")
    post("/rounds", nonce=POKER_SAVED_NONCE)
    act("bet 20")
    if stage in ("showdown", "paid"):
        act("call", "call", "call", "check", "check", "check", "check")
    if stage == "paid":
        post("/plays/showdown", **{"word-0": "", "word-1": "QUI?ZES", "word-2": "QUOTING",
                                   "word-3": "JAZZIER"})
    with app.app_context():
        game = db.session.get(Game, game_id)
        standings = game.standings()
        current = standings.extra["current"]
        assert standings.unread == () and len(standings.rows) == 2, standings
        assert (current is None if stage == "paid" else current.betting.turn == (
            3 if stage == "bet" else None)), (stage, current)
        code = game.offer_handover()
        db.session.commit()
        deals = tuple(db.session.scalars(select(Play.id).where(
            Play.game_id == game_id, Play.kind == "deal").order_by(Play.id)))
    return Table("poker", public_id(url), deals, tuple(play_ids(app, game_id)), code, "action", stage)


def play_ids(app, game_id: int) -> list[int]:
    with app.app_context():
        return list(db.session.scalars(
            select(Play.id).where(Play.game_id == game_id).order_by(Play.id)))


SAFE = ("GET", "HEAD", "OPTIONS")


# --- Forms ------------------------------------------------------------------------------


def family_round(nonce: str) -> list[tuple[str, object]]:
    """The family game's round form as the page sends it: every field of every seat, most
    of them empty. Bo went out; Ann's points typed; Cy's and Di's cards left. Worth 0 to
    each (E and DISCARD are worth 0), so the game never ends however many are saved."""
    typed = {"points-0": "0", "cards-2": "EE", "zap-2-DISCARD": "1", "cards-3": "e"}
    fields = [("nonce", nonce), ("winner", "1")]
    for seat in range(4):
        names = [f"points-{seat}", f"cards-{seat}", *(f"zap-{seat}-{z}" for z in ZAPS)]
        fields += [(n, typed.get(n, "")) for n in names]
    return fields


def valid_form(endpoint: str, table: Table, nonce: str) -> list[tuple[str, object]]:
    """What the real page would send to this endpoint (empty when it sends no fields), in
    the table's game. Fields IN_ADDRESS go in the form's address."""
    if table.ruleset == "family":
        return {
            "games.new": [("ruleset", "family"), ("setting-difficulty", "adults"),
                          ("name-0", "Ann"), ("name-1", "Bo"), ("name-2", "Cy"),
                          ("name-3", "Di"), ("name-4", ""), ("dealer", "0")],
            "rounds.create": family_round(nonce),
            "rounds.preview": family_round(nonce)[1:],
            "rounds.edit": family_round(nonce),
            "challenges.challenge": [("seat", "1"), ("word", "jazz"), ("nonce", nonce),
                                     ("challenger", "3"), ("verdict", "stands")],
            "rounds.play": [("nonce", nonce), *CARD_VALUES],
            # Cy's hand photographed; then read as Q, A, a 2 TURNS card and one dropped (✕)
            "scans.scan": family_round(nonce) + [("photo-0", UPLOADS[1])],
            "scans.use": family_round(nonce) + [("card-0", "Q"), ("card-1", "A"),
                                                ("card-2", "TWO_TURNS"), ("card-3", "-")],
        }.get(endpoint) or shared_form(endpoint, table, nonce)
    if table.ruleset == "fez":
        return fez_form(endpoint, table, nonce)
    if table.ruleset == "hand-and-foot":
        return hf_form(endpoint, table, nonce)
    if table.ruleset == "poker":
        return poker_form(endpoint, table, nonce)
    round_ = [("nonce", nonce), ("word-0", "JAZZY"), ("word-1", "QUOTA"), ("noword-2", "on"),
              ("out", "0")]
    return {
        "games.new": [("ruleset", "foot"), ("name-0", "Ann"), ("name-1", "Bo"),
                      ("name-2", "Cy"), ("dealer", "0")],
        "rounds.create": round_ + [("photo-0", UPLOADS[0])],
        "rounds.preview": round_[1:],
        "rounds.edit": round_ + [("final", "on")],
        "challenges.challenge": [("round", str(table.rounds[0])), ("seat", "0"),
                                 ("nonce", nonce), ("challenger", "2"), ("verdict", "stands")],
        "scans.scan": round_ + [("photo-0", UPLOADS[1])],
        "scans.use": round_ + [("card-0", "Q"), ("card-1", "U"), ("suggestion", "QUOTA")],
    }.get(endpoint) or shared_form(endpoint, table, nonce)


def fez_form(endpoint: str, table: Table, nonce: str) -> list[tuple[str, object]]:
    """FEZ's forms. The word form sends every field (stars and reads mostly empty); the
    /plays/<kind> forms are the table's kind's."""
    word = [("seat", "2"), ("tiles", "JA?Z"), ("colours", "RRRR"), ("stars", "B"),
            ("reads", "JAZZ")]
    plays = {
        # Ann lays ES and a red star on her own FIN: FINES
        "layoff": [("nonce", nonce), ("seat", "0"), ("onto", str(table.rounds[1])),
                   ("before", ""), ("after", "ES"), ("colours", "RB"), ("stars", "R")],
        # Bo went out; Ann has QI left, Cy 4 points
        "round-end": [("nonce", nonce), ("out", "1"), ("left-0", "QI"), ("points-0", ""),
                      ("left-1", ""), ("points-1", ""), ("left-2", ""), ("points-2", "4")],
        "face-values": [("nonce", nonce), *FEZ_VALUES],
        # the round is left open: ending the game says its hands go uncounted
        "game-end": [("nonce", nonce), ("uncounted", "yes")],
    }
    return {
        "games.new": [("ruleset", "fez"), *FEZ_SETTINGS, ("name-0", "Ann"), ("name-1", "Bo"),
                      ("name-2", "Cy"), ("name-3", ""), ("name-4", ""), ("dealer", "0")],
        "rounds.create": [("nonce", nonce), *word],
        "rounds.preview": word,
        # Bo's PLAY, its last tile red now
        "rounds.edit": [("nonce", nonce), ("seat", "1"), ("tiles", "PLAY"),
                        ("colours", "BBBR"), ("stars", ""), ("reads", "")],
        # Cy challenges Bo's PLAY: it stands
        "challenges.challenge": [("play", str(table.rounds[0])), ("nonce", nonce),
                                 ("challenger", "2"), ("verdict", "stands")],
        "rounds.play": plays.get(table.kind, []),
        # the word photographed; then read as F, E, Z (red) and a black star, one more added
        "scans.scan": [("nonce", nonce), *word, ("photo-0", UPLOADS[1])],
        "scans.use": [("nonce", nonce), *word, ("card-0", "F"), ("red-0", "R"), ("card-1", "E"),
                      ("red-1", "R"), ("card-2", "Z"), ("red-2", "R"), ("card-3", "★"),
                      ("add-star", "B"), ("suggestion", "")],
    }.get(endpoint) or shared_form(endpoint, table, nonce)


#: Hand and Foot's round as set_table saves it: Ann & Cy went out with a clean and a dirty
#: book (8 aces, 6 high cards and a joker melded), Bo & Di melded three 4s and hold a red three
#: and a king; Cy drew exactly 22 cards.
HF_ROUND = {"out": "0", "clean-0": "1", "dirty-0": "1", "meld-0-joker": "1", "meld-0-ace": "8",
            "meld-0-high": "6", "meld-1-low": "3", "left-1-red3": "1", "left-1-high": "1",
            "drew22-2": "on"}
#: The same round corrected: a ninth ace, and Bo & Di's cards as typed totals.
HF_EDIT = {**{k: v for k, v in HF_ROUND.items() if not k.startswith(("meld-1", "left-1"))},
           "meld-0-ace": "9", "meld-1-total": "15", "left-1-total": "510"}


def hf_round(nonce: str | None, typed: dict = HF_ROUND) -> list[tuple[str, object]]:
    """Hand and Foot's round form as the page sends it: for each team its books, every kind
    melded and left and their totals (most of them empty), a box for each seat that drew 22
    (sent only ticked), the team that went out; the nonce last (None: no nonce)."""
    fields = [("out", typed["out"])] if "out" in typed else []
    for team in range(2):
        names = [f"clean-{team}", f"dirty-{team}",
                 *(f"meld-{team}-{k}" for k in (*HF_MELDED, "total")),
                 *(f"left-{team}-{k}" for k in (*HF_LEFT, "total"))]
        fields += [(n, typed.get(n, "")) for n in names]
    fields += [(f"drew22-{s}", typed[f"drew22-{s}"]) for s in range(4) if f"drew22-{s}" in typed]
    return fields + ([("nonce", nonce)] if nonce is not None else [])


def hf_form(endpoint: str, table: Table, nonce: str) -> list[tuple[str, object]]:
    """Hand and Foot's forms. The round form sent to /rounds is set_table's round sent again,
    its nonce too (a double tap): read and checked in full like any other, and if valid not
    saved twice. With a fresh nonce each valid form would save a round, and the game would
    end (its openings are 50, 90, 120, 150) three requests into the route's field pass, every
    later round form refused unread. The nonce comes last, so the field pass reads every other
    field first; its three nonces then save the game's last three rounds."""
    return {
        "games.new": HF_NEW_GAME,
        "games.show": [("melds", "AAA 7777")],
        "rounds.create": hf_round(HF_SAVED_NONCE),
        "rounds.preview": hf_round(None),
        "rounds.edit": hf_round(nonce, HF_EDIT),
        # never shown (no words to challenge): what FOOT!'s page would send
        "challenges.challenge": [("round", str(table.rounds[0])), ("seat", "0"),
                                 ("nonce", nonce), ("challenger", "2"), ("verdict", "stands")],
    }.get(endpoint) or shared_form(endpoint, table, nonce)


def poker_form(endpoint: str, table: Table, nonce: str) -> list[tuple[str, object]]:
    """ZOOT! Poker's forms at the table's stage; the /plays/<kind> forms are the table's kind's.
    Each form the game's state depends on sends POKER_SAVED_NONCE, the second deal's (a form
    replayed): read and checked in full like any other, and if valid not saved again. With a
    fresh nonce the field pass's first valid form would move the game on (Di's raise, the
    showdown's words, the game's end), and every later form of the pass be refused unread. The
    nonce comes last, so the field pass reads every other field first."""
    saved = ("nonce", POKER_SAVED_NONCE)
    plays = {
        # Di, 20 to call, raises by 20 (the page sends the amount box with any button)
        "action": [("amount", "40"), ("action", "raise"), saved],
        "showdown": [("word-0", "JAZZIER"), ("word-1", "quiz?es"), ("word-2", "QUOTING"),
                     ("word-3", ""), saved],
        "rebuy": [("seat", "2"), ("chips", "200"), saved],
        "game-end": [saved],
    }
    return {
        "games.new": POKER_NEW_GAME,
        "rounds.create": [saved],
        # Bo challenges Di's JAZZIER (the last showdown's, between deals): it stands
        "challenges.challenge": [("seat", "3"), ("challenger", "1"), ("verdict", "stands"),
                                 saved],
        "rounds.play": plays.get(table.kind, []),
    }.get(endpoint) or shared_form(endpoint, table, nonce)


def shared_form(endpoint: str, table: Table, nonce: str) -> list[tuple[str, object]]:
    """The forms every game's pages share."""
    return {
        "rounds.undo": [("play", str(table.plays[-1]))],
        "lookup.lookup": [("game", "poker5"), ("q", "JAZZY QUOTA"), ("hand", "QUIZES?")],
        "lookup.game_lookup": [("q", "JAZZY"), ("hand", "QUIZES?")],
        "house.change_word": [("nonce", nonce), ("word", "ZYZZY"), ("definition", "a weevil"),
                              ("action", "add")],
        "house.choose_list": [("nonce", nonce), ("list", ""), ("mode", "also")],
        "house.import_list": [("name", "Table list"), ("file", UPLOADS[2])],
    }.get(endpoint, [])


def plausible(name: str, table: Table, nonce: str) -> list[object]:
    """Values the real page could send in this field."""
    if name == "file" or name.startswith("photo-"):
        return UPLOADS
    if name.startswith("setting-"):
        return {"setting-difficulty": ["children", "adults", ""],
                "setting-packs": ["auto", "one", "two", ""],
                "setting-play": ["teams", "alone", ""],
                "setting-minimums": ["50,90,120,150", "50,90,120", "50,90,120,150,180", ""],
                "setting-length": ["7", "5", ""], "setting-buy_in": ["100", "200", "1000", ""],
                "setting-ante": ["0", "1", "5", "10", ""], "setting-intervals": ["1", "2", "3"],
                "setting-limit": ["none", "10", "20", ""], "setting-wilds": ["0", "2", "4", ""],
                }.get(name, ["False", "True", ""])
    if table.ruleset == "hand-and-foot":  # its own `out` and `left-`; cards counted by kind
        if name == "out":
            return ["0", "1", "none", ""]
        if name.endswith("-total"):
            return ["", "0", "15", "270", "510", "9999"]
        if name.startswith(("clean-", "dirty-", "meld-", "left-")):
            return ["", "0", "1", "2", "7", "8", "16", "24", "999"]
    if table.ruleset == "poker":  # its own actions and words
        if name == "action":
            return ["check", "bet", "call", "raise", "fold", "all-in"]
        if name.startswith("word-"):
            return ["JAZZIER", "quizzes", "JA?ZIER", "ZOMBIES", "JAZZY", ""]
    words = [str(r) for r in table.rounds]
    return {
        "out": ["0", "1", "2", ""], "word": ["JAZZY", "QUOTA", "QUI?K", "BLORF", "jazzy", "ZYZZY",
                                         "cats", "JA?Z"],
        "noword": ["on"], "final": ["on"], "challenger": ["0", "1", "2", "3"],
        "verdict": ["rejected", "stands"],
        "ruleset": ["foot", "zoot", "family", "fez", "hand-and-foot"],
        "name": ["Ann", "Bo", "Cy", "Di", "Ed", ""], "dealer": ["0", "1", "2", "3", "4", "5"],
        "list": ["", "1"],
        "round": [str(r) for r in table.rounds], "seat": ["0", "1", "2", "3"],
        "winner": ["0", "1", "2", "3"], "points": ["", "0", "3", "12", "201"],
        "cards": ["", "E", "jab", "Q Z", "AB"], "zap": ["", "0", "1", "2", "3"],
        "value": ["0", "2", "10", "50", "51", ""],
        "mode": ["only", "also"], "action": ["add", "remove"], "definition": ["a weevil"],
        "play": [str(p) for p in table.plays], "q": ["JAZZY", "JAZZY QUOTA QUI?K"],
        "hand": ["QUIZES?", "AEIRST"], "suggestion": ["QUOTA", "FEZ", ""],
        "card": [*"AQZ?", "★", "-", "WILD", "TWO_TURNS", "2 TURNS"], "red": ["R", "on", ""],
        "add": ["", "R", "B", "RB"],
        "game": ["foot", "zoot", "poker", "poker5", "fez", "family", "family4"],
        "nonce": [nonce],
        # FEZ's
        "tiles": ["PLAY", "JA?Z", "F?N", "fez", "placings", "A", "", "??"],
        "colours": ["BBBB", "RRRR", "RB", "rbr", "RRRRRRRR", ""], "stars": ["", "R", "B", "RB", "RRBB"],
        "reads": ["", "JAZZ", "FIN", "PLAN", "jazz"], "onto": ["", *words],
        "before": ["", "S", "UN", "?"], "after": ["", "S", "ING", "ES"],
        "left": ["", "QI", "e", "?", "ZZZZ"],
        # Hand and Foot's
        "drew22": ["on", ""],
        # ZOOT! Poker's
        "amount": ["", "0", "1", "20", "40", "60", "190", "200"],
        "chips": ["", "1", "100", "200", "100000", "100001"],
        "melds": ["AAA 7777", "7777,444", "KK*", "A**", "333", "AK7", "AA", "10 10 10",
                  "TTT 2222", "aaa", "*" * 80, "", "Q" * 81],
    }.get(name.split("-", 1)[0], ["1"])


def hostile(rng: random.Random, name: str, long_used: bool) -> object:
    if (name == "file" or name.startswith("photo-")) and rng.random() < 0.5:
        return rng.choice(UPLOADS)
    value = rng.choice(HOSTILE)
    return rng.choice(STRINGS) if value is LONG and long_used else value


def fuzzed_fields(rng: random.Random, endpoint: str, table: Table) -> tuple[list, list[str]]:
    """The endpoint's real form with one to three hostile mutations, or a random form
    over every field name; and the names of the fields mutated."""
    nonce = f"fuzz-{rng.randrange(10**9)}"
    base = valid_form(endpoint, table, nonce)
    names = [n for n, _ in base] or ALL_FIELDS
    if base and rng.random() < 0.75:
        fields = list(base)
    else:
        fields = [(n, rng.choice(plausible(n, table, nonce))) for n in names
                  if rng.random() < (0.6 if base else 0.1)]
    mutated: list[str] = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(("hostile", "hostile", "hostile", "drop", "repeat", "stray"))
        long_used = any(v is LONG for _, v in fields)
        name = rng.choice(names)
        if kind == "drop":
            fields = [(n, v) for n, v in fields if n != name]
            mutated.append(f"no {name}")
            continue
        if kind == "stray":
            name = rng.choice(STRAY_NAMES)
        value = hostile(rng, name, long_used)
        if kind == "hostile":
            fields = [(n, v) for n, v in fields if n != name]
        elif kind == "repeat":  # the same field twice, a plausible value and a hostile one
            fields.append((name, rng.choice(plausible(name, table, nonce))))
        fields.append((name, value))
        mutated.append(f"{'twice ' if kind == 'repeat' else ''}{name}={short(value, 24)}")
    return fields, mutated


# --- Requests ---------------------------------------------------------------------------


@dataclass
class Case:
    rule: str
    method: str
    path: str
    phone: str = "scorekeeper"
    encoding: str = "form"
    fields: list = field(default_factory=list)
    headers: dict = field(default_factory=dict)
    mutated: list[str] = field(default_factory=list)
    query: list = field(default_factory=list)  # fields in the address, beside a body
    game: str = "foot"


def request_kwargs(case: Case) -> dict:
    """The fields, encoded as the case's content type."""
    kwargs = request_body(case)
    if case.query:
        address = [(n, v.filename if isinstance(v, Upload) else v) for n, v in case.query]
        kwargs["query_string"] = urlencode(address + parse_qsl(kwargs.get("query_string", ""),
                                                               keep_blank_values=True))
    return kwargs


def request_body(case: Case) -> dict:
    plain = [(n, v.filename if isinstance(v, Upload) else v) for n, v in case.fields]
    if case.encoding == "query":
        return {"query_string": urlencode(plain)}
    if case.encoding == "form":
        return {"data": MultiDict(plain)}
    if case.encoding == "multipart":
        parts = [(n, (io.BytesIO(v.content), v.filename) if isinstance(v, Upload) else v)
                 for n, v in case.fields]
        return {"data": MultiDict(parts), "content_type": "multipart/form-data"}
    if case.encoding == "json":
        return {"data": json.dumps(dict(plain)), "content_type": "application/json"}
    if case.encoding == "text":
        return {"data": urlencode(plain), "content_type": "text/plain"}
    if case.encoding == "bytes":  # percent-escapes and raw bytes that are not UTF-8
        return {"data": urlencode(plain).encode() + b"&out=%FF%FE&word-0=\xb2\xff",
                "content_type": "application/x-www-form-urlencoded"}
    assert case.encoding == "broken-multipart"
    return {"data": BROKEN_MULTIPART, "content_type": "multipart/form-data; boundary=fuzz"}


def send(client, case: Case) -> tuple[int, str]:
    """The response's status; an exception escaping the app counts as a 500."""
    try:
        response = client.open(case.path, method=case.method, headers=case.headers,
                               **request_kwargs(case))
    except Exception as error:  # noqa: BLE001 - TESTING propagates what would be a 500
        return 500, crash_note(error)
    return response.status_code, ""


def crash_note(error: Exception) -> str:
    """The exception, where in the app's code it escaped and, if it was raised rendering
    a template, the template's line."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if "/companion/" in f.filename] or frames[-1:]
    where = (f" at {Path(ours[-1].filename).name}:{ours[-1].lineno} {ours[-1].name}()"
             if ours else "")
    pages = [f for f in frames if "/templates/" in f.filename]
    if pages:
        where += f" in {pages[-1].filename.split('/templates/', 1)[1]}:{pages[-1].lineno}"
    message = str(error) if len(str(error)) <= 90 else f"{str(error)[:89]}…"
    return f"{type(error).__name__}: {message}{where}"


def short(value: object, limit: int = 40) -> str:
    text = repr(value.filename if isinstance(value, Upload) else value)
    text = f"file {text}" if isinstance(value, Upload) else text
    return text if len(text) <= limit else f"{text[:limit - 12]}…({len(text)} chars)"


def describe(case: Case, status: int, problem: str) -> str:
    path = re.sub(r"[^/]{41,}", lambda m: short(m.group(0), 30), case.path)
    fields = " ".join(f"{n}={short(v)}" for n, v in case.fields) or "-"
    query = " ".join(f"{n}={short(v)}" for n, v in case.query)
    mutated = f" [{', '.join(case.mutated)}]" if case.mutated else ""
    return (f"{case.game}: {case.method} {path} ({case.phone}, {case.encoding}){mutated}\n"
            + (f"      address: ?{query}\n" if query else "")
            + f"      fields: {fields}\n      -> {status} {problem}")


# --- The cases --------------------------------------------------------------------------


def fuzzed_rules(app) -> list:
    return sorted((r for r in app.url_map.iter_rules()
                   if r.endpoint != "static" and not r.endpoint.endswith(".static")),
                  key=lambda r: (r.rule, r.endpoint))


def path_for(rule, values: dict[str, str]) -> str:
    return re.sub(r"<(?:[^<>:]+:)?(\w+)>", lambda m: values[m.group(1)], rule.rule)


def fuzz_case(rng: random.Random, rule, method: str, path: str, phone: str,
              table: Table, fields: list | None = None, mutated: list[str] | None = None,
              address_in_url: bool | None = None) -> Case:
    """A request to `path`: the given fields, or a fuzzed form, in a random encoding. The
    fields a page puts in its form's address go there (mostly: sometimes in the body)."""
    if fields is None:
        fields, mutated = fuzzed_fields(rng, rule.endpoint, table)
    query = []
    if method in ("GET", "HEAD", "OPTIONS"):
        encoding = "query"
        fields = [(n, v) for n, v in fields if not isinstance(v, Upload)]
    else:
        encoding = rng.choices(("form", "multipart", "json", "text", "bytes", "broken-multipart"),
                               weights=(5, 4, 1, 1, 1, 1))[0]
        in_address = IN_ADDRESS.get(rule.endpoint, ())
        if in_address and (rng.random() < 0.8 if address_in_url is None else address_in_url):
            query = [(n, v) for n, v in fields if n in in_address and not isinstance(v, Upload)]
            fields = [(n, v) for n, v in fields if n not in in_address]
    headers = {}
    if rng.random() < 0.25:  # htmx asking for one region of the page
        headers = {"HX-Request": "true",
                   "HX-Target": rng.choice(("verdicts", "best-words", "scoreboard", "x"))}
    return Case(rule.rule, method, path, phone, encoding, fields, headers, mutated or [],
                query, game_label(rule, table))


def game_label(rule, table: Table) -> str:
    """The game, in a report; with its play kind on a route that has one, and its stage."""
    label = f"{table.ruleset}/{table.kind}" if "kind" in rule.arguments else table.ruleset
    return f"{label}@{table.stage}" if table.stage else label


def sharp_case(rng: random.Random, rule, method: str, path: str, table: Table,
               name: str, value: str) -> Case:
    """The real form with one field set to `value`, sent as the page sends it."""
    form = valid_form(rule.endpoint, table, f"fuzz-{rng.randrange(10**9)}")
    fields = [(n, value if n == name else v) for n, v in form]
    case = fuzz_case(rng, rule, method, path, "scorekeeper", table, fields,
                     [f"{name}={short(value, 24)}"], address_in_url=True)
    if case.encoding != "query":
        case.encoding = "multipart" if any(isinstance(v, Upload) for _, v in fields) else "form"
    return case


#: Fields of one kind, many to a form (a ZAP card of a seat, a card's value), read by one
#: line of code: each gets one SHARP value in turn rather than all of them.
UNIFORM = re.compile(r"(zap|value)-")


def sharp_fields(rule, method: str, table: Table):
    """(field, value) for each field of the form this method sends: a POST sends the page's
    form; a GET only its address fields, or its form when the route takes no POST."""
    form = [n for n, _ in valid_form(rule.endpoint, table, "")]
    if method != "POST" and "POST" in rule.methods:
        form = [n for n in form if n in IN_ADDRESS.get(rule.endpoint, ())]
    turn = 0
    for name in form:
        if UNIFORM.match(name):
            yield name, SHARP[turn % len(SHARP)]
            turn += 1
        else:
            yield from ((name, value) for value in SHARP + FIELD_SHARP.get(name, [])
                        + GAME_SHARP.get(table.ruleset, {}).get(name, []))


def cases(rng: random.Random, rule, table: Table, bad_urls: bool = True):
    """At the route's real URL: each field of its form set in turn to each SHARP value (a
    UNIFORM field to one of them) and to its FIELD_SHARP values, random forms from both
    phones, every method and a wrong one. Then (if `bad_urls`) each URL variable in turn set
    to an id that names nothing, or to digits that are not ASCII."""
    methods = sorted(rule.methods - {"HEAD", "OPTIONS"})
    real = {arg: table.real(arg) for arg in rule.arguments}
    path = path_for(rule, real)
    # first, so that they meet the game as set_table left it (a handover code unused)
    for method in sorted(rule.methods & {"HEAD", "OPTIONS"}):
        yield fuzz_case(rng, rule, method, path, rng.choice(PHONES), table)
    for method in methods:
        for name, value in sharp_fields(rule, method, table):
            yield sharp_case(rng, rule, method, path, table, name, value)
        for phone in PHONES:
            for _ in range(FUZZ_PER_METHOD):
                yield fuzz_case(rng, rule, method, path, phone, table)
    wrong = rng.choice([m for m in WRONG_METHODS if m not in rule.methods])
    yield fuzz_case(rng, rule, wrong, path, rng.choice(PHONES), table)
    for arg in sorted(rule.arguments) if bad_urls else ():
        for bad in BAD_IDS + ODD_DIGIT_SEGMENTS:
            case = fuzz_case(rng, rule, rng.choice(methods), path_for(rule, real | {arg: bad}),
                             "scorekeeper", table)
            case.mutated.insert(0, f"URL {arg}={short(bad, 24)}")
            yield case


def report(failures: list[tuple[Case, int, str]], sent: int) -> str:
    """Distinct failures first (method, route, status, what went wrong, fields mutated),
    then every failing request."""
    groups: dict[tuple, list[Case]] = defaultdict(list)
    for case, status, problem in failures:
        # group by where it went wrong, not by the value that did it
        problem = re.sub(r"'[^']*'|\"[^\"]*\"|\{.*\}", "…", problem)
        groups[(case.game, case.method, case.rule, status, problem)].append(case)
    lines = [f"{len(failures)} of {sent} requests failed; distinct failures:"]
    for (game, method, rule, status, problem), group in groups.items():
        changes = sorted({", ".join(c.mutated) or "-" for c in group})
        more = f"; and {len(changes) - 6} more" if len(changes) > 6 else ""
        lines.append(f"  {game}: {method} {rule} -> {status} {problem} ×{len(group)}"
                     f"\n      changes: {'; '.join(changes[:6])}{more}")
    lines.append("Every failing request:")
    lines += [f"  {describe(case, status, problem)}" for case, status, problem in failures]
    return "\n".join(lines)


# --- Tests ------------------------------------------------------------------------------


def test_no_request_fails_the_server_and_a_refused_one_saves_nothing(app, client):
    stranger = app.test_client()
    phones = {"scorekeeper": client, "stranger": stranger}
    failures: list[tuple[Case, int, str]] = []
    sent = 0
    for rule in fuzzed_rules(app):
        for game in GAMES:
            for turn, (kind, stage) in enumerate(variants(rule, game)):
                # a fresh game for each route and kind: earlier ones changed theirs
                table = replace(set_table(app, client, game, stage or "bet"), kind=kind)
                sent += check_cases(app, phones, cases(route_rng(rule, game, kind, stage), rule,
                                                       table, bad_urls=turn == 0), failures)
    assert not failures, report(failures, sent)


def check_cases(app, phones: dict, cases, failures: list) -> int:
    """Send each case; note each failure. How many were sent."""
    sent = 0
    for case in cases:
        before = row_counts(app)
        stored = contents(app) if case.method in SAFE else None
        status, crash = send(phones[case.phone], case)
        sent += 1
        if status >= 500:
            failures.append((case, status, crash or "server error"))
        if status >= 400 and (after := row_counts(app)) != before:
            changed = {t: f"{before[t]}→{after[t]}" for t in before
                       if before[t] != after[t]}
            failures.append((case, status, f"refused, yet saved rows: {changed}"))
        if stored and (now := contents(app)) != stored:
            changed = sorted(t for t in stored if stored[t] != now[t])
            failures.append((case, status, f"a {case.method} changed tables: {', '.join(changed)}"))
    return sent


def test_no_post_without_its_csrf_token_is_accepted(app, client):
    # set up with CSRF off, as the other tests do
    tables = [set_table(app, client, game) for game in GAMES]
    app.config["WTF_CSRF_ENABLED"] = True
    failures: list[tuple[Case, int, str]] = []
    sent = 0
    for table, rule in ((replace(t, kind=kind), rule) for t in tables
                        for rule in fuzzed_rules(app) for kind in play_kinds(rule, t.ruleset)):
        if "POST" not in rule.methods:
            continue
        path = path_for(rule, {arg: table.real(arg) for arg in rule.arguments})
        form = valid_form(rule.endpoint, table, "csrf-nonce")
        in_address = IN_ADDRESS.get(rule.endpoint, ())
        query = [(n, v) for n, v in form if n in in_address]
        form = [(n, v) for n, v in form if n not in in_address]
        for encoding in ("form", "multipart"):
            for label, token, headers in (("no token", [], {}),
                                          ("forged token", [("csrf_token", "forged")],
                                           {"X-CSRFToken": "forged"})):
                case = Case(rule.rule, "POST", path, "scorekeeper", encoding, form + token,
                            headers, [label], query, game_label(rule, table))
                before = row_counts(app)
                status, crash = send(client, case)
                sent += 1
                if status not in (400, 403):
                    failures.append((case, status,
                                     crash or "accepted without a valid token"))
                if (after := row_counts(app)) != before:
                    failures.append((case, status, f"saved rows: {before} → {after}"))
    assert sent, "no POST route found"
    assert not failures, report(failures, sent)


def test_an_id_in_the_address_is_ascii_digits_a_row_can_have_or_a_404(app, client):
    """`<id:...>` takes the digits 0-9 only, within a database integer: /games/１ (fullwidth),
    /games/١/history (Arabic-Indic), /games/2147483648 answer 404 for every method the
    route takes, and change nothing."""
    failures: list[tuple[Case, int, str]] = []
    sent = 0
    for game in GAMES:
        table = set_table(app, client, game)
        for rule in fuzzed_rules(app):
            real = {arg: table.real(arg) for arg in rule.arguments}
            for arg in re.findall(r"<id:(\w+)>", rule.rule):
                for bad in ODD_DIGIT_SEGMENTS + MORE_ODD_DIGIT_SEGMENTS + TOO_BIG_IDS:
                    path = path_for(rule, real | {arg: bad})
                    for method in sorted(rule.methods - {"OPTIONS"}):
                        case = Case(rule.rule, method, path, "scorekeeper",
                                    "query" if method in ("GET", "HEAD") else "form",
                                    [], {}, [f"URL {arg}={short(bad, 24)}"], [], game)
                        before = row_counts(app)
                        status, crash = send(client, case)
                        sent += 1
                        if status != 404:
                            failures.append((case, status, crash or "not a 404"))
                        if (after := row_counts(app)) != before:
                            failures.append((case, status, f"saved rows: {before} → {after}"))
    assert sent, "no route takes an <id:...>"
    assert not failures, report(failures, sent)


def test_a_scans_corrections_fill_only_cards_the_game_has(app, client):
    """FEZ's and the family game's "Use" (the correction screen's fields: each card's pick,
    FEZ's red boxes and added star, a suggestion), fuzzed: odd Unicode digits, huge numbers,
    markup, missing and repeated fields, hundreds of cards, a body of megabytes. None fails
    the server or saves anything, and what reaches the form is only cards the game has:
    FEZ letters (? a blank) with an R or B each and R/B stars; a family hand's letters and
    its ZAP counts as digits."""
    stranger = app.test_client()
    tables = {game: set_table(app, client, game) for game in ("fez", "family")}
    rng = random.Random(f"{SEED}|scan corrections")
    picks = [*"AQZ?", "★", "-", "WILD", "TWO_TURNS", "2 TURNS", "", "★★", "AB", "wild", "q"]

    def value() -> str:
        return rng.choice(picks) if rng.random() < 0.6 else rng.choice(HOSTILE)

    failures: list[tuple[Case, int, str]] = []
    sent = 0
    for game, table in tables.items():
        seat = 0 if game == "fez" else 2
        path = f"/games/{table.game}/scan/{seat}/use"
        for turn in range(120):
            count = rng.choice((0, 1, 4, 12, 40, 41, 300))
            fields = []
            for k in rng.sample(range(max(count, 1) + 5), k=min(count, max(count, 1) + 5)):
                fields.append((rng.choice((f"card-{k}", f"card-{k}", f"red-{k}", f"card-{k:02d}",
                                           f"card-{k}".replace("1", "١"))), value()))
            for _ in range(rng.randint(0, 3)):  # repeated fields, a plausible and a hostile value
                fields.append((rng.choice(("card-0", "red-0", "add-star", "add-card", "suggestion")), value()))
            if rng.random() < 0.5:
                fields.append(("add-star", rng.choice(["R", "B", "RB", "", "²", LONG])))
            if rng.random() < 0.5:
                fields.append(("add-card", rng.choice(["Q", "WILD", "TWO_TURNS", "-", "★", "ｑ", LONG])))
            if rng.random() < 0.3:
                fields.append(("suggestion", rng.choice(["FEZ", "QUOTA", "F?Z", "★", LONG, "²" * 40])))
            if turn % 40 == 0:  # a body of megabytes, under the scan's limit
                fields.append(("card-1", "Q" * 3_000_000))
            case = Case("/games/<game>/scan/<seat>/use", "POST", path,
                        "stranger" if turn % 30 == 29 else "scorekeeper",
                        rng.choice(("form", "multipart")), fields, game=game)
            before = row_counts(app)
            phone = stranger if case.phone == "stranger" else client
            try:
                response = phone.open(case.path, method="POST", **request_body(case))
            except Exception as error:  # noqa: BLE001
                failures.append((case, 500, crash_note(error)))
                continue
            sent += 1
            status = response.status_code
            if status >= 500:
                failures.append((case, status, "server error"))
            if row_counts(app) != before:
                failures.append((case, status, "a correction saved rows"))
            if case.phone == "stranger":
                if status != 403:
                    failures.append((case, status, "a stranger's correction was not refused"))
                continue
            html = response.get_data(as_text=True)
            filled = {n: v for n, v in re.findall(r'name="([\w-]+)" value="([^"]*)"', html)}
            if game == "fez":
                tiles, colours, stars = (filled.get(n, "") for n in ("tiles", "colours", "stars"))
                # a colour not seen (or a suggestion's letters) comes in not set: "?"
                if not (re.fullmatch(r"[A-Z?]*", tiles) and re.fullmatch(r"[RB?]*", colours)
                        and len(colours) == len(tiles) and re.fullmatch(r"[RB]*", stars)):
                    failures.append((case, status, f"the word form got {tiles!r} {colours!r} {stars!r}"))
            else:
                cards = filled.get(f"cards-{seat}", "")
                zaps = [filled.get(f"zap-{seat}-{z}", "") for z in ZAPS]
                if not (re.fullmatch(r"[A-Z]*", cards) and all(re.fullmatch(r"\d*", z) for z in zaps)):
                    failures.append((case, status, f"the hand got {cards!r} {zaps}"))
    assert sent > 200
    assert not failures, report(failures, sent)
