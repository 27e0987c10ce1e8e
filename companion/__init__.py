"""Companion: the scorekeeper beside a real deck of cards."""

from __future__ import annotations

import ipaddress
import os
import secrets
from datetime import datetime, timedelta, timezone
from pathlib import Path

from flask import Flask, current_app, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError, ServiceUnavailable
from markupsafe import Markup
from sqlalchemy import event
from werkzeug.middleware.proxy_fix import ProxyFix
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, OperationalError, ProgrammingError

from ocr.memory import hold_freed_memory

from . import assets
from .extensions import csrf, db, migrate

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict | None = None) -> Flask:
    hold_freed_memory()  # the card reader's working images, reused from scan to scan
    app = Flask(__name__, instance_relative_config=True,
                static_folder=str(ROOT / "static"),
                template_folder=str(ROOT / "templates"))
    configure(app, test_config)
    register_upload_limits(app)  # before CSRF, which reads the form
    register_extensions(app)
    register_blueprints(app)
    register_errorhandlers(app)
    register_commands(app)
    register_headers(app)
    register_template_helpers(app)
    assets.register(app)  # the static files' hashed names, and compression
    app.add_template_filter(local_time)
    return app


def local_time(when: datetime | None) -> Markup:
    """A stored time (naive UTC, models._now) as every page shows one: a <time> that
    companion.js turns into the phone's own time ("20:15" today, "Sat 21 Nov 20:15" another
    day); without JavaScript it reads in UTC and says so.

    >>> local_time(datetime(2026, 11, 21, 20, 15, 3, 9))
    Markup('<time datetime="2026-11-21T20:15:03Z">21 Nov 2026 20:15 UTC</time>')
    """
    if when is None:
        return Markup("")
    if when.tzinfo is not None:
        when = when.astimezone(timezone.utc).replace(tzinfo=None)
    when = when.replace(microsecond=0)
    return Markup('<time datetime="{}Z">{} UTC</time>').format(
        when.isoformat(), when.strftime("%d %b %Y %H:%M"))


#: Rounds a game's page shows, the latest: a game of thousands (only an import makes one)
#: would take seconds to render; History shows them all.
SHOWN_ROWS = 200


def register_template_helpers(app: Flask) -> None:
    from .models import shown_code
    from .pages.base import score
    from .web import qr

    app.jinja_env.globals.update(qr=qr, shown_code=shown_code, shown_rows=SHOWN_ROWS)
    app.add_template_filter(score)  # {{ total|score }}: −8, the minus sign every page uses


def configure(app: Flask, test_config: dict | None) -> None:
    Path(app.instance_path).mkdir(mode=0o700, parents=True, exist_ok=True)
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=os.environ.get(
            "DATABASE_URL", f"sqlite:///{Path(app.instance_path) / 'companion.db'}"),
        MAX_CONTENT_LENGTH=64 * 1024,  # views that take files raise it: web.upload_limit
        WORD_STORE=str(Path(app.instance_path) / "words.sqlite"),
        # All imported word lists together, in words (about 100 bytes each with a meaning).
        WORD_LISTS_MAX_WORDS=int(os.environ.get("WORD_LISTS_MAX_WORDS", 2_000_000)),
        # All games together (companion/rooms.py): how many, how many plays in all, and the
        # size of one play's data in bytes (a round's is about 100).
        GAMES_MAX=int(os.environ.get("GAMES_MAX", 100_000)),
        GAMES_MAX_PLAYS=int(os.environ.get("GAMES_MAX_PLAYS", 500_000)),
        PLAY_MAX_BYTES=int(os.environ.get("PLAY_MAX_BYTES", 4096)),
        # The admin view (companion/admin.py) exists only with a secret of 16+ characters.
        ADMIN_SECRET=os.environ.get("COMPANION_ADMIN_SECRET", ""),
        # A form stays valid for an evening and a margin: 12 hours from when it was shown.
        WTF_CSRF_TIME_LIMIT=12 * 60 * 60,
        # The session cookie remembers this phone's games (and holds the CSRF secret).
        PERMANENT_SESSION_LIFETIME=timedelta(days=180),
        # The cookie is sent back only when the session changed. Sent with every answer, a
        # request still on its way (a live refresh, a points preview) would put back the
        # cookie it was asked with over one a save had just set, and the save's flashed
        # message ("Undone: ...") would be lost before the page after it could show it.
        SESSION_REFRESH_EACH_REQUEST=False,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
    )
    if os.environ.get("BEHIND_TLS_PROXY") == "1":
        # Served behind a proxy that speaks HTTPS to the phones (README, "Safety"): trust its
        # forwarded address, host and scheme (one hop) when the request comes from it, and
        # send cookies over HTTPS only.
        app.wsgi_app = TrustedProxy(app.wsgi_app, os.environ.get("TRUSTED_PROXY", ""))
        app.config.update(SESSION_COOKIE_SECURE=True, PREFERRED_URL_SCHEME="https")
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ.get("SECRET_KEY") or _instance_secret(app)
    app.config["SQLALCHEMY_DATABASE_URI"] = database_url(app.config["SQLALCHEMY_DATABASE_URI"])
    _private_sqlite(app.config["SQLALCHEMY_DATABASE_URI"])
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        # A connection the server dropped (a restart, an idle timeout) is replaced, not used.
        app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {"pool_pre_ping": True})


class TrustedProxy:
    """ProxyFix for the requests that come from the proxy: its X-Forwarded-For names the
    phone. A request from anywhere else (the app's port reached directly) is taken as it
    came, its forwarded headers ignored: otherwise anyone could name any address, and get a
    fresh count of tries with each (attempts.py).

    `trusted` lists the proxy's addresses or networks, separated by commas; none: this
    machine's own (127.0.0.1, ::1), where a proxy in front of `make run` usually is."""

    def __init__(self, app, trusted: str = ""):
        self.app, self.proxied = app, ProxyFix(app, x_for=1, x_proto=1, x_host=1)
        try:
            self.networks = [ipaddress.ip_network(n.strip(), strict=False)
                             for n in (trusted or "127.0.0.1,::1").split(",") if n.strip()]
        except ValueError as e:
            raise ValueError(f"TRUSTED_PROXY is not a list of addresses or networks: {e}") from None

    def from_proxy(self, address: str | None) -> bool:
        from .attempts import ip_of  # (the app's modules load after create_app's imports)

        peer = ip_of(address)
        return peer is not None and any(peer in network for network in self.networks)

    def __call__(self, environ, start_response):
        if self.from_proxy(environ.get("REMOTE_ADDR")):
            return self.proxied(environ, start_response)
        return self.app(environ, start_response)


def database_url(url: str) -> str:
    """DATABASE_URL as SQLAlchemy takes it: postgresql:// and postgres:// (as hosts write
    them) go through psycopg 3, which gevent's workers can wait on.

    >>> database_url("postgres://u:p@db/companion"), database_url("sqlite:///x.db")
    ('postgresql+psycopg://u:p@db/companion', 'sqlite:///x.db')
    """
    for scheme in ("postgresql://", "postgres://"):
        if url.startswith(scheme):
            return "postgresql+psycopg://" + url.removeprefix(scheme)
    return url


def _instance_secret(app: Flask) -> str:
    """A key made once per install, so cookies outlive a restart; only its owner may read it."""
    path = Path(app.instance_path) / "secret_key"
    if not path.exists():
        tmp = path.with_suffix(f".{os.getpid()}")
        with os.fdopen(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as out:
            out.write(secrets.token_hex(32))
        try:
            os.link(tmp, path)  # atomic: two workers starting at once agree on one key
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    _owner_only(path)
    return path.read_text().strip()


def _owner_only(path: Path) -> None:
    """Take away the other local users' access to a file of ours (one an older version
    made readable by all); a file of another user's is left as it is."""
    try:
        status = path.stat()
        if status.st_mode & 0o077 and status.st_uid == os.getuid():
            path.chmod(status.st_mode & 0o700)
    except OSError:
        pass


def _private_sqlite(url: str) -> None:
    """A SQLite database file made readable by its owner only (SQLite gives its -wal and
    -shm files the same access): other local users must not read the games' tokens'
    digests, codes and plays."""
    try:
        database = make_url(url).database if url.startswith("sqlite") else None
    except ArgumentError:
        return
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    path = Path(database)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        _owner_only(path)
    except OSError:
        pass  # a folder that is not there: SQLite says so when it opens it


#: How long a write waits for a lock (SQLite's database lock, a PostgreSQL row or table lock)
#: before it is retried once (web.commit), then answered "try again" with the form kept.
LOCK_WAIT_MS = 5000
#: The longest any one PostgreSQL statement may run: nothing a phone asks takes near this.
STATEMENT_MS = 60_000


@event.listens_for(Engine, "connect")
def _connection_settings(dbapi_connection, _record) -> None:
    module = type(dbapi_connection).__module__
    if module.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(LOCK_WAIT_MS)}")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.close()
    elif module.startswith("psycopg"):
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET lock_timeout = {int(LOCK_WAIT_MS)}")
            cursor.execute(f"SET statement_timeout = {int(STATEMENT_MS)}")
        dbapi_connection.commit()  # a SET in a transaction rolled back would be undone


def register_upload_limits(app: Flask) -> None:
    from .web import scorekeeper_game

    @app.before_request
    def upload_limit():
        """A view that takes files lets a larger body in, and only from the game's
        scorekeeper: anyone else's upload is refused before its body is read."""
        view = app.view_functions.get(request.endpoint)
        if getattr(view, "upload_limit", None):
            game_id = (request.view_args or {}).get("game_id")
            if game_id is not None:
                scorekeeper_game(game_id)  # 404 or 403, the body unread
            request.max_content_length = view.upload_limit


def register_extensions(app: Flask) -> None:
    db.init_app(app)
    migrate.init_app(app, db, directory=str(Path(__file__).parent / "migrations"))
    csrf.init_app(app)


def register_blueprints(app: Flask) -> None:
    from . import (admin, challenges, exports, games, house, live, lookup, rounds, scans, stats,
                   table_scans)
    from .web import GameIdConverter, IdConverter

    app.url_map.converters["id"] = IdConverter  # before any route names them
    app.url_map.converters["game"] = GameIdConverter
    for module in (games, rounds, challenges, lookup, house, scans, table_scans, live, stats,
                   exports):
        app.register_blueprint(module.bp)
    admin.register(app)  # only when ADMIN_SECRET is set


def _posted_game(request) -> str | None:
    """The game of an address that only takes a form (what a reload after sending it asks): its public id."""
    try:
        _, args = current_app.url_map.bind_to_environ(request.environ).match(method="POST")
    except HTTPException:
        return None
    return args.get("game_id")


class NotMigrated(ServiceUnavailable):
    """The database lacks the app's tables or columns: it was never migrated, or not since
    an update."""

    description = ("Its database is not set up for this version: whoever runs the server "
                   "runs `flask db upgrade` (`make run` does it before it starts).")


def _not_migrated(error) -> bool:
    """Whether a database error says a table or a column is missing (SQLite's words, or
    PostgreSQL's codes for an undefined table and column)."""
    said = str(getattr(error, "orig", error))
    return ("no such table" in said or "no such column" in said
            or getattr(getattr(error, "orig", None), "sqlstate", None) in ("42P01", "42703"))


def register_errorhandlers(app: Flask) -> None:
    from .rooms import NoRoom
    from .web import DatabaseBusy

    messages = {
        400: "That request did not make sense. Go back and try again.",
        403: "Only the phone keeping score can change this game.",
        404: "There is nothing here. The game may not exist.",
        405: "That page cannot be used that way.",
        413: "That upload is too large.",
        422: "That was not saved.",
        500: "Something went wrong on the server. Reload the game to see what was saved, "
             "and try again.",
        503: "This part of Companion is not ready.",
        507: "This server is full: nothing was saved.",
    }

    def page(error):
        code = getattr(error, "code", 500)
        if code == 405 and request.method == "GET" and (game_id := _posted_game(request)):
            # A reload of an address a form was sent to (/games/ID/rounds, a scan): the game.
            return redirect(url_for("games.show", game_id=game_id), 303)
        # these say what to do about it; other descriptions are werkzeug's, not ours
        detail = error.description if code in (422, 503, 507) else None
        return render_template("error.html", code=code, detail=detail,
                               message=messages.get(code, "Something went wrong.")), code

    for code in messages:  # 507 is no code werkzeug knows: its one exception
        app.register_error_handler(NoRoom if code == 507 else code, page)
    # A database that stays locked (or fails) answers "try again", never a 500; one never
    # migrated (or migrated to an older version) says what to run.
    def database_failed(error):
        db.session.rollback()
        if _not_migrated(error):
            app.logger.error("the database is not migrated: %s", error)
            return page(NotMigrated())
        if isinstance(error, OperationalError):  # locked, or the server went away
            app.logger.warning("database busy or failing: %s", error)
            return page(DatabaseBusy())
        app.logger.exception("database error: %s", error)
        return page(InternalServerError())

    def failed(error):
        """The app's own page for a failure, however it came (a 500 is logged by Flask);
        if even that page fails, a plain one."""
        try:
            return page(error)
        except Exception:  # noqa: BLE001 - a page must still be answered
            return (f"<!doctype html><title>Companion</title><p>{messages[500]}</p>", 500,
                    {"Content-Type": "text/html; charset=utf-8"})

    app.register_error_handler(OperationalError, database_failed)
    app.register_error_handler(ProgrammingError, database_failed)
    app.register_error_handler(500, failed)
    app.register_error_handler(
        CSRFError,
        lambda e: (render_template(
            "error.html", code=400,
            message="This form has expired or did not come from this app. "
                    "Reload the page and try again."), 400))


# Everything comes from this server: nothing at the table depends on another host.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
    "frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)


def register_headers(app: Flask) -> None:
    @app.after_request
    def htmx_answers(response):
        """A form sent by htmx keeps the page's address unless it redirects (a reload then
        shows the game, never a 405), and a refused form (any 4xx) answers 200 with its
        reasons and the real status in X-Status: an answer the page shows, not a failure for
        the browser's console."""
        if not request.headers.get("HX-Request"):
            return response
        if request.method == "POST" and not 300 <= response.status_code < 400:
            response.headers.setdefault("HX-Push-Url", "false")
        if response.status_code == 422:
            response.headers["X-Refused"] = "1"
        if 400 <= response.status_code < 500:
            # htmx shows every answer (base.html); the browser would log a 4xx as an error
            response.headers["X-Status"] = str(response.status_code)
            response.status_code = 200
        return response

    @app.after_request
    def scorekeeper_pages_not_kept(response):
        """A page with the scorekeeper's controls (their phone sends the game's token
        cookie) or a live handover code is kept by no cache, shared or the browser's own.
        A refresh of the live region keeps its ETag and no-cache: the 304 that saves it."""
        game_id = (request.view_args or {}).get("game_id")
        controls = game_id and request.cookies.get(f"game_{game_id}")
        if (request.endpoint == "games.handover"
                or (controls and response.mimetype == "text/html" and not response.get_etag()[0])):
            response.headers["Cache-Control"] = "no-store"
        return response

    @app.after_request
    def security_headers(response):
        if getattr(response, "static_file", False):
            return response  # a file, not a page: the policies are for pages
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        return response


def register_commands(app: Flask) -> None:
    from .cli import address, backup, games, lists, words

    for command in (address, words, lists, games, backup):
        app.cli.add_command(command)
