"""python -m ocr [--json] [--table] [--deck DECK] [--game GAME] [--debug DIR] PHOTO...: read the cards in each photo."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from .memory import hold_freed_memory
from .photo import UnreadablePhoto
from .reader import DECKS, LOW_CONFIDENCE, NO_STEPS, ImagesKept, read
from .table import read_table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ocr", description=__doc__.split(":")[1].strip())
    parser.add_argument("--json", action="store_true", help="one JSON object per line per photo")
    parser.add_argument("--deck", choices=DECKS, default="foot",
                        help="whose cards: foot (FOOT!, ZOOT!, ZOOT! Poker), fez (colours and "
                             "star cards), family (ZAP cards named in print)")
    parser.add_argument("--game", metavar="GAME",
                        help="check the row against this game's word list, as the app does in a "
                             "game (a row that reads as no word has the cards that would fix it "
                             "marked unsure); a game as the word judge names it: foot, fez, family ...")
    parser.add_argument("--table", action="store_true",
                        help="the whole table in one photo, taken from a player's seat: every "
                             "word laid, in seat order clockwise from the photographer's own "
                             "(the word facing the photo's bottom edge), each with its cards and "
                             "facing (degrees clockwise from the bottom edge to its player)")
    parser.add_argument("--debug", metavar="DIR", type=Path,
                        help="also write each step's image of each photo into DIR, as "
                             "PHOTO-STEP.png (gray, paper, ink, letters, cards, card-00 ...)")
    parser.add_argument("photos", nargs="+", metavar="PHOTO")
    args = parser.parse_args(argv)
    hold_freed_memory()
    is_word = _word_check(parser, args.game) if args.game else None
    failed = 0
    for path in args.photos:
        start = time.perf_counter()
        try:
            kept = ImagesKept() if args.debug else NO_STEPS
            with open(path, "rb") as f:
                data = f.read()
            if args.table:
                reading = read_table(data, deck=args.deck, is_word=is_word, steps=kept)
            else:
                reading = read(data, deck=args.deck, is_word=is_word, steps=kept)
            del data
            if args.debug:
                _write(args.debug, Path(path).stem, kept.images)
        except (OSError, UnreadablePhoto) as e:
            failed += 1
            message = str(e) if isinstance(e, UnreadablePhoto) else f"cannot open: {e.strerror}"
            line = {"file": path, "error": message,
                    "seconds": round(time.perf_counter() - start, 3)}
            print(json.dumps(line) if args.json else f"{path}: {message}", flush=True)
            continue
        if args.table:
            _print_table(path, reading, args.json)
        elif args.json:
            print(json.dumps({"file": path, "word": reading.word,
                              "cards": [c.as_json() for c in reading.cards],
                              "seconds": round(reading.seconds, 3)}), flush=True)
        else:
            unsure = "".join("^" if c.confidence < LOW_CONFIDENCE else " " for c in reading.row())
            print(f"{path}: {reading.word or '(no cards found)'}  ({reading.seconds:.2f} s)")
            if unsure.strip():
                print(" " * (len(path) + 2) + unsure + "  ^ unsure")
    return 1 if failed else 0


def _print_table(path: str, reading, as_json: bool) -> None:
    """A table's words, one line per photo (JSON) or one per word."""
    if as_json:
        print(json.dumps({"file": path, "words": [w.as_json() for w in reading.words],
                          "width": reading.width, "height": reading.height,
                          "seconds": round(reading.seconds, 3)}), flush=True)
        return
    print(f"{path}: {len(reading.words)} words  ({reading.seconds:.2f} s)")
    for n, word in enumerate(reading.words):
        unsure = "".join("^" if c.confidence < LOW_CONFIDENCE else " " for c in word.cards)
        print(f"  {n}. {word.word}  (facing {word.facing:.0f}°)")
        if unsure.strip():
            print(" " * (len(str(n)) + 4) + unsure + "  ^ unsure")


def _write(folder: Path, stem: str, images: dict[str, np.ndarray]) -> None:
    """Each step's image as FOLDER/STEM-NAME.png (colour images are kept in RGB)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, image in images.items():
        if image.ndim == 3:
            image = cv2.cvtColor(image, cv2.COLOR_RGB2BGR)
        cv2.imwrite(str(folder / f"{stem}-{name}.png"), image)


def _word_check(parser: argparse.ArgumentParser, game: str):
    """Whether letters make a word in this lookup choice's game, by the word store `make
    install` builds (the app's judge, without a table's house words)."""
    from companion.registry import lookup_choices
    from companion.words.judge import Judge
    from companion.words.store import INSTALLED

    choices = lookup_choices()
    if game not in choices:
        parser.error(f"--game: one of {', '.join(choices)}")
    if not INSTALLED.exists():
        parser.error(f"the word list is not built yet ({INSTALLED}): run `make install`")
    return Judge(INSTALLED).accepts(choices[game][1])


if __name__ == "__main__":
    sys.exit(main())
