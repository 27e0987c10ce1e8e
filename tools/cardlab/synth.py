"""Synthetic phone photos of ZOOT! letter cards laid in a row on a table, with known truth.

The benchmark and the reader's tests use this to make photos whose answer is known:

    photo = render_photo("ZEBRA", seed=7)
    photo.jpeg          # JPEG bytes as a phone would write them (EXIF orientation included)
    photo.word          # "ZEBRA"
    photo.cards         # CardTruth(letter, box, in_row) per card, row cards in reading order

Everything is drawn procedurally (tables, cards, objects, light) with numpy, OpenCV and
Pillow; the only outside input is the TrueType/OpenType fonts under /usr/share/fonts.
Output is deterministic for a given (word, seed, options) and a given set of installed fonts.

Truth boxes: ``box = (x0, y0, x1, y1)`` is the axis-aligned bounding box of the card's outline
(rounded corners included, drop shadow excluded) in the upright image, i.e. after applying
the EXIF orientation; x1 and y1 are exclusive. ``params["quads"]`` holds the same cards as
four corners (the card's own top-left, top-right, bottom-right, bottom-left, so the letter
reads upright from the first edge) in the same upright pixel coordinates.

Two more decks (``deck="fez"``, ``deck="family"``; the default ``"foot"`` is the ZOOT!/FOOT!
deck above, unchanged) are drawn by ``cardlab.decks`` through a narrow hook in ``_render``;
their texts, truth and params are described there. Their faces, as this project draws them
(the rule sheets show no picture):

* FEZ: a card printed in one ink, red (about RGB 0.75, 0.10, 0.12) or near-black, shades
  varying a little; two big capitals side by side, each with its small Scrabble face value
  beneath; or a star card, one big five-pointed star and no letter. A card used for one
  letter lies with its other half under the neighbouring card (so cards overlap by half a
  card there). Truth: one CardTruth per visible letter or star ("★"), its box that letter's
  half of the card, with ``colour`` "red"/"black"; ``word`` is the tiles, e.g. "FEZ★".
* Family word game: letter cards with one big capital in the centre, its points in a corner
  and a small word for the letter ("APPLE") just under or over it, which is not a letter to
  read; ZAP cards (WILD, DISCARD, REPLACE, 2 TURNS, CHECK) with the name in large bold type,
  a "ZAP!" banner and a small icon, no big single letter (truth: letter "" and ``name``).
  Laid as a word in a row, or as a hand spread on the table at any angles (``layout``).
"""

from __future__ import annotations

import glob
import io
import json
import math
import os
import sys
import zlib
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from . import steady

__all__ = ["BACKGROUNDS", "CardTruth", "Photo", "random_word", "render_photo", "DECK", "VALUES"]

BACKGROUNDS = ("wood", "cloth", "felt", "checked", "laminate", "slate")

# The ZOOT! deck: letter -> copies, plus 4 WILD cards ("?").
DECK = dict(
    A=10, B=2, C=2, D=4, E=14, F=2, G=5, H=3, I=9, J=2, K=2, L=4, M=3,
    N=6, O=9, P=3, Q=2, R=7, S=5, T=6, U=4, V=2, W=3, X=3, Y=3, Z=3,
)
DECK["?"] = 4
VALUES = {c: (1 if c in "AEIOU" else 10 if c in "VWXY" else 20 if c in "JQZ" else 3)
          for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}

_WORD_TEXT = """
AM AN AS AT BE BY DO GO HE HI IF IN IS IT ME MY NO OF OH OK ON OR OX SO TO UP US WE
ACE ACT ADD AGE AGO AIR ALL AND ANT ANY APE ARE ARM ART ASK BAD BAG BED BEE BIG BOX BOY
BUS CAN CAP CAR CAT COW CUP CUT DAY DOG DRY EAR EAT EGG END EYE FAN FAR FIG FLY FOX FUN
GAS GET HAT HEN HOT ICE INK JAM JAR JOY KEY KID LEG LOG MAP MIX MUD NET NEW NUT OAK OIL
OWL PAN PEN PIG POT RAT RED RUN SEA SKY SUN TAX TEA TEN TOY VAN WAX WEB WIN YES ZOO ZIP
BIRD BOAT BOOK CAKE CITY COAT COLD DARK DOOR DUCK EASY FARM FISH FROG GAME GIFT GOLD
HAND HILL HOME IDEA JAZZ JUMP KING KITE LAKE LAMP LION MILK MOON NEST NOTE OVEN PARK
QUIZ RAIN ROAD ROSE SALT SHIP SNOW SOUP STAR TREE WAVE WIND WOLF YARD ZERO ZONE QUIT
APPLE BEACH BREAD CHAIR CLOUD DANCE EAGLE EARTH FIELD FLAME GHOST GRAPE HEART HORSE
HOUSE JUICE KNIFE LEMON LIGHT MANGO MONEY MUSIC NIGHT OCEAN OLIVE PAPER PIANO PLANT
QUEEN QUICK RADIO RIVER ROBOT SHEEP SMILE SNAKE SPOON STONE SUGAR TABLE TIGER TOAST
TRAIN UNCLE VOICE WATER WHALE WORLD YOUTH ZEBRA BLAZE JOKER EXTRA VIXEN QUOTA WAXED
ANIMAL BASKET BRIDGE CANDLE CASTLE CIRCLE DINNER DRAGON FAMILY FLOWER FOREST GARDEN
GUITAR HAMMER ISLAND JACKET JUNGLE KITTEN LADDER MARKET MIRROR NATURE ORANGE PENCIL
PLANET POCKET RABBIT SCHOOL SILVER SPIDER SUMMER TICKET TURTLE VALLEY WINDOW WINTER
YELLOW OXYGEN ZIPPER QUARTZ BREEZE FROZEN
ANSWER BALANCE BICYCLE CABBAGE CAPTAIN CHICKEN COUNTRY DIAMOND DOLPHIN EVENING FREEDOM
GALLERY HARVEST HOLIDAY JOURNEY KITCHEN LIBRARY MACHINE MORNING MUSEUM NOTHING OCTOPUS
PAINTER PENGUIN PICTURE PRESENT RAINBOW SCIENCE SHADOW STATION THUNDER TEACHER VILLAGE
WEATHER WHISPER WITNESS EXAMPLE MIXTURE QUALITY LANTERN MONSTER PAJAMAS ZOOLOGY
AIRPLANE ALPHABET BIRTHDAY BUILDING CHAMPION CHILDREN DAUGHTER DINOSAUR ELEPHANT
EXERCISE FOOTBALL HOSPITAL LANGUAGE MOUNTAIN NOTEBOOK PAINTING QUESTION REMEMBER
SANDWICH SHOULDER SQUIRREL STRENGTH TOGETHER TREASURE UMBRELLA VACATION WILDLIFE
ADVENTURE BUTTERFLY CHOCOLATE CROCODILE DANGEROUS EDUCATION FURNITURE IMPORTANT
KNOWLEDGE LANDSCAPE NEWSPAPER ORCHESTRA PINEAPPLE PRINCIPAL SOMETHING TELEPHONE
TOMORROW UNIVERSE WONDERFUL YESTERDAY ZOOKEEPER JELLYFISH EXPLORER QUESTIONS
DOG CAT SUN ROPE MAZE FOX JOKE QUAY OXEN AXE BOX WAX ZAP ZEN JOB JET
"""


def _deck_ok(word: str) -> bool:
    return all(word.count(c) <= DECK[c] for c in set(word))


WORDS: tuple[str, ...] = tuple(dict.fromkeys(
    w for w in _WORD_TEXT.split() if 2 <= len(w) <= 9 and w.isalpha() and _deck_ok(w)))

INKS = {  # name -> RGB in 0..1
    "black": (0.07, 0.07, 0.08), "navy": (0.09, 0.13, 0.36), "dark red": (0.50, 0.07, 0.09),
    "dark green": (0.06, 0.29, 0.14), "dark purple": (0.29, 0.09, 0.34),
}
_MIN_CAP_PX = 24.0   # smallest letter cap height in the final image, in pixels
_MIN_WILD_PX = 13.0  # smallest "WILD" cap height
_WORK_MAX_PIXELS = 3.2e6  # the scene is drawn at most this big, then resized up


# --------------------------------------------------------------------------- truth types

@dataclass(frozen=True)
class CardTruth:
    letter: str            # "A".."Z", or "?" for the WILD card
    box: tuple[int, int, int, int]  # x0, y0, x1, y1 of the card in the UPRIGHT (EXIF-applied) image
    in_row: bool           # False for a face-up distractor card away from the row
    colour: str | None = None  # FEZ: the tile's ink, "red" or "black"; None for the other decks
    name: str | None = None    # family deck: a ZAP card's name ("WILD", "2 TURNS" ...; letter "")


@dataclass(frozen=True)
class Photo:
    jpeg: bytes
    word: str              # the row's letters in reading order, "?" for WILD
    cards: tuple[CardTruth, ...]   # row cards in reading order, then any face-up distractor card
    width: int             # of the upright image
    height: int
    exif_orientation: int  # 1 when none
    params: dict           # what was drawn
    deck: str = "foot"     # "foot" (ZOOT!/FOOT!), "fez" or "family": see cardlab.decks


# --------------------------------------------------------------------------- randomness

def _rng(seed: int, word: str, tag: str) -> np.random.Generator:
    """An independent stream per aspect of the photo, so fixing one option keeps the rest."""
    return np.random.default_rng([seed & 0xFFFFFFFFFFFFFFFF, zlib.crc32(word.encode()),
                                  zlib.crc32(tag.encode())])


def _pick(rng: np.random.Generator, items, weights=None):
    items = list(items)
    if weights is None:
        return items[int(rng.integers(len(items)))]
    p = np.asarray(weights, float)
    return items[int(rng.choice(len(items), p=p / p.sum()))]


def random_word(seed: int) -> str:
    """A 2-to-9-card row to lay: a common English word, sometimes with one '?' (WILD)."""
    rng = np.random.default_rng([seed & 0xFFFFFFFFFFFFFFFF, 0x5EED])
    by_len: dict[int, list[str]] = {}
    for w in WORDS:
        by_len.setdefault(len(w), []).append(w)
    lengths = sorted(by_len)
    weights = [{2: 0.5, 3: 1.0, 4: 1.2, 5: 1.6, 6: 1.2, 7: 1.6, 8: 0.9, 9: 0.6}.get(n, 0.5)
               for n in lengths]
    word = _pick(rng, by_len[_pick(rng, lengths, weights)])
    if len(word) >= 3 and rng.random() < 0.15:
        i = int(rng.integers(len(word)))
        word = word[:i] + "?" + word[i + 1:]
    return word


# --------------------------------------------------------------------------- fonts

_FONT_SKIP = ("d050000l", "z003", "dejavumath", "standardsymbol", "symbol", "dingbat", "math",
              "emoji", "wingding", "webding", "ornament", "thin", "extralight", "hairline",
              "icon", "awesome")


@lru_cache(maxsize=1)
def _font_candidates() -> tuple[tuple[str, float], ...]:
    """(path, weight) for every usable-looking font; weights favour upright regular/bold."""
    paths = set()
    for ext in ("ttf", "otf", "ttc", "TTF", "OTF"):
        paths.update(glob.glob(f"/usr/share/fonts/**/*.{ext}", recursive=True))
    out = []
    for p in sorted(paths):
        name = os.path.basename(p).lower().replace("-", "").replace("_", "").replace(" ", "")
        if any(s in name for s in _FONT_SKIP):
            continue
        w = 1.0
        if any(s in name for s in ("italic", "oblique", "ita.", "bdita")):
            w *= 0.2
        if "light" in name:
            w *= 0.35
        if any(s in name for s in ("cond", "narrow")):
            w *= 0.6
        if "mono" in name or "cousine" in name:
            w *= 0.5
        out.append((p, w))
    return tuple(out)


@lru_cache(maxsize=512)
def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, max(4, int(size)), layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=None)
def _font_ok(path: str) -> bool:
    """The font draws A-Z, digits and '?' as real, distinct glyphs (not the missing-glyph box)."""
    try:
        missing = _glyph(path, 48, "\U000F0000")
        seen = set()
        for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789?":
            g = _glyph(path, 48, ch)
            if g.shape == (1, 1) or (g.shape == missing.shape and np.array_equal(g, missing)):
                return False
            seen.add((g.shape, g.tobytes()))
        return len(seen) >= 36
    except Exception:
        return False


@lru_cache(maxsize=None)
def _cap_ratio(path: str) -> float:
    """Cap height of the font as a fraction of its pixel size."""
    g = _glyph(path, 200, "H")
    return max(0.3, g.shape[0] / 200.0)


@lru_cache(maxsize=2048)
def _glyph(path: str, size: int, text: str) -> np.ndarray:
    """Ink of `text` at `size`, cropped to its bounding box (uint8, do not modify)."""
    f = _font(path, size)
    x0, y0, x1, y1 = f.getbbox(text)
    im = Image.new("L", (x1 - x0 + 8, y1 - y0 + 8), 0)
    ImageDraw.Draw(im).text((4 - x0, 4 - y0), text, font=f, fill=255)
    a = np.asarray(im)
    ys, xs = np.nonzero(a > 8)
    if len(xs) == 0:
        return np.zeros((1, 1), np.uint8)
    return a[ys.min():ys.max() + 1, xs.min():xs.max() + 1].copy()


def _pick_font(rng: np.random.Generator) -> str:
    cands = _font_candidates()
    if not cands:
        raise RuntimeError("no TrueType/OpenType fonts under /usr/share/fonts")
    paths = [p for p, _ in cands]
    start = int(rng.choice(len(cands), p=np.array([w for _, w in cands]) / sum(w for _, w in cands)))
    for k in range(len(paths)):
        p = paths[(start + k) % len(paths)]
        if _font_ok(p):
            return p
    raise RuntimeError("no font under /usr/share/fonts can draw A-Z")


# --------------------------------------------------------------------------- small geometry

def _T(dx, dy):
    return np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]], float)


def _S(sx, sy=None):
    return np.array([[sx, 0, 0], [0, sx if sy is None else sy, 0], [0, 0, 1]], float)


def _R(deg):
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]], float)


def _apply(H, pts):
    pts = np.asarray(pts, float).reshape(-1, 2)
    q = np.c_[pts, np.ones(len(pts))] @ H.T
    return q[:, :2] / q[:, 2:3]


def _rect_pts(w, h):
    return np.array([[0, 0], [w, 0], [w, h], [0, h]], float)


def _rounded_outline(w, h, r, n=6):
    """Points along a rounded rectangle [0,w]x[0,h] (for tight bounding boxes)."""
    pts = []
    for cx, cy, a0 in ((w - r, r, -90), (w - r, h - r, 0), (r, h - r, 90), (r, r, 180)):
        for k in range(n + 1):
            a = math.radians(a0 + 90 * k / n)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return np.array(pts)


def _sat_overlap(a, b):
    """Do two convex quads overlap (separating axis test)?"""
    for poly in (a, b):
        for i in range(len(poly)):
            e = poly[(i + 1) % len(poly)] - poly[i]
            ax = np.array([-e[1], e[0]])
            pa, pb = a @ ax, b @ ax
            if pa.max() < pb.min() or pb.max() < pa.min():
                return False
    return True


def _inflate(q, d):
    c = q.mean(0)
    v = q - c
    n = np.linalg.norm(v, axis=1, keepdims=True)
    return c + v * (1 + d / np.maximum(n, 1e-6))


# --------------------------------------------------------------------------- camera

def _camera(rng, w, h, variety=None):
    """Homography from the table plane to the image: a pinhole camera tilted over the table.
    With `variety` (a second random stream), one photo in four is taken lower and wider:
    steeper foreshortening, a wide lens, the camera turned further to one side.

    Plane units are about one image pixel at the image centre."""
    diag = math.hypot(w, h)
    f = diag * rng.uniform(0.6, 1.0)
    tilt = float(np.clip(rng.normal(17, 8), 0, 32))
    yaw = float(np.clip(rng.normal(0, 4), -10, 10))
    if variety is not None and variety.random() < 0.25:
        f = diag * variety.uniform(0.55, 0.8)
        tilt = float(variety.uniform(22, 38))
        yaw = float(np.clip(variety.normal(0, 8), -16, 16))
    return _camera_matrix(w, h, f, tilt, yaw), dict(tilt_deg=round(tilt, 2), yaw_deg=round(yaw, 2),
                                                    focal_px=round(f, 1))


def _camera_matrix(w, h, f, tilt, yaw):
    """Homography from the table plane to a w x h image: focal length f pixels, tilted `tilt`
    degrees from looking straight down (the image's top edge is the far side), turned `yaw`
    degrees. The plane's origin shows at the image centre, about one plane unit a pixel."""
    t, y = math.radians(-tilt), math.radians(yaw)
    Rx = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
    Ry = np.array([[math.cos(y), 0, math.sin(y)], [0, 1, 0], [-math.sin(y), 0, math.cos(y)]])
    Rm = Ry @ Rx
    K = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    H = K @ np.c_[Rm[:, 0], Rm[:, 1], [0, 0, f]]
    return H / H[2, 2]


# --------------------------------------------------------------------------- textures

class _Plane:
    """Table-plane coordinates of the working pixels, for drawing the table in perspective.

    Coordinates are computed exactly on a grid 4x coarser and interpolated (a homography is
    smooth), and smooth noise is evaluated on that coarse grid too."""

    Q = 4

    def __init__(self, H, w, h):
        self.Hi = np.linalg.inv(H)
        self.w, self.h = w, h
        self.gw, self.gh = -(-w // self.Q), -(-h // self.Q)
        xs = ((np.arange(self.gw, dtype=np.float64) + 0.5) * (w / self.gw))[None, :]
        ys = ((np.arange(self.gh, dtype=np.float64) + 0.5) * (h / self.gh))[:, None]
        Hi = self.Hi
        q = Hi[2, 0] * xs + Hi[2, 1] * ys + Hi[2, 2]
        self.Xc = ((Hi[0, 0] * xs + Hi[0, 1] * ys + Hi[0, 2]) / q).astype(np.float32)
        self.Yc = ((Hi[1, 0] * xs + Hi[1, 1] * ys + Hi[1, 2]) / q).astype(np.float32)
        # plane units per pixel (linear), from the Jacobian determinant of the inverse map
        self.sc = np.sqrt(np.abs(np.linalg.det(Hi)) / (np.abs(q) * q * q)).astype(np.float32)
        self.s = self.up(self.sc)

    def up(self, a):
        return cv2.resize(a, (self.w, self.h), interpolation=cv2.INTER_LINEAR)

    def rotated(self, deg, coarse=False):
        c, s = np.float32(math.cos(math.radians(deg))), np.float32(math.sin(math.radians(deg)))
        U, V = c * self.Xc + s * self.Yc, c * self.Yc - s * self.Xc
        return (U, V) if coarse else (self.up(U), self.up(V))


def _noise(rng, P: _Plane, ang, su, sv, octaves=1, lac=2.0, gain=0.5, full=None):
    """Smooth value noise over the table plane (rotated by ang), cells su x sv, ~unit variance."""
    if full is None:   # coarse evaluation is exact enough when the finest cells are big
        full = min(su, sv) / lac ** (octaves - 1) < 6 * P.Q * float(P.sc.max())
    U, V = P.rotated(ang, coarse=not full)
    out = np.zeros(U.shape, np.float32)
    u0, u1, v0, v1 = float(U.min()), float(U.max()), float(V.min()), float(V.max())
    amp, total = 1.0, 0.0
    for _ in range(octaves):
        su_, sv_ = su, sv
        gx, gy = (u1 - u0) / su_ + 4, (v1 - v0) / sv_ + 4
        k = max(1.0, gx / 3000, gy / 3000, math.sqrt(gx * gy / 1.0e6))
        su_, sv_ = su_ * k, sv_ * k
        gx, gy = int((u1 - u0) / su_) + 4, int((v1 - v0) / sv_) + 4
        g = rng.standard_normal((gy, gx), dtype=np.float32)
        mx = (U - np.float32(u0)) * np.float32(1 / su_) + np.float32(1.5)
        my = (V - np.float32(v0)) * np.float32(1 / sv_) + np.float32(1.5)
        out += np.float32(amp) * cv2.remap(g, mx, my, cv2.INTER_CUBIC, borderMode=cv2.BORDER_REFLECT)
        total += amp * amp
        amp *= gain
        su, sv = su / lac, sv / lac
    out *= np.float32(1 / (0.75 * math.sqrt(total)))
    return out if full else P.up(out)


def _fine_noise(rng, h, w, sigma=0.7):
    n = rng.standard_normal((h, w), dtype=np.float32)
    if sigma > 0:
        n = cv2.GaussianBlur(n, (0, 0), sigma)
        n /= max(1e-6, float(n.std()))
    return n


def _blur(a, sigma):
    """Gaussian blur; large sigmas are done on a shrunken copy (same look, much faster)."""
    if sigma <= 6:
        return cv2.GaussianBlur(a, (0, 0), sigma)
    h, w = a.shape[:2]
    f = sigma / 3.0
    small = cv2.resize(a, (max(1, int(w / f)), max(1, int(h / f))), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), 3.0)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


def _smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0, 1)
    return t * t * (3 - 2 * t)


def _colorize(base, shade):
    out = np.empty(shade.shape + (3,), np.float32)
    for i in range(3):
        np.multiply(shade, np.float32(base[i]), out=out[..., i])
    return out


def _table(kind, rng, P: _Plane, w, h):
    """The table surface in the working image (float32 RGB 0..1) and a description."""
    f32 = np.float32
    ang = float(rng.uniform(0, 180)) if kind != "checked" else float(rng.normal(0, 8))
    U, V = P.rotated(ang)
    s = P.s
    N = lambda su, sv, octaves=1: _noise(rng, P, ang, su, sv, octaves)  # noqa: E731
    info = dict(texture_angle=round(ang, 1))
    if kind == "wood":
        palette = {"oak": (0.74, 0.56, 0.36), "honey": (0.70, 0.47, 0.24), "walnut": (0.40, 0.26, 0.16),
                   "cherry": (0.58, 0.31, 0.18), "pine": (0.82, 0.66, 0.45), "grey": (0.56, 0.53, 0.49),
                   "ebony": (0.24, 0.16, 0.11), "teak": (0.55, 0.36, 0.20), "white oak": (0.80, 0.70, 0.56)}
        name = _pick(rng, list(palette))
        base = np.array(palette[name]) * rng.uniform(0.92, 1.08) * rng.uniform(0.97, 1.03, 3)
        pw = f32(w * rng.uniform(0.1, 0.32))
        vp = V / pw
        kf = np.floor(vp)
        kk = (kf - kf.min()).astype(np.int32) % 256
        tone = rng.normal(0, 0.06, 256).astype(f32)
        phase = rng.uniform(0, 50, 256).astype(f32)
        seglen = f32(w * rng.uniform(1.0, 3.0))
        offs = rng.uniform(0, 1, 256).astype(f32)
        segpos = U / seglen + offs[kk]
        segf = np.floor(segpos)
        seg = (segf - segf.min()).astype(np.int32)
        segtone = rng.normal(0, 0.05, 512).astype(f32)[(seg * 7 + kk * 13) % 512]
        ringp = f32(pw / rng.uniform(6, 22))
        warp = N(w * 0.6, pw * 0.5, 2)
        ring = 0.5 + 0.5 * steady.sin(f32(2 * np.pi) * (vp * (pw / ringp) + f32(rng.uniform(0.8, 2.0)) * warp
                                                    + phase[kk] + f32(0.4) * segf))
        ring = steady.power(ring, f32(rng.uniform(3, 8)))
        ring *= _smoothstep(1.5, 4.0, ringp / s)   # fade rings that would alias far away
        streak = _noise(rng, P, ang, w * 0.3, 1.6, 1, full=True)
        blotch = N(w * 0.15, w * 0.05, 2)
        shade = 1 + tone[kk] + segtone - f32(rng.uniform(0.08, 0.2)) * ring \
            + f32(0.05) * streak * _smoothstep(0.5, 2, 1.6 / s) + f32(0.05) * blotch
        fr = vp - kf
        d = np.minimum(fr, 1 - fr) * pw                    # distance to a plank seam
        fj = segpos - segf
        dj = np.minimum(fj, 1 - fj) * seglen              # distance to a plank end
        sw = np.maximum(f32(rng.uniform(0.8, 2.0)), s * f32(0.8))
        seam = steady.exp(-(np.minimum(d, dj) / sw) ** 2)
        shade *= 1 - f32(rng.uniform(0.35, 0.6)) * seam
        img = _colorize(base, shade)
        img[..., 2] *= 1 - f32(0.1) * ring                # grain lines are a little more saturated
        info.update(palette=name, plank_width=round(float(pw), 1))
    elif kind in ("cloth", "checked"):
        if kind == "cloth":
            palette = {"linen": (0.80, 0.74, 0.63), "grey": (0.55, 0.55, 0.56), "navy": (0.17, 0.21, 0.36),
                       "denim": (0.30, 0.40, 0.55), "burgundy": (0.45, 0.12, 0.16), "olive": (0.45, 0.45, 0.25),
                       "mustard": (0.78, 0.60, 0.20), "white": (0.88, 0.87, 0.84), "teal": (0.12, 0.42, 0.45),
                       "charcoal": (0.22, 0.22, 0.24)}
            name = _pick(rng, list(palette))
            base = np.array(palette[name]) * rng.uniform(0.92, 1.08) * rng.uniform(0.97, 1.03, 3)
            img = _colorize(base, np.ones_like(U))
            info.update(palette=name)
        else:
            name = _pick(rng, ["red", "blue", "navy", "green"], [3, 3, 1, 0.5])
            col = {"red": (0.74, 0.10, 0.12), "blue": (0.14, 0.28, 0.62), "navy": (0.10, 0.15, 0.35),
                   "green": (0.10, 0.42, 0.22)}[name]
            col = np.array(col) * rng.uniform(0.9, 1.1)
            white = np.array((0.93, 0.92, 0.89)) * rng.uniform(0.95, 1.02)
            period = f32(w * rng.uniform(0.035, 0.12))
            duty = f32(rng.uniform(0.4, 0.6))
            fu = np.mod(U / period, f32(1.0))
            fv = np.mod(V / period, f32(1.0))
            e = np.maximum(s / period, f32(1e-3))
            bu = _smoothstep(-e, e, fu) * (1 - _smoothstep(duty - e, duty + e, fu))
            bv = _smoothstep(-e, e, fv) * (1 - _smoothstep(duty - e, duty + e, fv))
            t = f32(0.5 * rng.uniform(0.85, 1.0)) * (bu + bv) + f32(0.18) * bu * bv
            img = _colorize(white, 1 - t) + _colorize(col, t)
            info.update(palette=name, check_period=round(float(period), 1))
        p = f32(rng.uniform(3.5, 7.0))
        tu = 0.5 + 0.5 * steady.cos(f32(2 * np.pi) / p * V)
        tv = 0.5 + 0.5 * steady.cos(f32(2 * np.pi) / p * U)
        c = steady.sin(f32(np.pi) / p * U) * steady.sin(f32(np.pi) / p * V)
        weave = 0.5 * (tu + tv) + 0.5 * (tu - tv) * c
        aa = _smoothstep(2.2, 4.5, p / s)
        slub = 0.5 * _noise(rng, P, ang, w * 0.2, p, 1, full=True) + 0.5 * _noise(rng, P, ang, p, w * 0.2, 1, full=True)
        fold = N(w * 0.25, w * 0.25, 3)
        ridge = np.clip(1 - np.abs(N(w * 0.5, w * 0.12, 2)), 0, 1)
        shade = (1 + f32(rng.uniform(0.10, 0.22)) * aa * (weave - 0.5) + f32(0.03) * slub + f32(0.05) * fold
                 - f32(rng.uniform(0.0, 0.08)) * (ridge * ridge * ridge) ** 2)
        img *= shade[..., None]
        info.update(weave_period=round(float(p), 2))
    elif kind == "felt":
        palette = {"green": (0.07, 0.36, 0.17), "green2": (0.12, 0.45, 0.25), "blue": (0.10, 0.22, 0.45),
                   "red": (0.45, 0.08, 0.10), "grey": (0.35, 0.36, 0.36), "black": (0.10, 0.10, 0.11)}
        name = _pick(rng, list(palette), [4, 2, 1, 1, 1, 0.6])
        base = np.array(palette[name]) * rng.uniform(0.9, 1.1) * rng.uniform(0.97, 1.03, 3)
        fuzz = _fine_noise(rng, h, w, 0.8)
        mott = N(w * 0.08, w * 0.08, 3)
        shade = 1 + f32(0.07) * fuzz + f32(0.03) * mott
        img = _colorize(base, shade)
        info.update(palette=name)
    elif kind == "laminate":
        palette = {"cream": (0.90, 0.87, 0.80), "white": (0.92, 0.92, 0.90), "light grey": (0.84, 0.84, 0.83),
                   "beige": (0.86, 0.81, 0.72), "ivory": (0.93, 0.90, 0.84)}
        name = _pick(rng, list(palette))
        base = np.array(palette[name]) * rng.uniform(0.97, 1.02) * rng.uniform(0.99, 1.01, 3)
        style = _pick(rng, ["speckle", "grain", "marble"])
        shade = 1 + f32(0.012) * _fine_noise(rng, h, w, 0.6) + f32(0.02) * N(w * 0.1, w * 0.1, 3)
        if style == "grain":
            shade += f32(0.012) * _noise(rng, P, ang, w * 0.4, 4.0, 2, full=True)
        elif style == "marble":
            vein = np.abs(N(w * 0.3, w * 0.3, 4) + f32(0.3) * N(w * 0.05, w * 0.05, 2))
            shade -= f32(rng.uniform(0.015, 0.04)) * steady.exp(-(vein / f32(0.08)) ** 2)
        img = _colorize(base, shade)
        info.update(palette=name, style=style)
    elif kind == "slate":
        palette = {"slate": (0.20, 0.22, 0.24), "blue slate": (0.18, 0.21, 0.26), "charcoal": (0.14, 0.14, 0.15),
                   "green slate": (0.19, 0.23, 0.21)}
        name = _pick(rng, list(palette))
        base = np.array(palette[name]) * rng.uniform(0.9, 1.12) * rng.uniform(0.97, 1.03, 3)
        stone = N(w * 0.15, w * 0.15, 4)
        layers = N(w * 0.6, w * 0.012, 2)
        pits = _noise(rng, P, ang, 5.0, 5.0, 2, full=True)
        grit = _fine_noise(rng, h, w, 0.5)
        shade = 1 + f32(0.045) * stone + f32(0.04) * layers + f32(0.05) * pits + f32(0.05) * grit
        img = _colorize(base, shade)
        info.update(palette=name)
    else:
        raise ValueError(f"unknown background {kind!r}; choose from {BACKGROUNDS}")
    np.clip(img, 0, 1, out=img)
    return img, info


# --------------------------------------------------------------------------- card faces

def _card_design(rng):
    font = _pick_font(rng)
    face = np.array(_pick(rng, [(0.97, 0.97, 0.96), (0.96, 0.95, 0.92), (0.96, 0.93, 0.85),
                                (0.95, 0.91, 0.80), (0.98, 0.98, 0.98), (0.94, 0.94, 0.93)]))
    ink = _pick(rng, list(INKS), [4, 2, 1.2, 1, 1])
    d = dict(
        font=font, aspect=float(rng.uniform(0.65, 0.75)), face=[round(float(v), 3) for v in face],
        ink=ink, corner=float(rng.uniform(0.04, 0.09)), cap=float(rng.uniform(0.45, 0.60)),
        index=bool(rng.random() < 0.6), index_size=float(rng.uniform(0.08, 0.14)),
        value=_pick(rng, [None, "br", "tr"], [0.35, 0.45, 0.2]), value_size=float(rng.uniform(0.07, 0.11)),
        margin=float(rng.uniform(0.05, 0.08)),
        wild_cap=float(rng.uniform(0.15, 0.25)), wild_deco=_pick(rng, [None, "stars", "wave", "ring", "band"]),
        wild_index=_pick(rng, [None, "?"]),
    )
    if rng.random() < 0.4:
        d["border"] = dict(color=_pick(rng, ["grey", "ink", "red", "blue", "green", "gold"]),
                           width=float(rng.uniform(0.008, 0.025)), inset=float(rng.uniform(0.0, 0.06)))
    else:
        d["border"] = None
    return d


_PASTELS = [(0.98, 0.94, 0.70), (0.84, 0.90, 0.98), (0.98, 0.86, 0.88), (0.85, 0.96, 0.87),
            (0.99, 0.89, 0.75), (0.90, 0.87, 0.98), (0.88, 0.88, 0.87), (0.93, 0.97, 0.80)]


def _card_variety(rng, d):
    """Widen a deck design (in place) past the classic look, each aspect on its own: the big
    letter off centre, bigger or smaller, condensed or extended, with heavier strokes; wide
    or narrow margins; an index in two corners; a pale coloured face; rounder corners,
    other card shapes. Drawn from its own stream so the classic choices stay as they were."""
    if rng.random() < 0.5:
        d["cap"] = float(rng.uniform(0.36, 0.70))
    d["letter_dx"] = float(rng.uniform(-0.08, 0.08)) if rng.random() < 0.3 else 0.0
    d["letter_dy"] = float(rng.uniform(-0.14, 0.14)) if rng.random() < 0.5 else 0.0
    d["squeeze"] = steady.exp(rng.uniform(-0.33, 0.18)) if rng.random() < 0.3 else 1.0
    d["weight"] = float(rng.uniform(0.01, 0.045)) if rng.random() < 0.25 else 0.0
    if rng.random() < 0.5:
        d["margin"] = float(rng.uniform(0.015, 0.14))
    d["index2"] = bool(d["index"] and rng.random() < 0.4)
    if d["index2"] and d["value"] == "br":
        d["value"] = "tr"
    if rng.random() < 0.3:
        d["face"] = [round(float(v), 3) for v in _pick(rng, _PASTELS) * rng.uniform(0.97, 1.01, 3)]
    if rng.random() < 0.3:
        d["corner"] = float(rng.uniform(0.02, 0.16))
    if rng.random() < 0.3:
        d["aspect"] = float(rng.uniform(0.58, 0.82))
    return d


_BORDER_COLORS = {"grey": (0.6, 0.6, 0.6), "red": (0.75, 0.2, 0.2), "blue": (0.2, 0.35, 0.7),
                  "green": (0.2, 0.55, 0.3), "gold": (0.78, 0.62, 0.25)}


def _rounded_sdf(h, w, r):
    """Signed distance (pixels, negative inside) to a rounded rectangle filling [0,w]x[0,h]."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    qx = np.abs(xs + 0.5 - w / 2) - (w / 2 - r)
    qy = np.abs(ys + 0.5 - h / 2) - (h / 2 - r)
    out = np.sqrt(np.maximum(qx, 0) ** 2 + np.maximum(qy, 0) ** 2) + np.minimum(np.maximum(qx, qy), 0) - r
    return out.astype(np.float32)


def _paste_max(canvas, g, x, y):
    """Max-combine glyph ink g (uint8) into float canvas with its top-left at (x, y)."""
    H, W = canvas.shape
    x, y = int(round(x)), int(round(y))
    gh, gw = g.shape
    x0, y0, x1, y1 = max(0, x), max(0, y), min(W, x + gw), min(H, y + gh)
    if x1 <= x0 or y1 <= y0:
        return
    sub = g[y0 - y:y1 - y, x0 - x:x1 - x].astype(np.float32) / 255.0
    np.maximum(canvas[y0:y1, x0:x1], sub, out=canvas[y0:y1, x0:x1])


def _fit_glyph(path, text, cap_px, max_w, max_h):
    """The ink of `text` with cap height cap_px, shrunk to fit max_w x max_h; and its cap height."""
    size = max(6, int(round(cap_px / _cap_ratio(path))))
    g = _glyph(path, size, text)
    k = min(1.0, max_w / max(1, g.shape[1]), max_h / max(1, g.shape[0]))
    if k < 0.999:
        size = max(6, int(size * k))
        g = _glyph(path, size, text)
    return g, size * _cap_ratio(path)


def _face_marks(design, letter, Rh):
    """Where the printed marks go on a card Rh pixels tall.

    Returns ([(ink, x, y), ...] small marks, (ink, x, y) of the big letter or WILD, cap px)."""
    Rw = max(8, int(round(Rh * design["aspect"])))
    font = design["font"]
    m = design["margin"]
    inset = design["border"]["inset"] * Rw if design["border"] else 0.0
    mx, my = m * Rw + inset, m * Rh + inset
    small = []
    top_used = bottom_used = 0.0
    idx_text = letter if letter != "?" else design["wild_index"]
    if design["index"] and idx_text:
        g, _ = _fit_glyph(font, idx_text, design["index_size"] * Rh, 0.3 * Rw, 0.16 * Rh)
        small.append((g, mx, my))
        top_used = my + g.shape[0]
        if design.get("index2"):  # the same index upside down in the opposite corner
            small.append((np.ascontiguousarray(g[::-1, ::-1]), Rw - mx - g.shape[1], Rh - my - g.shape[0]))
            bottom_used = my + g.shape[0]
    if design["value"] and letter != "?":
        g, _ = _fit_glyph(font, str(VALUES[letter]), design["value_size"] * Rh, 0.3 * Rw, 0.14 * Rh)
        x = Rw - mx - g.shape[1]
        if design["value"] == "br":
            y = Rh - my - g.shape[0]
            bottom_used = Rh - y
        else:
            y = my
            top_used = max(top_used, my + g.shape[0])
        small.append((g, x, y))
    room = Rh - 2 * (max(top_used, bottom_used) + 0.03 * Rh) if (top_used or bottom_used) else Rh * 0.9
    if letter == "?":
        g, cap = _fit_glyph(font, "WILD", design["wild_cap"] * Rh, 0.86 * Rw - 2 * inset, 0.3 * Rh)
    else:
        for shrink in (1.0, 0.9, 0.8, 0.7, 0.6):  # smaller where it would run into the small print
            g, cap = _styled_glyph(design, letter, shrink * design["cap"] * Rh,
                                   shrink * (0.84 * Rw - 2 * inset), shrink * min(room, 0.66 * Rh))
            at = _off_centre(design, g, small, Rw, Rh, mx, my)
            if at is not None:
                return small, (g, *at), cap
    return small, (g, Rw / 2 - g.shape[1] / 2, Rh / 2 - g.shape[0] / 2), cap


def _styled_glyph(design, text, cap_px, max_w, max_h):
    """The big letter as the design prints it: condensed or extended by its `squeeze`, its
    strokes thickened by its `weight` (a part of the cap height); and its cap height."""
    squeeze, weight = design.get("squeeze", 1.0), design.get("weight", 0.0)
    r = int(round(weight * cap_px))
    g, cap = _fit_glyph(design["font"], text, cap_px - 2 * r, (max_w - 2 * r) / squeeze, max_h - 2 * r)
    if abs(squeeze - 1.0) > 0.01:
        g = cv2.resize(g, (max(1, int(round(g.shape[1] * squeeze))), g.shape[0]), interpolation=cv2.INTER_AREA)
    if r >= 1:
        g = cv2.dilate(np.pad(g, r), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1)))
        cap += 2 * r
    return g, cap


def _off_centre(design, g, small, Rw, Rh, mx, my):
    """Where the big letter's top-left goes: the card's middle moved by the design's
    letter_dx/dy (parts of the card), kept inside the margins and clear of the small print
    (None if even the middle is not)."""
    gh, gw = g.shape
    cx, cy = Rw / 2 - gw / 2, Rh / 2 - gh / 2
    dx, dy = design.get("letter_dx", 0.0) * Rw, design.get("letter_dy", 0.0) * Rh
    pad = 0.05 * Rh  # a clear gap: printed marks do not touch
    for k in (1.0, 0.75, 0.5, 0.25, 0.0):
        x = float(np.clip(cx + k * dx, min(cx, mx), max(cx, Rw - mx - gw)))
        y = float(np.clip(cy + k * dy, min(cy, my), max(cy, Rh - my - gh)))
        if not any(x < sx + s.shape[1] + pad and sx < x + gw + pad and y < sy + s.shape[0] + pad
                   and sy < y + gh + pad for s, sx, sy in small):
            return x, y
    return None


def _premultiplied(rgb, alpha):
    """RGBA (float32) with the colour premultiplied by its alpha, ready to composite."""
    out = np.empty((*alpha.shape, 4), np.float32)
    out[..., :3] = rgb * alpha[..., None]
    out[..., 3] = alpha
    return out


def _card_face(design, letter, Rh, rng):
    """Premultiplied RGBA (float32) of one card face, Rh pixels tall; plus the letter's cap / Rh."""
    Rw = max(8, int(round(Rh * design["aspect"])))
    r = design["corner"] * Rw
    sdf = _rounded_sdf(Rh, Rw, r)
    alpha = np.clip(0.5 - sdf, 0, 1)
    face = np.asarray(design["face"], np.float32)
    ink_rgb = np.asarray(INKS[design["ink"]], np.float32)
    ys = np.linspace(-1, 1, Rh, dtype=np.float32)[:, None]
    xs = np.linspace(-1, 1, Rw, dtype=np.float32)[None, :]
    ga, gb = rng.normal(0, 0.02, 2)
    shade = 1 + ga * xs + gb * ys + 0.012 * _fine_noise(rng, Rh, Rw, 0.8)
    rgb = face[None, None, :] * shade[..., None]
    # the cut edge of the card is a touch darker
    rgb *= (1 - 0.12 * np.clip(1.8 + sdf, 0, 1) * (sdf > -1.8))[..., None]
    if design["border"]:
        b = design["border"]
        bc = ink_rgb if b["color"] == "ink" else np.asarray(_BORDER_COLORS[b["color"]], np.float32)
        lw = max(1.0, b["width"] * Rw)
        ins = b["inset"] * Rw + lw / 2 + 0.5
        ab = np.clip(lw / 2 - np.abs(sdf + ins) + 0.5, 0, 1)
        rgb = rgb * (1 - ab[..., None]) + bc * ab[..., None]
    ink = np.zeros((Rh, Rw), np.float32)
    deco = np.zeros((Rh, Rw), np.float32)
    small, big, cap = _face_marks(design, letter, Rh)
    for g, x, y in small + [big]:
        _paste_max(ink, g, x, y)
    if letter == "?" and design["wild_deco"]:
        kind = design["wild_deco"]
        cx, cy = Rw / 2, Rh / 2
        im = Image.new("L", (Rw, Rh), 0)
        dr = ImageDraw.Draw(im)
        lw = max(1, int(0.012 * Rh))
        if kind == "stars":
            for k in (-1, 0, 1):
                for sy in (-1, 1):
                    sx0 = cx + k * 0.22 * Rw
                    sy0 = cy + sy * (0.5 * cap + 0.09 * Rh)
                    rr = 0.04 * Rh
                    pts = [(sx0 + (rr if j % 2 == 0 else rr * 0.45) * math.sin(math.pi * j / 5),
                            sy0 - (rr if j % 2 == 0 else rr * 0.45) * math.cos(math.pi * j / 5))
                           for j in range(10)]
                    dr.polygon(pts, fill=255)
        elif kind == "wave":
            for sy in (-1, 1):
                y0 = cy + sy * (0.5 * cap + 0.07 * Rh)
                pts = [(x, y0 + 0.02 * Rh * math.sin(x / Rw * 6 * math.pi)) for x in
                       np.linspace(0.15 * Rw, 0.85 * Rw, 60)]
                dr.line(pts, fill=255, width=lw)
        elif kind == "ring":
            dr.ellipse([0.08 * Rw, cy - 1.6 * cap, 0.92 * Rw, cy + 1.6 * cap], outline=255, width=lw)
        elif kind == "band":
            dr.rectangle([0, cy - 0.9 * cap, Rw, cy + 0.9 * cap], fill=60)
        deco = np.asarray(im, np.float32) / 255.0
    # ink is slightly uneven, as printed
    ink *= 0.97 + 0.03 * np.clip(_fine_noise(rng, Rh, Rw, 1.5), -2, 2) / 2
    accent = np.asarray(_BORDER_COLORS.get((design["border"] or {}).get("color", "gold"), (0.78, 0.62, 0.25)),
                        np.float32)
    rgb = rgb * (1 - deco[..., None]) + accent * deco[..., None]
    rgb = rgb * (1 - ink[..., None]) + ink_rgb * ink[..., None]
    return _premultiplied(rgb, alpha), float(cap) / Rh


def _card_back(back, Rh, aspect, corner, rng):
    Rw = max(8, int(round(Rh * aspect)))
    sdf = _rounded_sdf(Rh, Rw, corner * Rw)
    alpha = np.clip(0.5 - sdf, 0, 1)
    col = np.asarray(back["color"], np.float32)
    ys, xs = np.mgrid[0:Rh, 0:Rw].astype(np.float32)
    p = Rh / back["density"]
    if back["pattern"] == "lattice":
        t = np.abs(steady.sin(np.pi * (xs + ys) / p)) * np.abs(steady.sin(np.pi * (xs - ys) / p))
        pat = _smoothstep(0.15, 0.35, t)
    elif back["pattern"] == "dots":
        t = steady.sin(np.pi * xs / p) ** 2 * steady.sin(np.pi * ys / p) ** 2
        pat = 1 - _smoothstep(0.5, 0.7, t)
    else:  # diamonds
        t = np.mod((np.abs(xs - Rw / 2) + np.abs(ys - Rh / 2)) / p, 1.0)
        pat = _smoothstep(0.35, 0.45, t) * (1 - _smoothstep(0.75, 0.85, t))
    light = np.clip(col * 1.6 + 0.25, 0, 1)
    rgb = col[None, None] * pat[..., None] + light[None, None] * (1 - pat[..., None])
    margin = back["margin"] * Rw
    inner = _smoothstep(-0.8, 0.8, -(sdf + margin))
    white = np.array((0.95, 0.95, 0.93), np.float32)
    rgb = rgb * inner[..., None] + white * (1 - inner[..., None])
    rgb *= (1 + 0.01 * _fine_noise(rng, Rh, Rw, 0.8))[..., None]
    return _premultiplied(rgb, alpha)


def _coin(D, rng):
    D = max(8, int(D))
    ys, xs = np.mgrid[0:D, 0:D].astype(np.float32)
    r = np.hypot(xs + 0.5 - D / 2, ys + 0.5 - D / 2) / (D / 2)
    alpha = np.clip((1 - r) * D / 2 + 0.5, 0, 1)
    metal = np.asarray(_pick(rng, [(0.75, 0.75, 0.76), (0.80, 0.65, 0.35), (0.70, 0.42, 0.28)]), np.float32)
    a = rng.uniform(0, 2 * np.pi)
    lx, ly = math.cos(a), math.sin(a)
    nx, ny = (xs - D / 2) / (D / 2), (ys - D / 2) / (D / 2)
    shade = 0.75 + 0.25 * (nx * lx + ny * ly)
    rim = steady.exp(-((r - 0.9) / 0.04) ** 2)
    relief = _blur(rng.standard_normal((D, D)).astype(np.float32), D / 14)
    relief = relief / max(1e-6, float(np.abs(relief).max()))
    shade = shade + 0.18 * rim + 0.15 * relief * (r < 0.8)
    rgb = metal[None, None] * shade[..., None]
    return _premultiplied(np.clip(rgb, 0, 1), alpha)


def _pen(L, Wd, rng):
    L, Wd = max(20, int(L)), max(4, int(Wd))
    ys, xs = np.mgrid[0:Wd, 0:L].astype(np.float32)
    t = (ys + 0.5) / Wd * 2 - 1  # -1..1 across
    tip = 0.12 * L
    half = np.where(xs < tip, (xs / tip) * 0.9 + 0.1, 1.0) * Wd / 2
    alpha = np.clip(half - np.abs(ys + 0.5 - Wd / 2) + 0.5, 0, 1)
    alpha *= np.clip(L - 0.5 - xs, 0, 1) * np.clip(xs + 0.5, 0, 1)
    body = np.asarray(_pick(rng, [(0.1, 0.2, 0.6), (0.08, 0.08, 0.09), (0.7, 0.1, 0.1), (0.9, 0.9, 0.9),
                                  (0.15, 0.5, 0.25), (0.9, 0.75, 0.15)]), np.float32)
    cyl = 0.65 + 0.35 * np.sqrt(np.clip(1 - t ** 2, 0, 1)) + 0.35 * steady.exp(-((t + 0.35) / 0.15) ** 2)
    rgb = body[None, None] * cyl[..., None]
    metal = np.array((0.75, 0.75, 0.77), np.float32)
    m = (xs < tip * 0.45)
    rgb[m] = (metal[None] * cyl[m][:, None])
    clip = (xs > 0.72 * L) & (xs < 0.95 * L) & (np.abs(t) < 0.35)
    rgb[clip] = metal * 1.1
    return _premultiplied(np.clip(rgb, 0, 1), alpha)


def _ring(D, rng):
    D = max(8, int(D))
    ys, xs = np.mgrid[0:D, 0:D].astype(np.float32)
    r = np.hypot(xs + 0.5 - D / 2, ys + 0.5 - D / 2) / (D / 2)
    wdt = rng.uniform(0.03, 0.07)
    a = steady.exp(-((r - (1 - 2 * wdt)) / wdt) ** 2) * rng.uniform(0.12, 0.3)
    a *= 0.6 + 0.4 * np.clip(_blur(rng.standard_normal((D, D)).astype(np.float32), D / 20)
                             * 3 + 0.5, 0, 1)
    col = np.asarray(_pick(rng, [(0.25, 0.18, 0.10), (0.3, 0.3, 0.3), (0.35, 0.2, 0.1)]), np.float32)
    return _premultiplied(col, a)


# --------------------------------------------------------------------------- compositing

def _composite(img, sprite, M, shadow=None, label_mask=None, label=0):
    """Draw premultiplied RGBA `sprite` into img; M maps sprite pixel coords to image coords.

    shadow = (dx, dy, sigma, opacity) in image pixels."""
    sh, sw = sprite.shape[:2]
    corners = _apply(M, _rect_pts(sw, sh))
    pad = 2
    if shadow:
        pad += int(abs(shadow[0]) + abs(shadow[1]) + 3 * shadow[2]) + 2
    H_, W_ = img.shape[:2]
    x0 = max(0, int(math.floor(corners[:, 0].min())) - pad)
    y0 = max(0, int(math.floor(corners[:, 1].min())) - pad)
    x1 = min(W_, int(math.ceil(corners[:, 0].max())) + pad)
    y1 = min(H_, int(math.ceil(corners[:, 1].max())) + pad)
    if x1 <= x0 or y1 <= y0:
        return None
    # sprite pixel centres are at +0.5; image pixel centres too
    Mc = _T(-x0 - 0.5, -y0 - 0.5) @ M @ _T(0.5, 0.5)
    roi = img[y0:y1, x0:x1]
    size = (x1 - x0, y1 - y0)
    if shadow:
        dx, dy, sig, op = shadow
        a = cv2.warpPerspective(np.ascontiguousarray(sprite[..., 3]), _T(dx, dy) @ Mc, size,
                                flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        if sig > 0.3:
            a = _blur(a, sig)
        roi *= (1 - op * a)[..., None]
    warped = cv2.warpPerspective(sprite, Mc, size, flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    a = warped[..., 3:4]
    roi *= (1 - a)
    roi += warped[..., :3]
    if label_mask is not None:
        lm = label_mask[y0:y1, x0:x1]
        lm[warped[..., 3] > 0.5] = label
    return (x0, y0, x1, y1)


# --------------------------------------------------------------------------- layout

def _card_quad(cx, cy, ang, w, h):
    return _apply(_T(cx, cy) @ _R(ang), _rect_pts(w, h) - [w / 2, h / 2])


class _Layout:
    def __init__(self, centers, angles, cw, ch):
        self.c = np.asarray(centers, float)
        self.a = np.asarray(angles, float)
        self.cw, self.ch = cw, ch

    def quads(self):
        return [_card_quad(x, y, a, self.cw, self.ch) for (x, y), a in zip(self.c, self.a)]

    def scaled(self, k, about):
        return _Layout(about + (self.c - about) * k, self.a, self.cw * k, self.ch * k)

    def moved(self, d):
        return _Layout(self.c + d, self.a, self.cw, self.ch)


def _row_layout(rng, n, cw, ch, angle, sag, gaps, arc=0.0, turn_limit=7.0, jitter=1.0):
    """Card centres and angles along a row at `angle`: bowed by `sag` (a part of the row's
    length; the cards turn with the bow up to `turn_limit` degrees) or, when `arc` is not
    0, laid along a circular arc that turns that many degrees from end to end, each card
    turned with it. `jitter` scales how untidily each card lies."""
    d = np.array([math.cos(math.radians(angle)), math.sin(math.radians(angle))])
    nrm = np.array([-d[1], d[0]])
    s = [0.0]
    for g in gaps:
        s.append(s[-1] + cw * (1 + g))
    s = np.array(s) - s[-1] / 2
    Lr = max(1.0, s[-1] - s[0] + cw)
    jit_a = np.clip(rng.normal(0, 1.6 * jitter, n), -4 * jitter, 4 * jitter)
    jit_n = np.clip(rng.normal(0, 0.015, n), -0.04, 0.04) * ch
    jit_s = np.clip(rng.normal(0, 0.01, n), -0.03, 0.03) * cw
    k = math.radians(arc) / Lr  # the arc's curvature

    def laid(s):
        """Centres and angles of cards at distances s along the row."""
        if k:
            phi = k * s
            off = (1 - steady.cos(phi)) / k + jit_n
            return ([d * (math.sin(p) / k) + nrm * o for p, o in zip(phi, off)],
                    angle + np.degrees(phi) + jit_a)
        off = sag * Lr * (1 - (2 * s / Lr) ** 2) + jit_n
        tang = np.clip(np.degrees(steady.arctan(-8 * sag * s / Lr)), -turn_limit, turn_limit)
        return [d * si + nrm * oi for si, oi in zip(s, off)], angle + tang + jit_a

    s = s + jit_s
    centers, angles = laid(s)
    # keep at least 2% of a card width between neighbours
    for i in range(1, n):
        for _ in range(200):
            qa = _inflate(_card_quad(*centers[i - 1], angles[i - 1], cw, ch), 0.01 * cw)
            qb = _inflate(_card_quad(*centers[i], angles[i], cw, ch), 0.01 * cw)
            if not _sat_overlap(qa, qb):
                break
            s[i:] += 0.01 * cw
            centers, angles = laid(s)
    c = np.array(centers)
    c -= (c[0] + c[-1]) / 2
    return _Layout(c, angles, cw, ch)


def _fit(lay: _Layout, H, region, target):
    """Scale/move the layout (in the plane) so that its image lies inside region (x0, y0, x1, y1),
    centred near the image point target."""
    Hi = np.linalg.inv(H)
    rx0, ry0, rx1, ry1 = region
    lay = lay.moved(_apply(Hi, [target])[0] - lay.c.mean(0))
    for _ in range(40):
        pts = _apply(H, np.concatenate(lay.quads()))
        x0, y0 = pts.min(0)
        x1, y1 = pts.max(0)
        k = min(1.0, (rx1 - rx0) / (x1 - x0), (ry1 - ry0) / (y1 - y0))
        if k < 1.0:
            about = _apply(Hi, [((x0 + x1) / 2, (y0 + y1) / 2)])[0]
            lay = lay.scaled(k * 0.99, about)
            continue
        dx = max(0, rx0 - x0) - max(0, x1 - rx1)
        dy = max(0, ry0 - y0) - max(0, y1 - ry1)
        if abs(dx) < 0.5 and abs(dy) < 0.5:
            return lay
        c_img = np.array(((x0 + x1) / 2, (y0 + y1) / 2))
        d = _apply(Hi, [c_img + (dx * 1.02, dy * 1.02)])[0] - _apply(Hi, [c_img])[0]
        lay = lay.moved(d)
    return lay


def _filled(lay: _Layout, H, region, target):
    """The layout grown (about its middle) until its image reaches the edge of region."""
    step = 1.02
    for _ in range(200):
        grown = lay.scaled(step, lay.c.mean(0))
        pts = _apply(H, np.concatenate(grown.quads()))
        moved = _fit(grown, H, region, (pts.min(0) + pts.max(0)) / 2)  # shifted only as it must
        if moved.cw < grown.cw * 0.9999:  # it had to shrink: no room for that much more
            if step < 1.001:
                break
            step = 1 + (step - 1) / 2
            continue
        lay = moved
    return lay


def _img_height(H, quad):
    q = _apply(H, quad)
    return 0.5 * (np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1]))


# --------------------------------------------------------------------------- the photo

def _frame(R, megapixels, params):
    """The photo's size, aspect and EXIF orientation from streams "size" and "orientation";
    the working size the scene is drawn at. Returns W, H, w, h, sx, sy, exif."""
    rs = R("size")
    if megapixels is None:
        megapixels = float(_pick(rs, [1.0, 1.2, 2.0, 3.0, 4.0, 5.0, 8.0, 12.0, float(rs.uniform(1, 12))],
                                 [2, 1, 2, 2, 1.5, 1, 1.5, 1.5, 2]))
    if not (0.05 <= megapixels <= 50):
        raise ValueError("megapixels must be within 0.05..50")
    aspect = _pick(rs, ["3:4", "4:3", "9:16", "16:9"], [0.45, 0.4, 0.08, 0.07])
    W, H = _size(megapixels, aspect)
    ro = R("orientation")
    if H > W:
        exif = _pick(ro, [6, 8, 1, None], [0.6, 0.1, 0.15, 0.15])
    else:
        exif = _pick(ro, [1, 3, None, 6, 8], [0.5, 0.15, 0.2, 0.1, 0.05])
    w, h, sx, sy = _work_size(W, H)
    params.update(megapixels=round(W * H / 1e6, 3), requested_megapixels=megapixels, aspect=aspect,
                  width=W, height=H, exif=exif, work_size=[w, h])
    return W, H, w, h, sx, sy, exif


def _work_size(W, H):
    """The size the scene is drawn at for a W x H photo, and the scale factors up to it."""
    ws = min(1.0, math.sqrt(_WORK_MAX_PIXELS / (W * H)))
    w, h = max(16, int(round(W * ws))), max(16, int(round(H * ws)))
    return w, h, W / w, H / h


def _shadow(rsh, ch_img, kind):
    """The cast shadow (dx, dy, sigma, opacity) in working pixels, for cards ch_img tall."""
    sh_ang = rsh.uniform(0, 2 * np.pi)
    sh_off = rsh.uniform(0.008, 0.03) * ch_img
    sh_sig = rsh.uniform(0.008, 0.03) * ch_img + 0.4
    sh_op = rsh.uniform(0.25, 0.55) if kind not in ("slate", "felt") else rsh.uniform(0.2, 0.4)
    return (sh_off * math.cos(sh_ang), sh_off * math.sin(sh_ang), sh_sig, sh_op)


def _place(img, Hc, shadow, labels, sprite, c, ang, size_plane, shadow_k=1.0, label=0, use_shadow=True):
    """Draw `sprite` on the table plane (through camera Hc) centred at c, turned ang degrees,
    size_plane big in plane units, with the scene's `shadow` scaled by shadow_k."""
    sh_, sw_ = sprite.shape[:2]
    M = Hc @ _T(c[0], c[1]) @ _R(ang) @ _T(-size_plane[0] / 2, -size_plane[1] / 2) @ \
        _S(size_plane[0] / sw_, size_plane[1] / sh_)
    sd = (shadow[0] * shadow_k, shadow[1] * shadow_k, shadow[2] * shadow_k, shadow[3]) if use_shadow else None
    return _composite(img, sprite, M, sd, labels, label)


def _sprite_res(Hc, c, ang, size_plane, k=1.3, lo=24, hi=1600):
    """How many pixels tall to draw a sprite that will show about k times smaller."""
    q = _apply(Hc, _card_quad(c[0], c[1], ang, *size_plane))
    hh = max(np.linalg.norm(q[3] - q[0]), np.linalg.norm(q[2] - q[1]))
    return int(np.clip(hh * k, lo, hi))


def _back_style(ro2):
    """The deck's card back: colour, pattern, density, white margin."""
    return dict(color=_pick(ro2, [(0.6, 0.1, 0.12), (0.1, 0.2, 0.5), (0.1, 0.35, 0.2), (0.15, 0.15, 0.15)]),
                pattern=_pick(ro2, ["lattice", "dots", "diamonds"]), density=float(ro2.uniform(10, 25)),
                margin=float(ro2.uniform(0.05, 0.1)))


def _draw_objects(objects, back, ro2, place, sprite_res, aspect_c, corner):
    """Draw the distractor objects (what, centre, angle, size) placed on the table."""
    for what, c, ang, size in objects:
        if what == "backs":
            for _ in range(int(ro2.integers(1, 4))):
                cj = c + ro2.normal(0, 0.04, 2) * size[0]
                aj = ang + ro2.normal(0, 4)
                spr = _card_back(back, sprite_res(cj, aj, size), aspect_c, corner, ro2)
                place(spr, cj, aj, size)
        elif what == "coin":
            place(_coin(sprite_res(c, ang, size), ro2), c, ang, size, shadow_k=2.5)
        elif what == "pen":
            Lp = sprite_res(c, ang + 90, (size[1], size[0]))
            spr = _pen(Lp, max(4, Lp * size[1] / size[0]), ro2)
            place(spr, c, ang, size, shadow_k=4.0)
        else:
            place(_ring(sprite_res(c, ang, size), ro2), c, ang, size, use_shadow=False)


def _finish(img, R, w, h, W, H, sx, exif, caps_px, letters, min_cap, params):
    """Light, optics, sharpening, sensor noise and JPEG (streams "light", "blur", "noise") of
    the working image img (float32 RGB, modified); the blur is limited by the letters' cap
    heights caps_px (final pixels; letters "?" are WILD). Returns the JPEG bytes and the
    upright uint8 image."""
    # ---- light: gradient, vignette, colour cast, exposure, hand shadow, glare
    rL = R("light")
    ys = np.linspace(-1, 1, h, dtype=np.float32)[:, None]
    xs = np.linspace(-1, 1, w, dtype=np.float32)[None, :]
    ga = rL.uniform(0, 2 * np.pi)
    grad = rL.uniform(0.0, 0.35)
    vig = rL.uniform(0.0, 0.35)
    light = (1 + grad * 0.5 * (math.cos(ga) * xs + math.sin(ga) * ys)) * (1 - vig * 0.5 * (xs ** 2 + ys ** 2))
    light = light.astype(np.float32)
    info_light = dict(gradient=round(grad, 3), vignette=round(vig, 3))
    if rL.random() < 0.3:
        m = np.zeros((h, w), np.float32)
        side = int(rL.integers(4))
        cxs = [rL.uniform(0, w), rL.uniform(0, w), -0.05 * w, 1.05 * w][side]
        cys = [-0.05 * h, 1.05 * h, rL.uniform(0, h), rL.uniform(0, h)][side]
        ax = rL.uniform(0.15, 0.4) * max(w, h)
        ay = ax * rL.uniform(0.35, 0.8)
        cv2.ellipse(m, (int(cxs), int(cys)), (int(ax), int(ay)), float(rL.uniform(0, 180)), 0, 360, 1.0, -1)
        if rL.random() < 0.5:  # a phone or a hand reaching in
            ang = rL.uniform(0, 2 * np.pi)
            L = rL.uniform(0.2, 0.5) * max(w, h)
            p2 = (int(cxs + L * math.cos(ang)), int(cys + L * math.sin(ang)))
            cv2.line(m, (int(cxs), int(cys)), p2, 1.0, int(ay * rL.uniform(0.4, 0.9)))
        m = _blur(m, rL.uniform(0.03, 0.08) * min(w, h))
        depth = rL.uniform(0.2, 0.6)
        light *= 1 - depth * m
        info_light["hand_shadow"] = round(depth, 3)
    img *= light[..., None]
    wb = np.array([1 + rL.normal(0, 0.03), 1.0, 1 + rL.normal(0, 0.04)], np.float32)
    if rL.random() < 0.4:  # warm indoor light
        wb *= np.array([1.06, 1.0, 0.86], np.float32)
    exposure = float(rL.uniform(0.7, 1.15))
    img *= (wb * exposure)[None, None, :]
    if rL.random() < 0.3:
        gcx, gcy = rL.uniform(0.1, 0.9) * w, rL.uniform(0.1, 0.9) * h
        gax = rL.uniform(0.04, 0.18) * max(w, h)
        gay = gax * rL.uniform(0.3, 1.0)
        gan = rL.uniform(0, np.pi)
        X, Y = xs * (w / 2) + w / 2 - gcx, ys * (h / 2) + h / 2 - gcy
        u = (X * math.cos(gan) + Y * math.sin(gan)) / gax
        v = (-X * math.sin(gan) + Y * math.cos(gan)) / gay
        g = steady.exp(-0.5 * steady.power(u ** 2 + v ** 2, rL.uniform(0.7, 1.2))).astype(np.float32)
        strength = rL.uniform(0.2, 0.5)
        img = 1 - (1 - np.clip(img, 0, 1)) * (1 - strength * g)[..., None]
        info_light["glare"] = round(strength, 3)
    info_light.update(white_balance=[round(float(v), 3) for v in wb], exposure=round(exposure, 3))
    params["light"] = info_light

    # ---- optics: blur at the working scale, limited so the smallest letter stays readable
    rB = R("blur")
    wild_caps = [c for c, l in zip(caps_px, letters) if l == "?"]
    max_sig = min(1.2 + 1.2 * math.sqrt(W * H / 1e6), min_cap / 14, (min(wild_caps) / 9) if wild_caps else 99)
    blur = dict(kind=_pick(rB, ["none", "gauss", "motion", "depth"], [0.25, 0.45, 0.15, 0.15]))
    sig = float(rB.uniform(0.3, 1.0) * max_sig)
    if blur["kind"] == "gauss":
        img = cv2.GaussianBlur(img, (0, 0), max(0.1, sig / sx))
        blur["sigma_px"] = round(sig, 2)
    elif blur["kind"] == "motion":
        L = max(2.0, sig * 2.2 / sx)
        ang = rB.uniform(0, 180)
        k = int(math.ceil(L)) | 1
        ker = np.zeros((k + 2, k + 2), np.float32)
        c0 = (k + 1) / 2
        cv2.line(ker, (int(round(c0 - L / 2 * math.cos(math.radians(ang)))),
                       int(round(c0 - L / 2 * math.sin(math.radians(ang))))),
                 (int(round(c0 + L / 2 * math.cos(math.radians(ang)))),
                  int(round(c0 + L / 2 * math.sin(math.radians(ang))))), 1.0, 1, cv2.LINE_AA)
        ker /= ker.sum()
        img = cv2.filter2D(img, -1, ker)
        blur.update(length_px=round(L * sx, 2), angle=round(ang, 1))
    elif blur["kind"] == "depth":
        b = cv2.GaussianBlur(img, (0, 0), max(0.1, sig * 1.2 / sx))
        t = np.clip(rB.uniform(0.5, 1.0) * (ys + 1) / 2 if rB.random() < 0.5 else (1 - ys) / 2, 0, 1)
        t = np.broadcast_to(t, (h, w)).astype(np.float32)
        img = img * (1 - t[..., None]) + b * t[..., None]
        blur["sigma_px"] = round(sig * 1.2, 2)
    params["blur"] = blur

    # ---- phone sharpening, then to the final size with sensor noise
    rN = R("noise")
    sharpen = float(rN.uniform(0, 0.8)) if rN.random() < 0.6 else 0.0
    if sharpen > 0:
        img = cv2.addWeighted(img, 1 + sharpen, cv2.GaussianBlur(img, (0, 0), 1.0), -sharpen, 0)
    if (w, h) != (W, H):
        img = cv2.resize(img, (W, H), interpolation=cv2.INTER_CUBIC)
    lum_sigma = float(rN.uniform(0.004, 0.02)) / min(1.0, exposure)
    chroma = float(rN.uniform(0.0, 0.02))
    lum = cv2.cvtColor(img, cv2.COLOR_RGB2GRAY)
    np.clip(lum, 0, 1, out=lum)
    np.sqrt(lum, out=lum)
    lum *= 0.6 * lum_sigma
    lum += 0.4 * lum_sigma
    n1 = rN.standard_normal((H, W), dtype=np.float32)
    n1 *= lum
    del lum
    img += n1[..., None]
    del n1
    if chroma > 0.002:
        cn = rN.standard_normal((H // 4 + 1, W // 4 + 1, 3), dtype=np.float32) * chroma
        cn -= cn.mean(2, keepdims=True)
        img += cv2.resize(cn, (W, H), interpolation=cv2.INTER_LINEAR)
    np.maximum(img, 0, out=img)
    out = cv2.convertScaleAbs(img, alpha=255.0)
    del img
    quality = int(rN.integers(55, 96))
    params.update(noise=round(lum_sigma, 4), chroma_noise=round(chroma, 4), sharpen=round(sharpen, 3),
                  jpeg_quality=quality)

    stored = out
    if exif == 3:
        stored = out[::-1, ::-1]
    elif exif == 6:
        stored = np.rot90(out, 1)
    elif exif == 8:
        stored = np.rot90(out, -1)
    im = Image.fromarray(np.ascontiguousarray(stored), "RGB")
    buf = io.BytesIO()
    kw = {}
    if exif is not None:
        ex = Image.Exif()
        ex[0x010F] = "Companion"
        ex[0x0110] = "synth camera"
        ex[0x0112] = int(exif)
        kw["exif"] = ex.tobytes()
    im.save(buf, "JPEG", quality=quality, **kw)
    return buf.getvalue(), out


def _size(mp, aspect):
    n = mp * 1e6
    a = {"4:3": 4 / 3, "3:4": 3 / 4, "16:9": 16 / 9, "9:16": 9 / 16}[aspect]
    W = int(round(math.sqrt(n * a) / 2)) * 2
    H = int(round(W / a / 2)) * 2
    return max(16, W), max(16, H)


def _object_size(rx, what: str, cw: float, back: tuple[float, float]) -> tuple[float, float]:
    """A distractor's size on the table plane: a card back's (`back`), or a coin, a pen or a
    ring, by a card's width `cw`."""
    if what == "backs":
        return back
    if what == "coin":
        return (cw * rx.uniform(0.3, 0.5),) * 2
    if what == "pen":
        return (cw * rx.uniform(2.0, 2.6), cw * rx.uniform(0.12, 0.18))
    return (cw * rx.uniform(1.0, 1.4),) * 2


def _placed_object(rx, what: str, size, Hc, Hi, w: int, h: int, free, mark, ch_img: float,
                   allowed=lambda centre, size: True):
    """A distractor put down at random where the photo has room for it (`free`, then `mark`
    the room it takes), tried 40 times: (what, centre, angle, size), or None."""
    for _try in range(40):
        p = np.array([rx.uniform(-0.05, 1.05) * w, rx.uniform(-0.05, 1.05) * h])
        c = _apply(Hi, [p])[0]
        ang = float(rx.uniform(0, 360))
        qi = _apply(Hc, _card_quad(c[0], c[1], ang, *size))
        if not allowed(c, size):
            continue
        if free(qi, 0.08 * ch_img):
            mark(qi, 0.05 * ch_img)
            return what, c, ang, size
    return None


def render_photo(word: str, seed: int, *, megapixels: float | None = None,
                 background: str | None = None, distractor_card: bool | None = None,
                 deck: str = "foot", layout: str | None = None) -> Photo:
    """Deterministic for a given (word, seed, options). None picks at random from the seed.

    deck="fez" or "family" draws another deck's cards (`word` is then that deck's text, see
    cardlab.decks); layout="row" or "spread" (family only: a hand spread on the table)."""
    return _render(word, seed, megapixels, background, distractor_card, deck=deck, layout=layout)[0]


def _render(word, seed, megapixels=None, background=None, distractor_card=None, debug=False,
            deck="foot", layout=None):
    dk = None   # another deck than ZOOT!/FOOT!: its cards come from cardlab.decks
    if deck != "foot" or layout not in (None, "row"):
        from . import decks
        dk = decks.scene(deck, word, layout, distractor_card, seed)
        word, distractor_card = dk.key, False
    word = str(word).upper()
    if not dk and (not word or any(c not in DECK for c in word) or len(word) > 16):
        raise ValueError(f"word must be 1-16 of A-Z or '?', got {word!r}")
    if background is not None and background not in BACKGROUNDS:
        raise ValueError(f"background must be one of {BACKGROUNDS}, got {background!r}")
    R = lambda tag: _rng(seed, word, tag)  # noqa: E731
    params: dict = {"seed": seed}

    # ---- frame
    W, H, w, h, sx, sy, exif = _frame(R, megapixels, params)

    # ---- camera and table
    Hc, cam = _camera(R("camera"), w, h, R("camera variety"))
    params.update(cam)
    rb = R("background")
    kind = background or _pick(rb, BACKGROUNDS, [1.3, 1, 1, 1, 1, 0.8])
    plane = _Plane(Hc, w, h)
    img, tinfo = _table(kind, R("texture"), plane, w, h)
    del plane
    params.update(background=kind, table=tinfo)

    # ---- deck design
    rd = R("design")
    design = _card_variety(R("design variety"), _card_design(rd))
    if dk:
        design = dk.design(design, R("deck design"))
    params.update(font=design["font"], font_name=os.path.splitext(os.path.basename(design["font"]))[0],
                  design={k: v for k, v in design.items() if k != "font"})

    # ---- row layout
    rl = R("layout")
    rdc = R("distractor_card")
    if distractor_card is None:
        distractor_card = bool(rdc.random() < 0.08)
    n = dk.n if dk else len(word)
    aspect_c = design["aspect"]
    row_angle = float(np.clip(rl.normal(0, 9), -25, 25)) if rl.random() < 0.8 else float(rl.uniform(-25, 25))
    sag = float(rl.normal(0, 0.03)) if rl.random() < 0.6 else 0.0
    sag = float(np.clip(sag, -0.08, 0.08))
    # wider variety, each from its own stream: a stronger bow or a real arc whose end cards
    # turn with it, cards laid less tidily, and (framing) the row filling the photo's width
    # with its end cards a few pixels from the border
    rcv = R("curve")
    curve = _pick(rcv, ["as laid", "bow", "arc"], [0.6, 0.2, 0.2])
    arc, turn_limit = 0.0, 7.0
    if curve == "bow":
        sag, turn_limit = float(rcv.choice([-1, 1]) * rcv.uniform(0.05, 0.13)), 30.0
    elif curve == "arc":
        sag, arc = 0.0, float(rcv.choice([-1, 1]) * rcv.uniform(15, 65))
    jitter = float(rcv.uniform(1.0, 2.5)) if rcv.random() < 0.25 else 1.0
    rfr = R("framing")
    tight = bool(rfr.random() < 0.25)
    base_gap = rl.uniform(0.04, 0.25)
    gaps = np.clip(base_gap * rl.lognormal(0, 0.5, max(0, n - 1)), 0.02, 0.40)
    if dk:   # FEZ: -0.5 where a card lies half over its neighbour
        gaps = dk.gaps(gaps)
    cover = 0.35 + (0.5 if not distractor_card else 0.25) * float(rl.beta(2.2, 1.5))
    margin = 0.035 * min(w, h)
    target = np.array([w / 2 + rl.uniform(-0.1, 0.1) * w, h / 2 + rl.uniform(-0.12, 0.12) * h])
    region = (margin, margin, w - margin, h - margin)
    edge = margin
    if tight:
        cover = float(rfr.uniform(0.9, 1.1))
        edge = max(1.0, float(rfr.uniform(0.0015, 0.012)) * min(w, h))
        region = (edge, edge, w - edge, h - edge)
        if not dk:
            target[0] = w / 2   # the row spans the photo: centred across it
    dc_side = _pick(rdc, [-1, 1], [0.4, 0.6])   # the distractor card goes above (-1) or below (+1) the row
    extra_letter = _pick(rdc, list("ABCDEFGHIJKLMNOPRSTUWY?")) if distractor_card else None
    if distractor_card:
        split = h * rdc.uniform(0.5, 0.6) if dc_side < 0 else h * rdc.uniform(0.4, 0.5)
        region = (edge, split, w - edge, h - margin) if dc_side < 0 else (edge, margin, w - edge, split)
        target[1] = (region[1] + region[3]) / 2
    cw = cover * w / (n + gaps.sum())
    if distractor_card:   # leave room for a whole card beside the row
        cw = min(cw, 0.28 * h * aspect_c)
    ch = cw / aspect_c
    lay0 = _row_layout(rl, n, cw, ch, row_angle, sag, gaps, arc, turn_limit, jitter)
    if dk:   # FEZ overlaps, or a family hand spread on the table
        lay0 = dk.layout(lay0, R("deck layout"), w, h)
    lay = _fit(lay0, Hc, region, target)
    if tight and not dk:   # the row as big as the photo holds: an end card a few pixels from its edge
        lay = _filled(lay, Hc, region, target)
    # the letters must stay readable: grow the row if the smallest cap is too small
    caps_frac = dk.caps_frac(design) if dk else [_face_marks(design, c, 400)[2] / 400 for c in word]
    extra_cap = _face_marks(design, extra_letter, 400)[2] / 400 if extra_letter else 1.0
    for _ in range(4):
        hs = [_img_height(Hc, q) * sy for q in lay.quads()]
        need = max([(_MIN_WILD_PX if c == "?" else _MIN_CAP_PX) / (f * hh * 0.95)
                    for c, f, hh in zip(dk.size_keys if dk else word, caps_frac, hs)]
                   + ([(_MIN_WILD_PX if extra_letter == "?" else _MIN_CAP_PX) / (extra_cap * min(hs) * 0.9)]
                      if extra_letter else []))
        if need <= 1.0:
            break
        lay = _fit(lay.scaled(need * 1.05, lay.c.mean(0)), Hc, region, target)
    params.update(row_angle_deg=round(row_angle, 2), curve=round(sag, 4),
                  gaps=[round(float(g), 3) for g in gaps], cover=round(cover, 3),
                  row_shape=curve, arc_deg=round(arc, 2), jitter=round(jitter, 2), tight=tight,
                  edge_px=round(float(edge * sx), 1))

    # occupancy at quarter resolution, to keep distractors off the row
    occ_s = 4.0
    occ = np.zeros((int(h / occ_s) + 1, int(w / occ_s) + 1), np.uint8)

    def mark(quad_img, grow):
        q = _inflate(quad_img, grow) / occ_s
        cv2.fillConvexPoly(occ, np.round(q).astype(np.int32), 1)

    def free(quad_img, grow=0.0):
        t = np.zeros_like(occ)
        cv2.fillConvexPoly(t, np.round(_inflate(quad_img, grow) / occ_s).astype(np.int32), 1)
        return not np.any(t & occ)

    ch_img = float(np.median([_img_height(Hc, q) for q in lay.quads()]))
    for q in lay.quads():
        mark(_apply(Hc, q), 0.35 * ch_img)

    # ---- the face-up distractor card, well off the row on the side kept free for it
    extra = None
    if distractor_card:
        Hi = np.linalg.inv(Hc)
        d = np.array([math.cos(math.radians(row_angle)), math.sin(math.radians(row_angle))])
        nrm = np.array([-d[1], d[0]])
        row_c = lay.c.mean(0)
        fy0, fy1 = (margin, region[1]) if dc_side < 0 else (region[3], h - margin)
        need_px = _MIN_WILD_PX if extra_letter == "?" else _MIN_CAP_PX
        for attempt in range(800):
            stage = attempt // 150   # relax step by step: anywhere, nearer the row, smaller, smaller row
            if stage >= 4 and attempt % 150 == 0:
                lay = lay.scaled(0.9, row_c)
                occ[:] = 0
                for q in lay.quads():
                    mark(_apply(Hc, q), 0.35 * ch_img)
            k = 1.0 if stage < 3 else 0.85
            p = np.array([rdc.uniform(margin, w - margin),
                          rdc.uniform(fy0, fy1) if stage == 0 else rdc.uniform(margin, h - margin)])
            c = _apply(Hi, [p])[0]
            if abs(float((c - row_c) @ nrm)) < (1.25 if stage < 2 else 1.1) * lay.ch:
                continue
            ang = row_angle + float(rdc.uniform(-30, 30))
            quad = _card_quad(c[0], c[1], ang, lay.cw * k, lay.ch * k)
            qi = _apply(Hc, quad)
            if qi.min() < margin or qi[:, 0].max() > w - margin or qi[:, 1].max() > h - margin:
                continue
            if stage < 3 and _img_height(Hc, quad) * sy * extra_cap < need_px:
                continue
            if free(qi, 0.1 * ch_img):
                extra = (c, ang, k)
                mark(qi, 0.3 * ch_img)
                break
    if extra is None:  # no room for it anywhere: the photo is drawn without one
        extra_letter = None

    # ---- shadows (light direction shared by everything)
    shadow = _shadow(R("shadow"), ch_img, kind)

    # ---- other distractors
    rx = R("objects")
    objects = []
    n_obj = int(_pick(rx, [0, 1, 2, 3], [0.5, 0.25, 0.17, 0.08]))
    Hi = np.linalg.inv(Hc)
    for _ in range(n_obj):
        what = _pick(rx, ["backs", "coin", "pen", "ring"], [1.2, 1, 1, 0.7])
        size = _object_size(rx, what, lay.cw, (lay.cw, lay.cw / aspect_c))
        placed = _placed_object(rx, what, size, Hc, Hi, w, h, free, mark, ch_img)
        if placed:
            objects.append(placed)
    params["objects"] = [o[0] for o in objects]

    labels = np.zeros((h, w), np.int16) if debug else None

    def place(sprite, c, ang, size_plane, shadow_k=1.0, label=0, use_shadow=True):
        return _place(img, Hc, shadow, labels, sprite, c, ang, size_plane, shadow_k, label, use_shadow)

    def sprite_res(c, ang, size_plane, k=1.3, lo=24, hi=1600):
        return _sprite_res(Hc, c, ang, size_plane, k, lo, hi)

    ro2 = R("sprites")
    _draw_objects(objects, _back_style(ro2), ro2, place, sprite_res, aspect_c, design["corner"])

    # ---- the cards
    rc = R("cards")
    cards_plane = []   # (letter, center, angle, cw, ch, in_row)
    for letter, (cx, cy), a in zip("" if dk else word, lay.c, lay.a):
        cards_plane.append((letter, (cx, cy), float(a), lay.cw, lay.ch, True))
    if extra is not None:
        k = extra[2]
        cards_plane.append((extra_letter, tuple(extra[0]), float(extra[1]), lay.cw * k, lay.ch * k, False))
    truths, quads, caps_px = [], [], []
    for i, (letter, c, a, cwi, chi, in_row) in enumerate(cards_plane):
        res = sprite_res(c, a, (cwi, chi), k=1.5, lo=48, hi=1800)
        spr, capf = _card_face(design, letter, res, rc)
        place(spr, c, a, (cwi, chi), label=i + 1)
        Mcard = Hc @ _T(c[0], c[1]) @ _R(a) @ _T(-cwi / 2, -chi / 2)
        outline = _apply(Mcard, _rounded_outline(cwi, chi, design["corner"] * cwi)) * (sx, sy)
        x0, y0 = np.floor(outline.min(0)).astype(int)
        x1, y1 = np.ceil(outline.max(0)).astype(int)
        box = (int(max(0, x0)), int(max(0, y0)), int(min(W, x1)), int(min(H, y1)))
        truths.append(CardTruth(letter, box, in_row))
        q = _apply(Mcard, _rect_pts(cwi, chi)) * (sx, sy)
        quads.append([[round(float(x), 1), round(float(y), 1)] for x, y in q])
        caps_px.append(capf * _img_height(Mcard, _rect_pts(cwi, chi)) * sy)
    if dk:   # the other deck draws its own cards and truth
        cards_plane, truths, quads, caps_px = dk.draw(design, lay, rc, place, sprite_res, Hc, sx, sy, W, H, params)
    params.update(quads=quads, cap_px=[round(float(c), 1) for c in caps_px],
                  distractor_card=extra_letter is not None)
    letter_caps = [c for c, (l, *_r) in zip(caps_px, cards_plane) if l != "?"] or caps_px
    min_cap = float(min(letter_caps))

    # ---- light, optics, noise, JPEG
    jpeg, out = _finish(img, R, w, h, W, H, sx, exif, caps_px, [c[0] for c in cards_plane], min_cap, params)
    photo = Photo(jpeg=jpeg, word=dk.word if dk else word, cards=tuple(truths), width=W, height=H,
                  exif_orientation=int(exif or 1), params=params, deck=deck)
    dbg = None
    if debug:
        lab = labels if (w, h) == (W, H) else cv2.resize(labels, (W, H), interpolation=cv2.INTER_NEAREST)
        dbg = dict(upright=out, labels=lab)
    return photo, dbg


# --------------------------------------------------------------------------- samples

def write_samples(argv, prog: str, prefix: str, draw) -> int:
    """`python -m PROG OUTDIR N [FIRST_SEED]`: N photos drawn by `draw(seed)` (their JPEG, the
    truth as a dict, a line describing them) written as OUTDIR/PREFIX_SEED.jpg, with every
    photo's truth in OUTDIR/truth.json."""
    if len(argv) < 2:
        print(f"usage (from the repository): python -m {prog} OUTDIR N [FIRST_SEED]", file=sys.stderr)
        return 2
    outdir, n = argv[0], int(argv[1])
    first = int(argv[2]) if len(argv) > 2 else 0
    os.makedirs(outdir, exist_ok=True)
    truth = []
    for seed in range(first, first + n):
        jpeg, facts, line = draw(seed)
        name = f"{prefix}_{seed:05d}.jpg"
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(jpeg)
        truth.append(dict(file=name, **facts))
        print(name, line, file=sys.stderr)
    with open(os.path.join(outdir, "truth.json"), "w") as f:
        json.dump(truth, f, indent=1)
    return 0


def _sample(seed: int):
    p = render_photo(random_word(seed), seed)
    facts = dict(word=p.word, width=p.width, height=p.height, exif_orientation=p.exif_orientation,
                 cards=[dict(letter=c.letter, box=list(c.box), in_row=c.in_row) for c in p.cards],
                 params=p.params)
    return p.jpeg, facts, f"{p.word} {p.width}x{p.height} {p.params['background']}"


def _main(argv):
    return write_samples(argv, "tools.cardlab.synth", "synth", _sample)


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
