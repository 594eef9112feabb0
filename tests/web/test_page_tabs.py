"""web.switch_tab by a title no browser tab has: the page's own tab of that name, held word for word (real Chromium).

A browser tab's title is matched as a part of it (any case), never by a near spelling; a tab of the page is held
the same way, so a misspelt title finds nothing to click (found by the twin probe: "VERSzqIONS" clicked "Versions").
"""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """<title>Package</title>
<div role=tablist>
  <button role=tab aria-selected=true onclick="document.title = 'readme'">Readme</button>
  <button role=tab aria-selected=false onclick="document.title = 'versions'">Versions</button>
  <button role=tab aria-selected=false onclick="document.title = 'dependencies'">Dependencies</button>
</div>"""


@pytest.mark.parametrize("title", ["Versions", "VERSIONS", '"Versions"'])
async def test_a_page_tab_is_switched_to_by_its_title_in_any_case(call, session: WebSession, title: str) -> None:
    await session.page.set_content(_PAGE)
    result = await call("web.switch_tab", title=title)
    assert result.ok, result.status_line()
    assert await session.page.title() == "versions"


@pytest.mark.parametrize("title", ["VERSzqIONS", "Versoins", "Dependency list"])
async def test_a_title_the_page_does_not_hold_word_for_word_switches_to_nothing(call, session: WebSession,
                                                                              title: str) -> None:
    await session.page.set_content(_PAGE)
    result = await call("web.switch_tab", title=title)
    assert not result.ok and result.error is not None and result.error.code == "ELEMENT_NOT_FOUND"
    assert await session.page.title() == "Package"
