"""``desktop.*`` actions the catalog does not hold: drag_at (between two points) and wait (a fixed time).

click, fill, check, select, drag, scroll ... on a described element are catalog actions
(:mod:`tapwright.tools.actions`) over :class:`~tapwright.tools.desktop_seam.DesktopActions`.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from annotated_types import Ge, Le, MaxLen

from tapwright.drivers.desktop import DesktopDriver
from tapwright.tools.desktop_common import Coord, desktop_tool, example


@desktop_tool([r"\bdrag\b.*\b(at|coordinates?|from)\b"], [example("Drag from (10,10) to (200,50)", {"x1": 10, "y1": 10, "x2": 200, "y2": 50})], idempotent=False)
async def drag_at(driver: DesktopDriver, x1: Coord, y1: Coord, x2: Coord, y2: Coord, element_description: Annotated[str, MaxLen(2000)] = "") -> dict[str, Any]:
    """Drag with the left button from one screen point to another.

    Args:
        x1: Where the drag starts (x).
        y1: Where the drag starts (y).
        x2: Where it ends (x).
        y2: Where it ends (y).
        element_description: What is dragged, for logging and context.
    """
    await driver.drag(x1, y1, x2, y2)
    return {"from": {"x": x1, "y": y1}, "to": {"x": x2, "y": y2}}


@desktop_tool([r"\bwait\b.*\bseconds?\b"], [example("Wait 1 second", {"seconds": 1})], read_only=True)
async def wait(driver: DesktopDriver, seconds: Annotated[float, Ge(0), Le(60)]) -> dict[str, float]:
    """Wait a fixed time (prefer wait_for or the waiting verify tools).

    Args:
        seconds: How long.
    """
    await asyncio.sleep(seconds)
    return {"waited_s": seconds}
