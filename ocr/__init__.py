"""The photo reader: a phone photo in, the laid-down cards read out. Pure: no Flask.

    from ocr import read
    read(jpeg_bytes).word  ->  "JA?ZY"

The steps, in order, one function each (reader.read_photo runs them; each step's tuned
numbers are named beside it):

    photo bytes
    -> Photo      open_photo (photo.py): decoded within a memory budget, upright, working size
    -> Planes     Planes.of (reader.py): grey, ink and paper ratios (find.light_ratios),
                  the cards' light faces, the edges' directions
    -> RowFound   _fullest_row (reader.py): at each ink level the dark shapes on paper
                  (find.glyphs), those that look like letters, the row they make
                  (find.find_row) and the cards in its gaps (find.gaps, each a CardAt: a
                  WILD or a letter); the level whose row is fullest is kept
    -> row        _settled (reader.py): only the letters that read along the row
    -> [Card]     _row_cards (the row in reading order, each letter classified by
                  letters.py), _other_cards (loose cards at any angle), _with_stars (FEZ),
                  cards.zap_names (the family game's ZAP cards)
    -> [Card]     _worded, _suggestions (reader.py): a game's word list marks unsure cards
    -> Reading    read: the word, the cards, the seconds taken

`read_table` (table.py) reads a whole table in one photo: it finds every word laid, whichever
way it faces, turns each upright, stands its leaning cards up straight (slant.py) and reads it
by the steps above; `seated` places the words in
the game's seats, clockwise from the photographer's.

`read_debug` runs the same steps and keeps each one's image by name (ImagesKept: gray,
paper, ink, letters, cards, card-00 ...) so that a misread photo can be looked at.
`python -m ocr [--json] [--table] [--debug DIR] PHOTO...` is the command line.
"""

from .photo import Photo, UnreadablePhoto, open_photo
from .reader import Card, ImagesKept, Reading, Steps, read, read_debug
from .table import TABLE_SIDE, TableReading, TableWord, read_table, seated

__all__ = ["TABLE_SIDE", "Card", "ImagesKept", "Photo", "Reading", "Steps", "TableReading",
           "TableWord", "UnreadablePhoto", "open_photo", "read", "read_debug", "read_table",
           "seated"]
