"""The synthetic photo generator: truth that matches the pixels, sizes, EXIF, determinism."""

import io
import json
import math

import numpy as np
import pytest
from PIL import Image, ImageOps

from tools.cardlab import synth
from tools.cardlab.synth import BACKGROUNDS, DECK, render_photo, random_word


def _upright(photo):
    im = Image.open(io.BytesIO(photo.jpeg))
    return ImageOps.exif_transpose(im).convert("RGB")


def _small(a):
    """Average 8x8 blocks, so JPEG loss and noise do not hide a wrong orientation."""
    h, w = a.shape[0] // 8 * 8, a.shape[1] // 8 * 8
    return a[:h, :w].astype(np.float32).reshape(h // 8, 8, w // 8, 8, 3).mean((1, 3))


def test_random_word_is_a_legal_row():
    words = [random_word(s) for s in range(400)]
    assert words == [random_word(s) for s in range(400)]
    assert len(set(words)) > 150
    assert sum("?" in w for w in words) in range(20, 120)
    for w in words:
        assert 2 <= len(w) <= 9
        assert set(w) <= set(DECK)
        assert w.count("?") <= 1
        assert all(w.count(c) <= DECK[c] for c in set(w))
    assert 250 <= len(synth.WORDS) <= 400
    assert all(synth._deck_ok(w) for w in synth.WORDS)


def test_same_seed_same_bytes_and_seeds_differ():
    a = render_photo("ZEBRA", 5, megapixels=1.0)
    b = render_photo("ZEBRA", 5, megapixels=1.0)
    c = render_photo("ZEBRA", 6, megapixels=1.0)
    assert a.jpeg == b.jpeg and a.cards == b.cards and a.params == b.params
    assert a.jpeg != c.jpeg
    # fixing one option leaves the rest of the scene as the seed chose it
    d = render_photo("ZEBRA", 5, megapixels=1.0, background="slate")
    assert d.params["font"] == a.params["font"] and d.params["row_angle_deg"] == a.params["row_angle_deg"]


@pytest.mark.parametrize("mp", [1.0, 2.5, 12.0])
def test_sizes_hit_the_requested_megapixels(mp):
    p = render_photo("KITCHEN", 11, megapixels=mp)
    assert abs(p.width * p.height / 1e6 - mp) / mp < 0.01
    im = _upright(p)
    assert im.size == (p.width, p.height)
    assert max(p.width, p.height) / min(p.width, p.height) in (pytest.approx(4 / 3, 0.01), pytest.approx(16 / 9, 0.01))


def test_exif_rotated_jpeg_displays_upright():
    seen = set()
    for seed in range(60):
        photo, dbg = synth._render("ROBOT", seed, megapixels=0.6, debug=True)
        key = photo.params["exif"]
        if key in seen:
            continue
        seen.add(key)
        raw = Image.open(io.BytesIO(photo.jpeg))
        tag = raw.getexif().get(0x0112)
        assert tag == photo.params["exif"]
        assert photo.exif_orientation == (tag or 1)
        if tag in (6, 8):
            assert raw.size == (photo.height, photo.width)
        got = _small(np.asarray(ImageOps.exif_transpose(raw).convert("RGB")))
        want = _small(dbg["upright"])
        assert got.shape == want.shape
        assert np.abs(got - want).mean() < 3.0  # JPEG loss only
        assert np.abs(got - want).mean() < 0.5 * np.abs(got[::-1, ::-1] - want).mean()
        if seen >= {1, 3, 6, 8, None}:
            break
    assert seen >= {1, 3, 6, 8, None}


@pytest.mark.parametrize("seed", range(8))
def test_truth_boxes_cover_the_rendered_cards(seed):
    word = random_word(seed)
    photo, dbg = synth._render(word, seed, megapixels=1.5, distractor_card=seed % 3 == 0, debug=True)
    labels = dbg["labels"]
    assert photo.word == word
    assert "".join(c.letter for c in photo.cards if c.in_row) == word
    assert [c.in_row for c in photo.cards] == [True] * len(word) + [False] * (seed % 3 == 0)
    for i, card in enumerate(photo.cards):
        ys, xs = np.nonzero(labels == i + 1)
        assert len(xs) > 0.5 * (card.box[2] - card.box[0]) * (card.box[3] - card.box[1]) * 0.5
        drawn = (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1)
        for got, want in zip(drawn, card.box):
            assert abs(int(got) - want) <= 2, (card, drawn)
        assert 0 <= card.box[0] < card.box[2] <= photo.width
        assert 0 <= card.box[1] < card.box[3] <= photo.height
    # reading order runs left to right along the row
    xc = [(c.box[0] + c.box[2]) / 2 for c in photo.cards if c.in_row]
    assert xc == sorted(xc)


@pytest.mark.parametrize("background", BACKGROUNDS)
def test_every_background_keeps_the_letters_legible(background):
    for seed in range(3):
        word = random_word(seed + 100)
        p = render_photo(word, seed, background=background, megapixels=1.0)
        assert p.params["background"] == background
        gray = np.asarray(_upright(p).convert("L"), np.float32)
        for c, cap in zip(p.cards, p.params["cap_px"]):
            x0, y0, x1, y1 = c.box
            inner = gray[y0 + (y1 - y0) // 5:y1 - (y1 - y0) // 5, x0 + (x1 - x0) // 5:x1 - (x1 - x0) // 5]
            lo, hi = np.percentile(inner, [3, 90])
            assert hi - lo > 45, (background, seed, c, lo, hi)  # ink against the card face
            assert cap >= (13 if c.letter == "?" else 23)


def test_distractor_card_and_objects():
    p = render_photo("FOX", 3, megapixels=1.0, distractor_card=True)
    assert len(p.cards) == 4 and not p.cards[-1].in_row and p.word == "FOX"
    q = render_photo("FOX", 3, megapixels=1.0, distractor_card=False)
    assert len(q.cards) == 3
    kinds = set()
    for s in range(40):
        kinds.update(render_photo("FOX", s, megapixels=0.3).params["objects"])
    assert kinds == {"backs", "coin", "pen", "ring"}


def test_fonts_are_real_letter_fonts():
    fonts = [p for p, _ in synth._font_candidates()]
    assert fonts
    for bad in ("D050000L", "Z003", "DejaVuMath", "StandardSymbols"):
        assert not any(bad.lower() in f.lower().replace("-", "") for f in fonts)


def test_bad_input():
    with pytest.raises(ValueError):
        render_photo("AB1", 1)
    with pytest.raises(ValueError):
        render_photo("AB", 1, background="marble")


def test_command_line_writes_samples_and_truth(tmp_path):
    assert synth._main([str(tmp_path), "2"]) == 0
    truth = json.loads((tmp_path / "truth.json").read_text())
    assert len(truth) == 2 and (tmp_path / truth[0]["file"]).stat().st_size > 10_000


def _row_card_tilts(photo):
    """Each row card's tilt in the upright image (degrees, y down), from its truth quad."""
    tilts = []
    for quad, card in zip(photo.params["quads"], photo.cards):
        if card.in_row:
            (x0, y0), (x1, y1) = quad[0], quad[1]
            tilts.append(math.degrees(math.atan2(y1 - y0, x1 - x0)))
    return tilts


def test_rows_bow_and_arc_and_their_end_cards_turn_with_them():
    photos = [render_photo("ROBOT", seed, megapixels=0.2) for seed in range(60)]
    shapes = {p.params["row_shape"] for p in photos}
    assert shapes == {"as laid", "bow", "arc"}
    for p in photos:
        tilts = _row_card_tilts(p)
        turn = tilts[-1] - tilts[0]
        if p.params["row_shape"] == "arc":  # the end cards turn with the arc (perspective flattens it)
            assert abs(turn) > 0.4 * abs(p.params["arc_deg"]) and turn * p.params["arc_deg"] > 0, p.params
        elif p.params["row_shape"] == "bow":  # a strong bow: the end cards turn towards each other
            assert abs(turn) > 8 and turn * p.params["curve"] < 0, p.params


def test_some_rows_run_nearly_to_the_edge_of_the_photo():
    tight = 0
    for seed in range(60):
        p = render_photo("ROBOT", seed, megapixels=0.2)
        gap = min(min(c.box[0], c.box[1], p.width - c.box[2], p.height - c.box[3]) for c in p.cards if c.in_row)
        if p.params["tight"]:
            tight += 1
            assert gap <= p.params["edge_px"] + 0.03 * max(p.width, p.height), (seed, gap)
        else:
            assert gap >= p.params["edge_px"] - 1, (seed, gap)
    assert 5 <= tight <= 30


def test_card_designs_vary_past_the_classic_look():
    seen = set()
    moved = 0
    for seed in range(80):
        classic = synth._card_design(synth._rng(seed, "X", "design"))
        design = synth._card_variety(synth._rng(seed, "X", "variety"), classic)
        seen.update(what for what, shown in (
            ("off centre", design["letter_dy"] != 0 or design["letter_dx"] != 0),
            ("bolder", design["weight"] > 0), ("condensed", design["squeeze"] < 1),
            ("extended", design["squeeze"] > 1), ("two indices", design["index2"]),
            ("coloured face", min(design["face"]) < 0.85), ("narrow margin", design["margin"] < 0.04),
            ("wide margin", design["margin"] > 0.1), ("big letter", design["cap"] > 0.62),
            ("small letter", design["cap"] < 0.42)) if shown)
        small, (ink, x, y), cap = synth._face_marks(design, "M", 400)
        width = round(400 * design["aspect"])
        # the big letter stays on the card and clear of the small print
        assert 0 <= x and x + ink.shape[1] <= width and 0 <= y and y + ink.shape[0] <= 400
        for mark, mx, my in small:
            assert (x >= mx + mark.shape[1] or mx >= x + ink.shape[1]
                    or y >= my + mark.shape[0] or my >= y + ink.shape[0]), (seed, design)
        if abs(design["letter_dy"]) > 0.05:
            moved += (y + ink.shape[0] / 2 - 200) * np.sign(design["letter_dy"]) > 0.02 * 400
    assert seen == {"off centre", "bolder", "condensed", "extended", "two indices", "coloured face",
                    "narrow margin", "wide margin", "big letter", "small letter"}
    assert moved >= 5  # printed higher or lower on the card, as the design says


# These hashes pin the single-row benchmark's photos: the same (word, seed, options) must
# give the very same JPEG bytes after any refactoring of the generator (the whole-table
# generator reuses its parts). They were recorded before that refactoring; a change here
# means every single-row figure measured so far is on other photos than today's. Seed 58's
# was drawn again when the generator's own math (steady.py) replaced numpy's: numpy's loops
# had drawn it differently on a machine with AVX-512 and on one without.
_PINNED = [
    (1, {},
     "c0362f5de2cf662be47a76849edd0c1571a2e4d88033b2a3fbb0c24ac06ada7b"),
    (2, {},
     "e51fcbe7410ecf95c3e397adb1905730174d3f2b9841d83025c5535bddc204f3"),
    (3, {},
     "bbefccd6960763799ee86a3a96b18a32851ea820c50436b05e0d1ac0e18a9043"),
    (17, {},
     "279bf3fa68f3da7b36e57e206452e6bb2b399366516460a92e9cbe12e15519a6"),
    (42, {},
     "2d7fb910a58d7da955bafd848f9e01f33add4d6ff5376e728e212e8bd246bacc"),
    (101, {},
     "95fb7e7a9030e6a3cfcc21c53ff9977f3d9b0cfa78840232d0c0fcf6b4204bac"),
    (777, {},
     "3b0d7fb8d835fc2edc36c6846beba07df9df053dcc31c600c87959d00201e819"),
    (5, {'megapixels': 12.0},
     "894f0c04cb215ab43584225685fb90f5ec6eb7353974699bc3af67495c3889dd"),
    (23, {'megapixels': 12.0},
     "fbd5f8b58639ff249942738390b55b2567a8928eae8564404a1d5f27d2824747"),
    (58, {'megapixels': 12.0, 'distractor_card': True},
     "0027aae90a5c77b55aaf667ede8fd976836616ce448dc3c79e8bc1ebe466108c"),
    (9, {'distractor_card': True},
     "bcf163c2dd89c7a7a75f94dc2edd8c9aee765c762edd230442db41f2d2121c86"),
    (64, {'distractor_card': True, 'megapixels': 2.0},
     "49a578a544f5cab046cdfd0b588ad53a5245334913c72613990dbfa39a92e58c"),
    (31, {'background': 'checked', 'megapixels': 1.0},
     "a3e4267ce327cacc1862aaf4afcf0882ea816a708c662d93d663fb51285d2041"),
    (12, {'megapixels': 1.0, 'background': 'felt', 'distractor_card': True},
     "8be172b5d8a6092b689287eeb214a1c423acac9268fde88f44d0d211850a618e"),
    (88, {'megapixels': 3.0},
     "49044fa3f51bb697621c61836cf3acadf55442d2e62ca3b44884a4bd9f857cdb"),
]


@pytest.mark.parametrize("seed,options,sha", _PINNED)
def test_single_row_photos_are_byte_identical_to_the_pinned_ones(seed, options, sha):
    import hashlib
    photo = render_photo(random_word(seed), seed, **options)
    assert hashlib.sha256(photo.jpeg).hexdigest() == sha


def test_a_photo_is_drawn_the_same_whichever_loops_numpy_picks_for_the_processor():
    # numpy picks its sin, exp and power by what the processor offers, and each rounds the
    # last bit its own way: drawn again here with numpy's AVX2 loops turned off, as on an
    # older machine, the photo is the same bytes (its wood, glare and distractor need them)
    import os
    import subprocess
    import sys

    seed, options, sha = next(p for p in _PINNED if p[0] == 58)
    code = ("import hashlib; from tools.cardlab.synth import render_photo, random_word; "
            f"print(hashlib.sha256(render_photo(random_word({seed}), {seed}, **{options!r}).jpeg).hexdigest())")
    env = dict(os.environ, NPY_DISABLE_CPU_FEATURES="X86_V3")
    drawn = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                           check=True, cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    assert drawn.stdout.strip() == sha


def test_the_generator_s_own_math_agrees_with_numpy_s():
    from tools.cardlab import steady

    rng = np.random.default_rng(3)
    angles = np.concatenate([rng.uniform(-60, 60, 20000), rng.uniform(-1e5, 1e5, 2000), [0.0, np.pi / 2]])
    assert np.abs(steady.sin(angles) - np.sin(angles)).max() < 1e-15
    assert np.abs(steady.cos(angles) - np.cos(angles)).max() < 1e-15
    x = rng.uniform(-700, 700, 20000)
    assert np.abs(steady.exp(x) / np.exp(x) - 1).max() < 1e-15
    t = np.concatenate([rng.uniform(-3, 3, 20000), [0.0, 1e9, -1e9]])
    assert np.abs(steady.arctan(t) - np.arctan(t)).max() < 1e-15
    base = rng.uniform(0, 1, 20000)
    assert np.allclose(steady.power(base, 5.3), base ** 5.3, rtol=1e-13, atol=0)
    assert steady.power(np.zeros(3, np.float32), np.float32(4.0)).tolist() == [0.0, 0.0, 0.0]
    # float32 in, float32 out; a number in, a float out (as numpy's own would have it)
    assert steady.sin(np.ones(2, np.float32)).dtype == np.float32
    assert isinstance(steady.exp(0.5), float) and steady.exp(0.5) == pytest.approx(math.exp(0.5), rel=1e-15)
    with pytest.raises(ValueError):
        steady.power(np.array([-1.0]), 2.0)
