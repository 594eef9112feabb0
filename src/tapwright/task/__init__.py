"""Tasks: an instruction -> a task plan (by the tools' triggers, or by the configured model) -> validated JSON.

Example:
    result = await run_task("Find all products under 150 in the Outdoor category", ctx, registry, url="/products")
    print(result.to_dict())    # {"ok": true, "key": "products", "count": 12, "data": [...], "checks": [...]}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from tapwright.core.context import ToolContext
from tapwright.core.result import ToolResult
from tapwright.errors import ToolFailure, UserError
from tapwright.planners.factory import PLANNER_KINDS, planner_kind
from tapwright.registry.registry import Registry
from tapwright.task._offline import nearest_tools, plan_offline
from tapwright.task._run import TaskResult, deferred_checks, needs_validator, run_plan

if TYPE_CHECKING:
    from tapwright.llm.config import LLMConfig

# ``offline`` and ``model`` are the older spellings of ``rules`` and ``llm``, still accepted.
PlannerChoice = Literal["auto", "rules", "llm", "offline", "model"]


async def run_task(
    instruction: str,
    ctx: ToolContext,
    registry: Registry,
    *,
    url: str | None = None,
    planner: PlannerChoice = "auto",
    llm: LLMConfig | None = None,
) -> TaskResult:
    """Plan ``instruction`` and run it; never raises for a failing task (the TaskResult says why).

    Args:
        instruction: What to get or do, in plain English.
        ctx: The run's context (a web session in it, or provided lazily).
        registry: The tools.
        url: The page to open first.
        planner: ``auto`` (``llm`` when a model is configured, else ``rules``), ``rules`` (the
            tools' triggers, no model) or ``llm`` (the model writes the plan). ``offline`` and
            ``model`` are read as ``rules`` and ``llm``.
        llm: The model settings (``LLMConfig.from_env()`` when omitted).

    Raises:
        UserError: an unknown planner.
    """
    kind = planner_kind(planner)
    if kind not in PLANNER_KINDS:
        raise UserError(f"unknown planner {planner!r}; choose one of {', '.join(PLANNER_KINDS)}")
    use_model = kind == "llm"
    config = llm
    if kind != "rules":
        from tapwright.llm.config import LLMConfig

        config = llm or LLMConfig.from_env()
        use_model = use_model or config.configured
    try:
        if use_model and config is not None:
            from tapwright.llm.client import LLMClient
            from tapwright.task._model import plan_with_model

            client = LLMClient(config, secrets=ctx.secrets)
            try:
                data = await plan_with_model(instruction, registry, client, url)
            finally:
                await client.aclose()
            if url and not any(s.get("tool") == "web.navigate" for s in data.get("plan", []) if isinstance(s, dict)):
                data["plan"] = [{"tool": "web.navigate", "parameters": {"url": url}}, *data.get("plan", [])]
            return await run_plan(data, ctx, registry, planner="llm", llm=config)
        data = plan_offline(instruction, registry, url)
    except ToolFailure as exc:
        failed = ToolResult.from_failure(exc)
        return TaskResult(False, reason=exc.message, error=failed.error, planner="llm" if use_model else "rules",
                          data=None, checks=[], plan={"nearest": exc.data} if exc.data else {})  # fmt: skip
    return await run_plan(data, ctx, registry, planner="rules", llm=config if kind != "rules" else None)


__all__ = ["PlannerChoice", "TaskResult", "deferred_checks", "nearest_tools", "needs_validator", "plan_offline", "run_plan", "run_task"]
