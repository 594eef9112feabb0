"""tapwright: reliable hands on a user interface for LLMs and plain-English tests."""

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
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
    from tapwright.session import Session, android, desktop, expect, open, web
    from tapwright.sync_session import SyncSession, open_sync

# Every name is loaded from its module when first asked for (``tapwright.Registry``,
# ``tapwright.open("web")``): ``import tapwright`` (and ``tapwright --version``) stays light.
_LAZY = dict.fromkeys(("Resource", "ToolContext"), "tapwright.core.context")
_LAZY.update(dict.fromkeys(("Element", "ElementState", "Rect", "UiTree"), "tapwright.core.element"))
_LAZY.update(dict.fromkeys(("Screenshot", "ToolError", "ToolResult"), "tapwright.core.result"))
_LAZY.update(SecretStore="tapwright.core.secrets")
_LAZY.update(
    dict.fromkeys(("ErrorCode", "StepFailed", "TapwrightError", "ToolFailure", "UserError"), "tapwright.errors")
)
_LAZY.update(dict.fromkeys(("Executor", "RetryPolicy"), "tapwright.plan.executor"))
_LAZY.update(dict.fromkeys(("Plan", "load_plan", "parse_plan"), "tapwright.plan.model"))
_LAZY.update(PlanTrace="tapwright.plan.trace", tool="tapwright.registry.decorator")
_LAZY.update(Registry="tapwright.registry.registry", ToolSpec="tapwright.registry.spec")
_LAZY.update(Toolset="tapwright.registry.toolset")
_LAZY.update(dict.fromkeys(("Session", "android", "desktop", "expect", "open", "web"), "tapwright.session"))
_LAZY.update(dict.fromkeys(("SyncSession", "open_sync"), "tapwright.sync_session"))


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tapwright' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # found once; later reads do not come here
    return value


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
