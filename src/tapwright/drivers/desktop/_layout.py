"""Where the text is in a picture: a cheap layout pass before Tesseract reads anything.

Glyphs are found as connected blobs of sharp luminance changes (so dark-on-light and light-on-dark
text alike); straight lines (widget borders, separators) and blobs too large or too thin to be
glyphs are left out; the rest are joined into words by closing the small gaps between letters.
Each word is then read on its own (see :mod:`._crops`), so a word seen before, anywhere on this
screen or an earlier one, is not read again.

Pure numpy / scipy, no X: tested on synthetic pictures.
"""

from __future__ import annotations

import numpy as np
from scipy import ndimage

INK = 28  # a luminance step this large between neighbours is part of a glyph's outline
_LINE = 24  # a straight run of edge this long is a border or a rule, not a glyph
_MAX_GLYPH = 64
# Letters are closer than this share of the glyph height; words are further apart (a space is about
# a third of the font size, and a glyph's outline reaches a pixel beyond its ink on each side).
GAP = 0.12  # taller than this (screen pixels) is a picture or a box, not a glyph


def _opening(mask: np.ndarray, length: int, axis: int) -> np.ndarray:
    """The pixels of ``mask`` in straight runs at least ``length`` long along ``axis`` (run lengths
    from the run starts and ends of the flattened picture: a few linear passes)."""
    m = mask if axis == 1 else mask.T
    h, w = m.shape
    padded = np.zeros((h, w + 2), dtype=np.int8)
    padded[:, 1:-1] = m
    flat = padded.ravel()
    step = np.diff(flat)
    starts = np.flatnonzero(step == 1)
    ends = np.flatnonzero(step == -1)
    keep = (ends - starts) >= length
    # No two runs start (or end) at one place, so plain assignment marks them (np.add.at is slow).
    marks = np.zeros(flat.size + 1, dtype=np.int8)
    marks[starts[keep] + 1] = 1
    marks[ends[keep] + 1] -= 1
    out: np.ndarray = (np.cumsum(marks[:-1], dtype=np.int32) > 0).reshape(h, w + 2)[:, 1:-1]
    return out if axis == 1 else out.T


def _closing(mask: np.ndarray, length: int, axis: int) -> np.ndarray:
    """``mask`` with gaps shorter than ``length`` along ``axis`` filled (shifted copies: lengths are small)."""
    m = mask if axis == 1 else mask.T
    reach = length // 2
    grown = m.copy()
    for k in range(1, reach + 1):
        grown[:, k:] |= m[:, :-k]
        grown[:, :-k] |= m[:, k:]
    shrunk = grown.copy()
    for k in range(1, reach + 1):
        shrunk[:, k:] &= grown[:, :-k]
        shrunk[:, :-k] &= grown[:, k:]
    out: np.ndarray = shrunk | m
    return out if axis == 1 else out.T


def _glyph_height(heights: np.ndarray) -> float:
    """The typical glyph height on the picture (the median of the blobs' heights, at least 6)."""
    return max(6.0, float(np.median(heights))) if heights.size else 10.0


def text_boxes(gray: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Boxes (x, y, w, h) around words (or a few words close together) in a grayscale picture,
    top to bottom, left to right; an empty list when nothing looks like text."""
    g = gray.astype(np.int16)
    h, w = g.shape
    if h < 4 or w < 4:
        return []
    dx = np.abs(np.diff(g, axis=1)) > INK
    dy = np.abs(np.diff(g, axis=0)) > INK
    ink = np.zeros((h, w), dtype=bool)
    ink[:, 1:] |= dx
    ink[1:, :] |= dy
    # Long straight runs: a horizontal border shows as a long run of vertical steps, a vertical one as a
    # long column of horizontal steps. Glyph strokes are shorter than _LINE.
    rule = _opening(dy, _LINE, axis=1)
    ink[1:, :] &= ~rule
    ink[:-1, :] &= ~rule
    col = _opening(dx, _LINE, axis=0)
    ink[:, 1:] &= ~col
    ink[:, :-1] &= ~col
    labels, count = ndimage.label(ink, structure=np.ones((3, 3), dtype=bool))
    if count == 0:
        return []
    slices = ndimage.find_objects(labels)
    spans = np.array([(s[1].start, s[0].start, s[1].stop, s[0].stop) for s in slices if s is not None], dtype=np.int32)
    bw = spans[:, 2] - spans[:, 0]
    bh = spans[:, 3] - spans[:, 1]
    # Thin tall blobs are what is left of a vertical border; huge ones are pictures or box outlines.
    glyph = (bh <= _MAX_GLYPH) & (bw <= 4 * _MAX_GLYPH) & ~((bw <= 3) & (bh > 16)) & ~((bh <= 2) & (bw > 12))
    spans = spans[glyph]
    if spans.size == 0:
        return []
    heights = spans[:, 3] - spans[:, 1]
    size = _glyph_height(heights[heights >= 4])
    filled = np.zeros((h, w), dtype=bool)
    for x0, y0, x1, y1 in spans:
        filled[y0:y1, x0:x1] = True
    gap = max(1, round(size * GAP))
    rise = max(1, round(size * 0.15))  # the dot of an i, an accent, over its letter
    joined = _closing(_closing(filled, 2 * gap + 1, axis=1), 2 * rise + 1, axis=0) | filled
    words, _count = ndimage.label(joined)
    out = []
    for s in ndimage.find_objects(words):
        if s is None:
            continue
        y0, y1, x0, x1 = s[0].start, s[0].stop, s[1].start, s[1].stop
        if y1 - y0 < 4 or (x1 - x0 < 3):
            continue  # specks
        out.append((int(x0), int(y0), int(x1 - x0), int(y1 - y0)))
    out.sort(key=lambda b: (b[1], b[0]))
    return out
