"""The ``nav`` pack: infinite scroll, pagination (next links, page numbers, "load more"), category paths, click by text.

Every loop is bounded by a count and by time: a feed that never runs out stops at the
limit and says so (``stopped``), it does not hang.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le, MaxLen, MinLen

from tapwright.drivers.web import WebSession
from tapwright.drivers.web.errors import mapped
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.registry.spec import ToolSpec
from tapwright.registry.toolset import Toolset
from tapwright.tools._packs import example, pack_tool
from tapwright.tools._page import after_action, click_timeout, evaluate, mutations
from tapwright.tools._schemas import with_output

SPECS: list[ToolSpec] = []
_JS = "nav.js"
Collect = Literal["", "products", "articles", "links", "tables"]


def _tool(**kw: Any) -> Callable[[Callable[..., Any]], ToolSpec]:
    return pack_tool(SPECS, "navigation", **kw)


async def _click(session: WebSession, tag: str) -> None:
    since, url = await mutations(session), session.url
    async with mapped("click"):
        await session.locator(f'[data-tw-c="{tag}"]').first.click(timeout=click_timeout(session))
    await after_action(session, since, url)


@_tool(
    triggers=[r"\b(scroll|infinite|load (all|every|more)|keep loading)\b"],
    examples=[example("Scroll until every story is loaded", {"times": 20},
                      {"scrolls": 5, "items": 50, "new_items": 40, "stopped": "nothing_new", "seconds": 2.1})],
    aliases=("navigation.scroll_load", "navigation.infinite_scroll"),
    timeout_ms=180_000,
    idempotent=False,
)
async def scroll_load(
    session: WebSession,
    times: Annotated[int, Ge(1), Le(1000)] = 20,
    wait_ms: Annotated[int, Ge(50), Le(30_000)] = 1_000,
    max_items: Annotated[int, Ge(0)] = 0,
    max_seconds: Annotated[float, Ge(0.5), Le(170)] = 30.0,
    items: Annotated[str, MaxLen(300)] = "",
) -> dict[str, Any]:
    """Scroll to the bottom again and again until nothing new loads, bounded by scrolls, items and time.

    Args:
        times: At most this many scrolls.
        wait_ms: How long to wait for new content after each scroll before deciding nothing came.
        max_items: Stop once this many items are on the page (0: no limit).
        max_seconds: Stop after this long in any case.
        items: A CSS selector for one item, to count items precisely (cards, rows, posts by default).
    """
    started = time.monotonic()
    first = await evaluate(session, _JS, {"kind": "measure", "items": items}, "nav.scroll_load")
    last = first
    stopped, scrolls = "max_scrolls", 0
    for scrolls in range(1, times + 1):  # noqa: B007 - the count after the loop is reported
        since = await mutations(session)
        await evaluate(session, _JS, {"kind": "scroll", "items": items}, "nav.scroll_load")
        grown = False
        deadline = time.monotonic() + wait_ms / 1000
        while time.monotonic() < deadline:
            await session.settle(max(0.05, deadline - time.monotonic()), since)
            now = await evaluate(session, _JS, {"kind": "measure", "items": items}, "nav.scroll_load")
            since = await mutations(session)
            if now["height"] > last["height"] or now["items"] > last["items"]:
                grown = True
                await session.settle(0.15, since)  # let the rest of the batch land
                now = await evaluate(session, _JS, {"kind": "measure", "items": items}, "nav.scroll_load")
                last = now
                break
        if not grown:
            stopped = "nothing_new"
            break
        if max_items and last["items"] >= max_items:
            stopped = "max_items"
            break
        if time.monotonic() - started >= max_seconds:
            stopped = "max_seconds"
            break
    session.last = None
    return {"scrolls": scrolls, "items": last["items"], "new_items": last["items"] - first["items"], "stopped": stopped,
            "seconds": round(time.monotonic() - started, 2)}  # fmt: skip


@_tool(
    triggers=[r"\b(pages?|paginat\w*|next page|load more|show more)\b", r"\bfirst (two|three|four|five|\d+) pages\b"],
    examples=[example("Collect every article from the first three pages", {"pages": 3, "collect": "articles"},
                      {"pages": 3, "stopped": "pages", "urls": ["/news", "/news?p=2", "/news?p=3"], "records": [], "count": 0})],
    aliases=("navigation.pagination", "navigation.paginate"),
    timeout_ms=180_000,
    idempotent=False,
)
async def paginate(
    session: WebSession, pages: Annotated[int, Ge(1), Le(200)] = 2, collect: Collect = "",
    max_seconds: Annotated[float, Ge(1), Le(170)] = 60.0,
) -> dict[str, Any]:
    """Go through pages by rel=next, a "Next" link, the next page number or a "load more" button; optionally collect records.

    Args:
        pages: How many pages in all (the current one counts as the first).
        collect: Extract these records on every page and merge them (duplicates by url dropped).
        max_seconds: Stop after this long in any case.
    """
    from tapwright.tools import extract

    started = time.monotonic()
    records: list[dict[str, Any]] = []
    seen: set[str] = set()
    urls = [session.url]
    stopped, how = "pages", []

    async def gather() -> None:
        if not collect:
            return
        spec = getattr(extract, collect)
        assert spec.func is not None
        out = await spec.func(session)
        for rec in out[collect]:
            key = repr(rec.get("url") or rec)
            if key not in seen:
                seen.add(key)
                records.append(rec)

    await gather()
    for _ in range(pages - 1):
        if time.monotonic() - started >= max_seconds:
            stopped = "max_seconds"
            break
        control = await evaluate(session, _JS, {"kind": "next"}, "nav.paginate")
        if not control:
            stopped = "no_next"
            break
        how.append(control["how"])
        await _click(session, control["id"])
        urls.append(session.url)
        await gather()
    out: dict[str, Any] = {"pages": len(urls), "stopped": stopped, "urls": urls, "how": how}
    if collect:
        out.update({collect: records, "records": records, "count": len(records)})
    return out


@_tool(
    triggers=[r"\bcategor(y|ies)\b", r"\bmenu\b", r"\w+\s*>\s*\w+", r"\bin the \w+ (section|department)\b"],
    examples=[example("Open Outdoor > Tents", {"path": "Outdoor > Tents"}, {"path": ["Outdoor", "Tents"], "url": "/products?cat=Outdoor+%3E+Tents"})],
    aliases=("navigation.category_select", "navigation.category", "navigation.menu"),
    idempotent=False,
)
async def category(session: WebSession, path: Annotated[str, MinLen(1), MaxLen(500)]) -> dict[str, Any]:
    """Open a category or menu path such as "Outdoor > Tents": each level is clicked (expanding it) in turn.

    Args:
        path: Levels separated by ">" or "/" ("Outdoor > Tents").
    """
    steps = [p.strip() for p in re.split(r"\s*[>/›»]\s*", path) if p.strip()]
    if not steps:
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path!r} names no category")
    for i, step in enumerate(steps):
        found = await evaluate(session, _JS, {"kind": "clickables", "text": step, "exact": False}, "nav.category")
        if not found:
            done = " > ".join(steps[:i]) or "the page"
            raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no category {step!r} under {done}")
        pick = found[0]
        last = i == len(steps) - 1
        if not last and pick.get("expanded") == "true":
            continue  # already open
        if pick.get("expanded") is not None and not pick.get("href"):
            if pick.get("expanded") != "true":
                await _click(session, pick["id"])  # open the node
            if not last:
                continue
            # The path ends on a node that only expands: its own link ("All Outdoor", "Outdoor (12)") opens it.
            inner = await evaluate(session, _JS, {"kind": "clickables", "text": step, "exact": False}, "nav.category")
            links = [c for c in inner if c.get("href")]
            if not links:
                raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"{step!r} only expands; no link under it opens it")
            pick = links[0]
        await _click(session, pick["id"])
    return {"path": steps, "url": session.url}


@_tool(
    triggers=[r"\bclick\b.*[\"'“].+[\"'”]", r"\b(click|press|tap|open)\b"],
    examples=[example("Click 'Add to cart'", {"text": "Add to cart"}, {"clicked": "Add to cart", "tag": "button", "url": "/products"})],
    aliases=("navigation.click_by_text", "navigation.click"),
    idempotent=False,
)
async def click_text(session: WebSession, text: Annotated[str, MinLen(1), MaxLen(300)], exact: bool = False, nth: Annotated[int, Ge(0)] = 0) -> dict[str, Any]:
    """Click the link or button showing ``text`` (an exact match first, then one starting with or containing it).

    Args:
        text: The visible text (or aria-label) of the element.
        exact: Only an exact (case-insensitive) match.
        nth: Which of several equally good matches (0 = first).
    """
    found = await evaluate(session, _JS, {"kind": "clickables", "text": text, "exact": exact}, "nav.click_text")
    if not found:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"nothing clickable shows {text!r}")
    best = [f for f in found if f["rank"] == found[0]["rank"]]
    if nth >= len(best):
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"only {len(best)} elements show {text!r}; nth={nth} is out of range")
    pick = best[nth]
    await _click(session, pick["id"])
    return {"clicked": pick["text"], "tag": pick["tag"], "url": session.url, "matches": len(best)}


_INT, _STR = {"type": "integer", "minimum": 0}, {"type": "string"}
_OUTPUTS: dict[str, dict[str, Any]] = {
    "scroll_load": {"type": "object", "required": ["scrolls", "items", "new_items", "stopped"],
                    "properties": {"scrolls": _INT, "items": _INT, "new_items": {"type": "integer"}, "seconds": {"type": "number"},
                                   "stopped": {"enum": ["nothing_new", "max_scrolls", "max_items", "max_seconds"]}}},
    "paginate": {"type": "object", "required": ["pages", "stopped", "urls"],
                 "properties": {"pages": _INT, "stopped": {"enum": ["pages", "no_next", "max_seconds"]},
                                "urls": {"type": "array", "items": _STR}, "records": {"type": "array"}, "count": _INT}},
    "category": {"type": "object", "required": ["path", "url"], "properties": {"path": {"type": "array", "items": _STR}, "url": _STR}},
    "click_text": {"type": "object", "required": ["clicked", "url"], "properties": {"clicked": _STR, "tag": _STR, "url": _STR, "matches": _INT}},
}  # fmt: skip
for _spec in SPECS:
    with_output(_spec, _OUTPUTS[_spec.name])


def toolset() -> Toolset:
    """The navigation pack, namespaced ``nav.``."""
    return Toolset.of("nav", SPECS, "Scroll feeds, page through results, open category paths, click by text")
