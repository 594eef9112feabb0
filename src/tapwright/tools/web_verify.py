"""``web.*`` checks the catalog does not hold: verify_value, verify_url, verify_title, verify_count (ASSERTION_FAILED when false).

get_text, get_value, verify_visible, verify_not_visible, verify_text and verify_state are catalog
actions (:mod:`tapwright.tools.actions`).

Verifications wait (up to the session's action timeout) for the condition to hold,
as Playwright's web-first assertions do, so they do not flake on a page still rendering.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from annotated_types import Ge, MaxLen

from tapwright.drivers.web import WebSession, actions, checks
from tapwright.errors import ToolFailure
from tapwright.locator.count import count as locator_count
from tapwright.tools.web_common import TargetArg, example, web_tool

Expected = Annotated[str, MaxLen(10_000)]
MatchArg = Literal["contains", "equals", "regex"]







@web_tool([r"\b(value|field)\b.*\b(should be|is|contains|equals)\b"],
          [example("Verify Email holds a@b.c", {"target": "Email field", "value": "a@b.c"}, {"value": "a@b.c"})], read_only=True)
async def verify_value(session: WebSession, target: TargetArg, value: Expected) -> dict[str, Any]:
    """Check that a form field holds exactly this value ("true"/"false" for checkboxes; a dropdown's chosen label or value).

    Args:
        target: The field, as a description, selector or ref.
        value: The value expected.
    """
    seen: list[str] = []

    async def check() -> dict[str, Any] | None:
        out = await actions.read(session, target, "value")
        got = out["value"]
        actual = str(got).lower() if isinstance(got, bool) else str(got)
        option_value = out.get("option_value")
        seen[:] = [repr(actual[:200]) + (f" (value {option_value[:100]!r})" if option_value is not None else "")]
        want = value.strip()
        if isinstance(got, bool):
            return {"value": actual} if actual == want.lower() else None
        if option_value is not None:
            # A dropdown holds the option people read (its label); its value attribute counts too.
            if actions.norm(actual) == actions.norm(want) or option_value == want:
                return {"value": actual, "option_value": option_value}
            return None
        return {"value": actual} if actual == want else None

    async def failure() -> str:
        return f"{target!r} holds {seen[0]}, not {value[:200]!r}" if seen else f"{target!r} has no value"

    return dict(await checks.verify(check, session.action_timeout_ms, failure, session))


@web_tool([r"\b(url|address)\b.*\b(should|is|contains|equals|match)"],
          [example("Verify the URL contains /dashboard", {"expected": "/dashboard"}, {"url": "http://127.0.0.1/dashboard"})], read_only=True)
async def verify_url(session: WebSession, expected: Expected, match: MatchArg = "contains") -> dict[str, Any]:
    """Check the current tab's URL.

    Args:
        expected: The URL, a part of it, or a regular expression.
        match: How to compare: contains, equals or regex.
    """

    async def check() -> dict[str, Any] | None:
        url = session.url
        return {"url": url} if await checks.matches(url, expected, match) else None

    async def failure() -> str:
        return f"the URL is {session.url!r}, which does not {match} {expected!r}"

    return dict(await checks.verify(check, session.action_timeout_ms, failure, session))


@web_tool([r"\btitle\b.*\b(should|is|contains|equals|match)"],
          [example("Verify the title is Dashboard", {"expected": "Dashboard", "match": "equals"}, {"title": "Dashboard"})], read_only=True)
async def verify_title(session: WebSession, expected: Expected, match: MatchArg = "contains") -> dict[str, Any]:
    """Check the current tab's title.

    Args:
        expected: The title, a part of it, or a regular expression.
        match: How to compare: contains, equals or regex.
    """

    async def check() -> dict[str, Any] | None:
        title = await session.title()
        return {"title": title} if await checks.matches(title, expected, match) else None

    async def failure() -> str:
        return f"the title is {await session.title()!r}, which does not {match} {expected!r}"

    return dict(await checks.verify(check, session.action_timeout_ms, failure, session))


StateArg = Literal["checked", "unchecked", "enabled", "disabled", "visible", "hidden", "focused", "editable",
                   "readonly", "expanded", "collapsed", "selected"]  # fmt: skip



@web_tool([r"\b(there should be|should have|should contain|should see)\b\s+\d+"],
          [example("There should be 3 rows in the Orders table", {"target": "row in the Orders table", "count": 3},
                   {"count": 3})], read_only=True)
async def verify_count(session: WebSession, target: TargetArg, count: Annotated[int, Ge(0)]) -> dict[str, Any]:
    """Check how many things a description names: rows of a table, items of a list, matching controls.

    Args:
        target: What to count, in the singular ("row in the Orders table", "item in the cart", "Add link").
        count: How many there should be.
    """
    seen: list[tuple[int, list[str]]] = []

    async def check() -> dict[str, Any] | None:
        n, what = locator_count(await session.snapshot(), target)
        seen[:] = [(n, what)]
        if n == count:
            return {"count": n}
        shown = await _caption_count(session, target, count)
        return {"count": count, "caption": shown} if shown else None

    async def failure() -> str:
        n, what = seen[0] if seen else (0, [])
        listed = "; ".join(what[:8])
        return f"expected {count} x {target!r}, found {n}" + (f": {listed}" if listed else "")

    return dict(await checks.verify(check, session.action_timeout_ms, failure, session))


_CAPTION_COUNT = re.compile(r"^(?P<caption>[^\W\d_][\w ]{0,40}?)\s*:?\s*(?P<n>\d+)$")


async def _caption_count(session: WebSession, target: str, count: int) -> str | None:
    """ "2 visits in the details panel" where the panel shows the caption "Visits" with the value 2 (a record's
    detail, not two things to count): the caption's words and value when it reads exactly so, else None."""
    noun, _, where = target.partition(" in ")
    noun = noun.strip()
    if not noun.isalpha() or not where:
        return None
    for plural in (noun + "s", noun + "es", noun):
        try:
            read = await actions.read(session, f'"{plural}" in {where}', "section")
        except ToolFailure:
            continue
        m = _CAPTION_COUNT.match(" ".join(str(read.get("text", "")).split()))
        if read.get("section") and m and m["caption"].strip().lower() == plural.lower() and int(m["n"]) == count:
            return f"{m['caption'].strip()} {count}"
    return None
