"""Sweep cases of faults: a fault costs the step, never the run, and every artifact is written."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from reliability_support import Sites, call, children_of

from tapwright.drivers.web import BrowserOptions, WebBrowser
from tapwright.errors import ErrorCode
from tapwright.platforms import Runtimes
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.planning import make_planner
from tapwright.runner.reports import write_reports
from tapwright.runner.run import Runner, RunOptions

pytestmark = [pytest.mark.browser]

SLOW_CASE = """name: slow
base_url: {app}
steps:
  - tool: web.navigate
    args: {{url: /}}
  - tool: web.wait
    args: {{seconds: 40}}
"""


def _start_run(tmp_path: Path, app: str, report: Path, *extra: str, sigint: object = signal.SIG_DFL
               ) -> subprocess.Popen[str]:  # fmt: skip
    """``tapwright run`` of the slow case, with SIGINT as given (ignored: a background job of a script)."""
    case = tmp_path / "slow.yaml"
    case.write_text(SLOW_CASE.format(app=app), encoding="utf-8")
    cmd = [sys.executable, "-m", "tapwright.cli.main", "run", str(case), "--report-dir", str(report),
           "--planner", "rules", *extra]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"},
                            preexec_fn=lambda: signal.signal(signal.SIGINT, sigint))  # type: ignore[arg-type]


def _wait_for_browser(proc: subprocess.Popen[str], sites: Sites, timeout: float = 90) -> list[int]:
    """The process tree under ``proc`` once its first step loaded the app's home page (mid-scenario)."""
    hits = sites.app_server.RequestHandlerClass.hits
    seen = hits.count("/")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if hits.count("/") > seen:
            time.sleep(1.5)  # let the first step finish and the wait begin
            return _tree(proc.pid)
        time.sleep(0.1)
    raise AssertionError("the run never loaded the page")


def _tree(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        for child in children_of(todo.pop()):
            out.append(child)
            todo.append(child)
    return out


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _gone(pids: list[int], timeout: float = 20) -> list[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        left = [p for p in pids if Path(f"/proc/{p}").exists() and "Z" not in _state(p)]
        if not left:
            return []
        time.sleep(0.2)
    return left


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return ""


@pytest.mark.slow
@pytest.mark.parametrize(("sig", "code", "sigint"), [
    (signal.SIGTERM, 143, signal.SIG_DFL),
    (signal.SIGINT, 130, signal.SIG_DFL),
    # Started with Ctrl-C ignored, as a script's background job is (`nohup tapwright run ... &`): `kill` still
    # stops it cleanly. It used to be turned into a SIGINT, ignored too, and the run went on to its end.
    (signal.SIGTERM, 143, signal.SIG_IGN),
], ids=["SIGTERM", "SIGINT", "SIGTERM-with-SIGINT-ignored"])
def test_signal_mid_run_writes_reports_and_leaves_nothing(sites: Sites, tmp_path: Path, sig: int, code: int,
                                                          sigint: object) -> None:  # fmt: skip
    """SIGTERM is handled like SIGINT (which already held): exit 143 / 130, reports written, no process left."""
    report = tmp_path / "report"
    proc = _start_run(tmp_path, sites.app, report, sigint=sigint)
    tree = _wait_for_browser(proc, sites)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == code, (out, err)
    assert ("terminated" if sig == signal.SIGTERM else "interrupted") in err
    data = json.loads((report / "trace.json").read_text())
    assert data["interrupted"] is True and data["scenarios"][0]["status"] == "cancelled"
    steps = data["scenarios"][0]["steps"]
    assert steps[0]["status"] in ("passed", "cancelled")  # on a busy machine it may be mid-step
    # The signal ended the run, not the end of the 40 s wait: that step, reached or not, never passed.
    assert [s["status"] for s in steps[1:]] in ([], ["cancelled"], ["skipped"]), steps
    assert (report / "report.html").stat().st_size > 0 and (report / "junit.xml").stat().st_size > 0
    assert not _gone(tree), [(p, _cmdline(p)) for p in _gone(tree, 0)]


@pytest.mark.slow
def test_unwritable_report_folder_falls_back_to_temp(sites: Sites, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    case = tmp_path / "quick.yaml"
    case.write_text(f"name: quick\nbase_url: {sites.app}\nsteps:\n  - tool: web.navigate\n    args: {{url: /}}\n")
    proc = subprocess.run([sys.executable, "-m", "tapwright.cli.main", "run", str(case), "--planner", "rules",
                           "--report-dir", str(blocker / "report"), "--trace"],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert f"cannot write the report to {blocker / 'report'}" in proc.stderr
    fallback = Path(proc.stderr.split("writing it to ", 1)[1].split(" instead", 1)[0])
    assert (fallback / "report.html").stat().st_size > 0
    assert (fallback / "trace.json").stat().st_size > 0 and json.loads((fallback / "trace.json").read_text())
    assert list((fallback / "traces").glob("*.zip"))
    assert f"report: {fallback / 'report.html'}" in proc.stdout


@pytest.mark.slow
def test_two_runs_into_one_report_folder_do_not_overwrite(sites: Sites, tmp_path: Path) -> None:
    report = tmp_path / "shared"
    first = _start_run(tmp_path, sites.app, report)
    try:
        _wait_for_browser(first, sites)
        case = tmp_path / "quick.yaml"
        case.write_text(f"name: quick\nbase_url: {sites.app}\nsteps:\n  - tool: web.navigate\n    args: {{url: /}}\n")
        second = subprocess.run([sys.executable, "-m", "tapwright.cli.main", "run", str(case), "--planner", "rules",
                                 "--report-dir", str(report)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    finally:
        first.send_signal(signal.SIGINT)
        first.communicate(timeout=60)
    assert second.returncode == 0, second.stderr
    assert "another run" in second.stderr and "this run writes to" in second.stderr
    own = Path(second.stderr.split("this run writes to ", 1)[1].strip().splitlines()[0])
    assert own.parent == report and json.loads((own / "trace.json").read_text())["scenarios"][0]["name"] == "quick"
    assert json.loads((report / "trace.json").read_text())["scenarios"][0]["name"] == "slow"


def _nav(path: str) -> StepSpec:
    return StepSpec(text=f"open {path}", plan={"steps": [{"tool": "web.navigate", "args": {"url": path}}]})


def _wait(seconds: float) -> StepSpec:
    return StepSpec(text="wait", plan={"steps": [{"tool": "web.wait", "args": {"seconds": seconds}}]})


@pytest.mark.slow
def test_browser_killed_mid_run_is_relaunched_and_retried(sites: Sites, tmp_path: Path) -> None:
    async def main() -> tuple[object, int]:
        browser = await WebBrowser.launch(BrowserOptions())
        scenarios = [Scenario(name=f"s{i}", base_url=sites.app, steps=[_nav("/second" if i == 0 else "/"),
                                                                        _wait(8 if i == 0 else 0), _nav("/")])
                     for i in range(3)]
        hits = sites.app_server.RequestHandlerClass.hits
        seen = hits.count("/second")
        runtimes = Runtimes(settings={"web": {"browser": browser}})
        runner = Runner(make_planner("rules"), RunOptions(report_dir=tmp_path, retries=1, env_file=None, trace=True),
                        runtimes=runtimes)

        async def crash() -> None:
            while hits.count("/second") == seen:
                await asyncio.sleep(0.1)
            await asyncio.sleep(1.0)  # scenario s0 is in its wait
            cdp = await browser.browser.new_browser_cdp_session()
            try:
                await cdp.send("Browser.crash")
            except Exception:
                pass  # the browser died answering

        killer = asyncio.create_task(crash())
        try:
            result = await runner.run(scenarios)
        finally:
            killer.cancel()
            relaunches = browser.relaunches
            await browser.aclose()
        return result, relaunches

    result, relaunches = asyncio.run(main())
    write_reports(result, tmp_path)  # type: ignore[arg-type]
    statuses = [s.status for s in result.scenarios]  # type: ignore[attr-defined]
    assert relaunches >= 1
    assert statuses[0] == "flaky", [(s.status, s.message) for s in result.scenarios]  # type: ignore[attr-defined]
    assert statuses[1:] == ["passed", "passed"]
    assert (tmp_path / "report.html").stat().st_size > 0
    crashed = result.scenarios[0].previous[0]  # type: ignore[attr-defined]
    assert crashed.trace_file, "the trace of the attempt whose browser died was kept"
    import zipfile
    with zipfile.ZipFile(tmp_path / crashed.trace_file) as z:
        assert "/second" in z.read("trace.trace").decode(errors="replace")


@pytest.mark.asyncio(loop_scope="session")
async def test_renderer_crash_opens_a_fresh_tab_and_says_so(browser: WebBrowser, sites: Sites) -> None:
    s = await browser.new_session(base_url=sites.app)
    try:
        assert (await call(s, "web.navigate", url="/")).ok
        cdp = await s.context.new_cdp_session(s.page)
        try:
            await cdp.send("Page.crash")
        except Exception:
            pass  # the tab died answering
        for _ in range(50):
            await asyncio.sleep(0.1)
            if s.crash_notice is not None and s.pages and s.pages[0].url == "about:blank":
                break
        r = await call(s, "web.get_text", target="h1")
        assert r.code is ErrorCode.BROWSER_CRASHED and "crashed" in r.error.message and "fresh tab" in r.error.message
        r = await call(s, "web.navigate", url="/second")
        assert r.ok and r.data["title"] == "Second", r.status_line()
        assert len(s.pages) == 1
    finally:
        await s.aclose()


@pytest.mark.asyncio(loop_scope="session")
async def test_click_that_timed_out_after_its_effect_is_not_retried(browser: WebBrowser, sites: Sites) -> None:
    from tapwright.core.context import ToolContext
    from tapwright.plan.executor import Executor, RetryPolicy
    from tapwright.registry.registry import Registry

    s = await browser.new_session(base_url=sites.app, action_timeout_ms=1_000)
    try:
        executor = Executor(Registry.default(), ToolContext([s]), retry=RetryPolicy(max_attempts=3, backoff_s=0.05))
        trace = await executor.run({"steps": [{"tool": "web.navigate", "args": {"url": "/slow-click"}},
                                              {"tool": "web.click", "args": {"target": "Order"}, "timeout_ms": 1500}]})
        await asyncio.sleep(3.5)  # let the page finish its handler
        clicks = await s.page.inner_text("#n")
        record = trace.calls[1]
        if record.status == "failed":
            assert len(record.attempts) == 1 and "not retried" in (record.result or {}).get("error", {}).get("message", "")
        assert clicks == "1", (clicks, [a.result for a in record.attempts])
    finally:
        await s.aclose()
