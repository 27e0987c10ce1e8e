"""A game out and back in: its rounds as a CSV for a spreadsheet, its whole log as JSON (to
keep, or to carry the game to another server), and such a JSON file read back as a new game.

The JSON export (format 1):
    {"companion": 1, "ruleset": "foot", "settings": {...}, "players": ["Ann", "Bo"],
     "first_dealer": 0, "created_at": "2026-05-09T19:30:00Z",
     "plays": [{"id": 12, "kind": "round", "data": {...}, "created_at": "..."}, ...]}
A play's id only keeps the references between plays meaningful (a void's "play", an edit's
"round", a challenge's ...: each ruleset's `play_references`): an import gives every play a
new id and renumbers them (rules.log.renumber).
"""

from __future__ import annotations

import csv
import io
import json
import re
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable

from flask import (Blueprint, Response, flash, jsonify, redirect, render_template, request,
                   url_for)
from sqlalchemy import select

from . import rooms
from .extensions import db
from .games import SEATS, read_new_game, remember
from .models import IMPORTED, MAX_PLAYS, Game, Play, WordList
from .pages.base import RowFacts
from .pages.replay import REPLAY_PLAYS, Refused, TooLong, check_log
from .registry import PAGES
from .rules.base import MAX_ID, Ruleset
from .rules.log import HOUSE_LIST, REMATCH, Play as LogPlay, renumber, understood
from .web import keep_token, load_game, upload_limit

bp = Blueprint("exports", __name__)

FORMAT = 1
IMPORT_LIMIT = 2 * 1024 * 1024  # an export file, at most
MAX_DEPTH = 16  # JSON nesting: a play's data is a few levels deep
BODY_LIMIT = IMPORT_LIMIT + 64 * 1024  # the file and the form around it
#: Imports replayed at once in a process (each takes up to a few seconds of CPU: see
#: pages/replay.py); another waits this long, then is asked to try again.
IMPORTS_AT_ONCE = 1
IMPORT_WAIT_SECONDS = 10
_importing = threading.BoundedSemaphore(IMPORTS_AT_ONCE)


def _let_others_run() -> None:
    """A moment's wait in a long check. Under gunicorn's gevent workers (make run) a check is
    one greenlet that runs nothing else until it waits: a timer (not a sleep of 0, which
    skips the poll for the network) lets the worker answer other phones in between."""
    time.sleep(0.001)


def file_name(game: Game, suffix: str) -> str:
    """What a download of the game is called: its game's name and its address's id.

    >>> file_name(Game(public_id="k3bncram2txz", ruleset="poker"), "csv")
    'ZOOT-Poker-game-k3bncram2txz.csv'
    """
    return f"{re.sub(r'[^A-Za-z0-9]+', '-', game.rules.name).strip('-')}-game-{game.public_id}.{suffix}"


def _download(response: Response, name: str) -> Response:
    response.headers.set("Content-Disposition", "attachment", filename=name)
    response.headers["Cache-Control"] = "no-cache"
    return response


# --- CSV ------------------------------------------------------------------------------------

def _cell(text: str) -> str:
    """A name as a spreadsheet cell: one starting like a formula is kept as text.

    >>> _cell("=SUM(A1)"), _cell("Ann")
    ("'=SUM(A1)", 'Ann')
    """
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_rows(game: Game) -> list[list]:
    """A header, then a row per round (ZOOT! Poker: per deal paid): its number, who dealt,
    then each side's words, score that round and total after it, and who went out (or won
    it), where the game has them. Text a player typed is kept from reading as a formula."""
    rules, standings, pages = game.rules, game.standings(), game.pages
    sides = rules.sides(game.names, standings)
    before, after = rules.progress(game.rule_settings, len(game.players), standings)
    facts = pages.row_facts(game.names, standings)
    facts = facts if len(facts) == len(after) else []  # a game's CSV never shows another row's
    dealer = any(f.dealer is not None for f in facts)
    words = any(f.words is not None for f in facts)
    winner = any(f.winner is not None for f in facts)
    head = [pages.progress_name.capitalize()] + [pages.dealer_heading] * dealer
    for side in sides:
        head += [_cell(f"{side} words")] * words + [_cell(f"{side} score"), _cell(f"{side} total")]
    rows: list[list] = [head + [pages.winner_heading] * winner]
    for number, totals in enumerate(after, start=1):
        fact = facts[number - 1] if facts else RowFacts()
        row: list = [number] + [_cell(fact.dealer or "")] * dealer
        for side, (b, t) in enumerate(zip(before, totals)):
            if words:
                said = fact.words[side] if fact.words and side < len(fact.words) else ""
                row.append(_cell(said))
            row += [t - b, t]
        rows.append(row + [_cell(fact.winner or "")] * winner)
        before = totals
    return rows


@bp.get("/games/<game:game_id>.csv")
def game_csv(game_id: str):
    """The rounds as a spreadsheet: anyone with the game's address, like its JSON."""
    game = load_game(game_id)
    out = io.StringIO()
    out.write("\ufeff")  # so that a spreadsheet reads the names as UTF-8
    csv.writer(out, lineterminator="\r\n").writerows(csv_rows(game))
    return _download(Response(out.getvalue(), mimetype="text/csv"), file_name(game, "csv"))


# --- JSON: out ------------------------------------------------------------------------------

def _stamp(when: datetime) -> str:
    return when.replace(microsecond=0).isoformat() + "Z"  # stored as UTC


def export_of(game: Game) -> dict:
    """The whole game: what it is, who plays, and every play ever made, in order."""
    return {"companion": FORMAT, "game": game.public_id, "ruleset": game.ruleset,
            "settings": game.rule_settings,
            "players": game.names, "first_dealer": game.first_dealer,
            "created_at": _stamp(game.created_at),
            "plays": [{"id": p.id, "kind": p.kind, "data": p.data, "created_at": _stamp(p.created_at)}
                      for p in game.plays]}


@bp.get("/games/<game:game_id>/export.json")
def export_json(game_id: str):
    """The game's whole log, to keep or to import on another server: anyone with its address."""
    game = load_game(game_id)
    return _download(jsonify(export_of(game)), file_name(game, "json"))


# --- JSON: back in --------------------------------------------------------------------------

class ImportRefused(ValueError):
    """Why a file cannot be imported, in a player's words."""


@dataclass(frozen=True)
class Export:
    """An export file, checked: everything a new game needs."""

    rules: Ruleset
    names: list[str]
    first_dealer: int
    settings: dict
    created_at: datetime | None
    plays: list[tuple[int, str, dict, datetime | None]]  # (id in the file, kind, data, when)
    source: str | None = None  # the exported game's public id, when the file gives it


#: A NUL or half of a surrogate pair: no phone can show it, and a database cannot store the one
#: (PostgreSQL refuses a NUL in text) or the other (UTF-8 has no lone surrogate).
_UNSHOWABLE = re.compile("[\x00\ud800-\udfff]")


def _checked(value: Any, depth: int = 0) -> None:
    """Refuse JSON nested too deep, numbers that are not whole or are out of a database's
    range, text no phone can show, anywhere in `value`."""
    if depth > MAX_DEPTH:
        raise ImportRefused("The file is nested too deeply to be a Companion export.")
    if isinstance(value, str):
        if _UNSHOWABLE.search(value):
            raise ImportRefused("The file holds text with a character no phone can show (a NUL, "
                                "or half of a pair of surrogates): Companion never writes one.")
    elif isinstance(value, dict):
        for key, item in value.items():
            _checked(key, depth + 1)
            _checked(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _checked(item, depth + 1)
    elif isinstance(value, float):
        raise ImportRefused("The file holds a number that is not whole: Companion never writes one.")
    elif isinstance(value, int) and not isinstance(value, bool) and not -MAX_ID <= value <= MAX_ID:
        raise ImportRefused(f"The file holds a number too large for a game: {str(value)[:20]}….")


def _when(value: Any, what: str) -> datetime | None:
    """A time written by export_of (ISO 8601, UTC), as stored: naive UTC. None when absent."""
    if value is None:
        return None
    try:
        when = datetime.fromisoformat(value) if isinstance(value, str) and len(value) <= 40 else None
        if when is not None and when.tzinfo is not None:
            when = when.astimezone(timezone.utc).replace(tzinfo=None)
    except (ValueError, OverflowError):  # not a time; a time zone past year 1 or 9999
        when = None
    if when is None:
        raise ImportRefused(f"The time of {what} is not a date and time.")
    return when


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _no_constant(name: str):
    raise ImportRefused(f"The file holds {name}, which is not a number a game can have.")


def read_export(raw: bytes, room: Callable[[int], None] = lambda plays: None) -> Export:
    """An export file's bytes, checked as the new-game form checks a game (the game exists
    and can be started, the players' names, who deals, the settings) and play by play (each
    one a play of that game, every id it names an earlier play's, and each read again by the
    form that makes it, where it stands in the log: pages/replay.py). Raises ImportRefused."""
    if len(raw) > IMPORT_LIMIT:
        raise ImportRefused(f"The file is larger than {IMPORT_LIMIT // (1024 * 1024)} MB: "
                            "it is not a Companion export.")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ImportRefused("The file is not UTF-8 text: choose a game exported by Companion (.json).") from None
    try:
        document = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ImportRefused("The file is nested too deeply to be a Companion export.") from None
    except ValueError as e:
        if isinstance(e, ImportRefused):
            raise
        if "integer string conversion" in str(e):  # Python's limit on a number's digits
            raise ImportRefused("The file holds a number too large for a game.") from None
        raise ImportRefused("The file is not JSON: choose a game exported by Companion (.json).") from None
    _checked(document)
    if not isinstance(document, dict) or not _is_int(document.get("companion")):
        raise ImportRefused("This is not a game exported by Companion.")
    if document["companion"] != FORMAT:
        raise ImportRefused("This export was written by another version of Companion; "
                            "this one reads format 1.")
    pages = PAGES.get(document.get("ruleset")) if isinstance(document.get("ruleset"), str) else None
    rules = pages.rules if pages else None
    if pages is None:
        raise ImportRefused("The file’s game is not one this server keeps score for.")
    names, settings, dealer = document.get("players"), document.get("settings") or {}, document.get("first_dealer")
    if not isinstance(names, list) or not 1 <= len(names) <= SEATS \
            or not all(isinstance(n, str) and n.strip() for n in names):
        raise ImportRefused(f"The file’s players are not a list of 2 to {SEATS} names.")
    if not isinstance(settings, dict) or any(isinstance(v, (dict, list)) for v in settings.values()):
        raise ImportRefused("The file’s settings are not the game’s settings.")
    if not _is_int(dealer) or not 0 <= dealer < len(names):
        raise ImportRefused("The file does not say which player deals first.")
    # The new-game form's checks, on the file's game as that form would send it.
    form = {"ruleset": rules.key, "dealer": str(dealer),
            **{f"name-{i}": n for i, n in enumerate(names)},
            **{f"setting-{k}": str(v) for k, v in settings.items()
               if isinstance(k, str) and v is not None}}
    values, errors = read_new_game(form)
    if errors:
        raise ImportRefused("The file’s game cannot be started here: "
                            + " ".join(dict.fromkeys(errors.values())))
    if len(values["names"]) != len(names):
        raise ImportRefused("The file’s players are not a list of names.")
    plays = _read_plays(document.get("plays"), rules, len(names))
    room(len(plays))  # a server with no room says so before the replay's work
    try:  # every play as its form would read it, where it stands in the log
        check_log(pages, values["settings"], values["names"], values["dealer"],
                  [LogPlay(play_id, kind, data) for play_id, kind, data, _ in plays],
                  pause=_let_others_run)
    except Refused as e:
        raise ImportRefused(f"{e} Nothing was imported.") from None
    except TooLong:
        raise ImportRefused(
            "The file’s game is too long to import: each of its entries is checked as its form "
            + (f"would check it, and a {rules.name} game is checked up to {REPLAY_PLAYS:,} entries "
               "(house rules aside)." if not rules.replays_in_steps else
               "would check it, and each undo or delete against the whole game again: this one "
               "has more undos and deletes than one import may check.")
            + " Nothing was imported.") from None
    _check_sizes(plays)  # (after the replay, whose reasons say more of what is wrong)
    source = document.get("game")
    source = source if isinstance(source, str) and 0 < len(source) <= 16 and source.isascii() \
        and source.isalnum() else None
    return Export(rules, values["names"], values["dealer"], values["settings"],
                  _when(document.get("created_at"), "the game"), plays, source)


def _read_plays(plays: Any, rules: Ruleset, players: int) -> list[tuple[int, str, dict, datetime | None]]:
    if plays is None:
        plays = []
    if not isinstance(plays, list):
        raise ImportRefused("The file’s plays are not a list.")
    if len(plays) > MAX_PLAYS:
        raise ImportRefused(f"The file holds {len(plays):,} plays: a game may have at most {MAX_PLAYS:,}.")
    references = rules.play_references()
    read: list[tuple[int, str, dict, datetime | None]] = []
    seen: set[int] = set()
    for n, play in enumerate(plays, start=1):
        if not isinstance(play, dict) or not _is_int(play.get("id")) or not isinstance(
                play.get("kind"), str) or not isinstance(play.get("data"), dict):
            raise ImportRefused(f"Play {n} of the file is not a play (an id, a kind and its data).")
        play_id, kind, data = play["id"], play["kind"], play["data"]
        if not 0 < play_id <= MAX_ID or (read and play_id <= read[-1][0]):
            raise ImportRefused(f"Play {n} of the file has an id out of order ({play_id}).")
        if not understood([LogPlay(play_id, kind, data)], rules.kinds, players)[0]:
            raise ImportRefused(f"Play {n} of the file ({kind[:20]}) is not a {rules.name} play "
                                "Companion can read.")
        for key in references.get(kind, ()):
            if key in data and (not _is_int(data[key]) or data[key] not in seen):
                raise ImportRefused(f"Play {n} of the file ({kind}) refers to play {str(data[key])[:20]}, "
                                    "which is not an earlier play of the file.")
        if kind == REMATCH:  # the original's rematch: the imported copy has none of its own
            continue
        seen.add(play_id)
        read.append((play_id, kind, data, _when(play.get("created_at"), f"play {n}")))
    return read


def _house_list(data: dict) -> dict:
    """A house-list play's list is another server's: this server's list of the same name for
    every game, if it has one; else the built-in list."""
    found = db.session.scalar(select(WordList).where(
        WordList.game_id.is_(None), WordList.complete, WordList.name == data.get("name"))) \
        if isinstance(data.get("name"), str) and data.get("list") is not None else None
    return {**data, "list": found and found.id, "name": found and found.name}


def restore(export: Export) -> tuple[Game, str]:
    """A new game from a checked export: the same players, settings, first dealer and plays
    in order, each reference to an earlier play renumbered to that play's new id. Added to
    the session and flushed, not committed."""
    game, token = Game.start(export.rules.key, export.names, export.first_dealer,
                             {**export.settings, IMPORTED: {"from": export.source,
                                                            "at": _stamp(datetime.now(timezone.utc).replace(tzinfo=None))}})
    if export.created_at:
        game.created_at = export.created_at
    db.session.add(game)
    db.session.flush()
    rows = []
    for _, kind, data, when in export.plays:
        row = Play(game_id=game.id, kind=kind, data=_house_list(data) if kind == HOUSE_LIST else data)
        if when:
            row.created_at = when
        rows.append(row)
    db.session.add_all(rows)
    db.session.flush()  # the new ids, in the file's order
    new_ids = {old: row.id for (old, *_), row in zip(export.plays, rows)}
    references = export.rules.play_references()
    for (_, kind, data, _), row in zip(export.plays, rows):
        if references.get(kind):
            row.data = renumber(kind, row.data, references, new_ids)
    db.session.flush()
    return game, token


def _check_sizes(plays: list[tuple[int, str, dict, datetime | None]]) -> None:
    """Each play no larger than a form's may be (rooms.PLAY_MAX_BYTES)."""
    for n, (_, kind, data, _) in enumerate(plays, start=1):
        if rooms.play_size(data) > rooms.max_play_bytes():
            raise ImportRefused(f"Play {n} of the file ({kind[:20]}) is too large to keep: "
                                f"an entry may take {rooms.max_play_bytes():,} bytes.")


@bp.route("/games/import", methods=["GET", "POST"])
@upload_limit(BODY_LIMIT)
def import_game():
    """Read a game exported by Companion (here or on another server) as a new game, which
    this phone keeps score for."""
    if request.method != "POST":
        return render_template("import.html", error=None)
    try:
        rooms.check_new_game()  # a full server refuses before reading 2 MB
    except rooms.NoRoom as e:
        return render_template("import.html", error=e.description), e.code
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return render_template("import.html", error="Choose the file to import: a game "
                               "exported by Companion (.json)."), 422
    if not _importing.acquire(timeout=IMPORT_WAIT_SECONDS):
        return render_template("import.html", error="Companion is importing other games right "
                               "now: nothing was imported. Try again in a moment."), 503
    try:
        export = read_export(upload.stream.read(IMPORT_LIMIT + 1), rooms.check_new_game)
    except ImportRefused as e:
        return render_template("import.html", error=str(e)), 422
    except rooms.NoRoom as e:
        return render_template("import.html", error=e.description), e.code
    finally:
        _importing.release()
    game, token = restore(export)
    db.session.commit()  # a database that stays locked: the app's "try again" page, nothing saved
    remember(game)
    flash(f"Imported: {export.rules.name} with {', '.join(export.names)}, "
          f"{len(export.plays)} entr{'y' if len(export.plays) == 1 else 'ies'}. This phone keeps score.")
    return keep_token(redirect(url_for("games.show", game_id=game.public_id), 303), game, token)
