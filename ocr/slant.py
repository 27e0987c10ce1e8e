"""A word's slant, and the word stood up straight. Pure: no Flask.

A card lying toward or away from the camera is drawn leaning: its sides, and its letter's
upright strokes, slant along the row though its top and bottom edges run with it. Across
a row the slant changes (a word laid across the photo's bottom leans out at both ends, the
nearer side's cards one way and the farther's the other), evenly enough to be a straight
line along it. On a crop of a word, turned so that its row runs left to right,

    Slant.of(gray, size)      ->  the slant along the row (None: upright enough as it is)
    slant.straightened(crop)  ->  the crop with every card's sides upright

and `to_straight` / `from_straight` carry points between the two.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .find import light_ratios, paper_faces

#: Strokes and card sides count when they run within STEEPEST degrees of upright.
STEEPEST = 40
#: The slant is read in windows WINDOW_CARDS cards wide (a card is CARD_WIDTH letter sizes),
#: half a window apart, from the edges within BAND letter sizes of the row's middle line
#: that lie on or at a card's light paper (not the table's grain), the stronger of them
#: (above the STRONGER percentile): each window's commonest slant, weighted by strength.
WINDOW_CARDS = 2.2
CARD_WIDTH = 1.45
BAND = 1.1
STRONGER = 60
#: A window whose slant lies this far (degrees) from the line through the others, and
#: more than MOST_OFF times the windows' typical distance, is left out of it (a WILD's
#: print, a letter all diagonals).
OFF_THE_LINE = 3.0
MOST_OFF = 2.5
#: A slant under LEAST degrees all along the row is left as it is; none is taken as more
#: than STEEPEST.
LEAST = 3.0


@dataclass(frozen=True)
class Slant:
    """The slant along a crop's row, as the run (pixels across per pixel down) at each x:
    `offset + rate * x`. A point `middle` pixels down stays where it is."""

    offset: float
    rate: float
    middle: float
    span: tuple[float, float] = (-math.inf, math.inf)  # past these x, the slant at them

    def at(self, x: np.ndarray | float) -> np.ndarray:
        steepest = math.tan(math.radians(STEEPEST))
        x = np.clip(np.asarray(x, float), *self.span)
        return np.clip(self.offset + self.rate * x, -steepest, steepest)

    @classmethod
    def of(cls, gray: np.ndarray, size: float) -> Slant | None:
        """The slant of a crop's cards (its row running left to right, its letters `size`
        pixels), or None when they stand upright within LEAST degrees."""
        height, width = gray.shape
        g = gray.astype(np.float32)
        gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3)
        gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3)
        strength = np.hypot(gx, gy)
        ratio, _ = light_ratios(gray)
        near_paper = cv2.dilate(paper_faces(ratio), np.ones((7, 7), np.uint8)) > 0
        keep = near_paper & (np.abs(np.arange(height) - height / 2)[:, None] < BAND * size)
        if not keep.any():
            return None
        kept = strength[keep]
        cut = int(STRONGER / 100 * (len(kept) - 1))
        keep &= strength > np.partition(kept, cut)[cut]
        with np.errstate(divide="ignore", invalid="ignore"):
            degrees = np.degrees(np.arctan(gy / gx))  # an edge's lean from upright
        keep &= np.isfinite(degrees) & (np.abs(degrees) < STEEPEST)
        window = WINDOW_CARDS * CARD_WIDTH * size
        xs, runs = [], []
        for x0 in np.arange(0.0, max(1.0, width - window) + 1, window / 2):
            columns = slice(int(x0), int(x0 + window))
            inside = keep[:, columns]
            if inside.any():
                xs.append(x0 + min(window, width) / 2)
                runs.append(_commonest(degrees[:, columns][inside], strength[:, columns][inside]))
        if not xs:
            return None
        xs, runs = np.array(xs), np.array(runs)
        if len(xs) < 3:
            offset, rate = float(np.median(runs)), 0.0
        else:
            offset, rate = _line(xs, runs)
        slant = cls(offset, rate, height / 2, (float(xs.min()), float(xs.max())))
        lean = np.degrees(np.arctan(slant.at(np.array([0.0, width]))))
        return slant if np.abs(lean).max() >= LEAST else None

    def to_straight(self, points: np.ndarray) -> np.ndarray:
        """Points of the crop where they lie once it is straightened."""
        p = np.asarray(points, float).reshape(-1, 2)
        return np.stack([p[:, 0] + self.at(p[:, 0]) * (p[:, 1] - self.middle), p[:, 1]], axis=1)

    def from_straight(self, points: np.ndarray) -> np.ndarray:
        """Points of the straightened crop where they lie in the crop."""
        p = np.asarray(points, float).reshape(-1, 2)
        x = p[:, 0] - self.at(p[:, 0]) * (p[:, 1] - self.middle)
        x = p[:, 0] - self.at(x) * (p[:, 1] - self.middle)  # once more, at the point's own x
        return np.stack([x, p[:, 1]], axis=1)

    def straightened(self, image: np.ndarray, turn: np.ndarray, size: tuple[int, int]) -> np.ndarray:
        """The crop `turn` (an affine map, turning and scaling) cuts from an image, `size`
        (width, height), straightened: one resampling of the image, as the crop's own."""
        width, height = size
        u = np.arange(width, dtype=np.float32)[None, :]
        down = np.arange(height, dtype=np.float32)[:, None] - np.float32(self.middle)
        x = u - self.at(u).astype(np.float32) * down  # from_straight, on the whole grid
        x = u - self.at(x).astype(np.float32) * down
        y = np.broadcast_to(down + np.float32(self.middle), x.shape)
        back = cv2.invertAffineTransform(turn).astype(np.float32)
        sx = back[0, 0] * x + back[0, 1] * y + back[0, 2]
        sy = back[1, 0] * x + back[1, 1] * y + back[1, 2]
        zoom = math.sqrt(abs(np.linalg.det(turn[:, :2])))
        if zoom < 1:  # shrunk: by areas first (as the crop is), then looked up
            x0, y0 = max(int(sx.min()), 0), max(int(sy.min()), 0)
            x1, y1 = min(int(sx.max()) + 2, image.shape[1]), min(int(sy.max()) + 2, image.shape[0])
            region = image[y0:y1, x0:x1]
            shrunk = (max(1, round(region.shape[1] * zoom)), max(1, round(region.shape[0] * zoom)))
            image = cv2.resize(region, shrunk, interpolation=cv2.INTER_AREA)
            sx = (sx - x0) * np.float32(image.shape[1] / region.shape[1])
            sy = (sy - y0) * np.float32(image.shape[0] / region.shape[0])
        return cv2.remap(image, sx.astype(np.float32), sy.astype(np.float32), cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_REPLICATE)


def _commonest(degrees: np.ndarray, strength: np.ndarray) -> float:
    """The run (tangent) of the commonest lean among edges, each counted by its strength."""
    counts, _ = np.histogram(degrees, bins=2 * STEEPEST, range=(-STEEPEST, STEEPEST), weights=strength)
    counts = np.convolve(counts, np.ones(5) / 5, mode="same")
    return math.tan(math.radians(int(np.argmax(counts)) - STEEPEST + 0.5))


def _line(xs: np.ndarray, runs: np.ndarray) -> tuple[float, float]:
    """The straight line through the windows' runs (least squares), once more without the
    windows far off it."""
    a = np.vstack([np.ones_like(xs), xs]).T
    fit, *_ = np.linalg.lstsq(a, runs, rcond=None)
    off = np.abs(a @ fit - runs)
    near = off <= max(MOST_OFF * float(np.median(off)), math.tan(math.radians(OFF_THE_LINE)))
    if near.sum() >= 2:
        fit, *_ = np.linalg.lstsq(a[near], runs[near], rcond=None)
    return float(fit[0]), float(fit[1])
