"""Scanning a player's cards on round entry: read, correct, use; nothing kept, nothing saved."""

import base64
import io
import re

import pytest
from PIL import Image

from companion.scans import correction_view
from tests.drawn import table
from tests.helpers import text, totals

pytestmark = pytest.mark.usefixtures("letter_model")  # its scans read photos


def scan(client, game, seat, photo: bytes, **fields):
    data = {f"photo-{seat}": (io.BytesIO(photo), "cards.jpg"), **fields}
    return client.post(f"{game}/scan/{seat}", data=data, content_type="multipart/form-data")


def picked(html: str) -> list[str]:
    return re.findall(r'<option value="(.)" selected>', html)


def test_a_scan_shows_each_card_read_over_the_photo(client, game):
    response = scan(client, game, 1, table("QUOTA"), **{"word-0": "JAZZY", "out": "0"})
    assert response.status_code == 200
    assert picked(response.text) == list("QUOTA")
    assert response.text.count('class="scan-card') == 5
    assert 'href="data:image/jpeg;base64,' in response.text  # shown once, from memory
    # what was typed before the scan is still there
    assert 'value="JAZZY"' in response.text and 'name="out" value="0"\n          checked' in response.text


def test_the_photo_is_cropped_to_the_row_and_each_whole_card_is_a_target(client, game):
    """A thumb corrects a card on the photo: the photo shown is the row of cards (the SVG's viewBox), and each
    card's whole column catches a tap (a transparent rect that takes pointer events)."""
    response = scan(client, game, 1, table("QUOTA"))  # 910 x 400, cards 120 x 140 from x=40
    html = response.text
    x, y, w, h = map(int, re.search(r'class="scan-photo" viewBox="(-?\d+) (-?\d+) (\d+) (\d+)"',
                                    html).groups())
    assert w < 910 and h < 400 and 0 <= x < 60
    hits = [tuple(map(int, m)) for m in re.findall(
        r'<rect class="scan-hit" x="(-?\d+)" y="(-?\d+)" width="(\d+)" height="(\d+)"', html)]
    boxes = [tuple(map(int, m)) for m in re.findall(
        r'<rect class="scan-box" x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)"', html)]
    assert len(hits) == len(boxes) == 5
    for (hx, hy, hw, hh), (bx, by, bw, bh) in zip(hits, boxes):
        assert hx <= bx and bx + bw <= hx + hw and hy <= by and by + bh <= hy + hh
    # the columns tile the view, left to right
    assert hits[0][0] == x and sum(hw for _, _, hw, _ in hits) == w
    assert all(a[0] + a[2] == b[0] for a, b in zip(hits, hits[1:]))
    # only the part of the photo shown travels: an image of about the view's proportions
    shown = re.search(r'<image href="data:image/jpeg;base64,([^"]+)" x="(\d+)" y="(\d+)" '
                      r'width="(\d+)" height="(\d+)"', html)
    img = Image.open(io.BytesIO(base64.b64decode(shown.group(1))))
    crop_w, crop_h = int(shown.group(4)), int(shown.group(5))
    assert crop_w == w and abs(img.width / img.height - crop_w / crop_h) < 0.02
    assert 'style=' not in html.split('class="scan-result"')[1].split("</svg>")[0]  # the CSP


def test_cards_not_side_by_side_get_their_own_targets():
    view, drawn = correction_view([(100, 100, 200, 240), (110, 400, 210, 540)], 1000, 800)
    first, second = (d["hit"] for d in drawn)
    assert first[3] <= second[1] or second[3] <= first[1]  # they do not overlap
    assert view[0] <= first[0] and first[2] <= view[2] and view[3] >= second[3]


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_cards_lying_over_each_other_each_show_their_badge_and_take_their_own_taps():
    """A crooked row whose cards overlap (as a photo of a WILD card's print read as three
    letters): every badge shows whole, above its own card, and a tap finds one card."""
    boxes = [(100, 100, 260, 340), (170, 150, 330, 390), (240, 180, 400, 420)]
    view, drawn = correction_view(boxes, 1000, 800)
    badges, hits = [d["badge"] for d in drawn], [d["hit"] for d in drawn]
    for k, (box, badge, hit) in enumerate(zip(boxes, badges, hits)):
        assert box[0] <= badge[0] < badge[2] <= box[2] and badge[3] <= box[1]  # above its card
        assert view[1] <= badge[1]  # in view
        centre = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
        assert hit[0] <= centre[0] < hit[2] and hit[1] <= centre[1] < hit[3]
        assert drawn[k]["font"] <= 1.1 * (badge[2] - badge[0])  # the letter fits its badge
        for other in range(k + 1, len(boxes)):
            assert not _overlap(badge, badges[other]) and not _overlap(hit, hits[other])


def test_a_scan_that_reads_as_no_word_marks_the_card_the_word_hinges_on(client, game):
    # the game's word list doubts the V of HOVSE (HOUSE, HORSE), clear as it is: one card
    # to check, and the reading stays what the cards show
    html = scan(client, game, 1, table("HOVSE")).text
    assert picked(html) == list("HOVSE")
    assert re.findall(r'class="scan-card( unsure)?', html) == ["", "", " unsure", "", ""]
    assert "marked cards are unsure" in text(html)


def test_use_this_word_fills_the_entry_and_scores_it(client, game):
    cards = {f"card-{k}": letter for k, letter in enumerate("QUOTA")}
    response = client.post(f"{game}/scan/1/use", data={"word-0": "JAZZY", "out": "0", **cards})
    assert 'value="QUOTA"' in response.text
    assert re.search(r'id="points-1"[^>]*>26<', response.text)  # Q20 U1 O1 T3 A1
    # a corrected card: the scorekeeper picked a wild for the last one
    cards["card-4"] = "?"
    response = client.post(f"{game}/scan/1/use", data=cards)
    assert 'value="QUOT?"' in response.text


def test_a_scan_saves_nothing_until_the_round_is_saved(client, game):
    scan(client, game, 0, table("JAZZY"))
    assert totals(client.get(game).text) == [0, 0, 0]
    assert "Nothing entered yet." in client.get(f"{game}/history").text


def test_bad_photos_get_a_clear_message_beside_the_player(client, game):
    for photo, message in [
        (b"", "The photo is empty (0 bytes)."),
        (b"this is not a picture", "This file is not a photo Companion can read: send a JPEG, PNG or WebP."),
        (table("JAZZY")[:3000], "The photo is damaged or cut short."),
    ]:
        response = scan(client, game, 2, photo, **{"word-0": "JAZZY"})
        assert response.status_code == 422
        assert message in text(response.text)
        assert 'value="JAZZY"' in response.text


def test_a_photo_with_no_cards_says_so(client, game):
    out = io.BytesIO()
    Image.new("RGB", (800, 600), (120, 90, 60)).save(out, "JPEG")
    response = scan(client, game, 0, out.getvalue())
    assert response.status_code == 422 and "No cards found in this photo." in text(response.text)


def test_cards_past_what_one_screen_shows_are_said_to_be_left_out(client, game, monkeypatch):
    """A correction screen shows at most MAX_CARDS cards (bounded work and page); a photo
    with more says how many it left out instead of dropping them unseen."""
    monkeypatch.setattr("companion.scans.MAX_CARDS", 3)
    response = scan(client, game, 1, table("QUOTA"))
    assert response.status_code == 200
    assert picked(response.text) == list("QUO")
    assert "2 more cards were found than the 3 shown here, and are left out" in text(response.text)
    response = scan(client, game, 1, table("QUO"))
    assert "left out" not in text(response.text)


def test_an_oversized_upload_is_refused(client, game):
    response = scan(client, game, 0, b"\xff" * (33 * 1024 * 1024))
    assert response.status_code == 413
    assert "That upload is too large." in response.text


def test_only_the_scorekeeper_can_scan(app, game):
    stranger = app.test_client()
    assert scan(stranger, game, 0, table("JAZZY")).status_code == 403


def test_cards_of_a_hand_lying_one_above_the_other_keep_targets_a_thumb_finds():
    """A hand spread on the table: a card's box reaches over the one below it (a ZAP card's
    box grown from its print over a letter card's). The two targets split above and below,
    not into slivers side by side: each as wide as its card, each badge in its own target."""
    boxes = [(300, 100, 520, 330), (330, 300, 500, 520)]
    view, drawn = correction_view(boxes, 1000, 800)
    badges, hits = [d["badge"] for d in drawn], [d["hit"] for d in drawn]
    assert not _overlap(hits[0], hits[1]) and not _overlap(badges[0], badges[1])
    for box, badge, hit in zip(boxes, badges, hits):
        assert hit[2] - hit[0] >= box[2] - box[0]  # as wide as its card
        assert hit[0] <= badge[0] and badge[2] <= hit[2] and hit[1] <= badge[1] and badge[3] <= hit[3]
        centre = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
        assert hit[0] <= centre[0] < hit[2] and hit[1] <= centre[1] < hit[3]
