"""Reading a tool function's signature: its type hints and the parameters injected from the run context.

Shared by :mod:`~tapwright.registry.decorator` (manifests from functions) and
:mod:`~tapwright.registry.spec` (manifests from JSON bound to functions).
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from typing import Any

from tapwright.core.context import Resource, ToolContext
from tapwright.errors import ManifestError


def type_hints(func: Callable[..., Any]) -> dict[str, Any]:
    """The function's resolved type hints (``Annotated`` kept); ManifestError when they cannot be read."""
    try:
        return typing.get_type_hints(func, include_extras=True)
    except (NameError, TypeError) as exc:
        raise ManifestError(f"{getattr(func, '__name__', func)}: cannot read type hints: {exc}") from exc


def injected_params(func: Callable[..., Any]) -> dict[str, type]:
    """Parameters filled from the ToolContext by type, rather than by the caller."""
    hints = type_hints(func)
    out: dict[str, type] = {}
    for name in inspect.signature(func).parameters:
        hint = hints.get(name)
        if isinstance(hint, type) and (issubclass(hint, Resource) or issubclass(hint, ToolContext)):
            out[name] = hint
    return out
