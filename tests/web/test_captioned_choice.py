"""Clicking an option named by its drop-down's caption chooses it there (issue 24: act where the named thing is).

`choose "Milestone" under "Group results by"`: the drop-down's options are not drawn until it opens, so the words
fell on a "Milestone" link further down (a table's sort heading) and the step passed having sorted the table.
When the caption names a native drop-down that offers exactly one option so named, the option is chosen in it;
anything else is the click it was (tests/web/pages/widgets/captioned_select.html, in real Chromium).
"""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def _open(call) -> None:
    assert (await call("web.navigate", url="/widgets/captioned_select.html")).ok


async def _value(session, css: str) -> str:
    return str(await session.page.eval_on_selector(css, "(e) => e.value"))


async def test_an_option_under_its_drop_downs_caption_is_chosen_there(call, session) -> None:
    await _open(call)
    result = await call("web.click", target='"Milestone" under "Group results by"')
    assert result.ok, result.status_line()
    assert result.data["chose"] == "Milestone" and result.data["name"] == "Group results by", result.data
    assert await _value(session, "#group") == "milestone"
    assert await session.page.text_content("#sorted") == "not yet"  # the table's heading link was not clicked


async def test_a_caption_tied_to_its_drop_down_by_place_only(call, session) -> None:
    await _open(call)
    result = await call("web.click", target='"Priority" under "Sort results by"')
    assert result.ok and result.data.get("chose") == "Priority", result.status_line()
    assert await _value(session, "#sort") == "Priority"


async def test_anything_else_under_a_caption_is_clicked(call, session) -> None:
    await _open(call)
    # "Component" is no option of the drop-down: the link under the caption is what the words name.
    result = await call("web.click", target='"Component" under "Group results by"')
    assert result.ok and "chose" not in result.data, result.status_line()
    assert await session.page.text_content("#sorted") == "by component"
    assert await _value(session, "#group") == ""
    # Under a heading (no drop-down), the link is clicked as before.
    result = await call("web.click", target='"Owner" under "Results"')
    assert result.ok and "chose" not in result.data, result.status_line()
    assert await session.page.text_content("#sorted") == "by owner"
