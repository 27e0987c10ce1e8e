"""Reading a photo: open it, find the letters and their row, turn each letter upright,
classify it, and put the cards in reading order. read_photo runs the steps (listed in
order in ocr/__init__.py), each handing the next a named result (Planes, RowFound, CardAt,
Card); read and read_debug run read_photo, the latter keeping each step's image.

    read(jpeg_bytes) -> Reading(word="JA?ZY", cards=[...], seconds=0.2)
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import cv2
import numpy as np

from .cards import STAR, small_print, star_shaped, zap_names
from .find import (BOWED, INK_LEVELS, MAYBE_ON_PAPER, ON_PAPER, SAME_SIZE, TALLEST, WIDEST,
                   WILD_PRINT, CardAt, CardNames, Glyph, Row, edge_field, find_row, gaps, glyphs, joined,
                   light_ratios, on_a_card, one_shape, own_ink, paper_angle, paper_faces, paper_past_ends,
                   paper_share, row_paper, row_through, squeezed, steps_between, without_specks)
from .letters import LETTERS, NONE, Classifier
from .photo import Photo, open_photo

MODEL = Path(os.environ.get("OCR_MODEL", Path(__file__).resolve().parent.parent / "instance" / "letters.npz"))
WILD = "?"
DECKS = ("foot", "fez", "family")
LOW_CONFIDENCE = 0.8
BAR = "I"  # what a bare bar reads as: a card's edge, a strip of table, a letter that lost strokes
LOOSE_INK = (INK_LEVELS[-1], 0.74)  # more opinions on each letter are read at looser cuts
#: A card's size from its letter's: the big letter fills about half the card's height.
CARD_PER_LETTER = (1.45, 1.95)  # width, height


@dataclass(frozen=True)
class Card:
    letter: str  # "A".."Z"; "?" a WILD card (a FEZ blank); "★" a FEZ star; "" a ZAP card
    confidence: float  # 0..1
    box: tuple[int, int, int, int]  # x0, y0, x1, y1 in the photo's upright pixels
    alternatives: tuple[tuple[str, float], ...] = ()  # the next likeliest letters
    in_row: bool = True
    colour: str | None = None  # the card's ink, "red" or "black" (FEZ's flushes)
    name: str | None = None  # a ZAP card's printed name ("2 TURNS"); its letter is ""

    def as_json(self) -> dict:
        return {"letter": self.letter, "confidence": round(self.confidence, 3),
                "box": list(self.box), "in_row": self.in_row, "colour": self.colour,
                "name": self.name, "alternatives": [[c, round(p, 3)] for c, p in self.alternatives]}


@dataclass(frozen=True)
class Reading:
    word: str  # the row's letters in reading order, "?" for a WILD card (stars left out)
    cards: tuple[Card, ...]  # the row in reading order, then any other card found
    width: int
    height: int
    seconds: float
    suggestions: tuple[str, ...] = ()  # other readings that are words, likeliest first

    def row(self) -> list[Card]:
        return [c for c in self.cards if c.in_row]


_model: Classifier | None = None


def model() -> Classifier:
    global _model
    if _model is None:
        if not MODEL.is_file():
            raise FileNotFoundError(f"no letter model at {MODEL}: run `make install` "
                                    "(python -m ocr.train instance/letters.npz)")
        _model = Classifier.load(MODEL)
    return _model


def upright_mask(ink: np.ndarray, glyph: Glyph, angle: float) -> np.ndarray:
    """The glyph's own ink, cut from its box and turned by -angle so that it stands upright."""
    return _turned(own_ink(ink, glyph), glyph.size, angle)


TURN_PAD = 0.1  # a letter's mask is padded by this many letter sizes (and 2 pixels) to turn
LEAST_TURN = 0.5  # degrees: a letter turned less than this is left as it is


def _turned(inner: np.ndarray, size: float, angle: float) -> np.ndarray:
    """A letter's mask, padded and turned by -angle."""
    pad = int(TURN_PAD * size) + 2
    h, w = inner.shape
    crop = np.zeros((h + 2 * pad, w + 2 * pad), np.uint8)
    crop[pad:pad + h, pad:pad + w] = inner.astype(np.uint8) * 255
    if abs(angle) > LEAST_TURN:
        h, w = crop.shape
        side = int(np.hypot(h, w)) + 2
        canvas = np.zeros((side, side), np.uint8)
        canvas[(side - h) // 2:(side - h) // 2 + h, (side - w) // 2:(side - w) // 2 + w] = crop
        m = cv2.getRotationMatrix2D((side / 2, side / 2), -angle, 1.0)
        crop = cv2.warpAffine(canvas, m, (side, side), flags=cv2.INTER_LINEAR)
    return crop > 127  # half of 255


def _classify_row(ratio: np.ndarray, faces: np.ndarray, ink: np.ndarray, edges: np.ndarray,
                  found: list[Glyph], row: Row, alphabet: str) -> np.ndarray:
    """Letter probabilities for the row's letters, from their ink and again from looser
    cuts of it, the opinions averaged. A thin or faint stroke that broke apart holds
    together in a looser cut (no bigger than a letter of the row's size): that whole shape
    also says which pieces of ink make up the letter (an E's bottom arm come loose is
    still the E's). A cut that shows much less ink of a letter than a looser one, or misses
    strokes the fullest shows, has lost strokes (a thin serif E's faint arms, leaving its
    stem: an I) and has no say (_full_views).
    The cuts are of print on the cards' `faces` (paper_faces) only: an end card's letter
    near its edge must not run on into the table there."""
    owns = [own_ink(ink, g) for g in found]
    angles = _read_angles(ink, edges, row, found)
    # each letter's ink at each cut, and where its box lies
    views: list[list[tuple[np.ndarray, tuple[int, int]]]] = [[] for _ in found]
    strict = [(own, (g.x, g.y)) for g, own in zip(found, owns)]
    for level in LOOSE_INK:
        loose = (ratio < level) & (faces > 0)
        for k, (g, own) in enumerate(zip(found, owns)):
            pieces = _whole_letter(loose, ink, g, own, max(g.size, row.size))
            if pieces is None:
                continue
            whole, strict_pieces, at = pieces
            if level == LOOSE_INK[0]:
                strict[k] = (strict_pieces, at)
            views[k].append((whole, at))
    for k, view in enumerate(strict):
        views[k].append(view)
    masks = [_turned(m, g.size, a) for v, g, a in zip(views, found, angles) for m, _ in v]
    p = model().probabilities(masks, alphabet)
    ends = np.cumsum([0] + [len(v) for v in views])
    return np.array([p[i:j][_full_views(v, p[i:j], g.size)].mean(axis=0)
                     for v, g, i, j in zip(views, found, ends, ends[1:])])


FULLER = 0.6  # a cut showing less than this share of the ink a looser one shows of a letter
# has lost strokes
HALO = 0.06  # a looser cut's ink this many letter sizes off a stricter cut's is its blur
LOST = 0.12  # ... and more than this share of it past that, strokes the stricter cut lost


def _full_views(views: list[tuple[np.ndarray, tuple[int, int]]], chances: np.ndarray,
                size: float) -> np.ndarray:
    """Which cuts of a letter (ink masks and where their boxes lie; `chances`, each one's
    letter probabilities) show it whole: as much ink as FULLER of the fullest cut's, and none
    of the fullest's strokes missing (its ink more than HALO sizes off theirs: the foot of an
    L whose thin strokes a stricter cut lost leaves an I), unless the fullest reads as a
    letter less surely than the cut (a loose cut may take in the card's corner print)."""
    sizes = [int(mask.sum()) for mask, _ in views]
    f = int(np.argmax(sizes))
    fullest, (fx, fy) = views[f]
    sure = chances[:, :NONE].max(axis=1)
    r = max(1, round(HALO * size))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    keep = np.zeros(len(views), bool)
    for k, ((mask, (x, y)), ink) in enumerate(zip(views, sizes)):
        if ink >= FULLER * sizes[f]:
            near = cv2.dilate(_moved(mask, (x - fx, y - fy), fullest.shape), kernel)
            keep[k] = (fullest & (near == 0)).sum() <= LOST * sizes[f] or sure[f] < sure[k]
    return keep


def _moved(mask: np.ndarray, by: tuple[int, int], shape: tuple[int, ...]) -> np.ndarray:
    """`mask` moved `by` (x, y) pixels into an array of `shape` (0/1), cut where it falls out."""
    out = np.zeros(shape[:2], np.uint8)
    dx, dy = by
    y0, y1 = max(0, dy), min(shape[0], dy + mask.shape[0])
    x0, x1 = max(0, dx), min(shape[1], dx + mask.shape[1])
    if y0 < y1 and x0 < x1:
        out[y0:y1, x0:x1] = mask[y0 - dy:y1 - dy, x0 - dx:x1 - dx]
    return out


HELD = 0.1  # a loose shape holds a letter's ink when it covers this share of it


def _whole_letter(loose: np.ndarray, ink: np.ndarray, glyph: Glyph, own: np.ndarray,
                  size: float) -> tuple[np.ndarray, np.ndarray, tuple[int, int]] | None:
    """The loose shapes under a glyph's `own` ink (two, for a letter joined from two pieces)
    and the strict ink's pieces they hold together, in their common box, and where that box
    lies (x, y); None if they run on past a letter of `size` (into a border or a neighbour):
    taller than TALLEST sizes or wider than the widest letter (WIDEST; the glyph may be an
    R's stem, its bowl and leg reaching a letter's width on)."""
    margin = int(WIDEST * size)
    x0, y0 = max(0, glyph.x - margin), max(0, glyph.y - margin)
    window = loose[y0:glyph.y + glyph.h + margin, x0:glyph.x + glyph.w + margin].astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(window, connectivity=8)
    gx, gy = glyph.x - x0, glyph.y - y0
    inside = labels[gy:gy + glyph.h, gx:gx + glyph.w][own]
    chosen = np.nonzero(np.bincount(inside[inside > 0]) >= HELD * own.sum())[0]
    if not len(chosen):
        return None
    left, top = min(gx, *stats[chosen, 0]), min(gy, *stats[chosen, 1])
    right = max(gx + glyph.w, *(stats[chosen, 0] + stats[chosen, 2]))
    bottom = max(gy + glyph.h, *(stats[chosen, 1] + stats[chosen, 3]))
    if (bottom - top > TALLEST * size or right - left > WIDEST * size or left == 0 or top == 0
            or right == window.shape[1] or bottom == window.shape[0]):
        return None
    whole = np.isin(labels[top:bottom, left:right], chosen)
    pieces = whole & (ink[y0 + top:y0 + bottom, x0 + left:x0 + right] > 0)
    pieces[gy - top:gy - top + glyph.h, gx - left:gx - left + glyph.w] |= own
    return whole, without_specks(pieces), (x0 + left, y0 + top)


def classify_any_turn(edges: np.ndarray, ink: np.ndarray, found: list[Glyph],
                      alphabet: str, offset: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """For letters lying at any angle: square each with the edges of its card or tile (and
    turn it `offset` degrees more), try the four quarter turns, keep the one that looks most
    like an upright letter. Returns (probabilities, the winning angle) per glyph."""
    p, turns = _quarter_turns(edges, ink, found, alphabet, offset)
    best = p[:, :, :NONE].max(axis=2).argmax(axis=1)
    return p[np.arange(len(found)), best], turns[np.arange(len(found)), best]


def _quarter_turns(edges: np.ndarray, ink: np.ndarray, found: list[Glyph],
                   alphabet: str, offset: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """Each glyph's probabilities at the four quarter turns of its card's edges (turned
    `offset` degrees more), and those angles: arrays (glyphs, 4, classes) and (glyphs, 4)."""
    quarters = np.array([0, 90, 180, 270]) + offset
    turns = np.array([paper_angle(edges, g) for g in found]).reshape(-1, 1) + quarters
    masks = [upright_mask(ink, g, float(t)) for g, row in zip(found, turns) for t in row]
    p = model().probabilities(masks, alphabet).reshape(len(found), len(quarters), NONE + 1)
    return p, turns


def card_box(glyph_cx: float, glyph_cy: float, size: float, angle: float,
             scale: float) -> tuple[int, int, int, int]:
    """The card around a letter, as an upright box in original photo pixels."""
    w, h = size * CARD_PER_LETTER[0], size * CARD_PER_LETTER[1]
    corners = cv2.boxPoints(((glyph_cx, glyph_cy), (w, h), -angle))
    x0, y0 = corners.min(axis=0) / scale
    x1, y1 = corners.max(axis=0) / scale
    return int(x0), int(y0), int(x1), int(y1)


ALTERNATIVES = 2  # the next likeliest letters a card lists ...
LEAST_ALTERNATIVE = 0.01  # ... when at least this likely


def _card(probabilities: np.ndarray, box, in_row: bool, colour: str | None = None) -> Card:
    probabilities = probabilities[:NONE]  # what is left to NONE lowers the confidence
    order = np.argsort(probabilities)[::-1]
    alternatives = tuple((LETTERS[k], float(probabilities[k])) for k in order[1:1 + ALTERNATIVES]
                         if probabilities[k] > LEAST_ALTERNATIVE)
    return Card(LETTERS[order[0]], float(probabilities[order[0]]), box, alternatives, in_row, colour)


RED_INK = 15.0  # this much redder (Lab a*) than the card around it is red ink
INK_CORE = 50  # percentile: the strokes' darker half (not their blurred rims) and the paper's lighter


def ink_colour(image: np.ndarray, ink: np.ndarray, glyph: Glyph) -> str:
    """A card's ink, "red" or "black", from its letter: how much redder its strokes are than
    the paper around them (so that a warm lamp, which tints both, does not count)."""
    inside = own_ink(ink, glyph)
    lab = cv2.cvtColor(image[glyph.y:glyph.y + glyph.h, glyph.x:glyph.x + glyph.w],
                       cv2.COLOR_RGB2LAB).astype(np.float32)
    strokes, rest = lab[inside], lab[~inside]
    if not len(strokes) or not len(rest):
        return "black"
    core = strokes[strokes[:, 0] <= np.percentile(strokes[:, 0], INK_CORE)]  # not the strokes' blurred rims
    paper = rest[rest[:, 0] >= np.percentile(rest[:, 0], INK_CORE)]
    return "red" if core[:, 1].mean() - paper[:, 1].mean() > RED_INK else "black"


LETTERLIKE = 0.35  # below this, a shape looks to the classifier like no letter at all
OTHER_INK = 18.0  # this far from the row's usual ink colour (in Lab a*b*) is no letter of the row
RESCUE_NEAR_EDGE = 0.6  # a letter with the table showing around it must look like one
LOOSER_LEVEL = 0.75  # how much more letter a looser ink level must find to be taken
CUT_INK = 0.7  # a word cut from a table is looked at this loose an ink level too: a card
# printed fainter than its neighbours (blurred red on cream) falls apart at INK_LEVELS'
# loosest; the cut holds the word alone (a whole photo at this level shows the table's grain)
SAME_PLACE = 0.5  # letters of two rows this many letter sizes apart or less are at one place
SURE_LETTER = 0.8  # a letter a looser level adds reads as one letter this surely at least
CARD_ROOM = 0.6  # ... and lies this many of the row's card steps from its letters at least
GAP_WILD = 0.5  # a WILD found in a row's gap counts as this much of a letter (weaker proof)


def letterness(ink: np.ndarray, found: list[Glyph], angles: list[float]) -> np.ndarray:
    """How much each shape looks like an upright letter once turned by its angle."""
    if not found:
        return np.zeros(0)
    masks = [upright_mask(ink, g, a) for g, a in zip(found, angles)]
    return 1.0 - model().probabilities(masks)[:, NONE]


@dataclass(frozen=True)
class Planes:
    """The photo's working images, each made once; every later step looks at these."""

    image: np.ndarray  # RGB, upright, working size (Photo.image)
    gray: np.ndarray
    ratio: np.ndarray  # each pixel over the paper white near it (light_ratios' ink ratio)
    paper: np.ndarray  # ... over the widest white around it (its paper ratio)
    faces: np.ndarray  # light paper with what is printed on it (paper_faces), 0/1
    edges: np.ndarray  # edge strength by direction (edge_field), (h, w, 2)
    loosest: np.ndarray  # the loosest cut of the ink on the faces, 0/1

    @classmethod
    def of(cls, photo: Photo) -> Planes:
        gray = cv2.cvtColor(photo.image, cv2.COLOR_RGB2GRAY)
        (ratio, paper), edges = light_ratios(gray), edge_field(gray)
        faces = paper_faces(ratio)
        loosest = (ratio < INK_LEVELS[-1]).astype(np.uint8) & faces
        return cls(photo.image, gray, ratio, paper, faces, edges, loosest)


@dataclass(frozen=True)
class RowFound:
    """What the row finder settled on, all at the ink level it kept."""

    on_paper: list[Glyph]  # the dark shapes with light paper round them
    letters: list[Glyph]  # those that look like upright letters
    ink: np.ndarray  # the ink mask, 0/1
    row: Row | None
    gaps: list[CardAt]  # the cards found in the row's gaps and past its ends
    level: float  # the ink level (one of INK_LEVELS)


def _fullest_row(planes: Planes, one_ink: bool = True, wild_print: bool = True,
                 patches: np.ndarray | None = None, names: CardNames | None = None,
                 letter_size: float | None = None) -> RowFound:
    """Find the letters at each ink level, keep the level whose row looks most like a row
    of letters (faint print needs a looser level; junk does not count). With `one_ink`,
    the deck prints every card in one ink, and a shape of another colour is none of them.
    With `wild_print`, the deck's WILD cards print the word WILD, whose letters are none
    of the row's (_wild_print; the family game's ZAP cards are named by cards.zap_names).
    With `patches` (_patches: a hand spread out), the level is the one whose cards read
    best, each card's letter at its best quarter turn, and no row counts: a hand in faint
    print chooses the looser level that sees it, and a ZAP card's name is no row.
    The loosest cut of the ink (Planes.loosest) shows the row's gaps a card printed
    fainter; `names` reads a WILD's name in a gap (gaps). `letter_size`: the photo is a
    word cut from a whole table's, its letters about that size (_row_at); its row is looked
    for at CUT_INK too, where it must also be the row found before grown (_grown_surely)."""
    best = None
    for level in INK_LEVELS:
        score, found = _row_at(planes, level, one_ink, wild_print, patches, names, letter_size)
        if best is None or score > best[0] + LOOSER_LEVEL:  # a looser level must earn its place
            best = (score, found)
    if letter_size is not None:
        score, found = _row_at(planes, CUT_INK, one_ink, wild_print, patches, names, letter_size)
        if score > best[0] + LOOSER_LEVEL and _grown_surely(found, best[1]):
            best = (score, found)
    return best[1]


def _grown_surely(looser: RowFound, before: RowFound) -> bool:
    """Whether the row found at a looser ink level is the row found before (a letter of it
    near each of that row's letters read surely) with letters added where it had room for a
    card (a CARD_ROOM of its step from card to card from each of those: _card_step), each
    read as one letter surely (_surely_read): that loose, a card's coloured border passes
    for an I beside its letter, a check of the cloth between two cards for an H, and a
    WILD's name for a row of its own (OUNTRY read IOUNTRY, OLIVE read OLHIVE, EA?? read
    IJIWLD)."""
    row = looser.row
    if row is None:
        return False

    def near(g: Glyph, others: list[Glyph], apart: float) -> bool:
        return any(np.hypot(g.cx - o.cx, g.cy - o.cy) < apart for o in others)

    kept = _surely_read(before.ink, before.row)
    if not all(near(g, row.members, SAME_PLACE * row.size) for g in kept):
        return False
    added = [g for g in row.members if not near(g, kept, SAME_PLACE * row.size)]
    if not added:
        return True
    if before.row and any(near(g, kept, CARD_ROOM * _card_step(before.row)) for g in added):
        return False
    return len(_surely_read(looser.ink, row, added)) == len(added)


def _card_step(row: Row) -> float:
    """The step from one card to the next in a row: its pitch, or its typical step where
    that is longer (three steps at least). A shape read between two cards (a check of the
    cloth read surely as T) shortens the shortest steps the pitch is taken from, not the
    typical one."""
    steps = steps_between(row.centres)
    return max(row.pitch, float(np.median(steps))) if len(steps) >= 3 else row.pitch


def _surely_read(ink: np.ndarray, row: Row | None, shapes: list[Glyph] | None = None) -> list[Glyph]:
    """The row's letters (or those of `shapes`) that read as one letter SURE_LETTER surely
    at least, turned as the row runs."""
    shapes = (row.members if row else []) if shapes is None else shapes
    if not shapes:
        return []
    p = model().probabilities([upright_mask(ink, g, a) for g, a in zip(shapes, _angles(row, shapes))])
    return [g for g, sure in zip(shapes, p[:, :NONE].max(axis=1) >= SURE_LETTER) if sure]


def _row_at(planes: Planes, level: float, one_ink: bool, wild_print: bool,
            patches: np.ndarray | None, names: CardNames | None,
            letter_size: float | None = None) -> tuple[float, RowFound]:
    """The row found at one ink level (as _fullest_row says), and how much it looks like a
    row of letters. In a word cut from a table (its `letter_size` known), shapes too small
    for its letters are print on its cards (WILDs' names side by side, a card's value), none
    of the row's letters (_letters_on_paper), and a row of them is none of the word's: the
    names of the cards in its gaps are not read (read_photo's CardNames)."""
    image, edges, ratio, paper, faces = planes.image, planes.edges, planes.ratio, planes.paper, planes.faces
    candidates, ink, _ = glyphs(ratio, level, on_paper=MAYBE_ON_PAPER, faces=faces)
    candidates = [g for g in candidates if not g.hairline]
    on_paper = [g for g in candidates if g.paper > ON_PAPER]
    found, tilts, likeness = _letters_on_paper(ink, edges, on_paper, letter_size)
    row = find_row(found, np.array([likeness[g.label] for g in found]), np.array(tilts))
    # a WILD card's print, seen close up, may pass for a row
    if row and wild_print and (printed := _wild_print(ink, row)):
        found, tilts = _kept(found, tilts, lambda g: g.label not in printed)
        on_paper = [g for g in on_paper if g.label not in printed]
        candidates = [g for g in candidates if g.label not in printed]
        row = find_row(found, np.array([likeness[g.label] for g in found]), np.array(tilts))
    near_edge = set()
    if (row is None or len(row.members) < 2) and patches is None:
        # no row (or one letter) with paper all round: big letters near their cards' edges
        # (the table shows around them) may be the row, if they line up as one
        row, near_edge = _near_edges(ink, edges, candidates, found, tilts, likeness) or (row, set())
    score, row_gaps = 0.0, []
    if row:
        row, rescued = _rescued(ratio, ink, edges, row, candidates, likeness)
        rescued |= near_edge
        row = _between_the_lines(image, paper, ink, edges, row, rescued, letter_size is not None)
        row = _one_ink(image, ink, row) if one_ink else row
        row, whole = joined(ink, row, planes.loosest)
        likeness.update(zip((g.label for g in whole), letterness(ink, whole, _angles(row, whole))))
        row_gaps = [card for card in gaps(image, paper, ink, row, _looser(planes.loosest, level), names)
                    if not _piece_of_a_member(card, row, planes.loosest)]
        # each letter counts as much as it looks like one, on its card and along the row
        # (bars end to end down a wood grain are I's on their own, but not in a row)
        along = letterness(ink, row.members, _angles(row, row.members))
        score = sum(min(likeness[g.label], a) for g, a in zip(row.members, along))
        # a WILD card in a gap is weaker proof than a letter; a shape in a gap that this
        # level did not see as a letter is none (a looser level may see it whole)
        score += GAP_WILD * sum(card.wild for card in row_gaps)
    if patches is not None:  # a hand spread out: its cards' letters count, not a row
        loose = _apart(_loose_letters(on_paper, on_paper, None, patches))
        p = (classify_any_turn(edges, ink, loose, LETTERS)[0][:, :NONE].max(axis=1) if loose
             else np.zeros(0))
        score = float(p[p > LETTERLIKE].sum())
    return score, RowFound(on_paper, found, ink, row, row_gaps, level)


def _letters_on_paper(ink: np.ndarray, edges: np.ndarray, shapes: list[Glyph],
                      letter_size: float | None) -> tuple[list[Glyph], list[float], dict[int, float]]:
    """The shapes that look like letters (LETTERLIKE), their cards' tilts, and how much each
    looks like one (by label). In a word cut from a table (its `letter_size` known), shapes
    under PRINT_SIZE of its letters' size are print on its cards (_least_letter), none of its
    letters: the shapes that big whatever that size is are looked at first, and where
    BIGGEST_LETTERS of them look like letters, the smaller ones under it are not looked at
    (a card's value, a WILD's name: half a word's shapes)."""
    seen: dict[int, tuple[float, float]] = {}  # label: (tilt, likeness)

    def look(some: list[Glyph]) -> None:
        some = [g for g in some if g.label not in seen]
        tilts = [paper_angle(edges, g) for g in some]
        seen.update(zip((g.label for g in some), zip(tilts, letterness(ink, some, tilts))))

    def letter_sizes() -> list[float]:
        return [g.size for g in shapes if g.label in seen and seen[g.label][1] > LETTERLIKE]

    least = 0.0
    if letter_size is None:
        look(shapes)
    else:
        most = PRINT_SIZE * letter_size  # a letter's least size is this at most
        look([g for g in shapes if g.size >= most])
        if len(letter_sizes()) < BIGGEST_LETTERS:  # too few to tell the letters' size by
            look(shapes)
        least = _least_letter(letter_sizes(), letter_size)
        look([g for g in shapes if g.size >= least])
    found = [g for g in shapes if g.size >= least and seen[g.label][1] > LETTERLIKE]
    likeness = {label: w for label, (_, w) in seen.items() if w > LETTERLIKE}
    return found, [seen[g.label][0] for g in found], likeness


def _least_letter(sizes: list[float], letter_size: float) -> float:
    """The least size a table word's letter may have: PRINT_SIZE of its letters' size, the
    line finder's or that of its BIGGEST_LETTERS-th biggest letter (`sizes`) where smaller
    (the finder's size of a far word may be twice its letters')."""
    biggest = sorted(sizes, reverse=True)[BIGGEST_LETTERS - 1:BIGGEST_LETTERS]
    return PRINT_SIZE * min([letter_size, *biggest])


def _piece_of_a_member(card: CardAt, row: Row, loose: np.ndarray) -> bool:
    """Whether the letter found in a gap of the row is a piece of the row's nearest letter,
    which the loose cut holds together with it (one_shape): thin print's N, its one bar a
    letter of the row and the other found in the gap beside it (THUNDER read THUNNDER)."""
    if card.wild or not row.members:
        return False
    g = card.letter
    nearest = min(row.members, key=lambda m: np.hypot(m.cx - g.cx, m.cy - g.cy))
    return one_shape(loose, g, nearest, max(g.size, nearest.size, row.size))


def _kept(found: list[Glyph], tilts: list[float], keep: Callable[[Glyph], bool]
          ) -> tuple[list[Glyph], list[float]]:
    """The shapes `keep` keeps, and their cards' tilts (a list side by side with them)."""
    pairs = [(g, t) for g, t in zip(found, tilts) if keep(g)]
    return [g for g, _ in pairs], [t for _, t in pairs]


def _looser(loosest: np.ndarray, level: float) -> np.ndarray | None:
    """The loosest cut of the ink, where a card printed fainter than the row at `level`
    shows its letter; None when `level` is that cut or looser."""
    return None if level >= INK_LEVELS[-1] else loosest


PRINT_STEP = 1.0  # letters printed as a word lie closer than this many letter sizes apart
# (cards are wider than their letters)
PRINT_SIZE = 0.5  # of a table word's letters' size: smaller shapes are print on its cards (a
# WILD's name is a third to a half of their size, its W as wide as it is tall)
BIGGEST_LETTERS = 3  # a table word has this many letters at least
PRINT_SEEN = 3  # the word WILD is told by this many of its letters in order (a thin I may be lost)


def _wild_print(ink: np.ndarray, row: Row) -> set[int]:
    """The labels of the row's shapes that are the word WILD printed on one card, seen big
    enough to be taken for letters of the row (the row may be that print alone, or run on
    into it): consecutive shapes that read as its letters in order, a printed letter's
    step apart, not a card's; three or more (a thin I perhaps lost between), or two side
    by side in the word when they are the whole row. Else none."""
    members = row.members
    p = model().probabilities([upright_mask(ink, g, a) for g, a in zip(members, _angles(row, members))])
    letters = [LETTERS[k] for k in p[:, :NONE].argmax(axis=1)]
    along = [row.along(g.cx, g.cy) for g in members]
    for i in range(len(members)):
        at = []  # where each letter from the i-th on falls in the word, in order
        for letter in letters[i:]:
            k = WILD_PRINT.find(letter, at[-1] + 1 if at else 0)
            if k < 0 or (at and WILD_PRINT[at[-1] + 1:k] not in ("", "I")):
                break
            at.append(k)
        if len(at) < PRINT_SEEN and not (len(at) == len(members) == 2 and at[1] == at[0] + 1):
            continue
        run = members[i:i + len(at)]
        size = float(np.median([g.size for g in run]))
        if abs(along[i + len(at) - 1] - along[i]) / (at[-1] - at[0]) < PRINT_STEP * size:
            return {g.label for g in run}
    return set()


def _near_edges(ink: np.ndarray, edges: np.ndarray, candidates: list[Glyph], found: list[Glyph],
                tilts: list[float], likeness: dict) -> tuple[Row, set[int]] | None:
    """A row through the letters found (their cards' `tilts`) and the shapes with less paper
    round them (a letter that fills its card) that look plainly like letters
    (RESCUE_NEAR_EDGE); the labels of the latter, for _between_the_lines to check against
    the row's lines. None when there are none or they make no row of two or more."""
    taken = {g.label for g in found}
    others = [g for g in candidates if g.label not in taken and g.paper <= ON_PAPER]
    turns = [paper_angle(edges, g) for g in others]
    near = [(g, t, float(w)) for g, t, w in zip(others, turns, letterness(ink, others, turns))
            if w > RESCUE_NEAR_EDGE]
    if not near:
        return None
    shapes = found + [g for g, _, _ in near]
    weights = np.array([likeness[g.label] for g in found] + [w for _, _, w in near])
    row = find_row(shapes, weights, np.array(list(tilts) + [t for _, t, _ in near]))
    if row is None or len(row.members) < 2:
        return None
    likeness.update((g.label, w) for g, _, w in near)
    return row, {g.label for g, _, _ in near}


def _rescued(ratio: np.ndarray, ink: np.ndarray, edges: np.ndarray, row: Row,
             candidates: list[Glyph], likeness: dict) -> tuple[Row, set[int]]:
    """Letters the first look passed over that continue the row, judged again upright at
    the row's angle (or its own card's, _read_angles): a letter whose card's angle was
    misjudged (a checked cloth's edges around it), the end card of a row that turns
    faster than its letters showed, or one so near its card's edge that the table shows
    around it (a big letter, one printed high or low on its card, an end card at the
    photo's edge). Such
    a letter must look like one; with two letters or more to draw the row's cap line and
    baseline from, _between_the_lines then keeps it only if it sits on them (past an end,
    if it is as tall as the row's letters and on a card like theirs), else card paper
    must show past its top and bottom.
    Returns the row with them and their labels (their likeness goes into `likeness`)."""
    members = {g.label for g in row.members}
    others = [g for g in candidates if g.label not in members
              and row.continues(g, tilt=paper_angle(edges, g))]
    weights = letterness(ink, others, _read_angles(ink, edges, row, others))
    lined = len(row.members) >= 2
    taken = [(g, float(w)) for g, w in zip(others, weights)
             if (w > LETTERLIKE and g.paper > ON_PAPER)
             or (w > RESCUE_NEAR_EDGE and (lined or paper_past_ends(ratio, ink, g, row)))]
    likeness.update((g.label, w) for g, w in taken)
    more = [g for g, _ in taken]
    return (row_through(row.members + more) if more else row), {g.label for g in more}


def _angles(row: Row, shapes: list[Glyph]) -> list[float]:
    """The row's tilt where each shape lies (a curved row's cards turn with it)."""
    return [row.angle_at(g.cx, g.cy) for g in shapes]


OWN_TILT = 6.0  # a card this many degrees off the row's tilt may be read at its own
OWN_TILT_BETTER = 0.1  # ... when its letter looks this much more like one so


def _read_angles(ink: np.ndarray, edges: np.ndarray, row: Row, shapes: list[Glyph]) -> list[float]:
    """The angle to read each shape at: the row's tilt where it lies, or its own card's tilt
    (by the card's edges) when the card lies turned from the row and its letter looks
    more like one so: the end card of a row that turns faster than its letters showed,
    a card put down askew. The classifier knows letters only a few degrees off upright."""
    angles = _angles(row, shapes)
    own = [_own_tilt(edges, g, a) for g, a in zip(shapes, angles)]
    askew = [k for k, (a, o) in enumerate(zip(angles, own)) if abs(a - o) > OWN_TILT]
    if askew:
        turned = [shapes[k] for k in askew]
        at_row = letterness(ink, turned, [angles[k] for k in askew])
        at_own = letterness(ink, turned, [own[k] for k in askew])
        for k, r, o in zip(askew, at_row, at_own):
            if o > r + OWN_TILT_BETTER:
                angles[k] = own[k]
    return angles


def _own_tilt(edges: np.ndarray, glyph: Glyph, angle: float) -> float:
    """The tilt of the glyph's own card (by its edges), as the quarter turn of it nearest
    `angle`, the row's there."""
    return angle + (paper_angle(edges, glyph) - angle + 45) % 90 - 45


INK_DARKEST = 30  # percentile: a letter's ink colour is that of its darkest strokes
DULLED = 0.5  # a shadow or glare dulls an ink at most to this share of its colour


def _one_ink(image: np.ndarray, ink: np.ndarray, row: Row) -> Row:
    """Drop a shape printed in another colour than the rest of the row: the cards of a
    deck share one ink, while a square of a checked cloth, a knot in the wood or the
    shadow between two cards does not. (Lightness says little: glare lifts real ink.)"""
    if len(row.members) < 3:
        return row
    colours = []
    for g in row.members:
        inside = own_ink(ink, g)
        lab = cv2.cvtColor(image[g.y:g.y + g.h, g.x:g.x + g.w], cv2.COLOR_RGB2LAB)
        pixels = lab[inside].astype(np.float32)
        darkest = pixels[pixels[:, 0] <= np.percentile(pixels[:, 0], INK_DARKEST)]
        colours.append(darkest[:, 1:].mean(axis=0) - 128)  # a*, b* about grey (OpenCV's 8-bit Lab)
    colours = np.array(colours)
    usual = np.median(colours, axis=0)
    # a shadow or glare dulls an ink (its colour nearer grey), it does not change its hue
    dulled = np.clip(colours @ usual / max(float(usual @ usual), 1e-6), DULLED, 1.0)
    keep = [g for g, c, s in zip(row.members, colours, dulled) if np.hypot(*(c - s * usual)) < OTHER_INK]
    return row_through(keep) if keep and len(keep) < len(row.members) else row


NARROW = 0.3  # a shape narrower than this many letter sizes is a bar (an I, or a card's edge)
THIN_STROKE = 0.5  # ... and a card's edge when its stroke is under this share of the row's
LINED_UP = 0.2  # a letter's top and bottom lie within this many letter sizes of the row's lines
SLENDER = 0.4  # between two cards, a shape narrower than this may be the table's wedge between them
NOT_FULL = 0.6  # ... and one narrower than this, where those two cards lie a step apart
SHORT = 0.65  # a shape under this share of the row's letters' usual height is print (a WILD's W)
ON_THE_WAY = 0.6  # past an end, its middle lies within this many letter sizes of theirs


def _between_the_lines(image: np.ndarray, paper: np.ndarray, ink: np.ndarray,
                       edges: np.ndarray, row: Row, doubtful: set[int],
                       cut_from_a_table: bool = False) -> Row:
    """Drop a bar (or a shape let in on second thought) whose top and bottom do not line up
    with its neighbours' cap line and baseline: a card's edge or the gap between two
    cards is as long as the card, not as the letters (a shape taller than the letters, or
    one a little wider than a bar squeezed between two of the row's cards, is held to the
    lines too: the wedge of table between two tilted cards). Drop a bar much thinner than the
    row's strokes too: the edge of a card, not an I (an I's stem is a font's full stroke),
    and a shape narrower than a letter between two cards one step apart (_one_step_apart:
    the table between two near cards of a row growing toward the camera, lined up or not).
    In a word `cut_from_a_table` (the table reader's crop, stood up straight: every card
    laid, none lying apart), drop a shape much shorter than the row's letters too (print on
    a card: a WILD's name, no letter laid), and expect a letter past an end as tall as the
    row's lines are there (a row running toward the camera grows along it); a single row's
    smaller card lying apart is kept, marked (_row_cards)."""
    if len(row.members) < 3:
        return row
    normal = np.array([-row.direction[1], row.direction[0]])
    along, top, bottom, width, stroke = [], [], [], [], []
    angles = _angles(row, row.members)
    for g, angle in zip(row.members, angles):
        mask = upright_mask(ink, g, angle)
        stroke.append(2 * cv2.distanceTransform(mask.astype(np.uint8), cv2.DIST_L2, 3).max())
        rows, cols = np.nonzero(mask.any(axis=1))[0], np.nonzero(mask.any(axis=0))[0]
        middle = np.array([g.cx, g.cy]) @ normal - mask.shape[0] / 2
        along.append(row.along(g.cx, g.cy))
        if len(rows) == 0:  # a wisp of ink that vanished when turned: no letter
            top.append(np.inf)
            bottom.append(np.inf)
            width.append(0)
            continue
        top.append(middle + rows[0])
        bottom.append(middle + rows[-1])
        width.append(cols[-1] - cols[0] + 1)
    along, top, bottom, width, stroke = map(np.array, (along, top, bottom, width, stroke))
    heights = bottom - top
    usual_height = np.median(heights[np.isfinite(heights)])
    short = (_print_marks(heights, along, usual_height) if cut_from_a_table
             else np.zeros(len(heights), bool))
    # a bar, a wedge of table between two of the row's cards, or a shape taller than the
    # letters' lines let them be (a card's edge runs the card's length) must line up to stay;
    # one narrower than a letter between two cards a step apart is the table between them
    tall = heights > usual_height + 2 * LINED_UP * row.size
    between = _one_step_apart(row, width < NOT_FULL * row.size)
    suspect = ((width < NARROW * row.size) | _squeezed(row, width < SLENDER * row.size) | tall | between
               | np.array([g.label in doubtful for g in row.members]))
    sure = np.nonzero(~suspect & ~short)[0]
    if len(sure) < 2:
        return row
    # the cap line and baseline follow the sure letters, curving with a curved row from three
    # letters on (as Row's bend does: three cards already show a bow), and on past its ends,
    # where a letter let in on second thought most often lies: there card by card outwards,
    # each letter taken drawing the lines on to the next (a bow, an arc)
    def lines(members: list[int]) -> tuple[np.ndarray, np.ndarray, tuple[float, float]]:
        degree = 2 if len(members) >= BOWED else 1
        cap_line, baseline = (np.polyfit(along[members], edge[members], degree)
                              for edge in (top, bottom))
        return cap_line, baseline, (float(along[members].min()), float(along[members].max()))

    usual_stroke = float(np.median(stroke[sure]))
    height = float(np.median(bottom[sure] - top[sure]))
    cap_line, baseline, ends = lines(list(sure))
    outside = np.maximum(ends[0] - along, along - ends[1])  # how far past an end, if > 0
    usual = row_paper(image, paper, row) if (suspect & (outside > 0)).any() else None
    thin = (width < NARROW * row.size) & (stroke < THIN_STROKE * usual_stroke)  # a card's edge, not an I
    drop, fitted = set(np.nonzero(thin | short | between)[0]), list(sure)
    for k in sorted(np.nonzero(suspect & ~thin & ~short & ~between)[0], key=lambda k: outside[k]):
        g = row.members[k]
        if outside[k] <= 0:
            cap, base = (_continued(line, *ends, along[k]) for line in (cap_line, baseline))
            lined_up = max(abs(top[k] - cap), abs(bottom[k] - base)) <= LINED_UP * row.size
        else:  # past an end, where the row may turn away from the lines' tangents: a
            # letter as tall as the row's (not as a card; in a table's word, as the lines
            # are there), its middle on the row's way, on a card of the row's paper
            cap_past, base_past, span = lines(fitted)
            cap, base = (_continued(line, *span, along[k]) for line in (cap_past, base_past))
            tall = base - cap if cut_from_a_table else height
            lined_up = (abs(bottom[k] - top[k] - tall) <= LINED_UP * row.size
                        and abs(top[k] + bottom[k] - cap - base) / 2 <= ON_THE_WAY * row.size
                        and on_a_card(image, paper, row, g.cx, g.cy,
                                      (angles[k], _own_tilt(edges, g, angles[k])), usual))
            if lined_up:
                fitted.append(k)
        if not lined_up:
            drop.add(k)
    keep = [g for k, g in enumerate(row.members) if k not in drop]
    return row_through(keep) if len(keep) < len(row.members) else row


def _print_marks(heights: np.ndarray, along: np.ndarray, usual: float) -> np.ndarray:
    """Which shapes of a row are print on its cards, no letters: under SHORT of the row's
    letters' `usual` height, and of the nearest letter's along the row. A word running away
    from the camera shrinks along it: its far end's letter is short for the row, not for the
    letter beside it (FREEDOM's far M, two thirds of the row's height, was dropped)."""
    short = heights < SHORT * usual
    letters = np.flatnonzero(~short & np.isfinite(heights))
    if len(letters) == 0:
        return short
    for k in np.flatnonzero(short & np.isfinite(heights)):
        nearest = letters[np.abs(along[letters] - along[k]).argmin()]
        short[k] = heights[k] < SHORT * heights[nearest]
    return short


def _squeezed(row: Row, slender: np.ndarray) -> np.ndarray:
    """Which of the row's `slender` shapes are squeezed between their neighbours (find's
    squeezed) by the pitch the other shapes keep, three of them at least: the table showing
    between two cards, not a card of its own (a bold I lies a whole step from its neighbours)."""
    others = [g for g, thin in zip(row.members, slender) if not thin]
    if len(others) < 3:
        return np.zeros(len(row.members), bool)
    return slender & squeezed(row.centres, row_through(others).pitch)


SKIPPED_STEP = 1.2  # two letters this many card steps apart at most have no card between them
ONE_CARD_STEP = 2.0  # a step of more letter sizes than this spans a card (a WILD) between


def _one_step_apart(row: Row, narrow: np.ndarray) -> np.ndarray:
    """Which of the row's `narrow` shapes lie between two of the others (three at least)
    no further apart than SKIPPED_STEP of the shorter step from card to card beside them
    (from either of the two to its other neighbour among the others; only a step that spans
    one card counts, ONE_CARD_STEP of its letters' sizes at most, not one over a WILD). A
    card laid between two letters puts them two steps apart, however the row grows toward
    the camera; the table showing between two near cards of such a row lies nearer them
    than the far cards' step (_squeezed's pitch) and, blurred, may be half a letter wide.
    SKIPPED_STEP allows for cards laid unevenly (SCIENCE's near cards step half as far
    again as its far ones)."""
    others = np.nonzero(~narrow)[0]
    apart = np.zeros(len(row.members), bool)
    if len(others) < 3:
        return apart
    centres, sizes = row.centres, np.array([g.size for g in row.members])
    steps = steps_between(centres[others])
    one_card = steps <= ONE_CARD_STEP * (sizes[others[:-1]] + sizes[others[1:]]) / 2
    for j, step in enumerate(steps):
        beside = [steps[i] for i in (j - 1, j + 1) if 0 <= i < len(steps) and one_card[i]]
        if beside and step <= SKIPPED_STEP * min(beside):
            apart[others[j] + 1:others[j + 1]] = True
    return apart


def _continued(fit: np.ndarray, first: float, last: float, at: float) -> float:
    """A polynomial fit between first and last, continued past them along its tangent at
    the nearer end (a curve's own extrapolation bends away fast)."""
    end = min(max(at, first), last)
    return float(np.polyval(fit, end) + np.polyval(np.polyder(fit), end) * (at - end))


def read_photo(photo: Photo, alphabet: str = LETTERS, steps: Steps | None = None,
               is_word: Callable[[str], bool] | None = None,
               deck: str = "foot", letter_size: float | None = None) -> tuple[str, list[Card], tuple[str, ...]]:
    """The row's word, every card found (the row's in reading order, then the others) and
    other readings of the row that are words. One pass serves a laid row and cards lying
    anywhere at any angle (a hand spread on the table, loose tiles): the row is the
    longest line of upright letters; every other letter of a card's size is read at
    whichever quarter turn of its card looks most like a letter. Each card's ink colour
    is reported; the `deck` says what else its cards carry: FEZ's star cards ("fez"),
    the family game's ZAP cards, named in print ("family"). `steps` (none by default)
    is shown each step's image (Steps). `letter_size`: the photo is one word cut from a
    whole table's by the table reader, its letters about that many pixels (_row_at)."""
    if deck not in DECKS:
        raise ValueError(f"deck must be one of {DECKS}")
    steps = steps or NO_STEPS
    planes = Planes.of(photo)
    steps.keep("gray", lambda: planes.gray)
    steps.keep("paper", lambda: planes.faces * 255)
    patches = _patches(planes.faces) if deck == "family" else None  # a hand spread out
    # a WILD card of other paper than the row's is told by its name (the family game's
    # ZAP cards, WILD among them, are all named by zap_names below)
    # (in a word cut from a table, not for a row of print: under PRINT_SIZE of its letters)
    card_names = (CardNames(photo.image, PRINT_SIZE * letter_size if letter_size else 0.0)
                  if deck != "family" else None)
    found = _fullest_row(planes, one_ink=deck == "foot", wild_print=deck != "family",
                         patches=patches, names=card_names, letter_size=letter_size)
    on_paper, ink, row, row_gaps = found.on_paper, found.ink, found.row, found.gaps
    names = []
    if deck == "family":
        on_paper, row, row_gaps, names = _without_names(planes, found)
    steps.keep("ink", lambda: ink * 255)
    steps.keep("letters", lambda: _draw(photo.image, found.letters, row, row_gaps))
    row, row_gaps = _settled(planes, ink, row, row_gaps, found.level, card_names, alphabet)
    row_cards, gap_centres = (_row_cards(photo, planes, ink, row, row_gaps, alphabet, card_names)
                              if row else ([], []))
    if row and _bigger_letters(found.letters, row, planes.edges, ink, alphabet):
        row_cards = [_marked(c) for c in row_cards]
    other_cards = _other_cards(photo, planes.edges, ink, on_paper, row, gap_centres, alphabet, patches)
    row_cards = _stems(row_cards, other_cards)
    if deck == "fez":
        row_cards, other_cards = _with_stars(photo, ink, on_paper, row, row_cards, other_cards)
    other_cards += [Card("", n.confidence, n.box(photo.scale), (), False, None, n.name) for n in names]
    if is_word:
        row_cards = _worded(row_cards, is_word)
    letters = [c for c in row_cards if c.letter != STAR]
    suggestions = _suggestions(letters, is_word) if is_word and letters else ()
    cards = row_cards + other_cards
    steps.keep("cards", lambda: _draw_cards(photo, cards))
    for k, card in enumerate(cards):
        steps.keep(f"card-{k:02d}", lambda card=card: _crop(photo, card.box))
    return "".join(c.letter for c in letters), cards, suggestions


def _without_names(planes: Planes, found: RowFound):
    """The family deck's print that is no card's letter taken away: the word printed small
    on each letter card is for information only; a ZAP card's name is no word laid, and
    its letters are no cards. The names are looked for at the loosest ink level too, where
    a light or thin name shows whole. Returns the shapes on paper, the row and its gaps
    without them, and the ZAP cards' names."""
    on_paper, row, row_gaps = found.on_paper, found.row, found.gaps
    loose_print = [] if found.level >= INK_LEVELS[-1] else glyphs(
        planes.ratio, INK_LEVELS[-1], on_paper=ON_PAPER, faces=planes.faces)[0]
    names = zap_names(planes.gray, on_paper, loose_print)
    small = small_print(on_paper)
    on_paper = [g for g in on_paper if g.label not in small]
    inside = small | {g.label for g in on_paper if any(n.holds(g) for n in names)}
    on_paper = [g for g in on_paper if g.label not in inside]
    if row and any(g.label in inside for g in row.members):
        row, row_gaps = None, []
    elif row:  # a ZAP card in the row's gap is that card, not a WILD of small print
        row_gaps = [card for card in row_gaps
                    if not any(n.within(card.x, card.y, row.size) for n in names)]
    return on_paper, row, row_gaps, names


def _settled(planes: Planes, ink: np.ndarray, row: Row | None, row_gaps: list[CardAt],
             level: float, card_names: CardNames | None,
             alphabet: str) -> tuple[Row | None, list[CardAt]]:
    """The row with only the letters that read along it (_upright_in; its gaps looked for
    again when that changed it), and its gaps without a card lying across it past an end
    (_not_turned)."""
    if row and (upright := _upright_in(row, planes.edges, ink, alphabet)) is not row:
        row = upright
        row_gaps = (gaps(planes.image, planes.paper, ink, row, _looser(planes.loosest, level),
                         card_names) if row else [])
    return row, _not_turned(row_gaps, row, planes.edges, ink, alphabet)


ALONG = 45  # degrees: a turn within this of the row's tilt reads along the row ...
UPSIDE_DOWN = 135  # ... and one past this reads along it upside down


def _upright_in(row: Row, edges: np.ndarray, ink: np.ndarray, alphabet: str) -> Row | None:
    """A laid word reads along its row: most of its letters look most like a letter upright
    along it (or upside down, as the same letter: an N, an S). When most do not, the line
    is loose cards or tiles lying across it by chance: only those that do stay in it
    (None when fewer than two). A letter of a laid word may read as another one turned
    (an N on its side is a Z), which is why the row as a whole decides. The turns are
    squared with each card's edges, which a table's stripes can fool: a shape that reads
    as no letter at any of its card's turns but as one at the row's own tilt there is
    upright too (loose tiles, squared by clean edges, read as letters at their turns)."""
    p, turns = _quarter_turns(edges, ink, row.members, alphabet)
    letters = p[:, :, :NONE]
    off = _off(turns, row.angle)
    n = np.arange(len(row.members))
    along, best = off.argmin(axis=1), letters.max(axis=2).argmax(axis=1)
    upright = (off[n, best] < ALONG) | ((off[n, best] > UPSIDE_DOWN)
                                     & (letters[n, along].argmax(axis=1) == letters[n, best].argmax(axis=1)))
    if 2 * upright.sum() >= len(row.members):
        return row
    masks = [upright_mask(ink, g, a) for g, a in zip(row.members, _angles(row, row.members))]
    at_row = model().probabilities(masks, alphabet)[:, :NONE]
    best_p = letters[n, best].max(axis=1)
    upright |= (best_p < LETTERLIKE) & (at_row.max(axis=1) > LETTERLIKE)
    if 2 * upright.sum() >= len(row.members):
        return row
    keep = [g for g, ok in zip(row.members, upright) if ok]
    return row_through(keep) if len(keep) >= 2 else None


def _off(turns: np.ndarray, angle: float) -> np.ndarray:
    """How far (degrees, 0 to 180) each turn is from `angle`."""
    return np.abs((turns - angle + 180) % 360 - 180)


TURNED = 0.2  # a shape this much likelier a letter turned than upright lies across the row


def _not_turned(row_gaps: list[CardAt], row: Row | None, edges: np.ndarray, ink: np.ndarray,
                alphabet: str) -> list[CardAt]:
    """The cards found in the row's gaps and past its ends, without a letter past an end
    that reads as a letter far better turned than upright along the row: a card lying
    across it, read with the other loose cards. A card between two of the row's letters
    is the row's, however its letter reads (its confidence says how well)."""
    if row is None or not row_gaps:
        return row_gaps
    letters = [card.letter for card in row_gaps
               if not card.wild and _past_an_end(row, card.x, card.y)]
    if not letters:
        return row_gaps
    p, turns = _quarter_turns(edges, ink, letters, alphabet)
    score = p[:, :, :NONE].max(axis=2)
    along = _off(turns, row.angle).argmin(axis=1)
    turned = {g.label for g, s, a in zip(letters, score, along) if s[a] < s.max() - TURNED}
    return [card for card in row_gaps if card.wild or card.letter.label not in turned]


def _row_cards(photo: Photo, planes: Planes, ink: np.ndarray, row: Row, row_gaps: list[CardAt],
               alphabet: str, names: CardNames | None = None
               ) -> tuple[list[Card], list[tuple[float, float]]]:
    """The row's cards in reading order: its letters, and the cards in its gaps (a WILD, or
    a letter the first pass passed over, flagged by its confidence), read together, each
    marked unsure where it does not lie as a laid card would (_placed), and its I's when
    they are most of it (_mostly_bars). A shape that looks like no letter is a WILD when
    `names` reads the print there as the word (its letters run together, big enough to be
    taken for one of the row's); so is a shape in a gap read in doubt, or too small for a
    letter of the row (a name printed big: its W, taken for a letter the first pass passed
    over, made D?D?BAX DWD?BAX). Also the centres of the cards found in the gaps."""
    paper, edges = planes.paper, planes.edges
    in_row = row.members
    in_gaps = [card.letter for card in row_gaps if not card.wild]
    p_read = iter(_classify_row(planes.ratio, planes.faces, ink, edges, in_row + in_gaps, row, alphabet))

    def letter_card(g: Glyph, box, in_gap: bool = False) -> Card:
        card = _card(next(p_read), box, True, ink_colour(photo.image, ink, g))
        sized = _sized(card, g.size / row.size)
        doubted = sized.confidence < LOW_CONFIDENCE if in_gap else card.confidence < LETTERLIKE
        if (doubted and names is not None
                and names.at(g.cx, g.cy, row.angle_at(g.cx, g.cy), row.size) == WILD_PRINT):
            return _wild_card(box)
        return sized

    slots: list[tuple[float, tuple[float, float], Card]] = []  # (along the row, centre, card)
    for g in in_row:
        box = card_box(g.cx, g.cy, row.size, row.angle, photo.scale)
        slots.append((row.along(g.cx, g.cy), (g.cx, g.cy), letter_card(g, box)))
    gap_centres = []
    for found in row_gaps:
        cx, cy = found.x, found.y
        box = card_box(cx, cy, row.size, row.angle, photo.scale)
        card = _wild(paper, cx, cy, row, box) if found.wild else letter_card(found.letter, box, in_gap=True)
        if card is None:  # no WILD after all: the table past an end
            continue
        slots.append((row.along(cx, cy), (cx, cy), card))
        gap_centres.append((cx, cy))
    slots.sort(key=lambda s: s[0])
    cards = _placed([c for _, _, c in slots], [xy for _, xy, _ in slots], row.pitch)
    return _mostly_bars(cards), gap_centres


UNSURE = 0.95 * LOW_CONFIDENCE  # a card in doubt for where it lies or how big: just marked


def _marked(card: Card, share: float = 1.0) -> Card:
    """The card marked unsure: its confidence lowered to just under LOW_CONFIDENCE, or lower
    by `share` (0 to 1: how far short it falls of what a card of the row would be)."""
    return dataclasses.replace(card, confidence=min(card.confidence, UNSURE * share))


WILD_FACE = 0.5  # a WILD card shows light paper over at least this share of a card's face
LONE_WILD_FACE = 0.4  # ... and past an end, with no letter beyond to vouch for it, this


def _wild(paper: np.ndarray, x: float, y: float, row: Row, box) -> Card | None:
    """A WILD card found in the row's gap or past its end at (x, y) (a line of small print
    on light paper): marked unsure when light paper shows over less than WILD_FACE of a
    card's face there, the less the lower (a strip of pale wood or of a cloth, light only
    around streaks that look like print). Past an end, under LONE_WILD_FACE, it is that
    table and no card (None): nothing beyond it says a card lies there."""
    w, h = (int(k * row.size) for k in CARD_PER_LETTER)
    light = paper_share(paper, x, y, row.angle_at(x, y), w, h)
    if light < LONE_WILD_FACE and _past_an_end(row, x, y):
        return None
    card = _wild_card(box)
    if light < WILD_FACE:
        return _marked(card, light / WILD_FACE)
    return _marked(card) if _off_the_way(row, x, y) else card


SURE_WILD = 0.9  # the confidence of a WILD (or a star) found by its print and paper


def _wild_card(box) -> Card:
    """A WILD card of the row, as sure as a WILD found by its print and paper is (no letter
    is read, so none is surer)."""
    return Card(WILD, SURE_WILD, box, (), True)


ON_ITS_WAY = 0.1  # a card within this many letter sizes of where the next would lie is on its way


def _off_the_way(row: Row, x: float, y: float) -> bool:
    """Whether (x, y), past an end of the row, is not where the row's next card would lie
    (a WILD found a little off its way: the way of a short row is a rough guess, and light
    wood or cloth beside a row shows print-like streaks more often than a card does)."""
    if not _past_an_end(row, x, y):
        return False
    return all(np.hypot(*(row.step_past(end)[0] - (x, y))) > ON_ITS_WAY * row.size for end in (0, -1))


def _past_an_end(row: Row, x: float, y: float) -> bool:
    """Whether (x, y) lies past an end of the row, not between its first and last letters."""
    first, last = (row.along(*row.centres[end]) for end in (0, -1))
    return not first < row.along(x, y) < last


SQUEEZED = 1.2  # two cards this many steps apart have no room for a card between them
STRANDED = 2.5  # an end card this many pitches from the next lies apart from the row


def _placed(cards: list[Card], centres: list[tuple[float, float]], pitch: float) -> list[Card]:
    """The row's cards (in reading order, with their centres), those that do not lie where
    a laid card would marked unsure: one squeezed between its two neighbours, which lie too
    near each other to leave room for a card (a card's frame, its edge or its index read
    as I: a bare bar there is left out), and one at an end with a stretch of table and no
    card between it and the rest (a card lying apart)."""
    steps = list(steps_between(centres) / pitch)
    # a step: the row's typical one, or the pitch when that is longer (a short row's steps
    # may all be halves, around a card that is none)
    step = max(1.0, float(np.median(steps))) if steps else 1.0

    def astray(before: float | None, after: float | None) -> bool:
        if before is not None and after is not None:
            return before + after < SQUEEZED * step
        return (before or after or 0.0) > STRANDED

    placed = []
    for card, before, after in zip(cards, [None, *steps], [*steps, None]):
        if astray(before, after):
            if card.letter == BAR and before is not None and after is not None:
                continue
            card = _marked(card)
        placed.append(card)
    return placed


MOSTLY_BARS = 0.5  # a row whose I's are more than this share of its cards has lost strokes


def _mostly_bars(cards: list[Card]) -> list[Card]:
    """The row's cards, its I's marked unsure when two or more of them are most of its letters:
    a bare bar is what a letter that lost its strokes reads as (a faint card, one seen at a
    low angle), and no word in the lists is mostly I's. A WILD is no letter to count (its
    blank may stand for anything)."""
    bars = sum(c.letter == BAR for c in cards)
    if bars < 2 or bars <= MOSTLY_BARS * sum(c.letter != WILD for c in cards):
        return cards
    return [_marked(c) if c.letter == BAR else c for c in cards]


STEM_SHARE = 0.4  # an I whose card overlaps a fuller letter's by this share of the smaller


def _stems(row_cards: list[Card], other_cards: list[Card]) -> list[Card]:
    """The row's I's that share their card with a fuller letter found off the row, marked:
    the bar may be that letter's stem (an R or a D whose bowl the row's pass split off,
    which was then found as a letter of its own)."""
    fuller = [c.box for c in other_cards if c.letter.isalpha() and c.letter != BAR]

    def shared(a, b) -> float:
        w = min(a[2], b[2]) - max(a[0], b[0])
        h = min(a[3], b[3]) - max(a[1], b[1])
        smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
        return max(0, w) * max(0, h) / max(smaller, 1)

    return [_marked(c) if c.letter == BAR and any(shared(c.box, b) > STEM_SHARE for b in fuller)
            else c for c in row_cards]


SMALL_LETTER = 0.8  # a letter under this share of the row's letter size may be print on a card
SHORT_BAR = 0.9  # an I (a bare bar) under this share may be a card's edge or the table


def _sized(card: Card, size: float) -> Card:
    """A row's card whose letter is `size` times the row's letters' size, its confidence
    lowered below LOW_CONFIDENCE when it is much smaller. A deck's letters are all one size:
    a smaller shape that reads as a letter is often not a card's letter at all (WILD's
    printed word, a corner index), and an I, a bare bar, says little more of itself than
    its height (a card's edge, a strip of table between two cards read as I). Just under
    the cut-off it falls just under LOW_CONFIDENCE; the smaller, the lower."""
    least = SHORT_BAR if card.letter == BAR else SMALL_LETTER
    return card if size >= least else _marked(card, size / least)


BIG_PRINT = 0.3  # with no row, the letters' size is the typical of shapes bigger than this
# share of the biggest
STAR_SIZE = (0.5, 2.5)  # a star is this many letter sizes big, at least and at most
UNDER_A_STAR = (1.0, 0.5)  # a card within this many star sizes of a star is its (a WILD's
# print, a letter's)
STAR_IN_ROW = 1.5  # a star continues the row within this many letter sizes past an end


def _with_stars(photo: Photo, ink: np.ndarray, on_paper: list[Glyph], row: Row | None,
                row_cards: list[Card], other_cards: list[Card]) -> tuple[list[Card], list[Card]]:
    """FEZ's star cards among the cards: a star of about a letter's size, with its colour;
    in the row, in its place, when it lies on the row's line. A star taken for a letter
    before is a star."""
    sizes = [g.size for g in on_paper]
    if not sizes:
        return row_cards, other_cards
    typical = row.size if row else float(np.median([s for s in sizes if s > BIG_PRINT * max(sizes)]))
    stars = [g for g in on_paper if STAR_SIZE[0] * typical < g.size < STAR_SIZE[1] * typical
             and star_shaped(own_ink(ink, g))]
    if not stars:
        return row_cards, other_cards

    def card_centre(card: Card) -> np.ndarray:
        x0, y0, x1, y1 = card.box
        return np.array([x0 + x1, y0 + y1]) * photo.scale / 2

    def under_a_star(card: Card) -> bool:  # a WILD's print anywhere on the star's card
        reach = UNDER_A_STAR[0] if card.letter == WILD else UNDER_A_STAR[1]
        return any(np.abs(card_centre(card) - (g.cx, g.cy)).max() < reach * g.size for g in stars)

    row_cards = [c for c in row_cards if not under_a_star(c)]
    other_cards = [c for c in other_cards if not under_a_star(c)]
    for g in stars:
        in_row = bool(row and row.continues(g, reach=STAR_IN_ROW, any_size=True))
        card = Card(STAR, SURE_WILD, card_box(g.cx, g.cy, g.size, row.angle if in_row else 0.0, photo.scale),
                    (), in_row, ink_colour(photo.image, ink, g))
        (row_cards if in_row else other_cards).append(card)
    if row:
        row_cards.sort(key=lambda c: float(card_centre(c) @ row.direction))
    return row_cards, other_cards


HAND_LETTER = 0.3  # in a photo of a hand spread out, a card's letter is smaller than this share
# of the photo's shorter side (a bigger shape is the table's: a pale wood's grain)
ALL_ROUND = 0.9  # ... and has card paper nearly all round it (a table's grain between paler
# streaks has less)
CARD_STEP = 1.5  # two cards' letters lie at least this many letter sizes apart (a card is
# wider than its letter; cards of a hand may overlap a little)


CLEAR = 0.9  # a shape read as a letter this surely, at one of its quarter turns, is one


def _bigger_letters(found: list[Glyph], row: Row, edges: np.ndarray, ink: np.ndarray,
                    alphabet: str) -> bool:
    """Whether two letters outside the row, of one size, are both more than SAME_SIZE times
    the row's letters and clearly letters (at any quarter turn; an I, a bare bar, says too
    little of itself). A deck's letters are one size and the biggest print on its cards, so
    the row may be smaller print on one card (a WILD's printed word, corner indices) while
    the laid cards' letters lie elsewhere."""
    members = {g.label for g in row.members}
    bigger = [g for g in found if g.label not in members and g.size > SAME_SIZE * row.size]
    if len(bigger) < 2:
        return False
    probabilities, _ = classify_any_turn(edges, ink, bigger, alphabet)
    sizes = sorted(g.size for g, p in zip(bigger, probabilities)
                   if p[:NONE].max() >= CLEAR and LETTERS[int(p[:NONE].argmax())] != BAR)
    return any(b < a * SAME_SIZE for a, b in zip(sizes, sizes[1:]))


def _apart(shapes: list[Glyph]) -> list[Glyph]:
    """The shapes with no other within CARD_STEP letter sizes: each card's letter lies about a
    card's width from the next card's, a printed word's letters (a ZAP card's name) closer."""
    return [g for g in shapes if not any(h is not g and np.hypot(h.cx - g.cx, h.cy - g.cy)
                                         < CARD_STEP * max(g.size, h.size) for h in shapes)]


def _patches(faces: np.ndarray) -> np.ndarray:
    """The light patches of paper_faces, labelled: in a hand spread out, each card's own."""
    return cv2.connectedComponents(faces, connectivity=8)[1]


def _loose_letters(shapes: list[Glyph], on_paper: list[Glyph], size: float | None,
                   patches: np.ndarray | None) -> list[Glyph]:
    """Of `shapes`, those that may be a loose card's letter: of the letters' `size` (or, with
    none, of the size most shapes share); with `patches` (_patches: the cards of a hand
    spread out), only the biggest print on each patch (the row's letters in `on_paper` too:
    the print beside one is its card's), with card paper nearly all round it."""
    if patches is not None:
        most = HAND_LETTER * min(patches.shape)
        biggest: dict[int, float] = {}
        for g in on_paper:
            if g.size < most:
                k = patches[int(g.cy), int(g.cx)]
                biggest[k] = max(biggest.get(k, 0.0), g.size)
        shapes = [g for g in shapes if g.size < most and g.paper > ALL_ROUND
                  and g.size > biggest[patches[int(g.cy), int(g.cx)]] / SAME_SIZE]
    if not shapes:
        return []
    sizes = np.array([g.size for g in shapes])
    typical = size or max(sizes, key=lambda s: int(((sizes > s / SAME_SIZE)
                                                    & (sizes < s * SAME_SIZE)).sum()))
    return [g for g in shapes if typical / SAME_SIZE < g.size < typical * SAME_SIZE]


def _other_cards(photo: Photo, edges: np.ndarray, ink: np.ndarray, on_paper: list[Glyph],
                 row: Row | None, gap_centres: list[tuple[float, float]], alphabet: str,
                 patches: np.ndarray | None = None) -> list[Card]:
    """Every other card: a letter of the row's size (or, with no row, of the size most
    letters share) on light paper, outside the row, at whatever angle it lies; kept when
    one of its quarter turns looks like a letter. With `patches` (_patches: the cards of a
    hand spread out), only the biggest print on each patch is its card's letter (a hand's
    small print may outnumber its letters)."""
    members = row.members if row else []
    shapes = [g for g in on_paper
              if not any(m.x <= g.cx <= m.x + m.w and m.y <= g.cy <= m.y + m.h for m in members)
              and all(np.hypot(g.cx - x, g.cy - y) > row.size for x, y in gap_centres)]
    shapes = _loose_letters(shapes, on_paper, row.size if row else None, patches)
    if not shapes:
        return []
    probabilities, turns = classify_any_turn(edges, ink, shapes, alphabet)
    return [_card(p, card_box(g.cx, g.cy, g.size, float(t), photo.scale), False,
                  ink_colour(photo.image, ink, g))
            for g, p, t in zip(shapes, probabilities, turns) if p[:NONE].max() > LETTERLIKE]


LONGEST_WORD = 16  # a longer row is not checked (no game's hand holds more than 12 cards)


def _worded(row_cards: list[Card], is_word: Callable[[str], bool]) -> list[Card]:
    """The row's cards, marked where the game's word list says one is likely wrong. A row
    that reads as no word has a card misread: each card where another letter, or no card at
    all, would make it a word is marked (a letter read as another, a card's edge read as an
    I). When no such change makes a word, and no card missed would either, more than one
    card is wrong and every card is marked. Only the confidence changes: the reading stays
    what the cards look like, so a word laid that is no word still reads as laid. "Another
    letter" is asked as a WILD there, so a row costs about three look-ups a card."""
    at = [k for k, c in enumerate(row_cards) if c.letter != STAR]  # FEZ's stars are no letters
    word = "".join(row_cards[k].letter for k in at)
    if not word or len(word) > LONGEST_WORD or is_word(word):
        return row_cards
    wrong = {k for k in range(len(word))
             if is_word(word[:k] + WILD + word[k + 1:]) or is_word(word[:k] + word[k + 1:])}
    if not wrong and not any(is_word(word[:k] + WILD + word[k:]) for k in range(len(word) + 1)):
        wrong = set(range(len(word)))
    doubted = {at[k] for k in wrong}
    return [_marked(c) if k in doubted else c for k, c in enumerate(row_cards)]


SURE = 0.95  # a card this sure has no other letter suggested ...
LIKELY = 0.05  # ... else its alternatives this likely are
COMBINATIONS = 256  # readings tried at most (bounded work)
SUGGESTIONS = 3  # words suggested at most


def _suggestions(cards: list[Card], is_word: Callable[[str], bool]) -> tuple[str, ...]:
    """Other readings that are words: each unsure card may be its next likeliest letter.
    The word list only ranks these; the reading itself stays what the cards look like."""
    options = []
    for c in cards:
        choices = [(c.letter, c.confidence)]
        if c.confidence < SURE:
            choices += [a for a in c.alternatives if a[1] > LIKELY]
        options.append(choices)
    readings = []
    for combo in itertools.islice(itertools.product(*options), COMBINATIONS):
        word = "".join(letter for letter, _ in combo)
        likelihood = float(np.prod([p for _, p in combo]))
        readings.append((likelihood, word))
    readings.sort(reverse=True)
    read_word = "".join(c.letter for c in cards)
    return tuple(w for _, w in readings if w != read_word and WILD not in w and is_word(w))[:SUGGESTIONS]


class Steps:
    """What a reading shows of its steps: each step hands `keep` a name and a function that
    draws its image, to be called at once or never (later steps go on with the values it
    draws). This one keeps nothing and draws nothing (read's default); ImagesKept keeps
    them all (read_debug)."""

    def keep(self, name: str, draw: Callable[[], np.ndarray]) -> None:
        pass


NO_STEPS = Steps()


class ImagesKept(Steps):
    """Keeps each step's image by name, in the order the steps ran: "gray" (the photo in
    grey), "paper" (the light paper found, white), "ink" (the print at the ink level kept,
    white), "letters" (the shapes that look like letters in orange, the row's in green,
    cards found in its gaps in blue), "cards" (every card read, boxed and labelled) and
    "card-00", "card-01" ... (each card's crop, in the reading's order)."""

    def __init__(self):
        self.images: dict[str, np.ndarray] = {}

    def keep(self, name: str, draw: Callable[[], np.ndarray]) -> None:
        self.images[name] = draw()


def read(data: bytes | Photo, alphabet: str = LETTERS, is_word: Callable[[str], bool] | None = None,
         steps: Steps | None = None, deck: str = "foot") -> Reading:
    """Read the laid-down row in a photo: its file's bytes, or a Photo already opened (to use
    its pixels again without a second decode). Raises UnreadablePhoto with a player's message.
    `is_word` only ranks other readings; `steps`, when given, is shown each step's image
    (Steps); `deck` is one of DECKS: "foot" (FOOT!, ZOOT! and its Poker), "fez", "family"."""
    start = time.perf_counter()
    photo = data if isinstance(data, Photo) else open_photo(data)
    word, cards, suggestions = read_photo(photo, alphabet, steps, is_word, deck)
    return Reading(word, tuple(cards), photo.width, photo.height,
                   time.perf_counter() - start, suggestions)


def read_debug(data: bytes | Photo, alphabet: str = LETTERS,
               is_word: Callable[[str], bool] | None = None,
               deck: str = "foot") -> tuple[Reading, dict[str, np.ndarray]]:
    """read(), the same steps, with each step's image kept by name (ImagesKept): grey and
    single-channel images as they are, drawings and crops in RGB."""
    kept = ImagesKept()
    return read(data, alphabet, is_word, kept, deck), kept.images


def _draw(image: np.ndarray, found: list[Glyph], row: Row | None, row_gaps: list[CardAt]) -> np.ndarray:
    """Letters found (orange), the row's letters (green), cards found in its gaps (blue: a
    letter there, a cross for a WILD), on a copy of the RGB image."""
    out = image.copy()
    for shapes, colour in ((found, ORANGE), (row.members if row else [], GREEN)):
        for g in shapes:
            cv2.rectangle(out, (g.x, g.y), (g.x + g.w, g.y + g.h), colour, 2)
    for card in row_gaps:
        if card.wild:
            r = int(0.3 * row.size)
            cv2.drawMarker(out, (int(card.x), int(card.y)), BLUE, cv2.MARKER_TILTED_CROSS, 2 * r, 3)
        else:
            g = card.letter
            cv2.rectangle(out, (g.x, g.y), (g.x + g.w, g.y + g.h), BLUE, 2)
    return out


ORANGE, GREEN, BLUE, RED = (255, 140, 0), (0, 200, 0), (0, 80, 255), (230, 0, 0)  # RGB


def _draw_cards(photo: Photo, cards: list[Card]) -> np.ndarray:
    """Every card read on a copy of the photo's working image: the row's boxed in green,
    the others in orange, an unsure one (below LOW_CONFIDENCE) in red, each labelled with
    its letter (or ZAP name) and confidence."""
    out = photo.image.copy()
    for card in cards:
        x0, y0, x1, y1 = (int(v * photo.scale) for v in card.box)
        colour = RED if card.confidence < LOW_CONFIDENCE else GREEN if card.in_row else ORANGE
        cv2.rectangle(out, (x0, y0), (x1, y1), colour, 2)
        label = f"{card.name or card.letter} {card.confidence:.2f}".replace(STAR, "*")
        cv2.putText(out, label, (x0, max(12, y0 - 4)), cv2.FONT_HERSHEY_SIMPLEX, 0.5, colour, 1)
    return out


def _crop(photo: Photo, box: tuple[int, int, int, int]) -> np.ndarray:
    """The card's box (photo pixels) cut from the working image, clipped to it."""
    height, width = photo.image.shape[:2]
    x0, y0, x1, y1 = (int(v * photo.scale) for v in box)
    x0, x1 = min(max(0, x0), width - 1), min(max(x0 + 1, x1), width)
    y0, y1 = min(max(0, y0), height - 1), min(max(y0 + 1, y1), height)
    return photo.image[y0:y1, x0:x1].copy()
