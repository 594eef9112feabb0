"""Build the planner of a run from the CLI's choices (``--planner``, ``--cache``, ``--no-llm``).

Example:
    planner = build_planner("auto", cache_dir=".tapwright/plans", cache_mode="readwrite")
    outcome = await plan_and_run(planner, request, executor)
"""

from __future__ import annotations

import importlib
from collections import OrderedDict
from pathlib import Path
from typing import Any, Literal

from tapwright.errors import ErrorCode, PlanError, UserError
from tapwright.llm.budget import Budget
from tapwright.llm.client import LLMClient
from tapwright.llm.config import LLMConfig
from tapwright.plan.model import Plan
from tapwright.plan.trace import PlanTrace
from tapwright.planners.base import PlanRequest, PlanResponse, StepPlanner
from tapwright.planners.cache import CACHE_MODES, CacheMode, CachingPlanner, PlanCache
from tapwright.planners.llm import LLMPlanner

PlannerKind = Literal["rules", "llm", "auto"]
PLANNER_KINDS: tuple[PlannerKind, ...] = ("rules", "llm", "auto")


def build_planner(
    kind: str,
    config: LLMConfig | None = None,
    cache_dir: str | Path | None = None,
    cache_mode: str = "readwrite",
    no_llm: bool = False,
    *,
    budget: Budget | None = None,
) -> StepPlanner:
    """The planner for ``--planner KIND``.

    * ``rules``: the offline grammar only.
    * ``llm``: the LLM planner behind the plan cache (replay-only when ``no_llm``).
    * ``auto``: rules first; steps the rules reject go to the cached LLM planner. Without a
      configured model (or with ``no_llm``) those steps can still replay from the cache.

    Args:
        kind: ``rules``, ``llm`` or ``auto``.
        config: model settings; ``LLMConfig.from_env()`` when omitted.
        cache_dir: the plan cache folder (default ``$TAPWRIGHT_CACHE_DIR`` or ``.tapwright/plans``).
        cache_mode: ``off``, ``read``, ``write`` or ``readwrite``.
        no_llm: forbid every model call; a step without a usable cached plan fails with BUDGET_EXCEEDED.
        budget: a run budget shared with other model users (the agent); from ``config`` when omitted.

    Raises:
        UserError: unknown kind or mode, or ``llm`` without a model and without ``no_llm``.
    """
    if kind not in PLANNER_KINDS:
        raise UserError(f"unknown planner {kind!r}; choose one of {', '.join(PLANNER_KINDS)}")
    if cache_mode not in CACHE_MODES:
        raise UserError(f"unknown cache mode {cache_mode!r}; choose one of {', '.join(CACHE_MODES)}")
    if kind == "rules":
        return rules_planner()
    llm = llm_side(config, cache_dir, cache_mode, no_llm, budget=budget, required=kind == "llm")
    if kind == "llm":
        assert llm is not None
        return llm
    return RulesThenLLM(rules_planner(), llm)


def llm_side(
    config: LLMConfig | None,
    cache_dir: str | Path | None,
    cache_mode: str,
    no_llm: bool,
    *,
    budget: Budget | None = None,
    required: bool = True,
) -> StepPlanner | None:
    """The cached LLM planner, or a replay-only cache when no model may or can be called."""
    mode: CacheMode = cache_mode  # type: ignore[assignment]  # checked against CACHE_MODES by the caller
    cache = PlanCache(cache_dir) if cache_dir is not None else PlanCache.default()
    config = config if config is not None else LLMConfig.from_env()
    if no_llm or not config.configured:
        if not no_llm and required:
            raise UserError("--planner llm needs a model: set TAPWRIGHT_LLM_MODEL (and TAPWRIGHT_LLM_BASE_URL for a "
                            "non-OpenAI endpoint), or pass --no-llm to replay cached plans only")  # fmt: skip
        if mode == "off":
            if required:
                raise UserError("--no-llm with --cache off leaves no way to plan free-form steps")
            return None
        return CachingPlanner(None, cache, mode, no_llm=True)
    client = LLMClient(config, budget=budget)
    inner = LLMPlanner(client)
    return inner if mode == "off" else CachingPlanner(inner, cache, mode)


def rules_planner() -> StepPlanner:
    """The offline grammar planner (owned by the rules package)."""
    try:
        module = importlib.import_module("tapwright.planners.rules")
        planner: StepPlanner = module.RulesPlanner()
    except (ImportError, AttributeError) as exc:
        raise UserError(f"the rules planner is not available: {exc}") from exc
    return planner


class RulesThenLLM:
    """``--planner auto``: the rules planner first; a step it rejects (PLAN_INVALID) goes to the LLM side."""

    name = "auto"

    def __init__(self, rules: StepPlanner, llm: StepPlanner | None) -> None:
        self.rules = rules
        self.llm = llm
        self._by_request: OrderedDict[int, StepPlanner] = OrderedDict()

    async def plan(self, request: PlanRequest) -> PlanResponse:
        try:
            response = await self.rules.plan(request)
        except PlanError as exc:
            if self.llm is None or exc.code is not ErrorCode.PLAN_INVALID:
                raise
        else:
            self._by_request[id(request)] = self.rules
            return response
        self._by_request[id(request)] = self.llm
        while len(self._by_request) > 32:
            self._by_request.popitem(last=False)
        return await self.llm.plan(request)

    async def revise(self, request: PlanRequest, response: PlanResponse, trace: PlanTrace) -> PlanResponse | None:
        out: PlanResponse | None = await self._call("revise", request, response, trace)
        return out

    async def record(self, request: PlanRequest, response: PlanResponse, executed: Plan, trace: PlanTrace) -> None:
        await self._call("record", request, response, executed, trace)

    def forget(self, request: PlanRequest) -> None:
        owner = self._by_request.pop(id(request), None)
        forget = getattr(owner, "forget", None)
        if forget is not None:
            forget(request)

    async def _call(self, method: str, request: PlanRequest, *args: Any) -> Any:
        owner = self._by_request.get(id(request))
        func = getattr(owner, method, None)
        return await func(request, *args) if func is not None else None
