"""A tool never raises to its caller: every exception becomes a failed ToolResult with a mapped code and cause."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from tapwright import ToolResult, tool
from tapwright.errors import DriverError, ErrorCode, ToolFailure


class Boom(Exception):
    pass


def _raise(exc: BaseException) -> Any:
    @tool(name="t.boom")
    def boom() -> None:
        """Raise."""
        raise exc

    return boom


@pytest.mark.parametrize(
    ("exc", "code", "cause"),
    [
        (ToolFailure(ErrorCode.AMBIGUOUS, "two", data={"candidates": [1, 2]}), ErrorCode.AMBIGUOUS, None),
        (DriverError(ErrorCode.BROWSER_CRASHED, "page closed", cause="TargetClosedError: x"), ErrorCode.BROWSER_CRASHED,
         "TargetClosedError: x"),
        (ValueError("bad date"), ErrorCode.INVALID_INPUT, "ValueError: bad date"),
        (TimeoutError("socket read"), ErrorCode.TIMEOUT, "TimeoutError: socket read"),
        (Boom("kaput"), ErrorCode.INTERNAL, "Boom: kaput"),
        (KeyError("k"), ErrorCode.INTERNAL, "KeyError: 'k'"),
        (RecursionError("deep"), ErrorCode.INTERNAL, "RecursionError: deep"),
    ],
)
async def test_exceptions_map_to_codes_with_cause(exc: Exception, code: ErrorCode, cause: str | None) -> None:
    result = await _raise(exc).invoke({})
    assert not result.ok and result.code is code
    assert result.error is not None and result.error.cause == cause
    assert result.error.retriable is code.retriable


async def test_tool_failure_raised_from_an_exception_keeps_it_as_cause() -> None:
    @tool(name="t.wrap")
    async def wrap() -> None:
        """Wrap."""
        try:
            raise OSError("adb: device offline")
        except OSError as exc:
            raise ToolFailure(ErrorCode.DEVICE_LOST, "the phone went away") from exc

    result = await wrap.invoke({})
    assert result.code is ErrorCode.DEVICE_LOST
    assert result.error is not None and result.error.cause == "OSError: adb: device offline"


async def test_timeout_from_manifest_and_from_the_call() -> None:
    @tool(name="t.slow", timeout_ms=50)
    async def slow() -> str:
        """Sleep."""
        await asyncio.sleep(3600)  # only the timeout can end it (pytest-timeout fails a hang)
        return "late"

    result = await slow.invoke({})
    assert result.code is ErrorCode.TIMEOUT and "50 ms" in result.error.message  # type: ignore[union-attr]
    assert result.duration_ms >= 45
    result = await slow.invoke({}, timeout_ms=20)
    assert result.code is ErrorCode.TIMEOUT and "20 ms" in result.error.message  # type: ignore[union-attr]
    assert result.duration_ms >= 15


async def test_sync_tool_timeout_does_not_block_the_caller() -> None:
    @tool(name="t.block", timeout_ms=50)
    def block() -> str:
        """Block a thread."""
        time.sleep(0.3)
        return "done"

    result = await block.invoke({})
    assert result.code is ErrorCode.TIMEOUT


async def test_bad_return_values_never_escape() -> None:
    class Broken:
        def to_dict(self) -> dict[str, Any]:
            raise RuntimeError("cannot serialise")

    @tool(name="t.broken")
    def broken() -> Any:
        """Return something unserialisable."""
        return Broken()

    result = await broken.invoke({})
    assert result.code is ErrorCode.INTERNAL and "cannot serialise" in (result.error.cause or "")  # type: ignore[union-attr]


@pytest.mark.parametrize("args", [[1, 2], "x", 5, None])
async def test_non_object_args_are_invalid_input(args: Any) -> None:
    @tool(name="t.ok")
    def ok(x: int = 0) -> int:
        """Ok."""
        return x

    result = await ok.invoke(args)
    assert result.code is ErrorCode.INVALID_INPUT and "$" in result.error.message  # type: ignore[union-attr]


async def test_cancellation_is_not_swallowed() -> None:
    started = asyncio.Event()

    @tool(name="t.wait")
    async def wait() -> None:
        """Wait forever."""
        started.set()
        await asyncio.sleep(60)

    task = asyncio.ensure_future(wait.invoke({}))
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_invalid_input_lists_every_bad_field_and_does_not_run() -> None:
    calls: list[int] = []

    @tool(name="t.many")
    def many(a: int, b: str, c: bool = False) -> ToolResult:
        """Many.

        Args:
            a: A.
            b: B.
            c: C.
        """
        calls.append(1)
        return ToolResult.success()

    result = await many.invoke({"a": "one", "c": "yes", "zz": 1})
    assert result.code is ErrorCode.INVALID_INPUT and calls == []
    paths = [e["path"] for e in result.data["errors"]]
    assert paths == ["$", "$", "$.a", "$.c"]
    message = result.error.message  # type: ignore[union-attr]
    assert all(s in message for s in ("'b' is a required property", "'zz' was unexpected", "$.a:", "$.c:"))


async def test_huge_string_messages_stay_small() -> None:
    @tool(name="t.short")
    def short(s: str, n: int) -> None:
        """Short."""

    result = await short.invoke({"s": "x" * 5_000_000, "n": "y" * 5_000_000})
    assert result.code is ErrorCode.INVALID_INPUT
    assert len(result.error.message) < 2000  # type: ignore[union-attr]


async def test_nan_and_infinity_are_rejected() -> None:
    @tool(name="t.num")
    def num(x: float) -> float:
        """Num."""
        return x

    for value in (float("nan"), float("inf")):
        result = await num.invoke({"x": value})
        assert result.code is ErrorCode.INVALID_INPUT and "$.x: must be a finite number" in result.error.message  # type: ignore[union-attr]
