"""``tapwright plan "STEP"``: show the plan a step compiles to with the offline rules planner, without running it."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tapwright.errors import PlanError


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "plan", help="show the tool-call plan a plain-English step compiles to (offline rules planner)"
    )
    p.add_argument("step", nargs="+", help='the step, e.g. "Type alice into the Username field and click Sign in"')
    p.add_argument("--platform", "--namespace", dest="platform", default="web", metavar="NAME",
                   help="the platform whose tools the plan uses (web, android, desktop, fake ...); default web")
    p.add_argument("--json", action="store_true", help="print the plan as JSON")
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    from tapwright.planners.rules import compile_explained

    step = " ".join(args.step)
    try:
        plan, words = compile_explained(step, namespace=args.platform)
    except PlanError as exc:
        print(f"error: [{exc.code.value}] {exc.message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(plan.to_dict(), indent=2, ensure_ascii=False))
        return 0
    for i, s in enumerate(plan.steps, 1):
        args_text = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in s.args.items())
        ident = f"[{s.id}] " if s.id else ""
        print(f"{i}. {ident}{s.tool}({args_text})" + (f"    # {s.description}" if s.description else ""))
    print("every word is accounted for:")
    for line in words:
        print(f"   {line}")
    return 0
