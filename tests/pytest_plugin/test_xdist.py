"""The plugin under pytest-xdist: each worker runs its own browser, and one merged report comes out (issue 17)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(900)]

SCENARIO = """\
name: {name}
steps:
  - Go to /shop
  - Type "mug" into the Search products field
  - I should see "Coffee mug"
"""


def test_scenarios_spread_over_workers_and_merge_into_one_report(shop_url: str, tmp_path: Path) -> None:
    cases = tmp_path / "cases"
    cases.mkdir()
    for i in range(6):
        (cases / f"search{i}.yaml").write_text(SCENARIO.format(name=f"Search {i}"))
    (cases / "broken.yaml").write_text("name: Broken\nsteps:\n  - Go to /shop\n  - Click the \"Buy now\" button\n")
    (tmp_path / "pytest.ini").write_text("[pytest]\nasyncio_mode = auto\nasyncio_default_fixture_loop_scope = function\n")
    report = tmp_path / "report"
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "-p", "no:cacheprovider", "-p", "no:randomly",
         "--tapwright-path", "cases", "--tapwright-base-url", shop_url, "--tapwright-report-dir", str(report),
         "-o", "tapwright_planner=rules"],
        cwd=tmp_path, capture_output=True, text=True, timeout=900, env=env,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-3000:]  # the broken one fails
    assert "1 failed, 6 passed" in done.stdout
    trace = json.loads((report / "trace.json").read_text())
    assert trace["counts"] == {"passed": 6, "failed": 1, "flaky": 0, "skipped": 0, "cancelled": 0, "total": 7}
    workers = sorted(p.name for p in report.iterdir() if p.name.startswith("worker-"))
    assert workers == ["worker-gw0", "worker-gw1"]  # both workers ran scenarios, each in its own folder
    assert sorted(trace["merged_from"]) == workers
    for scenario in trace["scenarios"]:
        for step in scenario["steps"]:
            if step["screenshot"]:
                assert (report / step["screenshot"]).is_file()
