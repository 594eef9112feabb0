"""The ``android.*`` pack: the action catalog, the mobile catalog, Android's own tools, and the coordinate tools.

Every tool returns one ToolResult whose status line starts with one of the status prefixes:
``OK``, ``TAPPED: (x,y)``, ``VISIBLE: n match(es)``, ``NOT_VISIBLE``, ``NOT_FOUND``,
``AMBIGUOUS``, ``ERROR``, ``TIMEOUT``. The action catalog's actions (click, fill, clear, press_key,
scroll, verify_*) come from :mod:`tapwright.tools.actions` and the mobile catalog's (tap_text,
input_text, swipes, scroll_until_visible ...) from :mod:`tapwright.tools.mobile`, both over
:class:`~tapwright.tools.android_seam.AndroidActions`; the tools only Android has live in
:mod:`tapwright.tools.android_mobile` and :mod:`tapwright.tools.android_system`.
"""

from __future__ import annotations

from tapwright.registry.toolset import Toolset
from tapwright.tools import android_mobile, android_system
from tapwright.tools.android_common import SPECS
from tapwright.tools.android_seam import AndroidActions
from tapwright.tools.mobile import mobile_toolset

_MODULES = (android_mobile, android_system)


def toolset() -> Toolset:
    """Every ``android.*`` tool."""
    return mobile_toolset(AndroidActions, SPECS, "Android devices and emulators through adb and uiautomator")
