"""Offline task planning (pure), task plan loading, the plan-level fallback and the result validator without a page."""

from __future__ import annotations

from typing import Any

import pytest

from tapwright.core.context import ToolContext
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.plan.executor import Executor
from tapwright.plan.model import Plan, ToolCall
from tapwright.registry.registry import Registry
from tapwright.task import plan_offline, run_plan
from tapwright.task._offline import category_path, page_count, price_bounds, record_count, search_term


@pytest.mark.parametrize(
    ("text", "bounds"),
    [("Find all products under 150", (None, 150)), ("products below $99.50", (None, 99.5)), ("items over 20 zł", (20, None)),
     ("between 50 and 150", (50, 150)), ("from 20 to 80 euros", (20, 80)), ("tents 100-300 zł", (100, 300)),
     ("at least 10 products", (None, None)), ("every article from the first three pages", (None, None)),
     ("cheaper than 1 000", (None, 1000)), ("at most 5 items", (None, None)), ("products", (None, None))],
)  # fmt: skip
def test_price_bounds(text: str, bounds: tuple[float | None, float | None]) -> None:
    assert price_bounds(text) == bounds


def test_pages_counts_categories_and_search_terms() -> None:
    assert page_count("Collect every article title and link from the first three pages") == 3
    assert page_count("the first 5 pages") == 5 and page_count("this page") is None
    assert record_count("at least 10 products") == (10, None) and record_count("exactly 4 links") == (4, 4)
    assert category_path("Find all products under 150 in the Outdoor category") == "Outdoor"
    assert category_path("Tents in Outdoor > Tents please") == "Outdoor > Tents"
    assert category_path("find products under 150") is None
    assert search_term("search for desk lamp under 50") == "desk lamp"
    assert search_term('search "Ridge Tent"') is None or search_term('search for "Ridge Tent"') == "Ridge Tent"


def test_offline_plan_for_the_issue_example(registry: Registry) -> None:
    plan = plan_offline("Find all products under 150 in the Outdoor category", registry, "/products")
    tools = [s["tool"] for s in plan["plan"]]
    assert tools == ["web.navigate", "nav.category", "forms.price_filter", "extract.products", "check.required", "check.range"]
    assert plan["plan"][2]["parameters"] == {"max": 150, "if_present": True}
    assert plan["plan"][5]["parameters"] == {"field": "price", "max": 150}
    assert plan["expected_output"] == "products" and plan["fallback"]["tool"] == "extract.schema"
    Plan.from_data(plan)  # a valid task plan


def test_offline_plan_for_several_pages_of_articles(registry: Registry) -> None:
    plan = plan_offline("Collect every article title and link from the first three pages", registry)
    assert plan["plan"][0] == {"id": "collect", "tool": "nav.paginate", "parameters": {"pages": 3, "collect": "articles"},
                               "description": "Collect articles from 3 pages"}  # fmt: skip
    assert plan["expected_output"] == "articles"


def test_an_instruction_no_tool_matches_names_the_nearest_tools(registry: Registry) -> None:
    with pytest.raises(ToolFailure) as err:
        plan_offline("Bake me a chocolate cake", registry)
    assert err.value.code is ErrorCode.UNKNOWN_TOOL and "nearest tools" in err.value.message
    assert len(err.value.data["nearest"]) == 3  # type: ignore[index]


def test_plan_level_fallback_backs_up_steps_of_its_namespace() -> None:
    plan = Plan.from_data({"plan": [{"tool": "forms.price_filter", "parameters": {"max": 1}},
                                    {"tool": "extraction.products_ceneo"}, {"tool": "validation.price_range_check"}],
                           "expected_output": "products", "fallback": "extraction.products_generic"})  # fmt: skip
    assert plan.steps[1].fallback == ToolCall("extraction.products_generic", {})
    assert plan.steps[0].fallback is None and plan.steps[2].fallback is None
    assert plan.expected_output == "products" and Plan.from_data(plan.to_dict()) == plan
    lone = Plan.from_data({"plan": [{"tool": "a.b"}, {"tool": "a.c"}], "fallback": "x.y"})
    assert lone.steps[1].fallback == ToolCall("x.y", {}) and lone.steps[0].fallback is None


def test_expected_output_must_be_a_key_or_a_schema() -> None:
    from tapwright.errors import PlanError

    with pytest.raises(PlanError):
        Plan.from_data({"plan": [{"tool": "a.b"}], "expected_output": 5})


async def test_a_missing_specialised_tool_falls_back_to_the_generic_one(registry: Registry) -> None:
    data = [{"name": "Tent", "price": 99.0}, {"name": "Stove", "price": 180.0}]
    plan = {"plan": [{"tool": "validation.price_range_check_pro", "parameters": {"records": data, "max": 500}}],
            "fallback": {"tool": "validation.price_range_check", "parameters": {"records": data, "max": 500}}}  # fmt: skip
    trace = await Executor(registry, ToolContext()).run(plan)
    assert trace.ok and trace.calls[0].used_fallback and trace.calls[0].attempts[0].result["error"]["code"] == "UNKNOWN_TOOL"


def _records_registry() -> Registry:
    from tapwright.registry.decorator import spec_from_function
    from tapwright.tools import check

    def records(items: list[dict[str, Any]]) -> dict[str, Any]:
        """Hand back the records it is given, as an extraction would."""
        return {"products": items, "count": len(items), "reason": None}

    return Registry([spec_from_function(records, name="t.records"), check.toolset()])


async def test_result_validator_runs_the_plans_checks_on_the_expected_output() -> None:
    data = [{"name": "Tent", "price": 99.0, "url": "https://s.example/1"}, {"name": "Stove", "price": 180.0, "url": "/2"}]
    plan: dict[str, Any] = {
        "plan": [{"tool": "t.records", "parameters": {"items": data}},
                 {"tool": "validation.price_range_check", "parameters": {"max": 150}},
                 {"tool": "check.urls", "parameters": {}}, {"tool": "check.required", "parameters": {"fields": ["name"]}}],
        "expected_output": "products",
    }  # fmt: skip
    result = await run_plan(plan, ToolContext(), _records_registry())
    assert result.data == data and result.key == "products"
    assert [(c["tool"], c["passed"]) for c in result.checks] == [("check.range", False), ("check.urls", False), ("check.required", True)]
    assert result.checks[0]["result"]["failures"][0]["record"]["name"] == "Stove"
    assert not result.ok and result.error is not None and result.error.code is ErrorCode.ASSERTION_FAILED
    passing = await run_plan({**plan, "plan": plan["plan"][:1] + plan["plan"][3:]}, ToolContext(), _records_registry())
    assert passing.ok and passing.to_dict()["count"] == 2


async def test_expected_output_as_a_json_schema() -> None:
    plan = {"plan": [{"tool": "t.records", "parameters": {"items": []}}],
            "expected_output": {"type": "object", "properties": {"products": {"type": "array", "minItems": 1}}}}  # fmt: skip
    result = await run_plan(plan, ToolContext(), _records_registry())
    assert not result.ok and "expected_output" in (result.reason or "")


async def test_result_validator_reports_a_missing_expected_output(registry: Registry) -> None:
    plan = {"plan": [{"tool": "check.count", "parameters": {"records": [], "min": 0}}], "expected_output": "products"}
    result = await run_plan(plan, ToolContext(), registry)
    assert not result.ok and "no step's output has 'products'" in (result.reason or "")


async def test_a_bad_plan_is_a_failed_result_not_an_exception(registry: Registry) -> None:
    result = await run_plan({"plan": "nope"}, ToolContext(), registry)
    assert not result.ok and result.error is not None and result.error.code is ErrorCode.PLAN_INVALID
