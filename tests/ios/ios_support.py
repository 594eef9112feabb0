"""Shared helpers of the iOS tests: the page-source fixtures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _support import mobile
from _support.mobile import load_cases
from tapwright.core.element import UiTree
from tapwright.drivers.android.hierarchy import parse_dump
from tapwright.drivers.ios.source import Source, parse_source

HERE = Path(__file__).parent
DUMPS = HERE / "dumps"
_parsed: dict[str, Source] = {}


def dump_path(prefix: str) -> Path:
    return mobile.dump_path(DUMPS, prefix)


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
    return load_cases(HERE / "locator_cases.yaml")


def evaluate(prefix: str, case: dict[str, Any]) -> str | None:
    """None when the case passes, else what went wrong (the locator as the iOS and Android drivers call it)."""
    return mobile.evaluate(tree_of(prefix), case)
