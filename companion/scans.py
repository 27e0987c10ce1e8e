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

bp = Blueprint("scans", __name__, url_prefix="/games/<id:game_id>/scan/<id:seat>")

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


def _page(game, form, seat, scan=None, error=None, status=200):
    context = game_context(game, form=form)
    context["scan"] = scan
    context["errors"] = {f"scan-{seat}": error} if error else {}
    return render_template("game.html", **context), status


def _shown(photo: ocr.Photo) -> str:
    """The photo as a small JPEG data URL, upright, for the correction screen: made from the
    pixels the reader decoded, not from a second decode."""
    img = Image.fromarray(photo.image)
    img.thumbnail((SHOWN_SIDE, SHOWN_SIDE))
    out = io.BytesIO()
    img.save(out, "JPEG", quality=80)
    return "data:image/jpeg;base64," + base64.b64encode(out.getvalue()).decode()


@bp.post("")
@upload_limit(SCAN_UPLOAD_LIMIT)
def scan(game_id: int, seat: int):
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
        shown = _shown(photo)
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
    cards = [dict(letter=c.letter, unsure=c.confidence < LOW_CONFIDENCE, box=c.box,
                  cycle="".join(dict.fromkeys([c.letter, *(a for a, _ in c.alternatives)])))
             for c in row]
    scan = dict(seat=seat, photo=shown, width=reading.width, height=reading.height,
                cards=cards, word=reading.word, suggestions=reading.suggestions,
                seconds=reading.seconds, choices=CHOICES)
    return _page(game, request.form, seat, scan)


@bp.post("/use")
@upload_limit(SCAN_UPLOAD_LIMIT)
def use(game_id: int, seat: int):
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
