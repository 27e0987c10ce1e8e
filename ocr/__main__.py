"""python -m ocr [--json] [--deck DECK] PHOTO...: read the cards in each photo."""

from __future__ import annotations

import argparse
import json
import sys
import time

from .photo import UnreadablePhoto
from .reader import DECKS, LOW_CONFIDENCE, read


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ocr", description=__doc__.split(":")[1].strip())
    parser.add_argument("--json", action="store_true", help="one JSON object per line per photo")
    parser.add_argument("--deck", choices=DECKS, default="foot",
                        help="whose cards: foot (FOOT!, ZOOT!, ZOOT! Poker), fez (colours and "
                             "star cards), family (ZAP cards named in print)")
    parser.add_argument("photos", nargs="+", metavar="PHOTO")
    args = parser.parse_args(argv)
    failed = 0
    for path in args.photos:
        start = time.perf_counter()
        try:
            with open(path, "rb") as f:
                reading = read(f.read(), deck=args.deck)
        except (OSError, UnreadablePhoto) as e:
            failed += 1
            message = str(e) if isinstance(e, UnreadablePhoto) else f"cannot open: {e.strerror}"
            line = {"file": path, "error": message,
                    "seconds": round(time.perf_counter() - start, 3)}
            print(json.dumps(line) if args.json else f"{path}: {message}", flush=True)
            continue
        if args.json:
            print(json.dumps({"file": path, "word": reading.word,
                              "cards": [c.as_json() for c in reading.cards],
                              "seconds": round(reading.seconds, 3)}), flush=True)
        else:
            unsure = "".join("^" if c.confidence < LOW_CONFIDENCE else " " for c in reading.row())
            print(f"{path}: {reading.word or '(no cards found)'}  ({reading.seconds:.2f} s)")
            if unsure.strip():
                print(" " * (len(path) + 2) + unsure + "  ^ unsure")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
