"""Scan the table: one photo of every word laid on the table fills the whole round form.

The scorekeeper photographs the table from their seat (the form asks which seat once per game:
the phone remembers it). The card reader (ocr.read_table) finds every word, whichever way it
faces, and seats each in front of its player (ocr.seated): the photographer's word faces the
photo's bottom edge, the others lie clockwise round the table, as the players sit (the game's
players list is in seating order, clockwise). The correction screen shows the photo with each
word's cards outlined in its player's colour, and the words by player: a card's letter is fixed
as in a player's scan, a word given to another player (the two swap), a word read that is none
dropped. "Use these words" fills every player's word field; nothing is saved until Save. As for
a player's scan (companion/scans.py) the photo travels with the round form, is read once within
the reader's memory budget by the same few workers, shown back embedded and never stored.
"""

from __future__ import annotations

import math

from flask import Blueprint, abort, current_app, render_template, request

import ocr
from ocr.reader import LOW_CONFIDENCE

from . import scans
from .games import game_context
from .rules.base import NOT_A_CARD
from .web import scorekeeper_game, upload_limit

bp = Blueprint("table_scans", __name__, url_prefix="/games/<game:game_id>/scan-table")

SHOWN_SIDE = 1200  # the whole table shown back: a little more than a row's photo
MAX_WORDS = 12  # words a correction screen shows (and "Use" reads): more are left out
MAX_LETTERS = 16  # cards of one word (a ZOOT! word has at most 7; a misread row more)
NOBODY = "none"  # a word given to no player (found in front of a folded seat, or dropped)
PHOTO, SEAT = "table-photo", "table-seat"  # the form's fields


@bp.app_context_processor
def photo_side() -> dict:
    """How large a phone sends the table's photo (scan.js shrinks it to this): the reader's
    working size for a table, where far words are small, not a row's."""
    return {"table_photo_side": ocr.TABLE_SIDE}


def _page(game, form, table=None, error=None, status=200):
    context = game_context(game, form=form)
    context["table_scan"] = table
    context["errors"] = {"table-scan": error} if error else {}
    return render_template("game.html", **context), status


def _seats(game) -> list[int] | str:
    """The seats whose words a table photo fills now (ZOOT! Poker: the hands still in), or why
    none can be filled now."""
    pages = game.pages
    if not pages.table_scan:
        abort(404)
    standings = game.standings()
    problem = pages.scan_problem(standings)
    if problem:
        return problem
    return (pages.table_seats(standings, len(game.players))
            or "The words on the table are read at the showdown, once the betting is over.")


def photographer(form, players: int) -> int:
    """The seat the photo was taken from, as the form says (the first player's when it does
    not say a seat there is).

    >>> photographer({"table-seat": "2"}, 3), photographer({"table-seat": "7"}, 3)
    (2, 0)
    """
    value = form.get(SEAT, "")
    return int(value) if value.isascii() and value.isdigit() and int(value) < players else 0


def table_crop(words: list[dict], width: int, height: int) -> tuple[int, int, int, int]:
    """The part of the photo the correction screen shows: the words read, their letters and
    their players' names, and a margin (a table photographed from a seat lies in the middle
    of its photo, the far words small: shown cropped to them, they are bigger).

    >>> card = {"hit": (400, 500, 460, 580), "badge": (410, 450, 450, 490)}
    >>> table_crop([{"cards": [card], "label": (430, 600, 20, "middle")}], 1000, 800)
    (340, 410, 520, 646)
    """
    boxes = []
    for w in words:
        boxes += [c[part] for c in w["cards"] for part in ("hit", "badge")]
        x, y, font, anchor = w["label"]
        reach = NAME_REACH * font
        left = x - reach if anchor == "end" else x - reach // 2 if anchor == "middle" else x
        boxes.append((left, y - font, left + reach, y + font // 3))
    margin = max(b[3] - b[1] for b in boxes) // 2
    return (max(0, min(b[0] for b in boxes) - margin), max(0, min(b[1] for b in boxes) - margin),
            min(width, max(b[2] for b in boxes) + margin),
            min(height, max(b[3] for b in boxes) + margin))


#: Which way is "up" for a word, by its facing (as its player reads it), in the photo's pixels
#: (x right, y down): the way its letters' tops point, towards the middle of the table.
UP = {0: (0, -1), 90: (1, 0), 180: (0, 1), 270: (-1, 0)}


def _up(facing: float) -> tuple[int, int]:
    return UP[round(facing / 90) % 4 * 90]


def _aslant(facing: float) -> tuple[float, float]:
    """"Up" for a word (UP) as it lies, not rounded to the photo's sides.

    >>> [tuple(round(v, 2) + 0 for v in _aslant(f)) for f in (0, 90, 45)]
    [(0.0, -1.0), (1.0, 0.0), (0.71, -0.71)]
    """
    return math.sin(math.radians(facing)), -math.cos(math.radians(facing))


#: A player's name reaches about this many times its font size (a name of about eight letters).
NAME_REACH = 5
#: A card's badge (the letter read) is this share of the card's shorter side.
BADGE = 0.42


def _card(c, labels: dict, up: tuple[float, float]) -> dict:
    """A card as the correction screen draws it: its box, a tap target a little larger, and
    on it, at its edge on its word's upper side (`up`: towards the middle of the table), a
    badge with the letter read, unsure as a player's scan marks it. The badge stays on its own
    card (cards lie apart, so badges never cover one another or a neighbour's card) and
    leaves the printed letter in the card's middle to be seen."""
    value = c.letter if c.letter in labels else None
    x0, y0, x1, y1 = c.box
    short = min(x1 - x0, y1 - y0)
    pad = max(2, round(0.1 * short))
    side = max(8, round(BADGE * short))
    gap = max(1, round(0.06 * short))
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    # the badge's middle: inside the card's edge on its upper side (a word laid aslant: aslant)
    reach = max(0.0, abs(up[0]) * (x1 - x0) / 2 + abs(up[1]) * (y1 - y0) / 2 - gap - side / 2)
    bx, by = round(cx + up[0] * reach), round(cy + up[1] * reach)
    hit = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)  # the card, a little larger
    likely = [c.letter, *(a for a, _ in c.alternatives)]
    return dict(box=c.box, hit=hit,
                badge=(bx - side // 2, by - side // 2, bx + side // 2, by + side // 2),
                text_at=(bx, by), font=round(side * 0.8), corner=max(1, side // 8),
                value=value or NOT_A_CARD, label=labels.get(value, "✕"),
                unsure=c.confidence < LOW_CONFIDENCE or value is None,
                cycle=" ".join(dict.fromkeys(v for v in likely if v in labels)))


def _label_at(cards: list[dict], up: tuple[int, int], width: int, height: int) -> tuple:
    """Where a word's player's name is drawn: beside its cards on the player's side (away from
    the middle of the table, where the other words' names would meet it), or towards the
    middle when the photo's edge leaves no room there; as (x, y, font size, the SVG
    text-anchor: which end of the name is at x)."""
    x0 = min(min(c["hit"][0], c["badge"][0]) for c in cards)
    y0 = min(min(c["hit"][1], c["badge"][1]) for c in cards)
    x1 = max(max(c["hit"][2], c["badge"][2]) for c in cards)
    y1 = max(max(c["hit"][3], c["badge"][3]) for c in cards)
    shorts = sorted(min(c["box"][2] - c["box"][0], c["box"][3] - c["box"][1]) for c in cards)
    font = max(8, round(0.6 * shorts[len(shorts) // 2]))  # as big as the letters read
    reach = NAME_REACH * font
    if up[0]:  # a word at the side: the name beside it, on its player's side if it fits
        outside = up[0] > 0 and x0 - font // 3 - reach >= 0 or up[0] < 0 and x1 + font // 3 + reach <= width
        right = (up[0] < 0) == outside
        x, anchor = (x1 + font // 3, "start") if right else (x0 - font // 3, "end")
        y = (y0 + y1) // 2 + font // 3
    else:
        x, anchor = min(max((x0 + x1) // 2, 2 * font), width - 2 * font), "middle"
        below = y1 + font <= height if up[1] < 0 else y0 - font // 3 - font < 0
        y = y1 + font if below else y0 - font // 3
    return x, max(font, min(height - font // 3, y)), font, anchor


def table_view(reading, seated: list, seats: list[int], start: int, players: int,
               labels: dict, is_word=None) -> list[dict]:
    """The words of a table reading as the correction screen lists them: those seated in
    front of a seat whose word is filled, in seat order, then the others (in front of a
    folded seat, or of no seat), given to nobody. `seated[j]` is the word in front of the seat
    j places clockwise from the photographer's (`start`); `is_word` says which are no word."""
    words, placed = [], set()
    for j, word in enumerate(seated):
        if word is not None:
            placed.add(id(word))
            seat = (start + j) % players
            words.append((seat, word, None if seat in seats else "folded"))
    words.sort(key=lambda sw: (sw[2] is not None, sw[0]))
    words += [(None, w, "unseated") for w in reading.words if id(w) not in placed]
    view = []
    for k, (seat, word, aside) in enumerate(words[:MAX_WORDS]):
        up = _up(word.facing)
        cards = [_card(c, labels, _aslant(word.facing)) for c in word.cards[:MAX_LETTERS]]
        if not cards:
            continue
        letters = "".join(c["value"] if c["value"] != NOT_A_CARD else "·" for c in cards)
        view.append(dict(
            index=len(view), seat=seat if aside is None else None, found_at=seat, aside=aside,
            word=letters, wordless=bool(is_word) and "·" not in letters and not is_word(letters),
            cards=cards, hinges=any(c["unsure"] for c in cards),
            suggestions=tuple(word.suggestions[:3]),
            label=_label_at(cards, up, reading.width, reading.height)))
    return view


@bp.post("")
@upload_limit(scans.SCAN_UPLOAD_LIMIT)
def scan(game_id: str):
    """Read every word on the table in the photo, seat each, show them for correction."""
    game = scorekeeper_game(game_id)
    pages = game.pages
    seats = _seats(game)
    if isinstance(seats, str):
        return _page(game, request.form, error=seats, status=422)
    upload = request.files.get(PHOTO)
    data = upload.read(ocr.photo.MAX_BYTES + 1) if upload else b""
    is_word = scans.words_of(game)
    players = len(game.players)
    start = photographer(request.form, players)
    if not scans.scanning.acquire(timeout=scans.SCAN_WAIT_SECONDS):
        return _page(game, request.form, error=scans.BUSY.replace("Read the photo", "Read the table"),
                     status=503)
    try:
        photo = ocr.open_photo(data, ocr.TABLE_SIDE)  # far words are small: a bigger working copy
        del data
        reading = ocr.read_table(photo, deck=pages.deck, is_word=is_word)
    except ocr.UnreadablePhoto as e:
        return _page(game, request.form, error=str(e), status=422)
    except FileNotFoundError:
        current_app.logger.exception("no letter model")
        return _page(game, request.form, status=503,
                     error="The card reader is not installed yet: run `make install`.")
    finally:
        scans.scanning.release()
    choices = pages.scan_choices()
    labels = {value: label for value, label, _ in choices}
    words = table_view(reading, ocr.seated(reading.words, players=players), seats, start,
                       players, labels, is_word)
    if not words:
        return _page(game, request.form, status=422,
                     error="No words found in this photo. Take it from your seat with the whole "
                           "table in frame, each word laid in a row in front of its player.")
    crop = table_crop(words, reading.width, reading.height)
    picture = scans.shown_photo(photo, crop, SHOWN_SIDE)
    del photo
    table = dict(photo=picture, crop=crop, words=words,
                 seats=seats, start=start, seconds=reading.seconds, choices=choices,
                 left_out=max(0, len(reading.words) - len(words)),
                 empty=[s for s in seats if s not in {w["seat"] for w in words}])
    return _page(game, request.form, table)


def used_words(form, seats: list[int], players: int, choices) -> dict[int, list[str]]:
    """The words a "Use these words" form gives each seat, as letters (scan_choices values):
    word k's cards card-k-i (a value no game offers and "not a card" left out; at most
    MAX_WORDS words of MAX_LETTERS cards), given to seat-k, the seat it was read in front of
    being from-k: a word given to another seat takes that seat from the word that had it,
    which gets this one's (a swap, as the screen shows it; several given away are swapped in
    turn). A word ticked drop-k, given to nobody or to a seat whose word is not filled (a
    folded seat, one out of range) fills nothing.

    >>> used_words({"card-0-0": "A", "card-0-1": "X", "from-0": "0", "seat-0": "1",
    ...             "card-1-0": "B", "card-1-1": "Y", "from-1": "1", "seat-1": "1"},
    ...            [0, 1, 2], 3, [("A", "A", "A"), ("B", "B", "B"), ("X", "X", "X"), ("Y", "Y", "Y")])
    {1: ['A', 'X'], 0: ['B', 'Y']}
    """
    allowed = {value for value, _, _ in choices} - {NOT_A_CARD}

    def seat_of(name: str) -> int | None:
        value = form.get(name, "")
        return int(value) if value.isascii() and value.isdigit() and int(value) in seats else None

    words, at = {}, {}  # word k: its letters, the seat it goes to (None: nobody)
    for k in range(MAX_WORDS):
        letters = [form.get(f"card-{k}-{i}") for i in range(MAX_LETTERS)]
        letters = [v for v in letters if v in allowed]
        found = seat_of(f"from-{k}")
        if not letters and found is None:
            continue
        words[k] = letters
        at[k] = found if found not in at.values() else None
    for k in words:
        wanted = form.get(f"seat-{k}", "")
        if wanted == form.get(f"from-{k}", ""):
            continue  # not given away (the other of a swap already sits where it goes)
        target = seat_of(f"seat-{k}")
        if target is not None:
            for other, seat in at.items():
                if seat == target and other != k:
                    at[other] = at[k]  # the two swap
        at[k] = target
    return {seat: words[k] for k, seat in at.items()
            if seat is not None and not form.get(f"drop-{k}") and words[k] and seat < players}


@bp.post("/use")
@upload_limit(scans.SCAN_UPLOAD_LIMIT)
def use(game_id: str):
    """Fill every player's word with the words as corrected (a seat without one: no word);
    the points show as typed, and nothing is saved until the round is."""
    game = scorekeeper_game(game_id)
    pages = game.pages
    form = request.form.to_dict()
    seats = _seats(game)
    if isinstance(seats, str):
        return _page(game, form, error=seats, status=422)
    players = len(game.players)
    words = used_words(form, seats, players, pages.scan_choices())
    for seat in seats:
        fields = (pages.scan_fields(seat, [(v, None) for v in words[seat]]) if seat in words
                  else pages.no_word_fields(seat))
        for name, value in fields.items():
            if value is None:
                form.pop(name, None)
            else:
                form[name] = value
    for name in [n for n in form if n.startswith(("card-", "seat-", "from-", "drop-"))]:
        del form[name]  # the correction screen is done with
    return _page(game, form)
