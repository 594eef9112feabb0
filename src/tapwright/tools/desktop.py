"""The ``desktop`` tool pack: every ``desktop.*`` tool over a DesktopDriver (an X display).

The coordinate tools (locate, click_at, double_click_at, right_click_at, move_to, type_text,
press_key, snapshot) are the shared ones of :mod:`tapwright.tools.coords`; the desktop adds
semantic actions (``desktop_actions``), waiting checks (``desktop_verify``) and apps and windows
(``desktop_apps``).
"""

from __future__ import annotations

from tapwright.drivers.desktop import DesktopDriver
from tapwright.registry.toolset import Toolset
from tapwright.tools import desktop_actions, desktop_apps, desktop_verify
from tapwright.tools.coords import coordinate_tools
from tapwright.tools.desktop_common import SPECS

_MODULES = (desktop_actions, desktop_apps, desktop_verify)  # importing them fills SPECS
# The desktop pack has waiting versions of the checks and a whole-screen screenshot.
_OWN = ("verify_visible", "verify_not_visible", "screenshot")


def toolset() -> Toolset:
    """Every desktop tool, namespaced ``desktop.``."""
    shared = coordinate_tools(DesktopDriver, category="desktop", exclude=_OWN)
    return Toolset.of("desktop", sorted([*SPECS, *shared], key=lambda s: s.name), "Drive X11 desktop apps: AT-SPI or OCR, XTEST input")
