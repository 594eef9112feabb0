"""Blacking out boxes of a device screenshot (what shows a secret) before it is written."""

from __future__ import annotations

import io
from collections.abc import Sequence

from tapwright.drivers._secret_boxes import Box, padded


def black_out(png: bytes, boxes: Sequence[Box]) -> bytes:
    """``png`` with each box (grown a little, clipped to the picture) painted black."""
    from PIL import Image, ImageDraw

    with Image.open(io.BytesIO(png)) as img:
        pic = img.convert("RGB")
    draw = ImageDraw.Draw(pic)
    for x, y, w, h in padded(boxes, pic.width, pic.height):
        draw.rectangle((x, y, x + w - 1, y + h - 1), fill=(0, 0, 0))
    out = io.BytesIO()
    pic.save(out, format="PNG")
    return out.getvalue()
