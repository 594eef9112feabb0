"""``web.verify_rows``: a check over every row of a table ("every row should show department Finance").

One element's check cannot say it: the rows are many and their number is known only on the page. The
table is the one whose column heading is the field named; each data row's cell under it is compared
with the values given (equal, whitespace and case aside). Rows whose cells are all empty (a row of
filter boxes) are not data. Only the rows the page has drawn are read: a grid that draws rows as they
are scrolled to, or a table with pages, is checked on what it shows, and the result says how many rows
that was.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from annotated_types import Ge, MaxLen, MinLen

from tapwright.drivers.web import WebSession, checks
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools._page import evaluate
from tapwright.tools.web_common import example, web_tool

_MAX_SHOWN = 5


def _norm(text: Any) -> str:
    return " ".join(unicodedata.normalize("NFKC", str(text)).split()).casefold()


def _data_rows(table: dict[str, Any]) -> list[list[Any]]:
    """The rows of a table that hold something (a row of filter boxes, all empty, is no data)."""
    return [r for r in table["rows"] if any(str(c).strip() for c in r)]


def _shows(item: str, value: str) -> bool:
    """Whether a list item's text shows ``value`` (normalised) as whole words, apart by spaces (or brackets, quotes,
    and punctuation before a space, also several: '{ "ticket": "T-1041", ... }' shows "T-1041"): "bag_clip.gcode
    12 KB" shows "bag_clip.gcode", never "bag_clip"."""
    return re.search(rf"(?<![^\s(\[{{\"']){re.escape(value)}(?=$|\s|[,;:.!?)\]}}\"']+(?:\s|$))", _norm(item)) is not None


async def _lists_as_tables(session: WebSession) -> list[dict[str, Any]]:
    """The page's lists (not definition lists), each as a table of one column whose rows are its items: a page with
    no table lists its records so ("only A and B should be listed")."""
    lists = await evaluate(session, "extract.js", {"kind": "lists"}, "web.verify_rows")
    return [{"name": x["name"], "headers": [""], "rows": [[item] for item in x["items"]], "list": True}
            for x in lists if x.get("kind") != "definitions" and x.get("items")]  # fmt: skip


def _column(tables: list[dict[str, Any]], column: str | None) -> tuple[dict[str, Any], int]:
    """The one table with a column headed ``column``, and that column's index (-1: every column, when no column
    is named: the one table that has data rows)."""
    if column is None:
        full = [t for t in tables if any(any(str(c).strip() for c in r) for r in t["rows"])]
        if not full:
            raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, "no table with data rows on the page")
        if len(full) > 1:  # a listing has a row of column headings; a table of captions and values has none
            headed = [t for t in full if any(str(h).strip() for h in t["headers"])]
            full = headed if len(headed) == 1 else full
        if len(full) > 1:
            raise ToolFailure(ErrorCode.AMBIGUOUS, f"{len(full)} tables have data rows: "
                              f"{', '.join(repr(t['name']) for t in full)}; name the column to check")  # fmt: skip
        return full[0], -1
    want = _norm(column)
    found = [(t, k) for t in tables for k, h in enumerate(t["headers"]) if _norm(h) == want]
    if not found:
        heads = [", ".join(str(h) for h in t["headers"] if str(h).strip())[:200] for t in tables]
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no table has a column headed {column!r}"
                          + (f" (columns: {'; '.join(heads)})" if heads else " (no table on the page)"))  # fmt: skip
    if len(found) > 1:
        raise ToolFailure(ErrorCode.AMBIGUOUS, f"{len(found)} tables have a column headed {column!r}: "
                          f"{', '.join(repr(t['name']) for t, _ in found)}")  # fmt: skip
    return found[0]


@web_tool([r"\b(every|each|all|no) (rows?|records?|entries)\b"],
          [example('Every row should show department "Finance"', {"column": "department", "values": ["Finance"]},
                   {"column": "department", "rows": 6, "table": "Expenses"}),
           example('No row should have status "Draft" or "Rejected"',
                   {"column": "status", "values": ["Draft", "Rejected"], "none": True})],
          read_only=True)  # fmt: skip
async def verify_rows(
    session: WebSession,
    values: Annotated[list[Annotated[str, MaxLen(1000)]], MinLen(1), MaxLen(50)],
    column: Annotated[str, MinLen(1), MaxLen(200)] | None = None,
    none: bool = False,
    each: bool = False,
    count: Annotated[int, Ge(1)] | None = None,
) -> dict[str, Any]:
    """Check every data row of a table: its cell in ``column`` is one of ``values`` (or, with none, is none of them).

    With no column, the page's one table with data rows, and any of a row's cells ("only A and B should be
    listed": each row shows A or B as one of its cells, and with ``each``, both are there); a page with no table
    has its records as a list's items, each showing one of the values as whole words.

    A table is an HTML table or a grid drawn with ARIA roles (``grid``, ``row``, ``columnheader``, ``gridcell``);
    one not shown (in a closed dialog or tab) is not read.

    Waits (up to the action timeout) for the table to agree, as other checks do. A table with no data
    row fails: "every row" of nothing is not shown to hold.

    Args:
        column: The column heading, as shown (case aside).
        values: The cell must equal one of these (whitespace and case aside).
        none: Instead, no row's cell may equal any of them.
        each: Also, each of the values must be some row's cell ("only A and B should appear": both do).
        count: Also, the table has exactly this many data rows ("the only row should be A": one).
    """
    wanted = {_norm(v) for v in values}
    seen: dict[str, Any] = {}

    async def check() -> dict[str, Any] | None:
        tables = await evaluate(session, "extract.js", {"kind": "tables"}, "web.verify_rows")
        if column is None and not any(_data_rows(t) for t in tables):
            tables = await _lists_as_tables(session)
        try:
            table, k = _column(tables, column)
        except ToolFailure as exc:  # the table may still be drawing: looked for again until the time is up
            seen["problem"] = exc
            return None
        seen.pop("problem", None)
        rows = _data_rows(table)
        cells = [[str(c) for c in r] if k < 0 else [str(r[k]) if k < len(r) else ""] for r in rows]
        # A table's cell is one of the values; a list's item (a name with more beside it) shows one as its words.
        holds = _shows if table.get("list") else (lambda x, v: _norm(x) == v)
        wrong = [(n + 1, " | ".join(c)) for n, c in enumerate(cells) if any(holds(x, v) for x in c for v in wanted) == none]
        missing = [v for v in values if each and not any(holds(x, _norm(v)) for c in cells for x in c)]
        seen.update(table=table["name"], rows=len(rows), wrong=wrong, missing=missing)
        if not rows or wrong or missing or (count is not None and len(rows) != count):
            return None
        return {"table": table["name"], "column": table["headers"][k] if k >= 0 else None, "rows": len(rows),
                "values": list(values), "none": none, **({"count": count} if count is not None else {})}  # fmt: skip

    async def failure() -> str:
        if "rows" not in seen:
            return f"no table with a column {column!r} was read" if column else "no table was read"
        if not seen["rows"]:
            return f"the table {seen['table']!r} has no data rows to check"
        wrong = seen["wrong"]
        if not wrong and not seen["missing"] and count is not None:
            return f"{seen['table']!r} has {seen['rows']} data rows, not {count}"
        if not wrong and seen["missing"]:
            absent = " and ".join(repr(v) for v in seen["missing"])
            where = f"in its {column!r} column" if column else "as a cell"
            return f"no row of {seen['table']!r} has {absent} {where} ({seen['rows']} rows read)"
        said = " or ".join(repr(v) for v in values)
        shown = ", ".join(f"row {n}: {c[:60]!r}" for n, c in wrong[:_MAX_SHOWN])
        more = f" and {len(wrong) - _MAX_SHOWN} more" if len(wrong) > _MAX_SHOWN else ""
        how = f"{'is' if none else 'is not'} {said}"
        if not column:
            return (f"{len(wrong)} of {seen['rows']} rows of {seen['table']!r} "
                    f"{'have' if none else 'have no'} cell that is {said} ({shown}{more})")
        return f"{len(wrong)} of {seen['rows']} rows of {seen['table']!r} have a {column!r} that {how} ({shown}{more})"

    return await verify_table(session, check, failure, seen)


async def verify_table(session: WebSession, check: Callable[[], Awaitable[dict[str, Any] | None]],
                       failure: Callable[[], Awaitable[str]], seen: dict[str, Any]) -> dict[str, Any]:
    """:func:`checks.verify` for a check over a table's column: a table or column that was never found (the
    ``ToolFailure`` last kept as ``seen["problem"]``) is said as such, not as a failed comparison."""
    try:
        return dict(await checks.verify(check, session.action_timeout_ms, failure, session))
    except ToolFailure:
        if "problem" in seen:
            problem = seen["problem"]
            problem.waited = True  # looked for until the time was up
            raise problem from None  # no such column (or several tables have it): said as such
        raise
