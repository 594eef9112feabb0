"""Instruction -> task plan written by the configured model from the tools' manifests."""

from __future__ import annotations

import json
import re
from typing import Any

from tapwright.errors import ErrorCode, PlanError, ToolFailure
from tapwright.llm.client import LLMClient
from tapwright.plan.model import Plan
from tapwright.plan.placeholders import placeholder_paths
from tapwright.registry.registry import Registry

PACKS = ("extract", "forms", "nav", "check")
_SYSTEM = """You plan data tasks on a web page with these tools. Reply with ONE JSON object only, in this format:
{"plan": [{"tool": "<name>", "parameters": {...}, "description": "<why>"}, ...],
 "expected_output": "<the key of the records in the final output, e.g. products>",
 "fallback": "<a tool to try when a step of its namespace fails>"}
Rules: use only the tools listed; parameters must match each tool's JSON Schema; the page is already open;
put the check.* steps last and leave out their "records" parameter (the validator passes the result);
never invent data. A step may read an earlier output with "${<tool name>.output.<path>}".
Tools:
"""


def manifest_digest(registry: Registry) -> str:
    """The packs' manifests, compact: what the model chooses from."""
    lines = []
    for spec in registry.list():
        if spec.name.split(".", 1)[0] not in PACKS and spec.name != "web.navigate":
            continue
        params = {k: {kk: vv for kk, vv in v.items() if kk in ("type", "enum", "default", "description")}
                  for k, v in (spec.parameters.get("properties") or {}).items()}  # fmt: skip
        example = spec.examples[0] if spec.examples else {}
        lines.append(json.dumps({"name": spec.name, "description": spec.description.split("\n")[0], "parameters": params,
                                 "example": {"instruction": example.get("instruction"), "parameters": example.get("parameters")}},
                                ensure_ascii=False))  # fmt: skip
    return "\n".join(lines)


def _parse(content: str) -> dict[str, Any]:
    text = re.sub(r"^```(?:json)?\s*|\s*```$", "", content.strip())
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end < start:
        raise ToolFailure(ErrorCode.LLM_MALFORMED_OUTPUT, "the model's reply holds no JSON object")
    try:
        data = json.loads(text[start:end + 1])
    except json.JSONDecodeError as exc:
        raise ToolFailure(ErrorCode.LLM_MALFORMED_OUTPUT, f"the model's plan is not JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise ToolFailure(ErrorCode.LLM_MALFORMED_OUTPUT, "the model's plan is not a JSON object")
    return data


def _problem(data: dict[str, Any], registry: Registry) -> str | None:
    try:
        plan = Plan.from_data(data)
    except PlanError as exc:
        return exc.message
    for step in plan.steps:
        spec = registry.get(step.tool)
        if spec is None and step.fallback is None:
            return f"there is no tool {step.tool!r}"
        if spec is not None:
            dynamic = placeholder_paths(step.args)
            bad = [p for p in spec.validate(step.args) if not any(p.path == r or p.path.startswith((r + ".", r + "[")) for r in dynamic)]
            if bad:
                return f"{step.tool}: " + "; ".join(str(b) for b in bad[:3])
    return None


async def plan_with_model(instruction: str, registry: Registry, client: LLMClient, url: str | None = None) -> dict[str, Any]:
    """Ask the model for a task plan; one repair round when the first reply is not a valid plan.

    Raises:
        ToolFailure: LLM_MALFORMED_OUTPUT when neither reply is a valid plan; LLM_* errors from the client.
    """
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": _SYSTEM + manifest_digest(registry)},
        {"role": "user", "content": f"Instruction: {instruction}" + (f"\nPage: {url}" if url else "")},
    ]
    problem = "no reply"
    for _ in range(2):
        reply = await client.complete(messages)
        content = reply.content or ""
        try:
            data = _parse(content)
        except ToolFailure as exc:
            problem = exc.message
        else:
            found = _problem(data, registry)
            if found is None:
                return data
            problem = found
        messages += [{"role": "assistant", "content": content},
                     {"role": "user", "content": f"That plan is not valid: {problem}. Reply with the corrected JSON plan only."}]  # fmt: skip
    raise ToolFailure(ErrorCode.LLM_MALFORMED_OUTPUT, f"the model did not write a valid plan: {problem}")
