"""Over MCP (official client, stdio, real Chromium): a secret can be typed but not used as a target or a text to
check, so a model cannot test whether a field or the page holds it; the refusal is INVALID_INPUT, and neither the
answers nor the server's log hold the value."""

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


async def test_a_secret_is_typed_but_never_probed_for(pages_url: str, tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    params = stdio_params("-v", "--secret", "PIN", "--env-file", "/nonexistent.env", env={"PIN": PIN})
    seen: list[str] = []
    with log.open("w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            assert not (await s.call_tool("web__navigate", {"url": pages_url + "/news.html"})).is_error
            typed = await s.call_tool("web__fill", {"target": "PIN field", "text": "${secrets.PIN}"})
            assert not typed.is_error, _text(typed)
            for tool, args in [
                ("web__verify_text", {"text": "${secrets.PIN}"}),
                ("web__click", {"target": "${secrets.PIN}"}),
                ("web__wait_for", {"text": "${secrets.PIN}"}),
                ("web__verify_text", {"text": PIN}),  # a guess written out
            ]:
                probe = await s.call_tool(tool, args)
                text = _text(probe)
                seen += [text, str(probe.structured_content)]
                assert probe.is_error, text
                assert probe.structured_content is not None
                assert probe.structured_content["error"]["code"] == "INVALID_INPUT", text
                assert "compared with the screen" in text and "may only be typed or sent in a URL" in text, text
            # The field can still be checked without naming the secret.
            state = await s.call_tool("web__verify_visible", {"target": "PIN field"})
            assert not state.is_error, _text(state)
            seen += [_text(typed), _text(state)]
    assert not [t for t in seen if PIN in t]
    server_log = log.read_text()
    assert server_log.strip() and PIN not in server_log
