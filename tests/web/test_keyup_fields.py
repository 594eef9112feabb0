"""A fill ends with a key released, as typing does (real Chromium): a field that filters on ``keyup`` and not on
``input`` (older widget libraries) sees the text, and the value is the whole text (issue 26). The key is typed
only where a key handler of the page could hear it, into the field itself, and a field the page draws anew on
input still gets the whole text (issue 28)."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession
from tapwright.drivers.web._pw import pw

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


# Every input event of the field is counted; where a key handler sits is the parameter.
_COUNTED = """<div id="wrap"><label for="f">Filter</label> <input id="f"
  oninput="window.inputs = (window.inputs || 0) + 1"></div><p id="seen">none</p>
<script>
  const seen = (e) => { document.getElementById('seen').textContent = e.type + ':' + e.key + ':' + e.target.value; };
  const where = {field: document.getElementById('f'), ancestor: document.getElementById('wrap'), document, window};
  const at = new URLSearchParams(location.hash.slice(1)).get('keys') || '%s';
  if (at === 'property') document.getElementById('f').onkeydown = seen;
  else if (at !== 'none') where[at].addEventListener('keyup', seen);
</script>"""


async def test_no_key_is_typed_where_no_key_handler_could_hear_it(call, session: WebSession) -> None:
    """A page with no key handler: the text is set in one input event, as Playwright's fill sets it."""
    await session.page.set_content(_COUNTED % "none")
    assert (await call("web.fill", target="Filter field", text="alpha")).ok
    assert await session.page.input_value("#f") == "alpha"
    assert await session.page.evaluate("window.inputs") == 1


@pytest.mark.parametrize("at", ["field", "ancestor", "document", "window", "property"])
async def test_the_last_key_is_typed_wherever_a_key_handler_could_hear_it(call, session: WebSession, at: str) -> None:
    """A key handler on the field, anything holding it, its document or window (added either way): the last
    character is typed as a key, so the handler sees the whole text (and the field two input events)."""
    await session.page.set_content(_COUNTED % at)
    assert (await call("web.fill", target="Filter field", text="alpha")).ok
    assert await session.page.input_value("#f") == "alpha"
    assert await session.page.evaluate("window.inputs") == 2
    expected = "keydown:a:alph" if at == "property" else "keyup:a:alpha"  # keydown comes before the character
    assert await session.page.text_content("#seen") == expected


async def test_a_field_drawn_anew_on_input_gets_the_whole_text(call, session: WebSession) -> None:
    """The page replaces the field on every input, copying its value (a framework re-rendering it), and listens
    to keys: the partly filled field is gone before its last key; the field found again gets the whole text
    (it used to be filled and replaced again until the action's deadline, then TIMEOUT)."""
    await session.page.set_content("""<span id="box"><label for="nick">Nickname</label> <input id="nick"
      oninput="redraw(this)"></span><script>
      document.addEventListener('keyup', () => {});
      function redraw(input) { const v = input.value;
        document.getElementById('box').innerHTML = "<label for='nick'>Nickname</label> <input id='nick' oninput='redraw(this)'>";
        document.getElementById('nick').value = v; }</script>""")
    result = await call("web.fill", target="Nickname field", text="nick 7")
    assert result.ok, result.status_line()
    assert await session.page.input_value("#nick") == "nick 7"


async def test_the_last_key_goes_to_the_field_when_its_input_handler_moves_the_focus(call, session: WebSession) -> None:
    """The field's own input handler focuses another field: the last key is typed into the field it belongs to
    (focused again first, as Playwright's type focuses), never into the other one."""
    await session.page.set_content("""<label for="a">First</label> <input id="a" onkeydown="this.dataset.down = this.value + '+' + event.key"
      oninput="document.getElementById('b').focus()"> <label for="b">Second</label> <input id="b">""")
    assert (await call("web.fill", target="First field", text="abc")).ok
    assert await session.page.input_value("#a") == "abc"
    assert await session.page.input_value("#b") == ""
    assert await session.page.get_attribute("#a", "data-down") == "ab+c"  # the key reached the field itself


async def test_a_kept_node_is_looked_up_in_the_page_and_a_gone_one_is_stale(session: WebSession) -> None:
    """``Target.evaluate`` reaches the node the snapshot kept within one evaluate, and fails as the selector
    engine does (mapped to STALE_REF) once the page removed it."""
    await session.page.set_content("<label for='n'>Name</label> <input id='n' value='Ada'>")
    target = await session.resolve("Name field")
    assert await target.evaluate("(e, suffix) => e.value + suffix", "!") == "Ada!"
    assert await target.evaluate("(e, arg) => arg === undefined") is True  # no argument stays undefined
    await session.page.evaluate("document.getElementById('n').remove()")
    with pytest.raises(pw.Error, match="no longer points at a live element"):
        await target.evaluate("(e) => e.value")
