"""A text check whose target is a caption reads the value the caption labels (real Chromium, issue 26): a header
cell in a body row and the cells after it, a term and its descriptions, an element labelled by the caption's id,
a "Label:" and the box or words after it, and the first of a pair of boxes. A column's header in a table's head
labels a column, not one value, and is not read so; a wrong value still fails."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """
<h1>Order 12</h1>
<table><tr><th>Placed by:</th><td>Ann Lee</td><th>Carrier:</th><td>Post</td></tr>
       <tr><th>Weight</th><td>2 kg</td><td>(boxed)</td></tr></table>
<dl><dt>Warehouse</dt><dd>North</dd><dt>Shelf</dt><dd>B2</dd></dl>
<div><span id="rv">Reviewer</span></div><div aria-labelledby="rv">Dana</div>
<div><div>Items in stock</div><div>42</div></div>
<p><b>Tracking:</b> TX-991</p>
<div class="field"><div class="menu"><div class="label"><span class="name"><div>Category</div><i data-icon="arrow_drop_down"></i></span></div></div>
  <div class="interface"><div class="preview"><span></span><span>Science</span></div></div></div>
<div class="field"><div class="label"><span>Notes</span></div><div class="interface">none</div><div>extra</div></div>
<div class="field"><div class="menu"><div class="label"><span>Desk</span></div></div><div class="interface"><span>Science desk</span></div>
  <div class="dialog-host"></div><!----></div>
<table><thead><tr><th>Item</th><th>Colour</th></tr></thead><tbody><tr><td>Mug</td><td>blue</td></tr></tbody></table>
"""


@pytest.mark.parametrize(("caption", "value"), [
    ("Placed by", "Ann Lee"), ("Carrier", "Post"), ("Weight", "2 kg"), ("Warehouse", "North"), ("Shelf", "B2"),
    ("Reviewer", "Dana"), ("Items in stock", "42"), ("Tracking", "TX-991"),
    ("Category", "Science"),  # a caption inside boxes of its own, the value in the box beside them
    ("Desk", "Science desk"),  # a third box that draws nothing (an empty dialog host) is no third box
])
async def test_a_caption_shows_the_value_it_labels(call, session: WebSession, caption: str, value: str) -> None:
    await session.page.set_content(_PAGE)
    result = await call("web.verify_text", text=value, target=caption)
    assert result.ok, result.error


@pytest.mark.parametrize(("caption", "value"), [
    ("Carrier", "Ann Lee"),  # the value of the caption before it
    ("Warehouse", "B2"),  # the next term's description
    ("Weight", "North"),
    ("Colour", "blue"),  # a column's header: the column holds many values, none is its own
    ("Notes", "extra"),  # three boxes side by side: no pair, the caption labels none of them
])
async def test_a_value_another_caption_labels_is_not_this_ones(call, session: WebSession, caption: str,
                                                                value: str) -> None:
    await session.page.set_content(_PAGE)
    session.action_timeout_ms = 300
    result = await call("web.verify_text", text=value, target=caption)
    assert not result.ok and result.error is not None and result.error.code.value == "ASSERTION_FAILED"


async def test_a_field_drawn_as_a_caption_and_a_value_shows_the_value(call, session: WebSession) -> None:
    # 'the "Category" field should show "Science"': a field shown as a caption over its value (no form control).
    await session.page.set_content(_PAGE)
    result = await call("web.verify_text", text="Science", target='"Category" field')
    assert result.ok, result.error
