""""The list" with no name, in a text check: the page's one collection of content (a list or a table of two items or
more outside the page's navigation, header, footer, side bar, menus and tab strips), ended by a count line right
after it ("24 products"); several such collections stay AMBIGUOUS (drivers/web/reading.py)."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession
from tapwright.errors import ErrorCode

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_CHROME = """
<header><ul><li>Shop</li><li>Help</li></ul></header>
<nav><ul><li><a href="#a">Home</a></li><li><a href="#b">Products</a></li><li><a href="#c">Orders</a></li></ul></nav>
<aside><ul><li>By category</li><li>Office</li><li>Garden</li></ul></aside>
<ul class="tools"><li><a href="#add">Add product</a></li></ul>
"""
_TABLE = """
<main><form><div class="results"><table>
  <thead><tr><th>Name</th><th>SKU</th></tr></thead>
  <tbody><tr><td>Stapler</td><td>SKU-1</td></tr><tr><td>Desk lamp</td><td>SKU-2</td></tr>
         <tr><td>Oak table</td><td>SKU-3</td></tr></tbody></table></div>
  <p class="paginator">3 products</p></form></main>
<footer><ul><li>About</li><li>Privacy</li></ul></footer>
"""


async def _check(call, session: WebSession, html: str, **args):
    await session.page.set_content(html)
    session.action_timeout_ms = 300
    return await call("web.verify_text", **args)


@pytest.mark.parametrize("args", [
    {"target": "list", "text": "Desk lamp"},
    {"target": "the list", "text": "3 products", "edge": "end"},  # the count line under it ends it
    {"target": "table", "text": "Oak table"},
])
async def test_the_list_is_the_collection_of_content(call, session: WebSession, args) -> None:
    result = await _check(call, session, _CHROME + _TABLE, **args)
    assert result.ok, result.error


@pytest.mark.parametrize("args", [
    {"target": "list", "text": "Orders"},  # a link of the navigation is in no list of content
    {"target": "list", "text": "Office"},  # nor a side bar's filter
    {"target": "the list", "text": "Oak table", "edge": "end"},  # its last row is not its end: the count line is
])
async def test_what_the_chrome_shows_is_not_in_the_list(call, session: WebSession, args) -> None:
    result = await _check(call, session, _CHROME + _TABLE, **args)
    assert not result.ok and result.error.code is ErrorCode.ASSERTION_FAILED


async def test_two_collections_of_content_are_ambiguous(call, session: WebSession) -> None:
    two = "<main><ul><li>Stapler</li><li>Desk lamp</li></ul><ul><li>Oak table</li><li>Bar stool</li></ul></main>"
    result = await _check(call, session, _CHROME + two, target="list", text="Stapler")
    assert not result.ok and result.error.code is ErrorCode.AMBIGUOUS


async def test_a_page_whose_only_list_is_its_menu_reads_that_one(call, session: WebSession) -> None:
    only = "<nav><ul><li><a href='#a'>Home</a></li><li><a href='#b'>Products</a></li></ul></nav><p>Welcome</p>"
    result = await _check(call, session, only, target="list", text="Products")
    assert result.ok, result.error
