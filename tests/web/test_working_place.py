"""Two buttons named alike, one in a form just filled: the one by the field just typed in is pressed (a person
signing in presses the Login under the password box, not the Login in the page's header); with nothing typed
on the page, they stay tied (AMBIGUOUS). tests/web/pages/widgets/two_logins.html."""

from __future__ import annotations

import pytest

from tapwright.core.element import Element, Rect
from tapwright.locator.pick import near_work
from tapwright.locator.scored import Scored

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def test_the_button_by_the_field_just_typed_in_is_pressed(call, session) -> None:
    assert (await call("web.navigate", url="/widgets/two_logins.html")).ok
    tied = await call("web.click", target="Login")
    assert not tied.ok and tied.error.code.value == "AMBIGUOUS"  # nothing typed yet: no way to tell them apart
    assert (await call("web.fill", target="Username", text="ann")).ok
    assert (await call("web.fill", target="Password", text="pw")).ok
    pressed = await call("web.click", target="Login")
    assert pressed.ok, pressed.status_line()
    assert await session.page.evaluate("document.getElementById('out').textContent") == "signed in as ann"


async def test_another_page_forgets_where_was_typed(call, session) -> None:
    assert (await call("web.navigate", url="/widgets/two_logins.html")).ok
    assert (await call("web.fill", target="Username", text="ann")).ok
    assert (await call("web.navigate", url="/widgets/two_logins.html?again")).ok
    tied = await call("web.click", target="Login")
    assert not tied.ok and tied.error.code.value == "AMBIGUOUS"
    # The same page loaded again (the same address): its form is empty, no field of it was typed in.
    assert (await call("web.fill", target="Username", text="ann")).ok
    assert (await call("web.navigate", url="/widgets/two_logins.html?again")).ok
    tied = await call("web.click", target="Login")
    assert not tied.ok and tied.error.code.value == "AMBIGUOUS"


def _button(i: int, x: float, y: float, role: str = "button") -> Element:
    return Element(ref=f"e{i}", role=role, name="Save", rect=Rect(x, y, 60, 20))


async def test_only_a_clearly_nearest_press_control_wins() -> None:
    elements = (_button(0, 10, 10), _button(1, 300, 420), _button(2, 600, 420))
    field = Rect(280, 380, 200, 24)
    tied = [Scored(0, 1.0, 1.0), Scored(1, 1.0, 1.0), Scored(2, 1.0, 1.0)]
    won = near_work(elements, tied, field)
    assert [s.i for s in won] == [1] and "just typed in" in won[0].reasons[-1]
    # Two about as near: still tied.
    close = (_button(0, 10, 10), _button(1, 300, 420), _button(2, 300, 430))
    assert len(near_work(close, tied, field)) == 3
    # Nothing typed, or not all buttons and links: still tied.
    assert len(near_work(elements, tied, None)) == 3
    fields = (_button(0, 10, 10), _button(1, 300, 420, role="textbox"), _button(2, 600, 420))
    assert len(near_work(fields, tied, field)) == 3
