"""'Ann should be in the table': with one table on the page, that table is meant, named or not (real Chromium)."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_TABLE = "<table><tr><th>Name</th></tr><tr><td>Ann</td></tr></table>"
_OTHER = "<table><tr><th>Name</th></tr><tr><td>Bob</td></tr></table>"


async def test_the_one_unnamed_table_is_the_table(call, session: WebSession) -> None:
    await session.page.set_content("<p>Carla signed up.</p>" + _TABLE + '<table hidden><tr><td>Dan</td></tr></table>')
    assert (await call("web.verify_text", text="Ann", target="the table")).ok
    failed = await call("web.verify_text", text="Carla", target="table")  # on the page, not in the table
    assert not failed.ok and failed.error.code == "ASSERTION_FAILED"
    assert not (await call("web.verify_text", text="Dan", target="table")).ok  # only in a hidden table
    assert (await call("web.verify_not_visible", target="Carla in the table")).ok
    assert not (await call("web.verify_not_visible", target="Ann in the table")).ok


async def test_two_unnamed_tables_are_ambiguous(call, session: WebSession) -> None:
    await session.page.set_content(_TABLE + _OTHER)
    result = await call("web.verify_text", text="Ann", target="table")
    assert not result.ok and result.error.code == "AMBIGUOUS"
    assert "2" in result.error.message


@pytest.mark.parametrize(("kind", "html"), [
    ("list", "<ul><li>Ann</li><li>Bob <ul><li>Sub</li></ul></li></ul>"),
    ("form", "<form><label>Name <input></label><p>Ann</p></form>"),
    ("dialog", "<dialog open><p>Ann</p></dialog>"),
])
async def test_the_one_list_form_or_dialog(call, session: WebSession, kind: str, html: str) -> None:
    await session.page.set_content("<p>Zed</p>" + html)
    assert (await call("web.verify_text", text="Ann", target=f"the {kind}")).ok
    assert not (await call("web.verify_text", text="Zed", target=f"the {kind}")).ok
