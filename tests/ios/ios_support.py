"""Shared helpers of the iOS tests: the page-source fixtures."""

from __future__ import annotations

from pathlib import Path

from tapwright.drivers.ios.source import Source, parse_source

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
