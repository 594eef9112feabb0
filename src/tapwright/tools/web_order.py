"""``web.verify_order``: where texts stand in the list, table or grid that holds them ("A should be listed
first", '"A" should appear above "B"', '"A", "B" and "C" should be listed in this order').

An element check cannot say it: a position is a relation between a row and its neighbours. Each text is
looked for as whole words (never inside a longer word) in the page's visible elements; the row or entry it
is in is its item (a table or ARIA row, a list item, an option, or a repeated block beside siblings drawn
the same way), and its position is counted among that container's visible items as they are seen, top to
bottom. Header rows are not items. The check passes when the texts stand in the order given, all in one
container; with ``at``, the first text is its container's first item ("first") or the last text its last
("last"). A text found in several items is ambiguous and fails saying so; a check never picks one.

Waits (up to the action timeout) for the page to agree, as other checks do. Only what the page has drawn
is counted: the first row of a table with pages is the first row of the page shown.
"""

from __future__ import annotations

import itertools
from typing import Annotated, Any, Literal

from annotated_types import Ge, MaxLen, MinLen

from tapwright.drivers.web import WebSession, checks
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools._page import evaluate
from tapwright.tools.web_common import example, web_tool


def judge(items: list[dict[str, Any]], at: str | int | None) -> tuple[str | None, dict[str, Any]]:
    """(why the order does not hold, or None; what was read) from order.js's items."""
    places = []
    for item in items:
        if not item["found"]:
            return f"{item['text']!r} is not in any row or list item on the page", {}
        if item["found"] > 1:
            where = ", ".join(f"item {p['position']} of {p['name']}" for p in item["places"][:4])
            return f"{item['text']!r} is in {item['found']} items ({where}): say which one", {}
        places.append(item["places"][0])
    if len({p["container"] for p in places}) > 1:
        said = "; ".join(f"{i['text']!r} in {p['name']}" for i, p in zip(items, places, strict=True))
        return f"the texts are not in one list or table ({said})", {}
    positions = [p["position"] for p in places]
    read = {"container": places[0]["name"], "items": places[0]["count"], "positions": positions}
    shown = ", ".join(f"{i['text']!r} is item {n}" for i, n in zip(items, positions, strict=True))
    total = f"of {places[0]['count']} in {places[0]['name']}"
    if any(a >= b for a, b in itertools.pairwise(positions)):
        return f"not in the order given: {shown} {total}", read
    if at == "first" and positions[0] != 1:
        return f"{items[0]['text']!r} is not the first item: it is item {positions[0]} {total}", read
    if at == "last" and positions[-1] != places[-1]["count"]:
        return f"{items[-1]['text']!r} is not the last item: it is item {positions[-1]} {total}", read
    if isinstance(at, int) and positions[0] != at:
        return f"{items[0]['text']!r} is not item {at}: it is item {positions[0]} {total}", read
    return None, read


@web_tool([r"\b(first|last|top|bottom|before|after|above|below|in (this|that) order)\b"],
          [example('"Write report" should be listed first', {"texts": ["Write report"], "at": "first"},
                   {"container": "a table", "items": 6, "positions": [1], "at": "first"}),
           example('"Alpha" should appear above "Omega"', {"texts": ["Alpha", "Omega"]},
                   {"container": "a list", "items": 4, "positions": [1, 3], "at": None})],
          read_only=True)  # fmt: skip
async def verify_order(
    session: WebSession,
    texts: Annotated[list[Annotated[str, MinLen(1), MaxLen(500)]], MinLen(1), MaxLen(20)],
    at: Literal["first", "last"] | Annotated[int, Ge(1)] | None = None,
) -> dict[str, Any]:
    """Check that texts stand in this order, top to bottom, among the rows or items of one list, table or grid.

    Args:
        texts: The texts, in the order they must be seen (one text with ``at``: where it stands).
        at: "first": the first text is the first item of its list; "last": the last text is its last item; a
            number: the first text is that item (1 is the first).
    """
    if at is None and len(texts) < 2:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "one text has no order: give two or more, or say whether it is first or last")
    seen: dict[str, str] = {}

    async def check() -> dict[str, Any] | None:
        read = await evaluate(session, "order.js", {"texts": list(texts)}, "web.verify_order")
        problem, found = judge(read["items"], at)
        if problem is not None:
            seen["problem"] = problem
            return None
        return {**found, "at": at}

    async def failure() -> str:
        return seen.get("problem", "the order could not be read")

    return dict(await checks.verify(check, session.action_timeout_ms, failure, session))
