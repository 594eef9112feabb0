"""Over MCP (official client, stdio, real Chromium): a click's own answer says which dialog it opened and how that
was answered, and which download it started and where it was saved; a secret the dialog echoes is hidden."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp_support import needs_web, stdio_params

from mcp import ClientSession, stdio_client

pytestmark = [pytest.mark.browser, needs_web]
PIN = "4711-zebra-crossing"


def _text(result: Any) -> str:
    return "\n".join(str(c.text) for c in result.content if getattr(c, "text", None))


async def test_dialog_and_download_are_in_the_clicks_own_answer(pages_url: str) -> None:
    params = stdio_params("--secret", "PIN", "--env-file", "/nonexistent.env", env={"PIN": PIN})
    async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
        await s.initialize()
        assert not (await s.call_tool("web__navigate", {"url": pages_url + "/news.html"})).is_error
        assert not (await s.call_tool("web__fill", {"target": "PIN field", "text": "${secrets.PIN}"})).is_error
        sent = await s.call_tool("web__click", {"target": "Send button"})
        text = _text(sent)
        assert not sent.is_error, text
        assert 'dialog: confirmation "Send PIN ***?" dismissed (the default answer' in text, text
        assert sent.structured_content is not None
        assert sent.structured_content["dialogs"][0]["answer"] == "dismissed"
        assert PIN not in text and PIN not in str(sent.structured_content)
        saved = await s.call_tool("web__click", {"target": "Save a copy link"})
        text = _text(saved)
        assert not saved.is_error, text
        assert saved.structured_content is not None
        item = saved.structured_content["downloads"][0]
        assert item["status"] == "saved" and item["suggested_name"] == "home copy.html", item
        assert f'download: "home copy.html" saved to {item["path"]}' in text, text
        assert Path(item["path"]).read_text().startswith("<!doctype html>")
        quiet = await s.call_tool("web__click", {"target": "Count quietly button"})
        assert "dialog:" not in _text(quiet) and "download:" not in _text(quiet), _text(quiet)
