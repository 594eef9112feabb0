"""``web.*`` reading and verifying: get_text, get_value and the verify_* checks (ASSERTION_FAILED when false).

Verifications wait (up to the session's action timeout) for the condition to hold,
as Playwright's web-first assertions do, so they do not flake on a page still rendering.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from annotated_types import Ge, MaxLen

from tapwright.drivers.web import WebSession, actions, checks, diagnose, states
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator.count import count as locator_count
from tapwright.tools.web_common import TargetArg, example, web_tool

Expected = Annotated[str, MaxLen(10_000)]
MatchArg = Literal["contains", "equals", "regex"]


@web_tool([r"\b(get|read|what is)\b.*\btext\b"], [example("Read the status message", {"target": "status message"}, {"text": "Saved"})], read_only=True)
async def get_text(session: WebSession, target: TargetArg) -> dict[str, Any]:
    """The visible text of an element.

    Args:
        target: The element, as a description, selector or ref.
    """
    return await actions.read(session, target, "text")


@web_tool([r"\b(get|read|what is)\b.*\bvalue\b"], [example("Read the Email field", {"target": "Email field"}, {"value": "a@b.c"})], read_only=True)
async def get_value(session: WebSession, target: TargetArg) -> dict[str, Any]:
    """The current value of a form field (a checkbox's value is whether it is checked; passwords are masked).

    Args:
        target: The field, as a description, selector or ref.
    """
    return await actions.read(session, target, "value")


@web_tool([r"\b(should see|is visible|is shown|verify|expect|check that|assert)\b"],
          [example("Verify the Welcome heading is visible", {"target": "Welcome heading"}, {"visible": True})], read_only=True)
async def verify_visible(session: WebSession, target: TargetArg) -> dict[str, Any]:
    """Check that an element is visible on the page (waits briefly for it).

    Args:
        target: The element, as a description, selector or ref.
    """

    async def check() -> dict[str, Any] | None:
        element = await checks.find(session, target)
        if element is None or not element.state.visible:
            return None
        return {"visible": True, "ref": element.ref, "role": element.role, "name": element.name}

    async def failure() -> str:
        element = await checks.find(session, target)
        said = f"{target!r} is not on the page" if element is None else f"{target!r} is on the page but hidden"
        return await diagnose.with_page_messages(said, session.page)

    return dict(await checks.verify(check, session.action_timeout_ms, failure, session))


@web_tool([r"\b(should not see|is not visible|is hidden|disappear|not shown|is gone)\b"],
          [example("Verify the error message is not shown", {"target": "error message"}, {"visible": False})], read_only=True)
async def verify_not_visible(session: WebSession, target: TargetArg) -> dict[str, Any]:
    """Check that no visible element matches (waits briefly for it to go away).

    Args:
        target: The element, as a description, selector or ref.
    """

    async def check() -> dict[str, Any] | None:
        try:
            element = await checks.find(session, target)
        except ToolFailure as exc:
            if exc.code is ErrorCode.AMBIGUOUS:
                return None  # several visible matches: certainly visible
            raise
        if element is not None and element.state.visible:
            return None
        if await checks.busy_indicator_visible(session, target):
            return None
        return {"visible": False}

    async def failure() -> str:
        return f"{target!r} is still visible"

    return dict(await checks.verify(check, session.action_timeout_ms, failure, session))


@web_tool([r"\b(should (see|contain|say|read|show)|verify|expect|text)\b.*[\"'“]"],
          [example("Verify the page says 'Welcome back'", {"text": "Welcome back"}, {"found": True}),
           example("Verify the status reads Saved", {"text": "Saved", "target": "status message", "exact": True})], read_only=True)
async def verify_text(session: WebSession, text: Expected, target: TargetArg | None = None, exact: bool = False) -> dict[str, Any]:
    """Check that a text is on the page, or in one element's text.

    Args:
        text: The text expected.
        target: Look only in this element (optional).
        exact: The whole text must match (whitespace-normalised), not just contain it.
    """
    seen: list[str] = []

    async def check() -> dict[str, Any] | None:
        if target:
            # Not exact: the text may be anywhere in the section a heading heads ("... in the cart").
            actual = (await actions.read(session, target, "text" if exact else "section"))["text"]
            seen[:] = [actual]
            good = await checks.matches(actual, text, "equals") if exact else checks.contains_text(actual, text)
            return {"found": True, "text": actual} if good else None
        hit = checks.find_text(await session.snapshot(), text, exact=exact)
        return None if hit is None else {"found": True, "ref": hit.ref, "role": hit.role}

    async def failure() -> str:
        where = f" in {target!r} (it reads {seen[0][:200]!r})" if target and seen else " on the page"
        return await diagnose.with_page_messages(f"text {text!r} not found{where}", session.page)

    return dict(await checks.verify(check, session.action_timeout_ms, failure, session))


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
        url = session.page.url
        return {"url": url} if await checks.matches(url, expected, match) else None

    async def failure() -> str:
        return f"the URL is {session.page.url!r}, which does not {match} {expected!r}"

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


@web_tool([r"\bshould be (checked|unchecked|enabled|disabled|selected|focused|expanded|collapsed|read-?only|editable)\b",
           r"\bis (checked|unchecked|enabled|disabled|selected|focused|expanded|collapsed)\b"],
          [example("The Remember me checkbox should be checked", {"target": "Remember me checkbox", "state": "checked"},
                   {"state": "checked", "ref": "e7", "role": "checkbox", "name": "Remember me"}),
           example("The Submit button should be disabled", {"target": "Submit button", "state": "disabled"}),
           example("The menu should be expanded", {"target": "Account menu button", "state": "expanded"})], read_only=True)
async def verify_state(session: WebSession, target: TargetArg, state: StateArg) -> dict[str, Any]:
    """Check an element's state: checked, unchecked, enabled, disabled, visible, hidden, focused, editable,
    readonly, expanded, collapsed or selected (waits briefly for it).

    Args:
        target: The element, as a description, selector or ref.
        state: The state it must be in. "hidden" also holds when the element is not on the page.
    """
    return await states.verify_state(session, target, state)


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
        return {"count": n} if n == count else None

    async def failure() -> str:
        n, what = seen[0] if seen else (0, [])
        listed = "; ".join(what[:8])
        return f"expected {count} x {target!r}, found {n}" + (f": {listed}" if listed else "")

    return dict(await checks.verify(check, session.action_timeout_ms, failure, session))
