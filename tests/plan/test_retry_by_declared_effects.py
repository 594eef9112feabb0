"""For every tool in the catalog: after a timeout that comes once the tool has acted, the executor
runs it again only when its spec declares it idempotent.

Each tool is replaced by a double with the same name and the same declaration whose function
counts its calls, acts (the count) and then hangs past the step's timeout.
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from tapwright import Executor, Plan, Registry, RetryPolicy
from tapwright.registry.spec import ToolSpec

CATALOG = Registry.default().list()
FAST = RetryPolicy(max_attempts=3, backoff_s=0.001, factor=1.0, max_backoff_s=0.001)


def _double(spec: ToolSpec, calls: list[str]) -> ToolSpec:
    async def acts_then_hangs() -> Any:
        calls.append(spec.name)
        await asyncio.sleep(30)

    return dataclasses.replace(
        spec, func=acts_then_hangs, injected={}, parameters={"type": "object", "properties": {}}, output_schema=None
    )


def test_the_catalog_is_the_whole_registry() -> None:
    assert len(CATALOG) > 140 and all(s.effects_declared for s in CATALOG)


@pytest.mark.parametrize("spec", CATALOG, ids=lambda s: s.name)
async def test_a_tool_that_timed_out_after_acting_is_retried_only_when_declared_idempotent(spec: ToolSpec) -> None:
    calls: list[str] = []
    double = _double(spec, calls)
    assert (double.name, double.read_only, double.idempotent) == (spec.name, spec.read_only, spec.idempotent)
    trace = await Executor(Registry([double]), retry=FAST).run(Plan.from_data([{"tool": spec.name, "timeout_ms": 20}]))
    record = trace.calls[0]
    assert record.error_code == "TIMEOUT"
    if spec.idempotent:
        assert len(calls) == 3 and len(record.attempts) == 3
    else:
        assert calls == [spec.name] and len(record.attempts) == 1
        assert "not declared idempotent" in (record.result or {})["error"]["message"]


# Retried by the old name guess although a second run repeats them. (android.input_text, also suspected,
# clears the field before typing: a second call leaves the same text, so it is declared idempotent.)
@pytest.mark.parametrize("name", ["web.go_back", "web.go_forward", "desktop.launch_app", "nav.paginate", "web.fill"])
async def test_the_tools_the_name_guess_retried_run_once(name: str) -> None:
    spec = next(s for s in CATALOG if s.name == name)
    calls: list[str] = []
    await Executor(Registry([_double(spec, calls)]), retry=FAST).run(Plan.from_data([{"tool": name, "timeout_ms": 20}]))
    assert calls == [name]


async def test_an_undeclared_tool_is_not_retried_and_a_declared_idempotent_one_is() -> None:
    undeclared = ToolSpec(name="t.snapshot", description="named like a read, declares nothing")
    idempotent = ToolSpec(name="t.click", description="named like a click, declared idempotent", idempotent=True)
    for spec, expected in ((undeclared, 1), (idempotent, 3)):
        calls: list[str] = []
        await Executor(Registry([_double(spec, calls)]), retry=FAST).run(Plan.from_data([{"tool": spec.name, "timeout_ms": 20}]))
        assert len(calls) == expected, spec.name
