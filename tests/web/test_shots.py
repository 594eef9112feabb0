"""Screenshot formats without a browser: header sizes, and the WebP path's bounded fallback."""

from __future__ import annotations

import asyncio
import struct
from pathlib import Path
from typing import Any

import pytest

from tapwright.drivers.web import shots

JPEG = b"\xff\xd8\xff\xe0\x00\x04ab" + b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", 800, 1280) + b"\x03" * 12


def test_image_size_reads_png_jpeg_and_every_webp_kind() -> None:
    png = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIHDR" + struct.pack(">II", 640, 400)
    assert shots.image_size(png) == (640, 400)
    assert shots.image_size(JPEG) == (1280, 800)
    lossy = b"RIFF\x00\x00\x00\x00WEBPVP8 " + b"\x00" * 10 + struct.pack("<HH", 1280, 800)
    assert shots.image_size(lossy) == (1280, 800)
    bits = (1280 - 1) | ((800 - 1) << 14)
    lossless = b"RIFF\x00\x00\x00\x00WEBPVP8L" + b"\x00" * 5 + bits.to_bytes(4, "little")
    assert shots.image_size(lossless) == (1280, 800)
    extended = b"RIFF\x00\x00\x00\x00WEBPVP8X" + b"\x00" * 8 + (1279).to_bytes(3, "little") + (799).to_bytes(3, "little")
    assert shots.image_size(extended) == (1280, 800)
    assert shots.image_size(b"GIF89a") == (0, 0)


class _HungCdp:
    def __init__(self) -> None:
        self.detached = False

    async def send(self, method: str, params: dict[str, Any] | None = None) -> Any:
        await asyncio.Event().wait()  # never answers, like a capture sent between two documents

    async def detach(self) -> None:
        self.detached = True


class _Page:
    def __init__(self, cdp: Any) -> None:
        self.cdp = cdp
        self.context = self
        self.jpeg_calls: list[dict[str, Any]] = []

    async def new_cdp_session(self, page: Any) -> Any:
        if self.cdp is None:
            raise RuntimeError("CDP sessions are only supported on Chromium")
        return self.cdp

    async def wait_for_load_state(self, state: str, timeout: float) -> None:
        return None

    async def screenshot(self, **kw: Any) -> bytes:
        self.jpeg_calls.append(kw)
        return JPEG


@pytest.mark.parametrize("cdp", [_HungCdp(), None], ids=["hung-devtools", "not-chromium"])
async def test_webp_falls_back_to_a_jpeg_instead_of_hanging(
    cdp: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shots, "CDP_TIMEOUT_S", 0.05)
    page = _Page(cdp)
    mime, data = await shots.capture(page, tmp_path / "s.webp")  # type: ignore[arg-type]  # hangs without the bound
    assert mime == "image/jpeg" and data == JPEG and (tmp_path / "s.webp").read_bytes() == JPEG
    assert page.jpeg_calls == [{"type": "jpeg", "quality": shots.JPEG_QUALITY, "full_page": False}]
    if cdp is not None:
        assert cdp.detached  # the DevTools session is let go even after the timeout
