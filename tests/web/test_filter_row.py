"""A row of filter boxes under a table's column headings (a data grid's filter row): each unnamed box is
known by its column's heading, and "the filter box under the "Price" column header" is the box straight
under that heading, typed into. The page is made up for this test."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.asyncio(loop_scope="session")]

PAGE = """<html><head><title>Stock</title>
<style>th, td { width: 120px; text-align: left; } input { width: 100px; }</style></head><body>
<table>
  <thead>
    <tr><th>Name</th><th colspan="2">Price and stock</th><th>Shelf</th></tr>
    <tr><th>Name</th><th>Price</th><th>Stock</th><th>Shelf</th></tr>
    <tr><th><input id="f-name"></th><th><input id="f-price"></th><th><input id="f-stock"></th><th></th></tr>
  </thead>
  <tbody><tr><td>Desk lamp</td><td>24.00</td><td>3</td><td>A1</td></tr></tbody>
</table>
<p>Notes <input id="notes"></p>
</body></html>"""


async def test_a_filter_box_is_known_by_its_column_heading(session: WebSession, call) -> None:
    await session.page.set_content(PAGE)
    tree = await session.snapshot()
    near = {e.attrs.get("id"): e.attrs.get("near") for e in tree.elements if e.role == "textbox"}
    # The nearest heading row with text at the box's column; a box outside a table keeps the text before it.
    assert near == {"f-name": "Name", "f-price": "Price", "f-stock": "Stock", "notes": "Notes"}


@pytest.mark.parametrize("target", ['filter box under the "Price" column header', "box under the Stock header"])
async def test_the_filter_box_under_a_column_header_is_typed_into(session: WebSession, call, target: str) -> None:
    await session.page.set_content(PAGE)
    typed = await call("web.fill", target=target, text="24")
    assert typed.ok, typed.status_line()
    want = "f-price" if "Price" in target else "f-stock"
    values = await session.page.evaluate("() => Array.from(document.querySelectorAll('input'), (i) => [i.id, i.value])")
    assert [i for i, v in values if v] == [want]
