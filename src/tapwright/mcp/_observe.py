"""Observations sized for a model: a status line, a short change summary, capped text.

Playwright MCP's most common complaint is that every action returns the whole
page snapshot and floods the model's context. Here an action returns its status
line plus only what changed (URL, title, a few lines that appeared or
disappeared); the full outline comes only from the snapshot tool, cut at a cap.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

from tapwright.core.element import Element, UiTree

CHANGE_LINES = 6
CANDIDATE_LINES = 5
_NAME_CHARS = 80
Redact = Callable[[str], str]


def _clip(text: str, limit: int = _NAME_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _describe(element: Element) -> tuple[str, str | None] | None:
    """An element as (what it is, its value): ``('button "Save"', None)``, or None when it says nothing."""
    label = element.name or element.text
    if not label and element.value is None and element.interactive is False:
        return None
    parts = [element.role]
    if label:
        parts.append(json.dumps(_clip(label), ensure_ascii=False))
    flags = [k for k in ("checked", "selected", "expanded") if getattr(element.state, k)]
    if not element.state.enabled:
        flags.append("disabled")
    if flags:
        parts.append(f"[{', '.join(flags)}]")
    value = None
    if element.value is not None:
        shown = "•••" if element.attr("type") == "password" and element.value else _clip(element.value, 40)
        value = json.dumps(shown, ensure_ascii=False)
    return " ".join(parts), value


def element_line(element: Element, *, with_ref: bool = False) -> str | None:
    """One line for one element (``e3 textbox "Email" = "a@b.c" in form:Login``), or None."""
    described = _describe(element)
    if described is None:
        return None
    what, value = described
    line = f"{element.ref} {what}" if with_ref else what
    if value is not None:
        line += f" = {value}"
    if with_ref and element.context:
        line += f" in {element.context[-1]}"
    return line


def _visible(tree: UiTree | None) -> Counter[tuple[str, str | None]]:
    if tree is None:
        return Counter()
    return Counter(d for e in tree.elements if e.state.visible and (d := _describe(e)) is not None)


def _joined(items: list[str], limit: int) -> str:
    more = f"; (+{len(items) - limit} more)" if len(items) > limit else ""
    return "; ".join(items[:limit]) + more


def change_summary(before: UiTree | None, after: UiTree | None, *, limit: int = CHANGE_LINES) -> list[str]:
    """What an action changed, in a few lines: URL, title, values, elements that appeared or went away."""
    if after is None:
        return []
    out: list[str] = []
    if before is None or before.url != after.url:
        out.append(f"url: {after.url}" if before is None else f"url: {before.url} -> {after.url}")
    if before is None or before.title != after.title:
        out.append(f"title: {json.dumps(after.title, ensure_ascii=False)}")
    old, new = _visible(before), _visible(after)
    if before is not None and before.url != after.url and sum((old & new).values()) * 2 < sum(old.values()):
        # Another page (most of the old one is gone): what it shows, not a list of everything the old one had.
        shown = [_render(item) for item in new]
        return out + ([f"page: {_joined(shown, limit * 2)}"] if shown else [])
    gone, came = list((old - new).elements()), list((new - old).elements())
    changed: list[str] = []
    for item in list(came):
        # The same element with another value (a field after fill) is a change, not a swap.
        match = next((g for g in gone if g[0] == item[0]), None)
        if match is not None and before is not None:
            gone.remove(match)
            came.remove(item)
            changed.append(f"{item[0]}: {match[1] or '(empty)'} -> {item[1] or '(empty)'}")
    for label, items in (("changed", changed), ("appeared", [_render(i) for i in came]), ("gone", [_render(i) for i in gone])):
        if items:
            out.append(f"{label}: {_joined(items, limit)}")
    return out or ["no visible change"]


def page_lines(tree: UiTree, *, limit: int = CHANGE_LINES) -> list[str]:
    """Another page in a few lines, its title and what it shows: a tab an action opened."""
    shown = [_render(item) for item in _visible(tree)]
    head = [f"title: {json.dumps(tree.title, ensure_ascii=False)}"]
    return head + ([f"page: {_joined(shown, limit * 2)}"] if shown else [])


def set_off(data: Any) -> list[str]:
    """The dialogs an action opened and the downloads it started (its result's ``dialogs`` / ``downloads``), one line each."""
    if not isinstance(data, dict):
        return []
    lines = [f"dialog: {d.get('said')}" for d in data.get("dialogs") or [] if isinstance(d, dict)]
    for item in data.get("downloads") or []:
        if not isinstance(item, dict):
            continue
        name = json.dumps(str(item.get("suggested_name", "")), ensure_ascii=False)
        if item.get("status") == "saved":
            lines.append(f"download: {name} saved to {item.get('path')} ({item.get('size', 0):,} bytes)")
        elif item.get("status") == "downloading":
            lines.append(f"download: {name} still downloading into {item.get('folder')}")
        else:
            lines.append(f"download: {name} not saved: {item.get('reason')}")
    return lines


def _render(item: tuple[str, str | None]) -> str:
    return item[0] if item[1] is None else f"{item[0]} = {item[1]}"


def outline(tree: UiTree) -> str:
    """The page as an indented-free outline, one element per line with its ref."""
    head = [f"url: {tree.url}", f"title: {json.dumps(tree.title, ensure_ascii=False)}", f"elements: {len(tree)}"]
    body = [line for e in tree.elements if e.state.visible and (line := element_line(e, with_ref=True)) is not None]
    return "\n".join(head + body)


def cap(text: str, max_chars: int) -> str:
    """Cut ``text`` at ``max_chars`` with a marker that says how much was left out and what to do."""
    if len(text) <= max_chars:
        return text
    cut = text.rfind("\n", 0, max_chars)
    cut = cut if cut > max_chars // 2 else max_chars
    left = len(text) - cut
    return (
        text[:cut]
        + f"\n… [truncated: {left} more characters not shown; narrow the request, e.g. describe a target "
        "or call the snapshot tool with a smaller max_chars]"
    )


def _candidates(data: Any) -> list[str]:
    if not isinstance(data, dict) or not isinstance(data.get("candidates"), list):
        return []
    lines: list[str] = []
    for cand in data["candidates"][:CANDIDATE_LINES]:
        element = cand.get("element", cand) if isinstance(cand, dict) else None
        if isinstance(element, dict) and "ref" in element:
            line = element_line(Element.from_dict(element), with_ref=True)
            if line:
                lines.append(f"  candidate: {line}")
    return lines


def _body(data: Any) -> str | None:
    if data is None:
        return None
    if isinstance(data, dict) and isinstance(data.get("elements"), list):
        try:
            return outline(UiTree.from_dict(data))
        except (KeyError, TypeError, ValueError):
            pass
    if isinstance(data, str):
        return data
    if isinstance(data, dict) and isinstance(data.get("text"), str) and "\n" in data["text"]:
        return str(data["text"])  # a tool's own text rendering (the web snapshot outline) reads best as is
    return json.dumps(data, ensure_ascii=False, indent=None, separators=(", ", ": "))


def render(
    result: dict[str, Any],
    *,
    read_only: bool,
    before: UiTree | None,
    after: UiTree | None,
    max_chars: int,
    redact: Redact,
    opened: UiTree | None = None,
) -> str:
    """The text a model reads for one call: the status line first, then only what helps next.

    ``opened`` is the tab the call opened (``data["new_tab"]``), read once: its title and what it shows follow.
    """
    lines = [str(result.get("status_line") or ("OK" if result.get("ok") else "ERROR"))]
    data = result.get("data")
    if not result.get("ok"):
        lines.extend(_candidates(data))
    elif read_only:
        body = _body(data)
        # The status line already carries short outputs in full; repeat only what it had to cut.
        if body is not None and body not in lines[0] and not (len(body) <= 150 and lines[0].startswith("OK:")):
            lines.append(body)
    else:
        tab = data.get("new_tab") if isinstance(data, dict) else None
        summary = change_summary(before, after)
        lines.extend([] if isinstance(tab, dict) and summary == ["no visible change"] else summary)
        if isinstance(tab, dict):
            url = opened.url if opened is not None and opened.url else tab.get("url")
            lines.append(f"new tab {tab.get('index')}: {url} (switch_tab to act in it)")
            lines.extend(f"  {line}" for line in (page_lines(opened) if opened is not None else []))
        lines.extend(set_off(data))
    return cap(redact("\n".join(lines)), max_chars)


def structured(result: dict[str, Any], *, has_output_schema: bool, max_chars: int) -> dict[str, Any] | None:
    """Structured content: the tool's object output on success, the error code on failure."""
    if not result.get("ok"):
        error = dict(result.get("error") or {})
        error.pop("cause", None)  # internals (stack-ish text) are for logs, not for the model
        out: dict[str, Any] = {"ok": False, "error": error, "status_line": result.get("status_line", "")}
        return out
    data = result.get("data")
    if not isinstance(data, dict):
        return None
    if has_output_schema or len(json.dumps(data, ensure_ascii=False)) <= max_chars:
        return data
    return None
