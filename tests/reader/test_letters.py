"""Which fonts the letter model learns from."""

import shutil

from ocr.letters import font_files


def test_training_leaves_out_a_font_it_cannot_draw(tmp_path):
    """A font file Pillow cannot draw at training's sizes (a colour emoji font holds one size
    of bitmaps; here, a file that is no font at all) must not stop `make install`."""
    real = font_files()[0]
    shutil.copy(real, tmp_path / "Real.ttf")
    (tmp_path / "NotoColorEmoji.ttf").write_bytes(b"\0" * 64)
    assert font_files(str(tmp_path)) == [str(tmp_path / "Real.ttf")]
