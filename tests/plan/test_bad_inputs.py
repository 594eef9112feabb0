"""The bad-input catalog: each bad plan or call gives its expected code, never a crash.

Every case runs through the whole path a user would take: text -> parse_plan -> Executor.run
(or a dict straight into Executor.run), and must end in a PlanError or a failed trace with the code.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tapwright import Executor, Registry, RetryPolicy, ToolContext, parse_plan
from tapwright.drivers.fake import FakeDriver
from tapwright.errors import ErrorCode, PlanError


def _steps(*steps: dict[str, Any]) -> dict[str, Any]:
    return {"steps": list(steps)}


def _many(n: int) -> str:
    return json.dumps(_steps(*[{"tool": "t.echo", "args": {"text": str(i)}} for i in range(n)]))


CHAIN = {"id": "e", "tool": "t.echo"}
# (case id, plan text or data, expected code, a fragment the message must contain)
CASES: list[tuple[str, Any, ErrorCode, str]] = [
    ("malformed json", '{"steps": [\n  {"tool": "t.echo",, }\n]}', ErrorCode.PLAN_INVALID, "<plan>:2:21"),
    ("truncated json", '{"steps": [', ErrorCode.PLAN_INVALID, "<plan>:1:12"),
    ("malformed yaml", "steps:\n  - tool: t.echo\n    args: {text: [1, }\n", ErrorCode.PLAN_INVALID, "<plan>:3:"),
    ("yaml tab indent", "steps:\n\t- tool: t.echo\n", ErrorCode.PLAN_INVALID, "<plan>:2:1"),
    ("yaml python object", "steps: !!python/object:os.system {}\n", ErrorCode.PLAN_INVALID, "invalid YAML"),
    ("not an object", "42", ErrorCode.PLAN_INVALID, "must be an object"),
    ("empty yaml", "", ErrorCode.PLAN_INVALID, "must be an object"),
    ("no steps", {"description": "x"}, ErrorCode.PLAN_INVALID, "needs 'steps'"),
    ("unknown plan key", {"steps": [], "stepz": []}, ErrorCode.PLAN_INVALID, "stepz"),
    ("step not object", _steps("t.echo"), ErrorCode.PLAN_INVALID, "step 1"),
    ("no tool", _steps({"args": {}}), ErrorCode.PLAN_INVALID, "'tool'"),
    ("unknown step key", _steps({"tool": "t.echo", "argz": {}}), ErrorCode.PLAN_INVALID, "argz"),
    ("non-object args", _steps({"tool": "t.echo", "args": [1, 2]}), ErrorCode.PLAN_INVALID, "'args' must be an object"),
    ("string args", _steps({"tool": "t.echo", "args": "text=hi"}), ErrorCode.PLAN_INVALID, "'args' must be an object"),
    ("unknown tool", _steps({"tool": "t.ecko"}), ErrorCode.UNKNOWN_TOOL, "did you mean t.echo"),
    ("wrong type", _steps({"tool": "t.add", "args": {"a": "1"}}), ErrorCode.INVALID_INPUT, "$.a"),
    ("bool for int", _steps({"tool": "t.add", "args": {"a": True}}), ErrorCode.INVALID_INPUT, "$.a"),
    ("missing field", _steps({"tool": "t.add", "args": {"b": 1}}), ErrorCode.INVALID_INPUT, "'a' is a required property"),
    ("extra field", _steps({"tool": "t.add", "args": {"a": 1, "c": 2}}), ErrorCode.INVALID_INPUT, "'c' was unexpected"),
    ("out of bounds", _steps({"tool": "t.add", "args": {"a": 1, "b": 101}}), ErrorCode.INVALID_INPUT, "$.b"),
    ("10,000 steps", _many(10_000), ErrorCode.PLAN_INVALID, "10000 steps"),
    ("1,001 steps", _many(1001), ErrorCode.PLAN_INVALID, "limit is 1000"),
    ("5 MB arg in text", json.dumps(_steps({"tool": "t.echo", "args": {"text": "x" * 5_000_000}})), ErrorCode.PLAN_INVALID,
     "larger than"),
    ("5 MB arg as data", _steps({"tool": "t.echo", "args": {"text": "x" * 5_000_000}}), ErrorCode.PLAN_INVALID, "bytes"),
    ("deep nesting", '{"steps": [{"tool": "t.echo", "args": {"value": ' + "[" * 5000 + "]" * 5000 + "}}]}",
     ErrorCode.PLAN_INVALID, "nest"),
    ("self reference by id", _steps({"id": "me", "tool": "t.echo", "args": {"text": "${me.output.text}"}}),
     ErrorCode.UNRESOLVED_PLACEHOLDER, "refers to its own step"),
    ("self reference by tool", _steps({"tool": "t.echo", "args": {"text": "${t.echo.output.text}"}}),
     ErrorCode.UNRESOLVED_PLACEHOLDER, "refers to its own step"),
    ("later step", _steps({"tool": "t.echo", "args": {"text": "${later.output}"}}, {"id": "later", "tool": "t.echo"}),
     ErrorCode.UNRESOLVED_PLACEHOLDER, "later step (2)"),
    ("unknown step", _steps(CHAIN, {"tool": "t.echo", "args": {"text": "${nobody.output}"}}),
     ErrorCode.UNRESOLVED_PLACEHOLDER, "${nobody.output} names no earlier step"),
    ("malformed placeholder", _steps({"tool": "t.echo", "args": {"text": "${oops}"}}), ErrorCode.UNRESOLVED_PLACEHOLDER,
     "${oops} is not a valid placeholder"),
    ("missing path", _steps(CHAIN, {"tool": "t.echo", "args": {"text": "${e.output.nope}"}}),
     ErrorCode.UNRESOLVED_PLACEHOLDER, "has no key 'nope'"),
    ("missing var", _steps({"tool": "t.echo", "args": {"text": "${vars.user}"}}), ErrorCode.UNRESOLVED_PLACEHOLDER,
     "no variable 'user'"),
    ("missing secret", _steps({"tool": "t.echo", "args": {"text": "${secrets.API_KEY}"}}),
     ErrorCode.UNRESOLVED_PLACEHOLDER, "secret 'API_KEY' is not set"),
    ("NaN timeout", '{"steps": [{"tool": "t.echo", "timeout_ms": NaN}]}', ErrorCode.PLAN_INVALID, "NaN"),
    ("infinite arg", '{"steps": [{"tool": "t.echo", "args": {"value": Infinity}}]}', ErrorCode.PLAN_INVALID, "NaN or Infinity"),
    ("negative timeout", _steps({"tool": "t.echo", "timeout_ms": -5}), ErrorCode.PLAN_INVALID, "timeout_ms"),
    ("zero timeout", _steps({"tool": "t.echo", "timeout_ms": 0}), ErrorCode.PLAN_INVALID, "timeout_ms"),
    ("string timeout", _steps({"tool": "t.echo", "timeout_ms": "5s"}), ErrorCode.PLAN_INVALID, "timeout_ms"),
    ("bool timeout", _steps({"tool": "t.echo", "timeout_ms": True}), ErrorCode.PLAN_INVALID, "timeout_ms"),
    ("negative retries", _steps({"tool": "t.echo", "retries": -1}), ErrorCode.PLAN_INVALID, "retries"),
    ("bad step id", _steps({"id": "1 bad id", "tool": "t.echo"}), ErrorCode.PLAN_INVALID, "id '1 bad id'"),
    ("reserved id", _steps({"id": "vars", "tool": "t.echo"}), ErrorCode.PLAN_INVALID, "'vars'"),
    ("numeric id", _steps({"id": 3, "tool": "t.echo"}), ErrorCode.PLAN_INVALID, "id 3"),
    ("duplicate ids", _steps({"id": "a", "tool": "t.echo"}, {"id": "a", "tool": "t.echo"}), ErrorCode.PLAN_INVALID,
     "duplicate step ids ['a']"),
    ("bad fallback", _steps({"tool": "t.echo", "fallback": 7}), ErrorCode.PLAN_INVALID, "fallback"),
    ("unknown fallback tool", _steps({"tool": "t.echo", "fallback": {"tool": "t.nope"}}), ErrorCode.UNKNOWN_TOOL, "t.nope"),
    ("non-string key", "steps:\n  - tool: t.echo\n    args: {1: x}\n", ErrorCode.PLAN_INVALID, "keys must be strings"),
    ("huge string to bounded field", _steps({"tool": "fake.type_text", "args": {"text": "y" * 200_000, "x": 1, "y": 1}}),
     ErrorCode.INVALID_INPUT, "$.text"),
    ("outside the screen", _steps({"tool": "fake.click_at", "args": {"x": 5000, "y": 5}}), ErrorCode.INVALID_INPUT,
     "outside"),
]


@pytest.mark.parametrize(("case", "plan", "code", "fragment"), CASES, ids=[c[0] for c in CASES])
async def test_bad_input(registry: Registry, calls: Any, case: str, plan: Any, code: ErrorCode, fragment: str) -> None:
    executor = Executor(registry, ToolContext([FakeDriver()]), retry=RetryPolicy(max_attempts=1))
    if isinstance(plan, str):
        try:
            parsed = parse_plan(plan)
        except PlanError as exc:
            assert exc.code is code, exc.message
            assert fragment in exc.message, exc.message
            assert len(exc.message) < 2000
            return
        plan = parsed
    trace = await executor.run(plan)
    assert trace.status == "failed", trace.render()
    assert trace.error is not None and trace.error.code is code, trace.error
    assert fragment in trace.error.message, trace.error.message
    assert len(trace.error.message) < 2000  # huge inputs never produce huge messages
    json.dumps(trace.to_dict())  # the trace stays serialisable
    trace.render()
    if code in (ErrorCode.PLAN_INVALID, ErrorCode.UNKNOWN_TOOL, ErrorCode.INVALID_INPUT) and "screen" not in fragment:
        assert not any(n.startswith("t.") for n in calls.names()), "nothing runs when the plan is bad"
