"""Companion: the scorekeeper beside a real deck of cards."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path

from flask import Flask, render_template, request
from flask_wtf.csrf import CSRFError
from sqlalchemy import event
from werkzeug.middleware.proxy_fix import ProxyFix
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError

from .extensions import csrf, db, migrate

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict | None = None) -> Flask:
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
    return app


def configure(app: Flask, test_config: dict | None) -> None:
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=os.environ.get(
            "DATABASE_URL", f"sqlite:///{Path(app.instance_path) / 'companion.db'}"),
        MAX_CONTENT_LENGTH=64 * 1024,  # views that take files raise it: web.upload_limit
        WORD_STORE=str(Path(app.instance_path) / "words.sqlite"),
        # All imported word lists together, in words (about 100 bytes each with a meaning).
        WORD_LISTS_MAX_WORDS=int(os.environ.get("WORD_LISTS_MAX_WORDS", 2_000_000)),
        # A form stays valid for an evening and a margin: 12 hours from when it was shown.
        WTF_CSRF_TIME_LIMIT=12 * 60 * 60,
        # The session cookie remembers this phone's games (and holds the CSRF secret).
        PERMANENT_SESSION_LIFETIME=timedelta(days=180),
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
    )
    if os.environ.get("BEHIND_TLS_PROXY") == "1":
        # Served behind a proxy that speaks HTTPS to the phones (README, "Safety"): trust its
        # forwarded host and scheme (one hop), and send cookies over HTTPS only.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)
        app.config.update(SESSION_COOKIE_SECURE=True, PREFERRED_URL_SCHEME="https")
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ.get("SECRET_KEY") or _instance_secret(app)


def _instance_secret(app: Flask) -> str:
    """A key made once per install, so cookies outlive a restart."""
    path = Path(app.instance_path) / "secret_key"
    if not path.exists():
        tmp = path.with_suffix(f".{os.getpid()}")
        tmp.write_text(secrets.token_hex(32))
        try:
            os.link(tmp, path)  # atomic: two workers starting at once agree on one key
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    return path.read_text().strip()


#: How long a write waits for SQLite's lock before it is retried once (web.commit), then
#: answered "try again" with the form kept.
SQLITE_BUSY_MS = 5000


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, _record) -> None:
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(SQLITE_BUSY_MS)}")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.close()


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
    from . import challenges, games, house, lookup, rounds, scans
    from .web import IdConverter

    app.url_map.converters["id"] = IdConverter  # before any route names it
    for module in (games, rounds, challenges, lookup, house, scans):
        app.register_blueprint(module.bp)


def register_errorhandlers(app: Flask) -> None:
    from .web import DatabaseBusy

    messages = {
        400: "That request did not make sense. Go back and try again.",
        403: "Only the phone that started this game can change it.",
        404: "There is nothing here. The game may not exist.",
        405: "That page cannot be used that way.",
        413: "That upload is too large.",
        503: "This part of Companion is not ready.",
    }

    def page(error):
        code = getattr(error, "code", 500)
        # a 503 says what to do about it; other descriptions are werkzeug's, not ours
        detail = error.description if code == 503 else None
        return render_template("error.html", code=code, detail=detail,
                               message=messages.get(code, "Something went wrong.")), code

    for code in messages:
        app.register_error_handler(code, page)
    # A database that stays locked (or fails) answers "try again", never a 500.
    def busy(error):
        db.session.rollback()
        app.logger.warning("database busy or failing: %s", error)
        return page(DatabaseBusy())

    app.register_error_handler(OperationalError, busy)
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
    def security_headers(response):
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        return response


def register_commands(app: Flask) -> None:
    from .cli import address, games, lists, words

    for command in (address, words, lists, games):
        app.cli.add_command(command)
