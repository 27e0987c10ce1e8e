"""Fixtures: an app on a real, freshly migrated SQLite file per test."""

import shutil

import pytest
from flask_migrate import upgrade

from companion import create_app


@pytest.fixture(scope="session")
def migrated_db(tmp_path_factory):
    """One database built by the real migrations; each test gets a copy."""
    path = tmp_path_factory.mktemp("db") / "template.db"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "test"})
    with app.app_context():
        upgrade()
    return path


@pytest.fixture
def app(migrated_db, tmp_path):
    path = tmp_path / "companion.db"
    shutil.copy(migrated_db, path)
    return create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "test",
                       "TESTING": True, "WTF_CSRF_ENABLED": False})


@pytest.fixture
def client(app):
    return app.test_client()
