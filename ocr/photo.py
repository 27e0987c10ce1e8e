"""Opening a phone photo safely: EXIF orientation applied, decoded once, and within a fixed
memory budget whatever the file claims. A baseline JPEG is decoded straight to the working
size (its DCT scaling makes 50 MP cheap); formats that must be decoded whole (PNG, WebP, a
progressive JPEG) are refused past the pixels the budget holds, before anything is decoded."""

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
FORMATS = ("JPEG", "PNG", "WEBP")  # what phones and browsers send
#: Memory a decode may take before the photo is shrunk to the working size.
DECODE_BUDGET = 100 * 1024 * 1024
#: Bytes a pixel costs while a format is decoded whole (measured with `make bench`): Pillow
#: keeps 4 bytes a pixel (and a palette PNG is widened to that; PNG is counted at 6 so that
#: its slow inflate stays under a second); WebP passes through libwebp's buffer and a copy on the way; a
#: progressive JPEG keeps every DCT coefficient until its last scan.
DECODE_COST = {"PNG": 6, "WEBP": 12, "PROGRESSIVE JPEG": 6}


class UnreadablePhoto(ValueError):
    """A photo that cannot be read, with a message for the player."""


@dataclass(frozen=True)
class Photo:
    image: np.ndarray  # RGB, upright, at most WORKING_SIDE on its long side
    scale: float  # working pixels per original (upright) pixel
    width: int  # of the original photo, upright
    height: int


def upright(image: np.ndarray, orientation: int) -> np.ndarray:
    """The pixels as the EXIF orientation tag (1-8, as phones write it) says to show them
    (OpenCV turns them: a quarter turn of a 12 MP photo takes it milliseconds, numpy's copy of
    a transposed view a third of a second)."""
    turns = {2: lambda a: cv2.flip(a, 1), 3: lambda a: cv2.rotate(a, cv2.ROTATE_180),
             4: lambda a: cv2.flip(a, 0), 5: cv2.transpose,
             6: lambda a: cv2.rotate(a, cv2.ROTATE_90_CLOCKWISE),
             7: lambda a: cv2.rotate(cv2.transpose(a), cv2.ROTATE_180),
             8: lambda a: cv2.rotate(a, cv2.ROTATE_90_COUNTERCLOCKWISE)}
    turn = turns.get(orientation)
    return turn(np.ascontiguousarray(image)) if turn else np.ascontiguousarray(image)


def _within_budget(img: Image.Image) -> None:
    """Refuse, before decoding, a photo whose format must be decoded whole and whose pixels
    would take more than the decode budget."""
    kind = "PROGRESSIVE JPEG" if img.format == "JPEG" and img.info.get("progressive") else img.format
    cost = DECODE_COST.get(kind)
    pixels = img.size[0] * img.size[1]
    if cost and pixels * cost > DECODE_BUDGET:
        most = DECODE_BUDGET // cost / 1e6
        raise UnreadablePhoto(
            f"This {kind.lower().replace('webp', 'WebP').replace('png', 'PNG').replace('jpeg', 'JPEG')} "
            f"has {pixels / 1e6:.0f} megapixels; Companion reads at most {most:.0f} in that "
            f"format. Take the photo again with the camera (a JPEG), or send a smaller one.")


def open_photo(data: bytes, working_side: int = WORKING_SIDE) -> Photo:
    if not data:
        raise UnreadablePhoto("The photo is empty (0 bytes).")
    if len(data) > MAX_BYTES:
        raise UnreadablePhoto("The photo is over 30 MB: take it again at a normal size.")
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            img = Image.open(io.BytesIO(data), formats=FORMATS)
            width, height = img.size  # read from the header; nothing decoded yet
            if width * height > MAX_PIXELS:
                raise UnreadablePhoto(TOO_LARGE)
            _within_budget(img)
            if img.format == "JPEG":
                img.draft("RGB", (working_side, working_side))  # decode at 1/2, 1/4 or 1/8
            img.load()  # decodes: any damage shows here
            orientation = img.getexif().get(0x0112, 1)  # a PNG's may follow its pixels
            if img.mode not in ("RGB", "RGBA", "L", "LA"):  # palette, 1-bit, 16-bit grey
                img = img.convert("RGB")
            if max(img.size) > 2 * working_side:  # shrink before any other copy of the whole
                img = img.reduce(max(img.size) // working_side)
            if img.mode != "RGB":
                img = img.convert("RGB")
        except UnreadablePhoto:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise UnreadablePhoto(TOO_LARGE) from None
        except UnidentifiedImageError:
            raise UnreadablePhoto("This file is not a photo Companion can read: "
                                  "send a JPEG, PNG or WebP.") from None
        except (OSError, SyntaxError, ValueError):
            raise UnreadablePhoto("The photo is damaged or cut short.") from None
    image = np.asarray(img)
    del img
    if max(image.shape[:2]) > working_side:
        k = working_side / max(image.shape[:2])
        image = cv2.resize(image, (round(image.shape[1] * k), round(image.shape[0] * k)),
                           interpolation=cv2.INTER_AREA)
    image = upright(image, orientation)  # turned after shrinking: less to turn
    if orientation in (5, 6, 7, 8):
        width, height = height, width
    return Photo(image, image.shape[1] / width, width, height)
