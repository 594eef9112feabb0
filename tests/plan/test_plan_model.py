"""Plans in JSON and YAML: shapes, the long spelling, ids, fallbacks and the round trip."""

from __future__ import annotations

from pathlib import Path

import pytest

from tapwright import Plan, load_plan, parse_plan
from tapwright.errors import ErrorCode, PlanError
from tapwright.plan.model import Step, ToolCall

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "plans"

YAML_PLAN = """
description: log in
steps:
  - id: login
    tool: fake.locate
    args: {target: blue Log in button}
    fallback: {tool: fake.locate, args: {target: Log in}}
    timeout_ms: 5000
    retries: 1
  - tool: fake.click_at
    description: click it
    args:
      x: ${login.output.center_x}
      y: ${login.output.center_y}
      when: 2024-01-01
"""


def test_yaml_plan() -> None:
    plan = parse_plan(YAML_PLAN, source="p.yaml")
    first, second = plan.steps
    assert (first.id, first.tool, first.timeout_ms, first.retries) == ("login", "fake.locate", 5000, 1)
    assert first.fallback == ToolCall("fake.locate", {"target": "Log in"})
    assert second.args == {"x": "${login.output.center_x}", "y": "${login.output.center_y}", "when": "2024-01-01"}
    assert second.description == "click it" and plan.description == "log in"


def test_json_and_yaml_give_the_same_plan() -> None:
    from_json = load_plan(EXAMPLES / "chain-fake.json")
    yaml_text = "steps:\n" + "".join(
        f"  - {{id: {s.id}, tool: {s.tool}, args: {s.args}}}\n" if s.id else f"  - {{tool: {s.tool}, args: {s.args}}}\n"
        for s in from_json.steps
    ).replace("'", '"')
    assert parse_plan(yaml_text).steps == from_json.steps


def test_long_spelling_plan_and_parameters() -> None:
    plan = Plan.from_data({"plan": [{"tool": "a.b", "parameters": {"x": 1}}, {"tool": "a.c"}], "fallback": "a.d",
                           "expected_output": "products"})  # fmt: skip
    assert plan.steps[0].args == {"x": 1} and plan.steps[1].args == {}
    assert plan.steps[1].fallback == ToolCall("a.d", {})


def test_a_bare_list_is_a_list_of_steps_and_round_trips() -> None:
    plan = Plan.from_data([{"id": "s1", "tool": "a.b", "args": {"v": [1, {"k": None}]}, "timeout_ms": 10}])
    assert Plan.from_data(plan.to_dict()) == plan
    assert plan.to_dict()["steps"][0] == {"tool": "a.b", "args": {"v": [1, {"k": None}]}, "id": "s1", "timeout_ms": 10}


def test_references_by_id_or_tool_name_to_earlier_steps_are_fine() -> None:
    plan = Plan.from_data([{"tool": "a.b"}, {"id": "c", "tool": "a.c", "args": {"v": "${a.b.output.x}"}},
                           {"tool": "a.d", "args": {"v": "${c.output}", "w": "${vars.x}", "s": "${secrets.Y}"}}])  # fmt: skip
    # Accepted, and the placeholders are kept verbatim for the executor to resolve at call time.
    assert [s.tool for s in plan.steps] == ["a.b", "a.c", "a.d"]
    assert plan.steps[1].args == {"v": "${a.b.output.x}"}
    assert plan.steps[2].args == {"v": "${c.output}", "w": "${vars.x}", "s": "${secrets.Y}"}


def test_the_same_references_to_later_steps_are_refused() -> None:
    # The other side of the rule above: the order of the steps is what makes a reference valid.
    with pytest.raises(PlanError) as info:
        Plan.from_data([{"id": "c", "tool": "a.c", "args": {"v": "${a.b.output.x}"}}, {"tool": "a.b"}])
    assert info.value.code is ErrorCode.UNRESOLVED_PLACEHOLDER and "later step" in info.value.message


def test_references_to_a_fallback_tool_are_fine() -> None:
    plan = Plan.from_data([{"tool": "a.b", "fallback": {"tool": "a.alt"}}, {"tool": "a.c", "args": {"v": "${a.alt.output}"}}])
    assert plan.steps[0].fallback == ToolCall("a.alt", {}) and plan.steps[1].args == {"v": "${a.alt.output}"}
    with pytest.raises(PlanError):  # a tool no step (nor fallback) calls cannot be referenced
        Plan.from_data([{"tool": "a.b", "fallback": {"tool": "a.alt"}}, {"tool": "a.c", "args": {"v": "${a.other.output}"}}])


def test_steps_can_be_built_in_python() -> None:
    plan = Plan([Step("a.b", {"x": 1}, id="one")], description="d")
    assert plan.to_dict() == {"steps": [{"tool": "a.b", "args": {"x": 1}, "id": "one"}], "description": "d"}


def test_load_plan_missing_file_is_plan_invalid(tmp_path: Path) -> None:
    with pytest.raises(PlanError) as info:
        load_plan(tmp_path / "nope.json")
    assert info.value.code is ErrorCode.PLAN_INVALID and "nope.json" in info.value.message
