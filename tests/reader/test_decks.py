"""The generator's FEZ and family decks (cardlab.decks): truth that matches the pixels."""

import io
from collections import Counter

import cv2
import numpy as np
import pytest
from PIL import Image, ImageOps

from tools.cardlab import decks, synth
from tools.cardlab.decks import (FAMILY_DECK, STAR, ZAP_NAMES, FezCard, parse_family, parse_fez,
                           random_family_hand, random_family_word, random_fez_word)
from tools.cardlab.synth import render_photo


def _upright(photo):
    return np.asarray(ImageOps.exif_transpose(Image.open(io.BytesIO(photo.jpeg))).convert("RGB"))


def _grid(quad, k=9, lo=0.03, hi=0.97):
    """Points spread over a quad (corners in order), as integer pixel coordinates."""
    q = np.asarray(quad, float)
    pts = []
    for u in np.linspace(lo, hi, k):
        top, bot = q[0] + (q[1] - q[0]) * u, q[3] + (q[2] - q[3]) * u
        for v in np.linspace(lo, hi, k):
            pts.append(top + (bot - top) * v)
    return np.round(np.array(pts)).astype(int)


def _labels_at(labels, pts):
    h, w = labels.shape
    return labels[pts[:, 1].clip(0, h - 1), pts[:, 0].clip(0, w - 1)]


def _centre(quad):
    return np.round(np.asarray(quad, float).mean(0)).astype(int)


def _upright_crop(img, quad, pad, out_h):
    """The quad's content turned upright (its first edge on top), padded by a part of its size."""
    q = np.asarray(quad, np.float32)
    u, v = q[1] - q[0], q[3] - q[0]
    src = np.float32([q[0] - (u + v) * pad, q[1] + (u - v) * pad, q[2] + (u + v) * pad, q[3] - (u - v) * pad])
    k = out_h / (np.linalg.norm(v) * (1 + 2 * pad))
    W = max(8, int(np.linalg.norm(u) * (1 + 2 * pad) * k))
    M = cv2.getPerspectiveTransform(src, np.float32([[0, 0], [W, 0], [W, out_h], [0, out_h]]))
    return cv2.warpPerspective(img, M, (W, out_h), flags=cv2.INTER_CUBIC)


# --------------------------------------------------------------------------- the texts

def test_fez_texts_parse_and_resolve():
    cards = parse_fez("FE/r Z/r */b")
    assert cards == [FezCard("FE", "red"), FezCard("Z", "red"), FezCard("", "black", star=True)]
    assert parse_fez("Zq/b qA/r")[0] == FezCard("Z", "black", hidden="Q", hidden_side="right")
    assert parse_fez("Zq/b qA/r")[1] == FezCard("A", "red", hidden="Q", hidden_side="left")
    assert decks.fez_text(parse_fez("FE/r Z/r ★/b")) == "FE/r Z/r */b"
    for bad in ("FE", "FE/g", "fe/r", "FEZ/r", "F1/r", ""):
        with pytest.raises(ValueError):
            parse_fez(bad)
    # every covered half needs a neighbour over it: one-letter cards alone cannot be laid
    for bad in ("Z/r", "A/r B/b", "qA/r BC/b", "Aq/r qB/b CD/r"):
        with pytest.raises(ValueError):
            render_photo(bad, 1, deck="fez", megapixels=0.3)
    sc = decks.scene("fez", "A/r B/b CD/r", seed=3)
    sides = [c.hidden_side for c in sc.cards]
    assert sides[:2] in (["right", "right"], ["left", "right"], ["left", "left"]) and sides[2] is None
    assert all(c.hidden and c.hidden.isupper() for c in sc.cards[:2])


def test_family_texts_parse():
    assert parse_family("CAT[wild] [2 turns]x") == ["C", "A", "T", "WILD", "2 TURNS", "X"]
    assert parse_family(["A", "2TURNS"]) == ["A", "2 TURNS"]
    assert decks.family_text(["Q", "CHECK"]) == "Q[CHECK]"
    for bad in ("A[SKIP]", "A[WILD", "A1", ""):
        with pytest.raises(ValueError):
            parse_family(bad)


def test_random_fez_words_are_layable_rows():
    texts = [random_fez_word(s) for s in range(300)]
    assert texts == [random_fez_word(s) for s in range(300)]
    flushes = stars = singles = 0
    for t in texts:
        cards = parse_fez(t)
        assert any(c.star or len(c.letters) == 2 for c in cards)
        letters = [c for c in cards if not c.star]
        assert letters and {c.colour for c in letters} <= {"red", "black"}  # as FEZ prints
        flushes += len({c.colour for c in letters}) == 1
        stars += any(c.star for c in cards)
        singles += any(len(c.letters) == 1 for c in letters)
        word = "".join(c.letters for c in letters)
        assert word in synth.WORDS
        decks.scene("fez", t, seed=1)   # the covered letters can all be hidden
    assert 180 < flushes < 280 and 40 < stars < 150 and singles > 100


def test_random_family_hands_come_from_the_deck():
    hands = [parse_family(random_family_hand(s)) for s in range(300)]
    assert hands == [parse_family(random_family_hand(s)) for s in range(300)]
    zaps = Counter()
    for h in hands:
        assert 3 <= len(h) <= 9
        z = [t for t in h if len(t) > 1]
        assert len(z) <= 2 and all(t in ZAP_NAMES for t in z) and max(Counter(z).values(), default=0) <= 2
        assert all(k <= FAMILY_DECK[c] for c, k in Counter(t for t in h if len(t) == 1).items())
        zaps[len(z)] += 1
    assert set(zaps) == {0, 1, 2}
    assert len({len(h) for h in hands}) == 7
    for s in range(50):
        w = parse_family(random_family_word(s))
        assert len(w) >= 3 and all(len(t) == 1 or t == "WILD" for t in w)


# --------------------------------------------------------------------------- options

def test_foot_stays_the_default():
    a = render_photo("ZEBRA", 4, megapixels=0.5)
    b = render_photo("ZEBRA", 4, megapixels=0.5, deck="foot", layout="row")
    assert a.jpeg == b.jpeg and a.cards == b.cards and a.deck == "foot"
    assert all(c.colour is None and c.name is None for c in a.cards)
    assert "colours" not in a.params and "deck" not in a.params


def test_options_are_checked_and_photos_deterministic():
    for kw in (dict(deck="uno"), dict(deck="fez", layout="spread"), dict(deck="foot", layout="spread"),
               dict(deck="fez", distractor_card=True), dict(deck="family", layout="fan")):
        with pytest.raises(ValueError):
            render_photo("FE/r Z/r" if kw.get("deck") == "fez" else "CAT", 1, megapixels=0.3, **kw)
    for text, deck in (("FE/r Z/r */r", "fez"), ("CAT[WILD]", "family")):
        a = render_photo(text, 9, deck=deck, megapixels=0.5)
        b = render_photo(text, 9, deck=deck, megapixels=0.5)
        c = render_photo(text, 10, deck=deck, megapixels=0.5)
        assert a.jpeg == b.jpeg and a.cards == b.cards and a.params == b.params and a.deck == deck
        assert a.jpeg != c.jpeg
    # the family layout, when not given, comes from the seed, both kinds
    kinds = {render_photo("CAT", s, deck="family", megapixels=0.2).params["layout"] for s in range(12)}
    assert kinds == {"row", "spread"}


# --------------------------------------------------------------------------- FEZ

def test_fez_truth_names_the_tiles():
    p = render_photo("FE/r Z/r */b", 2, deck="fez", megapixels=1.0)
    assert p.word == "FEZ" + STAR and p.deck == "fez"
    assert [c.letter for c in p.cards] == ["F", "E", "Z", STAR]
    assert [c.colour for c in p.cards] == ["red", "red", "red", "black"]
    assert p.params["colours"] == "RRRB" and p.params["stars"] == [3] and p.params["tile_card"] == [0, 0, 1, 2]
    z = p.params["fez_cards"][1]
    assert z["hidden_side"] in ("left", "right") and z["covered_by"] == (2 if z["hidden_side"] == "right" else 0)
    # the star's tile is its whole card; a two-letter card's tiles split it
    assert list(p.cards[3].box) == p.params["card_boxes"][2]
    f, e = p.cards[0].box, p.cards[1].box
    card = p.params["card_boxes"][0]
    assert (min(f[0], e[0]), min(f[1], e[1]), max(f[2], e[2]), max(f[3], e[3])) == tuple(card)
    assert len(p.params["quads"]) == len(p.cards) == len(p.params["cap_px"])


@pytest.mark.parametrize("seed", range(6))
def test_fez_tiles_cover_their_ink_in_the_truth_colour(seed):
    text = random_fez_word(seed + 40)
    photo, dbg = synth._render(text, seed, megapixels=1.2, debug=True, deck="fez")
    labels = dbg["labels"]
    img = _upright(photo).astype(np.float32)
    assert len(photo.word) == len(photo.cards) == len(photo.params["colours"])
    assert "".join(c.letter for c in photo.cards) == photo.word
    for i, (t, card, quad, ink, inkq) in enumerate(zip(photo.cards, photo.params["tile_card"], photo.params["quads"],
                                                       photo.params["ink_boxes"], photo.params["ink_quads"])):
        # the tile's half of its card is on top where the truth says it is
        assert labels[tuple(_centre(quad)[::-1])] == card + 1, (text, t)
        assert np.mean(_labels_at(labels, _grid(inkq)) == card + 1) > 0.97, (text, t)
        x0, y0, x1, y1 = t.box
        assert x0 <= ink[0] and y0 <= ink[1] and ink[2] <= x1 and ink[3] <= y1
        # the box is its tile's quad's (rounded corners aside), and the quad holds this tile's
        # ink, not its card-mate's
        q = np.asarray(quad, np.float32)
        qx0, qy0 = q.min(0)
        qx1, qy1 = q.max(0)
        assert qx0 - 1 <= x0 and qy0 - 1 <= y0 and x1 <= qx1 + 1 and y1 <= qy1 + 1
        assert (x1 - x0) * (y1 - y0) > 0.9 * (qx1 - qx0) * (qy1 - qy0)
        for j, other in enumerate(photo.params["ink_quads"]):
            inside = cv2.pointPolygonTest(q, tuple(map(float, np.mean(other, 0))), False) >= 0
            assert inside == (j == i) or photo.params["tile_card"][j] != card, (text, t, j)
        # ink against the card face, in the truth's colour
        sub = img[ink[1]:ink[3], ink[0]:ink[2]].reshape(-1, 3)
        lum = sub.mean(1)
        dark = sub[lum <= np.percentile(lum, 12)].mean(0)
        light = sub[lum >= np.percentile(lum, 90)].mean(0)
        assert light.mean() - dark.mean() > 40, (text, t, dark, light)
        redness = dark[0] - max(dark[1], dark[2])
        if t.colour == "red":
            assert redness > 50 and dark[0] > 1.8 * dark[1], (text, t, dark)
        else:
            assert abs(redness) < 25 and dark.max() - dark.min() < 30, (text, t, dark)
        assert photo.params["colours"][i] == t.colour[0].upper()
    # reading order runs along the row
    xc = [(c.box[0] + c.box[2]) / 2 for c in photo.cards]
    assert xc == sorted(xc)


@pytest.mark.parametrize("text", ["Zq/b AP/b", "BC/b qA/b", "Aq/r BC/r D/r", "S/b O/b UP/b", "F/r */r E/b Z/r"])
def test_fez_covered_letters_are_hidden(text):
    for seed in range(3):
        photo, dbg = synth._render(text, seed, megapixels=1.0, debug=True, deck="fez")
        labels = dbg["labels"]
        hidden = photo.params["hidden_ink"]
        n_single = sum(len(c.letters) == 1 for c in parse_fez(text) if not c.star)
        assert len(hidden) == n_single
        for h in hidden:
            fc = photo.params["fez_cards"][h["card"]]
            assert h["letter"] == fc["hidden"] and fc["covered_by"] is not None
            seen = _labels_at(labels, _grid(h["quad"]))
            assert not np.any(seen == h["card"] + 1), (text, seed, h)   # no part of the letter shows
            assert np.mean(seen == fc["covered_by"] + 1) > 0.9         # it lies under that neighbour
        # the covered letter is not in the truth
        assert photo.word == "".join(c.tiles for c in parse_fez(text))
    p = render_photo("Zq/b AP/b", 0, deck="fez", megapixels=0.5)
    assert p.params["fez_cards"][0]["hidden"] == "Q" and p.params["fez_cards"][0]["covered_by"] == 1


# --------------------------------------------------------------------------- family

@pytest.mark.parametrize("layout, seed", [("row", 0), ("row", 1), ("spread", 2), ("spread", 3), ("spread", 4)])
def test_family_boxes_cover_the_cards(layout, seed):
    # (a row of 9 in a portrait photo can leave a ZAP name under the 13 px kept elsewhere)
    hand = decks.family_text(parse_family(random_family_hand(seed))[:5 if layout == "row" else 8] + ["2 TURNS"])
    photo, dbg = synth._render(hand, seed, megapixels=1.5, debug=True, deck="family", layout=layout)
    labels = dbg["labels"]
    toks = parse_family(hand)
    assert photo.word == decks.family_text(toks) and photo.params["layout"] == layout
    assert [c.letter or c.name for c in photo.cards] == toks
    assert all(c.in_row and c.colour is None for c in photo.cards)
    assert all((c.name is None) == (len(c.letter) == 1) for c in photo.cards)
    for i, card in enumerate(photo.cards):
        ys, xs = np.nonzero(labels == i + 1)
        drawn = (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1)
        assert max(abs(int(a) - b) for a, b in zip(drawn, card.box)) <= 2, (card, drawn)
        assert photo.params["cap_px"][i] >= (13 if card.name else 23)
    if layout == "row":
        xc = [(c.box[0] + c.box[2]) / 2 for c in photo.cards]
        assert xc == sorted(xc)


def test_family_spreads_turn_cards_any_way():
    angles = []
    for s in range(10):
        angles += render_photo(random_family_hand(s), s, deck="family", layout="spread",
                               megapixels=0.3).params["angles"]
    assert max(abs(a) for a in angles) > 120 and min(abs(a) for a in angles) < 20


@pytest.mark.parametrize("seed", range(4))
def test_family_centre_word_is_small_and_printed(seed):
    hand = random_family_word(seed + 7).replace("[WILD]", "")
    photo, dbg = synth._render(hand, seed, megapixels=3.0, debug=True, deck="family", layout="row")
    img = _upright(photo).astype(np.float32).mean(2)
    letters = [i for i, c in enumerate(photo.cards) if not c.name]
    assert letters
    for i in letters:
        word = photo.params["centre_words"][i]
        c = photo.cards[i]
        assert word and word[0].upper() == c.letter
        assert photo.params["word_cap_px"][i] < 0.22 * photo.params["cap_px"][i]   # much smaller
        wx0, wy0, wx1, wy1 = photo.params["word_boxes"][i]
        bx0, by0, bx1, by1 = photo.params["ink_boxes"][i]
        # in the card's centre area, beside (under or over) the big letter, not on it
        cx0, cy0, cx1, cy1 = c.box
        wc = ((wx0 + wx1) / 2, (wy0 + wy1) / 2)
        assert cx0 + 0.2 * (cx1 - cx0) < wc[0] < cx1 - 0.2 * (cx1 - cx0)
        assert cy0 + 0.15 * (cy1 - cy0) < wc[1] < cy1 - 0.15 * (cy1 - cy0)
        # and really printed: ink against the face where the truth puts it
        sub = img[wy0:wy1, wx0:wx1]
        if photo.params["word_cap_px"][i] >= 6:
            lo, hi = np.percentile(sub, [5, 95])
            assert hi - lo > 25, (word, lo, hi)


def _zap_text(img, quad, lines):
    import pytesseract
    crop = cv2.cvtColor(_upright_crop(img, quad, 0.2, 80 * lines), cv2.COLOR_RGB2GRAY)
    return "".join(pytesseract.image_to_string(crop, config="--psm 6").upper().split())


def test_zap_card_names_are_legible_to_tesseract():
    pytest.importorskip("pytesseract")
    read = total = 0
    for seed, name in enumerate(ZAP_NAMES * 2):
        p = render_photo(f"AB[{name}]", seed, deck="family", layout="spread" if seed % 2 else "row",
                         megapixels=2.0)
        img = _upright(p)
        i = next(k for k, c in enumerate(p.cards) if c.name)
        lines = len(p.params["name_lines"][i])
        text = _zap_text(img, p.params["ink_quads"][i], lines)
        total += 1
        read += name.replace(" ", "") in text
        # no big single letter on a ZAP card: its largest ink is the name, as wide as a word
        q = np.asarray(p.params["ink_quads"][i])
        assert np.linalg.norm(q[1] - q[0]) > 1.5 * np.linalg.norm(q[3] - q[0]) / lines
    assert read >= total - 1, (read, total)


def test_command_line_writes_deck_samples_and_truth(tmp_path):
    import json
    assert decks._main([str(tmp_path), "1", "fez"]) == 0
    assert decks._main([str(tmp_path), "1", "family"]) == 0
    truth = json.loads((tmp_path / "truth.json").read_text())
    assert truth[0]["deck"] == "family" and all("name" in c for c in truth[0]["cards"])
    assert (tmp_path / "fez_00000.jpg").stat().st_size > 10_000
    assert decks._main([str(tmp_path), "1", "uno"]) == 2
