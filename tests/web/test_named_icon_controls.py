"""An icon-only control with a tooltip name (real Chromium): known by its name and by the icon it draws, so "the
wrench icon (Settings)" finds the button titled Settings that draws a wrench, and a wrong icon word is refused."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession
from tapwright.errors import ToolFailure

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """
<nav aria-label="top bar" style="display:flex;gap:8px">
  <button title="Settings" onclick="document.title='settings'"><i class="fa fa-wrench" style="display:inline-block;width:16px;height:16px"></i></button>
  <button aria-label="System" onclick="document.title='system'"><svg width=16 height=16><use href="#icon-power"/></svg></button>
  <button title="Save draft"><i class="fa fa-save" style="display:inline-block;width:16px;height:16px"></i> Save</button>
</nav>
"""


async def test_a_named_icon_only_control_carries_its_icon_words(session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    by_name = {e.name: e for e in (await session.snapshot()).elements if e.role == "button"}
    assert by_name["Settings"].attr("icon") == "wrench"
    assert by_name["System"].attr("icon") == "power"  # the sprite's "icon-" says nothing about which icon
    # A control with words of its own is known by them: its icon is no look of its own to describe.
    assert not by_name["Save"].attr("icon")


@pytest.mark.parametrize(("description", "title"), [
    ("the wrench icon (Settings) in the top bar", "settings"),
    ("the wrench icon", "settings"),
    ("the Settings button", "settings"),
    ("the power icon (System)", "system"),
])
async def test_the_icon_and_the_name_together_find_it(session: WebSession, description: str, title: str) -> None:
    await session.page.set_content(_PAGE)
    found = await session.resolve(description, wait=False)
    await found.handle.click()
    assert await session.page.title() == title


@pytest.mark.parametrize("description", ["the power icon (Settings)", "the hammer icon (Settings)"])
async def test_an_icon_word_the_control_does_not_draw_is_refused(session: WebSession, description: str) -> None:
    await session.page.set_content(_PAGE)
    with pytest.raises(ToolFailure) as err:
        await session.resolve(description, wait=False)
    assert err.value.code.value == "ELEMENT_NOT_FOUND"
