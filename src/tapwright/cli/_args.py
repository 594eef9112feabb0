"""Argument helpers shared by the CLI commands."""

from __future__ import annotations

from collections.abc import Iterable

from tapwright.errors import UserError


def parse_vars(items: Iterable[str]) -> dict[str, str]:
    """``--var NAME=VALUE`` options as a dict; UserError for an item without ``=``."""
    variables: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            raise UserError(f"--var needs NAME=VALUE, got {item!r}")
        variables[name] = value
    return variables
