"""Choosing the step planner of a run: ``--planner rules|llm|auto`` (plus ``--cache`` and ``--no-llm``).

* ``rules`` — the offline grammar; a step it cannot parse fails with PLAN_INVALID.
* ``llm`` — every step goes to the configured OpenAI-compatible model, behind the plan cache.
* ``auto`` (default) — rules first; a step the rules reject goes to the LLM planner when one
  is configured (``TAPWRIGHT_LLM_MODEL``, ``TAPWRIGHT_LLM_BASE_URL``) or can replay from the
  plan cache; otherwise it fails with the rules planner's PLAN_INVALID and its suggestions.

The planners themselves live in :mod:`tapwright.planners`; this module only maps the
runner's options onto :func:`tapwright.planners.factory.build_planner`, imported on use so
that an offline run never loads the model client.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tapwright.errors import ErrorCode, PlanError, ToolFailure
from tapwright.planners.base import PlanRequest, PlanResponse, StepPlanner

PLANNER_KINDS = ("auto", "rules", "llm")
CACHE_MODES = ("readwrite", "read", "write", "off")


def make_planner(
    kind: str, *, cache_dir: str | Path | None = None, cache_mode: str = "readwrite", no_llm: bool = False
) -> StepPlanner:
    """Build the planner for ``--planner KIND``.

    Raises:
        UserError: unknown kind or cache mode, or ``llm`` without a configured model (a usage error, exit 2).
    """
    if kind == "rules" and not no_llm:
        # The offline path imports only the grammar, never the model client.
        from tapwright.planners.factory import rules_planner

        return rules_planner()
    from tapwright.llm.config import LLMConfig
    from tapwright.planners.factory import build_planner, rules_planner

    planner = build_planner(kind, cache_dir=cache_dir, cache_mode=cache_mode, no_llm=no_llm)
    if kind == "auto" and not no_llm and not LLMConfig.from_env().configured:
        return RulesErrorOnMiss(planner, rules_planner())
    return planner


class RulesErrorOnMiss:
    """``auto`` without a model: a step the rules reject and the cache cannot replay fails with
    the rules planner's PLAN_INVALID (its suggested phrasings are what helps), not BUDGET_EXCEEDED.

    Every other planner hook (``revise``, ``record``, ``forget``) goes to the wrapped planner.
    """

    def __init__(self, inner: StepPlanner, rules: StepPlanner) -> None:
        self.inner = inner
        self.rules = rules
        self.name = inner.name

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

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


async def close_planner(planner: object) -> None:
    """Close the model clients inside a planner chain (auto -> cache -> LLM), each once.

    Wrappers do not all forward ``aclose``, so the chain is walked through the
    attributes the planners keep their inner planners in.
    """
    seen: set[int] = set()
    pending: list[object] = [planner]
    while pending:
        item = pending.pop()
        if item is None or id(item) in seen:
            continue
        seen.add(id(item))
        pending.extend(getattr(item, name, None) for name in ("llm", "inner", "rules", "fallback"))
        close = getattr(item, "aclose", None)
        if close is not None:
            await close()
