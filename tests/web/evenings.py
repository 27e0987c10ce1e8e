"""Games played through the forms, as a table would play an evening: edits, deletes, undos,
challenges, house rules, Poker's betting and showdown. The export, import and stats tests
replay or count them. Each returns the game's address."""

from __future__ import annotations

import re

from tests.helpers import challenge, new_game, play_ids, post, round_form, undo


def foot_evening(client) -> str:
    """FOOT! for Ann, Bo and Cy (Ann deals). Round 1: JAZZY (Ann, out) 71+10 = 81, QUOTA 26,
    Cy no word: 81, 26, 0. Round 2: QUI?K 25 (Ann), WAXEB (Bo, out) 25+10 = 35, Cy none; Cy
    challenges WAXEB, rejected: Bo 0, Cy +25. Totals 106, 26, 25."""
    url = new_game(client)
    post(client, f"{url}/rounds", **round_form("JAZZY", "QUOTA", "", out=0))
    post(client, f"{url}/rounds", **round_form("QUI?K", "WAXEB", "", out=1))
    round_2 = re.findall(r"round=(\d+)&amp;seat=1", client.get(url).text)[-1]
    challenge(client, url, f"round={round_2}&seat=1", 2, "rejected")
    return url


def poker_evening(client) -> str:
    url = new_game(client, ("Ann", "Bo", "Cy"), "poker", ante=5, buy_in=100, rebuy=True)
    post(client, f"{url}/rounds")  # deal 1, antes in
    post(client, f"{url}/plays/action", action="bet", amount="20")  # Bo
    undo(client, url)  # Bo's bet taken back
    post(client, f"{url}/plays/action", action="bet", amount="30")  # Bo
    post(client, f"{url}/plays/action", action="call")  # Cy
    post(client, f"{url}/plays/action", action="call")  # Ann
    for _ in range(3):
        post(client, f"{url}/plays/action", action="check")
    post(client, f"{url}/plays/showdown", **{"word-0": "JAZZIER", "word-1": "QUI?ZES", "word-2": "QUOTING"})
    challenge(client, url, "seat=1", 0, "rejected")  # the table rejects QUI?ZES
    post(client, f"{url}/rounds")  # deal 2, voided whole
    post(client, f"{url}/plays/action", action="bet", amount="10")
    deal = re.findall(r"/rounds/(\d+)/delete", client.get(url).text)[-1]
    post(client, f"{url}/rounds/{deal}/delete")
    post(client, f"{url}/plays/rebuy", seat="1", chips="50")
    return url


def family_evening(client) -> str:
    url = new_game(client, ("Ann", "Bo", "Cy"), "family", difficulty="adults")
    values = {f"value-{c}": "10" if c in "QZ" else "2" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
    values |= {f"value-{z}": "15" for z in ("WILD", "DISCARD", "REPLACE", "TWO_TURNS", "CHECK")}
    post(client, f"{url}/plays/card-values", **values)
    post(client, f"{url}/rounds", winner="0", **{"points-1": "12", "cards-2": "QZ"})
    first = re.findall(r"/rounds/(\d+)/edit", client.get(url).text)[0]
    post(client, f"{url}/rounds/{first}/edit", winner="0", **{"points-1": "14", "cards-2": "QZA"})
    challenge(client, url, "seat=2&word=cats", 0, "rejected")
    post(client, f"{url}/rounds", winner="1", **{"points-0": "30", "points-2": "9"})
    undo(client, url)
    post(client, f"{url}/rounds", winner="2", **{"points-0": "33", "points-1": "9"})
    return url


def fez_evening(app, client) -> str:
    url = new_game(client, ("Ann", "Bo", "Cy"), "fez")
    post(client, f"{url}/rounds", seat="1", tiles="PLAY", colours="BBBB")
    post(client, f"{url}/rounds", seat="0", tiles="F?N", colours="RBR", stars="B", reads="FIN")
    play, fin = play_ids(app, url)
    post(client, f"{url}/plays/layoff", seat="2", onto=str(play), before="S", after="", colours="B")
    post(client, f"{url}/plays/layoff", seat="0", onto=str(fin), before="", after="S", colours="R")
    challenge(client, url, f"play={play_ids(app, url)[-2]}", 0, "rejected")  # Cy's SPLAY
    post(client, f"{url}/rounds/{play}/edit", seat="1", tiles="PLAY", colours="BBBR")
    post(client, f"{url}/rounds", seat="2", tiles="QI", colours="RR")
    undo(client, url)
    post(client, f"{url}/plays/round-end", **{"left-0": "QI", "points-1": "4", "out": "2"})
    post(client, f"{url}/rounds", seat="2", tiles="ZAX", colours="BBB")
    return url


def hand_and_foot_evening(client) -> str:
    url = new_game(client, ("Ann", "Bo", "Cy", "Di"), "hand-and-foot", dealer=1)
    win = {"clean-0": "1", "dirty-0": "1", "meld-0-ace": "8", "meld-0-high": "6",
           "meld-0-joker": "1", "out": "0"}
    post(client, f"{url}/rounds", **win)
    first = re.findall(r"/rounds/(\d+)/edit", client.get(url).text)[0]
    post(client, f"{url}/rounds/{first}/edit", **{**win, "meld-0-ace": "9"})
    post(client, f"{url}/rounds", **win, **{"left-1-red3": "1"})
    second = re.findall(r"/rounds/(\d+)/edit", client.get(url).text)[-1]
    post(client, f"{url}/rounds/{second}/delete")
    undo(client, url)  # the delete undone: round 2 is back
    post(client, f"{url}/rounds", **win)
    return url


def foot_with_everything(client) -> str:
    url = foot_evening(client)
    first = re.findall(r"/rounds/(\d+)/edit", client.get(url).text)[0]
    post(client, f"{url}/rounds/{first}/edit", **round_form("JAZZY", "QUOTE", "", out=0))
    challenge(client, url, f"round={first}&seat=0", 1, "stands")  # Bo loses 71
    post(client, f"{url}/rounds", **round_form("", "QUOTA", "FJORD", out=2))
    third = re.findall(r"/rounds/(\d+)/edit", client.get(url).text)[-1]
    post(client, f"{url}/rounds/{third}/delete")
    post(client, f"{url}/house/words", word="ZYZZY", action="add", definition="a weevil")
    post(client, f"{url}/rounds", **round_form("", "QUOTA", "FJORD", out=1, final=True))
    return url
