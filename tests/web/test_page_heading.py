""""The page heading" is the page's heading of the first level (issue 26: naming from what people see).

`The page heading should be "Add product"` used to look for an element named "page heading", find none and fail
on any page. The page heading is read as the one visible heading of level 1 (`h1`, or `role=heading` with
`aria-level=1`); a page with two is AMBIGUOUS, never a guess (tests/web/pages/widgets/absent_texts.html has one,
two_headings.html two).
"""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def test_the_page_heading_is_the_first_level_heading(call) -> None:
    assert (await call("web.navigate", url="/widgets/absent_texts.html")).ok
    result = await call("web.verify_text", text="Find pets by status", target="page heading")
    assert result.ok and result.data["text"] == "Find pets by status", result.status_line()
    # The section's heading below it is not the page heading.
    result = await call("web.verify_text", text="Response body", target="the main heading")
    assert not result.ok and result.error.code == "ASSERTION_FAILED", result.status_line()


async def test_two_first_level_headings_are_ambiguous(call) -> None:
    assert (await call("web.navigate", url="/widgets/two_headings.html")).ok
    result = await call("web.verify_text", text="Orders", target="the page heading")
    assert not result.ok and result.error.code == "AMBIGUOUS", result.status_line()
    assert "shows 2 of" in result.error.message, result.error.message
