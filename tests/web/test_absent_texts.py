"""A text said not to be in a place is looked for in that place, and the place must be there (issue 24: checks
that cannot fail).

'"Shelly" should not be in the response body' used to be matched as one element named "Shelly in response body":
nothing on any page is named so, and the check passed without looking. Now the place is read as the positive text
check reads it and the check passes only when it does not show the text. A place that is not on the page (no
response headers, no table, no list by that name) passes only when the text is shown nowhere on the page, and
fails saying so (ELEMENT_NOT_FOUND) when it is shown elsewhere (tests/web/pages/widgets/absent_texts.html, in
real Chromium).
"""

from __future__ import annotations

import pytest

from tapwright.core.context import ToolContext
from tapwright.drivers.web import WebSession
from tapwright.planners.factory import rules_planner
from tapwright.registry.registry import Registry
from tapwright.runner.step import run_step

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def _open(call) -> None:
    assert (await call("web.navigate", url="/widgets/absent_texts.html")).ok


async def _absent(call, target: str):
    return await call("web.verify_not_visible", target=target)


async def test_a_text_absent_from_a_place_named_by_words(call) -> None:
    await _open(call)
    result = await _absent(call, '"Shelly" in the response body')
    assert result.ok, result.status_line()
    assert result.data["place"] == "the response body" and "Oliver" in result.data["text"]


async def test_a_text_in_that_place_fails_the_check(call) -> None:
    await _open(call)
    result = await _absent(call, '"Pepper" in the response body')
    assert not result.ok and result.error.code == "ASSERTION_FAILED", result.status_line()
    assert "Pepper" in result.error.message


async def test_a_place_not_on_the_page_passes_only_when_the_text_is_nowhere(call) -> None:
    await _open(call)
    # No response headers on the page: "Oliver" is shown (in the body), so it may be in them: not answered.
    result = await _absent(call, '"Oliver" in the response headers')
    assert not result.ok and result.error.code == "ELEMENT_NOT_FOUND", result.status_line()
    assert (await _absent(call, '"Rex" in the response headers')).ok  # shown nowhere: in no place either


async def test_a_place_of_a_kind_the_page_lacks_passes_only_when_the_text_is_nowhere(call) -> None:
    await _open(call)
    # No table on the page (a table emptied by a delete may be drawn as none): INV-6 is shown in a list.
    result = await _absent(call, '"INV-6" in the table')
    assert not result.ok and result.error.code == "ELEMENT_NOT_FOUND", result.status_line()
    assert "no grid/table/treegrid on the page" in result.error.message and "shown elsewhere" in result.error.message
    assert (await _absent(call, '"INV-9" in the table')).ok


async def test_a_list_named_as_the_page_names_it_is_looked_in(call) -> None:
    await _open(call)
    # The list under "Invoices" is the invoice list: Shelly is not in it (she is in a paragraph below).
    assert (await _absent(call, '"Shelly" in the invoice list')).ok
    result = await _absent(call, '"INV-6" in the invoice list')
    assert not result.ok and result.error.code == "ASSERTION_FAILED", result.status_line()


async def test_a_list_the_page_does_not_name_so_passes_only_when_the_text_is_nowhere(call) -> None:
    await _open(call)
    assert (await _absent(call, '"INV-7" in the payments list')).ok  # shown nowhere: in no list either
    result = await _absent(call, '"INV-6" in the payments list')  # shown in a list: maybe the one meant
    assert not result.ok, result.status_line()
    result = await _absent(call, '"Shelly" in the payments list')  # shown, in no list, but no list is so named
    assert not result.ok and result.error.code == "ELEMENT_NOT_FOUND", result.status_line()
    assert "by that name" in result.error.message


async def test_the_steps_people_write(session: WebSession, server: str) -> None:
    ctx, registry = ToolContext([session]), Registry.default()
    await session.navigate("/widgets/absent_texts.html")
    passed = ['Then the response body should list "Oliver" and "Pepper" but not "Shelly"',
              'And the response body should not contain "Rex"', 'And "Shelly" should not be in the response body']
    failed = ['Then the response body should not contain "Oliver"', 'Then "INV-5" should not be in the table',
              'Then "Pepper" should not be in the response headers']
    for text in passed + failed:
        step = await run_step(text, ctx, planner=rules_planner(), registry=registry, base_url=server, timeout_s=0.3)
        assert step.status == ("passed" if text in passed else "failed"), (text, step.status_line)
