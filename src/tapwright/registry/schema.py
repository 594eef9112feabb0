"""Type hints -> JSON Schema, for tool parameters and outputs."""

from __future__ import annotations

import dataclasses
import enum
import inspect
import re
import types
import typing
from typing import Any, Literal, Union, get_args, get_origin

import annotated_types as at

from tapwright.core.fence import SchemaFormat
from tapwright.errors import ManifestError

_PRIMITIVES: dict[type, dict[str, Any]] = {
    str: {"type": "string"},
    int: {"type": "integer"},
    float: {"type": "number"},
    bool: {"type": "boolean"},
    type(None): {"type": "null"},
}


def schema_for(hint: Any) -> dict[str, Any]:
    """Return a JSON Schema (draft 2020-12 subset every function-calling API accepts)."""
    if hint is Any or hint is inspect.Parameter.empty or hint is object:
        return {}
    if hint in _PRIMITIVES:
        return dict(_PRIMITIVES[hint])
    origin = get_origin(hint)
    if origin is typing.Annotated:
        base, *meta = get_args(hint)
        schema = schema_for(base)
        for m in meta:
            _apply_meta(schema, m)
        return schema
    if origin is Literal:
        values = list(get_args(hint))
        kinds = {type(v) for v in values}
        if len(kinds) == 1 and (kind := kinds.pop()) in _PRIMITIVES:
            return {**_PRIMITIVES[kind], "enum": values}
        return {"enum": values}
    if origin in (Union, types.UnionType):
        return _union_schema(hint)
    if origin in (list, tuple, set, frozenset, dict) or hint in (list, tuple, set, dict):
        return _container_schema(hint, origin)
    if isinstance(hint, type):
        return _class_schema(hint)
    raise ManifestError(f"cannot build a JSON Schema for type {hint!r}")


def _union_schema(hint: Any) -> dict[str, Any]:
    members = [schema_for(a) for a in get_args(hint)]
    non_null = [m for m in members if m != {"type": "null"}]
    if len(non_null) == 1 and len(members) == 2 and isinstance(non_null[0].get("type"), str):
        merged = dict(non_null[0])
        merged["type"] = [merged["type"], "null"]
        if "enum" in merged:
            merged["enum"] = [*merged["enum"], None]
        return merged
    return {"anyOf": members}


def _container_schema(hint: Any, origin: Any) -> dict[str, Any]:
    args = get_args(hint)
    if origin is dict or hint is dict:
        out: dict[str, Any] = {"type": "object"}
        if len(args) == 2 and args[1] is not Any:
            out["additionalProperties"] = schema_for(args[1])
        return out
    if origin is tuple and args and args[-1] is not Ellipsis:
        return {"type": "array", "prefixItems": [schema_for(a) for a in args], "minItems": len(args), "maxItems": len(args)}
    out = {"type": "array"}
    if args:
        out["items"] = schema_for(args[0])
    return out


def _class_schema(hint: type) -> dict[str, Any]:
    if issubclass(hint, enum.Enum):
        return {"enum": [m.value for m in hint]}
    if typing.is_typeddict(hint):
        return _typeddict_schema(hint)
    if dataclasses.is_dataclass(hint):
        return _dataclass_schema(hint)
    if hasattr(hint, "model_json_schema"):
        return dict(hint.model_json_schema())
    raise ManifestError(f"cannot build a JSON Schema for type {hint!r}")


_BOUND_KEYS = (("ge", "minimum"), ("gt", "exclusiveMinimum"), ("le", "maximum"), ("lt", "exclusiveMaximum"))


def _apply_meta(schema: dict[str, Any], meta: Any) -> None:
    """Apply one ``Annotated`` item: a description, annotated_types bounds, a regex, a pydantic Field."""
    if isinstance(meta, str):
        schema.setdefault("description", meta)
    elif isinstance(meta, (at.Ge, at.Gt, at.Le, at.Lt, at.Interval)):
        for attr, key in _BOUND_KEYS:
            bound = getattr(meta, attr, None)
            if bound is not None:
                schema[key] = bound
    elif isinstance(meta, (at.MinLen, at.MaxLen, at.Len)):
        _apply_length(schema, meta)
    elif hasattr(meta, "metadata") and hasattr(meta, "json_schema_extra"):  # pydantic.Field(ge=0, description=...)
        for sub in meta.metadata:
            _apply_meta(schema, sub)
        if getattr(meta, "description", None):
            schema["description"] = meta.description
    elif isinstance(meta, SchemaFormat):
        schema["format"] = meta.name
    elif isinstance(meta, re.Pattern):
        schema["pattern"] = meta.pattern
    elif isinstance(meta, dict):
        schema.update(meta)


def _apply_length(schema: dict[str, Any], meta: at.MinLen | at.MaxLen | at.Len) -> None:
    kind = schema.get("type")
    if kind in ("integer", "number") or kind in (["integer", "null"], ["number", "null"]):
        raise ManifestError("length bounds on a number")
    lo = getattr(meta, "min_length", None)
    hi = getattr(meta, "max_length", None)
    array = kind == "array" or kind == ["array", "null"]
    key_lo, key_hi = ("minItems", "maxItems") if array else ("minLength", "maxLength")
    if lo:
        schema[key_lo] = lo
    if hi is not None:
        schema[key_hi] = hi


def _typeddict_schema(hint: type) -> dict[str, Any]:
    hints = typing.get_type_hints(hint, include_extras=True)
    required = sorted(getattr(hint, "__required_keys__", set(hints)))
    # Required[...] / NotRequired[...] only say what __required_keys__ already holds: unwrap them.
    unwrapped = {k: typing.get_args(v)[0] if typing.get_origin(v) in (typing.Required, typing.NotRequired) else v
                 for k, v in hints.items()}  # fmt: skip
    return {"type": "object", "properties": {k: schema_for(v) for k, v in unwrapped.items()}, "required": required}


def _dataclass_schema(hint: type) -> dict[str, Any]:
    hints = typing.get_type_hints(hint, include_extras=True)
    props: dict[str, Any] = {}
    required: list[str] = []
    for f in dataclasses.fields(hint):
        props[f.name] = schema_for(hints.get(f.name, Any))
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.append(f.name)
    # Computed properties that to_dict() adds (Rect's centres) belong to the output too.
    for name in getattr(hint, "__schema_properties__", ()):
        ret = typing.get_type_hints(getattr(hint, name).fget).get("return", Any)
        props[name] = schema_for(ret)
        required.append(name)
    return {"type": "object", "properties": props, "required": required}
