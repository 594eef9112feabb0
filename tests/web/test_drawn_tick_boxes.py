"""A tick box drawn without an input (a clickable box holding a box icon, as data tables draw row selectors): a
checkbox whose state is its icon's ("blank" / "outline" empty, "marked" ticked), ticked and unticked by a click
that is read back. A clickable icon that is no box stays a button."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def test_a_drawn_tick_box_is_a_checkbox_with_its_icons_state(session, call) -> None:
    assert (await call("web.navigate", url="/widgets/drawn_boxes.html")).ok
    tree = await session.snapshot()
    boxes = [e for e in tree.elements if e.role == "checkbox"]
    assert len(boxes) == 2 and all(e.state.checked is False for e in boxes)
    assert [e.role for e in tree.elements if e.attrs.get("icon", "").endswith("star")] == ["button"]


async def test_ticking_the_box_of_a_row_clicks_it_and_reads_it_back(call) -> None:
    assert (await call("web.navigate", url="/widgets/drawn_boxes.html")).ok
    ticked = await call("web.check", target='checkbox of the "Retro" row')
    assert ticked.ok, ticked.status_line()
    assert ticked.data.get("checked") is True
    assert (await call("web.verify_text", text="1 selected")).ok
    assert (await call("web.verify_state", target='checkbox of the "Retro" row', state="checked")).ok
    assert (await call("web.verify_state", target='checkbox of the "Budget sync" row', state="unchecked")).ok
    again = await call("web.check", target='checkbox of the "Retro" row')
    assert again.ok and (await call("web.verify_text", text="1 selected")).ok  # already ticked: not clicked again
    untick = await call("web.uncheck", target='checkbox of the "Retro" row')
    assert untick.ok, untick.status_line()
    assert (await call("web.verify_text", text="0 selected")).ok
