"""A quoted phrase a page draws across neighbouring elements (locator/across.py, real Chromium): a term and its
definition, a label and a value in a flex row, two cells of a row read as shown, in both directions: "I should see"
passes and "I should not see" fails (it passed while the page showed the phrase). Texts drawn touching, with no
space a person sees, are one word; a phrase split over two containers is no phrase."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession
from tapwright.planners.rules import compile_step

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def _do(session: WebSession, call, step: str) -> tuple[str, str | None]:
    result = None
    for s in compile_step(step).steps:
        result = await call(s.tool, **s.args)
        if not result.ok:
            return "failed", result.error.code.value
    assert result is not None
    return "passed", None


@pytest.mark.parametrize("step", ['I should see "Total: $42.00"', 'I should see "Version 1.4"',
                                  'The summary panel should say "Total: $42.00"', 'I should see "Lamp 3"',
                                  'The table should show "Lamp 3"', 'I should see "Latest v3.2.0"'])
async def test_a_phrase_shown_across_elements_is_seen(session: WebSession, call, step: str) -> None:
    assert (await call("web.navigate", url="/widgets/label_values.html")).ok
    assert await _do(session, call, step) == ("passed", None)


@pytest.mark.parametrize("step", ['I should not see "Total: $42.00"', '"Version 1.4" should not be on the page',
                                  '"Total: $42.00" should not be in the summary panel'])
async def test_a_phrase_shown_across_elements_is_not_gone(session: WebSession, call, step: str) -> None:
    assert (await call("web.navigate", url="/widgets/label_values.html")).ok
    assert await _do(session, call, step) == ("failed", "ASSERTION_FAILED")


@pytest.mark.parametrize("step", ['I should see "Status Running"', 'I should see "Total: $42.50"',
                                  'I should see "1.4 Lamp"', 'The table should show "Total: $42.00"'])
async def test_what_is_not_one_phrase_as_drawn_is_not_seen(session: WebSession, call, step: str) -> None:
    assert (await call("web.navigate", url="/widgets/label_values.html")).ok
    assert await _do(session, call, step) == ("failed", "ASSERTION_FAILED")


async def test_the_negative_of_what_is_not_one_phrase_passes(session: WebSession, call) -> None:
    assert (await call("web.navigate", url="/widgets/label_values.html")).ok
    assert await _do(session, call, 'I should not see "Status Running"') == ("passed", None)
