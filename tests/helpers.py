"""What many tests do the same way: start a game through its form, fill a round form, post a
form that must be saved, count what the database holds, and read a page as a player reads it.
Plain functions (no fixtures needed), imported by name: `from tests.helpers import new_game,
totals`. A fixture lives in a conftest.py instead; a test module never imports another."""

from __future__ import annotations

import hashlib
import io
import re
import time
from html import unescape


# --- Doing what a phone does ---------------------------------------------------

def new_game(client, names=("Ann", "Bo", "Cy"), ruleset="foot", dealer=0, **settings) -> str:
    """Start a game through the form, as the scorekeeper's phone; return its URL. `settings`
    are the game's own (FEZ's, Hand and Foot's, ...), as the form's setting-<name> fields."""
    form = {"ruleset": ruleset, "dealer": str(dealer),
            **{f"setting-{name}": str(value) for name, value in settings.items()},
            **{f"name-{i}": name for i, name in enumerate(names)}}
    response = client.post("/games/new", data=form)
    assert response.status_code == 303, errors(response.text) or response.text
    return response.location


def round_form(*words, out, final=False, nonce=None) -> dict:
    """A round form: "" for no word."""
    form = {"out": str(out)}
    for seat, word in enumerate(words):
        form[f"word-{seat}" if word else f"noword-{seat}"] = word or "on"
    if final:
        form["final"] = "on"
    if nonce:
        form["nonce"] = nonce
    return form


def post(client, path: str, **form):
    """Post a form that must be saved (a 303 to the game); the refusal's reasons otherwise."""
    response = client.post(path, data=form)
    assert response.status_code == 303, (path, form, errors(response.text))
    return response


def undo(client, url: str) -> None:
    """Tap Undo on the game's page: the last play is taken back."""
    play = re.search(r'name="play" value="(\d+)"', client.get(url).text).group(1)
    post(client, f"{url}/undo", play=play)


def challenge(client, url: str, query: str, challenger: int, verdict: str) -> None:
    """A challenge recorded (one of an earlier FOOT! round confirmed, as its page asks)."""
    post(client, f"{url}/challenge?{query}", challenger=str(challenger), verdict=verdict,
         confirm="yes")


def imported(client, export: bytes, name: str = "game.json"):
    """The answer to a file sent through the import form."""
    return client.post("/games/import", data={"file": (io.BytesIO(export), name)},
                       content_type="multipart/form-data")


def read_events(client, path: str, count: int, found: list, opened) -> None:
    """Read `count` events (name, data) from a game's event stream into `found`; `opened` (a
    threading.Event) is set once the stream answers."""
    response = client.get(path, buffered=False)
    opened.set()
    name = None
    for chunk in response.response:
        for line in chunk.decode().splitlines():
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: ") and name:
                found.append((name, line[6:]))
                name = None
        if len(found) >= count:
            break
    response.close()


def wait_for(done, what: str, timeout: float = 5) -> None:
    """Wait until `done()` is true (what another thread does), at most `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {what}")
        time.sleep(0.01)


# --- What the database holds ---------------------------------------------------

def public_id(url: str) -> str:
    """A game's public id, from its address (/games/<public id>).

    >>> public_id("http://localhost/games/abcdefghjkmn")
    'abcdefghjkmn'
    """
    return url.rstrip("/").rsplit("/", 1)[1]


def game_row(app, url: str) -> int:
    """The database's own id of the game at `url` (addresses never show it)."""
    from sqlalchemy import select

    from companion.extensions import db
    from companion.models import Game

    with app.app_context():
        return db.session.scalar(select(Game.id).where(Game.public_id == public_id(url)))


def play_ids(app, url: str) -> list[int]:
    """The database's ids of the game's plays, oldest first."""
    from sqlalchemy import select

    from companion.extensions import db
    from companion.models import Play

    with app.app_context():
        return list(db.session.scalars(select(Play.id).where(Play.game_id == game_row(app, url))
                                       .order_by(Play.id)))


def row_counts(app) -> dict[str, int]:
    """How many rows each table holds (a refused request adds none anywhere)."""
    from sqlalchemy import func, select

    from companion.extensions import db

    with app.app_context():
        return {table.name: db.session.scalar(select(func.count()).select_from(table))
                for table in db.metadata.sorted_tables}


def contents(app) -> dict[str, str]:
    """A digest of each table's rows: what a GET, HEAD or OPTIONS must not change."""
    from sqlalchemy import select

    from companion.extensions import db

    with app.app_context():
        return {table.name: hashlib.sha256(repr(db.session.execute(
                    select(table).order_by(*table.primary_key.columns)).all()).encode()
                ).hexdigest()
                for table in db.metadata.sorted_tables}


def plays(app) -> int:
    """How many plays the database holds, every game's (a refused form adds none)."""
    from sqlalchemy import func, select

    from companion.extensions import db
    from companion.models import Play

    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Play))


def log(*entries):
    """A game's log for a rules test: plays numbered from 1, from (kind, data) pairs."""
    from companion.rules.log import Play

    return [Play(i, kind, data) for i, (kind, data) in enumerate(entries, start=1)]


# --- Reading a page as a player does -------------------------------------------

def totals(html: str) -> list[int]:
    """The totals the scoreboard shows, in seat order.

    >>> totals('<td class="total" data-seat="0">81</td><td class="total" data-seat="1">−5</td>')
    [81, -5]
    """
    return [int(t.replace("−", "-"))
            for t in re.findall(r'class="total" data-seat="\d+">([-−]?\d+)<', html)]


def errors(html: str) -> list[str]:
    """The reasons a refused form gives, as the player reads them.

    >>> errors('<p class="error" role="alert">Bo&#39;s word is too long.</p>')
    ["Bo's word is too long."]
    """
    return [unescape(e) for e in re.findall(r'class="error" role="alert">([^<]*)<', html)]


def read(html: str) -> str:
    """What a player reads where letters and parts sit in inline spans (a FEZ word's coloured
    letters, a working's parts): text() with those spans kept together.

    >>> read('<td><span class="ink-r">F</span><span class="ink-b">I</span></td><td>6</td>')
    'FI 6'
    """
    return text(re.sub(r"</?(span|wbr)\b[^>]*>", "", html))


def text(html: str) -> str:
    """What a player reads: the page without its tags, whitespace collapsed.

    >>> text("<p>Ann <b>81</b> .</p>")
    'Ann 81.'
    """
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split()).replace(" .", ".")


#: What a pure module (the rules, the pages, the word judge) must not import: the web, the
#: database, templates or images.
IMPURE = ("flask", "flask_sqlalchemy", "flask_wtf", "flask_migrate", "sqlalchemy", "werkzeug",
          "jinja2", "cv2", "PIL")


def imports(path) -> list[tuple[int, str]]:
    """(level, module) of every import in a Python file: level 0 absolute, 1 `.x`, 2 `..x`."""
    import ast
    from pathlib import Path

    found = []
    for node in ast.walk(ast.parse(Path(path).read_text())):
        if isinstance(node, ast.Import):
            found += [(0, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module or ""))
    return found
