"""FEZ through its forms: words with their working, a lay-off, a star on one's own word, a
challenge, the end of a round and of the game; bad input refused with nothing saved."""

import re

from sqlalchemy import func, select

from companion.extensions import db
from companion.models import Play
from tests.helpers import errors, new_game, plays, read, text, totals


def fez(client, names=("Bob", "Carol", "Dan"), **settings) -> str:
    return new_game(client, names, "fez", **settings)


def word(client, game, seat, tiles, colours, stars="", reads=""):
    return client.post(f"{game}/rounds", data={"seat": str(seat), "tiles": tiles, "colours": colours,
                                               "stars": stars, "reads": reads})


def test_the_sheets_score_table_played_through_the_app(client):
    game = fez(client, names=("Bob", "Carol"))
    assert word(client, game, 0, "placing", "rrrrrrr").status_code == 303
    assert word(client, game, 1, "fin", "RBR", stars="B").status_code == 303
    word(client, game, 0, "sing", "RBRB")
    word(client, game, 1, "play", "BBBB")
    page = read(client.get(game).text)
    assert totals(client.get(game).text) == [129, 30]
    for shown in ("PLACING⁷ᶠ all red edit (12+50)×2 = 124 124",
                  "★FIN red F, black I, red N; ★ black edit 6×2 = 12 12",
                  "SING red S, black I, red N, black G edit 5 5", "PLAYᶠ all black edit 9×2 = 18 18"):
        assert shown in page


def test_a_word_shows_its_working_as_it_is_typed(client):
    game = fez(client)
    preview = client.get(f"{game}/rounds/preview", query_string={
        "tiles": "FEZ", "colours": "BBB", "stars": "BR"}).text
    preview = read(preview)
    assert "★★FEZᶠ" in preview and "15×2×2×2×2 = 240" in preview


def test_lay_offs_stars_challenges_and_the_end_of_a_round(app, client):
    game = fez(client)
    word(client, game, 1, "PLAY", "BBBB")  # play 1: Carol's PLAYᶠ 18
    word(client, game, 0, "FIN", "RBR")  # play 2: Bob's FIN 6
    # Dan lays S on PLAY in black: SPLAY keeps the flush, 1×2
    r = client.post(f"{game}/plays/layoff", data={"seat": "2", "onto": "1", "before": "S",
                                                  "after": "", "colours": "B"})
    assert r.status_code == 303, errors(r.text)
    # Bob lays ES and a red star on his own FIN: ES 2, FIN re-scored 6×2 = 12
    r = client.post(f"{game}/plays/layoff", data={"seat": "0", "onto": "2", "before": "",
                                                  "after": "ES", "colours": "RB", "stars": "R"})
    assert r.status_code == 303, errors(r.text)
    assert totals(client.get(game).text) == [12 + 2, 18, 2]
    # a star on someone else's word is refused
    refused = client.post(f"{game}/plays/layoff", data={"seat": "2", "onto": "2", "before": "",
                                                        "after": "", "colours": "", "stars": "B"})
    assert "A star can only be laid on one’s own word." in errors(refused.text)
    # Carol challenges Bob's FIN... it stands; Bob challenges a made-up word of Dan's: rejected
    word(client, game, 2, "QWXZ", "RRRR")  # play 5
    page = client.get(f"{game}/challenge", query_string={"play": "5"}).text
    assert "QWXZ is not allowed" in text(page)
    action = re.search(r'<form method="post" action="([^"]+)"', page).group(1).replace("&amp;", "&")
    client.post(action, data={"challenger": "0", "verdict": "rejected"})  # as the page posts it
    assert totals(client.get(game).text) == [14, 18, 2]
    # the end of the round: Bob 3 (Q? no: letters QI = 10+1), Carol typed 4, Dan none; Carol went out
    r = client.post(f"{game}/plays/round-end", data={"left-0": "QI", "points-1": "4", "out": "1"})
    assert r.status_code == 303, errors(r.text)
    # Carol's only word was a flush: +30; Dan's SPLAY lay-off kept the flush but his QWXZ was
    # rejected (it does not count): +30 too; Bob's FIN was no flush.
    assert totals(client.get(game).text) == [14 - 11, 18 - 4 + 30, 2 + 30]
    assert "Round 2" in text(client.get(game).text)
    r = client.post(f"{game}/plays/game-end", data={})
    assert r.status_code == 303
    assert "🏆 Carol wins with 44!" in text(client.get(game).text)
    assert client.get(f"{game}.json").get_json()["winners"] == ["Carol"]


def test_a_rounds_end_lines_carry_the_running_totals_the_rules_computed(client):
    """Each line of a round's end (the +30, the hand deducted, the nasty rule's gain) shows the
    player's running total after it; the next round starts from the totals it left."""
    game = fez(client, names=("Bob", "Carol"), nasty_hands=True)
    word(client, game, 1, "PLAY", "BBBB")  # Carol's PLAYᶠ 18
    word(client, game, 0, "FIN", "RBR")  # Bob's FIN 6
    r = client.post(f"{game}/plays/round-end", data={"left-0": "QI", "out": "1"})
    assert r.status_code == 303, errors(r.text)
    word(client, game, 0, "AT", "RB")  # round 2: Bob's AT 2, from -5
    page = read(client.get(game).text)
    assert totals(client.get(game).text) == [6 - 11 + 2, 18 + 30 + 11]
    for shown in ("FIN red F, black I, red N edit 6 6 6", "PLAYᶠ all black edit 9×2 = 18 18 18",
                  "all flush bonus +30 48", "others’ hands nasty rule +11 59",
                  "left in hand deducted −11 −5", "AT red A, black T edit 2 2 −3"):
        assert shown in page, shown


def test_editing_a_word_re_scores_its_lay_off(client):
    game = fez(client)
    word(client, game, 1, "PLAY", "BBBB")
    client.post(f"{game}/plays/layoff", data={"seat": "0", "onto": "1", "before": "S", "after": "",
                                              "colours": "B"})
    assert totals(client.get(game).text) == [2, 18, 0]
    edit = client.get(f"{game}/rounds/1/edit").text
    assert 'value="PLAY"' in edit and 'value="BBBB"' in edit
    r = client.post(f"{game}/rounds/1/edit", data={"seat": "1", "tiles": "PLAY", "colours": "BBBR"})
    assert r.status_code == 303
    assert totals(client.get(game).text) == [1, 9, 0]


def test_fez_forms_refuse_bad_input_and_save_nothing(app, client):
    game = fez(client, no_layoffs=True)
    for form, message in [
        ({"tiles": "PLAY", "colours": "BBBB"}, "Choose who played the word."),
        ({"seat": "0", "tiles": "A", "colours": "B"}, "A FEZ word has 2 letters or more."),
        ({"seat": "0", "tiles": "PL4Y", "colours": "BBBB"}, "Letters A–Z, and ? for a blank (at most 30)."),
        ({"seat": "0", "tiles": "PLAY", "colours": "BB"},
         "Choose red or black for every letter: A, Y have none yet."),
        ({"seat": "0", "tiles": "PLAY", "colours": "BBXB"},
         "Give every letter its card’s colour: R (red) or B (black), one a letter."),
        ({"seat": "0", "tiles": "PLAY", "colours": "BBBB", "stars": "G"}, "A star is red (R) or black (B); at most 4."),
        ({"seat": "0", "tiles": "PLAY", "colours": "BBBB", "stars": "B?"},
         "Choose red or black for the star that has none yet."),
        ({"seat": "0", "tiles": "PL?Y", "colours": "BBBB", "reads": "PLAN"},
         "Spell the whole word with the blanks’ letters: 4 letters."),
        ({"seat": "9", "tiles": "PLAY", "colours": "BBBB"}, "Choose who played the word."),
    ]:
        response = client.post(f"{game}/rounds", data=form)
        assert response.status_code == 422 and message in errors(response.text), message
    word(client, game, 0, "PLAY", "BBBB")
    with app.app_context():
        before = db.session.scalar(select(func.count()).select_from(Play))
    refused = client.post(f"{game}/plays/layoff", data={"seat": "1", "onto": "1", "before": "S",
                                                        "after": "", "colours": "B"})
    assert "This game is played without lay-offs." in errors(refused.text)
    refused = client.post(f"{game}/plays/round-end", data={"left-0": "Q1", "points-1": "x"})
    assert "Letters A–Z of the cards left (both letters of each card)." in errors(refused.text)
    refused = client.post(f"{game}/plays/round-end", data={"left-0": "QI", "points-0": "5"})
    assert "Those letters are worth 11, not 5: correct one." in errors(refused.text)
    assert app.test_client().post(f"{game}/plays/game-end").status_code == 403
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Play)) == before


def test_a_second_pack_from_four_players(client):
    assert "shuffle two packs together" in text(client.get(fez(client, names=("A", "B", "C", "D"))).text)
    assert "two packs" not in text(client.get(fez(client, names=("A", "B", "C"))).text)


def test_count_the_hands_with_nothing_counted_does_not_end_the_round(app, client):
    game = fez(client)
    word(client, game, 1, "PLAY", "BBBB")
    before = plays(app)
    refused = client.post(f"{game}/plays/round-end", data={})  # nobody ticked, nothing typed
    assert refused.status_code == 422
    assert ("Tick who played their last card, or type the cards left in each hand: nothing was "
            "counted.") in errors(refused.text)
    assert plays(app) == before and "Round 1" in text(client.get(game).text)
    # who went out, and nothing left in the other hands (typed or not): the round ends
    ended = client.post(f"{game}/plays/round-end", data={"out": "1"})
    assert ended.status_code == 303, errors(ended.text)
    assert "Round 2" in text(client.get(game).text)


def test_ending_the_game_before_the_hands_are_counted_asks_first(app, client):
    game = fez(client, names=("Bob", "Carol"))
    word(client, game, 1, "PLAY", "BBBB")  # Carol's PLAYᶠ 18
    page = text(client.get(f"{game}/plays/game-end").text)
    assert "Round 1’s hands are not counted yet" in page and "Count the hands first" in page
    before = plays(app)
    refused = client.post(f"{game}/plays/game-end", data={})
    assert refused.status_code == 422
    assert "Round 1’s hands are not counted: count them first, or tick “End without counting them”." \
        in errors(refused.text)
    assert plays(app) == before and "wins" not in text(client.get(game).text)
    # Counted: Bob holds QI (11), Carol went out; her flush earns +30: nothing to ask any more.
    client.post(f"{game}/plays/round-end", data={"left-0": "QI", "out": "1"})
    assert "not counted" not in text(client.get(f"{game}/plays/game-end").text)
    assert client.post(f"{game}/plays/game-end", data={}).status_code == 303
    assert totals(client.get(game).text) == [-11, 48]


def test_a_game_ended_with_a_round_uncounted_once_ticked(client):
    game = fez(client, names=("Bob", "Carol"))
    word(client, game, 1, "PLAY", "BBBB")
    ended = client.post(f"{game}/plays/game-end", data={"uncounted": "yes"})
    assert ended.status_code == 303, errors(ended.text)
    assert "🏆 Carol wins with 18!" in text(client.get(game).text)
    assert "The scorekeeper ended the game, the last round’s hands uncounted" in text(
        client.get(f"{game}/history").text)


def test_the_two_letters_of_one_card_have_one_colour(app, client):
    game = fez(client)
    before = plays(app)
    # PL on one card, red and black: refused; the typed cards must hold the letters used
    for cards, colours, message in [
        ("PL A Y", "RBBB", "PL is one card, and a card has one colour: give its two letters the same colour."),
        ("PLA Y", "BBBB", "A card carries two letters at most: put a space between cards (PL A Y)."),
        ("PL AX", "BBBB", "The cards hold the letters used, in order, a space between cards: PLAY."),
    ]:
        refused = client.post(f"{game}/rounds", data={"seat": "0", "tiles": "PLAY",
                                                      "colours": colours, "cards": cards})
        assert refused.status_code == 422 and message in errors(refused.text), message
    preview = client.get(f"{game}/rounds/preview", query_string={
        "tiles": "PLAY", "colours": "RBBB", "cards": "PL A Y"}).text
    assert "PL is one card" in preview
    assert plays(app) == before
    # PL red, A and Y red: a red flush, 9×2 = 18; the edit form keeps the cards
    saved = client.post(f"{game}/rounds", data={"seat": "0", "tiles": "PLAY", "colours": "RRRR",
                                                "cards": "PL A Y"})
    assert saved.status_code == 303 and totals(client.get(game).text) == [18, 0, 0]
    assert 'value="PL A Y"' in client.get(f"{game}/rounds/1/edit").text
    refused = client.post(f"{game}/rounds/1/edit", data={"seat": "0", "tiles": "PLAY",
                                                         "colours": "BRRR", "cards": "PL A Y"})
    assert refused.status_code == 422 and "PL is one card" in " ".join(errors(refused.text))


def test_a_lay_off_card_has_one_colour_and_one_side_of_the_word(app, client):
    game = fez(client)
    word(client, game, 1, "PLAY", "BBBB")  # play 1: Carol's PLAYᶠ
    before = plays(app)
    for form, message in [
        ({"before": "", "after": "ING", "colours": "RBB", "cards": "IN G"},
         "IN is one card, and a card has one colour: give its two letters the same colour."),
        ({"before": "S", "after": "ED", "colours": "BBB", "cards": "SE D"},
         "A card gives letters on one side of the word: before it or after it."),
    ]:
        refused = client.post(f"{game}/plays/layoff", data={"seat": "0", "onto": "1", **form})
        assert refused.status_code == 422 and message in errors(refused.text), message
    assert plays(app) == before
    # ING in black, IN one card: PLAYING keeps the flush, (1+1+2)×2 = 8
    saved = client.post(f"{game}/plays/layoff", data={"seat": "0", "onto": "1", "before": "",
                                                      "after": "ING", "colours": "BBB", "cards": "IN G"})
    assert saved.status_code == 303, errors(saved.text)
    assert totals(client.get(game).text) == [8, 18, 0]


def test_a_colour_not_set_is_refused_however_the_word_arrives(app, client):
    """A letter whose colour nobody chose ("?", or nothing typed for it) is named, not taken
    for black: on Save, on an edit, on a lay-off, and in the preview, which scores no flush."""
    game = fez(client)
    named = "Choose red or black for every letter: A, Y have none yet."
    for colours in ("BB??", "BB"):
        refused = word(client, game, 0, "PLAY", colours)
        assert refused.status_code == 422 and named in errors(refused.text), colours
        preview = read(client.get(f"{game}/rounds/preview", query_string={
            "tiles": "PLAY", "colours": colours}).text)
        assert named in preview and "PLAYᶠ" not in preview and "18" not in preview
    before = plays(app)
    assert before == 0
    word(client, game, 1, "PLAY", "BBBB")  # play 1
    edit = client.post(f"{game}/rounds/1/edit", data={"seat": "1", "tiles": "PLAY", "colours": "BB??"})
    assert edit.status_code == 422 and named in errors(edit.text)
    layoff = client.post(f"{game}/plays/layoff", data={"seat": "0", "onto": "1", "before": "S",
                                                       "after": "", "colours": "?"})
    assert "Choose red or black for every letter: S has none yet." in errors(layoff.text)
    assert totals(client.get(game).text) == [0, 18, 0]


def test_a_refused_word_or_lay_off_says_its_reason_once(client):
    """Save refuses a word (or lay-off) whose colours are not chosen: the reason shows once,
    beside the colours, not a second time in the working line under it."""
    game = fez(client)
    refused = word(client, game, 0, "PLAY", "")
    assert read(refused.text).count("Choose red or black for every letter") == 1
    word(client, game, 1, "PLAY", "BBBB")
    layoff = client.post(f"{game}/plays/layoff", data={"seat": "0", "onto": "1", "before": "S",
                                                       "after": "", "colours": ""})
    assert read(layoff.text).count("Choose red or black for every letter") == 1


def test_the_preview_refuses_what_save_refuses(client):
    game = fez(client)
    for typed, reason in [({"tiles": "A", "colours": "R"}, "A FEZ word has 2 letters or more."),
                          ({"tiles": "PL?Y", "colours": "BBBB", "reads": "PLAN"},
                           "Spell the whole word with the blanks’ letters: 4 letters.")]:
        preview = read(client.get(f"{game}/rounds/preview", query_string=typed).text)
        saved = client.post(f"{game}/rounds", data={"seat": "0", **typed})
        assert saved.status_code == 422 and reason in errors(saved.text)
        assert reason in preview and "×" not in preview, typed


def test_the_lay_off_shows_its_score_and_the_words_colours(client):
    game = fez(client)
    word(client, game, 1, "PLAY", "BBBB")  # play 1: Carol's PLAYᶠ
    word(client, game, 0, "FIN", "RBR")  # play 2: Bob's FIN
    page = read(client.get(game).text)
    assert "PLAY (Carol) · all black" in page and "FIN (Bob) · red F, black I, red N" in page

    def preview(**typed):
        return read(client.get(f"{game}/rounds/preview", query_string={"preview": "layoff", **typed}).text)
    # S in black before PLAYᶠ keeps its flush: 1×2; in red: 1; a star on Bob's own FIN: 6 → 12
    assert "SPLAY 1×2 = 2" in preview(seat="2", onto="1", before="S", colours="B")
    assert "SPLAY 1" in preview(seat="2", onto="1", before="S", colours="R")
    assert "FIN ★ re-scores FIN: 12 − 6 = 6" in preview(seat="0", onto="2", stars="R")
    assert "A star can only be laid on one’s own word." in preview(seat="2", onto="2", stars="R")
    assert "fez-layoff-working" in client.get(f"{game}/rounds/preview",
                                              query_string={"preview": "layoff"}).text


def test_a_star_row_counts_what_the_star_gained(client):
    """FEZ, a black flush, 15×2 = 30; a black star laid on it later (the flush colour: ×2×2)
    makes it 120: the star's row counts the 90 it gained, the word's row its 30."""
    game = fez(client, names=("Bob", "Carol"))
    word(client, game, 0, "FEZ", "BBB")
    r = client.post(f"{game}/plays/layoff", data={"seat": "0", "onto": "1", "before": "",
                                                  "after": "", "colours": "", "stars": "B"})
    assert r.status_code == 303, errors(r.text)
    page = read(client.get(game).text)
    assert totals(client.get(game).text) == [120, 0]
    assert "FEZᶠ all black edit 15×2 = 30 30 30" in page
    assert "★ re-scores FEZ: 120 − 30 = 90 90 120" in page
    entries = client.get(f"{game}.json").get_json()["rows"][0]["entries"]
    assert [e["points"] for e in entries] == [30, 90]
