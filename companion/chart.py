"""The score chart's geometry: each side's total after each round as lines in an SVG box, an
axis of round numbers through zero, and a name at the end of each line. Pure: numbers in,
coordinates out (templates/_chart.html draws them; companion.css colours them).

Glossary
- side: whoever a total belongs to (a player; Hand and Foot: a team), one line each.
- viewBox: the box the coordinates are in (WIDTH x HEIGHT); the SVG scales it to the phone.
- plot: the part of the box the lines are drawn in, inside the margins for the labels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

WIDTH, HEIGHT = 340, 190
LEFT, RIGHT, TOP, BOTTOM = 46, 96, 10, 24  # margins: the axis's numbers, the names, the rounds
# Text sizes in the viewBox (companion.css .chart text): on a 390 px phone the box is drawn
# about 1.08 times as large, so the axes' numbers show at 14 px and the names at 15 px.
AXIS_FONT, NAME_FONT = 13, 14
DIGIT = 0.64 * AXIS_FONT  # the width of a digit of the axes, at most
ROUND_GAP = 0.5 * AXIS_FONT  # the least space between two round numbers on the axis
LABEL_GAP = NAME_FONT + 1  # the least distance between two names at the lines' ends
NAME_CHARS = 10  # a longer name is cut, with an ellipsis (the full name is in the description)
COLOURS = 8  # series-0 .. series-7 in companion.css
DOTS_UP_TO = 24  # rounds: a dot marks each total; beyond, the lines alone
LABEL_EVERY = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10 ** 9)


def nice_step(low: int, high: int, most: int = 5) -> int:
    """The smallest round step (1, 2, 2.5 or 5 times a power of ten, a whole number) that
    covers low..high in at most `most` steps from a multiple of it.

    >>> [nice_step(0, h) for h in (0, 4, 7, 106, 500, 2350)]
    [1, 1, 2, 25, 100, 500]
    >>> nice_step(-35, 81)
    50
    """
    for power in range(0, 19):
        for mantissa in (1, 2, 2.5, 5):
            step = mantissa * 10 ** power
            if step != int(step):
                continue
            step = int(step)
            if math.ceil(high / step) - math.floor(low / step) <= most:
                return step
    return 10 ** 19


def axis(values: Sequence[int]) -> tuple[int, int, int]:
    """(lowest, highest, step) of a y axis with round numbers that holds every value and 0.

    >>> axis([0, 81, 106, 9, 34])
    (0, 125, 25)
    >>> axis([0, -35, 81]), axis([0]), axis([200, 0, 400])
    ((-50, 100, 50), (0, 1, 1), (0, 400, 100))
    """
    low, high = min(0, *values), max(0, *values)
    if low == high:
        high = low + 1
    step = nice_step(low, high)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def spread(ys: Sequence[float], gap: float, top: float, bottom: float) -> list[float]:
    """Heights for labels wanted at `ys` (SVG: down is larger), moved apart to at least `gap`
    from each other and kept between top and bottom where there is room; in the given order.

    >>> spread([50, 52, 120], 13, 0, 200)
    [50, 63, 120]
    >>> spread([195, 199, 10], 13, 0, 200)
    [187, 200, 10]
    """
    order = sorted(range(len(ys)), key=lambda i: (ys[i], i))
    placed = [max(top, min(bottom, ys[i])) for i in order]
    for k in range(1, len(placed)):
        placed[k] = max(placed[k], placed[k - 1] + gap)
    if placed and placed[-1] > bottom:
        placed[-1] = bottom
        for k in range(len(placed) - 2, -1, -1):
            placed[k] = min(placed[k], placed[k + 1] - gap)
    result = [0.0] * len(ys)
    for k, i in enumerate(order):
        result[i] = placed[k]
    return result


def short_name(name: str, most: int = NAME_CHARS) -> str:
    """A name that fits beside the chart.

    >>> short_name("Ann"), short_name("Annabelle & Bartholomew"), short_name("Ann & Cy & Bo")
    ('Ann', 'Annabelle…', 'Ann & Cy…')
    """
    return name if len(name) <= most else name[:most - 1].rstrip() + "…"


def number(value: int) -> str:
    """A number as the axis shows it: a true minus sign.

    >>> number(-50), number(1200)
    ('−50', '1200')
    """
    return f"−{-value}" if value < 0 else str(value)


def round_labels(rounds: int, width: float) -> list[int]:
    """The rounds whose numbers the x axis shows, `width` wide for `rounds` rounds: every
    round, or every 2nd, 5th, 10th... as the room between them allows, each number at least
    ROUND_GAP from the next; the first round too where it has that room.

    >>> round_labels(9, 200), round_labels(17, 200)
    ([1, 2, 3, 4, 5, 6, 7, 8, 9], [2, 4, 6, 8, 10, 12, 14, 16])
    >>> round_labels(30, 200), round_labels(120, 200)
    ([1, 5, 10, 15, 20, 25, 30], [1, 20, 40, 60, 80, 100, 120])
    """
    step = width / rounds

    def apart(a: int, b: int) -> bool:  # the numbers of rounds a and b, centred at theirs
        return (b - a) * step >= (len(str(a)) + len(str(b))) * DIGIT / 2 + ROUND_GAP

    for every in LABEL_EVERY:  # the fewest labels' widest neighbours apart
        last = rounds - rounds % every
        if last - every < every or apart(last - every, last):
            break
    shown = list(range(every, rounds + 1, every))
    return [1, *shown] if not shown or (shown[0] != 1 and apart(1, shown[0])) else shown


@dataclass(frozen=True)
class Series:
    colour: int  # its CSS class: series-<colour>
    name: str
    label: str  # the name as shown at the end of its line
    points: tuple[tuple[float, float], ...]  # (x, y): the start, then after each round
    label_y: float
    total: int

    @property
    def polyline(self) -> str:
        return " ".join(f"{x:g},{y:g}" for x, y in self.points)


@dataclass(frozen=True)
class Tick:
    at: float  # y for the value axis, x for the rounds
    text: str
    zero: bool = False


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    series: tuple[Series, ...]
    values: tuple[Tick, ...]  # the y axis: round numbers, zero among them
    rounds: tuple[Tick, ...]  # the x axis: round numbers
    dots: bool
    unit: str  # what a round is called: "round", "deal"
    description: str


def score_chart(sides: Sequence[str], start: Sequence[int],
                after: Sequence[Sequence[int]], unit: str = "round") -> Chart | None:
    """The chart of each side's total from `start` through the totals after each round (None
    before the first round).

    >>> c = score_chart(["Ann", "Bo"], (0, 0), [(81, 26), (106, 26)])
    >>> [s.polyline for s in c.series]
    ['46,166 145,64.9 244,33.7', '46,166 145,133.6 244,133.6']
    >>> [(t.text, t.at) for t in c.values][:2], [t.text for t in c.rounds]
    ([('0', 166.0), ('25', 134.8)], ['1', '2'])
    >>> c.description
    'Totals after each of 2 rounds: Ann 106, Bo 26.'
    """
    if not after:
        return None
    low, high, step = axis([v for row in (start, *after) for v in row])
    left, right, top, bottom = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM
    rounds = len(after)

    def x(i: int) -> float:
        return round(left + (right - left) * i / rounds, 1)

    def y(value: float) -> float:
        return round(bottom - (bottom - top) * (value - low) / (high - low), 1)

    lines = [[(x(i), y(row[s])) for i, row in enumerate((start, *after))]
             for s in range(len(sides))]
    label_ys = spread([line[-1][1] for line in lines], LABEL_GAP, top + 4, bottom + 4)
    series = tuple(Series(s % COLOURS, name, short_name(name), tuple(lines[s]),
                          round(label_ys[s] + 5, 1), after[-1][s])
                   for s, name in enumerate(sides))
    values = tuple(Tick(y(v), number(v), v == 0) for v in range(low, high + 1, step))
    ticks = tuple(Tick(x(i), str(i)) for i in round_labels(rounds, right - left))
    plural = unit if rounds == 1 else f"{unit}s"
    described = ", ".join(f"{name} {number(after[-1][s])}" for s, name in enumerate(sides))
    return Chart(WIDTH, HEIGHT, left, right, top, bottom, series, values, ticks,
                 rounds <= DOTS_UP_TO, unit, f"Totals after each of {rounds} {plural}: {described}.")


def game_chart(game) -> Chart | None:
    """The chart of a game (a models.Game) from its rules' `progress`."""
    rules, standings = game.rules, game.standings()
    start, after = rules.progress(game.rule_settings, len(game.players), standings)
    return score_chart(rules.sides(game.names, standings), start, after, game.pages.progress_name)
