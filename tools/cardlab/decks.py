"""The FEZ deck and the family word game's deck, for the photo generator (``cardlab.synth``).

``synth.render_photo(text, seed, deck="fez" | "family", layout=...)`` hands its cards to this
module through one narrow hook (``scene()`` returns a ``Scene``: it parses the cards, picks
their design, lays them out and draws them); the rest of the photo (table, camera, objects,
light, blur, noise, JPEG) is synth's, exactly as for the ZOOT!/FOOT! deck.

The card faces, as this project draws them (the rule sheets show no picture):

FEZ. A portrait card in one ink, red (a printed red, about RGB 0.75, 0.10, 0.12) or black (a
near-black); the shades vary a little from deck to deck and card to card. A letter card
carries TWO big capital letters side by side, one in each half of the card, with its small
face value (the Scrabble value: ``FEZ_VALUES``) centred beneath it; sometimes a thin rule
between the halves. A star card carries one big five-pointed star (sometimes ringed) and no
letter. (Blank cards, value 0, are not drawn.) A card used for one letter is laid with its
other half, letter and value, hidden under the neighbouring card, so the cards of a row
overlap by about half a card where a letter is covered and lie apart elsewhere; a row
therefore needs at least one card showing both letters or a star.

Family word game. 56 letter cards (``FAMILY_DECK``) and 10 ZAP cards (``ZAP_NAMES``, two of
each). A letter card carries one big capital letter in the centre, its points (``FAMILY_VALUES``:
the Scrabble values, as this project guesses them) small in a corner, sometimes a small index
letter in another corner, and a small word for that letter (``CENTRE_WORDS``: APPLE for A ...)
printed small just under or over the big letter, in the centre area; that word is for
information only and is not a card's letter. Inks: one dark ink for the deck, or one bright
colour per card. A ZAP card carries its name in fairly large bold capitals (one line, or
"2" over "TURNS"), a "ZAP!" banner above it, a small icon below it and its points
(``ZAP_POINTS``) in a corner; no big single letter.

Texts given to ``render_photo``:

* FEZ: cards separated by spaces, each ``BODY/COLOUR`` with COLOUR ``r`` or ``b``. BODY is two
  capitals (both letters used: ``FE/r``), one capital (a one-letter card: the covered letter
  and its side are chosen from the seed), a capital and a lower-case letter (the lower-case
  letter is the covered one, on its side: ``Zq/b`` covers q on the right, ``qZ/b`` on the
  left), or ``*``/``★`` for a star card. ``"FE/r Z/r */r"`` lays FEZ★ as a red flush with a
  red star.
* family: capitals for letter cards and ZAP cards in brackets, e.g. ``"CAT[WILD]"``,
  ``"QE[2 TURNS]"``; spaces outside brackets are ignored.

Truth (``Photo``): FEZ: ``word`` is the visible tiles in reading order, ``★`` for a star;
one ``CardTruth`` per visible letter (tile) or star, its box the bounding box of that letter's
half of the card (the whole card for a star), ``colour`` "red"/"black"; a two-letter card
yields two CardTruths of the same colour. ``params``: ``colours`` ("R"/"B" per tile, aligned
with ``word``), ``stars`` (tile indices), ``tile_card`` (the physical card of each tile),
``fez_cards`` (per physical card: letters, hidden letter and side, covering card, ink),
``card_quads``/``card_boxes`` per physical card, ``ink_boxes``/``ink_quads`` (per tile, the
big letter's or star's ink) and ``hidden_ink`` (per covered letter: its card, letter, ink box and ink quad). Family: ``word`` is the
canonical text (``"CAT[WILD]"``); one CardTruth per card, ``letter`` "A".."Z", or "" with
``name`` "WILD"/"DISCARD"/"REPLACE"/"2 TURNS"/"CHECK" for a ZAP card; ``in_row`` True for
every card (in a spread: a card of the hand, not a distractor). ``params``: ``hand`` (tokens),
``layout``, ``centre_words`` (per card; None for ZAP), ``ink_boxes``/``ink_quads`` (big letter
or ZAP name), ``name_lines`` (a ZAP name's printed lines), ``word_boxes`` (the centre word's
ink), ``word_cap_px``, ``points``, ``angles`` (each card's turn in the upright image, degrees,
0 = upright, clockwise). Both: ``quads`` and ``cap_px`` per CardTruth, as for ZOOT!.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from . import synth as S

__all__ = ["DECKS", "LAYOUTS", "STAR", "FEZ_VALUES", "FAMILY_DECK", "FAMILY_VALUES", "ZAP_NAMES",
           "ZAP_POINTS", "CENTRE_WORDS", "FezCard", "parse_fez", "parse_family", "fez_text",
           "family_text", "random_fez_word", "random_family_hand", "random_family_word", "scene"]

DECKS = ("foot", "fez", "family")
LAYOUTS = ("row", "spread")
STAR = "\u2605"
_ABC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

FEZ_VALUES = dict(zip(_ABC, (1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10)))
# how often a letter turns up as the covered letter of a one-letter card (Scrabble tile counts)
_FEZ_FREQ = dict(zip(_ABC, (9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1)))

FAMILY_DECK = dict(A=4, B=2, C=2, D=2, E=4, F=1, G=2, H=2, I=4, J=1, K=1, L=3, M=2, N=3, O=4, P=2,
                   Q=1, R=3, S=3, T=3, U=2, V=1, W=1, X=1, Y=1, Z=1)          # 56 letter cards
FAMILY_VALUES = dict(FEZ_VALUES)
ZAP_NAMES = ("WILD", "DISCARD", "REPLACE", "2 TURNS", "CHECK")               # two of each
ZAP_POINTS = 15
CENTRE_WORDS = dict(
    A=("APPLE", "ANT", "ARROW"), B=("BALL", "BEAR", "BOAT"), C=("CAT", "CAKE", "CLOCK"),
    D=("DOG", "DRUM", "DUCK"), E=("EGG", "EAGLE", "ELEPHANT"), F=("FISH", "FROG", "FLOWER"),
    G=("GOAT", "GRAPES", "GIFT"), H=("HAT", "HOUSE", "HORSE"), I=("IGLOO", "ICE CREAM", "INK"),
    J=("JAM", "JUG", "JELLY"), K=("KITE", "KEY", "KING"), L=("LION", "LAMP", "LEAF"),
    M=("MOON", "MOUSE", "MILK"), N=("NEST", "NUT", "NOSE"), O=("ORANGE", "OWL", "OCTOPUS"),
    P=("PEN", "PIG", "PARROT"), Q=("QUEEN", "QUILT"), R=("RAIN", "ROSE", "RABBIT"),
    S=("SUN", "SHIP", "STAR"), T=("TREE", "TIGER", "TRAIN"), U=("UMBRELLA", "UNICORN"),
    V=("VAN", "VASE", "VIOLIN"), W=("WATCH", "WHALE", "WINDOW"), X=("XYLOPHONE", "X-RAY"),
    Y=("YACHT", "YAK", "YO-YO"), Z=("ZEBRA", "ZIP"),
)
assert sum(FAMILY_DECK.values()) == 56

_FAMILY_COLOURS = {"red": (0.78, 0.12, 0.13), "blue": (0.10, 0.30, 0.74), "green": (0.08, 0.52, 0.22),
                   "purple": (0.45, 0.16, 0.60), "orange": (0.90, 0.45, 0.06), "teal": (0.00, 0.48, 0.55)}


# --------------------------------------------------------------------------- the cards

@dataclass(frozen=True)
class FezCard:
    letters: str                    # the visible letters, left to right: 1 or 2 ("" for a star)
    colour: str                     # "red" or "black"
    star: bool = False
    hidden: str | None = None       # a one-letter card's covered letter (None: chosen from the seed)
    hidden_side: str | None = None  # "left" or "right"

    @property
    def tiles(self) -> str:
        return STAR if self.star else self.letters

    def token(self) -> str:
        body = "*" if self.star else self.letters
        if self.hidden:
            body = body + self.hidden.lower() if self.hidden_side == "right" else self.hidden.lower() + body
        return f"{body}/{self.colour[0]}"


def parse_fez(text) -> list[FezCard]:
    """``"FE/r Z/b */r"`` (see the module doc) -> FezCards; a list of FezCards passes through."""
    if not isinstance(text, str):
        cards = list(text)
        if not all(isinstance(c, FezCard) for c in cards):
            raise ValueError("a FEZ row is a text like 'FE/r Z/b */r' or a list of FezCard")
        return cards
    cards = []
    for tok in text.split():
        body, sep, col = tok.rpartition("/")
        colour = {"r": "red", "red": "red", "b": "black", "black": "black"}.get(col.lower())
        if not sep or colour is None:
            raise ValueError(f"FEZ card {tok!r}: write LETTERS/r or LETTERS/b")
        if body in ("*", STAR):
            cards.append(FezCard("", colour, star=True))
            continue
        if not (1 <= len(body) <= 2 and all(c.isascii() and c.isalpha() for c in body)
                and any(c.isupper() for c in body)):
            raise ValueError(f"FEZ card {tok!r}: one or two letters (a lower-case one is covered), or *")
        if len(body) == 2 and body[0].islower():
            cards.append(FezCard(body[1], colour, hidden=body[0].upper(), hidden_side="left"))
        elif len(body) == 2 and body[1].islower():
            cards.append(FezCard(body[0], colour, hidden=body[1].upper(), hidden_side="right"))
        else:
            cards.append(FezCard(body, colour))
    if not cards:
        raise ValueError("a FEZ row needs at least one card")
    return cards


def fez_text(cards) -> str:
    return " ".join(c.token() for c in cards)


def parse_family(text) -> list[str]:
    """``"CAT[WILD]"`` -> ["C", "A", "T", "WILD"]; a list of tokens passes through (checked)."""
    toks: list[str] = []
    if isinstance(text, str):
        i = 0
        while i < len(text):
            ch = text[i]
            if ch.isspace():
                i += 1
            elif ch == "[":
                j = text.find("]", i)
                if j < 0:
                    raise ValueError(f"unclosed [ in {text!r}")
                toks.append(text[i + 1:j])
                i = j + 1
            else:
                toks.append(ch)
                i += 1
    else:
        toks = [str(t) for t in text]
    out = []
    for t in toks:
        u = " ".join(t.upper().split())
        if u == "2TURNS":
            u = "2 TURNS"
        if len(u) == 1 and u in _ABC:
            out.append(u)
        elif u in ZAP_NAMES:
            out.append(u)
        else:
            raise ValueError(f"family card {t!r}: a letter A-Z or one of {ZAP_NAMES}")
    if not out:
        raise ValueError("no cards")
    return out


def family_text(tokens) -> str:
    return "".join(t if len(t) == 1 else f"[{t}]" for t in tokens)


# --------------------------------------------------------------------------- random rows and hands

def _words(lo=2, hi=9):
    return [w for w in S.WORDS if lo <= len(w) <= hi]


def random_fez_word(seed: int) -> str:
    """A FEZ row to lay: a common word split into cards of 1 or 2 letters, mostly a flush,
    sometimes with a star (rarely two). Returns the text for ``render_photo(..., deck="fez")``."""
    rng = np.random.default_rng([seed & 0xFFFFFFFFFFFFFFFF, 0xFE2])
    word = S._pick(rng, _words(2, 9))
    parts, i = [], 0
    while i < len(word):
        if i + 1 < len(word) and rng.random() < 0.6:
            parts.append(word[i:i + 2])
            i += 2
        else:
            parts.append(word[i])
            i += 1
    if all(len(p) == 1 for p in parts):   # a row of one-letter cards cannot hide every unused letter
        if len(parts) >= 2:
            k = int(rng.integers(len(parts) - 1))
            parts[k:k + 2] = [parts[k] + parts[k + 1]]
    flush = rng.random() < 0.7
    base = S._pick(rng, ["r", "b"])
    cols = [base if flush else S._pick(rng, ["r", "b"]) for _ in parts]
    toks = [f"{p}/{c}" for p, c in zip(parts, cols)]
    n_star = int(S._pick(rng, [0, 1, 2], [0.7, 0.24, 0.06]))
    for _ in range(n_star):
        k = int(rng.integers(len(toks) + 1))
        toks.insert(k, f"*/{base if rng.random() < 0.6 else S._pick(rng, ['r', 'b'])}")
    return " ".join(toks)


def random_family_hand(seed: int) -> str:
    """The cards left in a player's hand: 3 to 9 cards drawn from the deck, 0 to 2 of them ZAP."""
    rng = np.random.default_rng([seed & 0xFFFFFFFFFFFFFFFF, 0xFA3])
    n = int(rng.integers(3, 10))
    n_zap = min(n - 1, int(S._pick(rng, [0, 1, 2], [0.45, 0.35, 0.2])))
    pool = [c for c, k in FAMILY_DECK.items() for _ in range(k)]
    letters = [pool[i] for i in rng.choice(len(pool), n - n_zap, replace=False)]
    zpool = [z for z in ZAP_NAMES for _ in range(2)]
    zaps = [zpool[i] for i in rng.choice(len(zpool), n_zap, replace=False)]
    hand = letters + zaps
    order = rng.permutation(len(hand))
    return family_text([hand[i] for i in order])


def random_family_word(seed: int) -> str:
    """A family-game word laid in a row (3+ letters the deck holds), sometimes with a WILD card."""
    rng = np.random.default_rng([seed & 0xFFFFFFFFFFFFFFFF, 0xFA4])
    ok = [w for w in _words(3, 9) if all(w.count(c) <= FAMILY_DECK[c] for c in set(w))]
    word = list(S._pick(rng, ok))
    if rng.random() < 0.2:
        word[int(rng.integers(len(word)))] = "WILD"
    return family_text(word)


# --------------------------------------------------------------------------- designs

@lru_cache(maxsize=1)
def _bold_fonts() -> tuple[str, ...]:
    out = []
    for p, _w in S._font_candidates():
        name = os.path.basename(p).lower()
        if any(s in name for s in ("italic", "oblique", "mono", "cousine")):
            continue
        if any(s in name for s in ("bold", "black", "heavy")) and S._font_ok(p):
            out.append(p)
    return tuple(out)


def _fez_design(base, rng):
    d = dict(base)
    red = (rng.uniform(0.68, 0.82), rng.uniform(0.05, 0.14), rng.uniform(0.07, 0.16))
    k = rng.uniform(0.05, 0.11)
    black = (k * rng.uniform(0.9, 1.1), k * rng.uniform(0.9, 1.1), k * rng.uniform(0.95, 1.2))
    d.update(
        deck="fez", aspect=float(rng.uniform(0.66, 0.76)),
        red=[round(float(v), 3) for v in red], black=[round(float(v), 3) for v in black],
        fez_cap=float(rng.uniform(0.22, 0.30)), fez_w=float(rng.uniform(0.36, 0.41)),
        block_mid=float(rng.uniform(0.42, 0.52)), col_in=float(rng.uniform(-0.015, 0.01)),
        value_size=float(rng.uniform(0.065, 0.095)), value_gap=float(rng.uniform(0.035, 0.06)),
        divider=S._pick(rng, [None, "line", "dots"], [0.55, 0.3, 0.15]),
        star_r=float(rng.uniform(0.30, 0.38)), star_in=float(rng.uniform(0.38, 0.46)),
        star_ring=bool(rng.random() < 0.3),
    )
    if d.get("border") and d["border"]["color"] not in ("ink", "grey"):
        d["border"] = dict(d["border"], color="ink")   # a FEZ card is printed in its one ink
    return d


def _family_design(base, rng):
    d = dict(base)
    bold = _bold_fonts()
    d.update(
        deck="family", aspect=float(rng.uniform(0.64, 0.74)),
        fam_cap=float(rng.uniform(0.34, 0.46)), word_size=float(rng.uniform(0.04, 0.06)),
        word_pos=S._pick(rng, ["below", "above"], [0.75, 0.25]),
        word_case=S._pick(rng, ["upper", "title"], [0.6, 0.4]),
        word_ink=S._pick(rng, ["same", "dark"]),
        value_pos=S._pick(rng, ["tl", "tr", "br"], [0.45, 0.35, 0.2]),
        value_size=float(rng.uniform(0.07, 0.1)), value_badge=bool(rng.random() < 0.4),
        index=bool(rng.random() < 0.35), index_size=float(rng.uniform(0.07, 0.1)),
        ink_mode=S._pick(rng, ["mono", "colour"], [0.4, 0.6]),
        zap_font=S._pick(rng, bold) if bold else base["font"],
        zap_cap=float(rng.uniform(0.11, 0.15)),
        zap_split=bool(rng.random() < 0.5),
        zap_banner=S._pick(rng, ["band", "text"], [0.7, 0.3]),
        zap_accent=S._pick(rng, ["red", "orange", "purple", "blue", "green"]),
        zap_ink=S._pick(rng, ["black", "navy", "accent"], [0.5, 0.3, 0.2]),
        zap_icon=bool(rng.random() < 0.8),
    )
    return d


# --------------------------------------------------------------------------- faces

def _base_face(design, Rh, rng, ink_rgb):
    """The blank card: face colour, light unevenness, darker cut edge, maybe a border."""
    Rw = max(8, int(round(Rh * design["aspect"])))
    sdf = S._rounded_sdf(Rh, Rw, design["corner"] * Rw)
    alpha = np.clip(0.5 - sdf, 0, 1)
    face = np.asarray(design["face"], np.float32)
    ys = np.linspace(-1, 1, Rh, dtype=np.float32)[:, None]
    xs = np.linspace(-1, 1, Rw, dtype=np.float32)[None, :]
    ga, gb = rng.normal(0, 0.02, 2)
    shade = 1 + ga * xs + gb * ys + 0.012 * S._fine_noise(rng, Rh, Rw, 0.8)
    rgb = face[None, None, :] * shade[..., None]
    rgb *= (1 - 0.12 * np.clip(1.8 + sdf, 0, 1) * (sdf > -1.8))[..., None]
    if design.get("border"):
        b = design["border"]
        bc = ink_rgb if b["color"] == "ink" else np.asarray(S._BORDER_COLORS.get(b["color"], (0.6, 0.6, 0.6)),
                                                            np.float32)
        lw = max(1.0, b["width"] * Rw)
        ins = b["inset"] * Rw + lw / 2 + 0.5
        ab = np.clip(lw / 2 - np.abs(sdf + ins) + 0.5, 0, 1)
        rgb = rgb * (1 - ab[..., None]) + np.asarray(bc, np.float32) * ab[..., None]
    return Rw, rgb.astype(np.float32), alpha


def _paint(rgb, mask, colour, rng=None):
    if rng is not None:   # printed ink is slightly uneven
        mask = mask * (0.97 + 0.03 * np.clip(S._fine_noise(rng, *mask.shape, 1.5), -2, 2) / 2)
    m = mask[..., None]
    return rgb * (1 - m) + np.asarray(colour, np.float32) * m


def _star_points(cx, cy, r_out, r_in, rot=0.0):
    return [(cx + (r_out if j % 2 == 0 else r_in) * math.sin(math.pi * j / 5 + rot),
             cy - (r_out if j % 2 == 0 else r_in) * math.cos(math.pi * j / 5 + rot)) for j in range(10)]


def _vector(Rw, Rh, draw_fn, ss=4):
    """Antialiased vector marks: draw_fn(ImageDraw, scale) on a supersampled canvas -> float mask."""
    im = Image.new("L", (Rw * ss, Rh * ss), 0)
    draw_fn(ImageDraw.Draw(im), ss)
    small = im.resize((Rw, Rh), Image.Resampling.BOX)
    return np.asarray(small, np.float32) / 255.0


def _frac_box(g, x, y, Rw, Rh):
    return (x / Rw, y / Rh, (x + g.shape[1]) / Rw, (y + g.shape[0]) / Rh)


def _fez_marks(design, card: FezCard, Rh):
    """Glyphs (g, x, y) per half of a FEZ card, their ink boxes (fractions of the card) and caps."""
    Rw = max(8, int(round(Rh * design["aspect"])))
    font = design["font"]
    out = {}
    if card.star:
        r = design["star_r"] * Rw
        out["star"] = dict(box=((Rw / 2 - r) / Rw, (Rh / 2 - r) / Rh, (Rw / 2 + r) / Rw, (Rh / 2 + r) / Rh),
                           cap=2 * r)
        return Rw, out
    left, right = (card.letters if len(card.letters) == 2 else
                   (card.hidden + card.letters if card.hidden_side == "left" else card.letters + card.hidden))
    # each letter keeps clear of the card's middle (where a neighbour's edge may lie) and of
    # the border; one letter size for the whole deck: the widest capitals fit their half
    b = design.get("border")
    outer = max(0.06, (b["inset"] + b["width"] + 0.03) if b else 0.0) * Rw
    inner = 0.45 * Rw
    max_w = min(design["fez_w"] * Rw, inner - outer)
    cap_px = design["fez_cap"] * Rh
    for wide in "MW":
        cap_px = min(cap_px, S._fit_glyph(font, wide, cap_px, max_w, 0.42 * Rh)[1])
    top = design["block_mid"] * Rh - (cap_px + design["value_gap"] * Rh + design["value_size"] * Rh) / 2
    for side, letter in (("left", left), ("right", right)):
        cx = (outer + inner) / 2 + design["col_in"] * Rw
        if side == "right":
            cx = Rw - cx
        g, cap = S._fit_glyph(font, letter, cap_px, max_w, 0.42 * Rh)
        x = cx - g.shape[1] / 2
        out[side] = dict(letter=letter, g=g, x=x, y=top, cap=cap, box=_frac_box(g, x, top, Rw, Rh))
    yv = top + max(out[s]["g"].shape[0] for s in ("left", "right")) + design["value_gap"] * Rh
    for side in ("left", "right"):
        o = out[side]
        gv, _ = S._fit_glyph(font, str(FEZ_VALUES[o["letter"]]), design["value_size"] * Rh, 0.3 * Rw, 0.12 * Rh)
        xv = o["x"] + o["g"].shape[1] / 2 - gv.shape[1] / 2
        o.update(gv=gv, xv=xv, yv=yv, vbox=_frac_box(gv, xv, yv, Rw, Rh))
    return Rw, out


def _fez_face(design, card: FezCard, Rh, rng, ink_rgb):
    Rw, rgb, alpha = _base_face(design, Rh, rng, ink_rgb)
    _, marks = _fez_marks(design, card, Rh)
    ink = np.zeros((Rh, Rw), np.float32)
    if card.star:
        r = design["star_r"] * Rw

        def star(dr, s):
            dr.polygon([(x * s, y * s) for x, y in _star_points(Rw / 2, Rh / 2, r, r * design["star_in"])], fill=255)
            if design["star_ring"]:
                rr = r * 1.22
                dr.ellipse([(Rw / 2 - rr) * s, (Rh / 2 - rr) * s, (Rw / 2 + rr) * s, (Rh / 2 + rr) * s],
                           outline=255, width=max(1, int(0.018 * Rw * s)))
        ink = _vector(Rw, Rh, star)
    else:
        for side in ("left", "right"):
            m = marks[side]
            S._paste_max(ink, m["g"], m["x"], m["y"])
            S._paste_max(ink, m["gv"], m["xv"], m["yv"])
        if design["divider"]:
            kind = design["divider"]

            def divider(dr, s):
                x = Rw / 2 * s
                if kind == "line":
                    dr.line([(x, 0.16 * Rh * s), (x, 0.84 * Rh * s)], fill=150, width=max(1, int(0.006 * Rw * s)))
                else:
                    rr = 0.01 * Rw * s
                    for t in np.linspace(0.2, 0.8, 9):
                        dr.ellipse([x - rr, t * Rh * s - rr, x + rr, t * Rh * s + rr], fill=200)
            ink = np.maximum(ink, _vector(Rw, Rh, divider))
    rgb = _paint(rgb, ink, ink_rgb, rng)
    return S._premultiplied(rgb, alpha), marks


def _word_for(letter, design, rng):
    w = S._pick(rng, CENTRE_WORDS[letter])
    return w if design["word_case"] == "upper" else w.title()


def _family_marks(design, tok, Rh, word=None):
    """Where the marks of a family card go (sprite pixels), and their ink boxes (fractions)."""
    Rw = max(8, int(round(Rh * design["aspect"])))
    font = design["font"]
    m = {}
    # points in a corner
    val = str(ZAP_POINTS if len(tok) > 1 else FAMILY_VALUES[tok])
    gv, _ = S._fit_glyph(design["zap_font"] if len(tok) > 1 else font, val, design["value_size"] * Rh,
                         0.25 * Rw, 0.12 * Rh)
    mx, my = 0.09 * Rw, 0.07 * Rh
    if design.get("border"):
        mx, my = mx + design["border"]["inset"] * Rw, my + design["border"]["inset"] * Rw
    pos = design["value_pos"]
    xv = mx if pos == "tl" else Rw - mx - gv.shape[1]
    yv = my if pos in ("tl", "tr") else Rh - my - gv.shape[0]
    m["value"] = dict(g=gv, x=xv, y=yv, text=val)
    if len(tok) == 1:
        if design["index"]:
            gi, _ = S._fit_glyph(font, tok, design["index_size"] * Rh, 0.2 * Rw, 0.12 * Rh)
            xi = Rw - mx - gi.shape[1] if pos == "tl" else mx
            yi = Rh - my - gi.shape[0] if pos in ("tl", "tr") else my
            m["index"] = dict(g=gi, x=xi, y=yi)
        g, cap = S._fit_glyph(font, tok, design["fam_cap"] * Rh, 0.74 * Rw, 0.5 * Rh)
        gw, wcap = S._fit_glyph(font, word or tok, design["word_size"] * Rh, 0.66 * Rw, 0.08 * Rh)
        gap = 0.05 * Rh
        total = g.shape[0] + gap + gw.shape[0]
        y0 = Rh / 2 - total / 2
        if design["word_pos"] == "below":
            yb, yw = y0, y0 + g.shape[0] + gap
        else:
            yw, yb = y0, y0 + gw.shape[0] + gap
        xb, xw = Rw / 2 - g.shape[1] / 2, Rw / 2 - gw.shape[1] / 2
        m["big"] = dict(g=g, x=xb, y=yb, cap=cap, box=_frac_box(g, xb, yb, Rw, Rh))
        m["word"] = dict(g=gw, x=xw, y=yw, cap=wcap, box=_frac_box(gw, xw, yw, Rw, Rh))
        return Rw, m
    # a ZAP card
    zf = design["zap_font"]
    def fit(lines):
        return [S._fit_glyph(zf, ln, design["zap_cap"] * Rh * (1.5 if ln == "2" else 1.0), 0.86 * Rw, 0.2 * Rh)
                for ln in lines]

    lines = ["2", "TURNS"] if tok == "2 TURNS" and design["zap_split"] else [tok]
    gs = fit(lines)
    if tok == "2 TURNS" and len(lines) == 1 and gs[0][1] < 0.115 * Rh:   # too small on one line
        lines = ["2", "TURNS"]
        gs = fit(lines)
    lgap = 0.04 * Rh
    total = sum(g.shape[0] for g, _ in gs) + lgap * (len(gs) - 1)
    y = Rh * 0.52 - total / 2
    placed = []
    for g, cap in gs:
        placed.append(dict(g=g, x=Rw / 2 - g.shape[1] / 2, y=y, cap=cap))
        y += g.shape[0] + lgap
    x0 = min(p["x"] for p in placed)
    x1 = max(p["x"] + p["g"].shape[1] for p in placed)
    m["name"] = dict(lines=placed, text=lines, cap=min(c for _, c in gs),
                     box=(x0 / Rw, placed[0]["y"] / Rh, x1 / Rw, (placed[-1]["y"] + placed[-1]["g"].shape[0]) / Rh))
    gz, _ = S._fit_glyph(zf, "ZAP!", 0.055 * Rh, 0.5 * Rw, 0.08 * Rh)
    yb = max(0.16 * Rh, placed[0]["y"] - 0.1 * Rh - gz.shape[0])
    m["banner"] = dict(g=gz, x=Rw / 2 - gz.shape[1] / 2, y=yb)
    m["icon"] = dict(cx=Rw / 2, cy=min(Rh * 0.86, y + 0.08 * Rh), r=0.065 * Rh)
    return Rw, m


def _icon(dr, s, kind, cx, cy, r, lw):
    cx, cy, r, lw = cx * s, cy * s, r * s, max(1, int(lw * s))
    box = [cx - r, cy - r, cx + r, cy + r]
    if kind == "WILD":
        dr.polygon(_star_points(cx, cy, r, r * 0.42), fill=255)
    elif kind == "DISCARD":
        dr.ellipse(box, outline=255, width=lw)
        k = r * 0.5
        dr.line([(cx - k, cy - k), (cx + k, cy + k)], fill=255, width=lw)
        dr.line([(cx - k, cy + k), (cx + k, cy - k)], fill=255, width=lw)
    elif kind == "REPLACE":
        for a0 in (20, 200):
            dr.arc(box, a0, a0 + 140, fill=255, width=lw)
            a = math.radians(a0 + 140)
            px, py = cx + r * math.cos(a), cy + r * math.sin(a)
            dx, dy = -math.sin(a), math.cos(a)
            dr.polygon([(px + dx * r * 0.35, py + dy * r * 0.35), (px - dy * r * 0.3, py + dx * r * 0.3),
                        (px + dy * r * 0.3, py - dx * r * 0.3)], fill=255)
    elif kind == "2 TURNS":
        for off in (-0.55, 0.55):
            b = [cx + off * r - r * 0.6, cy - r * 0.6, cx + off * r + r * 0.6, cy + r * 0.6]
            dr.arc(b, 200, 500, fill=255, width=lw)
    else:  # CHECK: the next player misses a turn
        dr.ellipse(box, outline=255, width=lw)
        k = r * 0.68
        dr.line([(cx - k, cy + k), (cx + k, cy - k)], fill=255, width=lw)


def _family_face(design, tok, Rh, rng, ink_rgb, word=None):
    Rw, rgb, alpha = _base_face(design, Rh, rng, ink_rgb)
    _, m = _family_marks(design, tok, Rh, word)
    ink = np.zeros((Rh, Rw), np.float32)
    v = m["value"]
    if len(tok) == 1:
        S._paste_max(ink, m["big"]["g"], m["big"]["x"], m["big"]["y"])
        if "index" in m:
            S._paste_max(ink, m["index"]["g"], m["index"]["x"], m["index"]["y"])
        winks = np.zeros_like(ink)
        S._paste_max(winks, m["word"]["g"], m["word"]["x"], m["word"]["y"])
        vmask = np.zeros_like(ink)
        S._paste_max(vmask, v["g"], v["x"], v["y"])
        if design["value_badge"]:
            cx, cy = v["x"] + v["g"].shape[1] / 2, v["y"] + v["g"].shape[0] / 2
            rr = 0.62 * max(v["g"].shape) + 0.01 * Rh
            ring = _vector(Rw, Rh, lambda dr, s: dr.ellipse([(cx - rr) * s, (cy - rr) * s, (cx + rr) * s,
                                                             (cy + rr) * s], outline=255,
                                                            width=max(1, int(0.008 * Rh * s))))
            vmask = np.maximum(vmask, ring)
        rgb = _paint(rgb, np.maximum(ink, vmask), ink_rgb, rng)
        wink = ink_rgb if design["word_ink"] == "same" else np.asarray(S.INKS["black"], np.float32) * 1.6
        rgb = _paint(rgb, winks, wink, rng)
        return S._premultiplied(rgb, alpha), m
    accent = np.asarray(_FAMILY_COLOURS[design["zap_accent"]], np.float32)
    b = m["banner"]
    gz = b["g"]
    if design["zap_banner"] == "band":
        pad_x, pad_y = 0.1 * Rw, 0.35 * gz.shape[0]
        bx0, by0 = max(0.06 * Rw, b["x"] - pad_x), b["y"] - pad_y
        bx1, by1 = min(0.94 * Rw, b["x"] + gz.shape[1] + pad_x), b["y"] + gz.shape[0] + pad_y
        band = _vector(Rw, Rh, lambda dr, s: dr.rounded_rectangle([bx0 * s, by0 * s, bx1 * s, by1 * s],
                                                                  radius=0.3 * (by1 - by0) * s, fill=255))
        rgb = _paint(rgb, band, accent)
        tz = np.zeros((Rh, Rw), np.float32)
        S._paste_max(tz, gz, b["x"], b["y"])
        rgb = _paint(rgb, tz, np.asarray(design["face"], np.float32))
    else:
        tz = np.zeros((Rh, Rw), np.float32)
        S._paste_max(tz, gz, b["x"], b["y"])
        rgb = _paint(rgb, tz, accent, rng)
    name_ink = accent * 0.85 if design["zap_ink"] == "accent" else np.asarray(S.INKS[design["zap_ink"]], np.float32)
    for ln in m["name"]["lines"]:
        S._paste_max(ink, ln["g"], ln["x"], ln["y"])
    S._paste_max(ink, v["g"], v["x"], v["y"])
    rgb = _paint(rgb, ink, name_ink, rng)
    if design["zap_icon"]:
        ic = m["icon"]
        icon = _vector(Rw, Rh, lambda dr, s: _icon(dr, s, tok, ic["cx"], ic["cy"], ic["r"], 0.012 * Rh))
        rgb = _paint(rgb, icon, accent)
    return S._premultiplied(rgb, alpha), m


# --------------------------------------------------------------------------- the hook

def _resolve_fez(cards: list[FezCard], rng) -> list[FezCard]:
    """Choose each one-letter card's covered letter and the side it is covered on, so that every
    covered half lies under a neighbour (each gap between two cards can hide one half)."""
    n = len(cards)
    used: set[int] = set()
    for i, c in enumerate(cards):
        if c.hidden_side:
            e = i if c.hidden_side == "right" else i - 1
            if not 0 <= e < n - 1 or e in used:
                raise ValueError(f"FEZ card {i} ({c.token()}): no free neighbour to cover its {c.hidden_side} half")
            used.add(e)
    free = [i for i, c in enumerate(cards) if not c.star and len(c.letters) == 1 and not c.hidden_side]

    def assign(k, used):
        if k == len(free):
            return {}
        i = free[k]
        opts = [e for e in (i - 1, i) if 0 <= e < n - 1 and e not in used]
        if len(opts) == 2 and rng.random() < 0.5:
            opts.reverse()
        for e in opts:
            r = assign(k + 1, used | {e})
            if r is not None:
                r[i] = e
                return r
        return None

    got = assign(0, frozenset(used))
    if got is None:
        raise ValueError("a FEZ row needs a card showing both letters, or a star: a neighbouring card "
                         "must cover each one-letter card's other letter")
    out = []
    for i, c in enumerate(cards):
        if i in got:
            side = "right" if got[i] == i else "left"
            c = FezCard(c.letters, c.colour, hidden=c.hidden or _hidden_letter(rng), hidden_side=side)
        elif c.hidden_side and not c.hidden:
            c = FezCard(c.letters, c.colour, hidden=_hidden_letter(rng), hidden_side=c.hidden_side)
        out.append(c)
    return out


def _hidden_letter(rng):
    return S._pick(rng, list(_FEZ_FREQ), list(_FEZ_FREQ.values()))


class Scene:
    """What synth._render asks of a deck: the cards, their design, layout and drawing."""

    def __init__(self, deck, text, layout, seed):
        self.deck, self.seed = deck, seed
        if deck == "fez":
            cards = parse_fez(text)
            canon = fez_text(cards)
            if len(cards) > 12 or sum(len(c.tiles) for c in cards) > 16:
                raise ValueError("a FEZ row holds at most 12 cards and 16 letters")
            self.layout_kind = layout or "row"
            if self.layout_kind != "row":
                raise ValueError("FEZ photos are rows (layout='row')")
            self.key = f"FEZ:{canon}"
            self.cards = _resolve_fez(cards, S._rng(seed, self.key, "fez cards"))
            self.word = "".join(c.tiles for c in self.cards)
            self.size_keys = [STAR if c.star else "A" for c in self.cards]
        else:
            toks = parse_family(text)
            if len(toks) > 16:
                raise ValueError("at most 16 cards")
            canon = family_text(toks)
            self.key = f"FAMILY:{canon}"
            if layout is None:
                layout = S._pick(S._rng(seed, self.key, "family layout"), LAYOUTS, [0.4, 0.6])
            self.layout_kind = layout
            self.cards = toks
            self.word = canon
            self.size_keys = [t if len(t) == 1 else "?" for t in toks]
        self.n = len(self.cards)

    # ---- design and layout
    def design(self, base, rng):
        d = _fez_design(base, rng) if self.deck == "fez" else _family_design(base, rng)
        self.aspect = d["aspect"]
        return d

    def gaps(self, gaps):
        """FEZ: a gap where a letter is covered is minus half a card."""
        if self.deck != "fez":
            return gaps
        g = np.array(gaps, float)
        for e in self._overlaps():
            g[e] = -0.5
        return g

    def _overlaps(self):
        out = {}
        for i, c in enumerate(self.cards):
            if c.hidden_side == "right":
                out[i] = (i, i + 1)       # edge i: card i+1 lies over card i
            elif c.hidden_side == "left":
                out[i - 1] = (i, i - 1)   # edge i-1: card i-1 lies over card i
        return out

    def layout(self, lay0, rng, w, h):
        if self.deck == "fez":
            return self._fez_layout(lay0, rng)
        if self.layout_kind == "spread":
            return self._spread(lay0, rng, w, h)
        return lay0

    def _fez_layout(self, lay, rng):
        ov = self._overlaps()
        c, a = lay.c.copy(), lay.a.copy()
        cw, ch = lay.cw, lay.ch
        n = self.n
        for i in range(1, n):
            if (i - 1) in ov:
                a[i] = a[i - 1] + float(np.clip(rng.normal(0, 0.5), -1.0, 1.0))
                th = math.radians(a[i - 1])
                u, v = np.array([math.cos(th), math.sin(th)]), np.array([-math.sin(th), math.cos(th)])
                new = c[i - 1] + u * cw * (0.5 + rng.uniform(-0.01, 0.025)) \
                    + v * ch * float(np.clip(rng.normal(0, 0.012), -0.03, 0.03))
                c[i:] += new - c[i]
            else:   # apart, as synth keeps them
                d = c[i] - c[i - 1]
                d = d / max(1e-9, float(np.linalg.norm(d)))
                for _ in range(300):
                    qa = S._inflate(S._card_quad(*c[i - 1], a[i - 1], cw, ch), 0.01 * cw)
                    qb = S._inflate(S._card_quad(*c[i], a[i], cw, ch), 0.01 * cw)
                    if not S._sat_overlap(qa, qb):
                        break
                    c[i:] += d * 0.01 * cw
        c -= (c[0] + c[-1]) / 2
        return S._Layout(c, a, cw, ch)

    def _spread(self, lay0, rng, w, h):
        n = self.n
        messy = rng.random() < 0.55
        cw, ch = 1.0, 1.0 / self.aspect
        area = n * cw * ch * rng.uniform(1.9, 3.0)
        asp = (w / h) * rng.uniform(0.75, 1.2)
        bw, bh = max(1.6 * ch, math.sqrt(area * asp)), max(1.6 * ch, math.sqrt(area / asp))
        base_ang = float(rng.normal(0, 10))
        placed, centres, angles = [], [], []
        for i in range(n):
            for t in range(2000):
                if t and t % 250 == 0:
                    bw, bh = bw * 1.08, bh * 1.08
                p = np.array([rng.uniform(-bw / 2, bw / 2), rng.uniform(-bh / 2, bh / 2)])
                ang = float(rng.uniform(-180, 180)) if messy else base_ang + float(np.clip(rng.normal(0, 14), -40, 40))
                q = S._inflate(S._card_quad(p[0], p[1], ang, cw, ch), 0.05 * cw)
                if all(not S._sat_overlap(q, o) for o in placed):
                    placed.append(q)
                    centres.append(p)
                    angles.append(ang)
                    break
            else:  # pragma: no cover
                raise RuntimeError("could not spread the hand")
        c = np.array(centres)
        c -= c.mean(0)
        pts = np.concatenate([S._card_quad(x, y, a, cw, ch) for (x, y), a in zip(c, angles)])
        span = pts.max(0) - pts.min(0)
        k = rng.uniform(0.6, 0.95) * min(w / span[0], h / span[1])
        return S._Layout(c * k, np.array(angles), cw * k, ch * k)

    def caps_frac(self, design):
        """Per physical card: the smallest text that must stay legible, as a fraction of its height."""
        out = []
        for card in self.cards:
            if self.deck == "fez":
                _, m = _fez_marks(design, card, 400)
                if card.star:
                    out.append(m["star"]["cap"] / 400)
                else:
                    out.append(min(m[s]["cap"] for s in ("left", "right")
                                   if m[s]["letter"] in card.letters) / 400)
            else:
                _, m = _family_marks(design, card, 400)
                out.append((m["big"]["cap"] if len(card) == 1 else m["name"]["cap"]) / 400)
        return out

    # ---- drawing and truth
    def _draw_order(self):
        if self.deck != "fez":
            return list(range(self.n))
        before = {i: set() for i in range(self.n)}   # i -> cards to draw before it
        for under, over in self._overlaps().values():
            before[over].add(under)
        order, done = [], set()
        while len(order) < self.n:
            i = next(k for k in range(self.n) if k not in done and before[k] <= done)
            order.append(i)
            done.add(i)
        return order

    def draw(self, design, lay, rng, place, sprite_res, Hc, sx, sy, W, H, params):
        """Draw the cards into the photo; returns (keys, truths, quads, caps_px) per truth, where
        keys[i][0] is "?" for a ZAP card (its name is the smallest text to keep legible)."""
        cw, ch = lay.cw, lay.ch
        rink = np.random.default_rng(rng.integers(1 << 62))
        if self.deck == "fez":
            inks = [np.clip(np.asarray(design[c.colour], np.float32) * (1 + rink.normal(0, 0.04, 3)), 0, 1)
                    .astype(np.float32) for c in self.cards]
            words = [None] * self.n
        else:
            palette = list(_FAMILY_COLOURS)
            if design["ink_mode"] == "mono":
                inks = [np.asarray(S.INKS[design["ink"]], np.float32)] * self.n
            else:
                inks = [np.asarray(_FAMILY_COLOURS[S._pick(rink, palette)], np.float32) for _ in self.cards]
            words = [_word_for(t, design, rink) if len(t) == 1 else None for t in self.cards]
        marks = {}
        for i in self._draw_order():
            ci, ai = lay.c[i], float(lay.a[i])
            res = sprite_res(ci, ai, (cw, ch), k=1.5, lo=48, hi=1800)
            if self.deck == "fez":
                spr, m = _fez_face(design, self.cards[i], res, rng, inks[i])
            else:
                spr, m = _family_face(design, self.cards[i], res, rng, inks[i], words[i])
            place(spr, ci, ai, (cw, ch), label=i + 1)
            m["_h"] = res
            marks[i] = m

        def mcard(i):
            return Hc @ S._T(*lay.c[i]) @ S._R(float(lay.a[i])) @ S._T(-cw / 2, -ch / 2)

        def bbox(pts):
            x0, y0 = np.floor(pts.min(0)).astype(int)
            x1, y1 = np.ceil(pts.max(0)).astype(int)
            return (int(max(0, x0)), int(max(0, y0)), int(min(W, x1)), int(min(H, y1)))

        def rect(i, fr):
            x0, y0, x1, y1 = fr
            return S._apply(mcard(i), [[x0 * cw, y0 * ch], [x1 * cw, y0 * ch], [x1 * cw, y1 * ch],
                                       [x0 * cw, y1 * ch]]) * (sx, sy)

        def q_list(q):
            return [[round(float(x), 1), round(float(y), 1)] for x, y in q]

        outline = S._rounded_outline(cw, ch, design["corner"] * cw)
        keys, truths, quads, caps, extra = [], [], [], [], dict(ink_boxes=[], ink_quads=[])
        card_quads, card_boxes = [], []
        for i in range(self.n):
            M = mcard(i)
            card_quads.append(q_list(rect(i, (0, 0, 1, 1))))
            card_boxes.append(list(bbox(S._apply(M, outline) * (sx, sy))))
        himg = [S._img_height(mcard(i), S._rect_pts(cw, ch)) * sy for i in range(self.n)]
        if self.deck == "fez":
            colours, stars, tile_card, hidden_boxes, fez_cards = [], [], [], [], []
            for i, card in enumerate(self.cards):
                m, M = marks[i], mcard(i)
                covered = None
                if card.hidden_side:
                    covered = i + 1 if card.hidden_side == "right" else i - 1
                fez_cards.append(dict(letters=card.letters, star=card.star, colour=card.colour,
                                      hidden=card.hidden, hidden_side=card.hidden_side, covered_by=covered,
                                      ink=[round(float(v), 3) for v in inks[i]]))
                if card.star:
                    halves = [(STAR, None)]
                else:
                    halves = [(m[s]["letter"], s) for s in ("left", "right")
                              if s != card.hidden_side]
                    hs = card.hidden_side
                    if hs:
                        hq = rect(i, m[hs]["box"])
                        hidden_boxes.append(dict(card=i, letter=m[hs]["letter"], box=list(bbox(hq)),
                                                 quad=q_list(hq)))
                for letter, side in halves:
                    pts = outline.copy()
                    if side == "left":
                        pts[:, 0] = np.minimum(pts[:, 0], cw / 2)
                        fr = (0, 0, 0.5, 1)
                    elif side == "right":
                        pts[:, 0] = np.maximum(pts[:, 0], cw / 2)
                        fr = (0.5, 0, 1, 1)
                    else:
                        fr = (0, 0, 1, 1)
                    truths.append(S.CardTruth(letter, bbox(S._apply(M, pts) * (sx, sy)), True,
                                              colour=card.colour))
                    quads.append(q_list(rect(i, fr)))
                    ib = m["star"]["box"] if side is None else m[side]["box"]
                    extra["ink_boxes"].append(list(bbox(rect(i, ib))))
                    extra["ink_quads"].append(q_list(rect(i, ib)))
                    cap = m["star"]["cap"] if side is None else m[side]["cap"]
                    caps.append(cap / m["_h"] * himg[i])
                    keys.append((letter,))
                    colours.append(card.colour[0].upper())
                    tile_card.append(i)
                    if card.star:
                        stars.append(len(truths) - 1)
            params.update(deck="fez", layout="row", colours="".join(colours), stars=stars, tile_card=tile_card,
                          fez_cards=fez_cards, hidden_ink=hidden_boxes)
        else:
            centre_words, word_boxes, word_caps, points, angles, name_lines = [], [], [], [], [], []
            for i, tok in enumerate(self.cards):
                m = marks[i]
                rh = m["_h"]
                q = rect(i, (0, 0, 1, 1))
                truths.append(S.CardTruth(tok if len(tok) == 1 else "", tuple(card_boxes[i]), True,
                                          name=None if len(tok) == 1 else tok))
                quads.append(q_list(q))
                key = "big" if len(tok) == 1 else "name"
                extra["ink_boxes"].append(list(bbox(rect(i, m[key]["box"]))))
                extra["ink_quads"].append(q_list(rect(i, m[key]["box"])))
                caps.append(m[key]["cap"] / rh * himg[i])
                keys.append((tok if len(tok) == 1 else "?",))
                centre_words.append(words[i])
                name_lines.append(None if len(tok) == 1 else list(m["name"]["text"]))
                if len(tok) == 1:
                    word_boxes.append(list(bbox(rect(i, m["word"]["box"]))))
                    word_caps.append(round(m["word"]["cap"] / rh * himg[i], 1))
                else:
                    word_boxes.append(None)
                    word_caps.append(None)
                points.append(int(m["value"]["text"]))
                up = q[1] - q[0]   # the card's top edge, left to right
                angles.append(round(math.degrees(math.atan2(up[1], up[0])), 1))
            params.update(deck="family", layout=self.layout_kind, hand=list(self.cards), centre_words=centre_words,
                          word_boxes=word_boxes, word_cap_px=word_caps, points=points, angles=angles,
                          name_lines=name_lines)
        params.update(ink_boxes=extra["ink_boxes"], ink_quads=extra["ink_quads"], card_quads=card_quads,
                      card_boxes=card_boxes)
        return keys, truths, quads, caps


def scene(deck, text, layout=None, distractor_card=None, seed=0) -> Scene:
    """The hook synth._render calls for a deck other than "foot"."""
    if deck not in DECKS:
        raise ValueError(f"deck must be one of {DECKS}, got {deck!r}")
    if layout is not None and layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {LAYOUTS}, got {layout!r}")
    if deck == "foot":
        raise ValueError("the ZOOT!/FOOT! deck lays a row only (layout='row')")
    if distractor_card:
        raise ValueError("distractor_card is for the ZOOT!/FOOT! deck only")
    return Scene(deck, text, layout, seed)


# --------------------------------------------------------------------------- samples

def _main(argv):
    """``python -m tools.cardlab.decks OUTDIR N fez|family [FIRST_SEED]`` (from the repository): sample photos
    of random FEZ rows or family hands, and their truth in truth.json."""
    import json
    import sys
    if len(argv) < 3 or argv[2] not in ("fez", "family"):
        print("usage (from the repository): python -m tools.cardlab.decks OUTDIR N fez|family [FIRST_SEED]", file=sys.stderr)
        return 2
    outdir, n, deck = argv[0], int(argv[1]), argv[2]
    first = int(argv[3]) if len(argv) > 3 else 0
    os.makedirs(outdir, exist_ok=True)
    truth = []
    for seed in range(first, first + n):
        text = random_fez_word(seed) if deck == "fez" else random_family_hand(seed)
        p = S.render_photo(text, seed, deck=deck)
        name = f"{deck}_{seed:05d}.jpg"
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(p.jpeg)
        truth.append(dict(file=name, deck=deck, text=text, word=p.word, width=p.width, height=p.height,
                          exif_orientation=p.exif_orientation,
                          cards=[dict(letter=c.letter, box=list(c.box), in_row=c.in_row, colour=c.colour,
                                      name=c.name) for c in p.cards],
                          params=p.params))
        print(name, p.word, f"{p.width}x{p.height}", p.params["background"], file=sys.stderr)
    with open(os.path.join(outdir, "truth.json"), "w") as f:
        json.dump(truth, f, indent=1, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    import sys
    raise SystemExit(_main(sys.argv[1:]))
