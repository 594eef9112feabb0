"""Parts of a page only an id names (real Chromium): a large box with no role and an id of words is a region
("the palette"), found by its name words or its head noun, and usable as a container or an anchor (issue 26)."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """
<div id="app-shell" style="display:flex;height:600px">
  <div id="node-palette" style="width:200px">
    <input placeholder="filter" id="pf">
    <div>inject</div><div>delay</div>
  </div>
  <div id="flow-workspace" style="width:700px">
    <ul id="workspace-tabs" style="display:flex;list-style:none;margin:0;padding:0">
      <li><a href="#a">Orders</a></li><li><a href="#b">Sensors</a></li>
    </ul>
    <a href="#" onclick="document.title='added'; return false" aria-label="" style="position:absolute;left:420px;top:10px">
      <i class="fa fa-plus" style="display:inline-block;width:16px;height:16px"></i></a>
    <input placeholder="filter" id="wf" style="margin-top:40px">
    <button style="position:absolute;left:600px;top:560px" onclick="document.title='zoomed'"><i class="fa fa-plus" style="display:inline-block;width:16px;height:16px"></i></button>
  </div>
  <div id="ember123" style="width:200px"><input placeholder="note"></div>
  <div id="tiny-box" style="width:60px;height:60px"><button>Go</button></div>
</div>
"""


async def test_a_large_box_named_by_its_id_is_a_region(session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    tree = await session.snapshot()
    by_name = {(e.attrs.get("placeholder") or e.name): e for e in tree.elements}
    assert "block:node palette" in by_name["filter"].context or "block:flow workspace" in by_name["filter"].context
    assert not any(c.startswith("block:ember") for c in by_name["note"].context)  # an id with digits says nothing
    assert not any("tiny" in c for c in by_name["Go"].context)  # too small to be a part of the page


async def test_a_field_of_the_region_on_its_side(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    assert (await call("web.fill", target='"filter" box of the palette on the left', text="delay")).ok
    assert await session.page.input_value("#pf") == "delay"
    assert await session.page.input_value("#wf") == ""
    assert (await call("web.fill", target='"filter" box in the flow workspace', text="x")).ok
    assert await session.page.input_value("#wf") == "x"


async def test_the_plus_beside_the_tabs_and_not_the_one_far_below(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    assert (await call("web.click", target='the "+" button at the right of the flow tabs')).ok
    assert await session.page.title() == "added"


async def test_wait_for_an_element_in_a_region_named_by_its_head_noun(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    assert (await call("web.wait_for", target='"Orders" link in the main workspace', timeout_ms=2000)).ok
    missing = await call("web.wait_for", target='"Reports" link in the main workspace', timeout_ms=500)
    assert not missing.ok and missing.error.code in ("TIMEOUT", "ELEMENT_NOT_FOUND")


async def test_one_of_a_run_of_like_boxes_is_an_item_even_with_a_wordy_id(session: WebSession) -> None:
    # Posts drawn as <div class="post" id="p-maria"> siblings: items of a list ("the second post"), not regions.
    posts = "".join(f'<div class="post" id="p-{n}" style="height:130px;width:400px"><p>{n} says hi</p><button>Like</button></div>'
                    for n in ("maria", "leo", "sam"))  # fmt: skip
    await session.page.set_content(f"<div>{posts}</div>")
    tree = await session.snapshot()
    likes = [e for e in tree.elements if e.name == "Like"]
    assert len(likes) == 3 and not any(c.startswith("block:") for e in likes for c in e.context), [e.context for e in likes]
    assert all(any(c.split(":", 1)[0] in ("listitem", "article") for c in e.context) for e in likes), [e.context for e in likes]


_BARS = """
<div id="bulkbar" style="width:600px;height:36px;display:flex"><button onclick="document.title='bulk'">Start</button></div>
<div id="tinybar" style="width:80px;height:36px"><button>Stop</button></div>
<table><tr><td>web-2</td><td><button onclick="document.title='row'">Start</button></td></tr></table>
"""


async def test_a_bar_named_by_its_id_is_a_region_at_any_height(session: WebSession, call) -> None:
    # A bar is long and short: an id ending in "bar" names it below the 120 px a box needs; the words said apart
    # ("the bulk bar") find it written solid.
    await session.page.set_content(_BARS)
    tree = await session.snapshot()
    starts = [e for e in tree.elements if e.name == "Start"]
    assert any("block:bulkbar" in e.context for e in starts)
    assert not any(c.startswith("block:tinybar") for e in tree.elements for c in e.context)  # too narrow for a bar
    result = await call("web.click", target="Start in the bulk bar")
    assert result.ok, result.status_line()
    assert await session.page.title() == "bulk"
