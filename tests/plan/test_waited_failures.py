"""A failure the tool reached only after waiting its whole timeout for its condition (``waited``)
is not retried by the executor: that wait was the retry. A quick failure of the same code is."""

from __future__ import annotations

import pytest

from tapwright import Executor, Plan, Registry, RetryPolicy, Toolset, tool
from tapwright.core.result import ToolResult
from tapwright.errors import ErrorCode, ToolFailure

FAST = RetryPolicy(max_attempts=3, backoff_s=0.001, factor=2.0, max_backoff_s=0.01)


def _registry(calls: list[bool], *, waited: bool, code: ErrorCode) -> Registry:
    @tool(name="press", idempotent=True)  # so that even a TIMEOUT would be retried
    def press(target: str = "Send") -> None:
        """Fail as a tool that did (or did not) wait for its element.

        Args:
            target: What to press.
        """
        calls.append(waited)
        raise ToolFailure(code, f"no element matches {target!r}", waited=waited)

    return Registry([Toolset("t", [press])])


@pytest.mark.parametrize("code", [ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.NOT_VISIBLE, ErrorCode.TIMEOUT])
async def test_a_waited_failure_is_tried_once(code: ErrorCode) -> None:
    calls: list[bool] = []
    trace = await Executor(_registry(calls, waited=True, code=code), retry=FAST).run(Plan.from_data([{"tool": "t.press"}]))
    assert calls == [True]
    (record,) = trace.calls
    assert len(record.attempts) == 1 and record.error_code == code.value
    assert record.result is not None and record.result["error"]["waited"] is True
    assert "not retried" not in record.result["error"]["message"]


@pytest.mark.parametrize("code", [ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.NOT_VISIBLE, ErrorCode.STALE_REF,
                                  ErrorCode.TIMEOUT])  # fmt: skip
async def test_an_immediate_failure_is_retried_as_before(code: ErrorCode) -> None:
    calls: list[bool] = []
    trace = await Executor(_registry(calls, waited=False, code=code), retry=FAST).run(Plan.from_data([{"tool": "t.press"}]))
    assert calls == [False] * 3 and len(trace.calls[0].attempts) == 3
    assert "waited" not in trace.calls[0].attempts[0].result["error"]


async def test_a_step_asking_for_more_retries_still_does_not_repeat_a_wait() -> None:
    calls: list[bool] = []
    plan = Plan.from_data([{"tool": "t.press", "retries": 4}])
    trace = await Executor(_registry(calls, waited=True, code=ErrorCode.ELEMENT_NOT_FOUND), retry=FAST).run(plan)
    assert calls == [True] and len(trace.calls[0].attempts) == 1


def test_the_flag_survives_the_result_round_trip() -> None:
    result = ToolResult.from_failure(ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, "gone", waited=True))
    assert result.error is not None and result.error.waited
    again = ToolResult.from_dict(result.to_dict())
    assert again.error is not None and again.error.waited
    quick = ToolResult.failure(ErrorCode.ELEMENT_NOT_FOUND, "gone")
    assert "waited" not in quick.to_dict()["error"] and not ToolResult.from_dict(quick.to_dict()).error.waited  # type: ignore[union-attr]


async def _never() -> None:
    return None


async def _missing() -> None:
    raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, "no element matches 'Send'")


async def test_the_waiting_helpers_mark_what_they_waited_for() -> None:
    from tapwright.drivers.web import checks
    from tapwright.tools.desktop_common import until

    with pytest.raises(ToolFailure) as polled:
        await checks.poll(_never, 30)
    assert polled.value.code is ErrorCode.TIMEOUT and polled.value.waited

    async def reason() -> str:
        return "never held"

    with pytest.raises(ToolFailure) as verified:
        await checks.verify(_never, 30, reason)
    assert verified.value.code is ErrorCode.ASSERTION_FAILED and verified.value.waited

    with pytest.raises(ToolFailure) as looked:
        await until(_missing, 30, every=0.01)
    assert looked.value.code is ErrorCode.ELEMENT_NOT_FOUND and looked.value.waited
    with pytest.raises(ToolFailure) as once:
        await until(_missing, 0)  # no wait asked for: a quick failure the executor may retry
    assert once.value.code is ErrorCode.ELEMENT_NOT_FOUND and not once.value.waited
