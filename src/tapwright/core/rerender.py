"""Targets a framework re-renders: resolved again by their description within the action's deadline.

Single-page apps (and native screens redrawn by a state update) replace nodes all the time: a
button re-drawn every few tens of milliseconds. The node a description or a selector resolved to
can be gone before the action lands: that is STALE_REF, and it says nothing about whether the
thing described is still there. So an action on a description or a selector that fails as
STALE_REF is resolved again from the same words and tried again, until the action's deadline.
A later try may skip waiting for the element to hold still (the web's ``Target.again``): a node
that lives 30 ms never does, and it was found afresh, actionable, an instant before. A ref is not
retried: it names one node of one snapshot, and when that node is gone the answer stays STALE_REF.

Every platform's catalog actions go through this (:func:`tapwright.tools.actions.flow.perform`),
and so do the web driver's own composite actions.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

from tapwright.core.targets import ref_of
from tapwright.errors import ErrorCode, ToolFailure

T = TypeVar("T")
_PAUSE_S = 0.01


async def until_not_stale(target: str, deadline_s: float, attempt: Callable[[int], Awaitable[T]]) -> T:
    """``attempt(n)`` (n counts from 0) until it does not fail as STALE_REF or ``deadline_s`` has passed.

    Raises:
        ToolFailure: the last failure (STALE_REF at the deadline, or any other at once).
    """
    until = time.monotonic() + deadline_s
    n = 0
    while True:
        try:
            return await attempt(n)
        except ToolFailure as exc:
            # Once re-rendering is seen, a node detached mid-action reads as "not visible" too.
            stale = exc.code is ErrorCode.STALE_REF or (n > 0 and exc.code is ErrorCode.NOT_VISIBLE)
            if not stale or ref_of(target) is not None or time.monotonic() >= until:
                raise
        n += 1
        await asyncio.sleep(_PAUSE_S)
