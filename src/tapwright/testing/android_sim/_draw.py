"""A PNG screencap drawn from the current dump: boxes and text, with Pillow."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from PIL import Image, ImageDraw

from tapwright.drivers.android.hierarchy import parse_bounds


def draw_png(xml: bytes, size: tuple[int, int], *, awake: bool = True,
             painted: Sequence[tuple[int, int, int, int, str]] = ()) -> bytes:  # fmt: skip
    """The screen as a PNG: black when asleep, else each node's box and its text, then the ``painted``
    texts (x1, y1, x2, y2, text) that no node carries."""
    w, h = size
    img = Image.new("RGB", (w, h), (250, 250, 250) if awake else (0, 0, 0))
    if awake:
        draw = ImageDraw.Draw(img)
        for node in ET.fromstring(xml).iter("node"):
            r = parse_bounds(node.get("bounds", ""))
            if r is None or r.width <= 0 or r.height <= 0:
                continue
            box = (r.x, r.y, r.x + r.width - 1, r.y + r.height - 1)
            cls = node.get("class", "")
            if node.get("clickable") == "true":
                fill = (33, 99, 230) if "Button" in cls else (235, 240, 250)
                draw.rectangle(box, fill=fill if "Edit" not in cls else (255, 255, 255), outline=(90, 90, 90))
            if node.get("checked") == "true":
                draw.rectangle((r.x + r.width - 60, r.y + 10, r.x + r.width - 10, r.y + 60), fill=(30, 160, 80))
            label = node.get("text") or node.get("content-desc") or ""
            if label:
                colour = (255, 255, 255) if "Button" in cls and node.get("clickable") == "true" else (20, 20, 20)
                draw.text((r.x + 16, r.y + max(4, r.height // 2 - 6)), label[:60], fill=colour)
        for x1, y1, _x2, y2, text in painted:
            draw.text((x1 + 16, y1 + max(4, (y2 - y1) // 2 - 6)), text[:60], fill=(20, 20, 20))
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()
