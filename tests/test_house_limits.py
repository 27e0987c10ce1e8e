"""The house's limits: what a game, a list, a guesser or a copied cookie can cost the server,
and what the server says when it is not set up."""

from __future__ import annotations

import io
import json
import random
import sys

import pytest

from companion.rules import log
from companion.rules.log import EDIT, VOID, Play, replaced
from conftest import new_game, round_form

WORDS = ["JAZZY", "QUOTA", "FJORD", "OXBOW"]


def export_file(plays: list[dict], players=("Ann", "Bo", "Cy", "Di")) -> bytes:
    return json.dumps({"companion": 1, "ruleset": "foot", "players": list(players),
                       "first_dealer": 0, "plays": plays}).encode()


def one_round_edited(edits: int) -> list[dict]:
    """A game of one round edited again and again, as an import may bring it."""
    plays = [{"id": 1, "kind": "round", "data": {"words": WORDS, "out": 0, "final": False}}]
    for n in range(2, edits + 2):
        words = [WORDS[(n + seat) % 4] for seat in range(4)]
        plays.append({"id": n, "kind": "edit",
                      "data": {"round": 1, "words": words, "out": 0, "final": False}})
    return plays


def imported(client, plays: list[dict]) -> str:
    answer = client.post("/games/import", data={"file": (io.BytesIO(export_file(plays)), "g.json")})
    assert answer.status_code == 303, answer.text[:500]
    return answer.location


def calls_made(do) -> int:
    """How many Python functions (and generator steps) `do` runs: the work it costs, counted
    rather than timed."""
    count = 0

    def counted(frame, event, arg):
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(counted)
    try:
        do()
    finally:
        sys.setprofile(None)
    return count


# --- 4. History of a game of thousands of edits costs in step with its length ---------------

def test_history_and_page_work_grow_in_step_with_the_edits(app):
    """A History of four times the edits costs about four times the work, not sixteen; the
    first page view of the game (which describes the entry Undo takes back) too."""
    work = {}
    for edits in (500, 2000):
        client = app.test_client()
        game = imported(client, one_round_edited(edits))
        work[edits] = (calls_made(lambda: client.get(f"{game}/history")),
                       calls_made(lambda: client.get(game)))
        history = client.get(f"{game}/history").text
        assert "Edited round 1: " in history and "→" in history
    for kind, (small, large) in zip(("history", "page"), zip(work[500], work[2000])):
        assert large < 6 * small, (kind, small, large)


def _random_log(rng: random.Random) -> list[Play]:
    log: list[Play] = []
    for play_id in range(1, rng.randint(2, 30)):
        roll = rng.random()
        if roll < 0.3 or not log:
            log.append(Play(play_id, "round", {}))
        elif roll < 0.65:
            log.append(Play(play_id, EDIT, {"round": rng.choice(log).id}))
        else:
            log.append(Play(play_id, VOID, {"play": rng.choice(log).id,
                                            "reason": rng.choice(["undo", "delete"])}))
    return log


def test_every_edit_replaces_what_one_edit_at_a_time_says():
    """The one-pass reading agrees with the edit-by-edit one on logs of rounds, edits, undos,
    deletes and undone deletes, in any mix."""
    rng = random.Random(36)
    for _ in range(3000):
        plays = _random_log(rng)
        found = log.replaced_all(plays)
        for play in plays:
            if play.kind == EDIT:
                assert found[play.id] == replaced(plays, play), (plays, play)


def many_rounds(rounds: int) -> list[dict]:
    return [{"id": n, "kind": "round",
             "data": {"words": [WORDS[(n + seat) % 4] for seat in range(4)], "out": 0, "final": False}}
            for n in range(1, rounds + 1)]


def test_history_of_many_rounds_grows_in_step_with_them(app):
    """Each entry names its round by number: looked up, not counted out again per entry."""
    work = []
    for rounds in (500, 2000):
        client = app.test_client()
        game = imported(client, many_rounds(rounds))
        work.append(calls_made(lambda: client.get(f"{game}/history")))
        assert f"Round {rounds}: " in client.get(f"{game}/history").text
    assert work[1] < 6 * work[0], work


def test_a_game_of_thousands_of_rounds_shows_its_latest(app, client):
    """The page shows the latest 200 rounds and says where the others are; History has all."""
    game = imported(client, many_rounds(1000))
    page = client.get(game).text
    assert 'id="round-1000"' in page and 'id="round-801"' in page
    assert 'id="round-800"' not in page and "Rounds 1 to 800 are in" in page
    assert "Round 1: " in client.get(f"{game}/history").text
    short = new_game(client)
    assert "are in" not in client.get(short).text
