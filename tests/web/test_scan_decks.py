"""Scans of the other decks: a FEZ word (its letters, each card's colour, its stars) and the
cards left in a family game hand (letters and ZAP cards). Read by the real card reader from
plain drawn photos, corrected as the correction screen's fields send it, used, saved."""

import io
import re
from html import unescape

import pytest

from tests.drawn import hand, table
from tests.helpers import errors, new_game, plays, read, text, totals

pytestmark = pytest.mark.usefixtures("letter_model")  # its scans read photos

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ZAPS = ("WILD", "DISCARD", "REPLACE", "TWO_TURNS", "CHECK")
#: The family game's card values: 2 a letter but Q and Z 10, 15 a ZAP card.
VALUES = {**{f"value-{c}": "10" if c in "QZ" else "2" for c in LETTERS},
          **{f"value-{z}": "15" for z in ZAPS}}


def scan(client, game, at: int, photo: bytes, **fields):
    """The photo sent from the scan field of seat `at` (FEZ: 0, its word's), with the form."""
    data = {f"photo-{at}": (io.BytesIO(photo), "cards.jpg"), **fields}
    return client.post(f"{game}/scan/{at}", data=data, content_type="multipart/form-data")


def sent(html: str) -> dict[str, str]:
    """What the correction screen's fields send as they stand (as a browser would): each
    card's pick (its selected option) and, FEZ, each card ticked red."""
    result = html.split('class="scan-result"', 1)[1]
    fields = {}
    for name, options in re.findall(r'<select id="(card-\d+)" name="\1"[^>]*>(.*?)</select>', result, re.S):
        fields[name] = unescape(re.search(r'<option value="([^"]*)"[^>]*selected>', options).group(1))
    for name in re.findall(r'<input type="checkbox" id="(red-\d+)"[^>]*checked>', result):
        fields[name] = "R"
    for name, value in re.findall(r'<input type="hidden" id="[^"]*" name="([^"]+)" value="([^"]*)"', result):
        fields[name] = value
    return fields


def badges(html: str) -> list[str]:
    """What the photo shows on each card, in order."""
    return [unescape(t) for t in re.findall(r'dominant-baseline="central"[^>]*>([^<]*)</text>', html)]


def field(html: str, name: str) -> str:
    found = re.search(rf'name="{re.escape(name)}" value="([^"]*)"', html)
    return unescape(found.group(1)) if found else ""


# --- FEZ ------------------------------------------------------------------------------------

@pytest.fixture
def fez(client) -> str:
    return new_game(client, names=("Ann", "Bo", "Cy"), ruleset="fez")


def test_a_fez_scan_reads_the_letters_their_colours_and_the_star(client, fez):
    """FEZ★ laid as a red flush with a red star: every card shows on the photo, the letters
    and the star in their lists, each ticked red; what was chosen before is kept."""
    response = scan(client, fez, 0, table("FEZ★", inks="RRRR"), seat="1")
    assert response.status_code == 200, errors(response.text)
    assert badges(response.text) == ["F", "E", "Z", "★"]
    assert sent(response.text) == {"card-0": "F", "card-1": "E", "card-2": "Z", "card-3": "★",
                                   "red-0": "R", "red-1": "R", "red-2": "R", "red-3": "R"}
    assert response.text.count('class="scan-card') == 4
    assert 'class="scan-card red"' in response.text  # the badge in the card's colour
    assert "Tap a card to pick its letter and colour" in text(response.text)
    assert re.search(r'name="seat" value="1"\s*checked', response.text)  # Bo, chosen before

    # Use this word: the letters, colours and star fill the word form, scored the sheet's way
    used = client.post(f"{fez}/scan/0/use", data={"seat": "1", **sent(response.text)})
    assert (field(used.text, "tiles"), field(used.text, "colours"), field(used.text, "stars")) == (
        "FEZ", "RRR", "R")
    assert "★FEZᶠ" in read(used.text) and "15×2×2×2 = 120" in read(used.text)
    assert 'class="scan-result"' not in used.text


def test_correct_a_fez_scan_letter_colour_star_and_save_it(app, client, fez):
    """PLAY read with a red A: the scorekeeper makes the A black (a black flush), makes the L
    the blank it was and adds the black star the photo missed; or drops a card read where
    there is none."""
    response = scan(client, fez, 0, table("PLAY", inks="BBRB"))
    fields = sent(response.text)
    assert [fields[f"card-{k}"] for k in range(4)] == list("PLAY")
    assert [k for k in range(4) if f"red-{k}" in fields] == [2]  # only the A is red
    fields.pop("red-2")  # the A is black after all: a black flush
    fields["card-1"] = "?"  # the L was a blank
    used = client.post(f"{fez}/scan/0/use", data={"seat": "0", "add-star": "B", **fields})
    assert (field(used.text, "tiles"), field(used.text, "colours"), field(used.text, "stars")) == (
        "P?AY", "BBBB", "B")
    assert "★P?AYᶠ" in read(used.text) and "8×2×2×2 = 64" in read(used.text)
    # a card read where there is none: ✕ leaves it out
    used = client.post(f"{fez}/scan/0/use", data={"seat": "0", **fields, "card-3": "-"})
    assert (field(used.text, "tiles"), field(used.text, "colours")) == ("P?A", "BBB")
    assert plays(app) == 0  # nothing saved yet
    # the word form as Use left it is saved as typed
    saved = client.post(f"{fez}/rounds", data={"seat": "0", "tiles": "P?AY", "colours": "BBBB",
                                               "stars": "B", "reads": "PLAY"})
    assert saved.status_code == 303, errors(saved.text)
    assert totals(client.get(fez).text) == [64, 0, 0]


def test_a_colour_the_reader_did_not_see_comes_in_not_set(client, fez, monkeypatch):
    """FEZ laid red, the E's ink not seen (a glare): the E is not shown, nor put in, as
    black or as the others' red (PLAY typed without colours does not score as a flush
    either): the word form asks for its colour, and a colour picked is used."""
    import dataclasses

    import ocr
    from companion import scans

    real = ocr.read

    def glare_on_the_e(photo, **options):
        reading = real(photo, **options)
        cards = tuple(dataclasses.replace(c, colour=None) if c.letter == "E" else c for c in reading.cards)
        return dataclasses.replace(reading, cards=cards)

    monkeypatch.setattr(scans.ocr, "read", glare_on_the_e)
    response = scan(client, fez, 0, table("FEZ", inks="RRR"))
    assert response.status_code == 200, errors(response.text)
    fields = sent(response.text)
    assert [fields.get(f"red-{k}") for k in range(3)] == ["R", None, "R"]  # the E not ticked red
    assert re.search(r'<g class="scan-card unsure" data-card="1"', response.text)  # nor drawn black
    assert "not set" in text(response.text.split('id="card-1"')[1].split('id="card-2"')[0])

    used = client.post(f"{fez}/scan/0/use", data={"seat": "0", **fields})
    assert (field(used.text, "tiles"), field(used.text, "colours")) == ("FEZ", "R?R")
    assert "Choose red or black for every letter: E has none yet." in text(used.text)
    assert "ᶠ" not in read(used.text)  # no flush scored
    # the scorekeeper picks black for it (the marker is gone once a colour is chosen)
    fields.pop("unset-1")
    used = client.post(f"{fez}/scan/0/use", data={"seat": "0", **fields})
    assert field(used.text, "colours") == "RBR"


def test_a_star_whose_colour_was_not_seen_comes_in_not_set(client, fez):
    """A star card the reader saw in no colour (unset-K sent) comes into the word form not set
    and named, never a black star that would double a black flush twice; chosen, it counts."""
    cards = {"card-0": "F", "card-1": "E", "card-2": "Z", "card-3": "★"}  # all black
    used = client.post(f"{fez}/scan/0/use", data={"seat": "0", **cards, "unset-3": "1"})
    assert (field(used.text, "tiles"), field(used.text, "colours"), field(used.text, "stars")) == (
        "FEZ", "BBB", "?")
    assert "Choose red or black for the star that has none yet." in read(used.text)
    used = client.post(f"{fez}/scan/0/use", data={"seat": "0", **cards})
    assert field(used.text, "stars") == "B"
    assert "★FEZᶠ" in read(used.text)


def test_a_fez_suggestion_keeps_the_colours(client, fez):
    """"Use PLAN" (a word the reader offered) changes the letters, not their colours."""
    cards = {"card-0": "P", "card-1": "L", "card-2": "A", "card-3": "Y", "red-0": "R", "red-3": "R"}
    used = client.post(f"{fez}/scan/0/use", data={**cards, "suggestion": "PLAN"})
    assert (field(used.text, "tiles"), field(used.text, "colours")) == ("PLAN", "RBBR")


def test_the_fez_word_form_offers_the_scan_and_keeps_its_edit_page_plain(client, fez):
    page = client.get(fez).text
    assert 'enctype="multipart/form-data"' in page and "Scan the word" in text(page)
    client.post(f"{fez}/rounds", data={"seat": "0", "tiles": "FEZ", "colours": "RRR"})
    word_id = re.search(r'/rounds/(\d+)/edit', client.get(fez).text).group(1)
    assert "Scan the word" not in text(client.get(f"{fez}/rounds/{word_id}/edit").text)


def test_a_bad_fez_photo_says_why_and_keeps_the_word_typed(app, client, fez):
    response = scan(client, fez, 0, b"not a picture", seat="2", tiles="JAZZ", colours="RRRR")
    assert response.status_code == 422
    assert "This file is not a photo Companion can read" in text(response.text)
    assert field(response.text, "tiles") == "JAZZ" and field(response.text, "colours") == "RRRR"
    assert plays(app) == 0


def test_only_the_scorekeeper_scans_a_fez_word(app, fez):
    stranger = app.test_client()
    assert scan(stranger, fez, 0, table("FEZ", inks="RRR")).status_code == 403
    assert stranger.post(f"{fez}/scan/0/use", data={"card-0": "F"}).status_code == 403


# --- The family game ----------------------------------------------------------------------

@pytest.fixture
def family(client) -> str:
    url = new_game(client, names=("Ann", "Bo", "Cy"), ruleset="family")
    client.post(f"{url}/plays/card-values", data=VALUES)
    return url


def test_without_card_values_the_family_game_offers_no_scan_and_says_why(app, client):
    url = new_game(client, names=("Ann", "Bo"), ruleset="family")
    page = client.get(url).text
    assert "Scan the cards left" not in text(page) and 'type="file"' not in page
    assert "without the values a photo of the cards cannot be counted" in text(page)
    # a scan sent all the same is refused with the reason, the points typed kept
    response = scan(client, url, 1, hand(["Q", "A"]), winner="0", **{"points-1": "12"})
    assert response.status_code == 422
    assert "The cards left cannot be counted yet: set the card values first" in text(response.text)
    assert field(response.text, "points-1") == "12"
    refused = client.post(f"{url}/scan/1/use", data={"card-0": "Q", "points-1": "12"})
    assert refused.status_code == 422 and field(refused.text, "points-1") == "12"
    assert plays(app) == 0


def test_a_hand_scanned_fills_the_seats_cards_and_zap_cards(app, client, family):
    """Cy's hand, spread on the table: Q, A, E and a 2 TURNS card. Every card shows on the
    photo; Use these cards fills Cy's letters and ZAP count, and the hand counts 29."""
    page = client.get(family).text
    assert page.count("Scan the cards left") >= 3 and 'enctype="multipart/form-data"' in page
    response = scan(client, family, 2, hand(["Q", "A", "E", "2 TURNS"], angles=[5, -8, 3, 12]),
                    winner="0", **{"points-1": "7", "points-2": "99"})
    assert response.status_code == 200, errors(response.text)
    assert sorted(sent(response.text).values()) == sorted(["Q", "A", "E", "TWO_TURNS"])
    assert "2 TURNS" in badges(response.text)
    assert "Use these cards" in text(response.text)
    used = client.post(f"{family}/scan/2/use",
                       data={"winner": "0", "points-1": "7", "points-2": "99", **sent(response.text)})
    assert sorted(field(used.text, "cards-2")) == sorted("QAE")
    assert field(used.text, "zap-2-TWO_TURNS") == "1" and field(used.text, "zap-2-WILD") == ""
    assert field(used.text, "points-2") == ""  # the cards say it now
    assert field(used.text, "points-1") == "7"  # Bo's typed points stay
    assert re.search(r'id="hand-2"[^>]*>29<', used.text)  # Q 10, A 2, E 2, 2 TURNS 15
    assert plays(app) == 1  # the card values only: nothing saved by a scan
    saved = client.post(f"{family}/rounds", data={
        "winner": "0", "points-1": "7", "cards-2": field(used.text, "cards-2"),
        "zap-2-TWO_TURNS": "1"})
    assert saved.status_code == 303, errors(saved.text)
    assert totals(client.get(family).text) == [0, 7, 29]


def test_correct_a_hand_fix_a_letter_and_drop_a_card(client, family):
    cards = {"card-0": "Q", "card-1": "A", "card-2": "E", "card-3": "TWO_TURNS", "card-4": "WILD"}
    # the E was an F; the last "card" was the box lid: ✕
    used = client.post(f"{family}/scan/1/use", data={**cards, "card-2": "F", "card-4": "-"})
    assert field(used.text, "cards-1") == "QAF"
    assert field(used.text, "zap-1-TWO_TURNS") == "1" and field(used.text, "zap-1-WILD") == ""
    # three WILD cards read: more than the deck has, and the form says so before it is saved
    used = client.post(f"{family}/scan/1/use", data={"card-0": "WILD", "card-1": "WILD", "card-2": "WILD"})
    assert field(used.text, "zap-1-WILD") == "3"
    assert "A hand holds 0 to 2 Wild cards." in text(used.text)


def test_a_card_the_photo_missed_is_added_on_the_correction_screen(client, family):
    """A hand's card the reader did not find (under another, off the photo) is picked from
    "A card the photo missed" instead of typed into the fields after."""
    response = scan(client, family, 2, hand(["Q", "A", "E"], angles=[5, -8, 3]))
    assert response.status_code == 200, errors(response.text)
    assert "A card the photo missed" in text(response.text)
    assert re.search(r'<option value="TWO_TURNS"[^>]*>\+ 2 TURNS</option>', response.text)
    used = client.post(f"{family}/scan/2/use", data={**sent(response.text), "add-card": "Z"})
    assert sorted(field(used.text, "cards-2")) == sorted("QAEZ")
    used = client.post(f"{family}/scan/2/use", data={**sent(response.text), "add-card": "TWO_TURNS"})
    assert sorted(field(used.text, "cards-2")) == sorted("QAE")
    assert field(used.text, "zap-2-TWO_TURNS") == "1"
    # nothing a game has no card for is added: not-a-card, two letters, a FEZ star
    for bogus in ("-", "ZZ", "★", "z", ""):
        used = client.post(f"{family}/scan/2/use", data={**sent(response.text), "add-card": bogus})
        assert sorted(field(used.text, "cards-2")) == sorted("QAE"), bogus


def test_a_word_scan_offers_no_missed_card(client, fez):
    """A word's letters have their places: a missed one is typed where it goes."""
    fields = {"card-0": "F", "card-1": "E", "card-2": "Z", "add-card": "Q"}
    used = client.post(f"{fez}/scan/0/use", data=fields)
    assert field(used.text, "tiles") == "FEZ"


def test_a_family_photo_with_no_cards_says_so_and_keeps_the_round(client, family):
    from PIL import Image
    out = io.BytesIO()
    Image.new("RGB", (800, 600), (120, 90, 60)).save(out, "JPEG")
    response = scan(client, family, 1, out.getvalue(), winner="2", **{"cards-0": "QZ"})
    assert response.status_code == 422 and "No cards found in this photo." in text(response.text)
    assert field(response.text, "cards-0") == "QZ"
    assert re.search(r'name="winner" value="2"\s*checked', response.text)
