"""Argument helpers shared by the CLI commands."""

from __future__ import annotations

import argparse
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


def add_policy_arguments(p: argparse.ArgumentParser) -> None:
    """``--allow``, ``--block`` and ``--allow-link-local``: the URL policy of the browser (run, do)."""
    p.add_argument("--allow", action="extend", nargs="+", default=None, metavar="ORIGIN",
                   help="the browser may load only these origins, hosts, *.suffixes or address ranges (repeatable)")
    p.add_argument("--block", action="extend", nargs="+", default=[], metavar="ORIGIN",
                   help="origins, hosts, *.suffixes or address ranges the browser must never load (repeatable)")
    p.add_argument("--allow-link-local", action="store_true",
                   help="let pages reach link-local and cloud-metadata addresses (169.254.169.254), refused by default")


def check_policy_entries(entries: Iterable[str]) -> None:
    """UserError for an ``--allow`` / ``--block`` entry that is not an origin, host, suffix or range."""
    import ipaddress

    for entry in entries:
        text = entry.strip()
        if not text:
            raise UserError("an --allow/--block entry is empty")
        if "/" in text and "://" not in text:
            try:
                ipaddress.ip_network(text, strict=False)
            except ValueError:
                raise UserError(f"{entry!r} is not an origin, host, *.suffix or address range") from None


def seconds(text: str) -> float:
    """An argparse type: a wait in seconds, more than 0 and at most an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError("must be more than 0 and at most 3600 seconds")
    return value
