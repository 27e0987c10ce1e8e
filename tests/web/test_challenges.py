"""Challenges: the judge rules, the verdict moves points exactly as NOTES.md reads foot.txt."""

import re

from sqlalchemy import select

from companion.extensions import db
from companion.models import Play
from tests.helpers import errors, round_form, text, totals


def challenge(client, game, seat, challenger, verdict, round_id=1, **extra):
    return client.post(f"{game}/challenge?round={round_id}&seat={seat}",
                       data={"challenger": str(challenger), "verdict": verdict, **extra},
                       follow_redirects=True)


def checked_verdict(html: str) -> str:
    return re.search(r'name="verdict" value="(\w+)"\s+checked', html).group(1)


def test_the_judge_rules_on_the_challenged_word(client, game):
    # Bo laid BLORF (no word; B 3 + L 3 + O 1 + R 3 + F 3 = 13).
    client.post(f"{game}/rounds", data=round_form("JAZZY", "BLORF", "", out=0))
    page = text(client.get(f"{game}/challenge?round=1&seat=1").text)
    assert "The judge: BLORF is not allowed" in page and "Not in the word list." in page
    assert checked_verdict(client.get(f"{game}/challenge?round=1&seat=1").text) == "rejected"
    page = text(client.get(f"{game}/challenge?round=1&seat=0").text)
    assert "The judge: JAZZY is allowed" in page and "resembling jazz" in page
    assert checked_verdict(client.get(f"{game}/challenge?round=1&seat=0").text) == "stands"


def test_a_rejected_going_out_word_scores_nothing_and_pays_the_challenger(client, game):
    # QWERT: not a word. Q 20 + W 10 + E 1 + R 3 + T 3 = 37, + 10 for going out.
    client.post(f"{game}/rounds", data=round_form("QWERT", "QUOTA", "", out=0))
    page = challenge(client, game, seat=0, challenger=1, verdict="rejected").text
    # Ann loses 37 and the +10; Bo gains QWERT's card value, 37.
    assert totals(page) == [0, 26 + 37, 0]
    assert "✗ rejected: Bo +37" in text(page) and "+37 challenging" in text(page)
    assert "out +10" not in page  # the rejected going-out word lost its bonus


def test_a_word_that_stands_costs_the_challenger_its_card_value(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    page = challenge(client, game, seat=1, challenger=2, verdict="stands").text
    assert totals(page) == [81, 26, -26]
    assert "✓ stands: Cy −26" in text(page) and "−26 challenging" in text(page)
    assert "JAZZY 81 went out +10" in text(page)  # the bonus Ann kept, as the rules give it
    history = text(client.get(f"{game}/history").text)
    assert ("Cy challenged Bo’s QUOTA in round 1: it stands; the judge: in the word list (a common "
            "word) · the common English word list") in history


def test_the_scorekeeper_can_overrule_the_judge_and_it_is_recorded(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    page = challenge(client, game, seat=1, challenger=0, verdict="rejected").text
    assert totals(page) == [81 + 26, 0, 0]
    assert "✗ rejected (house): Ann +26" in text(page)
    history = text(client.get(f"{game}/history").text)
    assert ("Ann challenged Bo’s QUOTA in round 1: rejected; a house decision, overruling the "
            "judge: in the word list (a common word) · the common English word list") in history


def test_a_word_tapped_by_mistake_has_a_way_back_a_player_would_say(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    page = text(client.get(f"{game}/challenge?round=1&seat=1").text)
    assert "Wrong word? Back to the game" in page and "Not this word" not in page


def test_the_judge_is_quoted_in_a_players_words_never_its_files(app, client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    page = text(client.get(f"{game}/challenge?round=1&seat=1").text)
    assert "Decided by the common English word list" in page
    challenge(client, game, seat=1, challenger=2, verdict="stands")
    # a challenge saved while the judge still named its files reads the same way
    with app.app_context():
        play = db.session.scalars(select(Play).where(Play.kind == "challenge")).one()
        play.data = {**play.data, "judge": {**play.data["judge"], "source": "SCOWL english-words.35"}}
        db.session.commit()
    history = text(client.get(f"{game}/history").text)
    assert "in the word list (a common word) · the common English word list" in history
    assert not re.search(r"SCOWL|english-|WordNet", history)


def test_a_wild_card_word_is_judged_by_what_it_reads_as(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUI?K", "", out=0))
    page = text(client.get(f"{game}/challenge?round=1&seat=1").text)
    assert "The judge: QUICK is allowed" in page and "Reads as QUICK" in page


def test_house_rules_change_the_judges_ruling(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "BLORF", "", out=0))
    client.post(f"{game}/house/words", data={"word": "blorf", "action": "add",
                                             "definition": "a family joke"})
    page = text(client.get(f"{game}/challenge?round=1&seat=1").text)
    assert "The judge: BLORF is allowed" in page and "Added by a house rule." in page
    assert "a family joke" in page


def test_the_challenge_page_says_what_each_verdict_costs(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    page = text(client.get(f"{game}/challenge?round=1&seat=0").text)
    assert "Ann’s word in round 1, worth 71." in page
    assert "Not a word: Ann scores 0 this round; the challenger gains 71" in page
    assert "The word stands: the challenger loses 71" in page
    assert 'name="challenger" value="0"' not in page  # Ann cannot challenge herself


def test_a_challenge_needs_a_challenger_and_a_verdict(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    response = client.post(f"{game}/challenge?round=1&seat=0", data={})
    assert response.status_code == 422
    assert errors(response.text) == ["Choose who challenged.",
                                     "Choose the verdict: the word stands or is rejected."]
    response = client.post(f"{game}/challenge?round=1&seat=0", data={"challenger": "0", "verdict": "stands"})
    assert "A player cannot challenge their own word." in errors(response.text)
    assert totals(client.get(game).text) == [81, 26, 0]


def test_no_word_and_missing_rounds_cannot_be_challenged(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    page = challenge(client, game, seat=2, challenger=0, verdict="rejected").text
    assert "There is no such word to challenge." in page
    page = challenge(client, game, seat=0, challenger=1, verdict="rejected", round_id=42).text
    assert "There is no such word to challenge." in page
    assert totals(client.get(game).text) == [81, 26, 0]


def test_a_word_is_challenged_once_and_undo_takes_the_challenge_back(client, game):
    client.post(f"{game}/rounds", data=round_form("QWERT", "QUOTA", "", out=0))
    challenge(client, game, seat=0, challenger=1, verdict="rejected")
    response = client.post(f"{game}/challenge?round=1&seat=0",
                           data={"challenger": "2", "verdict": "stands"})
    assert "That word has already been challenged." in errors(response.text)
    page = client.post(f"{game}/undo", data={"play": "2"}, follow_redirects=True).text
    assert "Undone: Bo challenged Ann’s QWERT in round 1: rejected" in text(page)
    assert totals(page) == [47, 26, 0]


def test_an_answer_on_its_way_during_undo_keeps_the_message_of_what_was_undone(app, client, game):
    """A live refresh asked just before Undo and answered just after it (two requests of one
    phone crossing on the Wi-Fi) leaves the cookie Undo's answer set, so the page after Undo
    still says what was undone. Before, every answer sent its session cookie back, and the
    late one put back the cookie without the message (an end-to-end run lost it so)."""
    client.post(f"{game}/rounds", data=round_form("QWERT", "QUOTA", "", out=0))
    challenge(client, game, seat=0, challenger=1, verdict="rejected")
    asked_with = client.get_cookie("session").value  # the cookie the refresh goes out with
    client.post(f"{game}/undo", data={"play": "2"})  # its answer holds "Undone: ..."
    late = app.test_client()
    late.set_cookie("session", asked_with)
    answer = late.get(game, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    for header in answer.headers.getlist("Set-Cookie"):  # the phone takes what it is sent
        name, value = header.split(";", 1)[0].split("=", 1)
        client.set_cookie(name, value)
    page = client.get(game).text
    assert "Undone: Bo challenged Ann’s QWERT in round 1: rejected" in text(page)
    assert totals(page) == [47, 26, 0]


def test_challenges_follow_the_deal(client, game):
    client.post(f"{game}/rounds", data=round_form("QWERT", "QUOTA", "FJORD", out=0))
    assert "Ann deals, Bo plays first" in text(client.get(game).text)
    # Ann's QWERT rejected on Cy's challenge: Ann's 0 is now lowest, so Cy (on Ann's right) deals.
    page = challenge(client, game, seat=0, challenger=2, verdict="rejected").text
    assert "Cy deals, Ann plays first" in text(page)


def test_a_challenge_of_an_earlier_round_asks_the_scorekeeper_first(client, game):
    """foot.txt: a word may be challenged "before the cards are gathered for the next round"."""
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    client.post(f"{game}/rounds", data=round_form("QUOTA", "", "JAZZY", out=2))
    asked = text(client.get(f"{game}/challenge?round=1&seat=1").text)
    assert "This round’s cards were gathered already: challenge round 1 anyway?" in asked
    assert "anyway?" not in text(client.get(f"{game}/challenge?round=2&seat=0").text)
    # Not ticked: refused with the reason, nothing saved.
    refused = challenge(client, game, seat=1, challenger=0, verdict="rejected")
    assert refused.status_code == 422
    assert "Round 1’s cards were gathered already: tick “Challenge it anyway”" in text(refused.text)
    # Round 1 81 + 26 + 0, round 2 26 + 0 + 81: totals [107, 26, 81]
    assert totals(client.get(game).text) == [81 + 26, 26, 81]
    # Ticked: recorded. QUOTA rejected: Bo loses 26, Ann gains 26.
    page = challenge(client, game, seat=1, challenger=0, verdict="rejected", confirm="yes")
    assert page.status_code == 200 and totals(page.text) == [81 + 26 + 26, 0, 81]
