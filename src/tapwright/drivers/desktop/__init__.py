"""The desktop (X11) driver: Xvfb or ``$DISPLAY``, AT-SPI and OCR snapshots, XTEST input, EWMH windows.

Only this package imports python-xlib, mss, numpy / scipy and (in a reader process) PyGObject; they
load when a driver is made, so listing the desktop tools stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tapwright.drivers.desktop.apps import App
from tapwright.drivers.desktop.display import DisplayOptions, DisplayStack
from tapwright.drivers.desktop.driver import DesktopDriver, SnapshotMode

if TYPE_CHECKING:
    from tapwright.drivers.desktop.windows import WindowInfo, Windows


def __getattr__(name: str) -> Any:
    if name in ("WindowInfo", "Windows"):
        from tapwright.drivers.desktop import windows

        return getattr(windows, name)
    raise AttributeError(name)


__all__ = ["App", "DesktopDriver", "DisplayOptions", "DisplayStack", "SnapshotMode", "WindowInfo", "Windows"]
