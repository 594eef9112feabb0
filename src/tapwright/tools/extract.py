"""The ``extract`` pack: data out of the current page as JSON, in one in-page pass per call.

Products (repeated cards with prices), articles and posts, links by pattern, tables
(header rows, colspan / rowspan, numbers), lists and definition lists, and any caller
JSON Schema (:mod:`tapwright.tools._schema_fill`). An extraction that finds nothing
returns an empty list with the ``reason``; it never makes a record up.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated, Any

from annotated_types import Ge, Le, MaxLen

from tapwright.core.context import ToolContext
from tapwright.drivers.web import WebSession
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.registry.spec import ToolSpec
from tapwright.registry.toolset import Toolset
from tapwright.tools._packs import example, pack_tool
from tapwright.tools._page import evaluate, page_url
from tapwright.tools._schemas import (
    ARTICLES_OUT,
    LINKS_OUT,
    LISTS_OUT,
    PRODUCTS_OUT,
    SCHEMA_OUT,
    TABLES_OUT,
    with_output,
)  # fmt: skip
from tapwright.tools._values import cell_value, parse_count, parse_price

SPECS: list[ToolSpec] = []
Limit = Annotated[int, Ge(1), Le(100_000)]
_JS = "extract.js"


def _tool(**kw: Any) -> Callable[[Callable[..., Any]], ToolSpec]:
    return pack_tool(SPECS, "extraction", **kw)


@_tool(
    triggers=[r"\b(products?|items?|offers?|prices?|listings?|deals?)\b", r"\b(under|below|cheaper than|over|above)\s*\$?\d"],
    examples=[example("Find all products under 150", {"max_price": 150},
                      {"products": [{"name": "Alpine Dome Tent", "price": 35.0, "currency": "USD", "url": "https://shop.example/p/1",
                                     "image": None, "rating": None, "price_text": "$35.00"}], "count": 1, "reason": None})],
    aliases=("extraction.products_generic", "extraction.products"),
    read_only=True,
)
async def products(
    session: WebSession, min_price: float | None = None, max_price: float | None = None, limit: Limit = 1000
) -> dict[str, Any]:
    """Product cards on the page: name, price (amount and ISO currency), url, image and rating where shown.

    Cards are found as repeated elements that hold a price; a struck-through old price is skipped.

    Args:
        min_price: Keep only products at or above this price.
        max_price: Keep only products at or below this price.
        limit: At most this many products.
    """
    raw = await evaluate(session, _JS, {"kind": "products"}, "extract.products")
    out: list[dict[str, Any]] = []
    for rec in raw:
        price = parse_price(rec.get("price_text"))
        if not rec.get("name") or price is None:
            continue  # a card without a name or a price is not reported as a product
        if (min_price is not None and price.amount < min_price) or (max_price is not None and price.amount > max_price):
            continue
        out.append({"name": rec["name"], "price": price.amount, "currency": price.currency, "price_text": rec["price_text"],
                    "url": rec.get("url"), "image": rec.get("image"), "rating": rec.get("rating")})  # fmt: skip
    out = out[:limit]
    reason = None
    if not out:
        where = await page_url(session)
        reason = (f"{len(raw)} product cards on {where}, none within the price range" if raw
                  else f"no repeated elements with a price were found on {where}")  # fmt: skip
    return {"products": out, "count": len(out), "reason": reason}


@_tool(
    triggers=[r"\b(articles?|posts?|stories|story|headlines?|news|threads?|comments?|entries|titles?)\b"],
    examples=[example("Collect every article title and link", {},
                      {"articles": [{"title": "Story 1", "url": "https://news.example/1", "author": "maria",
                                     "date": "2026-01-01", "score": 12}], "count": 1, "reason": None})],
    aliases=("extraction.articles", "extraction.articles_generic", "extraction.posts"),
    read_only=True,
)
async def articles(session: WebSession, limit: Limit = 1000) -> dict[str, Any]:
    """Articles, stories or forum posts: title, url, author, date and score where shown.

    Args:
        limit: At most this many records.
    """
    raw = await evaluate(session, _JS, {"kind": "articles"}, "extract.articles")
    out = [
        {"title": r["title"], "url": r.get("url"), "author": r.get("author") or None, "date": r.get("date") or None,
         "score": parse_count(r.get("score"))}
        for r in raw if r.get("title")
    ][:limit]  # fmt: skip
    reason = None if out else f"no repeated items with a title link were found on {await page_url(session)}"
    return {"articles": out, "count": len(out), "reason": reason}


@_tool(
    triggers=[r"\b(links?|urls?|hrefs?)\b"],
    examples=[example("Collect every link to a PDF", {"pattern": r"\.pdf$"},
                      {"links": [{"text": "Manual", "url": "https://site.example/manual.pdf"}], "count": 1, "reason": None})],
    aliases=("extraction.links_by_pattern", "extraction.links"),
    read_only=True,
)
async def links(session: WebSession, pattern: Annotated[str, MaxLen(500)] = "", limit: Limit = 10_000) -> dict[str, Any]:
    """Links whose address or text matches a regular expression (every link when empty), each once.

    Args:
        pattern: A regular expression matched (case-insensitively) against the absolute URL and the link text.
        limit: At most this many links.
    """
    try:
        re.compile(pattern)
    except re.error as exc:
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"pattern {pattern!r} is not a valid regular expression: {exc}") from None
    raw = await evaluate(session, _JS, {"kind": "links", "pattern": pattern, "flags": "i"}, "extract.links")
    out = raw[:limit]
    reason = None if out else f"no link on {await page_url(session)} matches {pattern!r}"
    return {"links": out, "count": len(out), "reason": reason}


@_tool(
    triggers=[r"\btables?\b", r"\b(rows?|columns?|spreadsheet|grid)\b"],
    examples=[example("Read the sales table as JSON", {"name": "Quarterly sales"},
                      {"tables": [{"name": "Quarterly sales", "id": "sales", "headers": ["Region", "Q1 / Units"],
                                   "rows": [{"Region": "North", "Q1 / Units": 1204}]}], "count": 1, "reason": None})],
    aliases=("extraction.tables_to_json", "extraction.tables"),
    read_only=True,
)
async def tables(session: WebSession, name: Annotated[str, MaxLen(200)] = "", limit_rows: Limit = 100_000) -> dict[str, Any]:
    """Every table as JSON: header rows detected, colspan and rowspan spread, numbers parsed, tables named.

    A table's name is its caption, else the nearest heading before it, else its id. Multi-row
    headers are joined with " / " ("Q1 / Units").

    Args:
        name: Only tables whose name or id contains this text (case-insensitive).
        limit_rows: At most this many rows per table.
    """
    raw = await evaluate(session, _JS, {"kind": "tables"}, "extract.tables")
    out = []
    for t in raw:
        label = f"{t['name']} {t.get('id') or ''}".lower()
        if name and name.lower() not in label:
            continue
        headers = _unique(t["headers"])
        rows = [dict(zip(headers, (cell_value(c) for c in row), strict=False)) for row in t["rows"][:limit_rows]]
        out.append({"name": t["name"], "id": t.get("id"), "headers": headers, "rows": rows})
    reason = None
    if not out:
        where = await page_url(session)
        reason = f"no table named {name!r} on {where} (tables: {[t['name'] for t in raw]})" if raw else f"no table on {where}"
    return {"tables": out, "count": len(out), "reason": reason}


@_tool(
    triggers=[r"\b(lists?|bullets?|definitions?|glossary|terms?)\b"],
    examples=[example("Read the glossary", {"name": "Glossary"},
                      {"lists": [{"name": "Glossary", "kind": "definitions", "id": None,
                                  "items": [{"term": "SKU", "definition": "Stock keeping unit"}]}], "count": 1, "reason": None})],
    aliases=("extraction.lists",),
    read_only=True,
)
async def lists(session: WebSession, name: Annotated[str, MaxLen(200)] = "") -> dict[str, Any]:
    """Lists (ul, ol: their items) and definition lists (dl: term and definition) outside navigation.

    Args:
        name: Only lists whose name (nearest heading) or id contains this text (case-insensitive).
    """
    raw = await evaluate(session, _JS, {"kind": "lists"}, "extract.lists")
    out = [x for x in raw if not name or name.lower() in f"{x['name']} {x.get('id') or ''}".lower()]
    reason = None if out else f"no list{' named ' + repr(name) if name else ''} on {await page_url(session)}"
    return {"lists": out, "count": len(out), "reason": reason}


@_tool(
    triggers=[r"\bschema\b", r"\bextract\b.*\b(into|as|with)\b.*\b(json|fields?)\b"],
    examples=[example("Extract name and price of every item",
                      {"schema": {"type": "array", "items": {"type": "object", "properties": {
                          "name": {"type": "string"}, "price": {"type": "number"}}, "required": ["name", "price"]}}},
                      {"data": [{"name": "Daypack", "price": 49.0}], "source": "structure", "reason": None})],
    aliases=("extraction.schema", "extraction.custom"),
    timeout_ms=90_000,
    read_only=True,
)
async def schema(
    session: WebSession, ctx: ToolContext, schema: dict[str, Any], instruction: Annotated[str, MaxLen(2000)] = "",
    use_model: bool = True,
) -> dict[str, Any]:
    """Data shaped by the caller's JSON Schema: found by structure, or by the configured model when structure is not enough.

    An array of objects (or an object holding one) is filled from repeated records; an object from
    label/value pairs. Properties are matched by name to classes, itemprops and labels.

    Args:
        schema: A JSON Schema (draft 2020-12) for the result.
        instruction: What to extract, in words (passed to the model when it is used).
        use_model: Whether the configured model may be asked when structure is not enough.
    """
    from tapwright.tools._schema_fill import SchemaModel, extract_into

    model = await ctx.aget(SchemaModel) if use_model and ctx.has(SchemaModel) else None
    return await extract_into(session, model, schema, instruction, use_model)


def _unique(headers: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for h in headers:
        seen[h] = seen.get(h, 0) + 1
        out.append(h if seen[h] == 1 else f"{h} ({seen[h]})")
    return out


for _spec in SPECS:
    with_output(_spec, {"products": PRODUCTS_OUT, "articles": ARTICLES_OUT, "links": LINKS_OUT, "tables": TABLES_OUT,
                        "lists": LISTS_OUT, "schema": SCHEMA_OUT}[_spec.name])  # fmt: skip


def toolset() -> Toolset:
    """The extraction pack, namespaced ``extract.``."""
    return Toolset.of("extract", SPECS, "Extract products, articles, links, tables, lists or any JSON Schema from the page")
