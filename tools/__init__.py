"""Tools for whoever works on Companion, never run by the app nor collected as tests (their
doctests aside): `bench.py` measures what matters at the table (`make bench`), `cardlab/`
draws photos of cards whose reading is known, for the reader's tests and the benchmark."""
