"""Fallbacks are retried like their step (documented on Executor): retriable errors get the step's
attempt budget, non-retriable ones end the fallback at once, ``retries: 0`` means one shot each."""

from __future__ import annotations

from typing import Any

from tapwright import Executor, Plan, Registry, RetryPolicy


def _plan(step: dict[str, Any]) -> Plan:
    return Plan.from_data({"steps": [step]})


async def test_a_retriable_fallback_failure_is_retried(registry: Registry, calls: Any, fast_retry: RetryPolicy) -> None:
    # The step fails for good (non-retriable: one attempt); its fallback fails twice retriably, then works.
    plan = _plan({"tool": "t.fail", "fallback": {"tool": "t.flaky", "args": {"code": "ELEMENT_NOT_FOUND"}}})
    trace = await Executor(registry, retry=fast_retry).run(plan)
    assert trace.ok, trace.render()
    record = trace.calls[0]
    assert len(record.attempts) == 1  # ASSERTION_FAILED is not retriable
    assert record.used_fallback and record.fallback is not None
    assert [a.result["ok"] for a in record.fallback.attempts] == [False, False, True]
    assert calls.names() == ["t.fail", "t.flaky", "t.flaky", "t.flaky"]


async def test_a_fallback_gets_the_same_budget_as_its_step(registry: Registry, calls: Any, fast_retry: RetryPolicy) -> None:
    calls.flaky_failures = 6  # more failures than 3 + 3 attempts can absorb
    plan = _plan({"tool": "t.flaky", "fallback": {"tool": "t.flaky"}})
    trace = await Executor(registry, retry=fast_retry).run(plan)
    record = trace.calls[0]
    assert not trace.ok and record.fallback is not None and record.fallback.status == "failed"
    assert len(record.attempts) == 3 and len(record.fallback.attempts) == 3
    assert calls.names() == ["t.flaky"] * 6


async def test_retries_zero_makes_the_fallback_single_shot_too(registry: Registry, calls: Any, fast_retry: RetryPolicy) -> None:
    plan = _plan({"tool": "t.fail", "retries": 0, "fallback": {"tool": "t.flaky"}})
    trace = await Executor(registry, retry=fast_retry).run(plan)
    record = trace.calls[0]
    assert not trace.ok and record.fallback is not None and len(record.fallback.attempts) == 1
    assert calls.names() == ["t.fail", "t.flaky"]


async def test_a_non_retriable_fallback_failure_is_not_retried(registry: Registry, calls: Any, fast_retry: RetryPolicy) -> None:
    plan = _plan({"tool": "t.fail", "fallback": {"tool": "t.flaky", "args": {"code": "ASSERTION_FAILED"}}})
    trace = await Executor(registry, retry=fast_retry).run(plan)
    record = trace.calls[0]
    assert not trace.ok and record.fallback is not None and len(record.fallback.attempts) == 1
    assert record.fallback.attempts[0].result["error"]["code"] == "ASSERTION_FAILED"
    assert calls.names() == ["t.fail", "t.flaky"]


async def test_a_step_that_succeeds_never_runs_its_fallback(registry: Registry, calls: Any, fast_retry: RetryPolicy) -> None:
    trace = await Executor(registry, retry=fast_retry).run(_plan({"tool": "t.echo", "fallback": {"tool": "t.flaky"}}))
    assert trace.ok and trace.calls[0].fallback is None and calls.names() == ["t.echo"]


async def test_a_used_fallback_is_recorded_and_its_output_is_found_by_its_tool_name(registry: Registry, calls: Any,
                                                                                    fast_retry: RetryPolicy) -> None:  # fmt: skip
    plan = Plan.from_data({"steps": [
        {"id": "first", "tool": "t.echo", "args": {"value": {"n": 7}}},
        {"id": "find", "tool": "t.fail", "fallback": {"tool": "t.add", "args": {"a": "${first.output.value.n}", "b": "${vars.extra}"}}},
        {"tool": "t.echo", "args": {"value": ["${t.add.output}", "${find.output}"]}},
    ]})  # fmt: skip
    trace = await Executor(registry, retry=fast_retry).run(plan, vars={"extra": 3})
    assert trace.ok, trace.render()
    record = trace.calls[1]
    assert record.used_fallback and record.fallback is not None
    assert record.fallback.tool == "t.add" and record.fallback.description == "fallback" and record.fallback.status == "ok"
    assert record.fallback.args == {"a": 7, "b": 3}  # placeholders of a fallback see earlier outputs and the vars
    assert 0 <= record.fallback.duration_ms <= record.duration_ms  # the step's time includes its fallback's
    assert calls.seen[-1] == ("t.echo", {"value": [10, 10], "text": ""})  # by the fallback's tool name and the step's id
