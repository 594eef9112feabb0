"""Screen pictures with mss: the whole screen or a region, as numpy arrays or PNG files."""

from __future__ import annotations

import contextlib
import functools
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from tapwright.drivers.desktop.display import display_unreachable
from tapwright.drivers.desktop.errors import map_x_error
from tapwright.errors import DriverError, ErrorCode


class Grabber:
    """An mss instance bound to one display (not thread-safe: one per thread)."""

    def __init__(self, display: str) -> None:
        import mss

        self.display = display
        # Why the X server is gone, or None. The driver hands over its own check (which knows the
        # Xvfb process): probing the socket alone is fooled when another X server took the number.
        self.lost_check: Callable[[], str | None] = functools.partial(display_unreachable, display)
        with map_x_error("open the display for screenshots"):
            factory = getattr(mss, "MSS", None) or mss.mss  # mss 10.2 renamed the factory
            self._mss: Any = factory(display=display)

    def rgb(self, region: tuple[int, int, int, int] | None = None) -> np.ndarray:
        """An (h, w, 3) uint8 RGB picture of ``region`` (x, y, w, h), the whole screen when None."""
        monitor = self._mss.monitors[0] if region is None else {"left": region[0], "top": region[1], "width": region[2], "height": region[3]}
        shot = self._grab(monitor)
        bgra = np.frombuffer(shot.bgra, dtype=np.uint8).reshape(shot.height, shot.width, 4)
        return bgra[:, :, 2::-1]

    def fingerprint(self) -> int:
        """A checksum of the whole screen's pixels, without converting them (cheap enough to poll)."""
        shot = self._grab(self._mss.monitors[0])
        return zlib.crc32(shot.raw)  # read in place: no copy of the picture

    def _grab(self, monitor: Any) -> Any:
        from mss.exception import ScreenShotError

        with map_x_error("take a screenshot"):
            try:
                return self._mss.grab(monitor)
            except (AssertionError, ScreenShotError) as exc:
                # mss asserts on the empty reply of a connection the X server closed (its xcb backend).
                why = self.lost_check()
                code = ErrorCode.DEVICE_LOST if why else ErrorCode.DRIVER_ERROR
                said = why or f"the X server gave no picture ({type(exc).__name__}: {exc})"
                raise DriverError(code, f"cannot take a screenshot: {said}", cause=repr(exc)) from exc

    def close(self) -> None:
        with contextlib.suppress(Exception):  # a connection the X server dropped cannot be closed cleanly
            self._mss.close()


def gray(rgb: np.ndarray) -> np.ndarray:
    """Luminance (ITU-R 601 weights) as uint8."""
    f = rgb.astype(np.uint16)
    return ((f[:, :, 0] * 77 + f[:, :, 1] * 150 + f[:, :, 2] * 29) >> 8).astype(np.uint8)


def write_png(rgb: np.ndarray, path: str | Path, level: int = 1) -> None:
    """Write an RGB picture as PNG (fast compression: screenshots are evidence, not archives)."""
    h, w, _ = rgb.shape
    raw = np.empty((h, w * 3 + 1), dtype=np.uint8)
    raw[:, 0] = 0
    raw[:, 1:] = rgb.reshape(h, w * 3)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + kind + data + (zlib.crc32(kind + data) & 0xFFFFFFFF).to_bytes(4, "big")

    header = w.to_bytes(4, "big") + h.to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw.tobytes(), level)) + chunk(b"IEND", b"")
    )
