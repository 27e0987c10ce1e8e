"""Every phone live: a game's phones hear of each new play within a second.

A game's version is the id of its last play (the log is append-only, so every change raises
it). The database is the one source of truth: each server process keeps one poller that asks,
a few times a second, for the versions of every game its phones are following (one indexed
query for all of them) and wakes the streams of the games that changed. So phones stay live
across gunicorn workers and across app servers that share one database, with no broker.

A phone follows a game through `GET /games/<id>/events`, a stream of server-sent events:
`change` with the new version when the game changes, `watching` when the page shows the
scorekeeper's forms (`keeper=1`) and the phone no longer keeps score (it handed over), a
comment now and then to keep the connection open, and an end after a minute (the browser
reconnects by itself, and a proxy never holds a stream forever). Under gunicorn's gevent worker (make run) a stream costs a
greenlet, not a thread.

One address holds at most STREAMS_PER_ADDRESS streams in each server process (more are
answered 429: the page then asks every few seconds instead), and a stream whose phone hung
up ends within GONE_CHECK_SECONDS, not at its next write: so streams opened and dropped
do not pile up and take the connections other phones need.
"""

from __future__ import annotations

import os
import select as readiness  # the module; sqlalchemy's select() is the query
import threading
import time
from collections import Counter

from flask import Blueprint, Response, current_app, request, stream_with_context
from sqlalchemy import func, select

from .extensions import db
from .models import Game, Play
from .rules.base import whole_number

bp = Blueprint("live", __name__)

POLL_SECONDS = 0.25  # how often a process asks the database what changed
STREAM_SECONDS = 60  # a stream ends after this; the browser reconnects at once
KEEP_ALIVE_SECONDS = 15  # a comment line, so proxies and phones keep the connection
RETRY_MS = 1000  # how soon the browser reconnects after a stream ends or drops
#: Streams one address may hold in each server process (gunicorn.conf.py: 2 workers). A phone
#: needs one a game page open. Behind a proxy (BEHIND_TLS_PROXY) the address is the phone's.
STREAMS_PER_ADDRESS = int(os.environ.get("COMPANION_STREAMS_PER_ADDRESS", 8))
GONE_CHECK_SECONDS = 1.0  # how often a waiting stream checks that its phone is still there
KEEPER_CHECK_SECONDS = 1  # how soon a scorekeeper's phone hears that it handed over


def version_of(public_id: str) -> tuple[int, int] | None:
    """The game's id and version: the id of its last play (0 before the first); None when
    there is no such game."""
    row = db.session.execute(
        select(Game.id, func.max(Play.id)).outerjoin(Play, Play.game_id == Game.id)
        .where(Game.public_id == public_id).group_by(Game.id)).first()
    return None if row is None else (row[0], row[1] or 0)


def keeps_score(game_id: int, token: str | None) -> bool:
    """Whether the phone holding `token` keeps this game's score (a hand-over ends it); the
    session is let go at once, so a stream holds no connection while it waits."""
    try:
        game = db.session.get(Game, game_id)
        return game is not None and game.token_matches(token)
    finally:
        db.session.remove()


def versions(game_ids: list[int]) -> dict[int, int]:
    """The versions of these games, in one indexed query; a game with no play yet is left
    out (its version is 0)."""
    return dict(db.session.execute(
        select(Play.game_id, func.max(Play.id)).where(Play.game_id.in_(game_ids))
        .group_by(Play.game_id)).all()) if game_ids else {}


class Hub:
    """One per process: the versions of the games its streams follow, kept fresh by a poller
    thread that runs while anyone is following."""

    def __init__(self, app):
        self.app = app
        self.changed = threading.Condition()
        self.versions: dict[int, int] = {}
        self.followers: dict[int, int] = {}
        self.poller: threading.Thread | None = None
        self.streams: Counter[str] = Counter()  # open streams, by address

    def admit(self, address: str) -> bool:
        """Count one more stream from the address, unless it holds its share already."""
        with self.changed:
            if self.streams[address] >= STREAMS_PER_ADDRESS:
                return False
            self.streams[address] += 1
            return True

    def release(self, address: str) -> None:
        with self.changed:
            self.streams[address] -= 1
            if self.streams[address] <= 0:
                del self.streams[address]

    def wait(self, game_id: int, known: int, timeout: float, gone=lambda: False) -> int:
        """The game's version once it is newer than `known`, or `known` after `timeout` or
        as soon as `gone()` says nobody is listening any more."""
        deadline = time.monotonic() + timeout
        with self.changed:
            self.followers[game_id] = self.followers.get(game_id, 0) + 1
            # Versions only grow: a follower that knows a newer one than this process has
            # seen (the poller has not asked yet) brings the news to the others waiting.
            if known > self.versions.get(game_id, known - 1):
                moved = game_id in self.versions
                self.versions[game_id] = known
                if moved:
                    self.changed.notify_all()
            self._start()
            try:
                while self.versions[game_id] <= known and not gone():
                    left = deadline - time.monotonic()
                    if left <= 0:
                        break
                    self.changed.wait(min(left, GONE_CHECK_SECONDS))
                return self.versions[game_id]
            finally:
                self.followers[game_id] -= 1
                if not self.followers[game_id]:
                    del self.followers[game_id]
                    self.versions.pop(game_id, None)

    def _start(self) -> None:
        if self.poller is None or not self.poller.is_alive():
            self.poller = threading.Thread(target=self._poll, name="live-poller", daemon=True)
            self.poller.start()

    def _poll(self) -> None:
        with self.app.app_context():
            while True:
                with self.changed:
                    games = list(self.followers)
                    if not games:
                        self.poller = None
                        return
                latest = self._ask(versions, games)
                # the connection goes back to the pool between polls (one the database dropped
                # fails its rollback here: the pool replaces it, the poller goes on)
                self._ask(db.session.remove)
                if latest:
                    with self.changed:
                        moved = False
                        for game_id, version in latest.items():
                            if game_id in self.versions and version > self.versions[game_id]:
                                self.versions[game_id] = version
                                moved = True
                        if moved:
                            self.changed.notify_all()
                time.sleep(POLL_SECONDS)

    def _ask(self, step, *args):
        """A step of a poll against the database, or None when it failed (a busy database, a
        connection it dropped): logged, never the end of the poller, which asks again."""
        try:
            return step(*args)
        except Exception:  # noqa: BLE001 - whatever the database says, the poller goes on
            self.app.logger.warning("live: the database did not answer a poll", exc_info=True)
            return None


# The real poll, even where gevent has patched `select`: it answers at once (a timeout of 0)
# for any descriptor, where select() fails past 1024 open ones.
try:
    from gevent.monkey import get_original

    _poll = get_original("select", "poll")
except ImportError:  # pragma: no cover - gevent is a dependency
    _poll = readiness.poll
_HUNG_UP = readiness.POLLHUP | readiness.POLLERR | getattr(readiness, "POLLRDHUP", 0)


def hung_up(sock) -> bool:
    """Whether the phone at the other end of the stream's socket has closed it (or the
    connection broke): a phone never sends anything on a stream, so its end is the news."""
    if sock is None:
        return False
    try:
        poller = _poll()
        poller.register(sock.fileno(), readiness.POLLIN | _HUNG_UP)
        events = poller.poll(0)
    except (OSError, ValueError):  # closed already
        return True
    return any(flags & _HUNG_UP for _, flags in events)


def hub() -> Hub:
    app = current_app._get_current_object()
    found = app.extensions.get("live")
    if found is None:  # setdefault: two first streams at once still share one hub
        found = app.extensions.setdefault("live", Hub(app))
    return found


def too_many_streams() -> Response:
    """The answer to a stream over the address's share: the page then asks every few seconds."""
    refused = Response("Too many live pages are open from this address: this page will ask "
                       "for changes every few seconds instead.", 429, mimetype="text/plain")
    refused.headers["Retry-After"] = "30"
    return refused


@bp.get("/games/<game:game_id>/events")
def events(game_id: str):
    """The game's changes as server-sent events. `since` is the version the page shows: a
    change made between showing it and opening this stream is sent at once."""
    public_id = game_id
    following = hub()
    address = request.remote_addr or ""
    if following.streams[address] >= STREAMS_PER_ADDRESS:
        return too_many_streams()  # before the database is asked: a refusal costs little
    found = version_of(game_id)
    if found is None:
        return Response("There is no such game.", 404, mimetype="text/plain")
    game_id, version = found
    since = whole_number(request.args.get("since"))
    db.session.remove()  # no connection held while the stream waits
    if not following.admit(address):
        return too_many_streams()
    # The server's socket to the phone (gunicorn's, or werkzeug's under `make dev`).
    sock = request.environ.get("gunicorn.socket") or request.environ.get("werkzeug.socket")

    def gone() -> bool:
        return hung_up(sock)

    # A page that shows the scorekeeper's forms is told when this phone stops keeping score.
    keeper = bool(request.args.get("keeper"))
    token = request.cookies.get(f"game_{public_id}")

    def stream():
        nonlocal keeper
        known = version
        yield f"retry: {RETRY_MS}\n\n"
        if since is not None and since != known:
            yield f"event: change\ndata: {known}\n\n"
        end = time.monotonic() + STREAM_SECONDS
        quiet = time.monotonic()  # when something was last sent
        while (left := end - time.monotonic()) > 0:
            if keeper and not keeps_score(game_id, token):
                keeper = False
                yield "event: watching\ndata: \n\n"
            wait = KEEPER_CHECK_SECONDS if keeper else KEEP_ALIVE_SECONDS
            now = following.wait(game_id, known, min(wait, left), gone)
            if gone():
                return  # the phone hung up: its connection is free at once
            if now != known:
                known, quiet = now, time.monotonic()
                yield f"event: change\ndata: {known}\n\n"
            elif not keeper or time.monotonic() - quiet >= KEEP_ALIVE_SECONDS:
                quiet = time.monotonic()
                yield ": still here\n\n"

    response = Response(stream_with_context(stream()), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # a proxy passes each event on at once
    response.call_on_close(lambda: following.release(address))
    return response
