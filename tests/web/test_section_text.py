"""Text checks aimed at headings: a section that "should read exactly" a text, aimed at its heading ("the
description"), is what it says under its heading; "the heading" on a page that marks none is a text drawn as one."""

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


async def test_a_heading_drawn_as_styled_text_on_a_page_with_no_heading(call) -> None:
    """"The heading should read X" on a page that marks no heading: a text reading exactly X drawn bigger (or
    bolder) than the page's common text is it; the same words in common text are not."""
    assert (await call("web.navigate", url="/widgets/styled_heading.html")).ok
    big = await call("web.verify_text", text="Appointments (35)", target="heading", exact=True)
    assert big.ok, big.status_line()
    plain = await call("web.verify_text", text="Appointments (36)", target="heading", exact=True)
    assert not plain.ok and plain.error.code.value == "ASSERTION_FAILED", plain.status_line()


async def test_a_page_with_a_heading_reads_that_heading(call) -> None:
    assert (await call("web.navigate", url="/widgets/section_text.html")).ok
    other = await call("web.verify_text", text="An expired coupon still lowers the cart total.", target="heading", exact=True)
    assert not other.ok  # the page has headings: "the heading" is one of them, never a text drawn big


async def test_a_dialog_said_by_its_purpose_is_the_dialog_shown(call) -> None:
    """"a confirmation dialog should say X": the words before "dialog" say what it is for; the one shown is it."""
    assert (await call("web.navigate", url="/widgets/section_text.html")).ok
    assert (await call("web.click", target="Cancel print")).ok
    said = await call("web.verify_text", text="This will cancel your print.", target="confirmation dialog")
    assert said.ok, said.status_line()
    other = await call("web.verify_text", text="Printing resumed", target="confirmation dialog")
    assert not other.ok
