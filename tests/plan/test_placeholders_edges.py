"""Edges of the placeholder resolver that the property tests leave loose (found by mutation testing):
index bounds on both sides, the messages that name the missing segment, camelCase keys, escapes,
and how non-string values are written into a string."""

from __future__ import annotations

from typing import Any

import pytest

from tapwright.errors import ErrorCode, PlanError
from tapwright.plan.placeholders import escape, find_refs, lookup_path, parse_ref, resolve

OUTPUT = {"items": [{"name": "a"}, {"name": "b"}, {"name": "c"}], "center_x": 10, "count": 3, "zeta": 1, "alpha": 2}


def _path(text: str) -> Any:
    return lookup_path(OUTPUT, parse_ref(text[2:-1]))


def _fails(text: str) -> str:
    with pytest.raises(PlanError) as info:
        _path(text)
    assert info.value.code is ErrorCode.UNRESOLVED_PLACEHOLDER
    return info.value.message


@pytest.mark.parametrize(("index", "name"), [(0, "a"), (2, "c"), (-1, "c"), (-3, "a")])
def test_indexes_inside_the_list_on_both_ends(index: int, name: str) -> None:
    assert _path(f"${{s.output.items[{index}].name}}") == name


@pytest.mark.parametrize("index", [3, -4])
def test_indexes_just_outside_the_list_name_the_size(index: int) -> None:
    message = _fails(f"${{s.output.items[{index}]}}")
    assert message == f"${{s.output.items[{index}]}}: s.output.items has no item [{index}] (it has 3)"


def test_an_index_into_something_that_is_not_a_list() -> None:
    assert _fails("${s.output.count[0]}") == "${s.output.count[0]}: s.output.count has no item [0]"


def test_a_missing_key_lists_the_keys_sorted() -> None:
    message = _fails("${s.output.items[1].nope}")
    assert message == "${s.output.items[1].nope}: s.output.items[1] has no key 'nope' (keys: name)"
    assert _fails("${s.output.nope}").endswith("(keys: alpha, center_x, count, items, zeta)")


def test_at_most_twelve_keys_are_listed() -> None:
    wide = {f"k{i:02d}": i for i in range(20)}
    with pytest.raises(PlanError) as info:
        lookup_path(wide, parse_ref("s.output.nope"))
    assert info.value.message.endswith("(keys: " + ", ".join(f"k{i:02d}" for i in range(12)) + ")")


def test_a_key_into_something_that_is_not_an_object() -> None:
    assert _fails("${s.output.count.x}") == "${s.output.count.x}: s.output.count is int, not an object with key 'x'"


def test_camel_case_reads_a_snake_case_key_but_the_exact_key_wins() -> None:
    assert _path("${s.output.centerX}") == 10
    assert lookup_path({"centerX": 1, "center_x": 2}, parse_ref("s.output.centerX")) == 1


def test_escape_doubles_every_opening() -> None:
    assert escape("a ${b} and ${c}") == "a $${b} and $${c}"
    assert escape("$5 {x}") == "$5 {x}"
    assert resolve(escape("a ${b} and ${c}"), lambda ref: "X") == "a ${b} and ${c}"


def test_find_refs_in_order_skipping_escapes() -> None:
    refs = find_refs({"a": "$${skip} ${vars.one}", "b": ["${s.output.x}", {"c": "${secrets.K}"}], "d": 5})
    assert [r.text for r in refs] == ["${vars.one}", "${s.output.x}", "${secrets.K}"]
    assert find_refs("$${only.escaped}") == []


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (True, "true"), (False, "false"), (None, ""), (3, "3"), (2.5, "2.5"),
        ({"a": 1, "é": ["ü", None]}, '{"a":1,"é":["ü",null]}'),  # compact JSON, non-ASCII kept
    ],
)  # fmt: skip
def test_values_inside_a_string_are_written_as_text(value: Any, text: str) -> None:
    assert resolve("<${vars.v}>", lambda ref: value) == f"<{text}>"


def test_a_lone_placeholder_keeps_its_type_and_an_escape_alone_stays_text() -> None:
    assert resolve("${vars.v}", lambda ref: [1, 2]) == [1, 2]
    assert resolve("$${vars.v}", lambda ref: [1, 2]) == "${vars.v}"
    assert resolve(" ${vars.v}", lambda ref: 7) == " 7"


def test_an_escape_alone_is_the_literal_opening() -> None:
    assert resolve("$${", lambda ref: "X") == "${"


def test_a_vars_or_secrets_reference_has_an_empty_path() -> None:
    assert parse_ref("vars.x").path == () and parse_ref("secrets.K").path == ()
