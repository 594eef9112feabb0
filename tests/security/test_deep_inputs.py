"""Deep trees and deep JSON are read without recursion limits, or refused with a clean error."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tapwright.drivers.android.hierarchy import parse_dump


def _nested_dump(depth: int) -> str:
    node = '<node class="android.widget.FrameLayout" package="com.x" bounds="[0,0][100,100]" text="{t}">'
    inner = '<node class="android.widget.Button" package="com.x" bounds="[0,0][50,50]" text="Deep button" clickable="true"/>'
    return ("<?xml version='1.0'?><hierarchy rotation=\"0\">" + "".join(node.format(t=f"l{i}") for i in range(depth))
            + inner + "</node>" * depth + "</hierarchy>")


def test_a_dump_nested_far_past_the_recursion_limit_is_read() -> None:
    depth = sys.getrecursionlimit() * 5
    tree = parse_dump(_nested_dump(depth)).tree
    assert len(tree) == depth + 1
    deepest = tree.elements[-1]
    assert deepest.name == "Deep button" or deepest.text == "Deep button"
    assert deepest.parent == tree.elements[-2].ref  # document order and parents kept


def test_order_and_parents_match_the_document() -> None:
    tree = parse_dump(_nested_dump(3)).tree
    assert [e.ref for e in tree] == ["e1", "e2", "e3", "e4"]
    assert [e.parent for e in tree] == [None, "e1", "e2", "e3"]


# -- signals from the first moment -----------------------------------------------------------------


def _reading(pid: int, folder: Path) -> bool:
    """Whether process ``pid`` has a file of ``folder`` open right now (it is reading the test files)."""
    fds = Path(f"/proc/{pid}/fd")
    try:
        return any(os.readlink(fd).startswith(str(folder)) for fd in fds.iterdir())
    except OSError:  # a descriptor closed while we looked
        return False


def test_sigterm_while_the_test_files_load_still_writes_a_report(tmp_path: Path) -> None:
    """SIGTERM before any scenario starts (the suite is still being read) ends the run cleanly with a report."""
    suite = tmp_path / "suite"
    suite.mkdir()
    for i in range(3000):
        (suite / f"case_{i:04d}.yaml").write_text(f"name: scenario {i}\nsteps:\n  - Click the Save button\n")
    report = tmp_path / "report"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen([sys.executable, "-m", "tapwright.cli.main", "run", str(suite), "--report-dir", str(report),
                             "--planner", "rules", "--base-url", "http://127.0.0.1:9"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        deadline = time.monotonic() + 120
        while not _reading(proc.pid, suite):
            assert proc.poll() is None and time.monotonic() < deadline, "the run never read its test files"
            time.sleep(0.001)
        os.kill(proc.pid, signal.SIGTERM)  # our own child, by its PID, while it reads the suite
        _out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 143, err
    assert "Traceback" not in err and "before any scenario ran" in err, err
    trace = json.loads((report / "trace.json").read_text())
    assert trace["interrupted"] is True and trace["counts"]["total"] == 0
