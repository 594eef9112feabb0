"""``web.verify_rows``: a check over every row of a table ("every row should show department Finance").

One element's check cannot say it: the rows are many and their number is known only on the page. The
table is the one whose column heading is the field named; each data row's cell under it is compared
with the values given (equal, whitespace and case aside). Rows whose cells are all empty (a row of
filter boxes) are not data. Only the rows the page has drawn are read: a grid that draws rows as they
are scrolled to, or a table with pages, is checked on what it shows, and the result says how many rows
that was.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any

from annotated_types import MaxLen, MinLen

from tapwright.drivers.web import WebSession, checks
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools._page import evaluate
from tapwright.tools.web_common import example, web_tool

_MAX_SHOWN = 5


def _norm(text: Any) -> str:
    return " ".join(unicodedata.normalize("NFKC", str(text)).split()).casefold()


def _column(tables: list[dict[str, Any]], column: str) -> tuple[dict[str, Any], int]:
    """The one table with a column headed ``column``, and that column's index."""
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
    column: Annotated[str, MinLen(1), MaxLen(200)],
    values: Annotated[list[Annotated[str, MaxLen(1000)]], MinLen(1), MaxLen(50)],
    none: bool = False,
    each: bool = False,
) -> dict[str, Any]:
    """Check every data row of a table: its cell in ``column`` is one of ``values`` (or, with none, is none of them).

    Waits (up to the action timeout) for the table to agree, as other checks do. A table with no data
    row fails: "every row" of nothing is not shown to hold.

    Args:
        column: The column heading, as shown (case aside).
        values: The cell must equal one of these (whitespace and case aside).
        none: Instead, no row's cell may equal any of them.
        each: Also, each of the values must be some row's cell ("only A and B should appear": both do).
    """
    wanted = {_norm(v) for v in values}
    seen: dict[str, Any] = {}

    async def check() -> dict[str, Any] | None:
        tables = await evaluate(session, "extract.js", {"kind": "tables"}, "web.verify_rows")
        try:
            table, k = _column(tables, column)
        except ToolFailure as exc:  # the table may still be drawing: looked for again until the time is up
            seen["problem"] = exc
            return None
        seen.pop("problem", None)
        rows = [r for r in table["rows"] if any(str(c).strip() for c in r)]
        cells = [str(r[k]) if k < len(r) else "" for r in rows]
        wrong = [(n + 1, c) for n, c in enumerate(cells) if (_norm(c) in wanted) == none]
        present = {_norm(c) for c in cells}
        missing = [v for v in values if each and _norm(v) not in present]
        seen.update(table=table["name"], rows=len(rows), wrong=wrong, missing=missing)
        if not rows or wrong or missing:
            return None
        return {"table": table["name"], "column": table["headers"][k], "rows": len(rows), "values": list(values),
                "none": none}  # fmt: skip

    async def failure() -> str:
        if "rows" not in seen:
            return f"no table with a column {column!r} was read"
        if not seen["rows"]:
            return f"the table {seen['table']!r} has no data rows to check"
        wrong = seen["wrong"]
        if not wrong and seen["missing"]:
            absent = " and ".join(repr(v) for v in seen["missing"])
            return f"no row of {seen['table']!r} has {absent} in its {column!r} column ({seen['rows']} rows read)"
        said = " or ".join(repr(v) for v in values)
        shown = ", ".join(f"row {n}: {c[:60]!r}" for n, c in wrong[:_MAX_SHOWN])
        more = f" and {len(wrong) - _MAX_SHOWN} more" if len(wrong) > _MAX_SHOWN else ""
        how = f"{'is' if none else 'is not'} {said}"
        return f"{len(wrong)} of {seen['rows']} rows of {seen['table']!r} have a {column!r} that {how} ({shown}{more})"

    try:
        return dict(await checks.verify(check, session.action_timeout_ms, failure, session))
    except ToolFailure:
        if "problem" in seen:
            problem = seen["problem"]
            problem.waited = True  # looked for until the time was up
            raise problem from None  # no such column (or several tables have it): said as such
        raise
