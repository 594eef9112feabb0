"""A fill ends with a key released, as typing does (real Chromium): a field that filters on ``keyup`` and not on
``input`` (older widget libraries) sees the text, and the value is the whole text (issue 26)."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """<input id="q" placeholder="filter" onkeyup="document.getElementById('out').textContent = 'keyup:' + this.value">
<p id="out">none</p>"""


async def test_a_field_listening_to_key_releases_sees_the_filled_text(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    assert (await call("web.fill", target="filter box", text="delay")).ok
    assert await session.page.input_value("#q") == "delay"
    assert await session.page.text_content("#out") == "keyup:delay"


@pytest.mark.parametrize("text", ["café", "a", "x y "])
async def test_the_value_is_the_whole_text_whatever_its_last_character(call, session: WebSession, text: str) -> None:
    await session.page.set_content(_PAGE)
    assert (await call("web.fill", target="filter box", text=text)).ok
    assert await session.page.input_value("#q") == text
