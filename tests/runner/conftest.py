"""Runner test fixtures: the scripted planner, the demo app, one shared run of the example suites."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator

import pytest
from runner_support import (
    CANARY,
    EXAMPLES,
    REPO,
    ScriptedPlanner,
    SuiteRun,
    cli_env,
    click,
    see,
    tapwright_cmd,
    type_into,
)

from tapwright.demo import DemoServer


@pytest.fixture
def planner() -> ScriptedPlanner:
    return ScriptedPlanner(
        {
            'Click "Log in"': click("Log in"),
            'Click "Cancel"': click("Cancel"),
            'Type "alice" into Username': type_into("Username", "alice"),
            "Type the password": type_into("Password", "${secrets.CANARY_PW}"),
            'I should see "Sign in"': see("Sign in"),
            'I should see "Nowhere"': see("Nowhere"),
            "Tidy up": click("Cancel"),
        }
    )


@pytest.fixture(scope="session")
def demo_url() -> Iterator[str]:
    with DemoServer("127.0.0.1", 0, password=CANARY) as server:
        yield server.url


@pytest.fixture(scope="session")
def suite_run(demo_url: str, tmp_path_factory: pytest.TempPathFactory) -> SuiteRun:
    report_dir = tmp_path_factory.mktemp("suite-report")
    started = time.perf_counter()
    proc = subprocess.run(
        tapwright_cmd("run", str(EXAMPLES), "--base-url", demo_url, "--report-dir", str(report_dir), "-j", "2",
                      "--env-file", str(report_dir / "none.env")),
        capture_output=True, text=True, env=cli_env(), cwd=REPO, timeout=240,
    )  # fmt: skip
    return SuiteRun(proc.returncode, proc.stdout, proc.stderr, report_dir, time.perf_counter() - started)
