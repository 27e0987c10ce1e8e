"""The textbook recipe: the plain OpenCV + Tesseract card reader, kept as the "before" figure.

What it does, step by step, as a tutorial would:

1. decode the JPEG with PIL and apply its EXIF orientation (``ImageOps.exif_transpose``);
2. grayscale, 5x5 Gaussian blur, Otsu threshold (cards are assumed brighter than the table);
3. outer contours only (``cv2.RETR_EXTERNAL``);
4. keep card-like contours: area between 0.1 % and 25 % of the image, ``minAreaRect``
   side ratio at most 2;
5. warp each card's ``minAreaRect`` upright (to the nearest quarter turn, which is all a
   rectangle can tell), Otsu the crop again and give it a white border;
6. Tesseract on each crop: ``--oem 1 --psm 10 -c tessedit_char_whitelist=<alphabet>``;
7. order the cards left to right by their box's left edge.

Engine: ``--oem 1`` (LSTM). Debian's ``eng.traineddata`` (tesseract 5.3) has no legacy
components, so ``--oem 0`` and ``--oem 2`` fail with "Tesseract (legacy) engine requested,
but components are not present"; ``--oem 3`` (default) falls back to the same LSTM.

Known traps it falls into (on purpose: it is the baseline, not the reader):

* a bare sans-serif ``I`` is a plain bar; without a whitelist the LSTM reads it as ``|``,
  ``l`` or ``1``, and with the whitelist it often gives nothing or another letter;
* ``O`` against ``0``/``D``/``Q`` (the whitelist removes ``0`` but the shape stays ambiguous);
* a blank or noisy crop (table texture, a shadow, an edge) still comes back as some letter,
  often with a fair confidence: nothing checks that a glyph is there;
* ``--psm 10`` with the LSTM engine is weak: the LSTM is trained on text lines, and its
  single-character mode is much less reliable than the old legacy engine's was;
* no rotation handling beyond deskewing the rectangle: a card lying sideways or upside
  down is read as it lies (``M`` -> ``W``, ``N`` -> ``Z``, ``L`` -> ``7``/``J``...);
* a global Otsu threshold needs cards brighter than the table: on a white or light
  table cards and table merge, and touching cards merge into one contour that the
  area/aspect filter then drops or reads as one letter.
"""

from __future__ import annotations

import io

import cv2
import numpy as np
import pytesseract
from PIL import Image, ImageOps

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

MIN_AREA = 0.001     # of the image area
MAX_AREA = 0.25
MAX_ASPECT = 2.0     # long side / short side of the minAreaRect
BORDER = 10          # white pixels around each crop, as Tesseract's docs advise


def decode(jpeg: bytes) -> np.ndarray:
    """JPEG bytes -> upright grayscale array (EXIF orientation applied)."""
    with Image.open(io.BytesIO(jpeg)) as im:
        im = ImageOps.exif_transpose(im)
        return np.asarray(im.convert("L"))


def find_cards(gray: np.ndarray) -> list[tuple[tuple, np.ndarray]]:
    """Card-like outer contours of the Otsu mask: [(minAreaRect, contour), ...]."""
    blur = cv2.GaussianBlur(gray, (5, 5), 0)
    _, mask = cv2.threshold(blur, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    area = gray.shape[0] * gray.shape[1]
    cards = []
    for c in contours:
        a = cv2.contourArea(c)
        if not MIN_AREA * area <= a <= MAX_AREA * area:
            continue
        rect = cv2.minAreaRect(c)
        w, h = rect[1]
        if min(w, h) < 1 or max(w, h) / min(w, h) > MAX_ASPECT:
            continue
        cards.append((rect, c))
    return cards


def warp(gray: np.ndarray, rect: tuple) -> np.ndarray:
    """The minAreaRect's contents, rotated upright (to the nearest quarter turn)."""
    (cx, cy), (w, h), angle = rect
    while angle > 45:              # keep the rotation small: swap sides instead
        angle, w, h = angle - 90, h, w
    while angle <= -45:
        angle, w, h = angle + 90, h, w
    m = cv2.getRotationMatrix2D((cx, cy), angle, 1.0)
    m[0, 2] += w / 2 - cx
    m[1, 2] += h / 2 - cy
    return cv2.warpAffine(gray, m, (max(1, int(round(w))), max(1, int(round(h)))),
                          flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def prepare(crop: np.ndarray) -> np.ndarray:
    """Otsu the crop (black glyph on white) and add a white border."""
    _, bw = cv2.threshold(crop, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return cv2.copyMakeBorder(bw, BORDER, BORDER, BORDER, BORDER, cv2.BORDER_CONSTANT, value=255)


def read_char(img: np.ndarray, alphabet: str = ALPHABET) -> tuple[str, float]:
    """Tesseract single-character mode on one prepared crop: (letter or "", confidence 0..1)."""
    config = f"--oem 1 --psm 10 -c tessedit_char_whitelist={alphabet}"
    data = pytesseract.image_to_data(img, config=config, output_type=pytesseract.Output.DICT)
    best, conf = "", 0.0
    for text, c in zip(data["text"], data["conf"]):
        text = (text or "").strip().upper()
        c = float(c)
        if text and c > conf * 100:
            best, conf = text, c / 100
    letter = best[:1] if best[:1] and best[:1] in alphabet else ""
    return letter, (conf if letter else 0.0)


def read_textbook(jpeg: bytes, alphabet: str = ALPHABET
                  ) -> tuple[str, list[tuple[str, float, tuple[int, int, int, int]]]]:
    """(word, [(letter, confidence 0..1, (x0, y0, x1, y1)), ...]) — letter "" when Tesseract returns nothing."""
    gray = decode(jpeg)
    cards = []
    for rect, contour in find_cards(gray):
        x, y, w, h = cv2.boundingRect(contour)
        letter, conf = read_char(prepare(warp(gray, rect)), alphabet)
        cards.append((letter, conf, (x, y, x + w, y + h)))
    cards.sort(key=lambda card: card[2][0])
    return "".join(letter for letter, _, _ in cards), cards
