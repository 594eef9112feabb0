"""Two page shapes people point at without ARIA (real Chromium, issue 26): a box whose id says it is the navigation
(<div id="mainnav">) is the page's navigation, and a list item's own words before the list it titles
(<li>Ticket System<ul>...</ul></li>) are a caption on their own box, so "X under Ticket System" finds X."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_NAV = """
<div id="metanav"><ul><li><a href="/login">Login</a></li><li><a href="/help">Help</a></li></ul></div>
<div id="mainNav"><ul><li><a href="/wiki">Wiki</a></li><li><a href="#" onclick="document.title='nav'; return false">New Ticket</a></li></ul></div>
<div id="content"><p>Report a problem: <a href="#" onclick="document.title='body'; return false">New Ticket</a></p></div>
<div id="canvas"><a href="/x">Canvas link</a></div>
"""

_ADMIN = """
<ul style="width:200px">
  <li>General<ul><li><a href="#" onclick="document.title='basic'; return false">Basic Settings</a></li>
                 <li><a href="#" onclick="document.title='general-m'; return false">Milestones</a></li></ul></li>
  <li>Ticket System<ul><li><a href="#" onclick="document.title='components'; return false">Components</a></li>
                       <li><a href="#" onclick="document.title='ticket-m'; return false">Milestones</a></li></ul></li>
</ul>
"""


async def test_a_box_whose_id_says_navigation_is_the_navigation(call, session: WebSession) -> None:
    await session.page.set_content(_NAV)
    tree = await session.snapshot()
    contexts = {e.name: e.context for e in tree.elements if e.role == "link"}
    assert "navigation:main" in contexts["Wiki"] and "navigation:meta" in contexts["Login"]
    assert not any(c.startswith("navigation") for c in contexts["Canvas link"])  # "canvas" is no "nav"
    assert (await call("web.click", target='"New Ticket" in the navigation bar')).ok
    assert await session.page.title() == "nav"
    assert (await call("web.click", target='"New Ticket" in the main menu')).ok  # a site's main menu: its navigation
    assert await session.page.title() == "nav"


async def test_a_list_items_own_words_are_a_caption_on_their_own_box(call, session: WebSession) -> None:
    await session.page.set_content(_ADMIN)
    tree = await session.snapshot()
    caption = next(e for e in tree.elements if e.role == "text" and "Ticket System" in e.text)
    assert caption.text == "Ticket System"  # not the whole item's text
    link = next(e for e in tree.elements if e.name == "Components")
    assert caption.rect is not None and link.rect is not None
    assert caption.rect.y + caption.rect.height <= link.rect.y + 1  # the caption's box ends above the list it titles
    assert (await call("web.click", target='"Milestones" under Ticket System')).ok
    assert await session.page.title() == "ticket-m"


_SECTION = """
<div>
  <div><h4>Request body</h4><label>Content type <select aria-label="Content type"><option>application/json</option>
    <option>text/plain</option></select></label></div>
  <div><div><button>Example</button><button>Schema</button></div><div><textarea id="body"></textarea></div></div>
</div>
<div style="margin-top:20px"><div><span>Notes</span></div><div><textarea id="notes"></textarea></div></div>
"""


async def test_typing_under_a_section_heading_goes_to_its_one_text_field(call, session: WebSession) -> None:
    """A heading over a select named otherwise ("Content type") and a text area: the text is typed in the area."""
    await session.page.set_content(_SECTION)
    assert (await call("web.fill", target="request body", text='{"a": 1}')).ok
    assert await session.page.input_value("#body") == '{"a": 1}'
    assert await session.page.input_value("select") == "application/json"  # the select beside it untouched
    assert (await call("web.fill", target="Notes", text="x")).ok
    assert await session.page.input_value("#notes") == "x"
