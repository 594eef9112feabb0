"""Waiting and verifying on a WebSession: polls fresh snapshots until a condition holds or time runs out."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import regex

from tapwright.core.element import Element, UiTree
from tapwright.core.targets import is_ref, is_selector, ref_of
from tapwright.core.words import contains_text
from tapwright.drivers.web import actions
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.errors import map_error
from tapwright.drivers.web.session import WebSession
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import Candidate, absence, locate

Match = Literal["contains", "equals", "regex"]
_POLL_S = 0.1
_EAGER_CHECKS = 2


async def poll(check: Callable[[], Awaitable[Any]], timeout_ms: float, session: WebSession | None = None) -> Any:
    """Call ``check`` until it returns something other than None, or raise TIMEOUT.

    With a ``session``, the next check comes as soon as the page changes (at most
    ``_POLL_S`` later, see :meth:`WebSession.settle`), not a fixed interval later.
    """
    if session is not None:
        await session.finish_navigation()  # a slow page an earlier click started: the wait starts once it is there
    deadline = time.monotonic() + timeout_ms / 1000
    attempt = 0
    while True:
        attempt += 1
        taken = session.snapshots if session is not None else 0
        if session is not None:
            session.tabs.follow()  # a tab the page opened while this waits (the runner follows tabs)
        started = time.monotonic()
        value = await check()
        if value is not None:
            return value
        now = time.monotonic()
        if now >= deadline:
            raise ToolFailure(ErrorCode.TIMEOUT, f"the condition did not hold within {timeout_ms:.0f} ms", waited=True)
        if session is None:
            await asyncio.sleep(_POLL_S)
            continue
        # A check that took a snapshot saw the page as of its mutation counter; else wait for the next change.
        since = session.seen_mutations() if session.snapshots != taken else -1
        await session.settle(min(_POLL_S, deadline - now), since, floor_s=_floor(attempt, now - started))


def _floor(attempt: int, spent: float) -> float:
    """How long a poll waits at least before its next check.

    The first checks follow the page at once: a navigation or a render usually settles
    the condition within two changes. After that, a check is not repeated sooner than it
    took, so a page that changes all the time is not snapshotted back to back.
    """
    return 0.0 if attempt <= _EAGER_CHECKS else spent


async def find(session: WebSession, target: str) -> Element | None:
    """The element for ``target`` in a fresh snapshot, or None when there is none (never waits)."""
    return (await find_or_near(session, target))[0]


async def find_or_near(session: WebSession, target: str) -> tuple[Element | None, Candidate | None]:
    """:func:`find`, and when nothing is found, the near miss that may still be ``target``
    (:func:`tapwright.locator.absence.near_miss`): a negative check must not pass over it."""
    ref = ref_of(target)
    if ref is not None:
        last = session.last or await session.full_snapshot()
        element = last.tree.by_ref(ref)
        if element is not None or not last.partial:
            return element, None
    if is_selector(target) or is_ref(target):
        # A selector, or a ref the latest (partial) snapshot did not describe: ask the live node.
        try:
            resolved = await session.resolve(target, wait=False)
        except ToolFailure as exc:
            if exc.code in (ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.STALE_REF):
                return None, None
            raise
        try:
            visible = await resolved.handle.is_visible()
        except pw.Error as exc:
            err = map_error(exc, "find")
            if err.code is ErrorCode.STALE_REF:
                return None, None  # the node went away since the snapshot
            raise err from None
        finally:
            await resolved.dispose()
        return Element(ref=resolved.ref, role="generic", name=target, state=_visible(visible)), None
    try:
        return (await session.find(target))[1].element, None
    except ToolFailure as exc:
        if exc.code is not ErrorCode.ELEMENT_NOT_FOUND:
            raise
        near = absence.near_miss(session.last.tree, target, exc) if session.last is not None else None
    if session.last is not None and session.last.truncated:
        # Not among the first elements of a capped snapshot proves nothing: look at the whole page.
        snap = await session.full_snapshot(uncapped=True)
        try:
            return locate(snap.tree, target).element, None
        except ToolFailure as exc:
            if exc.code is not ErrorCode.ELEMENT_NOT_FOUND:
                raise
            near = absence.near_miss(snap.tree, target, exc)
    return None, near


def spelled_otherwise(session: WebSession, target: str, element: Element) -> Candidate | None:
    """The match :func:`find` took for a described ``target`` when only spelling made it
    (:func:`tapwright.locator.absence.spelled_otherwise`), or None."""
    snap = session.last
    if snap is None or is_selector(target) or is_ref(target) or snap.tree.by_ref(element.ref) is None:
        return None
    try:
        candidate = locate(snap.tree, target)  # the snapshot find just read: its index is kept
    except ToolFailure:
        return None
    if candidate.element.ref != element.ref:
        return None
    return candidate if absence.spelled_otherwise(snap.tree, target, candidate) else None


_BUSY_WORDS = re.compile(r"\b(spinner|spinning|loader|loading|progress ?bar|busy indicator|throbber)\b", re.I)
_BUSY_JS = """() => [...document.querySelectorAll('[role=progressbar],[aria-busy=true],progress')].some((el) => {
  const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0;
})"""


async def busy_indicator_visible(session: WebSession, target: str) -> bool:
    """For a target naming a spinner or loader: whether any progress indicator is still visible.

    A spinner rarely has a name the locator can match, so "wait until the spinner
    disappears" must not pass only because no element is *named* spinner.
    """
    if not _BUSY_WORDS.search(target):
        return False
    try:
        return bool(await session.page.evaluate(_BUSY_JS))
    except pw.Error:
        return False  # navigating: the next check looks again


def _visible(flag: bool) -> Any:
    from tapwright.core.element import ElementState

    return ElementState(visible=flag)


async def wait_for(session: WebSession, target: str | None, text: str | None, state: str, timeout_ms: int) -> dict[str, Any]:
    if not target and not text:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "give a target or a text to wait for")
    want_present = state in ("visible", "attached")
    started = time.monotonic()
    near: list[Candidate] = []  # waiting for X to go: the near miss of the latest look, if any

    async def check() -> dict[str, Any] | None:
        near.clear()
        if text is not None and not target:
            hit = find_text(await session.snapshot(), text, exact=False)
            if hit is None and not want_present and session.last is not None and session.last.truncated:
                # Not among the first elements of a capped snapshot proves nothing: look at the whole page.
                hit = find_text((await session.full_snapshot(uncapped=True)).tree, text, exact=False)
            ok = (hit is not None) == want_present
            return {"text": text, "state": state} if ok else None
        assert target is not None
        element, miss = await find_or_near(session, target)
        present = element is not None and (state == "attached" or element.state.visible)
        if not present and not want_present and miss is not None:
            near.append(miss)  # neither clearly there nor clearly gone: look again until time runs out
            return None
        if not present and not want_present and await busy_indicator_visible(session, target):
            return None
        if state == "detached":
            present = element is not None
        if present != want_present:
            return None
        out: dict[str, Any] = {"state": state}
        if element is not None and element.ref:
            out.update(ref=element.ref, role=element.role, name=element.name)
        return out

    try:
        out = await poll(check, timeout_ms, session)
    except ToolFailure as exc:
        if exc.code is ErrorCode.TIMEOUT and near and target is not None:
            refused = absence.refusal(target, near[0])
            refused.waited = True  # looked until the time was up: not to be looked for again
            raise refused from None
        raise
    out["waited_ms"] = round((time.monotonic() - started) * 1000)
    return dict(out)


def find_text(tree: UiTree, text: str, *, exact: bool) -> Element | None:
    want = actions.norm(text)
    for e in tree.elements:
        if not e.state.visible:
            continue
        for have in (e.name, e.text, e.value or ""):
            h = actions.norm(have)
            if (h == want) if exact else contains_text(h, want):
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
        element = await poll(check, session.action_timeout_ms, session)
    except ToolFailure as exc:
        if exc.code is not ErrorCode.TIMEOUT:
            raise
        try:
            actions.pick_by_text(list((await session.snapshot()).elements), text, roles, exact=exact)  # raises NOT_FOUND
        except ToolFailure as missing:
            missing.waited = True
            raise
        raise
    return await actions.click(session, element.ref)


REGEX_TIMEOUT_S = 0.25  # a sane pattern over a URL or a title takes microseconds


async def matches(actual: str, expected: str, match: Match) -> bool:
    """Whether ``actual`` matches; a user's regex runs off the event loop, with a time limit.

    Raises:
        ToolFailure: INVALID_INPUT for a bad regex, or one too slow to match (catastrophic
            backtracking): a pattern must not freeze the other sessions.
    """
    if match == "equals":
        return actual.strip() == expected.strip()
    if match == "regex":
        try:
            found = await asyncio.to_thread(regex.search, expected, actual, concurrent=True, timeout=REGEX_TIMEOUT_S)
        except regex.error as exc:
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"bad regular expression {expected!r}: {exc}") from None
        except TimeoutError:
            raise ToolFailure(ErrorCode.INVALID_INPUT,
                              f"the regular expression {expected!r} took over {REGEX_TIMEOUT_S:g} s to match "
                              "(catastrophic backtracking); simplify it") from None
        return found is not None
    return expected.casefold() in actual.casefold()


async def verify(check: Callable[[], Awaitable[Any]], timeout_ms: float, failure: Callable[[], Awaitable[str]],
                 session: WebSession | None = None) -> Any:
    """Like :func:`poll`, but a condition that never holds is ASSERTION_FAILED with ``failure()``'s message."""
    try:
        return await poll(check, timeout_ms, session)
    except ToolFailure as exc:
        if exc.code is not ErrorCode.TIMEOUT:
            raise
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, await failure(), waited=True) from None
