"""Challenges move points exactly as NOTES.md reads foot.txt."""

from conftest import errors, round_form, text, totals


def challenge(client, game, seat, challenger, verdict, round_id=1, **extra):
    return client.post(f"{game}/rounds/{round_id}/challenge/{seat}",
                       data={"challenger": str(challenger), "verdict": verdict, **extra},
                       follow_redirects=True)


def test_a_rejected_going_out_word_scores_nothing_and_pays_the_challenger(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    page = challenge(client, game, seat=0, challenger=1, verdict="rejected").text
    # Ann loses 71 and the +10; Bo gains JAZZY's card value, 71.
    assert totals(page) == [0, 26 + 71, 0]
    assert "✗ rejected: Bo +71" in text(page) and "+71 challenging" in text(page)
    assert "out +10" not in page  # the rejected going-out word lost its bonus


def test_a_word_that_stands_costs_the_challenger_its_card_value(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    page = challenge(client, game, seat=1, challenger=2, verdict="stands").text
    assert totals(page) == [81, 26, -26]
    assert "✓ stands: Cy −26" in text(page) and "−26 challenging" in text(page)


def test_the_challenge_page_says_what_each_verdict_costs(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    page = text(client.get(f"{game}/rounds/1/challenge/0").text)
    assert "Ann’s word in round 1, worth 71." in page
    assert "Not a word: Ann scores 0 this round; the challenger gains 71" in page
    assert "The word stands: the challenger loses 71" in page
    assert 'name="challenger" value="0"' not in page  # Ann cannot challenge herself


def test_a_challenge_needs_a_challenger_and_a_verdict(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    response = client.post(f"{game}/rounds/1/challenge/0", data={})
    assert response.status_code == 422
    assert errors(response.text) == ["Choose who challenged.",
                                     "Choose the verdict: the word stands or is rejected."]
    response = client.post(f"{game}/rounds/1/challenge/0", data={"challenger": "0", "verdict": "stands"})
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
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "", out=0))
    challenge(client, game, seat=0, challenger=1, verdict="rejected")
    response = client.post(f"{game}/rounds/1/challenge/0",
                           data={"challenger": "2", "verdict": "stands"})
    assert "That word has already been challenged." in errors(response.text)
    page = client.post(f"{game}/undo", data={"play": "2"}, follow_redirects=True).text
    assert "Undone: Bo challenged Ann’s JAZZY in round 1: rejected" in text(page)
    assert totals(page) == [81, 26, 0]


def test_challenges_follow_the_deal(client, game):
    client.post(f"{game}/rounds", data=round_form("JAZZY", "QUOTA", "FJORD", out=0))
    assert "<strong>Ann</strong> deals, <strong>Bo</strong> plays first" in text(client.get(game).text)
    # Ann's JAZZY rejected by Cy: Ann 0 is now lowest, so Cy (on Ann's right) deals.
    page = challenge(client, game, seat=0, challenger=2, verdict="rejected").text
    assert "<strong>Cy</strong> deals, <strong>Ann</strong> plays first" in text(page)
