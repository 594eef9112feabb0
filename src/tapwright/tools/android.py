"""The ``android.*`` pack: the mobile catalog, the semantic tools shared with web, and the coordinate tools.

Every tool returns one ToolResult whose status line starts with one of the status prefixes:
``OK``, ``TAPPED: (x,y)``, ``VISIBLE: n match(es)``, ``NOT_VISIBLE``, ``NOT_FOUND``,
``AMBIGUOUS``, ``ERROR``, ``TIMEOUT``. The catalog's actions (click, fill,
press_key, scroll, verify_*) come from :mod:`tapwright.tools.actions` over
:class:`~tapwright.tools.android_seam.AndroidActions`; the mobile catalog lives in
:mod:`tapwright.tools.android_mobile`, :mod:`tapwright.tools.android_semantic`
and :mod:`tapwright.tools.android_system`.
"""

from __future__ import annotations

from tapwright.drivers.android.driver import AndroidDriver
from tapwright.registry.toolset import Toolset
from tapwright.tools import android_mobile, android_semantic, android_system
from tapwright.tools.actions import action_tools
from tapwright.tools.android_common import SPECS
from tapwright.tools.android_seam import AndroidActions
from tapwright.tools.coords import coordinate_tools

OWN = ("verify_visible", "verify_not_visible", "press_key")  # catalog actions on Android (keyboard-aware checks)
_MODULES = (android_mobile, android_semantic, android_system)


def toolset() -> Toolset:
    """Every ``android.*`` tool."""
    shared = coordinate_tools(AndroidDriver, category="android", exclude=OWN)
    return Toolset("android", [*shared, *action_tools(AndroidActions), *SPECS],
                   "Android devices and emulators through adb and uiautomator")  # fmt: skip
