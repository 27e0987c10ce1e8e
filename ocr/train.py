"""Train the letter classifier and save it: python -m ocr.train instance/letters.npz"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from .letters import font_files, train


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m ocr.train OUT.npz", file=sys.stderr)
        return 2
    fonts = font_files()
    if len(fonts) < 5:
        print(f"Only {len(fonts)} fonts under /usr/share/fonts: install the font packages "
              "(make install does).", file=sys.stderr)
        return 1
    start = time.perf_counter()
    model = train()
    model.save(Path(argv[0]))
    print(f"Trained the letter classifier on {len(fonts)} fonts in "
          f"{time.perf_counter() - start:.0f} s: {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
