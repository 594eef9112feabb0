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
from tapwright.locator.vocab import CONTAINER_WORDS
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
            if action.args.get("expanded") is False:
                # Folding needs to know whether it is open: a click on one already closed would open it.
                raise PlanError(ErrorCode.PLAN_INVALID, f"cannot do {clause!r}: the {namespace!r} tools cannot tell "
                                "whether it is open, and a click would open one that is closed; say what to click or "
                                "press", data={"clause": clause})  # fmt: skip
            entry = table.get(GENERAL_VERB[action.verb])  # a platform without web.expand clicks the header
        if entry is None and action.verb == "confirm":
            continue  # a platform that cannot read a page's own question leaves it (its alerts answer themselves)
        if entry is None or isinstance(entry, str):
            why = entry or f"the {namespace!r} tools cannot {action.verb.replace('_', ' ')}"
            raise PlanError(ErrorCode.PLAN_INVALID, f"cannot do {clause!r}: {why}", data={"clause": clause})
        if action.args.get("target") and not _takes(entry, "target"):
            action, entry = _placed(clause, action, table, namespace)
        action = _value_holder(action)
        _no_check_inside(clause, action)
        _no_claim_dropped(clause, action, entry, namespace)
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


# "... in the orders list, which now says "11 orders"": a clause that states something of its own (", which ...",
# "which now ..."), unlike one that only says which element is meant ("the row that has Ann").
_STATING = re.compile(r",\s*which\b|\b(?:which|that)\s+(?:now|still)\s+\w+", re.IGNORECASE)


def _no_check_inside(clause: str, action: Action) -> None:
    """A target that carries a check of its own ('ORD-2 in the list, which now says "11 orders"') is refused:
    as a description it is looked for whole, and the second check would go unchecked (an absence check
    would even pass on it)."""
    target = str(action.args.get("target") or "")
    if target and _STATING.search(target):
        raise PlanError(ErrorCode.PLAN_INVALID, f"cannot do {clause!r}: the target {target!r} states something of "
                        "its own (a 'which says ...' clause); say it as a check of its own, in another sentence",
                        data={"clause": clause})


# Arguments that change what a check states ("ends with", "exactly", "in other words", "none of", "each of", a count):
# a platform whose tool does not take one cannot check the step as said.
_CLAIM_ARGS = {"edge": "where the text stands (its start or end)", "exact": "a whole text", "gist": "a text in other words",
               "none": "that none is so", "each": "that each is so", "count": "how many there are"}  # fmt: skip


def _no_claim_dropped(clause: str, action: Action, entry: list[dict[str, Any]], namespace: str) -> None:
    """Refuse a check whose platform tool would drop a word of its claim (a text that should end with "X" checked
    as one that contains it)."""
    lost = [a for a in _CLAIM_ARGS if action.args.get(a) not in (None, False) and not _takes(entry, a)]
    if lost:
        raise PlanError(ErrorCode.PLAN_INVALID, f"cannot do {clause!r}: the {namespace!r} tool for it cannot check "
                        f"{' or '.join(_CLAIM_ARGS[a] for a in lost)}", data={"clause": clause})  # fmt: skip


# "the "Color" value", "the value of Color": what a field holds, said for the field that holds it.
_VALUE_OF = re.compile(r'^(?:the\s+)?(?:(?P<a>"[^"]+"|[A-Za-z][\w-]*(?:\s[A-Za-z][\w-]*)?)\s+value|value\s+of\s+'
                       r'(?:the\s+)?(?P<b>"[^"]+"|[A-Za-z][\w-]*(?:\s[A-Za-z][\w-]*)?))$')
_VALUE_VERBS = frozenset({"fill", "clear"})


def _value_holder(action: Action) -> Action:
    """ 'Replace the "Color" value with "#1565C0"', 'clear the value of Notes': the value is typed into (or cleared
    from) the field named so; the field is what the locator looks for."""
    target = action.args.get("target")
    found = _VALUE_OF.match(target) if action.verb in _VALUE_VERBS and isinstance(target, str) else None
    if found is None:
        return action
    return Action(action.verb, {**action.args, "target": f"{found.group('a') or found.group('b')} field"}, action.text)


def _takes(entry: list[dict[str, Any]], name: str) -> bool:
    """Whether a call template reads the action's argument ``name``."""
    return any(isinstance(v, Slot) and v.name == name for t in entry for v in t["args"].values())


def _placed(clause: str, action: Action, table: Table, namespace: str) -> tuple[Action, list[dict[str, Any]]]:
    """An action whose target the platform's tool does not take, kept whole or refused, never narrowed away.

    A text check inside a container ("the dialog should say X", "the list should show X") on a platform
    whose text check reads the whole screen becomes a check that an element showing X is in that
    container (the locator reads "in the dialog" / "in the list" on that platform's tree, or refuses
    when it has no such container). Any other target the tool cannot take makes the step PLAN_INVALID.

    Raises:
        PlanError: PLAN_INVALID naming the target the tool would drop.
    """
    target = str(action.args["target"])
    head = target.lower().split()[-1] if target.split() else ""
    visible = table.get("verify_visible")
    if action.verb == "verify_text" and head in CONTAINER_WORDS and isinstance(visible, list) and "text" in action.args:
        inside = Action("verify_visible", {"target": f'"{action.args["text"]}" in the {target.removeprefix("the ")}'},
                        action.text)  # fmt: skip
        return inside, visible
    raise PlanError(ErrorCode.PLAN_INVALID, f"cannot do {clause!r}: the {namespace!r} tool for it takes no element, "
                    f"so {target!r} would be dropped; leave the place out or name what to check",
                    data={"clause": clause})  # fmt: skip


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
