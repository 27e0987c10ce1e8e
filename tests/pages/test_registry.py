"""A contract over the registry: every game declares what the views need, its pages bring
their templates, and its play kinds round-trip through its own form reader. A new game adds
its sample round here."""

from pathlib import Path

import pytest

from companion.registry import GAMES, RULESETS, lookup_choices, startable
from companion.rules.log import Play

TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "games"

#: A round as its form would send it, per game (players: the fewest the game seats).
SAMPLE_ROUNDS = {
    "foot": {"word-0": "JAZZY", "noword-1": "on", "out": "0"},
    "zoot": {"word-0": "QUIZZES", "noword-1": "on", "out": "0"},
    "family": {"winner": "1", "points-0": "23", "points-1": ""},
    "fez": {"seat": "0", "tiles": "PLAC?NG", "colours": "RRRRRRR", "stars": "B", "reads": "PLACING"},
    "hand-and-foot": {"out": "0", "clean-0": "1", "dirty-0": "1", "meld-0-ace": "8", "meld-0-high": "7", "meld-0-two": "1",
                      "meld-1-low": "3", "left-1-red3": "1", "left-1-joker": "2", "drew22-3": "on"},
    "poker": {},  # a new deal: nothing to type
}


@pytest.mark.parametrize("rules", RULESETS.values(), ids=lambda r: r.key)
def test_every_game_declares_a_name_seats_settings_and_word_rules(rules):
    assert rules.key and rules.name
    fewest, most = rules.seats
    assert 2 <= fewest <= most <= 8
    defaults = rules.defaults()
    assert rules.settings_of({}) == rules.settings_of(None) == defaults
    assert all(s.default in s.choices for s in rules.settings)
    assert rules.word_rules(defaults).min_length >= 2
    assert bool(rules.lookups) == rules.words  # a word game offers its lookup
    assert all(choice in lookup_choices() for choice, _, _ in rules.lookups)


@pytest.mark.parametrize("pages", startable(), ids=lambda p: p.rules.key)
def test_a_game_that_keeps_score_brings_its_templates_and_an_empty_standing(pages):
    rules = pages.rules
    for name in ("_entry.html", "_preview.html", "_scoreboard.html", "_challenge.html"):
        assert (TEMPLATES / pages.template / name).is_file(), name
    for kind in pages.forms:  # a page of its own, or the game's page shared by its kinds
        assert any((TEMPLATES / pages.template / n).is_file() for n in (f"{kind}.html", "_play.html")), kind
    players = fewest_players(rules)
    empty = rules.standings(rules.defaults(), players, 1, [])
    assert len(set(empty.totals)) == 1 and empty.rows == () and not empty.finished  # all even
    assert len(rules.sides([f"P{i}" for i in range(players)], empty)) == len(empty.totals)
    assert empty.winners == () and 1 in (empty.dealer, empty.starter) and empty.unread == ()


@pytest.mark.parametrize("pages", startable(), ids=lambda p: p.rules.key)
def test_a_round_round_trips_through_its_form(pages):
    rules = pages.rules
    players, settings = fewest_players(rules), rules.defaults()
    empty = rules.standings(settings, players, 0, [])
    data, errors = pages.checked_round(SAMPLE_ROUNDS[rules.key], players, settings, empty)
    assert errors == {}
    assert rules.kinds[rules.row_kind](data, players)
    standing = rules.standings(settings, players, 0, [Play(1, rules.row_kind, data)])
    row = rules.editable(standing, 1)
    if row is not None:  # a game whose entries are edited (not ZOOT! Poker's deals)
        again, errors = pages.checked_round(pages.round_values(row), players, settings, standing, 1)
        assert errors == {} and again == data and rules.same_round(row, again)
    assert pages.describe(Play(1, rules.row_kind, data), [f"P{i}" for i in range(players)], standing, {})
    assert [r.as_json() for r in standing.rows]


def fewest_players(rules) -> int:
    """The fewest players the game's default settings allow."""
    return next(n for n in range(rules.seats[0], rules.seats[1] + 1)
                if rules.players_problem(rules.defaults(), n) is None)


def test_only_games_with_scorekeeping_can_be_started():
    assert [p.rules.key for p in startable()] == ["foot", "zoot", "family", "fez", "hand-and-foot", "poker"]


def test_one_line_a_game_gives_its_pages_and_their_rules():
    assert list(RULESETS) == [p.rules.key for p in GAMES]
    assert all(RULESETS[p.rules.key] is p.rules for p in GAMES)
