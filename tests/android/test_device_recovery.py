"""A lost adb device or adb server (issue 30), with the real adb binary and simulated devices.

* One device, killed mid-scenario (its process stopped by PID): that scenario fails at once with
  DEVICE_LOST naming the device (tried again once, no hang); once the device is back on the same
  address, the next scenario gets it back and passes.
* The private adb server of a simulated run, killed by its PID mid-scenario: the scenario is retried
  once on a new server and device, and the next scenarios pass.
* Every process started here is gone afterwards, checked by PID.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from tapwright.errors import ErrorCode
from tapwright.planners.factory import make_planner
from tapwright.platforms import Runtimes
from tapwright.platforms.android import AndroidRuntime
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.progress import NullProgress
from tapwright.runner.results import RunResult, ScenarioResult, StepResult
from tapwright.runner.run import Runner, RunOptions
from tapwright.testing.android_sim import AdbServer, SimulatedDevice

APP = Path(__file__).resolve().parents[2] / "examples" / "android-app" / "app.yaml"
STEPS = ['I should see "Sign in to your notes"', 'Type "ada@example.com" into the Email field',
         'Type "secret" into the Password field', 'Click the "Sign in" button', 'I should see "My notes"']  # fmt: skip

pytestmark = [pytest.mark.device, pytest.mark.slow]


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split()[2] == "Z"
    except FileNotFoundError:
        return True


def _suite(n: int, settings: dict[str, str] | None = None) -> list[Scenario]:
    return [Scenario(f"sign in {i}", [StepSpec(s) for s in STEPS], source="android/recovery.yaml", line=i + 1,
                     platform="android", settings=dict(settings or {})) for i in range(n)]  # fmt: skip


async def _run(scenarios: list[Scenario], runtimes: Runtimes, watch: NullProgress) -> RunResult:
    planner = make_planner("rules")
    try:
        return await Runner(planner, RunOptions(env_file=None, screenshots=False), progress=watch,
                            runtimes=runtimes).run(scenarios)  # fmt: skip
    finally:
        await planner.aclose()


def _said(run: RunResult) -> list[tuple[str, str, str | None]]:
    return [(s.name, s.status, s.message or (s.failed_step.status_line if s.failed_step else None)) for s in run.scenarios]


class _Unplug(NullProgress):
    """Kills the device during the first scenario's first step; plugs it back (same port) once that scenario ended."""

    def __init__(self, holder: list[SimulatedDevice], server: AdbServer) -> None:
        self.holder, self.server = holder, server
        self.killed: int | None = None
        self.back: SimulatedDevice | None = None

    def step_finished(self, scenario: ScenarioResult, step: StepResult) -> None:
        if self.killed is None and scenario.name == "sign in 0" and step.index == 0:
            dev = self.holder[0]
            dev.proc.kill()  # unplugged with a scenario in flight
            dev.proc.wait(5)
            self.killed = dev.pid

    def scenario_finished(self, scenario: ScenarioResult) -> None:
        if scenario.name == "sign in 0" and self.back is None:
            self.back = SimulatedDevice.start(APP, self.server, port=self.holder[0].port, connect=False)
            self.holder.append(self.back)


async def test_a_lost_device_fails_its_scenario_at_once_and_serves_the_next_once_back() -> None:
    server = AdbServer.start()
    holder: list[SimulatedDevice] = []
    runtimes = Runtimes()
    try:  # everything started here is stopped by PID, also when the test is interrupted
        holder.append(SimulatedDevice.start(APP, server))
        serial = holder[0].serial
        watch = _Unplug(holder, server)
        runtimes = Runtimes(settings={"android": {"devices": [serial], "adb_port": server.port, "app": str(APP)}})
        run = await _run(_suite(3), runtimes, watch)
    finally:
        await runtimes.aclose()
        for dev in holder:
            dev.stop()
        server.stop()
    assert watch.killed is not None and watch.back is not None
    first, *rest = run.scenarios
    assert first.status == "failed" and first.lost and serial in first.lost[0]
    assert f"[{ErrorCode.DEVICE_LOST.value}]" in (first.message or "") and serial in (first.message or "")
    assert "tried again" in (first.message or "")  # the retry asked the device again before failing
    assert all(s.ok and s.ran_on == serial for s in rest), _said(run)  # the device came back to the pool
    assert all(_gone(pid) for pid in [server.pid, *(d.pid for d in holder)])


class _KillServer(NullProgress):
    def __init__(self, runtimes: Runtimes) -> None:
        self.runtimes = runtimes
        self.killed: int | None = None

    def step_finished(self, scenario: ScenarioResult, step: StepResult) -> None:
        if self.killed is None and scenario.name == "sign in 0" and step.index == 1:
            runtime = self.runtimes.runtime("android")
            assert isinstance(runtime, AndroidRuntime) and runtime._server is not None
            self.killed = runtime._server.pid
            os.kill(self.killed, signal.SIGKILL)
            runtime._server.proc.wait(5)


async def test_a_killed_adb_server_is_replaced_for_the_next_scenario() -> None:
    runtimes = Runtimes()
    watch = _KillServer(runtimes)
    runtime = runtimes.runtime("android")
    assert isinstance(runtime, AndroidRuntime)
    started: list[int] = []
    try:
        run = await _run(_suite(2, {"app": str(APP)}), runtimes, watch)
        assert runtime._server is not None
        started.append(runtime._server.pid)
    finally:
        await runtimes.aclose()
    assert watch.killed is not None and started and started[0] != watch.killed
    first, second = run.scenarios
    assert first.lost and f"pid {watch.killed}" in first.lost[0], _said(run)
    assert first.ok and first.attempts == 2 and second.ok and second.attempts == 1, _said(run)
    assert runtime.server_restarts and f"pid {watch.killed}" in runtime.server_restarts[0]
    assert all(_gone(pid) for pid in [watch.killed, *started])
