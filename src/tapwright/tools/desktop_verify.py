"""The desktop's checks (visible, gone, text, state), and ``desktop.wait_for``.

verify_visible, verify_not_visible, verify_text and verify_state are catalog actions
(:mod:`tapwright.tools.actions`) over :class:`~tapwright.tools.desktop_seam.DesktopActions`,
which waits on these checks.
"""

from __future__ import annotations

import asyncio
import time
from difflib import SequenceMatcher
from typing import Annotated, Any, Literal

from annotated_types import MaxLen, MinLen

from tapwright.core.element import UiTree
from tapwright.core.result import ToolResult, visible_status
from tapwright.core.states import state_miss
from tapwright.drivers.desktop import DesktopDriver
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import Candidate, absence, locate
from tapwright.locator.text import loose_form
from tapwright.tools.desktop_common import TimeoutMs, desktop_tool, example, find, until

Text = Annotated[str, MinLen(1), MaxLen(2000)]


async def visible(driver: DesktopDriver, target: str) -> dict[str, Any]:
    """How many elements match ``target`` on screen now (ASSERTION_FAILED when none is visible)."""
    try:
        found, _ = await find(driver, target)
    except ToolFailure as exc:
        if exc.code is ErrorCode.ELEMENT_NOT_FOUND:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is not visible: {exc.message}", data=exc.data) from None
        if exc.code is ErrorCode.AMBIGUOUS:
            return {"matches": len(exc.data["candidates"]) if isinstance(exc.data, dict) else 2}
        raise
    if not found.element.state.visible:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} exists but is hidden")
    e = found.element
    return {"matches": 1, "ref": e.ref, "role": e.role, "name": e.name}


async def gone(driver: DesktopDriver, target: str, timeout_ms: int) -> dict[str, Any]:
    """Wait up to ``timeout_ms`` until nothing visible matches ``target`` (ASSERTION_FAILED when it stays).

    Nothing above the bar is not enough: an element just below it that plausibly is ``target``
    (:func:`tapwright.locator.absence.near_miss`) keeps the question open, and when time runs out the
    check is refused (AMBIGUOUS, the element named), never passed.
    """
    deadline = time.monotonic() + timeout_ms / 1000
    placed = absence.placed_text(target)
    while True:
        near: Candidate | None = None
        seen: dict[str, Any] | None = None
        tree = await driver.snapshot()
        if placed is not None:
            seen = _text_in_place(tree, *placed)
            if seen is None:
                return {"matches": 0, "place": placed[1]}
        else:
            seen, near = _seen(driver, tree, target)
            if seen is None and near is None:
                return {"matches": 0}
        if time.monotonic() >= deadline:
            if near is not None:
                refused = absence.refusal(target, near)
                refused.waited = True  # looked until the time was up: not to be looked for again
                raise refused
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is still visible ({seen})", waited=True)
        await asyncio.sleep(0.15)


def _seen(driver: DesktopDriver, tree: UiTree, target: str) -> tuple[dict[str, Any] | None, Candidate | None]:
    """What of ``target`` is on screen now, and the element just below the bar that may be it (both None: gone)."""
    try:
        found = locate(tree, target)
    except ToolFailure as exc:
        if exc.code is ErrorCode.AMBIGUOUS:
            return {"matches": len(exc.data["candidates"]) if isinstance(exc.data, dict) else 2}, None
        if exc.code is not ErrorCode.ELEMENT_NOT_FOUND:
            raise driver.explain(exc, tree) from None
        near = absence.near_miss(tree, target, exc)
        if near is None:
            missing = absence.missing_place(tree, target)
            if missing is not None:  # '"Ann" in the list' with no list on screen: not looked at, so not "gone"
                raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"cannot check that {target!r} is absent: {missing}") from None
        return None, near
    if not found.element.state.visible:
        return None, None
    return {"matches": 1, "ref": found.element.ref, "role": found.element.role, "name": found.element.name}, None


def _text_in_place(tree: UiTree, text: str, place: str) -> dict[str, Any] | None:
    """ '"Shelly" should not be in the results panel': where the place shows the text (None: it does not). The
    place is found as any element is; not on screen, the check cannot be answered while the text shows elsewhere
    (ELEMENT_NOT_FOUND, never a pass)."""
    try:
        box = locate(tree, place).element.rect
    except ToolFailure as exc:
        if exc.code is not ErrorCode.ELEMENT_NOT_FOUND:
            raise
        box = None
    shown = absence.shown_in(tree, text, box)
    if shown is None:
        return None
    if box is None:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"cannot check that {text!r} is not in {place!r}: no such place "
                          f"on screen, and {text!r} is shown elsewhere ({shown.role} {(shown.name or shown.text)[:60]!r})")  # fmt: skip
    return {"matches": 1, "ref": shown.ref, "role": shown.role, "name": shown.name, "place": place}


def ocr_similar(wanted: str, have: str, *, exact: bool, ratio: float = 0.9) -> bool:
    """Whether ``have`` (read by OCR) holds ``wanted`` with at most about one slip per ten characters."""
    if len(wanted) < 8:
        return False
    if exact:
        return SequenceMatcher(None, wanted, have).ratio() >= ratio
    n = len(wanted)
    windows = (have[i : i + n] for i in range(max(len(have) - n, 0) + 1))
    return any(SequenceMatcher(None, wanted, w).ratio() >= ratio for w in windows)


async def shows_text(driver: DesktopDriver, text: str, target: str | None, exact: bool) -> dict[str, Any]:
    """Where ``text`` is shown (anywhere, or in ``target``): the text read there; ASSERTION_FAILED when nowhere."""
    tree = await driver.snapshot()
    wanted = loose_form(text)
    if target:
        found, _ = await find(driver, target)
        pool = [found.element]
    else:
        pool = [e for e in tree if e.state.visible]
    for e in pool:
        for have in (e.name, e.text, e.value or ""):
            if have and (loose_form(have) == wanted if exact else wanted in loose_form(have)):
                return {"text": have, "ref": e.ref, "role": e.role}
    # OCR misreads a letter now and then ("Germar" for "German"): a long text read by OCR may differ slightly.
    for e in pool:
        for have in (e.name, e.text, e.value or ""):
            if have and e.attrs.get("source") == "ocr" and ocr_similar(wanted, loose_form(have), exact=exact):
                return {"text": have, "ref": e.ref, "role": e.role, "ocr_tolerance": True}
    said = "; ".join(repr(e.name or e.text or e.value) for e in pool if (e.name or e.text or e.value))[:600]
    where = f" in {target!r}" if target else " on screen"
    raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"text {text!r} is not{where}; it shows: {said or 'nothing readable'}")


async def state_of(driver: DesktopDriver, target: str, state: str) -> dict[str, Any]:
    """The element ``target`` names, when it is in ``state`` now (ASSERTION_FAILED when not)."""
    found, _ = await find(driver, target)
    why = state_miss(found.element, state)
    if why is not None:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{found.describe()} is not {state}: {why}")
    return {"ref": found.element.ref, "state": state}


@desktop_tool([r"\bwait (for|until)\b"], [example("Wait for the Welcome text", {"target": "Welcome"})], read_only=True)
async def wait_for(driver: DesktopDriver, target: Annotated[str, MaxLen(500)] | None = None, text: Annotated[str, MaxLen(2000)] | None = None,
                   state: Literal["visible", "hidden"] = "visible", timeout_ms: TimeoutMs = 10_000) -> ToolResult:  # fmt: skip
    """Wait until an element (or a text) appears or disappears.

    Args:
        target: The element, as a description or ref.
        text: Or a text to wait for.
        state: visible (default) or hidden.
        timeout_ms: How long to wait.
    """
    what = target or text
    if not what:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "give a target or a text to wait for")
    if state == "hidden":
        return ToolResult.success(await gone(driver, what, timeout_ms), status="NOT_VISIBLE")
    if text and not target:
        return ToolResult.success(await until(lambda: shows_text(driver, text, None, False), timeout_ms))
    seen = await until(lambda: visible(driver, what), timeout_ms)
    return ToolResult.success(seen, status=visible_status(seen["matches"]))
