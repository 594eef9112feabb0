"""``tapwright show-report`` / ``show-trace``: a run's Playwright trace opens offline in the system Chromium.

A failing scenario runs with ``--trace``; ``tapwright show-report --no-open`` serves the report folder in
a subprocess; a real Chromium opens the report, follows the scenario's trace link and the trace viewer
lists the run's steps by their text, the failing click with why it failed.
"""

from __future__ import annotations

import json
import re
import subprocess
import zipfile
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
        # The viewer opens on the failing step: its ✗ entry unfolded, the failed call under it selected,
        # the error saying why (no call of tapwright's own is selected as a failure).
        entries = page.locator(".tree-view-entry")
        selected = page.locator(".tree-view-entry.selected")
        await selected.wait_for(timeout=20_000)
        assert (await selected.inner_text()).strip().startswith("Evaluate"), await selected.inner_text()
        why = entries.filter(has_text="✗ ELEMENT_NOT_FOUND no element matches")
        await why.first.wait_for()
        assert "Buy now" in await why.first.inner_text()
        assert await entries.filter(has_text="Query count").count() == 0, actions
        errors = page.locator(".tabbed-pane-tab-label", has_text="Errors")
        await errors.first.click()
        assert "Buy now" in await page.locator(".error-message").first.inner_text()
        # Each step is a group named by its text, holding its calls.
        first = entries.filter(has_text="1. Go to /shop")
        await first.locator(".codicon-chevron-right").click()
        await entries.filter(has_text="Navigate").first.wait_for()
    finally:
        await page.close()


@pytest.mark.asyncio(loop_scope="module")
async def test_show_trace_opens_one_trace_file(traced_report: Path, served: Any, report_browser: Any) -> None:
    trace = next((traced_report / "traces").glob("*.zip"))
    url = served("show-trace", str(trace))
    page = await report_browser.new_page()
    try:
        await page.goto(url)
        actions = await _actions(page)
        assert any(a.startswith("1. Go to /shop") for a in actions), actions
    finally:
        await page.close()


def test_a_missing_trace_or_report_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show-trace", str(tmp_path / "none.zip"), "--no-open"]) == 2
    assert "no such trace file" in capsys.readouterr().err
    assert main(["show-report", str(tmp_path), "--no-open"]) == 2
    assert "no report.html" in capsys.readouterr().err


def test_no_call_of_tapwrights_own_is_a_failed_action_in_the_trace(traced_report: Path) -> None:
    """The trace's events: the one failed call is the one under the failing step's ✗ entry, with its message."""
    trace = next((traced_report / "traces").glob("*.zip"))
    with zipfile.ZipFile(trace) as z:
        events = [json.loads(line) for line in z.read("trace.trace").decode().splitlines() if line.strip()]
    before = {e["callId"]: e for e in events if e["type"] == "before"}
    failed = [before[e["callId"]] for e in events if e["type"] == "after" and e.get("error")]
    assert len(failed) == 1, [(f.get("method"), f.get("params")) for f in failed]
    parent = before[failed[0]["parentId"]]
    assert parent["method"] == "tracingGroup" and parent["title"].startswith("✗ ELEMENT_NOT_FOUND no element matches")
    probes = [e for e in before.values() if e.get("method") == "queryCount" and "tapwright=" in str(e.get("params"))]
    assert probes  # the engine is still readied in each new document, by a query that finds nothing


def test_the_run_timeout_is_how_long_the_missing_element_was_waited_for(traced_report: Path) -> None:
    trace = json.loads((traced_report / "trace.json").read_text(encoding="utf-8"))
    step = trace["scenarios"][0]["steps"][1]
    assert step["error_code"] == "ELEMENT_NOT_FOUND"
    assert step["duration_ms"] >= 1000  # --timeout 1: it looked for at least a second


def _failed_calls(trace: Path) -> list[tuple[str, str]]:
    """Each failed call of a trace: the title of the entry it is under, and its error message."""
    with zipfile.ZipFile(trace) as z:
        events = [json.loads(line) for line in z.read("trace.trace").decode().splitlines() if line.strip()]
    before = {e["callId"]: e for e in events if e["type"] == "before"}
    out = []
    for event in events:
        if event["type"] == "after" and event.get("error"):
            parent = before.get(before[event["callId"]].get("parentId"), {})
            grand = before.get(parent.get("parentId"), {})
            out.append((f"{grand.get('title', '')} > {parent.get('title', '')}", str(event["error"])))
    return out


def _run_traced(folder: Path, case: str, demo_url: str, *extra: str) -> Path:
    (folder / "case.yaml").write_text(case, encoding="utf-8")
    report = folder / "report"
    code = main(["run", str(folder / "case.yaml"), "--base-url", demo_url, "--trace", "--timeout", "1",
                 "--report-dir", str(report), "--env-file", str(folder / "none.env"), "-q", *extra])  # fmt: skip
    assert code == 1
    return next((report / "traces").glob("*.zip"))


def test_a_failure_before_any_step_ran_is_the_traces_failing_entry(demo_url: str, tmp_path: Path) -> None:
    """A placeholder naming nothing fails the scenario before its first call: the trace still ends on why."""
    trace = _run_traced(tmp_path, "name: Greets\nsteps:\n  - Go to /shop\n  - Type ${vars.nobody} into the Search field\n",
                        demo_url)  # fmt: skip
    failed = _failed_calls(trace)
    assert len(failed) == 1, failed
    where, error = failed[0]
    assert where.startswith("the scenario failed at step 2: Type ${vars.nobody} into the Search field > ✗ UNRESOLVED_PLACEHOLDER")
    assert "no variable 'nobody'" in error


def test_a_failure_between_calls_is_the_traces_failing_entry(
    demo_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error of the runner's own after a step passed (no call failed, so no step entry says why): the trace's
    last failed call is under an entry saying the scenario failed outside its steps, and why."""
    from tapwright.runner import run as run_module

    real = run_module.execute_step

    async def broken(step: Any, spec: Any, env: Any) -> None:
        await real(step, spec, env)
        if step.index == 1:
            raise RuntimeError("the runner broke after the step's calls")

    monkeypatch.setattr(run_module, "execute_step", broken)
    trace = _run_traced(tmp_path, "name: Breaks\nsteps:\n  - Go to /shop\n  - Go to /shop\n  - Go to /\n", demo_url)
    failed = _failed_calls(trace)
    assert len(failed) == 1, failed
    where, error = failed[0]
    assert where.startswith("the scenario failed outside its steps > ✗ INTERNAL RuntimeError: the runner broke")
    assert "the runner broke after the step's calls" in error
