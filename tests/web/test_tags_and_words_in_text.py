"""A tag, chip or pill is a thing drawn on its own (real Chromium): a clickable word inside a paragraph is not one.

The snapshot marks a control inside running text (``in_text``: a text another element reports holds it), and "the X
tag" refuses such a word, whatever its name, while a chip of a row of tags is found by its name.
"""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """
<style>.chip { background: #eef; border-radius: 12px; padding: 2px 8px; cursor: pointer; }</style>
<p>Mix the soil with <span id="word" onclick="document.title = 'word'">compost</span> and water it well.</p>
<div class="tags">
  <span class="chip" onclick="document.title = 'chip'">Composting</span>
  <span class="chip" onclick="document.title = 'other'">Soil</span>
</div>
"""


async def test_a_control_inside_running_text_is_marked(session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    snap = await session.full_snapshot()
    marks = {e.name: e.attrs.get("in_text") for e in snap.tree.elements if e.role == "button"}
    assert marks == {"compost": "1", "Composting": None, "Soil": None}


async def test_a_tag_is_found_by_its_name_and_a_word_in_a_text_is_no_tag(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    assert (await call("web.click", target="the Composting tag")).ok
    assert await session.page.title() == "chip"
    refused = await call("web.click", target='the tag called "compost"')
    assert not refused.ok and refused.error is not None
    assert refused.error.code == "ELEMENT_NOT_FOUND" and "running text" in refused.error.message
    assert await session.page.title() == "chip"  # nothing else was clicked
    # The word itself is still a control a step can click by its name.
    assert (await call("web.click", target='"compost"')).ok
    assert await session.page.title() == "word"
