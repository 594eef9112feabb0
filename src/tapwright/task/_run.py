"""Task plan -> executor -> result validator -> a TaskResult with the data, its checks and the trace."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from tapwright.core.context import ToolContext
from tapwright.core.result import ToolError, ToolResult
from tapwright.errors import ErrorCode, PlanError
from tapwright.llm.config import LLMConfig
from tapwright.llm.schema_model import provide_schema_model
from tapwright.plan.executor import Executor
from tapwright.plan.model import Plan, Step, namespace
from tapwright.plan.trace import PlanTrace
from tapwright.registry.registry import Registry

_DATA_ARGS = ("records", "data")


@dataclass(slots=True)
class TaskResult:
    """What a task or a task plan gave: the data, whether it passed its checks, and why not.

    Attributes:
        ok: The plan ran, the output matched its schema and every check passed.
        data: The records under ``key`` (or the whole output when the plan names no key).
        key: The plan's ``expected_output`` key (``products``).
        reason: Why the data is empty, or what failed.
        checks: One entry per validation tool run by the result validator.
        plan: The plan that ran (in the long spelling, ``plan`` and ``parameters``).
        planner: ``rules``, ``llm`` (which planner wrote the plan) or ``given`` (a plan passed in).
        trace: The executor's trace.
        error: The failure, when there is one.
    """

    ok: bool
    data: Any = None
    key: str | None = None
    reason: str | None = None
    checks: list[dict[str, Any]] = field(default_factory=list)
    plan: dict[str, Any] = field(default_factory=dict)
    planner: str = "given"
    trace: PlanTrace | None = None
    error: ToolError | None = None

    def to_dict(self, *, with_trace: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ok": self.ok, "key": self.key, "count": len(self.data) if isinstance(self.data, list) else None,
            "data": self.data, "reason": self.reason, "checks": self.checks, "planner": self.planner, "plan": self.plan,
            "error": self.error.to_dict() if self.error else None,
        }  # fmt: skip
        if with_trace and self.trace is not None:
            out["trace"] = self.trace.to_dict()
        return out


def deferred_checks(plan: Plan) -> tuple[Plan, list[Step]]:
    """Split off the check steps that take the plan's result (no ``records`` / ``data`` of their own)."""
    keep, later = [], []
    for step in plan.steps:
        if namespace(step.tool) == "check" and not any(k in step.args for k in _DATA_ARGS):
            later.append(step)
        else:
            keep.append(step)
    return Plan(keep, plan.description, plan.expected_output, None), later


def needs_validator(plan: Plan) -> bool:
    """Whether a plan is a task plan: an ``expected_output``, or checks that wait for the result."""
    return plan.expected_output is not None or bool(deferred_checks(plan)[1])


def _find(outputs: dict[str, Any], order: list[str], key: str) -> tuple[bool, Any, Any]:
    """(found, value, the whole output) for ``key`` in the latest output holding it (or its ``data``)."""
    for name in reversed(order):
        out = outputs.get(name)
        for holder in (out, out.get("data") if isinstance(out, dict) else None):
            if isinstance(holder, dict) and key in holder:
                return True, holder[key], out
    return False, None, None


async def run_plan(
    plan: Plan | dict[str, Any], ctx: ToolContext, registry: Registry, *, vars: dict[str, Any] | None = None, planner: str = "given",
    llm: LLMConfig | None = None,
) -> TaskResult:
    """Run a task plan: the executor (placeholders, fallbacks), then the result validator. Never raises for a failing plan.

    When a model is configured (``llm``, else ``TAPWRIGHT_LLM_*``), ``extract.schema`` may ask it.
    """
    provide_schema_model(ctx, llm)
    try:
        plan = plan if isinstance(plan, Plan) else Plan.from_data(plan)
    except PlanError as exc:
        return TaskResult(False, reason=exc.message, error=ToolResult.from_failure(exc).error, planner=planner,
                          plan=plan if isinstance(plan, dict) else {})  # fmt: skip
    actions, checks = deferred_checks(plan)
    trace = await Executor(registry, ctx).run(actions, vars=vars)
    result = TaskResult(False, plan=plan.to_dict(), planner=planner, trace=trace)
    if not trace.ok:
        result.error = trace.error
        result.reason = trace.error.message if trace.error else f"the plan {trace.status}"
        return result
    order = [c.fallback.tool if c.used_fallback and c.fallback else (c.id or c.tool) for c in trace.calls]
    return await validate_result(result, plan, checks, trace.outputs, order, ctx, registry)


async def validate_result(
    result: TaskResult, plan: Plan, checks: list[Step], outputs: dict[str, Any], order: list[str], ctx: ToolContext, registry: Registry,
) -> TaskResult:
    """The result validator: find the expected output, check it against its schema, run the plan's checks."""
    expected = plan.expected_output
    producer = order[-1] if order else None
    if isinstance(expected, str):
        found, data, whole = _find(outputs, order, expected)
        if not found:
            return _failed(result, ErrorCode.ASSERTION_FAILED, f"no step's output has {expected!r} (outputs: {order})")
        result.key = expected
        producer = next((n for n in reversed(order) if outputs.get(n) is whole), producer)
        if isinstance(whole, dict):
            inner = whole.get("data")
            result.reason = whole.get("reason") or (inner.get("reason") if isinstance(inner, dict) else None)
    else:
        data = outputs.get(producer) if producer else None
        if isinstance(expected, dict):
            try:
                Draft202012Validator.check_schema(expected)
            except SchemaError as exc:
                return _failed(result, ErrorCode.PLAN_INVALID, f"expected_output is not a valid JSON Schema: {exc.message}")
            problems = list(Draft202012Validator(expected).iter_errors(data))
            if problems:
                return _failed(result, ErrorCode.ASSERTION_FAILED, f"the output does not match expected_output: {problems[0].message[:300]}")
    result.data = data
    spec = registry.get(producer) if producer else None
    whole_out = outputs.get(producer) if producer else None
    bad = spec.validate_output(whole_out) if spec is not None and whole_out is not None else []
    if bad:
        return _failed(result, ErrorCode.ASSERTION_FAILED, f"{producer}'s output does not match its output_schema: {bad[0]}")
    ok = True
    for step in checks:
        call = await registry.call(step.tool, {**step.args, ("data" if registry.canonical(step.tool) == "check.schema" else "records"): data}, ctx)
        entry = {"tool": registry.canonical(step.tool), "args": step.args, "passed": call.ok,
                 "status": call.status_line(), "result": call.data}  # fmt: skip
        result.checks.append(entry)
        if not call.ok:
            ok = False
            result.error = result.error or call.error
    result.ok = ok
    if not ok and result.error is not None:
        result.reason = result.error.message
    if isinstance(data, list) and not data and not result.reason:
        result.reason = "the extraction found nothing"
    return result


def _failed(result: TaskResult, code: ErrorCode, message: str) -> TaskResult:
    result.ok = False
    result.reason = message
    result.error = ToolResult.failure(code, message).error
    return result
