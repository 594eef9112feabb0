"""Checking compiled plans against the tool schemas (shared by the rules planner tests)."""

from __future__ import annotations

from typing import Any

from tapwright.platforms._web_vocabulary import web_args
from tapwright.registry.registry import Registry

REGISTRY = Registry.default()
WEB_ARGS = web_args()


def validate(steps: list[dict[str, Any]]) -> None:
    """Against the registered tool's JSON Schema when its pack is installed, else the contract's argument names."""
    for step in steps:
        spec = REGISTRY.get(step["tool"])
        if spec is not None:
            assert spec.validate(step["args"]) == [], (step, spec.validate(step["args"]))
        else:
            ns, verb = step["tool"].split(".", 1)
            assert ns == "web" and verb in WEB_ARGS, step
            assert set(step["args"]) <= set(WEB_ARGS[verb]), step
