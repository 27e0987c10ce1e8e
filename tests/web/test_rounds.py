"""Entering rounds, points as typed, undo, edit, delete, and the history."""

import re

from tests.helpers import errors, round_form, text, totals


def test_a_round_adds_each_players_points(client, game):
    response = client.post(f"{game}/rounds", data=round_form("JAZZY", "JA?ZY", "", out=0))
    assert response.status_code == 303
    page = client.get(game).text
    assert totals(page) == [81, 51, 0]  # JAZZY 71 + 10 for going out; JA?ZY 51; no word 0
    # Cy scored lowest: Bo on Cy's right deals round 2 and Cy plays first.
    assert "Round 2: Bo deals, Cy plays first." in text(page)
    assert "Ann leads." in text(page)


def test_lower_case_and_spaces_are_read_as_cards(client, game):
    client.post(f"{game}/rounds", data=round_form(" jaz zy", "quota", "", out=0))
    assert totals(client.get(game).text) == [81, 26, 0]


def test_bad_rounds_show_the_reason_beside_the_field_and_save_nothing(client, game):
    cases = [
        (round_form("JAZZY1", "QUOTA", "", out=0),
         "Only letters A–Z, and ? for the wild: remove “1”. A FOOT! word has 5 letters; JAZZY1 has 6."),
        (round_form("JAZZIER", "QUOTA", "", out=0), "A FOOT! word has 5 letters; JAZZIER has 7."),
        (round_form("JA?ZY", "QUOTA", "", out=0), "The going-out word cannot use the wild card."),
        (round_form("JAZZY", "QU??A", "", out=0), "A word can use at most one wild card."),
        (round_form("JAZZY", "ZIZ?S", "", out=0), "This round uses 4 Zs (the deck has 3)."),
        (round_form("JAZZY", "QUOTA", "", out=2), "The player who went out must have laid a word."),
        ({"word-0": "JAZZY", "noword-1": "on", "noword-2": "on"},
         "Choose the one player who went out first."),
        ({"word-0": "JAZZY", "noword-1": "on", "noword-2": "on", "out": "7"},
         "Choose the one player who went out first."),
        ({"word-0": "JAZZY", "noword-1": "on", "out": "0"},
         "Type the word laid down, or tick “No word”."),
        ({"word-0": "JAZZY", "word-1": "QUOTA", "noword-1": "on", "noword-2": "on", "out": "0"},
         "Clear the word, or untick “No word”."),
        (round_form("A" * 10_000, "", "", out=0), "A FOOT! word has 5 letters."),
    ]
    for form, message in cases:
        response = client.post(f"{game}/rounds", data=form)
        assert response.status_code == 422, message
        assert message in errors(response.text)
        assert 'id="round-form"' in response.text  # the form comes back to correct
    page = client.get(game).text
    assert totals(page) == [0, 0, 0] and "<h2>Round 1</h2>" in page
    assert "Nothing entered yet." in client.get(f"{game}/history").text


def test_a_refused_round_keeps_what_was_typed(client, game):
    response = client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTAS", "", out=0))
    assert 'value="QUOTAS"' in response.text and 'value="JAZZY"' in response.text


def test_points_preview_is_an_htmx_partial(client, game):
    response = client.get(f"{game}/rounds/preview?word-0=jazzy&word-1=JA%3FZY&word-2=qu&out=0",
                          headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "<html" not in response.text
    outputs = dict(re.findall(r'<output id="points-(\d)"[^>]*hx-swap-oob="true">(\d+)', response.text))
    assert outputs == {"0": "81", "1": "51", "2": "21"}
    assert "2 of 5 letters" in response.text


def test_points_preview_flags_a_problem_as_it_is_typed(client, game):
    html = client.get(f"{game}/rounds/preview?word-0=JA%3FZY&word-1=QU1TE&out=0").text
    assert 'class="note problem"' in html and "cannot use the wild card" in html
    # A digit is no card: no points are claimed for that word.
    assert re.search(r'id="points-1"[^>]*>—<', html) and "remove “1”" in html


def test_a_refused_word_shows_no_points(client, game):
    """No "44 incl. +10 pts" beside a going-out word that uses the wild: a refused word scores
    nothing, and a number beside it would say otherwise."""
    html = client.get(f"{game}/rounds/preview?word-0=WAL%3FZ&word-1=QUOTA&out=0").text
    assert re.search(r'id="points-0"[^>]*>—</output>', html) and "incl." not in html
    assert re.search(r'id="points-1"[^>]*>26<small> pts', html)
    response = client.post(f"{game}/rounds", data=round_form("WAL?Z", "QUOTA", "", out=0))
    assert response.status_code == 422
    assert re.search(r'id="points-0"[^>]*>—</output>', response.text)
    # (a whole number: the game's join code, on the same page, may hold the digits 44)
    assert "incl." not in response.text and not re.search(r"\b44\b", text(response.text))


def test_each_message_shows_once(client, game):
    """Neither a round's problem nor a word's shows twice (a reason read twice reads as two)."""
    response = client.post(f"{game}/rounds", data=round_form("JAZZY", "FIZZY", "", out=0))
    assert text(response.text).count("This round uses 4 Zs (the deck has 3).") == 1
    response = client.post(f"{game}/rounds", data=round_form("JA?ZY", "QUOTA", "", out=0))
    page = text(response.text)
    assert page.count("The going-out word cannot use the wild card.") == 1
    assert errors(response.text) == ["The going-out word cannot use the wild card."]
    # the reason shows under the word; the note the preview fills as it is typed waits empty
    assert re.search(r'<p id="note-0" class="note"\s*hidden>\s*</p>', response.text)
    assert re.search(r'id="points-0"[^>]*>—</output>', response.text)


def test_every_problem_of_a_word_shows_and_characters_are_quoted(client, game):
    """Every problem of a word shows, the character to remove quoted ("remove “0”") and the
    four Zs too: fixing one problem should not uncover another."""
    response = client.post(f"{game}/rounds", data=round_form("ZZZZ0", "QUOTA", "", out=1))
    assert errors(response.text) == ["Only letters A–Z, and ? for the wild: remove “0”. "
                                     "This word uses 4 Zs (the deck has 3)."]
    html = client.get(f"{game}/rounds/preview?word-0=zzzz0&out=1").text
    assert "remove “0”. This word uses 4 Zs (the deck has 3)." in html


def test_a_replayed_round_form_is_saved_once(client, game):
    form = round_form("JAZZY", "QUOTA", "", out=0, nonce="form-1")
    client.post(f"{game}/rounds", data=form)
    response = client.post(f"{game}/rounds", data=form, follow_redirects=True)
    assert "That was already saved." in response.text
    assert totals(response.text) == [81, 26, 0]


def test_undo_takes_back_the_last_entry_and_can_be_repeated(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    client.post(f"{game}/rounds", data=round_form("FJORD", "", "", out=0))
    assert totals(client.get(game).text) == [121, 26, 0]
    response = client.post(f"{game}/undo", data={"play": "2"}, follow_redirects=True)
    assert "Undone: Round 2: Ann FJORD (out), Bo no word, Cy no word" in response.text
    assert totals(response.text) == [81, 26, 0]
    # The same undo form again undoes nothing more.
    response = client.post(f"{game}/undo", data={"play": "2"}, follow_redirects=True)
    assert "Nothing undone" in response.text and totals(response.text) == [81, 26, 0]
    client.post(f"{game}/undo", data={"play": "1"})
    assert totals(client.get(game).text) == [0, 0, 0]


def test_edit_replaces_a_round_and_the_history_keeps_both(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    client.post(f"{game}/rounds", data=round_form("FJORD", "", "", out=0))
    form = client.get(f"{game}/rounds/1/edit").text
    assert 'value="JAZZY"' in form and 'value="QUOTA"' in form
    client.post(f"{game}/rounds/1/edit", data=round_form("JAZZY", "QUOTA", "OXBOW", out=1))
    page = client.get(game).text
    # Round 1 now: 71, 26 + 10, OXBOW 1+10+3+1+10 = 25. Round 2: FJORD 30 + 10.
    assert totals(page) == [111, 36, 25]
    history = client.get(f"{game}/history").text
    assert "Round 1: Ann JAZZY (out), Bo QUOTA, Cy no word" in history
    # the edit says what it changed, so the table can check it
    assert "Edited round 1: Cy no word → OXBOW; went out first: Ann → Bo" in history
    # Undo takes back the edit, not the round.
    client.post(f"{game}/undo", data={"play": "3"})
    assert totals(client.get(game).text) == [121, 26, 0]


def test_an_edit_is_checked_like_a_new_round(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    response = client.post(f"{game}/rounds/1/edit", data=round_form("JAZZY", "QUOTAS", "", out=0))
    assert response.status_code == 422
    assert "A FOOT! word has 5 letters; QUOTAS has 6." in errors(response.text)
    assert totals(client.get(game).text) == [81, 26, 0]


def test_delete_a_round_and_undo_brings_it_back(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    client.post(f"{game}/rounds", data=round_form("FJORD", "", "", out=0))
    response = client.post(f"{game}/rounds/1/delete", follow_redirects=True)
    assert "Round deleted." in response.text and totals(response.text) == [40, 0, 0]
    assert 'id="round-1"' in response.text and 'id="round-2"' not in response.text
    client.post(f"{game}/undo", data={"play": "3"})
    assert totals(client.get(game).text) == [121, 26, 0]
    history = client.get(f"{game}/history").text
    assert "<s>Deleted round 1: Ann JAZZY (out), Bo QUOTA, Cy no word</s>" in history  # undone


def test_final_round_names_the_winner_and_closes_entry(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    client.post(f"{game}/rounds", data=round_form("", "OXBOW", "FJORD", out=2, final=True))
    page = client.get(game).text
    assert "Ann wins with 81!" in text(page) and 'id="round-form"' not in page
    response = client.post(f"{game}/rounds", data=round_form("JAZZY", "", "", out=0),
                           follow_redirects=True)
    assert "This game is over." in response.text and totals(response.text) == [81, 51, 40]


def test_a_tie_is_shown_as_a_tie(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    client.post(f"{game}/rounds", data=round_form("QUOTA", "JAZZY", "", out=1, final=True))
    assert "Tie: Ann and Bo win with 107 each!" in text(client.get(game).text)


def test_only_the_last_round_can_be_final(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    client.post(f"{game}/rounds", data=round_form("FJORD", "", "", out=0))
    response = client.post(f"{game}/rounds/1/edit",
                           data=round_form("JAZZY", "QUOTA", "", out=0, final=True))
    assert "Only the last round can be the final round." in errors(response.text)


def test_watchers_scoreboard_refresh_is_a_partial(app, client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    response = app.test_client().get(game, headers={"HX-Request": "true"})
    assert '<section id="scoreboard"' in response.text
    assert "<html" not in response.text and totals(response.text) == [81, 26, 0]
    assert "HX-Request" in response.headers["Vary"]
    boosted = app.test_client().get(game, headers={"HX-Request": "true", "HX-Boosted": "true"})
    assert "<html" in boosted.text
