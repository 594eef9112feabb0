"""What a page set off on its own between calls, told by the next call's answer.

A page's timer can open a dialog after the action that started it returned (a save that confirms
300 ms later). tapwright answers it at once (a dialog blocks its page), but no action's result
reported it. The server therefore asks each of the session's drivers, before and after every call,
for what no result has reported (:meth:`~tapwright.drivers.base.Driver.take_unreported`), and the
answer says it: what opened while no call was running comes first, what opened during the call but
not by it comes after the call's own text. The same facts are in the answer's ``_meta``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import mcp.types as types

from tapwright.core.context import ToolContext
from tapwright.drivers.base import Driver

META_KEY = "tapwright/unreported"


def take(ctx: ToolContext) -> list[dict[str, Any]]:
    """What the session's drivers set off that no result reported (each handed out once)."""
    out: list[dict[str, Any]] = []
    for resource in ctx.held():
        if isinstance(resource, Driver):
            out.extend(resource.take_unreported())
    return out


def attach(answer: types.CallToolResult, between: list[dict[str, Any]], during: list[dict[str, Any]], *,
           redact_text: Callable[[str], str], redact: Callable[[Any], Any]) -> None:  # fmt: skip
    """Say in ``answer`` what opened between the calls (first) and during this one (last)."""
    if between:
        answer.content.insert(0, types.TextContent(type="text", text=redact_text(
            "NOTE: after the previous call returned, while no call was running, the page opened "
            + _lines(between))))
    if during:
        answer.content.append(types.TextContent(type="text", text=redact_text(
            "NOTE: during this call, not set off by it, the page opened " + _lines(during))))
    if between or during:
        meta = dict(answer.meta or {})
        meta[META_KEY] = redact({"between_calls": between, "during_call": during})
        answer.meta = meta


def _lines(items: list[dict[str, Any]]) -> str:
    said = [f"dialog: {item.get('said', '')}" for item in items]
    head = "a dialog" if len(said) == 1 else f"{len(said)} dialogs"
    return f"{head} (answered at once: a dialog blocks its page): " + "; ".join(said)
