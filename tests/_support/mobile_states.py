"""Plain-English state checks a phone test meets, and whether each holds on the settings screen both phone
tests build (``SWITCHES``): what ``<platform>.verify_state`` must answer on Android and on iOS alike."""

from __future__ import annotations

from tapwright import Registry, ToolContext
from tapwright.plan.executor import Executor
from tapwright.planners.rules._planner import compile_step

# (label, on, usable) of each switch, then the buttons and fields (label, usable).
SWITCHES = [("Wi-Fi", True, True), ("Bluetooth", False, True), ("Roaming", True, False), ("Hotspot", False, False)]
BUTTONS = [("Save", False), ("Cancel", True)]
FIELDS = [("Name", True), ("Code", False)]

# step -> whether it must pass. "enabled"/"disabled" said of a switch are read both ways: on and usable, off
# and greyed out; "on"/"off" read the setting alone.
CASES = {
    "Wi-Fi should be enabled": True,
    "Bluetooth should be enabled": False,  # off, though usable
    "Roaming should be enabled": False,  # on, but greyed out
    "Hotspot should be disabled": True,
    "Bluetooth should be disabled": False,  # usable
    "Roaming should be on": True,
    "Bluetooth should be off": True,
    "Wi-Fi should be off": False,
    "The Save button should be disabled": True,
    "The Save button should be enabled": False,
    "The Cancel button should be enabled": True,
    "The Cancel button should be disabled": False,
    "The Name field should be editable": True,
    "The Code field should be editable": False,  # greyed out
    "The Cancel button should be expanded": False,  # a button neither expands nor collapses
    "The Cancel button should be checked": False,  # nor turns on and off
    "The Delete button should be hidden": True,  # no such button on screen
    "The Save button should be hidden": False,
}


async def outcomes(namespace: str, registry: Registry, ctx: ToolContext) -> dict[str, tuple[bool, str]]:
    """Each case's step planned by the rules planner for ``namespace`` and run: (passed, its status line)."""
    out: dict[str, tuple[bool, str]] = {}
    for step in CASES:
        plan = compile_step(step, namespace)
        assert [s.tool.split(".")[0] for s in plan.steps] == [namespace], (step, plan.steps)
        assert plan.steps[0].tool in (f"{namespace}.verify_state", f"{namespace}.verify_not_visible"), plan.steps
        trace = await Executor(registry, ctx).run(plan)
        out[step] = (trace.ok, trace.render())
    return out


async def hold_as_meant(namespace: str, registry: Registry, ctx: ToolContext) -> None:
    """Every case passes or fails as labelled, and the failures say why in a person's words."""
    got = await outcomes(namespace, registry, ctx)
    wrong = {step: line for step, (ok, line) in got.items() if ok is not CASES[step]}
    assert wrong == {}
    bluetooth = got["Bluetooth should be enabled"][1]
    assert "ASSERTION_FAILED" in bluetooth and "should be on" in bluetooth  # says how to check the setting alone
    assert "neither expands nor collapses" in got["The Cancel button should be expanded"][1]
