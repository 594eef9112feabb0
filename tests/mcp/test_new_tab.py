"""A click that opens another tab answers with what that tab shows, through the official MCP client over
stdio and a real Chromium: a link with target=_blank (the tab is announced after the click returned) and a
script's window.open; a click that opens none says nothing of tabs."""

from __future__ import annotations

from typing import Any

from mcp_support import needs_web, stdio_params

from mcp import ClientSession, stdio_client

pytestmark = [needs_web]


def _text(result: Any) -> str:
    return str(result.content[0].text)


async def test_a_click_that_opens_a_tab_carries_the_new_pages_snapshot(pages_url: str) -> None:
    async with stdio_client(stdio_params()) as (read, write), ClientSession(read, write) as s:
        await s.initialize()
        assert not (await s.call_tool("web__navigate", {"url": pages_url + "/tabs.html"})).is_error
        for n, target in enumerate(["Open the second page in a new tab", "Pop the second page"], start=1):
            clicked = await s.call_tool("web__click", {"target": target})
            text = _text(clicked)
            assert not clicked.is_error, text
            assert f"new tab {n}: {pages_url}/second.html (switch_tab to act in it)" in text, text
            assert '  title: "Second page"' in text and 'heading "Second page"' in text and 'text "You made it."' in text
            assert "no visible change" not in text  # the tab is the change
            assert clicked.structured_content is not None
            assert clicked.structured_content["new_tab"] == {"index": n, "url": f"{pages_url}/second.html"}
        # The current tab stayed where it was: the next click acts on the first page, and opens no tab.
        pressed = await s.call_tool("web__click", {"target": "Press me"})
        assert not pressed.is_error and "new tab" not in _text(pressed) and 'text "Pressed."' in _text(pressed)
        assert pressed.structured_content is not None and "new_tab" not in pressed.structured_content
