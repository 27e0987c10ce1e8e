"""Fixtures: an app on a real, freshly migrated database per test, run once on a SQLite file
and once on a PostgreSQL database (a throwaway server the run starts: tests/postgres.py).
`pytest --databases=sqlite` runs the SQLite half only; a test marked
`@pytest.mark.databases("sqlite")` is only about that one.

What is built at install (the letter model, the word store) is a fixture a test asks for, never
built for a test that does not. Helpers that are plain functions are in tests/helpers.py."""

import os
import shutil
import uuid
from pathlib import Path

import pytest
from flask_migrate import upgrade

from companion import create_app
from companion.extensions import db
from companion.words import store
from tests.helpers import new_game
from tests.postgres import Throwaway

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


@pytest.fixture(scope="session")
def letter_model() -> Path:
    """The card reader's classifier that `make install` trains (trained here if missing, which
    takes minutes): asked for only by the tests that read photos (tests/reader/conftest.py, the
    scan views, the e2e scans), so that the others run at once on a fresh clone.
    OCR_MODEL (read by ocr.reader) puts it elsewhere."""
    from ocr import reader
    from ocr.letters import train

    if not reader.MODEL.is_file():
        train().save(reader.MODEL)
    return reader.MODEL


@pytest.fixture(scope="session")
def word_store() -> Path:
    """The real word store that `make install` builds (built here if it is missing, in
    seconds); WORD_STORE puts it elsewhere (an empty folder shows what a fresh clone builds)."""
    path = Path(os.environ.get("WORD_STORE", store.INSTALLED))
    if not path.is_file():
        store.build(path)
    return path


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


@pytest.fixture
def game(client) -> str:
    """A FOOT! game for Ann, Bo and Cy, Ann dealing, started through the form: its URL."""
    return new_game(client)

