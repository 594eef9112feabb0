"""Core values: results, elements, secrets. Pure, no I/O beyond reading a .env file."""

from tapwright.core.element import Element, ElementState, Rect, UiTree
from tapwright.core.result import Screenshot, ToolError, ToolResult, to_jsonable
from tapwright.core.secrets import Secret, SecretStore

__all__ = [
    "Element",
    "ElementState",
    "Rect",
    "Screenshot",
    "Secret",
    "SecretStore",
    "ToolError",
    "ToolResult",
    "UiTree",
    "to_jsonable",
]
