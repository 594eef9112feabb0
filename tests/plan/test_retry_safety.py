"""Which retriable failures the executor retries: never one that could repeat a side effect.

A failure that proves the tool never acted (nothing found, not visible, ...) is retried for any tool;
a failure that may come after the action (a timeout, a navigation error) is retried only for tools
whose spec declares them idempotent (read-only tools are), whatever their names say.
"""

from __future__ import annotations

import pytest

from tapwright import Executor, Plan, Registry, RetryPolicy, Toolset, tool
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.registry.spec import ToolSpec

CLICK = ToolSpec(name="t.click", description="acts", idempotent=False)
READ = ToolSpec(name="t.read", description="looks", read_only=True)
SET = ToolSpec(name="t.set", description="sets a value", idempotent=True)
UNDECLARED = ToolSpec(name="t.what", description="says nothing")


BEFORE_ACTION = [ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.NOT_VISIBLE, ErrorCode.NOT_INTERACTABLE, ErrorCode.STALE_REF,
                 ErrorCode.AMBIGUOUS]  # fmt: skip


@pytest.mark.parametrize("code", BEFORE_ACTION)
def test_a_failure_before_the_action_may_always_be_retried(code: ErrorCode) -> None:
    for spec in (CLICK, READ, SET, UNDECLARED, None):
        assert RetryPolicy.may_retry(spec, code)


@pytest.mark.parametrize("code", [ErrorCode.TIMEOUT, ErrorCode.NAVIGATION_FAILED, ErrorCode.LLM_ERROR])
def test_a_failure_that_may_follow_the_action_is_retried_only_for_idempotent_tools(code: ErrorCode) -> None:
    assert not RetryPolicy.may_retry(CLICK, code)
    assert not RetryPolicy.may_retry(UNDECLARED, code) and not RetryPolicy.may_retry(None, code)
    assert RetryPolicy.may_retry(READ, code) and RetryPolicy.may_retry(SET, code)


def test_the_name_does_not_decide() -> None:
    # A tool named like a read that declares it acts is not retried; one named like a click that
    # declares it is idempotent is.
    looks_like_read = ToolSpec(name="web.snapshot", description="acts after all", idempotent=False)
    looks_like_click = ToolSpec(name="web.click", description="sets a value", idempotent=True)
    assert not RetryPolicy.may_retry(looks_like_read, ErrorCode.TIMEOUT)
    assert RetryPolicy.may_retry(looks_like_click, ErrorCode.TIMEOUT)


def test_backoff_starts_at_backoff_s_and_defaults_are_documented() -> None:
    policy = RetryPolicy()
    assert (policy.max_attempts, policy.backoff_s, policy.factor, policy.max_backoff_s) == (3, 0.2, 2.0, 5.0)
    assert [policy.delay(n) for n in (1, 2, 3, 6, 7)] == pytest.approx([0.2, 0.4, 0.8, 5.0, 5.0])
    assert isinstance(RetryPolicy(backoff_s=1, factor=1, max_backoff_s=9).delay(1), float)


class _Counter:
    def __init__(self) -> None:
        self.calls: list[str] = []


def _registry(counter: _Counter, code: ErrorCode) -> Registry:
    @tool(name="click", idempotent=False)
    def click(target: str = "Buy") -> None:
        """Fail after (maybe) acting.

        Args:
            target: What to click.
        """
        counter.calls.append("click")
        raise ToolFailure(code, "the page did not answer")

    @tool(name="read", read_only=True)
    def read(target: str = "Total") -> str:
        """Fail twice, then answer.

        Args:
            target: What to read.
        """
        counter.calls.append("read")
        if counter.calls.count("read") < 3:
            raise ToolFailure(code, "the page did not answer")
        return "42"

    return Registry([Toolset("t", [click, read])])


FAST = RetryPolicy(max_attempts=3, backoff_s=0.001, factor=2.0, max_backoff_s=0.01)


async def test_a_click_that_timed_out_is_not_run_again_and_the_reason_is_told() -> None:
    counter = _Counter()
    trace = await Executor(_registry(counter, ErrorCode.TIMEOUT), retry=FAST).run(Plan.from_data([{"tool": "t.click"}]))
    assert counter.calls == ["click"]
    record = trace.calls[0]
    assert len(record.attempts) == 1 and record.error_code == "TIMEOUT"
    message = record.attempts[0].result["error"]["message"]
    assert message == ("the page did not answer (not retried: t.click is not declared idempotent and may have "
                       "taken effect before it failed)")  # fmt: skip
    assert record.result is not None and record.result["error"]["message"] == message
    assert record.attempts[0].number == 1 and record.attempts[0].duration_ms == pytest.approx(record.result["duration_ms"], abs=0.001)


async def test_a_read_that_timed_out_is_retried() -> None:
    counter = _Counter()
    trace = await Executor(_registry(counter, ErrorCode.TIMEOUT), retry=FAST).run(Plan.from_data([{"tool": "t.read"}]))
    assert trace.ok and counter.calls == ["read"] * 3
    assert "not retried" not in str(trace.calls[0].attempts[0].result)


async def test_a_click_whose_target_was_not_found_is_retried() -> None:
    counter = _Counter()
    trace = await Executor(_registry(counter, ErrorCode.NOT_VISIBLE), retry=FAST).run(Plan.from_data([{"tool": "t.click"}]))
    assert counter.calls == ["click"] * 3 and len(trace.calls[0].attempts) == 3
    assert "not retried" not in str(trace.calls[0].result)
