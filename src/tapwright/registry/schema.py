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


def _apply_meta(schema: dict[str, Any], meta: Any) -> None:
    numeric = schema.get("type") in ("integer", "number") or schema.get("type") in (["integer", "null"], ["number", "null"])
    if isinstance(meta, str):
        schema.setdefault("description", meta)
    elif isinstance(meta, at.Ge):
        schema["minimum"] = meta.ge
    elif isinstance(meta, at.Gt):
        schema["exclusiveMinimum"] = meta.gt
    elif isinstance(meta, at.Le):
        schema["maximum"] = meta.le
    elif isinstance(meta, at.Lt):
        schema["exclusiveMaximum"] = meta.lt
    elif isinstance(meta, at.Interval):
        for sub in (at.Ge(meta.ge) if meta.ge is not None else None, at.Gt(meta.gt) if meta.gt is not None else None,
                    at.Le(meta.le) if meta.le is not None else None, at.Lt(meta.lt) if meta.lt is not None else None):
            if sub is not None:
                _apply_meta(schema, sub)
    elif isinstance(meta, (at.MinLen, at.MaxLen, at.Len)):
        lo = getattr(meta, "min_length", None)
        hi = getattr(meta, "max_length", None)
        key_lo, key_hi = ("minItems", "maxItems") if schema.get("type") == "array" else ("minLength", "maxLength")
        if numeric:
            raise ManifestError("length bounds on a number")
        if lo:
            schema[key_lo] = lo
        if hi is not None:
            schema[key_hi] = hi
    elif isinstance(meta, re.Pattern):
        schema["pattern"] = meta.pattern
    elif isinstance(meta, dict):
        schema.update(meta)


def _typeddict_schema(hint: type) -> dict[str, Any]:
    hints = typing.get_type_hints(hint, include_extras=True)
    required = sorted(getattr(hint, "__required_keys__", set(hints)))
    return {"type": "object", "properties": {k: schema_for(v) for k, v in hints.items()}, "required": required}


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
