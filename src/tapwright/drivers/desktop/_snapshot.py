"""Building a screen's UiTree: from the accessibility tree, from OCR, or both merged."""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass, field

from tapwright.core.element import Element, ElementState, Rect
from tapwright.drivers.desktop import _ocr
from tapwright.drivers.desktop._boxes import Box, background, dark_fraction, find_boxes, find_marks
from tapwright.drivers.desktop._capture import Grabber, gray
from tapwright.drivers.desktop._ocr_tree import Region, build
from tapwright.drivers.desktop.windows import WindowInfo

AUTO_SCALE_PIXELS = 1_600_000


@dataclass(slots=True)
class OcrResult:
    """What one OCR pass produced: elements, plus every word read (for not-found messages)."""

    elements: list[Element]
    read: list[str] = field(default_factory=list)
    weak: list[str] = field(default_factory=list)


def _union(rects: list[Rect], size: tuple[int, int]) -> tuple[int, int, int, int] | None:
    w, h = size
    boxes = []
    for r in rects:
        x0, y0 = max(0, int(r.x)), max(0, int(r.y))
        x1, y1 = min(w, int(r.x + r.width)), min(h, int(r.y + r.height))
        if x1 > x0 and y1 > y0:
            boxes.append((x0, y0, x1, y1))
    if not boxes:
        return None
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    return x0, y0, x1 - x0, y1 - y0


async def ocr_elements(
    grabber: Grabber, windows: list[WindowInfo], size: tuple[int, int], *, scale: int | None = None,
    region: tuple[int, int, int, int] | None = None,
) -> OcrResult:  # fmt: skip
    """OCR of the windows' area (the whole screen when there are none), as elements."""
    area = region or _union([w.rect for w in windows], size) or (0, 0, *size)
    if scale is None:
        # Small UI fonts read better enlarged 2x; a large area is read as it is, to keep the cost bounded.
        scale = 2 if area[2] * area[3] * 4 <= AUTO_SCALE_PIXELS else 1
    pic = gray(grabber.rgb(area))
    offset = (area[0], area[1])
    # Tesseract works without the GIL: the boxes are found while it reads.
    reading = asyncio.ensure_future(asyncio.to_thread(_ocr.read_words, pic, offset=offset, scale=scale))
    try:
        boxes = find_boxes(pic, offset=offset)
        bg = background(pic)
        marks = find_marks(pic, bg, offset=offset)
    finally:
        words, weak = await reading
    walls = [b.rect for b in boxes if b.w >= 20 and b.h >= 12]
    phrases = _ocr.phrases(words, walls=walls)
    dark = {id(b): dark_fraction(pic, b, offset) for b in marks}
    regions = [Region(int(w.rect.x), int(w.rect.y), int(w.rect.width), int(w.rect.height), w.title, dialog=_is_dialog(w, windows))
               for w in windows]  # fmt: skip
    elements = build(phrases, boxes, bg=float(bg), regions=regions, marks=marks, indicators_dark=dark)
    return OcrResult(elements, [p.text for p in phrases], [w.text for w in weak])


def _is_dialog(win: WindowInfo, windows: list[WindowInfo]) -> bool:
    """A window above the app's first one, smaller than it, is taken as a dialog."""
    return bool(windows) and win is not windows[0] and win.rect.area < windows[0].rect.area


def window_elements(windows: list[WindowInfo]) -> list[Element]:
    """One element per top-level window (its title), so "the Settings dialog" can be found."""
    out = []
    for w in windows:
        role = "dialog" if _is_dialog(w, windows) else "window"
        out.append(Element(ref="", role=role, name=w.title, rect=w.rect, attrs={"window_id": str(w.id), "pid": str(w.pid)},
                           state=ElementState(), interactive=False))  # fmt: skip
    return out


def occlude(elements: list[Element], windows: list[WindowInfo]) -> list[Element]:
    """Mark hidden the accessible elements a window stacked above their own covers (a dialog over the
    main window). An element's window is the first ``window:`` / ``dialog:`` entry of its context."""
    if len(windows) < 2:
        return elements
    order = {w.title: i for i, w in enumerate(windows) if w.title}
    out = []
    for e in elements:
        top = next((c.split(":", 1)[1] for c in e.context[:1] if c.startswith(("window:", "dialog:"))), None)
        if top is None and e.role in ("window", "dialog"):
            top = e.name
        level = order.get(top or "")
        if level is not None and e.rect is not None and e.state.visible and e.role not in ("window", "dialog"):
            cx, cy = e.rect.center_x, e.rect.center_y
            if any(w.rect.contains(cx, cy) for w in windows[level + 1 :]):
                e = dataclasses.replace(e, state=dataclasses.replace(e.state, visible=False), attrs={**e.attrs, "covered": "true"})
        out.append(e)
    return out


def number(elements: list[Element], first: int = 1) -> list[Element]:
    """Give elements refs e1, e2 ... in order, keeping parents pointing at the renamed refs."""
    if all(e.ref == f"e{first + i}" for i, e in enumerate(elements)):
        return list(elements)  # numbered so already (an accessible tree nothing was taken out of)
    renamed: dict[str, str] = {}
    out = []
    for i, e in enumerate(elements):
        ref = f"e{first + i}"
        if e.ref:
            renamed[e.ref] = ref
        out.append(dataclasses.replace(e, ref=ref))
    return [dataclasses.replace(e, parent=renamed.get(e.parent)) if e.parent else e for e in out]


def screen_hash(grabber: Grabber) -> int:
    """A cheap fingerprint of the screen (every pixel, hashed as mss delivers them)."""
    return grabber.fingerprint()


__all__ = ["Box", "OcrResult", "number", "occlude", "ocr_elements", "screen_hash", "window_elements"]
