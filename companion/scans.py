"""Scans: read a word from a photo of the laid-down cards, correct it, use it.

The photo travels with the round form (so nothing typed is lost), is decoded once (within
the card reader's memory budget), read, and shown back once, embedded in the page; it is
never written to disk. A worker reads a few photos at a time; the rest wait a moment.
"""

from __future__ import annotations

import base64
import io
import string
import threading

from flask import Blueprint, abort, current_app, render_template, request
from PIL import Image

import ocr
from ocr.reader import LOW_CONFIDENCE

from .games import game_context
from .lookup import house_for, judge, word_rules
from .web import scorekeeper_game, upload_limit

bp = Blueprint("scans", __name__, url_prefix="/games/<game:game_id>/scan/<id:seat>")

SCAN_UPLOAD_LIMIT = 32 * 1024 * 1024  # ocr refuses photos over 30 MB with its own message
SHOWN_SIDE = 1000  # the photo shown back for correction
CHOICES = string.ascii_uppercase + "?"
_ONE_CARD = set(CHOICES)
#: Photos one worker process reads at once (each takes up to about 150 MB), and how long
#: another waits for its turn before the player is asked to try again.
SCANS_AT_ONCE = 2
SCAN_WAIT_SECONDS = 15
_scanning = threading.BoundedSemaphore(SCANS_AT_ONCE)
BUSY = "The card reader is busy with other photos: tap Read the photo again in a moment."
Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in the photo's pixels


def _page(game, form, seat, scan=None, error=None, status=200):
    context = game_context(game, form=form)
    context["scan"] = scan
    context["errors"] = {f"scan-{seat}": error} if error else {}
    return render_template("game.html", **context), status


def _shown(photo: ocr.Photo, crop: Box) -> str:
    """The part of the photo the correction screen shows (`crop`, in the photo's pixels) as a
    small JPEG data URL, upright: made from the pixels the reader decoded, not from a second
    decode."""
    img = Image.fromarray(photo.image)
    img = img.crop(tuple(round(v * photo.scale) for v in crop))
    img.thumbnail((SHOWN_SIDE, SHOWN_SIDE))
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
    get their own box and badge, with the margin around them.

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
    drawn = []
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        badge_top = y0 - gap - badge
        drawn.append(dict(hit=hits[i], badge=(x0, badge_top, x1, y0 - gap),
                          text_at=((x0 + x1) // 2, badge_top + badge // 2),
                          font=round(badge * 0.8), corner=max(1, (x1 - x0) // 12)))
    return (left, top, right, bottom), drawn


@bp.post("")
@upload_limit(SCAN_UPLOAD_LIMIT)
def scan(game_id: str, seat: int):
    """Read the cards in the photo taken for this player's word."""
    game = scorekeeper_game(game_id)
    if not game.rules.scans:
        abort(404)
    if not 0 <= seat < len(game.players):
        return _page(game, request.form, seat, status=404)
    upload = request.files.get(f"photo-{seat}")
    data = upload.read(ocr.photo.MAX_BYTES + 1) if upload else b""
    rules, house = word_rules(game), house_for(game)
    if not _scanning.acquire(timeout=SCAN_WAIT_SECONDS):
        return _page(game, request.form, seat, error=BUSY, status=503)
    try:
        photo = ocr.open_photo(data)
        del data
        reading = ocr.read(photo, is_word=lambda w: judge().check(w, rules, house).valid)
    except ocr.UnreadablePhoto as e:
        return _page(game, request.form, seat, error=str(e), status=422)
    except FileNotFoundError:
        current_app.logger.exception("no letter model")
        return _page(game, request.form, seat, status=503,
                     error="The card reader is not installed yet: run `make install`.")
    finally:
        _scanning.release()
    row = reading.row()
    if not row:
        return _page(game, request.form, seat, status=422,
                     error="No cards found in this photo. Lay them in a row, fill the frame "
                           "with them, and try again.")
    view, drawn = correction_view([c.box for c in row], reading.width, reading.height)
    left, top, right, bottom = view
    crop = (left, max(0, top), right, bottom)  # the view above the photo shows no photo
    shown = _shown(photo, crop)
    del photo
    cards = [dict(letter=c.letter, unsure=c.confidence < LOW_CONFIDENCE, box=c.box, **where,
                  cycle="".join(dict.fromkeys([c.letter, *(a for a, _ in c.alternatives)])))
             for c, where in zip(row, drawn)]
    scan = dict(seat=seat, photo=shown, crop=crop, view=view,
                cards=cards, word=reading.word, suggestions=reading.suggestions,
                seconds=reading.seconds, choices=CHOICES)
    return _page(game, request.form, seat, scan)


@bp.post("/use")
@upload_limit(SCAN_UPLOAD_LIMIT)
def use(game_id: str, seat: int):
    """Put the corrected word in the player's field, scored as if typed."""
    game = scorekeeper_game(game_id)
    if not game.rules.scans:
        abort(404)
    form = request.form.to_dict()
    word = form.get("suggestion") or "".join(
        form[f"card-{k}"] for k in range(12) if form.get(f"card-{k}") in _ONE_CARD)
    if 0 <= seat < len(game.players):
        form[f"word-{seat}"] = word
        form.pop(f"noword-{seat}", None)
    return _page(game, form, seat)
