"""Tool-call templates: how a platform's rules-planner vocabulary maps a semantic verb to tool calls.

A :data:`Table` maps a semantic verb (``click``, ``fill``, ``verify_text``) either to a
list of call templates or to a string that explains why the platform cannot do it.
In a template, a :class:`Slot` is filled from the parsed step's arguments (and dropped
when the step lacks it); a call ``id`` starting with ``@`` is renamed to a fresh id per
use, and ``${@x.output...}`` in the same template follows the rename, so one plan can
chain several locate calls.

Example (the locate-then-act chain, as :func:`coordinate_table` builds it)::

    {"click": [{"id": "@loc", "tool": "toy.locate", "args": {"target": Slot("target")}},
               {"tool": "toy.click_at", "args": {"x": "${@loc.output.center_x}", "y": "${@loc.output.center_y}"}}]}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Slot:
    """A template argument read from the step's arguments (``name``), optionally converted."""

    name: str
    convert: Callable[[Any], Any] | None = None


Template = list[dict[str, Any]]
Table = dict[str, Template | str]


def locate_then(ns: str, tool: str, extra: dict[str, Any] | None = None, *, described: str = "element_description") -> Template:
    """The locate-then-act chain: ``<ns>.locate`` then a coordinate tool at the element's centre."""
    args: dict[str, Any] = {"x": "${@loc.output.center_x}", "y": "${@loc.output.center_y}", described: Slot("target")}
    args.update(extra or {})
    return [
        {"id": "@loc", "tool": f"{ns}.locate", "args": {"target": Slot("target")}},
        {"tool": f"{ns}.{tool}", "args": args},
    ]


def coordinate_table(ns: str) -> Table:
    """The vocabulary of a platform built on the shared coordinate tools (:mod:`tapwright.tools.coords`)."""
    click = locate_then(ns, "click_at")
    return {
        "click": click,
        "check": click,  # a coordinate screen has no checked state to read: ticking is a click
        "uncheck": click,
        "double_click": locate_then(ns, "double_click_at"),
        "right_click": locate_then(ns, "right_click_at"),
        "hover": locate_then(ns, "move_to"),
        "fill": locate_then(ns, "type_text", {"text": Slot("text"), "wipe_out_old_content": True}),
        "press_key": [{"tool": f"{ns}.press_key", "args": {"key": Slot("key")}}],
        "verify_visible": [{"tool": f"{ns}.verify_visible", "args": {"target": Slot("target")}}],
        "verify_not_visible": [{"tool": f"{ns}.verify_not_visible", "args": {"target": Slot("target")}}],
        # Text on a coordinate screen is found the way elements are: by the locator.
        "verify_text": [{"tool": f"{ns}.verify_visible", "args": {"target": Slot("text")}}],
        "screenshot": [{"tool": f"{ns}.screenshot", "args": {}}],
    }
