"""A shard killed outright mid-run (SIGKILL: no moment to write anything) keeps its report (issue 30).

`tapwright run --shard 1/1` runs two scenarios against pages on 127.0.0.1: the first passes, the second waits
on a page that never answers. The run is killed by its PID once the first has finished. Its folder's trace.json
holds the first scenario (passed) and the second (not run), marked interrupted, and `tapwright report merge`
reads that folder like any other shard's. Every process the run started is gone.
"""

from __future__ import annotations

import http.server
import json
import os
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from _support import serve
from tapwright.cli.main import main
from tapwright.drivers import _children

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
RELEASE = threading.Event()


class Pages(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        if self.path.startswith("/never"):
            RELEASE.wait(120)  # answers only once the test is over
        body = b"<!doctype html><title>Home</title><h1>Welcome home</h1>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def _pids_below(pid: int) -> set[int]:
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if ppid == pid:
                out.add(int(entry.name))
                out |= _pids_below(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_shard_killed_mid_run_leaves_a_report_merge_reads(tmp_path: Path) -> None:
    RELEASE.clear()
    with serve(handler=Pages) as url:
        suite = tmp_path / "suite.yaml"
        suite.write_text(f"base_url: {url}\nscenarios:\n"
                         "  - name: Home greets\n    steps:\n      - Go to /home\n      - I should see \"Welcome home\"\n"
                         "  - name: Never loads\n    steps:\n      - Go to /never\n")  # fmt: skip
        report = tmp_path / "report"
        proc = _children.popen([str(ROOT / ".venv" / "bin" / "tapwright"), "run", str(suite), "--shard", "1/1",
                                "--report-dir", str(report), "--env-file", str(tmp_path / "none.env")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env={**os.environ, "PYTHONPATH": str(ROOT / "src")})  # fmt: skip
        trace = report / "shard-1-of-1" / "trace.json"
        started: set[int] = set()
        try:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                started |= _pids_below(proc.pid)
                if trace.is_file() and '"status":"passed"' in trace.read_text():
                    break
                time.sleep(0.1)
            started |= _pids_below(proc.pid)
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
        finally:
            RELEASE.set()
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    data = json.loads(trace.read_text())
    assert data["interrupted"] is True and data["shard"] == {"index": 1, "total": 1}
    statuses = [(s["name"], s["status"], s.get("message")) for s in data["scenarios"]]
    assert statuses[0][:2] == ("Home greets", "passed"), statuses
    assert statuses[1][0] == "Never loads" and statuses[1][2] == "not run", statuses
    merged = tmp_path / "merged"
    assert main(["report", "merge", str(report), "--out", str(merged)]) == 1  # interrupted: not a green run
    out = json.loads((merged / "trace.json").read_text())
    assert out["interrupted"] is True and [s["name"] for s in out["scenarios"]] == ["Home greets", "Never loads"]
    assert "Home greets" in (merged / "report.html").read_text()
    deadline = time.monotonic() + 15
    while any(_alive(p) for p in started) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert started and not [p for p in started if _alive(p)]  # the browser died with the killed run
