"""Replacing a field's value: "Replace the Workspace name "Acme team" with "Rocket crew"".

A person who names the old value says what the field holds now; that is checked before the new
value is typed (a field holding something else is a failed step, not a silent overwrite). Without
an old value ("Replace the Policy note with "..."") it is a fill. "Replace it with ..." fills the
element the step named before, or, at the start of a step, the element that has focus (the editor
a double-click just opened).
"""

from __future__ import annotations

from tapwright.planners.rules._ast import Action, Clause, NoParse, find, strip_words, target_of, value_of
from tapwright.planners.rules._tokens import Token


def replace(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``Replace T "old" with "new"``, ``Replace T with "new"``, ``Replace "old" with "new" in T``."""
    i, k = find(rest, ("with", "by"), last=True)
    if i <= 0 or i + k >= len(rest):
        raise NoParse('replace what with what? e.g. \'Replace the Title "Old" with "New"\'', "replace")
    left, right = strip_words(rest[:i]), rest[i + k :]
    j, n = find(right, ("in", "into", "inside", "within"))
    if j > 0 and left and len(left) == 1 and left[0].is_value:
        # 'Replace "Acme" with "Rocket" in the Name field'
        target_toks, right = right[j + n :], right[:j]
        old: str | None = left[0].value
    elif len(left) > 1 and left[-1].is_value and not any(t.is_value for t in left[:-1]):
        target_toks, old = left[:-1], left[-1].value  # the field's name, then what it holds now
    elif left and not any(t.is_value for t in left):
        target_toks, old = left, None
    else:
        raise NoParse('say which field to change: \'Replace the Title "Old" with "New"\'', "replace")
    target = target_of(c, target_toks)
    new = value_of(c, right)
    out = [Action("verify_value", {"target": target, "value": old})] if old is not None else []
    return [*out, Action("fill", {"target": target, "text": new})]


# Controls moved to a value: "Move the Volume slider to 7".
_MOVABLE = frozenset({"slider", "range", "knob", "handle", "dial", "spinner", "spinbutton"})


def move(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``Move the Volume slider to 7``: a slider (or spin button) set to a value; anything else is refused."""
    i, k = find(rest, ("to",), last=True)
    if i <= 0 or i + k >= len(rest):
        raise NoParse("move which slider to what? e.g. 'Move the Volume slider to 7'", "move")
    if not {t.low for t in rest[:i]} & _MOVABLE:
        raise NoParse("only a slider (or a spin button) is moved to a value; say 'slider'", "move")
    return [Action("fill", {"target": target_of(c, rest[:i]), "text": value_of(c, strip_words(rest[i + k :]))})]
