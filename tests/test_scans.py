"""Scanning a player's cards on round entry: read, correct, use; nothing kept, nothing saved."""

import io
import re

from conftest import text, totals
from drawn import table


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
    from PIL import Image
    out = io.BytesIO()
    Image.new("RGB", (800, 600), (120, 90, 60)).save(out, "JPEG")
    response = scan(client, game, 0, out.getvalue())
    assert response.status_code == 422 and "No cards found in this photo." in text(response.text)


def test_an_oversized_upload_is_refused(client, game):
    response = scan(client, game, 0, b"\xff" * (33 * 1024 * 1024))
    assert response.status_code == 413
    assert "That upload is too large." in response.text


def test_only_the_scorekeeper_can_scan(app, game):
    stranger = app.test_client()
    assert scan(stranger, game, 0, table("JAZZY")).status_code == 403
