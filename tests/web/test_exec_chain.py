"""The locate-then-act chain through the real CLI: web.locate -> web.click_at(${...center_x}, ${...center_y})."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

PLAN = Path(__file__).parents[2] / "examples" / "plans" / "chain-web.json"


@pytest.mark.browser
def test_locate_then_click_at_through_exec(server: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "tapwright.cli.main", "exec", str(PLAN), "--var", f"base={server}", "--json"],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    trace = json.loads(proc.stdout)
    calls = trace["calls"]
    located = calls[1]["result"]["data"]
    assert calls[2]["args"]["x"] == located["center_x"] and calls[2]["args"]["y"] == located["center_y"]
    assert calls[2]["result"]["data"]["changed"] is True
    assert calls[3]["result"]["ok"] is True
