"""MCP: a click round trip through the official MCP Python client, tapwright's ``web__click`` against
Playwright MCP's ``browser_click`` (``@playwright/mcp`` from npm, on the system Chromium) on the same
page, in the same run. Target: tapwright's round trip <= 1.0x Playwright MCP's.

Two clicks: one whose handler changes nothing (a counter in a variable) and one that changes the
page at once. Both servers run over stdio as a client would start them; Playwright MCP is installed
by ``bench/_playwright_mcp.py`` into ``bench/.node`` (the row is skipped, saying why, when npm cannot).
"""

from __future__ import annotations

import asyncio
import http.server
import random
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from _playwright_mcp import install

import tapwright
from mcp import ClientSession, StdioServerParameters, stdio_client

ROUNDS = 15
PAGE = """<!doctype html><html><head><title>Clicks</title></head><body><h1>Clicks</h1><p id="s">Ready</p>
<button onclick="window.counted = (window.counted || 0) + 1">Count quietly</button>
<button onclick="document.getElementById('s').textContent = 'clicked ' + Date.now()">Change now</button>
</body></html>"""
BUTTONS = {"changes nothing": "Count quietly", "changes at once": "Change now"}


def _serve() -> tuple[http.server.ThreadingHTTPServer, str]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = PAGE.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def _tapwright() -> StdioServerParameters:
    """``tapwright mcp`` from this interpreter and the tapwright it imports (a checkout's ``src`` too)."""
    src = str(Path(tapwright.__file__).resolve().parents[1])
    return StdioServerParameters(command=sys.executable, args=["-c", "from tapwright.cli.main import main; main()", "mcp"],
                                 env={"PYTHONUNBUFFERED": "1", "PYTHONPATH": src})  # fmt: skip


def _ref(snapshot_text: str, name: str) -> str:
    match = re.search(rf'button "{re.escape(name)}" \[ref=(\w+)\]', snapshot_text)
    if match is None:
        raise RuntimeError(f"Playwright MCP's snapshot has no button {name!r}")
    return match.group(1)


def _text(result: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


async def _timed(session: ClientSession, tool: str, args: dict[str, Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    result = await session.call_tool(tool, args)
    elapsed = (time.perf_counter() - started) * 1000
    if result.is_error:
        raise RuntimeError(f"{tool} failed: {_text(result)[:300]}")
    return elapsed, result


async def _measure(url: str, playwright_mcp: list[str]) -> dict[str, tuple[float, float]]:
    # In a scratch folder: Playwright MCP writes page snapshots to .playwright-mcp/ under its working directory.
    scratch = tempfile.mkdtemp(prefix="tapwright-bench-pwmcp-")
    theirs = StdioServerParameters(command=playwright_mcp[0], args=playwright_mcp[1:], cwd=scratch)
    rng = random.Random(5)
    times: dict[str, tuple[list[float], list[float]]] = {kind: ([], []) for kind in BUTTONS}
    async with stdio_client(_tapwright()) as (r1, w1), ClientSession(r1, w1) as ours, \
            stdio_client(theirs) as (r2, w2), ClientSession(r2, w2) as pw:  # fmt: skip
        await ours.initialize()
        await pw.initialize()
        await _timed(ours, "web__navigate", {"url": url})
        await _timed(pw, "browser_navigate", {"url": url})
        _, seen = await _timed(pw, "browser_snapshot", {})
        snapshot = _text(seen)
        for _ in range(2):  # warm both sides up (first calls start Playwright's per-document scripts)
            for name in BUTTONS.values():
                await _timed(ours, "web__click", {"target": f"{name} button"})
                _, clicked = await _timed(pw, "browser_click", {"element": f"{name} button", "target": _ref(snapshot, name)})
                snapshot = _text(clicked) if "[ref=" in _text(clicked) else snapshot
        for _ in range(ROUNDS):
            for kind, name in BUTTONS.items():
                mine, other = times[kind]
                sides = [("ours", mine), ("theirs", other)]
                if rng.random() < 0.5:
                    sides.reverse()
                for side, into in sides:
                    if side == "ours":
                        elapsed, _ = await _timed(ours, "web__click", {"target": f"{name} button"})
                    else:
                        elapsed, clicked = await _timed(pw, "browser_click",
                                                        {"element": f"{name} button", "target": _ref(snapshot, name)})  # fmt: skip
                        snapshot = _text(clicked) if "[ref=" in _text(clicked) else snapshot
                    into.append(elapsed)
    shutil.rmtree(scratch, ignore_errors=True)
    return {kind: (statistics.median(a), statistics.median(b)) for kind, (a, b) in times.items()}


def main() -> int:
    from tapwright.drivers.web import find_chromium

    command, why = install(find_chromium())
    if command is None:
        print(f"  web__click vs Playwright MCP browser_click: SKIPPED ({why})")
        return 0
    httpd, url = _serve()
    try:
        medians = asyncio.run(_measure(url, command))
    finally:
        httpd.shutdown()
    for kind, (mine, theirs) in medians.items():
        print(f"  click that {kind}: tapwright web__click "
              f"{mine:.1f} ms, Playwright MCP browser_click {theirs:.1f} ms, ratio {mine / theirs:.2f} (target <= 1.0)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
