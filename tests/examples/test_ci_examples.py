"""The CI examples under examples/ci (issue 17): parsed, then their commands run here for real.

Each shard job's commands run in a temporary project (its Playwright server started and
stopped by the job's own lines), the artifacts are laid out as the CI system would download
them, and the merge job's command gives one report with every scenario. Install lines
(apt-get, pip) are skipped: this machine has what they install.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
CI = ROOT / "examples" / "ci"
pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(1200)]

SCENARIO = """\
name: Search {i}
base_url: {url}
steps:
  - Go to /shop
  - Type "mug" into the Search products field
  - I should see "Coffee mug"
"""


def _install_line(line: str) -> bool:
    return "apt-get" in line or "pip install" in line


def _bash(script: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)  # fmt: skip


def _project(tmp_path: Path, shop_url: str, n: int = 4) -> tuple[Path, dict[str, str]]:
    project = tmp_path / "project"
    (project / "tests" / "ui").mkdir(parents=True)
    for i in range(n):
        (project / "tests" / "ui" / f"search{i}.yaml").write_text(SCENARIO.format(i=i, url=shop_url))
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}"}
    return project, env


def _group_gone(project: Path) -> None:
    """The Playwright server the job started, and everything in its process group, has stopped."""
    pgid = int((project / "playwright-server.pid").read_text())
    deadline = time.monotonic() + 20
    while True:
        left = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[2]) == pgid and fields[0] != "Z":
                    left.append(int(entry.name))
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert not left, f"the job left its Playwright server's processes running: {left}"


def _lines(commands: list[str]) -> str:
    return "\n".join(line for block in commands for line in block.splitlines() if not _install_line(line))


def test_github_actions_workflow_runs_its_commands(shop_url: str, tmp_path: Path) -> None:
    flow: dict[Any, Any] = yaml.safe_load((CI / "github-actions.yml").read_text())
    shard_job, merge_job = flow["jobs"]["shard"], flow["jobs"]["merge"]
    assert shard_job["strategy"]["matrix"]["shard"] == [1, 2, 3, 4] and merge_job["needs"] == "shard"
    project, env = _project(tmp_path, shop_url)
    downloads = project / "shards"
    for shard in shard_job["strategy"]["matrix"]["shard"]:
        commands = [s["run"].replace("${{ matrix.shard }}", str(shard)) for s in shard_job["steps"] if "run" in s]
        shutil.rmtree(project / "reports", ignore_errors=True)
        done = _bash(_lines(commands), project, env)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
        _group_gone(project)
        shutil.copytree(project / "reports", downloads / f"tapwright-shard-{shard}")  # what download-artifact does
    merge = [s["run"] for s in merge_job["steps"] if "run" in s]
    done = _bash(_lines(merge), project, env)
    assert done.returncode == 0, done.stdout + done.stderr
    trace = json.loads((project / "tapwright-report" / "trace.json").read_text())
    assert trace["counts"]["passed"] == trace["counts"]["total"] == 4 and len(trace["merged_from"]) == 4


def test_gitlab_ci_file_runs_its_commands(shop_url: str, tmp_path: Path) -> None:
    flow: dict[Any, Any] = yaml.safe_load((CI / "gitlab-ci.yml").read_text())
    shard_job, merge_job = flow["ui-shard"], flow["ui-report"]
    assert shard_job["parallel"] == 4 and merge_job["needs"] == ["ui-shard"]
    project, env = _project(tmp_path, shop_url)
    for index in range(1, shard_job["parallel"] + 1):
        shard_env = {**env, "CI_NODE_INDEX": str(index), "CI_NODE_TOTAL": str(shard_job["parallel"])}
        done = _bash(_lines(shard_job["script"]) + "\n" + _lines(shard_job["after_script"]), project, shard_env)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
        _group_gone(project)
    assert sorted(p.name for p in (project / "reports").iterdir()) == [f"shard-{i}-of-4" for i in range(1, 5)]
    done = _bash(_lines(merge_job["script"]), project, env)
    assert done.returncode == 0, done.stdout + done.stderr
    junit = (project / "tapwright-report" / "junit.xml").read_text()
    assert 'tests="4"' in junit and 'failures="0"' in junit
