"""The letter classifier: four small networks, each trained on its own capitals rendered from
the machine's fonts (two of them on some drawn foreshortened too), their opinions averaged;
run with numpy alone (on one BLAS thread).

A glyph reaches the classifier as a binary ink mask (ink = 1), already turned upright. It is
cropped to its ink, centred in a square keeping its aspect (so a bare I stays a bar), and
described by HOG features plus a coarse 12x12 picture of the ink.

    python -m ocr.train instance/letters.npz     # train and save (make install does this)
"""

from __future__ import annotations

import functools
import glob
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from threadpoolctl import ThreadpoolController

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
NONE = len(LETTERS)  # the extra class: a letter lying on its side or upside down, or no letter
# Turned letters that look like a letter upright are not "none": they are left out of training.
_STILL_A_LETTER = {90: set("HINOSXZUC"), 180: set("HINOSXZMWUC"), 270: set("HINOSXZUC")}
SIZE = 32
CELL, BINS = 8, 9
# Fonts that are no alphabet at all.
_NOT_LETTERS = ("math", "symbol", "dingbat", "d050000l", "z003")
# The networks' products are small (a crop's letters by 470 features by 160): BLAS's threads
# cost more than they save there, the more so while other photos are read on the server's
# other cores. The classifier runs them on one thread; training keeps every thread.
_BLAS = ThreadpoolController()


def square(mask: np.ndarray, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
    """An ink mask cropped to its ink (at `ys`, `xs`: np.nonzero's) and centred in a
    SIZE x SIZE square, aspect kept."""
    if len(xs) == 0:
        return np.zeros((SIZE, SIZE), np.uint8)
    ink = mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.uint8) * 255
    h, w = ink.shape
    scale = (SIZE - 4) / max(h, w)
    ink = cv2.resize(ink, (max(1, round(w * scale)), max(1, round(h * scale))),
                     interpolation=cv2.INTER_AREA)
    out = np.zeros((SIZE, SIZE), np.uint8)
    y, x = (SIZE - ink.shape[0]) // 2, (SIZE - ink.shape[1]) // 2
    out[y:y + ink.shape[0], x:x + ink.shape[1]] = ink
    return out


def hog(squares: np.ndarray) -> np.ndarray:
    """Histograms of oriented gradients for a batch of SIZE x SIZE images: 9 unsigned
    orientations per 8x8 cell, each 2x2 block of cells L2-normalised (Dalal and Triggs)."""
    img = squares.astype(np.float32) / 255.0
    gx = np.zeros_like(img)
    gy = np.zeros_like(img)
    gx[:, :, 1:-1] = img[:, :, 2:] - img[:, :, :-2]
    gy[:, 1:-1, :] = img[:, 2:, :] - img[:, :-2, :]
    magnitude = np.hypot(gx, gy)
    bins = (np.mod(np.arctan2(gy, gx), np.pi) / np.pi * BINS).astype(np.int64) % BINS
    n, cells = len(img), SIZE // CELL
    cell_y = (np.arange(SIZE) // CELL)[:, None]
    cell_x = (np.arange(SIZE) // CELL)[None, :]
    index = ((cell_y * cells + cell_x) * BINS)[None] + bins
    hist = np.zeros((n, cells * cells * BINS), np.float32)
    np.add.at(hist, (np.arange(n)[:, None, None], index), magnitude)
    hist = hist.reshape(n, cells, cells, BINS)
    blocks = np.concatenate([hist[:, :-1, :-1], hist[:, 1:, :-1], hist[:, :-1, 1:],
                             hist[:, 1:, 1:]], axis=3)
    blocks /= np.sqrt((blocks ** 2).sum(axis=3, keepdims=True)) + 1e-3
    return blocks.reshape(n, -1)


def features(masks: list[np.ndarray]) -> np.ndarray:
    """One row of features per ink mask: HOG, a coarse picture, aspect and fill."""
    inks = [np.nonzero(m) for m in masks]
    squares = np.stack([square(m, ys, xs) for m, (ys, xs) in zip(masks, inks)])
    coarse = np.stack([cv2.resize(s, (12, 12), interpolation=cv2.INTER_AREA).ravel()
                       for s in squares]) / 255.0
    shape = []
    for ys, xs in inks:
        if len(xs) == 0:
            shape.append((0.0, 0.0))
            continue
        h, w = int(ys.max() - ys.min()) + 1, int(xs.max() - xs.min()) + 1
        shape.append((np.log(h / w), len(xs) / (h * w)))
    return np.hstack([hog(squares), coarse, np.asarray(shape)]).astype(np.float32)


@dataclass
class Network:
    """A two-layer network: features -> ReLU hidden layer -> letter scores."""

    mean: np.ndarray
    scale: np.ndarray
    weights: list[np.ndarray]
    biases: list[np.ndarray]

    def probabilities(self, x: np.ndarray, allowed: np.ndarray) -> np.ndarray:
        """Rows of probabilities for rows of features; classes not `allowed` get 0."""
        x = (x - self.mean) / self.scale
        for w, b in zip(self.weights[:-1], self.biases[:-1]):
            x = np.maximum(x @ w + b, 0)
        logits = x @ self.weights[-1] + self.biases[-1]
        logits = np.where(allowed, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def arrays(self, prefix: str) -> dict[str, np.ndarray]:
        arrays = {f"{prefix}mean": self.mean, f"{prefix}scale": self.scale}
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            arrays[f"{prefix}w{i}"], arrays[f"{prefix}b{i}"] = w, b
        return arrays

    @classmethod
    def from_arrays(cls, data, prefix: str) -> Network:
        layers = sum(1 for k in data.files if k.startswith(f"{prefix}w"))
        return cls(data[f"{prefix}mean"], data[f"{prefix}scale"],
                   [data[f"{prefix}w{i}"] for i in range(layers)],
                   [data[f"{prefix}b{i}"] for i in range(layers)])


@dataclass
class Classifier:
    """A committee of networks trained apart, each on letters drawn afresh (another seed),
    their probabilities averaged. Where one network is sure of a wrong letter (an R that
    lost its bowl read as I, an M as W), the others seldom agree, and the average is unsure:
    the committee's confidence is the one the correction screen can trust."""

    networks: list[Network]

    def probabilities(self, masks: list[np.ndarray], alphabet: str = LETTERS) -> np.ndarray:
        """Rows of probabilities over LETTERS and, last, NONE (not an upright letter);
        letters outside `alphabet` get 0."""
        if not masks:
            return np.zeros((0, len(LETTERS) + 1), np.float32)
        x = features(masks)
        allowed = np.array([c in alphabet for c in LETTERS] + [True])
        with _BLAS.limit(limits=1, user_api="blas"):
            return sum(net.probabilities(x, allowed) for net in self.networks) / len(self.networks)

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        arrays = {}
        for i, net in enumerate(self.networks):
            arrays.update(net.arrays(f"n{i}_"))
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(tmp, **arrays)
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> Classifier:
        with np.load(path) as data:
            count = sum(1 for k in data.files if k.endswith("_mean"))
            if not count:
                raise ValueError(f"{path} holds a letter model from before the committee of "
                                 "networks: run `make install` to train it again")
            return cls([Network.from_arrays(data, f"n{i}_") for i in range(count)])


# --- training ---------------------------------------------------------------------------

def font_files(root: str = "/usr/share/fonts") -> list[str]:
    """Every TrueType/OpenType font under `root` that draws an alphabet (see _font_files)."""
    return list(_font_files(root))


@functools.lru_cache(maxsize=4)  # _junk asks for every digit it draws: glob and load once
def _font_files(root: str) -> tuple[str, ...]:
    """Every TrueType/OpenType font under `root` that draws an alphabet (italics too: their
    slant is what a card seen at an angle looks like). A font that cannot be drawn at any
    size (a colour emoji font holds bitmaps of one size only) is left out, or training would
    stop at the first letter drawn with it."""
    return tuple(path for path in sorted(glob.glob(f"{root}/**/*.[ot]tf", recursive=True))
                 if not any(bad in path.lower() for bad in _NOT_LETTERS) and _scalable(path))


def _scalable(path: str) -> bool:
    """Whether the font draws at the sizes training asks for."""
    from PIL import ImageFont

    try:
        ImageFont.truetype(path, 33)
    except OSError:
        return False
    return True


UPRIGHT_TILT, TURNED_TILT = 8.0, 6.0  # standard deviations (degrees) of the drawn letters' tilt
FORESHORTENED = 0.4  # the share of drawn letters seen foreshortened on a card turned on the table
SQUASHED = (0.55, 1.0)  # how much shorter they look along the photo's up (a phone held low)


def _render(letter: str, font_path: str, rng: np.random.Generator,
            turn: int = 0, foreshortened: bool = False) -> np.ndarray | None:
    """One capital drawn as a phone would see it on a card: tilted, sheared, blurred,
    noisy, then thresholded to an ink mask like the reader's. `turn` lays it on its side
    (90, 270) or upside down (180). With `foreshortened`, some (FORESHORTENED) are also
    squashed along a slant (_foreshortened)."""
    from PIL import Image, ImageDraw, ImageFont

    size = int(rng.integers(28, 90))
    try:
        font = ImageFont.truetype(font_path, size)
    except OSError:
        return None
    canvas = Image.new("L", (size * 3, size * 3), 255)
    draw = ImageDraw.Draw(canvas)
    draw.text((size, size // 2), letter, font=font, fill=int(rng.integers(0, 70)))
    img = np.asarray(canvas, np.float32)
    if img.min() > 128:  # the font has no such glyph
        return None
    if rng.random() < 0.25:  # printed bolder than the font: strokes thickened
        r = max(1, int(round(rng.uniform(0.01, 0.03) * size)))
        img = cv2.erode(img, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1)))
    h, w = img.shape
    # a card lies a little askew of the row it is read along (more at a curved row's ends);
    # turned a quarter or more, a letter is no letter of the row
    angle = rng.normal(0, UPRIGHT_TILT if turn == 0 else TURNED_TILT) + turn
    shear = rng.normal(0, 0.1)
    # condensed print; or wider: a card seen at a slant, or foreshortened by a phone held low
    stretch = np.exp(rng.uniform(-0.3, 0.6))
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    m = m @ np.array([[stretch, shear, 0], [0, 1, 0], [0, 0, 1]], np.float64)
    if foreshortened and rng.random() < FORESHORTENED:
        m = _foreshortened(rng, w, h) @ np.vstack([m, [0, 0, 1]])
    img = cv2.warpAffine(img, m[:2], (w, h), borderValue=255)
    scale = rng.uniform(0.35, 1.0)  # seen small: fewer pixels across
    small = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    sigma = rng.uniform(0, 1.4)
    if sigma > 0.3:
        small = cv2.GaussianBlur(small, (0, 0), sigma)
    small += rng.normal(0, rng.uniform(0, 12), small.shape)
    threshold = rng.uniform(0.4, 0.65) * 255
    mask = small < threshold
    if mask.sum() < 8:
        return None
    return mask


def _foreshortened(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """A phone held low squashes the table along the photo's up; a card turned on the table
    (up to half a quarter turn), read upright along its edges, shows its letter squashed
    along a slant: the 3x3 transform that does so about the middle of a w x h canvas."""
    slant = np.radians(rng.uniform(-45, 45))
    c, s = np.cos(slant), np.sin(slant)
    turn = np.array([[c, -s], [s, c]])
    squash = np.eye(3)
    squash[:2, :2] = turn @ np.diag([1.0, rng.uniform(*SQUASHED)]) @ turn.T
    centre = np.array([[1, 0, w / 2], [0, 1, h / 2], [0, 0, 1]], np.float64)
    return centre @ squash @ np.linalg.inv(centre)


def _junk(rng: np.random.Generator) -> np.ndarray:
    """A dark shape that is no letter: a blob, a square of a checked cloth, a stroke of wood
    grain, a card's corner, a smudge of texture."""
    size = int(rng.integers(14, 90))
    canvas = np.zeros((size * 2, size * 2), np.uint8)
    centre = (size, size)
    kind = rng.integers(0, 6)
    if kind == 0:  # a square or a short bar
        w, h = size * rng.uniform(0.4, 1.0), size * rng.uniform(0.4, 1.0)
        box = cv2.boxPoints((centre, (w, h), rng.uniform(0, 90))).astype(np.int32)
        cv2.fillPoly(canvas, [box], 255)
    elif kind == 1:  # a blob
        cv2.ellipse(canvas, centre, (int(size * rng.uniform(0.2, 0.6)), int(size * rng.uniform(0.2, 0.6))),
                    rng.uniform(0, 180), 0, 360, 255, -1)
    elif kind == 2:  # strokes of grain or a pen; one upright stroke alone would be an I
        strokes = int(rng.integers(1, 4))
        for _ in range(strokes):
            a, b = rng.integers(0, size * 2, 2), rng.integers(0, size * 2, 2)
            if strokes == 1 and abs(b[0] - a[0]) < 0.3 * abs(b[1] - a[1]):
                b[0] = a[0] + np.sign(b[0] - a[0] or 1) * int(0.3 * abs(b[1] - a[1]) + 1)
            cv2.line(canvas, tuple(int(v) for v in a), tuple(int(v) for v in b), 255,
                     int(rng.integers(2, max(3, size // 6))))
    elif kind == 3:  # a card's corner or edge
        t = int(rng.integers(2, max(3, size // 8)))
        cv2.ellipse(canvas, centre, (size // 2, size // 2), rng.uniform(0, 360), 0,
                    rng.uniform(60, 150), 255, t)
    elif kind == 4:  # texture
        noise = cv2.GaussianBlur(rng.normal(0, 1, canvas.shape).astype(np.float32), (0, 0),
                                 rng.uniform(2, 6))
        canvas = (noise > rng.uniform(0.1, 0.6) * noise.std()).astype(np.uint8) * 255
    else:  # a digit of a card's point value, lying at any angle
        from PIL import Image, ImageDraw, ImageFont
        fonts = font_files()
        font = ImageFont.truetype(fonts[int(rng.integers(0, len(fonts)))], size)
        img = Image.new("L", canvas.shape[::-1], 0)
        ImageDraw.Draw(img).text((size // 2, size // 3), str(rng.choice(list("2345678923"))),
                                 font=font, fill=255)
        canvas = np.asarray(img).copy()
    return canvas > 127


def training_set(samples_per_font: int, seed: int = 1,
                 foreshortened: bool = False) -> tuple[list[np.ndarray], np.ndarray]:
    """Upright letters labelled by letter; turned letters and shapes that are no letter
    labelled NONE. `foreshortened`: as _render's."""
    rng = np.random.default_rng(seed)
    masks, labels = [], []
    for _ in range(4000):
        mask = _junk(rng)
        if mask.sum() >= 8:
            masks.append(mask)
            labels.append(NONE)
    for font_path in font_files():
        for letter_index, letter in enumerate(LETTERS):
            for _ in range(samples_per_font):
                mask = _render(letter, font_path, rng, foreshortened=foreshortened)
                if mask is not None:
                    masks.append(mask)
                    labels.append(letter_index)
            for turn, exceptions in _STILL_A_LETTER.items():
                if letter not in exceptions:
                    mask = _render(letter, font_path, rng, turn, foreshortened)
                    if mask is not None:
                        masks.append(mask)
                        labels.append(NONE)
    return masks, np.asarray(labels)


COMMITTEE = (1, 2)  # the seeds of the networks that read each letter together


def train(samples_per_font: int = 5, hidden: int = 160,
          seeds: tuple[int, ...] = COMMITTEE) -> Classifier:
    """The committee: for each seed, one network trained on its own drawn letters, and one
    on letters some of which are drawn foreshortened too. Alone, the second reads the end
    cards of an arc seen from low down better but takes more letters for others (an R
    for a B, an N for a W); in the committee, the first tempers it."""
    return Classifier([_train_network(samples_per_font, hidden, seed, foreshortened)
                       for foreshortened in (False, True) for seed in seeds])


def _train_network(samples_per_font: int, hidden: int, seed: int,
                   foreshortened: bool = False) -> Network:
    from sklearn.neural_network import MLPClassifier

    masks, labels = training_set(samples_per_font, seed, foreshortened)
    x = features(masks)
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    net = MLPClassifier(hidden_layer_sizes=(hidden,), alpha=1e-3, max_iter=80,
                        early_stopping=True, random_state=seed)
    net.fit((x - mean) / scale, labels)
    return Network(mean.astype(np.float32), scale.astype(np.float32),
                   [w.astype(np.float32) for w in net.coefs_],
                   [b.astype(np.float32) for b in net.intercepts_])
