"""One step: plan it (or take its explicit plan), run the plan, record a StepResult.

Shared by the runner, ``tapwright do`` and ``Session.do()`` so a step behaves the
same wherever it runs. Nothing recorded here holds a secret's value: plans keep
``${secrets.X}`` placeholders, the executor redacts call records, and every text
is passed through the scenario's :class:`~tapwright.core.secrets.SecretStore`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tapwright.core.context import ToolContext
from tapwright.drivers.base import Driver, current_driver
from tapwright.errors import ErrorCode, PlanError
from tapwright.plan.executor import Executor, RetryPolicy
from tapwright.plan.model import Plan
from tapwright.plan.trace import PlanTrace
from tapwright.planners.base import PlanRequest, StepPlanner
from tapwright.planners.execute import plan_and_run
from tapwright.registry.registry import Registry
from tapwright.runner import pronoun
from tapwright.runner.model import StepSpec
from tapwright.runner.results import StepResult


@dataclass(slots=True)
class StepEnv:
    """What a step runs against: tools, their context, the planner and the scenario's data."""

    ctx: ToolContext
    planner: StepPlanner
    registry: Registry
    namespace: str = "web"
    vars: Mapping[str, Any] = field(default_factory=dict)
    secret_names: list[str] = field(default_factory=list)
    base_url: str | None = None
    retry: RetryPolicy | None = None
    # What the step before named (its last call's target): a leading "it" in this step is bound to it (pronoun.py).
    previous_target: str | None = None
    # The scenario's steps before this one, as written: "that comment" is the one an earlier step named (pronoun.py).
    earlier_steps: list[str] = field(default_factory=list)


# Web tools already wait for their element (the session's action timeout); one retry on
# top catches a stale element or a late re-render without tripling the wait of a real failure.
STEP_RETRY = RetryPolicy(max_attempts=2, backoff_s=0.2)


async def execute_step(step: StepResult, spec: StepSpec, env: StepEnv) -> None:
    """Plan and run one step, filling ``step`` in place (status, plan, trace, error, timings).

    Text steps go through :func:`~tapwright.planners.execute.plan_and_run`, so a planner
    that can revise a failed plan (the LLM planner) or record a passing one (the plan
    cache) does. Never raises for a failing step (a plan error is PLAN_INVALID in the
    result); cancellation marks the step CANCELLED and is re-raised.
    """
    started = time.perf_counter()
    interrupted = False
    # A step's own timeout replaces the file's (or the run's) for this step only, on every platform
    # whose driver waits (Driver.action_timeout); where none does, the step's notes say it changed nothing.
    driver = current_driver(env.ctx)
    previous = driver.action_timeout(spec.timeout_s) if driver is not None and spec.timeout_s is not None else None
    if spec.timeout_s is not None and previous is None:
        step.notes.append(f"its timeout ({spec.timeout_s:g} s) changed nothing: the {env.namespace} platform has no wait to set")
    try:
        if spec.plan is not None:
            await _run_explicit(step, spec.plan, env)
        elif not spec.text.strip():
            _fail(step, env, ErrorCode.PLAN_INVALID.value, "the step is empty")
        else:
            await _plan_and_run(step, spec.text, env)
    except asyncio.CancelledError:
        interrupted = True
        step.status, step.error_code = "cancelled", ErrorCode.CANCELLED.value
        step.error_message, step.status_line = "the run was interrupted", "CANCELLED"
        raise
    finally:
        if driver is not None and previous is not None:
            driver.action_timeout(previous)
        step.duration_ms = (time.perf_counter() - started) * 1000
        driver = current_driver(env.ctx)
        if driver is not None and not interrupted:
            await driver.finish_events(EVENTS_WAIT_S)
        _record_events(step, env)


# How long a step waits at its end for work it started that reports an event (a download being saved).
EVENTS_WAIT_S = 30.0


def _record_events(step: StepResult, env: StepEnv) -> None:
    """Attach what the page reported since the previous step (its driver may have been started by this one)."""
    driver = current_driver(env.ctx)
    if driver is None:
        return
    secrets = env.ctx.secrets
    step.page_events = [secrets.redact(e.to_dict()) for e in driver.take_events()]
    step.marks = [secrets.redact(box) for box in driver.take_acted()]


def _executor(env: StepEnv) -> Executor:
    return Executor(env.registry, env.ctx, retry=env.retry or STEP_RETRY)


async def _run_explicit(step: StepResult, data: dict[str, Any], env: StepEnv) -> None:
    step.planner = "explicit"
    try:
        plan = Plan.from_data(data)
    except PlanError as exc:
        _fail(step, env, exc.code.value, exc.message)
        return
    step.plan = env.ctx.secrets.redact(plan.to_dict())
    trace = PlanTrace()
    try:
        await _executor(env).run(plan, vars=dict(env.vars), trace=trace)
    finally:
        step.trace = env.ctx.secrets.redact(trace.to_dict())
    _apply_trace(step, trace, env)


async def _plan_and_run(step: StepResult, text: str, env: StepEnv) -> None:
    text, bound = pronoun.bind(text, env.previous_target)
    if bound is None:
        text, bound = pronoun.bind_named(text, env.earlier_steps)
    request = PlanRequest(
        step=text,
        registry=env.registry,
        ctx=env.ctx,
        namespace=env.namespace,
        var_names=sorted(env.vars),
        secret_names=list(env.secret_names),
        base_url=env.base_url,
    )
    run = await plan_and_run(env.planner, request, _executor(env), vars=dict(env.vars))
    secrets = env.ctx.secrets
    step.planner = run.response.planner if run.response else getattr(env.planner, "name", None)
    step.usage = run.usage.to_dict()
    step.plan_ms = run.usage.latency_ms
    step.cached = run.cached
    step.revisions = run.revisions
    step.reading = [secrets.redact_text(line) for line in run.response.reading] if run.response else []
    step.notes = [secrets.redact_text(n) for n in run.response.notes] if run.response else []
    if bound is not None:
        step.notes.insert(0, secrets.redact_text(bound))
    plan = run.plans[-1] if run.plans else (run.response.plan if run.response else None)
    step.plan = secrets.redact(plan.to_dict()) if plan is not None else None
    if run.trace is not None:
        step.trace = secrets.redact(run.trace.to_dict())
    if run.status == "answered":
        step.answer = secrets.redact_text(run.answer or "")
        step.status, step.status_line = "passed", f"ANSWER: {step.answer}"
    elif (run.status == "passed" and run.trace is not None) or run.trace is not None:
        _apply_trace(step, run.trace, env)
    else:
        error = run.error
        _fail(step, env, error.code.value if error else ErrorCode.INTERNAL.value, error.message if error else "no plan")


def _fail(step: StepResult, env: StepEnv, code: str, message: str) -> None:
    step.status = "failed"
    step.error_code, step.error_message = code, env.ctx.secrets.redact_text(message)
    step.status_line = f"ERROR: [{code}] {step.error_message}"


def _apply_trace(step: StepResult, trace: PlanTrace, env: StepEnv) -> None:
    secrets = env.ctx.secrets
    if trace.status == "passed":
        step.status = "passed"
        last = trace.calls[-1] if trace.calls else None
        step.status_line = secrets.redact_text(last.status_line) if last is not None else "OK: nothing to do"
        return
    step.status = "cancelled" if trace.status == "cancelled" else "failed"
    if trace.error is not None:
        step.error_code, step.error_message = trace.error.code.value, secrets.redact_text(trace.error.message)
    failed = trace.failed_call
    if failed is not None and failed.result:
        step.status_line = secrets.redact_text(failed.status_line)
    else:
        step.status_line = f"ERROR: {step.error_text or 'the step failed'}"


async def run_step(
    text: str,
    ctx: ToolContext,
    *,
    planner: StepPlanner,
    registry: Registry,
    namespace: str = "web",
    vars: Mapping[str, Any] | None = None,
    base_url: str | None = None,
    timeout_s: float | None = None,
) -> StepResult:
    """Plan and run one plain-English step (or instruction) outside a test file.

    Args:
        text: The step, e.g. ``Enter "x" into the Name field and press Submit``.
        ctx: The tool context (a web session already in it).
        planner: The step planner.
        registry: The tools.
        namespace: The tool pack the step runs against.
        vars: Values for ``${vars.NAME}``.
        base_url: Base URL for relative navigation.
        timeout_s: How long this step's actions and checks wait for their element (None: as set before).

    Returns:
        The step's result; ``result.status == "passed"`` when it worked.
    """
    step = StepResult(index=0, text=ctx.secrets.redact_text(text), status_line="SKIPPED")
    env = StepEnv(ctx, planner, registry, namespace, dict(vars or {}), ctx.secrets.names(), base_url)
    await execute_step(step, StepSpec(text=text, timeout_s=timeout_s), env)
    return step


async def tabs_opened_before(driver: Driver, ctx: ToolContext) -> list[str]:
    """Follow a tab the screen opened after the previous step ended (a script's ``window.open`` on a
    timer): the notes that say so (the step about to run acts on it). None on a platform without tabs
    or while the driver does not follow them (:meth:`~tapwright.drivers.base.Driver.follow_new_tabs`)."""
    return [f"a new tab opened before this step, at {ctx.secrets.redact_text(url)}: this step and the next act on it"
            for url in await driver.followed_tabs()]  # fmt: skip


async def tabs_opened_by(step: StepResult, driver: Driver, ctx: ToolContext) -> list[str]:
    """Follow a tab ``step`` opened (a link with ``target=_blank``, ``window.open``; one the page said it
    is opening is awaited, bounded, when a call of the step changed the screen): the notes that say so
    (the next steps act on it, and "Switch back to the first tab" returns)."""
    return [f"opened a new tab at {ctx.secrets.redact_text(url)}: the next steps act on it "
            "('Switch back to the first tab' returns)"
            for url in await driver.followed_tabs(wait=_changed_screen(step))]  # fmt: skip


def _changed_screen(step: StepResult) -> bool:
    """Whether a call of the step changed the screen (or may have: ``pending``): only then may it have
    opened a tab that is still on its way (looking costs a round trip to the page)."""
    for call in step.calls:
        data = (call.get("result") or {}).get("data")
        if isinstance(data, dict) and data.get("changed") not in (None, False):
            return True
    return False
