"""The desktop platform through the front ends: ``tapwright run`` on a ``platform: desktop`` file and
``tapwright exec`` on the locate-then-act plan, each in its own process with its own Xvfb (no $DISPLAY)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tapwright.testing.desktop import ROOT

pytestmark = [pytest.mark.xserver, pytest.mark.slow]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "DBUS_SESSION_BUS_ADDRESS")}
    return {**env, **extra}


def _tapwright(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tapwright.cli.main", *args], cwd=ROOT, env=_env(**env),
                          capture_output=True, text=True, timeout=600, check=False)  # fmt: skip


def test_run_a_desktop_scenario_file_writes_a_report(tmp_path: Path) -> None:
    done = _tapwright("run", "examples/desktop-tests/tk-sign-in.yaml", "--report-dir", str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    suite = ET.parse(tmp_path / "junit.xml").getroot()
    assert suite.get("tests") == "1" and suite.get("failures") == "0"
    # A screenshot per step, in the report's format; a check that changed nothing shares the earlier file.
    steps = json.loads((tmp_path / "trace.json").read_text())["scenarios"][0]["steps"]
    shots = [step["screenshot"] for step in steps]
    assert len(steps) == 6 and all(shot and shot.endswith(".webp") and (tmp_path / shot).is_file() for shot in shots)
    assert len(set(shots)) >= 4 and len(list((tmp_path / "screenshots").rglob("*.webp"))) == len(set(shots))


def test_exec_runs_the_locate_then_act_plan_and_masks_the_secret() -> None:
    done = _tapwright("exec", "examples/plans/desktop-sign-in-chain.yaml", "--var", "user=alice", "--json",
                      "--set", f"desktop.app={sys.executable} examples/desktop-apps/tk_app.py", ACME_PASSWORD="wonderland")  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "wonderland" not in done.stdout and '"status": "passed"' in done.stdout.lower()
