"""Cards that carry no single big letter: FEZ's star cards (a five-pointed star) and the
family game's ZAP cards, which name themselves in print (WILD, DISCARD, REPLACE, 2 TURNS,
CHECK). Stars are told by their shape; ZAP names are read by Tesseract, line by line.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import cv2
import numpy as np

from .find import MOST_ZOOM, Glyph, Row, find_row
from .printed import closest, words

STAR = "★"
ZAP_NAMES = ("WILD", "DISCARD", "REPLACE", "2 TURNS", "CHECK")
#: The word of each name a reader can count on (a lone "2" is no proof of 2 TURNS).
_KEY_WORDS = {name.split()[-1]: name for name in ZAP_NAMES}
PLAIN_WORD = 0.8  # a word Tesseract reads with this confidence is read the right way up
SMALL_PRINT = 1.8  # a shape this many times smaller than a letter beside it is small print
BESIDE = 1.1  # ... when within this many of the letter's sizes of it (on its card)
MAX_LINES = 8  # lines of print read at most in one photo
TESSERACT_BUDGET = 3  # no line is begun after this many seconds on a photo


STAR_OUTLINE = 20  # a star's outline has at least this many points (five points, five notches)
STAR_FILL = (0.35, 0.8)  # a star fills this share of its convex hull, at least and at most
STAR_POINTS = 5
NOTCH_DEPTH = 0.2  # a notch between two points is this share of the star's reach deep, or more
EVEN = 0.2  # the points (and the notches) lie as far from the centre as one another, within
# this share of their mean distance
NOTCHED = 0.75  # the notches lie nearer the centre than this share of the points' distance


def star_shaped(mask: np.ndarray) -> bool:
    """Whether a shape is a five-pointed star: five deep notches between five points, the
    points as far from its centre as one another, and the notches too."""
    contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return False
    outline = max(contours, key=cv2.contourArea)
    area = cv2.contourArea(outline)
    hull = cv2.convexHull(outline, returnPoints=False)
    hull_area = cv2.contourArea(outline[hull[:, 0]])
    if len(outline) < STAR_OUTLINE or hull_area <= 0 or not STAR_FILL[0] < area / hull_area < STAR_FILL[1]:
        return False
    try:
        defects = cv2.convexityDefects(outline, np.sort(hull, axis=0))
    except cv2.error:  # a self-touching outline
        return False
    if defects is None:
        return False
    moments = cv2.moments(outline)
    centre = np.array([moments["m10"], moments["m01"]]) / max(moments["m00"], 1e-6)
    points = outline[:, 0, :].astype(np.float64)
    reach = np.hypot(*(points - centre).T).max()
    defects = defects.reshape(-1, 4)
    deep = defects[defects[:, 3] / 256.0 > NOTCH_DEPTH * reach]  # OpenCV's depths are fixed-point, 8 bits
    if len(deep) != STAR_POINTS:
        return False
    notches = np.hypot(*(points[deep[:, 2]] - centre).T)
    tips = np.hypot(*(points[deep[:, 0]] - centre).T)
    return bool(notches.std() < EVEN * notches.mean() and tips.std() < EVEN * tips.mean()
                and notches.mean() < NOTCHED * tips.mean())


def small_print(shapes: list[Glyph]) -> set[int]:
    """The labels of shapes that sit beside a letter much bigger than they are, on its card:
    a card's index, its points, the family game's word "for information only"."""
    size = np.array([g.size for g in shapes])
    cx, cy = np.array([g.cx for g in shapes]), np.array([g.cy for g in shapes])
    return {g.label for g in shapes
            if ((size >= SMALL_PRINT * g.size) & (np.hypot(cx - g.cx, cy - g.cy) < BESIDE * size)).any()}


@dataclass(frozen=True)
class ZapName:
    """A ZAP card's name read in the photo: the name, Tesseract's confidence in it, and the
    corners of the words read (working pixels)."""

    name: str
    confidence: float
    corners: np.ndarray  # 4 x 2

    def holds(self, glyph: Glyph) -> bool:
        """Whether a shape lies in the name's print (a letter of it)."""
        return self.within(glyph.cx, glyph.cy, 2)

    def within(self, x: float, y: float, reach: float) -> bool:
        """Whether a point lies within `reach` pixels of the name's print."""
        return cv2.pointPolygonTest(self.corners.astype(np.float32), (float(x), float(y)), True) > -reach

    GROW = 0.3  # a card reaches past its name's print by this share of the print's length

    def box(self, scale: float) -> tuple[int, int, int, int]:
        """The card around the name, roughly: the print's box grown to a card's shape, in
        the photo's pixels."""
        (x0, y0), (x1, y1) = self.corners.min(axis=0), self.corners.max(axis=0)
        grow = self.GROW * max(x1 - x0, y1 - y0)
        return tuple(int(v / scale) for v in (x0 - grow / 2, y0 - grow, x1 + grow / 2, y1 + grow))


NAME_LETTERS = 3  # a line of print is read when it has at least this many shapes


def zap_names(gray: np.ndarray, *shape_sets: list[Glyph]) -> list[ZapName]:
    """The ZAP cards' names printed in a photo: lines of the shapes read by Tesseract, the
    right way up or upside down, each word matched to the closest name. The shapes include
    what looks like small print: a name's letters beside its card's bigger icon or banner
    look like it. Each set of shapes is the print seen at one ink level (a name may be seen
    whole at one level and not at another); a line through a name already read (some of
    its letters, and print beside them) is the same card's. One time budget serves all."""
    names: list[ZapName] = []
    started = time.perf_counter()
    for shapes in shape_sets:
        left = list(shapes)
        for _ in range(MAX_LINES):
            if time.perf_counter() - started > TESSERACT_BUDGET:
                return names
            line = find_row(left)
            if line is None:
                break
            taken = {g.label for g in line.members}
            left = [g for g in left if g.label not in taken]
            # a name has four letters or more; a line through a name already read is its card's
            if len(line.members) >= NAME_LETTERS and not any(n.holds(g) for n in names for g in line.members):
                names += [n for n in _names_in(gray, line)
                          if not any(m.within(*n.corners.mean(axis=0), 0) for m in names)]
    return names


LINE_BAND = 3  # the band read around a line of print, in its letter sizes
LINE_PIXELS = 48  # its letters are scaled to about this many pixels (at most MOST_ZOOM times),
# as Tesseract likes them
PLAIN = 3  # a word of this many letters or more, read plainly, shows the line the right way up


def _names_in(gray: np.ndarray, line: Row) -> list[ZapName]:
    """The names Tesseract reads in one line of print, upright along the line or turned
    half way round."""
    xs = [v for g in line.members for v in (g.x, g.x + g.w)]
    ys = [v for g in line.members for v in (g.y, g.y + g.h)]
    pad = line.size
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    length = float(np.hypot(max(xs) - min(xs), max(ys) - min(ys))) + 2 * pad
    height = LINE_BAND * line.size
    k = min(MOST_ZOOM, LINE_PIXELS / max(line.size, 1.0))
    found = []
    for turn in (0, 180):
        m = cv2.getRotationMatrix2D(centre, turn - line.angle, k)
        m[:, 2] += (length * k / 2 - centre[0], height * k / 2 - centre[1])
        crop = cv2.warpAffine(gray, m, (int(length * k), int(height * k)),
                              flags=cv2.INTER_LINEAR, borderValue=255)
        back = cv2.invertAffineTransform(m)
        read = words(crop)
        for word, confidence, (x, y, w, h) in read:
            name = _name(word)
            if name:
                corners = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float64)
                corners = corners @ back[:, :2].T + back[:, 2]
                found.append(ZapName(name, confidence, corners))
        if found or any(len(word) >= PLAIN and word.isalpha() and confidence >= PLAIN_WORD
                        for word, confidence, _ in read):
            return found  # a name, or another word read plainly the right way up (a letter card's)
    return found


def _name(word: str) -> str | None:
    """The ZAP card a word read names, if it is close enough to one.

    >>> _name("DISCARD"), _name("D1SCARD"), _name("TURNS"), _name("APPLE")
    ('DISCARD', 'DISCARD', '2 TURNS', None)
    """
    key = closest(word, _KEY_WORDS)
    return _KEY_WORDS[key] if key else None
