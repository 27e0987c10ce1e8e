"""The room games take on a server, like word lists' (word_lists.max_words): how many games,
how many plays in all, how many a game, and how large one play may be. Every way a play comes
in (a form, a form sent again from a phone's outbox or a stale page, an import) is checked
here before anything is written, and a refusal says why in the player's words."""

from __future__ import annotations

import json
import time

from flask import current_app
from sqlalchemy import func, select
from werkzeug.exceptions import HTTPException, UnprocessableEntity

from .extensions import db
from .models import MAX_PLAYS, Game, Play

#: A process counts the plays stored again at least this often (seconds), and at every save
#: once the room is 90% full; in between it adds its own saves to the last count, so a busy
#: server does not count a million rows for each round.
RECOUNT_SECONDS = 10


class PlayRefused(UnprocessableEntity):
    """This play (or this game) cannot be kept: nothing was saved."""


class NoRoom(HTTPException):
    """The server holds all the games it may: nothing was saved."""

    code = 507


def max_games() -> int:
    return current_app.config["GAMES_MAX"]


def max_plays() -> int:
    return current_app.config["GAMES_MAX_PLAYS"]


def max_play_bytes() -> int:
    return current_app.config["PLAY_MAX_BYTES"]


def play_size(data) -> int:
    """A play's data as the database keeps it (JSON), in bytes.

    >>> play_size({"words": ["JAZZY", "ÉCU"]})  # É takes two bytes
    26
    """
    return len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())


def plays_stored() -> int:
    return db.session.scalar(select(func.count()).select_from(Play))


def games_stored() -> int:
    return db.session.scalar(select(func.count()).select_from(Game))


def _full(message: str) -> NoRoom:
    return NoRoom(f"{message} Whoever runs this server can make room (the admin view deletes "
                  "games) or raise the limit.")


def check_new_game(plays: int = 0) -> None:
    """Room for one more game holding `plays` plays; NoRoom otherwise."""
    if games_stored() >= max_games():
        raise _full(f"This server keeps at most {max_games():,} games and holds that many.")
    stored = plays_stored()
    if stored + plays > max_plays():
        raise _full(f"This server keeps at most {max_plays():,} entries in all games together "
                    f"and holds {stored:,}: there is no room for {plays:,} more.")
    _counted(stored + plays)


def check_play(game: Game, data) -> None:
    """Room for one more play of `game` with this data: PlayRefused or NoRoom otherwise."""
    size = play_size(data)
    if size > max_play_bytes():
        raise PlayRefused(f"This entry is too large to keep ({size:,} bytes; an entry may take "
                          f"{max_play_bytes():,}).")
    if len(game.plays) >= MAX_PLAYS:
        raise PlayRefused(f"This game holds {len(game.plays):,} entries, the most one game keeps: "
                          "start a new game to go on.")
    stored = _plays_counted()
    if stored >= max_plays():
        raise _full(f"This server keeps at most {max_plays():,} entries in all games together "
                    "and holds that many.")
    _counted(stored + 1)


def _plays_counted() -> int:
    """The plays stored, as this process last counted them and added to them since; counted
    again when that is old or the room nearly full."""
    kept = current_app.extensions.get("plays_counted")
    if kept is None or time.monotonic() - kept[1] > RECOUNT_SECONDS or kept[0] >= 0.9 * max_plays():
        kept = (plays_stored(), time.monotonic())
        current_app.extensions["plays_counted"] = kept
    return kept[0]


def _counted(stored: int) -> None:
    when = current_app.extensions.get("plays_counted", (0, time.monotonic()))[1]
    current_app.extensions["plays_counted"] = (stored, when)
