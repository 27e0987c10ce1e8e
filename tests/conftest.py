"""Fixtures: an app on a real, freshly migrated database per test, run once on a SQLite file
and once on a PostgreSQL database (a throwaway server the run starts: tests/postgres.py).
`pytest --databases=sqlite` runs the SQLite half only; a test marked
`@pytest.mark.databases("sqlite")` is only about that one."""

import re
import shutil
import uuid
from html import unescape
from pathlib import Path

import pytest
from flask_migrate import upgrade

from companion import create_app
from companion.extensions import db
from companion.words import store
from ocr import reader
from ocr.letters import train
from postgres import Throwaway

DATABASES = ("sqlite", "postgresql")


def pytest_addoption(parser):
    parser.addoption("--databases", default=",".join(DATABASES),
                     help="the databases to run database tests on: sqlite,postgresql (both)")


def pytest_configure(config):
    config.addinivalue_line("markers", "databases(*kinds): run this test on these only")
    chosen = config.getoption("--databases").split(",")
    if not set(chosen) <= set(DATABASES):
        raise pytest.UsageError(f"--databases takes {','.join(DATABASES)}, not {chosen}")


def pytest_generate_tests(metafunc):
    """Every test of an app runs once per database."""
    if "database_url" in metafunc.fixturenames:
        chosen = metafunc.config.getoption("--databases").split(",")
        marker = metafunc.definition.get_closest_marker("databases")
        kinds = [k for k in chosen if marker is None or k in marker.args]
        metafunc.parametrize("database_url", kinds, indirect=True)


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL server for the whole run, with a migrated template database."""
    with Throwaway() as server:
        server.execute("CREATE DATABASE migrated")
        app = create_app({"SQLALCHEMY_DATABASE_URI": server.url("migrated"), "SECRET_KEY": "test"})
        with app.app_context():
            upgrade()
            db.engine.dispose()  # a template database must have no one connected
        yield server


@pytest.fixture
def database_url(request, tmp_path):
    """A freshly migrated database: a copy of the migrated SQLite file, or a PostgreSQL
    database made from the migrated template (and dropped after the test)."""
    if request.param == "sqlite":
        path = tmp_path / "companion.db"
        shutil.copy(request.getfixturevalue("migrated_db"), path)
        yield f"sqlite:///{path}"
        return
    server = request.getfixturevalue("postgres")
    name = f"test_{uuid.uuid4().hex}"
    server.execute(f"CREATE DATABASE {name} TEMPLATE migrated")
    yield server.url(name)
    server.execute(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture(scope="session")
def migrated_db(tmp_path_factory):
    """One database built by the real migrations; each test gets a copy."""
    path = tmp_path_factory.mktemp("db") / "template.db"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "test"})
    with app.app_context():
        upgrade()
        db.engine.dispose()  # closing checkpoints SQLite's WAL into the file we copy
    return path


@pytest.fixture(scope="session", autouse=True)
def letter_model() -> Path:
    """The card reader's classifier that `make install` trains (trained here if missing)."""
    if not reader.MODEL.is_file():
        train().save(reader.MODEL)
    return reader.MODEL


@pytest.fixture(scope="session")
def word_store() -> Path:
    """The real word store that `make install` builds (built here if it is missing)."""
    if not store.INSTALLED.is_file():
        store.build(store.INSTALLED)
    return store.INSTALLED


@pytest.fixture
def app(database_url, word_store):
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "test",
                      "TESTING": True, "WTF_CSRF_ENABLED": False,
                      "WORD_STORE": str(word_store)})
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


def new_game(client, names=("Ann", "Bo", "Cy"), ruleset="foot", dealer=0) -> str:
    """Start a game through the form, as the scorekeeper's phone; return its URL."""
    form = {"ruleset": ruleset, "dealer": str(dealer)}
    form.update({f"name-{i}": name for i, name in enumerate(names)})
    response = client.post("/games/new", data=form)
    assert response.status_code == 303, response.text
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


def totals(html: str) -> list[int]:
    """The totals the scoreboard shows, in seat order."""
    return [int(t) for t in re.findall(r'class="total" data-seat="\d+">(-?\d+)<', html)]


def errors(html: str) -> list[str]:
    return [unescape(e) for e in re.findall(r'class="error" role="alert">([^<]*)<', html)]


def public_id(url: str) -> str:
    """A game's public id, from its address (/games/<public id>)."""
    return url.rstrip("/").rsplit("/", 1)[1]


def game_row(app, url: str) -> int:
    """The database's own id of the game at `url` (addresses never show it)."""
    from companion.models import Game
    from sqlalchemy import select

    with app.app_context():
        return db.session.scalar(select(Game.id).where(Game.public_id == public_id(url)))


@pytest.fixture
def game(client) -> str:
    return new_game(client)


def text(html: str) -> str:
    """What a player reads: the page without its tags, whitespace collapsed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split()).replace(" .", ".")
