"""Page regions a page draws without landmarks: a bar of divs across the top is the page's top bar (banner)."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def test_a_bar_across_the_top_with_no_banner_landmark_is_the_top_bar(session: WebSession, call) -> None:
    assert (await call("web.navigate", url="/widgets/top_bar.html")).ok
    tree = await session.snapshot()
    brand = next(e for e in tree.elements if e.name == "Workshop MK3S")
    assert any(c.startswith("banner") for c in brand.context)
    connect = next(e for e in tree.elements if e.name == "Connect")
    assert not any(c.startswith("banner") for c in connect.context)  # the page under the bar is not in it
    for target in ('"Workshop MK3S" in the page title bar', '"Workshop MK3S" in the top bar'):
        assert (await call("web.verify_visible", target=target)).ok, target
    session.action_timeout(0.5)
    assert not (await call("web.verify_visible", target='"Operational" in the top bar')).ok
