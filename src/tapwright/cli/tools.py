"""``tapwright tools list|show|export``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tapwright.registry.export import ExportFormat, export
from tapwright.registry.registry import Registry


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser("tools", help="list, show and export the registered tools")
    tsub = p.add_subparsers(dest="tools_command", metavar="ACTION", required=True)
    ls = tsub.add_parser("list", help="list tools")
    ls.add_argument("--json", action="store_true", help="print JSON")
    ls.add_argument("--category", help="only this category")
    ls.set_defaults(handler=_list)
    show = tsub.add_parser("show", help="show one tool's manifest")
    show.add_argument("name")
    show.set_defaults(handler=_show)
    ex = tsub.add_parser("export", help="export tools for function calling")
    ex.add_argument("--format", choices=["openai", "anthropic", "mcp", "manifest"], default="openai")
    ex.add_argument("--category", help="only this category")
    ex.set_defaults(handler=_export)


def _registry() -> Registry:
    registry = Registry.default()
    for error in registry.load_errors:
        print(f"warning: {error}", file=sys.stderr)
    return registry


def _list(args: argparse.Namespace) -> int:
    specs = _registry().list(category=args.category)
    if args.json:
        rows = [
            {"name": s.name, "category": s.category, "description": s.description, "version": s.version,
             "dependencies": s.dependencies, "triggers": s.triggers, "read_only": s.read_only,
             "idempotent": s.idempotent, "destructive": s.destructive, "open_world": s.open_world}
            for s in specs
        ]  # fmt: skip
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    width = max((len(s.name) for s in specs), default=10)
    for s in specs:
        first = s.description.splitlines()[0] if s.description else ""
        print(f"{s.name:<{width}}  {s.category:<10}  {first}")
    print(f"{len(specs)} tools", file=sys.stderr)
    return 0


def _show(args: argparse.Namespace) -> int:
    registry = _registry()
    spec = registry.get(args.name)
    if spec is None:
        print(registry.unknown_tool(args.name).status_line(), file=sys.stderr)
        return 2
    print(json.dumps(spec.manifest(), indent=2, ensure_ascii=False))
    return 0


def _export(args: argparse.Namespace) -> int:
    fmt: ExportFormat = args.format
    print(json.dumps(export(_registry().list(category=args.category), fmt), indent=2, ensure_ascii=False))
    return 0
