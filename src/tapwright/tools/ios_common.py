"""Shared pieces of the ``ios.*`` pack: its tool collector and screen notes.

Argument types and what iOS shares with Android (matching by text, picking a match, typing into a
field, swiping) live once in :mod:`tapwright.tools.mobile.common`.
"""

from __future__ import annotations

from tapwright.drivers.ios.driver import IosDriver
from tapwright.tools.mobile.common import MobileToolbox

TOOLS = MobileToolbox("ios")
ios_tool = TOOLS.tool
SPECS = TOOLS.specs


def snapshot_note(driver: IosDriver) -> str:
    return driver.snapshot_note()


__all__ = ["SPECS", "TOOLS", "ios_tool", "snapshot_note"]
