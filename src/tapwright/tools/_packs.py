"""Shared pieces of the four data packs (extract, forms, nav, check): the tool decorator and examples."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tapwright.registry.decorator import spec_from_function
from tapwright.registry.registry import ALIAS_TAG
from tapwright.registry.spec import ToolSpec


def pack_tool(
    specs: list[ToolSpec],
    category: str,
    *,
    triggers: list[str],
    examples: list[dict[str, Any]],
    output: Any = None,
    timeout_ms: int = 30_000,
    aliases: tuple[str, ...] = (),
    dependencies: tuple[str, ...] = ("web",),
    read_only: bool | None = None,
    idempotent: bool | None = None,
    destructive: bool | None = None,
    open_world: bool = False,
) -> Callable[[Callable[..., Any]], ToolSpec]:
    """Make a pack tool from a typed function; the signature and docstring become its manifest.

    Each tool declares its effects (``read_only=True``, or ``idempotent=``); the packs reach
    no outside address of their own, so ``open_world`` is false unless a tool says so.
    """

    def wrap(func: Callable[..., Any]) -> ToolSpec:
        spec = spec_from_function(
            func,
            category=category,
            triggers=triggers,
            examples=examples,
            dependencies=list(dependencies),
            timeout_ms=timeout_ms,
            tags=[ALIAS_TAG + a for a in aliases],
            output=output,
            read_only=read_only,
            idempotent=idempotent,
            destructive=destructive,
            open_world=open_world,
        )
        specs.append(spec)
        return spec

    return wrap


def example(instruction: str, parameters: dict[str, Any], expected_output: Any = None) -> dict[str, Any]:
    """One manifest example (``instruction`` / ``parameters`` / ``expected_output``)."""
    out: dict[str, Any] = {"instruction": instruction, "parameters": parameters}
    if expected_output is not None:
        out["expected_output"] = expected_output
    return out
