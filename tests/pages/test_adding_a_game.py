"""docs/adding-a-game.md kept true: its game, built from the doc's own code blocks, is played
through the real app. The doc's modules are executed under the names it gives them, its
templates served from a temporary folder in front of the app's, and its registry line
registers the game for this test's app only: the product's registry never lists it."""

import ast
import doctest
import io
import re
import sys
import types
from pathlib import Path

import pytest
from jinja2 import ChoiceLoader, FileSystemLoader

from companion import registry
from companion.pages.base import Pages
from tests.helpers import errors, new_game, text, totals
from tests.pages import test_registry

DOC = Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md"
#: A block is headed by its path in backquotes: ### `companion/rules/longest.py`
BLOCK = re.compile(r"^#+ `(?P<path>[^`]+)`\n+```\w*\n(?P<code>.*?)^```", re.M | re.S)


def blocks() -> dict[str, str]:
    """The doc's code blocks by the path each is headed with."""
    return {m["path"]: m["code"] for m in BLOCK.finditer(DOC.read_text(encoding="utf-8"))}


def one(found: dict[str, str], folder: str) -> tuple[str, str]:
    """The single block whose path starts with `folder`, as (path, code)."""
    paths = [p for p in found if p.startswith(folder)]
    assert len(paths) == 1, f"the doc should show one file in {folder}: {paths}"
    return paths[0], found[paths[0]]


def module_from(path: str, code: str, monkeypatch) -> types.ModuleType:
    """The doc's code run as the module its path names (companion/rules/longest.py ->
    companion.rules.longest), in sys.modules for this test only; its doctests must pass."""
    name = path.removesuffix(".py").replace("/", ".")
    module = types.ModuleType(name)
    module.__package__ = name.rpartition(".")[0]
    monkeypatch.setitem(sys.modules, name, module)
    exec(compile(code, f"{DOC.name}: {path}", "exec"), module.__dict__)
    runner = doctest.DocTestRunner()
    for test in doctest.DocTestFinder().find(module, name, module=module):
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0, f"{path}'s doctests"
    return module


@pytest.fixture
def doc_modules(monkeypatch) -> dict[str, types.ModuleType]:
    """The doc's rules, pages and tests as modules, by path."""
    found = blocks()
    modules = {}
    for folder in ("companion/rules/", "companion/pages/", "tests/rules/"):
        path, code = one(found, folder)
        modules[path] = module_from(path, code, monkeypatch)
    path, code = one(found, "tests/pages/test_longest")
    modules[path] = module_from(path, code, monkeypatch)
    return modules


@pytest.fixture
def doc_pages(doc_modules, monkeypatch) -> Pages:
    """The game the doc's registry line makes, registered as that line would (for this test)."""
    names = {"__name__": "companion.registry", "__package__": "companion", "Pages": Pages}
    exec(blocks()["companion/registry.py"], names)
    pages = names["GAMES"][-1]
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, pages))
    monkeypatch.setitem(registry.PAGES, pages.rules.key, pages)
    monkeypatch.setitem(registry.RULESETS, pages.rules.key, pages.rules)
    return pages


def test_the_docs_own_tests_pass(doc_modules):
    ran = 0
    for module in doc_modules.values():
        for name, test in vars(module).items():
            if not name.startswith("test_"):
                continue
            marks = [m for m in getattr(test, "pytestmark", []) if m.name == "parametrize"]
            cases = marks[0].args[1] if marks else [()]
            for case in cases:
                test(*case)
            ran += 1
    assert ran >= 4


def test_the_docs_game_keeps_the_registrys_contract(doc_pages, monkeypatch):
    sample = ast.literal_eval("{" + blocks()["tests/pages/test_registry.py"] + "}")
    monkeypatch.setattr(test_registry, "SAMPLE_ROUNDS", {**test_registry.SAMPLE_ROUNDS, **sample})
    test_registry.test_every_game_declares_a_name_seats_settings_and_word_rules(doc_pages.rules)
    test_registry.test_a_round_round_trips_through_its_form(doc_pages)


@pytest.fixture
def doc_app(app, doc_pages, tmp_path):
    """The app with the doc's templates in front of its own (for this test's app only)."""
    for path, code in blocks().items():
        if path.startswith("templates/"):
            target = tmp_path / path.removeprefix("templates/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(code, encoding="utf-8")
    app.jinja_env.loader = ChoiceLoader([FileSystemLoader(tmp_path), app.jinja_env.loader])
    return app


def words_form(*words) -> dict:
    return {f"word-{seat}": word for seat, word in enumerate(words)}


@pytest.mark.databases("sqlite")
def test_the_docs_game_is_played_through_the_app(doc_app, doc_pages):
    client = doc_app.test_client()
    assert "Longest word" in text(client.get("/games/new").text)
    url = new_game(client, names=("Ann", "Bo"), ruleset=doc_pages.rules.key, goal=10)
    page = client.get(url).text
    assert "Round 1: Ann deals" in text(page)
    assert set(words_form("", "")) <= set(re.findall(r'name="([^"]+)"', page))  # the form's fields

    saved = client.post(f"{url}/rounds", data=words_form("jazzy", "quota"))
    assert saved.status_code == 303
    page = client.get(url).text
    assert totals(page) == [5, 5]  # tied for longest: both score
    edit = re.search(r'href="([^"]*/edit)"\s+class="cell-link" aria-label="1 edit: round 1"', page)[1]
    assert 'value="JAZZY"' in client.get(edit).text  # the saved round in its form again

    refused = client.post(f"{url}/rounds", data=words_form("", ""))
    assert refused.status_code == 422
    assert errors(refused.text) == ["Nobody laid a word: type at least one."]
    refused = client.post(f"{url}/rounds", data=words_form("J4ZZY", "X"))
    assert errors(refused.text) == ["Only letters A–Z.", "A word has 2 to 8 letters; this one has 1."]

    preview = client.get(f"{url}/rounds/preview", query_string=words_form("zomb", "o")).text
    assert "4 letters" in text(preview) and "1 letters" in text(preview)

    assert client.post(f"{url}/rounds", data=words_form("zombies", "ox")).status_code == 303
    page = client.get(url).text
    assert totals(page) == [12, 5]
    assert "Ann wins with 12!" in text(page)
    assert "Round 2: Ann ZOMBIES, Bo OX" in text(client.get(f"{url}/history").text)
    assert client.get(f"{url}.json").json["totals"] == {"Ann": 12, "Bo": 5}


@pytest.mark.databases("sqlite")
def test_a_challenge_of_the_docs_game_takes_the_word_back(doc_app, doc_pages):
    client = doc_app.test_client()
    url = new_game(client, names=("Ann", "Bo"), ruleset=doc_pages.rules.key)
    client.post(f"{url}/rounds", data=words_form("jazzy", "quiz"))
    link = re.search(r'href="([^"]*/challenge\?[^"]*)"\s+class="cell-link word" aria-label="Challenge Ann',
                     client.get(url).text)[1].replace("&amp;", "&")  # the scoreboard's link
    assert "Not a word: Ann takes it back" in text(client.get(link).text)
    recorded = client.post(link, data={"challenger": "1", "verdict": "rejected"})
    assert recorded.status_code == 303, errors(recorded.text)
    assert totals(client.get(url).text) == [0, 4]

    exported = client.get(f"{url}/export.json").data  # and imported again: replayed as typed
    imported = client.post("/games/import", data={"file": (io.BytesIO(exported), "game.json")})
    assert imported.status_code == 303, text(imported.text)
    assert totals(client.get(imported.location).text) == [0, 4]
    assert client.get(f"{url}.csv").text.splitlines()[-1] == "1,0,0,4,4"  # from progress
