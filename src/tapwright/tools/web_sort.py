"""``web.sort_table``: sort a table by a column in the order asked ("highest amount first"), and show it is so;
``web.verify_sorted``: check that a column reads in an order, clicking nothing.

One click on a column heading sorts in whatever order the page picks first, and pages differ: a step that
asks for an order is done only when the column reads in that order. So the column's cells are read; when
they are not yet in the order asked, the heading is clicked, and read again, at most three times (pages
cycle ascending, descending, unsorted). The step passes only on the column reading in that order, and says
how many clicks it took (none when the table already was); otherwise it fails, showing what the column read.

Cells compare as numbers when every non-empty cell of the column reads as one (currency signs, thousands
separators and units aside), else as text (case aside; ISO dates and times sort as text). Only the rows the
page has drawn are read, as for ``web.verify_rows``.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from typing import Annotated, Any, Literal

from annotated_types import MaxLen, MinLen

from tapwright.drivers.web import WebSession
from tapwright.drivers.web.errors import mapped
from tapwright.drivers.web.icon_words import with_icons
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools import web_rows
from tapwright.tools._page import evaluate
from tapwright.tools.web_common import example, web_tool

_MAX_CLICKS = 3
_NUMBER = re.compile(r"^[^\d\-+.]*([-+]?\d[\d,\s\u00a0\u202f']*(?:\.\d+)?)\s*[^\d]*$")


def _norm(text: Any) -> str:
    return " ".join(unicodedata.normalize("NFKC", str(text)).split()).casefold()


def _number(cell: str) -> float | None:
    m = _NUMBER.match(cell.strip())
    if m is None:
        return None
    digits = re.sub(r"[,\s\u00a0\u202f']", "", m.group(1))
    try:
        return float(digits)
    except ValueError:
        return None


def _keys(cells: list[str]) -> list[Any]:
    """The column's non-empty cells as sort keys: all numbers, or all text."""
    shown = [c for c in cells if c.strip()]
    numbers = [_number(c) for c in shown]
    if shown and all(n is not None for n in numbers):
        return numbers
    return [_norm(c) for c in shown]


def in_order(cells: list[str], order: str) -> bool:
    """Whether the column's non-empty cells read in ``order`` ("ascending" or "descending"); ties allowed.
    A column of fewer than two different values is in no order that a sort could show."""
    keys = _keys(cells)
    if len(set(keys)) < 2:
        return False
    pairs = list(itertools.pairwise(keys))
    return all(a <= b for a, b in pairs) if order == "ascending" else all(a >= b for a, b in pairs)


def _column(tables: list[dict[str, Any]], column: str) -> tuple[dict[str, Any], int]:
    """The one table column headed ``column`` (:func:`web_rows._column`), else the one heading that holds all
    its words (a heading drawn with a sort arrow's name: "Amount arrow_upward")."""
    try:
        return web_rows._column(tables, column)
    except ToolFailure as exc:
        if exc.code is not ErrorCode.ELEMENT_NOT_FOUND:
            raise
        words = set(_norm(column).split())
        found = [(t, k) for t in tables for k, h in enumerate(t["headers"]) if words and words <= set(_norm(h).split())]
        if len(found) != 1:
            raise
        return found[0]


async def _read(session: WebSession, column: str) -> tuple[str, str, list[str]]:
    """The table's name, the column's heading as shown, and its cells in the data rows drawn."""
    tables = await evaluate(session, "extract.js", {"kind": "tables"}, "web.sort_table")
    table, k = _column(tables, column)
    rows = [r for r in table["rows"] if any(str(c).strip() for c in r)]
    return str(table["name"]), str(table["headers"][k]), [str(r[k]) if k < len(r) else "" for r in rows]


@web_tool([r"\bsort\b.*\b(descending|ascending|highest|lowest|newest|oldest|largest|smallest|first)\b"],
          [example("Sort the table by Amount, highest first", {"column": "Amount", "order": "descending"},
                   {"column": "Amount", "order": "descending", "clicks": 2, "rows": 12})],
          idempotent=True)  # fmt: skip
async def sort_table(
    session: WebSession,
    column: Annotated[str, MinLen(1), MaxLen(200)],
    order: Literal["ascending", "descending"],
) -> dict[str, Any]:
    """Sort a table by one column in the order asked, clicking its heading until the column reads so (at most 3).

    Args:
        column: The column heading, as shown (case aside).
        order: ascending (lowest, oldest, A first) or descending (highest, newest, Z first).
    """
    name, heading, cells = await _read(session, column)
    clicks = 0
    while not in_order(cells, order):
        if clicks == _MAX_CLICKS:
            shown = ", ".join(repr(c[:30]) for c in cells[:8])
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"clicked the {heading!r} heading {clicks} times and the "
                              f"column never read in {order} order (it reads {shown})")
        await _click_heading(session, heading)
        clicks += 1
        before, cells = cells, await _settled(session, column, cells)
        if cells == before:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"clicking the {heading!r} heading did not re-order the "
                              f"column (click {clicks}): it is not sorted in {order} order")
        name, heading, _ = await _read(session, column)
    return {"table": name, "column": heading, "order": order, "clicks": clicks, "rows": len(cells)}


# The middle of the first heading cell shown that reads ``heading`` (what extract.js read as the column's
# heading), scrolled into view: a person clicks the heading they read.
_HEADING_JS = with_icons("""(heading) => {
  const icons = twIcons();  // a sort arrow drawn by an icon font is not part of the heading
  const clean = (t) => (t || "").replace(/\\s+/g, " ").trim();
  const cells = [...document.querySelectorAll("table th, table [role=columnheader]")];
  const cell = cells.find((c) => clean(icons.text(c)) === heading && c.getClientRects().length > 0);
  if (!cell) return null;
  cell.scrollIntoView({ block: "nearest", inline: "nearest" });
  const r = cell.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}""")


async def _click_heading(session: WebSession, heading: str) -> None:
    """Click the column heading cell that reads ``heading`` (found on the page, not by a description that
    a form field of the same name could answer)."""
    async with mapped("click"):
        point = await session.evaluate(_HEADING_JS, heading)
    if not point:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no heading cell reads {heading!r} to click")
    await session.click_at(float(point[0]), float(point[1]))


async def _settled(session: WebSession, column: str, before: list[str]) -> list[str]:
    """The column's cells once the click has re-drawn it (or the action timeout has passed)."""
    cells = before
    for _ in range(20):
        cells = (await _read(session, column))[2]
        if cells != before:
            return cells
        await session.settle(min(0.25, session.action_timeout_ms / 1000), session.seen_mutations())
    return cells


@web_tool([r"\b(sorted|ordered)\b"],
          [example("The table should be sorted by Amount, highest first", {"column": "Amount", "order": "descending"},
                   {"table": "Expenses", "column": "Amount", "order": "descending", "rows": 12})],
          read_only=True)  # fmt: skip
async def verify_sorted(
    session: WebSession,
    column: Annotated[str, MinLen(1), MaxLen(200)],
    order: Literal["ascending", "descending"] | None = None,
) -> dict[str, Any]:
    """Check that a table's column reads in the order given (nothing is clicked: web.sort_table sorts).

    With no order, either order passes and the result says which. A column of fewer than two different
    values shows no order and fails. Waits (up to the action timeout) for the table to agree.

    Args:
        column: The column heading, as shown (case aside).
        order: ascending (lowest, oldest, A first) or descending (highest, newest, Z first); None: either.
    """
    seen: dict[str, Any] = {}

    async def check() -> dict[str, Any] | None:
        try:
            name, heading, cells = await _read(session, column)
        except ToolFailure as exc:  # the table may still be drawing: looked for again until the time is up
            seen["problem"] = exc
            return None
        seen.pop("problem", None)
        seen.update(heading=heading, cells=cells)
        found = next((o for o in ((order,) if order else ("ascending", "descending")) if in_order(cells, o)), None)
        if found is None:
            return None
        return {"table": name, "column": heading, "order": found, "rows": len(cells)}

    async def failure() -> str:
        cells = seen.get("cells", [])
        shown = ", ".join(repr(c[:30]) for c in cells[:8]) + (" ..." if len(cells) > 8 else "")
        said = f"{order} order" if order else "any order"
        return f"the {seen.get('heading', column)!r} column is not in {said} (it reads {shown})"

    return await web_rows.verify_table(session, check, failure, seen)
