"""Which registry tools an MCP server exposes, and how each is described to the client."""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable

import mcp.types as types

from tapwright import platforms
from tapwright.errors import UserError
from tapwright.registry.export import effect_hints, function_name, tool_name
from tapwright.registry.registry import Registry
from tapwright.registry.spec import ToolSpec
from tapwright.tools.actions import CATALOG
from tapwright.tools.coords import POINTER_TOOLS

# What an agent needs by default, by tool name within a platform's namespace: look, act, check,
# tabs, dialogs, and what the page reported. Everything else is in an optional group (below),
# so the default list stays small enough for a model's context (docs/mcp.md gives the sizes).
CORE_TOOLS = (
    "navigate", "go_back", "snapshot", "screenshot", "click", "fill", "select", "check", "uncheck", "press_key",
    "hover", "drag", "scroll", "wait_for", "verify_text", "verify_visible", "open_new_tab", "switch_tab",
    "close_tab", "handle_dialog", "console", "network",
)  # fmt: skip
# Optional groups, off by default. Feature groups take tools by name; "more" holds the other tools of
# the platforms on by default; "data" the built-in data packs (extraction, data checks, forms, navigation).
# The coordinate and file groups are read from the coordinate tools and the action catalog, not listed here.
_FILE_TOOLS = tuple(sorted(a.name for a in CATALOG.values() if a.files))
FEATURE_CAPS: dict[str, tuple[str, ...]] = {
    "coords": tuple(f"*.{n}" for n in POINTER_TOOLS),
    "files": tuple(f"*.{n}" for n in _FILE_TOOLS),
    "data": ("extract.*", "check.*", "forms.*", "nav.*"),
}
FEATURE_GROUPS: dict[str, str] = {
    "coords": f"coordinate tools ({', '.join(POINTER_TOOLS)})",
    "files": f"tools that read the server's file system ({', '.join(_FILE_TOOLS)})",
    "data": "the data packs: extract.*, check.*, forms.*, nav.* (structured extraction, data checks, filters, paging)",
    "more": "the other actions and checks (double_click, clear, submit, verify_url, get_text, locate, downloads ...)",
    "tabs": "nothing: tabs are on by default (accepted so older configurations keep working)",
}


def pack_caps() -> dict[str, str]:
    """Platforms hidden unless enabled by name (those that need a device or a display): name -> caption."""
    return {p.name: p.mcp_caption for p in platforms.all_platforms() if p.needs_cap}


def cap_groups() -> dict[str, str]:
    """Every ``--caps`` group: the feature groups and the gated platforms."""
    return {**FEATURE_GROUPS, **pack_caps()}


def namespace(spec: ToolSpec) -> str:
    return spec.name.split(".", 1)[0]


def _gated_by(spec: ToolSpec, packs: dict[str, str], platform_names: set[str]) -> set[str]:
    """The groups that must be on for ``spec`` to be listed (none: on by default)."""
    ns = namespace(spec)
    if ns in packs:
        return {ns}
    groups = {cap for cap, patterns in FEATURE_CAPS.items() if any(fnmatch.fnmatchcase(spec.name, p) for p in patterns)}
    if not groups and ns in platform_names and spec.name.split(".", 1)[-1] not in CORE_TOOLS:
        groups = {"more"}  # a platform's tool beyond the core set; third-party packs stay on
    return groups


def _matches(spec: ToolSpec, item: str) -> bool:
    item = tool_name(item) if "__" in item else item
    return item in (spec.name, namespace(spec), spec.category) or fnmatch.fnmatchcase(spec.name, item)


def select_tools(registry: Registry, tools: Iterable[str] = (), caps: Iterable[str] = ()) -> Registry:
    """The tools to expose: optional groups only when enabled, then the ``tools`` filter.

    A tool named exactly in ``tools`` is exposed even when its group is off.

    Raises:
        UserError: An unknown group, or a filter item that matches no tool.
    """
    enabled = set(caps)
    groups, packs = cap_groups(), pack_caps()
    platform_names = {p.name for p in platforms.all_platforms()}
    unknown = sorted(enabled - set(groups))
    if unknown:
        raise UserError(f"unknown --caps {unknown}; groups: {', '.join(sorted(groups))}")
    wanted = list(tools)
    everything = registry.list()
    for item in wanted:
        if not any(_matches(s, item) for s in everything):
            raise UserError(f"--tools {item!r} matches no registered tool, namespace or category")
    explicit = {tool_name(i) if "__" in i else i for i in wanted}

    def keep(spec: ToolSpec) -> bool:
        if spec.name in explicit:
            return True
        if not _gated_by(spec, packs, platform_names) <= enabled:
            return False
        return not wanted or any(_matches(spec, item) for item in wanted)

    return registry.filter(keep)


def schema_chars(tools: Iterable[types.Tool]) -> int:
    """How many characters the tools' descriptions take in a ``tools/list`` answer (compact JSON):
    what a client puts in the model's context before the first call."""
    return sum(len(t.model_dump_json(by_alias=True, exclude_none=True)) for t in tools)


def to_mcp_tool(spec: ToolSpec) -> types.Tool:
    """The MCP description of a tool: exported name, manifest text and schemas.

    ``outputSchema`` is only given for object outputs, as the protocol requires;
    the structured content of a successful call then always matches it because
    the tool's output is validated against the same schema.
    """
    output = spec.output_schema if spec.output_schema and spec.output_schema.get("type") == "object" else None
    return types.Tool(
        name=function_name(spec.name),
        title=spec.name,
        description=spec.description,
        input_schema=spec.parameters,
        output_schema=output,
        annotations=types.ToolAnnotations(title=spec.name, **effect_hints(spec)),
    )
