"""The real-photo harness: multiset matching, the labels, the polygons."""

from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from tools.cardlab import realphotos
from tools.cardlab.realphotos import TILE_ALPHABET, labelled_photos, match, score, tile_boxes

@pytest.mark.parametrize("truth, found, matched", [
    ("AAB", ["A", "B", "B", "E"], 2),      # one A left over, the second B has no partner
    ("II", ["I", "I", "I"], 2),
    ("ABC", [], 0),
    ("", ["A"], 0),
    ("AB", ["", "Ä", "ö"], 1),              # "" never matches; Ä folds to A
    ("NOR", ["R", "O", "N"], 3),            # order does not matter
])
def test_match_is_multiset_intersection(truth, found, matched):
    assert match(Counter(truth), found) == matched


def test_score_on_hand_made_photos(tmp_path, monkeypatch):
    clock = [0.0]  # the reader's time, as score() reads it: 6 s, 1 s and 2 s a photo
    monkeypatch.setattr(realphotos, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    took = {b"a": 6.0, b"b": 1.0, b"c": 2.0}
    photos = []
    for name, truth in [("a", "BINR"), ("b", "AAE"), ("c", "")]:
        path = tmp_path / f"{name}.jpg"
        path.write_bytes(name.encode())
        photos.append((path, Counter(truth)))
    answers = {b"a": ["B", "I", "N", "N", "X"], b"b": ["A"], b"c": ["T", ""]}

    def reader(jpeg: bytes) -> list[str]:
        clock[0] += took[jpeg]
        return answers[jpeg]

    result = score(reader, photos)
    assert (result.photos, result.tiles_true, result.tiles_found, result.letters_matched) == (3, 7, 8, 4)
    assert result.recall == pytest.approx(4 / 7)
    assert result.precision == pytest.approx(4 / 8)
    assert [p["seconds"] for p in result.per_photo] == [6.0, 1.0, 2.0]
    assert result.seconds_median == 2.0  # the middle photo's, not the mean (3 s)
    assert [p["matched"] for p in result.per_photo] == [3, 1, 0]
    assert result.per_photo[2]["letters"] == "T?"


def test_score_with_nothing_found(tmp_path):
    path = tmp_path / "x.jpg"
    path.write_bytes(b"x")
    result = score(lambda jpeg: [], [(path, Counter("AB"))])
    assert (result.recall, result.precision) == (0.0, 0.0)


def test_photos_default_to_the_shared_folder_beside_the_repo(monkeypatch):
    monkeypatch.delenv("BAN_SEG_DIR", raising=False)
    import importlib
    fresh = importlib.reload(realphotos)
    try:
        repo = Path(__file__).resolve().parents[2]  # this project's clone
        assert fresh.PHOTOS == repo.parent / "shared" / "ocr-photos" / "ban-seg"
    finally:
        monkeypatch.undo()
        importlib.reload(realphotos)


def test_labelled_photos_as_the_readme_says():
    photos = labelled_photos()
    assert len(photos) == 100
    assert sum(sum(c.values()) for _, c in photos) == 2290
    assert sum(1 for _, c in photos if not c) == 6
    assert all(path.is_file() for path, _ in photos)
    letters = set().union(*(set(c) for _, c in photos))
    assert letters == set(TILE_ALPHABET)          # every letter of the set shows up, Ä/Ö folded


def test_tile_boxes_match_the_labels():
    photos = labelled_photos()
    for path, truth in photos[:10]:
        boxes = tile_boxes(path)
        assert Counter(letter for letter, _ in boxes) == truth
        for _, poly in boxes:
            assert poly.ndim == 2 and poly.shape[1] == 2 and len(poly) >= 3
            assert np.all(poly >= -1) and np.all(poly <= 641)
    first = next(p for p, _ in photos if p.name.startswith("1770633536990"))
    assert sorted(letter for letter, _ in tile_boxes(first)) == list("BINR")


def test_cli_scores_the_textbook_reader(capsys):
    assert realphotos.main(["textbook", "--limit", "2", "-v"]) == 0
    out = capsys.readouterr().out
    assert "textbook: 2 photos" in out and "recall" in out and "precision" in out
