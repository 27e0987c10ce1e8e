"""Finding the cards: dark letters on light cards, then the row they make.

The reader looks for the letters first, not the card outlines: ink is the one thing that
stays dark against its card whatever the table (a pale laminate as light as the cards,
a checked cloth, wood grain). A card is where a letter sits on a light surround.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from functools import cached_property, wraps
from typing import Callable, TypeVar

import cv2
import numpy as np

from .printed import closest, words

_Answer = TypeVar("_Answer")


def once_per_shape(key: Callable[[Glyph], tuple]) -> Callable:
    """Memoise `look(plane, glyph)`, a pure function of one of the photo's planes (made once
    and never changed) and the glyph's `key`: the row finder looks at the same letter again
    at each ink level and from step after step (a card's tilt, a letter's own ink). The
    answers live as long as the plane: dropped when it is."""

    def memoised(look: Callable[[np.ndarray, Glyph], _Answer]) -> Callable[[np.ndarray, Glyph], _Answer]:
        answers: dict[int, dict[tuple, _Answer]] = {}

        @wraps(look)
        def at(plane: np.ndarray, glyph: Glyph) -> _Answer:
            known = answers.get(id(plane))
            if known is None:  # a plane not seen yet: its answers go when it goes
                known = answers[id(plane)] = {}
                weakref.finalize(plane, answers.pop, id(plane), None)
            where = key(glyph)
            if where not in known:
                known[where] = look(plane, glyph)
            return known[where]

        return at

    return memoised

INK = 0.38  # darker than this share of the local paper white is ink (shadows stay above)
# Faint print (light ink, blur, a small far-off row) needs a looser threshold: the reader
# tries these in turn and keeps the one that finds the fullest row.
INK_LEVELS = (INK, 0.5, 0.62)
# Neighbouring letters of a row are at most this many letter sizes apart: room for a WILD
# card (no big letter) between two letters, with wide gaps either side.
MAX_GAP = 5.5
# The next card past a row's end lies at most PAST_END off the way the row's curve runs there.
PAST_END = np.radians(25)
# ... or at most PAST_END_TURNED off when its card lies along the step to it (within
# ALONG_ITS_CARD degrees): a row turning faster than its letters so far showed.
PAST_END_TURNED = np.radians(40)
ALONG_ITS_CARD = 12.0
TURN_MOST = np.tan(np.radians(60))  # no card of a row turns more than this from its line
SAME_SIZE = 1.45  # a deck's letters are within this factor of one another's size
BOWED = 3  # a row of this many letters already shows a bow: the way it runs at each card curves
REACHING_CURVE = 4  # a curve to reach past the row's ends by is fitted from this many letters
# on (through fewer, one letter off the line swings it too far)
ON_LINE = 0.6  # a letter of the row lies within this many letter sizes of its centre line
REACH = 2.5  # ... and within this many letter sizes past its ends
PAST_END_STEP = (0.5, 2.6)  # the next card past an end lies at least this many letter sizes on
# (not the end card's own print) and at most this many pitches (room for a WILD between)


@dataclass
class Glyph:
    """One dark shape on a light surround, in working-image pixels."""

    label: int
    x: int
    y: int
    w: int
    h: int
    area: int
    paper: float = 1.0  # how much of the ring just around its strokes is light paper
    cx: float = field(init=False)
    cy: float = field(init=False)
    size: float = field(init=False)  # the letter's size, robust to thin letters
    # What the table's word finder classified it as (ocr/table.py), at its likeliest quarter
    # turn: the turn in degrees, the letter ("" for none) and that letter's probability.
    turn: float = field(default=0.0, compare=False)
    letter: str = field(default="", compare=False)
    chance: float = field(default=0.0, compare=False)

    def __post_init__(self):
        self.cx, self.cy = self.x + self.w / 2, self.y + self.h / 2
        self.size = float(max(self.h, self.w))

    @property
    def hairline(self) -> bool:
        """Whether it is a line, no letter: a card's side or frame, a crack in the table (its
        ink fills under HAIRLINE of its size's square)."""
        return self.area < HAIRLINE * self.size ** 2


#: The thinnest I a card is printed in (a light font's) fills six hundredths of its size's
#: square with ink, a bold one a fifth; a card's side, a line a pixel or three wide, two to
#: four hundredths.
HAIRLINE = 0.045


WIDE_WHITE, NEAR_WHITE = 0.08, 0.05  # the whites' reach, as a part of the photo's longer side
WHITE_PIXELS = (15, 9)  # ... and at least this many pixels (wide, near): more than a stroke
SHADED = 0.75  # a card's own white may be this much darker than its neighbours' (a shadow)
LIGHT = 0.7  # a ratio (light_ratios') above this is light paper, not print nor table


def light_ratios(gray: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(ink ratio, paper ratio): each pixel's brightness over the paper white near it, and
    over the widest white around it (1 = paper, ~0.2 = ink). The whites are maximum
    filters, so shadows and uneven light cancel out. The paper ratio tells a card from a
    paler table (a card is the lightest thing around); by the ink ratio a card left darker
    by a shadow, or by glare beside it, keeps its own white (up to a quarter darker than
    its neighbours'), so that its letter and its face stay whole."""
    side = max(gray.shape)
    wide = cv2.max(_white(gray, max(WHITE_PIXELS[0], int(WIDE_WHITE * side))), 1.0)
    near = cv2.max(_white(gray, max(WHITE_PIXELS[1], int(NEAR_WHITE * side))), SHADED * wide)
    gray = gray.astype(np.float32)
    return cv2.divide(gray, near), cv2.divide(gray, wide)


def _white(gray: np.ndarray, k: int) -> np.ndarray:
    """The lightest within k pixels (more than a letter's stroke), smoothed."""
    k |= 1
    white = cv2.dilate(gray, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    return cv2.blur(white, (k, k)).astype(np.float32)


FACE_BAYS = 0.012  # bays narrower than this share of the photo's longer side are closed
# (a wide letter that nearly reaches its card's edge leaves one)


def paper_faces(ratio: np.ndarray) -> np.ndarray:
    """Where light paper (cards, tiles, a pale table) lies, with everything printed on it:
    light regions, their narrow bays closed and their holes filled. A wide letter that
    nearly reaches its card's edge stays apart from a dark table around the card."""
    paper = (ratio > LIGHT).astype(np.uint8)
    k = max(3, int(FACE_BAYS * max(ratio.shape))) | 1
    paper = cv2.morphologyEx(paper, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    outside = np.pad(1 - paper, 1, constant_values=1)
    mask = np.zeros((outside.shape[0] + 2, outside.shape[1] + 2), np.uint8)
    cv2.floodFill(outside, mask, (0, 0), 2)
    return (outside[1:-1, 1:-1] != 2).astype(np.uint8)


ON_PAPER = 0.8  # a letter's surround is at least this light; a letter near its card's edge less
MAYBE_ON_PAPER = 0.35  # the first look keeps shapes this light around: a letter by its card's edge
SMALLEST = 10  # a letter is at least this many working pixels tall or wide
LEAST_AREA = 20  # ... and has at least this many pixels of ink
LARGEST = 0.7  # a shape bigger than this share of the photo's shorter side is the table's
SPARSEST = 0.08  # a shape filling less of its box than this is a frame or a grain, no letter
SOLID_FILL = 0.8  # a squarish shape filling more than this of its box may be a blob ...
SOLID = 0.95  # ... and is one when it fills this much of its convex hull (no holes, no bays)
TALL = 2.5  # a shape this many times taller than wide is a bar (an I, or the gap between cards)
BOLD_BAR = 2.0  # a solid shape this many times taller than wide, with paper past both ends, is
# a bold I, no blob (EIN?T's, 29 x 63 pixels, was dropped as one: EN?T)
HAIRLINE = 0.045  # a bar thinner than this share of its height is a hairline, no stroke


def glyphs(ratio: np.ndarray, threshold: float = INK, min_size: int = SMALLEST,
           on_paper: float = ON_PAPER,
           faces: np.ndarray | None = None) -> tuple[list[Glyph], np.ndarray, np.ndarray]:
    """Dark shapes that could be letters, with at least `on_paper` of light paper around
    their strokes: (glyphs, ink mask, component labels). `faces` is paper_faces(ratio),
    when it is at hand (the same for every ink level)."""
    ink = (ratio < threshold).astype(np.uint8) & (paper_faces(ratio) if faces is None else faces)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    height, width = ink.shape
    # first what each shape's box says, all at once (a loose cut of a grained table makes
    # thousands of specks): of a letter's size (a letter may fill most of a close-up of two
    # cards; the table more), inside the photo, not sparse
    x, y, w, h, area = stats[1:, :5].T
    size = np.maximum(w, h)
    boxed = ((size >= min_size) & (area >= LEAST_AREA) & (size <= LARGEST * min(height, width))
             & (x > 0) & (y > 0) & (x + w < width) & (y + h < height) & (area / (w * h) >= SPARSEST))
    found = []
    for i in np.flatnonzero(boxed) + 1:
        i = int(i)
        x, y, w, h, area = (int(v) for v in stats[i])
        fill = area / (w * h)
        if (fill > SOLID_FILL and h < TALL * w and w < TALL * h and _solid(labels[y:y + h, x:x + w] == i)
                and not (h >= BOLD_BAR * w and _paper_at_ends(ratio, labels, i, x, y, w, h))):
            continue  # a dark blob or square, not a letter (a heavy B or D has its holes)
        paper = paper_round(ratio, labels, i, x, y, w, h)
        if paper <= on_paper:
            continue
        if h > TALL * w and (w < HAIRLINE * h or not _paper_at_ends(ratio, labels, i, x, y, w, h)):
            continue  # a hairline is no letter's stroke; a dark gap between cards meets the table
        found.append(Glyph(i, x, y, w, h, area, paper))
    return found, ink, labels


def _solid(mask: np.ndarray) -> bool:
    """Whether a shape fills its convex hull: no holes, no bays (a blob, a square)."""
    contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.contourArea(cv2.convexHull(np.concatenate(contours)))
    return float(mask.sum()) > SOLID * hull


RING = (0.06, 0.16)  # the ring round a letter's strokes, in letter sizes: its soft edge
# skipped, its reach
RING_PIXELS = (2, 4)  # ... at least this many pixels each
RING_LIGHT = 0.65  # a ratio above this in that ring is paper (a soft shadow by a card's edge too)


def paper_round(ratio: np.ndarray, labels: np.ndarray, label: int,
                x: int, y: int, w: int, h: int) -> float:
    """A letter is printed on light card: just around its strokes (not around its box,
    whose corners leave a tilted card) nearly everything is light paper. Returns the
    share of that ring that is light."""
    size = max(w, h)
    blur, reach = (max(least, int(k * size)) for least, k in zip(RING_PIXELS, RING))  # skip the soft edge
    y0, y1 = max(0, y - reach), min(labels.shape[0], y + h + reach)
    x0, x1 = max(0, x - reach), min(labels.shape[1], x + w + reach)
    away = cv2.distanceTransform((labels[y0:y1, x0:x1] != label).astype(np.uint8), cv2.DIST_L2, 5)
    ring = (away > blur) & (away <= reach)
    if not ring.any():
        return 0.0
    return float((ratio[y0:y1, x0:x1][ring] > RING_LIGHT).mean())


@once_per_shape(lambda g: (g.x, g.y, g.w, g.h))
def own_ink(ink: np.ndarray, glyph: Glyph) -> np.ndarray:
    """The glyph's own ink in its box: without ink that runs on out of the box (the table at
    a tilted card's corner, a neighbour's letter, a square of a checked cloth) nor the
    specks that reach into it (a corner of the point value, a grain of the table). Read
    only: shared by every step that asks."""
    x0, y0 = max(0, glyph.x - 1), max(0, glyph.y - 1)
    around = ink[y0:glyph.y + glyph.h + 1, x0:glyph.x + glyph.w + 1].astype(np.uint8)
    x, y, w, h = glyph.x - x0, glyph.y - y0, glyph.w, glyph.h
    count, labels, stats, _ = cv2.connectedComponentsWithStats(around, connectivity=8)
    inner = labels[y:y + h, x:x + w]
    if count <= 2:
        own = inner > 0
    else:
        left, top = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
        right, bottom = left + stats[:, cv2.CC_STAT_WIDTH], top + stats[:, cv2.CC_STAT_HEIGHT]
        within = (left >= x) & (top >= y) & (right <= x + w) & (bottom <= y + h)
        own = _not_specks(np.where(within, stats[:, cv2.CC_STAT_AREA], 0))[inner]
    own.setflags(write=False)
    return own


def without_specks(mask: np.ndarray) -> np.ndarray:
    """A letter's pieces without the specks beside them (a corner of the point value)."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    if count <= 2:
        return mask
    return _not_specks(stats[:, cv2.CC_STAT_AREA])[labels]


SPECK = 0.05  # a piece under this share of the largest piece's area is a speck, no stroke


def _not_specks(areas: np.ndarray) -> np.ndarray:
    """Which components (by label; 0 is the background) are pieces of the letter: those of
    at least a twentieth of the largest one's area."""
    areas = areas.copy()
    areas[0] = 0
    return (areas > 0) & (areas >= SPECK * areas.max())


BAR_END = (0.06, 0.15)  # where paper is looked for past a bar's end, in its heights: how far
# past (its soft edge), and the window's side


def _paper_at_ends(ratio: np.ndarray, labels: np.ndarray, label: int,
                   x: int, y: int, w: int, h: int) -> bool:
    """A bar is an I only if card paper goes on past both its ends; the dark gap between
    two cards looks like an I but runs into the table at both ends."""
    rows = np.nonzero((labels[y:y + h, x:x + w] == label).any(axis=1))[0]
    step = max(3, int(BAR_END[1] * h))
    for end_row, direction in ((rows[0], -1), (rows[-1], 1)):
        cols = np.nonzero(labels[y + end_row, x:x + w] == label)[0]
        cx = x + int(cols.mean())
        y0 = y + end_row + direction * int(BAR_END[0] * h)
        y1 = y0 + direction * step
        lo, hi = sorted((y0, y1))
        lo, hi = max(0, lo), min(ratio.shape[0], hi)
        window = ratio[lo:hi, max(0, cx - step // 2):cx + step // 2 + 1]
        if window.size == 0 or float(np.median(window)) < LIGHT:
            return False
    return True


@dataclass
class Row:
    members: list[Glyph]  # in reading order
    direction: np.ndarray  # unit vector along the row, pointing right
    size: float  # typical letter size

    @property
    def angle(self) -> float:
        """The row's tilt in degrees, counter-clockwise positive (image y points down)."""
        return float(np.degrees(np.arctan2(-self.direction[1], self.direction[0])))

    @cached_property
    def centres(self) -> np.ndarray:
        return np.array([(g.cx, g.cy) for g in self.members])

    @cached_property
    def height(self) -> float:
        """The typical height of its letters' boxes: a wide letter (an M, an italic's)
        makes a letter's size its width, while the letters share their height."""
        return float(np.median([g.h for g in self.members]))

    def along(self, x: float, y: float) -> float:
        """How far along the row's direction (x, y) lies (from the photo's origin): what
        orders cards along the row."""
        return float(np.array([x, y]) @ self.direction)

    @cached_property
    def pitch(self) -> float:
        """The step from one card to the next (see _pitch)."""
        return _pitch(steps_between(self.centres), self.size)

    @cached_property
    def _centreline(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, float]:
        """(mean, normal, fit of offset against distance along, first along, last along):
        the gentle curve through the letters' centres, in the row's frame."""
        n = len(self.members)
        return self._curve(2 if n >= REACHING_CURVE else 1 if n >= 2 else 0)

    def _curve(self, degree: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, float]:
        """A polynomial of `degree` through the letters' centres, in the row's frame (as
        _centreline gives it)."""
        points = self.centres
        mean = points.mean(axis=0)
        normal = np.array([-self.direction[1], self.direction[0]])
        along, offset = (points - mean) @ self.direction, (points - mean) @ normal
        return mean, normal, np.polyfit(along, offset, degree), float(along.min()), float(along.max())

    def continues(self, glyph: Glyph, reach: float = REACH, any_size: bool = False,
                  tilt: float | None = None) -> bool:
        """Whether a letter of the row's size (of any size, `any_size`) lies on the row's
        line, within it or at most `reach` letter sizes past an end; or where the row,
        bending as it bends, would bring its next card past an end. Its card's `tilt`
        (degrees, as paper_angle gives it), when known, allows for its box's growth."""
        if not any_size and not self._sized_like(glyph, tilt):
            return False
        mean, normal, fit, first, last = self._centreline
        relative = np.array([glyph.cx, glyph.cy]) - mean
        along = float(relative @ self.direction)
        return ((abs(float(relative @ normal) - np.polyval(fit, along)) < ON_LINE * self.size
                 and first - reach * self.size < along < last + reach * self.size)
                or self.past_end(glyph, 0, tilt) or self.past_end(glyph, -1, tilt))

    def _sized_like(self, glyph: Glyph, tilt: float | None) -> bool:
        """Whether a letter is of the row's letters' size; or too wide for that, but wider
        along the row than across it, as tall across it as its letters are and at most
        WIDEST of their size along it (an M, a W is wider than tall)."""
        growth = _box_growth(tilt)
        most = self.size * SAME_SIZE * growth
        if self.size / SAME_SIZE < glyph.size < most:
            return True
        across, along = self._extents(glyph)
        tall = self._across_height
        return (most <= glyph.size < WIDEST * self.size * growth and along > across
                and tall / SAME_SIZE < across < tall * SAME_SIZE * growth)

    def _extents(self, glyph: Glyph) -> tuple[float, float]:
        """A letter's box's extent (across the row, along it)."""
        dx, dy = np.abs(self.direction)
        return glyph.w * dy + glyph.h * dx, glyph.w * dx + glyph.h * dy

    @cached_property
    def _across_height(self) -> float:
        """The typical extent of its letters' boxes across the row."""
        return float(np.median([self._extents(g)[0] for g in self.members]))

    @cached_property
    def _bend(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, float]:
        """Like _centreline, but curved from three letters on: for the way the row runs at
        each card (not for reaching past its ends)."""
        return self._curve(min(2, len(self.members) - 1))

    def angle_at(self, x: float, y: float) -> float:
        """The row's tilt where it passes (x, y), in degrees like `angle`: the cards of a
        curved row (a bow, an arc) turn with it, the end cards most."""
        if len(self.members) < BOWED:
            return self.angle
        mean, normal, fit, first, last = self._bend
        along = min(max(float((np.array([x, y]) - mean) @ self.direction), first), last)
        slope = float(np.clip(np.polyval(np.polyder(fit), along), -TURN_MOST, TURN_MOST))
        way = self.direction + slope * normal
        return float(np.degrees(np.arctan2(-way[1], way[0])))

    def step_past(self, end: int) -> tuple[np.ndarray, float]:
        """Where the next card past an end (0 the first, -1 the last) would have its letter,
        and the row's tilt there (degrees, like `angle`): a card's step on along the curve
        through the letters, bending as it bends (an arc, a bow)."""
        mean, normal, fit, first, last = self._bend
        outward = 1.0 if end == -1 else -1.0
        at = last if end == -1 else first
        slope = float(np.clip(np.polyval(np.polyder(fit), at), -TURN_MOST, TURN_MOST))
        on = at + outward * self.pitch / np.sqrt(1 + slope * slope)
        slope = float(np.clip(np.polyval(np.polyder(fit), on), -TURN_MOST, TURN_MOST))
        way = self.direction + slope * normal
        point = mean + on * self.direction + float(np.polyval(fit, on)) * normal
        return point, float(np.degrees(np.arctan2(-way[1], way[0])))

    def past_end(self, glyph: Glyph, end: int, tilt: float | None = None) -> bool:
        """Whether a letter lies where the row would go on past an end: within a card or two
        (room for a WILD card between) of the end letter, at most PAST_END off the way
        from it to where the next card would be; or, when its card's `tilt` (degrees, as
        paper_angle gives it) says the card lies along that step, as a card of a row that
        turns more than its letters so far showed (the end cards of an arc), at most
        PAST_END_TURNED off."""
        if len(self.members) < 2:
            return False
        point, _ = self.step_past(end)
        way = _unit(point - self.centres[end])
        step = np.array([glyph.cx, glyph.cy]) - self.centres[end]
        distance = float(np.hypot(*step))
        nearest, farthest = PAST_END_STEP
        if not (nearest * self.size < float(step @ way) and distance < farthest * self.pitch):
            return False
        off = float(np.arccos(np.clip(step @ way / distance, -1, 1)))
        if off < PAST_END:
            return True
        if tilt is None or off > PAST_END_TURNED:
            return False
        along = np.degrees(np.arctan2(-step[1], step[0]))  # the step's tilt, as `angle`
        return abs((tilt - along + 45) % 90 - 45) < ALONG_ITS_CARD


PAIR_STEP = 2.5  # two letters further apart than this many letter sizes are less likely a word of two
NEAREST_NEIGHBOUR = 0.4  # a line is tried through a letter and those at least this many letter
NEIGHBOURS_TRIED = 4  # sizes from it (not its own pieces), this many of the nearest
IN_LINE = 0.35  # a letter lies on a line tried when within this many letter sizes of it
UPRIGHT_LONE = 0.6  # a lone letter is one taller than this share of its width (no bar lying down)


def find_row(found: list[Glyph], weights: np.ndarray | None = None,
             tilts: np.ndarray | None = None) -> Row | None:
    """The laid-down word: the longest run of same-size letters along a line.
    Several candidate lines are tried (through each letter and its near neighbours); the
    one whose letters add up to the most letter height (times how much each looks like a
    letter, when `weights` says) wins, so a row of big letters beats the row of small
    index letters in the cards' corners. When two letters win, the two side by side do: a
    card lying apart by a word of two, bigger in the photo, is no letter of it (PAIR_STEP).
    `tilts`, each letter's card's angle (paper_angle) when known, helps follow a row that
    turns past its ends."""
    if not found:
        return None
    centres = np.array([(g.cx, g.cy) for g in found])
    sizes = np.array([g.size for g in found])
    weights = np.ones(len(found)) if weights is None else weights
    best, best_score = None, 0.0
    pair, pair_score = None, 0.0  # the best of two letters, nearness counted (PAIR_STEP)
    for i, g in enumerate(found):
        similar = np.nonzero((sizes > g.size / SAME_SIZE) & (sizes < g.size * SAME_SIZE))[0]
        distance = np.hypot(*(centres[similar] - centres[i]).T)
        near = similar[(distance > NEAREST_NEIGHBOUR * g.size) & (distance < MAX_GAP * g.size)]
        near = near[np.argsort(np.hypot(*(centres[near] - centres[i]).T))][:NEIGHBOURS_TRIED]
        for j in near:
            members = _chain(found, centres, sizes, i, j)
            score = sum(found[k].size * weights[k] for k in members)
            if score > best_score:
                best, best_score = members, score
            if len(members) == 2:
                step = float(np.hypot(*np.subtract(*centres[members]))) / np.mean(sizes[members])
                if (near_score := score * min(1.0, PAIR_STEP / step)) > pair_score:
                    pair, pair_score = members, near_score
    if best is not None and len(best) == 2:  # a word of two: the letters side by side
        best = pair
    if best is None:  # a single letter
        g = max(found, key=lambda g: g.size * (g.h > UPRIGHT_LONE * g.w))
        return Row([g], np.array([1.0, 0.0]), g.size)
    return _followed(found, _ordered(found, centres, _grow(centres, sizes, best)), tilts)


def _followed(found: list[Glyph], row: Row, tilts: np.ndarray | None = None) -> Row:
    """Follow a row that turns (an arc, a strong bow) on past its ends card by card, where
    one curve through all its letters no longer fits: each time, the nearest letter of
    the row's size where the row, turning as it turns, brings its next card."""
    tried: set[int] = set()
    while len(row.members) >= 2:
        taken = {id(g) for g in row.members} | tried
        added = []
        for end in (0, -1):
            beyond = [g for k, g in enumerate(found) if id(g) not in taken
                      and row.size / SAME_SIZE < g.size < row.size * SAME_SIZE
                      and row.past_end(g, end, None if tilts is None else float(tilts[k]))]
            if beyond:
                added.append(min(beyond, key=lambda g: np.hypot(g.cx - row.centres[end][0],
                                                                g.cy - row.centres[end][1])))
        added = [g for k, g in enumerate(added) if all(g is not h for h in added[:k])]
        if not added:
            break
        tried.update(id(g) for g in added)
        row = row_through(row.members + added)
    return row


def _box_growth(tilt: float | None) -> float:
    """How much bigger a letter's upright box is for its card's tilt (degrees, when known):
    a letter turned 45 degrees spans 1.41 times its size (an arc's end cards turn most)."""
    if tilt is None:
        return 1.0
    return float(abs(np.cos(np.radians(tilt))) + abs(np.sin(np.radians(tilt))))


def _unit(v: np.ndarray) -> np.ndarray:
    return v / max(float(np.hypot(*v)), 1e-9)


def row_through(members: list[Glyph]) -> Row:
    """The row these letters make, in reading order."""
    centres = np.array([(g.cx, g.cy) for g in members])
    return _ordered(members, centres, list(range(len(members))))


def _grow(centres: np.ndarray, sizes: np.ndarray, members: list[int]) -> list[int]:
    """Follow a curved or tilted row past the straight line that found it: fit a gentle
    curve through the letters so far and take in same-size letters that continue it."""
    members = list(members)
    while len(members) >= 2:
        points = centres[members]
        mean = points.mean(axis=0)
        direction = np.linalg.svd(points - mean)[2][0]
        normal = np.array([-direction[1], direction[0]])
        along, offset = (centres - mean) @ direction, (centres - mean) @ normal
        size = float(np.median(sizes[members]))
        fit = np.polyfit(along[members], offset[members], 2 if len(members) >= REACHING_CURVE else 1)
        low, high = along[members].min(), along[members].max()
        added = [k for k in range(len(centres)) if k not in members
                 and size / SAME_SIZE < sizes[k] < size * SAME_SIZE
                 and abs(offset[k] - np.polyval(fit, along[k])) < ON_LINE * size
                 and low - MAX_GAP * size < along[k] < high + MAX_GAP * size]
        if not added:
            return members
        members += added
    return members


def _chain(found, centres, sizes, i, j) -> list[int]:
    """Letters along the line through i and j, of i's size, without big gaps."""
    direction = centres[j] - centres[i]
    direction /= np.hypot(*direction)
    normal = np.array([-direction[1], direction[0]])
    size = (sizes[i] + sizes[j]) / 2
    offsets = (centres - centres[i]) @ normal
    along = (centres - centres[i]) @ direction
    inline = np.nonzero((np.abs(offsets) < IN_LINE * size) &
                        (sizes > size / SAME_SIZE) & (sizes < size * SAME_SIZE))[0]
    inline = inline[np.argsort(along[inline])]
    # keep the unbroken run that holds i
    runs, run = [], [inline[0]]
    for a, b in zip(inline, inline[1:]):
        if along[b] - along[a] > MAX_GAP * size:
            runs.append(run)
            run = []
        run.append(b)
    runs.append(run)
    return next(r for r in runs if i in r)


def _ordered(found, centres, members) -> Row:
    points = centres[members]
    if len(members) >= 2:
        mean = points.mean(axis=0)
        _, _, vt = np.linalg.svd(points - mean)
        direction = vt[0]
    else:
        direction = np.array([1.0, 0.0])
    if direction[0] < 0:
        direction = -direction
    order = np.argsort(points @ direction)
    in_order = _unsqueezed([found[members[k]] for k in order])
    return Row(in_order, direction, float(np.median([g.size for g in in_order])))


def steps_between(points) -> np.ndarray:
    """The distance from each of a sequence of (x, y) points to the next."""
    return np.hypot(*np.diff(np.reshape(np.asarray(points, dtype=float), (-1, 2)), axis=0).T)


FULL_LETTER = 0.5  # a letter with more ink than this share of the row's usual is a full one
SEAM = 0.62  # a letter this share of the pitch or nearer its two neighbours is a seam


def _unsqueezed(row: list[Glyph]) -> list[Glyph]:
    """Drop a 'letter' squeezed between two others much closer than the cards' pitch:
    the dark gap between two cards, not a card of its own."""
    while len(row) >= 3:
        steps = steps_between([(g.cx, g.cy) for g in row])
        # the pitch from the fuller letters alone: the thin seams may be many
        size = float(np.median([g.size for g in row]))
        area = float(np.median([g.area for g in row]))
        full = [(g.cx, g.cy) for g in row if g.area > FULL_LETTER * area]
        pitch = _pitch(steps_between(full), size) if len(full) >= 3 else float(np.median(steps))
        seams = np.nonzero(squeezed([(g.cx, g.cy) for g in row], pitch))[0]
        if not len(seams):
            return row
        row = [g for k, g in enumerate(row) if k != min(seams, key=lambda k: row[k].area)]
    return row


def squeezed(points, pitch: float) -> np.ndarray:
    """Which of a row's points (in order along it) lie nearer both their neighbours than
    SEAM of the cards' `pitch`: a seam between two cards, not a card of its own. An end
    point has one neighbour and never is."""
    steps = steps_between(points)
    near = steps < SEAM * pitch
    between = np.zeros(len(steps) + 1, bool)
    between[1:-1] = near[:-1] & near[1:]
    return between


ONE_LETTER = 1.5  # two pieces of ink within this many letter sizes along the row are one letter
ONE_LETTER_STEP = 0.6  # ... when their centres are this share of the pitch apart or nearer
TOUCHING = 0.1  # ... or the blank between them is narrower than this many letter sizes
MOST = 0.5  # a loose shape holds a piece of ink when it covers more than this share of its box's
TALLEST = 1.4  # a letter's whole shape is at most this many letter sizes tall


def joined(ink: np.ndarray, row: Row, loose: np.ndarray | None = None) -> tuple[Row, list[Glyph]]:
    """The row with each letter that broke into pieces made whole again: a serif letter whose
    hairlines were lost to blur leaves an H as two bars and an M as a bar and a V. Two
    neighbours are one letter when their ink spans no more than a letter along the row
    and they are much closer than the cards' pitch or all but touch (letters on two cards
    are a card's margins apart), or a `loose` cut of the ink holds them as one shape of a
    letter's size (one_shape: a thin print's every H, U and N two bars, the row's pitch is
    theirs, and THUNDER read THHUUNNDDER). Returns the row and the joined letters."""
    if len(row.members) < 2:
        return row, []
    pitch = row.pitch
    members, made = list(row.members), []
    extents = [_along_extent(ink, g, row.direction) for g in members]
    k = 0
    while k < len(members) - 1:
        a, b = members[k], members[k + 1]
        (low_a, high_a), (low_b, high_b) = extents[k], extents[k + 1]
        step = float(np.hypot(b.cx - a.cx, b.cy - a.cy))
        span = max(high_a, high_b) - min(low_a, low_b)
        apart = max(low_b - high_a, low_a - high_b)  # the blank between their inks
        size = max(a.size, b.size, row.size)
        if span < ONE_LETTER * size and (step < ONE_LETTER_STEP * pitch or apart < TOUCHING * size
                                         or (loose is not None and one_shape(loose, a, b, size))):
            x0, y0 = min(a.x, b.x), min(a.y, b.y)
            x1, y1 = max(a.x + a.w, b.x + b.w), max(a.y + a.h, b.y + b.h)
            main = a if a.area >= b.area else b
            whole = Glyph(main.label, x0, y0, x1 - x0, y1 - y0, a.area + b.area, min(a.paper, b.paper))
            members[k:k + 2] = [whole]
            extents[k:k + 2] = [(min(low_a, low_b), max(high_a, high_b))]
            made = [g for g in made if g not in (a, b)] + [whole]
            continue
        k += 1
    if not made:
        return row, []
    return Row(members, row.direction, float(np.median([g.size for g in members]))), made


def one_shape(loose: np.ndarray, a: Glyph, b: Glyph, size: float) -> bool:
    """Whether one shape of the `loose` cut holds both glyphs (most of the loose ink in each
    one's box), no taller than TALLEST letter sizes nor wider than WIDEST: a letter, not
    two run together through a card's edge or the table."""
    margin = int(WIDEST * size)
    x0, y0 = max(0, min(a.x, b.x) - margin), max(0, min(a.y, b.y) - margin)
    window = loose[y0:max(a.y + a.h, b.y + b.h) + margin, x0:max(a.x + a.w, b.x + b.w) + margin]
    _, labels, stats, _ = cv2.connectedComponentsWithStats(window.astype(np.uint8), connectivity=8)

    def holder(g: Glyph) -> int:
        inside = labels[max(0, g.y - y0):g.y - y0 + g.h, max(0, g.x - x0):g.x - x0 + g.w]
        counts = np.bincount(inside[inside > 0])
        return int(counts.argmax()) if len(counts) and counts.max() >= MOST * counts.sum() else 0

    label = holder(a)
    if not label or holder(b) != label:
        return False
    x, y, w, h = stats[label, :4]
    return (w <= WIDEST * size and h <= TALLEST * size and x > 0 and y > 0
            and x + w < window.shape[1] and y + h < window.shape[0])


PAST_ENDS = (0.08, 0.15)  # paper looked for past a shape's top and bottom, in letter sizes:
# the window's half side, and how far past its ink


def paper_past_ends(ratio: np.ndarray, ink: np.ndarray, glyph: Glyph, row: Row) -> bool:
    """Whether card paper goes on past a shape's top and its bottom, across the row: a letter
    is printed mid-card, while the dark gap between two cards runs into the table."""
    normal = np.array([-row.direction[1], row.direction[0]])
    across = _ink_offsets(ink, glyph, normal)
    if len(across) == 0:
        return False
    half = max(2, int(PAST_ENDS[0] * row.size))
    for end in (across.min() - PAST_ENDS[1] * row.size, across.max() + PAST_ENDS[1] * row.size):
        x, y = (np.array([glyph.cx, glyph.cy]) + end * normal).astype(int)
        window = ratio[max(0, y - half):y + half + 1, max(0, x - half):x + half + 1]
        if window.size == 0 or float(np.median(window)) < LIGHT:
            return False
    return True


def _along_extent(ink: np.ndarray, glyph: Glyph, direction: np.ndarray) -> tuple[float, float]:
    """Where a glyph's ink begins and ends along the row."""
    along = _ink_offsets(ink, glyph, direction)
    centre = glyph.cx * direction[0] + glyph.cy * direction[1]
    if len(along) == 0:
        return centre, centre
    return float(centre + along.min()), float(centre + along.max())


def _ink_offsets(ink: np.ndarray, glyph: Glyph, axis: np.ndarray) -> np.ndarray:
    """How far each pixel of a glyph's own ink lies from its centre along `axis`."""
    ys, xs = np.nonzero(own_ink(ink, glyph))
    return (xs + glyph.x - glyph.cx) * axis[0] + (ys + glyph.y - glyph.cy) * axis[1]


OTHER_PAPER = 8.0  # this far from the row's cards' paper colour (in Lab a*b*) is no card of the row
DIMMEST_PAPER = 0.6  # ... nor is paper this much darker (Lab L*) than theirs (a shadow dims it less)


# a letter printed fainter than the row, seen whole only at a looser cut (_faint_letter):
WHOLE_FAINT = 0.9  # this share of the print at the row's cut must be pieces of a faint letter
FAINT_LETTER = (0.8, 0.3)  # a faint letter's least height and width, in the row's letter sizes
FAINT_OFF = 0.35  # ... and how far off its card's middle it may lie
FAINT_PAST_END = 0.55  # ... past an end, where that middle is a guess (a short row's pitch
# and way are rough): as far as _big_shape looks
CARDS_MISSING = 0.35  # a gap of this share of a pitch more than whole steps holds one more card
WIDE_PAIR = 1.9  # two lone letters this many letter sizes apart may have a WILD between them


@dataclass(frozen=True)
class CardAt:
    """A card found at a place the row leaves room for one (working pixels): a WILD (small
    print only, the word WILD), or a card whose big shape there is its letter."""

    x: float  # the place, the card's centre
    y: float
    letter: Glyph | None = None  # None for a WILD

    @property
    def wild(self) -> bool:
        return self.letter is None


def gaps(image: np.ndarray, paper: np.ndarray, ink: np.ndarray, row: Row,
         looser: np.ndarray | None = None,
         names: CardNames | None = None) -> list[CardAt]:
    """Cards the row finder missed: where the row leaves a gap of about one card (or could
    go on at an end) and a card of the row's paper lies there. Each is a WILD card, or the
    big shape found there: a letter too faint or too odd to have been taken for one
    before. Cards pushed together may hide a WILD between two letters less than two steps
    apart, where that step is the exception (when most are as long, the row is of other
    print): only a WILD counts there, a letter would be a neighbour's again. Past an end, a
    WILD may also lie a little off the row's way (_wild_near). `looser`, a looser cut of the
    ink, shows a letter printed fainter than the row's whole (_card_at). With `names`, a
    card of other paper than the row's is a WILD when its print reads as the word (card_at)."""
    centres, pitch = row.centres, row.pitch
    steps = steps_between(centres)
    slots = []  # (x, y, which kind of place: GAP, TIGHT_GAP or PAST_AN_END)
    tight = steps > SQUEEZED_WILD * pitch
    tight &= 2 * tight.sum() <= len(steps)
    for k, step in enumerate(steps):  # gaps inside the row
        missing = int(step / pitch + CARDS_MISSING) - 1  # a card's worth of gap, and some
        if len(steps) == 1 and step > WIDE_PAIR * row.size:
            missing = max(missing, 1)  # two letters wide apart: perhaps a WILD between
        for m in range(1, missing + 1):
            slots.append((*(centres[k] + (centres[k + 1] - centres[k]) * m / (missing + 1)), GAP))
        if not missing and tight[k]:
            slots.append((*(centres[k] + centres[k + 1]) / 2, TIGHT_GAP))
    slots = [(x, y, row.angle_at(x, y), kind) for x, y, kind in slots]
    for end in (0, -1):  # past each end, where the row (bending as it bends) goes on
        (x, y), angle = row.step_past(end)
        slots.append((x, y, angle, PAST_AN_END))
    scene = RowScene(image, paper, ink, row, row_paper(image, paper, row), looser, names)
    found = []
    for x, y, angle, kind in slots:
        card = card_at(scene, float(x), float(y), angle, strict=kind == TIGHT_GAP,
                       faint=kind != TIGHT_GAP, off=FAINT_PAST_END if kind == PAST_AN_END else FAINT_OFF)
        if card is None and kind == PAST_AN_END:
            card = _wild_near(scene, float(x), float(y), angle)
        if card is not None and (card.wild or kind != TIGHT_GAP):
            found.append(card)
    return found


# where gaps() looks for a card: a gap of a card or more; a step too short for one, where
# only a WILD counts; the next card past an end
GAP, TIGHT_GAP, PAST_AN_END = "gap", "tight gap", "past an end"


WILD_NEAR = (0.4, 0.25)  # how far off a row's way past its end a WILD may lie: across, in
# letter sizes (a row of two letters shows its way only roughly), and along, in steps


def _wild_near(scene: RowScene, x: float, y: float, angle: float) -> CardAt | None:
    """A WILD card near (x, y), where the row would go on past an end; None when none lies
    there. Its print must not be all bars (`strict`), and the reader marks it unsure: it is
    not quite where the next card would lie. Its "print" may be the pieces of a letter
    printed fainter than the row's: with the scene's looser cut, such a letter seen whole
    there is that card's instead (_faint_letter)."""
    row, looser = scene.row, scene.looser
    across, along = WILD_NEAR[0] * row.size, WILD_NEAR[1] * row.pitch
    way = np.array([np.cos(np.radians(angle)), -np.sin(np.radians(angle))])
    normal = np.array([-way[1], way[0]])
    for a, b in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        cx, cy = np.array([x, y]) + a * across * normal + b * along * way
        card = card_at(scene, float(cx), float(cy), angle, strict=True)
        if card is not None and card.wild:
            faint = (_faint_letter(looser, scene.ink, float(cx), float(cy), row.size, FAINT_PAST_END)
                     if looser is not None else None)
            return CardAt(float(cx), float(cy), None if faint is None else faint[0])
    return None


SQUEEZED_WILD = 1.4  # a step of this many pitches between two letters may span a WILD


def row_paper(image: np.ndarray, paper: np.ndarray, row: Row) -> np.ndarray | None:
    """The colour (Lab L*, a*, b*) of the row's cards' paper, or None when none shows."""
    colours = [c for c in (paper_colour(image, _face(paper, g.cx, g.cy, row, a), g.cx, g.cy, a)
                           for g, a in ((g, row.angle_at(g.cx, g.cy)) for g in row.members))
               if c is not None]
    return np.median(colours, axis=0) if colours else None


@dataclass(frozen=True)
class RowScene:
    """What gaps() looks at in every place the row leaves room for a card: the same for all."""

    image: np.ndarray  # RGB
    paper: np.ndarray  # the paper ratio (light_ratios' second)
    ink: np.ndarray  # the ink mask at the row's ink level
    row: Row
    usual: np.ndarray | None  # the colour of the row's cards' paper (row_paper), if any shows
    looser: np.ndarray | None = None  # a looser cut of the ink, if any (_card_at)
    names: CardNames | None = None  # reads a card's printed name, if the deck's are read


def card_at(scene: RowScene, x: float, y: float, angle: float, strict: bool = False,
            faint: bool = False, off: float = FAINT_OFF) -> CardAt | None:
    """The card at (x, y) turned by `angle`, as _card_at finds it, where a card of the row's
    paper (of the scene's usual colour) lies there; else None. `strict` where cards' edges
    and shadows may stand side by side like print (between two cards that lie close, off
    the row's way): a WILD's print must then not be all bars. With `faint`, a letter printed
    fainter is looked for in the scene's looser cut; `off`: as _card_at's. A light card of
    other paper (a WILD's tinted, or in a glare or a shadow the row's other cards are not
    in) with a line of print is a WILD when the scene's names reads that print as the word
    WILD; else it is no card of the row."""
    row, ink, names = scene.row, scene.ink, scene.names
    face = _face(scene.paper, x, y, row, angle)
    colour = paper_colour(scene.image, face, x, y, angle)
    if of_the_row(colour, scene.usual):
        looser = scene.looser if faint else None
        return _card_at(face, ink, x, y, row.size, strict, looser, row.height, off)
    if names is None or colour is None:
        return None
    seen = _card_at(face, ink, x, y, row.size, strict)
    named_wild = seen is not None and seen.wild and names.at(x, y, angle, row.size) == WILD_PRINT
    return seen if named_wild else None


WILD_PRINT = "WILD"  # the name a WILD card of the letter decks prints across its middle
NAME_BAND = (1.7, 1.0)  # the band across a card's middle its name lies in, in letter sizes
NAME_PIXELS = 140  # a letter size is scaled to this many pixels for Tesseract (its name's
# print to about 40, as Tesseract likes it)
NAMES_READ = 4  # places on a photo whose print Tesseract reads at most (bounded work)
SAME_PLACE = 0.25  # a place this many letter sizes from one already read is that one
MOST_ZOOM = 4.0  # print is enlarged at most this many times for Tesseract (more only blurs)


class CardNames:
    """The names printed across the middle of cards in one photo, read by Tesseract where
    the reader asks: each place once (each ink level asks again), at most NAMES_READ places,
    and none for a row of letters under `least_size` (print, no row of the word's letters:
    a striped cloth's pieces at a looser ink level)."""

    def __init__(self, image: np.ndarray, least_size: float = 0.0):
        self.image = image
        self.least_size = least_size
        self.read: list[tuple[float, float, float, str | None]] = []  # (x, y, size, name)

    def at(self, x: float, y: float, angle: float, size: float) -> str | None:
        """The name printed on the card centred on (x, y), turned by `angle`, in a row of
        letters `size` big, if it is WILD_PRINT; None when it is not, or no more places may
        be read, or the row is under the least size."""
        if size < self.least_size:
            return None
        for x0, y0, size0, name in self.read:
            if np.hypot(x - x0, y - y0) < SAME_PLACE * size0:
                return name
        if len(self.read) >= NAMES_READ:
            return None
        k = min(MOST_ZOOM, NAME_PIXELS / max(size, 1.0))
        w, h = (int(f * size * k) for f in NAME_BAND)
        band = cv2.cvtColor(upright(self.image, x, y, angle, w, h, (255, 255, 255), k),
                            cv2.COLOR_RGB2GRAY)
        name = next((n for word, _, _ in words(band) if (n := closest(word, [WILD_PRINT]))), None)
        self.read.append((x, y, size, name))
        return name


def of_the_row(colour: np.ndarray | None, usual: np.ndarray | None) -> bool:
    """Whether a card face's paper `colour` (paper_colour's) is light paper of the row's
    colour (`usual`, row_paper's, when known): not a pale wood, nor a square of the cloth,
    nor a stretch of dark table that is light only next to itself (light_ratios)."""
    return colour is not None and (usual is None or (np.hypot(*(colour - usual)[1:]) <= OTHER_PAPER
                                                     and colour[0] >= DIMMEST_PAPER * usual[0]))


CARD_MIDDLE = (0.9, 1.3)  # a card's middle, in letter sizes: about a letter wide, taller


def _face(paper: np.ndarray, x: float, y: float, row: Row, angle: float) -> np.ndarray:
    """The middle of a card of the row centred on (x, y), upright (turned by `angle`, the
    row's tilt there): its paper ratio, CARD_MIDDLE."""
    return upright(paper, x, y, angle, *(int(f * row.size) for f in CARD_MIDDLE))


LIGHT_PAPER = 0.8  # a paper ratio (light_ratios' second) above this is a card's light paper
LEAST_PAPER = 0.2  # a card's face shows light paper over at least this share of it


def paper_colour(image: np.ndarray, face: np.ndarray, x: float, y: float,
                  angle: float) -> np.ndarray | None:
    """The colour (Lab L*, a*, b*) of the light paper of the card's `face` centred on (x, y)."""
    light = face > LIGHT_PAPER
    if light.sum() < LEAST_PAPER * face.size:
        return None
    # the lighter half of it: a WILD's tinted band or frame, a shadow, are not its paper
    lightest = face >= np.median(face[light])
    h, w = face.shape
    lab = cv2.cvtColor(upright(image, x, y, angle, w, h), cv2.COLOR_RGB2LAB)
    return np.median(lab[lightest].astype(np.float32), axis=0)


LONE_PITCH = 1.8  # a card's pitch, in letter sizes, when no step between two letters shows it
ONE_STEP_MOST = 2.0  # ... and at most this one step's, which may span a WILD card
SHORTEST_STEPS = 1.5  # the pitch is the typical of the steps within this factor of the shortest


def _pitch(steps: np.ndarray, size: float) -> float:
    """The step from one card to the next: the typical of the shortest steps between
    letters (a longer step spans a card with no big letter; a shorter one than a letter
    is no step between cards). With one step, that step may span a WILD card, so it is
    capped at two letter sizes (a wide card and a gap)."""
    if len(steps) == 0:
        return LONE_PITCH * size
    if len(steps) == 1:
        return min(float(steps[0]), ONE_STEP_MOST * size)
    steps = steps[steps > 1.0 * size]  # a card is wider than its letter
    if len(steps) == 0:
        return LONE_PITCH * size
    return float(np.median(steps[steps < SHORTEST_STEPS * steps.min()]))


def paper_share(paper: np.ndarray, x: float, y: float, angle: float, w: int, h: int) -> float:
    """The share of the w x h window centred on (x, y), turned by `angle`, that is light
    paper (`paper`, light_ratios' second). Only the photo counts: a card may run off it."""
    window = upright(paper, x, y, angle, w, h, outside=-1.0)  # paper ratios are >= 0
    inside = window >= 0
    return float((window > LIGHT_PAPER).sum() / max(1, inside.sum()))


def upright(image: np.ndarray, x: float, y: float, angle: float, w: int, h: int,
             outside: float | tuple = 0.0, scale: float = 1.0) -> np.ndarray:
    """The w x h window centred on (x, y), turned to stand square with a row at `angle`
    (and enlarged `scale` times: w and h are the window's pixels then); what lies outside
    the photo counts as `outside`."""
    m = cv2.getRotationMatrix2D((x, y), -angle, scale)
    m[:, 2] += (w / 2 - x, h / 2 - y)
    return cv2.warpAffine(image, m, (w, h), flags=cv2.INTER_LINEAR, borderValue=outside)


HALF_LETTER = 0.55  # half a letter's window, in letter sizes (half a letter and a margin)
PRINT_BAND = (0.15, 1.15)  # the rows of a card's upright middle (CARD_MIDDLE) a WILD's print
# lies in, in letter sizes from its top


def _card_at(face: np.ndarray, ink: np.ndarray, x: float, y: float, size: float,
             strict: bool = False, looser: np.ndarray | None = None,
             height: float | None = None, off: float = FAINT_OFF) -> CardAt | None:
    """The card at (x, y), whose upright `face` is given: None for no card; a WILD for a
    light card with only small print; or the card of the big dark shape on a light card
    there (a letter). With `looser`, a looser cut of the ink: a letter printed fainter than the
    row's (a card in a glare, a lighter print), which broke into pieces that look like
    small print or vanished at `ink`'s, is taken whole from it (_faint_letter). `height`:
    the row's letters' (Row.height), when known; `off`: how far the faint letter may lie from
    (x, y), in letter sizes."""
    if not light_face(face):
        return None
    half = int(HALF_LETTER * size)
    inside = half <= x < ink.shape[1] - half and half <= y < ink.shape[0] - half
    # a line of small print across the middle, perhaps fainter than the big letters and
    # framed by a ring, a band or waves: the word WILD (its card may run off the photo)
    if small_print(face[int(PRINT_BAND[0] * size):int(PRINT_BAND[1] * size)], size, strict):
        faint = (_faint_letter(looser, ink, x, y, size, off) if looser is not None and inside
                 else None)
        return CardAt(x, y, None if faint is None else faint[0])
    if not inside:
        return None
    letter = _big_shape(ink, x, y, size, height)
    if letter is None and looser is not None:
        letter = _faint_letter(looser, ink, x, y, size, off)
    return None if letter is None else CardAt(x, y, letter[0])


BIG_SHAPE_REACH = 1.2  # a letter's pieces are looked for this many letter sizes around a place
TALL_ENOUGH = 0.6  # ... and are taller than this share of the row's letters' height


def _big_shape(ink: np.ndarray, x: float, y: float, size: float, height: float | None = None):
    """The tall shapes of a letter's size centred on (x, y), whole even if it broke in two,
    as one Glyph, with what made it: (glyph, (x0, y0), component labels there, the labels
    taken); None when there are none. Tall means as tall as the row's letters' `height`
    allows (their size when it is not known), for a round O is as tall as an M, not as wide."""
    half, reach = int(HALF_LETTER * size), int(BIG_SHAPE_REACH * size)
    x0, y0 = max(0, int(x) - reach), max(0, int(y) - reach)
    _, labels, stats, centres = cv2.connectedComponentsWithStats(
        ink[y0:int(y) + reach, x0:int(x) + reach], connectivity=8)
    off = np.abs(centres - (x - x0, y - y0))
    taken = np.nonzero((stats[:, 3] > TALL_ENOUGH * (size if height is None else height))
                       & (stats[:, 3] < SAME_SIZE * size)
                       & (stats[:, 2] < WIDEST * size) & (off[:, 0] < half) & (off[:, 1] < half))[0]
    if not len(taken):
        return None
    big = stats[taken]
    left, top = big[:, 0].min(), big[:, 1].min()
    right, bottom = (big[:, 0] + big[:, 2]).max(), (big[:, 1] + big[:, 3]).max()
    glyph = Glyph(-1, x0 + int(left), y0 + int(top), int(right - left), int(bottom - top),
                  int(big[:, 4].sum()))
    return glyph, (x0, y0), labels, taken


def _faint_letter(looser: np.ndarray, ink: np.ndarray, x: float, y: float, size: float,
                  off: float = FAINT_OFF):
    """A letter at (x, y) seen whole only in the `looser` cut, as _big_shape gives it; None
    unless the print in its box, at either cut, is nearly all pieces of it (WHOLE_FAINT):
    a frame or ring round a WILD's word is no letter, the word inside it no piece of it.
    And it must stand like a letter of the row on its own card (FAINT_LETTER): as tall
    (not a letter of the word WILD), wider than a bare bar (not a card's edge at that
    cut), in the card's middle (not a neighbour's stroke): within `off` letter sizes of
    (x, y)."""
    found = _big_shape(looser, x, y, size)
    tall, wide = FAINT_LETTER
    if found is None or found[0].h < tall * size or found[0].w < wide * size \
            or np.hypot(found[0].cx - x, found[0].cy - y) > off * size:
        return None
    glyph, (x0, y0), labels, taken = found
    box = (slice(glyph.y - y0, glyph.y - y0 + glyph.h), slice(glyph.x - x0, glyph.x - x0 + glyph.w))
    pieces = np.isin(labels[box], taken)
    for cut in (ink, looser):
        printed = cut[glyph.y:glyph.y + glyph.h, glyph.x:glyph.x + glyph.w] > 0
        if (printed & pieces).sum() < WHOLE_FAINT * printed.sum():
            return None
    return found


WIDEST = 1.8  # a letter's width, in the row's letter sizes: an M or a W is wider than tall


UNPRINTED = 0.3  # a card's face is unprinted over at least this share of it (a heavy letter
# may cover more than half)
FACE_LIGHT = 0.75  # ... its unprinted paper this light in the middle (median), LIGHT in its
# darker quarter (a checked cloth's dark squares run on past the card)


def light_face(face: np.ndarray, counted: np.ndarray | None = None) -> bool:
    """Whether an upright card `face` (its paper ratio) is light all over but for what is
    printed on it: a checked cloth has light squares too, but its dark squares run on past
    the card; a heavy letter may cover more than half of it. Only the `counted` pixels
    (all by default) count."""
    unprinted = ~_printed(face < LIGHT)
    if counted is not None:
        unprinted &= counted
    unprinted = face[unprinted]
    total = face.size if counted is None else int(counted.sum())
    return (unprinted.size >= UNPRINTED * total and float(np.median(unprinted)) >= FACE_LIGHT
            and float(np.percentile(unprinted, 25)) >= LIGHT)


AROUND_A_LETTER = (CARD_MIDDLE, (0.8, 1.05))  # windows, in letter sizes (across, up), on a
# card's face: the card's middle; the paper just around the letter, for a card turned from
# the row or one whose letter nearly fills it


def on_a_card(image: np.ndarray, paper: np.ndarray, row: Row, x: float, y: float,
              angles: tuple[float, ...], usual: np.ndarray | None) -> bool:
    """Whether the letter centred on (x, y) lies on a card of the row's paper (of colour
    `usual`, row_paper's): a window of it (AROUND_A_LETTER) light but for print, upright
    at one of `angles` (the row's tilt there; its own card's, as a row's end card may lie
    turned from the row). Only the photo counts: the card may run off it."""
    for angle in angles:
        for across, up in AROUND_A_LETTER:
            w, h = int(across * row.size), int(up * row.size)
            face = upright(paper, x, y, angle, w, h, outside=-1.0)  # paper ratios are >= 0
            inside = face >= 0
            if (of_the_row(paper_colour(image, face, x, y, angle), usual)
                    and light_face(np.where(inside, face, 1.0), inside)):
                return True
    return False


def _printed(dark: np.ndarray) -> np.ndarray:
    """The dark shapes on an upright card face that stay clear of its top and bottom (print,
    however wide), not those running on past them (the table, a dark square of the cloth)."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(dark.astype(np.uint8), connectivity=8)
    top, bottom = stats[:, cv2.CC_STAT_TOP], stats[:, cv2.CC_STAT_TOP] + stats[:, cv2.CC_STAT_HEIGHT]
    printed = (top > 0) & (bottom < dark.shape[0])
    printed[0] = False
    return printed[labels]


DARKEST = 0.5  # a card face's darkest print is this percentile of it (not a single pixel)
PRINT_CONTRAST = 0.1  # print is at least this much darker (in paper ratio) than its paper


def print_levels(face: np.ndarray) -> tuple[float, float]:
    """A card face's paper (its typical paper ratio), and the cut faint print is looked for
    at: halfway from the paper to the face's darkest."""
    paper, darkest = np.median(face), np.percentile(face, DARKEST)
    return paper, paper - 0.5 * (paper - darkest)


def small_print(face: np.ndarray, size: float, strict: bool = False) -> bool:
    """Whether an upright card face shows a line of small print across its middle (the
    word WILD), perhaps fainter than the big letters: a few shapes of one height side by
    side (or one word-shaped one, its letters run together by blur), not the scattered
    streaks of a wood grain. `strict`: not all bars either (slivers side by side may be
    cards' edges and their shadows), as a W, an L or a D is not."""
    paper, halfway = print_levels(face)
    # dark print on a tinted band: the band is lighter than halfway to the print
    # the loosest ink cut, or halfway when that is darker
    return any(_line_of_print(face, threshold, size, strict)
               for threshold in {max(INK_LEVELS[-1], halfway), halfway}
               if paper - threshold >= PRINT_CONTRAST)


PRINT_HEIGHT = (0.12, 0.6)  # small print's letters are this tall, in the row's letter sizes
PRINT_WIDEST = 1.2  # ... and at most this wide (a frame's side is wider)
RUN_TOGETHER = (0.2, 2, (0.3, 0.85))  # a word run together is taller than this many letter
# sizes, this many times wider than tall, and fills this share of its box (no line, no blot)
ONE_LINE = 0.12  # a line's letters have their middles within this many letter sizes
ONE_HEIGHT = 1.3  # ... and their heights within this factor of the typical (bar a frame's wisp)
PRINT_LETTERS = (2, 8)  # a line of small print has this many letters at least and at most
NOT_A_BAR = 0.4  # a letter wider than this share of its height is no bar (a W, an L, a D)
PRINT_SPAN = 0.35  # a line of print spans more than this many letter sizes


def _line_of_print(face: np.ndarray, threshold: float, size: float, strict: bool) -> bool:
    """Whether the shapes darker than `threshold` on a card face make a line of small print."""
    count, _, stats, _ = cv2.connectedComponentsWithStats((face < threshold).astype(np.uint8), connectivity=8)
    low, high = PRINT_HEIGHT
    shapes = np.array([st for st in stats[1:]
                       if low * size < st[3] < high * size and st[2] < PRINT_WIDEST * size])
    if len(shapes) == 1:  # a word whose letters ran together (small and blurred): wider
        x, y, w, h, area = shapes[0]  # than tall, and neither a line nor a blot
        tall, wide, (sparse, solid) = RUN_TOGETHER
        return bool(h > tall * size and w > wide * h and sparse < area / (w * h) < solid)
    if len(shapes) < 2:
        return False
    middles = shapes[:, 1] + shapes[:, 3] / 2
    line = shapes[np.abs(middles - np.median(middles)) < ONE_LINE * size]
    if len(line) < 2:
        return False
    typical = np.median(line[:, 3])  # of one height, bar a wisp of the frame
    line = line[(line[:, 3] > typical / ONE_HEIGHT) & (line[:, 3] < typical * ONE_HEIGHT)]
    if not PRINT_LETTERS[0] <= len(line) <= PRINT_LETTERS[1]:
        return False
    if strict and not (line[:, 2] > NOT_A_BAR * line[:, 3]).any():
        return False
    return int((line[:, 0] + line[:, 2]).max() - line[:, 0].min()) > PRINT_SPAN * size


def edge_field(gray: np.ndarray) -> np.ndarray:
    """Each pixel's edge strength times (cos 4θ, sin 4θ) of its direction θ: edges a
    quarter turn apart add up instead of cancelling. Shape (h, w, 2)."""
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    square = gx * gx + gy * gy
    cos2, sin2 = gx * gx - gy * gy, 2 * gx * gy  # |g|² (cos 2θ, sin 2θ)
    cube = square * np.sqrt(square) + 1e-6
    return np.dstack([(cos2 * cos2 - sin2 * sin2) / cube, 2 * cos2 * sin2 / cube])


EDGE_RING = (0.55, 1.2)  # the ring whose edges square a card, in letter sizes: past the
# letter's own strokes, within its card
EDGE_RING_PIXELS = 16  # a ring smaller than this (a shape at the photo's corner) says nothing


@once_per_shape(lambda g: (g.cx, g.cy, g.size))
def paper_angle(edges: np.ndarray, glyph: Glyph) -> float:
    """The tilt of the card or tile under a letter, in degrees within [-45, 45): the
    dominant direction of the edges in a ring around the letter (tile sides, shadows),
    modulo a quarter turn. `edges` is the photo's edge_field."""
    r_in, r_out = EDGE_RING[0] * glyph.size, EDGE_RING[1] * glyph.size
    x0, x1 = int(max(0, glyph.cx - r_out)), int(min(edges.shape[1], glyph.cx + r_out))
    y0, y1 = int(max(0, glyph.cy - r_out)), int(min(edges.shape[0], glyph.cy + r_out))
    if (x1 - x0) * (y1 - y0) < EDGE_RING_PIXELS:
        return 0.0
    yy, xx = np.ogrid[y0:y1, x0:x1]
    squared = (xx - glyph.cx) ** 2 + (yy - glyph.cy) ** 2
    ring = ((squared > r_in ** 2) & (squared < r_out ** 2)).astype(np.float32)
    cos4, sin4 = np.einsum("ij,ijk->k", ring, edges[y0:y1, x0:x1])  # summed over the ring
    # image y points down: turn the edge direction into a counter-clockwise tilt
    return float(-np.degrees(np.arctan2(sin4, cos4) / 4))
