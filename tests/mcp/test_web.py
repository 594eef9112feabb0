"""The web pack over MCP, against a real Chromium and pages on 127.0.0.1 (official client, both transports)."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from typing import Any

import anyio
import pytest
from mcp_support import HttpServer, alive, descendants, http_session, mcp_server_pids, needs_web, stdio_params

from mcp import ClientSession, stdio_client

pytestmark = [pytest.mark.browser, needs_web]


def _text(result: Any) -> str:
    return str(result.content[0].text)


def _code(result: Any) -> str | None:
    return result.structured_content["error"]["code"] if result.is_error else None


def _chromium_below(pid: int) -> set[int]:
    return {p for p, cmd in descendants(pid).items() if "chrom" in cmd.lower()}


async def test_stdio_navigate_locate_click_fill_verify_and_blocked_origin(pages_url: str) -> None:
    params = stdio_params("--blocked-origins", "http://127.0.0.2:9", "--caps", "more")
    async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
        await s.initialize()
        nav = await s.call_tool("web__navigate", {"url": pages_url + "/index.html"})
        assert not nav.is_error, _text(nav)
        # An action answers with a status line and a short change summary, not the whole page.
        assert _text(nav).startswith("OK")
        assert 'title: "MCP test home"' in _text(nav) and "Greet me" in _text(nav)

        located = await s.call_tool("web__locate", {"target": "the Greet me button"})
        assert not located.is_error and located.structured_content is not None
        assert located.structured_content["name"] == "Greet me" and located.structured_content["width"] > 0

        filled = await s.call_tool("web__fill", {"target": "Your name field", "text": "Ada"})
        assert 'changed: textbox "Your name": "" -> "Ada"' in _text(filled)
        clicked = await s.call_tool("web__click", {"target": "Greet me"})
        assert 'appeared: text "Hello, Ada!"' in _text(clicked)

        verified = await s.call_tool("web__verify_text", {"text": "Hello, Ada!"})
        assert not verified.is_error, _text(verified)
        failed = await s.call_tool("web__verify_text", {"text": "Goodbye"})
        assert failed.is_error and _code(failed) == "ASSERTION_FAILED"

        snap = await s.call_tool("web__snapshot", {})
        assert not snap.is_error and 'button "Greet me"' in _text(snap)

        blocked = await s.call_tool("web__navigate", {"url": "http://127.0.0.2:9/secret"})
        assert blocked.is_error and _code(blocked) == "URL_BLOCKED"
        assert _text(blocked).startswith("ERROR: [URL_BLOCKED]")

        bad = await s.call_tool("web__fill", {"target": "Your name field"})
        assert bad.is_error and _code(bad) == "INVALID_INPUT"


async def test_stdio_client_leaving_mid_call_leaves_no_browser_behind(pages_url: str) -> None:
    with tempfile.TemporaryFile("w+") as errlog:
        server_pid = 0
        chromium: set[int] = set()
        with anyio.move_on_after(60):
            async with stdio_client(stdio_params("--caps", "more"), errlog=errlog) as (read, write), ClientSession(read, write) as s:
                await s.initialize()
                assert not (await s.call_tool("web__navigate", {"url": pages_url + "/index.html"})).is_error
                [server_pid] = mcp_server_pids()
                chromium = _chromium_below(server_pid)
                assert chromium, "the browser should be running under the server"
                with anyio.move_on_after(1.0):
                    await s.call_tool("web__wait", {"seconds": 30})  # the client gives up and leaves mid-call
        assert server_pid and not alive(server_pid)
        deadline = time.monotonic() + 10
        while any(alive(p) for p in chromium) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [p for p in chromium if alive(p)]
        errlog.seek(0)
        log = errlog.read()
    # The server closed the context and the browser itself (no kill by the client was needed).
    assert "stopped cleanly (0 browser contexts open)" in log, log


@pytest.fixture(scope="module")
def web_http() -> Iterator[HttpServer]:
    server = HttpServer("--idle-timeout", "120", "--caps", "more")
    yield server
    pid = server.proc.pid
    chromium = _chromium_below(pid)
    assert server.stop() == 0
    assert not [p for p in chromium if alive(p)]
    assert "stopped cleanly (0 browser contexts open)" in "\n".join(server.lines)


async def _wait_status(server: HttpServer, **want: int) -> dict[str, Any]:
    status: dict[str, Any] = {}
    for _ in range(100):
        status = server.status()
        if all(status.get(k) == v for k, v in want.items()):
            return status
        await anyio.sleep(0.1)
    raise AssertionError(f"status never became {want}: {status}")


async def test_two_http_clients_get_isolated_browser_contexts(web_http: HttpServer, pages_url: str) -> None:
    ready = anyio.Event()
    seen: dict[str, Any] = {}

    async def alice() -> None:
        async with http_session(web_http.url) as s:
            await s.call_tool("web__navigate", {"url": pages_url + "/index.html"})
            await s.call_tool("web__fill", {"target": "Your name", "text": "Alice"})
            await ready.wait()
            seen["alice_status"] = web_http.status()
            seen["alice_value"] = (await s.call_tool("web__get_value", {"target": "Your name"})).structured_content
            seen["alice_url"] = await s.call_tool("web__verify_url", {"expected": "/index.html"})

    async def bob() -> None:
        async with http_session(web_http.url) as s:
            await s.call_tool("web__navigate", {"url": pages_url + "/second.html"})
            seen["bob_url"] = await s.call_tool("web__verify_url", {"expected": "/second.html"})
            await s.call_tool("web__navigate", {"url": pages_url + "/index.html"})
            seen["bob_value"] = (await s.call_tool("web__get_value", {"target": "Your name"})).structured_content
            ready.set()
            await anyio.sleep(0.5)

    async with anyio.create_task_group() as tg:
        tg.start_soon(alice)
        tg.start_soon(bob)
    assert seen["alice_status"]["sessions"] == 2 and seen["alice_status"]["browser_contexts"] == 2
    assert seen["alice_value"]["value"] == "Alice"
    assert seen["bob_value"]["value"] == ""  # Bob's own page: Alice's typing is not visible to him
    assert not seen["alice_url"].is_error and not seen["bob_url"].is_error
    await _wait_status(web_http, sessions=0, browser_contexts=0, playwright_contexts=0)


async def test_http_client_leaving_mid_call_closes_its_context(web_http: HttpServer, pages_url: str) -> None:
    with anyio.move_on_after(60):
        async with http_session(web_http.url) as s:
            assert not (await s.call_tool("web__navigate", {"url": pages_url + "/index.html"})).is_error
            assert web_http.status()["browser_contexts"] == 1
            with anyio.move_on_after(1.0):
                await s.call_tool("web__wait", {"seconds": 30})
    status = await _wait_status(web_http, sessions=0, browser_contexts=0, playwright_contexts=0)
    assert status["browser_running"] is True  # the shared browser stays for the next client
