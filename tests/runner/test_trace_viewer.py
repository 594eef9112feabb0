"""``tapwright show-report`` / ``show-trace``: a run's Playwright trace opens offline in the system Chromium.

A failing scenario runs with ``--trace``; ``tapwright show-report --no-open`` serves the report folder in
a subprocess; a real Chromium opens the report, follows the scenario's trace link and the trace viewer
lists the run's steps by their text, the failing click with why it failed.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from runner_support import REPO, cli_env, tapwright_cmd

from tapwright.cli.main import main

CASE = """name: Buy now is missing
steps:
  - Go to /shop
  - Click the "Buy now" button
"""


@pytest.fixture(scope="module")
def traced_report(demo_url: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("traced")
    (folder / "buy.yaml").write_text(CASE, encoding="utf-8")
    report = folder / "report"
    code = main(["run", str(folder / "buy.yaml"), "--base-url", demo_url, "--trace", "--timeout", "1",
                 "--report-dir", str(report), "--env-file", str(folder / "none.env"), "-q"])  # fmt: skip
    assert code == 1
    return report


@pytest.fixture
def served() -> Iterator[Any]:
    """Start ``tapwright <args> --no-open`` and yield the URL it prints; stopped by its own PID."""
    procs: list[subprocess.Popen[str]] = []

    def start(*args: str) -> str:
        proc = subprocess.Popen(tapwright_cmd(*args, "--no-open"), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=cli_env(), cwd=REPO)  # fmt: skip
        procs.append(proc)
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("open: "):
                return line.removeprefix("open: ").strip()
        pytest.fail(f"no URL printed: {proc.stderr.read() if proc.stderr else ''}")

    yield start
    for proc in procs:
        proc.terminate()
        proc.communicate(timeout=10)  # waits, and closes its pipes


async def _actions(page: Any) -> list[str]:
    """The action titles of the trace viewer's action list, once it has loaded the trace."""
    items = page.locator(".action-title")
    await items.first.wait_for(timeout=20_000)
    return [re.sub(r"\s+", " ", t).strip() for t in await items.all_inner_texts()]


@pytest.mark.asyncio(loop_scope="module")
async def test_the_report_links_the_trace_and_the_viewer_shows_the_failing_click(
    traced_report: Path, served: Any, report_browser: Any
) -> None:
    url = served("show-report", str(traced_report))
    assert url.startswith("http://127.0.0.1:") and url.endswith("/report.html")
    page = await report_browser.new_page()
    try:
        await page.goto(url)
        link = page.locator("a.trace")
        assert await link.count() == 1
        await link.click()
        await page.wait_for_url(re.compile(r"/trace-viewer/index\.html\?trace="))
        actions = await _actions(page)
        assert any(a.startswith("Navigate") for a in actions), actions
        # Each step is a group named by its text; the failing one holds its calls and why it failed.
        entries = page.locator(".tree-view-entry")
        await entries.filter(has_text="1. Go to /shop").first.wait_for()
        failing = entries.filter(has_text='2. Click the "Buy now" button')
        await failing.locator(".codicon-chevron-right").click()
        why = entries.filter(has_text="✗ ELEMENT_NOT_FOUND no element matches")
        await why.first.wait_for()
        assert "Buy now" in await why.first.inner_text()
    finally:
        await page.close()


@pytest.mark.asyncio(loop_scope="module")
async def test_show_trace_opens_one_trace_file(traced_report: Path, served: Any, report_browser: Any) -> None:
    trace = next((traced_report / "traces").glob("*.zip"))
    url = served("show-trace", str(trace))
    page = await report_browser.new_page()
    try:
        await page.goto(url)
        assert any(a.startswith("Navigate") for a in await _actions(page))
    finally:
        await page.close()


def test_a_missing_trace_or_report_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show-trace", str(tmp_path / "none.zip"), "--no-open"]) == 2
    assert "no such trace file" in capsys.readouterr().err
    assert main(["show-report", str(tmp_path), "--no-open"]) == 2
    assert "no report.html" in capsys.readouterr().err


def test_the_run_timeout_is_how_long_the_missing_element_was_waited_for(traced_report: Path) -> None:
    trace = json.loads((traced_report / "trace.json").read_text(encoding="utf-8"))
    step = trace["scenarios"][0]["steps"][1]
    assert step["error_code"] == "ELEMENT_NOT_FOUND"
    assert step["duration_ms"] >= 1000  # --timeout 1: it looked for at least a second
