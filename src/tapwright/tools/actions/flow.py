"""The find -> mark -> act -> report-change flow, written once for every platform's seam.

A target re-rendered away between finding it and acting on it (STALE_REF) is found again from
the same words and acted on again, within the seam's deadline (:mod:`tapwright.core.rerender`).
"""

from __future__ import annotations

import re
from typing import Any

from tapwright.core.rerender import until_not_stale
from tapwright.drivers.base import PENDING, Changed
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator.lists import list_parts
from tapwright.tools.actions.seam import ActionSeam


def described(seam: ActionSeam[Any], handle: Any) -> dict[str, Any]:
    out = {"ref": "", "role": "", "name": ""}
    out.update(seam.describe(handle))
    return out


async def perform(
    seam: ActionSeam[Any], verb: str, target: str, args: dict[str, Any], *, track: bool = True, each: bool = False
) -> dict[str, Any]:
    """Resolve ``target``, act on it, and say which element it was and whether the screen changed.

    With ``each``, a target that names nothing as a whole but reads as a list whose every item
    names one element ("Website and Mobile app") is acted on item by item (``each`` lists them).
    """
    parts = list_parts(target) if each else []
    if parts:
        try:
            handle = await seam.resolve(target, wait=False)
        except ToolFailure as exc:
            if exc.code is not ErrorCode.ELEMENT_NOT_FOUND or not await _all_found(seam, parts):
                return await perform(seam, verb, target, args, track=track)
            done = [await perform(seam, verb, part, args, track=track) for part in parts]
            return {**done[-1], "each": done}
    else:
        choice = await seam.choice_in(target) if verb == "click" else None
        if choice is not None:
            handle, option = choice
            return {**await _act_on(seam, "select", handle, {"option": option}, track), "chose": option}
        deadline_s = seam.stale_deadline_s(args.get("timeout_ms"))
        return await until_not_stale(target, deadline_s, lambda n: _once(seam, verb, target, args, track, again=n > 0))
    return await _act_on(seam, verb, handle, args, track)


# What typing goes into: "set the Weight (kg) to 3.2" tied between a column heading named so and the field.
# "Unsave for design systems job": the planner's form of an app verb's undoing, said of a record.
_UNDOING = re.compile(r"^Un([a-z]{3,}) for (\S.*)$")


def _undone(target: str) -> str | None:
    """ "Save for X" for "Unsave for X": the control whose being on the undoing turns off; None for other targets."""
    m = _UNDOING.match(" ".join(target.split()))
    return None if m is None else f"{m.group(1).capitalize()} for {m.group(2)}"


_TYPED_IN = frozenset({"textbox", "searchbox", "combobox", "spinbutton"})


async def _once(seam: ActionSeam[Any], verb: str, target: str, args: dict[str, Any], track: bool, *,
                again: bool) -> dict[str, Any]:
    try:
        handle = await seam.resolve(target, timeout_ms=args.get("timeout_ms"))
    except ToolFailure as exc:
        hidden = await seam.behind_menu(target) if verb == "click" and exc.code is ErrorCode.ELEMENT_NOT_FOUND else None
        if hidden is not None:  # "Delete for issue #14": the item of the issue's own ⋯ menu, opened for it
            return {**await _act_on(seam, verb, hidden[0], args, track), **hidden[1]}
        undone = _undone(target) if verb == "click" and exc.code is ErrorCode.ELEMENT_NOT_FOUND else None
        if undone is not None and "uncheck" in seam.verbs:
            # "Unsave the job" with no Unsave control: its Save toggle, pressed, turned off (one with no on/off
            # state is refused by the uncheck, never clicked)
            toggle = await seam.resolve(undone, timeout_ms=args.get("timeout_ms"))
            return {**await _act_on(seam, "uncheck", toggle, args, track), "turned_off": undone}
        ref = _the_one_typed_in(exc) if verb in ("fill", "clear") else None
        if ref is None:
            raise
        handle = await seam.resolve(ref, timeout_ms=args.get("timeout_ms"))  # the one of them that takes typing
    if again:
        seam.found_again(handle)
    return await _act_on(seam, verb, handle, args, track)


async def _act_on(seam: ActionSeam[Any], verb: str, handle: Any, args: dict[str, Any], track: bool) -> dict[str, Any]:
    try:
        before = await seam.mark(handle) if track else None
        extra = await seam.act(verb, handle, args)
        out = described(seam, handle)
        out.update(extra or {})
        if "changed" not in out:
            out["changed"] = await seam.changed(before, handle) if track else None
        return out
    finally:
        await seam.release(handle)


def _the_one_typed_in(exc: ToolFailure) -> str | None:
    """The ref of the one field among candidates tied for a description (AMBIGUOUS), when the others take no
    typing (a heading, a button of the same name): the verb says which is meant. None otherwise."""
    cands = exc.data.get("candidates") if exc.code is ErrorCode.AMBIGUOUS and isinstance(exc.data, dict) else None
    fields = [c for c in cands or [] if c.get("role") in _TYPED_IN and c.get("ref")]
    return str(fields[0]["ref"]) if len(fields) == 1 else None


async def _all_found(seam: ActionSeam[Any], parts: list[str]) -> bool:
    for part in parts:
        try:
            found = await seam.resolve(part, wait=False)
        except ToolFailure:
            return False
        await seam.release(found)
    return True


async def on_screen(seam: ActionSeam[Any], verb: str, args: dict[str, Any], *, track: bool = True) -> dict[str, Any]:
    """An action that names no element (a key on the focused element, scrolling the screen): act, report change."""
    before = await seam.mark(None) if track else None
    out = dict(await seam.act(verb, None, args) or {})
    if track and "changed" not in out:
        out["changed"] = await seam.changed(before, None)
    return out


def either_changed(a: Changed | None, b: Changed | None) -> Changed | None:
    """Whether the screen changed over two steps: true if either says so, else pending if either is
    still pending, else false if both know it did not, else None (one could not tell)."""
    for answer in (True, PENDING, False):
        if answer in (a, b) and (answer is not False or (a is not None and b is not None)):
            return answer
    return None


async def check(seam: ActionSeam[Any], verb: str, args: dict[str, Any]) -> dict[str, Any]:
    """A verification or a read: the seam finds (or misses) what it checks itself; ASSERTION_FAILED when false."""
    return dict(await seam.act(verb, None, args) or {})
