"""The default tool list through the official MCP client: the core set, its size, and what it needs to see
a page (a screenshot as an image, the console and the failed requests), with no ``--caps``."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml
from mcp_support import stdio_params

from mcp import ClientSession, stdio_client
from tapwright.mcp import McpOptions, TapwrightMcp, schema_chars
from tapwright.mcp._catalog import CORE_TOOLS

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "mcp.md"


def test_the_default_list_is_the_core_set_of_the_web_and_small() -> None:
    app = TapwrightMcp(McpOptions())
    assert sorted(t.title or "" for t in app.tools) == sorted(f"web.{name}" for name in CORE_TOOLS)
    assert schema_chars(app.tools) <= 20_000  # what a client puts in the model's context before the first call
    everything = TapwrightMcp(McpOptions(caps=["more", "data", "coords", "files"]))
    assert schema_chars(app.tools) < schema_chars(everything.tools) / 3


def test_the_docs_give_the_real_count_and_size() -> None:
    text = DOCS.read_text(encoding="utf-8")
    app = TapwrightMcp(McpOptions())
    found = re.search(r"the default list — (\d+) tools, about ([\d,]+) characters of schemas", text)
    assert found, "docs/mcp.md must say how many tools the default list has and how big it is"
    assert int(found.group(1)) == len(app.tools)
    documented = int(found.group(2).replace(",", ""))
    assert abs(documented - schema_chars(app.tools)) <= 1_000, (documented, schema_chars(app.tools))
    assert f'"tools": {len(app.tools)},' in text  # the /status example


async def _until(s: ClientSession, tool: str, args: dict[str, Any], key: str, n: int) -> dict[str, Any]:
    for _ in range(50):  # the page logs and fetches after it loads
        result = await s.call_tool(tool, args)
        assert not result.is_error and result.structured_content is not None
        if result.structured_content["total"] >= n:
            return result.structured_content
        await asyncio.sleep(0.1)
    raise AssertionError(f"{tool} never listed {n} {key}")


async def test_an_agent_sees_the_page_its_console_and_its_failed_requests(pages_url: str) -> None:
    async with stdio_client(stdio_params()) as (read, write), ClientSession(read, write) as s:
        await s.initialize()
        names = {t.name for t in (await s.list_tools()).tools}
        assert {"web__screenshot", "web__console", "web__network", "web__open_new_tab"} <= names
        assert "web__locate" not in names and "extract__tables" not in names  # opt-in groups
        nav = await s.call_tool("web__navigate", {"url": pages_url + "/noisy.html"})
        assert not nav.is_error
        console = await _until(s, "web__console", {}, "messages", 2)
        kinds = {(m["kind"], m["message"]) for m in console["messages"]}
        assert ("console", "Widget failed: missing config") in kinds and ("warning", "Deprecated: the old widget API") in kinds
        errors = await s.call_tool("web__console", {"level": "errors"})
        assert [m["kind"] for m in errors.structured_content["messages"]] == ["console"]  # type: ignore[index]
        network = await _until(s, "web__network", {}, "requests", 1)
        (failed,) = network["requests"]
        assert failed["status"] == 404 and failed["url"].endswith("/no-such-api") and failed["message"].startswith("GET")
        shot = await s.call_tool("web__screenshot", {})
        assert not shot.is_error and any(c.type == "image" for c in shot.content)


async def test_a_recorded_session_replays_green_with_tapwright_run(pages_url: str, tmp_path: Path) -> None:
    recorded = tmp_path / "recorded.yaml"
    async with stdio_client(stdio_params("--record", str(recorded))) as (read, write), ClientSession(read, write) as s:
        await s.initialize()
        for tool, args in [("web__navigate", {"url": pages_url + "/index.html"}),
                           ("web__fill", {"target": "Your name field", "text": "Ada"}),
                           ("web__click", {"target": "Greet me"}),
                           ("web__click", {"target": "Nothing like this"}),  # failed: not recorded
                           ("web__scroll", {"direction": "down", "amount": 200})]:  # fmt: skip
            await s.call_tool(tool, args)
        # A ref from the snapshot means nothing in another run: the element it named is written instead.
        seen = await s.call_tool("web__snapshot", {})  # read-only: not recorded
        ref = re.search(r"^\s*(e\d+) button \"Greet me\"", str(seen.content[0].text), re.M)
        assert ref, seen.content[0].text
        assert not (await s.call_tool("web__click", {"target": ref.group(1)})).is_error
    case = yaml.safe_load(recorded.read_text(encoding="utf-8"))
    steps = case["steps"]
    # Plain English where the rules planner compiles a sentence back to exactly the call.
    assert steps[0] == f"Go to {pages_url}/index.html"
    assert steps[1] == 'Type "Ada" into the Your name field'
    assert isinstance(steps[2], str) and "Greet me" in steps[2]
    assert isinstance(steps[4], str) and '"Greet me" button' in steps[4]
    # No example phrasing says how far to scroll: the call itself, as the client sent it.
    assert steps[3] == {"tool": "web.scroll", "args": {"direction": "down", "amount": 200}}
    assert len(steps) == 5
    done = subprocess.run([sys.executable, "-m", "tapwright.cli.main", "run", str(recorded), "--report-dir",
                           str(tmp_path / "report"), "--env-file", str(tmp_path / "none.env"), "-q"],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 scenario: 1 passed, 0 failed" in done.stdout
