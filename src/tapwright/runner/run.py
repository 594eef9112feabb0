"""The runner: scenarios -> plans -> tool calls -> results, one isolated environment per scenario.

Example:
    scenarios = load_cases(["tests/"])
    runner = Runner(make_planner("auto"), RunOptions(report_dir=Path("tapwright-report"), jobs=2))
    result = await runner.run(scenarios)
    write_reports(result, Path("tapwright-report"))

Each step is planned by the configured planner (or taken as its explicit plan), run
through the :class:`~tapwright.plan.executor.Executor`, photographed, and recorded as
a :class:`StepResult`. The first failing step fails its scenario and skips the rest;
teardown steps still run. If the run is cancelled (Ctrl-C), :attr:`Runner.result`
holds everything that ran, ready for the reports.
"""

from __future__ import annotations

import asyncio
import os
import re
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tapwright.core.secrets import SecretStore, parse_secret_spec
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.plan.placeholders import find_refs
from tapwright.planners.base import StepPlanner
from tapwright.platforms import POLICY_LAYERS, EnvOptions, PlatformEnv, Runtimes
from tapwright.registry.registry import Registry
from tapwright.runner import pronoun
from tapwright.runner._trace_redact import redact_trace
from tapwright.runner.agent_scope import agent_common, start_origins
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.progress import NullProgress, Progress
from tapwright.runner.results import Phase, RunResult, ScenarioResult, StepResult
from tapwright.runner.step import StepEnv, execute_step, tabs_opened_before, tabs_opened_by

# Step screenshots are WebP files (the driver picks the format from the suffix): a UI
# screen is ~15 KB instead of ~50 KB as PNG, which keeps a whole report folder mailable.
SCREENSHOT_SUFFIX = ".webp"


@dataclass(slots=True)
class RunOptions:
    """Settings of one run (the ``tapwright run`` flags).

    Attributes:
        base_url: Overrides every scenario's ``base_url`` (so one suite runs against any server).
        report_dir: Where screenshots and traces are written; None keeps no files.
        jobs: Scenarios run at once (one browser, one context each).
        retries: Extra attempts for a failed scenario; one that passes on retry is "flaky".
        trace: Save a Playwright trace per scenario under ``report_dir/traces``.
        timeout_s: How long an action or check waits for its element (None: the platform's default;
            a test file's ``timeout:`` wins).
        headed: Show the browser.
        screenshots: A screenshot after every step.
        env_file: Where secrets are read from when not in the environment.
        first_index: Number of the first scenario (the pytest plugin runs one scenario per
            runner and keeps numbers, and so screenshot folders, unique across the session).
        platform_settings: Run-wide settings per platform, e.g. ``{"web": {"browser_endpoint": "ws://..."}}``.
        allow: When set, the browser may load only these origins, hosts, ``*.suffixes`` or
            address ranges (``--allow``); a test file's ``allow`` can narrow it further.
        block: Origins, hosts, suffixes or ranges never loaded (``--block``), added to the files' lists.
        allow_link_local: Let pages reach link-local and cloud-metadata addresses.
        keep_going: Run a scenario's remaining steps after one fails (``--keep-going``); the
            scenario still fails, and each such step is marked as run after a failure.
    """

    base_url: str | None = None
    report_dir: Path | None = None
    jobs: int = 1
    retries: int = 0
    trace: bool = False
    timeout_s: float | None = None
    headed: bool = False
    screenshots: bool = True
    env_file: str | Path | None = ".env"
    first_index: int = 0
    platform_settings: dict[str, dict[str, Any]] = field(default_factory=dict)
    allow: list[str] | None = None
    block: list[str] = field(default_factory=list)
    allow_link_local: bool = False
    keep_going: bool = False


class Runner:
    """Runs scenarios with a planner and records the results.

    Args:
        planner: Turns step text into plans.
        options: Run settings.
        registry: The tools (``Registry.default()`` when omitted).
        progress: Told about every scenario and step (quiet by default).
        runtimes: Platform runtimes to share (the pytest plugin keeps one browser for a session);
            left running at the end. By default the runner starts its own and stops them.
    """

    def __init__(
        self,
        planner: StepPlanner,
        options: RunOptions | None = None,
        *,
        registry: Registry | None = None,
        progress: Progress | None = None,
        runtimes: Runtimes | None = None,
    ) -> None:
        self.planner = planner
        self.options = options or RunOptions()
        self.registry = registry or Registry.default()
        self.progress: Progress = progress or NullProgress()
        self._own_runtimes = runtimes is None
        common = {"allowed_origins": self.options.allow, "blocked_origins": list(self.options.block),
                  "allow_link_local": self.options.allow_link_local, "timeout_s": self.options.timeout_s}
        self.runtimes = runtimes or Runtimes(headed=self.options.headed, settings=self.options.platform_settings,
                                             common=common)
        self.result = RunResult(planner=getattr(planner, "name", "?"), jobs=max(1, self.options.jobs))
        self._failure_traced: set[int] = set()  # attempts (id of their result) whose trace shows why they failed

    async def run(self, scenarios: list[Scenario]) -> RunResult:
        """Run every scenario (up to ``jobs`` at once); results keep the input order.

        Cancellation (Ctrl-C) stops the scenarios in flight, marks the run interrupted,
        closes the browser and re-raises; :attr:`result` still holds what ran.
        """
        for name in sorted({s.namespace for s in scenarios}):
            self.runtimes.runtime(name)  # an unknown platform is a usage error before anything runs
        started = time.perf_counter()
        self.result.scenarios = [_not_run(s, self.options.first_index + i) for i, s in enumerate(scenarios)]
        self.progress.run_started(len(scenarios))
        gate = asyncio.Semaphore(max(1, self.options.jobs))

        async def one(index: int, scenario: Scenario) -> None:
            async with gate:
                await self._run_scenario(index, scenario)

        tasks = [asyncio.create_task(one(i, s)) for i, s in enumerate(scenarios)]
        try:
            await asyncio.gather(*tasks)
        except asyncio.CancelledError:
            self.result.interrupted = True
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            raise
        finally:
            self.result.duration_ms = (time.perf_counter() - started) * 1000
            if self._own_runtimes:
                await self.runtimes.aclose()
            self.progress.run_finished(self.result)
        return self.result

    async def _run_scenario(self, index: int, scenario: Scenario) -> None:
        previous: list[ScenarioResult] = []
        lost: list[str] = []
        attempt = retries = 0
        while True:
            attempt += 1
            result, why = await self._attempt(index, scenario, attempt)
            if result.ok or result.status == "cancelled":
                break
            if why is not None and not lost:
                # The environment died under it (a browser endpoint, a device): once, elsewhere, not a retry.
                lost.append(why)
                continue
            if retries >= self.options.retries:
                break
            retries += 1
            previous.append(result)
        result.previous = previous
        result.lost = lost
        if result.status == "passed" and previous:
            result.status = "flaky"
        self.progress.scenario_finished(result)

    async def _attempt(self, index: int, scenario: Scenario, attempt: int) -> tuple[ScenarioResult, str | None]:
        """One run of the scenario, and why its environment died under it (None when it did not)."""
        secrets = SecretStore.from_env(scenario.secrets, env_file=self.options.env_file)
        result = _new_result(scenario, self.options.first_index + index, secrets)
        result.attempts = attempt
        result.started_at = time.time()
        self.result.scenarios[index] = result
        self.progress.scenario_started(result)
        started = time.perf_counter()
        env: PlatformEnv | None = None
        lost: str | None = None
        try:
            settings = dict(scenario.settings)
            start = start_origins(self.planner, self.options.allow, self.options.base_url or scenario.base_url)
            allow = [start, *scenario.allow] if start else scenario.allow
            settings.update(agent_common(self.planner, {**(self.options.platform_settings or {}).get("web", {}),
                                                        **settings}))
            if allow or scenario.block:
                settings[POLICY_LAYERS] = {"allow": allow, "block": scenario.block}
            env = await self.runtimes.open(scenario.namespace, EnvOptions(
                base_url=self.options.base_url or scenario.base_url, secrets=secrets, record_trace=self.options.trace,
                settings=settings,
                downloads_dir=self.options.report_dir / "downloads" / _scenario_dir(result) if self.options.report_dir else None,
            ))  # fmt: skip
            result.ran_on = env.label
            env.driver.follow_new_tabs()  # a tab the page opens is where the next steps act, as for a tester
            await self._run_steps(result, scenario, env)
        except asyncio.CancelledError:
            result.status, result.message = "cancelled", "the run was interrupted"
            _fill_remaining(result, scenario)
            raise
        except Exception as exc:  # a runner bug or a dead browser fails one scenario, not the whole run
            _fail_unexpected(result, scenario, exc, secrets)
        finally:
            if env is not None:
                lost = await env.lost() if not result.ok else None
                await self._close(env, result)
            result.duration_ms = (time.perf_counter() - started) * 1000
        return result, lost

    async def _run_steps(self, result: ScenarioResult, scenario: Scenario, env: PlatformEnv) -> None:
        missing = _undefined_placeholder(scenario, env.ctx.secrets)
        if missing is not None:
            # Fail before the first call: a step must not run when a later one cannot. The step
            # naming the missing value is the failed one, so every output says which and why.
            at, why = missing
            code = ErrorCode.UNRESOLVED_PLACEHOLDER.value
            result.status, result.message = "failed", f"[{code}] {why}"
            _fill_remaining(result, scenario)
            for step in result.steps:
                step.status_line = "SKIPPED: a placeholder names nothing available"
            culprit = result.steps[at]
            culprit.status, culprit.error_code, culprit.error_message = "failed", code, why
            culprit.status_line = f"ERROR: [{code}] {why}"
            for step in result.steps:
                self.progress.step_finished(result, step)
            return
        failed = False
        for phase, spec in _phased(scenario):
            step = _step_result(len(result.steps), spec, phase, env.ctx.secrets)
            result.steps.append(step)
            # Teardown runs even after a failure: it cleans up what setup made.
            if failed and phase != "teardown" and not self.options.keep_going:
                step.status_line = "SKIPPED: an earlier step failed"
            else:
                step.after_failure = failed and phase != "teardown"
                await self._run_step(step, spec, scenario, env, result)
                failed = failed or step.status != "passed"
            self.progress.step_finished(result, step)
        result.status = "failed" if failed else "passed"

    async def _run_step(
        self, step: StepResult, spec: StepSpec, scenario: Scenario, env: PlatformEnv, result: ScenarioResult
    ) -> None:
        step_env = StepEnv(
            ctx=env.ctx,
            planner=self.planner,
            registry=self.registry,
            namespace=scenario.namespace,
            vars=scenario.vars,
            secret_names=[parse_secret_spec(s)[0] for s in scenario.secrets],
            base_url=self.options.base_url or scenario.base_url,
            previous_target=pronoun.previous_target(result.steps[-2].plan) if len(result.steps) > 1 else None,
            earlier_steps=[s.text for s in result.steps[:-1]],
        )
        step.notes += await tabs_opened_before(env.driver, env.ctx)  # a tab opened after the previous step ended
        # In a Playwright trace, the step's calls are listed under its text, with why it failed.
        await env.driver.trace_step(f"{step.index + 1}. {step.text}", file=result.source, line=spec.line or None)
        try:
            await execute_step(step, spec, step_env)  # with the step's own timeout, when it has one
        finally:
            failed = step.status in ("failed", "cancelled") and (step.error_code or step.error_message)
            why = env.ctx.secrets.redact_text(f"{step.error_code or ''} {step.error_message or ''}".strip()) if failed else None
            await env.driver.trace_step_end(why)
            if why:
                self._failure_traced.add(id(result))
        step.notes += await tabs_opened_by(step, env.driver, env.ctx)  # followed: the picture after the step shows it
        await self._screenshot(step, env, result)

    async def _screenshot(self, step: StepResult, env: PlatformEnv, result: ScenarioResult) -> None:
        if not self.options.screenshots or self.options.report_dir is None:
            return
        rel = Path("screenshots") / _scenario_dir(result) / f"{step.index + 1:02d}-{step.phase}{SCREENSHOT_SUFFIX}"
        path = self.options.report_dir / rel
        if not await env.screenshot(path):
            return
        step.screenshot = rel.as_posix()
        # A check does not change the screen: the same picture again links the earlier file.
        earlier = next((s.screenshot for s in reversed(result.steps[:-1]) if s.screenshot), None)
        if earlier and _same_file(self.options.report_dir / earlier, path):
            path.unlink(missing_ok=True)
            step.screenshot = earlier

    async def _close(self, env: PlatformEnv, result: ScenarioResult) -> None:
        trace_path: Path | None = None
        if self.options.trace and self.options.report_dir is not None:
            trace_path = self.options.report_dir / "traces" / f"{_scenario_dir(result)}.zip"
            if id(result) not in self._failure_traced:
                await _trace_outside_failure(env, result)
        self._failure_traced.discard(id(result))
        if await env.close(trace_path) and trace_path is not None and self.options.report_dir is not None:
            try:
                redact_trace(trace_path, env.ctx.secrets)
            except (OSError, zipfile.BadZipFile) as exc:
                trace_path.unlink(missing_ok=True)  # a trace that cannot be redacted is not kept
                result.message = result.message or f"the trace could not be redacted and was removed: {exc}"
                return
            result.trace_file = trace_path.relative_to(self.options.report_dir).as_posix()


async def run_scenarios(
    scenarios: list[Scenario],
    planner: StepPlanner,
    options: RunOptions | None = None,
    *,
    registry: Registry | None = None,
    progress: Progress | None = None,
    runtimes: Runtimes | None = None,
) -> RunResult:
    """Run scenarios and return their results (see :class:`Runner`)."""
    runner = Runner(planner, options, registry=registry, progress=progress, runtimes=runtimes)
    return await runner.run(scenarios)


# -- helpers ---------------------------------------------------------------------------


def _slug(text: str, limit: int = 40) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()[:limit] or "scenario"


def _scenario_dir(result: ScenarioResult) -> str:
    suffix = f"-try{result.attempts}" if result.attempts > 1 else ""
    return f"{result.index + 1:03d}-{_slug(result.name)}{suffix}"


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.stat().st_size == b.stat().st_size and a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def display_path(path: str, start: Path | None = None) -> str:
    """``path`` relative to ``start`` (the folder the run started in), so reports name no machine's layout.

    Relative paths stay as they are; an absolute path becomes relative to ``start``
    (with ``..`` when it lies outside), keeping forward slashes on every OS.
    """
    if not path or not os.path.isabs(path):
        return path
    try:
        return Path(os.path.relpath(path, start or Path.cwd())).as_posix()
    except ValueError:  # another drive on Windows: no relative form exists
        return path


def _new_result(scenario: Scenario, index: int, secrets: SecretStore) -> ScenarioResult:
    return ScenarioResult(
        name=secrets.redact_text(scenario.name),
        source=display_path(scenario.source),
        line=scenario.line,
        index=index,
        tags=list(scenario.tags),
        platform=scenario.namespace,
        base_url=scenario.base_url,
        vars=secrets.redact(dict(scenario.vars)),
        secret_names=[parse_secret_spec(s)[0] for s in scenario.secrets],
    )


def _not_run(scenario: Scenario, index: int) -> ScenarioResult:
    """The placeholder result of a scenario that has not started (what the report shows if it never does)."""
    result = _new_result(scenario, index, SecretStore())
    result.message = "not run"
    _fill_remaining(result, scenario)
    return result


def _step_result(index: int, spec: StepSpec, phase: Phase, secrets: SecretStore | None) -> StepResult:
    text = spec.label if secrets is None else secrets.redact_text(spec.label)
    return StepResult(index=index, text=text, phase=phase, line=spec.line, keyword=spec.keyword, status_line="SKIPPED")


def _phased(scenario: Scenario) -> list[tuple[Phase, StepSpec]]:
    """Every step of a scenario in run order, with its phase."""
    out: list[tuple[Phase, StepSpec]] = [("setup", s) for s in scenario.setup]
    out += [("step", s) for s in scenario.steps]
    out += [("teardown", s) for s in scenario.teardown]
    return out


def _undefined_placeholder(scenario: Scenario, secrets: SecretStore) -> tuple[int, str] | None:
    """The first ``${vars.X}`` / ``${secrets.X}`` naming nothing available: its step's index and what is missing."""
    for index, (phase, spec) in enumerate(_phased(scenario)):
        try:
            refs = find_refs({"text": spec.text, "plan": spec.plan or {}})
        except ToolFailure:
            continue  # a malformed placeholder fails at its own step, with its own message
        # "in step 'X'" / "in setup step 'X'" (never "in step step")
        which = "step" if phase == "step" else f"{phase} step"
        for ref in refs:
            if ref.kind == "vars" and ref.target not in scenario.vars:
                names = ", ".join(sorted(scenario.vars)) or "none"
                return index, f"{ref.text} in {which} {spec.label!r}: no variable {ref.target!r} (variables: {names})"
            if ref.kind == "secrets" and ref.target not in secrets:
                return index, f"{ref.text} in {which} {spec.label!r}: secret {ref.target!r} is not set (export it or put it in .env)"
    return None


def _fill_remaining(result: ScenarioResult, scenario: Scenario) -> None:
    """Add the steps that never started, as skipped, so the report lists every step."""
    for i, (phase, spec) in enumerate(_phased(scenario)):
        if i >= len(result.steps):
            result.steps.append(_step_result(i, spec, phase, None))


async def _trace_outside_failure(env: PlatformEnv, result: ScenarioResult) -> None:
    """A scenario that failed where no step's calls could say so (before its first step, a placeholder
    naming nothing, an error of the runner's or the browser's between calls): its trace ends with an
    entry naming what failed, holding a call that fails with the reason, so the trace viewer opens
    on it instead of on the last call that happened to run."""
    failure = result.failure
    if failure is None or result.status != "failed":
        return
    step = failure.step
    if step is None:
        title = "the scenario failed outside its steps"
    else:
        which = "step" if step.phase == "step" else f"{step.phase} step"
        title = f"the scenario failed at {which} {step.index + 1}: {step.text}"
    await env.driver.trace_step(title, file=result.source or None, line=(step.line if step else result.line) or None)
    await env.driver.trace_step_end(env.ctx.secrets.redact_text(f"{failure.code or ''} {failure.message}".strip()))


def _fail_unexpected(result: ScenarioResult, scenario: Scenario, exc: Exception, secrets: SecretStore) -> None:
    if isinstance(exc, ToolFailure):  # its code is said apart: "[BROWSER_CRASHED] the browser went away"
        code, message = exc.code.value, secrets.redact_text(exc.message)
    else:
        code, message = ErrorCode.INTERNAL.value, secrets.redact_text(f"{type(exc).__name__}: {exc}")
    result.status = "failed"
    result.message = f"[{code}] {message}"
    if result.steps and result.steps[-1].status == "skipped" and result.steps[-1].status_line == "SKIPPED":
        running = result.steps[-1]  # the step that was in progress when it blew up
        running.status, running.error_code, running.error_message = "failed", code, message
        running.status_line = f"ERROR: [{code}] {message}"
    _fill_remaining(result, scenario)
