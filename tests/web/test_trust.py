"""Trust at the table: a play says what it answers (the round it is for, the turn it was
tapped at), so a save typed before another phone's save is refused with the game as it is
now and what was typed kept; a phone that handed over is told so, never a bare 403."""

from __future__ import annotations

import re
import threading

from companion import rounds
from tests.helpers import errors, new_game, plays, read_events, round_form, text, totals


def both_keep_score(app, client, game):
    """A second phone that keeps score too (hand-over "both")."""
    client.post(f"{game}/handover", data={"keep": "both"})
    code = re.search(r'class="code">([A-Z0-9]{4}-[A-Z0-9]{4})<',
                     client.get(f"{game}/handover").text).group(1).replace("-", "")
    other = app.test_client()
    assert other.post(f"{game}/take/{code}").status_code == 303
    return other


def form_for(page: str) -> str:
    """The round the game page's entry form is for (its hidden `for` field)."""
    return re.search(r'name="for" value="([^"]*)"', page).group(1)


def test_the_second_scorekeeper_cannot_save_the_same_round_again(app, client, game):
    other = both_keep_score(app, client, game)
    page_a, page_b = client.get(game).text, other.get(game).text
    assert form_for(page_a) == form_for(page_b) == "1"
    assert other.post(game + "/rounds", data={**round_form("JAZZY", "QUOTA", "", out=0),
                                              "for": "1"}).status_code == 303
    # Phone A still shows "Save round 1": its save is refused, not made round 2.
    typed = {**round_form("JAZZY", "QUOTA", "", out=0), "for": "1", "nonce": "a-own-form"}
    refused = client.post(game + "/rounds", data=typed)
    assert refused.status_code == 409
    assert errors(refused.text)[0].startswith("Round 1 was already saved by another phone.")
    assert "Round 1: Ann JAZZY" in errors(refused.text)[0]  # the round saved, to compare
    assert 'value="JAZZY"' in refused.text and 'value="QUOTA"' in refused.text  # kept
    assert "Save it as round 2" in text(refused.text)
    assert form_for(refused.text) == "2" and totals(refused.text) == [81, 26, 0]
    assert plays(app) == 1
    # One tap: it was another round after all.
    again = {**typed, "for": form_for(refused.text)}
    assert client.post(game + "/rounds", data=again).status_code == 303
    assert totals(client.get(game).text) == [162, 52, 0] and plays(app) == 2


def test_the_same_form_sent_again_is_already_saved_not_stale(app, client, game):
    """A round whose answer was lost on the way back is sent again by the phone (same
    one-time id): it was this phone's own save, so no "another phone" refusal."""
    form = {**round_form("JAZZY", "", "", out=0), "for": "1", "nonce": "sent-twice"}
    assert client.post(game + "/rounds", data=form).status_code == 303
    again = client.post(game + "/rounds", data=form, follow_redirects=True)
    assert again.status_code == 200 and "That was already saved." in text(again.text)
    assert plays(app) == 1


def test_two_phones_saving_the_same_round_at_the_same_moment_make_one_round(
        app, client, game, monkeypatch):
    """Both scorekeepers tap Save for round 1 together: both forms pass their checks before
    either is saved (held there until both have); one is round 1, the other is checked again
    and refused as already saved, never quietly round 2."""
    other = both_keep_score(app, client, game)
    both_checked, checks = threading.Barrier(2, timeout=10), []
    real = rounds.checked_round

    def held_until_both_checked(*args, **kwargs):
        found = real(*args, **kwargs)
        checks.append(1)
        if len(checks) <= 2:  # (the one checked again is refused before this)
            both_checked.wait()
        return found

    monkeypatch.setattr(rounds, "checked_round", held_until_both_checked)
    answers = {}

    def save(phone, word):
        answers[word] = phone.post(game + "/rounds", data={**round_form(word, "", "", out=0),
                                                           "for": "1"})

    threads = [threading.Thread(target=save, args=(phone, word))
               for phone, word in ((client, "JAZZY"), (other, "QUOTA"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(a.status_code for a in answers.values()) == [303, 409], answers
    refused = next(a for a in answers.values() if a.status_code == 409)
    assert "Round 1 was already saved by another phone." in errors(refused.text)[0]
    assert plays(app) == 1


def test_a_form_without_for_is_saved_as_before(app, client, game):
    """A page kept from before the forms said what they answer still saves."""
    client.post(game + "/rounds", data=round_form("JAZZY", "", "", out=0))
    assert client.post(game + "/rounds", data=round_form("JAZZY", "", "", out=0)).status_code == 303
    assert plays(app) == 2


def test_a_fez_word_and_the_end_of_a_round_answer_the_table_they_were_typed_at(app, client):
    game = new_game(client, names=("Bob", "Carol"), ruleset="fez")
    page = client.get(game).text
    assert form_for(page) == "1"
    word = {"seat": "0", "tiles": "FEZ", "colours": "RRR", "for": "1"}
    assert client.post(game + "/rounds", data=word).status_code == 303
    refused = client.post(game + "/rounds", data={**word, "seat": "1", "nonce": "second"})
    assert refused.status_code == 409
    assert errors(refused.text) == [
        "Another phone saved a word since this one was typed: is it the same? It reads: Bob "
        "played FEZᶠ. What you typed is kept below: save it again if it is another word."]
    assert 'value="FEZ"' in refused.text and form_for(refused.text) == "2"
    end = client.get(game + "/plays/round-end").text
    assert form_for(end) == "1"
    assert client.post(game + "/plays/round-end", data={"out": "0", "for": "1"}).status_code == 303
    again = client.post(game + "/plays/round-end", data={"out": "0", "for": "1", "nonce": "x"})
    assert again.status_code == 409
    assert errors(again.text) == ["Round 1 was already ended by another phone."]
    assert plays(app) == 2


def test_a_poker_action_for_a_turn_already_played_is_refused(app, client):
    game = new_game(client, names=("Ann", "Bo", "Cy"), ruleset="poker")
    client.post(game + "/rounds", data={"for": "1"})  # deal 1
    page = client.get(game).text
    turn = re.search(r'name="for" value="(1\.\d+)"', page).group(1)
    checked = client.post(game + "/plays/action", data={"action": "check", "for": turn})
    assert checked.status_code == 303
    # The other phone still showed that turn: its tap is not the next player's action.
    refused = client.post(game + "/plays/action",
                          data={"action": "fold", "for": turn, "nonce": "b"})
    assert refused.status_code == 409
    assert errors(refused.text) == [
        "That turn was already played on another phone: here is the table now."]
    assert plays(app) == 2


def test_a_phone_that_handed_over_is_shown_the_game_not_a_bare_403(app, client, game):
    client.post(f"{game}/handover", data={"keep": "move"})
    code = re.search(r'class="code">([A-Z0-9]{4}-[A-Z0-9]{4})<',
                     client.get(f"{game}/handover").text).group(1).replace("-", "")
    other = app.test_client()
    other.post(f"{game}/take/{code}")
    refused = client.post(game + "/rounds", data={**round_form("JAZZY", "", "", out=0), "for": "1"})
    assert refused.status_code == 403
    shown = text(refused.text)
    assert ("This phone only watches now: another phone keeps score, and nothing was saved "
            "from here.") in shown
    assert "You are watching." in shown and 'id="live"' in refused.text  # the game, live
    assert 'id="round-form"' not in refused.text
    assert plays(app) == 0
    undo = client.post(game + "/undo", data={"play": "1"})
    assert undo.status_code == 403 and "This phone only watches now" in text(undo.text)


def test_the_old_phone_hears_at_once_that_it_only_watches(app, client, game):
    """The scorekeeper's page follows the stream as the keeper; when another phone takes the
    scorekeeping over, the stream says so (no play is made: the scores did not change)."""
    client.post(f"{game}/handover", data={"keep": "move"})
    code = re.search(r'class="code">([A-Z0-9]{4}-[A-Z0-9]{4})<',
                     client.get(f"{game}/handover").text).group(1).replace("-", "")
    found, opened = [], threading.Event()
    reader = threading.Thread(target=read_events, daemon=True,
                              args=(client, f"{game}/events?since=0&keeper=1", 1, found, opened))
    reader.start()
    assert opened.wait(5)
    assert app.test_client().post(f"{game}/take/{code}").status_code == 303
    reader.join(timeout=10)
    assert found == [("watching", "")]
    # A page shown as the keeper's on a phone that never was (or no longer is) hears it first.
    late = []
    read_events(app.test_client(), f"{game}/events?since=0&keeper=1", 1, late, threading.Event())
    assert late == [("watching", "")]
