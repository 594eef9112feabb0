"""``tapwright snapshot [URL]`` and ``tapwright locate [--url URL] "description"``: look at a screen from the shell.

Both work on any platform: ``--platform android --set device=SERIAL`` shows a phone's
screen; with the web platform (the default) the URL is opened first.

``locate`` answers what a step would act on: exit 0 only when the locator accepts one
element (above its confidence bar, not tied with another); exit 1 when it accepts none
(nothing found, ambiguous, or only candidates below the bar), printing why and the nearest
candidates; exit 2 for a usage error.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from typing import Any

from tapwright.cli._platform import add_platform_args, open_env, parse_settings
from tapwright.core.element import UiTree
from tapwright.core.render import DEFAULT_MAX_CHARS, render_tree
from tapwright.errors import ToolFailure, UserError
from tapwright.locator import Candidate, locate, rank
from tapwright.registry.registry import Registry


def register(sub: Any) -> None:
    snap: argparse.ArgumentParser = sub.add_parser("snapshot", help="print a screen's elements, one line each with its ref")
    snap.add_argument("url", nargs="?", help="the page to open first (platforms with a navigate tool, such as web)")
    snap.add_argument("--max-chars", type=int, default=DEFAULT_MAX_CHARS, help="cap on the text output")
    snap.add_argument("--json", action="store_true", help="print the UiTree as JSON")
    add_platform_args(snap)
    snap.set_defaults(handler=_snapshot)
    loc: argparse.ArgumentParser = sub.add_parser(
        "locate", help="the element a description means (exit 1 when none is accepted), and the nearest candidates")
    loc.add_argument("target", metavar="DESCRIPTION", help='the element, quoted, e.g. "the blue Log in button"')
    # More words are refused with a usage error, never read as a URL silently (``URL DESCRIPTION``,
    # the older form, still works when the first is plainly a URL).
    loc.add_argument("more", nargs="*", help=argparse.SUPPRESS)
    loc.add_argument("--url", help="the page to open first (platforms with a navigate tool, such as web)")
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


_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://|^(about|data):")


def _locate_target(args: argparse.Namespace) -> tuple[str | None, str]:
    """(url, description) from ``[--url URL] DESCRIPTION``; UserError for anything else."""
    target: list[str] = [args.target, *args.more]
    if len(target) == 2 and args.url is None and _URL.match(target[0]):
        return target[0], target[1]  # the older form: URL DESCRIPTION, when the first is plainly a URL
    if len(target) != 1:
        given = ", ".join(repr(t) for t in target)
        raise UserError(f"locate takes one DESCRIPTION, got {len(target)} ({given}): quote a description with "
                        "spaces, and give the page with --url URL")  # fmt: skip
    return args.url, target[0]


def _locate(args: argparse.Namespace) -> int:
    try:
        url, description = _locate_target(args)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    tree = _load(args, url)
    if tree is None:
        return 1
    ranked = rank(tree, description, limit=args.limit)
    try:
        accepted: Candidate | None = locate(tree, description)
        refused: ToolFailure | None = None
    except ToolFailure as exc:
        accepted, refused = None, exc
    why_not = {c.get("ref"): str(c.get("why_not", "")) for c in _data_candidates(refused)}
    if args.json:
        print(json.dumps({
            "accepted": accepted is not None,
            "element": accepted.to_dict() if accepted else None,
            "error": {"code": refused.code.value, "message": refused.message} if refused else None,
            "candidates": [{**c.to_dict(), **({"why_not": why_not[c.element.ref]} if c.element.ref in why_not else {})}
                           for c in ranked] or _data_candidates(refused),
        }, indent=2, ensure_ascii=False))  # fmt: skip
        return 0 if accepted is not None else 1
    if accepted is not None:
        print(f"accepted: {_line(accepted)}")
        others = [c for c in ranked if c.element.ref != accepted.element.ref]
        if others:
            print("other candidates:")
        for c in others:
            print(f"  {_line(c)}")
        return 0
    assert refused is not None
    print(f"not accepted: [{refused.code.value}] {refused.message}", file=sys.stderr)
    if ranked:
        print("nearest candidates (none accepted):")
        for c in ranked:
            note = f"  -- {why_not[c.element.ref]}" if why_not.get(c.element.ref) else ""
            print(f"  {_line(c)}{note}")
    elif hints := _data_candidates(refused):
        print("nearest candidates (none accepted):")
        for h in hints:
            score = float(h.get("score") or 0.0)
            print(f"  {score:6.3f}  {h.get('ref', ''):<6} {h.get('role', ''):<10} {str(h.get('name', ''))[:60]!r}  "
                  f"-- {h.get('why_not', '')}")  # fmt: skip
    else:
        print("no candidates: nothing on the screen resembles the description")
    return 1


def _data_candidates(failure: ToolFailure | None) -> list[dict[str, Any]]:
    data = failure.data if failure is not None else None
    found = data.get("candidates") if isinstance(data, dict) else None
    return [c for c in found if isinstance(c, dict)] if isinstance(found, list) else []


def _line(c: Candidate) -> str:
    e = c.element
    box = f"({e.rect.center_x},{e.rect.center_y})" if e.rect else ""
    return f"{c.score:6.3f}  {e.ref:<6} {e.role:<10} {e.name[:60]!r} {box}  {'; '.join(c.reasons)[:80]}"
