"""Exceptions raised by tapwright, and the error-code catalog they carry.

Three kinds of failure are kept apart:

* failures the model or test should see: a failed :class:`~tapwright.ToolResult`
  with a stable :class:`~tapwright.ErrorCode` (never raised to a tool's caller);
* mistakes of the developer using the library: :class:`UserError`;
* run outcomes (a test step failed, a scenario was skipped) live in results,
  not exceptions.

Hierarchy::

    TapwrightError                 base of everything tapwright raises
    ├── UserError                  the library was used wrongly (bad config, duplicate tool ...)
    │   └── ManifestError          a tool manifest or signature cannot be turned into a ToolSpec
    ├── StepFailed                 also an AssertionError: a step or call that was asked to pass did
    │                              not (``tapwright.expect``, ``Session.do(check=True)``, the pytest
    │                              fixtures); carries the ErrorCode's value and the message
    └── ToolFailure                raised inside a tool or driver; carries an ErrorCode;
        │                          the @tool wrapper turns it into a failed ToolResult
        ├── PlanError              a plan is malformed or over the limits (PLAN_INVALID,
        │                          UNRESOLVED_PLACEHOLDER)
        └── DriverError            raised by a driver at its boundary, already mapped
                                   from Playwright / ADB / X11 exceptions

``asyncio.CancelledError`` and ``KeyboardInterrupt`` are never swallowed: they pass
through tools and the executor (which marks its trace CANCELLED first).

Exceptions other than ToolFailure that escape a tool are mapped by the @tool wrapper:
``TimeoutError`` -> TIMEOUT, ``ValueError`` -> INVALID_INPUT, anything else -> INTERNAL,
always with the original exception as the result's ``cause`` (for a ToolFailure raised
``from`` another exception, that exception is the cause).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class _CodeInfo(NamedTuple):
    retriable: bool
    meaning: str


class ErrorCode(StrEnum):
    """The one shared catalog of error codes. Never invent a code per tool."""

    INVALID_INPUT = "INVALID_INPUT"
    UNKNOWN_TOOL = "UNKNOWN_TOOL"
    ELEMENT_NOT_FOUND = "ELEMENT_NOT_FOUND"
    AMBIGUOUS = "AMBIGUOUS"
    NOT_VISIBLE = "NOT_VISIBLE"
    NOT_INTERACTABLE = "NOT_INTERACTABLE"
    STALE_REF = "STALE_REF"
    TIMEOUT = "TIMEOUT"
    NAVIGATION_FAILED = "NAVIGATION_FAILED"
    URL_BLOCKED = "URL_BLOCKED"
    ASSERTION_FAILED = "ASSERTION_FAILED"
    UNRESOLVED_PLACEHOLDER = "UNRESOLVED_PLACEHOLDER"
    PLAN_INVALID = "PLAN_INVALID"
    DRIVER_ERROR = "DRIVER_ERROR"
    BROWSER_CRASHED = "BROWSER_CRASHED"
    DEVICE_LOST = "DEVICE_LOST"
    LLM_ERROR = "LLM_ERROR"
    LLM_RATE_LIMITED = "LLM_RATE_LIMITED"
    LLM_MALFORMED_OUTPUT = "LLM_MALFORMED_OUTPUT"
    BUDGET_EXCEEDED = "BUDGET_EXCEEDED"
    CANCELLED = "CANCELLED"
    INTERNAL = "INTERNAL"

    @property
    def retriable(self) -> bool:
        """Whether a failure with this code is worth retrying by default."""
        return _CATALOG[self].retriable

    @property
    def meaning(self) -> str:
        """One line saying what the code means."""
        return _CATALOG[self].meaning

    def __str__(self) -> str:
        return self.value


_CATALOG: dict[ErrorCode, _CodeInfo] = {
    ErrorCode.INVALID_INPUT: _CodeInfo(False, "Arguments do not match the tool's parameter schema."),
    ErrorCode.UNKNOWN_TOOL: _CodeInfo(False, "No tool with that name is registered."),
    ErrorCode.ELEMENT_NOT_FOUND: _CodeInfo(True, "No element matches the description or selector."),
    ErrorCode.AMBIGUOUS: _CodeInfo(False, "Several elements match equally well; be more specific."),
    ErrorCode.NOT_VISIBLE: _CodeInfo(True, "The element exists but is not visible."),
    ErrorCode.NOT_INTERACTABLE: _CodeInfo(True, "The element is disabled, read-only or covered."),
    ErrorCode.STALE_REF: _CodeInfo(True, "The element ref no longer points at a live element."),
    ErrorCode.TIMEOUT: _CodeInfo(True, "The operation did not finish within its time limit."),
    ErrorCode.NAVIGATION_FAILED: _CodeInfo(True, "The page could not be loaded."),
    ErrorCode.URL_BLOCKED: _CodeInfo(False, "The URL is not allowed by the URL policy."),
    ErrorCode.ASSERTION_FAILED: _CodeInfo(False, "A verification did not hold."),
    ErrorCode.UNRESOLVED_PLACEHOLDER: _CodeInfo(False, "A ${...} placeholder names nothing available."),
    ErrorCode.PLAN_INVALID: _CodeInfo(False, "The plan is malformed or over the limits."),
    ErrorCode.DRIVER_ERROR: _CodeInfo(False, "The driver (browser, device, X server) reported an error."),
    ErrorCode.BROWSER_CRASHED: _CodeInfo(False, "The browser, page or context closed or crashed."),
    ErrorCode.DEVICE_LOST: _CodeInfo(False, "The device or display connection was lost."),
    ErrorCode.LLM_ERROR: _CodeInfo(True, "The language model call failed."),
    ErrorCode.LLM_RATE_LIMITED: _CodeInfo(True, "The language model provider rate-limited the call."),
    ErrorCode.LLM_MALFORMED_OUTPUT: _CodeInfo(False, "The model's output was not valid for its purpose."),
    ErrorCode.BUDGET_EXCEEDED: _CodeInfo(False, "A run budget (calls, tokens, steps) was used up."),
    ErrorCode.CANCELLED: _CodeInfo(False, "The run was cancelled (Ctrl-C or task cancellation)."),
    ErrorCode.INTERNAL: _CodeInfo(False, "A bug in tapwright or in a tool; the cause says more."),
}


def error_table() -> str:
    """The catalog as a Markdown table (code, retriable, meaning), for the documentation."""
    rows = ["| code | retriable | meaning |", "|---|---|---|"]
    rows += [f"| `{c.value}` | {'yes' if c.retriable else 'no'} | {c.meaning} |" for c in ErrorCode]
    return "\n".join(rows)


class TapwrightError(Exception):
    """Base class of every exception tapwright raises."""


class UserError(TapwrightError):
    """The library was used wrongly: bad configuration, duplicate names, bad arguments."""


class ManifestError(UserError):
    """A tool's manifest or signature cannot be turned into a ToolSpec."""


class StepFailed(TapwrightError, AssertionError):
    """A step or tool call that was expected to pass did not; test runners report it as a failed assertion.

    Attributes:
        code: The ErrorCode's value (``ELEMENT_NOT_FOUND``), or None when the failure carried none.
        message: Why it failed (already redacted).
        result: The StepResult or ToolResult that failed.
    """

    def __init__(self, what: str, code: str | None, message: str, result: object = None) -> None:
        super().__init__(f"{what} failed: [{code}] {message}" if code else f"{what} failed: {message}")
        self.code = code
        self.message = message
        self.result = result


class ToolFailure(TapwrightError):
    """A failure with a stable code, raised inside tools and drivers.

    The ``@tool`` wrapper and the executor turn it into a failed ToolResult;
    it never escapes to the caller of a tool.
    """

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        *,
        retriable: bool | None = None,
        cause: str | None = None,
        data: object = None,
        waited: bool = False,
    ) -> None:
        super().__init__(f"{code.value}: {message}")
        self.code = code
        self.message = message
        self.retriable = code.retriable if retriable is None else retriable
        self.cause = cause
        self.data = data
        # True when the failure came only after waiting the whole timeout for its condition
        # (the element to appear, a check to hold): retrying would wait that long again.
        self.waited = waited


class PlanError(ToolFailure):
    """A plan is malformed, over the limits, or references something unavailable."""


class DriverError(ToolFailure):
    """A driver failure already mapped to an ErrorCode at the driver boundary."""


__all__ = [
    "DriverError",
    "ErrorCode",
    "ManifestError",
    "PlanError",
    "StepFailed",
    "TapwrightError",
    "ToolFailure",
    "UserError",
    "error_table",
]
