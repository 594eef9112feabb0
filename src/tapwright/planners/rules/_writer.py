"""A tool call written back as a plain-English step: the inverse of the rules planner, made from its own
example phrasings and checked by compiling the sentence again.

Each example phrasing of the planner's vocabulary is compiled once; one that compiles to a single call
of the same tool with the same argument names is a template: its argument values are swapped for the
call's, and the sentence is kept only when it compiles back to exactly that call. No sentence is made up:
a call no example fits stays a call.
"""

from __future__ import annotations

import functools
from typing import Any

from tapwright.errors import PlanError
from tapwright.planners.rules._lexicon import EXAMPLES
from tapwright.planners.rules._planner import compile_step


@functools.cache
def _templates(namespace: str) -> tuple[tuple[str, str, tuple[tuple[str, Any], ...]], ...]:
    """(example, tool, its arguments) for every example phrasing that compiles to one call."""
    out = []
    for examples in EXAMPLES.values():
        for text in examples:
            try:
                plan = compile_step(text, namespace=namespace)
            except PlanError:
                continue
            if len(plan.steps) == 1:
                out.append((text, plan.steps[0].tool, tuple(plan.steps[0].args.items())))
    return tuple(out)


def _compiles_to(text: str, tool: str, args: dict[str, Any], namespace: str) -> bool:
    try:
        plan = compile_step(text, namespace=namespace)
    except PlanError:
        return False
    return len(plan.steps) == 1 and plan.steps[0].tool == tool and dict(plan.steps[0].args) == args


def sentence_for(tool: str, args: dict[str, Any], *, namespace: str = "web") -> str | None:
    """A plain-English step the rules planner compiles to exactly ``tool(**args)``; None when none does.

    Example:
        sentence_for("web.fill", {"target": "Email field", "text": "ada@example.com"})
        # 'Type "ada@example.com" into the Email field'
    """
    for example, their_tool, their_args in _templates(namespace):
        if their_tool != tool or {k for k, _ in their_args} != set(args):
            continue
        text = example
        # Every value of the example is marked first, then filled in: a new value never gets replaced again.
        for i, (key, value) in enumerate(their_args):
            if not isinstance(value, str) or not isinstance(args[key], str) or not value or value not in text:
                break
            text = text.replace(value, f"\0{i}\0", 1)
        else:
            for i, (key, _) in enumerate(their_args):
                text = text.replace(f"\0{i}\0", args[key])
            if _compiles_to(text, tool, args, namespace):
                return text
    return None
