"""OCR bands: where a picture is cut, and which bands the real libtesseract reads again."""

from __future__ import annotations

import itertools
import os

import numpy as np

from tapwright.drivers.desktop import _bands, _tess
from tapwright.drivers.desktop._ocr import read_words


def _page(rows_with_text: list[tuple[int, int]], h: int = 800, w: int = 640) -> np.ndarray:
    """A light picture with dark, busy stripes (like text lines) at the given row ranges."""
    pic = np.full((h, w), 230, dtype=np.uint8)
    for top, bottom in rows_with_text:
        pic[top:bottom, 20 : w - 20 : 3] = 20  # many sharp changes along each row, as glyphs make
    return pic


def test_cuts_cover_the_picture_and_fall_between_text_lines() -> None:
    lines = [(y, y + 14) for y in range(10, 790, 30)]
    pic = _page(lines)
    bands = _bands.cuts(pic)
    assert bands[0][0] == 0 and bands[-1][1] == 800
    assert all(a[1] == b[0] for a, b in itertools.pairwise(bands))
    assert len(bands) >= 3 and all(b - a >= _bands.MIN_BAND for a, b in bands[:-1])
    for _top, cut in bands[:-1]:
        assert not any(a <= cut < b for a, b in lines), cut  # never through a line


def test_a_picture_with_no_quiet_row_is_one_band() -> None:
    assert _bands.cuts(_page([(0, 800)])) == [(0, 800)]


def test_bands_read_once_and_only_changed_ones_again() -> None:
    reader = _bands.reader()
    assert reader is not None, "libtesseract is not loadable (tesseract-ocr installs it)"
    assert len(reader.engines) == min(2, os.cpu_count() or 1) and _tess.engine() is reader.engines[0]
    pic = _page([(y, y + 14) for y in range(10, 790, 30)])
    reader.forget()
    bands = len(_bands.cuts(pic))
    before = (reader.hits, reader.misses)
    read_words(pic, scale=1)
    assert (reader.hits - before[0], reader.misses - before[1]) == (0, bands)
    read_words(pic, scale=1)
    assert (reader.hits - before[0], reader.misses - before[1]) == (bands, bands)
    changed = pic.copy()
    changed[790:800, 100:200] = 0  # the last band only
    read_words(changed, scale=1)
    assert (reader.hits - before[0], reader.misses - before[1]) == (2 * bands - 1, bands + 1)
