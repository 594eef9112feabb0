"""The one planner factory: ``--planner auto|rules|llm`` (plus ``--cache`` and ``--no-llm``).

* ``rules`` — the offline grammar; a step it cannot parse fails with PLAN_INVALID.
* ``llm`` — every step goes to the configured OpenAI-compatible model, behind the plan cache.
* ``auto`` (default) — rules first; a step the rules reject goes to the LLM planner when one
  is configured (``TAPWRIGHT_LLM_MODEL``, ``TAPWRIGHT_LLM_BASE_URL``) or can replay from the
  plan cache; otherwise it fails with the rules planner's PLAN_INVALID and its suggestions.

``offline`` and ``model``, the names ``tapwright task`` once used, are read as ``rules`` and ``llm``.

The model client is imported only when a model side is built, so an offline run never loads it.

Example:
    planner = make_planner("auto", cache_dir=".tapwright/plans", cache_mode="readwrite")
    outcome = await plan_and_run(planner, request, executor)
    await planner.aclose()
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from tapwright.errors import ErrorCode, PlanError, ToolFailure, UserError
from tapwright.plan.model import Plan
from tapwright.plan.trace import PlanTrace
from tapwright.planners.base import PlanRequest, PlanResponse, StepPlanner
from tapwright.planners.cache import CACHE_MODES, CacheMode, CachingPlanner, PlanCache

if TYPE_CHECKING:
    from tapwright.llm.budget import Budget
    from tapwright.llm.config import LLMConfig

PlannerKind = Literal["auto", "rules", "llm"]
PLANNER_KINDS: tuple[PlannerKind, ...] = ("auto", "rules", "llm")
# Older spellings (``tapwright task --planner`` and ``Session.task`` took them) read as the names above.
PLANNER_ALIASES: dict[str, PlannerKind] = {"offline": "rules", "model": "llm"}


def planner_kind(name: str) -> str:
    """The planner choice ``name`` stands for: ``offline`` is ``rules``, ``model`` is ``llm``, others unchanged.

    Unknown names come back as they are, so the caller's own check (argparse ``choices``,
    :func:`make_planner`) reports them with the list of valid choices.
    """
    return PLANNER_ALIASES.get(name, name)


def make_planner(
    kind: str,
    config: LLMConfig | None = None,
    cache_dir: str | Path | None = None,
    cache_mode: str = "readwrite",
    no_llm: bool = False,
    *,
    budget: Budget | None = None,
) -> StepPlanner:
    """The planner for ``--planner KIND`` (see the module docstring). Close it with ``aclose()``.

    Args:
        kind: ``auto``, ``rules`` or ``llm`` (``offline`` and ``model`` are read as ``rules`` and ``llm``).
        config: model settings; ``LLMConfig.from_env()`` when omitted.
        cache_dir: the plan cache folder (default ``$TAPWRIGHT_CACHE_DIR`` or ``.tapwright/plans``).
        cache_mode: ``off``, ``read``, ``write`` or ``readwrite``.
        no_llm: forbid every model call; a step without a usable cached plan fails with BUDGET_EXCEEDED.
        budget: a run budget shared with other model users (the agent); from ``config`` when omitted.

    Raises:
        UserError: unknown kind or mode, or ``llm`` without a model and without ``no_llm`` (a usage error, exit 2).
    """
    kind = planner_kind(kind)
    if kind not in PLANNER_KINDS:
        raise UserError(f"unknown planner {kind!r}; choose one of {', '.join(PLANNER_KINDS)}")
    if cache_mode not in CACHE_MODES:
        raise UserError(f"unknown cache mode {cache_mode!r}; choose one of {', '.join(CACHE_MODES)}")
    if kind == "rules":
        return rules_planner()
    if config is None:
        from tapwright.llm.config import LLMConfig

        config = LLMConfig.from_env()
    llm = _llm_side(config, cache_dir, cache_mode, no_llm, budget=budget, required=kind == "llm")
    if kind == "llm":
        assert llm is not None
        return llm
    auto = RulesThenLLM(rules_planner(), llm)
    if not no_llm and not config.configured:
        return RulesErrorOnMiss(auto, rules_planner())
    return auto


def _llm_side(
    config: LLMConfig,
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
    if no_llm or not config.configured:
        if not no_llm and required:
            raise UserError("--planner llm needs a model: set TAPWRIGHT_LLM_MODEL (and TAPWRIGHT_LLM_BASE_URL for a "
                            "non-OpenAI endpoint), or pass --no-llm to replay cached plans only")  # fmt: skip
        if mode == "off":
            if required:
                raise UserError("--no-llm with --cache off leaves no way to plan free-form steps")
            return None
        return CachingPlanner(None, cache, mode, no_llm=True)
    from tapwright.llm.client import LLMClient
    from tapwright.planners.llm import LLMPlanner

    inner = LLMPlanner(LLMClient(config, budget=budget))
    return inner if mode == "off" else CachingPlanner(inner, cache, mode)


def rules_planner() -> StepPlanner:
    """The offline grammar planner."""
    from tapwright.planners.rules import RulesPlanner  # the grammar tables load on first use

    return RulesPlanner()


class RulesThenLLM(StepPlanner):
    """``--planner auto``: the rules planner first; a step it rejects (PLAN_INVALID) goes to the LLM side."""

    name = "auto"

    def __init__(self, rules: StepPlanner, llm: StepPlanner | None) -> None:
        self.rules = rules
        self.llm = llm
        self.untrusted_plans = llm is not None
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

    def _owner(self, request: PlanRequest) -> StepPlanner | None:
        return self._by_request.get(id(request))

    async def revise(self, request: PlanRequest, response: PlanResponse, trace: PlanTrace) -> PlanResponse | None:
        owner = self._owner(request)
        return await owner.revise(request, response, trace) if owner is not None else None

    async def record(self, request: PlanRequest, response: PlanResponse, executed: Plan, trace: PlanTrace) -> None:
        owner = self._owner(request)
        if owner is not None:
            await owner.record(request, response, executed, trace)

    def forget(self, request: PlanRequest) -> None:
        owner = self._by_request.pop(id(request), None)
        if owner is not None:
            owner.forget(request)

    async def aclose(self) -> None:
        await self.rules.aclose()
        if self.llm is not None:
            await self.llm.aclose()


class RulesErrorOnMiss(StepPlanner):
    """``auto`` without a model: a step the rules reject and the cache cannot replay fails with
    the rules planner's PLAN_INVALID (its suggested phrasings are what helps), not BUDGET_EXCEEDED.

    Every other hook goes to the wrapped planner.
    """

    def __init__(self, inner: StepPlanner, rules: StepPlanner) -> None:
        self.inner = inner
        self.rules = rules
        self.name = inner.name
        self.untrusted_plans = inner.untrusted_plans

    async def plan(self, request: PlanRequest) -> PlanResponse:
        try:
            return await self.inner.plan(request)
        except ToolFailure as exc:
            if exc.code is not ErrorCode.BUDGET_EXCEEDED:
                raise
            try:
                await self.rules.plan(request)
            except PlanError as rules_exc:
                raise PlanError(
                    ErrorCode.PLAN_INVALID,
                    f"{rules_exc.message} (no model is configured, TAPWRIGHT_LLM_MODEL, and no cached plan matches)",
                ) from exc
            raise

    async def revise(self, request: PlanRequest, response: PlanResponse, trace: PlanTrace) -> PlanResponse | None:
        return await self.inner.revise(request, response, trace)

    async def record(self, request: PlanRequest, response: PlanResponse, executed: Plan, trace: PlanTrace) -> None:
        await self.inner.record(request, response, executed, trace)

    def forget(self, request: PlanRequest) -> None:
        self.inner.forget(request)

    async def aclose(self) -> None:
        await self.inner.aclose()


__all__ = ["PLANNER_KINDS", "PlannerKind", "RulesErrorOnMiss", "RulesThenLLM", "make_planner", "rules_planner"]
