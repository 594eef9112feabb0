"""The desktop (X11) driver: Xvfb or ``$DISPLAY``, AT-SPI and OCR snapshots, XTEST input, EWMH windows.

Only this package imports python-xlib, mss, numpy / scipy and (in a reader process) PyGObject.
"""

from tapwright.drivers.desktop.apps import App
from tapwright.drivers.desktop.display import DisplayOptions, DisplayStack
from tapwright.drivers.desktop.driver import DesktopDriver, SnapshotMode
from tapwright.drivers.desktop.windows import WindowInfo, Windows

__all__ = ["App", "DesktopDriver", "DisplayOptions", "DisplayStack", "SnapshotMode", "WindowInfo", "Windows"]
