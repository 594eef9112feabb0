"""The snapshot reports a control's outline (real Chromium, issue 26): a circle or a pill is "round", a box as wide as
tall with sharp corners "square", anything else has no word; "the round + button" then finds the round one."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """
<style>button { width: 40px; height: 40px; margin: 8px; }</style>
<button id="circle" style="border-radius: 50%" onclick="document.title = 'circle'">+</button>
<button id="pill" style="width: 120px; border-radius: 20px">Pill</button>
<button id="box" style="border-radius: 0" onclick="document.title = 'box'">+</button>
<button id="wide" style="width: 140px; border-radius: 4px">Wide</button>
"""


async def test_outlines_are_reported(session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    snap = await session.full_snapshot()
    shapes = [(e.name, e.attrs.get("shape")) for e in snap.tree.elements if e.role == "button"]
    assert shapes == [("+", "round"), ("Pill", "round"), ("+", "square"), ("Wide", None)]


async def test_a_shape_word_clicks_the_control_drawn_so(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    assert (await call("web.click", target='the round "+" button')).ok
    assert await session.page.title() == "circle"
    assert (await call("web.click", target='the square "+" button')).ok
    assert await session.page.title() == "box"
