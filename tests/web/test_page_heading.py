"""""The page heading" (also "the main heading", or "the heading" alone) is the page's main heading (issue 26: naming
from what people see).

`The page heading should be "Add product"` used to look for an element named "page heading", find none and fail
on any page. The page heading is read as the one visible heading of the highest level shown (`h1`, or `role=heading`
with `aria-level=1`, before `h2` ...); of several, the one inside the page's main content (a site's name in the page
header is not the page's heading); still several: AMBIGUOUS, never a guess (tests/web/pages/widgets/absent_texts.html
has one, two_headings.html two, site_and_page_heading.html a site name and the page's own).
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


async def test_the_heading_alone_is_the_main_one_not_the_site_name_or_a_section(call) -> None:
    assert (await call("web.navigate", url="/widgets/site_and_page_heading.html")).ok
    for said in ("Custom Query", "(4 matches)"):
        result = await call("web.verify_text", text=said, target="heading")
        assert result.ok, result.status_line()
    for other in ("Orchard Web Shop", "Download in other formats"):
        result = await call("web.verify_text", text=other, target="the heading")
        assert not result.ok and result.error.code == "ASSERTION_FAILED", result.status_line()
    assert (await call("web.navigate", url="/widgets/two_headings.html")).ok
    result = await call("web.verify_text", text="Orders", target="heading")
    assert not result.ok and result.error.code == "AMBIGUOUS", result.status_line()
