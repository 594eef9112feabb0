"""The ``check`` pack: validation of extracted data. Pure: the tools take data, not a page.

Each check returns ``{"passed", "checked", "failures": [{"index", "record", "field", "reason"}]}``.
When records fail, the result is a failed ToolResult (ASSERTION_FAILED) carrying that same
data, so a plan stops and the caller sees which records failed and why; nothing is raised.

``records`` takes a list of records, or a tool's whole output (``{"products": [...]}``):
the first list of records in it is checked. In a task plan (``tapwright task``, ``tapwright exec``) a check
step may leave ``records`` out: the result validator passes it the plan's expected output.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Callable
from typing import Annotated, Any

from annotated_types import MaxLen, MinLen
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from tapwright.core.result import ToolResult
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.registry.spec import ToolSpec
from tapwright.registry.toolset import Toolset
from tapwright.tools._packs import example, pack_tool
from tapwright.tools._schemas import CHECK_OUT, with_output

SPECS: list[ToolSpec] = []
FieldName = Annotated[str, MinLen(1), MaxLen(200)]
_MAX_FAILURES = 100  # failures listed in full; the count says how many there were


def _tool(**kw: Any) -> Callable[[Callable[..., Any]], ToolSpec]:
    return pack_tool(SPECS, "validation", dependencies=(), timeout_ms=10_000, **kw)


def records_of(data: Any) -> list[Any]:
    """The records in ``data``: a list itself, or the first list in an object (a tool's output)."""
    if isinstance(data, list):
        return data
    if isinstance(data, dict):
        if isinstance(data.get("data"), list):
            return list(data["data"])
        for value in data.values():
            if isinstance(value, list):
                return value
        return [data]
    raise ToolFailure(ErrorCode.INVALID_INPUT, f"records must be a list of records or an object holding one, not {type(data).__name__}")


def _need(records: Any) -> list[Any]:
    if records is None:
        raise ToolFailure(
            ErrorCode.INVALID_INPUT,
            "no records given: pass records (for example \"${extract.products.output}\"), or run the plan with "
            "tapwright task / exec with an expected_output, whose result validator passes them",
        )
    return records_of(records)


def _get(record: Any, path: str) -> tuple[bool, Any]:
    value = record
    for part in path.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return False, None
    return True, value


def _report(name: str, checked: int, failures: list[dict[str, Any]], what: str) -> ToolResult | dict[str, Any]:
    data = {"passed": not failures, "checked": checked, "failures": failures[:_MAX_FAILURES]}
    if not failures:
        return data
    first = failures[0]
    where = f"record {first['index']}" if first.get("index") is not None else "the data"
    return ToolResult.failure(
        ErrorCode.ASSERTION_FAILED,
        f"{name}: {len(failures)} of {checked} records fail {what}; {where}: {first['reason']}",
        data=data,
    )


def _fail(index: int | None, record: Any, field: str | None, reason: str) -> dict[str, Any]:
    return {"index": index, "record": record, "field": field, "reason": reason}


@_tool(
    triggers=[r"\b(check|verify|validate|ensure|make sure)\b.*\b(price|value|range|between|under|below|above|over)\b",
              r"\bprice.?range\b"],
    examples=[example("Check every price is at most 150", {"records": [{"name": "Tent", "price": 99.0}], "max": 150},
                      {"passed": True, "checked": 1, "failures": []})],
    aliases=("validation.price_range_check", "validation.range_check", "validation.value_range"),
    read_only=True,
)
def range(records: Any = None, field: FieldName = "price", min: float | None = None, max: float | None = None) -> Any:
    """Every record's number in ``field`` lies within [min, max] (a bound left out is open).

    Args:
        records: The records (or a tool output holding them).
        field: The field to check, dotted for nested ones ("offer.price").
        min: The smallest allowed value.
        max: The largest allowed value.
    """
    rows = _need(records)
    if min is not None and max is not None and min > max:
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"min ({min}) is greater than max ({max})")
    failures = []
    for i, rec in enumerate(rows):
        found, value = _get(rec, field)
        if not found or isinstance(value, bool) or not isinstance(value, (int, float)):
            failures.append(_fail(i, rec, field, f"{field} is {'missing' if not found else repr(value)}, not a number"))
        elif (min is not None and value < min) or (max is not None and value > max):
            failures.append(_fail(i, rec, field, f"{field} = {value} is outside [{min if min is not None else '-inf'}, "
                                                 f"{max if max is not None else 'inf'}]"))  # fmt: skip
    return _report("check.range", len(rows), failures, f"the range check on {field}")


@_tool(
    triggers=[r"\b(check|verify|validate)\b.*\b(urls?|links?)\b", r"\burl.?format\b"],
    examples=[example("Check every url is absolute https", {"records": [{"url": "https://a.example/x"}], "schemes": ["https"]},
                      {"passed": True, "checked": 1, "failures": []})],
    aliases=("validation.url_format_check", "validation.url_check"),
    read_only=True,
)
def urls(records: Any = None, field: FieldName = "url", schemes: list[str] | None = None, pattern: Annotated[str, MaxLen(500)] = "") -> Any:
    """Every record's ``field`` is an absolute URL with an allowed scheme and a host, matching ``pattern`` if given.

    Args:
        records: The records (or a tool output holding them).
        field: The field holding the URL.
        schemes: Allowed schemes (default http and https).
        pattern: A regular expression the URL must contain a match for.
    """
    rows = _need(records)
    allowed = [s.lower() for s in (schemes or ["http", "https"])]
    try:
        rx = re.compile(pattern) if pattern else None
    except re.error as exc:
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"pattern {pattern!r} is not a valid regular expression: {exc}") from None
    failures = []
    for i, rec in enumerate(rows):
        found, value = _get(rec, field)
        reason = None
        if not found or not isinstance(value, str) or not value:
            reason = f"{field} is {'missing' if not found else repr(value)}"
        else:
            parts = urllib.parse.urlsplit(value)
            if parts.scheme.lower() not in allowed:
                reason = f"{value!r} does not use {' or '.join(allowed)}"
            elif not parts.netloc or " " in value:
                reason = f"{value!r} is not an absolute URL with a host"
            elif rx is not None and not rx.search(value):
                reason = f"{value!r} does not match {pattern!r}"
        if reason:
            failures.append(_fail(i, rec, field, reason))
    return _report("check.urls", len(rows), failures, f"the URL check on {field}")


@_tool(
    triggers=[r"\brequired\b", r"\b(every|each|all)\b.*\b(has|have)\b.*\b(a|an)\b", r"\bmissing (fields?|values?)\b"],
    examples=[example("Every product has a name and a price", {"records": [{"name": "Tent", "price": 9.5}], "fields": ["name", "price"]},
                      {"passed": True, "checked": 1, "failures": []})],
    aliases=("validation.required_fields", "validation.required"),
    read_only=True,
)
def required(records: Any = None, fields: Annotated[list[FieldName], MinLen(1)] = ["name"]) -> Any:  # noqa: B006
    """Every record has every field in ``fields``, not null and not empty.

    Args:
        records: The records (or a tool output holding them).
        fields: The fields each record must have.
    """
    rows = _need(records)
    failures = []
    for i, rec in enumerate(rows):
        for name in fields:
            found, value = _get(rec, name)
            if not found or value is None or value == "" or value == []:
                failures.append(_fail(i, rec, name, f"{name} is {'missing' if not found else 'empty'}"))
    return _report("check.required", len(rows), failures, "the required-fields check")


@_tool(
    triggers=[r"\b(at least|at most|exactly|no more than|no fewer than)\s+\d+\b", r"\bcount\b"],
    examples=[example("There are at least 10 products", {"records": [], "min": 10}, None)],
    aliases=("validation.count_check", "validation.count"),
    read_only=True,
)
def count(records: Any = None, min: int | None = None, max: int | None = None) -> Any:
    """The number of records lies within [min, max].

    Args:
        records: The records (or a tool output holding them).
        min: The fewest records allowed.
        max: The most records allowed.
    """
    rows = _need(records)
    n = len(rows)
    failures = []
    if min is not None and n < min:
        failures.append(_fail(None, None, None, f"{n} records, fewer than {min}"))
    if max is not None and n > max:
        failures.append(_fail(None, None, None, f"{n} records, more than {max}"))
    return _report("check.count", n, failures, "the count check")


@_tool(
    triggers=[r"\b(unique|duplicates?|distinct)\b"],
    examples=[example("No product appears twice", {"records": [{"url": "/a"}, {"url": "/b"}], "fields": ["url"]},
                      {"passed": True, "checked": 2, "failures": []})],
    aliases=("validation.unique_check", "validation.uniqueness"),
    read_only=True,
)
def unique(records: Any = None, fields: Annotated[list[FieldName], MinLen(1)] = ["url"]) -> Any:  # noqa: B006
    """No two records share the same values of ``fields`` (together). Each repeat after the first fails.

    Args:
        records: The records (or a tool output holding them).
        fields: The fields that together must be unique.
    """
    rows = _need(records)
    seen: dict[str, int] = {}
    failures = []
    for i, rec in enumerate(rows):
        key = repr([_get(rec, f)[1] for f in fields])
        if key in seen:
            failures.append(_fail(i, rec, ",".join(fields), f"same {', '.join(fields)} as record {seen[key]}"))
        else:
            seen[key] = i
    return _report("check.unique", len(rows), failures, f"the uniqueness check on {', '.join(fields)}")


@_tool(
    triggers=[r"\b(json )?schema\b", r"\bvalidate\b.*\b(against|with)\b"],
    examples=[example("Check the data against a schema", {"data": [{"price": 3}], "schema": {"type": "array"}},
                      {"passed": True, "checked": 1, "failures": []})],
    aliases=("validation.schema_check", "validation.json_schema"),
    read_only=True,
)
def schema(data: Any = None, schema: dict[str, Any] | None = None, each: bool = False) -> Any:
    """``data`` is valid against a JSON Schema (draft 2020-12); with ``each``, every record is checked on its own.

    Args:
        data: The data (or, with each, the records or a tool output holding them).
        schema: The JSON Schema.
        each: Check each record against the schema instead of the whole data.
    """
    if schema is None:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "schema is required")
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"not a valid JSON Schema: {exc.message}") from None
    validator = Draft202012Validator(schema)
    items = _need(data) if each else [_need_data(data)]
    failures = []
    for i, item in enumerate(items):
        for err in sorted(validator.iter_errors(item), key=lambda e: list(e.absolute_path)):
            path = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err.absolute_path)
            idx = i if each else (err.absolute_path[0] if err.absolute_path and isinstance(err.absolute_path[0], int) else None)
            failures.append(_fail(idx, item if each else None, path, err.message[:300]))
    checked = len(items) if each else (len(items[0]) if isinstance(items[0], list) else 1)
    return _report("check.schema", checked, failures, "the JSON Schema")


def _need_data(data: Any) -> Any:
    if data is None:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "no data given to check")
    return data


for _spec in SPECS:
    with_output(_spec, CHECK_OUT)


def toolset() -> Toolset:
    """The validation pack, namespaced ``check.``."""
    return Toolset.of("check", SPECS, "Validate extracted data: ranges, URLs, required fields, counts, uniqueness, JSON Schema")
