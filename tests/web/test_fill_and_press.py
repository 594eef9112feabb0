"""web.fill_and_press, the worked example of docs/contributing/adding-an-action.md, on a real page."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from tapwright.core.result import ToolResult
from tapwright.drivers.web import WebSession
from tapwright.errors import ErrorCode

Call = Callable[..., Awaitable[ToolResult]]

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def test_fill_and_press_types_then_submits_with_enter(call: Call, session: WebSession) -> None:
    assert (await call("web.navigate", url="/form.html")).ok
    done = await call("web.fill_and_press", target="Email", text="ada@example.com")
    assert done.ok, done.status_line()
    assert (done.data["name"], done.data["text_length"], done.data["key"], done.data["changed"]) == ("Email", 15, "Enter", True)
    assert "ada" not in str(done.data)  # only the text's length is reported
    assert await session.page.inner_text("#status") == "Submitted 15"  # Enter in the field submitted its form


async def test_another_key_and_the_failures(call: Call, session: WebSession) -> None:
    assert (await call("web.navigate", url="/form.html")).ok
    tabbed = await call("web.fill_and_press", target="Nickname", text="neo", key="Tab")
    assert tabbed.ok and await session.page.input_value("#nick") == "neo"
    assert await session.page.inner_text("#status") == "Idle"  # Tab moved on; nothing was submitted
    refused = await call("web.fill_and_press", target="Nickname", text="x", timeout_ms=100)
    assert refused.code is ErrorCode.INVALID_INPUT  # the web waits its own action timeout: the parameter is refused
    missing = await call("web.fill_and_press", target="css=#nope", text="x")
    assert missing.code is ErrorCode.ELEMENT_NOT_FOUND
