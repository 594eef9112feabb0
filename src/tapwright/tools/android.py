"""The ``android.*`` pack: the mobile catalog, the semantic tools shared with web, and the coordinate tools.

Every tool returns one ToolResult whose status line starts with one of the status prefixes:
``OK``, ``TAPPED: (x,y)``, ``VISIBLE: n match(es)``, ``NOT_VISIBLE``, ``NOT_FOUND``,
``AMBIGUOUS``, ``ERROR``, ``TIMEOUT``. The tools live in :mod:`tapwright.tools.android_mobile`,
:mod:`tapwright.tools.android_semantic` and :mod:`tapwright.tools.android_system`; importing them
registers their manifests.
"""

from __future__ import annotations

from tapwright.drivers.android.driver import AndroidDriver
from tapwright.registry.toolset import Toolset
from tapwright.tools import android_mobile, android_semantic, android_system
from tapwright.tools.android_common import SPECS
from tapwright.tools.coords import coordinate_tools

OWN = ("verify_visible", "verify_not_visible")  # the coordinate versions, replaced by keyboard-aware ones
_MODULES = (android_mobile, android_semantic, android_system)


def toolset() -> Toolset:
    """Every ``android.*`` tool."""
    return Toolset("android", [*coordinate_tools(AndroidDriver, category="android", exclude=OWN), *SPECS],
                   "Android devices and emulators through adb and uiautomator")  # fmt: skip
