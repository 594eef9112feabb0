"""Instruction -> task plan without a model (the ``rules`` planner): tools chosen by their triggers, parameters read from the words.

Reads price bounds ("under 150", "between 50 and 150", "from $20"), page counts ("the first
three pages"), record counts ("at least 10 products"), category paths ("in the Outdoor
category", "Outdoor > Tents"), search terms ("search for lamp"), date ranges and link
patterns, then writes the task plan: optional navigation and filters, scrolling or
pagination, one extraction, and the checks the instruction implies.
"""

from __future__ import annotations

import re
from typing import Any

from tapwright.errors import ErrorCode, ToolFailure
from tapwright.registry.registry import Registry

_NUM = r"[$€£]?\s?(\d{1,3}(?:[ \u00a0]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(?!\d|[.,]\d)\s?(?:zł|pln|usd|eur|gbp|€|\$|dollars?|euros?)?"
_RECORDS = r"(?:products?|items?|offers?|articles?|posts?|stories|links?|rows?|results?|entries|titles?|headlines?)"
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
# Which extraction an instruction asks for, by its words (the tools' own triggers break ties).
_KINDS = (
    ("tables", r"\btables?\b|\bcolumns?\b|\bspreadsheet\b"),
    ("lists", r"\b(glossary|definitions?|bullet|checklist)\b|\blists?\b(?! of)"),
    ("articles", r"\b(articles?|posts?|stories|story|headlines?|news|threads?|titles?|entries|comments?)\b"),
    ("links", r"\blinks?\b(?! (and|&) )|\burls?\b|\bhrefs?\b"),
    ("products", r"\b(products?|items?|offers?|prices?|deals?|listings?|goods|cheap\w*|under|below)\b"),
)
# One level of a category path: capitalised, then words up to one that starts the rest of the sentence.
_STOP = r"(?:in|under|below|over|above|with|and|for|from|please|on|at|to|then|that|which|category|section)\b"
_SEG = rf"[A-Z][\w&'-]*(?:\s+(?!{_STOP})[\w&'-]+)*"
_KEY_FIELDS = {"products": ["name", "price"], "articles": ["title", "url"], "links": ["url"]}


def _num(text: str) -> float:
    return float(text.replace(" ", "").replace("\u00a0", "").replace(",", "."))


def price_bounds(text: str) -> tuple[float | None, float | None]:
    """(min, max) from "under 150", "below $150", "over 20", "between 50 and 150", "50-150 zł", "from 20 to 80"."""
    t = text.lower()
    m = re.search(rf"\bbetween\s+{_NUM}\s+(?:and|-|to)\s+{_NUM}", t) or re.search(rf"\bfrom\s+{_NUM}\s+to\s+{_NUM}", t)
    m = m or re.search(r"(?<![\w.])[$€£]?(\d+(?:[.,]\d+)?)\s?-\s?[$€£]?(\d+(?:[.,]\d+)?)\s?(?:zł|pln|usd|eur|€|\$)", t)
    if m:
        return _num(m.group(1)), _num(m.group(2))
    lo = hi = None
    m = re.search(rf"\b(?:under|below|less than|cheaper than|up to|at most|max(?:imum)?|no more than|<=?)\s*{_NUM}(?!\s*{_RECORDS})", t)
    if m:
        hi = _num(m.group(1))
    m = re.search(rf"\b(?:over|above|more than|at least|min(?:imum)?|from|>=?)\s*{_NUM}(?!\s*{_RECORDS})(?!\s*(?:pages?|to\b))", t)
    if m and not re.search(r"\bfrom\s+(?:the\s+)?(?:first|last)", t[m.start():m.end() + 10]):
        lo = _num(m.group(1))
    return lo, hi


def page_count(text: str) -> int | None:
    m = re.search(r"\b(?:first|top|next)?\s*(\d+|" + "|".join(_WORDS) + r")\s+pages?\b", text.lower())
    if not m:
        return None
    word = m.group(1)
    return int(word) if word.isdigit() else _WORDS[word]


def record_count(text: str) -> tuple[int | None, int | None]:
    t = text.lower()
    lo = re.search(rf"\bat least\s+(\d+)\s+{_RECORDS}", t)
    hi = re.search(rf"\b(?:at most|no more than)\s+(\d+)\s+{_RECORDS}", t)
    exact = re.search(rf"\b(?:exactly)\s+(\d+)\s+{_RECORDS}", t)
    if exact:
        return int(exact.group(1)), int(exact.group(1))
    return (int(lo.group(1)) if lo else None), (int(hi.group(1)) if hi else None)


def category_path(text: str) -> str | None:
    m = re.search(rf"({_SEG}(?:\s*>\s*{_SEG})+)", text)
    if m:
        return re.sub(r"\s+(category|section|department)$", "", m.group(1).strip())
    m = re.search(r"\bin (?:the )?[\"'“]?([A-Z][\w&' -]*?)[\"'”]? (?:category|section|department)\b", text)
    m = m or re.search(r"\bcategory [\"'“]?([A-Z][\w&' -]*?)[\"'”]?(?:\s|$|,|\.)", text)
    return m.group(1).strip() if m else None


def search_term(text: str) -> str | None:
    m = re.search(r"\bsearch(?:ing)? (?:for )?[\"'“]([^\"'”]+)[\"'”]", text, re.IGNORECASE)
    m = m or re.search(r"\bsearch(?:ing)? for ([\w -]+?)(?:\s+(?:and|then|under|below|over|in)\b|[,.]|$)", text, re.IGNORECASE)
    return m.group(1).strip() if m else None


def date_range(text: str) -> tuple[str, str] | None:
    dates = re.findall(r"\b(\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{4})\b", text)
    return (dates[0], dates[1]) if len(dates) >= 2 else None


def link_pattern(text: str) -> str:
    m = re.search(r"\blinks? (?:to|containing|matching|with)\s+[\"'“]?([^\"'” ,]+)[\"'”]?", text, re.IGNORECASE)
    if not m:
        return ""
    word = m.group(1)
    return rf"\.{word[1:]}$" if word.startswith(".") else re.escape(word.rstrip(".").lower().removesuffix("s") if word.isalpha() else word)


def extraction_kind(text: str, registry: Registry) -> str | None:
    low = text.lower()
    for kind, pattern in _KINDS:
        if re.search(pattern, low):
            return kind
    ranked = registry.rank(text, namespace="extract", limit=1)
    return ranked[0][0].name.split(".", 1)[1] if ranked else None


def nearest_tools(text: str, registry: Registry, n: int = 3) -> list[str]:
    """The tools whose names, descriptions and examples share most words with ``text``."""
    words = set(re.findall(r"[a-z]{3,}", text.lower()))
    scored = []
    for spec in registry.list():
        if spec.name.split(".", 1)[0] not in ("extract", "forms", "nav", "check"):
            continue
        blob = " ".join([spec.name, spec.description, *(str(e.get("instruction", "")) for e in spec.examples)]).lower()
        scored.append((len(words & set(re.findall(r"[a-z]{3,}", blob))), spec.name))
    scored.sort(key=lambda p: (-p[0], p[1]))
    return [name for _, name in scored[:n]]


def plan_offline(instruction: str, registry: Registry, url: str | None = None) -> dict[str, Any]:
    """The task plan for ``instruction``; ToolFailure(UNKNOWN_TOOL) naming the nearest tools when nothing matches."""
    kind = extraction_kind(instruction, registry)
    lo, hi = price_bounds(instruction)
    dates = date_range(instruction)
    if kind is None and not dates:
        near = nearest_tools(instruction, registry)
        raise ToolFailure(ErrorCode.UNKNOWN_TOOL, f"no tool matches {instruction!r}; nearest tools: {', '.join(near)}",
                          data={"nearest": near})  # fmt: skip
    steps: list[dict[str, Any]] = []
    if url:
        steps.append({"tool": "web.navigate", "parameters": {"url": url}, "description": "Open the page"})
    if cat := category_path(instruction):
        steps.append({"tool": "nav.category", "parameters": {"path": cat}, "description": f"Open {cat}"})
    if term := search_term(instruction):
        steps.append({"tool": "forms.search", "parameters": {"query": term}, "description": f"Search for {term}"})
    if dates:
        steps.append({"tool": "forms.date_range", "parameters": {"start": dates[0], "end": dates[1]}, "description": "Set the dates"})
    if kind == "products" and (lo is not None or hi is not None):
        bounds = {k: v for k, v in (("min", lo), ("max", hi)) if v is not None}
        steps.append({"tool": "forms.price_filter", "parameters": {**bounds, "if_present": True}, "description": "Apply the price filter"})
    if kind is None:
        return {"plan": steps}
    pages = page_count(instruction)
    if re.search(r"\b(scroll|infinite|feed|load (all|every)|every one)\b", instruction, re.IGNORECASE):
        steps.append({"tool": "nav.scroll_load", "parameters": {"times": 30, "wait_ms": 1000}, "description": "Load everything by scrolling"})
    args: dict[str, Any] = {}
    if kind == "products":
        args = {k: v for k, v in (("min_price", lo), ("max_price", hi)) if v is not None}
    elif kind == "links":
        args = {"pattern": link_pattern(instruction)}
    if pages and pages > 1 and kind in ("products", "articles", "links", "tables"):
        steps.append({"id": "collect", "tool": "nav.paginate", "parameters": {"pages": pages, "collect": kind},
                      "description": f"Collect {kind} from {pages} pages"})  # fmt: skip
    else:
        steps.append({"tool": f"extract.{kind}", "parameters": args, "description": f"Extract the {kind}"})
    steps.extend(_checks(instruction, kind, lo, hi))
    plan: dict[str, Any] = {"plan": steps, "expected_output": kind}
    if kind in _KEY_FIELDS:
        plan["fallback"] = {"tool": "extract.schema", "parameters": {"schema": _fallback_schema(kind), "instruction": instruction}}
    return plan


def _checks(instruction: str, kind: str, lo: float | None, hi: float | None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if kind in _KEY_FIELDS:
        out.append({"tool": "check.required", "parameters": {"fields": _KEY_FIELDS[kind]}, "description": "Every record is complete"})
    if kind == "products" and (lo is not None or hi is not None):
        bounds = {k: v for k, v in (("min", lo), ("max", hi)) if v is not None}
        out.append({"tool": "check.range", "parameters": {"field": "price", **bounds}, "description": "Every price is in range"})
    if kind in ("products", "articles", "links") and re.search(r"\b(valid|absolute|working) (urls?|links?)\b", instruction, re.I):
        out.append({"tool": "check.urls", "parameters": {"field": "url"}, "description": "Every URL is absolute"})
    if re.search(r"\b(unique|no duplicates?|distinct)\b", instruction, re.IGNORECASE):
        out.append({"tool": "check.unique", "parameters": {"fields": ["url"]}, "description": "No record twice"})
    cmin, cmax = record_count(instruction)
    if cmin is not None or cmax is not None:
        out.append({"tool": "check.count", "parameters": {k: v for k, v in (("min", cmin), ("max", cmax)) if v is not None}})
    return out


def _fallback_schema(kind: str) -> dict[str, Any]:
    fields = {"products": {"name": {"type": "string"}, "price": {"type": "number"}, "url": {"type": "string"}},
              "articles": {"title": {"type": "string"}, "url": {"type": "string"}, "author": {"type": "string"}},
              "links": {"text": {"type": "string"}, "url": {"type": "string"}}}[kind]  # fmt: skip
    item = {"type": "object", "properties": fields, "required": _KEY_FIELDS[kind]}
    return {"type": "object", "properties": {kind: {"type": "array", "items": item}}, "required": [kind]}
