"""What a game page leaves for later, to come in under 30 KB for a new phone (tests/weight.py):
the share box's inside and the family game's challenge form come when their box opens (htmx)
or as pages of their own (no script); Hand and Foot's − and + are drawn by its script; and a
game opened again among the phone's latest sends no new session cookie."""

from __future__ import annotations

import re

from tests.helpers import new_game

HX = {"HX-Request": "true"}


def test_the_share_box_holds_its_code_and_asks_for_the_rest_when_opened(client):
    url = new_game(client)
    page = client.get(url).text
    box = re.search(r'<details class="share".*?</details>', page, re.S).group(0)
    code = re.search(r'<strong class="code">([^<]+)</strong>', box).group(1)
    assert "qr.svg" not in page and "type the code" not in page  # not on every load
    inside = client.get(f"{url}/share", headers=HX).text
    assert f"type the code <strong class=\"code\">{code}</strong>" in inside
    assert f"{url}/qr.svg" in inside and f"<code>http://localhost{url}</code>" in inside
    assert "<html" not in inside  # the box's inside only
    whole = client.get(f"{url}/share").text  # a phone without scripts: a page of its own
    assert "<h1>Watch on another phone</h1>" in whole and f"{url}/qr.svg" in whole
    assert f'href="{url}/share"' in box  # (its link, in the box)


def test_the_family_games_challenge_form_comes_when_its_box_opens(client):
    url = new_game(client, ruleset="family")
    page = client.get(url).text
    box = re.search(r'<details class="challenge-word".*?</details>', page, re.S).group(0)
    assert "Who laid it" not in box and f'href="{url}/challenge/ask"' in box
    form = client.get(f"{url}/challenge/ask", headers=HX).text
    assert f'action="{url}/challenge"' in form and "Who laid it" in form and "<html" not in form
    assert ">Bo</option>" in form
    whole = client.get(f"{url}/challenge/ask").text
    assert "<h1>A word is challenged</h1>" in whole and "Who laid it" in whole
    foot = new_game(client)
    assert client.get(f"{foot}/challenge/ask").status_code == 404  # (FOOT!'s come by its rounds)


def test_hand_and_foots_counts_come_without_their_buttons_and_with_the_script_that_draws_them(client):
    url = new_game(client, names=("Ann", "Bo", "Cy", "Di"), ruleset="hand-and-foot")
    page = client.get(url).text
    assert page.count('class="stepper"') >= 24
    assert 'class="step"' not in page  # hand-and-foot.js draws them
    assert re.search(r'<script src="/static/hand-and-foot\.[0-9a-f]{10}\.js" defer>', page)


def test_a_game_opened_again_among_the_phones_latest_sends_no_new_cookie(client):
    first = new_game(client)
    second = new_game(client, names=("Di", "Ed"))
    client.get(second)  # (its "game started" message shown: the session changed)
    assert "Set-Cookie" not in client.get(second).headers  # the latest
    assert "Set-Cookie" not in client.get(first).headers  # one of the latest: left in place
    assert client.get("/").text.index("Di") < client.get("/").text.index("Ann")  # (newest first)
