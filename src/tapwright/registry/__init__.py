"""Tool manifests, the @tool decorator, toolsets, the registry and exports."""

from tapwright.registry.decorator import parse_docstring, spec_from_function, tool
from tapwright.registry.export import export, function_name, tool_name
from tapwright.registry.registry import ENTRY_POINT_GROUP, Registry
from tapwright.registry.spec import FieldError, ToolSpec
from tapwright.registry.toolset import Toolset

__all__ = [
    "ENTRY_POINT_GROUP",
    "FieldError",
    "Registry",
    "ToolSpec",
    "Toolset",
    "export",
    "function_name",
    "parse_docstring",
    "spec_from_function",
    "tool",
    "tool_name",
]
