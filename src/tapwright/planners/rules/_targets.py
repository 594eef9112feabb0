"""Semantic Actions -> tool calls, through the vocabulary each platform declares.

The tables (semantic verb -> call templates, see :mod:`tapwright.plan.templates`)
belong to the platforms: :meth:`tapwright.platforms.Platform.vocabulary`. A new
platform brings its own table; nothing here names a platform.
"""

from __future__ import annotations

import re
from typing import Any

from tapwright import platforms
from tapwright.errors import ErrorCode, PlanError, UserError
from tapwright.plan.templates import Slot, Table
from tapwright.planners.rules._ast import Action

_REF = re.compile(r"\$\{@(\w+)")
# Verbs a platform may lack, and the general verb that does their job there.
GENERAL_VERB = {"expand": "click"}


def emit(actions: list[tuple[str, Action]], namespace: str) -> list[dict[str, Any]]:
    """Plan steps (dicts) for the Actions in ``namespace``.

    Raises:
        PlanError: PLAN_INVALID when the namespace is unknown or cannot do an action.
    """
    table = vocabulary(namespace)
    steps: list[dict[str, Any]] = []
    for clause, action in actions:
        entry = table.get(action.verb)
        if entry is None and action.verb in GENERAL_VERB:
            entry = table.get(GENERAL_VERB[action.verb])  # a platform without web.expand clicks the header
        if entry is None or isinstance(entry, str):
            why = entry or f"the {namespace!r} tools cannot {action.verb.replace('_', ' ')}"
            raise PlanError(ErrorCode.PLAN_INVALID, f"cannot do {clause!r}: {why}", data={"clause": clause})
        ids: dict[str, str] = {}
        for k, template in enumerate(entry):
            try:
                step = _fill(template, action, ids, len(steps) + 1)
            except PlanError as exc:  # an argument the tool cannot take (a state verify_state does not know)
                raise PlanError(
                    ErrorCode.PLAN_INVALID, f"cannot do {clause!r}: {exc.message}", data={"clause": clause}
                ) from None
            if k == 0:
                step["description"] = clause
            steps.append(step)
    return steps


def vocabulary(namespace: str) -> Table:
    """The rules table of the platform named ``namespace``.

    Raises:
        PlanError: PLAN_INVALID when no installed platform has that name.
    """
    try:
        return platforms.get(namespace).vocabulary()
    except UserError as exc:
        raise PlanError(ErrorCode.PLAN_INVALID, f"the rules planner has no vocabulary: {exc}") from None


def _fill(template: dict[str, Any], action: Action, ids: dict[str, str], n: int) -> dict[str, Any]:
    step: dict[str, Any] = {"tool": template["tool"], "args": {}}
    if "id" in template:
        ids[template["id"]] = f"{template['id'][1:]}{n}"
        step["id"] = ids[template["id"]]
    for key, value in template["args"].items():
        if isinstance(value, Slot):
            if value.name not in action.args:
                continue
            raw = action.args[value.name]
            step["args"][key] = value.convert(raw) if value.convert else raw
        elif isinstance(value, str):
            step["args"][key] = _REF.sub(lambda m: "${" + ids.get("@" + m.group(1), m.group(1)), value)
        else:
            step["args"][key] = value
    return step
