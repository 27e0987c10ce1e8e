"""How the reader's process keeps the memory it frees, for the next word's crop.

Reading a table makes and drops thousands of working images of a few hundred KB to a few tens
of MB (each word's crop at each ink level, its planes and masks). glibc's malloc hands the
biggest back to the system as each is freed (and trims its heap's top past a few MB), so the
next one's pages are faulted in and zeroed afresh: a fifth of a 12 MP table's time went to
that. Held in the heap instead, they are reused. The process's peak is what it was (the
most a photo needs at once, bounded by ocr.photo's budget); it keeps that much between
photos rather than giving it back.
"""

from __future__ import annotations

import ctypes
from functools import cache

#: mallopt's parameters (glibc's malloc.h)
M_TRIM_THRESHOLD, M_TOP_PAD, M_MMAP_THRESHOLD = -1, -2, -3
#: Blocks under this size come from the heap, not a mapping of their own (the most glibc
#: allows everywhere; only a few of a photo's own copies are bigger, made once a photo).
HEAP_BLOCKS_UP_TO = 32 * 2 ** 20
#: Free memory at the heap's top up to this much is kept, not given back.
KEPT_FREE = 256 * 2 ** 20
#: The heap grows by this much more than asked each time (fewer, larger steps).
GROWTH = 64 * 2 ** 20


@cache
def hold_freed_memory() -> bool:
    """Have malloc keep freed memory for reuse (see above), once per process (the app is
    made again and again in tests); a C library without glibc's mallopt is left as it is.
    Returns whether it was done."""
    mallopt = getattr(ctypes.CDLL(None), "mallopt", None)  # the process's own C library
    if mallopt is None:
        return False
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    done = [mallopt(param, value) == 1 for param, value in (
        (M_MMAP_THRESHOLD, HEAP_BLOCKS_UP_TO), (M_TRIM_THRESHOLD, KEPT_FREE), (M_TOP_PAD, GROWTH))]
    return all(done)
