"""``tapwright task "INSTRUCTION" --url URL``: get data from a page (or put it in a state) and print validated JSON.

With ``--planner rules`` (or ``auto`` without a model) the tools are chosen by their triggers
and the instruction's parameters are read from its words; with ``llm`` (or ``auto`` with a model
configured, ``TAPWRIGHT_LLM_*``) the model writes the task plan from the tool manifests. Either way the plan runs through the executor and the result
validator. JSON on stdout; ``--trace`` adds the executor's trace (and prints it readably on
stderr). Exit code 0 when the result passed its checks, 1 when not, 2 for bad usage.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from tapwright.core._secret_forms import origin_of
from tapwright.core.secrets import SecretStore
from tapwright.errors import UserError
from tapwright.planners.factory import PLANNER_KINDS, planner_kind
from tapwright.registry.registry import Registry
from tapwright.task import TaskResult, run_task


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser("task", help="get validated JSON from a page by saying what you want")
    p.add_argument("instruction", help='e.g. "Find all products under 150 in the Outdoor category"')
    p.add_argument("--url", required=True, help="page to open first")
    p.add_argument("--planner", type=planner_kind, choices=PLANNER_KINDS, default="auto",
                   help="auto (default): llm when a model is configured, else rules; offline and model are older names of rules and llm")  # fmt: skip
    p.add_argument("--trace", action="store_true", help="add the executor's trace to the JSON and print it on stderr")
    p.add_argument("--plan-only", action="store_true", help="print the plan without running it (rules planner)")
    p.add_argument("--headed", action="store_true", help="show the browser")
    p.add_argument("--secret", action="append", default=[], metavar="NAME", help="a secret read from the environment or .env")
    p.add_argument("--env-file", default=".env", help="file of NAME=VALUE secrets (default .env)")
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    if not args.instruction.strip():
        print("error: the instruction is empty", file=sys.stderr)
        return 2
    if args.plan_only:
        from tapwright.errors import ToolFailure
        from tapwright.task import plan_offline

        try:
            print(json.dumps(plan_offline(args.instruction, Registry.default(), args.url), indent=2, ensure_ascii=False))
        except ToolFailure as exc:
            print(json.dumps({"ok": False, "error": {"code": exc.code.value, "message": exc.message}, "nearest": exc.data}, indent=2))
            return 1
        return 0
    try:
        result = asyncio.run(_task(args))
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    if args.trace and result.trace is not None:
        print(result.trace.render(), file=sys.stderr)
    print(json.dumps(result.to_dict(with_trace=args.trace), indent=2, ensure_ascii=False))
    return 0 if result.ok else 1


async def _task(args: argparse.Namespace) -> TaskResult:
    from tapwright import platforms
    from tapwright.platforms.base import EnvOptions, LaunchOptions

    registry = Registry.default()
    secrets = SecretStore.from_env(args.secret, env_file=Path(args.env_file))
    # A model plans the task: keep it to the page's origin and give it no upload folder (agent_scope).
    agent = planner_kind(args.planner) != "rules" and "://" in args.url
    common: dict[str, Any] = {"allowed_origins": [origin_of(args.url)], "upload_dirs": ()} if agent else {}
    runtime = platforms.get("web").runtime(LaunchOptions(headed=args.headed, common=common))
    try:
        env = await runtime.open(EnvOptions(base_url=args.url, secrets=secrets))
        try:
            return await run_task(args.instruction, env.ctx, registry, url=args.url, planner=args.planner)
        finally:
            await env.close()
    finally:
        await runtime.aclose()
