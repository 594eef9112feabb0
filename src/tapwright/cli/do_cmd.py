"""``tapwright do "INSTRUCTION" --url URL``: run one plain-English instruction on a screen.

Opens a fresh environment on the platform (web by default: a fresh browser context,
opening ``--url`` first), plans the instruction with the configured planner, runs it
and prints the step result (or JSON with ``--json``). Exit codes as ``run``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from tapwright.cli._args import add_policy_arguments, check_policy_entries, parse_vars
from tapwright.cli._platform import add_platform_args, open_env, parse_settings
from tapwright.core.diagnostics import PageEvent, summary
from tapwright.core.secrets import SecretStore
from tapwright.errors import UserError
from tapwright.planners.base import StepPlanner
from tapwright.registry.registry import Registry
from tapwright.runner.agent_scope import agent_common, start_origins
from tapwright.runner.planning import PLANNER_KINDS, make_planner, planner_kind
from tapwright.runner.results import StepResult
from tapwright.runner.step import run_step


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser("do", help="run one plain-English instruction on a page or screen")
    p.add_argument("instruction", help='e.g. "Type hello into the Search field and press Enter"')
    p.add_argument("--url", help="the page to open first (platforms with a navigate tool, such as web)")
    p.add_argument("--planner", type=planner_kind, choices=PLANNER_KINDS, default="auto", help="step planner (default auto)")
    p.add_argument("--json", action="store_true", help="print the step result as JSON")
    p.add_argument("--var", action="append", default=[], metavar="NAME=VALUE", help="a test variable (repeatable)")
    p.add_argument("--secret", action="append", default=[], metavar="NAME", help="a secret read from the environment or .env")
    p.add_argument("--env-file", default=".env", help="file of NAME=VALUE secrets (default .env)")
    p.add_argument("--screenshot", metavar="PATH", help="save a screenshot after the instruction")
    add_platform_args(p)
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
    settings = parse_settings(args.settings)
    policy = {"allowed_origins": start_origins(planner, args.allow, args.url) or args.allow,
              "blocked_origins": list(args.block), "allow_link_local": args.allow_link_local,
              **agent_common(planner, settings)}
    try:
        async with open_env(args.platform, settings=settings, headed=args.headed, base_url=args.url, secrets=secrets,
                            common=policy) as env:
            if args.url:
                navigate = f"{args.platform}.navigate"
                if registry.get(navigate) is None:
                    raise UserError(f"platform {args.platform!r} has no {navigate} tool to open --url")
                opened = await registry.call(navigate, {"url": args.url}, env.ctx)
                if not opened.ok:
                    step = StepResult(index=0, text=f"open {args.url}", status="failed", status_line=opened.status_line())
                    step.error_code = opened.error.code.value if opened.error else None
                    step.error_message = opened.error.message if opened.error else None
                    return step
            step = await run_step(args.instruction, env.ctx, planner=planner, registry=registry, vars=variables,
                                  base_url=args.url, namespace=args.platform)  # fmt: skip
            if args.screenshot and await env.screenshot(Path(args.screenshot)):
                step.screenshot = args.screenshot
            return step
    finally:
        await planner.aclose()


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
    if step.page_events:
        lines.append(f"  the page reported {len(step.page_events)} event(s):")
        lines.extend(f"    {line}" for line in summary([PageEvent.from_dict(d) for d in step.page_events], limit=12).splitlines())
    return "\n".join(lines)


