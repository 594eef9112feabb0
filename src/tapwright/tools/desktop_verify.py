"""``desktop.*`` checks that wait: verify visible / not visible / text / state, wait_for."""

from __future__ import annotations

import asyncio
import time
from difflib import SequenceMatcher
from typing import Annotated, Any, Literal

from annotated_types import MaxLen, MinLen

from tapwright.core.result import ToolResult, visible_status
from tapwright.drivers.desktop import DesktopDriver
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator.text import loose_form
from tapwright.tools.desktop_common import TargetArg, TimeoutMs, desktop_tool, example, find, until

Text = Annotated[str, MinLen(1), MaxLen(2000)]
State = Literal["checked", "unchecked", "enabled", "disabled", "focused", "selected", "visible", "hidden"]


async def _visible(driver: DesktopDriver, target: str) -> ToolResult:
    try:
        found, _ = await find(driver, target)
    except ToolFailure as exc:
        if exc.code is ErrorCode.ELEMENT_NOT_FOUND:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is not visible: {exc.message}", data=exc.data) from None
        if exc.code is ErrorCode.AMBIGUOUS:
            count = len(exc.data["candidates"]) if isinstance(exc.data, dict) else 2
            return ToolResult.success({"matches": count}, status=visible_status(count))
        raise
    if not found.element.state.visible:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} exists but is hidden")
    return ToolResult.success({"matches": 1, "ref": found.element.ref, "name": found.element.name}, status=visible_status(1))


@desktop_tool([r"\b(should see|is visible|verify|expect|appears?)\b"], [example("Verify the Welcome message is visible", {"target": "Welcome, alice"})], read_only=True)
async def verify_visible(driver: DesktopDriver, target: TargetArg, timeout_ms: TimeoutMs = 5_000) -> ToolResult:
    """Check that an element matching the description is on screen, waiting for it up to timeout_ms.

    Args:
        target: The element as a person would describe it, or a ref.
        timeout_ms: How long to wait for it.
    """
    return await until(lambda: _visible(driver, target), timeout_ms)


@desktop_tool([r"\b(should not see|not visible|disappear(ed)?|gone)\b"], [example("Verify the Settings dialog is gone", {"target": "Settings dialog"})], read_only=True)
async def verify_not_visible(driver: DesktopDriver, target: TargetArg, timeout_ms: TimeoutMs = 5_000) -> ToolResult:
    """Check that no visible element matches the description, waiting up to timeout_ms for it to go.

    Args:
        target: The element as a person would describe it, or a ref.
        timeout_ms: How long to wait for it to disappear.
    """
    return await _gone(driver, target, timeout_ms)


async def _gone(driver: DesktopDriver, target: str, timeout_ms: int) -> ToolResult:
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            result = await _visible(driver, target)
        except ToolFailure as exc:
            if exc.code is ErrorCode.ASSERTION_FAILED:
                return ToolResult.success({"matches": 0}, status="NOT_VISIBLE")
            raise
        if time.monotonic() >= deadline:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is still visible ({result.data})")
        await asyncio.sleep(0.15)


def ocr_similar(wanted: str, have: str, *, exact: bool, ratio: float = 0.9) -> bool:
    """Whether ``have`` (read by OCR) holds ``wanted`` with at most about one slip per ten characters."""
    if len(wanted) < 8:
        return False
    if exact:
        return SequenceMatcher(None, wanted, have).ratio() >= ratio
    n = len(wanted)
    windows = (have[i : i + n] for i in range(max(len(have) - n, 0) + 1))
    return any(SequenceMatcher(None, wanted, w).ratio() >= ratio for w in windows)


async def _text(driver: DesktopDriver, text: str, target: str | None, exact: bool) -> dict[str, Any]:
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
                return {"found": have, "ref": e.ref, "role": e.role}
    # OCR misreads a letter now and then ("Germar" for "German"): a long text read by OCR may differ slightly.
    for e in pool:
        for have in (e.name, e.text, e.value or ""):
            if have and e.attrs.get("source") == "ocr" and ocr_similar(wanted, loose_form(have), exact=exact):
                return {"found": have, "ref": e.ref, "role": e.role, "ocr_tolerance": True}
    said = "; ".join(repr(e.name or e.text or e.value) for e in pool if (e.name or e.text or e.value))[:600]
    where = f" in {target!r}" if target else " on screen"
    raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"text {text!r} is not{where}; it shows: {said or 'nothing readable'}")


@desktop_tool([r"\b(should (see|show|say|read|contain)|text)\b"], [example("Verify the screen says Settings saved", {"text": "Settings saved"})], read_only=True)
async def verify_text(driver: DesktopDriver, text: Text, target: Annotated[str, MaxLen(500)] | None = None,
                      exact: bool = False, timeout_ms: TimeoutMs = 5_000) -> dict[str, Any]:  # fmt: skip
    """Check that some text is shown (anywhere, or in one element), waiting for it up to timeout_ms.

    Args:
        text: The text; matched ignoring case, spacing and punctuation.
        target: Only look in this element (a description or ref).
        exact: The whole text of the element must match, not just contain it.
        timeout_ms: How long to wait for it.
    """
    return await until(lambda: _text(driver, text, target, exact), timeout_ms)


async def _state(driver: DesktopDriver, target: str, state: str) -> dict[str, Any]:
    found, _ = await find(driver, target)
    s = found.element.state
    have = {"checked": s.checked is True, "unchecked": s.checked is False, "enabled": s.enabled, "disabled": not s.enabled,
            "focused": s.focused, "selected": bool(s.selected), "visible": s.visible, "hidden": not s.visible}[state]  # fmt: skip
    if state in ("checked", "unchecked") and s.checked is None:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{found.describe()} has no checked state to read")
    if not have:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{found.describe()} is not {state} (state: {s.to_dict()})")
    return {"ref": found.element.ref, "state": state}


@desktop_tool([r"\b(is|should be) (checked|unchecked|enabled|disabled|selected|focused)\b"],
              [example("Verify Remember me is checked", {"target": "Remember me", "state": "checked"})], read_only=True)
async def verify_state(driver: DesktopDriver, target: TargetArg, state: State, timeout_ms: TimeoutMs = 5_000) -> dict[str, Any]:
    """Check an element's state (checked, enabled, focused ...), waiting for it up to timeout_ms.

    Args:
        target: The element, as a description or ref.
        state: checked, unchecked, enabled, disabled, focused, selected, visible or hidden.
        timeout_ms: How long to wait for the state.
    """
    return await until(lambda: _state(driver, target, state), timeout_ms)


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
        return await _gone(driver, what, timeout_ms)
    if text and not target:
        return ToolResult.success(await until(lambda: _text(driver, text, None, False), timeout_ms))
    return await until(lambda: _visible(driver, what), timeout_ms)
