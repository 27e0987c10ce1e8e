"""Opening a phone photo safely: any size up to the limits, EXIF orientation applied,
decoded straight to the working size (JPEG's DCT scaling makes 12 MP cheap)."""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

WORKING_SIDE = 1600  # long side the reader works at; card letters stay 30 px or more
MAX_PIXELS = 50_000_000  # a 50 MP photo is the largest phone sensor; beyond is a bomb
MAX_BYTES = 30 * 1024 * 1024
TOO_LARGE = "The photo has too many pixels to read (over 50 megapixels)."


class UnreadablePhoto(ValueError):
    """A photo that cannot be read, with a message for the player."""


@dataclass(frozen=True)
class Photo:
    image: np.ndarray  # RGB, upright, at most WORKING_SIDE on its long side
    scale: float  # working pixels per original (upright) pixel
    width: int  # of the original photo, upright
    height: int


def upright(image: np.ndarray, orientation: int) -> np.ndarray:
    """The pixels as the EXIF orientation tag (1-8, as phones write it) says to show them."""
    if orientation in (5, 6, 7, 8):
        image = image.swapaxes(0, 1)  # 5: transposed; 6, 7, 8 are 5 flipped
    flips = {2: (1,), 3: (0, 1), 4: (0,), 6: (1,), 7: (0, 1), 8: (0,)}.get(orientation, ())
    return np.ascontiguousarray(np.flip(image, flips) if flips else image)


def open_photo(data: bytes, working_side: int = WORKING_SIDE) -> Photo:
    if not data:
        raise UnreadablePhoto("The photo is empty (0 bytes).")
    if len(data) > MAX_BYTES:
        raise UnreadablePhoto("The photo is over 30 MB: take it again at a normal size.")
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            img = Image.open(io.BytesIO(data))
            width, height = img.size  # read from the header; nothing decoded yet
            if width * height > MAX_PIXELS:
                raise UnreadablePhoto(TOO_LARGE)
            if img.format == "JPEG":
                img.draft("RGB", (working_side, working_side))  # decode at 1/2, 1/4 or 1/8
            img.load()  # decodes: any damage shows here
            if img.mode != "RGB":
                img = img.convert("RGB")
        except UnreadablePhoto:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise UnreadablePhoto(TOO_LARGE) from None
        except UnidentifiedImageError:
            raise UnreadablePhoto("This file is not a photo Companion can read.") from None
        except (OSError, SyntaxError, ValueError):
            raise UnreadablePhoto("The photo is damaged or cut short.") from None
    image = np.asarray(img)
    if max(image.shape[:2]) > working_side:
        k = working_side / max(image.shape[:2])
        image = cv2.resize(image, (round(image.shape[1] * k), round(image.shape[0] * k)),
                           interpolation=cv2.INTER_AREA)
    orientation = Image.open(io.BytesIO(data)).getexif().get(0x0112, 1)
    image = upright(image, orientation)  # turned after shrinking: less to turn
    if orientation in (5, 6, 7, 8):
        width, height = height, width
    return Photo(image, image.shape[1] / width, width, height)
