"""The registry: a dict of ToolSpecs with add/get/list/call, discovery and selection."""

from __future__ import annotations

import builtins
import difflib
import logging
from collections.abc import Callable, Iterable
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Literal, Protocol, runtime_checkable

from tapwright.core.context import ToolContext
from tapwright.core.result import ToolResult
from tapwright.errors import ErrorCode, UserError
from tapwright.registry.spec import ToolSpec
from tapwright.registry.toolset import Toolset

ENTRY_POINT_GROUP = "tapwright.tools"
# Platforms (``tapwright.platforms``) bring their toolset with them: a platform is a ToolProvider.
PLATFORM_GROUP = "tapwright.platforms"
DuplicatePolicy = Literal["error", "replace", "keep"]
# The long namespace names of the data packs; task plans may name tools that way (``extraction.products``).
NAMESPACE_ALIASES = {"extraction": "extract", "navigation": "nav", "validation": "check"}
ALIAS_TAG = "alias:"  # a tool tagged "alias:validation.price_range_check" also answers to that name
log = logging.getLogger("tapwright.registry")


@runtime_checkable
class ToolProvider(Protocol):
    """Anything that hands out a Toolset: a platform declaration (see :mod:`tapwright.platforms`)."""

    def toolset(self) -> Toolset: ...


class Registry:
    """Registered tools by name.

    Args:
        on_duplicate: what ``add`` does with a name already present: ``"error"``
            (raise UserError, the default), ``"replace"`` (the new one wins) or
            ``"keep"`` (the first one stays).
    """

    def __init__(self, tools: Iterable[ToolSpec | Toolset] = (), *, on_duplicate: DuplicatePolicy = "error") -> None:
        self._tools: dict[str, ToolSpec] = {}
        self._aliases: dict[str, str] = {}
        self.on_duplicate: DuplicatePolicy = on_duplicate
        self.load_errors: list[str] = []
        self._failed_packs: dict[str, str] = {}  # pack (namespace) name -> why it did not load
        for item in tools:
            self.add(item)

    # -- dict-like --------------------------------------------------------------

    def add(self, item: ToolSpec | Toolset, *, on_duplicate: DuplicatePolicy | None = None) -> None:
        """Add a tool, or every tool of a toolset, applying the duplicate policy."""
        policy = on_duplicate or self.on_duplicate
        specs = list(item.specs()) if isinstance(item, Toolset) else [item]
        for spec in specs:
            if not isinstance(spec, ToolSpec):
                raise UserError(f"can only register ToolSpec or Toolset, not {type(spec).__name__}")
            if spec.name in self._tools:
                if policy == "error":
                    raise UserError(f"a tool named {spec.name!r} is already registered")
                if policy == "keep":
                    continue
            self._tools[spec.name] = spec
            for tag in spec.tags:
                if tag.startswith(ALIAS_TAG):
                    self._aliases.setdefault(tag[len(ALIAS_TAG):], spec.name)

    def remove(self, name: str) -> None:
        self._tools.pop(name, None)

    def get(self, name: str) -> ToolSpec | None:
        """The tool called ``name``; exported forms (``web__click``) are accepted too."""
        spec = self._tools.get(name)
        if spec is None and "__" in name:
            spec = self._tools.get(name.replace("__", "."))
        if spec is None:
            spec = self._tools.get(self.canonical(name))
        return spec

    def canonical(self, name: str) -> str:
        """The registered name a long-spelled or alias name stands for (``validation.price_range_check`` -> ``check.range``)."""
        name = name.replace("__", ".") if "." not in name else name
        if name in self._aliases:
            return self._aliases[name]
        head, dot, tail = name.partition(".")
        if dot and head in NAMESPACE_ALIASES:
            return f"{NAMESPACE_ALIASES[head]}.{tail}"
        return name

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    def __len__(self) -> int:
        return len(self._tools)

    def list(self, *, category: str | None = None, namespace: str | None = None) -> builtins.list[ToolSpec]:
        """Tools sorted by name, optionally only one category or namespace."""
        out = sorted(self._tools.values(), key=lambda s: s.name)
        if category:
            out = [s for s in out if s.category == category]
        if namespace:
            out = [s for s in out if s.name.startswith(namespace + ".")]
        return out

    def names(self) -> builtins.list[str]:
        return sorted(self._tools)

    def filter(self, keep: Callable[[ToolSpec], bool]) -> Registry:
        """A new registry with the tools for which ``keep`` is true."""
        return Registry([s for s in self._tools.values() if keep(s)])

    def suggest(self, name: str, n: int = 3) -> builtins.list[str]:
        """The registered names closest to a misspelt one."""
        names = self.names()
        close = difflib.get_close_matches(name, names, n=n, cutoff=0.4)
        if not close:
            tail = name.rsplit(".", 1)[-1]
            close = [x for x in names if x.rsplit(".", 1)[-1] == tail][:n]
        return close

    def unknown_tool(self, name: str) -> ToolResult:
        pack = name.split(".", 1)[0]
        if pack in self._failed_packs and not any(n.startswith(pack + ".") for n in self.names()):
            # Not a typo: the pack that owns the name is broken; saying "did you mean ..." would mislead.
            return ToolResult.failure(ErrorCode.UNKNOWN_TOOL, f"no tool named {name!r}: {self._failed_packs[pack]}",
                                      data={"suggestions": []})
        hints = self.suggest(name)
        hint = f"; did you mean {', '.join(hints)}?" if hints else ""
        return ToolResult.failure(ErrorCode.UNKNOWN_TOOL, f"no tool named {name!r}{hint}", data={"suggestions": hints})

    async def call(self, name: str, args: dict[str, Any] | None = None, ctx: ToolContext | None = None) -> ToolResult:
        """Validate and run one tool by name. Never raises (except task cancellation)."""
        spec = self.get(name)
        if spec is None:
            return self.unknown_tool(name)
        return await spec.invoke({} if args is None else args, ctx)

    # -- selection ----------------------------------------------------------------

    def rank(self, text: str, *, limit: int = 5, namespace: str | None = None) -> builtins.list[tuple[ToolSpec, float]]:
        """Tools whose triggers match ``text``, best first."""
        scored = [(s, s.trigger_score(text)) for s in self.list(namespace=namespace)]
        scored = [(s, sc) for s, sc in scored if sc > 0]
        scored.sort(key=lambda p: (-p[1], p[0].name))
        return scored[:limit]

    # -- discovery ----------------------------------------------------------------

    def discover(self, *, group: str = ENTRY_POINT_GROUP, strict: bool = False) -> builtins.list[str]:
        """Load every pack registered under the ``tapwright.tools`` entry-point group.

        A pack's entry point may name a Toolset, a ToolSpec, an iterable of them, or
        a callable returning any of these. A pack that fails to load is recorded in
        ``load_errors`` (or raises UserError when ``strict``); the others still load.
        Returns the names of the packs loaded.
        """
        loaded: builtins.list[str] = []
        for ep in sorted(entry_points(group=group), key=lambda e: e.name):
            try:
                for item in _items(_load(ep)):
                    self.add(item)
                loaded.append(ep.name)
            except Exception as exc:  # one broken pack must not hide the others
                message = f"tool pack {ep.name!r} ({ep.value}) failed to load: {type(exc).__name__}: {exc}"
                if strict:
                    raise UserError(message) from exc
                log.warning(message)
                self.load_errors.append(message)
                self._failed_packs.setdefault(ep.name, message)
        return loaded

    @classmethod
    def default(cls) -> Registry:
        """A registry with every installed pack and every installed platform's tools, built-in and third-party."""
        registry = cls(on_duplicate="keep")
        registry.discover(group=PLATFORM_GROUP)
        registry.discover()
        registry.on_duplicate = "error"
        return registry


def _load(ep: EntryPoint) -> Any:
    obj = ep.load()
    if callable(obj) and not isinstance(obj, (ToolSpec, Toolset, ToolProvider)):
        obj = obj()
    return obj


def _items(obj: Any) -> list[ToolSpec | Toolset]:
    if isinstance(obj, (ToolSpec, Toolset)):
        return [obj]
    if isinstance(obj, ToolProvider):
        return [obj.toolset()]
    if isinstance(obj, Iterable) and not isinstance(obj, (str, bytes, dict)):
        items = list(obj)
        if all(isinstance(i, (ToolSpec, Toolset)) for i in items):
            return items
    raise UserError(f"an entry point must give a Toolset, a ToolSpec or a list of them, not {type(obj).__name__}")
