"""Nodes the simulated device adds around the app: plain system nodes and the soft-keyboard window."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tapwright.testing.android_sim._app import IME_PACKAGE

KEYBOARD_HEIGHT = 700


def plain_node(cls: str, package: str, bounds: tuple[int, int, int, int], *, text: str = "", desc: str = "", rid: str = "",
           clickable: bool = False) -> dict[str, str]:  # fmt: skip
    return {"index": "0", "text": text, "resource-id": rid, "class": cls, "package": package, "content-desc": desc,
            "checkable": "false", "checked": "false", "clickable": _b(clickable), "enabled": "true",
            "focusable": _b(clickable), "focused": "false", "scrollable": "false", "long-clickable": "false",
            "password": "false", "selected": "false", "bounds": "[{},{}][{},{}]".format(*bounds)}  # fmt: skip


def keyboard_window(w: int, h: int) -> ET.Element:
    top = h - KEYBOARD_HEIGHT
    win = ET.Element("node", plain_node("android.widget.FrameLayout", IME_PACKAGE, (0, top, w, h)))
    keys = "qwertyuiop"
    kw = w // len(keys)
    for i, k in enumerate(keys):
        ET.SubElement(win, "node", plain_node("android.widget.FrameLayout", IME_PACKAGE, (i * kw, top + 100, (i + 1) * kw, top + 250),
                                          desc=k, rid=f"{IME_PACKAGE}:id/key_pos_0_{i}", clickable=True))  # fmt: skip
    ET.SubElement(win, "node", plain_node("android.widget.FrameLayout", IME_PACKAGE, (w - 220, h - 160, w, h), desc="Enter",
                                      rid=f"{IME_PACKAGE}:id/key_pos_ime_action", clickable=True))  # fmt: skip
    return win


def _b(v: bool) -> str:
    return "true" if v else "false"
