"""Opening a photo: every EXIF orientation a phone writes stands the picture upright."""

import io

import numpy as np
import pytest
from PIL import Image, ImageOps

from ocr.photo import open_photo


@pytest.mark.parametrize("orientation", range(1, 9))
def test_every_exif_orientation_matches_pillows_reading(orientation):
    rng = np.random.default_rng(orientation)
    pixels = np.kron(rng.integers(0, 256, (6, 9, 3)), np.ones((16, 16, 1))).astype(np.uint8)
    exif = Image.Exif()
    exif[0x0112] = orientation
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, "PNG", exif=exif)
    expected = np.asarray(ImageOps.exif_transpose(Image.open(io.BytesIO(buffer.getvalue()))).convert("RGB"))
    photo = open_photo(buffer.getvalue())
    assert photo.image.shape == expected.shape
    assert (photo.width, photo.height) == (expected.shape[1], expected.shape[0])
    assert np.abs(photo.image.astype(int) - expected).mean() < 1
