"""Property tests for the pure placeholder resolver: types kept, interpolation, ``$${`` escapes, vars, paths."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tapwright.errors import ErrorCode, PlanError
from tapwright.plan.placeholders import Ref, escape, find_refs, lookup_path, parse_ref, placeholder_paths, resolve

FAST = settings(max_examples=80, deadline=None)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)
names = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,10}", fullmatch=True)
plain = st.text(max_size=20).filter(lambda s: "$" not in s)


def _no_dollar(value: Any) -> bool:
    return "$" not in json.dumps(value, ensure_ascii=False)


dollar_free = json_values.filter(_no_dollar)  # values with no placeholder (and no escape) anywhere in them


def vars_lookup(values: dict[str, Any]) -> Any:
    def lookup(ref: Ref) -> Any:
        assert ref.kind == "vars"
        return values[ref.target]

    return lookup


@FAST
@given(names, json_values)
def test_a_whole_value_placeholder_keeps_its_type(name: str, value: Any) -> None:
    resolved = resolve("${vars." + name + "}", vars_lookup({name: value}))
    assert type(resolved) is type(value) and resolved == value


def _as_text(value: Any) -> str:
    return {True: "true", False: "false", None: ""}[value] if value is None or isinstance(value, bool) else str(value)


@FAST
@given(names, st.integers() | plain | st.booleans() | st.none(), plain, plain)
def test_placeholders_inside_strings_are_interpolated(name: str, value: Any, before: str, after: str) -> None:
    if not before + after:
        before = "x"  # otherwise it is a whole-value placeholder, which keeps the type
    text = before + "${vars." + name + "}" + after
    assert resolve(text, vars_lookup({name: value})) == f"{before}{_as_text(value)}{after}"


@FAST
@given(names, st.dictionaries(st.text(max_size=3), st.integers(), max_size=3))
def test_objects_interpolate_as_compact_json(name: str, value: dict[str, int]) -> None:
    out = resolve("v=${vars." + name + "}", vars_lookup({name: value}))
    assert json.loads(out[2:]) == value


@FAST
@given(st.text(max_size=40))
def test_escaped_text_resolves_to_itself(text: str) -> None:
    def never(ref: Ref) -> Any:
        raise AssertionError(f"escaped text must not be looked up: {ref}")

    assert resolve(escape(text), never) == text
    assert find_refs(escape(text)) == []
    assert placeholder_paths(escape(text)) == []


def test_dollar_dollar_brace_is_a_literal() -> None:
    assert resolve("$${vars.x} and ${vars.x}", vars_lookup({"x": 1})) == "${vars.x} and 1"
    assert resolve("cost: $5, $${", vars_lookup({})) == "cost: $5, ${"


@FAST
@given(st.dictionaries(names, json_values, max_size=4), dollar_free)
def test_resolve_walks_nested_args_and_keeps_non_strings(values: dict[str, Any], other: Any) -> None:
    args = {"list": [f"${{vars.{n}}}" for n in values], "nested": {"keep": other}, "n": 5}
    out = resolve(args, vars_lookup(values))
    assert out["list"] == list(values.values())
    assert out["nested"]["keep"] == other and out["n"] == 5  # no placeholder in it: returned as it came


@FAST
@given(json_values, st.lists(st.integers(0, 3) | st.sampled_from(["a", "b"]), max_size=3))
def test_lookup_path_follows_keys_and_indexes_or_names_the_missing_segment(root: Any, path: list[Any]) -> None:
    ref = Ref("output", "step", tuple(path), "${step.output}")
    expected: Any = root
    try:
        for seg in path:
            expected = expected[seg] if isinstance(seg, int) and isinstance(expected, list) else (
                expected[seg] if isinstance(seg, str) and isinstance(expected, dict) else _missing())
    except (LookupError, _Missing):
        with pytest.raises(PlanError) as info:
            lookup_path(root, ref)
        assert info.value.code is ErrorCode.UNRESOLVED_PLACEHOLDER
        return
    assert lookup_path(root, ref) == expected


class _Missing(Exception):
    pass


def _missing() -> Any:
    raise _Missing


def test_parse_ref_forms() -> None:
    assert parse_ref("login.output.center_x") == Ref("output", "login", ("center_x",), "${login.output.center_x}")
    assert parse_ref("web.locate.output.rows[0].name").target == "web.locate"
    assert parse_ref("x.output.a[-1]").path == ("a", -1)
    assert parse_ref(" vars.user ").kind == "vars"
    assert parse_ref("secrets.PASSWORD").is_secret
    for bad in ("", "login", "login.center_x", "vars.", "secrets.a.b", "x.output.[0]", "x.output.a[b]"):
        with pytest.raises(PlanError) as info:
            parse_ref(bad)
        assert info.value.code is ErrorCode.UNRESOLVED_PLACEHOLDER and "${" + bad + "}" in info.value.message


def test_camel_case_keys_fall_back_to_snake_case() -> None:
    assert lookup_path({"center_x": 5}, parse_ref("l.output.centerX")) == 5


def test_placeholder_paths() -> None:
    args = {"a": "${x.output}", "b": ["k", "n=${vars.n}"], "c": {"d": "$${literal}"}, "e": 1}
    assert placeholder_paths(args) == ["$.a", "$.b[1]"]
