"""The admin view, for a server that hosts many tables: off unless the environment holds a long
enough secret; signed in, it lists every table's games and word lists with their sizes, and
deletes them."""

from __future__ import annotations

import hashlib
import io
import logging
import random
import re
from urllib.parse import quote, urlencode

import pytest
from sqlalchemy import func, select
from werkzeug.datastructures import MultiDict

from companion import admin, create_app, word_lists
from companion.extensions import db
from companion.models import Game, Play, Player, WordList, WordListEntry
from tests.helpers import new_game, public_id, round_form, text

SECRET = "correct horse battery staple"
OTHER_SECRET = "a different secret, also long"
MISSING_GAME = "a" * 12  # a public id no game has
ADMIN_PATHS = ["/admin", "/admin/sign-in", "/admin/sign-out",
               f"/admin/games/{MISSING_GAME}/delete", "/admin/lists/1/delete"]


def make_app(database_url, word_store, **config):
    return create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "test",
                       "TESTING": True, "WTF_CSRF_ENABLED": False,
                       "WORD_STORE": str(word_store), **config})


@pytest.fixture
def no_env_secret(monkeypatch):
    monkeypatch.delenv("COMPANION_ADMIN_SECRET", raising=False)


@pytest.fixture
def warnings_heard(monkeypatch, caplog):
    """The app's warnings, as an operator reads them at startup (running the migrations in
    this process turned the app's logger off: Alembic's logging config does that)."""
    monkeypatch.setattr(logging.getLogger("companion"), "disabled", False)
    caplog.set_level(logging.WARNING)
    return caplog


@pytest.fixture
def admin_app(database_url, word_store, no_env_secret):
    app = make_app(database_url, word_store, ADMIN_SECRET=SECRET)
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def operator(admin_app):
    """The browser of whoever runs the server, signed in."""
    browser = admin_app.test_client()
    sign_in(browser)
    return browser


def sign_in(browser, secret=SECRET):
    response = browser.post("/admin/sign-in", data={"secret": secret})
    assert response.status_code == 303, response.text
    assert response.location == "/admin"


def signed_in(browser) -> bool:
    page = browser.get("/admin").text
    signed = "Sign out" in page
    assert signed != ('name="secret"' in page)  # the list, or the sign-in form
    return signed


def import_list(phone, game, name, words: list[str]):
    data = "".join(f"{w}\n" for w in words).encode()
    response = phone.post(f"{game}/lists", data={"name": name, "file": (io.BytesIO(data), "l.txt")},
                          content_type="multipart/form-data")
    assert response.status_code == 303, response.text


def server_list(app, name, words: list[str]) -> int:
    """A list for every game, as `flask lists import` makes one."""
    with app.app_context():
        data = io.BytesIO("".join(f"{w}\n" for w in words).encode())
        return word_lists.import_list(data, "server.txt", name, None).id


def row_counts(app) -> dict[str, int]:
    with app.app_context():
        return {table.name: db.session.scalar(select(func.count()).select_from(table))
                for table in db.metadata.sorted_tables}


def tables_kept(app) -> dict[str, int]:
    """The rows of every table but the count of tries (a wrong secret is counted, refused)."""
    return {name: count for name, count in row_counts(app).items() if name != "attempt"}


def contents(app) -> str:
    with app.app_context():
        return hashlib.sha256(repr([db.session.execute(
            select(table).order_by(*table.primary_key.columns)).all()
            for table in db.metadata.sorted_tables]).encode()).hexdigest()


def game_rows(app, url) -> dict[str, int]:
    """What the database holds of the game at `url`: itself, its players, plays, lists and
    their words."""
    with app.app_context():
        row = db.session.scalar(select(Game.id).where(Game.public_id == public_id(url)))
        lists = db.session.scalars(select(WordList.id).where(WordList.game_id == row)
                                   ).all() if row else []

        def count(model, *where):
            return db.session.scalar(select(func.count()).select_from(model).where(*where))
        return {"game": int(row is not None),
                "players": count(Player, Player.game_id == row) if row else 0,
                "plays": count(Play, Play.game_id == row) if row else 0,
                "lists": len(lists),
                "words": count(WordListEntry, WordListEntry.list_id.in_(lists)) if lists else 0}


@pytest.fixture
def evening(admin_app):
    """Two tables' games, each kept by its own phone: a FOOT! game (Ann, Bo, Cy; two rounds
    and a list of its own, Ours, 12 words) and a ZOOT! game (Dee, Eli; one round); and a list
    for every game (Collins, 3 words)."""
    first, second = admin_app.test_client(), admin_app.test_client()
    foot = new_game(first, names=("Ann", "Bo", "Cy"))
    for form in (round_form("JAZZY", "", "", out=0), round_form("QUOTA", "", "", out=0)):
        assert first.post(f"{foot}/rounds", data=form).status_code == 303
    import_list(first, foot, "Ours", [f"WORD{c}" for c in "ABCDEFGHIJKL"])
    zoot = new_game(second, names=("Dee", "Eli"), ruleset="zoot")
    assert second.post(f"{zoot}/rounds", data=round_form("JAZZIER", "", out=0)).status_code == 303
    collins = server_list(admin_app, "Collins", ["JAZZY", "QUOTA", "ZESTY"])
    return {"foot": foot, "zoot": zoot, "first": first, "second": second, "collins": collins}


def list_id(app, name) -> int | None:
    with app.app_context():
        return db.session.scalar(select(WordList.id).where(WordList.name == name))


# --- Off unless configured --------------------------------------------------------------


@pytest.mark.parametrize("configured", [None, "", "short secret!"])
def test_without_a_long_enough_secret_every_admin_address_is_unknown(
        database_url, word_store, no_env_secret, configured, warnings_heard):
    extra = {} if configured is None else {"ADMIN_SECRET": configured}
    app = make_app(database_url, word_store, **extra)
    assert ("shorter than 16 characters" in warnings_heard.text) == bool(configured)
    browser = app.test_client()
    new_game(browser)
    before = row_counts(app)
    unknown = browser.get("/no-such-page")
    assert unknown.status_code == 404
    for path in ADMIN_PATHS:
        for method in ("GET", "POST", "PUT", "DELETE"):
            response = browser.open(path, method=method, data={"secret": configured or ""})
            assert response.status_code == 404, (path, method)
            assert text(unknown.text) == text(response.text)
    assert not any(r.rule.startswith("/admin") for r in app.url_map.iter_rules())
    assert row_counts(app) == before
    app.config["ADMIN_SECRET"] = SECRET  # routes do not appear later: a restart takes it
    assert browser.get("/admin").status_code == 404


def test_the_secret_is_read_from_the_environment(database_url, word_store, monkeypatch,
                                                 warnings_heard):
    monkeypatch.setenv("COMPANION_ADMIN_SECRET", "too short")
    app = make_app(database_url, word_store)
    assert "the admin view is off" in warnings_heard.text
    assert app.test_client().get("/admin").status_code == 404
    monkeypatch.setenv("COMPANION_ADMIN_SECRET", SECRET)
    app = make_app(database_url, word_store)
    browser = app.test_client()
    assert 'name="secret"' in browser.get("/admin").text
    sign_in(browser)
    assert signed_in(browser)


def test_a_secret_taken_away_while_running_hides_the_view(admin_app, operator):
    admin_app.config["ADMIN_SECRET"] = ""
    assert operator.get("/admin").status_code == 404
    for path in ADMIN_PATHS[1:]:
        assert operator.post(path).status_code == 404


# --- Signing in -------------------------------------------------------------------------


def test_a_stranger_sees_only_the_sign_in_form(admin_app, evening):
    page = admin_app.test_client().get("/admin")
    assert page.status_code == 200
    assert 'type="password"' in page.text and 'name="csrf_token"' in page.text
    assert "Ann" not in page.text and "Collins" not in page.text
    assert page.headers["Cache-Control"] == "no-store"


def test_a_wrong_secret_is_refused_and_signs_nobody_in(admin_app, evening):
    browser = admin_app.test_client()
    for wrong in ("", SECRET[:-1], SECRET + " ", SECRET.upper(), "x" * 60_000):
        response = browser.post("/admin/sign-in", data={"secret": wrong})
        assert response.status_code == 403
        assert "That is not the admin secret." in text(response.text)
        assert "Ann" not in response.text
    with browser.session_transaction() as session:
        assert admin.SESSION_KEY not in session
    assert not signed_in(browser)
    response = browser.post("/admin/sign-in", data=MultiDict([("secret", "wrong"),
                                                               ("secret", SECRET)]))
    assert response.status_code == 403  # the first of repeated fields counts
    assert not signed_in(browser)


def test_the_operator_sees_every_tables_games_and_lists(admin_app, evening, operator):
    page = operator.get("/admin")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    shown = text(page.text)
    assert "Signed in to the admin view." in shown
    foot, zoot = public_id(evening["foot"]), public_id(evening["zoot"])
    assert f'href="/games/{foot}"' in page.text and f'href="/games/{zoot}"' in page.text
    assert f"/games/{zoot} ZOOT! Dee, Eli 1 play · started" in shown  # newest first
    assert shown.index(zoot) < shown.index(f"/games/{foot} FOOT! Ann, Bo, Cy 2 plays")
    assert '<time datetime="' in page.text
    assert "Collins 3 words · every game · complete" in shown
    assert f"Ours 12 words · game {foot} · complete" in shown
    assert "2 games 3 plays 2 word lists 15 of 2,000,000 list words stored database" in shown
    assert re.search(r"database \d+\.\d [KMG]B", shown)
    assert page.text.count('hx-confirm="Delete the') == 4  # two games, two lists
    assert page.text.count('name="csrf_token"') >= 5


def test_a_sign_in_lasts_an_evening(admin_app, operator, monkeypatch):
    later = admin.time.time() + admin.SIGNED_IN_FOR + 1
    monkeypatch.setattr(admin.time, "time", lambda: later)
    assert not signed_in(operator)


def test_signing_out(admin_app, operator):
    response = operator.post("/admin/sign-out")
    assert response.status_code == 303 and response.location == "/admin"
    assert not signed_in(operator)
    assert operator.post("/admin/sign-out").status_code == 403


def test_changing_the_secret_signs_everyone_out(admin_app, evening, operator):
    admin_app.config["ADMIN_SECRET"] = OTHER_SECRET
    assert not signed_in(operator)
    before = row_counts(admin_app)
    assert operator.post(f"/admin/games/{public_id(evening['foot'])}/delete").status_code == 403
    assert row_counts(admin_app) == before
    assert operator.post("/admin/sign-in", data={"secret": SECRET}).status_code == 403
    sign_in(operator, OTHER_SECRET)
    assert signed_in(operator)


def test_the_session_stays_small(admin_app, operator):
    with operator.session_transaction() as session:
        assert len(session[admin.SESSION_KEY]) < 50
        assert SECRET not in repr(dict(session))


# --- Deleting ---------------------------------------------------------------------------


def test_deleting_a_game_takes_its_players_plays_and_lists(admin_app, evening, operator,
                                                           monkeypatch):
    monkeypatch.setattr(word_lists, "CHUNK", 5)  # its list is deleted in several transactions
    foot, zoot = evening["foot"], evening["zoot"]
    assert game_rows(admin_app, foot) == {"game": 1, "players": 3, "plays": 2, "lists": 1,
                                          "words": 12}
    kept = game_rows(admin_app, zoot)
    response = operator.post(f"/admin/games/{public_id(foot)}/delete")
    assert response.status_code == 303 and response.location == "/admin"
    page = text(operator.get("/admin").text)
    assert (f"Deleted the FOOT! game {public_id(foot)} (Ann, Bo, Cy) with its 2 plays and "
            "1 word list.") in page
    listed = page.split("Sign out", 1)[1]
    assert "Ann, Bo" not in listed and "Ours" not in listed and "1 game 1 play" in listed
    assert "Dee, Eli" in page and "Collins" in page
    assert game_rows(admin_app, foot) == {"game": 0, "players": 0, "plays": 0, "lists": 0,
                                          "words": 0}
    assert list_id(admin_app, "Ours") is None
    with admin_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(WordListEntry)) == 3
    assert evening["first"].get(foot).status_code == 404
    assert "Ann" not in evening["first"].get("/").text  # its phone's home page forgets it
    assert game_rows(admin_app, zoot) == kept
    assert evening["second"].get(zoot).status_code == 200
    assert operator.post(f"/admin/games/{public_id(foot)}/delete").status_code == 404


def test_deleting_a_list_of_either_owner(admin_app, evening, operator):
    ours, collins = list_id(admin_app, "Ours"), evening["collins"]
    response = operator.post(f"/admin/lists/{collins}/delete")
    assert response.status_code == 303 and response.location == "/admin"
    page = text(operator.get("/admin").text)
    assert "Deleted the word list “Collins” (3 words, every game)." in page
    assert list_id(admin_app, "Collins") is None
    assert operator.post(f"/admin/lists/{ours}/delete").status_code == 303
    assert f"Deleted the word list “Ours” (12 words, game {public_id(evening['foot'])})." in text(
        operator.get("/admin").text)
    with admin_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(WordList)) == 0
        assert db.session.scalar(select(func.count()).select_from(WordListEntry)) == 0
    assert game_rows(admin_app, evening["foot"])["plays"] == 2  # the game stays
    assert operator.post(f"/admin/lists/{ours}/delete").status_code == 404


def test_a_stranger_cannot_delete(admin_app, evening):
    stranger = evening["first"]  # the scorekeeper of a game, not signed in
    before = row_counts(admin_app)
    for path in (f"/admin/games/{public_id(evening['foot'])}/delete",
                 f"/admin/lists/{evening['collins']}/delete", "/admin/sign-out",
                 f"/admin/games/{MISSING_GAME}/delete", "/admin/lists/999999/delete"):
        response = stranger.post(path)
        assert response.status_code == 403, path
        assert "Sign in to the admin view first." in text(response.text)
        assert "Nothing was changed." in text(response.text)
    # as htmx sends it: the refusal shown, its status in a header
    response = stranger.post(f"/admin/lists/{evening['collins']}/delete",
                             headers={"HX-Request": "true", "HX-Boosted": "true"})
    assert response.headers["X-Status"] == "403"
    assert row_counts(admin_app) == before


def test_with_csrf_on_a_form_without_its_token_is_refused(admin_app, evening):
    admin_app.config["WTF_CSRF_ENABLED"] = True
    browser = admin_app.test_client()
    assert browser.post("/admin/sign-in", data={"secret": SECRET}).status_code == 400
    assert not signed_in(browser)
    token = re.search(r'name="csrf_token" value="([^"]+)"', browser.get("/admin").text)[1]
    response = browser.post("/admin/sign-in", data={"secret": SECRET, "csrf_token": token})
    assert response.status_code == 303
    before = row_counts(admin_app)
    foot = public_id(evening["foot"])
    other = re.search(r'name="csrf_token" value="([^"]+)"',
                      admin_app.test_client().get("/admin").text)[1]
    for form in ({}, {"csrf_token": ""}, {"csrf_token": "x" * 40}, {"csrf_token": other}):
        for path in (f"/admin/games/{foot}/delete", f"/admin/lists/{evening['collins']}/delete",
                     "/admin/sign-out"):
            assert browser.post(path, data=form).status_code == 400, (path, form)
    assert row_counts(admin_app) == before
    assert signed_in(browser)
    page = browser.get("/admin").text
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)[1]
    assert browser.post(f"/admin/games/{foot}/delete",
                        data={"csrf_token": token}).status_code == 303
    assert game_rows(admin_app, evening["foot"])["game"] == 0


# --- Pages ------------------------------------------------------------------------------


def many_games(app, count: int) -> None:
    with app.app_context():
        for i in range(count):
            game, _ = Game.start("foot", [f"Pl{i:03}", "Q"], 0)
            db.session.add(game)
        db.session.commit()


def shown_games(page: str) -> list[str]:
    return re.findall(r"(Pl\d{3}), Q", text(page))


def test_games_come_in_pages_of_fifty(admin_app, operator):
    many_games(admin_app, 51)
    first = operator.get("/admin").text
    assert shown_games(first) == [f"Pl{i:03}" for i in range(50, 0, -1)]
    assert "Page 1 of 2" in text(first) and 'href="/admin?page=2"' in first
    second = operator.get("/admin?page=2").text
    assert shown_games(second) == ["Pl000"]
    assert "Page 2 of 2" in text(second) and 'href="/admin?page=1"' in second
    for beyond in ("3", "2147483647"):
        page = operator.get(f"/admin?page={beyond}")
        assert page.status_code == 200
        assert shown_games(page.text) == [] and "No games on this page." in text(page.text)
        assert 'href="/admin?page=2"' in page.text  # back to the last one


@pytest.mark.parametrize("odd", ["²", "99999999999999999999", "-1", "0", "", "1.5", " 2",
                                 "２", "٢", "9" * 5000, "2147483648", "1e2", "0x2"])
def test_an_odd_page_number_shows_the_first_page(admin_app, operator, odd):
    many_games(admin_app, 51)
    for name in ("page", "lists"):
        response = operator.get("/admin?" + urlencode({name: odd}))
        assert response.status_code == 200, (name, odd)
        assert shown_games(response.text)[:1] == ["Pl050"]


def test_word_lists_come_in_pages_too(admin_app, operator):
    for i in range(51):
        server_list(admin_app, f"List {i:03}", ["JAZZY"])
    first = text(operator.get("/admin").text)
    assert "List 050" in first and "List 001" in first and "List 000" not in first
    second = operator.get("/admin?lists=2").text
    assert "List 000" in text(second) and "List 001" not in text(second)
    beyond = operator.get("/admin?lists=9&page=4").text
    assert "No word lists on this page." in text(beyond)
    assert "Past the last page (2)" in text(beyond)
    assert 'href="/admin?page=4&amp;lists=2">Newer' in beyond  # the last, the games' page kept
    assert "Page 4" not in text(beyond)  # the games' page 4 is past their last too
    assert "No games on this page." in text(beyond)


# --- A small fuzz over the admin forms, signed in and not --------------------------------

ODD = ["²", "١٢", "５", "𝟙", "99999999999999999999", "9" * 5000, "-1", "1e9", "0x10", " 1 ",
       "", "\x00", "A\x00B", "\u202e", "<script>alert(1)</script>", "{{ 7*7 }}",
       "' OR '1'='1", "😀", "Q" * 60_000, SECRET[:-1], SECRET + "\x00"]
#: Query keys url_for would treat as its own, were the page to pass the address's on.
SPECIAL_KEYS = ["_external", "_scheme", "_anchor", "_method", "_esc", "page", "lists"]
BAD_GAME_SEGMENTS = [MISSING_GAME, "AAAAAAAAAAAA", "aaaa", "a" * 13, "%C2%B2" * 12, "1" * 12,
                     "9" * 5000]
BAD_LIST_SEGMENTS = ["999999", "0", "%C2%B2", "%EF%BC%91", "%D9%A1", "99999999999999999999",
                     "9" * 5000, "-1", "1.0"]


def fuzz_requests(rng: random.Random, rule, real: dict[str, str]):
    """(method, path, form, query) to send for one admin route: its real address with every
    method but POST (POST there deletes, and is tested above), bad and missing ids with every
    method, and hostile forms (odd digits, huge numbers, repeated fields, wrong secrets) and
    query strings (odd page numbers, the keys url_for reads as its own)."""
    paths = []
    if "game_id" in rule.arguments:
        paths += [(p, p == real["game_id"]) for p in [real["game_id"], *BAD_GAME_SEGMENTS]]
        template = rule.rule.replace("<game:game_id>", "{}")
    elif "list_id" in rule.arguments:
        paths += [(p, p == real["list_id"]) for p in [real["list_id"], *BAD_LIST_SEGMENTS]]
        template = rule.rule.replace("<id:list_id>", "{}")
    else:
        paths, template = [("", False)], rule.rule
    for segment, is_real in paths:
        path = template.format(segment) if segment else template
        for method in ("GET", "POST", "PUT", "DELETE", "PATCH"):
            if is_real and method == "POST":
                continue
            # the forms and the page that read what they are sent, more often
            for _ in range(2 if segment or method not in ("GET", "POST") else 25):
                form = MultiDict()
                for _ in range(rng.randrange(0, 4)):
                    form.add(rng.choice(["secret", "secret", "csrf_token", "page", "id", ""]),
                             rng.choice(ODD))
                query = [(rng.choice(SPECIAL_KEYS), rng.choice(ODD[:12] + ["1", "javascript"]))
                         for _ in range(rng.randrange(0, 3))]
                yield method, path, form, query


def test_fuzz_the_admin_view(admin_app, evening, operator, monkeypatch):
    monkeypatch.setattr(admin, "SIGN_IN_TRIES", 10**6)  # the fuzz signs in wrong by the hundred
    stranger = admin_app.test_client()
    real = {"game_id": public_id(evening["zoot"]), "list_id": str(evening["collins"])}
    rules = [r for r in admin_app.url_map.iter_rules() if r.endpoint.startswith("admin.")]
    assert {r.endpoint for r in rules} == {"admin.index", "admin.sign_in", "admin.sign_out",
                                           "admin.delete_game", "admin.delete_list"}
    failures, sent = [], 0
    for rule in sorted(rules, key=lambda r: r.rule):
        rng = random.Random(f"admin|{rule.rule}")
        for method, path, form, query in fuzz_requests(rng, rule, real):
            for who, browser in (("operator", operator), ("stranger", stranger)):
                before, stored = tables_kept(admin_app), contents(admin_app)
                headers = {"HX-Request": "true"} if rng.random() < 0.2 else {}
                url = path + ("?" + urlencode(query, quote_via=quote) if query else "")
                response = browser.open(url, method=method, data=form, headers=headers)
                sent += 1
                status = int(response.headers.get("X-Status", response.status_code))
                problem = None
                if status >= 500:
                    problem = "server failed"
                elif status >= 400 and tables_kept(admin_app) != before:
                    problem = "refused, yet rows changed"
                elif method != "POST" and contents(admin_app) != stored:
                    problem = f"{method} changed what is stored"
                elif who == "stranger" and status < 400 and method == "POST":
                    problem = "a stranger's form was accepted"
                if problem:
                    failures.append((problem, who, method, url[:120], dict(form.lists()), status))
                if who == "operator" and not signed_in(operator):
                    sign_in(operator)  # a fuzzed sign-out worked: carry on signed in
    assert not failures, "\n".join(map(repr, failures[:20]))
    assert sent > 300
    # nothing real was deleted by any of it
    assert game_rows(admin_app, evening["zoot"])["plays"] == 1
    assert list_id(admin_app, "Collins") == evening["collins"]
