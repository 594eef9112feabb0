"""Shared helpers of the iOS tests: the page-source fixtures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tapwright.core.element import Element, UiTree
from tapwright.drivers.android.hierarchy import parse_dump
from tapwright.drivers.android.locating import find
from tapwright.drivers.ios.source import Source, parse_source
from tapwright.errors import ToolFailure

HERE = Path(__file__).parent
DUMPS = HERE / "dumps"
_parsed: dict[str, Source] = {}


def dump_path(prefix: str) -> Path:
    (found,) = DUMPS.glob(f"{prefix}-*.xml")
    return found


def parsed(prefix: str) -> Source:
    if prefix not in _parsed:
        _parsed[prefix] = parse_source(dump_path(prefix).read_bytes())
    return _parsed[prefix]


RN = HERE / "rn"


def tree_of(prefix: str) -> UiTree:
    """The tree a case runs against: a real iOS dump, or a React Native screen (iOS or Android)."""
    if prefix == "rn-ios":
        return parse_source((RN / "rn-signin-ios.xml").read_bytes()).tree
    if prefix == "rn-android":
        return parse_dump((RN / "rn-signin-android.xml").read_bytes()).tree
    return parsed(prefix).tree


def cases() -> dict[str, list[dict[str, Any]]]:
    data: dict[str, list[dict[str, Any]]] = yaml.safe_load((HERE / "locator_cases.yaml").read_text("utf-8"))
    return data


def _bounds(e: Element) -> str:
    r = e.rect
    return "" if r is None else f"[{round(r.x)},{round(r.y)}][{round(r.x + r.width)},{round(r.y + r.height)}]"


def evaluate(prefix: str, case: dict[str, Any]) -> str | None:
    """None when the case passes, else what went wrong (the locator as the iOS and Android drivers call it)."""
    tree = tree_of(prefix)
    expect = case.get("expect")
    wanted = [expect] if isinstance(expect, str) else list(expect or [])
    for b in wanted:
        if not any(_bounds(e) == b for e in tree):
            return f"mislabelled case: no element has bounds {b}"
    try:
        found = find(tree, case["find"])
    except ToolFailure as failure:
        if case.get("error") == failure.code.value:
            return None
        return f"{failure.code.value}: {failure.message[:300]}"
    if "error" in case:
        return f"expected {case['error']}, found {found.describe()} {_bounds(found.element)} score {found.score:.2f}"
    if _bounds(found.element) in wanted:
        return None
    return f"expected {wanted}, found {found.describe()} {_bounds(found.element)} score {found.score:.2f} {found.reasons}"
