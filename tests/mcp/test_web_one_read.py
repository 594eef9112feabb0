"""An acting web call through MCP reads the page once (after it), using what the driver already read as
"before"; a click that opens another page answers with what that page shows (official client, in process,
real Chromium)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from mcp_support import needs_web

import tapwright.mcp._server as mcp_server
from mcp import Client
from tapwright.mcp import McpOptions
from tapwright.mcp._server import TapwrightMcp

pytestmark = [pytest.mark.browser, needs_web]


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The server's own reads of the page, counted."""
    taken: list[str] = []
    real = mcp_server._snapshot

    async def counting(driver: Any) -> Any:
        taken.append("read")
        return await real(driver)

    monkeypatch.setattr(mcp_server, "_snapshot", counting)
    yield taken


def _text(result: Any) -> str:
    return str(result.content[0].text)


async def test_one_read_per_acting_call_and_the_new_page_described(pages_url: str, reads: list[str]) -> None:
    app = TapwrightMcp(McpOptions(tools=["web"]))
    async with Client(app.server, mode="legacy") as client:
        nav = await client.call_tool("web__navigate", {"url": pages_url + "/index.html"})
        assert not nav.is_error, _text(nav)
        assert len(reads) == 2  # the first call: the driver had read nothing yet, so "before" is read too
        filled = await client.call_tool("web__fill", {"target": "Your name field", "text": "Ada"})
        assert 'changed: textbox "Your name": "" -> "Ada"' in _text(filled)
        assert len(reads) == 3
        clicked = await client.call_tool("web__click", {"target": "Greet me"})
        assert 'appeared: text "Hello, Ada!"' in _text(clicked) and len(reads) == 4
        assert clicked.structured_content is not None and clicked.structured_content["changed"] is True
        moved = await client.call_tool("web__click", {"target": "Go to second page"})
        text = _text(moved)
        assert 'title: "Second page"' in text and "page: " in text and 'text "You made it."' in text, text
        assert "gone:" not in text and len(reads) == 5
        # A click that changes nothing: one read, and "changed" settled by that read.
        quiet = await client.call_tool("web__click", {"target": "Second page heading"})
        assert not quiet.is_error and "no visible change" in _text(quiet) and len(reads) == 6
        assert quiet.structured_content is not None and quiet.structured_content["changed"] is False
        seen = await client.call_tool("web__snapshot", {})
        assert not seen.is_error and len(reads) == 6  # a read-only call: the server reads nothing itself
