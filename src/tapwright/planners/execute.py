"""Plan one step and run it, feeding failures back to planners that can revise their plans.

Works with any StepPlanner. Planners may also offer these optional methods, which
:func:`plan_and_run` uses when present:

* ``async revise(request, response, trace) -> PlanResponse | None`` — a new plan for
  the rest of the step after ``trace`` failed (the LLM planner's correction loop,
  the cache's re-plan after a failed replay);
* ``async record(request, response, executed, trace)`` — the step passed with the
  plan ``executed`` (every call that ran, across revisions): the cache stores it;
* ``forget(request)`` — the step is over; drop per-step state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from tapwright.core.result import ToolError, ToolResult
from tapwright.errors import PlanError, ToolFailure
from tapwright.plan.executor import Executor
from tapwright.plan.model import Plan, Step
from tapwright.plan.trace import PlanTrace
from tapwright.planners.base import PlanRequest, PlanResponse, StepPlanner, Usage

StepStatus = Literal["passed", "failed", "answered"]
_STEP_REF_RE = re.compile(r"\$\{\s*(step\d+)\.output")


@dataclass(slots=True)
class StepRun:
    """The outcome of one planned-and-run step.

    ``traces`` holds every run (the first plan, then each revision); ``usage``
    adds up every model call made for the step; ``error`` is set when it failed
    (a planning failure leaves ``traces`` empty).
    """

    status: StepStatus
    usage: Usage = field(default_factory=Usage)
    response: PlanResponse | None = None
    traces: list[PlanTrace] = field(default_factory=list)
    plans: list[Plan] = field(default_factory=list)
    error: ToolError | None = None
    answer: str | None = None
    revisions: int = 0

    @property
    def ok(self) -> bool:
        return self.status != "failed"

    @property
    def trace(self) -> PlanTrace | None:
        return self.traces[-1] if self.traces else None

    @property
    def cached(self) -> bool:
        return bool(self.response and self.response.cached)

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "usage": self.usage.to_dict(),
            "planner": self.response.planner if self.response else None,
            "cached": self.cached,
            "answer": self.answer,
            "revisions": self.revisions,
            "error": self.error.to_dict() if self.error else None,
            "traces": [t.to_dict() for t in self.traces],
        }


async def plan_and_run(
    planner: StepPlanner, request: PlanRequest, executor: Executor, *, vars: dict[str, Any] | None = None
) -> StepRun:
    """Plan ``request``'s step, run it with ``executor``, and revise while the planner can.

    Never raises for a planning or tool failure (they end up in the StepRun);
    cancellation propagates.
    """
    run = StepRun(status="failed")
    try:
        await _drive(planner, request, executor, vars, run)
    except ToolFailure as exc:  # PlanError from planning, LLM failures, BUDGET_EXCEEDED
        usage = getattr(exc, "usage", None)
        if isinstance(usage, Usage):
            run.usage.add(usage)
        run.status = "failed"
        run.error = ToolResult.from_failure(exc).error
    finally:
        planner.forget(request)
    return run


async def _drive(
    planner: StepPlanner, request: PlanRequest, executor: Executor, vars: dict[str, Any] | None, run: StepRun
) -> None:
    response = await planner.plan(request)
    run.usage.add(response.usage)
    run.response = response
    while True:
        if response.answer is not None and not response.plan.steps:
            run.status, run.answer = "answered", response.answer
            return
        trace = await executor.run(response.plan, vars=vars)
        run.plans.append(response.plan)
        run.traces.append(trace)
        if trace.ok:
            run.status = "passed"
            await planner.record(request, response, executed_plan(run), trace)
            return
        run.error = trace.error
        revised = await planner.revise(request, response, trace)
        if revised is None:
            return
        run.usage.add(revised.usage)
        run.revisions += 1
        run.response = response = revised


def executed_plan(run: StepRun) -> Plan:
    """The calls that succeeded across every run of a step, as one plan that replays them in order.

    Ids of each revision are prefixed (``r1_step1``) and their ``${stepN...}`` references
    rewritten to match, so the merged plan stays valid.
    """
    steps: list[Step] = []
    for number, (plan, trace) in enumerate(zip(run.plans, run.traces, strict=True)):
        prefix = f"r{number}_" if len(run.traces) > 1 else ""
        for step, record in zip(plan.steps, trace.calls, strict=False):
            if record.status != "ok":
                continue
            args = _prefix_refs(step.args, prefix) if prefix else step.args
            steps.append(Step(tool=step.tool, args=args, id=f"{prefix}{step.id}" if step.id and prefix else step.id,
                              description=step.description, timeout_ms=step.timeout_ms, retries=step.retries))  # fmt: skip
    try:
        return Plan.from_data(Plan(steps).to_dict())
    except PlanError:
        # A reference across revisions that cannot be expressed: keep only the last plan, which did pass.
        return run.response.plan if run.response else Plan(steps)


def _prefix_refs(value: Any, prefix: str) -> Any:
    if isinstance(value, str):
        return _STEP_REF_RE.sub(lambda m: "${" + prefix + m.group(1) + ".output", value)
    if isinstance(value, dict):
        return {k: _prefix_refs(v, prefix) for k, v in value.items()}
    if isinstance(value, list):
        return [_prefix_refs(v, prefix) for v in value]
    return value
