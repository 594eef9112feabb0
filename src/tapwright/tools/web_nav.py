"""``web.*`` navigation, tabs and waiting."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le, MaxLen, MinLen

from tapwright.core.fence import URL_FORMAT, SchemaFormat
from tapwright.drivers.web import WebSession, actions, checks
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.web_common import TargetArg, TimeoutMs, example, web_tool

# A tab's position from 0; -1 is the newest tab.
TabIndex = Annotated[int, Ge(-1), Le(1000)]

# A URL argument declares the ``uri-reference`` format: a secret placed in it is checked against
# the origin the URL goes to, not the page's (:mod:`tapwright.plan.destinations`).
Url = Annotated[str, MinLen(1), MaxLen(8192), SchemaFormat(URL_FORMAT)]


@web_tool([r"\b(go to|open|navigate|visit|load)\b"],
          [example("Open the login page", {"url": "/login"}, {"url": "http://127.0.0.1:8000/login", "title": "Login", "status": 200})],
          timeout_ms=60_000, idempotent=True, open_world=True)
async def navigate(session: WebSession, url: Url, allow_error_status: bool = False) -> dict[str, Any]:
    """Load a URL in the current tab. A path ("/login") is joined to the session's base URL.

    Only URLs allowed by the session's URL policy load (http and https by default), and
    every hop of a redirect chain is checked. An HTTP error status (400 and above) fails
    with NAVIGATION_FAILED unless ``allow_error_status`` is set.

    Args:
        url: An absolute URL or a path.
        allow_error_status: Accept a page answered with an HTTP error status (to test error pages).
    """
    out = await session.navigate(url, allow_error_status=allow_error_status)
    out["changed"] = True  # a load replaces the document even when the URL is the same
    return out


@web_tool([r"\bnew tab\b", r"\bopen\b.*\bin a new tab\b"], [example("Open a new tab on /help", {"url": "/help"})], timeout_ms=60_000, idempotent=False, open_world=True)
async def open_new_tab(session: WebSession, url: Url | None = None) -> dict[str, Any]:
    """Open a new tab (optionally loading a URL) and make it the current tab.

    Args:
        url: What to load in it (optional).
    """
    page = await session.open_tab(url)
    return {"index": session.current_index, "url": page.url, "tabs": len(session.pages), "changed": True}


@web_tool([r"\bswitch\b.*\btab\b", r"\b(go|back) to the .*tab\b"],
          [example("Switch to the second tab", {"index": 1}), example("Switch to the Help tab", {"title": "Help"}),
           example("Switch to the new tab", {"index": -1})], idempotent=True)
async def switch_tab(
    session: WebSession, index: TabIndex | None = None, title: Annotated[str, MaxLen(500)] | None = None
) -> dict[str, Any]:
    """Make another tab current, by its position (0 is the first, -1 the newest) or by part of its title.

    Args:
        index: The tab's position, from 0; -1 is the newest tab (a popup or a tab just opened).
        title: Part of the tab's title (case-insensitive).
    """
    if index is None and not title:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "give the tab's index or part of its title")
    if index is None:
        assert title is not None
        titles = [await p.title() for p in session.pages]
        hits = [i for i, t in enumerate(titles) if title.casefold() in t.casefold()]
        if not hits or hits == [session.current_index]:
            # "Switch to the Settings tab" with no other browser tab of that title: the page's own Settings tab.
            on_page = await _page_tab(session, title)
            if on_page is not None:
                return on_page
            if not hits:
                raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no tab titled {title!r}", data={"titles": titles})
        index = hits[0]
    page = session.switch_tab(index)
    await page.bring_to_front()
    return {"index": session.current_index, "url": page.url, "title": await page.title(), "changed": True}


async def _page_tab(session: WebSession, title: str) -> dict[str, Any] | None:
    """Click the tab of the page (role=tab) named ``title``, if there is exactly one; else None.

    The title is held word for word, as a browser tab's title is (part of it, any case): quoted to the locator, it is
    a literal, so a misspelt title ("VERSzqIONS") finds no "Versions" tab."""
    quoted = title.replace('"', "").strip()
    if not quoted:
        return None
    try:
        found = await session.find_element(f'"{quoted}" tab')
    except ToolFailure:
        return None
    if found.element.role != "tab" or found.score < 0.9:
        return None
    out = await actions.click(session, found.element.ref)
    return {**out, "page_tab": title}


@web_tool([r"\bclose\b.*\btab\b"], [example("Close this tab", {}), example("Close the second tab", {"index": 1}),
                                      example("Close the newest tab", {"index": -1})], idempotent=False)
async def close_tab(session: WebSession, index: TabIndex | None = None) -> dict[str, Any]:
    """Close a tab (the current one by default). The only tab left cannot be closed.

    Args:
        index: The tab's position, from 0; -1 is the newest tab (optional).
    """
    await session.close_tab(index)
    return {"tabs": len(session.pages), "current": session.current_index, "url": session.url, "changed": True}


@web_tool([r"\b(reload|refresh)\b"], [example("Reload the page", {})], timeout_ms=60_000, idempotent=False)
async def reload(session: WebSession) -> dict[str, Any]:
    """Reload the current tab."""
    out = await session.reload()
    out["changed"] = True
    return out


@web_tool([r"\bgo back\b", r"\bback button\b"], [example("Go back", {})], timeout_ms=60_000, idempotent=False)
async def go_back(session: WebSession) -> dict[str, Any]:
    """Go back one page in the tab's history."""
    out = await session.history("back")
    out["changed"] = out.pop("moved")
    return out


@web_tool([r"\bgo forward\b"], [example("Go forward", {})], timeout_ms=60_000, idempotent=False)
async def go_forward(session: WebSession) -> dict[str, Any]:
    """Go forward one page in the tab's history."""
    out = await session.history("forward")
    out["changed"] = out.pop("moved")
    return out


@web_tool([r"\bwait\b.*\b(second|sec|s)\b", r"\b(pause|sleep)\b"], [example("Wait 2 seconds", {"seconds": 2})], timeout_ms=65_000, read_only=True)
async def wait(session: WebSession, seconds: Annotated[float, Ge(0), Le(60)]) -> dict[str, Any]:
    """Wait a fixed time (0 to 60 seconds). Prefer wait_for, which stops as soon as the page is ready.

    Args:
        seconds: How long.
    """
    await asyncio.sleep(seconds)
    return {"waited_s": seconds}


@web_tool([r"\bwait (for|until)\b"],
          [example("Wait for the Welcome heading", {"target": "Welcome heading"}),
           example("Wait until 'Saved' appears", {"text": "Saved"}),
           example("Wait for the spinner to go away", {"target": "Loading spinner", "state": "hidden"})],
          timeout_ms=130_000, read_only=True)
async def wait_for(
    session: WebSession,
    target: TargetArg | None = None,
    text: Annotated[str, MinLen(1), MaxLen(500)] | None = None,
    state: Literal["visible", "hidden", "attached", "detached"] = "visible",
    timeout_ms: TimeoutMs = 10_000,
) -> dict[str, Any]:
    """Wait until an element (or a text) is visible, hidden, attached or detached.

    Args:
        target: The element, as a description, selector or ref.
        text: A text to wait for anywhere on the page, instead of an element.
        state: What to wait for.
        timeout_ms: Give up (TIMEOUT) after this many milliseconds.
    """
    return await checks.wait_for(session, target, text, state, timeout_ms)
