"""A deterministic fuzz of every route and form a phone on the table's Wi-Fi can reach.

For every rule in ``app.url_map`` (so a new route is fuzzed without touching this file),
each method it takes and one it does not, against a FOOT! game for three with two rounds
saved and one challenge, this proves that:

* no request makes the server fail (no 5xx, no exception escaping a view), whatever the
  URL ids (real, missing, huge, Unicode digits), the fields of the form or query string
  (odd Unicode digits, huge numbers, control characters, markup, missing, repeated, near
  the 64 KB body limit), the content type (a form, multipart with a garbage file part,
  JSON, plain text, undecodable bytes, a broken multipart body) or the phone (the
  scorekeeper's, which holds the game's cookie, or a stranger's);
* a refused request (status >= 400) saves nothing: every table has as many rows after
  it as before;
* with CSRF protection on, no POST without a valid token is accepted (400 or 403),
  and nothing is saved.

One seeded ``random.Random`` drives it, so every run sends the same requests. A failure
lists every failing request (method, path, fields, status), so one run shows them all.
"""

from __future__ import annotations

import io
import json
import random
import re
import traceback
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlencode

from PIL import Image
from sqlalchemy import func, select
from werkzeug.datastructures import MultiDict

from companion.extensions import db
from companion.models import Play
from conftest import new_game, round_form

SEED = 20261122
FUZZ_PER_METHOD = 2  # random forms per (route, method, phone) at the route's real URL
PHONES = ("scorekeeper", "stranger")
WRONG_METHODS = ("PUT", "DELETE", "PATCH")

# --- Hostile values ---------------------------------------------------------------------

#: Characters str.isdigit() accepts that are not ASCII digits (some int() refuses).
ODD_DIGITS = ["²", "١٢", "５", "⁰", "𝟙", "፩", "߁"]
NUMBERS = ["9" * 5000, "99999999999999999999", "9223372036854775808", "-1", "1e9", " 1 ",
           "0x10", "1.5", "+1", "00", "٠"]
STRINGS = ["", " ", "\x00", "A\x00B", "\u202eYZZAJ", "\u200b", "\ufeff1", "\r\n", "\x1b[2J",
           "' OR '1'='1", "1; DROP TABLE game;--", "<script>alert(1)</script>", "{{ 7*7 }}",
           "%s%s%n", "../../../etc/passwd", "null", "[1]", '{"a": 1}',
           "ＪＡＺＺＹ", "ÆØÅÆØ", "😀😀😀😀😀", "ßßßßß", "ﬃ", "Ǆ"]
#: Each breaks a different assumption of `int(x) if x.isdigit()`: that int() takes what
#: isdigit() accepts, that int() takes any number of digits, that the database takes the int.
SHARP = ["²", "9" * 5000, "99999999999999999999"]
#: Just under the app's 64 KB body limit, with the other fields of a form beside it.
LONG = "Q" * 60_000
HOSTILE = ODD_DIGITS + NUMBERS + STRINGS + [LONG]

#: URL ids: ids no row has, and ids no database integer can hold.
BAD_IDS = ["0", "999999", "99999999999999999999", "9223372036854775808", "9" * 5000]
#: Digits that are not ASCII, in a URL segment: ², fullwidth 1, Arabic-Indic 1, 𝟙.
ODD_DIGIT_SEGMENTS = ["%C2%B2", "%EF%BC%91", "%D9%A1", "%F0%9D%9F%99"]

#: Field names no form has, or has under another spelling.
STRAY_NAMES = ["word-4", "word-١", "noword-²", "photo-99999999999999999999", "card-12",
               "name-５", "out[]", "", "csrf_token", "seat", "round"]


class Upload(NamedTuple):
    """A file part; in a form that cannot carry files, its name is sent instead."""
    content: bytes
    filename: str


def _tiny_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(out, "PNG")
    return out.getvalue()


UPLOADS = [Upload(b"\x00\xffnot a photo", "photo.jpg"), Upload(_tiny_png(), "cards.png"),
           Upload(b"JAZZY a word\nQUOTA\n", "list.txt"),
           Upload(b"\x1f\x8bnot gzip", "list.txt.gz"), Upload(b"", ""),
           Upload(b"GARBAGE\x00", "../../x.txt"), Upload(b"A\n", "\u202etxt.exe")]
ALL_FIELDS = ["out", *(f"word-{s}" for s in range(4)), *(f"noword-{s}" for s in range(4)),
              "final", "challenger", "verdict", "nonce", "ruleset",
              *(f"name-{s}" for s in range(4)),
              "dealer", "list", "mode", "word", "action", "definition", "play", "q", "hand",
              "game", "name", "file", *(f"photo-{s}" for s in range(4)),
              *(f"card-{k}" for k in range(12)), "suggestion"]

# --- The game the URLs name -------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """A FOOT! game for three with two rounds saved and one challenge, by its ids."""
    game: int
    rounds: tuple[int, int]
    plays: tuple[int, ...]

    def real(self, arg: str) -> str:
        """A value for a URL variable that names something in this game."""
        return str({"game_id": self.game, "round_id": self.rounds[0], "seat": 0,
                    "play_id": self.plays[-1]}.get(arg, 1))


def set_table(app, keeper) -> Table:
    """Play the game through the forms, as the scorekeeper's phone."""
    url = new_game(keeper, names=("Ann", "Bo", "Cy"), ruleset="foot")
    for form in (round_form("JAZZY", "BLORF", "", out=0), round_form("QUOTA", "", "JAZZY", out=2)):
        assert keeper.post(f"{url}/rounds", data=form).status_code == 303
    game_id = int(url.rstrip("/").rsplit("/", 1)[1])
    first, second = play_ids(app, game_id)
    response = keeper.post(f"{url}/rounds/{first}/challenge/1",
                           data={"challenger": "0", "verdict": "rejected"})
    assert response.status_code == 303
    return Table(game_id, (first, second), tuple(play_ids(app, game_id)))


def play_ids(app, game_id: int) -> list[int]:
    with app.app_context():
        return list(db.session.scalars(
            select(Play.id).where(Play.game_id == game_id).order_by(Play.id)))


def row_counts(app) -> dict[str, int]:
    """How many rows each table holds."""
    with app.app_context():
        return {table.name: db.session.scalar(select(func.count()).select_from(table))
                for table in db.metadata.sorted_tables}


# --- Forms ------------------------------------------------------------------------------


def valid_form(endpoint: str, table: Table, nonce: str) -> list[tuple[str, object]]:
    """What the real page would send to this endpoint (empty when it sends no fields)."""
    round_ = [("nonce", nonce), ("word-0", "JAZZY"), ("word-1", "QUOTA"), ("noword-2", "on"),
              ("out", "0")]
    return {
        "games.new": [("ruleset", "foot"), ("name-0", "Ann"), ("name-1", "Bo"),
                      ("name-2", "Cy"), ("dealer", "0")],
        "rounds.create": round_ + [("photo-0", UPLOADS[0])],
        "rounds.preview": round_[1:],
        "rounds.edit": round_ + [("final", "on")],
        "rounds.undo": [("play", str(table.plays[-1]))],
        "challenges.challenge": [("nonce", nonce), ("challenger", "1"), ("verdict", "stands")],
        "lookup.lookup": [("game", "poker5"), ("q", "JAZZY QUOTA"), ("hand", "QUIZES?")],
        "lookup.game_lookup": [("q", "JAZZY"), ("hand", "QUIZES?")],
        "house.change_word": [("nonce", nonce), ("word", "ZYZZY"), ("definition", "a weevil"),
                              ("action", "add")],
        "house.choose_list": [("nonce", nonce), ("list", ""), ("mode", "also")],
        "house.lists": [("name", "Table list"), ("file", UPLOADS[2])],
        "scans.scan": round_ + [("photo-0", UPLOADS[1])],
        "scans.use": round_ + [("card-0", "Q"), ("card-1", "U"), ("suggestion", "QUOTA")],
    }.get(endpoint, [])


def plausible(name: str, table: Table, nonce: str) -> list[object]:
    """Values the real page could send in this field."""
    if name == "file" or name.startswith("photo-"):
        return UPLOADS
    return {
        "out": ["0", "1", "2"], "word": ["JAZZY", "QUOTA", "QUI?K", "BLORF", "jazzy", "ZYZZY"],
        "noword": ["on"], "final": ["on"], "challenger": ["0", "1", "2"],
        "verdict": ["rejected", "stands"], "ruleset": ["foot", "zoot"],
        "name": ["Ann", "Bo", "Cy", "Di"], "dealer": ["0", "1", "2", "3"], "list": ["", "1"],
        "mode": ["only", "also"], "action": ["add", "remove"], "definition": ["a weevil"],
        "play": [str(p) for p in table.plays], "q": ["JAZZY", "JAZZY QUOTA QUI?K"],
        "hand": ["QUIZES?", "AEIRST"], "suggestion": ["QUOTA"], "card": list("AQZ?"),
        "game": ["foot", "zoot", "poker", "poker5", "fez", "family", "family4"],
        "nonce": [nonce],
    }.get(name.rsplit("-", 1)[0], ["1"])


def hostile(rng: random.Random, name: str, long_used: bool) -> object:
    if (name == "file" or name.startswith("photo-")) and rng.random() < 0.5:
        return rng.choice(UPLOADS)
    value = rng.choice(HOSTILE)
    return rng.choice(STRINGS) if value is LONG and long_used else value


def fuzzed_fields(rng: random.Random, endpoint: str, table: Table) -> tuple[list, list[str]]:
    """The endpoint's real form with one to three hostile mutations, or a random form
    over every field name; and the names of the fields mutated."""
    nonce = f"fuzz-{rng.randrange(10**9)}"
    base = valid_form(endpoint, table, nonce)
    names = [n for n, _ in base] or ALL_FIELDS
    if base and rng.random() < 0.75:
        fields = list(base)
    else:
        fields = [(n, rng.choice(plausible(n, table, nonce))) for n in names
                  if rng.random() < (0.6 if base else 0.1)]
    mutated: list[str] = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(("hostile", "hostile", "hostile", "drop", "repeat", "stray"))
        long_used = any(v is LONG for _, v in fields)
        name = rng.choice(names)
        if kind == "drop":
            fields = [(n, v) for n, v in fields if n != name]
            mutated.append(f"no {name}")
            continue
        if kind == "stray":
            name = rng.choice(STRAY_NAMES)
        value = hostile(rng, name, long_used)
        if kind == "hostile":
            fields = [(n, v) for n, v in fields if n != name]
        elif kind == "repeat":  # the same field twice, a plausible value and a hostile one
            fields.append((name, rng.choice(plausible(name, table, nonce))))
        fields.append((name, value))
        mutated.append(f"{'twice ' if kind == 'repeat' else ''}{name}={short(value, 24)}")
    return fields, mutated


# --- Requests ---------------------------------------------------------------------------


@dataclass
class Case:
    rule: str
    method: str
    path: str
    phone: str = "scorekeeper"
    encoding: str = "form"
    fields: list = field(default_factory=list)
    headers: dict = field(default_factory=dict)
    mutated: list[str] = field(default_factory=list)


BROKEN_MULTIPART = (b'--fuzz\r\nContent-Disposition: form-data; name="out"\r\n\r\n\xc2\xb2\r\n'
                    b'--fuzz\r\nContent-Disposition: form-data; name="photo-0"; filename="a.jpg"'
                    b'\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\x00')


def request_kwargs(case: Case) -> dict:
    """The fields, encoded as the case's content type."""
    plain = [(n, v.filename if isinstance(v, Upload) else v) for n, v in case.fields]
    if case.encoding == "query":
        return {"query_string": urlencode(plain)}
    if case.encoding == "form":
        return {"data": MultiDict(plain)}
    if case.encoding == "multipart":
        parts = [(n, (io.BytesIO(v.content), v.filename) if isinstance(v, Upload) else v)
                 for n, v in case.fields]
        return {"data": MultiDict(parts), "content_type": "multipart/form-data"}
    if case.encoding == "json":
        return {"data": json.dumps(dict(plain)), "content_type": "application/json"}
    if case.encoding == "text":
        return {"data": urlencode(plain), "content_type": "text/plain"}
    if case.encoding == "bytes":  # percent-escapes and raw bytes that are not UTF-8
        return {"data": urlencode(plain).encode() + b"&out=%FF%FE&word-0=\xb2\xff",
                "content_type": "application/x-www-form-urlencoded"}
    assert case.encoding == "broken-multipart"
    return {"data": BROKEN_MULTIPART, "content_type": "multipart/form-data; boundary=fuzz"}


def send(client, case: Case) -> tuple[int, str]:
    """The response's status; an exception escaping the app counts as a 500."""
    try:
        response = client.open(case.path, method=case.method, headers=case.headers,
                               **request_kwargs(case))
    except Exception as error:  # noqa: BLE001 - TESTING propagates what would be a 500
        return 500, crash_note(error)
    return response.status_code, ""


def crash_note(error: Exception) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if "/companion/" in f.filename] or frames[-1:]
    where = (f" at {Path(ours[-1].filename).name}:{ours[-1].lineno} {ours[-1].name}()"
             if ours else "")
    message = str(error) if len(str(error)) <= 90 else f"{str(error)[:89]}…"
    return f"{type(error).__name__}: {message}{where}"


def short(value: object, limit: int = 40) -> str:
    text = repr(value.filename if isinstance(value, Upload) else value)
    text = f"file {text}" if isinstance(value, Upload) else text
    return text if len(text) <= limit else f"{text[:limit - 12]}…({len(text)} chars)"


def describe(case: Case, status: int, problem: str) -> str:
    path = re.sub(r"[^/]{41,}", lambda m: short(m.group(0), 30), case.path)
    fields = " ".join(f"{n}={short(v)}" for n, v in case.fields) or "-"
    mutated = f" [{', '.join(case.mutated)}]" if case.mutated else ""
    return (f"{case.method} {path} ({case.phone}, {case.encoding}){mutated}\n"
            f"      fields: {fields}\n      -> {status} {problem}")


# --- The cases --------------------------------------------------------------------------


def fuzzed_rules(app) -> list:
    return sorted((r for r in app.url_map.iter_rules()
                   if r.endpoint != "static" and not r.endpoint.endswith(".static")),
                  key=lambda r: (r.rule, r.endpoint))


def path_for(rule, values: dict[str, str]) -> str:
    return re.sub(r"<(?:[^<>:]+:)?(\w+)>", lambda m: values[m.group(1)], rule.rule)


def fuzz_case(rng: random.Random, rule, method: str, path: str, phone: str,
              table: Table, fields: list | None = None, mutated: list[str] | None = None) -> Case:
    """A request to `path`: the given fields, or a fuzzed form, in a random encoding."""
    if fields is None:
        fields, mutated = fuzzed_fields(rng, rule.endpoint, table)
    if method in ("GET", "HEAD", "OPTIONS"):
        encoding = "query"
        fields = [(n, v) for n, v in fields if not isinstance(v, Upload)]
    else:
        encoding = rng.choices(("form", "multipart", "json", "text", "bytes", "broken-multipart"),
                               weights=(5, 4, 1, 1, 1, 1))[0]
    headers = {}
    if rng.random() < 0.25:  # htmx asking for one region of the page
        headers = {"HX-Request": "true",
                   "HX-Target": rng.choice(("verdicts", "best-words", "scoreboard", "x"))}
    return Case(rule.rule, method, path, phone, encoding, fields, headers, mutated or [])


def sharp_case(rng: random.Random, rule, method: str, path: str, table: Table,
               name: str, value: str) -> Case:
    """The real form with one field set to `value`, sent as the page sends it."""
    form = valid_form(rule.endpoint, table, f"fuzz-{rng.randrange(10**9)}")
    fields = [(n, value if n == name else v) for n, v in form]
    case = fuzz_case(rng, rule, method, path, "scorekeeper", table, fields,
                     [f"{name}={short(value, 24)}"])
    if case.encoding != "query":
        case.encoding = "multipart" if any(isinstance(v, Upload) for _, v in fields) else "form"
    return case


def cases(rng: random.Random, rule, table: Table):
    """At the route's real URL: each field of its form set in turn to each SHARP value,
    random forms from both phones, every method and a wrong one. Then each URL variable
    in turn set to an id that names nothing, or to digits that are not ASCII."""
    methods = sorted(rule.methods - {"HEAD", "OPTIONS"})
    real = {arg: table.real(arg) for arg in rule.arguments}
    path = path_for(rule, real)
    for method in methods:
        for name, _ in valid_form(rule.endpoint, table, ""):
            for value in SHARP:
                yield sharp_case(rng, rule, method, path, table, name, value)
        for phone in PHONES:
            for _ in range(FUZZ_PER_METHOD):
                yield fuzz_case(rng, rule, method, path, phone, table)
    for method in sorted(rule.methods & {"HEAD", "OPTIONS"}):
        yield fuzz_case(rng, rule, method, path, "scorekeeper", table)
    wrong = rng.choice([m for m in WRONG_METHODS if m not in rule.methods])
    yield fuzz_case(rng, rule, wrong, path, rng.choice(PHONES), table)
    for arg in sorted(rule.arguments):
        for bad in BAD_IDS + ODD_DIGIT_SEGMENTS:
            case = fuzz_case(rng, rule, rng.choice(methods), path_for(rule, real | {arg: bad}),
                             "scorekeeper", table)
            case.mutated.insert(0, f"URL {arg}={short(bad, 24)}")
            yield case


def report(failures: list[tuple[Case, int, str]], sent: int) -> str:
    """Distinct failures first (method, route, status, what went wrong, fields mutated),
    then every failing request."""
    groups: dict[tuple, list[Case]] = defaultdict(list)
    for case, status, problem in failures:
        # group by where it went wrong, not by the value that did it
        problem = re.sub(r"'[^']*'|\"[^\"]*\"|\{.*\}", "…", problem)
        groups[(case.method, case.rule, status, problem)].append(case)
    lines = [f"{len(failures)} of {sent} requests failed; distinct failures:"]
    for (method, rule, status, problem), group in groups.items():
        changes = sorted({", ".join(c.mutated) or "-" for c in group})
        more = f"; and {len(changes) - 6} more" if len(changes) > 6 else ""
        lines.append(f"  {method} {rule} -> {status} {problem} ×{len(group)}"
                     f"\n      changes: {'; '.join(changes[:6])}{more}")
    lines.append("Every failing request:")
    lines += [f"  {describe(case, status, problem)}" for case, status, problem in failures]
    return "\n".join(lines)


# --- Tests ------------------------------------------------------------------------------


def test_no_request_fails_the_server_and_a_refused_one_saves_nothing(app, client):
    stranger = app.test_client()
    phones = {"scorekeeper": client, "stranger": stranger}
    rng = random.Random(SEED)
    failures: list[tuple[Case, int, str]] = []
    sent = 0
    for rule in fuzzed_rules(app):
        table = set_table(app, client)  # a fresh game for each route: earlier ones changed theirs
        for case in cases(rng, rule, table):
            before = row_counts(app)
            status, crash = send(phones[case.phone], case)
            sent += 1
            if status >= 500:
                failures.append((case, status, crash or "server error"))
            if status >= 400 and (after := row_counts(app)) != before:
                changed = {t: f"{before[t]}→{after[t]}" for t in before if before[t] != after[t]}
                failures.append((case, status, f"refused, yet saved rows: {changed}"))
    assert not failures, report(failures, sent)


def test_no_post_without_its_csrf_token_is_accepted(app, client):
    table = set_table(app, client)  # set up with CSRF off, as the other tests do
    app.config["WTF_CSRF_ENABLED"] = True
    failures: list[tuple[Case, int, str]] = []
    sent = 0
    for rule in fuzzed_rules(app):
        if "POST" not in rule.methods:
            continue
        path = path_for(rule, {arg: table.real(arg) for arg in rule.arguments})
        form = valid_form(rule.endpoint, table, "csrf-nonce")
        for encoding in ("form", "multipart"):
            for label, token, headers in (("no token", [], {}),
                                          ("forged token", [("csrf_token", "forged")],
                                           {"X-CSRFToken": "forged"})):
                case = Case(rule.rule, "POST", path, "scorekeeper", encoding, form + token,
                            headers, [label])
                before = row_counts(app)
                status, crash = send(client, case)
                sent += 1
                if status not in (400, 403):
                    failures.append((case, status, crash or "accepted without a valid token"))
                if (after := row_counts(app)) != before:
                    failures.append((case, status, f"saved rows: {before} → {after}"))
    assert sent, "no POST route found"
    assert not failures, report(failures, sent)
