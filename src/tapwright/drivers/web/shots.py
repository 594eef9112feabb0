"""Screenshots of a tab in the format the file name asks for: PNG, JPEG or WebP.

Playwright writes PNG and JPEG itself. WebP (about a third of a JPEG's size for a UI
screen at the same legibility) comes from Chromium's own encoder through the DevTools
protocol; a browser that cannot (another engine, an old remote Chromium) gets a JPEG.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import struct
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.async_api import Page

CDP_TIMEOUT_S = 5.0
WEBP_QUALITY = 28  # text in a 1280x800 screen stays legible (about 10 KB); the demo report must stay under 1.5 MB
JPEG_QUALITY = 70


async def capture(page: Page, out: Path, *, full_page: bool = False, mask: list[Any] | None = None,
                  scale: float = 1.0) -> tuple[str, bytes]:  # fmt: skip
    """Save a screenshot of ``page`` to ``out`` (format from its suffix); return (mime type, bytes).

    ``scale`` shrinks a WebP of the viewport (the DevTools encoder scales as it captures).

    ``mask`` (Playwright locators) paints those elements over: the DevTools WebP path cannot, so a
    masked screenshot is a JPEG (or the PNG asked for) taken by Playwright.
    """
    suffix = out.suffix.lower()
    if suffix == ".webp":
        data = await _webp(page, full_page, scale) if not mask else None
        if data is not None:
            out.write_bytes(data)
            return "image/webp", data
        suffix = ".jpg"
    paint: dict[str, Any] = {"mask": mask, "mask_color": "#000000"} if mask else {}
    if suffix in (".jpg", ".jpeg"):
        data = await page.screenshot(type="jpeg", quality=JPEG_QUALITY, full_page=full_page, **paint)
        out.write_bytes(data)
        return "image/jpeg", data
    return "image/png", await page.screenshot(path=str(out), full_page=full_page, **paint)


async def _webp(page: Page, full_page: bool, scale: float) -> bytes | None:
    # A raw DevTools call has no timeout of its own, and one sent while the page is between
    # two documents can wait for a frame forever: bound it, and let Playwright (which has
    # timeouts and waits out navigations) take a JPEG instead.
    try:
        return await asyncio.wait_for(_webp_cdp(page, full_page, scale), CDP_TIMEOUT_S)
    except TimeoutError:
        return None


async def _webp_cdp(page: Page, full_page: bool, scale: float) -> bytes | None:
    with contextlib.suppress(Exception):  # a click that submitted a form: picture the new page
        await page.wait_for_load_state("load", timeout=CDP_TIMEOUT_S * 1000)
    try:
        cdp: Any = await page.context.new_cdp_session(page)
    except Exception:  # not Chromium: no DevTools protocol
        return None
    try:
        params: dict[str, Any] = {"format": "webp", "quality": WEBP_QUALITY}
        size = page.viewport_size
        if size and not full_page and scale != 1.0:
            params["clip"] = {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": scale}
        if full_page:
            size = (await cdp.send("Page.getLayoutMetrics"))["cssContentSize"]
            params["captureBeyondViewport"] = True
            params["clip"] = {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}
        reply = await cdp.send("Page.captureScreenshot", params)
        return base64.b64decode(reply["data"])
    except Exception:  # a DevTools error here is not the test's failure: fall back to JPEG
        return None
    finally:
        try:
            await asyncio.wait_for(cdp.detach(), CDP_TIMEOUT_S)
        except Exception:
            pass  # the page may be gone already


def image_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG, JPEG or WebP image from its header; (0, 0) when unknown."""
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        w, h = struct.unpack(">II", data[16:24])
        return int(w), int(h)
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return _webp_size(data)
    if data[:2] == b"\xff\xd8":
        return _jpeg_size(data)
    return 0, 0


def _webp_size(data: bytes) -> tuple[int, int]:
    kind = data[12:16]
    if kind == b"VP8 " and len(data) >= 30:
        w, h = struct.unpack("<HH", data[26:30])
        return w & 0x3FFF, h & 0x3FFF
    if kind == b"VP8L" and len(data) >= 25:
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if kind == b"VP8X" and len(data) >= 30:
        return int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1
    return 0, 0


def _jpeg_size(data: bytes) -> tuple[int, int]:
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return 0, 0
        marker, length = data[i + 1], int.from_bytes(data[i + 2 : i + 4], "big")
        if marker in (0xC0, 0xC1, 0xC2):
            h, w = struct.unpack(">HH", data[i + 5 : i + 9])
            return int(w), int(h)
        i += 2 + length
    return 0, 0
