"""Words a ligature icon font draws as one glyph are icons, not words of the page (icons.js).

The page (pages/ligature_icons.html) draws its icons with a real ligature font built by the test server
(tests/_support/ligature_font.py): "arrow_upward" in a heading is one 1 em arrow, as icon fonts of web apps
draw it. The same font draws "lorem", which it has no ligature for, letter by letter: still a word.
"""

from __future__ import annotations

import pytest

from tapwright.core.element import Element
from tapwright.drivers.web import WebSession
from tapwright.drivers.web.icon_words import with_icons

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]


async def _open(call, session: WebSession) -> None:
    result = await call("web.navigate", url="/ligature_icons.html")
    assert result.ok, result.status_line()
    assert await session.page.evaluate("document.fonts.ready.then(() => document.fonts.check('24px \"Test Ligature Icons\"'))")


def _one(elements: tuple[Element, ...], role: str, name: str) -> Element:
    found = [e for e in elements if e.role == role and (e.name or e.text) == name]
    assert len(found) == 1, [(e.role, e.name, e.text) for e in elements]
    return found[0]


async def test_an_icon_word_is_the_icon_hint_of_its_element_not_its_text(call, session: WebSession) -> None:
    await _open(call, session)
    elements = (await session.snapshot()).elements
    heading = _one(elements, "columnheader", "Priority")
    assert heading.attrs.get("icon") == "arrow_upward"
    toast = _one(elements, "status", "Saved")
    assert toast.attrs.get("icon") == "priority_high"
    button = _one(elements, "button", "Delete")
    assert button.text == ""
    assert button.attrs.get("icon") == "delete"
    assert [e.attrs.get("icon") for e in elements if e.role == "button" and not e.name] == ["more_vert"]
    cell = [e for e in elements if e.role == "cell" and "row:Write report | High" in e.context]
    assert [c.name for c in cell] == ["Write report", "High"]
    done = [e for e in elements if e.role == "img" and "row:Write report | High" in e.context]
    assert [(e.name, e.text, e.attrs.get("icon")) for e in done] == [("", "", "check_circle")]
    # No name, text or context of the page holds an icon's word.
    words = " ".join(" ".join((e.name, e.text, *e.context)) for e in elements)
    for drawn in ("arrow_upward", "priority_high", "more_vert", "check_circle"):
        assert drawn not in words


async def test_plain_short_words_stay_words(call, session: WebSession) -> None:
    await _open(call, session)
    elements = (await session.snapshot()).elements
    for name in ("OK", "Go"):
        assert _one(elements, "button", name).attrs.get("icon") is None
    plain = _one(elements, "text", "Press go to start, or ill luck, and lorem stays a word.")
    assert plain.attrs.get("icon") is None  # "go" and "ill" in a plain font; "lorem" in the icon font, unligated


async def test_a_word_hidden_from_assistive_technology_is_an_icon(call, session: WebSession) -> None:
    await _open(call, session)
    elements = (await session.snapshot()).elements
    assert _one(elements, "button", "New task").attrs.get("icon") == "add"
    assert _one(elements, "button", "Dismiss").attrs.get("icon") == "close"  # hidden by its wrapper


async def test_a_text_check_reads_what_people_see(call, session: WebSession) -> None:
    await _open(call, session)
    assert (await call("web.verify_text", text="Saved")).ok
    assert (await call("web.verify_text", text="lorem stays a word")).ok
    drawn = await call("web.verify_text", text="priority_high")
    assert not drawn.ok
    assert drawn.error.code == "ASSERTION_FAILED"
    # Read from the element itself (its innerText glues the icon word to "Saved").
    read = await call("web.get_text", target="Saved")
    assert read.ok, read.status_line()
    assert read.data["text"] == "Saved"
    exact = await call("web.verify_text", text="Saved", target="Saved", exact=True)
    assert exact.ok, exact.status_line()


async def test_a_control_is_named_by_its_words_and_found_by_its_icon(call, session: WebSession) -> None:
    await _open(call, session)
    for target in ("the Delete button", "the delete icon", "the more_vert button", "the add icon"):
        result = await call("web.click", target=target)
        assert result.ok, f"{target}: {result.status_line()}"
    assert await session.page.evaluate("window.__events") == ["delete", "delete", "menu", "add"]


async def test_a_table_is_read_without_its_icons(call, session: WebSession) -> None:
    await _open(call, session)
    tables = await call("extract.tables")
    assert tables.ok, tables.status_line()
    table = tables.data["tables"][0]
    assert table["headers"] == ["Task", "Priority", "Done"]
    assert [r["Priority"] for r in table["rows"]] == ["High", "Low", "High"]
    rows = await call("web.verify_rows", column="Priority", values=["High", "Low"], each=True)
    assert rows.ok, rows.status_line()
    cell = await call("web.get_text", target="the Priority cell in the Fix the boiler row")
    assert cell.ok, cell.status_line()
    assert cell.data["text"] == "High"
    # The heading is clicked by what it reads: the sort arrow drawn beside it is no part of it.
    ordered = await call("web.sort_table", column="Priority", order="descending")
    assert ordered.ok, ordered.status_line()
    assert ordered.data["clicks"] >= 1
    tables = await call("extract.tables")
    assert [r["Priority"] for r in tables.data["tables"][0]["rows"]] == ["Low", "High", "High"]


_STRIP_JS = with_icons("(sel) => { const e = document.querySelector(sel); return twIcons().strip(e, e.innerText); }")


async def test_an_icon_word_glued_to_a_word_is_taken_out_where_it_stands(call, session: WebSession) -> None:
    await _open(call, session)
    assert await session.page.evaluate("document.querySelector('#prio-head').innerText") == "Priorityarrow_upward"
    assert " ".join((await session.page.evaluate(_STRIP_JS, "#prio-head")).split()) == "Priority"
    # "Undelete" keeps its letters: an icon's word is taken out where it stands, after the text before it.
    glued = " ".join((await session.page.evaluate(_STRIP_JS, "#glued")).split())
    assert glued == "Undelete now, or undelete later."


# Two spans of one plain word drawn to a given share of its width in a plain font (by letter-spacing): the
# rule's line is 0.6 of that width (and 0.4 em a character, which both are under).
_SQUEEZE_JS = """(shares) => {
  const ruler = document.createElement('canvas').getContext('2d');
  ruler.font = '16px sans-serif';
  const plain = ruler.measureText('compressed').width;
  const box = document.createElement('p');
  for (const [id, share] of shares) {
    const s = document.createElement('span');
    s.id = id;
    s.textContent = 'compressed';
    s.style.cssText = `font: 16px sans-serif; letter-spacing: ${(plain * share - plain) / 10}px`;
    box.append(s, ' ');
  }
  document.body.append(box);
}"""


async def test_the_line_between_a_squeezed_word_and_an_icon(call, session: WebSession) -> None:
    await _open(call, session)
    await session.page.evaluate(_SQUEEZE_JS, [["narrower", 0.55], ["wider", 0.65]])
    elements = (await session.snapshot()).elements
    icons = [e for e in elements if e.role == "img" and e.attrs.get("icon") == "compressed"]
    assert [e.attrs.get("id") for e in icons] == ["narrower"]
    assert [e.attrs.get("id") for e in elements if e.text == "compressed"] == ["wider"]
