"""Shared pieces of the ``android.*`` pack: the argument types (the mobile ones), its tool collector, and screen notes.

What Android shares with iOS (matching by text, picking a match, typing into a field, swiping) lives once
in :mod:`tapwright.tools.mobile.common`.
"""

from __future__ import annotations

from tapwright.drivers.android.driver import AndroidDriver
from tapwright.tools.mobile.common import (
    Coord,
    Distance,
    Duration,
    MobileToolbox,
    Package,
    Selector,
    Text,
    Typed,
    swipe_by,
)

TOOLS = MobileToolbox("android")
android_tool = TOOLS.tool
SPECS = TOOLS.specs


def snapshot_note(driver: AndroidDriver) -> str:
    return driver.snapshot_note()


__all__ = ["SPECS", "TOOLS", "Coord", "Distance", "Duration", "Package", "Selector", "Text", "Typed", "android_tool",
           "snapshot_note", "swipe_by"]  # fmt: skip
