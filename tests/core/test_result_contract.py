"""ToolResult: the documented shape, status-line prefixes and the JSON round trip."""

from __future__ import annotations

import dataclasses
import enum
import json

import pytest

from tapwright.core.result import STATUS_PREFIXES, Screenshot, ToolResult, tapped_status, to_jsonable, visible_status
from tapwright.errors import ErrorCode, ToolFailure


def test_success_shape_has_every_documented_key() -> None:
    shot = Screenshot("image/png", "/tmp/s.png", 400, 300)
    result = ToolResult.success({"x": 1}, screenshot=shot)
    result.duration_ms = 12.3456
    out = result.to_dict()
    assert out == {
        "ok": True,
        "duration_ms": 12.346,
        "data": {"x": 1},
        "screenshot": {"mime_type": "image/png", "path": "/tmp/s.png", "width": 400, "height": 300},
        "status_line": 'OK: {"x":1}',
    }
    json.dumps(out)  # JSON-ready


def test_failure_shape_has_code_message_retriable_cause() -> None:
    result = ToolResult.failure(ErrorCode.TIMEOUT, "too slow", cause="TimeoutError: 5s")
    assert not result.ok and result.code is ErrorCode.TIMEOUT
    assert result.to_dict()["error"] == {
        "code": "TIMEOUT",
        "message": "too slow",
        "retriable": True,
        "cause": "TimeoutError: 5s",
    }
    assert "data" not in result.to_dict()


def test_retriable_defaults_to_the_catalog_and_can_be_overridden() -> None:
    assert ToolResult.failure(ErrorCode.ELEMENT_NOT_FOUND, "x").error.retriable is True  # type: ignore[union-attr]
    assert ToolResult.failure(ErrorCode.ELEMENT_NOT_FOUND, "x", retriable=False).error.retriable is False  # type: ignore[union-attr]
    assert ToolResult.failure(ErrorCode.INVALID_INPUT, "x").error.retriable is False  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("result", "expected"),
    [
        (ToolResult.success(), "OK"),
        (ToolResult.success("logged in"), "OK: logged in"),
        (ToolResult.success({"a": 1}), 'OK: {"a":1}'),
        (ToolResult.success({"x": 1}, status=tapped_status(100, 270.4)), "TAPPED: (100,270)"),
        (ToolResult.success(status=visible_status(1)), "VISIBLE: 1 match"),
        (ToolResult.success(status=visible_status(3)), "VISIBLE: 3 matches"),
        (ToolResult.success(status="typed 5 characters"), "OK: typed 5 characters"),
        (ToolResult.failure(ErrorCode.NOT_VISIBLE, "'Save' is hidden"), "NOT_VISIBLE: [NOT_VISIBLE] 'Save' is hidden"),
        (ToolResult.failure(ErrorCode.ELEMENT_NOT_FOUND, "no 'Save'"), "NOT_FOUND: [ELEMENT_NOT_FOUND] no 'Save'"),
        (ToolResult.failure(ErrorCode.AMBIGUOUS, "2 match"), "AMBIGUOUS: [AMBIGUOUS] 2 match"),
        (ToolResult.failure(ErrorCode.TIMEOUT, "5000 ms"), "TIMEOUT: [TIMEOUT] 5000 ms"),
        (ToolResult.failure(ErrorCode.DRIVER_ERROR, "adb gone"), "ERROR: [DRIVER_ERROR] adb gone"),
        (ToolResult.failure(ErrorCode.ASSERTION_FAILED, "no"), "ERROR: [ASSERTION_FAILED] no"),
    ],
)
def test_status_line_prefixes(result: ToolResult, expected: str) -> None:
    assert result.status_line() == expected


@pytest.mark.parametrize("code", list(ErrorCode))
def test_every_failure_status_starts_with_a_documented_prefix(code: ErrorCode) -> None:
    line = ToolResult.failure(code, "multi\nline\tmessage").status_line()
    assert line.split(":", 1)[0] in STATUS_PREFIXES
    assert "\n" not in line and f"[{code.value}]" in line


def test_status_line_is_one_bounded_line() -> None:
    long = ToolResult.success("word " * 10_000)
    assert len(long.status_line()) < 200 and "\n" not in long.status_line()
    failed = ToolResult.failure(ErrorCode.INTERNAL, "x\n" * 10_000)
    assert len(failed.status_line()) < 600 and "\n" not in failed.status_line()
    assert ToolResult(ok=False).status_line().startswith("ERROR: [INTERNAL]")


def test_from_failure_keeps_code_retriable_cause_and_data() -> None:
    exc = ToolFailure(ErrorCode.AMBIGUOUS, "two buttons", cause="c", data={"candidates": [1, 2]}, retriable=True)
    result = ToolResult.from_failure(exc)
    assert result.error is not None
    assert (result.error.code, result.error.retriable, result.error.cause) == (ErrorCode.AMBIGUOUS, True, "c")
    assert result.data == {"candidates": [1, 2]}
    assert result.to_dict()["data"] == {"candidates": [1, 2]}


@pytest.mark.parametrize(
    "result",
    [
        ToolResult.success({"x": [1, 2]}, status="TAPPED: (1,2)", screenshot=Screenshot(path="a.png", width=1, height=2)),
        ToolResult.success("plain"),
        ToolResult.success(),
        ToolResult.failure(ErrorCode.STALE_REF, "gone", cause="why", data={"ref": "e1"}),
    ],
)
def test_to_dict_from_dict_round_trip(result: ToolResult) -> None:
    again = ToolResult.from_dict(json.loads(json.dumps(result.to_dict())))
    assert again.to_dict() == result.to_dict()


class Colour(enum.Enum):
    RED = "red"


@dataclasses.dataclass
class Point:
    x: int
    y: tuple[int, ...]


def test_to_jsonable_handles_dataclasses_enums_tuples_sets_bytes() -> None:
    assert to_jsonable(Point(1, (2, 3))) == {"x": 1, "y": [2, 3]}
    assert to_jsonable({"c": Colour.RED, 1: {2}}) == {"c": "red", "1": [2]}
    assert to_jsonable(ErrorCode.TIMEOUT) == "TIMEOUT"
    assert to_jsonable(b"\x00\x01") == "<2 bytes>"
    assert to_jsonable(object()).startswith("<object object")
