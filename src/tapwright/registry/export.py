"""Export tool manifests to the function-calling formats of OpenAI, Anthropic and MCP."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Literal

from tapwright.registry.spec import ToolSpec

ExportFormat = Literal["openai", "anthropic", "mcp", "manifest"]
FUNCTION_NAME_RE = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")


def function_name(tool_name: str) -> str:
    """``web.click`` -> ``web__click``: valid for OpenAI and Anthropic, and reversible."""
    return tool_name.replace(".", "__")


def tool_name(function: str) -> str:
    """The reverse of :func:`function_name`."""
    return function.replace("__", ".")


def _description(spec: ToolSpec) -> str:
    return spec.description


def to_openai(spec: ToolSpec) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": function_name(spec.name),
            "description": _description(spec),
            "parameters": spec.parameters,
        },
    }


def to_anthropic(spec: ToolSpec) -> dict[str, Any]:
    return {"name": function_name(spec.name), "description": _description(spec), "input_schema": spec.parameters}


def effect_hints(spec: ToolSpec) -> dict[str, bool]:
    """The MCP tool annotations for a tool's declared effects, keyed as the MCP SDK's ``ToolAnnotations``.

    Only what the tool declares is given: a client reads a missing hint with the protocol's
    cautious default (not read-only, not idempotent, destructive, open world).
    """
    declared = {
        "read_only_hint": spec.read_only,
        "idempotent_hint": spec.idempotent,
        "destructive_hint": spec.destructive,
        "open_world_hint": spec.open_world,
    }
    return {key: value for key, value in declared.items() if value is not None}


_HINT_KEYS = {"read_only_hint": "readOnlyHint", "idempotent_hint": "idempotentHint",
              "destructive_hint": "destructiveHint", "open_world_hint": "openWorldHint"}  # fmt: skip


def to_mcp(spec: ToolSpec) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": function_name(spec.name),
        "title": spec.name,
        "description": _description(spec),
        "inputSchema": spec.parameters,
        "annotations": {"title": spec.name, **{_HINT_KEYS[k]: v for k, v in effect_hints(spec).items()}},
    }
    if spec.output_schema and spec.output_schema.get("type") == "object":
        out["outputSchema"] = spec.output_schema
    return out


def export(specs: Iterable[ToolSpec], fmt: ExportFormat) -> list[dict[str, Any]]:
    """All ``specs`` in one format."""
    convert = {"openai": to_openai, "anthropic": to_anthropic, "mcp": to_mcp, "manifest": ToolSpec.manifest}[fmt]
    return [convert(s) for s in specs]
