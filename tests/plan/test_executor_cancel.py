"""A cancelled run (task.cancel(), Ctrl-C): what its trace says about each call."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tapwright import Executor, Plan, PlanTrace, Registry
from tapwright.errors import ErrorCode


async def test_the_running_call_is_cancelled_every_later_one_skipped_with_their_messages(registry: Registry, calls: Any) -> None:
    trace = PlanTrace()
    plan = Plan.from_data([{"tool": "t.echo"}, {"tool": "t.slow", "timeout_ms": 60_000}, {"tool": "t.echo"}, {"tool": "t.add", "args": {"a": 1}}])
    task = asyncio.ensure_future(Executor(registry).run(plan, trace=trace))
    await calls.started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert trace.error is not None and trace.error.code is ErrorCode.CANCELLED
    assert trace.error.message == "the run was cancelled"
    assert [c.status for c in trace.calls] == ["ok", "cancelled", "skipped", "skipped"]
    running = trace.calls[1].result
    assert running is not None and running["error"]["code"] == "CANCELLED"
    assert running["error"]["message"] == "cancelled while running"
    assert calls.names() == ["t.echo", "t.slow"]  # nothing after the cancelled call ran
