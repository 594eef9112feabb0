"""An X server lost mid-run (issue 30): its Xvfb is killed by its own PID.

* Every tool that touches the display answers DEVICE_LOST naming the dead Xvfb (never INTERNAL or
  an AssertionError from the screen grabber), and the environment says it was lost.
* The next environment, and the next scenario of a run, get a new X server (new buses and AT-SPI
  reader too) and work; the scenario that was running is retried there once and says why.
* A display tapwright did not start is not started again: DEVICE_LOST at once, saying so.
* Every process started is gone afterwards, checked by PID.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tapwright.drivers.desktop._procs import group_members, pid_alive
from tapwright.drivers.desktop.display import display_unreachable
from tapwright.errors import DriverError, ErrorCode
from tapwright.planners.factory import make_planner
from tapwright.platforms import EnvOptions, LaunchOptions, Runtimes
from tapwright.platforms.desktop import DesktopRuntime
from tapwright.registry import Registry
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.progress import NullProgress
from tapwright.runner.results import ScenarioResult, StepResult
from tapwright.runner.run import Runner, RunOptions
from tapwright.testing.desktop import app_command, open_app

pytestmark = [pytest.mark.xserver, pytest.mark.slow]


def _kill_xvfb(runtime: DesktopRuntime) -> int:
    """SIGKILL the runtime's own Xvfb by its PID and reap it; its PID."""
    assert runtime.stack is not None
    xvfb = next(p for p in runtime.stack.procs if p.label == "xvfb")
    os.kill(xvfb.pid, signal.SIGKILL)
    xvfb.popen.wait(timeout=10)
    return xvfb.pid


@contextlib.contextmanager
def _squatter(runtime: DesktopRuntime) -> Iterator[str]:
    """An Xvfb of the test's own on the dead server's display number, stopped by its PID afterwards
    (when another run took the number first, that one answers instead)."""
    assert runtime.stack is not None
    display = runtime.stack.display
    proc = subprocess.Popen(["Xvfb", display, "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            if display_unreachable(display) is None or proc.poll() is not None:
                break
            time.sleep(0.05)
        yield f"Xvfb pid {proc.pid} on {display} (exit status {proc.poll()})"
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _all_gone(pids: list[int]) -> list[int]:
    return [p for p in pids if pid_alive(p) or group_members(p)]


async def test_a_killed_x_server_is_device_lost_and_the_next_environment_gets_a_new_one() -> None:
    runtime = DesktopRuntime(LaunchOptions(settings={"display": "xvfb"}))
    try:
        env = await open_app(runtime, "tk")
        try:
            registry = Registry.default()
            assert (await registry.call("desktop.locate", {"target": "Sign in button"}, env.ctx)).ok
            dead = _kill_xvfb(runtime)
            calls = [("desktop.click", {"target": "Sign in button", "timeout_ms": 500}), ("desktop.click_at", {"x": 5, "y": 5}),
                     ("desktop.screenshot", {}), ("desktop.snapshot", {}), ("desktop.press_key", {"key": "Enter"})]  # fmt: skip
            for tool, args in calls:
                result = await registry.call(tool, args, env.ctx)
                assert result.error is not None, tool
                assert result.error.code is ErrorCode.DEVICE_LOST, (tool, result.error)
                assert f"pid {dead}" in result.error.message and "new X server" in result.error.message, tool
            why = await env.lost()
            assert why is not None and f"pid {dead}" in why
            # The grabber itself (what asserted before) says DEVICE_LOST too, not AssertionError.
            with pytest.raises(DriverError) as info:
                env.driver.grabber.rgb()
            assert info.value.code is ErrorCode.DEVICE_LOST
            # Another X server takes the display number (a parallel run starts one): still DEVICE_LOST
            # naming the dead Xvfb; the socket answering again does not make the old connection good.
            with _squatter(runtime) as squatter:
                assert display_unreachable(runtime.stack.display) is None, squatter  # type: ignore[union-attr]
                with pytest.raises(DriverError) as info:
                    env.driver.grabber.rgb()
                assert info.value.code is ErrorCode.DEVICE_LOST and f"pid {dead}" in info.value.message
                result = await registry.call("desktop.screenshot", {}, env.ctx)
                assert result.error is not None and result.error.code is ErrorCode.DEVICE_LOST, result.error
        finally:
            await env.close()
        old = list(runtime.started_pids)
        env = await open_app(runtime, "tk")
        try:
            assert runtime.restarts and f"pid {dead}" in runtime.restarts[0]
            assert runtime.stack is not None and dead not in runtime.stack.pids
            located = await Registry.default().call("desktop.locate", {"target": "Sign in button"}, env.ctx)
            assert located.ok, located.error
            assert await env.lost() is None
        finally:
            await env.close()
        assert _all_gone(old) == []  # the dead server's buses, reader and app were stopped by PID
    finally:
        pids = list(runtime.started_pids)
        await runtime.aclose()
        assert _all_gone(pids) == []


class _KillDuring(NullProgress):
    """Kills the runtime's Xvfb after the first step of scenario ``victim`` (once)."""

    def __init__(self, runtimes: Runtimes, victim: str) -> None:
        self.runtimes, self.victim = runtimes, victim
        self.killed: int | None = None

    def step_finished(self, scenario: ScenarioResult, step: StepResult) -> None:
        if self.killed is None and scenario.name == self.victim and step.index == 0:
            runtime = self.runtimes.runtime("desktop")
            assert isinstance(runtime, DesktopRuntime)
            self.killed = _kill_xvfb(runtime)


async def test_a_run_whose_x_server_dies_goes_on_with_a_new_one(tmp_path: Path) -> None:
    steps = ['I should see "Sign in"', 'Click the "Sign in" button', 'I should see "Sign in"']
    scenarios = [Scenario(f"tk {i}", [StepSpec(s) for s in steps], source="desktop/lost.yaml", line=i + 1,
                          platform="desktop", settings={"app": app_command("tk")}) for i in range(3)]  # fmt: skip
    runtimes = Runtimes(settings={"desktop": {"display": "xvfb"}})
    watch = _KillDuring(runtimes, "tk 0")
    planner = make_planner("rules")
    pids: list[int] = []
    try:
        run = await Runner(planner, RunOptions(env_file=None, report_dir=tmp_path), progress=watch,
                           runtimes=runtimes).run(scenarios)  # fmt: skip
        runtime = runtimes.runtime("desktop")
        assert isinstance(runtime, DesktopRuntime)
        pids = list(runtime.started_pids)
    finally:
        await runtimes.aclose()
        await planner.aclose()
    assert watch.killed is not None
    assert run.ok, [(s.name, s.message, s.failed_step.status_line if s.failed_step else None) for s in run.scenarios]
    first = run.scenarios[0]
    assert first.lost and f"pid {watch.killed}" in first.lost[0] and first.attempts == 2  # retried on the new server
    assert all(not s.lost and s.attempts == 1 for s in run.scenarios[1:])
    assert _all_gone(pids) == []


async def test_a_display_tapwright_did_not_start_is_device_lost_at_once() -> None:
    from tapwright.drivers.desktop import DisplayOptions, DisplayStack

    own = DisplayStack.start(DisplayOptions(display="xvfb", accessibility=False))
    runtime = DesktopRuntime(LaunchOptions(settings={"display": own.display, "accessibility": False}))
    try:
        env = await runtime.open(EnvOptions(settings={"app": app_command("tk")}))
        await env.close()
        own.procs[0].stop()  # the X server the run was pointed at goes away (stopped by its PID)
        with pytest.raises(DriverError) as info:
            await runtime.open(EnvOptions(settings={"app": app_command("tk")}))
        assert info.value.code is ErrorCode.DEVICE_LOST
        assert own.display in info.value.message and "cannot be started again" in info.value.message
    finally:
        pids = list(runtime.started_pids)
        await runtime.aclose()
        own.close()
        assert _all_gone(pids) == []
