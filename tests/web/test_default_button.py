"""Enter in a field of a form with a scan field saves, with or without the page's script: the
form's default button (its first submit button, which Enter presses) is its Save, never a
player's "Read the photo", which would send an empty photo."""

import re

from tests.helpers import new_game, post


def default_button(html: str, form_id: str) -> str:
    """The opening tag of the form's first submit button: the one Enter presses."""
    form = re.search(rf'<form id="{form_id}"[^>]*>(.*?)</form>', html, re.S).group(1)
    buttons = re.findall(r"<button\b[^>]*>", form)
    assert 'formaction="' in " ".join(buttons), "the form has its scan fields"
    return next(b for b in buttons if 'type="button"' not in b)


def assert_enter_saves(client, url: str, form_id: str = "round-form") -> None:
    button = default_button(client.get(url).text, form_id)
    assert "formaction" not in button, button  # it posts the form to its own action: Save


def test_enter_in_a_foot_word_saves_the_round(client, game):
    assert_enter_saves(client, game)


def test_enter_in_a_fez_word_saves_the_word(client):
    assert_enter_saves(client, new_game(client, ("Bob", "Carol", "Dan"), "fez"))


def test_enter_in_the_family_game_cards_left_saves_the_round(client):
    url = new_game(client, ("Ann", "Bo", "Cy"), "family", difficulty="adults")
    values = {f"value-{c}": "10" if c in "QZ" else "2" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
    values |= {f"value-{z}": "15" for z in ("WILD", "DISCARD", "REPLACE", "TWO_TURNS", "CHECK")}
    post(client, f"{url}/plays/card-values", **values)  # the cards left can be scanned now
    assert_enter_saves(client, url)


def test_enter_in_a_showdown_word_pays_the_pots(client):
    url = new_game(client, ("Ann", "Bo"), "poker", ante=0, buy_in=100, length=5)
    client.post(f"{url}/rounds", data={})  # deal
    for action in ("all-in", "call"):  # Bo all in, Ann calls: the showdown
        post(client, f"{url}/plays/action", action=action)
    assert_enter_saves(client, url, "showdown-form")
