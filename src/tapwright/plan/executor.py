"""The executor: runs a Plan's calls in order, chaining outputs, with validation,
timeouts, retries, fallbacks, output checks and a redacted trace."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tapwright.core.context import ToolContext
from tapwright.core.result import ToolResult
from tapwright.core.secrets import REDACTED
from tapwright.drivers.base import PENDING, Driver
from tapwright.errors import ErrorCode, PlanError
from tapwright.plan.destinations import check_secret_destinations
from tapwright.plan.model import Plan, Step, ToolCall
from tapwright.plan.placeholders import Ref, find_refs, lookup_path, placeholder_paths, resolve, unresolved
from tapwright.plan.trace import Attempt, CallRecord, PlanTrace
from tapwright.registry.registry import Registry
from tapwright.registry.spec import ToolSpec


@dataclass(slots=True)
class RetryPolicy:
    """How retriable failures are retried: up to ``max_attempts`` with exponential backoff."""

    max_attempts: int = 3
    backoff_s: float = 0.2
    factor: float = 2.0
    max_backoff_s: float = 5.0

    def delay(self, attempt: int) -> float:
        """Seconds to wait before attempt ``attempt + 1`` (attempts count from 1)."""
        return float(min(self.backoff_s * self.factor ** (attempt - 1), self.max_backoff_s))

    @staticmethod
    def may_retry(spec: ToolSpec | None, code: ErrorCode) -> bool:
        """Whether a retriable failure of the tool ``spec`` may be retried without repeating a side effect.

        A failure that proves the action never happened (nothing found, not visible, not
        interactable, a stale ref, ambiguous) is always safe to retry. Any other failure (a
        timeout, a driver error) may come after the action took effect: only a tool whose spec
        declares it idempotent (read-only tools are) is retried then, so a click that timed out
        after submitting an order is not run again. A tool that declares nothing is not.
        """
        return code in _BEFORE_ACTION or (spec is not None and spec.idempotent is True)


# Failures that happen before a tool acts: retrying cannot repeat a side effect.
_BEFORE_ACTION = frozenset({ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.NOT_VISIBLE, ErrorCode.NOT_INTERACTABLE,
                            ErrorCode.STALE_REF, ErrorCode.AMBIGUOUS})


CallListener = Callable[[CallRecord], None]


class Executor:
    """Runs plans against a registry and a tool context.

    Retries and fallbacks: a call that fails with a *retriable* error (``error.retriable``) is
    tried again, up to the step's ``retries + 1`` attempts or, without ``retries``, the
    executor's :class:`RetryPolicy`, with its backoff between attempts; a non-retriable error
    ends the call at once. Only when the step has failed that way does its ``fallback`` run,
    and the fallback is a call of its own under the same rule: retried on retriable errors
    with the same attempt budget (a ``retries: 0`` step gets a single-shot fallback too), ended
    by a non-retriable one. The fallback keeps its tool's own timeout; the step's
    ``timeout_ms`` is for the step's tool. Every attempt of both is in the trace.

    Example:
        trace = await Executor(registry, ctx).run(plan, vars={"user": "alice"})
        print(trace.render())
    """

    def __init__(
        self,
        registry: Registry,
        ctx: ToolContext | None = None,
        *,
        retry: RetryPolicy | None = None,
        on_call: CallListener | None = None,
    ) -> None:
        self.registry = registry
        self.ctx = ctx or ToolContext()
        self.retry = retry or RetryPolicy()
        self.on_call = on_call

    async def run(
        self,
        plan: Plan | Mapping[str, Any] | list[Any],
        *,
        vars: Mapping[str, Any] | None = None,
        trace: PlanTrace | None = None,
    ) -> PlanTrace:
        """Run every call in order; the first failure fails the plan and skips the rest.

        Never raises for a failing tool or a bad plan (those end up in the trace);
        cancellation marks the trace CANCELLED and is re-raised.
        """
        trace = trace if trace is not None else PlanTrace()
        started = time.perf_counter()
        trace.status = "running"
        try:
            # A Plan built in Python gets the same checks (limits, ids, references) as a parsed one.
            plan = Plan.from_data(plan.to_dict() if isinstance(plan, Plan) else plan)
            self._prepare(plan, trace)
            data = dict(self.ctx.vars)
            data.update(vars or {})
            self._precheck(plan, trace, data)
            if trace.status == "running":
                await self._run_calls(plan, trace, data)
        except PlanError as exc:
            trace.status = "failed"
            trace.error = ToolResult.from_failure(exc).error
        except asyncio.CancelledError:
            _cancel(trace)
            raise
        finally:
            trace.duration_ms = (time.perf_counter() - started) * 1000
        return trace

    # -- phases -------------------------------------------------------------------

    def _prepare(self, plan: Plan, trace: PlanTrace) -> None:
        trace.calls = [
            CallRecord(index=i, tool=s.tool, id=s.id, description=s.description, args=self._redact_args(s.args))
            for i, s in enumerate(plan.steps)
        ]

    def _precheck(self, plan: Plan, trace: PlanTrace, data: Mapping[str, Any]) -> None:
        """Fail before anything runs: unknown tools, bad static args, missing vars or secrets."""
        for step, record in zip(plan.steps, trace.calls, strict=True):
            calls: list[Step | ToolCall] = [step, *([step.fallback] if step.fallback else [])]
            if step.fallback is not None and self.registry.get(step.tool) is None:
                # A specialised tool that is not installed: its step fails as UNKNOWN_TOOL and the fallback runs.
                calls = [step.fallback]
            for call in calls:
                failure = self._static_problem(call, data)
                if failure is not None:
                    record.status = "failed"
                    record.result = failure.to_dict()
                    trace.status = "failed"
                    trace.error = failure.error
                    for other in trace.calls:
                        if other.status == "pending":
                            other.status = "skipped"
                    return

    def _static_problem(self, call: Step | ToolCall, data: Mapping[str, Any]) -> ToolResult | None:
        spec = self.registry.get(call.tool)
        if spec is None:
            return self.registry.unknown_tool(call.tool)
        try:
            refs = find_refs(call.args)
        except PlanError as exc:
            return ToolResult.from_failure(exc)
        for ref in refs:
            if ref.kind == "vars" and ref.target not in data:
                names = ", ".join(sorted(data)) or "none"
                return ToolResult.failure(
                    ErrorCode.UNRESOLVED_PLACEHOLDER, f"{ref.text}: no variable {ref.target!r} (variables: {names})"
                )
            if ref.kind == "secrets" and ref.target not in self.ctx.secrets:
                return ToolResult.failure(
                    ErrorCode.UNRESOLVED_PLACEHOLDER,
                    f"{ref.text}: secret {ref.target!r} is not set (export it or put it in .env)",
                )
        # Fields filled by placeholders are checked at call time; every other field now.
        dynamic = placeholder_paths(call.args)
        problems = [p for p in spec.validate(call.args) if not _under_any(p.path, dynamic)]
        if problems:
            return spec.invalid_input(problems)
        return None

    async def _run_calls(self, plan: Plan, trace: PlanTrace, data: Mapping[str, Any]) -> None:
        outputs: dict[str, Any] = {}
        pending: CallRecord | None = None  # the last call whose ``changed`` is still "pending"
        for step, record in zip(plan.steps, trace.calls, strict=True):
            if trace.status != "running":
                record.status = "skipped"
                continue
            spec = self.registry.get(step.tool)
            looks = spec is not None and spec.read_only is True
            if pending is not None and not looks:
                await self._settle(pending)  # before this call acts and starts a change of its own
                pending = None
            result = await self._run_step(step, record, outputs, data)
            if pending is not None:
                await self._settle(pending)  # a check or a look just gave a late change the time it needed
                pending = None
            if result.ok and isinstance(result.data, dict) and result.data.get("changed") == PENDING:
                pending = record
            if result.ok:
                for key in (step.tool, step.id, record.fallback.tool if record.used_fallback and record.fallback else None):
                    if key:
                        outputs[key] = result.data
            else:
                trace.status = "failed"
                trace.error = result.error
            if self.on_call is not None:
                self.on_call(record)
        trace.outputs = self.ctx.secrets.redact(outputs)
        if trace.status == "running":
            trace.status = "passed"

    async def _settle(self, record: CallRecord) -> None:
        """Replace the ``"pending"`` change of ``record`` by what its driver says now (see the result contract)."""
        tool = record.fallback.tool if record.used_fallback and record.fallback else record.tool
        spec = self.registry.get(tool)
        data = (record.result or {}).get("data")
        if spec is None or not isinstance(data, dict):
            return
        for cls in spec.injected.values():
            driver = self.ctx.find(cls)
            if isinstance(driver, Driver):
                settled = await driver.settle_change()
                if settled is not None:
                    data["changed"] = settled
                return

    async def _run_step(self, step: Step, record: CallRecord, outputs: dict[str, Any], data: Mapping[str, Any]) -> ToolResult:
        started = time.perf_counter()
        try:
            result = await self._attempts(step, record, outputs, data, step.retries)
            if not result.ok and step.fallback is not None:
                fb = CallRecord(index=record.index, tool=step.fallback.tool, description="fallback")
                record.fallback = fb
                fb_started = time.perf_counter()
                fb_result = await self._attempts(step.fallback, fb, outputs, data, step.retries)
                fb.duration_ms = (time.perf_counter() - fb_started) * 1000
                fb.status = "ok" if fb_result.ok else "failed"
                if fb_result.ok:
                    record.used_fallback = True
                    result = fb_result
            record.status = "ok" if result.ok else "failed"
            record.result = result.to_dict()
            return result
        finally:
            record.duration_ms = (time.perf_counter() - started) * 1000

    async def _attempts(
        self, call: Step | ToolCall, record: CallRecord, outputs: dict[str, Any], data: Mapping[str, Any], retries: int | None
    ) -> ToolResult:
        max_attempts = self.retry.max_attempts if retries is None else retries + 1
        timeout = call.timeout_ms if isinstance(call, Step) else None
        spec = self.registry.get(call.tool)
        result = ToolResult.failure(ErrorCode.INTERNAL, "not run")
        for number in range(1, max_attempts + 1):
            try:
                args = resolve(call.args, lambda ref: self._lookup(ref, outputs, data, reveal=True))
                record.args = self._redact_args(call.args, outputs, data)
            except PlanError as exc:
                result = ToolResult.from_failure(exc)
                record.attempts.append(Attempt(number, 0.0, result.to_dict()))
                break
            refused = self._secret_scope(spec, call.args, args)
            if refused is not None:
                result = refused
            elif spec is None:
                result = self.registry.unknown_tool(call.tool)
            else:
                result = await spec.invoke(args, self.ctx, timeout_ms=timeout)
            self._scrub(result)
            record.attempts.append(Attempt(number, result.duration_ms, result.to_dict()))
            if result.ok or result.error is None or not result.error.retriable or number == max_attempts:
                break
            if result.error.waited:
                break  # the tool already waited its whole timeout for its condition: that wait was the retry
            if not self.retry.may_retry(spec, result.error.code):
                note = f" (not retried: {call.tool} is not declared idempotent and may have taken effect before it failed)"
                result.error = dataclasses.replace(result.error, message=result.error.message + note)
                record.attempts[-1] = Attempt(number, result.duration_ms, result.to_dict())
                break
            await asyncio.sleep(self.retry.delay(number))
        record.result = result.to_dict()
        return result

    # -- placeholders and redaction -------------------------------------------------

    def _secret_scope(self, spec: ToolSpec | None, written: dict[str, Any], resolved: Any) -> ToolResult | None:
        """A failure when a secret would go where it is not bound, or fill an argument compared with the screen
        (see :mod:`tapwright.plan.destinations`)."""
        if not self.ctx.secrets.names() and not any(ref.is_secret for ref in find_refs(written)):
            return None
        parameters = spec.parameters if spec is not None else {}
        refusal = check_secret_destinations(parameters, written, resolved if isinstance(resolved, dict) else {},
                                            self.ctx.secrets, self.ctx.current_location())
        return ToolResult.failure(refusal.code, refusal.message) if refusal is not None else None

    def _lookup(self, ref: Ref, outputs: Mapping[str, Any], data: Mapping[str, Any], *, reveal: bool) -> Any:
        if ref.kind == "secrets":
            if not reveal:
                return REDACTED
            value = self.ctx.secrets.get(ref.target)
            if value is None:
                raise unresolved(f"{ref.text}: secret {ref.target!r} is not set")
            return value
        if ref.kind == "vars":
            if ref.target not in data:
                raise unresolved(f"{ref.text}: no variable {ref.target!r}")
            return data[ref.target]
        if ref.target not in outputs:
            raise unresolved(f"{ref.text}: no earlier successful call named {ref.target!r}")
        return lookup_path(outputs[ref.target], ref)

    def _redact_args(
        self, args: dict[str, Any], outputs: Mapping[str, Any] | None = None, data: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """Args as they may be recorded: secrets replaced, everything else resolved where possible."""
        if outputs is None:
            shown = resolve(args, lambda ref: REDACTED if ref.is_secret else ref.text)
        else:
            shown = resolve(args, lambda ref: self._lookup(ref, outputs, data or {}, reveal=False))
        redacted: dict[str, Any] = self.ctx.secrets.redact(shown)
        return redacted

    def _scrub(self, result: ToolResult) -> None:
        result.data = self.ctx.secrets.redact(result.data)
        if result.error is not None:
            err = result.error
            result.error = dataclasses.replace(
                err,
                message=self.ctx.secrets.redact_text(err.message),
                cause=self.ctx.secrets.redact_text(err.cause) if err.cause else None,
            )
        if result.status:
            result.status = self.ctx.secrets.redact_text(result.status)
        if result.meta:
            result.meta = self.ctx.secrets.redact(result.meta)


def _under_any(path: str, roots: list[str]) -> bool:
    return any(path == r or path.startswith((r + ".", r + "[")) for r in roots)


def _cancel(trace: PlanTrace) -> None:
    """Mark the call that was running CANCELLED and the ones after it SKIPPED."""
    trace.status = "cancelled"
    trace.error = ToolResult.failure(ErrorCode.CANCELLED, "the run was cancelled").error
    running = True
    for call in trace.calls:
        if call.status != "pending":
            continue
        if running:
            call.status = "cancelled"
            call.result = ToolResult.failure(ErrorCode.CANCELLED, "cancelled while running").to_dict()
            running = False
        else:
            call.status = "skipped"
