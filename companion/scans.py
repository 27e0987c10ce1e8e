"""Scans: read the cards in a photo, correct them, use them to fill the entry form.

What a scan reads and fills is the game's (its pages' deck, scan_shown, scan_choices and
scan_fields): FOOT!/ZOOT! and ZOOT! Poker a player's word; FEZ the word laid, each card's
colour and its stars; the family game the cards left in a player's hand, ZAP cards counted
by kind. The photo travels with the round form (so nothing typed is lost), is decoded once
(within the card reader's memory budget), read, and shown back once, embedded in the page;
it is never written to disk. A worker reads a few photos at a time; the rest wait a moment.
"""

from __future__ import annotations

import base64
import io
import threading

from flask import Blueprint, abort, current_app, render_template, request
from PIL import Image

import ocr
from ocr.reader import LOW_CONFIDENCE

from .games import game_context
from .lookup import house_for, judge, word_rules
from .rules.base import NOT_A_CARD, STAR
from .web import scorekeeper_game, upload_limit

bp = Blueprint("scans", __name__, url_prefix="/games/<game:game_id>/scan/<id:seat>")

SCAN_UPLOAD_LIMIT = 32 * 1024 * 1024  # ocr refuses photos over 30 MB with its own message
SHOWN_SIDE = 1000  # the photo shown back for correction
MAX_CARDS = 40  # cards a correction screen shows (and "Use" reads): a hand or a long word
COLOURS = {"red": "R", "black": "B"}
#: Photos one worker process reads at once (each takes up to about 150 MB), and how long
#: another waits for its turn before the player is asked to try again.
SCANS_AT_ONCE = 2
SCAN_WAIT_SECONDS = 15
scanning = threading.BoundedSemaphore(SCANS_AT_ONCE)
BUSY = "The card reader is busy with other photos: tap Read the photo again in a moment."
Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in the photo's pixels


def _page(game, form, seat, scan=None, error=None, status=200):
    context = game_context(game, form=form)
    context["scan"] = scan
    context["errors"] = {f"scan-{seat}": error} if error else {}
    return render_template("game.html", **context), status


def shown_photo(photo: ocr.Photo, crop: Box, side: int = SHOWN_SIDE) -> str:
    """The part of the photo a correction screen shows (`crop`, in the photo's pixels) as a
    JPEG data URL at most `side` pixels on its longer side, upright: made from the pixels the
    reader decoded, not from a second decode."""
    img = Image.fromarray(photo.image)
    img = img.crop(tuple(round(v * photo.scale) for v in crop))
    img.thumbnail((side, side))
    out = io.BytesIO()
    img.save(out, "JPEG", quality=80)
    return "data:image/jpeg;base64," + base64.b64encode(out.getvalue()).decode()


def correction_view(boxes: list[Box], width: int, height: int) -> tuple[Box, list[dict]]:
    """Where the correction screen draws the row of cards read, in the photo's pixels.

    The view is the photo cropped to the row (the cards, a margin and, above each card, a
    badge with the letter read in it), so that shown as wide as the phone the cards are as
    big as they can be. Each card's tap target ("hit") is its whole column of the view, from
    half-way to the card on its left to half-way to the one on its right, badge included:
    wider and taller than the card itself. Cards that are not side by side (a crooked row)
    get their own target, with the margin around them; where two targets overlap (cards
    lying over each other), each keeps its side of the line half-way between them (_shared),
    and its badge shrinks to that side, so every badge shows and every tap finds one card.

    >>> view, drawn = correction_view([(100, 200, 200, 340), (220, 200, 320, 340)], 1000, 800)
    >>> view, [d["hit"] for d in drawn]
    ((79, 84, 341, 361), [(79, 84, 210, 361), (210, 84, 341, 361)])
    """
    tall = sorted(y1 - y0 for _, y0, _, y1 in boxes)[len(boxes) // 2]
    margin, gap = round(tall * 0.15), round(tall * 0.06)
    badge = round(tall * 0.62)
    left = max(0, min(b[0] for b in boxes) - margin)
    right = min(width, max(b[2] for b in boxes) + margin)
    top = min(b[1] for b in boxes) - gap - badge - margin  # above the photo if need be
    bottom = min(height, max(b[3] for b in boxes) + margin)
    if right <= left or bottom <= top:  # boxes outside the photo: show it all
        left, top, right, bottom = 0, min(0, top), width, height
    order = sorted(range(len(boxes)), key=lambda i: boxes[i][0] + boxes[i][2])
    side_by_side = all(
        (boxes[b][0] + boxes[b][2]) - (boxes[a][0] + boxes[a][2]) >= boxes[a][2] - boxes[a][0]
        for a, b in zip(order, order[1:]))
    hits: dict[int, Box] = {}
    for k, i in enumerate(order):
        x0, y0, x1, y1 = boxes[i]
        if not side_by_side:
            hits[i] = (x0 - margin, y0 - gap - badge - margin, x1 + margin, y1 + margin)
            continue
        start = left if k == 0 else (boxes[order[k - 1]][2] + x0) // 2
        end = right if k == len(order) - 1 else (x1 + boxes[order[k + 1]][0]) // 2
        hits[i] = (start, top, end, bottom)
    if not side_by_side:
        hits = _shared(hits, order)
    drawn = []
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        # above its card, within its target: over the card's top when a card above has the
        # space above it
        badge_top = min(max(y0 - gap - badge, hits[i][1]), hits[i][3] - badge)
        bx0, bx1 = max(x0, hits[i][0]), min(x1, hits[i][2])
        drawn.append(dict(hit=hits[i], badge=(bx0, badge_top, bx1, badge_top + badge),
                          text_at=((bx0 + bx1) // 2, badge_top + badge // 2),
                          font=round(min(badge * 0.8, 1.1 * (bx1 - bx0))),
                          corner=max(1, (bx1 - bx0) // 12)))
    return (left, top, right, bottom), drawn


def photo_crop(view: Box) -> Box:
    """The part of the photo a correction view shows: the view less what lies above the
    photo (room made for the badges of cards at its top edge), where there is no photo.

    >>> photo_crop((79, -40, 341, 361))
    (79, 0, 341, 361)
    """
    left, top, right, bottom = view
    return left, max(0, top), right, bottom


def label_fit(drawn: dict, label: str) -> dict:
    """How a card's label fits its badge (`drawn`, one of correction_view's): one or two
    characters at the badge's font; a longer label ("ZAP", a card's name) in a font small
    enough for it, and squeezed to nine tenths of the badge's width (`squeeze`) so that no
    font's wide letters spill out of it.

    >>> badge = {"badge": (100, 20, 140, 60), "font": 32}
    >>> label_fit(badge, "Q"), label_fit(badge, "ZAP")
    ({'font': 32, 'squeeze': None}, {'font': 20, 'squeeze': 36})
    """
    if len(label) <= 2:
        return {"font": drawn["font"], "squeeze": None}
    x0, _, x1, _ = drawn["badge"]
    return {"font": min(drawn["font"], round(1.5 * (x1 - x0) / len(label))),
            "squeeze": round(0.9 * (x1 - x0))}


def _shared(hits: dict[int, Box], order: list[int]) -> dict[int, Box]:
    """Overlapping targets split at the line half-way between them, across the way their
    centres lie apart: of two side by side, the left one keeps what lies left of it; of two
    one above the other (a hand spread on the table), the upper one what lies above it.
    A target keeps its own centre, so none vanishes, and none is cut to a sliver."""
    cut = {i: list(box) for i, box in hits.items()}
    for k, a in enumerate(order):
        for b in order[k + 1:]:
            (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = hits[a], hits[b]
            if ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0:
                continue
            # twice each centre, across (axis 0) and down (1); split along the wider spread
            ca, cb = (ax0 + ax1, ay0 + ay1), (bx0 + bx1, by0 + by1)
            axis = 0 if abs(cb[0] - ca[0]) >= abs(cb[1] - ca[1]) else 1
            lo, hi = (a, b) if ca[axis] <= cb[axis] else (b, a)
            mid = (ca[axis] + cb[axis]) // 4
            cut[lo][axis + 2] = min(cut[lo][axis + 2], mid)
            cut[hi][axis] = max(cut[hi][axis], mid)
    return {i: tuple(box) for i, box in cut.items()}


def words_of(game):
    """Whether letters make a word by this game's judge: the reader marks the cards a row
    that is no word hinges on, and ranks its other readings."""
    return judge().accepts(word_rules(game), house_for(game))


def _card_colour(card) -> str | None:
    """A card's colour as the forms write it (R or B), or None when the reader did not see
    it: then it is not set, for the scorekeeper to choose, as a letter typed."""
    return COLOURS.get(card.colour)


@bp.post("")
@upload_limit(SCAN_UPLOAD_LIMIT)
def scan(game_id: str, seat: int):
    """Read the cards in the photo taken for this player's word (FEZ: the word; the family
    game: the cards left in this player's hand)."""
    game = scorekeeper_game(game_id)
    pages = game.pages
    if not pages.scans:
        abort(404)
    if not 0 <= seat < len(game.players):
        return _page(game, request.form, seat, status=404)
    problem = pages.scan_problem(game.standings())
    if problem:
        return _page(game, request.form, seat, error=problem, status=422)
    upload = request.files.get(f"photo-{seat}")
    data = upload.read(ocr.photo.MAX_BYTES + 1) if upload else b""
    is_word = words_of(game) if pages.scan_words else None
    if not scanning.acquire(timeout=SCAN_WAIT_SECONDS):
        return _page(game, request.form, seat, error=BUSY, status=503)
    try:
        photo = ocr.open_photo(data)
        del data
        reading = ocr.read(photo, is_word=is_word, deck=pages.deck)
    except ocr.UnreadablePhoto as e:
        return _page(game, request.form, seat, error=str(e), status=422)
    except FileNotFoundError:
        current_app.logger.exception("no letter model")
        return _page(game, request.form, seat, status=503,
                     error="The card reader is not installed yet: run `make install`.")
    finally:
        scanning.release()
    found = pages.scan_shown(reading.cards)
    shown = found[:MAX_CARDS]
    if not shown:
        return _page(game, request.form, seat, status=422,
                     error="No cards found in this photo. Lay them in a row, fill the frame "
                           "with them, and try again.")
    view, drawn = correction_view([c.box for c in shown], reading.width, reading.height)
    crop = photo_crop(view)
    picture = shown_photo(photo, crop)
    del photo
    choices = pages.scan_choices()
    labels = {value: label for value, label, _ in choices}
    cards = []
    for c, where in zip(shown, drawn):
        value = pages.scan_value(c.letter, c.name)
        known = value in labels
        if not known:  # the scorekeeper picks (or drops) it
            value = NOT_A_CARD if NOT_A_CARD in labels else choices[0][0]
        colour = _card_colour(c) if pages.scan_colours else None
        seen = colour is not None or not pages.scan_colours
        likely = [value, *(pages.scan_value(a, None) for a, _ in c.alternatives)]
        cycle = dict.fromkeys(v for v in likely if v in labels)
        label = labels[value]
        cards.append(dict(where, **label_fit(where, label), value=value, label=label,
                          colour=colour, box=c.box,
                          unsure=c.confidence < LOW_CONFIDENCE or not known or not seen,
                          cycle=" ".join(cycle)))
    scan = dict(seat=seat, photo=picture, crop=crop, view=view, cards=cards, word=reading.word,
                suggestions=reading.suggestions if pages.scan_words else (),
                seconds=reading.seconds, left_out=len(found) - len(shown), choices=choices,
                colours=pages.scan_colours, stars=STAR in labels, removable=NOT_A_CARD in labels,
                missed=[c for c in choices if c[0] != NOT_A_CARD] if pages.scan_missed else (),
                button=pages.scan_button, pick=pages.scan_pick)
    return _page(game, request.form, seat, scan)


def picked_cards(form, pages) -> list[tuple[str, str | None]]:
    """The corrected cards a "Use" form sends, as (value, colour or None), in order: each
    card's pick (card-K; one no game offers is skipped, "not a card" left out), its colour
    (FEZ: red-K ticked is red; else black, or not set (None) while unset-K, a colour the
    reader did not see, is sent), a star added (add-star: R or B), a card the
    photo missed (add-card, where the game offers it); a suggestion (a word the reader
    offered) replaces the letters when it has as many."""
    choices = {value for value, _, _ in pages.scan_choices()}
    cards = []
    for k in range(MAX_CARDS):
        value = form.get(f"card-{k}")
        if value in choices and value != NOT_A_CARD:
            colour = (("R" if form.get(f"red-{k}") else None if form.get(f"unset-{k}") else "B")
                      if pages.scan_colours else None)
            cards.append((value, colour))
    suggestion = form.get("suggestion") or ""
    if suggestion and len(suggestion) <= MAX_CARDS and pages.scan_words and all(
            ch in choices and ch not in (STAR, NOT_A_CARD) for ch in suggestion):
        letters = [k for k, (value, _) in enumerate(cards) if value != STAR]
        if len(letters) == len(suggestion):
            for k, letter in zip(letters, suggestion):
                cards[k] = (letter, cards[k][1])
        else:
            cards = [(letter, None) for letter in suggestion]  # colours not known: not set
    if STAR in choices and form.get("add-star") in ("R", "B"):
        cards.append((STAR, form["add-star"]))
    missed = form.get("add-card")
    if pages.scan_missed and missed in choices and missed != NOT_A_CARD:
        cards.append((missed, None))
    return cards


@bp.post("/use")
@upload_limit(SCAN_UPLOAD_LIMIT)
def use(game_id: str, seat: int):
    """Put the corrected cards in the form (a player's word, FEZ's word with its colours and
    stars, a hand's cards left), counted as if typed."""
    game = scorekeeper_game(game_id)
    pages = game.pages
    if not pages.scans:
        abort(404)
    form = request.form.to_dict()
    problem = pages.scan_problem(game.standings())
    if problem:
        return _page(game, form, seat, error=problem, status=422)
    if 0 <= seat < len(game.players):
        for name, value in pages.scan_fields(seat, picked_cards(form, pages)).items():
            if value is None:
                form.pop(name, None)
            else:
                form[name] = value
    return _page(game, form, seat)
