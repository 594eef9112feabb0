"""``tapwright exec PLAN_FILE``: run a JSON or YAML plan and print its trace."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from tapwright import platforms
from tapwright.cli._args import parse_vars
from tapwright.cli._platform import grouped_settings
from tapwright.core.context import ToolContext
from tapwright.core.secrets import SecretStore
from tapwright.errors import PlanError, UserError
from tapwright.llm.schema_model import provide_schema_model
from tapwright.plan.executor import Executor
from tapwright.plan.model import Plan, load_plan
from tapwright.plan.placeholders import find_refs
from tapwright.plan.trace import PlanTrace
from tapwright.platforms import EnvOptions, LazyEnvs, Runtimes
from tapwright.registry.registry import Registry
from tapwright.task import TaskResult, needs_validator, run_plan


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser("exec", help="run a plan file (JSON or YAML) and print its trace")
    p.add_argument("plan", help="path to the plan")
    p.add_argument("--json", action="store_true", help="print the trace as JSON")
    p.add_argument("--var", action="append", default=[], metavar="NAME=VALUE", help="a test variable (repeatable)")
    p.add_argument(
        "--secret", action="append", default=[], metavar="NAME",
        help="a secret read from the environment or .env (those the plan names are read anyway)",
    )  # fmt: skip
    p.add_argument("--env-file", default=".env", help="file of NAME=VALUE secrets (default .env)")
    p.add_argument("--base-url", help="base URL for relative URLs (web.* tools)")
    p.add_argument("--set", action="append", default=[], metavar="PLATFORM.KEY=VALUE", dest="settings",
                   help="a platform setting, e.g. android.device=emulator-5554 or fake.screen=screen.json; repeatable")
    p.add_argument("--screen", help="fake screen JSON (UiTree) for fake.* tools (same as --set fake.screen=FILE)")
    p.add_argument("--headed", action="store_true", help="show the browser or window")
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    try:
        plan = load_plan(args.plan)
    except PlanError as exc:
        print(f"error: [{exc.code.value}] {exc.message}", file=sys.stderr)
        return 2
    try:
        variables = parse_vars(args.var)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    trace = PlanTrace()
    try:
        result = asyncio.run(_run(plan, args, variables, trace))
    except KeyboardInterrupt:
        _print(trace, args.json)
        return 130
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    _print(trace, args.json, result)
    return (0 if trace.ok else 1) if result is None else (0 if result.ok else 1)


def _print(trace: PlanTrace, as_json: bool, result: TaskResult | None = None) -> None:
    if as_json:
        out = trace.to_dict()
        if result is not None:
            out["result"] = result.to_dict()
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return
    print(trace.render())
    if result is not None:
        count = f"{len(result.data)} {result.key or 'records'}" if isinstance(result.data, list) else "the output"
        print(f"result {'PASSED' if result.ok else 'FAILED'}: {count}" + (f" ({result.reason})" if result.reason else ""))
        for check in result.checks:
            print(f"  {'✓' if check['passed'] else '✗'} {check['tool']}: {check['status'][:200]}")


def _secret_names(plan: Plan) -> list[str]:
    calls = [(s.args, s.fallback.args if s.fallback else {}) for s in plan.steps]
    return sorted({r.target for pair in calls for args in pair for r in find_refs(args) if r.is_secret})


def _platform_settings(args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """``--set PLATFORM.KEY=VALUE`` items (and ``--screen``) grouped by platform."""
    return grouped_settings([*args.settings, *([f"fake.screen={args.screen}"] if args.screen else [])])


async def _run(plan: Plan, args: argparse.Namespace, variables: dict[str, str], trace: PlanTrace) -> TaskResult | None:
    registry = Registry.default()
    # Secrets named by --secret or by a ${secrets.NAME} in the plan, read from the environment or .env.
    secrets = SecretStore.from_env([*args.secret, *_secret_names(plan)], env_file=Path(args.env_file))
    settings = _platform_settings(args)
    envs = LazyEnvs(Runtimes(headed=args.headed), ToolContext(secrets=secrets))
    tools = [s.tool for s in plan.steps] + [s.fallback.tool for s in plan.steps if s.fallback]
    used = {t.split(".", 1)[0] for t in tools} | set(settings)
    # Tool packs over a platform (extract, forms, nav drive a web page) name it in their dependencies.
    used.update(dep for t in tools if (spec := registry.get(t)) is not None for dep in spec.dependencies)
    try:
        for name in sorted(used & set(platforms.names())):  # other namespaces are plain tool packs
            own = envs.runtimes.platform(name).check_settings(settings.get(name, {}))
            envs.offer(name, EnvOptions(base_url=args.base_url, secrets=secrets, settings=own))
        if needs_validator(plan):  # a task plan: expected_output and checks of the result, through the result validator
            result = await run_plan(plan, envs.ctx, registry, vars=variables)
            _copy_trace(result.trace, trace)
            return result
        provide_schema_model(envs.ctx)  # extract.schema may ask the configured model
        await Executor(registry, envs.ctx).run(plan, vars=variables, trace=trace)
        return None
    finally:
        await envs.aclose()


def _copy_trace(source: PlanTrace | None, target: PlanTrace) -> None:
    if source is not None:
        target.calls, target.status, target.error = source.calls, source.status, source.error
        target.duration_ms, target.outputs = source.duration_ms, source.outputs
