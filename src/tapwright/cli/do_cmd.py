"""``tapwright do "INSTRUCTION" --url URL``: run one plain-English instruction on a page.

Opens the URL in a fresh browser, plans the instruction with the configured planner,
runs it and prints the step result (or JSON with ``--json``). Exit codes as ``run``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from tapwright.cli._args import add_policy_arguments, check_policy_entries, parse_vars
from tapwright.core.secrets import SecretStore
from tapwright.errors import UserError
from tapwright.planners.base import StepPlanner
from tapwright.registry.registry import Registry
from tapwright.runner.backends import WebBackend, WebOptions
from tapwright.runner.planning import PLANNER_KINDS, close_planner, make_planner
from tapwright.runner.results import StepResult
from tapwright.runner.step import run_step


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser("do", help="run one plain-English instruction on a web page")
    p.add_argument("instruction", help='e.g. "Type hello into the Search field and press Enter"')
    p.add_argument("--url", required=True, help="page to open first")
    p.add_argument("--planner", choices=PLANNER_KINDS, default="auto", help="step planner (default auto)")
    p.add_argument("--json", action="store_true", help="print the step result as JSON")
    p.add_argument("--headed", action="store_true", help="show the browser")
    p.add_argument("--var", action="append", default=[], metavar="NAME=VALUE", help="a test variable (repeatable)")
    p.add_argument("--secret", action="append", default=[], metavar="NAME", help="a secret read from the environment or .env")
    p.add_argument("--env-file", default=".env", help="file of NAME=VALUE secrets (default .env)")
    p.add_argument("--screenshot", metavar="PATH", help="save a screenshot after the instruction")
    add_policy_arguments(p)
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    try:
        variables = parse_vars(args.var)
        check_policy_entries([*(args.allow or []), *args.block])
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        planner = make_planner(args.planner)
        step = asyncio.run(_do(args, planner, variables))
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    if args.json:
        print(json.dumps(step.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(render_step(step))
    return 0 if step.status == "passed" else 1


async def _do(args: argparse.Namespace, planner: StepPlanner, variables: dict[str, str]) -> StepResult:
    registry = Registry.default()
    secrets = SecretStore.from_env(args.secret, env_file=Path(args.env_file))
    backend = WebBackend(WebOptions(headed=args.headed, allow=args.allow, block=tuple(args.block),
                                    allow_link_local=args.allow_link_local))
    try:
        env = await backend.open(base_url=args.url, secrets=secrets, record_trace=False)
        try:
            opened = await registry.call("web.navigate", {"url": args.url}, env.ctx)
            if not opened.ok:
                step = StepResult(index=0, text=f"open {args.url}", status="failed", status_line=opened.status_line())
                step.error_code = opened.error.code.value if opened.error else None
                step.error_message = opened.error.message if opened.error else None
                return step
            step = await run_step(args.instruction, env.ctx, planner=planner, registry=registry, vars=variables, base_url=args.url)
            if args.screenshot and await env.screenshot(Path(args.screenshot)):
                step.screenshot = args.screenshot
            return step
        finally:
            await env.close()
    finally:
        await backend.aclose()
        await close_planner(planner)


def render_step(step: StepResult) -> str:
    """A few readable lines: the verdict, the planner, each tool call and the error."""
    mark = "✓" if step.status == "passed" else "✗"
    lines = [f"{mark} {step.status.upper()}: {step.text}  ({step.duration_ms:.0f} ms, planner {step.planner or '-'})"]
    for call in step.calls:
        args = ", ".join(f"{k}={v!r}" for k, v in call.get("args", {}).items())
        lines.append(f"  {call.get('tool')}({args}) -> {call.get('status_line', '')}")
    if step.error_code:
        lines.append(f"  error: [{step.error_code}] {step.error_message}")
    elif step.status_line:
        lines.append(f"  {step.status_line}")
    return "\n".join(lines)


