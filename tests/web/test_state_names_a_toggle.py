"""A check that a thing is on or off names a control that can be: "Weekly digest emails should be on" where a line of
text holds those words and a switch is named "Weekly digest" reads the switch (drivers.web.states._as_toggle), never the text."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """<p>Weekly digest emails are sent on Mondays.</p>
<div><span id="m">Weekly digest</span>
<button role="switch" aria-labelledby="m" aria-checked="{on}" onclick="this.setAttribute('aria-checked', String(this.getAttribute('aria-checked') !== 'true'))"></button></div>
<p>Nothing else here.</p>"""


async def test_on_or_off_reads_the_switch_the_words_name(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE.format(on="true"))
    ok = await call("web.verify_state", target="Weekly digest emails", state="checked")
    assert ok.ok and ok.data["role"] == "switch"
    assert not (await call("web.verify_state", target="Weekly digest emails", state="unchecked")).ok
    await session.page.set_content(_PAGE.format(on="false"))
    assert (await call("web.verify_state", target="Weekly digest emails", state="unchecked")).ok
    assert not (await call("web.verify_state", target="Weekly digest emails", state="checked")).ok


async def test_words_that_name_no_toggle_still_fail_saying_so(call, session: WebSession) -> None:
    await session.page.set_content("<p>Weekly digest emails are sent on Mondays.</p>")
    failed = await call("web.verify_state", target="Weekly digest emails", state="checked")
    assert not failed.ok and "no checked state" in failed.error.message
