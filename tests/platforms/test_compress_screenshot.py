"""A driver's PNG saved under a ``.webp`` / ``.jpg`` report name is re-encoded in that format, scaled to
the report's size, and keeps what the screen showed."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from tapwright.platforms.base import compress_screenshot


def _phone_png() -> bytes:
    """A 1170x2532 screen like the simulated iPhone's: flat panels, a blue button, text."""
    img = Image.new("RGB", (1170, 2532), (242, 242, 247))
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, 1169, 280), fill=(248, 248, 248), outline=(180, 180, 180))
    draw.rectangle((60, 1800, 1110, 1950), fill=(0, 122, 255))
    for row in range(20):
        draw.text((80, 400 + row * 60), f"Row {row}: a note about something", fill=(20, 20, 20))
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()


@pytest.mark.parametrize(("suffix", "magic"), [(".webp", b"WEBP"), (".jpg", b"\xff\xd8\xff")])
def test_a_phone_png_becomes_the_asked_format_at_report_size(tmp_path: Path, suffix: str, magic: bytes) -> None:
    png = _phone_png()
    path = tmp_path / f"step-1{suffix}"
    path.write_bytes(png)
    compress_screenshot(path)
    data = path.read_bytes()
    assert magic in data[:12]
    assert len(data) < len(png) // 4
    with Image.open(path) as shot:
        assert shot.size == (444, 960)
        small = shot.convert("L")
    expected = Image.open(io.BytesIO(png)).convert("L").resize((444, 960))
    # the same picture: the button, the bar and the text rows are where they were
    assert ImageStat.Stat(ImageChops.difference(small, expected)).mean[0] < 4
    button = small.getpixel((222, 720))  # inside the blue button (dark in grey)
    assert isinstance(button, int) and button < 150


def test_a_small_or_already_encoded_picture_is_left_at_its_size(tmp_path: Path) -> None:
    small = tmp_path / "s.webp"
    buf = io.BytesIO()
    Image.new("RGB", (400, 300), (10, 200, 10)).save(buf, format="PNG")
    small.write_bytes(buf.getvalue())
    compress_screenshot(small)
    with Image.open(small) as shot:
        assert shot.format == "WEBP" and shot.size == (400, 300)
    again = small.read_bytes()
    compress_screenshot(small)  # already WebP: untouched
    assert small.read_bytes() == again
    png = tmp_path / "p.png"
    png.write_bytes(buf.getvalue())
    compress_screenshot(png)  # a .png name asks for nothing else
    assert png.read_bytes() == buf.getvalue()
