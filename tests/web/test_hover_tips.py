"""Icon buttons known only by the tooltip the pointer shows (tests/web/pages/widgets/hover_tips.html): when a
description finds nothing, the nameless controls are hovered, their tooltips read and kept as their names, and
the locator looks again (drivers/web/tips.py). Bounded: each control once per document, at most MAX_HOVERS."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import tips
from tapwright.errors import ErrorCode

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


@pytest.fixture
async def quick(session):
    previous = session.action_timeout(0.5)
    yield session
    session.action_timeout(previous)


async def _log(session) -> str:
    return await session.page.evaluate("document.getElementById('log').textContent")


async def test_a_tooltip_swapped_into_a_shared_element_names_the_icon(call, quick) -> None:
    assert (await call("web.navigate", url="/widgets/hover_tips.html")).ok
    result = await call("web.click", target='the "Create Item" button')
    assert result.ok, result.status_line()
    assert await quick.page.evaluate("location.hash") == "#created"
    assert set((await _log(quick)).split()) == {"enter:create"}  # the first nameless control was it: no other hovered


async def test_a_tooltip_added_on_hover_names_the_icon(call, quick) -> None:
    assert (await call("web.navigate", url="/widgets/hover_tips.html")).ok
    result = await call("web.click", target="Save changes")
    assert result.ok, result.status_line()
    assert (await _log(quick)).endswith("click:save ")


async def test_a_tooltip_the_control_points_at_names_it(call, quick) -> None:
    assert (await call("web.navigate", url="/widgets/hover_tips.html")).ok
    result = await call("web.click", target="Archive button")
    assert result.ok, result.status_line()
    log = await _log(quick)
    assert log.endswith("click:archive ") and "enter:mystery" not in log  # stopped once the tooltip said it


async def test_a_tooltip_written_on_the_control_needs_no_hover(call, quick) -> None:
    assert (await call("web.navigate", url="/widgets/hover_tips.html")).ok
    result = await call("web.click", target="Print invoice")
    assert result.ok, result.status_line()
    assert await _log(quick) == "click:print "


async def test_a_key_in_a_tooltip_attribute_is_no_name(call, quick) -> None:
    assert (await call("web.navigate", url="/widgets/hover_tips.html")).ok
    snap = await quick.full_snapshot()
    create = next(e for e in snap.tree.elements if e.attr("href").endswith("#created"))
    assert create.name == ""  # data-tooltip="k3Jd9_x0Qa" on its wrapper is a key, not words
    printed = next(e for e in snap.tree.elements if e.attr("id") == "print")
    assert (printed.name, printed.attr("tooltip")) == ("Print invoice", "attribute")


async def test_nothing_named_so_fails_after_hovering_each_nameless_control_once(call, quick) -> None:
    assert (await call("web.navigate", url="/widgets/hover_tips.html")).ok
    result = await call("web.click", target="Delete button")
    assert not result.ok and result.error.code is ErrorCode.ELEMENT_NOT_FOUND
    log = await _log(quick)
    assert sorted(log.split()) == ["enter:archive", "enter:create", "enter:mystery", "enter:save"]
    again = await call("web.click", target="Delete button")
    assert not again.ok and again.error.code is ErrorCode.ELEMENT_NOT_FOUND
    assert await _log(quick) == log  # each once per document


async def test_the_hovering_is_bounded(call, quick) -> None:
    assert (await call("web.navigate", url="/widgets/hover_tips.html?many=15")).ok
    result = await call("web.click", target="Delete button")
    assert not result.ok and result.error.code is ErrorCode.ELEMENT_NOT_FOUND
    assert len((await _log(quick)).split()) == tips.MAX_HOVERS


async def test_a_name_learned_on_hover_is_kept_for_the_document(call, quick) -> None:
    assert (await call("web.navigate", url="/widgets/hover_tips.html")).ok
    assert (await call("web.click", target="Save changes")).ok
    snap = await quick.full_snapshot()
    save = next(e for e in snap.tree.elements if e.attr("id") == "save")
    assert (save.name, save.attr("tooltip")) == ("Save changes", "hover")
    assert (await call("web.navigate", url="/widgets/hover_tips.html")).ok
    fresh = await quick.full_snapshot()
    assert next(e for e in fresh.tree.elements if e.attr("id") == "save").name == ""  # a new document knows nothing


async def test_a_check_of_an_icon_reads_its_tooltip(call, quick) -> None:
    assert (await call("web.navigate", url="/widgets/hover_tips.html")).ok
    shown = await call("web.verify_visible", target="Save changes button")
    assert shown.ok, shown.status_line()
    assert (await call("web.navigate", url="/widgets/hover_tips.html")).ok
    gone = await call("web.verify_not_visible", target="the Archive button")
    assert not gone.ok and gone.error.code is ErrorCode.ASSERTION_FAILED  # there, named by its tooltip: not gone
    deleted = await call("web.verify_not_visible", target="the Delete button")
    assert deleted.ok, deleted.error  # no tooltip says it: gone


async def test_a_text_said_gone_hovers_nothing(call, quick) -> None:
    assert (await call("web.navigate", url="/widgets/hover_tips.html")).ok
    assert (await call("web.verify_not_visible", target="Upload finished")).ok
    assert await _log(quick) == ""


async def _needs_no_hover(session, html: str) -> bool:
    await session.page.set_content(html)
    js = __import__("tapwright.drivers.web.snapshot", fromlist=["script"]).script("tips.js")
    return await session.page.locator("#b").evaluate(js, {"op": "known"})


async def test_a_control_no_script_hears_the_pointer_on_is_not_hovered(quick) -> None:
    # nothing listens to the pointer arriving: no script can show a tooltip, so the search does not hover it
    assert await _needs_no_hover(quick, "<button id=b><svg width=16 height=16></svg></button>")
    heard = ("<div id=w><button id=b><svg width=16 height=16></svg></button></div>"
             "<script>document.getElementById('w').addEventListener('mouseover', () => {})</script>")
    assert not await _needs_no_hover(quick, heard)  # a listener on anything holding it: it could
    inline = "<button id=b onmouseenter='1'><svg width=16 height=16></svg></button>"
    assert not await _needs_no_hover(quick, inline)
