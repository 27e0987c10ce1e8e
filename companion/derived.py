"""What a game's page shows, derived once per version of the game and kept by each process.

A game's log only grows (rules/log.py: an edit or an undo is a new play), and its version is
the id of its last play (live.py), so a game and a version name one log. What was derived from
that log (standings, chart, the entry Undo takes back) and the live region rendered from it stay
right until the next play: a page or a refresh of a game that did not change costs a lookup,
however long the game, instead of a pass over the whole log. Entries are keyed by the game's
public id (never reused, unlike a row id after a delete) and the oldest go first.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import dataclass, field

from flask import render_template
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from .chart import Chart, game_chart
from .history import describe_log
from .live import versions
from .models import Game
from .rules.base import Standings
from .rules.log import rematch
from .web import Recent

#: Games kept per process: the tables playing now, and some.
KEPT_GAMES = 256
#: Where the live region's forms carry the phone's own CSRF token (the region is kept for
#: every phone: the token is put in as it is sent).
_CSRF_HOLE = "\x00csrf-token\x00"


@dataclass
class Derived:
    version: int
    standings: Standings
    undo: object  # the entry Undo takes back (history.Entry), or None
    chart: Chart | None
    saved: str  # the one-time ids of the last 20 forms saved (companion.js drops their drafts)
    rematch: str | None = None  # the public id of the game the table went on to play
    regions: dict[bool, str] = field(default_factory=dict)  # scorekeeper or not: live region


class _Kept(Recent):
    """The derived pages a process keeps, with a lock per key being derived: phones asking
    at once for a version not kept yet (every watcher, right after a save) wait for the
    first one's work instead of each doing it."""

    def __init__(self, size: int):
        super().__init__(size)
        self.deriving: dict = {}  # key: [its lock, how many wait on it]

    @contextmanager
    def deriving_once(self, key):
        with self.lock:
            waiting = self.deriving.setdefault(key, [threading.Lock(), 0])
            waiting[1] += 1
        try:
            with waiting[0]:
                yield
        finally:
            with self.lock:
                waiting[1] -= 1
                if not waiting[1]:
                    del self.deriving[key]


_kept = _Kept(KEPT_GAMES)


def derived(game: Game, version: int | None = None) -> Derived:
    """What the game's page shows at `version` (the version its plays hold when None). A game
    loaded without its plays (web.load_game) has them read only when this version is not kept."""
    if version is None:
        version = max((p.id for p in game.plays), default=0)
    key = (game.public_id, version)
    if found := _kept.get(key):
        return found
    with _kept.deriving_once(key):
        return _kept.get(key) or _derive(game)


def _derive(game: Game) -> Derived:
    plays = game.plays
    standings = game.standings()
    found = Derived(version=max((p.id for p in plays), default=0), standings=standings,
                    undo=undo_target(game, standings), chart=game_chart(game),
                    saved=" ".join(p.nonce for p in plays[-20:] if p.nonce),
                    rematch=rematch(game.log()))
    _kept.put((game.public_id, found.version), found)
    return found


def kept_standings(games: list[Game]) -> list[Standings]:
    """Each game's standings (games loaded without their plays): their versions in one query,
    and the plays of a game read only when its version is not kept."""
    latest = versions([g.id for g in games])
    return [derived(game, latest.get(game.id, 0)).standings for game in games]


def undo_target(game: Game, standings: Standings):
    """The last entry that Undo would take back, with its description."""
    return next(iter(reversed(describe_log(game, standings, undoable_only=True))), None)


def live_region(seen: Derived, context: dict) -> Markup:
    """The game page's live region (_live.html) for `context` (games.game_context), rendered
    once per version for the scorekeeper's phones and once for the watchers'."""
    scorekeeper = bool(context["scorekeeper"])
    html = seen.regions.get(scorekeeper)
    if html is None:
        html = seen.regions[scorekeeper] = render_template(
            "_live.html", **{**context, "csrf_token": lambda: _CSRF_HOLE})
    return Markup(html.replace(_CSRF_HOLE, generate_csrf()) if _CSRF_HOLE in html else html)
