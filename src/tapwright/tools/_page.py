"""How the data packs reach a page: one script evaluation through the web driver, errors mapped."""

from __future__ import annotations

import contextlib
import json
from functools import cache
from importlib import resources
from typing import Any

from tapwright.drivers.web import WebSession
from tapwright.drivers.web.errors import mapped
from tapwright.drivers.web.icon_words import with_icons


@cache
def pack_script(name: str) -> str:
    """A JS file shipped with the packs (``extract.js``), wrapped to return its value as one JSON string.

    Playwright serialises a returned array value by value; for a 1,000-row table that costs
    about a second, while one JSON string costs a few milliseconds. The script can call ``twIcons()``
    (the words drawn as icons, :func:`tapwright.drivers.web.icon_words.with_icons`).
    """
    body = resources.files("tapwright.tools").joinpath(name).read_text(encoding="utf-8").strip().rstrip(";")
    return f"(arg) => JSON.stringify(({with_icons(body)})(arg))"


async def evaluate(session: WebSession, name: str, arg: dict[str, Any], action: str) -> Any:
    """Run ``name`` (a ``(arg) => ...`` script) in the current page; Playwright errors become ToolFailures."""
    async with mapped(action):
        text = await session.evaluate(pack_script(name), arg)
    return json.loads(text) if isinstance(text, str) else None


async def page_url(session: WebSession) -> str:
    """The current page's address (for reasons and records)."""
    return session.url


def click_timeout(session: WebSession) -> float:
    """How long a click that may start a navigation may take: the page's load is part of it (a loaded machine is slow)."""
    return max(session.action_timeout_ms, 15_000.0)


_MUTATIONS_JS = "() => window.__twMut ? window.__twMut.get() : -1"


async def mutations(session: WebSession) -> int:
    """The page's DOM mutation counter (observer.js), -1 when unknown."""
    async with mapped("read the page"):
        value = await session.evaluate(_MUTATIONS_JS)
    return int(value) if isinstance(value, (int, float)) else -1


async def after_action(session: WebSession, since: int, url_before: str, timeout_s: float = 3.0) -> None:
    """Wait for what an action started: a new document to load, or the DOM to change then go quiet.

    Never raises: a page that does nothing is simply left as it is after ``timeout_s``.
    """
    session.last = None  # the driver's cached snapshot is stale now
    await session.settle(timeout_s, since)
    if session.url != url_before:
        with contextlib.suppress(Exception):  # a page still loading is read as it is
            await session.wait_for_load(timeout_s * 1000)
    # Quiet period: async renders (a fetch, a setTimeout) usually land within a few hundred ms.
    for _ in range(10):
        before = await _safe_mutations(session)
        await session.settle(0.25, before)
        if await _safe_mutations(session) == before:
            return


async def _safe_mutations(session: WebSession) -> int:
    try:
        return await mutations(session)
    except Exception:  # navigating: the next read sees the new page
        return -2
