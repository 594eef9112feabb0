"""The planner seam shared by the rules, LLM and cache planners."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from tapwright.core.context import ToolContext
from tapwright.llm.budget import Usage
from tapwright.llm.observe import Observation
from tapwright.plan.model import Plan
from tapwright.plan.trace import PlanTrace
from tapwright.registry.registry import Registry


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
    # How the planner read the step's words (the rules planner: which call takes which words, which
    # words are the sentence's frame or commentary); shown in reports.
    reading: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the report should say about how it was planned


class StepPlanner(ABC):
    """Compiles one plain-English step into a Plan. Raises PlanError (PLAN_INVALID) when it cannot.

    Only :meth:`plan` is required; the other hooks have do-nothing defaults, and callers
    call them unconditionally (never probing with ``getattr``).
    """

    name: str = "planner"
    # Whether its plans may come from a model or a cache file (untrusted input a page can steer): such a
    # run is kept to its start URL's origins and gets no upload folder unless told otherwise.
    untrusted_plans: bool = False

    @abstractmethod
    async def plan(self, request: PlanRequest) -> PlanResponse:
        """A plan for ``request.step``."""

    async def plan_observed(self, request: PlanRequest, observation: Observation | None) -> PlanResponse:
        """Plan with a screen observation the caller already took (a cache miss); by default, :meth:`plan`."""
        return await self.plan(request)

    async def revise(self, request: PlanRequest, response: PlanResponse, trace: PlanTrace) -> PlanResponse | None:
        """A corrected plan after ``trace`` failed, or None to give up (the default)."""
        return None

    async def record(self, request: PlanRequest, response: PlanResponse, executed: Plan, trace: PlanTrace) -> None:  # noqa: B027
        """Told the plan that passed (a cache keeps it); nothing by default."""

    def forget(self, request: PlanRequest) -> None:  # noqa: B027
        """Drop what was kept about ``request`` (it is done); nothing by default."""

    async def aclose(self) -> None:  # noqa: B027
        """Close model clients and inner planners; nothing by default."""


__all__ = ["PlanRequest", "PlanResponse", "StepPlanner", "Usage"]
