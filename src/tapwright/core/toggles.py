"""What "enabled" and "disabled" claim of a control that is turned on and off (a switch, a tick box).

"Push notifications should be enabled" means the setting is on; "the Subscribe button should be disabled" means it
cannot be used. Said of an on/off control, the word can mean either, and a check that takes one reading passes
over a switch that is off but usable ("enabled": not greyed out) while the person meant it to be on. So for such a
control the claim holds only when both readings hold: "enabled" is on and usable, "disabled" is off and greyed out;
anything else fails, and the failure says how it is and that "should be on" / "should be off" checks the setting
alone.
"""

from __future__ import annotations


def toggle_claim(state: str, checked: bool | None, disabled: bool) -> bool | None:
    """Whether ``state`` ("enabled" or "disabled") holds of a control with this on/off state (``checked``) and
    ``disabled`` flag, read both ways; None when the claim is another state or the control has no on/off state
    (then "enabled" means usable, as for any control)."""
    if state not in ("enabled", "disabled") or checked is None:
        return None
    if state == "enabled":
        return checked and not disabled
    return not checked and disabled


def toggle_reason(state: str, checked: bool, disabled: bool) -> str:
    """Why the both-ways claim failed, in the words a person would use."""
    on, usable = ("on" if checked else "off"), ("greyed out" if disabled else "usable")
    wanted = "on and usable" if state == "enabled" else "off and greyed out"
    return (f"it is {on} and {usable}; {state!r} said of a switch or tick box is checked both ways ({wanted}): say "
            f"'should be {'on' if state == 'enabled' else 'off'}' to check only whether it is turned "
            f"{'on' if state == 'enabled' else 'off'}")
