"""Fingerprinting the elements a plan touched, and healing a cached plan on a changed page.

Pure functions over a :class:`~tapwright.core.element.UiTree` and a :class:`~tapwright.plan.Plan`:
no model, no driver. Element arguments are the ones named ``target`` or ``source``
(the tool contract's names) holding a plain string with no placeholder.
"""

from __future__ import annotations

import re
from typing import Any

from tapwright.core.element import Element, UiTree
from tapwright.errors import ToolFailure
from tapwright.llm.observe import fingerprint, match_score
from tapwright.locator import locate
from tapwright.plan.model import Plan, Step
from tapwright.plan.placeholders import TOKEN_RE

ELEMENT_ARGS = ("target", "source")
ACCEPT = 0.6  # the stored target still finds "its" element
RELOCATE = 0.5  # the best fingerprint match is trusted to be the same element
_REF_RE = re.compile(r"^e\d+$")


def _element_args(step: Step) -> list[str]:
    return [k for k in ELEMENT_ARGS if isinstance(step.args.get(k), str) and not TOKEN_RE.search(step.args[k])]


def resolve(tree: UiTree, target: str) -> Element | None:
    """The element ``target`` designates on ``tree``, or None when it is missing or ambiguous."""
    try:
        return locate(tree, target).element
    except ToolFailure:
        return None


def durable_target(tree: UiTree, element: Element) -> str:
    """A description that resolves to ``element`` on ``tree`` and survives the next snapshot.

    Tries the name, name plus role, label, placeholder, test id, id and text; falls
    back to the ref (valid for this snapshot only: the next replay heals it again).
    """
    options = [element.name, f"{element.name} {element.role}" if element.name else "", element.attr("label"),
               element.attr("placeholder"), element.attr("test_id"), element.attr("id"), element.text]  # fmt: skip
    for option in options:
        option = " ".join(option.split())
        if option and not _REF_RE.match(option):
            found = resolve(tree, option)
            if found is not None and found.ref == element.ref:
                return option
    return element.ref


def best_match(fp: dict[str, Any], tree: UiTree) -> Element | None:
    """The one element that matches the fingerprint well enough, or None (none, or a tie)."""
    scored = sorted(((match_score(fp, e, tree), e) for e in tree.elements), key=lambda p: -p[0])
    if not scored or scored[0][0] < RELOCATE:
        return None
    if len(scored) > 1 and abs(scored[0][0] - scored[1][0]) < 1e-9:
        return None
    return scored[0][1]


def fingerprint_plan(plan: Plan, tree: UiTree | None) -> tuple[Plan, dict[int, dict[str, dict[str, Any]]]]:
    """Fingerprints of the elements ``plan`` names, keyed by call index then argument.

    Only targets that resolve on ``tree`` (the page before the step) are
    fingerprinted; calls acting on elements that appear later are replayed as they
    are. Bare refs (``e12``) are rewritten to durable descriptions first.
    """
    if tree is None:
        return plan, {}
    steps: list[Step] = []
    prints: dict[int, dict[str, dict[str, Any]]] = {}
    for index, step in enumerate(plan.steps):
        args = dict(step.args)
        for key in _element_args(step):
            element = resolve(tree, args[key])
            if element is None:
                continue
            if _REF_RE.match(args[key]):
                args[key] = durable_target(tree, element)
            prints.setdefault(index, {})[key] = fingerprint(tree, element)
        steps.append(_with_args(step, args))
    return Plan(steps, plan.description), prints


def heal_plan(
    plan: Plan, fingerprints: dict[int, dict[str, Any]], tree: UiTree
) -> tuple[Plan, bool] | None:
    """Check a cached plan against the current page; rewrite targets that moved.

    Returns the plan (rewritten where needed) and whether anything changed, or
    None when an element can no longer be found by any attribute (re-plan the step).
    """
    steps: list[Step] = []
    changed = False
    for index, step in enumerate(plan.steps):
        args = dict(step.args)
        per_arg = _per_arg(fingerprints.get(index))
        for key, fp in per_arg.items():
            target = args.get(key)
            if not isinstance(target, str):
                continue
            current = resolve(tree, target)
            if current is not None and match_score(fp, current, tree) >= ACCEPT:
                continue
            moved = best_match(fp, tree)
            if moved is None:
                return None
            args[key] = durable_target(tree, moved)
            changed = True
        steps.append(_with_args(step, args))
    return Plan(steps, plan.description), changed


def _per_arg(entry: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    if not entry:
        return {}
    return {k: v for k, v in entry.items() if k in ELEMENT_ARGS and isinstance(v, dict)}


def _with_args(step: Step, args: dict[str, Any]) -> Step:
    return Step(tool=step.tool, args=args, id=step.id, description=step.description, fallback=step.fallback,
                timeout_ms=step.timeout_ms, retries=step.retries)  # fmt: skip
