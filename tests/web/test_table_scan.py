"""Scan the table: one photo of every word laid fills the whole round (FOOT!/ZOOT!, Poker's
showdown): read, seated, corrected, used; nothing kept, nothing saved until Save."""

import dataclasses
import io
import re

import pytest

import ocr

from tests.drawn import whole_table
from tests.helpers import errors, new_game, post, text, totals

pytestmark = pytest.mark.usefixtures("letter_model")  # its scans read photos

#: Ann photographs the table from her seat: her word upright at the bottom, Bo's (the next
#: seat clockwise) at her left, Cy's across the table.
THREE = {0: "QUOTA", 90: "JAZZY", 180: "HOUSE"}


def scan_table(client, game, photo: bytes, seat=0, **fields):
    data = {"table-photo": (io.BytesIO(photo), "table.jpg"), "table-seat": str(seat), **fields}
    return client.post(f"{game}/scan-table", data=data, content_type="multipart/form-data")


def read_words(html: str) -> dict[str, str]:
    """The words the correction screen lists, by the player each is given to (the name its
    select shows), as the letters picked."""
    found = {}
    for k, row in re.findall(r'<li class="table-word-row[^"]*" data-word="(\d+)">(.*?)</li>', html, re.S):
        seat = re.search(r'<select id="seat-\d+".*?</select>', row, re.S).group(0)
        who = re.search(r'<option value="[^"]+" selected>([^<]+)</option>', seat).group(1)
        letters = re.findall(r'<option value="(.)"[^>]* selected>', row.split("</select>", 1)[1])
        found[who] = "".join(letters)
    return found


def used(html: str) -> dict[str, str]:
    """The form's fields a "Use these words" form sent back: the round form's, as a dict."""
    fields = dict(re.findall(r'<input[^>]*name="((?:word|noword)-\d+)"[^>]*value="([^"]*)"', html))
    ticked = re.findall(r'name="(noword-\d+)"\s*checked', html)
    return {**{k: v for k, v in fields.items() if v}, **{name: "on" for name in ticked}}


def use_form(html: str, **changes) -> dict:
    """What "Use these words" sends as the screen shows it (each select's choice, each hidden
    field), with `changes` (a seat given away, a letter fixed) made."""
    form = dict(re.findall(r'<input type="hidden" name="((?:from)-\d+)" value="([^"]*)"', html))
    for name, body in re.findall(r'<select id="[^"]+" name="((?:seat|card)-[\d-]+)"[^>]*>(.*?)</select>', html, re.S):
        form[name] = re.search(r'<option value="([^"]+)"[^>]* selected>', body).group(1)
    form.update(changes)
    return form


def test_one_photo_reads_every_players_word_in_front_of_their_seat(client, game):
    response = scan_table(client, game, whole_table(THREE), seat=0, **{"word-2": "HOU", "out": "1"})
    assert response.status_code == 200, errors(response.text)
    html = response.text
    assert read_words(html) == {"Ann": "QUOTA", "Bo": "JAZZY", "Cy": "HOUSE"}
    assert 'href="data:image/jpeg;base64,' in html  # shown once, from memory
    # each word's cards outlined in its player's colour (the chart's), named on the photo
    assert len(re.findall(r'<g class="table-word series-\d"', html)) == 3
    assert re.findall(r'<text class="table-name"[^>]*>([^<]+)<', html) == ["Ann", "Bo", "Cy"]
    assert html.count('class="scan-card') == 15
    # what was typed before is still there; nothing saved
    assert 'value="HOU"' in html and re.search(r'name="out" value="1"\s*checked', html)
    assert totals(client.get(game).text) == [0, 0, 0]


def test_the_seat_the_photo_is_taken_from_places_the_words(client, game):
    """Taken from Bo's seat: the word upright at the bottom is Bo's, the next clockwise Cy's."""
    html = scan_table(client, game, whole_table(THREE), seat=1).text
    assert read_words(html) == {"Bo": "QUOTA", "Cy": "JAZZY", "Ann": "HOUSE"}
    assert re.search(r'<option value="1" selected>Bo</option>', html)  # the seat is kept


def test_use_these_words_fills_every_word_and_the_points_show_as_typed(client, game):
    html = scan_table(client, game, whole_table({0: "QUOTA", 270: "HOUSE"})).text
    no_word = re.findall(r'<li class="table-word-row[^"]*" data-empty="(\d)">', html)  # shown
    assert no_word == ["1"] and "Bo : No word" in text(html)
    response = client.post(f"{game}/scan-table/use", data=use_form(html))
    assert response.status_code == 200
    assert used(response.text) == {"word-0": "QUOTA", "noword-1": "on", "word-2": "HOUSE"}
    assert re.search(r'id="points-0"[^>]*>26<', response.text)  # Q20 U1 O1 T3 A1
    assert 'class="scan-card' not in response.text  # the correction screen is done
    assert totals(client.get(game).text) == [0, 0, 0]  # nothing saved until Save


def test_a_word_given_to_another_player_swaps_the_two_and_a_letter_fixed_counts(client, game):
    html = scan_table(client, game, whole_table(THREE)).text
    words = read_words(html)
    form = use_form(html)
    ann = next(k for k, seat in form.items() if k.startswith("from-") and seat == "0")[5:]
    form[f"seat-{ann}"] = "2"  # Ann's word is Cy's: without a script only this select changes
    form[f"card-{ann}-4"] = "?"  # and its A is a wild
    response = client.post(f"{game}/scan-table/use", data=form)
    assert used(response.text) == {"word-0": words["Cy"], "word-1": words["Bo"], "word-2": "QUOT?"}
    r = client.post(f"{game}/rounds", data={**used(response.text), "out": "1"})
    assert r.status_code == 303, errors(r.text)
    # HOUSE 4+1+1+1+1 = 8... as scored by the rules, with Bo's going-out bonus
    assert totals(client.get(game).text) == totals_of(client, words["Cy"], words["Bo"], "QUOT?")


def totals_of(client, *words) -> list[int]:
    """The totals a round of these words (Bo out first) scores, typed into a new game."""
    other = new_game(client)
    post(client, f"{other}/rounds", **{f"word-{s}": w for s, w in enumerate(words)}, out="1")
    return totals(client.get(other).text)


def test_a_dropped_word_fills_no_word(client, game):
    html = scan_table(client, game, whole_table(THREE)).text
    form = use_form(html)
    cy = next(k for k, seat in form.items() if k.startswith("from-") and seat == "2")[5:]
    response = client.post(f"{game}/scan-table/use", data={**form, f"drop-{cy}": "1"})
    assert used(response.text) == {"word-0": "QUOTA", "word-1": "JAZZY", "noword-2": "on"}


def test_hostile_use_forms_fill_only_what_the_game_allows(client, game):
    junk = {f"card-{k}-{i}": "Z" for k in range(40) for i in range(40)}
    junk.update({"card-0-0": "é", "card-0-1": "<b>", "card-0-2": "Q", "from-0": "9", "seat-0": "0",
                 "card-1-0": "A", "from-1": "-1", "seat-1": "1; drop", "card-2-0": "B",
                 "from-2": "1", "seat-2": "99", "seat-3": "0", "from-3": "0", "card-3-0": "★",
                 "seat-4": "²", "from-4": "١", "card-4-0": "C", "drop-5": "x", "table-seat": "³"})
    response = client.post(f"{game}/scan-table/use", data=junk)
    assert response.status_code == 200
    filled = used(response.text)
    # the seat asked, the letters a deck holds, no more than a word's cards (16) read
    assert filled["word-0"] == "Q" + "Z" * 13
    assert all(len(v) <= 16 and re.fullmatch(r"[A-Z?]*|on", v) for v in filled.values())
    assert "word-3" not in filled and totals(client.get(game).text) == [0, 0, 0]


def test_only_the_scorekeeper_scans_the_table_and_the_family_game_has_no_table_scan(app, client, game):
    other = app.test_client()
    assert scan_table(other, game, whole_table(THREE)).status_code == 403
    family = new_game(client, ruleset="family")
    assert "Scan the table" not in client.get(family).text
    assert scan_table(client, family, whole_table(THREE)).status_code == 404


def test_the_round_form_offers_the_table_scan_without_the_correction_screens_weight(client, game):
    page = client.get(game).text
    assert "Scan the table" in text(page) and 'name="table-seat"' in page
    assert re.findall(r'<option value="(\d)"[^>]*>', page.split('id="table-seat"')[1].split("</select>")[0]) \
        == ["0", "1", "2"]
    assert "scan.js" not in page and "scan.css" not in page  # they come with the answer
    field = page.split('class="scan table-scan-field"')[1].split("</div>")[0]
    assert len(field) < 1100


def test_a_photo_without_words_says_how_to_take_it(client, game):
    response = scan_table(client, game, whole_table({}), seat="²", **{"word-0": "QUOTA"})
    assert response.status_code == 422
    assert "whole table in frame" in text(response.text) and 'value="QUOTA"' in response.text


def poker_showdown(client) -> str:
    """Four at a ZOOT! Poker showdown: Bo all in, Cy folds, Di and Ann call."""
    game = new_game(client, ("Ann", "Bo", "Cy", "Di"), "poker", ante=0, buy_in=100)
    client.post(f"{game}/rounds", data={})
    for action in ("all-in", "fold", "call", "call"):
        assert client.post(f"{game}/plays/action", data={"action": action}).status_code == 303
    return game


def test_poker_showdown_reads_the_hands_still_in_and_ignores_a_folded_seat(client):
    game = poker_showdown(client)
    assert "Scan the table" in text(client.get(game).text)
    photo = whole_table({0: "JAZZIER", 90: "QUIZZES", 180: "MAZURKA", 270: "QUOTING"})
    html = scan_table(client, game, photo).text
    assert read_words(html) == {"Ann": "JAZZIER", "Bo": "QUIZZES", "nobody": "MAZURKA",
                                "Di": "QUOTING"}
    assert "Found in front of Cy, who folded: not used." in text(html)
    assert ">Cy</option>" not in html.split('class="table-words"')[1]  # no word goes to Cy
    response = client.post(f"{game}/scan-table/use", data=use_form(html))
    assert used(response.text) == {"word-0": "JAZZIER", "word-1": "QUIZZES", "word-3": "QUOTING"}


def test_poker_before_the_showdown_says_when_the_table_is_read(client):
    game = new_game(client, ("Ann", "Bo", "Cy"), "poker", ante=0, buy_in=100)
    client.post(f"{game}/rounds", data={})
    response = scan_table(client, game, whole_table(THREE))
    assert response.status_code == 422 and 'class="scan-card' not in response.text


def test_a_word_that_is_no_word_shows_the_cards_it_hinges_on(client, game):
    # the game's word list doubts the V of HOVSE (HOUSE, HORSE), clear as it is: the card to
    # check is marked, on the photo and in the list, and the row says why
    html = scan_table(client, game, whole_table({0: "QUOTA", 90: "HOVSE", 180: "JAZZY"})).text
    assert read_words(html)["Bo"] == "HOVSE"
    bo = re.search(r'data-word="(\d+)">\s*<input type="hidden" name="from-\d+" value="1"', html).group(1)
    marked = re.findall(rf'<g class="scan-card( unsure)?" data-card="{bo}-\d"', html)
    assert marked == ["", "", " unsure", "", ""]
    assert f'id="card-{bo}-2" name="card-{bo}-2" class="card-pick unsure"' in html
    assert "HOVSE is no word: it hinges on the marked card." in text(html)
    assert "QUOTA is no word" not in text(html) and "marked cards are unsure" in text(html)


def test_a_word_that_is_no_word_names_the_words_the_reader_offers(client, game, monkeypatch):
    """What the reader offers for a row that is no word (its other readings that are words)
    is named beside the row; the letters stay what the cards show."""
    real = ocr.read_table

    def offering(*args, **kwargs):
        reading = real(*args, **kwargs)
        return dataclasses.replace(reading, words=tuple(
            dataclasses.replace(w, suggestions=("HOUSE", "HORSE")) if w.word == "HOVSE" else w
            for w in reading.words))

    monkeypatch.setattr(ocr, "read_table", offering)
    html = scan_table(client, game, whole_table({0: "QUOTA", 90: "HOVSE", 180: "JAZZY"})).text
    assert "HOVSE is no word: it hinges on the marked card (perhaps HOUSE or HORSE)." in text(html)
    assert read_words(html)["Bo"] == "HOVSE"
