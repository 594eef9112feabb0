"""A field's value as the page shows it beside it (reading._READ_JS ``shown``, real Chromium): a slider at 80 whose
<output> says "$80k+" should be "$80k" and should be 80; any other amount fails, and typing reads back the value."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.asyncio(loop_scope="session")]

_PAGE = """
<label for=salary>Minimum salary</label>
<input type=range id=salary min=40 max=200 step=10 value=80><output id=out for=salary>$80k+</output>
<label for=age>Age</label><input id=age value=41>
<script>document.getElementById('salary').addEventListener('input', (e) =>
  { document.getElementById('out').textContent = '$' + e.target.value + 'k+'; });</script>
"""


@pytest.mark.parametrize(("text", "ok"), [("$80k", True), ("80", True), ("$80k+", True), ("$90k", False),
                                          ("8", False)])
async def test_a_slider_reads_as_its_output_shows_it(session: WebSession, call, text: str, ok: bool) -> None:
    await session.page.set_content(_PAGE)
    was, session.action_timeout_ms = session.action_timeout_ms, 600
    try:
        result = await call("web.verify_text", text=text, target="the Minimum salary slider")
    finally:
        session.action_timeout_ms = was
    assert result.ok is ok, result.status_line()


async def test_the_value_itself_is_still_the_value(session: WebSession, call) -> None:
    await session.page.set_content(_PAGE)
    assert (await call("web.get_value", target="Minimum salary")).data["value"] == "80"
    result = await call("web.verify_text", text="41", target="the Age field")
    assert result.ok, result.status_line()


async def test_a_tick_box_reads_as_its_label_never_its_value_attribute(session: WebSession, call) -> None:
    await session.page.set_content('<label><input type=checkbox id=c checked> Design calendar</label>')
    was, session.action_timeout_ms = session.action_timeout_ms, 600
    try:
        assert not (await call("web.verify_text", text="on", target="the Design calendar checkbox")).ok
        shown = await call("web.verify_text", text="Design", target="the Design calendar checkbox")
    finally:
        session.action_timeout_ms = was
    assert shown.ok, shown.status_line()
