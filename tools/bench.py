"""`make bench`: timings that matter at the table, written to docs/benchmarks.md.

Timings live here, never in tests: a test asserts behaviour, a benchmark reports figures.
"""

from __future__ import annotations

import concurrent.futures
import csv
import difflib
import gzip
import heapq
import http.client
import io
import json
import math
import multiprocessing
import os
import platform
import queue
import random
import re
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from contextlib import ExitStack, contextmanager
from datetime import date
from pathlib import Path

from flask_migrate import upgrade

from companion import create_app
from companion.registry import lookup_choices, word_rules_for
from companion.rules import foot
from companion.rules.log import EDIT, VOID, Play
from companion.words.judge import Judge
from companion.words.store import INSTALLED

ROOT = Path(__file__).resolve().parent.parent
# Run as a script (`python tools/bench.py`), Python puts tools/ on the path, not the
# repository: the photo generator (tools.cardlab) and the test server (tests.served) need it.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
WORDS = ["JAZZY", "QUOTA", "FJORD", "OXBOW", "XYLEM", "BRAVE", "QU?TA", "JA?ZY"]


def timed(fn, repeat: int) -> tuple[float, float]:
    """Median and worst wall time of fn, in seconds."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs), max(runs)


def long_game_log(rounds: int, players: int = 4) -> list[Play]:
    """A long evening: one challenge every third round, one edit every fifth, one undo every seventh."""
    plays, next_id = [], 1

    def add(kind, data):
        nonlocal next_id
        plays.append(Play(next_id, kind, data))
        next_id += 1
        return next_id - 1

    for n in range(rounds):
        words = [WORDS[(n + s) % len(WORDS)] if s == 0 or n % (s + 1) else ""
                 for s in range(players)]
        words[0] = words[0].replace("?", "E")
        round_id = add(foot.ROUND, {"words": words, "out": 0, "final": False})
        if n % 3 == 0:
            add(foot.CHALLENGE, {"round": round_id, "seat": 0, "challenger": 1,
                                 "verdict": foot.REJECTED if n % 2 else foot.STANDS})
        if n % 5 == 0:
            add(EDIT, {"round": round_id, "words": words, "out": 0, "final": False})
        if n % 7 == 0:
            add(VOID, {"play": round_id, "reason": "delete"})
    return plays


def bench_rules() -> list[tuple[str, str]]:
    log = long_game_log(40)  # foot.tally: the standings of FOOT!/ZOOT!
    median, worst = timed(lambda: foot.tally(4, 0, log), 200)
    word = timed(lambda: foot.word_points("JAZZIER"), 10_000)[0]
    return [
        ("tally of a 40-round, 4-player game (%d plays)" % len(log),
         f"{median * 1e6:.0f} µs median, {worst * 1e6:.0f} µs worst"),
        ("word_points of one word", f"{word * 1e9:.0f} ns median"),
    ]


@contextmanager
def fresh_app():
    """The app on a new, migrated SQLite file that is gone afterwards."""
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.db",
                          "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False})
        with app.app_context():
            upgrade()
        yield app


def bench_pages() -> list[tuple[str, str]]:
    with fresh_app() as app:
        client = app.test_client()
        form = {"ruleset": "foot", "dealer": "0", "name-0": "Ann", "name-1": "Bo",
                "name-2": "Cy", "name-3": "Di"}
        game = client.post("/games/new", data=form).location
        for n in range(40):
            words = {f"word-{s}": WORDS[(n + s) % len(WORDS)].replace("?", "E") for s in range(4)}
            client.post(f"{game}/rounds", data={**words, "out": "0"})
        page = timed(lambda: client.get(game), 50)
        partial = timed(lambda: client.get(game, headers={"HX-Request": "true"}), 50)
        preview = timed(lambda: client.get(f"{game}/rounds/preview?word-0=JAZZY&word-1=QU&out=0",
                                           headers={"HX-Request": "true"}), 200)
        save = timed(lambda: client.post(f"{game}/rounds",
                                         data={"word-0": "JAZZY", "noword-1": "on",
                                               "noword-2": "on", "noword-3": "on", "out": "0"}), 20)
    return [
        ("game page with 40 rounds (server time)", f"{page[0] * 1e3:.1f} ms median"),
        ("watcher's scoreboard refresh (htmx partial)", f"{partial[0] * 1e3:.1f} ms median"),
        ("points preview as a word is typed", f"{preview[0] * 1e3:.1f} ms median"),
        ("save a round (validate, append, commit)", f"{save[0] * 1e3:.1f} ms median"),
    ]


def random_hands(count: int, letters: int, seed: int = 7) -> list[str]:
    """Hands dealt from a shuffled ZOOT! deck, plus one wild each."""
    rng = random.Random(seed)
    deck = "".join(c * n for c, n in foot.DECK.items())
    return ["".join(rng.sample(deck, letters)) + "?" for _ in range(count)]


def bench_words() -> list[tuple[str, str]]:
    judge = Judge(INSTALLED)
    rules = {g: word_rules_for(g) for g in lookup_choices()}
    rows = list(csv.DictReader((ROOT / "tests/words/eval_words.tsv").open(), delimiter="\t"))
    wrong = [r["word"] for r in rows if judge.check(r["word"], rules["fez"]).valid != (r["valid"] == "1")]
    lookup = timed(lambda: judge.check("XYLEM", rules["foot"]), 20_000)[0]
    miss = timed(lambda: judge.check("BLORF", rules["foot"]), 20_000)[0]
    figures = [
        ("agreement with the evaluation set (tests/words/eval_words.tsv), SCOWL sizes up to 70",
         f"{len(rows) - len(wrong)}/{len(rows)} = {100 * (len(rows) - len(wrong)) / len(rows):.1f}% "
         f"(disagrees on: {', '.join(wrong) or 'none'})"),
        ("one lookup, a valid word with its definition", f"{lookup * 1e6:.1f} µs median"),
        ("one lookup, a non-word", f"{miss * 1e6:.1f} µs median"),
    ]
    for game, cards in (("zoot", 7), ("foot", 7), ("fez", 7), ("family", 7)):
        hands = random_hands(100, cards)
        runs = [timed(lambda h=h: judge.best_words(h, rules[game]), 1)[0] for h in hands]
        figures.append((f"best words, {game}, {cards} cards + 1 wild (100 hands)",
                        f"{statistics.median(runs) * 1e3:.1f} ms median, {max(runs) * 1e3:.1f} ms worst"))
    words = [w for (w,) in judge._query("SELECT word FROM words WHERE length(word) = 5 LIMIT 100")]
    flask = Path(sys.executable).parent / "flask"
    cli = timed(lambda: subprocess.run([flask, "--app", "companion", "words", "check", *words],
                                       capture_output=True, check=False), 5)
    figures.append(("`flask --app companion words check` of 100 words, start-up included",
                    f"{cli[0]:.2f} s median of 5, {cli[1]:.2f} s worst"))
    return figures


def _letters_right(read: str, truth: str) -> int:
    """Letters read right, aligned as a diff would (a missed card shifts nothing)."""
    return sum(block.size for block in difflib.SequenceMatcher(None, read, truth).get_matching_blocks())


def _read_photos(reader, photos) -> tuple[int, int, int, list[float]]:
    exact = right = total = 0
    seconds = []
    for photo in photos:
        start = time.perf_counter()
        word = reader(photo.jpeg)
        seconds.append(time.perf_counter() - start)
        exact += word == photo.word
        right += _letters_right(word, photo.word)
        total += len(photo.word)
    return exact, right, total, seconds


def _reliability(readings: list[dict], photos) -> list[tuple[str, str]]:
    """Whether the correction screen marks the right cards: among the row's letters read with
    confidence 0.9 or more, how many were right; of the wrong ones, how many the screen marks
    unsure (below ocr.reader.LOW_CONFIDENCE). `readings` are the JSON lines of
    `python -m ocr --json`. The row is aligned with the truth as a diff would; a card not
    read at all cannot be marked, and is counted apart."""
    from ocr.reader import LOW_CONFIDENCE

    sure = sure_right = wrong = marked = missed = 0
    for reading, photo in zip(readings, photos):
        row = [card for card in reading.get("cards", []) if card["in_row"]]
        letters = "".join(card["letter"] for card in row)
        diff = difflib.SequenceMatcher(None, letters, photo.word, autojunk=False)
        for tag, i1, i2, j1, j2 in diff.get_opcodes():
            missed += max(0, (j2 - j1) - (i2 - i1))
            for card in row[i1:i2]:
                right = tag == "equal"
                if card["confidence"] >= 0.9:
                    sure, sure_right = sure + 1, sure_right + right
                if not right:
                    wrong, marked = wrong + 1, marked + (card["confidence"] < LOW_CONFIDENCE)
    rows = f"{len(photos)} photos, `{' '.join(AS_IN_A_GAME)}`"
    return [
        (f"reliability ({rows}): letters read with confidence ≥ 0.9 that were right (goal 99.5%)",
         f"{sure_right}/{sure} = {100 * sure_right / max(sure, 1):.2f}%"),
        (f"reliability ({rows}): wrong letters marked unsure (confidence < {LOW_CONFIDENCE}; goal 90%)",
         f"{marked}/{wrong} = {100 * marked / max(wrong, 1):.0f}%; and {missed} cards not read "
         "at all (nothing to mark)"),
    ]


def _drawn(seed: int):
    from tools.cardlab import synth

    return synth.render_photo(synth.random_word(seed), seed)


def _more_readings(seeds: range) -> tuple[list, list[dict]]:
    """Photos drawn and read on every core (untimed): a sample big enough that the reader's
    rarer mistakes, which the reliability goals are about, number more than a handful."""
    cores = os.cpu_count() or 1
    with multiprocessing.Pool(cores) as pool:
        photos = pool.map(_drawn, seeds, chunksize=20)
    chunks = [photos[k * len(photos) // cores:(k + 1) * len(photos) // cores] for k in range(cores)]
    with concurrent.futures.ThreadPoolExecutor(cores) as threads:  # each runs a process
        readings = [line for chunk in threads.map(lambda c: _command_readings(c, *AS_IN_A_GAME), chunks)
                    for line in chunk]
    return photos, readings


#: The first seed of the generated photos the benchmark reads. Looking at the reader's
#: mistakes (and tuning anything to them) is done on seeds below TUNING_SEEDS; the seeds
#: from HELD_OUT on are for this benchmark alone, and no one looks at its photos.
TUNING_SEEDS = 200_000
HELD_OUT = 900_000
#: The generated rows are read as the scan route reads a player's word: checked against a
#: game's word list (which marks the cards a row that is no word hinges on). FEZ's, whose
#: words run from 2 letters up, as the generator's rows do.
AS_IN_A_GAME = ("--game", "fez")


def bench_ocr(count: int = 200, textbook_count: int = 60, reliability_count: int = 1000) -> list[tuple[str, str]]:
    """The card reader on generated photos it never trained on, and on the real tile photos,
    read as the product reads them: one `python -m ocr --json` over the photo files (the
    generated rows with a game's word list, as the scan route reads a word). The
    reader's rules were tuned by looking at its mistakes on seeds below TUNING_SEEDS: the
    photos measured here are from a range no one has looked at. The first `count` photos
    are timed; the reliability table and the words are measured again on
    `reliability_count` photos (those and the next ones), where wrong letters are dozens,
    not a handful."""
    from tools.cardlab import realphotos, synth, textbook

    photos = [synth.render_photo(synth.random_word(seed), seed) for seed in range(HELD_OUT, HELD_OUT + count)]
    drawing = time.perf_counter()
    big = [synth.render_photo(synth.random_word(seed), seed, megapixels=12.0)
           for seed in range(HELD_OUT + 10_000, HELD_OUT + 10_020)]
    drawing = (time.perf_counter() - drawing) / len(big)
    readings = _command_readings(photos, *AS_IN_A_GAME)
    exact = sum(line.get("word") == photo.word for line, photo in zip(readings, photos))
    right = sum(_letters_right(line.get("word", ""), photo.word) for line, photo in zip(readings, photos))
    total = sum(len(photo.word) for photo in photos)
    seconds = [line["seconds"] for line in readings]
    more, more_readings = _more_readings(range(HELD_OUT + count, HELD_OUT + reliability_count))
    all_photos, all_readings = photos + more, readings + more_readings
    all_exact = sum(line.get("word") == photo.word for line, photo in zip(all_readings, all_photos))
    big_seconds = [line["seconds"] for line in _command_readings(big, *AS_IN_A_GAME)]
    t_exact, t_right, t_total, t_seconds = _read_photos(
        lambda jpeg: textbook.read_textbook(jpeg)[0], photos[:textbook_count])
    ours = realphotos.score_command()  # what `python -m ocr --json` lists, every card
    theirs = realphotos.score(lambda jpeg: [c for c, _, _ in textbook.read_textbook(
        jpeg, realphotos.TILE_ALPHABET)[1]])  # a tile read as nothing still counts as found
    sizes = sorted(p.width * p.height / 1e6 for p in photos)
    return [
        (f"generated photos: words read exactly ({count} photos, {sizes[0]:.1f}–{sizes[-1]:.1f} MP)",
         f"{exact}/{count} = {100 * exact / count:.1f}%"),
        ("generated photos: letters read right", f"{right}/{total} = {100 * right / total:.1f}%"),
        ("generated photos: seconds a photo", f"{statistics.median(seconds):.2f} s median, "
                                              f"{max(seconds):.2f} s worst"),
        ("generated 12 MP photos: seconds a photo (20 photos)",
         f"{statistics.median(big_seconds):.2f} s median, {max(big_seconds):.2f} s worst"),
        ("the photo generator (tools/cardlab/synth.py): drawing a 12 MP photo",
         f"{drawing:.2f} s on average (20 photos)"),
        *_reliability(readings, photos),
        (f"generated photos: words read exactly ({len(all_photos)} photos)",
         f"{all_exact}/{len(all_photos)} = {100 * all_exact / len(all_photos):.1f}%"),
        *_reliability(all_readings, all_photos),
        (f"textbook recipe (Otsu, outer contours, Tesseract --psm 10) on the first {textbook_count}",
         f"words {t_exact}/{textbook_count} = {100 * t_exact / textbook_count:.1f}%, letters "
         f"{100 * t_right / t_total:.1f}%, {statistics.median(t_seconds):.2f} s median"),
        (f"real tile photos (ban-seg, {ours.photos} photos, {ours.tiles_true} tiles), `python -m ocr --json`: "
         "recall, precision",
         f"{100 * ours.recall:.1f}%, {100 * ours.precision:.1f}% ({ours.seconds_median:.2f} s median)"),
        ("real tile photos, textbook recipe: recall, precision",
         f"{100 * theirs.recall:.1f}%, {100 * theirs.precision:.1f}% ({theirs.seconds_median:.2f} s median)"),
    ]


DECKS_HELD_OUT = 950_000  # FEZ rows and family hands no one has looked at


def _command_readings(photos, *options: str) -> list[dict]:
    """`python -m ocr --json [OPTIONS]` over the photos, written to a temporary folder."""
    from tools.cardlab import realphotos

    with tempfile.TemporaryDirectory() as folder:
        return realphotos.ocr_json(_written(photos, folder), *options)


def _written(photos, folder: str) -> list[Path]:
    """The photos' JPEGs written into the folder, as 0.jpg, 1.jpg ...: their paths."""
    paths = [Path(folder) / f"{k}.jpg" for k in range(len(photos))]
    for path, photo in zip(paths, photos):
        path.write_bytes(photo.jpeg)
    return paths


def bench_decks(count: int = 60) -> list[tuple[str, str]]:
    """FEZ rows (two letters a card, a covered letter, red and black, stars) and family hands
    spread on the table (letter cards with their small word, ZAP cards), as the generator
    draws them (tools/cardlab/decks.py), read by the product's command."""
    from tools.cardlab import decks, synth

    seeds = range(DECKS_HELD_OUT, DECKS_HELD_OUT + count)
    fez = [synth.render_photo(decks.random_fez_word(s), s, deck="fez") for s in seeds]
    words = flushes = stars = 0
    fez_seconds = []
    for photo, line in zip(fez, _command_readings(fez, "--deck", "fez")):
        fez_seconds.append(line["seconds"])
        tiles = [(t, c) for t, c in zip(photo.word, photo.params["colours"]) if t != "★"]
        read = [c for c in line["cards"] if c["in_row"] and c["letter"] != "★"]
        words += line["word"] == "".join(t for t, _ in tiles)
        flushes += [(c["letter"], (c["colour"] or "?")[0].upper()) for c in read] == tiles
        stars += (sorted(c for t, c in zip(photo.word, photo.params["colours"]) if t == "★")
                  == sorted(c["colour"][0].upper() for c in line["cards"] if c["letter"] == "★"))
    hands = [synth.render_photo(decks.random_family_hand(s), s, deck="family", layout="spread")
             for s in seeds]
    exact = true = found = matched = 0
    names_true = names_read = 0
    family_seconds = []
    for photo, line in zip(hands, _command_readings(hands, "--deck", "family")):
        truth = Counter(c.letter or c.name for c in photo.cards)
        got = Counter(c["letter"] or c["name"] for c in line["cards"])
        exact += truth == got
        true, found = true + sum(truth.values()), found + sum(got.values())
        matched += sum((truth & got).values())
        names = Counter(c.name for c in photo.cards if c.name)
        names_true += sum(names.values())
        names_read += sum((names & Counter(c["name"] for c in line["cards"] if c["name"])).values())
        family_seconds.append(line["seconds"])
    return [
        (f"FEZ rows ({count} photos): tiles read exactly / and every tile's colour right / stars and their colours right",
         f"{words}/{count} = {100 * words / count:.0f}% / {flushes}/{count} = {100 * flushes / count:.0f}% / "
         f"{stars}/{count} = {100 * stars / count:.0f}%; {statistics.median(fez_seconds):.2f} s median"),
        (f"family hands spread on the table ({count} photos, {true} cards): hands read exactly; cards recall, precision",
         f"{exact}/{count} = {100 * exact / count:.0f}%; {100 * matched / true:.0f}%, {100 * matched / max(found, 1):.0f}%; "
         f"{statistics.median(family_seconds):.2f} s median"),
        ("family hands: ZAP cards named right (Tesseract)", f"{names_read}/{names_true}"),
    ]


#: Whole tables no one has looked at (the reader's table step was tuned on seeds below
#: TUNING_SEEDS too).
TABLES_HELD_OUT = 970_000
#: Tables are read as the "Scan the table" route reads them: with FOOT!'s word list.
TABLE_AS_IN_A_GAME = ("--table", "--game", "foot")


def _drawn_table(seed: int, megapixels: float | None = None):
    from tools.cardlab import tables

    return tables.render_table(tables.random_table(seed), seed, megapixels=megapixels)


def _peak_megabytes(*options: str, photos) -> tuple[list[dict], float]:
    """`python -m ocr --json OPTIONS` over the photos, and the most memory its process held
    (MB, its peak resident set: its VmHWM, watched while it runs. Not its rusage: Linux
    carries the high-water mark across exec, so a child started by this process, which
    holds every photo drawn, would report this process's size when the child was started)."""
    from tests.served import Server
    from tools.cardlab import realphotos

    peak = [0]  # bytes; a high-water mark only grows, so the last look holds the most

    def watch(pid: int, done: threading.Event) -> None:
        while not done.wait(0.02):
            try:
                peak[0] = Server.peak_rss(pid)
            except (OSError, AttributeError):  # gone, or its memory already let go
                return

    with tempfile.TemporaryDirectory() as folder:
        paths = _written(photos, folder)
        with open(Path(folder) / "stderr", "w+") as err:
            child = subprocess.Popen([sys.executable, "-m", "ocr", "--json", *options, *map(str, paths)],
                                     stdout=subprocess.PIPE, stderr=err, text=True, cwd=realphotos.REPO)
            done = threading.Event()
            watcher = threading.Thread(target=watch, args=(child.pid, done))
            watcher.start()
            out = child.stdout.read()
            child.wait()
            done.set()
            watcher.join()
            err.seek(0)
            problem = err.read()[-500:]
    lines = [json.loads(line) for line in out.splitlines()]
    if len(lines) != len(photos):
        raise RuntimeError(f"python -m ocr printed {len(lines)} lines for {len(photos)} photos: {problem}")
    return lines, peak[0] / 2 ** 20


def _table_scores(photos, readings) -> dict:
    """Tables read whole, words right in their seats, and the wrong letters marked unsure."""
    from ocr.reader import LOW_CONFIDENCE
    from ocr.table import seated

    class _Read:  # what seated() looks at, from a JSON line
        def __init__(self, line):
            self.facing, self.word, self.cards = line["facing"], line["word"], line["cards"]

    whole = right = laid = phantoms = wrong = marked = missed = 0
    for photo, reading in zip(photos, readings):
        seats = seated([_Read(w) for w in reading.get("words", [])], len(photo.seats))
        all_right = True
        for truth, read in zip(photo.seats, seats):
            if truth.word is None:
                phantoms += read is not None
                all_right &= read is None
                continue
            laid += 1
            if read is None:
                missed += len(truth.word)
                all_right = False
                continue
            right += read.word == truth.word
            all_right &= read.word == truth.word
            diff = difflib.SequenceMatcher(None, read.word, truth.word, autojunk=False)
            for tag, i1, i2, j1, j2 in diff.get_opcodes():
                missed += max(0, (j2 - j1) - (i2 - i1))
                if tag != "equal":
                    for card in read.cards[i1:i2]:
                        wrong, marked = wrong + 1, marked + (card["confidence"] < LOW_CONFIDENCE)
        whole += all_right
    return dict(whole=whole, right=right, laid=laid, phantoms=phantoms, wrong=wrong,
                marked=marked, missed=missed)


def bench_table(count: int = 200, big: int = 20) -> list[tuple[str, str]]:
    """Whole tables in one photo (2-4 players, words facing their players, far words small),
    as tools/cardlab/tables.py draws them, read by `python -m ocr --json --table --game foot`
    on held-out seeds; beside them, the single-row photos read by the same command as the
    single scan reads them (their own section, "Card reader", has the full figures)."""
    from tools.cardlab import synth

    cores = os.cpu_count() or 1
    seeds = range(TABLES_HELD_OUT, TABLES_HELD_OUT + count)
    with multiprocessing.Pool(cores) as pool:
        photos = pool.map(_drawn_table, seeds, chunksize=10)
        twelve = pool.starmap(_drawn_table, [(s, 12.0) for s in range(TABLES_HELD_OUT + 10_000,
                                                                        TABLES_HELD_OUT + 10_000 + big)])
    readings = _command_readings(photos, *TABLE_AS_IN_A_GAME)
    got = _table_scores(photos, readings)
    seconds = [line["seconds"] for line in readings]
    big_readings, table_memory = _peak_megabytes(*TABLE_AS_IN_A_GAME, photos=twelve)
    big_seconds = [line["seconds"] for line in big_readings]
    rows_12 = [synth.render_photo(synth.random_word(s), s, megapixels=12.0)
               for s in range(HELD_OUT + 20_000, HELD_OUT + 20_000 + big)]
    row_readings, row_memory = _peak_megabytes(*TABLE_AS_IN_A_GAME[1:], photos=rows_12)
    single = sum(line.get("word") == p.word for line, p in zip(row_readings, rows_12))
    players = Counter(len(p.seats) for p in photos)
    sizes = sorted(p.width * p.height / 1e6 for p in photos)
    return [
        (f"whole tables ({count} photos: {', '.join(f'{players[n]} of {n} players' for n in sorted(players))}; "
         f"{sizes[0]:.1f}-{sizes[-1]:.1f} MP): read whole, every word right and in its seat (goal 90%)",
         f"{got['whole']}/{count} = {100 * got['whole'] / count:.1f}%"),
        ("whole tables: words right and in their seats (goal 97%, moonshot 99%)",
         f"{got['right']}/{got['laid']} = {100 * got['right'] / got['laid']:.1f}%; "
         f"{got['phantoms']} words read where none was laid"),
        ("whole tables: wrong letters marked unsure (confidence < 0.8; goal 90%)",
         f"{got['marked']}/{got['wrong']} = {100 * got['marked'] / max(got['wrong'], 1):.0f}%; "
         f"and {got['missed']} cards not read at all"),
        ("whole tables: seconds a photo", f"{statistics.median(seconds):.2f} s median, {max(seconds):.2f} s worst"),
        (f"whole tables at 12 MP ({big} photos): seconds a photo (goal 1.5 s, moonshot 0.5 s)",
         f"{statistics.median(big_seconds):.2f} s median, {max(big_seconds):.2f} s worst"),
        (f"memory: the reader's process (`--game foot`), {big} photos at 12 MP, whole tables / single rows",
         f"{table_memory:.0f} MB / {row_memory:.0f} MB at most"),
        (f"beside them: single rows at 12 MP read exactly by the same command ({big} photos)",
         f"{single}/{big} = {100 * single / big:.0f}%"),
    ]


# --- What a phone on the Wi-Fi can make the server do ---------------------------------------

def _photo_as(fmt: str, megapixels: float, seed: int = 300_500, flat: bool = False) -> bytes:
    """A generated photo of laid-down cards, scaled to `megapixels` and saved as `fmt`; or,
    `flat`, one colour: a file of a few KB that claims as many pixels (the attack)."""
    from PIL import Image, ImageOps

    from tools.cardlab import synth

    if flat:
        side = round((megapixels * 1e6) ** 0.5)
        out = io.BytesIO()
        Image.new("RGB", (side, side), (236, 232, 220)).save(out, fmt)
        return out.getvalue()
    photo = synth.render_photo(synth.random_word(seed), seed)
    img = ImageOps.exif_transpose(Image.open(io.BytesIO(photo.jpeg))).convert("RGB")  # as a phone shows it
    k = (megapixels * 1e6 / (img.width * img.height)) ** 0.5
    img = img.resize((round(img.width * k), round(img.height * k)))
    out = io.BytesIO()
    img.save(out, fmt, **({"quality": 90} if fmt in ("JPEG", "WEBP") else {}))
    return out.getvalue()


def _scan(phone, game: str, data: bytes):
    return phone.post(f"{game}/scan/0", {"word-0": "", "out": "0"}, {"photo-0": ("photo", data)})


def _outcome(answer) -> str:
    if answer.status == 200:
        return "read"
    found = re.search(r'class="error" role="alert">([^<]*)<', answer.text)
    return f"{answer.status}: {found.group(1)[:60] if found else '?'}…"


def bench_scan_memory() -> list[tuple[str, str]]:
    """Scans through a real gunicorn server: a worker's peak memory above its level after a
    warm-up scan, and the time to the answer."""
    from tests.served import Phone, served

    from ocr.photo import DECODE_BUDGET, DECODE_COST

    small = _photo_as("JPEG", 1.0)
    most = {fmt: DECODE_BUDGET / DECODE_COST[fmt] / 1e6 * 0.98 for fmt in ("PNG", "WEBP")}
    photos = [("49 MP PNG", _photo_as("PNG", 49, flat=True)), ("49 MP WebP", _photo_as("WEBP", 49, flat=True)),
              ("49 MP JPEG", _photo_as("JPEG", 49)),
              (f"{most['PNG']:.0f} MP PNG (the most PNG read)", _photo_as("PNG", most["PNG"])),
              (f"{most['WEBP']:.0f} MP WebP (the most WebP read)", _photo_as("WEBP", most["WEBP"]))]
    rows = []
    for name, data in photos:
        with served(workers=1) as server:
            phone = Phone(server)
            game = phone.new_game()
            _scan(phone, game, small)
            (worker,) = server.workers()
            idle = server.peak_rss(worker)
            answer = _scan(phone, game, data)
            above = server.peak_rss(worker) - idle
        rows.append((f"scan of a {name} ({len(data) / 1e6:.1f} MB file), one worker",
                     f"{above / 2**20:.0f} MB above idle, {answer.seconds:.2f} s ({_outcome(answer)})"))
    for name, data in photos:
        with served() as server:  # as `make run`: 2 gevent workers
            phones = [Phone(server) for _ in range(8)]
            games = [p.new_game() for p in phones]
            warm = _threads([lambda p=p, g=g: _scan(p, g, small) for p, g in zip(phones, games)])
            assert all(a.status == 200 for a in warm)
            idle = {pid: server.peak_rss(pid) for pid in server.workers()}
            answers = _threads([lambda p=p, g=g: _scan(p, g, data) for p, g in zip(phones, games)])
            peaks = {pid: server.peak_rss(pid) - idle[pid] for pid in idle}
        outcomes = statistics.mode(_outcome(a) for a in answers)
        rows.append((f"8 scans at once of a {name}, 2 gevent workers",
                     f"workers' peaks {' + '.join(f'{v / 2**20:.0f}' for v in peaks.values())} MB above idle; "
                     f"{statistics.median(a.seconds for a in answers):.2f} s median, "
                     f"{max(a.seconds for a in answers):.2f} s worst ({outcomes})"))
    return rows


def _threads(calls) -> list:
    results = [None] * len(calls)
    threads = [threading.Thread(target=lambda i=i, c=c: results.__setitem__(i, c()))
               for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def _follow(url: str, heard: list, ready: threading.Event, sockets: list) -> None:
    """One watching phone's event stream: the time each `change` arrives, into `heard`."""
    import http.client
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request("GET", f"{parts.path}?{parts.query}")
    response = connection.getresponse()
    sockets.append(connection.sock)
    ready.set()
    try:
        while line := response.fp.readline():
            if line.startswith(b"event: change"):
                heard.append(time.perf_counter())
    except OSError:
        pass  # closed when the benchmark is done


def bench_live(watchers: int = 60, saves: int = 10) -> list[tuple[str, str]]:
    """Every phone live, through gunicorn as `make run` serves it: phones following a game's
    event stream, and how long after a round is saved each hears of it; what a refresh costs
    when nothing changed (304) and when it did."""
    from tests.served import Phone, served

    with served(env=ONE_ADDRESS_FOR_MANY_PHONES) as server:
        keeper = Phone(server)
        game = keeper.new_game(names=("Ann", "Bo", "Cy", "Di"))
        heard = [[] for _ in range(watchers)]
        ready = [threading.Event() for _ in range(watchers)]
        sockets: list = []
        streams = [threading.Thread(target=_follow, args=(f"{server.url}{game}/events?since=0", heard[i],
                                                            ready[i], sockets), daemon=True)
                   for i in range(watchers)]
        for t in streams:
            t.start()
        for r in ready:
            r.wait(30)
        time.sleep(1)
        delays, save_times = [], []
        for n in range(saves):
            keeper.get(game)
            nonce = re.search(r'name="nonce" value="([^"]+)"', keeper.get(game).text).group(1)
            before = [len(h) for h in heard]
            answer = keeper.post(f"{game}/rounds", {"nonce": nonce, "word-0": "JAZZY", "word-1": "QUOTA",
                                                     "word-2": "HOUSE", "word-3": "FJORD", "out": str(n % 4)})
            assert answer.status == 303, answer.text[:300]
            saved = time.perf_counter()
            save_times.append(answer.seconds)
            deadline = saved + 5
            while time.perf_counter() < deadline and any(len(h) <= b for h, b in zip(heard, before)):
                time.sleep(0.01)
            delays += [h[b] - saved if len(h) > b else float("inf") for h, b in zip(heard, before)]
        for sock in sockets:
            sock.shutdown(socket.SHUT_RDWR)
        request = urllib.request.Request(server.url + game, headers={"HX-Request": "true"})
        with urllib.request.urlopen(request) as response:
            etag = response.headers["ETag"]
        unchanged, changed = [], []
        for _ in range(50):
            t0 = time.perf_counter()
            try:
                urllib.request.urlopen(urllib.request.Request(
                    server.url + game, headers={"HX-Request": "true", "If-None-Match": etag})).read()
            except urllib.error.HTTPError as e:
                assert e.code == 304
            unchanged.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            urllib.request.urlopen(urllib.request.Request(server.url + game, headers={"HX-Request": "true"})).read()
            changed.append(time.perf_counter() - t0)
    missed = sum(d == float("inf") for d in delays)
    delays = sorted(d for d in delays if d != float("inf"))
    p95 = delays[int(len(delays) * 0.95) - 1]
    return [
        (f"{watchers} phones following one game's event stream, 2 gevent workers; {saves} rounds saved",
         f"heard {statistics.median(delays) * 1e3:.0f} ms median, {p95 * 1e3:.0f} ms p95, "
         f"{max(delays) * 1e3:.0f} ms worst after the save's answer; {missed} missed; "
         f"a save took {statistics.median(save_times) * 1e3:.0f} ms median"),
        (f"a phone's refresh of the live region ({saves} rounds), nothing changed / changed",
         f"{statistics.median(unchanged) * 1e3:.1f} ms (304) / {statistics.median(changed) * 1e3:.1f} ms median"),
    ]


def bench_longest_hands() -> list[tuple[str, str]]:
    """'What could I have made?' through its route, for the longest hand each game accepts."""
    rows = []
    with fresh_app() as app:
        client = app.test_client()
        deck = "".join(c * n for c, n in foot.DECK.items())
        rng = random.Random(11)
        for game in lookup_choices():
            size = word_rules_for(game).hand_size
            hands = ["".join(rng.sample(deck, size - 2)) + "??" for _ in range(50)]
            runs = []
            for hand in hands:
                start = time.perf_counter()
                page = client.get("/words", query_string={"game": game, "hand": hand}).text
                runs.append(time.perf_counter() - start)
                assert "best-words" in page
            rows.append((f"best words through /words, {game}: {size} cards (2 wild), 50 hands",
                         f"{statistics.median(runs) * 1e3:.0f} ms median, {max(runs) * 1e3:.0f} ms worst"))
    return rows


def bench_import_with_rounds(words: int = 1_000_000) -> list[tuple[str, str]]:
    """A 1M-word list imported through a real server while the scorekeeper saves rounds."""
    from tests.served import Phone, served

    rng = random.Random(3)
    made: set[str] = set()
    while len(made) < words:
        made.add("".join(rng.choices("ABCDEFGHIJKLMNOPRSTUVWY", k=rng.randint(3, 14))))
    data = gzip.compress("".join(f"{w} a made-up word of {len(w)} letters\n" for w in made).encode())
    del made
    with served() as server:
        keeper = Phone(server)
        game = keeper.new_game()
        keeper.get(game)
        importer = Phone(server)  # the same phone, a second tab: same cookies
        importer.cookies, importer.opener, importer.csrf = keeper.cookies, keeper.opener, keeper.csrf
        idle = {pid: server.peak_rss(pid) for pid in server.workers()}
        done: list = []
        thread = threading.Thread(target=lambda: done.append(importer.post(
            f"{game}/lists", {"name": "Big"}, {"file": ("big.txt.gz", data)})))
        thread.start()
        saves = []
        while thread.is_alive():
            saves.append(keeper.post(f"{game}/rounds", {"word-0": "JAZZY", "noword-1": "on",
                                                         "noword-2": "on", "out": "0"}))
            time.sleep(0.05)
        thread.join()
        imported = done[0]
        peak = max(server.peak_rss(pid) - idle[pid] for pid in idle)
        page = keeper.get(game).text
        # the game judged by that list alone: best words from it, as the lookup page asks
        keeper.get(f"{game}/house")
        keeper.post(f"{game}/house/list", {"list": "1", "mode": "only"})
        hands = [keeper.get(f"{game}/words?hand={h}") for h in
                 ("PLAYER?", "QUIZZES", "ABCDE?F", "TRAINS?", "JOKERS?", "MOUSE?X", "HEART?S", "ZEBRA?S")]
    failed = [a for a in saves if a.status != 303]
    kept = int(re.search(r"<h2>Round (\d+)</h2>", page).group(1)) - 1  # the next round, less one
    times = [a.seconds for a in saves]
    return [
        (f"import a {words:,}-word list ({len(data) / 1e6:.1f} MB .txt.gz) through the server, "
         "upload to commit", f"{imported.seconds:.1f} s ({imported.status}); the importing worker "
                             f"peaked {peak / 2**20:.0f} MB above idle"),
        ("best words from that list (the first ask in each worker builds its letter index)",
         f"first {hands[0].seconds:.2f} s; then {statistics.median(a.seconds for a in hands[1:]) * 1e3:.0f} ms "
         f"median, {max(a.seconds for a in hands[1:]) * 1e3:.0f} ms worst ({len(hands)} hands, 2 workers)"),
        ("rounds saved meanwhile (one every 50 ms)",
         f"{len(saves)} saved, {len(failed)} failed; {statistics.median(times) * 1e3:.0f} ms median, "
         f"{max(times) * 1e3:.0f} ms worst to save; the game shows {kept} rounds"),
    ]


# --- Many tables on one server --------------------------------------------------------------

class _Connection:
    """One phone's persistent HTTP/1.1 connection (http.client), far cheaper for the load
    generator than urllib's connection a request. Opened again when it has been idle long
    enough that gunicorn may have closed it (its keep-alive is 2 s), so no request is ever
    sent on a connection the server is closing. `headers` go with every request (cookies)."""

    IDLE_SECONDS = 1.0

    def __init__(self, url: str, headers: dict | None = None):
        parts = urllib.parse.urlsplit(url)
        self.host, self.port, self.headers = parts.hostname, parts.port, headers or {}
        self.connection = None
        self.used = 0.0

    def request(self, method: str, path: str, body: str | None = None,
                headers: dict | None = None) -> tuple[int, object, bytes, float]:
        """(status, headers, body, seconds from sending to the whole answer read)."""
        if self.connection is not None and time.perf_counter() - self.used > self.IDLE_SECONDS:
            self.close()
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        start = time.perf_counter()
        try:
            self.connection.request(method, path, body=body, headers={**self.headers, **(headers or {})})
            response = self.connection.getresponse()
            data = response.read()
        except BaseException:
            self.close()
            raise
        end = self.used = time.perf_counter()
        if response.will_close:
            self.close()
        return response.status, response.headers, data, end - start

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def _cookie_header(phone) -> dict:
    return {"Cookie": "; ".join(f"{c.name}={c.value}" for c in phone.cookies)}


def _percentile(values, q: float) -> float:
    """The nearest-rank percentile (q in 0..1) of values; nan when there are none."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)] if ordered else float("nan")


def _ms(values) -> str:
    """p50 and p95 of durations in seconds, in ms, with how many."""
    return (f"p50 {_percentile(values, 0.5) * 1e3:.0f} ms, p95 {_percentile(values, 0.95) * 1e3:.0f} ms "
            f"({len(values)})")


def _cpu_seconds(pids) -> float:
    """CPU time (user + system) the processes have used so far, exited children they waited
    for included; a process gone meanwhile counts nothing."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        total += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    return total / os.sysconf("SC_CLK_TCK")


def _machine_busy() -> tuple[int, int]:
    """(busy, all) clock ticks of every core since boot (/proc/stat)."""
    ticks = [int(t) for t in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return sum(ticks) - ticks[3] - ticks[4], sum(ticks)  # less idle and iowait


MANY_WORDS = ("JAZZY", "QUOTA", "HOUSE", "FJORD")
MANY_PLAYERS = ("Ann", "Bo", "Cy", "Di")


def _round_form(csrf: str, nonce: str | None, out: int) -> str:
    form = {"csrf_token": csrf, "out": str(out), **{f"word-{s}": w for s, w in enumerate(MANY_WORDS)}}
    if nonce:
        form["nonce"] = nonce
    return urllib.parse.urlencode(form)


FORM = {"Content-Type": "application/x-www-form-urlencoded"}
REGION = {"HX-Request": "true"}


def _page_times(server, repeat: int = 30) -> list[tuple[str, str]]:
    """A 10-round game's pages against a 200-round game's, one request at a time on an idle
    server: the full page as a watcher and as the scorekeeper, the live region (htmx) without
    an ETag, each the median of `repeat` GETs of a game that did not change in between (each
    worker derives it once: companion/derived.py); and the live region just after a round is
    saved (the first ask derives the standings again), the median of 10 such, which adds 10
    rounds to the game."""
    from tests.served import Phone

    keeper = Phone(server)
    figures = {}
    for rounds in (10, 200):
        game = keeper.new_game(names=MANY_PLAYERS)
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', keeper.get(game).text).group(1)
        scorekeeper = _Connection(server.url, _cookie_header(keeper))
        for n in range(rounds):
            status, *_ = scorekeeper.request("POST", f"{game}/rounds", _round_form(csrf, None, n % 4), FORM)
            assert status == 303, status
        watcher = _Connection(server.url)
        runs = {"watcher": [], "scorekeeper": [], "region": [], "changed": []}
        for _ in range(repeat):
            runs["watcher"].append(watcher.request("GET", game)[3])
            runs["scorekeeper"].append(scorekeeper.request("GET", game)[3])
            runs["region"].append(watcher.request("GET", game, headers=REGION)[3])
        for n in range(10):
            status, *_ = scorekeeper.request("POST", f"{game}/rounds", _round_form(csrf, None, n % 4), FORM)
            assert status == 303, status
            runs["changed"].append(watcher.request("GET", game, headers=REGION)[3])
        figures[rounds] = {k: statistics.median(v) * 1e3 for k, v in runs.items()}
    short, long = figures[10], figures[200]
    return [(f"game page as a watcher, 10 / 200 rounds (median of {repeat})",
             f"{short['watcher']:.1f} / {long['watcher']:.1f} ms"),
            (f"game page as the scorekeeper, 10 / 200 rounds (median of {repeat})",
             f"{short['scorekeeper']:.1f} / {long['scorekeeper']:.1f} ms"),
            (f"live region without ETag, 10 / 200 rounds (median of {repeat})",
             f"{short['region']:.1f} / {long['region']:.1f} ms"),
            ("live region just after a round is saved, 10+ / 200+ rounds (median of 10)",
             f"{short['changed']:.1f} / {long['changed']:.1f} ms")]


def _many_tables(server, database_pids, seconds: float, tables: int, watchers: int,
                 every: float, warm_up: float = 10.0) -> list[tuple[str, str]]:
    """`tables` games at once on one server, each with its scorekeeper's phone saving a round
    every `every` s (± 15 %; the game page first, as after the last save's redirect: it
    carries the form's nonce) and `watchers` phones that follow the game's event stream and,
    on each `change` newer than what they show, refresh the live region with If-None-Match
    (as companion.js does), and besides, like a phone whose stream dropped, refresh it every
    `every` s (± 15 %). A stream that ends (each does after a minute) is opened again a second
    later with the version the phone shows, as the browser does.

    The load generator: a thread per scorekeeper and per stream (blocked reading, nearly
    free), and the refreshes sent by a pool of as many threads as watchers, each with a
    persistent connection (so a slow server never leaves a refresh waiting for a thread). A
    refresh's lag (sent after it was due) and the generator's CPU show whether it kept up.
    Figures count only requests started in the `seconds` after the `warm_up` (all phones
    opening the game, their streams, the first refreshes); the CPU figures are over the
    whole run, those of the database processes (`database_pids()`) included."""
    from tests.served import Phone

    stop = threading.Event()
    rng = random.Random(16)
    saves: list[tuple[float, float, int]] = []  # (sent, seconds, status) of each round saved
    save_versions: list[tuple[int, float, int]] = []  # (table, sent, version shown before it)
    pages: list[float] = []  # the scorekeeper's page before each save
    refreshes: list[tuple[float, int, float, float]] = []  # (sent, status, seconds, lag)
    errors: list[str] = []
    streams_opened: list[int] = []  # one 1 per stream opened
    jobs: queue.Queue = queue.Queue()  # (due, phone, why) refreshes to send
    timers: list = []  # a heap of (due, id, phone): each phone's next plain refresh
    timers_lock = threading.Lock()

    def error(what: str) -> None:
        if not stop.is_set():
            errors.append(what)

    keepers = [Phone(server) for _ in range(tables)]
    games = [k.new_game(names=MANY_PLAYERS) for k in keepers]
    start = time.perf_counter()
    window = (start + warm_up, start + warm_up + seconds)
    cool_down = 10.0  # the load goes on, so the window's last saves are still heard of

    class Watcher:
        def __init__(self, table: int):
            self.table, self.game = table, games[table]
            self.version, self.etag, self.socket = 0, None, None
            self.heard: list[tuple[float, int]] = []  # (time, version) of each change

    phones = [Watcher(t) for t in range(tables) for _ in range(watchers)]

    def keep_score(table: int) -> None:
        connection = _Connection(server.url, _cookie_header(keepers[table]))
        due = start + rng.uniform(0, every)
        n = 0
        while not stop.wait(max(0.0, due - time.perf_counter())):
            try:
                status, _, body, seconds = connection.request("GET", games[table])
                sent = time.perf_counter()
                if status != 200:
                    raise RuntimeError(f"the game page answered {status}")
                page = body.decode()
                csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
                nonce = re.search(r'name="nonce" value="([^"]+)"', page).group(1)
                version = int(re.search(r'data-version="(\d+)"', page).group(1))
                status, _, body, took = connection.request(
                    "POST", f"{games[table]}/rounds", _round_form(csrf, nonce, n % 4), FORM)
            except Exception as e:  # noqa: BLE001 - counted
                error(f"save: {type(e).__name__}")
            else:
                if window[0] <= sent < window[1]:
                    pages.append(seconds)
                    saves.append((sent, took, status))
                    save_versions.append((table, sent, version))
                if status != 303:
                    error(f"save: {status}")
            n += 1
            due += every * rng.uniform(0.85, 1.15)

    def follow(phone: Watcher) -> None:
        parts = urllib.parse.urlsplit(server.url)
        stop.wait(rng.uniform(0, warm_up / 2))  # the phones arrive over a few seconds
        try:
            status, _, body, _ = _Connection(server.url).request("GET", phone.game)
            phone.version = int(re.search(r'data-version="(\d+)"', body.decode()).group(1))
        except Exception as e:  # noqa: BLE001 - counted
            error(f"page: {type(e).__name__}")
            return
        with timers_lock:
            heapq.heappush(timers, (time.perf_counter() + rng.uniform(0, every), id(phone), phone))
        while not stop.is_set():
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=40)
            try:
                connection.request("GET", f"{phone.game}/events?since={phone.version}")
                phone.socket = connection.sock
                response = connection.getresponse()
                streams_opened.append(1)
                if response.status != 200:
                    error(f"stream: {response.status}")
                event = None
                while line := response.readline():
                    if line.startswith(b"event: "):
                        event = line[7:].strip()
                    elif line.startswith(b"data: ") and event == b"change":
                        version = int(line[6:])
                        phone.heard.append((time.perf_counter(), version))
                        if version > phone.version:
                            jobs.put((time.perf_counter(), phone, "change"))
                    elif not line.strip():
                        event = None
            except Exception as e:  # noqa: BLE001 - counted unless stopping
                error(f"stream: {type(e).__name__}")
            finally:
                connection.close()
            stop.wait(1.0)  # the browser reconnects after `retry` (1 s)

    def schedule() -> None:
        """Moves each phone's plain refresh onto the job queue when it is due."""
        while not stop.is_set():
            with timers_lock:
                due = timers[0][0] if timers else None
                if due is not None and due <= time.perf_counter():
                    due, _, phone = heapq.heappop(timers)
                    jobs.put((due, phone, "timer"))
                    continue
            stop.wait(0.01 if due is None else min(0.01, max(0.0, due - time.perf_counter())))

    def refresh() -> None:
        connection = _Connection(server.url)
        while not stop.is_set():
            try:
                due, phone, why = jobs.get(timeout=0.2)
            except queue.Empty:
                continue
            if why == "timer":  # and the next plain refresh, ~`every` s on
                with timers_lock:
                    heapq.heappush(timers, (due + every * rng.uniform(0.85, 1.15), id(phone), phone))
            lag = time.perf_counter() - due
            sent = time.perf_counter()
            try:
                headers = {**REGION, **({"If-None-Match": phone.etag} if phone.etag else {})}
                status, answer, body, seconds = connection.request("GET", phone.game, headers=headers)
                if status == 200:
                    version = int(re.search(rb'data-version="(\d+)"', body).group(1))
                    phone.etag, phone.version = answer["ETag"], max(phone.version, version)
                elif status != 304:
                    error(f"refresh: {status}")
            except Exception as e:  # noqa: BLE001 - counted
                error(f"refresh: {type(e).__name__}")
                continue
            if window[0] <= sent < window[1]:
                refreshes.append((sent, status, seconds, lag))

    old_stack = threading.stack_size(512 * 1024)  # 500+ threads, each needing little
    workers, databases = server.workers(), database_pids()
    cpu = (time.process_time(), _cpu_seconds(workers), _cpu_seconds(databases), _machine_busy())
    try:
        threads = ([threading.Thread(target=follow, args=(p,), daemon=True) for p in phones]
                   + [threading.Thread(target=refresh, daemon=True) for _ in phones]
                   + [threading.Thread(target=schedule, daemon=True)]
                   + [threading.Thread(target=keep_score, args=(t,), daemon=True) for t in range(tables)])
        for thread in threads:
            thread.start()
        time.sleep(max(0.0, window[1] + cool_down - time.perf_counter()))
        wall, machine = time.perf_counter() - start, _machine_busy()
        used = {"the load generator": time.process_time() - cpu[0],
                "gunicorn's 2 workers": _cpu_seconds(workers) - cpu[1]}
        if databases:
            used["PostgreSQL"] = _cpu_seconds(database_pids()) - cpu[2]
        busy = (machine[0] - cpu[3][0]) / (machine[1] - cpu[3][1])
        stop.set()
        for phone in phones:
            if phone.socket is not None:
                try:
                    phone.socket.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
        for thread in threads:
            thread.join(timeout=10)
    finally:
        threading.stack_size(old_stack)

    # How long after a save was sent each of its table's watchers heard of it.
    delays, missed = [], 0
    for table, sent, before in save_versions:
        for phone in phones[table * watchers:(table + 1) * watchers]:
            after = next((t for t, v in phone.heard if v > before), None)
            if after is None:
                missed += 1
            else:
                delays.append(after - sent)
    unchanged = [s for _, status, s, _ in refreshes if status == 304]
    changed = [s for _, status, s, _ in refreshes if status == 200]
    requests = len(saves) * 2 + len(refreshes)
    errors_seen = ", ".join(f"{n}× {what}" for what, n in sorted(Counter(errors).items())) or "none"
    lags = [lag for *_, lag in refreshes]
    return [
        (f"round saves ({tables} tables, one every ~{every:g} s at each)",
         f"{_ms([s for _, s, _ in saves])}; the scorekeeper's page before each: {_ms(pages)}"),
        (f"live-region refreshes ({tables * watchers} watchers: on each change, and every ~{every:g} s)",
         f"304: {_ms(unchanged)}; 200: {_ms(changed)}"),
        ("changes heard on the event streams, after the save was sent",
         f"{_ms(delays)}; {missed} of {len(delays) + missed} not heard by the end of the run"),
        (f"requests in the {seconds:g} s, errors",
         f"{requests} ({requests / seconds:.0f}/s: {len(saves) * 2 / seconds:.0f} scorekeepers', "
         f"{len(refreshes) / seconds:.0f} refreshes; and {len(streams_opened)} streams opened in "
         f"all); errors: {errors_seen}"),
        ("load generator: refresh lag (sent after it was due)",
         f"p50 {_percentile(lags, 0.5) * 1e3:.0f} ms, p95 {_percentile(lags, 0.95) * 1e3:.0f} ms"),
        ("CPU during the run, in % of one core",
         "; ".join(f"{who} {seconds_used / wall * 100:.0f}%" for who, seconds_used in used.items())
         + f"; the machine's {os.cpu_count()} cores {busy * 100:.0f}% busy (anything else "
           f"running included)"),
    ]


@contextmanager
def _served_on(database: str):
    """gunicorn as `make run` serves it (2 gevent workers) on a fresh SQLite file, or on a new
    database of a throwaway PostgreSQL server (tests/postgres.py)."""
    from tests.served import served

    if database == "SQLite":
        with served(env=ONE_ADDRESS_FOR_MANY_PHONES) as server:
            yield server, list
        return
    from tests.postgres import Throwaway

    with Throwaway() as postgres:
        postgres.execute("CREATE DATABASE bench")

        def pids() -> list[int]:  # the postmaster and its processes (a backend a connection)
            main = int((postgres.data / "postmaster.pid").read_text().split()[0])
            return [main, *map(int, Path(f"/proc/{main}/task/{main}/children").read_text().split())]

        with served(env=ONE_ADDRESS_FOR_MANY_PHONES, database_url=postgres.url("bench")) as server:
            yield server, pids


def bench_many_tables(seconds: float = 60, tables: int = 50, watchers: int = 5, every: float = 3.0,
                      databases=("SQLite", "PostgreSQL")) -> list[tuple[str, str]]:
    """One server (gunicorn as `make run`: 2 gevent workers) for many tables at
    once, on SQLite and on PostgreSQL: the steady state of `tables` games, each saved every
    `every` s and followed by `watchers` phones (_many_tables), for `seconds`; and what a
    long game costs a page (_page_times), on an idle server before the load."""
    rows = []
    for database in databases:
        with _served_on(database) as (server, database_pids):
            rows += [(f"{database}: {what}", figure) for what, figure in _page_times(server)]
            rows += [(f"{database}: {what}", figure) for what, figure in
                     _many_tables(server, database_pids, seconds, tables, watchers, every)]
    return rows


# --- The house's limits: the largest game an import takes, the rooms -----------------------

def _export(plays: list[dict]) -> bytes:
    import json

    return json.dumps({"companion": 1, "ruleset": "foot", "players": ["Ann", "Bo", "Cy", "Di"],
                       "first_dealer": 0, "plays": plays}).encode()


def _round_data(n: int) -> dict:
    words = ["JAZZY", "QUOTA", "FJORD", "OXBOW"]
    return {"words": [words[(n + s) % 4] for s in range(4)], "out": 0, "final": False}


def _rounds(count: int) -> list[dict]:
    return [{"id": n, "kind": "round", "data": _round_data(n)} for n in range(1, count + 1)]


def _largest_games() -> dict[str, list[dict]]:
    """The largest FOOT! games for 4 that a scorekeeper's forms can make (MAX_PLAYS plays):
    one round edited 9,999 times, and 10,000 rounds."""
    from companion.models import MAX_PLAYS

    edited = [{"id": 1, "kind": "round", "data": _round_data(0)}] + [
        {"id": n, "kind": "edit", "data": {"round": 1, **_round_data(n)}} for n in range(2, MAX_PLAYS + 1)]
    return {"1 round edited 9,999 times": edited, "10,000 rounds": _rounds(MAX_PLAYS)}


def _stored(phone, database_url: str, plays: list[dict]) -> str:
    """A FOOT! game for 4 started by `phone`, its log written straight to the server's
    database: what the forms would make one save at a time, too many saves to type here."""
    from companion.extensions import db
    from tests.served import write_log

    game = phone.new_game(names=("Ann", "Bo", "Cy", "Di"))
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "bench"})
    with app.app_context():
        write_log(game.rsplit("/", 1)[1], plays)
        db.engine.dispose()
    return urllib.parse.urlsplit(game).path


def _imported(phone, data: bytes):
    phone.get("/games/import")
    answer = phone.post("/games/import", {}, {"file": ("game.json", data)})
    return answer, urllib.parse.urlsplit(answer.location).path if answer.location else ""


def _saves_beside(server, seconds: float, busy=None) -> list[float]:
    """Seconds to save each round of another table's game, one every 0.25 s for `seconds`,
    while `busy` (a function called in a loop on two threads) runs."""
    from tests.served import Phone

    keeper = Phone(server)
    game = keeper.new_game()
    keeper.get(game)
    stop = threading.Event()

    def loop():
        while not stop.is_set():
            busy()

    threads = [threading.Thread(target=loop) for _ in range(2 if busy else 0)]
    for thread in threads:
        thread.start()
    times, end = [], time.perf_counter() + seconds
    try:
        while time.perf_counter() < end:
            answer = keeper.post(f"{game}/rounds", {"word-0": "JAZZY", "noword-1": "on",
                                                    "noword-2": "on", "out": "0"})
            assert answer.status == 303, answer.text[:300]
            times.append(answer.seconds)
            time.sleep(0.25)
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    return times


def bench_largest_game(loop_seconds: float = 15) -> list[tuple[str, str]]:
    """The largest game an import takes (REPLAY_PLAYS entries, each checked as its form
    would check it), and the largest a scorekeeper's forms can make (MAX_PLAYS), through a
    real server (2 workers, SQLite): the import, the first page view (each worker derives
    the game once), later views, History; and another table's saves while two phones ask
    for that History over and over, or its scorekeeper saves and looks."""
    from companion.pages.replay import REPLAY_PLAYS
    from tests.served import Phone, served

    rows = []
    with tempfile.TemporaryDirectory() as tmp, served(database_url=f"sqlite:///{tmp}/bench.db") as server:
        database_url = f"sqlite:///{tmp}/bench.db"
        phone = Phone(server)
        data = _export(_rounds(REPLAY_PLAYS))
        answer, imported = _imported(phone, data)
        assert answer.status == 303, answer.text[:300]
        too_long = _imported(Phone(server), _export(_rounds(REPLAY_PLAYS + 1)))[0]
        rows.append((f"import the largest FOOT! game an import takes ({REPLAY_PLAYS} rounds, "
                     f"{len(data) / 1e3:.0f} KB), each round checked as its form checks it",
                     f"{answer.seconds:.2f} s; {REPLAY_PLAYS + 1} rounds refused "
                     f"({too_long.status}) in {too_long.seconds:.2f} s"))
        games = {f"imported, {REPLAY_PLAYS} rounds": imported}
        for name, plays in _largest_games().items():
            games[f"{name} (forms' most)"] = _stored(Phone(server), database_url, plays)
        for name, game in games.items():
            first = [phone.get(game).seconds for _ in range(2)]  # one a worker, at most
            later = [phone.get(game).seconds for _ in range(10)]
            history = [phone.get(f"{game}/history") for _ in range(5)]
            assert all(h.status == 200 for h in history)
            rows += [
                (f"{name}: the game's page", f"first {max(first):.2f} s; then "
                 f"{statistics.median(later) * 1e3:.0f} ms median"),
                (f"{name}: History ({len(history[0].text) / 1e6:.1f} MB of HTML)",
                 f"first {history[0].seconds:.2f} s; then "
                 f"{statistics.median(h.seconds for h in history[1:]) * 1e3:.0f} ms median"),
            ]
        alone = _saves_beside(server, loop_seconds)
        viewer = Phone(server)
        busy = _saves_beside(server, loop_seconds, lambda: viewer.get(f"{game}/history"))
        # the scorekeeper of a long game adding to it and looking, over and over: every
        # round is a new version, derived again
        owner = Phone(server)
        long_game = _stored(owner, database_url, _rounds(9_000))
        owner.get(long_game)

        saved = []

        def save_and_look():
            saved.append(owner.post(f"{long_game}/rounds", {
                "word-0": "JAZZY", "word-1": "QUOTA", "word-2": "FJORD", "word-3": "OXBOW",
                "out": "0"}).status == 303)
            owner.get(long_game)

        changing = _saves_beside(server, loop_seconds, save_and_look)
    rows += [("another table's saves, alone / while two phones loop that History",
              f"{_ms(alone)} / {_ms(busy)}; worst {max(alone) * 1e3:.0f} ms / "
              f"{max(busy) * 1e3:.0f} ms"),
             ("another table's saves while two tabs of a 9,000-round game's scorekeeper "
              "save a round and look, over and over",
              f"{_ms(changing)}; worst {max(changing) * 1e3:.0f} ms ({sum(saved)} of its "
              f"rounds saved meanwhile)")]
    return rows


def _database_bytes(path: Path) -> int:
    """A SQLite database's size, its write-ahead log copied into it first (the log holds a
    page for each commit until then, and would count a small game as 4 KB)."""
    import sqlite3

    with sqlite3.connect(path, timeout=30) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())


def bench_rooms(plays_room: int = 10_000, words_room: int = 200_000) -> list[tuple[str, str]]:
    """The rooms as configured by default, and what filling them costs, measured on rooms
    scaled down (GAMES_MAX_PLAYS, WORD_LISTS_MAX_WORDS) through a real server on SQLite:
    imports of the largest game an import takes until the room is full, lists of 100,000 words with meanings
    until that room is full, each refusal, and the database's growth."""
    from companion.pages.replay import REPLAY_PLAYS
    from tests.served import Phone, served

    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "bench"})
    config = {k: app.config[k] for k in ("GAMES_MAX", "GAMES_MAX_PLAYS", "PLAY_MAX_BYTES",
                                         "WORD_LISTS_MAX_WORDS")}
    data = _export(_rounds(REPLAY_PLAYS))
    rng = random.Random(5)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rooms.db"
        env = {"GAMES_MAX_PLAYS": str(plays_room), "WORD_LISTS_MAX_WORDS": str(words_room)}
        with served(env=env, database_url=f"sqlite:///{path}") as server:
            phone = Phone(server)
            empty = _database_bytes(path)
            imports = []
            while True:
                answer, game = _imported(phone, data)
                if answer.status != 303:
                    break
                imports.append(answer.seconds)
            refused_import = answer
            full = _database_bytes(path)
            keeper = Phone(server)
            small = keeper.new_game()
            keeper.get(small)
            refused_save = keeper.post(f"{small}/rounds", {"word-0": "JAZZY", "noword-1": "on",
                                                           "noword-2": "on", "out": "0"})
            games = [keeper.new_game() for _ in range(200)]
            games_bytes = (_database_bytes(path) - full) / len(games)
            lists, words_before = [], _database_bytes(path)
            keeper.get(f"{small}/lists")
            while True:
                made = {"".join(rng.choices("ABCDEFGHIJKLMNOPRSTUVWY", k=rng.randint(4, 12)))
                        for _ in range(100_000)}
                listed = gzip.compress("".join(f"{w} a made-up word of {len(w)} letters\n"
                                               for w in made).encode())
                answer = keeper.post(f"{small}/lists", {"name": f"List {len(lists) + 1}"},
                                     {"file": ("list.txt.gz", listed)})
                if answer.status != 303:
                    break
                lists.append((answer.seconds, len(made)))
            refused_list = answer
            words_bytes = (_database_bytes(path) - words_before) / sum(n for _, n in lists)
    per_play = (full - empty) / (len(imports) * REPLAY_PLAYS)
    said = re.search(r"There is no room for this list[^<]*", refused_list.text)
    return [
        ("rooms by default (GAMES_MAX, GAMES_MAX_PLAYS, PLAY_MAX_BYTES, WORD_LISTS_MAX_WORDS)",
         f"{config['GAMES_MAX']:,} games; {config['GAMES_MAX_PLAYS']:,} plays in all; "
         f"{config['PLAY_MAX_BYTES']:,} bytes a play; {config['WORD_LISTS_MAX_WORDS']:,} list words"),
        (f"fill a room of {plays_room:,} plays with imports of {REPLAY_PLAYS} rounds ({len(data) / 1e3:.0f} KB each)",
         f"{len(imports)} imports, {sum(imports):.1f} s in all ({statistics.median(imports):.2f} s median); "
         f"the database grew {(full - empty) / 1e6:.0f} MB, {per_play:.0f} bytes a play"),
        ("the next import, and a round saved, once the room is full",
         f"{refused_import.status} in {refused_import.seconds * 1e3:.0f} ms; "
         f"{refused_save.status} in {refused_save.seconds * 1e3:.0f} ms; nothing saved"),
        (f"the default room of {config['GAMES_MAX_PLAYS']:,} plays, full",
         f"about {per_play * config['GAMES_MAX_PLAYS'] / 1e6:.0f} MB of plays like these; at most "
         f"{config['GAMES_MAX_PLAYS'] * config['PLAY_MAX_BYTES'] / 1e9:.1f} GB of data if every play "
         f"took {config['PLAY_MAX_BYTES']:,} bytes"),
        ("a new game (200 started through the form)",
         f"{games_bytes:.0f} bytes each: {config['GAMES_MAX']:,} empty games about "
         f"{games_bytes * config['GAMES_MAX'] / 1e6:.0f} MB"),
        (f"fill a room of {words_room:,} list words with lists of 100,000 words with meanings",
         f"{len(lists)} lists, {sum(s for s, _ in lists):.1f} s in all; {words_bytes:.0f} bytes a word; "
         f"the next list {refused_list.status}: “{said.group(0).strip() if said else refused_list.text[:80]}”"),
        (f"the default room of {config['WORD_LISTS_MAX_WORDS']:,} list words, full",
         f"about {words_bytes * config['WORD_LISTS_MAX_WORDS'] / 1e6:.0f} MB"),
    ]




# --- One phone against every table's connections ----------------------------------------------

#: What the benches of many phones on one loopback address give the server: in the field each
#: phone has its own address, and the per-address limits (gunicorn.conf.py, companion/live.py)
#: would refuse a crowd behind one. The guards still run; they are only not reached.
ONE_ADDRESS_FOR_MANY_PHONES = {"COMPANION_CONNECTIONS_PER_ADDRESS": "100000",
                               "COMPANION_STREAMS_PER_ADDRESS": "100000"}


class _Greedy:
    """A greedy phone at one loopback address (a thread): holds up to `count` connections to
    the server, each sending `request` and then nothing more, reading only what comes back;
    each the server closes is opened again a second later, until `stop` (at most
    `count` x `rounds` connections in all). Counts the answers' statuses ("closed" when the
    connection ended without one)."""

    def __init__(self, server, source: str, request: bytes, count: int, rounds: int = 40):
        parts = urllib.parse.urlsplit(server.url)
        self.target, self.source, self.request = (parts.hostname, parts.port), source, request
        self.count, self.left = count, count * rounds
        self.answers: Counter = Counter()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join(timeout=30)

    def _open(self, selector) -> None:
        sock = socket.socket()
        sock.setblocking(False)
        sock.bind((self.source, 0))
        sock.connect_ex(self.target)
        selector.register(sock, selectors.EVENT_WRITE, b"")
        self.left -= 1
        self.answers["opened"] += 1

    def _run(self) -> None:
        selector = selectors.DefaultSelector()
        reopen: list[float] = []  # when each closed connection is due to be opened again
        for _ in range(self.count):
            self._open(selector)
        while not self.stop.is_set():
            now = time.monotonic()
            while reopen and reopen[0] <= now and self.left > 0:
                heapq.heappop(reopen)
                self._open(selector)
            for key, events in selector.select(timeout=0.05):
                sock, seen = key.fileobj, key.data
                if events & selectors.EVENT_WRITE:  # connected (or failed): send the request
                    try:
                        sock.send(self.request)
                        selector.modify(sock, selectors.EVENT_READ, b"")
                        continue
                    except OSError:
                        data = b""
                else:
                    try:
                        data = sock.recv(65536)
                    except OSError:
                        data = b""
                if data and not seen:
                    self.answers[data[9:12].decode(errors="replace")] += 1  # HTTP/1.1 NNN
                    selector.modify(sock, selectors.EVENT_READ, b"answered")
                elif not data:
                    if not seen:
                        self.answers["closed"] += 1
                    selector.unregister(sock)
                    sock.close()
                    heapq.heappush(reopen, time.monotonic() + 1.0)
        for key in list(selector.get_map().values()):
            key.fileobj.close()
        selector.close()

    def said(self) -> str:
        counted = ", ".join(f"{n} {what}" for what, n in sorted(self.answers.items()) if what != "opened")
        return f"{self.answers['opened']} connections opened ({counted})"


def _table_phones(server, keeper, game: str, stop: threading.Event, times: list,
                  errors: Counter) -> list:
    """The table's honest phones at 127.0.0.1 (threads): the game's scorekeeper `keeper`
    saving a round each second (the game page, then the form; each its own connection, as
    after a phone's idle time) and two watchers asking for the game's page twice a second.
    The seconds each answer took go to `times`; an answer other than 200/303, or none within
    30 s, to `errors`."""
    from tests.served import Phone

    def timed_answer(call, good: int):
        start = time.perf_counter()
        try:
            answer = call()
        except OSError as e:  # no answer in 30 s, or refused
            errors[type(e).__name__] += 1
            times.append(time.perf_counter() - start)
            return None
        times.append(answer.seconds)
        if answer.status != good:
            errors[str(answer.status)] += 1
        return answer

    def keep_score() -> None:
        n = 0
        while not stop.wait(1.0):
            page = timed_answer(lambda: keeper.get(game), 200)
            found = page and re.search(r'name="nonce" value="([^"]+)"', page.text)
            if found:
                form = {"nonce": found.group(1), "out": str(n % 4),
                        **{f"word-{s}": w for s, w in enumerate(MANY_WORDS)}}
                timed_answer(lambda: keeper.post(f"{game}/rounds", form), 303)
                n += 1

    def watch() -> None:
        watcher = Phone(server, timeout=30)
        while not stop.wait(0.5):
            timed_answer(lambda: watcher.get(game), 200)

    threads = [threading.Thread(target=keep_score, daemon=True)]
    threads += [threading.Thread(target=watch, daemon=True) for _ in range(2)]
    for thread in threads:
        thread.start()
    return threads


def _importing(server, count: int, stop: threading.Event, answered: Counter) -> list:
    """`count` phones (threads, at 127.0.0.1 like the table: the work, not the connections,
    is the attack) importing the largest game an import takes until `stop`; each answer's
    status counted in `answered`."""
    from companion.pages.replay import REPLAY_PLAYS
    from tests.served import Phone

    data = _export(_rounds(REPLAY_PLAYS))

    def loop() -> None:
        phone = Phone(server, timeout=60)
        while not stop.is_set():
            answered[_imported(phone, data)[0].status] += 1

    threads = [threading.Thread(target=loop) for _ in range(count)]
    for thread in threads:
        thread.start()
    return threads


def _worst(times: list, errors: Counter, busy: tuple[int, int]) -> str:
    """The table's answers, and how busy the machine was since `busy` (_machine_busy)."""
    now = _machine_busy()
    failed = ", ".join(f"{n}× {what}" for what, n in sorted(errors.items())) or "none"
    return (f"worst {max(times, default=float('nan')) * 1e3:.0f} ms, "
            f"p95 {_percentile(times, 0.95) * 1e3:.0f} ms ({len(times)} answers; failed: {failed}; "
            f"the machine's {os.cpu_count()} cores {(now[0] - busy[0]) / (now[1] - busy[1]) * 100:.0f}% "
            f"busy, anything else running included)")


def _burst_of_dropped_streams(server, game: str, source: str, count: int) -> Counter:
    """`count` streams opened at once from `source`, each dropped (closed by the phone) as
    soon as the server answers it (or after 5 s): what the server answered."""
    parts = urllib.parse.urlsplit(server.url)
    selector = selectors.DefaultSelector()
    answers: Counter = Counter()
    request = f"GET {game}/events?since=0 HTTP/1.1\r\nHost: companion\r\n\r\n".encode()
    for _ in range(count):
        sock = socket.socket()
        sock.setblocking(False)
        sock.bind((source, 0))
        sock.connect_ex((parts.hostname, parts.port))
        selector.register(sock, selectors.EVENT_WRITE)
    deadline = time.monotonic() + 5
    while selector.get_map() and time.monotonic() < deadline:
        for key, events in selector.select(timeout=0.1):
            sock = key.fileobj
            try:
                if events & selectors.EVENT_WRITE:
                    sock.send(request)
                    selector.modify(sock, selectors.EVENT_READ)
                    continue
                data = sock.recv(65536)
            except OSError:
                data = b""
            answers[data[9:12].decode(errors="replace") if data else "closed"] += 1
            selector.unregister(sock)
            sock.close()  # the phone goes away
    for key in list(selector.get_map().values()):
        answers["no answer in 5 s"] += 1
        key.fileobj.close()
    selector.close()
    return answers


def bench_attacks(seconds: float = 20, streams: int = 1500, bodies: int = 1500,
                  bursts: int = 5, burst: int = 500) -> list[tuple[str, str]]:
    """The table's phones (127.0.0.1: _table_phones) against one greedy phone each, on
    gunicorn as `make run` serves it: their worst answer with nobody else, while 127.0.0.2
    holds `streams` event streams, while 127.0.0.3 holds `bodies` form posts whose body never
    comes, while both do, each for `seconds`; and during and after `bursts` bursts of `burst`
    streams opened and dropped at once from 127.0.0.2. The greedy phones reopen what the
    server closes a second later, bounded (_Greedy). Their sockets and the server's need
    file descriptors: this process raises its soft limit to its hard one."""
    import resource
    from tests.served import Phone, served

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    rows = []
    with served() as server:
        parts = urllib.parse.urlsplit(server.url)
        game = Phone(server).new_game()
        hold_streams = f"GET {game}/events?since=0 HTTP/1.1\r\nHost: companion\r\n\r\n".encode()
        form = "ruleset=foot&name-0=Ann&name-1=Bo&csrf_token="
        never_all = (f"POST /games/new HTTP/1.1\r\nHost: companion\r\n"
                     f"Content-Type: application/x-www-form-urlencoded\r\n"
                     f"Content-Length: {60_000}\r\n\r\n{form}").encode()

        def greedy(which: str):
            return {"streams": lambda: _Greedy(server, "127.0.0.2", hold_streams, streams),
                    "bodies": lambda: _Greedy(server, "127.0.0.3", never_all, bodies)}[which]()

        phases = [("nobody else", ()),
                  (f"127.0.0.2 holds {streams:,} event streams", ("streams",)),
                  (f"127.0.0.3 holds {bodies:,} posts whose body never comes", ("bodies",)),
                  ("both at once", ("streams", "bodies"))]
        for title, attackers in phases:
            keeper = Phone(server, timeout=30)
            table = keeper.new_game(names=MANY_PLAYERS)
            times, errors, stop, busy = [], Counter(), threading.Event(), _machine_busy()
            with ExitStack() as stack:
                held = [stack.enter_context(greedy(which)) for which in attackers]
                phones = _table_phones(server, keeper, table, stop, times, errors)
                time.sleep(seconds)
                stop.set()
                for thread in phones:
                    thread.join(timeout=60)
            said = "; ".join(f"{a.source}: {a.said()}" for a in held)
            rows.append((f"the table's phones' answers ({seconds:g} s): {title}",
                         _worst(times, errors, busy) + (f". {said}" if said else "")))
        keeper = Phone(server, timeout=30)
        table = keeper.new_game(names=MANY_PLAYERS)
        times, errors, stop, busy = [], Counter(), threading.Event(), _machine_busy()
        imported: Counter = Counter()
        importers = _importing(server, 4, stop, imported)
        phones = _table_phones(server, keeper, table, stop, times, errors)
        time.sleep(seconds)
        stop.set()
        for thread in phones + importers:
            thread.join(timeout=120)
        counted = ", ".join(f"{n} {what}" for what, n in sorted(imported.items()))
        rows.append((f"the table's phones' answers ({seconds:g} s): 4 phones import the largest "
                     f"game an import takes, over and over",
                     f"{_worst(times, errors, busy)}. The imports were answered: {counted}"))
        keeper = Phone(server, timeout=30)
        table = keeper.new_game(names=MANY_PLAYERS)
        times, errors, stop, busy = [], Counter(), threading.Event(), _machine_busy()
        phones = _table_phones(server, keeper, table, stop, times, errors)
        answered = Counter()
        for _ in range(bursts):
            answered += _burst_of_dropped_streams(server, game, "127.0.0.2", burst)
        time.sleep(5)  # and a few seconds after the last
        stop.set()
        for thread in phones:
            thread.join(timeout=60)
        counted = ", ".join(f"{n} {what}" for what, n in sorted(answered.items()))
        rows.append((f"the table's phones' answers: during {bursts} bursts of {burst} streams "
                     f"opened and dropped by 127.0.0.2, and 5 s after",
                     f"{_worst(times, errors, busy)}. The bursts were answered: {counted}"))
        given = 0
        with ExitStack() as stack:  # how many streams 127.0.0.2 is given again, all gone now
            for _ in range(200):
                sock = stack.enter_context(socket.create_connection(
                    (parts.hostname, parts.port), timeout=30, source_address=("127.0.0.2", 0)))
                sock.sendall(hold_streams)
                given += sock.recv(12).startswith(b"HTTP/1.1 200")
        rows.append(("after the bursts, event streams 127.0.0.2 is given again (200 asked at once)",
                     f"{given} (the rest refused with 429)"))
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return rows


# --- Lighthouse: every page as a phone's browser audits it ------------------------------------

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
LIGHTHOUSE_CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
#: The scores each page should reach (issue: every score 95, accessibility and best practices 100).
LIGHTHOUSE_GOALS = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 95}


class _Forms:
    """tests/web/evenings.py's client (`get(path).text`, `post(path, data=...)` with its
    status_code and location) on a tests.served.Phone: the forms sent over HTTP, CSRF on."""

    def __init__(self, phone):
        self.phone = phone
        phone.get("/games/new?game=foot")  # a form with its CSRF token

    @staticmethod
    def _answer(answer):
        from types import SimpleNamespace

        return SimpleNamespace(status_code=answer.status, text=answer.text,
                               location=urllib.parse.urlsplit(answer.location).path)

    def get(self, path: str):
        return self._answer(self.phone.get(path))

    def post(self, path: str, data: dict):
        return self._answer(self.phone.post(path, {k: str(v) for k, v in data.items()}))


def _lighthouse_pages(server) -> tuple[list[tuple[str, str]], dict]:
    """Games with rounds, made through the forms by one phone: every page a player opens, as
    (name, path), and that phone's cookies (its pages are the scorekeeper's)."""
    from tests.served import Phone
    from tests.web.evenings import (family_evening, foot_with_everything,
                                    hand_and_foot_evening, poker_evening)

    keeper = Phone(server, timeout=60)
    forms = _Forms(keeper)
    foot = foot_with_everything(forms)
    playing = forms.post("/games/new", {"ruleset": "foot", "dealer": "0", "name-0": "Ann",
                                        "name-1": "Bo", "name-2": "Cy", "name-3": "Di"}).location
    for n in range(3):
        words = {f"word-{s}": WORDS[(n + s) % len(WORDS)].replace("?", "E") for s in range(4)}
        forms.post(f"{playing}/rounds", {**words, "out": str(n % 4)})
    fez = forms.post("/games/new", {"ruleset": "fez", "dealer": "0", "name-0": "Ann",
                                    "name-1": "Bo", "name-2": "Cy"}).location
    forms.post(f"{fez}/rounds", {"seat": "1", "tiles": "PLAY", "colours": "BBBB"})
    forms.post(f"{fez}/rounds", {"seat": "2", "tiles": "ZAX", "colours": "RRR"})
    poker = poker_evening(forms)
    forms.post(f"{poker}/rounds", {})  # a deal under way: the betting buttons
    family, hand_and_foot = family_evening(forms), hand_and_foot_evening(forms)

    def first(path: str, pattern: str) -> str:
        return re.findall(pattern, keeper.get(path).text)[0].replace("&amp;", "&")

    pages = [("home", "/"), ("new game", "/games/new"), ("new game: FEZ", "/games/new?game=fez"), ("is it a word?", "/words"),
             ("stats", "/stats"), ("import", "/games/import"), ("offline", "/offline"),
             ("FOOT! under way", playing), ("FOOT! finished", foot),
             ("FOOT! edit round", first(playing, r'href="(/games/\w+/rounds/\d+/edit)"')),
             ("FOOT! challenge", first(playing, r'href="(/games/\w+/challenge\?[^"]+)"')),
             ("FOOT! history", f"{foot}/history"), ("FOOT! house rules", f"{foot}/house"),
             ("FOOT! word lists", f"{foot}/lists"), ("FOOT! hand over", f"{playing}/handover"),
             ("FEZ", fez), ("FEZ count the hands", f"{fez}/plays/round-end"),
             ("Poker mid-deal", poker), ("family game", family),
             ("Hand and Foot", hand_and_foot),
             ("Hand and Foot edit round", first(hand_and_foot, r'href="(/games/\w+/rounds/\d+/edit)"'))]
    return pages, {"Cookie": "; ".join(f"{c.name}={c.value}" for c in keeper.cookies)}


def _lighthouse(url: str, headers: dict | None) -> dict:
    """One mobile Lighthouse run (its default: a mid-range phone on a throttled 4G link,
    simulated) of `url` in Debian's Chromium, headless; its JSON report."""
    import json

    command = [str(LIGHTHOUSE), url, "--output=json", "--output-path=stdout", "--quiet",
               f"--only-categories={','.join(LIGHTHOUSE_CATEGORIES)}",
               "--chrome-flags=--headless=new --no-sandbox --disable-gpu"]
    if headers:
        command.append(f"--extra-headers={json.dumps(headers)}")
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=ROOT,
                          env={**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")})
    if done.returncode:
        raise RuntimeError(f"lighthouse {url} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def bench_lighthouse() -> list[tuple[str, str]]:
    """Lighthouse's mobile scores (performance, accessibility, best practices, SEO) and the
    page's total weight, for every page, served by gunicorn as `make run` serves it (on a
    throwaway SQLite file), with games that have rounds; the scorekeeper's cookies for its
    pages, none for a watcher's. Below each score's full marks, the audits that cost it; below
    its goal (LIGHTHOUSE_GOALS), said. Performance is simulated from the run's own timings, so
    a busy machine lowers it; the other scores do not depend on the machine."""
    from tests.served import served

    if not LIGHTHOUSE.exists():
        raise RuntimeError(f"{LIGHTHOUSE} is missing: `make bench` installs it (npm ci)")
    rows = []
    with served() as server:
        pages, cookies = _lighthouse_pages(server)
        runs = [(name, path, cookies) for name, path in pages]
        runs.insert(1 + [name for name, _ in pages].index("FOOT! under way"),
                    ("FOOT! watched (another phone)", dict(pages)["FOOT! under way"], None))
        for name, path, headers in runs:
            report = _lighthouse(server.url + path, headers)
            scores = {key: round(report["categories"][key]["score"] * 100)
                      for key in LIGHTHOUSE_CATEGORIES}
            weight = report["audits"]["total-byte-weight"]["numericValue"]
            missed = sorted({audit["id"] for key in LIGHTHOUSE_CATEGORIES[1:]
                             for ref in report["categories"][key]["auditRefs"] if ref["weight"]
                             for audit in [report["audits"][ref["id"]]]
                             if audit["score"] is not None and audit["score"] < 1})
            figure = (f"performance {scores['performance']}, accessibility "
                      f"{scores['accessibility']}, best practices {scores['best-practices']}, "
                      f"SEO {scores['seo']}; {weight / 1024:.0f} KB in all")
            if missed:
                figure += f"; short of full marks: {', '.join(missed)}"
            if short := [key for key, goal in LIGHTHOUSE_GOALS.items() if scores[key] < goal]:
                figure += f" (below the goal: {', '.join(short)})"
            rows.append((f"{name} ({re.sub(r'/games/[a-z2-9]{12}', '/games/…', path)})", figure))
    return rows


def bench_weight() -> list[tuple[str, str]]:
    """What each page weighs on the wire for a new phone (Chromium at 390x844, nothing cached):
    every byte received, headers included, by the page and its service worker until the
    network is idle; then the same page opened again. Served by gunicorn as `make run` serves
    it, after a few rounds of each game (tests/weight.py)."""
    from playwright.sync_api import sync_playwright

    from companion.extensions import db
    from tests.served import served
    from tests.weight import BUDGET, evening_pages, first_and_repeat

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/weight.db"
        with served(database_url=url) as server, sync_playwright() as pw:
            app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"})
            with app.app_context():
                pages = evening_pages(server, app)
                db.engine.dispose()
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                         args=["--no-sandbox", "--disable-gpu"])
            try:
                for page in pages:
                    weight = first_and_repeat(browser, server.url, page)
                    over = " (over the 30 KB goal)" if weight.first > BUDGET else ""
                    rows.append((f"{page.name}: first load, then again",
                                 f"{weight.first / 1024:.1f} KB{over}, then {weight.repeat / 1024:.1f} KB "
                                 f"({len(weight.static_repeat)} static files asked again)"))
            finally:
                browser.close()
    return rows


#: Each section of docs/benchmarks.md: its short name (for `tools/bench.py NAME ...`), its
#: title, and what measures it (called only when the section runs).
SECTIONS = {
    "scorekeeping": ("Scorekeeping (FOOT!/ZOOT!)", lambda o: bench_rules() + bench_pages()),
    "live": ("Every phone live", lambda o: bench_live()),
    "words": ("Word judge", lambda o: bench_words() + bench_longest_hands()),
    "reader": ("Card reader", lambda o: bench_ocr() + bench_decks()),
    "table": ("The whole table in one photo", lambda o: bench_table()),
    "wifi": ("What a phone on the Wi-Fi can make the server do",
             lambda o: bench_scan_memory() + bench_import_with_rounds()),
    "house": ("The house's limits: the largest game, the rooms",
              lambda o: bench_largest_game() + bench_rooms()),
    "many": ("Many tables on one server (SQLite and PostgreSQL)",
             lambda o: bench_many_tables(seconds=o.seconds)),
    "attacks": ("One phone against every table's connections", lambda o: bench_attacks()),
    "lighthouse": ("Lighthouse on a phone (mobile): every page", lambda o: bench_lighthouse()),
    "weight": ("What a page weighs on the wire for a new phone", lambda o: bench_weight()),
}


def main(argv: list[str] | None = None) -> None:
    """`make bench`: every section, written to docs/benchmarks.md. With section names
    (`tools/bench.py many`), only those, printed and not written."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sections", nargs="*", metavar="SECTION",
                        help=f"run only these ({', '.join(SECTIONS)}); nothing is written")
    parser.add_argument("--update", action="store_true",
                        help="with section names: also write those sections into "
                             "docs/benchmarks.md in place, leaving the others as they are")
    parser.add_argument("--seconds", type=float, default=60,
                        help="steady state of the many-tables run, in seconds (60)")
    options = parser.parse_args(argv)
    if unknown := [name for name in options.sections if name not in SECTIONS]:
        parser.error(f"no section {', '.join(unknown)}: choose from {', '.join(SECTIONS)}")
    chosen = options.sections or list(SECTIONS)
    lines = [
        "# Benchmarks",
        "",
        f"Latest `make bench`, {date.today().isoformat()}, on {platform.machine()} "
        f"with {platform.python_implementation()} {platform.python_version()} "
        f"(the project's 2-core machine). Figures are wall time in one process.",
    ]
    for name in chosen:
        title, measure = SECTIONS[name]
        rows = measure(options)
        section = ["", f"## {title}", "", "| what | figure |", "| --- | --- |"]
        section += [f"| {what} | {figure} |" for what, figure in rows]
        if options.sections:  # each as it is done
            sys.stdout.write("\n".join(section) + "\n")
            sys.stdout.flush()
        lines += section
    if not options.sections:
        report = "\n".join(lines) + "\n"
        (ROOT / "docs" / "benchmarks.md").write_text(report)
        sys.stdout.write(report)
    elif options.update:
        _update_sections(lines[4:], chosen)


def _update_sections(new: list[str], chosen: list[str]) -> None:
    """docs/benchmarks.md with the chosen sections' tables replaced (or added, in SECTIONS'
    order) by the new ones; each rewritten section says the day it was measured."""
    path = ROOT / "docs" / "benchmarks.md"
    text = path.read_text()
    head, *parts = re.split(r"(?m)^(?=## )", text)
    sections = {part.splitlines()[0][3:].split(" (measured ")[0]: part for part in parts}
    for part in re.split(r"(?m)^(?=## )", "\n".join(new).strip() + "\n")[1:]:
        title = part.splitlines()[0][3:]
        sections[title] = (f"## {title} (measured {date.today().isoformat()})\n"
                           + part.split("\n", 1)[1].rstrip() + "\n\n")
    order = [title for title, _ in SECTIONS.values()]
    titles = sorted(sections, key=lambda t: order.index(t) if t in order else len(order))
    path.write_text(head + "".join(sections[t] for t in titles).rstrip() + "\n")


if __name__ == "__main__":
    main()
