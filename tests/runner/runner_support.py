"""Helpers of the runner tests: a scripted planner over the fake screen and the CLI subprocess setup.

The scripted planner stands in for the rules planner where a test is about the
runner, not the grammar: it maps exact step texts to plans over ``fake.*`` tools.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tapwright.errors import ErrorCode, PlanError
from tapwright.plan.model import Plan
from tapwright.planners.base import PlanRequest, PlanResponse, StepPlanner, Usage


def click(target: str) -> dict[str, Any]:
    return {
        "steps": [
            {"id": "el", "tool": "fake.locate", "args": {"target": target}},
            {"tool": "fake.click_at", "args": {"x": "${el.output.center_x}", "y": "${el.output.center_y}"}},
        ]
    }


def type_into(target: str, text: str) -> dict[str, Any]:
    return {
        "steps": [
            {"id": "el", "tool": "fake.locate", "args": {"target": target}},
            {"tool": "fake.type_text", "args": {"text": text, "x": "${el.output.center_x}", "y": "${el.output.center_y}"}},
        ]
    }


def see(target: str) -> dict[str, Any]:
    return {"steps": [{"tool": "fake.verify_visible", "args": {"target": target}}]}


class ScriptedPlanner(StepPlanner):
    """Exact step text -> plan; anything else is PLAN_INVALID. Counts calls; can block or fail N times."""

    name = "scripted"

    def __init__(self, plans: dict[str, dict[str, Any]], *, usage: Usage | None = None) -> None:
        self.plans = plans
        self.calls: list[PlanRequest] = []
        self.usage = usage
        self.block_on: str | None = None
        self.blocked = asyncio.Event()
        self.fail_times: dict[str, int] = {}

    async def plan(self, request: PlanRequest) -> PlanResponse:
        self.calls.append(request)
        if request.step == self.block_on:
            self.blocked.set()
            await asyncio.Event().wait()  # until cancelled
        if self.fail_times.get(request.step, 0) > 0:
            self.fail_times[request.step] -= 1
            return PlanResponse(Plan.from_data(see("No such thing")), self.name)
        if request.step not in self.plans:
            raise PlanError(ErrorCode.PLAN_INVALID, f"cannot plan {request.step!r}; try 'Click \"X\"'")
        usage = dataclasses.replace(self.usage) if self.usage else Usage()
        return PlanResponse(Plan.from_data(self.plans[request.step]), self.name, usage=usage)


# -- the demo app and one shared run of the example suites -------------------------------

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples" / "tests"
CANARY = "Canary+Pw/7f3a9=sEcReT"  # has characters that URL-encoding and base64 both change


@dataclass
class SuiteRun:
    """One ``tapwright run`` of examples/tests (passing and failing) as a subprocess."""

    code: int
    stdout: str
    stderr: str
    report_dir: Path
    duration_s: float

    @property
    def trace(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads((self.report_dir / "trace.json").read_text())
        return data


def cli_env(**extra: str) -> dict[str, str]:
    """The environment for a tapwright subprocess: offline planner, the canary password."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAPWRIGHT_LLM")}
    env.update({"DEMO_PASSWORD": CANARY, "PYTHONUNBUFFERED": "1", **extra})
    return env


def tapwright_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "tapwright.cli.main", *args]
