"""A PNG screenshot drawn from the served tree (boxes and labels), in pixels: points times the scale."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

from PIL import Image, ImageDraw

P = "XCUIElementType"
_FILLS = {P + "Button": (0, 122, 255), P + "Cell": (255, 255, 255), P + "TextField": (255, 255, 255),
          P + "SecureTextField": (255, 255, 255), P + "Keyboard": (209, 212, 217), P + "Key": (255, 255, 255),
          P + "Alert": (242, 242, 247), P + "NavigationBar": (248, 248, 248), P + "Icon": (52, 199, 89)}  # fmt: skip


def draw_png(root: ET.Element, size: tuple[int, int], scale: int) -> bytes:
    w, h = size
    img = Image.new("RGB", (w * scale, h * scale), (242, 242, 247))
    draw = ImageDraw.Draw(img)
    for el in root.iter():
        if el.get("visible") == "false":
            continue
        try:
            x, y, ew, eh = (float(el.get(k, "0")) * scale for k in ("x", "y", "width", "height"))
        except ValueError:
            continue
        if ew <= 0 or eh <= 0 or el is root:
            continue
        kind = el.get("type", "")
        fill = _FILLS.get(kind)
        if kind == P + "Switch":
            fill = (52, 199, 89) if el.get("value") == "1" else (200, 200, 200)
        if fill is not None:
            draw.rectangle((x, y, x + ew - 1, y + eh - 1), fill=fill, outline=(180, 180, 180))
        label = el.get("value") if kind in (P + "TextField", P + "SecureTextField", P + "StaticText") else el.get("label")
        if label and kind not in (P + "Application", P + "Window", P + "Other", P + "Table", P + "ScrollView"):
            colour = (255, 255, 255) if kind == P + "Button" and fill == (0, 122, 255) else (20, 20, 20)
            draw.text((x + 6 * scale, y + eh / 2 - 5), label[:60], fill=colour)
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=1)
    return buf.getvalue()
