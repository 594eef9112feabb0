"""The one ErrorCode catalog and the exception hierarchy drawn in errors.py."""

from __future__ import annotations

import pytest

import tapwright.errors as errors
from tapwright.errors import (
    DriverError,
    ErrorCode,
    ManifestError,
    PlanError,
    StepFailed,
    TapwrightError,
    ToolFailure,
    UserError,
)

# The catalog DESIGN.md lists; a new code must be added there (and documented) too.
DESIGN_CODES = [
    "INVALID_INPUT", "UNKNOWN_TOOL", "ELEMENT_NOT_FOUND", "AMBIGUOUS", "NOT_VISIBLE", "NOT_INTERACTABLE", "STALE_REF",
    "TIMEOUT", "NAVIGATION_FAILED", "URL_BLOCKED", "ASSERTION_FAILED", "UNRESOLVED_PLACEHOLDER", "PLAN_INVALID",
    "DRIVER_ERROR", "BROWSER_CRASHED", "DEVICE_LOST", "LLM_ERROR", "LLM_RATE_LIMITED", "LLM_MALFORMED_OUTPUT",
    "BUDGET_EXCEEDED", "CANCELLED", "INTERNAL",
]  # fmt: skip

RETRIABLE = {"ELEMENT_NOT_FOUND", "NOT_VISIBLE", "NOT_INTERACTABLE", "STALE_REF", "TIMEOUT", "NAVIGATION_FAILED",
             "LLM_ERROR", "LLM_RATE_LIMITED"}  # fmt: skip


def test_catalog_is_exactly_the_designed_one() -> None:
    assert [c.value for c in ErrorCode] == DESIGN_CODES


@pytest.mark.parametrize("code", list(ErrorCode))
def test_every_code_has_retriable_and_a_one_line_meaning(code: ErrorCode) -> None:
    assert isinstance(code.retriable, bool)
    assert code.retriable is (code.value in RETRIABLE)
    assert code.meaning and "\n" not in code.meaning and code.meaning.endswith(".")
    assert str(code) == code.value == code.name


def test_error_table_lists_every_code_once() -> None:
    table = errors.error_table().splitlines()
    assert table[0] == "| code | retriable | meaning |"
    rows = table[2:]
    assert len(rows) == len(ErrorCode)
    for code, row in zip(ErrorCode, rows, strict=True):
        assert row == f"| `{code.value}` | {'yes' if code.retriable else 'no'} | {code.meaning} |"


def test_hierarchy_matches_the_tree_in_the_docstring() -> None:
    doc = errors.__doc__ or ""
    for cls in (TapwrightError, UserError, ManifestError, StepFailed, ToolFailure, PlanError, DriverError):
        assert cls.__name__ in doc
    assert issubclass(UserError, TapwrightError) and issubclass(ManifestError, UserError)
    assert issubclass(StepFailed, TapwrightError) and issubclass(StepFailed, AssertionError)  # pytest: a failed test
    assert issubclass(ToolFailure, TapwrightError)
    assert issubclass(PlanError, ToolFailure) and issubclass(DriverError, ToolFailure)
    assert not issubclass(ToolFailure, UserError)
    # The tree is drawn with box characters, children indented under their parent.
    lines = [ln for ln in doc.splitlines() if "──" in ln]
    names = [ln.split("──", 1)[1].split()[0] for ln in lines]
    assert names == ["UserError", "ManifestError", "StepFailed", "ToolFailure", "PlanError", "DriverError"]


def test_tool_failure_carries_code_and_default_retriable() -> None:
    exc = ToolFailure(ErrorCode.STALE_REF, "ref e3 is gone")
    assert (exc.code, exc.retriable, exc.cause, exc.data) == (ErrorCode.STALE_REF, True, None, None)
    assert str(exc) == "STALE_REF: ref e3 is gone"
    assert ToolFailure(ErrorCode.STALE_REF, "x", retriable=False).retriable is False
