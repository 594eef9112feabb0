"""The grammar table: every phrasing in data/phrasings.yaml compiles to exactly its plan, or is rejected."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from _rules_schemas import REGISTRY, validate

from tapwright.errors import ErrorCode, PlanError
from tapwright.plan.placeholders import find_refs
from tapwright.planners.rules import compile_step

TABLE: list[dict[str, Any]] = yaml.safe_load((Path(__file__).parent / "data" / "phrasings.yaml").read_text("utf-8"))


def _id(case: dict[str, Any]) -> str:
    return f"{case.get('namespace', 'web')}:{case['phrase'][:60]}"


def test_the_table_is_big_and_distinct() -> None:
    keys = [(c.get("namespace", "web"), c["phrase"]) for c in TABLE]
    assert len(set(keys)) == len(keys), "duplicate phrasings"
    assert len({c["phrase"] for c in TABLE}) >= 150
    assert sum("rejected" in c for c in TABLE) >= 20


@pytest.mark.parametrize("case", TABLE, ids=_id)
def test_phrasing(case: dict[str, Any]) -> None:
    namespace = case.get("namespace", "web")
    if "rejected" in case:
        with pytest.raises(PlanError) as err:
            compile_step(case["phrase"], namespace=namespace)
        assert err.value.code is ErrorCode.PLAN_INVALID
        assert case["rejected"] in err.value.message
        return
    plan = compile_step(case["phrase"], namespace=namespace)
    got = [{s.tool: s.args} for s in plan.steps]
    assert got == case["plan"]


@pytest.mark.parametrize("case", [c for c in TABLE if "plan" in c], ids=_id)
def test_phrasing_plan_fits_the_tool_schemas(case: dict[str, Any]) -> None:
    plan = compile_step(case["phrase"], namespace=case.get("namespace", "web"))
    steps = [s.to_dict() for s in plan.steps if not find_refs(s.args)]
    if case["phrase"] == "Wait 2 minutes":  # compiles, but over web.wait's 60 s limit: RulesPlanner rejects it
        assert REGISTRY.get("web.wait") is None or REGISTRY.get("web.wait").validate(steps[0]["args"])  # type: ignore[union-attr]
        return
    validate(steps)
