"""Whether an element read from a screen (a phone's, a desktop's) is in the state a step names.

The web reads states in the page (``tapwright.drivers.web.states``); a phone or a desktop reports them with
every element (:class:`~tapwright.core.element.ElementState`), and this module answers for those: "checked",
"unchecked", "enabled", "disabled", "visible", "hidden", "focused", "editable", "readonly", "expanded",
"collapsed" and "selected". "enabled" and "disabled" said of a switch or tick box are read both ways
(:mod:`tapwright.core.toggles`). A state the element does not have ("expanded" of a button that neither
opens nor closes) does not hold, and the answer says so.
"""

from __future__ import annotations

from tapwright.core.element import Element
from tapwright.core.toggles import toggle_claim, toggle_reason

STATES = ("checked", "unchecked", "enabled", "disabled", "visible", "hidden", "focused", "editable", "readonly",
          "expanded", "collapsed", "selected")  # fmt: skip
# Roles that hold text a person types: what "editable" and "read-only" are said of.
FIELD_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton"})


def state_miss(e: Element, state: str) -> str | None:
    """None when ``e`` is in ``state``; else why not, in a person's words (a state the element has not included)."""
    s = e.state
    both = toggle_claim(state, s.checked, not s.enabled)
    if both is not None:
        return None if both else toggle_reason(state, bool(s.checked), not s.enabled)
    if state in ("checked", "unchecked"):
        if s.checked is None:
            return "it cannot be checked or unchecked (on or off)"
        return None if s.checked is (state == "checked") else f"it is {'checked (on)' if s.checked else 'unchecked (off)'}"
    if state in ("expanded", "collapsed"):
        if s.expanded is None:
            return "it neither expands nor collapses"
        return None if s.expanded is (state == "expanded") else f"it is {'expanded' if s.expanded else 'collapsed'}"
    if state == "selected":
        chosen = s.selected if s.selected is not None else s.checked  # a radio button is selected when checked
        return None if chosen else "it is not selected"
    if state in ("editable", "readonly"):
        if e.role not in FIELD_ROLES:
            return f"it is a {e.role}, not a text field"
        if state == "editable":
            return None if s.editable else ("it is disabled" if not s.enabled else "it cannot be typed into")
        return None if s.enabled and not s.editable else ("it is disabled" if not s.enabled else "it can be typed into")
    simple = {"enabled": s.enabled, "disabled": not s.enabled, "visible": s.visible, "hidden": not s.visible, "focused": s.focused}
    if state not in simple:
        return f"{state!r} is no state tapwright reads; one of {', '.join(STATES)}"
    if simple[state]:
        return None
    return {"enabled": "it is disabled", "disabled": "it is enabled", "visible": "it is off screen",
            "hidden": "it is shown", "focused": "it does not have the focus"}[state]  # fmt: skip
