"""The ``desktop`` tool pack: every ``desktop.*`` tool over a DesktopDriver (an X display).

The coordinate tools (locate, click_at, double_click_at, right_click_at, move_to, type_text,
snapshot) are the shared ones of :mod:`tapwright.tools.coords`; the actions on described elements
and the waiting checks come from the catalog (:mod:`tapwright.tools.actions`) over
:class:`~tapwright.tools.desktop_seam.DesktopActions`; the desktop adds drag_at and wait
(``desktop_actions``), wait_for (``desktop_verify``) and apps and windows (``desktop_apps``).
"""

from __future__ import annotations

from tapwright.drivers.desktop import DesktopDriver
from tapwright.registry.toolset import Toolset
from tapwright.tools import desktop_actions, desktop_apps, desktop_verify
from tapwright.tools.actions import action_tools
from tapwright.tools.coords import coordinate_tools
from tapwright.tools.desktop_common import SPECS
from tapwright.tools.desktop_seam import DesktopActions

_MODULES = (desktop_actions, desktop_apps, desktop_verify)  # importing them fills SPECS
# Catalog actions on the desktop (waiting checks, press_key), and the pack's whole-screen screenshot.
_OWN = ("verify_visible", "verify_not_visible", "press_key", "screenshot")


def toolset() -> Toolset:
    """Every desktop tool, namespaced ``desktop.``."""
    shared = coordinate_tools(DesktopDriver, category="desktop", exclude=_OWN)
    return Toolset.of("desktop", sorted([*SPECS, *action_tools(DesktopActions), *shared], key=lambda s: s.name),
                      "Drive X11 desktop apps: AT-SPI or OCR, XTEST input")
