"""tapwright: reliable hands on a user interface for LLMs and plain-English tests."""

from typing import TYPE_CHECKING, Any

from tapwright.core.context import Resource, ToolContext
from tapwright.core.element import Element, ElementState, Rect, UiTree
from tapwright.core.result import Screenshot, ToolError, ToolResult
from tapwright.core.secrets import SecretStore
from tapwright.errors import ErrorCode, StepFailed, TapwrightError, ToolFailure, UserError
from tapwright.plan.executor import Executor, RetryPolicy
from tapwright.plan.model import Plan, load_plan, parse_plan
from tapwright.plan.trace import PlanTrace
from tapwright.registry.decorator import tool
from tapwright.registry.registry import Registry
from tapwright.registry.spec import ToolSpec
from tapwright.registry.toolset import Toolset

__version__ = "0.1.0"

if TYPE_CHECKING:
    from tapwright.session import Session, android, desktop, expect, open, web
    from tapwright.sync_session import SyncSession, open_sync

# The facade is loaded only when asked for (``tapwright.open("web")``), keeping ``import tapwright`` light.
_LAZY = dict.fromkeys(("Session", "android", "desktop", "expect", "open", "web"), "tapwright.session")
_LAZY.update(dict.fromkeys(("SyncSession", "open_sync"), "tapwright.sync_session"))


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tapwright' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


__all__ = [
    "Element",
    "ElementState",
    "ErrorCode",
    "Executor",
    "Plan",
    "PlanTrace",
    "Rect",
    "Registry",
    "Resource",
    "RetryPolicy",
    "Screenshot",
    "SecretStore",
    "Session",
    "StepFailed",
    "SyncSession",
    "TapwrightError",
    "ToolContext",
    "ToolError",
    "ToolFailure",
    "ToolResult",
    "ToolSpec",
    "Toolset",
    "UiTree",
    "UserError",
    "__version__",
    "android",
    "desktop",
    "expect",
    "load_plan",
    "open",
    "open_sync",
    "parse_plan",
    "tool",
    "web",
]
