"""A check that a section "should read exactly" a text, aimed at the section's heading ("the description"): what
the section says under its heading, not the heading's own words."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def test_an_exact_text_under_a_heading_is_the_sections_words(call) -> None:
    assert (await call("web.navigate", url="/widgets/section_text.html")).ok
    said = "An expired coupon still lowers the cart total."
    exact = await call("web.verify_text", text=said, target="Description", exact=True)
    assert exact.ok, exact.status_line()
    part = await call("web.verify_text", text="An expired coupon", target="Description", exact=True)
    assert not part.ok and part.error.code.value == "ASSERTION_FAILED"  # exactly: the whole section's words
    bare = await call("web.verify_text", text="Attachments", target="Attachments", exact=True)
    assert bare.ok, bare.status_line()  # a heading with no section of its own reads its own words
