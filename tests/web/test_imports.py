"""An imported game's plays go through the checks of the forms that make them, each where it
stands in the log: what no form could have saved is refused with its place, its kind and the
form's reason, and nothing of the file is saved. Each file below is what a player could write
by hand (or a bug elsewhere could export); every one of them was accepted before."""

from __future__ import annotations

import io
import json

import pytest

from tests.helpers import errors, imported, row_counts, text, totals
from tests.web.evenings import hand_and_foot_evening, poker_evening


def export(ruleset: str, players: list[str], plays: list[tuple[str, dict]], **settings) -> dict:
    """A file as export_of writes it: plays numbered 1, 2, ... in order."""
    return {"companion": 1, "ruleset": ruleset, "settings": settings, "players": players,
            "first_dealer": 0, "created_at": "2026-05-09T19:30:00Z",
            "plays": [{"id": i, "kind": kind, "data": data, "created_at": "2026-05-09T19:31:00Z"}
                      for i, (kind, data) in enumerate(plays, start=1)]}


def foot(*rounds: list[str], out: int = 0) -> dict:
    return export("foot", ["Ann", "Bo", "Cy"],
                  [("round", {"words": list(words), "out": out, "final": False}) for words in rounds])


HF_WIN = {"clean": 1, "dirty": 1, "meld": {"ace": 8, "high": 6, "joker": 1}}
HF_LOSE = {"clean": 0, "dirty": 0, "meld": {"low": 3}, "left": {"red3": 1}}


def hand_and_foot(*teams_of_rounds: list[dict], out: int = 0) -> dict:
    return export("hand-and-foot", ["Ann", "Bo", "Cy", "Di"],
                  [("round", {"teams": teams, "out": out, "drew22": []}) for teams in teams_of_rounds])


def fez_word(seat: int, tiles: str, stars: str = "") -> tuple[str, dict]:
    return ("word", {"seat": seat, "tiles": tiles, "colours": "R" * len(tiles), "stars": stars})


BIG = 1_900_000  # characters: under the file's limit of 2 MB

#: (what, the file, the reason the player reads). Every one was imported before.
REFUSED = [
    ("a 60-letter FOOT! word (1,200 points)", foot(["Z" * 3 + "A" * 57, "QUOTA", ""]),
     "Play 1 (a round): Ann: A FOOT! word has 5 letters."),
    ("a 1.9 MB word", foot(["A" * BIG, "QUOTA", ""]), "Play 1 (a round): Ann: A FOOT! word has 5 letters."),
    ("a 1.9 MB unknown key", export("foot", ["Ann", "Bo"], [
        ("round", {"words": ["JAZZY", "QUOTA"], "out": 0, "final": False, "x" * BIG: 1})]),
     "Play 1 (a round): it holds “xxxxxxxxxxxxxxxxxxxx”, which no form of the game saves."),
    ("a 1.9 MB value under an unknown key", export("foot", ["Ann", "Bo"], [
        ("round", {"words": ["JAZZY", "QUOTA"], "out": 0, "final": False, "note": "x" * BIG})]),
     "Play 1 (a round): it holds “note”, which no form of the game saves."),
    ("a 7-team round in a 2-team game", hand_and_foot([HF_WIN] + [HF_LOSE] * 6),
     "Play 1 (a round): the game’s rules cannot place it here"),
    ("a FEZ word with 2,000 stars", export("fez", ["Ann", "Bo"], [fez_word(0, "PLACING", "R" * 2000)]),
     "Play 1 (a word): A star is red (R) or black (B); at most 4."),
    ("a FEZ word with colours not set", export("fez", ["Ann", "Bo"], [
        ("word", {"seat": 0, "tiles": "PLAY", "colours": "BB??", "stars": ""})]),
     "Play 1 of the file (word) is not a FEZ play Companion can read."),
    ("a lone surrogate in a word", json.dumps(foot(["JAZZ\ud800", "QUOTA", ""])),
     "a character no phone can show"),
    ("a NUL in a word list's name", export("foot", ["Ann", "Bo"], [
        ("house-list", {"list": 1, "name": "Col\x00lins", "list_only": True})]),
     "a character no phone can show"),
    ("a NUL in a player's name", json.dumps({**foot(), "players": ["Ann", "B\x00o", "Cy"]}),
     "a character no phone can show"),
    # Every other check of the forms comes through the same way.
    ("9 jokers in Hand and Foot", hand_and_foot(
        [{**HF_WIN, "meld": {"ace": 8, "high": 6, "joker": 5}}, {**HF_LOSE, "left": {"joker": 4}}]),
     "Play 1 (a round): The teams count 9 jokers, melded and left; four decks hold 8."),
    ("a dirty book with no wild card", hand_and_foot(
        [{**HF_WIN, "meld": {"ace": 8, "high": 6}}, HF_LOSE]),
     "Play 1 (a round): Ann & Cy: A dirty book holds a wild card"),
    ("ZZZZZZZ at a ZOOT! Poker showdown", export("poker", ["Ann", "Bo"], [
        ("deal", {}), ("action", {"deal": 1, "seat": 1, "action": "all-in", "amount": 195}),
        ("action", {"deal": 1, "seat": 0, "action": "call", "amount": 195}),
        ("showdown", {"deal": 1, "words": ["JAZZIER", "ZZZZZZZ"]})]),
     "Play 4 (a showdown): Bo: This word uses 7 Zs (the deck has 3)."),
    ("JAZZIER and QUIZZES at one showdown (4 Zs)", export("poker", ["Ann", "Bo"], [
        ("deal", {}), ("action", {"deal": 1, "seat": 1, "action": "all-in", "amount": 195}),
        ("action", {"deal": 1, "seat": 0, "action": "call", "amount": 195}),
        ("showdown", {"deal": 1, "words": ["JAZZIER", "QUIZZES"]})]),
     "Play 4 (a showdown): These words together use 4 Zs (the deck has 3)."),
    # Each kind of play, refused with its form's reason or what no form does.
    ("a round after the final round", export("foot", ["Ann", "Bo"], [
        ("round", {"words": ["JAZZY", "QUOTA"], "out": 0, "final": True}),
        ("round", {"words": ["JAZZY", "QUOTA"], "out": 0, "final": False})]),
     "Play 2 (a round): the game was over"),
    ("an edit of a round never saved", export("foot", ["Ann", "Bo"], [
        ("round", {"words": ["JAZZY", "QUOTA"], "out": 0, "final": False}),
        ("void", {"play": 1, "reason": "delete"}),
        ("edit", {"round": 1, "words": ["JAZZY", "QUOTE"], "out": 0, "final": False})]),
     "Play 3 (an edit of a round): it edits a round that is not in the game."),
    ("an edit to a 6-letter word", export("foot", ["Ann", "Bo"], [
        ("round", {"words": ["JAZZY", "QUOTA"], "out": 0, "final": False}),
        ("edit", {"round": 1, "words": ["JAZZY", "QUOTAS"], "out": 0, "final": False})]),
     "Play 2 (an edit of a round): Bo: A FOOT! word has 5 letters"),
    ("an undo of an entry that was not the last", export("foot", ["Ann", "Bo"], [
        ("round", {"words": ["JAZZY", "QUOTA"], "out": 0, "final": False}),
        ("round", {"words": ["QUOTA", "JAZZY"], "out": 1, "final": False}),
        ("void", {"play": 1, "reason": "undo"})]),
     "Play 3 (an undo): Undo takes back only the last entry"),
    ("a delete of a house rule's word list choice", export("foot", ["Ann", "Bo"], [
        ("house-list", {"list": None, "name": None, "list_only": True}),
        ("void", {"play": 1, "reason": "delete"})]),
     "Play 2 (a delete): it deletes an entry that is not a round or a house rule."),
    ("a challenge of a word nobody laid", export("foot", ["Ann", "Bo"], [
        ("round", {"words": ["JAZZY", ""], "out": 0, "final": False}),
        ("challenge", {"round": 1, "seat": 1, "challenger": 0, "verdict": "rejected"})]),
     "Play 2 (a challenge): There is no such word to challenge."),
    ("a challenge of one's own word", export("foot", ["Ann", "Bo"], [
        ("round", {"words": ["JAZZY", "QUOTA"], "out": 0, "final": False}),
        ("challenge", {"round": 1, "seat": 1, "challenger": 1, "verdict": "rejected"})]),
     "Play 2 (a challenge): A player cannot challenge their own word."),
    ("a challenge with a judge's reason of 1.9 MB", export("foot", ["Ann", "Bo"], [
        ("round", {"words": ["JAZZY", "QUOTA"], "out": 0, "final": False}),
        ("challenge", {"round": 1, "seat": 1, "challenger": 0, "verdict": "rejected",
                       "judge": {"verdict": "stands", "reason": "x" * BIG, "source": None}})]),
     "Play 2 (a challenge): the judge’s verdict it keeps is not one the judge gives."),
    ("a house rule of a word of 1.9 MB", export("foot", ["Ann", "Bo"], [
        ("house-add", {"word": "Z" * BIG, "definition": None})]),
     "Play 1 (a house rule): a house rule’s word is one word of letters A–Z (at most 30)."),
    ("card values that are not numbers", export("family", ["Ann", "Bo"], [
        ("card-values", {"values": {**{c: 1 for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}, "A": True,
                                    **{z: 10 for z in ("WILD", "DISCARD", "REPLACE", "TWO_TURNS", "CHECK")}}})]),
     "Play 1 (the card values): A: 0 to 50"),
    ("a poker bet out of turn", export("poker", ["Ann", "Bo"], [
        ("deal", {}), ("action", {"deal": 1, "seat": 0, "action": "bet", "amount": 20})]),
     "Play 2 (an action): its seat (0) is not what the form would have saved (1)."),
    ("a poker bet beyond the stack", export("poker", ["Ann", "Bo"], [
        ("deal", {}), ("action", {"deal": 1, "seat": 1, "action": "bet", "amount": 5000})]),
     "Play 2 (an action)"),
    ("a rebuy at a table without rebuys", export("poker", ["Ann", "Bo"], [
        ("deal", {}), ("action", {"deal": 1, "seat": 1, "action": "bet", "amount": 10}),
        ("action", {"deal": 1, "seat": 0, "action": "fold", "amount": 0}),
        ("rebuy", {"seat": 1, "chips": 100_000})]),
     "Play 4 (a rebuy): This table plays without rebuys."),
]


@pytest.mark.parametrize("what, file, reason", REFUSED, ids=[r[0] for r in REFUSED])
def test_what_no_form_could_save_is_refused_with_the_reason_and_nothing_saved(app, client, what, file, reason):
    before = row_counts(app)
    body = (file if isinstance(file, str) else json.dumps(file)).encode("utf-8", "surrogatepass")
    response = imported(client, body)
    assert response.status_code == 422, (what, errors(response.text))
    said = " ".join(errors(response.text))
    assert reason in said, (what, said)
    assert row_counts(app) == before, what
    assert "No game in progress." in client.get("/").text


def test_the_reason_names_the_play_and_says_nothing_was_imported(app, client):
    before = row_counts(app)
    response = imported(client, json.dumps(foot(["JAZZY", "QUOTA", ""], ["QUOTA", "Q" * 60, ""])).encode())
    assert errors(response.text) == ["Play 2 (a round): Bo: A FOOT! word has 5 letters. Nothing was imported."]
    assert row_counts(app) == before  # the good first round is not kept either


def test_a_played_game_of_every_kind_still_imports(app, client):
    """The evenings played through the forms (edits, deletes, undos, challenges, house rules, the
    poker betting and its showdown) replay through their forms unchanged."""
    for evening in (hand_and_foot_evening, poker_evening):
        url = evening(client)
        response = imported(app.test_client(), client.get(f"{url}/export.json").data)
        assert response.status_code == 303, errors(response.text)


def test_a_good_file_imports_and_its_pages_answer(app, client):
    good = export("fez", ["Ann", "Bo"], [fez_word(0, "PLACING", "RB"), fez_word(1, "QI")])
    response = imported(client, json.dumps(good).encode())
    assert response.status_code == 303, errors(response.text)
    for page in (response.location, f"{response.location}/history", "/stats"):
        assert client.get(page).status_code == 200, page
    assert "PLACING" in text(client.get(response.location).text)


def test_an_upload_field_of_text_is_not_a_file(client):
    response = client.post("/games/import", data={"file": (io.BytesIO(b"{}"), "")},
                           content_type="multipart/form-data")
    assert response.status_code == 422


def test_a_game_too_long_to_check_is_refused_and_house_rules_do_not_count(app, client):
    """A game whose standings are derived from the whole log only is checked up to 500
    entries (each entry's check derives them again); house rules change no standings."""
    before = row_counts(app)
    rounds = [["JAZZY", "QUOTA"]] * 501
    response = imported(client, json.dumps(export("foot", ["Ann", "Bo"], [
        ("round", {"words": words, "out": 0, "final": False}) for words in rounds])).encode())
    assert errors(response.text) == ["The file’s game is too long to import: each of its entries is "
                                     "checked as its form would check it, and a FOOT! game is checked "
                                     "up to 500 entries (house rules aside). Nothing was imported."]
    assert row_counts(app) == before
    house = [("house-add", {"word": f"ZY{chr(65 + i % 26)}{chr(65 + i // 26 % 26)}", "definition": None})
             for i in range(600)]
    response = imported(client, json.dumps(export("foot", ["Ann", "Bo"], house + [
        ("round", {"words": words, "out": 0, "final": False}) for words in rounds[:499]])).encode())
    assert response.status_code == 303, errors(response.text)


def test_a_long_poker_evening_is_checked_play_by_play_without_a_bound(client):
    """ZOOT! Poker carries its standings on play by play: 10,000 entries (a bet and a fold
    a deal) are each checked, and import."""
    plays: list[tuple[str, dict]] = []
    for deal in range(3333):
        first = (deal + 1) % 2  # the dealer's left acts first; the deal passes each time
        plays += [("deal", {}), ("action", {"deal": len(plays) + 1, "seat": first, "action": "bet", "amount": 1}),
                  ("action", {"deal": len(plays) + 1, "seat": 1 - first, "action": "fold", "amount": 0})]
    plays.append(("game-end", {}))
    response = imported(client, json.dumps(export("poker", ["Ann", "Bo"], plays, ante=0)).encode())
    assert response.status_code == 303, errors(response.text)
    assert totals(client.get(response.location).text) == [200, 200]  # each unanswered bet came back


def test_a_poker_file_of_undos_is_bounded_too(client):
    """Each undo cancels a play anywhere before it: the whole log is read again for it, and
    those reads are bounded as a long game's are (500 entries' worth)."""
    plays: list[tuple[str, dict]] = [("deal", {})]
    for _ in range(2000):
        plays += [("action", {"deal": 1, "seat": 1, "action": "bet", "amount": 1}),
                  ("void", {"play": len(plays) + 1, "reason": "undo"})]
    response = imported(client, json.dumps(export("poker", ["Ann", "Bo"], plays)).encode())
    assert errors(response.text) == [
        "The file’s game is too long to import: each of its entries is checked as its form would "
        "check it, and each undo or delete against the whole game again: this one has more undos "
        "and deletes than one import may check. Nothing was imported."]
    assert imported(client, json.dumps(export("poker", ["Ann", "Bo"], plays[:41])).encode()).status_code == 303


def test_a_game_too_long_to_check_is_refused_before_any_of_it_is_checked():
    """The bound is known from the count of entries: a file past it is refused at once, not
    after 500 entries were checked (its first entry, wrong, is never looked at)."""
    from companion.pages.replay import REPLAY_PLAYS, TooLong, check_log
    from companion.registry import PAGES
    from companion.rules.log import Play

    pages = PAGES["foot"]
    plays = [Play(n, "round", {"words": ["NOT A WORD", ""], "out": 0, "final": False})
             for n in range(1, REPLAY_PLAYS + 2)]
    with pytest.raises(TooLong) as refused:
        check_log(pages, pages.rules.defaults(), ["Ann", "Bo"], 0, plays)
    assert refused.value.args == (REPLAY_PLAYS + 1,)


def test_a_long_check_lets_other_requests_run_between_its_steps():
    """Checking a long file pauses every few entries: under the server's gevent workers the
    pause is where other phones' requests are answered, so one import stalls no table."""
    from companion.pages.replay import PAUSE_EVERY, check_log
    from companion.registry import PAGES
    from companion.rules.log import Play

    pages = PAGES["foot"]
    plays = [Play(n, "round", {"words": ["JAZZY", "QUOTA"], "out": 0, "final": False})
             for n in range(1, 101)]
    paused = []
    check_log(pages, pages.rules.defaults(), ["Ann", "Bo"], 0, plays, pause=lambda: paused.append(1))
    assert len(paused) == 100 // PAUSE_EVERY


def test_a_full_server_refuses_an_import_before_checking_it(database_url, word_store):
    """With no room left, the answer is the room's, not a play's reason: the file's plays
    were never replayed."""
    from companion import create_app

    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "test",
                      "TESTING": True, "WTF_CSRF_ENABLED": False,
                      "WORD_STORE": str(word_store), "GAMES_MAX_PLAYS": 2})
    client = app.test_client()
    response = imported(client, json.dumps(foot(["JAZZY", "QUOTA", "HOUSE"],
                                                ["TOO LONG A WORD", "", ""],
                                                ["JAZZY", "QUOTA", "HOUSE"])).encode())
    assert response.status_code == 507
    assert "no room for 3 more" in text(response.text)
    assert "Play 2" not in text(response.text)


def test_a_second_import_at_once_is_asked_to_try_again(client, monkeypatch):
    """One import is checked at a time in a server process (each takes seconds of work):
    another waits a moment, then is told to try again, with nothing saved."""
    from companion import exports

    monkeypatch.setattr(exports, "IMPORT_WAIT_SECONDS", 0.1)
    assert exports._importing.acquire(timeout=1)  # an import under way
    try:
        response = imported(client, json.dumps(foot(["JAZZY", "QUOTA", "HOUSE"])).encode())
    finally:
        exports._importing.release()
    assert response.status_code == 503
    assert "Companion is importing other games right now: nothing was imported." in text(response.text)
    assert imported(client, json.dumps(foot(["JAZZY", "QUOTA", "HOUSE"])).encode()).status_code == 303
