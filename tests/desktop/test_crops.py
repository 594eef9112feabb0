"""OCR word by word: where the layout pass finds words, and which words the real libtesseract reads again."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from tapwright.drivers.desktop import _crops, _layout, _tess
from tapwright.drivers.desktop._ocr import read_words

_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def _text(lines: list[tuple[int, int, str]], *, size: int = 15, h: int = 300, w: int = 640, ink: int = 20, ground: int = 235) -> np.ndarray:
    """A picture with real text drawn at (x, y) (DejaVu Sans, as fonts-dejavu-core installs it)."""
    from PIL import Image, ImageDraw, ImageFont

    img = Image.new("L", (w, h), ground)
    draw = ImageDraw.Draw(img)
    font = ImageFont.truetype(str(_FONT), size)
    for x, y, text in lines:
        draw.text((x, y), text, fill=ink, font=font)
    return np.asarray(img, dtype=np.uint8).copy()


def test_borders_and_rules_are_not_words() -> None:
    pic = np.full((200, 400), 230, dtype=np.uint8)
    pic[40, 20:380] = 60  # a rule
    pic[80:110, 50] = pic[80:110, 250] = 60  # a box's sides
    pic[80, 50:251] = pic[110, 50:251] = 60  # and its top and bottom
    assert _layout.text_boxes(pic) == []


def test_words_are_found_apart_and_letters_together() -> None:
    pic = _text([(20, 20, "Open settings"), (20, 80, "Remember me")])
    boxes = _layout.text_boxes(pic)
    assert len(boxes) == 4, boxes  # four words, not letters and not phrases
    tops = sorted(b[1] for b in boxes)
    assert tops[1] - tops[0] <= 6 and tops[3] - tops[2] <= 6 and tops[2] - tops[1] > 40  # two lines
    assert all(6 <= b[3] <= 24 for b in boxes)


def test_text_inside_a_box_is_found_without_the_box() -> None:
    pic = _text([(40, 40, "Username")])
    pic[30:62, 30] = pic[30:62, 200] = 90
    pic[30, 30:201] = pic[61, 30:201] = 90
    boxes = _layout.text_boxes(pic)
    assert len(boxes) == 1 and 36 <= boxes[0][0] <= 42 and boxes[0][2] < 120, boxes


@pytest.mark.skipif(not _FONT.is_file(), reason="fonts-dejavu-core is installed by scripts/bootstrap.sh")
def test_words_read_once_and_only_new_ones_again() -> None:
    reader = _crops.reader()
    assert reader is not None, "libtesseract is not loadable (tesseract-ocr installs it)"
    assert len(reader.engines) == min(2, os.cpu_count() or 1) and _tess.engine() is reader.engines[0]
    # Each word drawn at whole pixels, as toolkits place labels: the same word looks the same everywhere.
    page = [(20, 20, "Alpha"), (90, 20, "settings"), (20, 70, "Bravo"), (90, 70, "settings"), (20, 120, "Alpha"), (90, 120, "settings")]
    pic = _text(page)
    reader.forget()
    before = (reader.hits, reader.misses)
    good, _weak = read_words(pic, scale=1)
    assert sorted(w.text for w in good) == ["Alpha", "Alpha", "Bravo", "settings", "settings", "settings"]
    # Six words, three different pictures of a word: three read, three taken from the first reading.
    assert (reader.hits - before[0], reader.misses - before[1]) == (3, 3)
    first = {(w.text, w.y) for w in good}
    again, _weak = read_words(pic, scale=1)
    assert {(w.text, w.y) for w in again} == first
    assert (reader.hits - before[0], reader.misses - before[1]) == (9, 3)
    changed = _text([*page[:4], (20, 120, "Charlie"), (90, 120, "settings")])
    good, _weak = read_words(changed, scale=1)
    assert "Charlie" in {w.text for w in good}
    assert reader.misses - before[1] == 4  # only the new word was read


@pytest.mark.skipif(not _FONT.is_file(), reason="fonts-dejavu-core is installed by scripts/bootstrap.sh")
def test_light_text_on_dark_is_read() -> None:
    pic = _text([(20, 20, "Selected row")], ink=250, ground=40)
    good, _weak = read_words(pic, scale=1)
    assert [w.text for w in good] == ["Selected", "row"]
    x, y = good[0].x, good[0].y
    assert 18 <= x <= 24 and 18 <= y <= 28


def test_words_split_where_there_is_no_gap_are_joined_and_spaced_words_are_not() -> None:
    from tapwright.drivers.desktop._ocr import Word, _glue

    split = [Word("Arch", 17, 154, 33, 19, 96.0), Word("ive", 53, 158, 20, 12, 97.0)]
    assert [(w.text, w.x, w.w) for w in _glue(split)] == [("Archive", 17, 56)]
    spaced = [Word("Sign", 125, 58, 32, 15, 96.0), Word("out", 164, 58, 24, 12, 96.0)]
    assert [w.text for w in _glue(spaced)] == ["Sign", "out"]
    lines = [Word("Spam", 19, 238, 42, 15, 96.0), Word("Receipts", 19, 258, 63, 15, 96.0)]
    assert [w.text for w in _glue(lines)] == ["Spam", "Receipts"]  # one above the other: not one word
