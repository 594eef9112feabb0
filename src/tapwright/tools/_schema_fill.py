"""Extraction into a caller's JSON Schema: by page structure first, through the configured model when that is not enough.

Structure: an array of objects (or an object holding one array of objects) is filled from
the page's repeated records, each property matched by name to the classes, itemprops and
labels of the elements in a record; an object is filled from label / value pairs. Every
value comes from the page; a property the page does not show is left out, and a record
missing a required property is dropped (reported in ``missing``), never invented.
"""

from __future__ import annotations

import json
import re
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from tapwright.core.context import Resource
from tapwright.drivers.web import WebSession
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools._page import evaluate, page_url
from tapwright.tools._values import parse_count, parse_number, parse_price

_JS = "extract.js"
_SYNONYMS = {
    "name": ("name", "title", "heading", "product"), "title": ("title", "headline", "name", "subject", "heading"),
    "url": ("url", "link", "href"), "link": ("url", "link", "href"), "image": ("image", "img", "photo", "picture", "thumb"),
    "price": ("price", "cost", "amount", "cena"), "rating": ("rating", "stars", "score"), "author": ("author", "user", "by"),
    "date": ("date", "time", "published", "age"), "score": ("score", "points", "votes", "likes"),
}  # fmt: skip
_PAGE_CHARS = 12_000


def _words(name: str) -> list[str]:
    parts = re.sub(r"([a-z])([A-Z])", r"\1 \2", name).replace("_", " ").replace("-", " ").lower().split()
    base = " ".join(parts)
    return list(dict.fromkeys([base, *parts, *_SYNONYMS.get(base, ())]))


def _kind(prop: dict[str, Any]) -> str:
    t = prop.get("type")
    types = t if isinstance(t, list) else [t]
    for k in ("number", "integer", "boolean", "string"):
        if k in types:
            return k
    return "string"


def _value(name: str, prop: dict[str, Any], fields: list[dict[str, Any]]) -> Any:
    words = _words(name)
    kind = _kind(prop)
    wants_url = any(w in ("url", "link", "href") for w in words) or prop.get("format") == "uri"
    wants_image = any(w in ("image", "img", "photo", "picture", "thumb") for w in words)
    for word in words:
        for f in fields:
            tokens = re.split(r"[\s_\-]+", (f["words"] or "").lower())
            if word not in tokens and not any(t.startswith(word) for t in tokens if len(word) > 3):
                continue
            got = _convert(kind, f, wants_url, wants_image, name)
            if got is not None:
                return got
    # No named element: fall back on what the value looks like.
    for f in fields:
        if wants_url and f.get("href"):
            return f["href"]
        if wants_image and f.get("src"):
            return f["src"]
        if kind == "number" and "price" in words and f.get("price"):
            return _convert(kind, f, False, False, name)
    if "name" in words or "title" in words:
        heads = [f for f in fields if re.search(r"\bh[1-6]\b", f["words"] or "")]
        if heads:
            return heads[0]["text"] or None
    return None


def _convert(kind: str, f: dict[str, Any], wants_url: bool, wants_image: bool, name: str) -> Any:
    if wants_url:
        return f.get("href")
    if wants_image:
        return f.get("src")
    text = f.get("content") or f.get("datetime") or f.get("text") or ""
    if kind == "number":
        price = parse_price(text) if "price" in name.lower() else None
        return price.amount if price else parse_number(text)
    if kind == "integer":
        return parse_count(text)
    if kind == "boolean":
        return text.strip().lower() in ("yes", "true", "in stock", "available", "1")
    if name.lower() == "currency":
        price = parse_price(text)
        return price.currency if price else None
    return text or None


def _records_schema(schema: dict[str, Any]) -> tuple[str | None, dict[str, Any]] | None:
    """(wrapper key or None, item schema) when the schema asks for a list of objects."""
    if schema.get("type") == "array" and isinstance(schema.get("items"), dict):
        return None, schema["items"]
    props = schema.get("properties") or {}
    arrays = [(k, v) for k, v in props.items() if isinstance(v, dict) and v.get("type") == "array" and isinstance(v.get("items"), dict)]
    if schema.get("type") == "object" and len(arrays) == 1:
        return arrays[0][0], arrays[0][1]["items"]
    return None


async def _by_structure(session: WebSession, schema: dict[str, Any]) -> tuple[Any, list[str]]:
    shape = _records_schema(schema)
    if shape is not None:
        key, item = shape
        props = item.get("properties") or {}
        required = set(item.get("required") or [])
        raw = await evaluate(session, _JS, {"kind": "records"}, "extract.schema")
        out, missing = [], set()
        for fields in raw:
            rec = {k: v for k, p in props.items() if (v := _value(k, p, fields)) is not None}
            lacking = required - set(rec)
            if lacking:
                missing |= lacking
                continue
            if rec:
                out.append(rec)
        data: Any = out if key is None else {key: out}
        return data, sorted(missing) if not out else []
    props = schema.get("properties") or {}
    pairs = await evaluate(session, _JS, {"kind": "pairs"}, "extract.schema")
    fields = [{"words": label, "text": value} for label, value in pairs]
    rec = {k: v for k, p in props.items() if (v := _value(k, p, fields)) is not None}
    return rec, sorted(set(schema.get("required") or []) - set(rec))


class SchemaModel(Resource):
    """A model that answers one chat request with text: what ``extract.schema`` asks when structure is not enough.

    The run provides one when a model is configured (``tapwright.llm.schema_model``); without it
    ``extract.schema`` works from structure alone and says so.
    """

    async def answer(self, messages: list[dict[str, Any]]) -> str:
        """The model's text reply to ``messages`` (OpenAI chat format); this base has no model behind it."""
        raise ToolFailure(ErrorCode.LLM_ERROR, "no model is configured for extract.schema (set TAPWRIGHT_LLM_MODEL)")


async def _by_model(session: WebSession, model: SchemaModel, schema: dict[str, Any], instruction: str) -> Any:
    text = await evaluate(session, _JS, {"kind": "text", "limit": _PAGE_CHARS}, "extract.schema")
    messages = [
        {"role": "system", "content": "You extract data from a web page. Reply with JSON only, valid against the given JSON "
                                      "Schema. Use only values present in the page text; leave out what is not there."},
        {"role": "user", "content": f"Task: {instruction or 'extract the data'}\nJSON Schema:\n{json.dumps(schema)}\n"
                                    f"Page ({await page_url(session)}):\n{text}"},
    ]  # fmt: skip
    content = (await model.answer(messages)).strip()
    content = re.sub(r"^```(?:json)?\s*|\s*```$", "", content)
    try:
        return json.loads(content)
    except json.JSONDecodeError as exc:
        raise ToolFailure(ErrorCode.LLM_MALFORMED_OUTPUT, f"the model's reply is not JSON: {exc.msg}") from None


async def extract_into(session: WebSession, model: SchemaModel | None, schema: dict[str, Any], instruction: str, use_model: bool) -> dict[str, Any]:
    """Fill ``schema`` from the page (see the module docstring). INVALID_INPUT for a schema that is not JSON Schema."""
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"schema is not a valid JSON Schema: {exc.message}") from None
    validator = Draft202012Validator(schema)
    data, missing = await _by_structure(session, schema)
    errors = list(validator.iter_errors(data))
    empty = data in ([], {}) or (isinstance(data, dict) and all(v in ([], None) for v in data.values()))
    if not errors and not missing and not empty:
        return {"data": data, "source": "structure", "reason": None, "missing": []}
    if use_model and model is not None:
        answer = await _by_model(session, model, schema, instruction)
        if answer is not None:
            bad = list(validator.iter_errors(answer))
            if bad:
                raise ToolFailure(ErrorCode.LLM_MALFORMED_OUTPUT, f"the model's data does not match the schema: {bad[0].message[:200]}")
            return {"data": answer, "source": "model", "reason": None, "missing": []}
    why = (f"the page shows no value for {missing}" if missing else
           f"the data found does not match the schema: {errors[0].message[:200]}" if errors else "nothing matching the schema was found")
    why_not = "the model was not allowed" if not use_model else "no model is configured (TAPWRIGHT_LLM_MODEL)"
    return {"data": [] if schema.get("type") == "array" else {}, "source": "none",
            "reason": f"{why} on {await page_url(session)}; {why_not}", "missing": missing}
