"""ToolResult edges that the contract tests left loose (found by mutation testing): the round trip of
every field through to_dict/from_dict, to_jsonable for each kind of value, and the status helpers."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

import pytest
from pydantic import BaseModel

from tapwright.core.result import Screenshot, ToolResult, tapped_status, to_jsonable, visible_status
from tapwright.errors import ErrorCode


def test_a_failure_round_trips_every_field() -> None:
    original = ToolResult.failure(ErrorCode.TIMEOUT, "too slow", retriable=False, cause="server said no", data={"n": 1})
    original.duration_ms = 12.5
    original.screenshot = Screenshot(path="s.png", width=10, height=20)
    back = ToolResult.from_dict(original.to_dict())
    assert back == original
    assert back.error is not None and back.error.retriable is False and back.error.cause == "server said no"


def test_from_dict_fills_what_a_minimal_reply_leaves_out() -> None:
    back = ToolResult.from_dict({"ok": False, "error": {"code": "ELEMENT_NOT_FOUND"}})
    assert (
        back.error is not None
        and back.error.message == ""
        and back.error.retriable is ErrorCode.ELEMENT_NOT_FOUND.retriable
    )
    assert back.error.cause is None and back.duration_ms == 0.0 and back.screenshot is None and back.data is None
    assert ToolResult.from_dict({"ok": True}).status_line() == "OK"


def test_from_dict_keeps_a_custom_success_status_only() -> None:
    assert ToolResult.from_dict({"ok": True, "status_line": "TAPPED: (1,2)"}).status_line() == "TAPPED: (1,2)"
    assert ToolResult.from_dict({"ok": True, "status_line": "OK", "data": "x"}).status_line() == "OK: x"
    assert (
        ToolResult.from_dict({"ok": False, "status_line": "TAPPED: (1,2)", "error": {"code": "TIMEOUT"}}).status is None
    )
    assert ToolResult.from_dict({"ok": True, "status_line": 7}).status is None


class _Colour(enum.Enum):
    RED = "red"


@dataclasses.dataclass
class _Point:
    x: int
    y: tuple[int, ...]


class _Model(BaseModel):
    name: str
    size: int


class _HasToDict:
    def to_dict(self) -> dict[str, Any]:
        return {"shape": ("a", 1)}


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, None), (True, True), (3, 3), (2.5, 2.5), ("s", "s"),
        ({1: (1, 2)}, {"1": [1, 2]}),
        ([{"a"}], [["a"]]), (frozenset({"b"}), ["b"]),
        (_Point(1, (2, 3)), {"x": 1, "y": [2, 3]}),
        (_Model(name="n", size=2), {"name": "n", "size": 2}),
        (_Colour.RED, "red"),
        (b"\x00\x01\x02", "<3 bytes>"), (bytearray(b"ab"), "<2 bytes>"),
        (_HasToDict(), {"shape": ["a", 1]}),
        (complex(1, 2), "(1+2j)"),
    ],
)  # fmt: skip
def test_to_jsonable_for_each_kind(value: Any, expected: Any) -> None:
    assert to_jsonable(value) == expected


def test_a_dataclass_class_is_not_taken_for_an_instance() -> None:
    assert to_jsonable(_Point) == str(_Point)


def test_status_helpers() -> None:
    assert tapped_status(10.4, 20.6) == "TAPPED: (10,21)"
    assert visible_status(1) == "VISIBLE: 1 match" and visible_status(0) == "VISIBLE: 0 matches"
    assert visible_status(2) == "VISIBLE: 2 matches"


def test_success_summaries_are_one_compact_line() -> None:
    assert ToolResult.success({"é": [1, None]}).status_line() == 'OK: {"é":[1,null]}'
    assert ToolResult.success("a\n  b").status_line() == "OK: a b"
    long = ToolResult.success("x" * 500).status_line()
    assert long == "OK: " + "x" * 159 + "…"
    assert ToolResult.success("y" * 160).status_line() == "OK: " + "y" * 160
    assert ToolResult.success(status="clicked it").status_line() == "OK: clicked it"
    assert ToolResult.success(status="VISIBLE: 2 matches").status_line() == "VISIBLE: 2 matches"


def test_failure_lines_are_cut_at_500_characters() -> None:
    line = ToolResult.failure(ErrorCode.DRIVER_ERROR, "z" * 600).status_line()
    assert line == "ERROR: [DRIVER_ERROR] " + "z" * 499 + "…"
    assert ToolResult.failure(ErrorCode.DRIVER_ERROR, "z" * 500).status_line().endswith("z" * 500)


def test_a_status_is_judged_by_its_first_word_only() -> None:
    # "OK: saved: 3 rows" starts with OK; "saved: OK: 3" does not, whatever follows its first colon.
    assert ToolResult.success(status="OK: saved: 3 rows").status_line() == "OK: saved: 3 rows"
    assert ToolResult.success(status="TAPPED: (1,2): twice").status_line() == "TAPPED: (1,2): twice"
    assert ToolResult.success(status="saved: OK: 3").status_line() == "OK: saved: OK: 3"


def test_a_failure_without_an_error_still_gives_one_honest_line() -> None:
    result = ToolResult(ok=False)
    assert result.status_line() == "ERROR: [INTERNAL] the tool failed without saying why"


def test_pydantic_models_are_dumped_in_json_mode() -> None:
    import datetime

    class When(BaseModel):
        at: datetime.datetime
        tags: frozenset[str] = frozenset()

    value = When(at=datetime.datetime(2026, 1, 2, 3, 4, 5))
    assert to_jsonable(value) == {"at": "2026-01-02T03:04:05", "tags": []}
