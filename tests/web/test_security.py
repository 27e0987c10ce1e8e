"""Forms need their CSRF token, pages load nothing from elsewhere, the schema is migrated."""

import re
from pathlib import Path

import pytest
from flask_migrate import check, upgrade

from companion import create_app
from tests.helpers import new_game, round_form, totals

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def csrf_client(app):
    app.config["WTF_CSRF_ENABLED"] = True
    return app.test_client()


def csrf_token(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def test_a_form_without_its_csrf_token_is_refused(csrf_client):
    response = csrf_client.post("/games/new", data={"ruleset": "foot", "name-0": "A",
                                                    "name-1": "B", "dealer": "0"})
    assert response.status_code == 400
    assert "This form has expired or did not come from this app." in response.text
    assert "No game in progress." in csrf_client.get("/").text


def test_forms_and_htmx_carry_the_csrf_token(csrf_client):
    page = csrf_client.get("/games/new?game=foot").text
    token = csrf_token(page)
    assert f'"X-CSRFToken": "{token}"' in page  # htmx requests send it as a header
    form = {"csrf_token": token, "ruleset": "foot", "name-0": "A", "name-1": "B", "dealer": "0"}
    game = csrf_client.post("/games/new", data=form).location
    response = csrf_client.post(f"{game}/rounds", data=round_form("JAZZY", "", out=0),
                                headers={"X-CSRFToken": token})
    assert response.status_code == 303
    assert totals(csrf_client.get(game).text) == [81, 0]


def test_a_token_from_another_session_is_refused(app, csrf_client):
    stranger = app.test_client()
    token = csrf_token(stranger.get("/games/new?game=foot").text)
    response = csrf_client.post("/games/new", data={"csrf_token": token, "ruleset": "foot",
                                                    "name-0": "A", "name-1": "B", "dealer": "0"})
    assert response.status_code == 400


def test_pages_send_security_headers(client):
    headers = client.get("/").headers
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_nothing_is_loaded_from_another_host(client):
    game = new_game(client)
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    for path in ("/", "/games/new", "/games/new?game=fez", game, f"{game}/history", f"{game}/rounds/1/edit"):
        html = client.get(path).text
        assert not re.search(r'(src|href|action)="(https?:)?//', html), path
    for asset in (ROOT / "static").iterdir():
        if asset.suffix in (".css", ".html", ".webmanifest", ".svg"):
            assert not re.search(r"url\((https?:)?//|https?://(?!www\.w3\.org)", asset.read_text()), asset


def test_a_large_post_is_refused(client):
    response = client.post("/games/new", data={"name-0": "x" * 200_000})
    assert response.status_code == 413


def test_models_and_migrations_agree(app):
    with app.app_context():
        check()  # raises when the models hold a change no migration makes


def test_a_database_url_is_honoured(tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'elsewhere.db'}")
    app = create_app({"SECRET_KEY": "x"})
    assert app.config["SQLALCHEMY_DATABASE_URI"].endswith("elsewhere.db")


def test_the_secret_key_is_made_once_and_kept(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://"})
    key_file = Path(first.instance_path) / "secret_key"
    assert key_file.read_text().strip() == first.config["SECRET_KEY"]
    assert create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://"}).config["SECRET_KEY"] == \
        first.config["SECRET_KEY"]


def test_behind_a_tls_proxy_cookies_go_over_https_only(tmp_path, monkeypatch):
    """BEHIND_TLS_PROXY=1: cookies are Secure, and links made for another phone (a handover)
    carry the proxy's https address, not the app's own."""
    monkeypatch.setenv("BEHIND_TLS_PROXY", "1")
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.db'}", "SECRET_KEY": "x",
                      "WTF_CSRF_ENABLED": False})
    with app.app_context():
        upgrade()
    proxied = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example"}
    client = app.test_client()
    response = client.post("/games/new", data={"ruleset": "foot", "name-0": "A", "name-1": "B",
                                                "dealer": "0"}, headers=proxied,
                           base_url="https://localhost")
    cookies = response.headers.getlist("Set-Cookie")
    assert cookies and all("Secure" in c for c in cookies)
    game = response.location.removeprefix("https://scores.example")
    page = client.post(f"{game}/handover", headers=proxied, base_url="https://localhost",
                       follow_redirects=True).text
    assert f"<code>https://scores.example{game}/take/" in page
