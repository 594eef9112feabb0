"""Boxes in a screenshot: regions enclosed by edges (text fields, buttons, lists, check and radio
indicators), found by labelling the connected regions of the picture that contain no edge.

Pure numpy / scipy, no X: tested on synthetic pictures.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import ndimage

EDGE = 14  # a luminance step this large between neighbours is an edge


@dataclass(frozen=True, slots=True)
class Box:
    """A region without edges: bounding box, how much of the box it fills, its mean luminance."""

    x: int
    y: int
    w: int
    h: int
    fill: float
    mean: float
    round: bool = False

    @property
    def rect(self) -> tuple[int, int, int, int]:
        return self.x, self.y, self.w, self.h

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h

    def inside(self, other: Box) -> bool:
        return other.x <= self.x and other.y <= self.y and self.x + self.w <= other.x + other.w and self.y + self.h <= other.y + other.h


def background(gray: np.ndarray) -> int:
    """The most common luminance: the window's background."""
    return int(np.bincount(gray.ravel(), minlength=256).argmax())


def find_boxes(gray: np.ndarray, *, offset: tuple[int, int] = (0, 0), min_side: int = 3) -> list[Box]:
    """Regions enclosed by edges, at least ``min_side`` pixels on each side, screen coordinates.

    The picture's own background (the largest region touching its border) is left out.
    """
    g = gray.astype(np.int16)
    edge = np.zeros(g.shape, dtype=bool)
    dx = np.abs(np.diff(g, axis=1)) > EDGE
    dy = np.abs(np.diff(g, axis=0)) > EDGE
    # One side of each step is enough to close a one-pixel border, and keeps thin insides (a radio
    # button's ring around its dot) from being eaten by their own edges.
    edge[:, 1:] |= dx
    edge[1:, :] |= dy
    labels, count = ndimage.label(~edge)
    if count == 0:
        return []
    sizes = np.bincount(labels.ravel())
    slices = ndimage.find_objects(labels)
    height, width = g.shape
    keep: list[int] = []
    spans: list[tuple[int, int, int, int]] = []
    for idx, sl in enumerate(slices, start=1):
        if sl is None:
            continue
        ys, xs = sl
        h, w = ys.stop - ys.start, xs.stop - xs.start
        if w < min_side or h < min_side or (w < 8 and h < 8 and min(w, h) < 5):
            continue  # letter holes and specks
        if w >= width * 0.95 and h >= height * 0.95:
            continue  # the background
        if sizes[idx] / (w * h) < 0.45:
            continue  # a ragged region (around text), not an enclosed box
        keep.append(idx)
        spans.append((xs.start, ys.start, w, h))
    if not keep:
        return []
    means = ndimage.mean(g, labels, keep)
    ox, oy = offset
    # Borders are two pixels of edge on each side: the region is the box's inside, so grow it back by one.
    return [
        Box(x + ox - 1, y + oy - 1, w + 2, h + 2, float(sizes[i]) / (w * h), float(m))
        for i, (x, y, w, h), m in zip(keep, spans, np.atleast_1d(means), strict=True)
    ]


def find_marks(gray: np.ndarray, bg: int, *, offset: tuple[int, int] = (0, 0)) -> list[Box]:
    """Check-box and radio-button indicators: small light squares or discs on a darker background
    (connected light pixels, 8-connected so a radio's ring around its dot stays whole)."""
    if bg >= 235:
        return []  # a light theme draws indicators by their borders; AT-SPI apps rarely need this
    mask = gray >= min(bg + 20, 250)
    labels, _count = ndimage.label(mask, structure=np.ones((3, 3), dtype=bool))
    ox, oy = offset
    out = []
    for idx, sl in enumerate(ndimage.find_objects(labels), start=1):
        if sl is None:
            continue
        ys, xs = sl
        h, w = ys.stop - ys.start, xs.stop - xs.start
        if not (6 <= w <= 24 and 6 <= h <= 24 and 0.7 <= w / h <= 1.4):
            continue
        part = labels[sl] == idx
        corners = int(part[0, 0]) + int(part[0, -1]) + int(part[-1, 0]) + int(part[-1, -1])
        out.append(Box(xs.start + ox, ys.start + oy, w, h, float(part.mean()), float(gray[sl][part].mean()), round=corners <= 1))
    return out


def dark_fraction(gray: np.ndarray, box: Box, offset: tuple[int, int], threshold: int = 100) -> float:
    """Share of dark pixels in the inner half of ``box`` (a check mark or a radio dot)."""
    ox, oy = offset
    x0, y0 = box.x - ox + box.w // 4, box.y - oy + box.h // 4
    x1, y1 = box.x - ox + box.w * 3 // 4 + 1, box.y - oy + box.h * 3 // 4 + 1
    inner = gray[max(y0, 0) : max(y1, 0), max(x0, 0) : max(x1, 0)]
    if inner.size == 0:
        return 0.0
    return float((inner < threshold).mean())
