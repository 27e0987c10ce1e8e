"""Fixtures: an app on a real, freshly migrated SQLite file per test."""

import re
import shutil
from html import unescape
from pathlib import Path

import pytest
from flask_migrate import upgrade

from companion import create_app
from companion.extensions import db
from companion.words import store
from ocr import reader
from ocr.letters import train

WORD_STORE = Path(__file__).resolve().parent.parent / "instance" / "words.sqlite"


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
    if not WORD_STORE.is_file():
        store.build(WORD_STORE)
    return WORD_STORE


@pytest.fixture
def app(migrated_db, word_store, tmp_path):
    path = tmp_path / "companion.db"
    shutil.copy(migrated_db, path)
    return create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "test",
                       "TESTING": True, "WTF_CSRF_ENABLED": False,
                       "WORD_STORE": str(word_store)})


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


@pytest.fixture
def game(client) -> str:
    return new_game(client)


def text(html: str) -> str:
    """What a player reads: the page without its tags, whitespace collapsed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split()).replace(" .", ".")
