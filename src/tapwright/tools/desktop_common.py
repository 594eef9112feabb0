"""Shared pieces of the ``desktop.*`` pack: argument types, the decorator that adds manifests, waiting."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypeVar

from annotated_types import Ge, Le, MaxLen, MinLen

from tapwright.core.element import UiTree
from tapwright.drivers.desktop import DesktopDriver
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import Candidate, locate
from tapwright.registry.decorator import spec_from_function
from tapwright.registry.spec import ToolSpec

TargetArg = Annotated[str, MinLen(1), MaxLen(500)]
Coord = Annotated[int, Ge(0), Le(100_000)]
TimeoutMs = Annotated[int, Ge(0), Le(120_000)]
Title = Annotated[str, MaxLen(500)]

SPECS: list[ToolSpec] = []
T = TypeVar("T")


def desktop_tool(
    triggers: list[str],
    examples: list[dict[str, Any]] | None = None,
    *,
    timeout_ms: int = 30_000,
    read_only: bool | None = None,
    idempotent: bool | None = None,
    destructive: bool | None = None,
) -> Callable[[Callable[..., Any]], ToolSpec]:
    """Make a desktop tool: the function's signature and docstring become its manifest.

    Each tool declares its effects (``read_only=True``, or ``idempotent=``); none reaches an
    outside address (``open_world`` false).
    """

    def wrap(func: Callable[..., Any]) -> ToolSpec:
        spec = spec_from_function(func, category="desktop", triggers=triggers, examples=examples or [],
                                  dependencies=["desktop"], timeout_ms=timeout_ms, read_only=read_only,
                                  idempotent=idempotent, destructive=destructive, open_world=False)  # fmt: skip
        SPECS.append(spec)
        return spec

    return wrap


def example(instruction: str, parameters: dict[str, Any], expected_output: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {"instruction": instruction, "parameters": parameters}
    if expected_output is not None:
        out["expected_output"] = expected_output
    return out


async def until(check: Callable[[], Awaitable[T]], timeout_ms: int, *, every: float = 0.15) -> T:
    """Run ``check`` until it stops raising ToolFailure (retriable codes and assertion failures) or time runs out."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            return await check()
        except ToolFailure as exc:
            waitable = exc.retriable or exc.code in (ErrorCode.ASSERTION_FAILED, ErrorCode.AMBIGUOUS)
            if not waitable:
                raise
            if time.monotonic() >= deadline:
                exc.waited = exc.waited or timeout_ms > 0  # looked until the time was up: not to be looked for again
                raise
        await asyncio.sleep(every)


async def find(driver: DesktopDriver, target: str) -> tuple[Candidate, UiTree]:
    """The element ``target`` means on a fresh snapshot (not-found failures say what OCR read)."""
    tree = await driver.snapshot()
    try:
        return locate(tree, target), tree
    except ToolFailure as exc:
        raise driver.explain(exc, tree) from None


def center(found: Candidate) -> tuple[int, int]:
    rect = found.element.rect
    if rect is None:
        raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{found.describe()} has no position on screen")
    return rect.center_x, rect.center_y
