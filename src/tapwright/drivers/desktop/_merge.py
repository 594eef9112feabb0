"""Naming unnamed accessible controls: from a label beside them in the same tree, else from OCR.

Pure: Elements in, Elements out.
"""

from __future__ import annotations

import dataclasses

from tapwright.core.element import Element, Rect

NAMED_BY_LABEL = frozenset({"textbox", "combobox", "spinbutton", "slider", "list", "checkbox", "radio", "switch"})
NEEDS_NAME = frozenset({"button", "textbox", "combobox", "spinbutton", "slider", "checkbox", "radio", "switch",
                        "link", "tab", "menuitem", "listitem"})  # fmt: skip


def unnamed(elements: list[Element]) -> list[Element]:
    """Visible controls with no name and no label (what OCR may name)."""
    return [e for e in elements if e.role in NEEDS_NAME and not e.name and e.rect is not None and e.state.visible
            and not e.attrs.get("near") and not (e.value or "").strip()]  # fmt: skip


def _beside(target: Rect, label: Rect) -> float | None:
    """Distance from a label to the field it names: on the same row to the left, or just above."""
    cy = target.y + target.height / 2
    ly = label.y + label.height / 2
    if abs(ly - cy) <= max(target.height, label.height) / 2 and label.x + label.width <= target.x + 4:
        gap = target.x - (label.x + label.width)
        return gap if gap < 240 else None
    gap = target.y - (label.y + label.height)
    if 0 <= gap <= 24 and label.x < target.x + target.width and label.x + label.width > target.x - 4:
        return gap + 1000  # a label above loses to one on the same row
    return None


def name_from_labels(elements: list[Element]) -> list[Element]:
    """Give each unnamed field the text of the nearest label beside it (``attrs['near']``)."""
    labels = [e for e in elements if e.role == "text" and e.rect is not None and e.name and e.state.visible]
    out = []
    for e in elements:
        if e.role in NAMED_BY_LABEL and not e.name and e.rect is not None and labels:
            scored = [(d, lab) for lab in labels if lab.rect is not None and (d := _beside(e.rect, lab.rect)) is not None]
            if scored:
                _, best = min(scored, key=lambda t: t[0])
                e = dataclasses.replace(e, attrs={**e.attrs, "near": best.name})
        out.append(e)
    return out


def name_from_ocr(elements: list[Element], ocr: list[Element]) -> list[Element]:
    """Unnamed controls take the OCR text inside them (an icon's caption, a drawn label), else beside them."""
    texts = [o for o in ocr if o.rect is not None and (o.name or o.text)]
    out = []
    for e in elements:
        if e in unnamed(elements) and e.rect is not None:
            r = e.rect
            inner = [o for o in texts if o.rect is not None and r.contains(o.rect.center_x, o.rect.center_y)]
            if inner:
                words = " ".join(o.name or o.text for o in sorted(inner, key=lambda o: (o.rect.y, o.rect.x) if o.rect else (0, 0)))
                e = dataclasses.replace(e, name=words, attrs={**e.attrs, "name_source": "ocr"})
            else:
                near = [(d, o) for o in texts if o.rect is not None and (d := _beside(r, o.rect)) is not None]
                if near:
                    e = dataclasses.replace(e, attrs={**e.attrs, "near": min(near, key=lambda t: t[0])[1].name, "name_source": "ocr"})
        out.append(e)
    return out
