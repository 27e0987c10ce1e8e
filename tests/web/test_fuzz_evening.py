"""A deterministic fuzz of the evening's routes: importing a game (its form, and export files
mutated every way a file can be wrong), the stats, the CSV and JSON exports, the rematch.

tests/web/test_fuzz.py already sends its hostile forms to every route (these among them); this
one goes further where these routes read more than a form: the import reads a whole JSON file,
the stats read the phone's session. It proves that:

* no request makes the server fail (no 5xx, no exception escaping a view);
* a refused request (status >= 400) saves nothing: every table has as many rows as before;
* a GET changes nothing stored;
* an import that is accepted makes exactly one game, whose pages, JSON, CSV, chart and
  export all answer, and whose export imports again to the same standings.

A ``random.Random`` seeded from SEED drives the mutations, so every run sends the same ones.
"""

from __future__ import annotations

import copy
import io
import json
import random
import re

from sqlalchemy import func, select
from werkzeug.datastructures import MultiDict

from companion.extensions import db
from tests.helpers import contents, game_row, imported, new_game, round_form, row_counts
from tests.web.hostile import BROKEN_MULTIPART, HOSTILE, NUMBERS, ODD_DIGITS, STRINGS

SEED = 20261123
MUTATED_FILES = 400
FORMS = 120

#: Values a mutated export may hold where the real one has something else.
VALUES = [None, True, False, 0, -1, 1, 7, 2**31 - 1, 2**31, 2**63, 10**30, -10**30, 0.5, 1e308,
          "", "0", "1", "²", "١٢", "５", "9" * 5000, "rejected", "stands", "round", "void",
          "deal", "JAZZY", "?????", "Ann", "ann", "A" * 25, "\x00", "\u202eAnn", "<b>Ann</b>",
          [], {}, [1], [[[[[]]]]], {"play": 1}, {"round": 1}, ["Ann", "Bo"],
          "2026-01-01T00:00:00Z", "2026-13-01", "9999-12-31T23:59:59+14:00",
          "9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+14:00"]
#: Ways text can be wrong that JSON parsing meets before any check.
RAW = [b"", b" ", b"null", b"{}", b"[]", b"\xef\xbb\xbf{}", b"\xff\xfe{\x00}\x00", b"{" * 5000,
       b"[" * 100_000, b'{"companion": 1e999}', b'{"companion": -Infinity}',
       b'{"companion": 1, "companion": 2}', b'{"\\ud800": 1}', b'"\\u0000"',
       "{\"companion\": １}".encode(), b"companion=1&ruleset=foot"]


def evening(app, client) -> tuple[str, dict]:
    """A FOOT! game with rounds, an edit, a challenge, an undo and a final round; its export."""
    url = new_game(client)
    for form in (round_form("JAZZY", "QUOTA", "", out=0), round_form("QUI?K", "WAXEB", "", out=1)):
        assert client.post(f"{url}/rounds", data=form).status_code == 303
    first = re.findall(r"/rounds/(\d+)/edit", client.get(url).text)[0]
    assert client.post(f"{url}/rounds/{first}/edit",
                       data=round_form("JAZZY", "QUOTE", "", out=0)).status_code == 303
    assert client.post(f"{url}/challenge?round={first}&seat=1",  # an earlier round: confirmed
                       data={"challenger": "2", "verdict": "rejected", "confirm": "yes"}).status_code == 303
    assert client.post(f"{url}/rounds", data=round_form("", "QUOTA", "FJORD", out=2)).status_code == 303
    play = re.search(r'name="play" value="(\d+)"', client.get(url).text).group(1)
    assert client.post(f"{url}/undo", data={"play": play}).status_code == 303
    assert client.post(f"{url}/rounds", data=round_form("", "QUOTA", "FJORD", out=1,
                                                       final=True)).status_code == 303
    return url, client.get(f"{url}/export.json").get_json()


def containers(value, path=()):
    """Every dict and list in a JSON document, with its path."""
    if isinstance(value, (dict, list)):
        yield path, value
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            yield from containers(item, (*path, key))


def mutate(rng: random.Random, export: dict) -> tuple[bytes, str]:
    """The export with one to three things changed, as a file; and what was changed."""
    document = copy.deepcopy(export)
    changes = []
    for _ in range(rng.randint(1, 3)):
        path, node = rng.choice(list(containers(document)))
        op = rng.choice(("replace", "replace", "replace", "delete", "insert", "duplicate"))
        if not node and op != "insert":
            continue
        if isinstance(node, dict):
            key = rng.choice(list(node)) if op != "insert" else rng.choice(
                ["id", "kind", "data", "round", "play", "x", "companion"])
        else:
            key = rng.randrange(len(node)) if node else 0
        value = rng.choice(VALUES + HOSTILE[:20])
        if op == "replace" or (op == "insert" and isinstance(node, dict)):
            if isinstance(node, list) and not node:
                node.append(value)
            else:
                node[key] = value
        elif op == "delete":
            del node[key]
        elif op == "insert":
            node.insert(key, value)
        elif isinstance(node, list):
            node.insert(key, copy.deepcopy(node[key]))
        else:
            node[f"{key}2"] = copy.deepcopy(node[key])
        changes.append(f"{op} {'/'.join(map(str, path))}/{key}")
    body = json.dumps(document, ensure_ascii=rng.random() < 0.5).encode()
    if rng.random() < 0.1:  # digits of other scripts in the text itself
        body = body.replace(b"1", "١".encode(), 1)
        changes.append("a Unicode digit in the text")
    return body, "; ".join(changes)


def check(app, client, send, what: str, failures: list, accepted: list) -> None:
    """Send one request; note a failure; check an accepted import's pages."""
    before = row_counts(app)
    try:
        response = send()
    except Exception as error:  # noqa: BLE001 - TESTING propagates what would be a 500
        failures.append(f"{what}: {type(error).__name__}: {str(error)[:200]}")
        return
    after = row_counts(app)
    if response.status_code >= 500:
        failures.append(f"{what}: {response.status_code}")
    elif response.status_code >= 400 and after != before:
        failures.append(f"{what}: refused ({response.status_code}) yet saved {before} -> {after}")
    elif response.status_code == 303 and response.location.startswith("/games/"):
        if after["game"] != before["game"] + 1:
            failures.append(f"{what}: accepted, but {after['game'] - before['game']} games made")
        url = response.location
        for path in (url, f"{url}.json", f"{url}.csv", f"{url}/export.json", f"{url}/history",
                     "/stats"):
            status = client.get(path).status_code
            if status != 200:
                failures.append(f"{what}: accepted, then {path} answers {status}")
        accepted.append(url)


def test_mutated_export_files_never_fail_the_server(app, client):
    rng = random.Random(SEED)
    _, export = evening(app, client)
    phone = app.test_client()
    failures: list[str] = []
    accepted: list[str] = []
    for n in range(MUTATED_FILES):
        body, what = mutate(rng, export)
        check(app, phone, lambda: imported(phone, body), f"file {n}: {what}", failures, accepted)
    for raw in RAW:
        check(app, phone, lambda: imported(phone, raw), f"raw {raw[:30]!r}", failures, accepted)
    assert not failures, "\n".join(failures)
    # some mutations leave a game that can be played (another name, another time): they import
    assert 10 < len(accepted) < MUTATED_FILES
    # and what was accepted exports and imports again to the very same standings
    for url in accepted[:10]:
        again = imported(phone, phone.get(f"{url}/export.json").data)
        assert again.status_code == 303
        first, second = phone.get(f"{url}.json").get_json(), phone.get(f"{again.location}.json").get_json()
        for standings in (first, second):
            standings.pop("id")
            standings["unread_plays"] = len(standings["unread_plays"])
        assert first == second


def test_the_import_form_refuses_odd_requests_and_saves_nothing(app, client):
    rng = random.Random(SEED + 1)
    _, export = evening(app, client)
    good = json.dumps(export).encode()
    phone = app.test_client()
    failures: list[str] = []
    accepted: list[str] = []
    names = ["file", "csrf_token", "ruleset", "name-0", "dealer", "nonce", "file[]", "FILE", ""]
    for n in range(FORMS):
        fields = []
        for name in rng.sample(names, rng.randint(0, 4)):
            if rng.random() < 0.5:
                fields.append((name, (io.BytesIO(rng.choice([good, b"", b"\xff", good * 2])),
                                      rng.choice(["g.json", "", "../../x.json", "\u202ejson.exe"]))))
            else:
                fields.append((name, rng.choice(HOSTILE + NUMBERS + ODD_DIGITS + STRINGS)))
        if rng.random() < 0.3:  # a second file part: only the first is read
            fields.append(("file", (io.BytesIO(rng.choice([good, b"[]"])), "second.json")))
        encoding = rng.choice(("multipart", "form", "json", "text", "bytes", "broken"))
        if encoding == "multipart":
            send = lambda: phone.post("/games/import", data=MultiDict(fields),  # noqa: E731
                                      content_type="multipart/form-data")
        elif encoding == "form":
            plain = [(k, v if isinstance(v, str) else "g.json") for k, v in fields]
            send = lambda: phone.post("/games/import", data=MultiDict(plain))  # noqa: E731
        elif encoding == "json":
            send = lambda: phone.post("/games/import", data=good,  # noqa: E731
                                      content_type="application/json")
        elif encoding == "text":
            send = lambda: phone.post("/games/import", data=good, content_type="text/plain")  # noqa: E731
        elif encoding == "bytes":
            send = lambda: phone.post("/games/import", data=b"file=%FF%FE&\xb2\xff",  # noqa: E731
                                      content_type="application/x-www-form-urlencoded")
        else:
            send = lambda: phone.post("/games/import", data=BROKEN_MULTIPART,  # noqa: E731
                                      content_type="multipart/form-data; boundary=fuzz")
        check(app, phone, send, f"form {n} ({encoding}): {[k for k, _ in fields]}", failures, accepted)
    # large bodies: just under the file limit (padding, still the game), and over the body's
    padded = good + b" " * (2 * 1024 * 1024 - len(good))
    check(app, phone, lambda: imported(phone, padded), "a 2 MB file", failures, accepted)
    check(app, phone, lambda: imported(phone, padded + b" "), "2 MB and a byte", failures, accepted)
    for size in (3 * 1024 * 1024, 40 * 1024 * 1024):
        check(app, phone, lambda: imported(phone, b"[" * size), f"{size} bytes", failures, accepted)
    # wrong methods
    for method in ("PUT", "DELETE", "PATCH"):
        check(app, phone, lambda: phone.open("/games/import", method=method, data=good),
              method, failures, accepted)
    assert not failures, "\n".join(failures)
    assert accepted  # the good file, sent as a multipart file part, was read


def test_stats_read_whatever_the_session_holds(app, client):
    url, _ = evening(app, client)
    real = game_row(app, url)
    for remembered in ([real, "1", None, True, -1, 0, 2**31, 10**30, 1.5, [real], {"a": 1}, real],
                       "not a list", 7, None, {}, [10**30], list(range(1, 41))):
        with client.session_transaction() as session:
            session["games"] = remembered
        stored = contents(app)
        for path in ("/stats", "/stats?x=%FF"):
            response = client.get(path, headers={"HX-Request": "true"} if "x" in path else {})
            assert response.status_code == 200, (remembered, path)
        assert contents(app) == stored
    with client.session_transaction() as session:
        session["games"] = [real]
    assert "Ann" in client.get("/stats").text


def test_exports_and_rematch_under_odd_requests(app, client):
    url, _ = evening(app, client)
    stranger = app.test_client()
    rng = random.Random(SEED + 2)
    failures: list[str] = []
    for path in (f"{url}.csv", f"{url}/export.json", "/stats", "/games/import"):
        for _ in range(10):
            query = {rng.choice(["q", "id", "format", "x"]): rng.choice(HOSTILE)}
            stored = contents(app)
            for phone in (client, stranger):
                response = phone.get(path, query_string=query, headers={"HX-Request": "true"})
                if response.status_code != 200:
                    failures.append(f"GET {path} {query} -> {response.status_code}")
            if contents(app) != stored:
                failures.append(f"GET {path} changed the tables")
    before = row_counts(app)
    for _ in range(10):  # a stranger may not start a rematch, whatever it sends
        form = {rng.choice(["dealer", "ruleset", "name-0", "x"]): rng.choice(HOSTILE)}
        response = stranger.post(f"{url}/rematch", data=form)
        if response.status_code != 403:
            failures.append(f"stranger's rematch {form} -> {response.status_code}")
    assert row_counts(app) == before
    for bad in ("0", "999999", "2147483648", "%D9%A1"):
        for path in (f"/games/{bad}.csv", f"/games/{bad}/export.json", f"/games/{bad}/rematch"):
            method = "POST" if path.endswith("rematch") else "GET"
            if client.open(path, method=method).status_code != 404:
                failures.append(f"{method} {path} is not a 404")
    app.config["WTF_CSRF_ENABLED"] = True
    for phone in (client, stranger):
        if phone.post(f"{url}/rematch").status_code not in (400, 403):
            failures.append("a rematch without its CSRF token was accepted")
    assert row_counts(app) == before
    app.config["WTF_CSRF_ENABLED"] = False
    opened = set()
    for _ in range(3):  # the scorekeeper's rematch, whatever the form holds, is one new game
        response = client.post(f"{url}/rematch", data={"dealer": rng.choice(HOSTILE)})
        opened.add(response.location)
        if response.status_code != 303:
            failures.append(f"scorekeeper's rematch -> {response.status_code}")
    assert len(opened) == 1, opened  # tapped again, it opens the same one
    with app.app_context():
        from companion.models import Game
        assert db.session.scalar(select(func.count()).select_from(Game)) == before["game"] + 1
    assert not failures, "\n".join(failures)
