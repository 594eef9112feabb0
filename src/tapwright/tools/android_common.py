"""Shared pieces of the ``android.*`` pack: argument types, the decorator, and screen queries."""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal, TypeVar

from annotated_types import Ge, Le, MaxLen, MinLen

from tapwright.core.element import Element
from tapwright.core.result import ToolResult, visible_status
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.drivers.android.hierarchy import app_tree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.registry.decorator import spec_from_function
from tapwright.registry.registry import ALIAS_TAG
from tapwright.registry.spec import ToolSpec

Text = Annotated[str, MinLen(1), MaxLen(500)]
Typed = Annotated[str, MaxLen(10_000)]
Package = Annotated[str, MinLen(3), MaxLen(255)]
Selector = Literal["any", "text", "content-desc", "resource-id"]
Coord = Annotated[int, Ge(0), Le(100_000)]
SPECS: list[ToolSpec] = []
_FIRST_KEY = re.compile(r"(\r?\n|\t)")  # the first Enter or Tab in typed text


F = TypeVar("F", bound=Callable[..., Awaitable[ToolResult]])


def android_tool(
    triggers: list[str],
    timeout_ms: int = 30_000,
    *,
    read_only: bool | None = None,
    idempotent: bool | None = None,
    destructive: bool | None = None,
    open_world: bool = False,
    aliases: tuple[str, ...] = (),
) -> Callable[[F], F]:
    """Make an android tool: the function's signature and docstring become its manifest.

    Each tool declares its effects (``read_only=True``, or ``idempotent=``); only a tool that may
    load an address it is given (a link a browser may open) is ``open_world``. ``aliases``: other
    names it answers to.
    """

    def wrap(func: F) -> F:
        SPECS.append(spec_from_function(func, category="android", triggers=triggers, dependencies=["android"],
                                        timeout_ms=timeout_ms, read_only=read_only, idempotent=idempotent,
                                        destructive=destructive, open_world=open_world,
                                        tags=[ALIAS_TAG + f"android.{a}" for a in aliases]))  # fmt: skip
        return func

    return wrap


def snapshot_note(driver: AndroidDriver) -> str:
    return "reused" if driver.reused else "fresh"


Distance = Annotated[int, Ge(-20_000), Le(20_000)]
Duration = Annotated[int, Ge(50), Le(10_000)]


def _values(e: Element, selector: str) -> list[str]:
    out = []
    if selector in ("any", "text") and e.text:
        out.append(e.text)
    if selector in ("any", "content-desc") and e.attr("content_desc"):
        out.append(e.attr("content_desc"))
    if selector in ("any", "resource-id") and e.attr("resource_id"):
        out.append(e.attr("resource_id"))
    return out


async def matches(driver: AndroidDriver, text: str, selector: str) -> list[dict[str, Any]]:
    tree = app_tree(await driver.snapshot())
    needle = text.casefold()
    found = []
    for e in tree:
        if e.rect is None or not e.state.visible:
            continue
        hit = next((v for v in _values(e, selector) if needle in v.casefold()), None)
        if hit is not None:
            found.append({"value": hit, "cx": e.rect.center_x, "cy": e.rect.center_y, "ref": e.ref, "role": e.role})
    return found


async def pick(driver: AndroidDriver, text: str, selector: str, position: int | None) -> dict[str, Any]:
    """The match of ``text`` to act on: the only one, the only exact one, or the one at ``position``.

    Several matches with no position and no single exact one are AMBIGUOUS: taking the first
    would act on whichever the screen lists first ("Task 1" inside "Task 18").
    """
    found = await matches(driver, text, selector)
    if not found:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no element matches {text!r} (selectorType={selector})")
    if position is None:
        exact = [f for f in found if " ".join(f["value"].split()).casefold() == " ".join(text.split()).casefold()]
        if len(found) == 1 or len(exact) == 1:
            return found[0] if len(found) == 1 else exact[0]
        raise ToolFailure(ErrorCode.AMBIGUOUS, f"{len(found)} elements contain {text!r} and none is the only exact "
                          f"match: retry with position in 0..{len(found) - 1}, or more of the text",
                          data={"candidates": found[:10]})  # fmt: skip
    if len(found) > 1 and position >= len(found):
        raise ToolFailure(ErrorCode.AMBIGUOUS, f"{len(found)} matches for {text!r}: retry with position in 0..{len(found) - 1}",
                          data={"candidates": found[:10]})  # fmt: skip
    if position >= len(found):
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"position {position} is out of range: only 1 match for {text!r}")
    return found[position]


async def type_into(driver: AndroidDriver, x: int, y: int, element: Element | None, text: str, hide: bool) -> None:
    if element is not None and not element.state.editable:
        raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"{element.role} {element.name or element.text!r} is not an editable "
                          "field: tap it, or describe the text field itself")  # fmt: skip
    await driver.click_at(x, y)
    await driver.clear_focused()
    # Text up to the first Enter or Tab is read back: those keys may submit or move the focus.
    head, *keys = _FIRST_KEY.split(text, maxsplit=1)
    await driver.type_text(head)
    await driver.check_field(head)
    if keys:
        await driver.type_text("".join(keys))
    if hide and (await driver.hierarchy()).keyboard_shown:
        await driver.press_key("back")


async def swipe_by(driver: AndroidDriver, vertical: bool, distance: int, duration_ms: int) -> ToolResult:
    w, h = driver.size or await driver.screen_size()
    span = h if vertical else w
    start = int(span * (0.75 if distance > 0 else 0.25))
    end = max(0, min(span - 1, start - distance))
    mid = (w if vertical else h) // 2
    if vertical:
        await driver.swipe(mid, start, mid, end, duration_ms)
    else:
        await driver.swipe(start, mid, end, mid, duration_ms)
    return ToolResult.success({"from": start, "to": end, "vertical": vertical}, status=f"OK: swiped {start}->{end}")


def vanished(driver: AndroidDriver, text: str) -> ToolResult | None:
    """A check's success from the transient memory: a toast or snackbar showing ``text`` that a recent
    snapshot saw and the screen no longer shows (None when there is none). The status says so."""
    seen = driver.transient.find(text)
    if seen is None or driver.transient.on_screen(seen):
        return None
    data = {"matches": 1, "transient": seen.to_dict(time.monotonic(), on_screen=False), "snapshot": snapshot_note(driver)}
    ago = data["transient"]["seen_s_ago"]  # type: ignore[index]
    return ToolResult.success(data, status=f"{visible_status(1)} (a {seen.kind} seen {ago}s ago, gone now)")
