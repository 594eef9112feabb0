"""Elements named alike in several containers: after an action in one named container, the one in that container
is meant next (a person who opened one operation presses its "Try it out", types into its field, presses its
"Execute"); with nothing acted on yet, in an unnamed container, after a tick (ticked things are for an action
elsewhere), or on a new page load, they stay tied (AMBIGUOUS).
tests/web/pages/widgets/work_place.html."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def _said(session) -> str:
    return str(await session.page.evaluate("document.getElementById('out').textContent"))


async def test_the_control_in_the_container_just_acted_in_is_meant(call, session) -> None:
    assert (await call("web.navigate", url="/widgets/work_place.html")).ok
    tied = await call("web.click", target="Try it out")
    assert not tied.ok and tied.error.code.value == "AMBIGUOUS"  # nothing acted on yet
    assert (await call("web.click", target="DELETE /orders/{id} Delete an order")).ok
    tried = await call("web.click", target="Try it out")
    assert tried.ok, tried.status_line()
    assert await _said(session) == "try delete"
    assert (await call("web.fill", target="orderId", text="9")).ok
    assert await session.page.evaluate("document.getElementById('c-id').value") == ""
    assert (await call("web.click", target="Execute")).ok
    assert await _said(session) == "execute delete 9"
    assert (await call("web.click", target="POST /orders Create an order")).ok
    assert (await call("web.click", target="Execute")).ok
    assert await _said(session) == "execute create "


async def test_an_unnamed_container_or_a_new_page_load_leaves_them_tied(call, session) -> None:
    assert (await call("web.navigate", url="/widgets/work_place.html")).ok
    assert (await call("web.click", target="Remove first")).ok
    tied = await call("web.click", target="Add")
    assert not tied.ok and tied.error.code.value == "AMBIGUOUS"  # an unnamed group may be any group
    assert (await call("web.click", target="DELETE /orders/{id} Delete an order")).ok
    assert (await call("web.check", target="Pick first")).ok
    ticked = await call("web.click", target="Try it out")
    assert not ticked.ok and ticked.error.code.value == "AMBIGUOUS"  # a tick selects for an action elsewhere
    assert (await call("web.click", target="DELETE /orders/{id} Delete an order")).ok
    assert (await call("web.navigate", url="/widgets/work_place.html?again")).ok
    again = await call("web.click", target="Try it out")
    assert not again.ok and again.error.code.value == "AMBIGUOUS"  # another page load forgets where work was
