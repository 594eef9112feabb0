"""Shared helpers of the Android tests: the dump fixtures and the labelled locator cases."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import yaml

from tapwright.core.element import Element
from tapwright.drivers.android.hierarchy import Hierarchy, app_tree, parse_dump
from tapwright.drivers.android.locating import find
from tapwright.errors import ToolFailure

HERE = Path(__file__).parent
DUMPS = HERE / "dumps"


def manifest() -> list[dict[str, str]]:
    with (DUMPS / "MANIFEST.tsv").open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


def dump_path(prefix: str) -> Path:
    (found,) = DUMPS.glob(f"{prefix}-*.xml")
    return found


_parsed: dict[str, Hierarchy] = {}


def parsed(prefix: str) -> Hierarchy:
    if prefix not in _parsed:
        _parsed[prefix] = parse_dump(dump_path(prefix).read_bytes())
    return _parsed[prefix]


def cases() -> dict[str, list[dict[str, Any]]]:
    data: dict[str, list[dict[str, Any]]] = yaml.safe_load((HERE / "locator_cases.yaml").read_text("utf-8"))
    return data


def _bounds(e: Element) -> str:
    r = e.rect
    if r is None:
        return ""
    return f"[{round(r.x)},{round(r.y)}][{round(r.x + r.width)},{round(r.y + r.height)}]"


def evaluate(prefix: str, case: dict[str, Any]) -> str | None:
    """None when the case passes, else what went wrong."""
    tree = app_tree(parsed(prefix).tree)
    expect = case.get("expect")
    wanted = [expect] if isinstance(expect, str) else list(expect or [])
    for b in wanted:
        if not any(_bounds(e) == b for e in parsed(prefix).tree):
            return f"mislabelled case: no node has bounds {b}"
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
