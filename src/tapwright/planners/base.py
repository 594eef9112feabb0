"""The planner seam shared by the rules, LLM and cache planners."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from tapwright.core.context import ToolContext
from tapwright.plan.model import Plan
from tapwright.registry.registry import Registry


@dataclass(slots=True)
class Usage:
    """What planning one step cost."""

    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: float = 0.0

    def add(self, other: Usage) -> None:
        self.llm_calls += other.llm_calls
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.latency_ms += other.latency_ms

    def to_dict(self) -> dict[str, Any]:
        return {
            "llm_calls": self.llm_calls,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "latency_ms": round(self.latency_ms, 3),
        }


@dataclass(slots=True)
class PlanRequest:
    """One step to plan.

    ``var_names`` and ``secret_names`` are names only: a planner never sees a secret's value.
    ``namespace`` is the tool pack the step runs against (``web``, ``android``, ``desktop``, ``fake``).
    ``ctx`` lets planners that observe the screen (the LLM planner) reach the driver.
    """

    step: str
    registry: Registry
    ctx: ToolContext | None = None
    namespace: str = "web"
    var_names: list[str] = field(default_factory=list)
    secret_names: list[str] = field(default_factory=list)
    base_url: str | None = None


@dataclass(slots=True)
class PlanResponse:
    plan: Plan
    planner: str
    usage: Usage = field(default_factory=Usage)
    cached: bool = False
    answer: str | None = None  # set when the step was a question answered without actions


class StepPlanner(Protocol):
    """Compiles one plain-English step into a Plan. Raises PlanError (PLAN_INVALID) when it cannot."""

    name: str

    async def plan(self, request: PlanRequest) -> PlanResponse: ...
