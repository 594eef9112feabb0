"""Steps that say something opened, run on a real page: a tab open is the selected one, a section open is expanded,
and a dialog that opened "with Room "Oak"" shows that value in its Room field. Each check also fails when the page
says otherwise. tests/web/pages/widgets/opened_in_place.html."""

from __future__ import annotations

import pytest

from tapwright.planners.rules import compile_step

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def _step(call, step: str) -> bool:
    for s in compile_step(step).steps:
        if not (await call(s.tool, **s.args)).ok:
            return False
    return True


async def test_a_tab_open_is_the_selected_one(call) -> None:
    assert (await call("web.navigate", url="/widgets/opened_in_place.html")).ok
    assert await _step(call, 'Then the "Orders" tab should be open')
    assert not await _step(call, 'Then the "Sensors" tab should be open')
    assert (await call("web.click", target="Sensors")).ok
    assert await _step(call, 'Then the "Sensors" tab should be open')


async def test_a_section_open_is_expanded(call) -> None:
    assert (await call("web.navigate", url="/widgets/opened_in_place.html")).ok
    assert await _step(call, 'Then the "More" section should be closed')
    assert not await _step(call, 'Then the "More" section should be open')
    assert (await call("web.click", target="More")).ok
    assert await _step(call, 'Then the "More" section should be open')


async def test_a_dialog_opened_with_values_shows_each_in_its_field(call) -> None:
    assert (await call("web.navigate", url="/widgets/opened_in_place.html")).ok
    assert not await _step(call, 'Then a "New event" dialog should open with Room "Oak"')  # not open yet
    assert (await call("web.click", target="New event")).ok
    assert await _step(call, 'Then a "New event" dialog should open with Room "Oak" and Date "2031/01/02"')
    assert not await _step(call, 'Then a "New event" dialog should open with Room "Elm"')
