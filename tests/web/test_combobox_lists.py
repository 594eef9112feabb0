"""Choosing in a custom combobox (real Chromium): the list is the one the widget opens, never an option that was
on the page before, and a typing box whose click only focuses it is opened with Alt+Down (the ARIA keys)."""

from __future__ import annotations

import pytest

from tapwright.core.context import ToolContext
from tapwright.drivers.web import WebSession
from tapwright.registry.registry import Registry

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

# A toolbar menu item shown all along, and a Vet combobox: a typing box that a click only focuses; Alt+Down (or its
# caret) opens its list, and picking an option writes it into the box.
_PAGE = """
<div role="toolbar"><span role="menuitem" onclick="window.toolClicks = (window.toolClicks || 0) + 1">Dr. Ann Lee</span></div>
<label id=vl>Vet</label>
<input id=vet role=combobox aria-labelledby=vl aria-expanded=false aria-autocomplete=inline aria-controls=vets>
<span id=caret aria-hidden=true onclick="openList()">v</span>
<ul id=vets role=listbox hidden>
  <li role=option>Dr. Sofia Marquez</li><li role=option>Dr. Nina Hart</li>
</ul>
<script>
const vet = document.getElementById('vet'), list = document.getElementById('vets');
function openList() { list.hidden = false; vet.setAttribute('aria-expanded', 'true'); }
vet.addEventListener('keydown', (e) => { if (e.key === 'ArrowDown' && e.altKey && window.opens !== false) openList(); });
list.addEventListener('click', (e) => { vet.value = e.target.textContent; list.hidden = true; vet.setAttribute('aria-expanded', 'false'); });
</script>
"""


async def _select(session: WebSession, option: str) -> object:
    return await Registry.default().call("web.select", {"target": "Vet combobox", "option": option}, ToolContext([session]))


async def test_a_typing_box_whose_click_only_focuses_is_opened_with_alt_down(session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    result = await _select(session, "Dr. Sofia Marquez")
    assert result.ok, result.error  # type: ignore[attr-defined]
    assert await session.page.evaluate("document.getElementById('vet').value") == "Dr. Sofia Marquez"


async def test_an_option_shown_before_the_widget_opened_is_not_its_list(session: WebSession) -> None:
    """The list never opens (no keys, no caret): the toolbar's "Dr. Ann Lee", on the page before, is not chosen
    from (before, any option or menu item shown on the page counted, and was clicked)."""
    await session.page.set_content(_PAGE.replace("window.opens !== false", "false"))
    result = await _select(session, "Dr. Ann Lee")
    assert not result.ok  # type: ignore[attr-defined]
    assert await session.page.evaluate("window.toolClicks || 0") == 0


# A dropdown drawn as a box with the combobox role, named by its caption and its chosen option at once
# (aria-labelledby = the caption outside it and the chosen part inside it), with a caption text above it.
_DROPDOWN = """
<label id=st-label>Status</label>
<div id=st role=combobox tabindex=0 aria-haspopup=listbox aria-expanded=false aria-labelledby="st-label st-option"
     onclick="document.getElementById('sts').hidden = false; this.setAttribute('aria-expanded', 'true')">
  <span id=st-option>Scheduled</span> <span aria-hidden=true>v</span></div>
<div id=sts role=listbox hidden>
  <div role=option>Scheduled</div><div role=option>Confirmed</div><div role=option>Cancelled</div></div>
<script>
document.getElementById('sts').addEventListener('click', (e) => {
  document.getElementById('st-option').textContent = e.target.textContent;
  e.currentTarget.hidden = true; document.getElementById('st').setAttribute('aria-expanded', 'false'); });
</script>
"""


async def test_a_dropdown_named_by_caption_and_choice_has_them_apart(session: WebSession) -> None:
    """The caption outside is its label, the part inside what it shows: "the Status field" is the dropdown, not
    tied with its caption (before: AMBIGUOUS between the two)."""
    await session.page.set_content(_DROPDOWN)
    box = next(e for e in (await session.snapshot()).elements if e.role == "combobox")
    assert box.attr("label") == "Status" and box.value == "Scheduled"
    found = await session.resolve("the Status field", wait=False)
    assert found.element is not None and found.element.role == "combobox"


async def test_filling_a_dropdown_face_picks_from_its_list(session: WebSession) -> None:
    """ "change the Status to Confirmed": no text goes into a box with nothing to type into; the value is picked
    from its list and read back (before: NOT_INTERACTABLE)."""
    await session.page.set_content(_DROPDOWN)
    result = await Registry.default().call("web.fill", {"target": "Status", "text": "Confirmed"}, ToolContext([session]))
    assert result.ok, result.error  # type: ignore[attr-defined]
    assert result.data["picked_from_list"] is True  # type: ignore[attr-defined]
    assert await session.page.evaluate("document.getElementById('st-option').textContent") == "Confirmed"
    missing = await Registry.default().call("web.fill", {"target": "Status", "text": "Lost"}, ToolContext([session]))
    assert not missing.ok  # type: ignore[attr-defined]
    assert await session.page.evaluate("document.getElementById('st-option').textContent") == "Confirmed"


# A menu button (no combobox role: aria-haspopup=menu) whose items say a number times "×".
_MENU_BUTTON = """
<div id=speed role=button tabindex=0 aria-haspopup=menu aria-expanded=false aria-label="Playback speed"
     onclick="document.getElementById('menu').hidden = false; this.setAttribute('aria-expanded', 'true')">1×</div>
<div id=menu role=menu hidden>
  <div role=menuitemradio data-v="1.25">1.25×</div><div role=menuitemradio data-v="1.5">1.5×</div>
  <div role=menuitemradio data-v="2">2×</div>
</div>
<button id=mute aria-label=Mute>M</button>
<script>
document.getElementById('menu').addEventListener('click', (e) => {
  const v = e.target.dataset.v; document.getElementById('speed').textContent = v + '×'; window.chosenSpeed = v;
  document.getElementById('menu').hidden = true; document.getElementById('speed').setAttribute('aria-expanded', 'false');
});
</script>
"""


@pytest.mark.parametrize("value", ["1.5x", "1.5×", "1.5 x"])
async def test_setting_a_menu_button_picks_from_its_menu(session: WebSession, value: str) -> None:
    """'Set the playback speed to 1.5x': a control that says it opens a menu takes no typing; the value is the item
    of the menu it opens (a number times "×" written with an "x" is that item)."""
    await session.page.set_content(_MENU_BUTTON)
    result = await Registry.default().call("web.fill", {"target": "playback speed", "text": value},
                                           ToolContext([session]))
    assert result.ok, result.error  # type: ignore[attr-defined]
    assert await session.page.evaluate("window.chosenSpeed") == "1.5"


async def test_a_value_the_menu_does_not_have_is_refused(session: WebSession) -> None:
    await session.page.set_content(_MENU_BUTTON)
    result = await Registry.default().call("web.fill", {"target": "playback speed", "text": "3x"}, ToolContext([session]))
    assert not result.ok  # type: ignore[attr-defined]
    assert await session.page.evaluate("window.chosenSpeed || null") is None
