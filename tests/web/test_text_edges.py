"""A text at the start or the end of what an element shows ("should end with", "should start with"), through the
rules planner and web.verify_text(edge=...) on a real page (tests/web/pages/widgets/edges.html)."""

from __future__ import annotations

import pytest

from tapwright.planners.rules import compile_step

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def _run(call, step: str):
    [s] = compile_step(step).steps
    assert s.args.get("edge") in ("start", "end"), s.args
    return await call(s.tool, **s.args)


@pytest.mark.parametrize(("step", "ok"), [
    ('Then the Request URL should end with "/api/pets?tag=young&limit=3"', True),
    ('Then the Request URL should end with "/api/pets?tag=young"', False),  # in it, not at its end
    ('Then the Request URL should start with "http://127.0.0.1/api"', True),  # under its heading
    ('Then the text under the table should end with "of 41"', True),
    ('Then the text under the table should end with "of 4"', False),
    ('Then the text under the table should begin with "Showing 1"', True),
    ('Then the Status should start with "Paid"', True),
    ('Then the Status should start with "in full"', False),
])  # fmt: skip
async def test_a_text_at_an_edge_of_an_element(call, step: str, ok: bool) -> None:
    assert (await call("web.navigate", url="/widgets/edges.html")).ok
    got = await _run(call, step)
    assert got.ok is ok, got.status_line()
    if not ok:
        assert got.error.code.value == "ASSERTION_FAILED" and "does not" in got.error.message, got.error.message


async def test_an_edge_needs_a_target(call) -> None:
    assert (await call("web.navigate", url="/widgets/edges.html")).ok
    got = await call("web.verify_text", text="of 41", edge="end")
    assert not got.ok and got.error.code.value == "INVALID_INPUT"


@pytest.mark.parametrize(("step", "ok"), [
    ('Then "Showing 1 - 10 of 41" should be shown under the table', True),
    ('Then "Desk" should be shown under the table', False),  # in the table, not under it
])  # fmt: skip
async def test_a_text_under_a_table_is_below_it_not_in_it(call, step: str, ok: bool) -> None:
    assert (await call("web.navigate", url="/widgets/edges.html")).ok
    [s] = compile_step(step).steps
    assert s.tool == "web.verify_visible" and " under the table" in s.args["target"], s
    got = await call(s.tool, **s.args)
    assert got.ok is ok, got.status_line()


@pytest.mark.parametrize(("step", "ok"), [
    ('Then the table footer should show "Showing 1 - 10 of 41"', True),
    ('Then the footer of the table should say "Showing 1 - 10 of 41"', True),
    ('Then the table footer should show "Desk"', False),  # a cell of the table, not its footer
])  # fmt: skip
async def test_a_tables_footer_is_what_it_draws_under_itself(call, step: str, ok: bool) -> None:
    assert (await call("web.navigate", url="/widgets/edges.html")).ok
    [s] = compile_step(step).steps
    assert s.tool == "web.verify_visible" and s.args["target"].endswith(" under the table"), s
    got = await call(s.tool, **s.args)
    assert got.ok is ok, got.status_line()
