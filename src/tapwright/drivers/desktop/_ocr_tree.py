"""OCR phrases + boxes -> Elements: labels, buttons, text fields, lists, check boxes and radio buttons,
inferred where the picture allows. Pure: tested on synthetic words and boxes.

Rules (boxes come from :mod:`._boxes`, ``bg`` is the window background's luminance):

* a small square-ish box with a phrase just right of it is a check box (filled square) or a radio
  button (round: fills ~78 % of its box), named by the phrase;
* a box lighter than the background, one line high, is a text field; what is read inside is its
  value, and the phrase left of it (or just above) its label;
* a taller light box is a list; each phrase inside is a list item;
* a box holding a phrase and not lighter than the background is a button; with a small box at its
  right end (a drop-down's indicator) it is a combo box, named by the label left of it;
* any other phrase is static text.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tapwright.core.element import Element, ElementState, Rect
from tapwright.drivers.desktop._boxes import Box
from tapwright.drivers.desktop._ocr import Phrase, is_symbol


@dataclass(frozen=True, slots=True)
class Region:
    """A window on screen the elements belong to (its title gives them a context)."""

    x: int
    y: int
    w: int
    h: int
    title: str
    dialog: bool = False

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h


def _center(r: tuple[int, int, int, int]) -> tuple[float, float]:
    return r[0] + r[2] / 2, r[1] + r[3] / 2


_ARROWS = frozenset({"—", "–", "-", "=", "v", "V", "▾", "▼", "⌄", "~"})


def _label_for(box: Box, texts: list[Phrase], used: set[int]) -> int | None:
    """The phrase naming a field: on its row to the left (nearest), else just above it."""
    cy = box.y + box.h / 2
    best, dist = None, float("inf")
    for i, p in enumerate(texts):
        if i in used:
            continue
        x, y, w, h = p.box
        if abs((y + h / 2) - cy) <= box.h / 2 and x + w <= box.x + 4 and box.x - (x + w) < 220:
            d = box.x - (x + w)
            if d < dist:
                best, dist = i, d
    if best is not None:
        return best
    for i, p in enumerate(texts):
        if i in used:
            continue
        x, y, w, h = p.box
        if 0 <= box.y - (y + h) <= 24 and x < box.x + box.w and x + w > box.x - 4:
            return i
    return None


Found = tuple[str, str, str | None, tuple[int, int, int, int], dict[str, str], ElementState]


class _Builder:
    """One pass over a screen's boxes, smallest first; each phrase joins at most one control."""

    def __init__(self, phrases: list[Phrase], boxes: list[Box], bg: float, dark: dict[int, float], marks: list[Box]) -> None:
        self.phrases = phrases
        self.boxes = sorted(boxes, key=lambda b: b.w * b.h)
        self.marks = marks
        self.bg = bg
        self.dark = dark
        self.used: set[int] = set()
        self.out: list[Found] = []

        self.labels: set[int] = set()  # phrases already naming a field (they stay as text too)
        middles = np.array([_center(p.box) for p in phrases], dtype=np.float64).reshape(-1, 2)
        self.centers = (middles[:, 0], middles[:, 1])

    def inside(self, b: Box) -> list[int]:
        cx, cy = self.centers
        hit = np.flatnonzero((b.x <= cx) & (cx <= b.x + b.w) & (b.y <= cy) & (cy <= b.y + b.h))
        return [int(i) for i in hit if int(i) not in self.used]

    def label(self, b: Box) -> int | None:
        found = _label_for(b, self.phrases, self.used | self.labels)
        if found is not None:
            self.labels.add(found)
        return found

    def run(self) -> list[Found]:
        for m in self.marks:
            self.indicator(m)
        for b in self.boxes:
            if b.w < 20 or b.h < 12:
                continue
            lighter = b.mean >= self.bg + 8 or (self.bg >= 235 and b.mean >= 250 and b.mean > self.bg)
            held = self.inside(b)
            if lighter and held and b.h <= 44 and self.centred(b, held):
                self.button(b, held)  # a hovered button is lighter than the window, but its text is centred
            elif lighter and b.w >= 40:
                (self.field if b.h <= 44 else self.listbox)(b, held)
            elif held and b.h <= 60 and not lighter:
                self.button(b, held)
        for i, p in enumerate(self.phrases):
            if i not in self.used and not all(is_symbol(w.text) for w in p.words):
                self.out.append(("text", p.text, None, p.box, {}, ElementState()))
        return self.out

    def centred(self, b: Box, held: list[int]) -> bool:
        x0 = min(self.phrases[i].box[0] for i in held)
        x1 = max(self.phrases[i].box[0] + self.phrases[i].box[2] for i in held)
        left, right = x0 - b.x, b.x + b.w - x1
        return left > 6 and abs(left - right) <= max(6, b.w * 0.12)

    def indicator(self, b: Box) -> bool:
        cy = b.y + b.h / 2
        near = [i for i, p in enumerate(self.phrases) if i not in self.used and abs(_center(p.box)[1] - cy) <= max(b.h, p.box[3]) * 0.7
                and -b.w <= p.box[0] - (b.x + b.w) <= 24 and _center(p.box)[0] > b.x + b.w]  # fmt: skip
        if not near:
            return False
        i = min(near, key=lambda k: self.phrases[k].box[0])
        self.used.add(i)
        px, py, pw, ph = self.phrases[i].box
        role = "radio" if b.round else "checkbox"
        x0, y0 = min(b.x, px), min(b.y, py)
        rect = (x0, y0, px + pw - x0, max(b.y + b.h, py + ph) - y0)
        self.out.append((role, self.phrases[i].text, None, rect, {}, ElementState(checked=self.dark.get(id(b), 0.0) > 0.12)))
        return True

    def field(self, b: Box, held: list[int]) -> None:
        value = " ".join(self.phrases[i].text for i in held)
        self.used.update(held)
        label = self.label(b)
        name = self.phrases[label].text if label is not None else ""
        self.out.append(("textbox", name, value, b.rect, {"label": name} if name else {}, ElementState(editable=True)))

    def listbox(self, b: Box, held: list[int]) -> None:
        label = self.label(b) if b.y > 0 else None
        name = self.phrases[label].text if label is not None else ""
        self.out.append(("list", name, None, b.rect, {}, ElementState()))
        for i in held:
            self.used.add(i)
            _px, py, _pw, ph = self.phrases[i].box
            self.out.append(("listitem", self.phrases[i].text, None, (b.x + 2, py - 2, b.w - 4, ph + 4), {"list": name}, ElementState(selected=False)))

    def button(self, b: Box, held: list[int]) -> None:
        words = [w.text for i in held for w in self.phrases[i].words]
        text = " ".join(w for w in words if not is_symbol(w)) or " ".join(words)
        self.used.update(held)
        last = words[-1] if words else ""
        # A drop-down (Tk's OptionMenu, a Qt / GTK combo) is a button with an indicator at its right
        # end: a small bar or arrow box, which OCR reads as a dash or a "v" when it reads it at all.
        bar = any(o is not b and o.inside(b) and 3 <= o.h <= 12 and o.w >= 8 and o.x >= b.x + b.w * 0.6 for o in self.boxes)
        if bar or (last in _ARROWS and len(words) > 1):
            label = self.label(b)
            name = self.phrases[label].text if label is not None else text
            self.out.append(("combobox", name, text, b.rect, {"label": name} if label is not None else {}, ElementState()))
        else:
            self.out.append(("button", text, None, b.rect, {}, ElementState()))


def build(phrases: list[Phrase], boxes: list[Box], *, bg: float, regions: list[Region], marks: list[Box] = (),  # type: ignore[assignment]
          indicators_dark: dict[int, float] | None = None) -> list[Element]:  # fmt: skip
    """The elements a screen's phrases, boxes and indicator marks mean (refs are assigned by the caller)."""
    out = _Builder(phrases, boxes, bg, indicators_dark or {}, list(marks)).run()
    elements = []
    for role, e_name, e_value, rect, e_attrs, state in out:
        cx, cy = _center(rect)
        region = next((r for r in reversed(regions) if r.contains(cx, cy)), None)
        context: tuple[str, ...] = ()
        if region is not None and region.title:
            context = (f"{'dialog' if region.dialog else 'window'}:{region.title}",)
        elements.append(Element(
            ref="", role=role, name=e_name, text=e_name if role == "text" else "", value=e_value,
            attrs={**e_attrs, "source": "ocr"}, state=state, rect=Rect(*map(float, rect)), context=context,
        ))  # fmt: skip
    elements.sort(key=lambda e: (e.rect.y if e.rect else 0, e.rect.x if e.rect else 0))
    return elements
