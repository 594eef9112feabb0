"""Checking a suite before it runs: every step planned offline, no browser, no model.

``tapwright check PATHS`` (and ``tapwright run --dry-run``) read every test file and give
each step of every scenario to the offline rules planner, as a run would, but call no tool.
A step's verdict is its plan, or why it would be refused: the planner's PLAN_INVALID
message (the words it could not use, the phrasings that parse), a tool the registry does
not have, arguments that do not fit a tool's schema, or a ``${vars.X}`` naming nothing.

A step the rules refuse would go to the LLM planner in a run with a model configured
(``--planner auto``); the check says so but never calls the model.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from tapwright.errors import ErrorCode, PlanError, ToolFailure
from tapwright.plan.model import Plan
from tapwright.plan.placeholders import find_refs
from tapwright.planners.base import PlanRequest
from tapwright.planners.rules import RulesPlanner
from tapwright.registry.registry import Registry
from tapwright.runner.model import Scenario, StepSpec


@dataclass(slots=True)
class StepVerdict:
    """One step, checked: ``ok`` with its plan, or refused with a code and a reason."""

    scenario: str
    source: str
    line: int | None
    phase: str
    text: str
    ok: bool
    calls: list[str] = field(default_factory=list)  # ``tool(args)`` of each call of the plan
    code: str | None = None
    reason: str | None = None
    words: list[str] = field(default_factory=list)  # which words of the step each call takes

    @property
    def where(self) -> str:
        return f"{self.source}:{self.line}" if self.line else self.source

    def to_dict(self) -> dict[str, Any]:
        return {"scenario": self.scenario, "source": self.source, "line": self.line, "phase": self.phase,
                "text": self.text, "ok": self.ok, "calls": self.calls, "code": self.code, "reason": self.reason,
                "words": self.words}  # fmt: skip


def _call_text(step: Any) -> str:
    import json

    def shown(v: Any) -> str:  # a quoted name reads as written: target='"Add to cart"', not "\"Add to cart\""
        if isinstance(v, str) and '"' in v and "'" not in v and "\\" not in v and v.isprintable():
            return f"'{v}'"
        return json.dumps(v, ensure_ascii=False)

    args = ", ".join(f"{k}={shown(v)}" for k, v in step.args.items())
    return f"{step.tool}({args})"


def _missing_vars(spec: StepSpec, scenario: Scenario) -> str | None:
    try:
        refs = find_refs({"text": spec.text, "plan": spec.plan or {}})
    except ToolFailure as exc:
        return exc.message
    for ref in refs:
        if ref.kind == "vars" and ref.target not in scenario.vars:
            names = ", ".join(sorted(scenario.vars)) or "none"
            return f"{ref.text}: no variable {ref.target!r} (variables: {names})"
    return None


async def _plan(spec: StepSpec, scenario: Scenario, registry: Registry, planner: RulesPlanner) -> tuple[Plan, list[str]]:
    """The step's plan as a run would make it (explicit, or the rules planner's with its schema checks)."""
    if spec.plan is not None:
        plan = Plan.from_data(spec.plan)
        missing = sorted({s.tool for s in plan.steps if s.tool not in registry})
        if missing:
            raise PlanError(ErrorCode.UNKNOWN_TOOL, f"no tool named {', '.join(missing)}")
        return plan, []
    if not spec.text.strip():
        raise PlanError(ErrorCode.PLAN_INVALID, "the step is empty")
    request = PlanRequest(step=spec.text, registry=registry, namespace=scenario.namespace,
                          var_names=sorted(scenario.vars), secret_names=list(scenario.secrets))  # fmt: skip
    response = await planner.plan(request)
    return response.plan, list(response.reading)  # the rules planner's reading: which words went where


def _phased(scenario: Scenario) -> list[tuple[str, StepSpec]]:
    return [*(("setup", s) for s in scenario.setup), *(("step", s) for s in scenario.steps),
            *(("teardown", s) for s in scenario.teardown)]  # fmt: skip


async def check_scenarios(scenarios: list[Scenario], registry: Registry | None = None) -> list[StepVerdict]:
    """A verdict for every step of every scenario, in file order. Never raises for a bad step."""
    registry = registry or Registry.default()
    planner = RulesPlanner()
    out: list[StepVerdict] = []
    for scenario in scenarios:
        for phase, spec in _phased(scenario):
            verdict = StepVerdict(scenario.name, scenario.source, spec.line or scenario.line, phase, spec.label, ok=False)
            missing = _missing_vars(spec, scenario)
            if missing is not None:
                verdict.code, verdict.reason = ErrorCode.UNRESOLVED_PLACEHOLDER.value, missing
            else:
                try:
                    plan, verdict.words = await _plan(spec, scenario, registry, planner)
                except PlanError as exc:
                    verdict.code, verdict.reason = exc.code.value, exc.message
                else:
                    verdict.ok, verdict.calls = True, [_call_text(s) for s in plan.steps]
            out.append(verdict)
    return out


def check_scenarios_sync(scenarios: list[Scenario], registry: Registry | None = None) -> list[StepVerdict]:
    """:func:`check_scenarios` from synchronous code (the CLI)."""
    return asyncio.run(check_scenarios(scenarios, registry))
