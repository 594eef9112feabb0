"""Shared pieces of the ``ios.*`` pack: the decorator and the screen queries the tools share.

Argument names and types are Android's (``tapwright.tools.android_common``) so a plan or a
plain-English case runs unchanged on both: ``package_name`` is the bundle id on iOS, the
``selector_type`` ``content-desc`` is the accessibility label and ``resource-id`` the
accessibility identifier (React Native's ``testID``).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from tapwright.core.element import Element
from tapwright.core.result import ToolResult
from tapwright.drivers.ios.driver import IosDriver
from tapwright.drivers.ios.source import app_tree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.registry.decorator import spec_from_function
from tapwright.registry.registry import ALIAS_TAG
from tapwright.registry.spec import ToolSpec

SPECS: list[ToolSpec] = []
_FIRST_KEY = re.compile(r"(\r?\n|\t)")
F = TypeVar("F", bound=Callable[..., Awaitable[ToolResult]])


def ios_tool(triggers: list[str], timeout_ms: int = 30_000, *, read_only: bool | None = None,
             idempotent: bool | None = None, destructive: bool | None = None,
             aliases: tuple[str, ...] = ()) -> Callable[[F], F]:  # fmt: skip
    """Make an ios tool: the function's signature and docstring become its manifest; its effects are declared.
    ``aliases``: other names it answers to."""

    def wrap(func: F) -> F:
        SPECS.append(spec_from_function(func, category="ios", triggers=triggers, dependencies=["ios"],
                                        timeout_ms=timeout_ms, read_only=read_only, idempotent=idempotent,
                                        destructive=destructive, open_world=False,
                                        tags=[ALIAS_TAG + f"ios.{a}" for a in aliases]))  # fmt: skip
        return func

    return wrap


def snapshot_note(driver: IosDriver) -> str:
    return "reused" if driver.reused else "fresh"


def _values(e: Element, selector: str) -> list[str]:
    out = []
    if selector in ("any", "text"):
        out += [v for v in (e.text, e.name, e.value or "") if v]
    if selector in ("any", "content-desc") and e.attr("content_desc"):
        out.append(e.attr("content_desc"))
    if selector in ("any", "resource-id") and e.attr("resource_id"):
        out.append(e.attr("resource_id"))
    return out


async def matches(driver: IosDriver, text: str, selector: str) -> list[dict[str, Any]]:
    """Visible elements whose text, label or identifier contains ``text`` (case-insensitive), innermost first
    dropped: a cell and its own label count once (the cell, what a tap should reach)."""
    tree = app_tree(await driver.snapshot())
    needle = text.casefold()
    found: list[dict[str, Any]] = []
    for e in tree:
        if e.rect is None or not e.state.visible or e.role in ("application", "navigation"):
            continue
        hit = next((v for v in _values(e, selector) if needle in v.casefold()), None)
        if hit is None:
            continue
        if found and found[-1]["ref"] == e.parent and found[-1]["value"].casefold() == hit.casefold():
            continue  # the caption inside the control just listed
        found.append({"value": hit, "cx": e.rect.center_x, "cy": e.rect.center_y, "ref": e.ref, "role": e.role})
    return found


async def pick(driver: IosDriver, text: str, selector: str, position: int | None) -> dict[str, Any]:
    """The match of ``text`` to act on: the only one, the only exact one, or the one at ``position`` (as on Android)."""
    found = await matches(driver, text, selector)
    if not found:
        page = await driver.page()
        hint = f"; {page.depth_hint()}" if page.depth_limited else ""
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no element matches {text!r} (selectorType={selector}){hint}")
    if position is None:
        exact = [f for f in found if " ".join(f["value"].split()).casefold() == " ".join(text.split()).casefold()]
        if len(found) == 1 or len(exact) == 1:
            return found[0] if len(found) == 1 else exact[0]
        raise ToolFailure(ErrorCode.AMBIGUOUS, f"{len(found)} elements contain {text!r} and none is the only exact "
                          f"match: retry with position in 0..{len(found) - 1}, or more of the text",
                          data={"candidates": found[:10]})  # fmt: skip
    if position >= len(found):
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"position {position} is out of range: {len(found)} match(es) for {text!r}")
    return found[position]


async def type_into(driver: IosDriver, x: int, y: int, element: Element | None, text: str, hide: bool) -> None:
    """Tap the field, empty it, type, read it back (up to the first Enter or Tab), hide the keyboard."""
    if element is not None and not element.state.editable:
        raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"{element.role} {element.name or element.text!r} is not an editable "
                          "field: tap it, or describe the text field itself")  # fmt: skip
    await driver.click_at(x, y)
    await driver.clear_focused()
    head, *keys = _FIRST_KEY.split(text, maxsplit=1)
    await driver.type_text(head)
    await driver.check_field(head)
    if keys:
        await driver.type_text("".join(keys))
    if hide and (await driver.page(fresh=True)).keyboard_shown:
        await driver.hide_keyboard()


async def swipe_by(driver: IosDriver, vertical: bool, distance: int, duration_ms: int) -> ToolResult:
    """A swipe of ``distance`` points (positive: the finger moves up / left, showing what is below / right)."""
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
