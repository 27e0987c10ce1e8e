"""Reading the whole table in one photo: every word laid, whichever way it faces, and the
seat it lies in front of. Pure: no Flask.

    read_table(jpeg_bytes).words  ->  (TableWord("JAZZY", facing=0), TableWord("QUOTA", facing=92) ...)
    seated(words, players=3)      ->  [the photographer's word, the next seat's clockwise, ...]

The same reader as a single row's, one more step in front of it:

    photo bytes
    -> Photo          open_photo at TABLE_SIDE (a 12 MP photo kept whole: far words are small)
    -> [Glyph]        find.glyphs on a small copy (FIND_SIDE): every dark shape on light paper
    -> [_Line]        _lines: the shapes grouped into words by their size and alignment (a
                      letter's neighbours lie along one line, a pitch apart); lines in line
                      with one another across a WILD card's gap joined
    -> facing         each line's letters face the player it lies in front of: their tops
                      point to the table's middle (where the other words lie), so the way
                      up across a line is the side the others are on
    -> crop           the word and a card's room round it cut from the photo, turned upright
                      and scaled so its letters are of the size the row reader reads best,
                      its cards stood up straight (slant.Slant: a word lying toward or away
                      from the camera leans)
    -> Reading        reader.read_photo on the crop: the row, its WILD cards in the gaps and
                      past the ends, the word list's marks, exactly as a single scan
    -> WILD cards     the crop's card faces looked at where the row leaves room for a card
                      (between two letters, a step past an end): a light face with only
                      small print there is a WILD the row reader passed over; a WILD it was
                      unsure of past an end, on no such face, is a letter printed faint or
                      the table; an I read off the row goes in a gap that has room for it
    -> TableWord      the row's cards with their boxes back in the photo's pixels
    -> a second look  where the shapes left off every word's cards make a straight row, that
                      part of the photo stretched down it and read the same way: a far word
                      seen at a slant is squashed down the photo, often past any letter's shape

The words come out clockwise as seen from above, from the photographer's own (the word that
faces the photo's bottom edge): the player on the photographer's left next, then across,
then on the right. `seated` places them in the game's seats.
"""

from __future__ import annotations

import dataclasses
import math
import time
from itertools import groupby
from dataclasses import dataclass
from functools import cached_property
from typing import Callable

import cv2
import numpy as np

from .find import (INK_LEVELS, LIGHT, LIGHT_PAPER, ONE_LINE, PRINT_CONTRAST, PRINT_HEIGHT,
                   PRINT_SPAN, SOLID_FILL, WILD_PRINT, Glyph, edge_field, glyphs, light_face, light_ratios,
                   of_the_row, paper_colour, paper_round, paper_faces, print_levels, small_print, upright)
from .letters import LETTERS, NONE
from .photo import Photo, open_photo
from .reader import (BAR, CARD_PER_LETTER, LETTERLIKE, LOW_CONFIDENCE, NO_STEPS, UNSURE, WILD, Card, Steps,
                     classify_any_turn, read_photo)
from .slant import Slant

#: A table photo is decoded at up to this long side: a 12 MP photo whole, so that the far
#: words, the smallest in it, keep every pixel the camera gave them.
TABLE_SIDE = 4096
#: Words are found on a copy this big, among shapes of at least SMALLEST_FOUND pixels: the
#: farthest word's letters (24 photo pixels or more, at 12 MP) are still found.
FIND_SIDE = 1800
SMALLEST_FOUND = 8
#: Letters of one word: each within this many letter sizes of the next, and within
#: SAME_WORD_SIZE of one another's size (the far word's letters are smaller than the near one's).
LINK = 3.6
SAME_WORD_SIZE = 1.6
#: Neighbouring letters of a word are nearer in size than its ends (a card's edge, taller than
#: its letter, is no neighbour).
NEIGHBOUR_SIZE = 1.35
#: A letter lies within this many letter sizes of its word's line.
ON_THE_LINE = 0.55
#: Two lines in line with each other (angles within LINE_TURN degrees, each within
#: ON_THE_LINE of the other's line) are one word when the gap between them is at most this
#: many pitches: room for a WILD card, or two, between two letters.
WILD_GAP = 3.6
LINE_TURN = 15
#: Two letters are turned alike, and a step runs the way they read, within twice LINE_TURN:
#: the cosine of the angle between their ways (or the step and the way) is over _ALIKE.
_ALIKE = math.cos(math.radians(LINE_TURN * 2))
#: Print this many times smaller than a word's letters, on its cards, is no letter laid.
SMALL_PRINT = 1.4
#: A WILD's name read as a word of its own lies within this many steps of where the next
#: card past a word's end would lie: that word's WILD.
NAME_PAST = 0.5
#: A line this much hairlines is cards' sides where a line of letters lies along it.
CARD_SIDES = 0.75
#: A word's crop: CROP_PITCHES pitches and CROP_ALONG letter sizes past its ends (a WILD
#: card there, a letter the line finder passed over), and CROP_ACROSS letter sizes either
#: side (a bowed row's ends).
CROP_PITCHES = 1.0
CROP_ALONG = 1.1
CROP_ACROSS = 1.9
#: Shapes like no letter at the quarter turns of their card's edges are looked at this many
#: degrees off them too (_letters_found).
EIGHTH_TURN = 45.0
#: A word's crop that cuts a letter past an end card leaves no room there (_letters_cut):
#: a shape CUT_LETTER of the word's letter size high, on light paper round CUT_ON_PAPER of it
#: at least (the line finder's ON_PAPER, less for the side the crop cuts: MIXTURE's near M
#: was 0.77 on paper).
CUT_LETTER = (0.7, 1.6)
CUT_ON_PAPER = 0.6
#: A word is read at most this many times, its crop grown by a card's room at an end each
#: time its row leaves no room for a whole card past that end (a card the crop cut, letters
#: the line finder passed over, one after another).
MOST_READS = 4
#: A word whose cards were read this sure or less on the whole is read the other way too.
DOUBTED_WAY = 0.5
#: The row reader reads letters of about this many pixels best; a crop is scaled to it,
#: and never up by more than MOST_ZOOM.
READ_SIZE = 64
MOST_ZOOM = 2.0
#: A word's cards are laid side by side, unevenly: a little apart, or pushed together over one
#: another. A step between two of its letters this many times its usual step may hold a card
#: with no big letter (a WILD) between them, however wide its deck's cards are for their letters
#: (some are hardly wider; EE?SO?G's WILD lay in a step 1.37 usual steps long). A word's usual
#: step is the typical of its steps of at most USUAL_STEP letter sizes (every step longer: a WILD
#: between each two letters, the step then taken as half the shortest).
ROOM_FOR_A_CARD = 1.3
USUAL_STEP = 2.4
#: Such a step is looked along SLIDE letter sizes at a time for a WILD's face, and a WILD found
#: is put at the middle of the stretch where its face is seen, up to FACE_RUN letter sizes
#: either way (where a step's even share would put it, its face may be half off the window).
SLIDE = 0.25
FACE_RUN = 0.75
#: A WILD card's face, in letter sizes (across, up): light paper over at least WILD_PAPER of
#: it (or a tinted band its name is printed on: _card_paper), with a line of print on it
#: (find's small print; or, where the window cuts the print, shapes of print's height
#: wider than PRINT_WIDE letter sizes side by side); the ink inside the window covering
#: PRINT_INK of it at least, none of it a letter's size (PRINT_TALL letter sizes tall or
#: more).
WILD_WINDOW = (1.1, 1.5)
WILD_PAPER = 0.55
PRINT_TALL = 0.7
#: Print on a card where the row reader read an unsure WILD at an end, and no WILD's face is
#: seen (_Faces.printed): shapes PRINT_LEAST to PRINT_TALL letter sizes high, together
#: NAME_WIDE letter sizes wide at least, are a name its window missed: the WILD stays. So
#: are such shapes on a card's face in the box's middle cut at that face's own faint level,
#: clear of the window's top and bottom and not across all of it (a blurred name is paler
#: than the loosest ink level; a wood's grain runs on across the window).
PRINT_LEAST = 0.2
NAME_WIDE = 0.5
PRINT_WIDE = 0.08
PRINT_INK = 0.01
#: Two of a row's cards whose step is under this share of its median step are one card
#: read twice (a letter, or a WILD's face and its name): the surer reading is kept. Half a
#: step: cards laid side by side are never nearer (a card read twice was 0.41-0.47 steps
#: from itself on the tuning tables; a word's first two cards 0.6 apart were both cards).
READ_TWICE = 0.5
#: A card the row reader passed over between two of its cards (_every_other_card) lies at most
#: this share of their step off its middle.
MIDWAY = 0.15
#: At most this many WILD cards are found past a word's end beyond those the row reader read.
MOST_WILDS_PAST = 2
#: Two WILDs side by side may read as one (the row reader takes both faces' print for one
#: card's), so each run of a word's WILDs is counted again by their faces: a window slides
#: along the row FACE_SLIDE letter sizes at a time, and a stretch of places where it sees a
#: WILD's face (one miss allowed inside it; at least LEAST_FACE letter sizes long) is one
#: card's face. A stretch TWO_FACES letter sizes long, and TWO_FACES_STEPS of the word's usual
#: steps, is two cards' (some decks' cards are two letters wide: P?PER's one WILD's face is as
#: long as two of its letters' steps). A run at a word's end is looked along to END_ROOM letter
#: sizes past its last WILD.
FACE_SLIDE = 0.125
LEAST_FACE = 0.25
TWO_FACES = 1.7
TWO_FACES_STEPS = 1.15
END_ROOM = 1.2
#: Past a word's end WILD where no WILD lies a step on (PAST_STEPS), a second one is looked for
#: from NEAR_PAST to FAR_PAST of the word's steps on: pushed nearer, or laid farther (??THING's
#: outer WILD lay 0.6 steps on, ??RSE's 1.5).
NEAR_PAST = 0.5
FAR_PAST = 1.8
#: A stretch of paper past a word's end WILD shorter than this many of the word's steps is one
#: card: a face seen on it past the WILD is that WILD's own (_on_the_end_wild).
ONE_CARD = 1.6
#: A face found so far on lies on a letter's card where a letter's middle is this many letter
#: sizes from it or nearer (a card is CARD_PER_LETTER[0] letter sizes wide).
LETTER_NEAR = 1.0
#: Cards pushed close together show a sliver of the table between them, where less than
#: CARD_GAP of a face's height is light paper: a face seen on either side of it, each of
#: the paper LEAST_CARD letter sizes wide at least, is two cards' (WHA??'s WILDs, laid nearer
#: than the word's usual step, looked like one long face).
CARD_GAP = 0.35
LEAST_CARD = 0.6
#: A WILD's face window centred on a card shows its paper whole across this share of the
#: window's middle; a window centred between two cards laid apart shows the table's sliver
#: there, and their margins' corner print (LI?BRARY, QUOT?A read so).
FACE_MIDDLE = 0.4
#: A WILD the row reader was unsure of is looked for this many letter sizes along the row from
#: where it put it (a guess, by the row's pitch).
WILD_AT = (0.0, -0.2, 0.2)
#: A card past a word's end is looked for this many of the word's steps on from its end card
#: (cards are laid a little apart, unevenly; a WILD also this many of the step at that end,
#: where that is longer: _wild_ends).
PAST_STEPS = (1.0, 0.85, 1.15)
#: A letter the line finder read this many of a word's median steps past its end card (from
#: this share of the step at that end, where it is shorter), where the row reader read none,
#: is the next card's.
PAST_LETTER = (0.7, 1.4)
#: ... or off that line where the row bows to it: turned this many degrees at most.
BOW_PAST = 25
#: A letter the row reader read off the row joins a word past its end only when it is more
#: likely that letter than not (a square of a cloth reads as a letter, barely).
OFF_ROW_SURE = 0.5
#: A word turned up to this many degrees the other way from the photo's bottom edge is still
#: the photographer's, first in clockwise order.
CLOCKWISE_FROM = 30
#: A line found only at the loosest ink level is looked at when it has this many letters at
#: least (a line of two is too often the table's grain), at most MOST_FAINT such lines a photo.
FAINT_WORD = 3
MOST_FAINT = 3
#: ... and only where that level shows no more than this many letter-like shapes off the cards
#: read (a table's word or two, in faint print); more is a grained table's or a weave's.
MOST_FAINT_LETTERS = 100
#: No letter is bigger than this share of the photo's longer side (a close photo of a small
#: table has its nearest letters at about a tenth).
BIGGEST_LETTER = 0.16
#: A word has at least this many cards (the games lay five or seven): two cards together are
#: no word, but a pair dropped on the table.
FEWEST_CARDS = 3
#: At most this many words are read in one photo (a table of eight, and some to spare).
MOST_WORDS = 10
#: The letters found this many steps round a line's ends may continue its row there.
AROUND = 4
#: A far word's cards, seen at a slant, are squashed down the photo: where shapes found off
#: every word read make a straight row, that part of the photo (and SQUASHED_PAD of their
#: sizes round it: a card's room) is looked at again stretched this many times down it.
#: Squashed, its letters are as much lower for their steps: such a row's shapes lie within
#: LINK times this of their sizes of each other (PLANET across a white table, 4.5 apart).
STRETCH = 1.6
SQUASHED_PAD = 3.0
#: At most this many such rows are looked at again, the longest first: a table's far words,
#: and no more work than that for a photo full of print.
MOST_LOOKS_AGAIN = 4


@dataclass(frozen=True)
class TableWord:
    """One word laid on the table, read upright by its own facing."""

    cards: tuple[Card, ...]  # in reading order, boxes in the upright photo's pixels
    facing: float  # degrees clockwise from the photo's bottom edge to the player it faces
    suggestions: tuple[str, ...] = ()

    @property
    def word(self) -> str:
        return "".join(c.letter for c in self.cards)

    @property
    def box(self) -> tuple[int, int, int, int]:
        boxes = np.array([c.box for c in self.cards])
        return (int(boxes[:, 0].min()), int(boxes[:, 1].min()),
                int(boxes[:, 2].max()), int(boxes[:, 3].max()))

    def as_json(self) -> dict:
        return {"word": self.word, "facing": round(self.facing, 1), "box": list(self.box),
                "cards": [c.as_json() for c in self.cards],
                "suggestions": list(self.suggestions)}


@dataclass(frozen=True)
class TableReading:
    words: tuple[TableWord, ...]  # clockwise from the photographer's own word
    width: int
    height: int
    seconds: float


@dataclass
class _Line:
    """Letters in a line: a word's, or a part of one."""

    members: list[Glyph]
    size: float = 0.0
    centre: np.ndarray = dataclasses.field(default_factory=lambda: np.zeros(2))
    direction: np.ndarray = dataclasses.field(default_factory=lambda: np.array([1.0, 0.0]))
    ends: tuple[float, float] = (0.0, 0.0)  # along the direction, from the centre
    pitch: float = 0.0
    straight: bool = True

    def __post_init__(self):
        points = np.array([(g.cx, g.cy) for g in self.members], float)
        self.size = float(np.median([g.size for g in self.members]))
        self.centre = points.mean(axis=0)
        if len(points) > 1:
            _, _, vt = np.linalg.svd(points - self.centre)
            self.direction = vt[0] / np.linalg.norm(vt[0])
        along = (points - self.centre) @ self.direction
        across = (points - self.centre) @ np.array([-self.direction[1], self.direction[0]])
        self.ends = (float(along.min()), float(along.max()))
        steps = np.diff(np.sort(along))
        self.pitch = float(np.median(steps)) if len(steps) else 1.6 * self.size
        self.straight = bool(np.all(np.abs(across) <= ON_THE_LINE * self.size))

    def offset(self, point: np.ndarray) -> tuple[float, float]:
        """A point's distance along this line from its centre, and across it."""
        d = point - self.centre
        return float(d @ self.direction), float(d @ np.array([-self.direction[1], self.direction[0]]))


def read_table(data: bytes | Photo, deck: str = "foot", is_word: Callable[[str], bool] | None = None,
               steps: Steps | None = None, alphabet: str = LETTERS) -> TableReading:
    """Every word laid on the table in a photo taken from one player's seat, clockwise from
    that player's own. Raises UnreadablePhoto with a player's message. A Photo already
    opened is read as it is (open it at TABLE_SIDE: far words are small)."""
    start = time.perf_counter()
    steps = steps or NO_STEPS
    photo = data if isinstance(data, Photo) else open_photo(data, TABLE_SIDE)
    words, left = _words_read(photo, deck, is_word, alphabet, faint=True)
    rows = [group for group in _groups(left, LINK * STRETCH)
            if len(group) >= FEWEST_CARDS and _Line(group).straight]
    for row in sorted(rows, key=len, reverse=True)[:MOST_LOOKS_AGAIN]:
        words += _squashed_words(photo, words, row, deck, is_word, alphabet)
    words = [w for w in words if not any(_print_on(w, other) for other in words if other is not w)]
    words = _names_past_ends(words)
    words = _ends_shared(words)
    words.sort(key=lambda w: _clockwise(w.facing))
    steps.keep("words", lambda: _draw_words(photo, words))
    return TableReading(tuple(words), photo.width, photo.height, time.perf_counter() - start)


def _words_read(photo: Photo, deck: str, is_word, alphabet: str, middle: np.ndarray | None = None,
                cards: tuple[np.ndarray, ...] = (), faint: bool = False) -> tuple[list[TableWord], list[Glyph]]:
    """The words read in a photo, and the shapes found off their cards (in the photo's
    pixels). `middle`: the table's middle (None: where the words found lie round); `cards`:
    the boxes of cards read already, whose lines are not read again (both in the photo's
    pixels). `faint`: then words printed too faint for the finder's ink level are looked for
    at the loosest (_faint_words)."""
    small, k = _small(photo.image)
    look = _Look(small)
    lines, letters, shapes = _words_found(look)
    middle = _middle(lines, small.shape) if middle is None else middle * k
    words: list[TableWord] = []
    for line in lines[:MOST_WORDS]:
        if _on_cards(line.members, k, cards).sum() * 2 > len(line.members):
            continue
        word = _read_line(photo, line, _around(line, letters), k, middle, deck, is_word, alphabet)
        if word and not _names_only(word.word):
            words = _kept(word, words)
    if faint and len(words) < MOST_WORDS:
        words = _faint_words(photo, look, k, middle, words, letters, cards, deck, is_word, alphabet)
    cards += _card_boxes(words, photo)
    off = ~_on_cards(shapes, k, cards)
    return words, [dataclasses.replace(g, x=round(g.x / k), y=round(g.y / k), w=round(g.w / k), h=round(g.h / k))
                   for g, keep in zip(shapes, off) if keep]


def _faint_words(photo: Photo, look: _Look, k: float, middle: np.ndarray, words: list[TableWord],
                 letters: list[Glyph], cards: tuple[np.ndarray, ...], deck: str, is_word,
                 alphabet: str) -> list[TableWord]:
    """The words printed too faint for the finder's ink level (thin and blurred, or lit
    bright: it found only pieces of them, and no line), found at the loosest: the lines there
    of FAINT_WORD letters or more, of letters on no card read already, at most MOST_FAINT of
    them, the longest first (a line's letters on the cards of a word found here before it are
    that word's, and left off: SNAKE's line ran on to EXPLORER's R), each read as a word of
    FAINT_WORD cards or more, each card read no less surely than UNSURE: a line at that level
    is as often the table's grain or a cloth's weave, whose shapes read as letters only in
    doubt (JMKA, PJHSI). Where that level shows more than MOST_FAINT_LETTERS such letters, it
    shows a grained table or a weave, and no faint word is looked for (its lines would be
    theirs, and cost hundreds of times the work). A faint word that is a word read already
    with more cards at an end (_an_end_more: its end card printed faint) takes its place. A
    word read already that is print on a faint word's cards (a WILD's name, seen big on a
    near card, read as WILDD on P?ANO's) keeps it out of no place: read_table drops that
    print after (_print_on). Returns the words read, with those found."""
    read = cards + _card_boxes(words, photo)
    around, shapes = _letters_found(look, INK_LEVELS[-1])
    around = [g for g, on in zip(around, _on_cards(around, k, read)) if not on]
    if len(around) > MOST_FAINT_LETTERS:
        return words
    fresh = [line for line in _lines_of(around, shapes) if len(line.members) >= FAINT_WORD]
    found: list[TableWord] = []
    for line in fresh[:MOST_FAINT]:
        taken = _on_cards(line.members, k, _card_boxes(found, photo))
        if len(line.members) - taken.sum() < FAINT_WORD:
            continue
        if taken.any():  # its letters on the cards of a word found here are that word's
            line = _Line([g for g, theirs in zip(line.members, taken) if not theirs])
        word = _read_line(photo, line, _around(line, letters + around), k, middle, deck, is_word, alphabet)
        if not word or _names_only(word.word):
            continue
        same = [other for other in words + found
                if (_same_cards(word, other) or _same_cards(other, word)) and not _print_on(other, word)]
        if not same and len(word.cards) >= FAINT_WORD and all(c.confidence >= UNSURE for c in word.cards):
            found.append(word)
        elif len(same) == 1 and any(same[0] is w for w in words) and _an_end_more(word, same[0]):
            words = [word if other is same[0] else other for other in words]
    return words + found


def _an_end_more(grown: TableWord, word: TableWord) -> bool:
    """Whether a word is one read already with more cards at an end, each read no less
    surely than UNSURE: every card of it, read as it was (DAUGHTE, its R printed too faint,
    read whole at the loosest level)."""
    more = len(grown.cards) - len(word.cards)
    if more <= 0 or _shared(word, grown) < len(word.cards):
        return False
    if grown.word.startswith(word.word):
        added = grown.cards[-more:]
    elif grown.word.endswith(word.word):
        added = grown.cards[:more]
    else:
        return False
    return all(c.confidence >= UNSURE for c in added)


def _card_boxes(words: list[TableWord], photo: Photo) -> tuple[np.ndarray, ...]:
    """The boxes of the words' cards, in the photo's own pixels."""
    return tuple(np.array(c.box) * photo.scale for w in words for c in w.cards)


def _on_cards(shapes: list[Glyph], k: float, cards: tuple[np.ndarray, ...]) -> np.ndarray:
    """For each shape found at `k` of the photo's pixels, whether its middle lies in one of
    the cards' boxes (in the photo's pixels)."""
    if not shapes or not cards:
        return np.zeros(len(shapes), bool)
    at = np.array([(g.cx, g.cy) for g in shapes]) / k
    boxes = np.array(cards)
    return ((boxes[None, :, 0] <= at[:, None, 0]) & (at[:, None, 0] <= boxes[None, :, 2])
            & (boxes[None, :, 1] <= at[:, None, 1]) & (at[:, None, 1] <= boxes[None, :, 3])).any(axis=1)


def _squashed_words(photo: Photo, words: list[TableWord], shapes: list[Glyph], deck: str,
                    is_word, alphabet: str) -> list[TableWord]:
    """The words among shapes found off every word read (a group of neighbours), looked for
    again in their part of the photo stretched STRETCH times down it. A far word is squashed
    down the photo (its cards lie away from the camera, seen at a slant), and one laid along
    the photo's diagonal has its letters sheared too: shapes the line finder takes for no
    letter at any quarter turn. Stretched, they stand as they do on the cards. Only words on
    cards none read already count (a near word stretched reads worse), but a word read
    already that is print on a word found here (a WILD's name, seen big on a near card, read
    as WILD where ?ORNING lay) is no word of its own: read_table drops it after."""
    pad = SQUASHED_PAD * float(np.median([g.size for g in shapes]))
    x0 = int(max(0, min(g.cx for g in shapes) - pad))
    y0 = int(max(0, min(g.cy for g in shapes) - pad))
    x1 = int(min(photo.image.shape[1], max(g.cx for g in shapes) + pad))
    y1 = int(min(photo.image.shape[0], max(g.cy for g in shapes) + pad))
    width, height = x1 - x0, (y1 - y0) * STRETCH
    a = min(1.0, TABLE_SIDE / max(width, height))
    view = cv2.resize(photo.image[y0:y1, x0:x1], (round(width * a), round(height * a)),
                      interpolation=cv2.INTER_AREA if a * STRETCH < 1 else cv2.INTER_LINEAR)
    across, down = view.shape[1] / width, view.shape[0] / (y1 - y0)

    def in_view(box) -> np.ndarray:
        return (np.array(box, float) * photo.scale - (x0, y0, x0, y0)) * (across, down, across, down)

    middle = np.mean([_centre(in_view(w.box)) for w in words], axis=0) if words else None
    found, _ = _words_read(Photo(view, 1.0, view.shape[1], view.shape[0]), deck, is_word, alphabet, middle,
                           tuple(in_view(c.box) for w in words for c in w.cards))
    back = np.array([1 / across, 1 / down]) / photo.scale, np.array([x0, y0]) / photo.scale
    found = [_unstretched(w, *back) for w in found]
    return [w for w in found if not any((_shared(w, other) or _shared(other, w)) and not _print_on(other, w)
                                        for other in words)]


def _unstretched(word: TableWord, scale: np.ndarray, offset: np.ndarray) -> TableWord:
    """A word read in a stretched part of the photo, its boxes and facing in the photo's own
    pixels."""
    cards = []
    for c in word.cards:
        (left, top), (right, bottom) = np.array(c.box[:2]) * scale + offset, np.array(c.box[2:]) * scale + offset
        cards.append(dataclasses.replace(c, box=(int(left), int(top), int(math.ceil(right)), int(math.ceil(bottom)))))
    way = np.radians(word.facing)
    facing = math.degrees(math.atan2(math.sin(way) * scale[1], math.cos(way) * scale[0])) % 360
    return dataclasses.replace(word, cards=tuple(cards), facing=round(facing, 1) % 360)


def _small(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The photo in grey at FIND_SIDE, and how many of its pixels make one of the photo's."""
    k = min(1.0, FIND_SIDE / max(image.shape[:2]))
    gray = cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
    if k < 1.0:
        gray = cv2.resize(gray, (round(gray.shape[1] * k), round(gray.shape[0] * k)),
                          interpolation=cv2.INTER_AREA)
    return gray, k


class _Look:
    """The small copy of the photo the line finder looks at (_small), and what it makes of it
    once for every ink level it looks at: the light ratios, the card faces, the edge field."""

    def __init__(self, gray: np.ndarray):
        self.gray = gray

    @cached_property
    def ratio(self) -> np.ndarray:
        return light_ratios(self.gray)[0]

    @cached_property
    def faces(self) -> np.ndarray:
        return paper_faces(self.ratio)

    @cached_property
    def edges(self) -> np.ndarray:
        return edge_field(self.gray)


def _words_found(look: _Look) -> tuple[list[_Line], list[Glyph], list[Glyph]]:
    """The lines of letters that could be words, longest first (_lines_of), every shape that
    looks like a letter and every shape with a neighbour of its size (_letters_found), at the
    ink level that keeps letters apart."""
    letters, shapes = _letters_found(look, INK_LEVELS[1])
    return _lines_of(letters, shapes), letters, shapes


def _letters_found(look: _Look, level: float) -> tuple[list[Glyph], list[Glyph]]:
    """The shapes at an ink `level` that look like a letter, and every shape with a neighbour
    of its size. Only shapes that look like a letter at some quarter turn of their card count
    (not a checked cloth's squares), and each knows that turn: its word's letters share it,
    and read along the line. A shape like none at the quarter turns of its card's edges as
    measured is looked at an eighth of a turn off them too: a checked cloth's edges round a
    card may outweigh the card's own, and a side word of three players lies a third of a turn
    round (LEMON's E and M were no letter at the quarter turns; LEMON was not found)."""
    shapes, ink, _ = glyphs(look.ratio, level, min_size=SMALLEST_FOUND, faces=look.faces)
    shapes = _with_neighbours([g for g in shapes if g.size <= BIGGEST_LETTER * max(look.gray.shape)])
    if not shapes:
        return [], []
    probabilities, turns = classify_any_turn(look.edges, ink, shapes, LETTERS)
    letterlike = probabilities[:, :NONE].max(axis=1) > LETTERLIKE
    unlike = np.flatnonzero(~letterlike)
    if len(unlike):
        more, more_turns = classify_any_turn(look.edges, ink, [shapes[i] for i in unlike], LETTERS,
                                             offset=EIGHTH_TURN)
        better = more[:, :NONE].max(axis=1) > LETTERLIKE
        seen = unlike[better]
        probabilities[seen], turns[seen], letterlike[seen] = more[better], more_turns[better], True
    for g, turn, chances, letter in zip(shapes, turns, probabilities, probabilities[:, :NONE].argmax(axis=1)):
        g.turn, g.letter, g.chance = float(turn), LETTERS[letter] if letter < len(LETTERS) else "", float(chances[letter])
    return [g for g, keep in zip(shapes, letterlike) if keep], shapes


def _lines_of(letters: list[Glyph], shapes: list[Glyph]) -> list[_Line]:
    """The lines the letters make (grown by the `shapes` that continue them), longest first."""
    lines = [piece for line in _lines(letters) for piece in _straightened(line)]
    lines = _joined([_extended(line, shapes) if len(line.members) > 1 else line for line in lines])
    lines = [line for line in lines if len(line.members) >= 2 and line.straight and not _wild_print(line)]
    return _each_word_once(sorted(lines, key=lambda line: (-len(line.members), -line.size)))


def _around(line: _Line, letters: list[Glyph]) -> list[Glyph]:
    """The letters found on a line and round its ends: a bowed row's end card lies off the
    straight line its other letters make (and so off the strip its word is read in), but
    on the way its neighbours point."""
    reach = max(line.pitch, line.size) * AROUND
    near = []
    for g in letters:
        along, across = line.offset(np.array((g.cx, g.cy)))
        if line.ends[0] - reach <= along <= line.ends[1] + reach and abs(across) <= reach:
            near.append(g)
    return near


def _apart_and_sized(shapes: list[Glyph]):
    """The shapes' centres, and for each pair how far apart they are, the smaller size and the
    bigger."""
    centres = np.array([(g.cx, g.cy) for g in shapes])
    sizes = np.array([g.size for g in shapes])
    near = np.hypot(*(centres[:, None, :] - centres[None, :, :]).transpose(2, 0, 1))
    return centres, near, np.minimum.outer(sizes, sizes), np.maximum.outer(sizes, sizes)


def _with_neighbours(shapes: list[Glyph]) -> list[Glyph]:
    """The shapes that have one of their size near enough to be the next card's letter, past
    a WILD card or two (a lone shape is a speck of the table, no word's letter)."""
    if len(shapes) < 2:
        return []
    _, near, small, big = _apart_and_sized(shapes)
    paired = (near < WILD_GAP * LINK * big) & (big < SAME_WORD_SIZE * small)
    np.fill_diagonal(paired, False)
    return [g for g, has in zip(shapes, paired.any(axis=1)) if has]


def _lines(shapes: list[Glyph]) -> list[_Line]:
    """The shapes grouped with their neighbours: each within LINK letter sizes of the next
    and of about its size, reading along the line they make."""
    if not shapes:
        return []
    centres, near, small, big = _apart_and_sized(shapes)
    tall = np.array([_own_height(g) for g in shapes])
    alike = np.maximum.outer(tall, tall) < NEIGHBOUR_SIZE * np.minimum.outer(tall, tall)
    linked = (near < LINK * (small + big) / 2) & alike & _along(shapes, centres)
    return [_Line(members) for members in _joined_up(shapes, linked)]


def _groups(shapes: list[Glyph], link: float) -> list[list[Glyph]]:
    """The shapes grouped with their neighbours: each within `link` sizes of the next and
    within SAME_WORD_SIZE of its size, whatever it looks like."""
    if not shapes:
        return []
    _, near, small, big = _apart_and_sized(shapes)
    return _joined_up(shapes, (near < link * (small + big) / 2) & (big < SAME_WORD_SIZE * small))


def _joined_up(shapes: list[Glyph], linked: np.ndarray) -> list[list[Glyph]]:
    """The shapes in groups, two linked ones in one (union-find over the pairs)."""
    parent = list(range(len(shapes)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in zip(*np.nonzero(np.triu(linked, 1))):
        parent[root(i)] = root(j)
    groups: dict[int, list[Glyph]] = {}
    for i, g in enumerate(shapes):
        groups.setdefault(root(i), []).append(g)
    return list(groups.values())


def _own_height(g: Glyph) -> float:
    """A letter's height as it stands on its card (its turn says which way is up): a word's
    capitals are of one height, however wide each is (an M beside an I), and a word lying
    far across the table is squashed to less than its letters' widths."""
    return float(g.h if math.cos(math.radians(2 * g.turn)) >= 0 else g.w)


def _reading_way(turn: float) -> np.ndarray:
    """The way a letter turned by `turn` degrees (as classify_any_turn says) reads: right for
    an upright letter, down the photo for one whose top points right."""
    return np.array([math.cos(math.radians(turn)), -math.sin(math.radians(turn))])


def _along(shapes: list[Glyph], centres: np.ndarray) -> np.ndarray:
    """Which pairs of letters could be neighbours in a word: turned alike (or upside down of
    each other: an N, an S read either way), and the step between them running the way
    they read."""
    ways = np.array([_reading_way(g.turn) for g in shapes])
    alike = np.abs(ways @ ways.T) > _ALIKE
    steps = centres[None, :, :] - centres[:, None, :]
    lengths = np.maximum(np.linalg.norm(steps, axis=2), 1e-6)
    along = np.abs(np.einsum("ijk,ik->ij", steps, ways)) / lengths > _ALIKE
    return alike & (along | along.T)


#: Letters that read the same upside down (or nearly): their turn says nothing of which way
#: their word faces.
SYMMETRIC = set("HINOSXZ")


def _way_read(line: _Line, middle: np.ndarray) -> np.ndarray:
    """The way a line's word reads: with its letters' tops to the table's middle (where the
    other words lie), unless its letters that look different upside down all say otherwise,
    two at least. The line finder's letters are small and often misread (a G taken for a J
    turned over); a word's place round the table is surer. It misleads where the words do
    not lie round the middle: one word near the photo's middle, or two words whose middle the
    lines of small print found with them pull aside (OLIVE read upside down)."""
    votes = [np.sign(_reading_way(g.turn) @ line.direction)
             for g in line.members if g.letter and g.letter not in SYMMETRIC]
    if len(votes) >= 2 and abs(sum(votes)) == len(votes):
        return line.direction * votes[0]
    up = np.array([line.direction[1], -line.direction[0]])
    return line.direction if (middle - line.centre) @ up >= 0 else -line.direction


def _straightened(line: _Line) -> list[_Line]:
    """A group of letters that is no straight line (two words meeting at a corner of the
    table) taken apart into straight lines, the longest first: each the most letters in a
    line through two neighbours, chained a link apart."""
    if line.straight:
        return [line]
    left = list(line.members)
    pieces = []
    while len(left) > 1:
        best = None
        for a in left:
            for b in left:
                if a is b or math.hypot(a.cx - b.cx, a.cy - b.cy) > LINK * (a.size + b.size) / 2:
                    continue
                chain = _chained(left, a, b)
                if best is None or len(chain) > len(best):
                    best = chain
        if best is None or len(best) < 2:
            break
        piece = _trimmed(_Line(best))
        pieces.append(piece)
        left = [g for g in left if not any(g is m for m in piece.members)]
    return pieces + [_Line([g]) for g in left]


def _trimmed(line: _Line) -> _Line:
    """A line without the shapes that keep it from being straight, farthest from it first:
    a chain of letters taken along a neighbour's line may take in a shape half a letter off
    it (the cloth between two cards, another word's letter)."""
    while not line.straight and len(line.members) > 2:
        off = [abs(line.offset(np.array((g.cx, g.cy)))[1]) for g in line.members]
        farthest = int(np.argmax(off))
        line = _Line(line.members[:farthest] + line.members[farthest + 1:])
    return line


def _chained(shapes: list[Glyph], a: Glyph, b: Glyph) -> list[Glyph]:
    """The shapes on the line through a and b, reached from a by steps of at most a link."""
    direction = np.array([b.cx - a.cx, b.cy - a.cy])
    direction /= np.linalg.norm(direction) or 1.0
    across = np.array([-direction[1], direction[0]])
    size = (a.size + b.size) / 2
    on = [g for g in shapes if g is a or g is b or (
          abs((np.array([g.cx - a.cx, g.cy - a.cy])) @ across) <= ON_THE_LINE * size
          and max(g.size, size) < SAME_WORD_SIZE * min(g.size, size))]
    on.sort(key=lambda g: (np.array([g.cx - a.cx, g.cy - a.cy])) @ direction)
    at = next(k for k, g in enumerate(on) if g is a)
    chain = [a]
    for step in (1, -1):
        k = at + step
        while 0 <= k < len(on) and math.hypot(on[k].cx - chain[-1 if step == 1 else 0].cx,
                                                on[k].cy - chain[-1 if step == 1 else 0].cy) <= LINK * size:
            chain.insert(len(chain) if step == 1 else 0, on[k])
            k += step
    return chain


def _extended(line: _Line, shapes: list[Glyph]) -> _Line:
    """A line grown at both ends by the shapes that go on along it, a step apart and of its
    letters' size, whatever they look like: a blurred far letter the classifier doubted
    still continues its word."""
    members = list(line.members)
    while True:
        grown = False
        for end, sign in ((line.ends[1], 1), (line.ends[0], -1)):
            step = max(LINK * line.size, 1.5 * line.pitch) if len(members) > 1 else LINK * line.size
            best = None
            for g in shapes:
                if any(g is m for m in members) or max(g.size, line.size) > SAME_WORD_SIZE * min(g.size, line.size):
                    continue
                along, across = line.offset(np.array((g.cx, g.cy)))
                past = (along - end) * sign
                if abs(across) <= ON_THE_LINE * line.size and 0.5 * line.size < past <= step:
                    if best is None or past < best[0]:
                        best = (past, g)
            if best and _Line(members + [best[1]]).straight:
                members.append(best[1])
                grown = True
        if not grown:
            return line
        line = _Line(members)


def _joined(lines: list[_Line]) -> list[_Line]:
    """Lines that continue one another across a gap of a WILD card or two, joined: the first
    pair that does (in the lines' order), again until none does. Only pairs near enough for
    such a gap are looked at (_near_pairs): a loose cut of a grained table makes hundreds of
    lines."""
    lines = list(lines)
    while True:
        pair = next(((lines[i], lines[j]) for i, j in _near_pairs(lines) if _continues(lines[i], lines[j])), None)
        if pair is None:
            return lines
        a, b = pair
        lines = [line for line in lines if line is not a and line is not b] + [_Line(a.members + b.members)]


def _near_pairs(lines: list[_Line]) -> list[tuple[int, int]]:
    """The pairs of lines (i, j), i's order first, whose letters may lie near enough for
    _continues: the gap between their nearest letters at most the longest gap it allows
    (WILD_GAP of the longer pitch, or of 1.2 the bigger size), and across no more than both
    lie off their line. The distance of their middles less how far each line's letters reach
    from its middle is no more than that gap."""
    if len(lines) < 2:
        return []
    centres = np.array([line.centre for line in lines])
    reach = np.array([max(abs(line.ends[0]), abs(line.ends[1])) + ON_THE_LINE * line.size for line in lines])
    pitch = np.array([line.pitch for line in lines])
    size = np.array([line.size for line in lines])
    gap = WILD_GAP * np.maximum(np.maximum.outer(pitch, pitch), 1.2 * np.maximum.outer(size, size))
    apart = np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=2) - reach[:, None] - reach[None, :]
    near = apart <= gap + 2 * ON_THE_LINE * np.maximum.outer(size, size)
    np.fill_diagonal(near, False)
    return list(zip(*(k.tolist() for k in np.nonzero(near))))


def _continues(a: _Line, b: _Line) -> bool:
    """Whether line b goes on from a past a gap a WILD card could fill: of one size, in one
    straight line together, the gap between them at most WILD_GAP pitches; a line of one
    letter turned as the other's letter nearest it (a checked cloth's square seen at an
    eighth turn looked like an F, and joined LIGHT's H and T: IGHT)."""
    if max(a.size, b.size) > SAME_WORD_SIZE * min(a.size, b.size):
        return False
    if len(a.members) < 2 and len(b.members) < 2:
        return False
    if min(len(a.members), len(b.members)) == 1 and not _turned_alike(*_nearest_two(a, b)):
        return False
    both = _Line(a.members + b.members)
    if not both.straight:
        return False
    if len(b.members) > 1 and len(a.members) > 1:
        turn = math.degrees(math.acos(min(1.0, abs(float(a.direction @ b.direction)))))
        if turn > LINE_TURN and min(len(a.members), len(b.members)) > 2:
            return False
    along_a = [both.offset(np.array((g.cx, g.cy)))[0] for g in a.members]
    along_b = [both.offset(np.array((g.cx, g.cy)))[0] for g in b.members]
    gap = max(min(along_b) - max(along_a), min(along_a) - max(along_b))
    pitch = min([line.pitch for line in (a, b) if len(line.members) > 1])
    return 0 < gap <= WILD_GAP * max(pitch, 1.2 * both.size)


def _turned_alike(a: Glyph, b: Glyph) -> bool:
    """Whether two letters are turned alike, as neighbours in a word are (_along): upside
    down of each other at most."""
    return abs(float(_reading_way(a.turn) @ _reading_way(b.turn))) > _ALIKE


def _nearest_two(a: _Line, b: _Line) -> tuple[Glyph, Glyph]:
    """The letter of line a and the letter of line b nearest each other."""
    return min(((g, h) for g in a.members for h in b.members),
               key=lambda pair: math.hypot(pair[0].cx - pair[1].cx, pair[0].cy - pair[1].cy))


def _wild_print(line: _Line) -> bool:
    """Whether a line is a WILD card's name (its word's letters, bigger, not found beside it)
    or the names of WILDs laid side by side: letters of the name, in its order (each name
    but a lone one read in two letters at least)."""
    letters = "".join(g.letter for g in line.members)
    if len(letters) < 2 or not set(letters) <= set(WILD_PRINT):
        return False
    ordered = [m for m in sorted(line.members, key=lambda g: line.offset(np.array((g.cx, g.cy)))[0])]
    spelt = "".join(g.letter for g in ordered)
    return _names(spelt, WILD_PRINT) or _names(spelt[::-1], WILD_PRINT)


def _names_only(word: str) -> bool:
    """Whether a word read is the names of WILD cards laid side by side, read as letters:
    two names or more (one may be a word laid in letter cards: WILD)."""
    return any(_names(w, WILD_PRINT) and not _subsequence(w, WILD_PRINT) for w in (word, word[::-1]))


def _names(spelt: str, name: str) -> bool:
    """Whether `spelt` is `name` written once, or more times one after another, with letters
    left out (each time two letters of it at least). Split where it may be, letter by letter
    (a long row of WILDs' names is no more work than the row is long)."""
    if _subsequence(spelt, name):
        return True
    split = [True] + [False] * len(spelt)  # split[j]: spelt[:j] is whole names
    for j in range(2, len(spelt) + 1):
        split[j] = any(split[i] and _subsequence(spelt[i:j], name) for i in range(max(0, j - len(name)), j - 1))
    return split[-1]


def _subsequence(part: str, whole: str) -> bool:
    letters = iter(whole)
    return all(ch in letters for ch in part)


def _each_word_once(lines: list[_Line]) -> list[_Line]:
    """The lines, longest first, without the small print on a word's cards (a WILD card's
    name, a card's value: letters much smaller than the word's) and without those lying
    on a longer line's cards (a piece of a word already found). A line of hairlines lying
    over a line of letters is their cards' sides (taller than the letters, twice as many):
    the letters are the word, not print on it. Alone, it may be the only trace of a word
    whose letters, turned between two quarter turns, look like none."""
    lettered = [line for line in lines if not _card_sides(line)]
    lines = [line for line in lines
             if not (_card_sides(line) and any(_on_its_cards(line, other) for other in lettered))]
    lines = [line for line in lines
             if not any(other.size > SMALL_PRINT * line.size and _on_its_cards(other, line) for other in lines)]
    kept: list[_Line] = []
    for line in lines:
        if not any(_on_its_cards(other, line) for other in kept):
            kept.append(line)
    return kept


def _card_sides(line: _Line) -> bool:
    """Whether a line is hairlines (find.Glyph.hairline), but for a letter in CARD_SIDES."""
    return sum(g.hairline for g in line.members) >= CARD_SIDES * len(line.members)


def _on_its_cards(word: _Line, line: _Line) -> bool:
    """Whether a line's middle lies on the cards of a word's line (or of a WILD past its end)."""
    along, across = word.offset(line.centre)
    return abs(across) < word.size and word.ends[0] - word.pitch <= along <= word.ends[1] + word.pitch


def _middle(lines: list[_Line], shape) -> np.ndarray:
    """The table's middle, as far as the words tell: where they lie round (the photo's middle
    when there is one word)."""
    if len(lines) < 2:
        return np.array([shape[1] / 2, shape[0] / 2])
    return np.mean([line.centre for line in lines[:MOST_WORDS]], axis=0)


def _facing(direction: np.ndarray) -> float:
    """Degrees clockwise from the photo's bottom edge to the player who reads a line running
    this way (the player sits on the side its letters' feet point to)."""
    towards = np.array([-direction[1], direction[0]])
    return round(math.degrees(math.atan2(-towards[0], towards[1])) % 360, 1) % 360


def _clockwise(facing: float) -> float:
    """A facing's place in the clockwise order from the photographer's (a word turned a
    little the other way from the photo's bottom edge is still the photographer's)."""
    return (facing + CLOCKWISE_FROM) % 360


def _read_line(photo: Photo, line: _Line, letters: list[Glyph], k: float, middle: np.ndarray,
               deck: str, is_word, alphabet: str) -> TableWord | None:
    """The word along a line, read upright: cut from the photo with room for a card round
    it, turned the way its letters read, scaled to READ_SIZE. A word whose row leaves no room
    for a whole card past an end is read again with a card's more room at that end (the
    row's own step, or the line's pitch where that is longer), up to MOST_READS times (a card
    the cut went through, letters the line finder passed over one after another; two
    letters read of a word the finder saw only part of); a reading counts only if it grows
    the one that counted before it (_grown_from). `letters`: the line finder's letters on
    and round the line. A word read mostly in doubt (its cards' confidence DOUBTED_WAY or
    less on the whole) is read the other way too, and the surer of the two kept: the way
    the table's middle gives is wrong where the words do not lie round it (two words, one
    above the other, the line finder's letters too few to say)."""
    direction = _way_read(line, middle)
    word = _read_along(photo, line, letters, k, direction, deck, is_word, alphabet)
    if word is not None and _sureness(word) <= DOUBTED_WAY * len(word.cards):
        other = _read_along(photo, line, letters, k, -direction, deck, is_word, alphabet)
        if other is not None and _sureness(other) > _sureness(word):
            return other
    return word


def _read_along(photo: Photo, line: _Line, letters: list[Glyph], k: float, direction: np.ndarray,
                deck: str, is_word, alphabet: str) -> TableWord | None:
    """The word along a line read the way `direction` says (_read_line)."""
    size = line.size / k
    pitch = max(line.pitch / k, 1.3 * size)
    along = [float((np.array((g.cx, g.cy)) - line.centre) @ direction) / k for g in line.members]
    before = -min(along) + CROP_PITCHES * pitch + CROP_ALONG * size
    after = max(along) + CROP_PITCHES * pitch + CROP_ALONG * size
    word = None
    for _ in range(MOST_READS):
        read = _read_crop(photo, line.centre / k, direction, size, before, after, deck, is_word, alphabet,
                          letters, k)
        if read is None:
            return word
        again, more_before, more_after = read
        if again is not None and (word is None or _grown_from(again, word)):
            word = again
        if not (more_before or more_after):
            break
        before += max(pitch, more_before) if more_before else 0.0
        after += max(pitch, more_after) if more_after else 0.0
    return word


def _grown_from(grown: TableWord, word: TableWord) -> bool:
    """Whether a word read again with more room is the word read before, grown: no shorter,
    it keeps the earlier reading's cards, all but one at most (in a wider cut the row reader
    may take another line of letters for the row: a WILD's name seen whole). A bowed row's
    end card found past the strip's end is placed by where it lies, and the room past it
    differs from cut to cut: a cut that loses it has grown nothing. Of as many cards, it is
    read no less surely (a wider cut that found no more cards may read one of them worse:
    VJXWEYF read NJXWEYF)."""
    if len(grown.cards) == len(word.cards) and _sureness(grown) < _sureness(word):
        return False
    return len(grown.cards) >= len(word.cards) and _shared(word, grown) >= len(word.cards) - 1


def _sureness(word: TableWord) -> float:
    """How surely a word's cards were read, all told."""
    return sum(c.confidence for c in word.cards)


def _read_crop(photo: Photo, centre: np.ndarray, direction: np.ndarray, size: float,
               before: float, after: float, deck: str, is_word, alphabet: str,
               found: list[Glyph], k: float):
    """The row read in the photo's strip along `direction` from `before` pixels behind the
    centre to `after` ahead, CROP_ACROSS letter sizes either side, turned upright and
    scaled to READ_SIZE: the word (None: too few cards), and the room to add before and
    after it (in the photo's pixels: a usual step, 0 where there is room) where the strip
    leaves none for a whole card past its first and last cards, as the row reader read them
    or as the row stands with the cards found past its ends. `found`: the letters the line finder
    read on and round the line (_around; at `k` of the photo's pixels), for a letter the row
    reader left off an end."""
    zoom = float(np.clip(READ_SIZE / size, 0.1, MOST_ZOOM))
    width, height = int((before + after) * zoom), int(2 * CROP_ACROSS * size * zoom)
    angle = math.degrees(math.atan2(direction[1], direction[0]))
    turn = cv2.getRotationMatrix2D((float(centre[0]), float(centre[1])), angle, zoom)
    turn[:, 2] += (before * zoom - centre[0], height / 2 - centre[1])
    crop = cv2.warpAffine(photo.image, turn, (width, height),
                          flags=cv2.INTER_AREA if zoom < 1 else cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)
    strip = _Strip(turn, Slant.of(cv2.cvtColor(crop, cv2.COLOR_RGB2GRAY), size * zoom))
    if strip.slant:
        crop = strip.slant.straightened(photo.image, turn, (width, height))
    _, cards, suggestions = read_photo(Photo(crop, 1.0, width, height), alphabet, None, is_word, deck,
                                       letter_size=size * zoom)
    read = [c for c in cards if c.in_row]
    if len(read) < FEWEST_CARDS:
        return _cut_short(read, width, zoom)
    faces = _Faces.of(crop, read, strip, photo.image.shape[:2])
    row = _once_each(_wilds_counted(faces, _wild_ends(faces, _wilds_between(faces, read), alphabet)))
    off_row = _off_row_letters(cards, alphabet, faces=faces)
    bars = _off_row_letters(cards, alphabet, bars=True)
    row = _bars_between(_every_other_card(row, off_row + bars), bars)
    row = _letters_past_ends(row, _finder_letters(found, strip, k, zoom, direction, row) + off_row)
    if len(row) < FEWEST_CARDS:
        return _cut_short(row, width, zoom)
    # no room left for a whole card past an end card (as read, or as the row stands now): a
    # step on, the usual one or the step at that end where longer (a row lying toward the
    # camera steps longer at its near end)
    steps = _steps(row)
    room = _usual_step(steps, _size(row), gaps_looked_at=True)
    first, last = min(read[0].box[0], row[0].box[0]), max(read[-1].box[2], row[-1].box[2])
    word = TableWord(tuple(_placed(c, strip, photo.scale) for c in row), _facing(direction), suggestions)
    cut_first, cut_last = _letters_cut(faces, row, width, size * zoom)  # no room past a cut letter
    first, last = (0.0 if cut_first else first), (float(width) if cut_last else last)
    return word, *_room_wanted(first, last, width, (max(room, steps[0]), max(room, steps[-1])), zoom)


def _letters_cut(faces: _Faces, row: list[Card], width: int, size: float) -> tuple[bool, bool]:
    """Whether the strip's start (its end) cuts a letter past the row's first (last) card:
    a card laid farther on than the row's steps say, or bowed off the word's line, where the
    strip left room for a card and still cut the letter past it (FREED?M's M, read FREED?;
    MIXTURE's near M). A shape of the strictest cut of the ink over the whole strip (a card
    the strip cuts is no card face, and none of the row reader's shapes), as tall as the
    word's letters (CUT_LETTER of their `size`), its middle on the row's way at that end (the
    line through its two end cards, ON_THE_LINE letter sizes off it at most), in the photo,
    no solid block, and ringed by light paper (CUT_ON_PAPER of the ring, cut by the strip on
    one side): a cloth's check past the end is none (S?RENGTH read S?RENGTHD)."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats((faces.ratio < INK_LEVELS[0]).astype(np.uint8),
                                                           connectivity=8)
    x, y, w, h, area = stats[1:, :5].T
    letter_high = (h >= CUT_LETTER[0] * size) & (h <= CUT_LETTER[1] * size) & (area < SOLID_FILL * w * h)
    cut = []
    for end, inward, at_edge in ((0, 1, x <= 0), (-1, -2, x + w >= width)):
        (ex, ey), (dx, dy) = _end_way(row, end, inward)
        slope = dy / dx if dx else 0.0
        on_line = np.abs(y + h / 2 - (ey + slope * (x + w / 2 - ex))) <= ON_THE_LINE * size
        cut.append(any(faces.in_photo(np.array((x[i] + w[i] / 2, y[i] + h[i] / 2)))
                       and paper_round(faces.ratio, labels, int(i) + 1, *(int(v) for v in stats[i + 1, :4]))
                       >= CUT_ON_PAPER
                       for i in np.flatnonzero(at_edge & letter_high & on_line)))
    return cut[0], cut[1]


def _cut_short(row: list[Card], width: int, zoom: float) -> tuple[None, float, float] | None:
    """No word (too few cards), and the room to add before and after as _read_crop gives it:
    a line the finder saw only part of (two letters of five) is read again with more. A step
    of more than USUAL_STEP letter sizes between the two is no card's: WILDs lie between.
    None under two cards (no step to go by)."""
    if len(row) < 2:
        return None
    room = min(_usual_step(_steps(row), _size(row), gaps_looked_at=True), USUAL_STEP * _size(row))
    return None, *_room_wanted(row[0].box[0], row[-1].box[2], width, (room, room), zoom)


def _room_wanted(first: float, last: float, width: int, room: tuple[float, float],
                 zoom: float) -> tuple[float, float]:
    """The room to add before and after a strip `width` wide whose row runs from `first` to
    `last` (the crop's pixels): the step wanted past each end (`room`, before and after) where
    less than that is left, in the photo's pixels; 0 where there is room."""
    before, after = room
    return before / zoom * (first < before), after / zoom * (last > width - after)


@dataclass(frozen=True)
class _Strip:
    """How a word's crop lies in the photo: turned and scaled (`turn`, an affine map from
    the photo's pixels), then stood up straight by its slant (None: upright already)."""

    turn: np.ndarray
    slant: Slant | None

    def to_crop(self, point: np.ndarray) -> np.ndarray:
        """A point of the photo where it lies in the crop."""
        at = self.turn @ np.array([point[0], point[1], 1.0])
        return self.slant.to_straight(at)[0] if self.slant else at

    @cached_property
    def back(self) -> np.ndarray:
        """The turn undone: the crop's pixels (before straightening) to the photo's."""
        return cv2.invertAffineTransform(self.turn)

    def to_photo(self, points: np.ndarray) -> np.ndarray:
        """Points of the crop where they lie in the photo."""
        if self.slant:
            points = self.slant.from_straight(points)
        return np.asarray(points, float) @ self.back[:, :2].T + self.back[:, 2]


@dataclass(frozen=True)
class _Found:
    """A letter read off the row, as _letters_past_ends takes it: its middle in the crop, its
    size, letter and chance, and the way it reads (None: not known)."""

    at: np.ndarray
    size: float
    letter: str
    chance: float
    way: np.ndarray | None = None
    either_way: bool = False  # it reads alike upside down

    def reads_along(self, way: np.ndarray) -> bool:
        """Whether it reads along a row running this way (turned as the row's end card)."""
        return self.way is None or _reads_within(self.way, way, self.either_way, LINE_TURN * 2)

    def on_line(self, at: np.ndarray, unit: np.ndarray, size: float) -> float | None:
        """How far along the line from `at` running along `unit` it lies, where it lies on that
        line (ON_THE_LINE letter sizes off it at most) and is of the row's letters' `size`;
        None where it does not."""
        d = self.at - at
        on, off = float(d @ unit), abs(float(d @ np.array([-unit[1], unit[0]])))
        return on if off <= ON_THE_LINE * size and self.of_size(size) else None

    def of_size(self, size: float) -> bool:
        """Whether it is of a row's letters' `size` (within SAME_WORD_SIZE)."""
        return max(self.size, size) < SAME_WORD_SIZE * min(self.size, size)

    def past_a_bow(self, at: np.ndarray, unit: np.ndarray, size: float, reading: np.ndarray) -> float | None:
        """How far along the line from `at` running along `unit` it lies, where it lies off
        that line but the row bows to it: the step to it turned BOW_PAST degrees at most from
        the line, the letter turned with that step (reading along it, the way the row reads
        there, `reading` along the line, within LINE_TURN) and of the row's letters' `size`.
        None where it does not (a letter whose way is not known)."""
        d = self.at - at
        far = float(np.linalg.norm(d))
        if self.way is None or far == 0 or not self.of_size(size):
            return None
        step = d / far
        turned = float(step @ unit)
        if turned < math.cos(math.radians(BOW_PAST)):
            return None
        return turned * far if _reads_within(self.way, step * np.sign(reading @ unit), self.either_way,
                                             LINE_TURN) else None

    def card(self, size: float) -> Card:
        """The card it is in a row of letters of `size`: marked unsure (placed by where it lies)."""
        return Card(self.letter, min(self.chance, UNSURE), _wild_box(self.at, size), (), True)


def _reads_within(way: np.ndarray, along: np.ndarray, either_way: bool, degrees: float) -> bool:
    """Whether a letter reading `way` reads along `along` (unit vectors) within `degrees`,
    either way round where it reads alike upside down."""
    reads = float(way @ along)
    return (abs(reads) if either_way else reads) > math.cos(math.radians(degrees))


def _letters_past_ends(row: list[Card], found: list[_Found]) -> list[Card]:
    """The row with a letter read a step past an end card, where the row reader put none in
    the row (a card a little off the row's line or turn): `found`, each letter's middle, size,
    letter and chance, as the line finder read it on the small copy (_finder_letters) or the
    row reader off the row (_off_row_letters). The nearest of the row's letters' size, on its
    line, about the row's median step on, or as little as its step at that end (a row lying
    toward the camera steps shorter at its far end; cards pushed together there), not less
    (print on the end card's own face), and as far from every other card's middle (a card's
    box is as wide as the row's median letters say, wider than a far end's cards: PRESENT's T
    lay inside its N's). Marked unsure: placed by where it lies."""
    if len(row) < 2:
        return row
    size = _size(row)
    cards = list(row)
    for end, inward in ((0, 1), (-1, -2)):
        at, way = _end_way(cards, end, inward)
        unit = _unit(way)
        step = float(np.median(_steps(cards)))
        least = PAST_LETTER[0] * min(step, float(np.linalg.norm(way)))
        middles = np.array([_centre(c.box) for c in cards])
        reading = unit if end else -unit
        best = None
        for letter in found:
            on = letter.on_line(at, unit, size)
            if on is None:
                on = letter.past_a_bow(at, unit, size, reading)
            if (on is not None and least <= on <= PAST_LETTER[1] * step
                    and letter.reads_along(reading)
                    and np.linalg.norm(middles - letter.at, axis=1).min() >= least
                    and (best is None or on < best[0])):
                best = (on, letter)
        if best:
            cards.insert(len(cards) if end else 0, best[1].card(size))
    return cards


def _bars_between(row: list[Card], found: list[_Found]) -> list[Card]:
    """The row with a bare bar the row reader read off it (`found`, _off_row_letters) put in a
    gap between two of its cards that leaves room for a card where no WILD's face was found
    (_wilds_between looked first): an I,
    its card a little higher or lower than its neighbours' (its top and bottom off the row's
    lines; LIGHT read LGHT, HOLIDAY HOLDAY). It lies on the line between the two cards, at
    least READ_TWICE usual steps from each, is of the row's letters' size and read surely (not
    under LOW_CONFIDENCE); the one nearest the gap's middle is taken, marked unsure (placed by
    where it lies). Only a bar: another letter read off the row there may be a card's corner
    print (a 3 read as E lay in a gap of a line of corner letters)."""
    if len(row) < 2 or not found:
        return row
    size = _size(row)
    step = _usual_step(_steps(row), size)
    out = [row[0]]
    for before, after in zip(row, row[1:]):
        a, b = _centre(before.box), _centre(after.box)
        s = float(np.linalg.norm(b - a))
        if s >= ROOM_FOR_A_CARD * step and (bar := _midmost(found, a, b, size, s / 2 - READ_TWICE * step)):
            out.append(bar.card(size))
        out.append(after)
    return out


def _midmost(found: list[_Found], a: np.ndarray, b: np.ndarray, size: float, off: float) -> _Found | None:
    """Of the letters read off a row (`found`), the one nearest the middle of the step from
    one card's middle `a` to the next one's `b`, at most `off` from it: on their line, of the
    row's letters' `size`, read surely (not under LOW_CONFIDENCE) and reading along the row
    (a bare bar, whose way is not known, always does); None where none is."""
    s = float(np.linalg.norm(b - a))
    unit = (b - a) / max(s, 1e-6)
    near = [(abs(on - s / 2), letter) for letter in found
            if (on := letter.on_line(a, unit, size)) is not None and abs(on - s / 2) <= off
            and letter.chance >= LOW_CONFIDENCE and letter.reads_along(unit)]
    return min(near, key=lambda n: n[0])[1] if near else None


def _every_other_card(row: list[Card], found: list[_Found]) -> list[Card]:
    """The row with a letter the row reader read off it put between each two of its cards,
    where one lies midway between every two (MIDWAY steps off the middle at most), read
    surely, of the row's letters' size and reading along it: the row reader took every
    other card of a row pushed together, its step twice theirs (RIVER read RVR, its I and
    E read off the row; RADIO's cards overlapping, RDO). Every step, so that a row's own
    gaps (a seam between two cards read as I) do not count. Marked unsure (placed by where
    they lie). A row with a WILD is left as read: the card passed over beside it may be
    another WILD, which no letter shows."""
    if len(row) < 3 or not found or any(c.letter == WILD for c in row):
        return row
    size = _size(row)
    out = [row[0]]
    for before, after in zip(row, row[1:]):
        a, b = _centre(before.box), _centre(after.box)
        letter = _midmost(found, a, b, size, MIDWAY * float(np.linalg.norm(b - a)))
        if letter is None:
            return row
        out += [letter.card(size), after]
    return out


#: A shape the line finder found this many letter sizes from a row card's middle or nearer is
#: that card's letter (not its corner print).
SAME_LETTER = 0.4


def _finder_letters(found: list[Glyph], strip: _Strip, k: float, zoom: float,
                    direction: np.ndarray, row: list[Card]) -> list[_Found]:
    """The line finder's shapes that look like a letter reading about the row's way (not a
    bare bar: the next card's edge reads as one), where they lie in the crop and the way
    each reads there (a bowed row's end card turns with the row). Each one's size is in the
    row reader's measure, as the letters both read at the row's cards' middles say: the
    finder sizes a shape by its upright box on the small copy, so a word lying aslant, or
    blurred small, looks bigger to it than to the row reader, which reads it upright."""
    out = []
    for g in found:
        way = _reading_way(g.turn)
        if (g.letter != BAR and g.chance > LETTERLIKE
                and _reads_within(way, direction, g.letter in SYMMETRIC, LINE_TURN * 3)):
            at = np.array([g.cx, g.cy]) / k
            middle = strip.to_crop(at)
            crop_way = _unit(strip.to_crop(at + way * g.size / k) - middle)
            out.append(_Found(middle, _own_height(g) / k * zoom, g.letter, g.chance, crop_way,
                              g.letter in SYMMETRIC))
    letters = [c for c in row if c.letter != WILD]
    size = _size(letters) if letters else 0.0
    both = [f.size for f in out
            if any(np.linalg.norm(f.at - _centre(c.box)) <= SAME_LETTER * size for c in letters)]
    if not both:
        return out
    scale = size / float(np.median(both))
    return [dataclasses.replace(f, size=f.size * scale) for f in out]


def _off_row_letters(cards: list[Card], alphabet: str, bars: bool = False,
                     faces: _Faces | None = None) -> list[_Found]:
    """The letters the row reader read off the row (a card a little lower, or turned a
    little more, than its row), as _letters_past_ends takes them; not one read on a card
    read more surely (a piece of another word's letter). No bare bar (an I, or the next
    card's edge past an end), or with `bars` only those (for _bars_between). With `faces`,
    each knows the way it reads (_Faces.reading_way): another word's card turned across the
    row, read upright as some letter, reads across it (JUNGLE read JUNGLEJ, LAMP TLAMP)."""
    off = [c for c in cards if not c.in_row and c.letter and c.letter in alphabet
           and (c.letter == BAR) == bars and c.confidence > OFF_ROW_SURE]
    return [_Found(_centre(c.box), _size([c]), c.letter, c.confidence,
                   None if faces is None else faces.reading_way(c.box, _size([c]), alphabet),
                   c.letter in SYMMETRIC)
            for c in off if not any(d.confidence > c.confidence and _overlap(c.box, d.box) > 0.5 for d in off)]


def _inside(point: np.ndarray, box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _centre(box) -> np.ndarray:
    return np.array([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2])


def _end_way(cards: list[Card], end: int, inward: int) -> tuple[np.ndarray, np.ndarray]:
    """A row's end card's middle, and the step to it from its neighbour `inward` (the way
    out of the word at that end)."""
    at = _centre(cards[end].box)
    return at, at - _centre(cards[inward].box)


def _ways_past(cards: list[Card], end: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Where a row's end card lies, and the way out of the word past it, for a WILD card
    looked for there: as _end_way, then (where the end card or its neighbour is a WILD) along
    the line of the two letters nearest that end, the end card where it lies along it. A row
    may bow at an end; but a WILD's middle may also lie off its card's, across the row: the
    row reader finds a WILD by its print and paper (TAI?? read TAI?: the way from I to the
    WILD turned 13 degrees, and the second WILD was looked for above its card)."""
    inward = 1 if end == 0 else -2
    ways = [_end_way(cards, end, inward)]
    letters = _letters_from(cards, end)[:2]
    if WILD in (cards[end].letter, cards[inward].letter) and len(letters) == 2:
        last, before = (_centre(c.box) for c in letters)
        unit = _unit(last - before)
        ways.append((last + unit * float((_centre(cards[end].box) - last) @ unit), unit))
    return ways


def _letters_from(cards: list[Card], end: int) -> list[Card]:
    """The row's letter cards (no WILD), nearest its `end` (0 or -1) first."""
    return [c for c in (cards if end == 0 else cards[::-1]) if c.letter != WILD]


def _unit(way: np.ndarray) -> np.ndarray:
    return way / max(float(np.linalg.norm(way)), 1e-6)


def _size(row: list[Card]) -> float:
    """The row's letter size, as its cards' boxes say."""
    return float(np.median([min((c.box[2] - c.box[0]) / CARD_PER_LETTER[0],
                                (c.box[3] - c.box[1]) / CARD_PER_LETTER[1]) for c in row]))


def _wild_box(at: np.ndarray, size: float) -> tuple[int, int, int, int]:
    half = np.array(CARD_PER_LETTER) * size / 2
    return (int(at[0] - half[0]), int(at[1] - half[1]), int(at[0] + half[0]), int(at[1] + half[1]))


def _wild_at(at: np.ndarray, size: float) -> Card:
    """A WILD card whose face was found at `at`, in a row of letters of `size`: marked unsure
    (found by its paper, not read)."""
    return Card(WILD, UNSURE, _wild_box(at, size), (), True)


def _wild_ends(faces: _Faces, row: list[Card], alphabet: str) -> list[Card]:
    """The row's ends as its cards' faces show them: a WILD the row reader was unsure of
    at an end where no WILD card's face lies (where its box says, or on the row's line
    there: _ways_past; a big name's print sat low in ?NAPT's WILD box, cut by the window
    round the box's middle, and its W was read) is the letter printed faint there
    (_Faces.letter), or else left out (the table there, a light square of a cloth), unless
    print lies there (_Faces.printed: a name its window missed); and a
    WILD card past an end, where one lies a step on from the end card (a second WILD beside
    the one read, or one the row reader did not reach): the row's usual step, or its step at
    that end where that is longer (a row nearer the camera at that end: K?TCHE?'s steps grew
    from 74 pixels to 116, and its last WILD lay 1.2 of that last step on)."""
    if len(row) < 2:
        return row
    size = _size(row)
    cards = list(row)
    for end in (0, -1):
        card = cards[end]
        ways = _ways_past(cards, end)
        way = ways[0][1]
        fits = _fitting(size, float(np.linalg.norm(way)))
        if (card.letter == WILD and card.confidence < LOW_CONFIDENCE and len(cards) > FEWEST_CARDS
                and not any(faces.wild(at + _unit(out) * d * fits, _angle(out if end else -out), fits)
                            for at, out in ways for d in WILD_AT)):
            letter = faces.letter(card.box, size, way if end else -way, alphabet)
            if letter is not None:
                cards[end] = letter
            elif not faces.printed(card.box, size):
                cards.pop(end)
            continue
        for _ in range(MOST_WILDS_PAST):
            step = _usual_step(_steps(cards), size, gaps_looked_at=True)
            beyond = next((point for at, way in _ways_past(cards, end)
                           for past in dict.fromkeys((step, max(step, float(np.linalg.norm(way)))))
                           for point in (at + _unit(way) * past * f for f in PAST_STEPS)
                           if faces.wild(point, _angle(way if end else -way), _fitting(size, past))), None)
            if beyond is None and cards[end].letter == WILD:
                beyond = _face_past(faces, cards, end, step, size)
            if beyond is None or _on_the_end_wild(faces, cards, end, beyond, step, size):
                break
            cards.insert(len(cards) if end else 0, _wild_at(beyond, size))
    return cards


def _on_the_end_wild(faces: _Faces, cards: list[Card], end: int, at: np.ndarray, step: float,
                     size: float) -> bool:
    """Whether a WILD's face seen at `at`, past the row's end WILD, is that WILD's own card's:
    along the line from the row's nearest letter out to `at`, one stretch of paper holds both
    the end WILD's middle and `at`, and is less than ONE_CARD of the row's steps long. The row
    reader may put a WILD's middle off its card's middle, and a card laid apart then showed its
    face a step on (?OOLOG? read ?OOLOG??); two WILDs side by side, touching, are one stretch
    of paper two cards long (BI??)."""
    letters = _letters_from(cards, end)
    if cards[end].letter != WILD or not letters:
        return False
    start = _centre(letters[0].box)
    far, way = float(np.linalg.norm(at - start)), _unit(at - start)
    wild = float(np.dot(_centre(cards[end].box) - start, way))
    return any(first <= wild and far <= last and last - first < ONE_CARD * step
               for first, last in faces.paper_along(start, way, _angle(way), size, 0.0, far))


def _fitting(size: float, step: float) -> float:
    """The letters' size a WILD's face is looked for at, a `step` from its neighbour: the
    row's, or less where its window (WILD_WINDOW) would be wider than the step. Cards laid
    side by side do not overlap, so a card is no wider than the step to it; a deck whose
    cards are hardly wider than their letters, lying away from the camera, has narrower
    cards at its far end than its letters' size says (MR?R?'s last WILD was no face)."""
    return min(size, step / WILD_WINDOW[0])


def _face_past(faces: _Faces, cards: list[Card], end: int, step: float, size: float) -> np.ndarray | None:
    """Where a WILD card's face lies past the row's end WILD off the usual step (NEAR_PAST to
    FAR_PAST steps on; the end WILD's own face left aside), on no card with a letter of the
    row's size (no such letter's middle within LETTER_NEAR letter sizes: the edge of a letter
    card the row reader lost is no WILD's face, W?ATHER's W); None where none does."""
    at, way = _end_way(cards, end, 1 if end == 0 else -2)
    unit, angle = _unit(way), _angle(way if end else -way)
    for first, last in _face_runs(faces, at, unit, angle, size, FAR_PAST * step):
        middle = (first + last) / 2
        if first > 2 * FACE_SLIDE * size and middle >= NEAR_PAST * step:  # not the end WILD's own
            point = at + unit * middle
            return None if faces.letter_near(point, size) else point
    return None


def _face_runs(faces: _Faces, at: np.ndarray, way: np.ndarray, angle: float, size: float,
               length: float, finish: float = 0.0) -> list[tuple[float, float]]:
    """The stretches along `way` (a unit vector) from `at`, starting up to `length` pixels on
    (and one then seen followed to its end, up to `finish` pixels farther), where a WILD card's
    face is seen square with a row turned by `angle`: looked at FACE_SLIDE letter sizes at a
    time, one miss allowed inside a stretch, none shorter than LEAST_FACE letter sizes; each as
    its first and last place's distance from `at`."""
    slide = FACE_SLIDE * size
    runs: list[tuple[int, int]] = []  # in slides
    first = last = None
    for k in range(int((length + finish) / slide) + 1):
        if k * slide > length and first is None:
            break
        if faces.wild(at + way * k * slide, angle, size, whole=False):
            first = k if first is None else first
            last = k
        elif first is not None and k - last > 1:
            runs.append((first, last))
            first = None
    if first is not None:
        runs.append((first, last))
    return [(a * slide, b * slide) for a, b in runs if b - a >= round(LEAST_FACE / FACE_SLIDE)]


def _wilds_counted(faces: _Faces, row: list[Card]) -> list[Card]:
    """The row with each run of its WILDs counted again by their faces (_run_recounted)."""
    if all(c.letter == WILD for c in row) or all(c.letter != WILD for c in row):
        return row
    size = _size(row)
    two = max(TWO_FACES * size, TWO_FACES_STEPS * _usual_step(_steps(row), size, gaps_looked_at=True))
    out: list[Card] = []
    for wild, group in groupby(enumerate(row), key=lambda ic: ic[1].letter == WILD):
        at, cards = zip(*group)
        recounted = _run_recounted(faces, row, at[0], at[-1] + 1, size, two) if wild else None
        out += recounted or cards
    return out


def _run_recounted(faces: _Faces, row: list[Card], i: int, j: int, size: float,
                   two: float) -> list[Card] | None:
    """The WILDs of the row's run row[i:j] as their faces count them (_face_runs): looked along
    between the letters either side, or from the letter before a run at an end to END_ROOM
    letter sizes past its last WILD (a face seen there followed to its end, a card's width on
    at most). A face `two` long, or with a gap of the table across it, is two WILDs; a card
    told apart there counts only where its middle lies in the stretch its face was seen (a
    slide off at most): the paper a stretch is told apart by reaches half a window past it,
    where a light table beyond an end WILD, cut off by a line printed round the card's edge,
    looked like a second card's paper (?ANGUAGE read ??ANGUAGE). Where more faces lie than
    WILDs were read, a WILD at each face's middle, marked unsure; else None."""
    if 0 < i and j < len(row):  # between two letters
        start, far = _centre(row[i - 1].box), _centre(row[j].box)
        length, finish, outward = float(np.linalg.norm(far - start)), 0.0, 1
    else:  # at an end: from the letter before it, out past its last WILD
        start, far, outward = ((_centre(row[i - 1].box), _centre(row[j - 1].box), 1) if i > 0
                               else (_centre(row[j].box), _centre(row[i].box), -1))
        length, finish = float(np.linalg.norm(far - start)) + END_ROOM * size, CARD_PER_LETTER[0] * size
    way = _unit(far - start)
    angle = _angle(way * outward)
    middles: list[float] = []
    slide = FACE_SLIDE * size
    for first, last in _one_card_each(faces, start, way, angle, size,
                                      _face_runs(faces, start, way, angle, size, length, finish)):
        apart = [m for m in faces.cards_along(start, way, angle, size, first, last)
                 if first - slide <= m <= last + slide]
        quarters = (1, 3) if last - first >= two else (2,)
        middles += apart if len(apart) > len(quarters) else [first + (last - first) * q / 4 for q in quarters]
    if len(middles) <= j - i:
        return None
    return [_wild_at(start + way * m, size) for m in (middles if outward > 0 else middles[::-1])]


def _one_card_each(faces: _Faces, at: np.ndarray, way: np.ndarray, angle: float, size: float,
                   runs: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Stretches where a WILD's face is seen (_face_runs) with two that are one card's taken
    as one: their middles nearer than a card's width, and no gap of the table between them
    (_Faces.cards_along): a card whose print (a ring round its name) hides its face from a
    window at its middle (NATU?E read NATU??E)."""
    out: list[tuple[float, float]] = []
    for first, last in runs:
        if out and (first + last - sum(out[-1])) / 2 < CARD_PER_LETTER[0] * size and len(
                faces.cards_along(at, way, angle, size, out[-1][0], last)) <= 1:
            out[-1] = (out[-1][0], last)
        else:
            out.append((first, last))
    return out


def _once_each(row: list[Card]) -> list[Card]:
    """The row with each card read once: of two cards much nearer than the row's typical
    step (READ_TWICE of its median), the one read less surely is left out."""
    cards = list(row)
    while len(cards) > FEWEST_CARDS:
        steps = _steps(cards)
        usual = float(np.median(steps))
        near = [i for i, s in enumerate(steps) if s < READ_TWICE * usual]
        if not near:
            break
        i = min(near, key=lambda i: steps[i])
        cards.pop(i if cards[i].confidence < cards[i + 1].confidence else i + 1)
    return cards


def _steps(row: list[Card]) -> list[float]:
    """The distances from each of the row's cards to the next."""
    centres = [_centre(c.box) for c in row]
    return [float(np.linalg.norm(b - a)) for a, b in zip(centres, centres[1:])]


def _usual_step(steps: list[float], size: float, gaps_looked_at: bool = False) -> float:
    """The typical of a row's steps (of at most USUAL_STEP letter sizes; when none is that
    short, half the shortest: a WILD between each two letters, unless the gaps were looked
    at for WILD cards (_wilds_between) and none lay there: then the shortest, cards laid
    far apart)."""
    usual = [s for s in steps if s <= USUAL_STEP * size]
    return float(np.median(usual)) if usual else min(steps) / (1 if gaps_looked_at else 2)


def _angle(way: np.ndarray) -> float:
    """The turn (degrees, counter-clockwise) of a row running along `way`."""
    return math.degrees(math.atan2(-way[1], way[0]))


def _wilds_between(faces: _Faces, row: list[Card]) -> list[Card]:
    """The row's cards with a WILD put in each gap between two of its letters that may hold
    a card the row reader passed over, where a card's light face with only small print lies
    (marked unsure: found by its paper, not read). Pushed together, two WILDs between two
    letters leave a step that looks like the usual one to the row reader: the table's words
    are of cards laid a little apart, as wide as their letters allow."""
    centres = [_centre(c.box) for c in row]
    steps = _steps(row)
    size = _size(row)
    step = _usual_step(steps, size)
    out = [row[0]]
    for (a, b), s, card in zip(zip(centres, centres[1:]), steps, row[1:]):
        if s >= ROOM_FOR_A_CARD * step:
            out = _wilds_in_gap(faces, out, a, b, card, step, size)
        out.append(card)
    return out


def _wilds_in_gap(faces: _Faces, out: list[Card], a: np.ndarray, b: np.ndarray, after: Card,
                  step: float, size: float) -> list[Card]:
    """`out` (the row's cards up to the gap from `a` to `b`; `after`, the card past it) with
    each WILD whose face lies in the gap: looked for along it SLIDE letter sizes at a time, a
    card's room in from either end (PAST_STEPS' nearest), as many as the gap holds usual steps
    less one (one at least), each put at its face's middle (_face_middle). A face within
    READ_TWICE steps of one already placed is that card: a WILD beside the gap the row reader
    read, or one found here. A WILD before the gap the row reader was unsure of and whose face
    is not where it put it (a guess, by the row's pitch) is the first WILD found in the gap."""
    s = float(np.linalg.norm(b - a))
    way, angle = (b - a) / s, _angle(b - a)
    most = max(1, round(s / step) - 1)
    near = min(s / 2, PAST_STEPS[1] * step)
    before = out[-1]
    beside = [_face_middle(faces, _centre(card.box), way, angle, size) if card.letter == WILD else None
              for card in (before, after)]
    placed = [middle for middle in beside if middle is not None]
    guessed = before.letter == WILD and before.confidence < LOW_CONFIDENCE and beside[0] is None
    out = list(out)
    t, found = near, 0
    while t <= s - near + 1e-6 and found < most:
        middle = _face_middle(faces, a + way * t, way, angle, size)
        if middle is None:
            t += SLIDE * size
            continue
        if all(float(np.linalg.norm(middle - other)) >= READ_TWICE * step for other in placed):
            if not found and guessed:
                out.pop()
            out.append(_wild_at(middle, size))
            placed.append(middle)
        found += 1
        t = float((middle - a) @ way) + near
    return out


def _face_middle(faces: _Faces, at: np.ndarray, way: np.ndarray, angle: float, size: float) -> np.ndarray | None:
    """The middle of the WILD card's face found at `at` (None when none is): the middle of
    the run of places along `way` (a unit vector) where its face is found."""
    if not faces.wild(at, angle, size):
        return None
    ends = []
    for sign in (-1, 1):
        d = 0.0
        while d < FACE_RUN * size and faces.wild(at + way * sign * (d + SLIDE * size), angle, size):
            d += SLIDE * size
        ends.append(sign * d)
    return at + way * sum(ends) / 2


@dataclass
class _Faces:
    """What a word's crop shows of card faces: its grey, its ink and paper ratios
    (light_ratios), the colour of its letter cards' paper (None when none shows), and of each
    WILD card's the row reader read surely (a WILD's paper may be a shade off its letters': a
    tint of its own, or the light where it lies; the WILD beside it is then the nearer match).
    And how the crop lies in the photo: past the photo's edge, the crop repeats that edge."""

    image: np.ndarray
    gray: np.ndarray  # the crop in grey, as light_ratios cut it
    ratio: np.ndarray
    paper: np.ndarray
    usual: np.ndarray | None
    wilds: list[np.ndarray]
    strip: _Strip
    photo_shape: tuple[int, int]  # the photo's height and width

    @classmethod
    def of(cls, crop: np.ndarray, row: list[Card], strip: _Strip, photo_shape: tuple[int, int]) -> _Faces:
        gray = cv2.cvtColor(crop, cv2.COLOR_RGB2GRAY)
        ratio, paper = light_ratios(gray)
        size = _size(row)
        w, h = (int(f * size) for f in WILD_WINDOW)
        letters, wilds = [], []
        for card in row:
            if card.letter != WILD or card.confidence >= LOW_CONFIDENCE:
                x, y = _centre(card.box)
                face = upright(paper, float(x), float(y), 0.0, w, h, outside=0.0)
                colour = paper_colour(crop, face, float(x), float(y), 0.0)
                if colour is not None:
                    (wilds if card.letter == WILD else letters).append(colour)
        return cls(crop, gray, ratio, paper, np.median(letters, axis=0) if letters else None, wilds, strip,
                   photo_shape)

    def letter(self, box, size: float, way: np.ndarray, alphabet: str) -> Card | None:
        """The letter on the card at `box` where the row reader, at the ink level it read the
        row at, saw only a faint face and guessed a WILD: a letter printed fainter than its
        row's (uneven ink, or the light). The loosest ink level's shape there of the row's
        letters' size and PRINT_TALL of their height at least (a WILD's name, its letters
        run together by blur, is as wide as a letter but lower: WN?V? read WN?VW), read along
        the row (`way`) as a letter (not a bare bar: a card's edge), marked unsure; None where
        there is none."""
        found = self._likeliest(box, size, alphabet, tall=True)
        if found is None:
            return None
        g, chances, turn = found
        i = int(chances[:NONE].argmax())
        letter, chance = LETTERS[i], float(chances[i])
        if chance <= LETTERLIKE or letter == BAR or not _reads_within(
                _reading_way(turn), _unit(way), letter in SYMMETRIC, LINE_TURN * 2):
            return None
        return Card(letter, min(chance, UNSURE), _wild_box(np.array((g.cx, g.cy)), size), (), True)

    def reading_way(self, box, size: float, alphabet: str) -> np.ndarray | None:
        """The way the letter in `box` reads in the crop (as _likeliest finds it; None where
        there is no shape of its size)."""
        found = self._likeliest(box, size, alphabet)
        return None if found is None else _reading_way(found[2])

    def _likeliest(self, box, size: float, alphabet: str,
                   tall: bool = False) -> tuple[Glyph, np.ndarray, float] | None:
        """The loosest ink level's shape in `box` of the letters' `size` (`tall`: and
        PRINT_TALL of it high at least) that looks most like a letter at some quarter turn:
        (the shape, its chances, that turn); None where there is none."""
        near = [g for g in self._shapes_in(box) if max(g.size, size) < SAME_WORD_SIZE * min(g.size, size)
                and (not tall or g.h >= PRINT_TALL * size)]
        if not near:
            return None
        chances, turns = classify_any_turn(self.edges, self.loosest[1], near, alphabet)
        best = int(chances[:, :NONE].max(axis=1).argmax())
        return near[best], chances[best], float(turns[best])

    @cached_property
    def edges(self) -> np.ndarray:
        """The crop's edge field (made once a crop, not once a letter looked at)."""
        return edge_field(self.gray)

    @cached_property
    def loosest(self) -> tuple[list[Glyph], np.ndarray]:
        """The crop's shapes at the loosest ink level, and that level's ink (made once a crop)."""
        shapes, ink, _ = glyphs(self.ratio, INK_LEVELS[-1])
        return shapes, ink

    def printed(self, box, size: float) -> bool:
        """Whether print lies in `box`: the loosest ink level's shapes there under PRINT_TALL
        of the letters' `size` high and PRINT_LEAST of it at least, together NAME_WIDE of it
        wide at least (a WILD's name; no card's corner index, no speck); or such shapes on
        a card's face in the box's middle, cut at that face's own faint level (_faint_print:
        IUETT?'s blurred name showed no ink at the loosest level)."""
        wide = sum(g.w for g in self._shapes_in(box) if PRINT_LEAST * size <= g.h < PRINT_TALL * size)
        return wide >= NAME_WIDE * size or self._faint_print(box, size) >= NAME_WIDE * size

    def _faint_print(self, box, size: float) -> int:
        """How wide print's shapes run in a WILD's face window in the middle of `box`, cut at
        the face's own faint level (halfway from its paper to its darkest): shapes as printed
        counts them, clear of the window's top and bottom (a card's edge, the table past it)
        and narrower than the window (a wood's grain). 0 where the window is no card's face
        (_card_face: not a checked cloth's light square by a dark one), or its faint level is
        no looser than the loosest ink level, or of too little contrast."""
        (x, y), (w, h) = _centre(box), (int(f * size) for f in WILD_WINDOW)
        if not _card_face(upright(self.paper, float(x), float(y), 0.0, w, h, outside=0.0)):
            return 0
        face = upright(self.ratio, float(x), float(y), 0.0, w, h, outside=1.0)
        paper, halfway = print_levels(face)
        if halfway <= INK_LEVELS[-1] or paper - halfway < PRINT_CONTRAST:
            return 0
        _, _, stats, _ = cv2.connectedComponentsWithStats((face < halfway).astype(np.uint8), connectivity=8)
        return int(sum(wide for _, top, wide, high, _ in stats[1:]
                       if PRINT_LEAST * size <= high < PRINT_TALL * size and top > 0 and top + high < h
                       and wide < w))

    def _shapes_in(self, box) -> list[Glyph]:
        """The loosest ink level's shapes with their middles in `box`."""
        return [g for g in self.loosest[0] if _inside(np.array((g.cx, g.cy)), box)]

    def letter_near(self, at: np.ndarray, size: float) -> bool:
        """Whether a letter's shape (the loosest ink level's, PRINT_TALL letter sizes tall at
        least: no WILD's print) has its middle within LETTER_NEAR letter sizes of `at` across
        the crop (the row runs across it, turned upright), on a card there."""
        shapes, _ = self.loosest
        return any(g.h >= PRINT_TALL * size and abs(g.cx - at[0]) <= LETTER_NEAR * size
                   and abs(g.cy - at[1]) <= CARD_PER_LETTER[1] * size / 2 for g in shapes)

    def cards_along(self, at: np.ndarray, way: np.ndarray, angle: float, size: float,
                    first: float, last: float) -> list[float]:
        """The middles of the cards that lie apart (light paper with a gap of the table between,
        where less than CARD_GAP of the face's height is paper) along a stretch where a WILD's
        face is seen, `first` to `last` pixels along `way` from `at`, none narrower than
        LEAST_CARD letter sizes: distances from `at` as those are."""
        return [(a + b) / 2 for a, b in self.paper_along(at, way, angle, size, first, last)
                if b - a >= LEAST_CARD * size]

    def paper_along(self, at: np.ndarray, way: np.ndarray, angle: float, size: float,
                    first: float, last: float) -> list[tuple[float, float]]:
        """The stretches of light paper along `way` from `at` (where CARD_GAP of the face's
        height is paper at least), seen `first` to `last` pixels on and half a WILD's window
        either side: each as its first and last place's distance from `at`."""
        w, h = int(last - first + WILD_WINDOW[0] * size), int(WILD_WINDOW[1] * size)
        x, y = at + way * (first + last) / 2
        columns = (upright(self.paper, float(x), float(y), angle, w, h, outside=0.0) > LIGHT_PAPER).mean(axis=0)
        paper = np.concatenate(([False], columns >= CARD_GAP, [False]))
        edges = np.flatnonzero(paper[1:] != paper[:-1]).reshape(-1, 2)
        return [(float((first + last - w) / 2 + a), float((first + last - w) / 2 + b)) for a, b in edges]

    def in_photo(self, at: np.ndarray) -> bool:
        """Whether a point of the crop lies in the photo."""
        height, width = self.photo_shape
        return _inside(self.strip.to_photo(np.array([at], float))[0], (0, 0, width, height))

    def wild(self, at: np.ndarray, angle: float, size: float, whole: bool = True) -> bool:
        """Whether a WILD card's face lies centred on `at`, square with a row turned by
        `angle`: light paper of the word's letter cards' colour (or of a WILD's read surely),
        and on it print, but no big letter; `whole`: one card's face, no sliver of the table
        down the window's middle (_table_between). Not `whole`, where faces are followed
        along the row (_face_runs): two WILDs side by side are one run of faces, told apart
        after (_Faces.cards_along). Not past the photo's edge: a light stripe of a cloth there,
        repeated, looks like a card's face (?ACHINE read ???ACHINE)."""
        if not self.in_photo(at):
            return False
        w, h = (int(f * size) for f in WILD_WINDOW)
        x, y = float(at[0]), float(at[1])
        face = upright(self.paper, x, y, angle, w, h, outside=0.0)
        if not _card_face(face):
            return False
        if whole and _table_between(upright(self.paper, x, y, angle, w, h, outside=1.0) > LIGHT_PAPER):
            return False  # (past the crop's edge is no table: a card there may run off it)
        colour = paper_colour(self.image, face, x, y, angle)
        if not any(of_the_row(colour, usual) for usual in [self.usual, *self.wilds]):
            return False
        dark = (upright(self.ratio, x, y, angle, w, h, outside=1.0) < INK_LEVELS[-1])
        _, _, stats, _ = cv2.connectedComponentsWithStats(dark.astype(np.uint8), connectivity=8)
        inner = [st for st in stats[1:] if st[0] > 0 and st[1] > 0 and st[0] + st[2] < w and st[1] + st[3] < h]
        if any(st[3] >= PRINT_TALL * size for st in inner) or sum(st[4] for st in inner) < PRINT_INK * w * h:
            return False
        return small_print(face, size, strict=True) or any(
            _print_cut(face < threshold, size) for threshold in _print_levels(face))


def _card_face(face: np.ndarray) -> bool:
    """Whether a face window (its paper ratio) lies on a card's face: light paper (or a tinted
    band: _card_paper) over WILD_PAPER of it, and light all over but for its print."""
    return _card_paper(face) >= WILD_PAPER and light_face(face)


def _card_paper(face: np.ndarray) -> float:
    """The share of a face window (its paper ratio) that is a card's paper: light paper, and
    a band across it of a tint (lighter than print, less light than paper) between rows of
    light paper above and below: some decks print a WILD's name on such a band (?OUNTRY's
    WILD was 0.54 light paper, its band 0.75 light). A band's rows are more tint than paper;
    the tint at a print's or a card's edge is a few pixels of its row."""
    light = face > LIGHT_PAPER
    tint = (face > LIGHT) & ~light
    paper_rows = light.mean(axis=1) > 0.5  # rows mostly light paper
    enclosed = np.logical_or.accumulate(paper_rows) & np.logical_or.accumulate(paper_rows[::-1])[::-1]
    band = enclosed & (tint.mean(axis=1) > light.mean(axis=1))
    return float((light | (tint & band[:, None])).mean())


def _table_between(light: np.ndarray) -> bool:
    """Whether a window's light paper (`light`, across the row) parts in the window's middle
    FACE_MIDDLE: a sliver of the table runs down it (less than CARD_GAP of it paper), between
    two cards laid a little apart. One card's face lies whole across the middle of a window
    centred on it (the window is narrower than a card)."""
    w = light.shape[1]
    edge = int(w * (1 - FACE_MIDDLE) / 2)
    return bool((light[:, edge:w - edge].mean(axis=0) < CARD_GAP).any())


def _print_levels(face: np.ndarray) -> set[float]:
    """The cuts small print on a card face is looked for at: two of the ink levels (bold print
    runs together at the looser), and halfway from the paper to the darkest print (faint print)."""
    paper, halfway = print_levels(face)
    return {t for t in (INK_LEVELS[1], INK_LEVELS[-1], float(halfway)) if paper - t >= PRINT_CONTRAST}


def _print_cut(dark: np.ndarray, size: float) -> bool:
    """Whether dark shapes on a card face make a line of print that the face's window cuts
    at its sides (a WILD's name wider than the window): shapes of print's height, wider than
    a sliver, clear of the window's top and bottom, side by side in one line spanning more
    than PRINT_SPAN letter sizes."""
    _, _, stats, _ = cv2.connectedComponentsWithStats(dark.astype(np.uint8), connectivity=8)
    low, high = PRINT_HEIGHT
    shapes = np.array([st for st in stats[1:] if low * size < st[3] < high * size and st[2] > PRINT_WIDE * size
                       and st[1] > 0 and st[1] + st[3] < dark.shape[0]])
    if len(shapes) < 2:
        return False
    middles = shapes[:, 1] + shapes[:, 3] / 2
    line = shapes[np.abs(middles - np.median(middles)) < ONE_LINE * size]
    return len(line) >= 2 and int((line[:, 0] + line[:, 2]).max() - line[:, 0].min()) > PRINT_SPAN * size


def _names_past_ends(words: list[TableWord]) -> list[TableWord]:
    """A word read that is a WILD card's name (its print, SMALL_PRINT times smaller than a
    word's letters) lying where a word's next card past an end would lie is that word's
    WILD, which the word's own reading passed over: the WILD goes on that end (marked
    unsure, its box the name's), and the name is no word. Seen small from afar, a name's
    letters make a line of their own."""
    out = list(words)
    for name in words:
        if len(name.cards) < 2 or not _subsequence(name.word, WILD_PRINT):
            continue
        for n, word in enumerate(out):
            end = None if word is name else _end_named_past(word, name)
            if end is not None:
                wild = Card(WILD, UNSURE, name.box)
                out[n] = dataclasses.replace(word, cards=(wild, *word.cards) if end == 0 else (*word.cards, wild))
                out = [w for w in out if w is not name]
                break
    return out


def _end_named_past(word: TableWord, name: TableWord) -> int | None:
    """The end of a word (0 its first card, -1 its last) whose next card, a step on as the
    word steps, lies within NAME_PAST steps of a WILD's name read as a word, that name's
    print SMALL_PRINT times smaller than the word's letters; None if neither."""
    cards = list(word.cards)
    if len(cards) < 2 or _size(cards) < SMALL_PRINT * _size(list(name.cards)):
        return None
    step = float(np.median(_steps(cards)))
    for end, inward in ((0, 1), (-1, -2)):
        at, way = _end_way(cards, end, inward)
        if np.linalg.norm(_centre(name.box) - (at + _unit(way) * step)) <= NAME_PAST * step:
            return end
    return None


def _ends_shared(words: list[TableWord]) -> list[TableWord]:
    """Each card in one word: an end card read past a word's end that is another word's card
    (two words meeting at a table's corner) is taken from the word it lies off (_lies_off),
    with the WILDs found unsure in the gap up to it (a gap that card made: STONE read
    Z?STONE, TRAIN's N its Z); a WILD at an end whose middle lies on another word's card of
    at least half its size is that card's face (its corner print) and no WILD, however
    surely the row reader read it (JOKE read JOKE?, 0.9 sure: a pale table, and the corner
    of another word's I). A word left too short is no word."""
    out = list(words)
    for a, word in enumerate(words):
        cards = list(word.cards)
        for end in (0, -1):
            if len(cards) < FEWEST_CARDS:
                break
            card = cards[end]
            if any(b != a and (any(_overlap(card.box, c.box) > 0.5 and _lies_off(word, end, other, j)
                                   for j, c in enumerate(other.cards))
                               or card.letter == WILD and any(_on_card(card, c) for c in other.cards))
                   for b, other in enumerate(words)):
                if cards.pop(end).letter != WILD:  # and the WILDs put in the gap up to it
                    while len(cards) >= FEWEST_CARDS and cards[end].letter == WILD \
                            and cards[end].confidence < LOW_CONFIDENCE:
                        cards.pop(end)
        if len(cards) != len(word.cards):
            out[a] = dataclasses.replace(word, cards=tuple(cards))
    return [w for w in out if len(w.cards) >= FEWEST_CARDS]


def _lies_off(word: TableWord, end: int, other: TableWord, j: int) -> bool:
    """Whether a word's end card, read also as the other word's card j, is the other's. A
    card read as a WILD in one word and as a letter in the other is the letter's: a WILD
    has no big letter, and seen from across another word a card's letter may be only
    sides and print (SQUIRREL's S, read as a WILD past SHEEP's end, lay further from Q than
    P from it). A card read surely in one word and unsure in the other is the sure one's:
    a letter read across its row reads as some letter turned, barely (TRAIN's N read as
    STONE's Z). Otherwise it is the word's it lies nearer: it lies further from its
    neighbour in the word than card j from its nearer neighbour in the other, each in its
    word's median steps (a card read past a word's end lies a gap off it, or across it; in
    its own word it lies a step from the next)."""
    card, theirs = word.cards[end], other.cards[j]
    if (card.letter == WILD) != (theirs.letter == WILD):
        return card.letter == WILD
    if (card.confidence < LOW_CONFIDENCE) != (theirs.confidence < LOW_CONFIDENCE):
        return card.confidence < LOW_CONFIDENCE
    return _step_to_next(word, end % len(word.cards)) > _step_to_next(other, j)


def _step_to_next(word: TableWord, i: int) -> float:
    """The step from a word's card i to its nearer neighbour, in the word's median steps."""
    steps = _steps(list(word.cards))
    near = min(steps[k] for k in (i - 1, i) if 0 <= k < len(steps))
    return near / max(float(np.median(steps)), 1e-6)


def _on_card(card: Card, other: Card) -> bool:
    """Whether a card's middle lies on another card of at least half its size."""
    x, y = _centre(card.box)
    x0, y0, x1, y1 = other.box
    return x0 <= x <= x1 and y0 <= y <= y1 and _area(other.box) > _area(card.box) / 2


def _area(box) -> float:
    return float((box[2] - box[0]) * (box[3] - box[1]))


def _kept(word: TableWord, words: list[TableWord]) -> list[TableWord]:
    """The words read so far with a new one: added, unless its cards are (mostly) one's
    read already (a bowed row found as two lines is read whole from each; the cards' sides
    found as a line of their own). The lines are read longest first, so the first is kept,
    unless the new one is it grown (_grown_from) by more cards: a line of the cards' sides
    read ESENT where PRESENT's own letters, a line of fewer, read it whole."""
    same = [i for i, other in enumerate(words) if _same_cards(word, other)]
    if not same:
        return words + [word]
    if len(same) == 1 and len(word.cards) > len(words[same[0]].cards) and _grown_from(word, words[same[0]]):
        return words[:same[0]] + [word] + words[same[0] + 1:]
    return words


def _same_cards(word: TableWord, other: TableWord) -> bool:
    """Whether a word read is (mostly) one read already."""
    return _shared(word, other) * 2 > len(word.cards)


def _shared(word: TableWord, other: TableWord) -> int:
    """How many of a word's cards the other word read too (boxes mostly one)."""
    return sum(any(_overlap(c.box, d.box) > 0.5 for d in other.cards) for c in word.cards)


def _print_on(word: TableWord, other: TableWord) -> bool:
    """Whether a word read is print on another word's cards (a WILD card's name, read as a
    word of its own): most of its cards' middles lie on the other's cards, each of those
    SMALL_PRINT times its size or more, or holding two of them (no two cards of a word lie
    on one card: WILD read WED, its letters 0.7 of ?VNJT's in size)."""
    holding = [[i for i, card in enumerate(word.cards) if _on_card(card, c)] for c in other.cards]
    on = {i for c, held in zip(other.cards, holding) for i in held
          if len(held) >= 2 or _area(c.box) >= SMALL_PRINT ** 2 * _area(word.cards[i].box)}
    return len(on) * 2 > len(word.cards)


def _overlap(a, b) -> float:
    """The share of the smaller box that two boxes share."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    return w * h / min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))


def _placed(card: Card, strip: _Strip, scale: float) -> Card:
    """A card read in a word's crop, its box in the photo's own pixels."""
    x0, y0, x1, y1 = card.box
    corners = strip.to_photo(np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], float)) / scale
    (left, top), (right, bottom) = corners.min(axis=0), corners.max(axis=0)
    return dataclasses.replace(card, box=(int(left), int(top), int(math.ceil(right)), int(math.ceil(bottom))))


def seated(words: tuple[TableWord, ...] | list[TableWord], players: int) -> list[TableWord | None]:
    """The words in the seats: index j is the seat j places clockwise from the photographer's
    (0), holding the word laid in front of it or None. Seats are taken to lie evenly round the
    table; the words keep their clockwise order, and each goes to the seat its facing is
    nearest, an extra word (more words than seats) left out."""
    if players < 1:
        return []
    order = sorted(words, key=lambda w: _clockwise(w.facing))
    step = 360 / players
    seat_at = [j * step for j in range(players)]
    # order-keeping assignment: best[i][j] = least cost placing the first i words in seats < j
    miss = 90.0 ** 2  # a word left out costs as much as one a quarter turn off its seat
    inf = float("inf")
    n = len(order)
    best = [[inf] * (players + 1) for _ in range(n + 1)]
    choice = [[None] * (players + 1) for _ in range(n + 1)]
    for j in range(players + 1):
        best[0][j] = 0.0
    for i in range(1, n + 1):
        for j in range(players + 1):
            options = [(best[i - 1][j] + miss, "drop")]
            if j > 0:
                options.append((best[i][j - 1], "skip"))
                off = _apart(order[i - 1].facing, seat_at[j - 1])
                options.append((best[i - 1][j - 1] + off ** 2, "seat"))
            best[i][j], choice[i][j] = min(options, key=lambda o: o[0])
    seats: list[TableWord | None] = [None] * players
    i, j = n, players
    while i > 0:
        move = choice[i][j]
        if move == "seat":
            seats[j - 1] = order[i - 1]
            i, j = i - 1, j - 1
        elif move == "skip":
            j -= 1
        else:
            i -= 1
    return seats


def _apart(a: float, b: float) -> float:
    """Degrees between two facings, round the shorter way."""
    d = abs(a - b) % 360
    return min(d, 360 - d)


def _draw_words(photo: Photo, words: list[TableWord]) -> np.ndarray:
    """Each word's cards boxed on a copy of the photo, its facing and order written by it."""
    out = photo.image.copy()
    for n, word in enumerate(words):
        for card in word.cards:
            x0, y0, x1, y1 = (int(v * photo.scale) for v in card.box)
            cv2.rectangle(out, (x0, y0), (x1, y1), (0, 160, 255), 3)
        x0, y0, _, _ = (int(v * photo.scale) for v in word.box)
        cv2.putText(out, f"{n}: {word.word} {word.facing:.0f}", (x0, max(20, y0 - 8)),
                    cv2.FONT_HERSHEY_SIMPLEX, 1.0, (255, 60, 0), 2)
    return out
