"""Which tools a model is offered for one step, described compactly.

Sending every tool of a pack with its full schema costs more than the page
(~21 K characters for the 43 web tools). A step gets instead:

* the core set that locates, acts and checks (``locate``, ``click``,
  ``click_at``, ``fill``, ``select``, ``check``, ``press_key``, ``navigate``,
  ``verify_text``, ``verify_visible`` when the pack has them);
* the tools whose triggers match the step text best (the registry's
  :meth:`~tapwright.registry.registry.Registry.rank`);
* every tool of a small pack (at most ``SMALL_PACK`` tools);

each as a compact function schema: the first sentence of the description and
of each parameter's, and no length limits or null defaults (the full schema
still validates every call). The names of the other tools of the pack are
listed in the system prompt; a model that calls one gets it run like any other
(it is registered), and a name that does not exist is answered with
UNKNOWN_TOOL and the closest names, whose schemas are then offered.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from tapwright.registry.export import function_name
from tapwright.registry.registry import Registry
from tapwright.registry.spec import ToolSpec

CORE = ("locate", "click", "click_at", "fill", "select", "check", "press_key", "navigate", "verify_text", "verify_visible")
DEFAULT_RANKED = 5
SMALL_PACK = 12
_DESCRIPTION_CAP = 160
# Limits are enforced by the full schema when a call is validated; the model only needs the shape.
_DROPPED_KEYS = frozenset({"minLength", "maxLength", "minimum", "maximum", "additionalProperties", "title", "$schema",
                           "examples"})  # fmt: skip
_SENTENCE_RE = re.compile(r"(?<!e\.g\.)(?<!i\.e\.)(?<=[.!?])\s+(?=[A-Z(\"'`])")


def first_sentence(text: str, cap: int = _DESCRIPTION_CAP) -> str:
    """The first sentence of the first paragraph, capped."""
    para = " ".join(text.strip().split("\n\n", 1)[0].split())
    sentence = _SENTENCE_RE.split(para, 1)[0]
    return sentence if len(sentence) <= cap else sentence[: cap - 1] + "…"


def _compact(schema: Any) -> Any:
    """A JSON Schema without what the model does not need to fill it in."""
    if isinstance(schema, list):
        return [_compact(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _DROPPED_KEYS or (key == "default" and value is None):
            continue
        if key == "description" and isinstance(value, str):
            out[key] = first_sentence(value, 120)
        elif key == "type" and isinstance(value, list) and "null" in value and len(value) == 2:
            out[key] = next(t for t in value if t != "null")  # optional: leaving it out is the null
        elif key == "properties" and isinstance(value, dict):
            out[key] = {name: _compact(sub) for name, sub in value.items()}
        else:
            out[key] = _compact(value)
    return out


def compact_schema(spec: ToolSpec) -> dict[str, Any]:
    """An OpenAI function schema for ``spec`` with short descriptions."""
    return {
        "type": "function",
        "function": {
            "name": function_name(spec.name),
            "description": first_sentence(spec.description),
            "parameters": _compact(spec.parameters),
        },
    }


def select_tools(registry: Registry, namespace: str, text: str, *, ranked: int = DEFAULT_RANKED) -> list[ToolSpec]:
    """The tools offered for a step: the core set plus the best trigger matches (all of a small pack)."""
    pack = registry.list(namespace=namespace)
    if len(pack) <= SMALL_PACK:
        return pack
    wanted = {f"{namespace}.{name}" for name in CORE}
    wanted.update(spec.name for spec, _ in registry.rank(text, limit=ranked, namespace=namespace))
    return [spec for spec in pack if spec.name in wanted]


def other_tool_names(registry: Registry, namespace: str, offered: Iterable[ToolSpec]) -> list[str]:
    """Function names of the pack's tools that were not offered (for the system prompt)."""
    shown = {s.name for s in offered}
    return [function_name(s.name) for s in registry.list(namespace=namespace) if s.name not in shown]


class ToolOffer:
    """The schemas sent with each request of one conversation, growing when the model asks for more.

    Args:
        registry: every tool the model may call.
        namespace: the pack.
        text: the step or goal, matched against the tools' triggers.
        extra: pseudo-tool schemas (``answer``, ``done``, ``fail``) always sent.
    """

    def __init__(self, registry: Registry, namespace: str, text: str, extra: Iterable[dict[str, Any]] = ()) -> None:
        self.registry = registry
        self.namespace = namespace
        self.specs = select_tools(registry, namespace, text)
        self.extra = list(extra)
        self.schemas = [*(compact_schema(s) for s in self.specs), *self.extra]

    @property
    def others(self) -> list[str]:
        return other_tool_names(self.registry, self.namespace, self.specs)

    def reveal(self, names: Iterable[str]) -> list[str]:
        """Offer these registered tools from now on (a name the model used or was suggested); the new ones."""
        added = []
        offered = {s.name for s in self.specs}
        for name in names:
            spec = self.registry.get(name)
            if spec is not None and spec.name not in offered:
                offered.add(spec.name)
                self.specs.append(spec)
                self.schemas.insert(len(self.specs) - 1, compact_schema(spec))
                added.append(spec.name)
        return added
