"""Shared pieces of the ``web.*`` tool pack: argument types and the decorator that adds manifests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from annotated_types import Ge, Le, MaxLen, MinLen

from tapwright.registry.decorator import spec_from_function
from tapwright.registry.spec import ToolSpec

# An element: a description ("the blue Sign in button"), a selector (css=..., xpath=..., #id) or a ref (e12).
TargetArg = Annotated[str, MinLen(1), MaxLen(500)]
Coord = Annotated[int, Ge(0), Le(100_000)]
TimeoutMs = Annotated[int, Ge(0), Le(120_000)]

SPECS: list[ToolSpec] = []


def web_tool(
    triggers: list[str],
    examples: list[dict[str, Any]],
    *,
    timeout_ms: int = 30_000,
    read_only: bool | None = None,
    idempotent: bool | None = None,
    destructive: bool | None = None,
    open_world: bool = False,
) -> Callable[[Callable[..., Any]], ToolSpec]:
    """Make a web tool: the function's signature and docstring become its manifest.

    Each tool declares its effects (``read_only=True``, or ``idempotent=``); ``open_world``
    is for the tools that load an address the caller gives.
    """

    def wrap(func: Callable[..., Any]) -> ToolSpec:
        spec = spec_from_function(
            func,
            category="web",
            triggers=triggers,
            examples=examples,
            dependencies=["web"],
            timeout_ms=timeout_ms,
            read_only=read_only,
            idempotent=idempotent,
            destructive=destructive,
            open_world=open_world,
        )
        SPECS.append(spec)
        return spec

    return wrap


def example(instruction: str, parameters: dict[str, Any], expected_output: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {"instruction": instruction, "parameters": parameters}
    if expected_output is not None:
        out["expected_output"] = expected_output
    return out
