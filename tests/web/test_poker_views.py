"""ZOOT! Poker through its pages: deals, each seat's legal actions, side pots, the showdown
decided by words, a challenge that reverses it, undo; bad input refused with nothing saved."""

import io
import re

import pytest
from sqlalchemy import func, select

from companion.extensions import db
from companion.models import Play
from tests.helpers import errors, new_game, text, totals


def poker(client, names=("Ann", "Bo", "Cy", "Di"), **settings) -> str:
    return new_game(client, names, "poker", **settings)


def act(client, game, action, amount=None):
    data = {"action": action, **({"amount": str(amount)} if amount is not None else {})}
    response = client.post(f"{game}/plays/action", data=data)
    assert response.status_code == 303, errors(response.text)


def test_a_deal_played_all_in_and_decided_by_words_then_by_a_challenge(client):
    game = poker(client, names=("Ann", "Bo", "Cy"), ante=5, buy_in=100)
    assert client.post(f"{game}/rounds", data={}).status_code == 303  # deal: antes 5 each
    page = text(client.get(game).text)
    assert "In the pot: 15" in page and "Bo to act" in page
    act(client, game, "bet", 60)  # Bo: 60 of his 95
    act(client, game, "all-in")  # Cy: 95, more than the bet: a raise all in
    act(client, game, "call")  # Ann calls 95
    act(client, game, "call")  # Bo calls: 35 more, all in too
    # every stack is 0 or the betting is over: the showdown
    page = text(client.get(game).text)
    assert "Showdown" in page
    r = client.post(f"{game}/plays/showdown", data={"word-0": "ja?zier", "word-1": "qui?zes", "word-2": ""})
    assert r.status_code == 303, errors(r.text)
    # JA?ZIER 20+1+0+20+1+1+3 = 46, QUI?ZES 20+1+1+0+20+1+3 = 46 (a Z each: the deck has 3):
    # a tie between Ann and Bo, Cy no word
    assert totals(client.get(game).text) == [150, 150, 0]
    # Bo challenges Ann's word; the table rejects it (overruling the judge)
    page = client.get(f"{game}/challenge", query_string={"seat": "0"}).text
    action = re.search(r'<form method="post" action="([^"]+)"', page).group(1).replace("&amp;", "&")
    client.post(action, data={"challenger": "1", "verdict": "rejected"})  # the table overrules
    assert totals(client.get(game).text) == [0, 300, 0]


def test_an_unanswered_bet_wins_unseen_and_undo_takes_an_action_back(client):
    game = poker(client, names=("Ann", "Bo"), ante=5, buy_in=100)
    client.post(f"{game}/rounds", data={})
    act(client, game, "bet", 20)  # Bo
    undo = re.search(r'name="play" value="(\d+)"', client.get(game).text).group(1)
    client.post(f"{game}/undo", data={"play": undo})
    assert "Bo to act" in text(client.get(game).text)
    act(client, game, "bet", 30)
    act(client, game, "fold")  # Ann folds: Bo wins the antes unseen
    page = text(client.get(game).text)
    assert totals(client.get(game).text) == [95, 105]
    # the winner named, with what they won; the bet nobody called said going back
    assert "Bo won the pot of 10 unseen: everyone else folded" in page
    assert "Returned to Bo: 30 (nobody matched it)" in page
    assert "On the deal: Ann −5 · Bo +5" in page  # each seat's gain or loss, as the rules sign it


def test_illegal_actions_and_amounts_are_refused_with_nothing_saved(app, client):
    game = poker(client, names=("Ann", "Bo"), buy_in=100, ante=0)
    client.post(f"{game}/rounds", data={})
    with app.app_context():
        before = db.session.scalar(select(func.count()).select_from(Play))
    for data, message in [({"action": "call"}, "Choose one of the actions offered."),
                          ({"action": "bet", "amount": "500"}, "A bet here is 1 to 100 chips."),
                          ({"action": "bet", "amount": "²"}, "A bet here is 1 to 100 chips."),
                          ({"action": "dance"}, "Choose one of the actions offered.")]:
        response = client.post(f"{game}/plays/action", data=data)
        assert response.status_code == 422 and message in errors(response.text), message
    assert "A deal is under way" in " ".join(errors(client.post(f"{game}/rounds", data={}).text))
    assert app.test_client().post(f"{game}/plays/action", data={"action": "check"}).status_code == 403
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Play)) == before


def test_a_whole_deal_can_be_voided_and_a_player_with_no_chips_sits_out(client):
    game = poker(client, names=("Ann", "Bo", "Cy"), ante=0, buy_in=100)
    client.post(f"{game}/rounds", data={})
    act(client, game, "all-in")  # Bo: 100
    act(client, game, "fold")  # Cy
    act(client, game, "call")  # Ann: 100, all in: the showdown
    client.post(f"{game}/plays/showdown", data={"word-0": "JAZZIER", "word-1": "", "word-2": ""})
    assert totals(client.get(game).text) == [200, 0, 100]
    client.post(f"{game}/rounds", data={})  # deal 2: Bo has no chips and sits out
    page = text(client.get(game).text)
    assert "Ann to act" in page or "Cy to act" in page
    deal = re.findall(r'/rounds/(\d+)/delete', client.get(game).text)[-1]
    act(client, game, "bet", 50)
    client.post(f"{game}/rounds/{deal}/delete")
    assert totals(client.get(game).text) == [200, 0, 100]  # the chips went back
    page = text(client.get(game).text)
    assert "Next deal" in page and "could not be read" not in page


@pytest.mark.usefixtures("letter_model")
def test_a_showdown_word_is_read_from_a_photo(client):
    from tests.drawn import table

    game = poker(client, names=("Ann", "Bo"), ante=0, buy_in=100, length=5)
    client.post(f"{game}/rounds", data={})
    act(client, game, "all-in")  # Bo
    act(client, game, "call")  # Ann: the showdown
    photo = {"photo-1": (io.BytesIO(table("QUOTA")), "cards.jpg"), "word-0": "JAZZY"}
    page = client.post(f"{game}/scan/1", data=photo, content_type="multipart/form-data").text
    assert re.findall(r'<option value="(.)" selected>', page) == list("QUOTA")
    cards = {f"card-{k}": letter for k, letter in enumerate("QUOTA")}
    page = client.post(f"{game}/scan/1/use", data={"word-0": "JAZZY", **cards}).text
    assert 'value="QUOTA"' in page and 'value="JAZZY"' in page  # both words kept in the form
    client.post(f"{game}/plays/showdown", data={"word-0": "JAZZY", "word-1": "QUOTA"})
    assert totals(client.get(game).text) == [200, 0]  # JAZZY 71 beats QUOTA 26


def test_a_player_may_start_with_more_chips_and_rebuys_follow_the_setting(client):
    game = poker(client, names=("Ann", "Bo"), buy_in=100)
    assert client.post(f"{game}/plays/rebuy", data={"seat": "1", "chips": "50"}).status_code == 303
    assert totals(client.get(game).text) == [100, 150]
    client.post(f"{game}/rounds", data={})  # antes of 5
    act(client, game, "bet", 20)  # Bo
    act(client, game, "fold")  # Ann: Bo wins the antes
    assert totals(client.get(game).text) == [95, 155]
    refused = client.post(f"{game}/plays/rebuy", data={"seat": "0", "chips": "50"})
    assert "This table plays without rebuys." in errors(refused.text)


def showdown_now(client, **settings) -> str:
    """A three-seat game at its showdown: Bo all in, Cy folds, Ann calls."""
    game = poker(client, names=("Ann", "Bo", "Cy"), ante=0, buy_in=100, **settings)
    client.post(f"{game}/rounds", data={})
    act(client, game, "all-in")  # Bo
    act(client, game, "fold")  # Cy
    act(client, game, "call")  # Ann: the showdown
    return game


def test_a_showdown_word_no_hand_could_show_is_refused_with_nothing_paid(app, client):
    game = showdown_now(client, wilds=2)
    with app.app_context():
        before = db.session.scalar(select(func.count()).select_from(Play))
    for word, reason in (("ZZZZZZZ", "This word uses 7 Zs (the deck has 3)."),
                         ("QUI???S", "This word uses 3 wild cards (the deck has 2)."),
                         ("ZZZZ", "This word uses 4 Zs (the deck has 3).")):
        r = client.post(f"{game}/plays/showdown", data={"word-0": "JAZZIER", "word-1": word})
        assert r.status_code == 422 and reason in text(r.text), word
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Play)) == before
    assert totals(client.get(game).text) == [0, 0, 100]  # nothing paid yet
    # each word could be dealt, but not both from one deck: 4 Zs, or 3 wild cards of 2
    for words, reason in ((("JAZZIER", "QUIZZES"), "These words together use 4 Zs (the deck has 3)."),
                          (("JA??IER", "QUI?ZES"), "These words together use 3 wild cards (the deck has 2).")):
        r = client.post(f"{game}/plays/showdown", data={"word-0": words[0], "word-1": words[1]})
        assert r.status_code == 422 and reason in errors(r.text), words
    r = client.post(f"{game}/plays/showdown", data={"word-0": "JAZZIER", "word-1": "QUI??ES"})
    assert r.status_code == 303, errors(r.text)
    assert totals(client.get(game).text) == [200, 0, 100]  # JAZZIER 66 beats QUI??ES 26


def test_a_table_without_wild_cards_cannot_show_one(client):
    game = showdown_now(client, wilds=0)
    r = client.post(f"{game}/plays/showdown", data={"word-0": "JA?ZIER", "word-1": ""})
    assert r.status_code == 422 and "This word uses a wild card: this deck has none." in text(r.text)


def test_the_showdown_words_are_valued_as_they_are_typed(client):
    game = showdown_now(client)
    page = client.get(game).text
    assert 'hx-get="' + game[game.index("/games"):] + '/rounds/preview"' in page  # the form asks
    shown = client.get(f"{game}/rounds/preview",
                       query_string={"word-0": "jazzier", "word-1": "jazzy"}).text
    assert re.search(r'id="points-0"[^>]*>66', shown)
    assert "JAZZY has 5 letters, not 7: worth 0." in shown
    shown = client.get(f"{game}/rounds/preview", query_string={"word-0": "zzzzzzz"}).text
    assert "This word uses 7 Zs (the deck has 3)." in text(shown)
    assert 'id="points-2"' not in shown  # Cy folded: no word of his


def test_a_raise_is_said_and_typed_as_raise_to_and_any_chip_more_is_one(client):
    """The sheet's raise: "more than enough chips to call", by default. Bo bets 40, Cy raises
    to 68 (28 more: no limit's rule would ask for 40 more), Ann raises to 98, and Bo, who
    has 40 in, raises to 130: he puts in 90, and the board and History say "raise to"."""
    game = poker(client, names=("Ann", "Bo", "Cy"), ante=0, buy_in=200)
    client.post(f"{game}/rounds", data={})
    act(client, game, "bet", 40)  # Bo
    page = text(client.get(game).text)
    assert "Raise to (41 to 200)" in page  # Cy: one chip more than the 40 to call
    # what Cy owes and the interval are the rules' figures, printed as they are
    assert "Cy to act: 40 to call · 200 chips left · interval 1 of 2" in page
    act(client, game, "raise", 68)  # Cy: to 68
    act(client, game, "raise", 98)  # Ann: to 98
    act(client, game, "raise", 130)  # Bo: to 130, putting in 90 more
    assert totals(client.get(game).text) == [102, 70, 132]
    page = text(client.get(game).text)
    assert "Bo bets 40 · Cy raises to 68 · Ann raises to 98 · Bo raises to 130" in page
    history = text(client.get(f"{game}/history").text)
    assert "Bo raises to 130" in history and "Ann raises to 98" in history and "Bo bets 40" in history


def test_no_limits_least_raise_is_a_setting(app, client):
    """At least the last bet or raise more: Ann's raise to 98 over Cy's 68 is refused (the
    least is 68 + 40 = 108, Bo's bet of 40 being the last full raise)."""
    game = poker(client, names=("Ann", "Bo", "Cy"), ante=0, buy_in=200, min_raise="last")
    client.post(f"{game}/rounds", data={})
    act(client, game, "bet", 40)  # Bo
    act(client, game, "raise", 80)  # Cy: to 80, a raise of 40
    with app.app_context():
        before = db.session.scalar(select(func.count()).select_from(Play))
    r = client.post(f"{game}/plays/action", data={"action": "raise", "amount": "98"})
    assert r.status_code == 422 and "A raise here is to 120 up to 200 chips." in text(r.text)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Play)) == before


def tiles(html: str) -> dict[str, tuple[set, str]]:
    """The totals strip: each name's box, its classes and its words."""
    strip = re.search(r'<ol class="totals[^"]*">(.*?)</ol>', html, re.S).group(1)
    return {text(m.group(2)).split()[0]: (set(m.group(1).split()), text(m.group(2)))
            for m in re.finditer(r'<li class="([^"]*)">(.*?)</li>', strip, re.S)}


def test_the_board_marks_the_seat_to_act_not_the_chip_leader(client):
    """The box marked is the seat whose turn it is, said "to act"; four equal stacks are
    not four leaders; a lone chip leader is said in words, not marked as the one to act."""
    game = poker(client, ante=5, buy_in=200)
    client.post(f"{game}/rounds", data={})  # Ann deals: Bo to act, every stack 195
    boxes = tiles(client.get(game).text)
    assert [n for n, (classes, _) in boxes.items() if "acting" in classes] == ["Bo"]
    assert boxes["Bo"][1] == "Bo 195 to act"
    assert not any("leader" in classes for classes, _ in boxes.values())
    act(client, game, "bet", 30)  # Bo
    act(client, game, "fold")  # Cy
    act(client, game, "fold")  # Di
    act(client, game, "fold")  # Ann: Bo takes the antes, 215 to 195, 195, 195
    client.post(f"{game}/rounds", data={})  # Bo deals: Cy to act
    boxes = tiles(client.get(game).text)
    assert [n for n, (classes, _) in boxes.items() if "acting" in classes] == ["Cy"]
    assert boxes["Cy"][1] == "Cy 190 to act" and boxes["Bo"][1] == "Bo 210 most chips"
    assert not any("leader" in classes for classes, _ in boxes.values())


def test_results_say_who_took_which_pot_the_split_and_the_odd_chip(client):
    """Ann 200, Bo 200, Cy 101 (chips bought before the first deal); Bo bets 150, Cy is all in
    for 101, Ann calls; both check. The main pot (101 x 3 = 303) ties between Ann and Cy
    (QUOTING, 32): 152 and 151, the odd chip to Cy, the first of them clockwise from Ann's
    (the dealer's) left. The side pot (49 x 2 = 98) is Ann's: Bo laid no word."""
    game = poker(client, names=("Ann", "Bo", "Cy"), ante=0, buy_in=100)
    for seat, chips in ((0, 100), (1, 100), (2, 1)):
        response = client.post(f"{game}/plays/rebuy", data={"seat": str(seat), "chips": str(chips)})
        assert response.status_code == 303
    client.post(f"{game}/rounds", data={})
    act(client, game, "bet", 150)  # Bo
    act(client, game, "all-in")  # Cy
    act(client, game, "call")  # Ann
    page = text(client.get(game).text)
    # mid-deal: the side pot is real (Cy is all in), both pots for those who may win them
    assert "Main pot: 303 for Ann, Bo and Cy" in page and "Side pot 1: 98 for Ann and Bo" in page
    act(client, game, "check")  # Bo
    act(client, game, "check")  # Ann
    r = client.post(f"{game}/plays/showdown", data={"word-0": "QUOTING", "word-1": "", "word-2": "quoting"})
    assert r.status_code == 303, errors(r.text)
    assert totals(client.get(game).text) == [200 - 150 + 151 + 98, 50, 152]
    page = text(client.get(game).text)
    assert ("Main pot: 303 split between Cy and Ann: Cy 152, Ann 151; the odd chip to Cy, the "
            "first of them clockwise from the dealer’s left") in page
    assert "Side pot 1: 98 to Ann" in page


def test_no_side_pot_mid_betting_and_an_all_ins_excess_goes_back(client):
    """Bo bets, Cy calls, Ann may still call: one pot for all three, no side pot. Then Ann is
    all in for less than Bo's bet: the chips nobody can match are said going back to Bo, and
    are not counted in the pot."""
    game = poker(client, names=("Ann", "Bo", "Cy"), ante=5, buy_in=100)
    assert client.post(f"{game}/plays/rebuy", data={"seat": "1", "chips": "33"}).status_code == 303
    client.post(f"{game}/rounds", data={})  # Ann 95, Bo 128, Cy 95
    act(client, game, "bet", 20)  # Bo
    act(client, game, "call")  # Cy
    page = text(client.get(game).text)
    assert "Ann to act" in page and "In the pot: 55 for Ann, Bo and Cy" in page
    assert "Side pot" not in page
    act(client, game, "all-in")  # Ann: 95, a raise all in
    act(client, game, "all-in")  # Bo: 128 more than Ann's 100 ...
    act(client, game, "all-in")  # Cy: 95, all in for 100
    page = text(client.get(game).text)
    # Ann 100, Bo 133, Cy 100: Bo's 33 nobody can match goes back; the pot is 300
    assert "Showdown" in page and "In the pot: 300 for Ann, Bo and Cy" in page
    assert "Returned to Bo: 33 (nobody matched it)" in page and "not matched yet" not in page
