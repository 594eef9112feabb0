"""Output schemas of the data packs (one table, so the manifests and the result validator agree)."""

from __future__ import annotations

from typing import Any

from jsonschema import Draft202012Validator

from tapwright.registry._schema_check import check_schema
from tapwright.registry.spec import ToolSpec

_STR = {"type": "string"}
_NSTR = {"type": ["string", "null"]}
_NNUM = {"type": ["number", "null"]}


def _listing(key: str, item: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {key: {"type": "array", "items": item}, "count": {"type": "integer", "minimum": 0}, "reason": _NSTR},
        "required": [key, "count"],
    }


PRODUCT = {
    "type": "object",
    "properties": {"name": _STR, "price": {"type": "number"}, "currency": _NSTR, "price_text": _NSTR,
                   "url": _NSTR, "image": _NSTR, "rating": _NNUM},
    "required": ["name", "price"],
}  # fmt: skip
ARTICLE = {
    "type": "object",
    "properties": {"title": _STR, "url": _NSTR, "author": _NSTR, "date": _NSTR, "score": {"type": ["integer", "null"]}},
    "required": ["title"],
}
LINK = {"type": "object", "properties": {"text": _STR, "url": _STR}, "required": ["text", "url"]}
TABLE = {
    "type": "object",
    "properties": {"name": _STR, "id": _NSTR, "headers": {"type": "array", "items": _STR},
                   "rows": {"type": "array"}},  # rows: objects keyed by header (not re-walked: 1,000 rows cost 100 ms)
    "required": ["name", "headers", "rows"],
}  # fmt: skip
LIST = {
    "type": "object",
    "properties": {"name": _STR, "kind": {"enum": ["ordered", "unordered", "definitions"]}, "id": _NSTR, "items": {"type": "array"}},
    "required": ["name", "kind", "items"],
}

PRODUCTS_OUT = _listing("products", PRODUCT)
ARTICLES_OUT = _listing("articles", ARTICLE)
LINKS_OUT = _listing("links", LINK)
TABLES_OUT = _listing("tables", TABLE)
LISTS_OUT = _listing("lists", LIST)
SCHEMA_OUT = {
    "type": "object",
    "properties": {"data": {}, "source": {"enum": ["structure", "model", "none"]}, "reason": _NSTR,
                   "missing": {"type": "array", "items": _STR}},
    "required": ["data", "source"],
}  # fmt: skip

# What a validation tool reports: passed, how many records were checked, and each failure.
CHECK_OUT = {
    "type": "object",
    "properties": {
        "passed": {"type": "boolean"},
        "checked": {"type": "integer", "minimum": 0},
        "failures": {"type": "array", "items": {"type": "object", "properties": {
            "index": {"type": ["integer", "null"]}, "record": {}, "field": _NSTR, "reason": _STR}, "required": ["reason"]}},
    },
    "required": ["passed", "checked", "failures"],
}  # fmt: skip


def with_output(spec: ToolSpec, schema: dict[str, Any]) -> None:
    """Give a spec its output schema (checked) after the decorator built it."""
    check_schema(schema)
    spec.output_schema = schema
    spec._out_validator = Draft202012Validator(schema)
