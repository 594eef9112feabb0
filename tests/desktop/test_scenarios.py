"""The plain-English desktop scenarios in examples/desktop-tests, run step by step through the rules
planner (``desktop`` vocabulary) and the executor against their app, started from their ``app:`` line
in the repository root. (The runner runs them as ``platform: desktop`` files once front ends look
platforms up by name.)"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tapwright.plan.executor import Executor
from tapwright.planners.rules import compile_step
from tapwright.platforms import EnvOptions
from tapwright.platforms.desktop import DesktopRuntime, platform
from tapwright.registry import Registry
from tapwright.testing.desktop import ROOT

SCENARIOS = sorted((ROOT / "examples" / "desktop-tests").glob("*.yaml"))

pytestmark = [pytest.mark.xserver, pytest.mark.slow]


def test_there_are_at_least_six_scenarios_over_both_apps() -> None:
    apps = [yaml.safe_load(p.read_text())["app"] for p in SCENARIOS]
    assert len(SCENARIOS) >= 6
    assert any("gtk_app" in a for a in apps) and any("tk_app" in a for a in apps)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: Path(p).stem)
async def test_scenario(runtime: DesktopRuntime, path: Path) -> None:
    data = yaml.safe_load(path.read_text())
    assert data["platform"] == "desktop"
    settings = platform.check_settings({"app": data["app"], "cwd": str(ROOT)})
    env = await runtime.open(EnvOptions(settings=settings))
    try:
        for step in data["steps"]:
            plan = compile_step(step, "desktop")
            trace = await Executor(Registry.default(), env.ctx).run(plan, vars=data.get("vars", {}))
            assert trace.ok, f"{step!r}:\n{trace.render()}"
    finally:
        await env.close()
