"""Waiting and verifying on a WebSession: polls fresh snapshots until a condition holds or time runs out."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any, Literal

from tapwright.core.element import Element, UiTree
from tapwright.drivers.web import actions
from tapwright.drivers.web.session import WebSession
from tapwright.drivers.web.targets import is_ref, is_selector
from tapwright.errors import ErrorCode, ToolFailure

Match = Literal["contains", "equals", "regex"]
_POLL_S = 0.1


async def poll(check: Callable[[], Awaitable[Any]], timeout_ms: float) -> Any:
    """Call ``check`` until it returns something other than None, or raise TIMEOUT."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        value = await check()
        if value is not None:
            return value
        if time.monotonic() >= deadline:
            raise ToolFailure(ErrorCode.TIMEOUT, f"the condition did not hold within {timeout_ms:.0f} ms")
        await asyncio.sleep(_POLL_S)


async def find(session: WebSession, target: str) -> Element | None:
    """The element for ``target`` in a fresh snapshot, or None when there is none (never waits)."""
    if is_ref(target):
        last = session.last or await session.full_snapshot()
        element = last.tree.by_ref(target)
        if element is not None or not last.partial:
            return element
    if is_selector(target) or is_ref(target):
        # A selector, or a ref the latest (partial) snapshot did not describe: ask the live node.
        try:
            resolved = await session.resolve(target, wait=False)
        except ToolFailure as exc:
            if exc.code in (ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.STALE_REF):
                return None
            raise
        try:
            visible = await resolved.handle.is_visible()
        finally:
            await resolved.dispose()
        return Element(ref=resolved.ref, role="generic", name=target, state=_visible(visible))
    try:
        return (await session.find(target))[1].element
    except ToolFailure as exc:
        if exc.code is ErrorCode.ELEMENT_NOT_FOUND:
            return None
        raise


def _visible(flag: bool) -> Any:
    from tapwright.core.element import ElementState

    return ElementState(visible=flag)


async def wait_for(session: WebSession, target: str | None, text: str | None, state: str, timeout_ms: int) -> dict[str, Any]:
    if not target and not text:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "give a target or a text to wait for")
    want_present = state in ("visible", "attached")
    started = time.monotonic()

    async def check() -> dict[str, Any] | None:
        if text is not None and not target:
            hit = find_text(await session.snapshot(), text, exact=False)
            ok = (hit is not None) == want_present
            return {"text": text, "state": state} if ok else None
        assert target is not None
        element = await find(session, target)
        present = element is not None and (state == "attached" or element.state.visible)
        if state == "detached":
            present = element is not None
        if present != want_present:
            return None
        out: dict[str, Any] = {"state": state}
        if element is not None and element.ref:
            out.update(ref=element.ref, role=element.role, name=element.name)
        return out

    out = await poll(check, timeout_ms)
    out["waited_ms"] = round((time.monotonic() - started) * 1000)
    return dict(out)


def find_text(tree: UiTree, text: str, *, exact: bool) -> Element | None:
    want = actions.norm(text)
    for e in tree.elements:
        if not e.state.visible:
            continue
        for have in (e.name, e.text, e.value or ""):
            h = actions.norm(have)
            if (h == want) if exact else (want in h):
                return e
    return None


async def click_by_text(session: WebSession, text: str, roles: tuple[str, ...], *, exact: bool) -> dict[str, Any]:
    async def check() -> Element | None:
        tree = await session.snapshot()
        try:
            return actions.pick_by_text(list(tree.elements), text, roles, exact=exact)
        except ToolFailure as exc:
            if exc.code is ErrorCode.ELEMENT_NOT_FOUND:
                return None
            raise

    try:
        element = await poll(check, session.action_timeout_ms)
    except ToolFailure as exc:
        if exc.code is not ErrorCode.TIMEOUT:
            raise
        actions.pick_by_text(list((await session.snapshot()).elements), text, roles, exact=exact)  # raises NOT_FOUND
        raise
    return await actions.click(session, element.ref)


def matches(actual: str, expected: str, match: Match) -> bool:
    if match == "equals":
        return actual.strip() == expected.strip()
    if match == "regex":
        try:
            return re.search(expected, actual) is not None
        except re.error as exc:
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"bad regular expression {expected!r}: {exc}") from None
    return expected.casefold() in actual.casefold()


async def verify(check: Callable[[], Awaitable[Any]], timeout_ms: float, failure: Callable[[], Awaitable[str]]) -> Any:
    """Like :func:`poll`, but a condition that never holds is ASSERTION_FAILED with ``failure()``'s message."""
    try:
        return await poll(check, timeout_ms)
    except ToolFailure as exc:
        if exc.code is not ErrorCode.TIMEOUT:
            raise
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, await failure()) from None
