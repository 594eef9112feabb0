"""Every process a test run starts dies with the run, also when the run is interrupted.

A pytest run over tests/_support/interrupt_target.py (Chromium, Xvfb with D-Bus and the AT-SPI bus,
a private adb server, a simulated device, a Playwright server) is interrupted mid-test; the run
is started under tests/_support/reaper.py, a child subreaper that inherits every orphan the run
leaves, so what is left is counted by process ancestry (never by name) and must be nothing.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
SUPPORT = TESTS / "_support"

pytestmark = [pytest.mark.browser, pytest.mark.xserver, pytest.mark.device, pytest.mark.slow]


@pytest.mark.parametrize(
    ("workers", "sig", "to_group"),
    [
        (0, signal.SIGINT, True),  # Ctrl-C in a terminal: the whole foreground process group
        (2, signal.SIGINT, True),  # the same with two xdist workers (`make test`)
        (2, signal.SIGTERM, False),  # `kill PID` of the main process only: its workers are ended by it
    ],
    ids=["serial-ctrl-c", "xdist-ctrl-c", "xdist-sigterm-main"],
)
def test_an_interrupted_run_leaves_no_process_behind(workers: int, sig: signal.Signals, to_group: bool,
                                                     tmp_path: Path) -> None:  # fmt: skip
    ready = tmp_path / "ready"
    ready.mkdir()
    log = tmp_path / "run.log"
    env = dict(os.environ, TAPWRIGHT_READY_DIR=str(ready), TAPWRIGHT_REAPER_LOG=str(log), PYTHONPATH=os.pathsep.join(
        [str(REPO / "src"), *filter(None, [os.environ.get("PYTHONPATH")])]))  # fmt: skip
    env.pop("PYTEST_XDIST_WORKER", None)
    env.pop("PYTEST_ADDOPTS", None)
    run = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--basetemp", str(tmp_path / "base"),
           str(SUPPORT / "interrupt_target.py")] + (["-n", str(workers)] if workers else ["-n", "0"])  # fmt: skip
    reaper = subprocess.Popen([sys.executable, str(SUPPORT / "reaper.py"), *run], cwd=REPO, env=env,
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert reaper.stdout is not None
    try:
        pid = int(reaper.stdout.readline())
        want = {"1.ready", "2.ready"} if workers else {"1.ready"}
        deadline = time.monotonic() + 240  # start-up on a loaded machine; not a speed check
        while {p.name for p in ready.iterdir()} < want:
            assert time.monotonic() < deadline, f"the run never got its components up: {sorted(ready.iterdir())}"
            assert reaper.poll() is None, f"the run ended before it was interrupted:\n{log.read_text()[-3000:]}"
            time.sleep(0.2)
        if to_group:
            os.killpg(pid, sig)
        else:
            os.kill(pid, sig)
        report = json.loads(reaper.stdout.readline())
    finally:
        if reaper.poll() is None:
            reaper.wait(timeout=120)
        reaper.stdout.close()
    assert report["returncode"] != 0, log.read_text()[-3000:]  # interrupted, not finished
    assert report["left"] == [], f"processes that outlived the interrupted run: {report['left']}"
