"""``tapwright snapshot URL`` and ``tapwright locate URL "description"``: look at a page from the shell."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any

from tapwright.core.render import DEFAULT_MAX_CHARS, render_tree
from tapwright.errors import ToolFailure
from tapwright.locator import rank


def register(sub: Any) -> None:
    snap: argparse.ArgumentParser = sub.add_parser("snapshot", help="print a page's elements, one line each with its ref")
    snap.add_argument("url", help="the page to load (http or https)")
    snap.add_argument("--max-chars", type=int, default=DEFAULT_MAX_CHARS, help="cap on the text output")
    snap.add_argument("--json", action="store_true", help="print the UiTree as JSON")
    snap.add_argument("--headed", action="store_true", help="show the browser")
    snap.set_defaults(handler=_snapshot)
    loc: argparse.ArgumentParser = sub.add_parser("locate", help="rank a page's elements against a description")
    loc.add_argument("url", help="the page to load (http or https)")
    loc.add_argument("description", help='the element, e.g. "the blue Log in button"')
    loc.add_argument("--limit", type=int, default=5, help="how many candidates to show")
    loc.add_argument("--json", action="store_true", help="print JSON")
    loc.add_argument("--headed", action="store_true", help="show the browser")
    loc.set_defaults(handler=_locate)


async def _tree(url: str, headed: bool) -> Any:
    from tapwright.drivers.web import BrowserOptions, WebBrowser

    async with await WebBrowser.launch(BrowserOptions(headless=not headed)) as browser:
        session = await browser.new_session()
        await session.navigate(url)
        return await session.snapshot()


def _load(args: argparse.Namespace) -> Any:
    try:
        return asyncio.run(_tree(args.url, args.headed))
    except ToolFailure as exc:
        print(f"error: [{exc.code.value}] {exc.message}", file=sys.stderr)
        return None


def _snapshot(args: argparse.Namespace) -> int:
    tree = _load(args)
    if tree is None:
        return 1
    if args.json:
        print(json.dumps(tree.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(render_tree(tree, max_chars=args.max_chars))
    return 0


def _locate(args: argparse.Namespace) -> int:
    tree = _load(args)
    if tree is None:
        return 1
    ranked = rank(tree, args.description, limit=args.limit)
    if args.json:
        print(json.dumps([c.to_dict() for c in ranked], indent=2, ensure_ascii=False))
        return 0 if ranked else 1
    if not ranked:
        print(f"no element matches {args.description!r}", file=sys.stderr)
        return 1
    for c in ranked:
        e = c.element
        box = f"({e.rect.center_x},{e.rect.center_y})" if e.rect else ""
        print(f"{c.score:6.3f}  {e.ref:<6} {e.role:<10} {e.name[:60]!r} {box}  {'; '.join(c.reasons)[:80]}")
    return 0
