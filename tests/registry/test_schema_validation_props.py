"""Property tests over every registered manifest: arguments generated from the schema validate;
mutated ones (wrong type, missing required, extra field, out of bounds) give INVALID_INPUT naming the path.

Iterates over whatever ``Registry.default()`` holds, so each pack that lands is covered.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tapwright import Registry, ToolSpec
from tapwright.errors import ErrorCode

REGISTRY = Registry.default()
SCALARS = st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=10)
WRONG_VALUES: list[Any] = [{"nested": 1}, [1], "text", 123, 1.5, True, None]


def _bounds(schema: dict[str, Any], low: str, excl_low: str, high: str, excl_high: str) -> tuple[Any, Any, bool, bool]:
    lo = schema.get(low, schema.get(excl_low))
    hi = schema.get(high, schema.get(excl_high))
    return lo, hi, excl_low in schema, excl_high in schema


def _typed(schema: dict[str, Any], kind: str) -> st.SearchStrategy[Any]:
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        lo, hi, xlo, xhi = _bounds(schema, "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum")
        lo = -10_000 if lo is None else int(lo) + (1 if xlo else 0)
        hi = lo + 20_000 if hi is None else int(hi) - (1 if xhi else 0)
        return st.integers(lo, hi)
    if kind == "number":
        lo, hi, xlo, xhi = _bounds(schema, "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum")
        return st.floats(lo if lo is not None else -1e6, hi if hi is not None else 1e6, exclude_min=xlo, exclude_max=xhi,
                         allow_nan=False, allow_infinity=False)  # fmt: skip
    if kind == "string":
        lo = schema.get("minLength", 0)
        hi = min(schema.get("maxLength", 40), max(lo, 40))
        if "pattern" in schema:
            return st.from_regex(schema["pattern"], fullmatch=True).filter(lambda s: lo <= len(s) <= hi)
        return st.text(min_size=lo, max_size=hi)
    if kind == "array":
        lo = schema.get("minItems", 0)
        return st.lists(from_schema(schema.get("items", {})), min_size=lo, max_size=min(schema.get("maxItems", 4), lo + 4))
    if kind == "object":
        return _object(schema)
    raise AssertionError(f"unexpected schema type {kind!r}")


def _object(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    props: dict[str, Any] = schema.get("properties", {})
    if not props:
        if schema.get("additionalProperties") is False:
            return st.just({})
        return st.dictionaries(st.text(min_size=1, max_size=5), SCALARS, max_size=3)
    required = set(schema.get("required", []))
    return st.fixed_dictionaries(
        {k: from_schema(v) for k, v in props.items() if k in required},
        optional={k: from_schema(v) for k, v in props.items() if k not in required},
    )


def from_schema(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values valid against the subset of JSON Schema that tool manifests use."""
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "anyOf" in schema:
        return st.one_of([from_schema(s) for s in schema["anyOf"]])
    kind = schema.get("type")
    if kind is None:
        return SCALARS
    kinds = kind if isinstance(kind, list) else [kind]
    return st.one_of([_typed(schema, k) for k in kinds])


def _json_type(value: Any) -> str:
    for t, name in ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"), (list, "array"),
                    (dict, "object")):  # fmt: skip
        if isinstance(value, t):
            return name
    return "null"


def _wrong_value(schema: dict[str, Any]) -> Any:
    kind = schema.get("type")
    if kind is None or "enum" in schema:
        return None if "enum" not in schema or None in schema["enum"] else "not-one-of-the-enum"
    allowed = set(kind if isinstance(kind, list) else [kind])
    for value in WRONG_VALUES:
        t = _json_type(value)
        if t not in allowed and not (t == "integer" and "number" in allowed):
            return value
    return None


def _out_of_bounds(schema: dict[str, Any]) -> Any:
    if "maximum" in schema:
        return schema["maximum"] + 1
    if "minimum" in schema:
        return schema["minimum"] - 1
    if "maxLength" in schema:
        return "x" * (schema["maxLength"] + 1)
    if schema.get("minLength", 0) > 0:
        return ""
    if "maxItems" in schema:
        return [None] * (schema["maxItems"] + 1)
    return None


def _mutations(spec: ToolSpec, args: dict[str, Any]) -> list[tuple[str, dict[str, Any], str]]:
    """(kind, mutated args, text the INVALID_INPUT message must contain)."""
    props: dict[str, Any] = spec.parameters.get("properties", {})
    out: list[tuple[str, dict[str, Any], str]] = []
    for name, schema in props.items():
        wrong = _wrong_value(schema)
        if wrong is not None or ("enum" in schema and None not in schema["enum"]):
            out.append(("wrong type", {**args, name: wrong}, f"$.{name}"))
        bad = _out_of_bounds(schema)
        if bad is not None:
            out.append(("out of bounds", {**args, name: bad}, f"$.{name}"))
    for name in spec.parameters.get("required", []):
        out.append(("missing required", {k: v for k, v in args.items() if k != name}, f"'{name}' is a required property"))
    if spec.parameters.get("additionalProperties") is False:
        out.append(("extra field", {**args, "zz_unexpected": 1}, "zz_unexpected"))
    return out


@pytest.mark.parametrize("name", REGISTRY.names())
def test_generated_args_validate_and_mutations_are_rejected(name: str) -> None:
    spec = REGISTRY.get(name)
    assert spec is not None

    @settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(args=from_schema(spec.parameters), pick=st.integers(0, 1000))
    def check(args: dict[str, Any], pick: int) -> None:
        assert spec.validate(args) == [], (name, args)
        mutations = _mutations(spec, args)
        if not mutations:
            return
        kind, bad, expected = mutations[pick % len(mutations)]
        result = asyncio.run(spec.invoke(bad))  # validation comes before any driver is needed
        assert result.code is ErrorCode.INVALID_INPUT, (kind, bad, result.status_line())
        assert expected in result.error.message, (kind, result.error.message)  # type: ignore[union-attr]

    check()


def test_the_fake_pack_is_covered() -> None:
    assert {"fake.locate", "fake.click_at", "fake.type_text"} <= set(REGISTRY.names())
    kinds = {k for n in REGISTRY.names() for k, _, _ in _mutations(REGISTRY.get(n), {})}  # type: ignore[arg-type]
    assert kinds == {"wrong type", "out of bounds", "missing required", "extra field"}
