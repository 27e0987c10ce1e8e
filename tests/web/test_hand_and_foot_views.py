"""Hand and Foot through its forms: teams, counts by kind, the breakdown on screen, the opening
check, four rounds to the end; bad input refused with nothing saved."""

from sqlalchemy import func, select

from companion.extensions import db
from companion.models import Play
from tests.helpers import errors, new_game, text, totals


def hand_and_foot(client, names=("Ann", "Bo", "Cy", "Di"), **settings) -> str:
    return new_game(client, names, "hand-and-foot", dealer=1, **settings)


WIN = {"clean-0": "1", "dirty-0": "1", "meld-0-ace": "8", "meld-0-high": "6", "meld-0-joker": "1"}
# Ann & Cy: books 800, meld 160 + 60 + 50 = 270, out 100, Cy drew 22: +100 -> 1270
# Bo & Di: meld three 4s 15, left a red 3 and a king: -510 -> -495


def test_a_round_is_counted_by_kind_and_shown_team_by_team(client):
    game = hand_and_foot(client)
    page = text(client.get(game).text)
    assert "Round 1: open with 50" in page and "Bo plays first" in page
    assert "Ann & Cy" in page and "Bo & Di" in page
    preview = client.get(f"{game}/rounds/preview", query_string={**WIN, "out": "0", "drew22-2": "on"}).text
    assert "1270" in preview and "books 800 · meld 270 · out 100 · 22 cards 100" in text(preview)
    r = client.post(f"{game}/rounds", data={**WIN, "out": "0", "drew22-2": "on", "meld-1-low": "3",
                                            "left-1-red3": "1", "left-1-high": "1"})
    assert r.status_code == 303, errors(r.text)
    page = client.get(game).text
    assert totals(page) == [1270, 15 - 510]
    assert "Round 2: open with 90" in text(page) and "Ann plays first" in text(page)
    standings = client.get(f"{game}.json").get_json()
    assert standings["totals"] == {"Ann & Cy": 1270, "Bo & Di": -495}


def test_four_rounds_end_the_game_with_the_winning_team(client):
    game = hand_and_foot(client)
    for _ in range(4):
        assert client.post(f"{game}/rounds", data={**WIN, "out": "0"}).status_code == 303
    page = text(client.get(game).text)
    assert "🏆 Ann & Cy win with 4680!" in page  # 4 × (800 + 270 + 100)
    refused = client.post(f"{game}/rounds", data={**WIN, "out": "0"}, follow_redirects=True)
    assert "This game is over" in text(refused.text)


def test_the_page_says_whether_a_meld_opens(client):
    game = hand_and_foot(client)
    assert "✓ 55 points: it opens at 50." in text(client.get(game, query_string={"melds": "7777 444"}).text)
    assert "A** has more wild cards than naturals." in text(
        client.get(game, query_string={"melds": "A**"}).text)


def test_an_edit_changes_the_totals_and_the_history_keeps_both(client):
    game = hand_and_foot(client)
    client.post(f"{game}/rounds", data={**WIN, "out": "0"})
    edit = client.get(f"{game}/rounds/1/edit").text
    assert 'value="8"' in edit
    r = client.post(f"{game}/rounds/1/edit", data={**WIN, "meld-0-ace": "9", "out": "0"})
    assert r.status_code == 303 and totals(client.get(game).text) == [1190, 0]
    history = text(client.get(f"{game}/history").text)
    assert "Round 1: Ann & Cy 1170, Bo & Di 0; Ann & Cy went out" in history
    assert "Edited round 1: Ann & Cy 1170 → 1190 (meld 270 → 290)" in history


def test_bad_rounds_and_bad_set_ups_are_refused_with_nothing_saved(app, client):
    three = {"ruleset": "hand-and-foot", "dealer": "0", "name-0": "A", "name-1": "B", "name-2": "C"}
    assert "Teams of two: 4 or 6 players, partners sitting across." in errors(
        client.post("/games/new", data=three).text)
    game = hand_and_foot(client)
    for form, message in [
        ({"meld-0-ace": "3"}, "Choose the team that went out (this table plays every round to a going out)."),
        ({"out": "0", "clean-0": "1", "meld-0-ace": "7"}, "To go out a team needs at least one clean and one dirty book."),
        ({"out": "0", "clean-0": "1"}, "1 book holds at least 7 cards; 0 are counted melded."),
        ({"out": "7", **WIN}, "Choose the team that went out."),
        ({"out": "0", **WIN, "meld-0-joker": "20"}, "Jokers melded: 20 is more cards than four decks hold (8 at most)."),
        ({"out": "0", **WIN, "left-1-joker": "8"}, "The teams count 9 jokers, melded and left; four decks hold 8."),
        ({"out": "0", **WIN, "meld-0-joker": "x"}, "Jokers melded: type how many cards, a whole number from 0 to 8."),
        ({"out": "0", **WIN, "left-1-total": "99999"},
         "The total of the cards left in hands and feet: type a whole number of points from 0 to 9999."),
    ]:
        response = client.post(f"{game}/rounds", data=form)
        assert response.status_code == 422, message
        assert any(e.endswith(message) for e in errors(response.text)), message  # "Ann & Cy: ..."
    assert app.test_client().post(f"{game}/rounds", data={**WIN, "out": "0"}).status_code == 403
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Play)) == 0
    assert "Look up" not in client.get(game).text  # no words in this game


def test_the_rematch_says_who_plays_first_once(client):
    game = hand_and_foot(client)  # Bo plays first
    for _ in range(4):
        assert client.post(f"{game}/rounds", data={**WIN, "out": "0"}).status_code == 303
    page = text(client.get(game).text)
    assert "Rematch" in page and "Cy plays first." in page and "first first" not in page


def test_a_negative_score_has_one_minus_sign_everywhere_it_is_shown(client):
    game = hand_and_foot(client)
    lose = {"meld-1-low": "3", "left-1-red3": "1", "left-1-high": "1"}
    preview = text(client.get(f"{game}/rounds/preview", query_string={**WIN, **lose, "out": "0"}).text)
    assert "−495 this round" in preview and "-495" not in preview
    assert client.post(f"{game}/rounds", data={**WIN, **lose, "out": "0"}).status_code == 303
    page = text(client.get(game).text)
    assert page.count("−495") >= 2 and "-495" not in page  # the totals and the round's row
    history = text(client.get(f"{game}/history").text)
    assert "Bo & Di −495" in history and "-495" not in history
    assert client.get(f"{game}.json").get_json()["totals"]["Bo & Di"] == -495  # exports: plain


def test_an_edit_that_leaves_a_total_as_it_was_says_so_once(client):
    game = hand_and_foot(client)
    assert client.post(f"{game}/rounds", data={**WIN, "out": "0", "meld-1-low": "3"}).status_code == 303
    # Bo & Di: 3 fours (15) become 5 (25), with a king left (−10): still 15
    r = client.post(f"{game}/rounds/1/edit", data={**WIN, "out": "0", "meld-1-low": "5", "left-1-high": "1"})
    assert r.status_code == 303, errors(r.text)
    history = text(client.get(f"{game}/history").text)
    assert "Edited round 1: Bo & Di still 15 (meld 15 → 25, left 0 → −10)" in history
    assert "15 → 15" not in history


def test_a_reason_names_the_field_and_its_limit_in_a_sentence(client):
    """A count no four decks can hold says which count, what was typed and the most there can
    be; the cards of both teams over the decks are counted in words ("206 cards from 6 to
    King"), never a number glued to a label ("206 6 to king")."""
    game = hand_and_foot(client)
    r = client.post(f"{game}/rounds", data={**WIN, "out": "0", "meld-0-high": "999"})
    assert r.status_code == 422
    assert "Ann & Cy: 6s to Kings melded: 999 is more cards than four decks hold (128 at most)." in errors(r.text)
    r = client.post(f"{game}/rounds", data={**WIN, "out": "0", "meld-0-high": "100", "left-1-high": "100",
                                            "left-1-joker": "8"})
    assert r.status_code == 422
    assert ("The teams count more cards than four decks hold, melded and left: 9 jokers (8 at most), "
            "200 cards from 6 to King (128 at most).") in errors(r.text)
    assert "6 to king" not in text(r.text)


def test_a_refused_teams_reason_shows_once(client):
    game = hand_and_foot(client)
    r = client.post(f"{game}/rounds", data={**WIN, "out": "0", "dirty-0": ""})
    assert r.status_code == 422
    reason = "To go out a team needs at least one clean and one dirty book."
    assert errors(r.text) == [f"Ann & Cy: {reason}"]
    assert text(r.text).count(reason) == 1


def test_the_opening_check_answers_alone_for_its_swap(client):
    """The page's check asks for the answer alone (swapped in beside its button); a game with
    no opening check has no such answer."""
    game = hand_and_foot(client)
    answer = client.get(f"{game}/rounds/opening", query_string={"melds": "7777 444"})
    assert answer.status_code == 200 and "<html" not in answer.text
    assert text(answer.text) == "✓ 55 points: it opens at 50."
    page = client.get(game).text
    assert 'action="' + game.removeprefix("http://localhost") + '#open-check"' in page
    assert client.get(f"{new_game(client)}/rounds/opening", query_string={"melds": "AAA"}).status_code == 404
