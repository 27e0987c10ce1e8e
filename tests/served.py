"""A real Companion server for `make bench`, and a phone that talks to it over HTTP.

`served()` starts gunicorn the way `make run` does (with its gunicorn.conf.py: the workers, the
worker class and its limits on each address), on a fresh SQLite file or on the database it is
given (a PostgreSQL URL, say), on 127.0.0.1 at a free port, and stops it afterwards. Several
servers on one database stand for several app servers behind one address: the database is
migrated once (`upgrade`, or the first server's `migrate=True`), and they share one SECRET_KEY
(pass `env={"SECRET_KEY": ...}`) so that a session or a form made by one is good on the
others. `Phone` keeps its cookies (the session, a game's edit token), sends the CSRF token the
pages carry, and uploads files as a browser does.
Only loopback is ever contacted.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


@dataclass
class Server:
    url: str
    process: subprocess.Popen

    def workers(self) -> list[int]:
        """The pids of gunicorn's worker processes."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(p) for p in children.read_text().split()]

    @staticmethod
    def peak_rss(pid: int) -> int:
        """The most memory (resident, bytes) the process has held since it started."""
        status = Path(f"/proc/{pid}/status").read_text()
        return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) * 1024


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: One migration at a time from this process: two servers started at once on one database
#: must not both run Alembic on it.
_MIGRATING = threading.Lock()


def upgrade(database_url: str, env: dict | None = None) -> None:
    """`flask db upgrade` on the database, as `make run` does before it serves."""
    environment = {**os.environ, "FLASK_APP": "companion", "SECRET_KEY": "migrate",
                   **(env or {}), "DATABASE_URL": database_url}
    with _MIGRATING:
        result = subprocess.run([BIN / "flask", "db", "upgrade"], env=environment, cwd=ROOT,
                                capture_output=True, text=True)
    if result.returncode:
        raise RuntimeError(f"flask db upgrade failed:\n{result.stdout}{result.stderr}")


@contextmanager
def served(workers: int = 2, env: dict | None = None, database_url: str | None = None,
           migrate: bool = True) -> Iterator[Server]:
    """gunicorn as `make run` serves the app. Without `database_url`, on a fresh SQLite file
    (migrated, and removed afterwards); with one, on that database, migrated first only when
    `migrate` (a second server on an already migrated database passes migrate=False)."""
    with tempfile.TemporaryDirectory() as tmp:
        url = database_url or f"sqlite:///{tmp}/bench.db"
        environment = {**os.environ, "SECRET_KEY": secrets.token_hex(16), "FLASK_APP": "companion",
                       **(env or {}), "DATABASE_URL": url}
        if migrate or database_url is None:
            upgrade(url, environment)
        port = _free_port()
        log = Path(tmp) / "gunicorn.log"
        with log.open("wb") as errors:
            process = subprocess.Popen(
                [BIN / "gunicorn", "--config", ROOT / "gunicorn.conf.py", "--workers", str(workers),
                 "--graceful-timeout", "3",  # open streams end
                 "--bind", f"127.0.0.1:{port}", "companion:create_app()"],
                env=environment, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=errors)
        server = Server(f"http://127.0.0.1:{port}", process)
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(server.url + "/", timeout=1).read()
                    if len(server.workers()) == workers:
                        break
                except (urllib.error.URLError, ConnectionError, OSError):
                    pass
                if process.poll() is not None:
                    break
                time.sleep(0.1)
            if process.returncode is not None or len(server.workers()) != workers:
                said = log.read_text(errors="replace")[-3000:]
                raise RuntimeError(f"gunicorn did not start:\n{said}")
            yield server
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@dataclass
class Answer:
    status: int
    text: str
    seconds: float
    location: str = ""


class Phone:
    """One phone's browser: cookies, the CSRF token, forms and uploads; redirects not followed
    (so a POST is timed alone)."""

    def __init__(self, server: Server, timeout: float = 600):
        self.base = server.url
        self.timeout = timeout
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect())
        self.csrf = ""

    def _send(self, request: urllib.request.Request) -> Answer:
        start = time.perf_counter()
        try:
            with self.opener.open(request, timeout=self.timeout) as response:
                status, body, location = response.status, response.read(), ""
        except urllib.error.HTTPError as e:
            status, body, location = e.code, e.read(), e.headers.get("Location", "")
        except urllib.error.URLError as e:  # the server closed before taking the whole body
            status, body, location = 0, f"connection closed: {e.reason}".encode(), ""
        text = body.decode("utf-8", "replace")
        found = re.search(r'name="csrf_token" value="([^"]+)"', text)
        if found:
            self.csrf = found.group(1)
        return Answer(status, text, time.perf_counter() - start, location)

    def get(self, path: str) -> Answer:
        return self._send(urllib.request.Request(self.base + path))

    def post(self, path: str, fields: dict[str, str], files: dict[str, tuple[str, bytes]] | None = None) -> Answer:
        fields = {"csrf_token": self.csrf, **fields}
        if files:
            boundary = secrets.token_hex(16)
            parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
                     for k, v in fields.items()]
            for name, (filename, data) in files.items():
                parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                             f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'
                             .encode() + data + b"\r\n")
            body = b"".join(parts) + f"--{boundary}--\r\n".encode()
            kind = f"multipart/form-data; boundary={boundary}"
        else:
            body = urllib.parse.urlencode(fields).encode()
            kind = "application/x-www-form-urlencoded"
        return self._send(urllib.request.Request(self.base + path, data=body, method="POST",
                                                 headers={"Content-Type": kind}))

    def new_game(self, names=("Ann", "Bo", "Cy"), ruleset: str = "foot") -> str:
        """Start a game as its scorekeeper; the game's path."""
        self.get(f"/games/new?game={ruleset}")
        form = {"ruleset": ruleset, "dealer": "0", **{f"name-{i}": n for i, n in enumerate(names)}}
        answer = self.post("/games/new", form)
        assert answer.status == 303, answer.text[:300]
        return urllib.parse.urlsplit(answer.location).path


def write_log(public_id: str, plays: list[dict]) -> None:
    """Write `plays` (export-file shape: id, kind, data; an edit's round names an earlier id)
    to the game's log, in an app context: what a scorekeeper's forms make one save at a time,
    for games too long to type (a test or the bench of the longest games)."""
    from sqlalchemy import select

    from companion.extensions import db
    from companion.models import Game, Play

    game = db.session.scalar(select(Game).where(Game.public_id == public_id))
    ids: dict[int, int] = {}
    for play in plays:
        data = dict(play["data"])
        if play["kind"] == "edit":
            data["round"] = ids[data["round"]]
        saved = Play(game_id=game.id, kind=play["kind"], data=data)
        db.session.add(saved)
        db.session.flush()
        ids[play["id"]] = saved.id
    db.session.commit()
