"""``tapwright snapshot [URL]`` and ``tapwright locate [URL] "description"``: look at a screen from the shell.

Both work on any platform: ``--platform android --set device=SERIAL`` shows a phone's
screen; with the web platform (the default) the URL is opened first.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any

from tapwright.cli._platform import add_platform_args, open_env, parse_settings
from tapwright.core.element import UiTree
from tapwright.core.render import DEFAULT_MAX_CHARS, render_tree
from tapwright.errors import ToolFailure, UserError
from tapwright.locator import rank
from tapwright.registry.registry import Registry


def register(sub: Any) -> None:
    snap: argparse.ArgumentParser = sub.add_parser("snapshot", help="print a screen's elements, one line each with its ref")
    snap.add_argument("url", nargs="?", help="the page to open first (platforms with a navigate tool, such as web)")
    snap.add_argument("--max-chars", type=int, default=DEFAULT_MAX_CHARS, help="cap on the text output")
    snap.add_argument("--json", action="store_true", help="print the UiTree as JSON")
    add_platform_args(snap)
    snap.set_defaults(handler=_snapshot)
    loc: argparse.ArgumentParser = sub.add_parser("locate", help="rank a screen's elements against a description")
    loc.add_argument("target", nargs="+", metavar="[URL] DESCRIPTION",
                     help='the page to open (web) and the element, e.g. "the blue Log in button"')
    loc.add_argument("--limit", type=int, default=5, help="how many candidates to show")
    loc.add_argument("--json", action="store_true", help="print JSON")
    add_platform_args(loc)
    loc.set_defaults(handler=_locate)


async def _tree(args: argparse.Namespace, url: str | None) -> UiTree:
    async with open_env(args.platform, settings=parse_settings(args.settings), headed=args.headed) as env:
        if url:
            registry = Registry.default()
            navigate = f"{args.platform}.navigate"
            if registry.get(navigate) is None:
                raise UserError(f"platform {args.platform!r} has no {navigate} tool to open {url!r}")
            opened = await registry.call(navigate, {"url": url}, env.ctx)
            if not opened.ok:
                raise ToolFailure(opened.error.code, opened.error.message) if opened.error else UserError(opened.status_line())
        return await env.driver.snapshot()


def _load(args: argparse.Namespace, url: str | None) -> UiTree | None:
    try:
        return asyncio.run(_tree(args, url))
    except ToolFailure as exc:
        print(f"error: [{exc.code.value}] {exc.message}", file=sys.stderr)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
    return None


def _snapshot(args: argparse.Namespace) -> int:
    tree = _load(args, args.url)
    if tree is None:
        return 1
    if args.json:
        print(json.dumps(tree.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(render_tree(tree, max_chars=args.max_chars))
    return 0


def _locate(args: argparse.Namespace) -> int:
    if len(args.target) > 2:
        print("error: locate takes [URL] DESCRIPTION (quote a description with spaces)", file=sys.stderr)
        return 2
    url, description = (args.target[0], args.target[1]) if len(args.target) == 2 else (None, args.target[0])
    tree = _load(args, url)
    if tree is None:
        return 1
    ranked = rank(tree, description, limit=args.limit)
    if args.json:
        print(json.dumps([c.to_dict() for c in ranked], indent=2, ensure_ascii=False))
        return 0 if ranked else 1
    if not ranked:
        print(f"no element matches {description!r}", file=sys.stderr)
        return 1
    for c in ranked:
        e = c.element
        box = f"({e.rect.center_x},{e.rect.center_y})" if e.rect else ""
        print(f"{c.score:6.3f}  {e.ref:<6} {e.role:<10} {e.name[:60]!r} {box}  {'; '.join(c.reasons)[:80]}")
    return 0
