"""Toolsets: how tools are grouped and namespaced (``web.click`` comes from ``Toolset("web")``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from tapwright.registry.spec import ToolSpec


@dataclass(slots=True)
class Toolset:
    """A named pack of tools. Its namespace prefixes every tool name it holds."""

    namespace: str
    tools: list[ToolSpec] = field(default_factory=list)
    description: str = ""

    def add(self, spec: ToolSpec) -> ToolSpec:
        self.tools.append(spec)
        return spec

    def specs(self) -> Iterator[ToolSpec]:
        """The tools under their namespaced names."""
        for spec in self.tools:
            name = spec.name if not self.namespace or spec.name.startswith(self.namespace + ".") else f"{self.namespace}.{spec.name}"
            yield spec if name == spec.name else spec.with_name(name)

    @classmethod
    def of(cls, namespace: str, specs: Iterable[ToolSpec], description: str = "") -> Toolset:
        return cls(namespace, list(specs), description)
