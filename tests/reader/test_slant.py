"""A word's slant: cards lying toward or away from the camera lean, and are stood up
straight before their letters are read (ocr/slant.py)."""

import math

import cv2
import numpy as np
import pytest

from ocr.slant import Slant

SIZE = 64  # the letters' size in a word's crop, as the table reader scales it
CARD = (int(1.45 * SIZE), int(1.95 * SIZE))


def _row(letters: str = "GARDEN") -> np.ndarray:
    """A word's crop, upright: light cards a little apart on a dark table, a big letter on each."""
    width, height = (len(letters) + 1) * (CARD[0] + 8), int(3.8 * SIZE)
    image = np.full((height, width), 60, np.uint8)
    top = (height - CARD[1]) // 2
    for i, letter in enumerate(letters):
        x = CARD[0] // 2 + i * (CARD[0] + 8)
        cv2.rectangle(image, (x, top), (x + CARD[0], top + CARD[1]), 235, -1)
        cv2.putText(image, letter, (x + 14, top + CARD[1] - 32), cv2.FONT_HERSHEY_SIMPLEX, 2.2, 20, 7)
    return image


def _leaning(image: np.ndarray, left: float, right: float) -> np.ndarray:
    """The crop with its cards leaning `left` degrees at its left end and `right` at its
    right end (a point y pixels below the middle moved along by y times the run there)."""
    height, width = image.shape
    u, v = np.meshgrid(np.arange(width, dtype=np.float32), np.arange(height, dtype=np.float32))
    run = np.tan(np.radians(left + (right - left) * u / width))
    return cv2.remap(image, u + run * (v - height / 2), v, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _lean_at(slant: Slant, x: float) -> float:
    """Degrees the crop's cards lean at x, as a slant says (as _leaning counts them)."""
    return math.degrees(math.atan(float(slant.at(x))))


def test_an_upright_word_is_left_as_it_is():
    assert Slant.of(_row(), SIZE) is None


@pytest.mark.parametrize("lean", [-22, -12, 15, 25])
def test_a_word_lying_away_from_the_camera_is_found_leaning_as_it_does(lean):
    image = _leaning(_row(), lean, lean)
    slant = Slant.of(image, SIZE)
    assert slant is not None
    for x in (0.2, 0.5, 0.8):
        assert _lean_at(slant, x * image.shape[1]) == pytest.approx(lean, abs=3)


def test_a_word_across_the_photo_leans_out_at_both_ends():
    image = _leaning(_row("CABBAGE"), -18, 16)  # the nearer side's cards one way, the other's the other
    slant = Slant.of(image, SIZE)
    width = image.shape[1]
    assert _lean_at(slant, 0.15 * width) < -5
    assert _lean_at(slant, 0.85 * width) > 5


def test_a_straightened_word_stands_upright():
    image = _leaning(_row(), 20, 20)
    slant = Slant.of(image, SIZE)
    turn = np.float32([[1, 0, 0], [0, 1, 0]])  # the crop as it is: no turn, no scale
    straight = slant.straightened(image, turn, image.shape[::-1])
    assert Slant.of(straight, SIZE) is None
    # its cards' sides stand where the upright row's do
    upright = _row()
    assert np.abs(straight.astype(int) - upright.astype(int)).mean() < 0.3 * np.abs(image.astype(int) - upright.astype(int)).mean()


def test_points_go_to_the_straightened_crop_and_back():
    slant = Slant(offset=0.3, rate=-0.0005, middle=120.0, span=(50.0, 600.0))
    points = np.array([(10.0, 20.0), (300.0, 200.0), (640.0, 120.0), (200.0, 5.0)])
    back = slant.from_straight(slant.to_straight(points))
    assert np.abs(back - points).max() < 0.5
    # a point on the middle line stays where it is
    assert slant.to_straight(np.array([(300.0, 120.0)]))[0] == pytest.approx((300.0, 120.0))
