"""The executor: validation before anything runs, timeouts, retries, fallback, output checks, SKIPPED, CANCELLED."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

from tapwright import Executor, Plan, PlanTrace, Registry, RetryPolicy, SecretStore, ToolContext
from tapwright.core.context import Resource
from tapwright.drivers.fake import FakeDriver
from tapwright.errors import ErrorCode
from tapwright.plan.model import Step


def steps(*items: dict[str, Any]) -> dict[str, Any]:
    return {"steps": list(items)}


async def test_locate_then_act_chain_resolves_coordinates(registry: Registry) -> None:
    driver = FakeDriver()
    plan = steps(
        {"id": "login", "tool": "fake.locate", "args": {"target": "blue Log in button"}},
        {"tool": "fake.click_at", "args": {"x": "${login.output.center_x}", "y": "${login.output.center_y}",
                                           "element_description": "blue Log in button"}},
    )  # fmt: skip
    trace = await Executor(registry, ToolContext([driver])).run(plan)
    assert trace.ok and trace.status == "passed"
    assert trace.calls[1].args == {"x": 100, "y": 270, "element_description": "blue Log in button"}
    assert trace.calls[1].status_line == "TAPPED: (100,270)"
    assert "fake.click_at(x=100, y=270" in trace.render()
    assert driver.events[-1].ref == "e5"
    assert trace.outputs["login"]["center_x"] == 100 and trace.outputs["fake.locate"]["center_y"] == 270


async def test_outputs_by_tool_name_keep_the_latest(registry: Registry, calls: Any) -> None:
    plan = steps(
        {"tool": "t.add", "args": {"a": 1}},
        {"tool": "t.add", "args": {"a": 10}},
        {"tool": "t.echo", "args": {"value": "${t.add.output}", "text": "sum=${t.add.output}"}},
    )
    trace = await Executor(registry).run(plan)
    assert trace.ok
    assert calls.seen[-1] == ("t.echo", {"value": 10, "text": "sum=10"})


async def test_vars_and_paths_into_lists(registry: Registry, calls: Any) -> None:
    plan = steps(
        {"id": "e", "tool": "t.echo", "args": {"value": "${vars.n}"}},
        {"tool": "t.echo", "args": {"text": "${e.output.items[1].name}/${e.output.items[-1].name}/$${literal}"}},
    )
    trace = await Executor(registry).run(plan, vars={"n": 7})
    assert trace.ok, trace.render()
    assert calls.seen[0][1]["value"] == 7
    assert calls.seen[1][1]["text"] == "second/second/${literal}"


async def test_invalid_input_lists_every_bad_field_before_anything_runs(registry: Registry, calls: Any) -> None:
    plan = steps(
        {"tool": "t.echo", "args": {"text": "runs?"}},
        {"tool": "t.add", "args": {"a": "one", "b": 500, "c": 1}},
    )
    trace = await Executor(registry).run(plan)
    assert calls.seen == []  # nothing ran: the plan was checked first
    assert trace.status == "failed" and trace.error is not None and trace.error.code is ErrorCode.INVALID_INPUT
    assert [c.status for c in trace.calls] == ["skipped", "failed"]
    for fragment in ("$.a", "$.b", "'c' was unexpected"):
        assert fragment in trace.error.message
    errors = trace.calls[1].result["data"]["errors"]  # type: ignore[index]
    assert [e["path"] for e in errors] == ["$", "$.a", "$.b"]


async def test_fields_fed_by_placeholders_are_checked_at_call_time(registry: Registry, calls: Any) -> None:
    plan = steps(
        {"id": "e", "tool": "t.echo", "args": {"value": "not a number"}},
        {"tool": "t.add", "args": {"a": "${e.output.value}"}},
    )
    trace = await Executor(registry).run(plan)
    assert calls.names() == ["t.echo"]
    assert trace.calls[1].status == "failed" and trace.calls[1].error_code == "INVALID_INPUT"
    assert "$.a" in trace.calls[1].result["error"]["message"]  # type: ignore[index]


async def test_unknown_tool_names_the_nearest(registry: Registry, calls: Any) -> None:
    trace = await Executor(registry).run(steps({"tool": "t.echo"}, {"tool": "fake.clik_at", "args": {"x": 1, "y": 1}}))
    assert calls.seen == [] and trace.error is not None and trace.error.code is ErrorCode.UNKNOWN_TOOL
    assert "fake.click_at" in trace.error.message
    assert trace.calls[1].result["data"]["suggestions"][0] == "fake.click_at"  # type: ignore[index]


async def test_timeout_from_the_manifest_and_from_the_step(registry: Registry, fast_retry: RetryPolicy) -> None:
    executor = Executor(registry, retry=RetryPolicy(max_attempts=1))
    # The tool would sleep an hour: only the timeout can end these calls (pytest-timeout fails a hang).
    trace = await executor.run(steps({"tool": "t.slow", "args": {"seconds": 3600}}))  # manifest: 100 ms
    assert trace.calls[0].error_code == "TIMEOUT" and "100 ms" in trace.calls[0].status_line
    trace = await executor.run(steps({"tool": "t.slow", "args": {"seconds": 3600}, "timeout_ms": 20}))
    assert trace.calls[0].error_code == "TIMEOUT" and "20 ms" in trace.calls[0].status_line
    assert trace.calls[0].status_line.startswith("TIMEOUT:")


async def test_retriable_failures_are_retried_up_to_three_attempts(registry: Registry, calls: Any, fast_retry: RetryPolicy) -> None:
    trace = await Executor(registry, retry=fast_retry).run(steps({"tool": "t.flaky"}))
    assert trace.ok and calls.names() == ["t.flaky"] * 3
    attempts = trace.calls[0].attempts
    assert [a.number for a in attempts] == [1, 2, 3]
    assert [a.result["ok"] for a in attempts] == [False, False, True]
    assert attempts[0].result["error"]["code"] == "ELEMENT_NOT_FOUND"
    assert "[3 attempts]" in trace.render()


async def test_retries_stop_at_the_limit(registry: Registry, calls: Any, fast_retry: RetryPolicy) -> None:
    calls.flaky_failures = 10
    trace = await Executor(registry, retry=fast_retry).run(steps({"tool": "t.flaky"}))
    assert not trace.ok and len(trace.calls[0].attempts) == 3 and len(calls.seen) == 3
    calls.seen.clear()
    trace = await Executor(registry, retry=fast_retry).run(steps({"tool": "t.flaky", "retries": 0}))
    assert len(trace.calls[0].attempts) == 1


async def test_non_retriable_failures_run_once(registry: Registry, calls: Any, fast_retry: RetryPolicy) -> None:
    trace = await Executor(registry, retry=fast_retry).run(steps({"tool": "t.fail"}))
    assert len(calls.seen) == 1 and trace.calls[0].error_code == "ASSERTION_FAILED"


def test_backoff_is_exponential_and_capped() -> None:
    policy = RetryPolicy(backoff_s=0.1, factor=3.0, max_backoff_s=0.5)
    assert [policy.delay(n) for n in (1, 2, 3)] == pytest.approx([0.1, 0.3, 0.5])


async def test_backoff_is_really_waited(registry: Registry, calls: Any) -> None:
    started = time.perf_counter()
    trace = await Executor(registry, retry=RetryPolicy(backoff_s=0.05, factor=2.0)).run(steps({"tool": "t.flaky"}))
    assert trace.ok and time.perf_counter() - started >= 0.15  # 0.05 + 0.1


async def test_fallback_runs_when_the_step_fails(registry: Registry, calls: Any, fast_retry: RetryPolicy) -> None:
    plan = steps(
        {"id": "find", "tool": "fake.locate", "args": {"target": "purple Launch rocket"},
         "fallback": {"tool": "fake.locate", "args": {"target": "Log in"}}},
        {"tool": "fake.click_at", "args": {"x": "${find.output.center_x}", "y": "${find.output.center_y}"}},
    )  # fmt: skip
    trace = await Executor(registry, ToolContext([FakeDriver()]), retry=fast_retry).run(plan)
    assert trace.ok, trace.render()
    first = trace.calls[0]
    assert first.used_fallback and first.fallback is not None and first.fallback.status == "ok"
    assert len(first.attempts) == 3 and first.attempts[0].result["error"]["code"] == "ELEMENT_NOT_FOUND"
    assert trace.calls[1].args == {"x": 100, "y": 270}
    assert "fallback:" in trace.render()


async def test_failed_fallback_fails_the_step(registry: Registry, fast_retry: RetryPolicy) -> None:
    plan = steps({"tool": "t.fail", "fallback": {"tool": "t.fail", "args": {"message": "also no"}}}, {"tool": "t.echo"})
    trace = await Executor(registry, retry=fast_retry).run(plan)
    assert [c.status for c in trace.calls] == ["failed", "skipped"]
    assert trace.calls[0].fallback is not None and trace.calls[0].fallback.status == "failed"


async def test_output_schema_is_checked(registry: Registry) -> None:
    trace = await Executor(registry).run(steps({"tool": "t.liar"}))
    assert trace.calls[0].error_code == "INTERNAL" and "output_schema" in trace.calls[0].status_line


async def test_failure_skips_the_remaining_calls(registry: Registry, calls: Any, fast_retry: RetryPolicy) -> None:
    plan = steps({"tool": "t.echo"}, {"tool": "t.fail"}, {"tool": "t.echo"}, {"tool": "t.add", "args": {"a": 1}})
    trace = await Executor(registry, retry=fast_retry).run(plan)
    assert [c.status for c in trace.calls] == ["ok", "failed", "skipped", "skipped"]
    assert calls.names() == ["t.echo", "t.fail"]
    assert trace.status == "failed" and trace.error is not None and trace.error.code is ErrorCode.ASSERTION_FAILED
    assert trace.failed_call is trace.calls[1]
    assert trace.render().count("-> SKIPPED") == 2


async def test_trace_records_args_attempts_durations_results(registry: Registry) -> None:
    seen: list[str] = []
    executor = Executor(registry, on_call=lambda rec: seen.append(rec.tool))
    trace = await executor.run(steps({"id": "s", "tool": "t.add", "args": {"a": 2, "b": 3}, "description": "sum"}))
    record = json.loads(json.dumps(trace.to_dict()))["calls"][0]
    assert record["id"] == "s" and record["description"] == "sum" and record["args"] == {"a": 2, "b": 3}
    assert record["status"] == "ok" and record["result"]["data"] == 5 and record["status_line"] == "OK: 5"
    assert len(record["attempts"]) == 1 and record["attempts"][0]["duration_ms"] >= 0
    assert record["duration_ms"] >= record["attempts"][0]["duration_ms"]
    assert trace.duration_ms >= record["duration_ms"] and seen == ["t.add"]


async def test_cancellation_leaves_a_trace_marked_cancelled(registry: Registry, calls: Any) -> None:
    trace = PlanTrace()
    plan = steps({"tool": "t.echo"}, {"tool": "t.slow", "timeout_ms": 60_000}, {"tool": "t.echo"})
    task = asyncio.ensure_future(Executor(registry).run(plan, trace=trace))
    await calls.started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert trace.status == "cancelled" and trace.error is not None and trace.error.code is ErrorCode.CANCELLED
    assert [c.status for c in trace.calls] == ["ok", "cancelled", "skipped"]
    assert trace.calls[1].error_code == "CANCELLED" and trace.duration_ms > 0
    assert "plan CANCELLED" in trace.render()
    json.dumps(trace.to_dict())


async def test_plans_over_the_limits_are_plan_invalid(registry: Registry, calls: Any) -> None:
    many = steps(*[{"tool": "t.echo"}] * 1001)
    trace = await Executor(registry).run(many)
    assert trace.status == "failed" and trace.error is not None and trace.error.code is ErrorCode.PLAN_INVALID
    assert "1001 steps" in trace.error.message and calls.seen == []
    deep: Any = "x"
    for _ in range(40):
        deep = [deep]
    trace = await Executor(registry).run(steps({"tool": "t.echo", "args": {"value": deep}}))
    assert trace.error is not None and trace.error.code is ErrorCode.PLAN_INVALID and "nests" in trace.error.message
    trace = await Executor(registry).run(steps({"tool": "t.echo", "args": {"text": "x" * 2_000_000}}))
    assert trace.error is not None and trace.error.code is ErrorCode.PLAN_INVALID and "bytes" in trace.error.message


async def test_plan_objects_get_the_same_checks(registry: Registry) -> None:
    plan = Plan([Step("t.echo", {"value": "${later.output}"}), Step("t.echo", id="later")])
    trace = await Executor(registry).run(plan)
    assert trace.error is not None and trace.error.code is ErrorCode.UNRESOLVED_PLACEHOLDER
    assert "later step" in trace.error.message


async def test_missing_var_and_secret_fail_before_running(registry: Registry, calls: Any) -> None:
    trace = await Executor(registry).run(steps({"tool": "t.echo"}, {"tool": "t.echo", "args": {"value": "${vars.nope}"}}))
    assert calls.seen == [] and trace.error is not None and trace.error.code is ErrorCode.UNRESOLVED_PLACEHOLDER
    assert "nope" in trace.error.message
    ctx = ToolContext(secrets=SecretStore({"OTHER": "zzzzzz"}))
    trace = await Executor(registry, ctx).run(steps({"tool": "t.echo", "args": {"text": "${secrets.PASSWORD}"}}))
    assert trace.error is not None and trace.error.code is ErrorCode.UNRESOLVED_PLACEHOLDER
    assert "PASSWORD" in trace.error.message and "zzzzzz" not in json.dumps(trace.to_dict())


async def test_missing_output_path_is_unresolved_placeholder(registry: Registry) -> None:
    plan = steps({"id": "e", "tool": "t.echo"}, {"tool": "t.echo", "args": {"value": "${e.output.items[5].name}"}})
    trace = await Executor(registry).run(plan)
    assert trace.calls[1].error_code == "UNRESOLVED_PLACEHOLDER"
    assert "has no item [5] (it has 2)" in trace.calls[1].status_line


async def test_a_placeholder_that_fails_at_call_time_is_one_attempt_of_no_duration(registry: Registry, calls: Any) -> None:
    plan = steps({"id": "a", "tool": "t.echo", "args": {"value": {"x": 1}}}, {"tool": "t.echo", "args": {"value": "${a.output.value.y}"}})
    trace = await Executor(registry).run(plan)
    [attempt] = trace.calls[1].attempts
    assert attempt.number == 1 and attempt.duration_ms == 0.0
    assert attempt.result["error"]["code"] == "UNRESOLVED_PLACEHOLDER"
    assert attempt.result["error"]["message"] == "${a.output.value.y}: a.output.value has no key 'y' (keys: x)"
    assert calls.names() == ["t.echo"]  # the second call never reached its tool


async def test_a_secret_bound_to_an_origin_is_not_handed_to_a_tool_elsewhere(registry: Registry, calls: Any) -> None:
    secrets = SecretStore()
    secrets.add("PW", "hunter2-secret", origins=["https://app.example.com"])
    executor = Executor(registry, ToolContext(secrets=secrets))
    trace = await executor.run(steps({"tool": "t.login", "args": {"user": "u", "password": "${secrets.PW}"}}))
    record = trace.calls[0]
    assert record.error_code == "URL_BLOCKED" and calls.names() == []
    assert record.result is not None and record.result["error"]["message"] == (
        "refused to use a secret here: secret 'PW' is bound to https://app.example.com and the page is on no page")


async def test_a_step_whose_tool_is_not_installed_runs_its_fallback(registry: Registry, calls: Any) -> None:
    trace = await Executor(registry).run(steps({"tool": "t.not_installed", "fallback": {"tool": "t.echo", "args": {"value": 1}}}))
    assert trace.ok and trace.calls[0].used_fallback and calls.names() == ["t.echo"]


async def test_calls_that_never_ran_show_their_args_with_secrets_hidden_and_placeholders_as_written(registry: Registry) -> None:
    executor = Executor(registry, ToolContext(secrets=SecretStore({"PW": "hunter2-secret"})))
    trace = await executor.run(steps({"tool": "t.fail"}, {"tool": "t.login", "args": {"user": "${vars.who}", "password": "${secrets.PW}"}}),
                               vars={"who": "alice"})  # fmt: skip
    assert trace.calls[1].status == "skipped"
    assert trace.calls[1].args == {"user": "${vars.who}", "password": "***"}


async def test_a_missing_variable_or_secret_fails_the_plan_before_anything_runs(registry: Registry, calls: Any) -> None:
    trace = await Executor(registry).run(steps({"tool": "t.echo"}, {"tool": "t.echo", "args": {"text": "${vars.nope}"}}), vars={"b": 1, "a": 2})
    assert calls.names() == [] and trace.error is not None
    assert trace.error.message == "${vars.nope}: no variable 'nope' (variables: a, b)"
    trace = await Executor(registry).run(steps({"tool": "t.echo", "args": {"text": "${vars.nope}"}}))
    assert trace.error is not None and trace.error.message == "${vars.nope}: no variable 'nope' (variables: none)"
    trace = await Executor(registry).run(steps({"tool": "t.echo"}, {"tool": "t.echo", "args": {"text": "${secrets.NOPE}"}}))
    assert calls.names() == [] and trace.error is not None
    assert trace.error.message == "${secrets.NOPE}: secret 'NOPE' is not set (export it or put it in .env)"


class _Page(Resource):
    def __init__(self, url: str) -> None:
        self.url = url

    def location(self) -> str | None:
        return self.url


async def test_a_secret_bound_to_an_origin_is_handed_over_on_that_origin(registry: Registry, calls: Any) -> None:
    secrets = SecretStore()
    secrets.add("PW", "hunter2-secret", origins=["https://app.example.com"])
    ctx = ToolContext(secrets=secrets)
    ctx.add(_Page("https://app.example.com/login"))
    trace = await Executor(registry, ctx).run(steps({"tool": "t.login", "args": {"user": "u", "password": "${secrets.PW}"}}))
    assert trace.ok and calls.seen == [("t.login", {"user": "u", "password": "hunter2-secret"})]


async def test_durations_add_up(registry: Registry, calls: Any, fast_retry: RetryPolicy) -> None:
    plan = steps({"tool": "t.fail", "fallback": {"tool": "t.slow", "args": {"seconds": 0.05}}}, {"tool": "t.echo"})
    started = time.perf_counter()
    trace = await Executor(registry, retry=fast_retry).run(plan)
    elapsed_ms = (time.perf_counter() - started) * 1000
    fallback = trace.calls[0].fallback
    assert trace.ok and fallback is not None
    assert 50 <= fallback.duration_ms <= trace.calls[0].duration_ms  # the fallback slept 50 ms, inside its step
    assert sum(c.duration_ms for c in trace.calls) <= trace.duration_ms <= elapsed_ms  # measured inside this call


async def test_a_variable_named_like_a_bound_secret_is_not_held_to_its_origin(registry: Registry, calls: Any) -> None:
    secrets = SecretStore()
    secrets.add("PW", "hunter2-secret", origins=["https://app.example.com"])
    trace = await Executor(registry, ToolContext(secrets=secrets)).run(steps({"tool": "t.echo", "args": {"text": "${vars.PW}"}}),
                                                                       vars={"PW": "plain"})  # fmt: skip
    assert trace.ok and calls.seen == [("t.echo", {"value": None, "text": "plain"})]
