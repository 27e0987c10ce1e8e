"""The whole-table photo generator: the truths a table reader depends on."""

import io
import json
from collections import Counter

import cv2
import numpy as np
import pytest
from PIL import Image, ImageOps

from tools.cardlab import synth, tables
from tools.cardlab.synth import BACKGROUNDS, DECK
from tools.cardlab.tables import random_table, render_table

SEEDS = range(12)   # all far below the held-out seeds


def _upright(photo):
    return np.asarray(ImageOps.exif_transpose(Image.open(io.BytesIO(photo.jpeg))).convert("RGB"))


def _turn(a, b):
    """Degrees clockwise from facing a to facing b, 0..360."""
    return (b - a) % 360.0


@pytest.fixture(scope="module")
def drawn():
    """(words, photo, debug) for a dozen tables, small photos to keep the test quick."""
    out = []
    for seed in SEEDS:
        words = random_table(seed)
        photo, dbg = tables._render_table(words, seed, megapixels=2.0 + (seed % 3) * 0.5, debug=True)
        out.append((words, photo, dbg))
    return out


def test_random_tables_are_rounds_of_one_deck():
    rounds = [random_table(s) for s in range(600)]
    assert rounds == [random_table(s) for s in range(600)]
    players = Counter(len(r) for r in rounds)
    assert set(players) == {2, 3, 4}
    assert players[2] < players[3] < players[4]
    seats = [w for r in rounds for w in r]
    assert 0.04 < sum(w is None for w in seats) / len(seats) < 0.13
    assert all(any(r) for r in rounds)   # never every seat without a word
    laid = [w for w in seats if w]
    lengths = Counter(len(w) for w in laid)
    assert (lengths[5] + lengths[7]) / len(laid) > 0.7
    assert 0.08 < sum("?" in w for w in laid) / len(laid) < 0.3
    assert any(w.count("?") == 2 for w in laid)
    for r in rounds:   # one deck: no letter used more often than the deck has it
        used = Counter("".join(w for w in r if w))
        assert all(used[c] <= DECK[c] for c in used)


def test_seats_and_cards_match_the_words(drawn):
    for words, p, _ in drawn:
        assert len(p.seats) == len(words)
        assert p.words == tuple(w for w in words if w)
        for w, seat in zip(words, p.seats):
            assert seat.word == w
            assert "".join(c.letter for c in seat.cards) == (w or "")
            assert all(c.in_row and len(c.quad) == 4 for c in seat.cards)


def test_every_card_lies_whole_inside_the_photo(drawn):
    for words, p, dbg in drawn:
        im = _upright(p)
        assert im.shape[:2] == (p.height, p.width)
        for c in p.cards:
            x0, y0, x1, y1 = c.box
            assert 0 < x0 < x1 < p.width and 0 < y0 < y1 < p.height, (words, c)
            q = np.array(c.quad)
            assert q.min() > 0 and q[:, 0].max() < p.width and q[:, 1].max() < p.height


def test_truth_boxes_cover_the_drawn_cards(drawn):
    for words, p, dbg in drawn:
        labels = dbg["labels"]
        for k, c in enumerate(p.cards):
            ys, xs = np.nonzero(labels == k + 1)
            assert len(xs) > 0.25 * (c.box[2] - c.box[0]) * (c.box[3] - c.box[1])
            got = (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1)
            assert all(abs(int(g) - b) <= 2 for g, b in zip(got, c.box)), (words, c, got)


def test_seats_go_clockwise_from_the_photographer(drawn):
    for words, p, _ in drawn:
        f = [s.facing for s in p.seats]
        assert all(0 <= x < 360 for x in f)
        assert _turn(0, f[0]) < 30 or _turn(f[0], 0) < 30   # the photographer's word reads upright
        turns = [_turn(f[0], x) for x in f]
        assert turns == sorted(turns) and len(set(turns)) == len(turns), (words, f)
        if len(words) == 4:   # left, across, right
            for t, want in zip(turns[1:], (90, 180, 270)):
                assert abs(t - want) < 40, (words, f)


def test_a_word_faces_its_player(drawn):
    """Each card's top edge points away from its player: the facing is the card's own
    down direction in the photo, and the cards run from the player's left to right."""
    for words, p, _ in drawn:
        for seat in p.seats:
            for c in seat.cards:
                q = np.array(c.quad)
                down = (q[2] + q[3]) / 2 - (q[0] + q[1]) / 2
                ang = np.degrees(np.arctan2(-down[0], down[1])) % 360
                assert min(_turn(ang, seat.facing), _turn(seat.facing, ang)) < 25
            if len(seat.cards) >= 2:   # reading order: along the cards' own left-to-right edge
                a, b = np.array(seat.cards[0].quad), np.array(seat.cards[-1].quad)
                along = (a[1] - a[0]) / np.linalg.norm(a[1] - a[0])
                assert (b.mean(0) - a.mean(0)) @ along > 0


def test_far_words_are_smaller_than_the_photographers(drawn):
    seen_across = 0
    for words, p, _ in drawn:
        heights = []
        for seat in p.seats:
            h = [np.linalg.norm((np.array(c.quad[3]) - c.quad[0])) for c in seat.cards]
            heights.append(np.median(h) if h else None)
        if heights[0] is None:
            continue
        for i, seat in enumerate(p.seats[1:], 1):
            if heights[i] is not None and abs(_turn(p.seats[0].facing, seat.facing) - 180) < 45:
                assert heights[i] < 0.95 * heights[0], (words, heights)
                seen_across += 1
    assert seen_across >= 3
    for words, p, _ in drawn:   # never smaller than a reader is asked to read
        assert p.params["letters_readable"] and p.params["tilt_deg"] >= 12
        for c, cap in zip(p.cards, p.params["cap_px"]):
            assert cap >= (13 if c.letter == "?" else 23), (words, c, cap)


def _face_gray(design, letter, Rh):
    spr, _ = synth._card_face(design, letter, Rh, np.random.default_rng(0))
    rgb = spr[..., :3] + (1 - spr[..., 3:4]) * 0.5
    return cv2.cvtColor(np.clip(rgb * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY)


def test_each_card_shows_its_letter_and_a_wild_card_reads_wild(drawn):
    """Warp every card upright from its quad: it looks more like the deck's own face for its
    truth letter ("?" the WILD card) than like any other letter's face."""
    wilds = 0
    for words, p, _ in drawn[:8]:
        gray = cv2.cvtColor(_upright(p), cv2.COLOR_RGB2GRAY)
        design = dict(p.params["design"], font=p.params["font"])
        Rh = 96
        Rw = max(8, int(round(Rh * design["aspect"])))
        faces = {c: cv2.GaussianBlur(_face_gray(design, c, Rh).astype(np.float32), (0, 0), 1.5)
                 for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ?"}
        for card in p.cards:
            M = cv2.getPerspectiveTransform(np.float32(card.quad), np.float32(synth._rect_pts(Rw, Rh)))
            crop = cv2.warpPerspective(gray, M, (Rw, Rh), flags=cv2.INTER_AREA).astype(np.float32)
            crop = cv2.GaussianBlur(crop, (0, 0), 1.5)
            score = {c: cv2.matchTemplate(crop, f, cv2.TM_CCOEFF_NORMED)[0, 0] for c, f in faces.items()}
            best = max(score, key=score.get)
            # the letter's own face, or one as alike (T and I in a monospaced font)
            assert score[card.letter] > 0.5 and score[card.letter] >= score[best] - 0.1, \
                (words, card.letter, best, score[card.letter], score[best])
            if card.letter == "?" or best == "?":   # a WILD card is unlike every letter
                assert best == card.letter, (words, card.letter, best)
                assert score["?"] > max(v for c, v in score.items() if c != "?") + 0.15 or card.letter != "?"
            wilds += card.letter == "?"
    assert wilds >= 1


def test_same_seed_same_photo_and_options_keep_the_rest():
    words = ["ZEBRA", "KITCHEN", None, "RI?ER"]
    a = render_table(words, 3, megapixels=1.0)
    b = render_table(words, 3, megapixels=1.0)
    assert a.jpeg == b.jpeg and a.seats == b.seats and a.params == b.params
    c = render_table(words, 4, megapixels=1.0)
    assert c.jpeg != a.jpeg
    d = render_table(words, 3, megapixels=1.0, background="slate")
    assert d.params["background"] == "slate"
    assert d.params["font"] == a.params["font"] and d.params["seat_deg"] == a.params["seat_deg"]
    assert d.seats == a.seats   # the same cards in the same places


@pytest.mark.parametrize("background", BACKGROUNDS)
def test_every_surface_keeps_the_letters_legible(background):
    p = render_table(random_table(20), 20, megapixels=1.0, background=background)
    assert p.params["background"] == background
    gray = cv2.cvtColor(_upright(p), cv2.COLOR_RGB2GRAY).astype(np.float32)
    for c in p.cards:
        x0, y0, x1, y1 = c.box
        inner = gray[y0 + (y1 - y0) // 4:y1 - (y1 - y0) // 4, x0 + (x1 - x0) // 4:x1 - (x1 - x0) // 4]
        lo, hi = np.percentile(inner, [3, 90])
        assert hi - lo > 40, (background, c, lo, hi)


def test_tables_vary_and_use_synths_sizes_and_distractors():
    shapes, piles, objects, edges = set(), 0, set(), Counter()
    for seed in range(40):
        p = render_table(["AB", "CD", "EF"], seed, megapixels=0.3)
        shapes.add(p.params["table_shape"])
        piles += p.params["pile"] > 0
        objects.update(p.params["objects"])
        e = p.params["table_edge"]
        edges[e and (e["shape"], e["whole_table"])] += 1
    assert shapes == {"even", "square, one side empty"}
    assert set(edges) == {None, ("rect", True), ("rect", False), ("round", True), ("round", False)}
    assert 10 < piles < 35
    assert objects == {"backs", "coin", "pen", "ring"}
    p = render_table(["ZEBRA", "KITCHEN"], 5, megapixels=12.0)
    assert abs(p.width * p.height / 1e6 - 12) < 0.1


def test_bad_input():
    with pytest.raises(ValueError):
        render_table([None, None], 1)
    with pytest.raises(ValueError):
        render_table(["AB1"], 1)
    with pytest.raises(ValueError):
        render_table(["AB"], 1, background="glass")


def test_command_line_writes_photos_and_truth(tmp_path):
    assert tables._main([str(tmp_path), "2", "5"]) == 0
    truth = json.loads((tmp_path / "truth.json").read_text())
    assert [t["file"] for t in truth] == ["table_00005.jpg", "table_00006.jpg"]
    for t in truth:
        assert (tmp_path / t["file"]).stat().st_size > 10000
        assert [s["word"] for s in t["seats"]] == random_table(int(t["file"][6:11]))
        assert t["words"] == [s["word"] for s in t["seats"] if s["word"]]


def test_the_jpeg_displays_upright_whatever_its_exif_orientation(drawn):
    seen = set()
    for words, p, dbg in drawn:
        raw = Image.open(io.BytesIO(p.jpeg))
        assert p.exif_orientation == (raw.getexif().get(0x0112) or 1)
        got = _upright(p).astype(np.float32)
        want = dbg["upright"].astype(np.float32)
        assert got.shape == want.shape
        assert np.abs(got - want).mean() < 4.0   # JPEG loss only
        seen.add(p.exif_orientation)
    assert len(seen) >= 2
