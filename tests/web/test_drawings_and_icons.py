"""Icon-only controls known by their icon, and a drawing surface with the shapes drawn on it."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]


async def _open(call) -> None:
    result = await call("web.navigate", url="/drawing.html")
    assert result.ok, result.status_line()


async def _events(session: WebSession) -> list[str]:
    return await session.page.evaluate("window.__events")


async def test_a_quoted_symbol_finds_the_icon_that_draws_it(call, session: WebSession) -> None:
    await _open(call)
    result = await call("web.click", target='the "+" button')
    assert result.ok, result.status_line()
    assert await _events(session) == ["add:click"]


async def test_an_icon_word_names_an_icon_only_control(call, session: WebSession) -> None:
    await _open(call)
    assert (await call("web.click", target="the question icon")).ok
    assert (await call("web.click", target="the magnifier button")).ok
    assert await _events(session) == ["help:click", "zoom:click"]


async def test_a_symbol_nothing_draws_is_not_found_through_the_role_word(call, session: WebSession) -> None:
    await _open(call)
    result = await call("web.click", target='the "×" button')
    assert not result.ok
    assert result.error.code == "ELEMENT_NOT_FOUND"
    assert await _events(session) == []


async def test_a_shape_on_the_canvas_is_double_clicked_where_it_is_drawn(call, session: WebSession) -> None:
    await _open(call)
    result = await call("web.double_click", target='the "Check order" node on the canvas')
    assert result.ok, result.status_line()
    assert await _events(session) == ["shape-a:dblclick"]


async def test_the_canvas_is_an_anchor_and_a_container(call, session: WebSession) -> None:
    await _open(call)
    result = await call("web.click", target='the "Sheet two" tab above the canvas')
    assert result.ok, result.status_line()
    assert result.data["name"] == "Sheet two"
    # The paragraph below the drawing also says "Check order": on the canvas means the drawn one only.
    result = await call("web.verify_visible", target='"Send reply" on the canvas')
    assert result.ok, result.status_line()
    missing = await call("web.verify_visible", target='"lists every step" on the canvas')
    assert not missing.ok


async def test_a_dialog_titled_only_by_its_close_button_is_named_by_its_heading(call) -> None:
    result = await call("web.navigate", url="/titled_dialog.html")
    assert result.ok, result.status_line()
    assert (await call("web.verify_visible", target='"Username" field in the "Sign in" dialog')).ok
    assert not (await call("web.verify_visible", target='"Username" field in the "Close" dialog')).ok
    # A title with words of its own keeps naming its dialog.
    assert (await call("web.verify_visible", target='"Really?" in the "Confirm" dialog')).ok
