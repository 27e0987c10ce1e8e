"""The photo reader: a phone photo in, the laid-down cards read out. Pure: no Flask.

    from ocr import read
    read(jpeg_bytes).word  ->  "JA?ZY"

Steps (each a small function): open the photo (photo.py), find the letters and their row
(find.py), turn each letter upright and classify it (letters.py, reader.py), order the row.
`python -m ocr [--json] PHOTO...` is the command line.
"""

from .photo import Photo, UnreadablePhoto, open_photo
from .reader import Card, Reading, read, read_debug

__all__ = ["Card", "Photo", "Reading", "UnreadablePhoto", "open_photo", "read", "read_debug"]
