"""Synthetic phone photos of a WHOLE table: every player's word laid in front of them, with
known truth. The table reader and its benchmark use these:

    words = random_table(seed)          # ["ZEBRA", None, "KITCHEN"]: seat 0 is the photographer,
                                        # then clockwise seen from above (left, across, right)
    photo = render_table(words, seed)   # megapixels=None, background=None pick from the seed
    photo.jpeg, photo.width, photo.height, photo.exif_orientation, photo.params
    photo.seats                         # one SeatTruth per seat, in seat order
    photo.words                         # the laid words in seat order (no-word seats left out)

The scene is synth's (cardlab.synth): the same deck designs, table surfaces, distractor
objects, light, blur, noise, JPEG, EXIF orientation and sizes; only the layout and the camera
differ. The photo is taken from seat 0, looking across the table, tilted 20-45 degrees from
straight down, so the far words are smaller than the near one (no letter smaller than synth's
minimum cap height), the whole table in frame and no card cut by the photo's edge.

Each word lies in front of its player, between them and the table's centre, its letters
facing that player (tops toward the centre), its row roughly square to the player's direction.
Often the draw pile (card backs) lies in the middle. The table's surface fills the photo, or
its edge shows (a rounded rectangle or a round table, the floor beyond it out of focus),
sometimes the whole table in frame.

Truth (all in the UPRIGHT image, after the EXIF orientation, as synth's):

* ``SeatTruth.facing``: degrees clockwise (as seen in the upright photo) from the photo's
  bottom edge to the direction of the player the word faces: about 0 for the photographer
  (the word reads upright; a little below 360 is the same), about 90 for the player on the
  left (the letter tops point right), 180 across (upside down), 270 on the right. A seat
  with no word has the facing a word laid there would have had.
* ``SeatTruth.cards``: the word's cards in reading order (the player's left to right):
  ``CardTruth`` as synth's (letter "A".."Z" or "?" for a WILD card, ``box`` the card's
  axis-aligned bounding box, x1/y1 exclusive, ``in_row`` True) plus ``quad``, the card's four
  corners (its own top-left, top-right, bottom-right, bottom-left).

Deterministic for a given (words, seed, options) and a given set of installed fonts; each
aspect of the scene is drawn from its own random stream.
"""

from __future__ import annotations

import math
import os
import sys
from collections import Counter
from dataclasses import dataclass

import cv2
import numpy as np

from . import steady, synth
from .synth import BACKGROUNDS, DECK, WORDS, _pick

__all__ = ["CardTruth", "SeatTruth", "TablePhoto", "random_table", "render_table"]

_MAX_SEATS = 6


# --------------------------------------------------------------------------- truth types

@dataclass(frozen=True)
class CardTruth(synth.CardTruth):
    # the card's corners (its own top-left, top-right, bottom-right, bottom-left), upright pixels
    quad: tuple[tuple[float, float], ...] = ()


@dataclass(frozen=True)
class SeatTruth:
    word: str | None                 # the word laid ("?" for a WILD card), None: no word
    facing: float                    # degrees clockwise from the photo's bottom edge, 0..360
    cards: tuple[CardTruth, ...]     # in reading order; () when no word


@dataclass(frozen=True)
class TablePhoto:
    jpeg: bytes
    width: int                       # of the upright image
    height: int
    exif_orientation: int            # 1 when none
    params: dict                     # what was drawn
    seats: tuple[SeatTruth, ...]     # seat 0 (the photographer) first, then clockwise
    words: tuple[str, ...]           # the laid words in seat order, no-word seats skipped

    @property
    def cards(self) -> tuple[CardTruth, ...]:
        return tuple(c for s in self.seats for c in s.cards)


# --------------------------------------------------------------------------- the words

def _seat_word(rng: np.random.Generator, stock: Counter) -> str:
    """A word to lay: mostly 5 or 7 cards, a common word or random letters from the deck,
    sometimes with one or two WILD cards; drawn from what is left in `stock`."""
    by_len: dict[int, list[str]] = {}
    for w in WORDS:
        by_len.setdefault(len(w), []).append(w)
    for _ in range(100):
        n = int(_pick(rng, [5, 7, 4, 6, 8], [42, 40, 5, 8, 5]))
        if rng.random() < 0.75:
            word = _pick(rng, by_len[n])
        else:
            letters = [c for c in DECK if c != "?" for _ in range(DECK[c])]
            word = "".join(letters[int(i)] for i in rng.choice(len(letters), n, replace=False))
        r = rng.random()
        n_wild = 2 if r < 0.04 else 1 if r < 0.18 else 0
        for i in rng.choice(len(word), n_wild, replace=False):
            word = word[:int(i)] + "?" + word[int(i) + 1:]
        if not Counter(word) - stock:
            return word
    raise RuntimeError("no word fits the cards left")  # pragma: no cover - 144 cards, <= 32 laid


def random_table(seed: int) -> list[str | None]:
    """The words of one round: 2, 3 or 4 players (weights 25/35/40), seat 0 the photographer
    then clockwise; about 8% of seats laid no word (None), never every seat. All the words
    come from one ZOOT!/FOOT! deck."""
    rng = np.random.default_rng([seed & 0xFFFFFFFFFFFFFFFF, 0x7AB1E])
    n = int(_pick(rng, [2, 3, 4], [25, 35, 40]))
    stock = Counter(DECK)
    words: list[str | None] = []
    for _ in range(n):
        if rng.random() < 0.08:
            words.append(None)
            continue
        w = _seat_word(rng, stock)
        stock -= Counter(w)
        words.append(w)
    if all(w is None for w in words):
        words[int(rng.integers(n))] = _seat_word(rng, stock)
    return words


# --------------------------------------------------------------------------- geometry

def _toward(deg):
    """Unit vector on the table (x right, y toward the photographer) from the centre toward
    the seat `deg` degrees clockwise (seen from above) from the photographer's."""
    a = math.radians(deg)
    return np.array([-math.sin(a), math.cos(a)])


def _facing(quads_img) -> float:
    """Degrees clockwise from the image's down direction to where the cards' bottoms point."""
    v = np.zeros(2)
    for q in quads_img:
        d = (q[2] + q[3]) / 2 - (q[0] + q[1]) / 2
        v += d / max(1e-9, np.linalg.norm(d))
    return float(math.degrees(math.atan2(-v[0], v[1])) % 360.0)


def _overlap(qs_a, qs_b, grow):
    return any(synth._sat_overlap(synth._inflate(a, grow), synth._inflate(b, grow)) for a in qs_a for b in qs_b)


def _project(H, pts):
    """Image points of plane points, or None when one lies at or behind the horizon."""
    pts = np.asarray(pts, float).reshape(-1, 2)
    q = np.c_[pts, np.ones(len(pts))] @ H.T
    if np.any(q[:, 2] <= 1e-9):
        return None
    return q[:, :2] / q[:, 2:3]


def _framed(scene, Hc, region, target, cover):
    """The scene scaled and moved on the table plane so that its image is centred on the
    image point `target` and is `cover` times as big as the largest that fits in region."""
    Hi = np.linalg.inv(Hc)
    goal = synth._apply(Hi, [target])[0]

    def at(s):
        lay = scene.scaled(s, scene.c.mean(0))
        lay = lay.moved(goal - lay.c.mean(0))
        pts = None
        for _ in range(5):
            pts = _project(Hc, np.concatenate(lay.quads()))
            if pts is None:
                return lay, None
            b = (pts.min(0) + pts.max(0)) / 2
            if np.hypot(*(b - target)) < 0.3:
                break
            lay = lay.moved(goal - synth._apply(Hi, [b])[0])
            pts = None
        if pts is None:
            pts = _project(Hc, np.concatenate(lay.quads()))
        return lay, pts

    def fits(s):
        _lay, pts = at(s)
        return pts is not None and pts[:, 0].min() >= region[0] and pts[:, 1].min() >= region[1] \
            and pts[:, 0].max() <= region[2] and pts[:, 1].max() <= region[3]

    lo, hi = -7.0, 7.0   # log scale
    for _ in range(40):
        mid = (lo + hi) / 2
        if fits(math.exp(mid)):
            lo = mid
        else:
            hi = mid
    return at(math.exp(lo) * cover)[0]


def _table_outline(rng, corners, ch):
    """The table round the laid cards (their corners `corners`, scene units): None (the
    surface fills the photo), or a rounded rectangle square to the photographer or a round
    table, with `pad` of table beyond the outermost card; "whole": the photo shows all of it."""
    shape = _pick(rng, [None, "rect", "round"], [0.4, 0.4, 0.2])
    if shape is None:
        return None
    pad = float(rng.uniform(0.3, 1.5)) * ch
    rot = float(rng.normal(0, 3))
    whole = bool(rng.random() < 0.5)
    if shape == "rect":
        a = math.radians(rot)
        u = corners @ np.array([math.cos(a), math.sin(a)])
        v = corners @ np.array([-math.sin(a), math.cos(a)])
        mid = np.array([(u.min() + u.max()) / 2, (v.min() + v.max()) / 2])
        centre = mid[0] * np.array([math.cos(a), math.sin(a)]) + mid[1] * np.array([-math.sin(a), math.cos(a)])
        half = np.array([(u.max() - u.min()) / 2 + pad, (v.max() - v.min()) / 2 + pad])
        radius = float(rng.uniform(0.0, 0.8)) * ch
    else:
        centre = np.zeros(2)
        r = float(np.linalg.norm(corners, axis=1).max()) + pad
        half, radius = np.array([r, r]), r
    return dict(shape=shape, centre=centre, half=half, radius=radius, rot=rot, pad=pad, whole=whole)


def _outline_sd(edge, X, Y):
    """Signed distance (plane units, negative on the table) from points to the table's edge."""
    a = math.radians(edge["rot"])
    X, Y = X - edge["centre"][0], Y - edge["centre"][1]
    U, V = math.cos(a) * X + math.sin(a) * Y, -math.sin(a) * X + math.cos(a) * Y
    if edge["shape"] == "round":
        return np.hypot(U, V) - edge["radius"]
    r = min(edge["radius"], *edge["half"])
    qx, qy = np.abs(U) - (edge["half"][0] - r), np.abs(V) - (edge["half"][1] - r)
    return np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) - r


def _outline_cards(edge, ch):
    """Stand-in cards just inside the table's edge, so that framing them frames the table."""
    out = []
    for t in np.linspace(0, 2 * math.pi, 48, endpoint=False):
        d = np.array([math.cos(t), math.sin(t)])
        # walk out from the centre to the edge, then back half a card
        lo, hi = 0.0, 4.0 * float(max(edge["half"]))
        for _ in range(30):
            mid = (lo + hi) / 2
            p = edge["centre"] + d * mid
            if _outline_sd(edge, p[0], p[1]) < 0:
                lo = mid
            else:
                hi = mid
        p = edge["centre"] + d * (lo - ch / 2)
        out.append((p, math.degrees(math.atan2(-d[0], d[1]))))
    return out


def _draw_edge(img, rng, plane, edge, ch):
    """Beyond the table's edge, the floor far below, out of focus and in the table's shadow;
    a lit lip along the edge. Returns whether any of the edge shows."""
    sd = plane.up(_outline_sd(edge, plane.Xc, plane.Yc).astype(np.float32))   # plane units
    px = np.maximum(plane.s, np.float32(1e-6))
    on = np.clip(0.5 - sd / px, 0, 1)          # 1 on the table, anti-aliased over a pixel
    if float(on.min()) > 0.999:
        return False
    floor = np.array(_pick(rng, [(0.20, 0.15, 0.11), (0.33, 0.32, 0.31), (0.47, 0.42, 0.36), (0.12, 0.12, 0.14),
                                 (0.38, 0.27, 0.18)]), np.float32) * np.float32(rng.uniform(0.5, 1.0))
    shade = 1 + 0.15 * synth._noise(rng, plane, float(rng.uniform(0, 180)), 2.0 * ch, 2.0 * ch, 2)
    shade *= 1 - np.float32(rng.uniform(0.3, 0.6)) * steady.exp(-np.maximum(sd, 0) / np.float32(1.5 * ch))
    lip_w = np.float32(rng.uniform(0.03, 0.08) * ch)
    lip = steady.exp(-((sd + lip_w) / lip_w) ** 2) * on
    img *= (1 + np.float32(rng.uniform(-0.25, 0.3)) * lip)[..., None]
    off = (1 - on)[..., None]
    img *= 1 - off
    img += off * (floor[None, None, :] * shade[..., None])
    np.clip(img, 0, 1, out=img)
    return True


# --------------------------------------------------------------------------- the photo

def render_table(words, seed: int, megapixels: float | None = None,
                 background: str | None = None) -> TablePhoto:
    """The photo of a table where seat i laid words[i] (None: nothing). Deterministic for a
    given (words, seed, options); None picks at random from the seed."""
    return _render_table(words, seed, megapixels, background)[0]


def _render_table(words, seed, megapixels=None, background=None, debug=False):
    """render_table's photo and, with debug, the upright image and a label image (card k of
    photo.cards drawn as k + 1) at the final size."""
    words = [None if w is None else str(w).upper() for w in words]
    if not 1 <= len(words) <= _MAX_SEATS:
        raise ValueError(f"a table has 1-{_MAX_SEATS} seats, got {len(words)}")
    if all(w is None for w in words):
        raise ValueError("at least one seat must have laid a word")
    for w in words:
        if w is not None and (not w or len(w) > 12 or any(c not in DECK for c in w)):
            raise ValueError(f"a word must be 1-12 of A-Z or '?', got {w!r}")
    if background is not None and background not in BACKGROUNDS:
        raise ValueError(f"background must be one of {BACKGROUNDS}, got {background!r}")
    key = "table " + " ".join(w or "-" for w in words)
    R = lambda tag: synth._rng(seed, key, tag)  # noqa: E731
    params: dict = {"seed": seed, "words": list(words)}
    n = len(words)

    # ---- frame, as synth's
    W, H, w, h, sx, sy, exif = synth._frame(R, megapixels, params)

    # ---- deck design
    design = synth._card_variety(R("design variety"), synth._card_design(R("design")))
    params.update(font=design["font"], font_name=os.path.splitext(os.path.basename(design["font"]))[0],
                  design={k: v for k, v in design.items() if k != "font"})
    aspect_c = design["aspect"]
    cw = 100.0
    ch = cw / aspect_c

    # ---- seats round the table
    rs = R("seats")
    if n == 3 and rs.random() < 0.3:   # a square table with one side empty
        base = list(_pick(rs, [(0, 90, 180), (0, 180, 270), (0, 90, 270)]))
        table_shape = "square, one side empty"
    else:
        base = [360.0 * i / n for i in range(n)]
        table_shape = "even"
    seat_deg = [b + float(np.clip(rs.normal(0, 5), -12, 12)) for b in base]
    params.update(table_shape=table_shape, seat_deg=[round(a, 2) for a in seat_deg])

    # ---- each word's row, laid as synth lays one (gaps, jitter, some bow), round its middle
    rows = []   # per seat: _Layout centred at 0 (or None), row angle, sideways shift
    for i, word in enumerate(words):
        rl = R(f"seat {i} layout")
        turn = float(np.clip(rl.normal(0, 4), -10, 10))
        shift = float(rl.normal(0, 0.4)) * cw
        if word is None:
            rows.append((None, seat_deg[i] + turn, shift))
            continue
        m = len(word)
        sag = float(np.clip(rl.normal(0, 0.03), -0.08, 0.08)) if rl.random() < 0.6 else 0.0
        turn_limit = 7.0
        if rl.random() < 0.15:
            sag, turn_limit = float(rl.choice([-1, 1]) * rl.uniform(0.04, 0.09)), 20.0
        jitter = float(rl.uniform(1.0, 2.0)) if rl.random() < 0.25 else 1.0
        base_gap = rl.uniform(0.04, 0.25)
        gaps = np.clip(base_gap * rl.lognormal(0, 0.5, max(0, m - 1)), 0.02, 0.40)
        lay = synth._row_layout(rl, m, cw, ch, seat_deg[i] + turn, sag, gaps, 0.0, turn_limit, jitter)
        rows.append((lay, seat_deg[i] + turn, shift))

    # ---- the draw pile in the middle, often
    rp = R("pile")
    pile = []
    if rp.random() < 0.6:
        a0 = float(rp.uniform(0, 360))
        for _ in range(int(rp.integers(2, 7))):
            pile.append((rp.normal(0, 0.04, 2) * cw, a0 + float(rp.normal(0, 5))))
        if rp.random() < 0.3:   # one card pushed off the pile
            pile.append((rp.normal(0, 0.25, 2) * cw, a0 + float(rp.uniform(-40, 40))))
    pile_quads = [synth._card_quad(c[0], c[1], a, cw, ch) for c, a in pile]
    params["pile"] = len(pile)

    # ---- distances from the centre: every word clear of the others and of the pile
    reach = [float(rs.uniform(0.95, 1.2)) for _ in range(n)]
    dist0 = (0.85 * ch if pile else 0.4 * ch) + 0.5 * ch

    def placed(scale):
        out = []
        for i, (lay, ang, shift) in enumerate(rows):
            d = max(dist0, scale * reach[i])
            tang = np.array([math.cos(math.radians(ang)), math.sin(math.radians(ang))])
            c = _toward(seat_deg[i]) * d + tang * shift
            if lay is None:
                out.append((None, [synth._card_quad(c[0], c[1], ang, cw, ch)]))
            else:
                moved = lay.moved(c)
                out.append((moved, moved.quads()))
        return out

    scale = dist0
    for _ in range(200):
        seats = placed(scale)
        real = [q for lay, q in seats if lay is not None]
        clash = any(_overlap(real[a], real[b], 0.3 * cw) for a in range(len(real)) for b in range(a))
        clash = clash or any(_overlap(q, pile_quads, 0.25 * cw) for q in real)
        if not clash:
            break
        scale *= 1.04
    params["word_distance"] = [round(max(dist0, scale * r) / ch, 2) for r in reach]

    # ---- the table's edge: often somewhere in the photo, sometimes the whole table in frame
    edge = _table_outline(R("table edge"), np.concatenate([np.concatenate(q) for _, q in seats]), ch)
    phantoms = _outline_cards(edge, ch) if edge and edge["whole"] else []
    params["table_edge"] = None if edge is None else dict(
        shape=edge["shape"], whole_table=edge["whole"], pad_cards=round(edge["pad"] / ch, 2))

    # ---- the camera at seat 0, and the table fitted into the frame
    rc = R("camera")
    f_k = float(rc.uniform(0.6, 1.0))
    tilt = tilt0 = float(rc.uniform(20, 45))
    yaw = float(np.clip(rc.normal(0, 5), -12, 12))
    cover = float(rc.uniform(0.75, 1.0)) if rc.random() < 0.7 else 1.0
    margin_k = float(rc.uniform(0.01, 0.05))
    tx, ty = rc.uniform(-0.05, 0.05, 2)
    centres = np.concatenate([lay.c if lay is not None else [np.mean(q[0], 0)] for lay, q in seats]
                             + ([np.array([c for c, _ in pile])] if pile else [])
                             + ([np.array([c for c, _ in phantoms])] if phantoms else []))
    angles = np.concatenate([lay.a if lay is not None else [rows[i][1]] for i, (lay, q) in enumerate(seats)]
                            + ([np.array([a for _, a in pile])] if pile else [])
                            + ([np.array([a for _, a in phantoms])] if phantoms else []))
    scene = synth._Layout(centres, angles, cw, ch)
    caps_frac = {c: synth._face_marks(design, c, 400)[2] / 400 for c in set("".join(w for w in words if w))}
    first = {}   # seat -> index of its first entry in `scene`
    k = 0
    for i, (lay, q) in enumerate(seats):
        first[i] = k
        k += len(q)
    mp = params["megapixels"]
    while True:
        margin = margin_k * min(w, h)
        region = (margin, margin, w - margin, h - margin)
        target = np.array([w * (0.5 + tx), h * (0.5 + ty)])
        Hc = synth._camera_matrix(w, h, f_k * math.hypot(w, h), tilt, yaw)
        lay = _framed(scene, Hc, region, target, cover)
        quads = lay.quads()
        ok = all(caps_frac[c] * synth._img_height(Hc, quads[first[i] + j]) * sy * 0.95
                 >= (synth._MIN_WILD_PX if c == "?" else synth._MIN_CAP_PX)
                 for i, word in enumerate(words) for j, c in enumerate(word or ""))
        if ok:
            break
        # too small to read: fill the frame, up to its edges, look down more steeply (the far
        # side comes nearer); a size picked from the seed is then made bigger, as a phone
        # photographer would step back and take a finer photo
        if cover < 1.0:
            cover = 1.0
        elif margin_k > 0.006:
            margin_k = 0.006
        elif tilt > (lowest := 12.0 if megapixels is None else 0.0):
            tilt = max(lowest, tilt - 4.0)
        elif megapixels is None and mp < 12.0:
            mp = min(12.0, mp * 1.25)
            W, H = synth._size(mp, params["aspect"])
            w, h, sx, sy = synth._work_size(W, H)
            params.update(megapixels=round(W * H / 1e6, 3), width=W, height=H, work_size=[w, h])
        elif tilt > 0:
            tilt = max(0.0, tilt - 4.0)
        else:
            break
    params.update(tilt_deg=round(tilt, 2), chosen_tilt_deg=round(tilt0, 2), yaw_deg=round(yaw, 2),
                  focal_px=round(f_k * math.hypot(w, h), 1), cover=round(cover, 3), margin_px=round(margin * sx, 1),
                  letters_readable=bool(ok))

    # ---- the table surface
    rb = R("background")
    kind = background or _pick(rb, BACKGROUNDS, [1.3, 1, 1, 1, 1, 0.8])
    plane = synth._Plane(Hc, w, h)
    img, tinfo = synth._table(kind, R("texture"), plane, w, h)
    params.update(background=kind, table=tinfo)
    # the table's outline where `lay` put the scene: scene point p -> zoom * p + shift
    zoom = lay.cw / cw
    shift = lay.c[0] - zoom * scene.c[0]
    if edge is not None:
        edge = dict(edge, centre=zoom * np.asarray(edge["centre"]) + shift, half=zoom * np.asarray(edge["half"]),
                    radius=zoom * edge["radius"])
        params["table_edge"]["in_photo"] = _draw_edge(img, R("floor"), plane, edge, lay.ch)
    del plane

    # the cards where `lay` put them
    seat_cards = []   # per seat: [(letter, centre, angle)]
    for i, word in enumerate(words):
        at = first[i]
        seat_cards.append([(c, lay.c[at + j], float(lay.a[at + j])) for j, c in enumerate(word or "")])
    empty_at = {i: (lay.c[first[i]], float(lay.a[first[i]])) for i, wd in enumerate(words) if wd is None}
    pile_at = [(lay.c[k + j], float(lay.a[k + j])) for j in range(len(pile))]
    cwp, chp = lay.cw, lay.ch

    # ---- occupancy at quarter resolution, to keep distractors off the words and the pile
    occ_s = 4.0
    occ = np.zeros((int(h / occ_s) + 1, int(w / occ_s) + 1), np.uint8)

    def mark(quad_img, grow):
        cv2.fillConvexPoly(occ, np.round(synth._inflate(quad_img, grow) / occ_s).astype(np.int32), 1)

    def free(quad_img, grow=0.0):
        t = np.zeros_like(occ)
        cv2.fillConvexPoly(t, np.round(synth._inflate(quad_img, grow) / occ_s).astype(np.int32), 1)
        return not np.any(t & occ)

    word_quads = [synth._card_quad(c[0], c[1], a, cwp, chp) for cards in seat_cards for _, c, a in cards]
    ch_img = float(np.median([synth._img_height(Hc, q) for q in word_quads]))
    for q in word_quads:
        mark(synth._apply(Hc, q), 0.35 * synth._img_height(Hc, q))
    for c, a in pile_at:
        q = synth._card_quad(c[0], c[1], a, cwp, chp)
        mark(synth._apply(Hc, q), 0.2 * synth._img_height(Hc, q))

    shadow = synth._shadow(R("shadow"), ch_img, kind)

    # ---- distractor objects, as synth's
    rx = R("objects")
    objects = []
    Hi = np.linalg.inv(Hc)
    for _ in range(int(_pick(rx, [0, 1, 2, 3, 4], [0.35, 0.25, 0.2, 0.12, 0.08]))):
        what = _pick(rx, ["backs", "coin", "pen", "ring"], [1.0, 1, 1, 0.7])
        size = synth._object_size(rx, what, cwp, (cwp, chp))
        placed = synth._placed_object(  # on the table, not over its edge
            rx, what, size, Hc, Hi, w, h, free, mark, ch_img,
            allowed=lambda c, size: edge is None or _outline_sd(edge, c[0], c[1]) <= -0.6 * max(size))
        if placed:
            objects.append(placed)
    params["objects"] = [o[0] for o in objects]

    labels = np.zeros((h, w), np.int16) if debug else None

    def place(sprite, c, ang, size_plane, shadow_k=1.0, label=0, use_shadow=True):
        return synth._place(img, Hc, shadow, labels, sprite, c, ang, size_plane, shadow_k, label, use_shadow)

    def sprite_res(c, ang, size_plane, k=1.3, lo=24, hi=1600):
        return synth._sprite_res(Hc, c, ang, size_plane, k, lo, hi)

    ro2 = R("sprites")
    back = synth._back_style(ro2)
    synth._draw_objects(objects, back, ro2, place, sprite_res, aspect_c, design["corner"])
    for c, a in pile_at:   # the draw pile: the deck's backs, a touch thicker shadow each
        spr = synth._card_back(back, sprite_res(c, a, (cwp, chp)), aspect_c, design["corner"], ro2)
        place(spr, c, a, (cwp, chp), shadow_k=1.3)

    # ---- the words
    rcd = R("cards")
    seats_truth, quads_all, caps_px, letters_all = [], [], [], []
    for i, cards in enumerate(seat_cards):
        truths, qimg = [], []
        for letter, c, a in cards:
            res = sprite_res(c, a, (cwp, chp), k=1.5, lo=48, hi=1800)
            spr, capf = synth._card_face(design, letter, res, rcd)
            place(spr, c, a, (cwp, chp), label=len(letters_all) + 1)
            Mcard = Hc @ synth._T(c[0], c[1]) @ synth._R(a) @ synth._T(-cwp / 2, -chp / 2)
            outline = synth._apply(Mcard, synth._rounded_outline(cwp, chp, design["corner"] * cwp)) * (sx, sy)
            x0, y0 = np.floor(outline.min(0)).astype(int)
            x1, y1 = np.ceil(outline.max(0)).astype(int)
            box = (int(max(0, x0)), int(max(0, y0)), int(min(W, x1)), int(min(H, y1)))
            q = synth._apply(Mcard, synth._rect_pts(cwp, chp)) * (sx, sy)
            quad = tuple((round(float(x), 1), round(float(y), 1)) for x, y in q)
            truths.append(CardTruth(letter, box, True, quad=quad))
            qimg.append(q)
            quads_all.append([list(p) for p in quad])
            caps_px.append(capf * synth._img_height(Mcard, synth._rect_pts(cwp, chp)) * sy)
            letters_all.append(letter)
        if not cards:   # where a word would have lain
            c, a = empty_at[i]
            qimg = [synth._apply(Hc, synth._card_quad(c[0], c[1], a, cwp, chp)) * (sx, sy)]
        seats_truth.append(SeatTruth(words[i], round(_facing(qimg), 2) % 360.0, tuple(truths)))
    params.update(quads=quads_all, cap_px=[round(float(c), 1) for c in caps_px])
    letter_caps = [c for c, l in zip(caps_px, letters_all) if l != "?"] or caps_px
    min_cap = float(min(letter_caps))

    # ---- light, optics, noise, JPEG: synth's
    jpeg, out = synth._finish(img, R, w, h, W, H, sx, exif, caps_px, letters_all, min_cap, params)
    photo = TablePhoto(jpeg=jpeg, width=W, height=H, exif_orientation=int(exif or 1), params=params,
                       seats=tuple(seats_truth), words=tuple(w for w in words if w))
    dbg = None
    if debug:
        lab = labels if (w, h) == (W, H) else cv2.resize(labels, (W, H), interpolation=cv2.INTER_NEAREST)
        dbg = dict(upright=out, labels=lab)
    return photo, dbg


# --------------------------------------------------------------------------- samples

def _sample(seed: int):
    p = render_table(random_table(seed), seed)
    facts = dict(
        words=list(p.words), width=p.width, height=p.height, exif_orientation=p.exif_orientation,
        seats=[dict(word=s.word, facing=s.facing,
                    cards=[dict(letter=c.letter, box=list(c.box), quad=[list(v) for v in c.quad])
                           for c in s.cards]) for s in p.seats],
        params=p.params)
    seats = " ".join(s.word or "-" for s in p.seats)
    return p.jpeg, facts, f"{seats} {p.width}x{p.height} {p.params['background']}"


def _main(argv):
    return synth.write_samples(argv, "tools.cardlab.tables", "table", _sample)


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
