"""Static checks of a model's tool calls, shared by the LLM planner and the agent loop.

``${web__locate.output.x}`` (a reference in the exported tool-name form) is normalised to
``${web.locate.output.x}``; then every call is checked against the registry: unknown tools,
invalid arguments, and test data or secrets the model was not given.
"""

from __future__ import annotations

import re
from typing import Any

from tapwright.core.result import ToolResult
from tapwright.errors import ErrorCode, PlanError
from tapwright.llm.client import ParsedCall
from tapwright.plan.placeholders import find_refs, placeholder_paths
from tapwright.registry.export import tool_name
from tapwright.registry.registry import Registry

_EXPORTED_REF_RE = re.compile(r"\$\{\s*([a-z][a-z0-9_]*(?:__[a-z][a-z0-9_]*)+)\.output")


def normalize_refs(value: Any) -> Any:
    """``${web__locate.output.x}`` -> ``${web.locate.output.x}`` everywhere in an argument tree."""
    if isinstance(value, str):
        return _EXPORTED_REF_RE.sub(lambda m: "${" + m.group(1).replace("__", ".") + ".output", value)
    if isinstance(value, dict):
        return {k: normalize_refs(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalize_refs(v) for v in value]
    return value


def check_calls(
    calls: list[ParsedCall], registry: Registry, var_names: list[str], secret_names: list[str]
) -> dict[str, ToolResult]:
    """Static problems per call id: unknown tools, invalid arguments, unknown data names."""
    problems: dict[str, ToolResult] = {}
    for call in calls:
        spec = registry.get(call.name)
        if spec is None:
            problems[call.id] = registry.unknown_tool(tool_name(call.name))
            continue
        args = normalize_refs(call.arguments)
        try:
            refs = find_refs(args)
        except PlanError as exc:
            problems[call.id] = ToolResult.from_failure(exc)
            continue
        missing = [r.text for r in refs if (r.kind == "vars" and r.target not in var_names)
                   or (r.kind == "secrets" and r.target not in secret_names)]  # fmt: skip
        if missing:
            problems[call.id] = ToolResult.failure(
                ErrorCode.UNRESOLVED_PLACEHOLDER,
                f"{', '.join(missing)} not available; use only the variables and secrets listed",
            )
            continue
        dynamic = placeholder_paths(args)
        bad = [p for p in spec.validate(args) if not any(p.path == d or p.path.startswith((d + ".", d + "[")) for d in dynamic)]
        if bad:
            problems[call.id] = ToolResult.failure(
                ErrorCode.INVALID_INPUT, f"{spec.name}: invalid arguments: " + "; ".join(str(p) for p in bad)
            )
    return problems
