"""Rules for scrolling and waiting, which read numbers, units and directions."""

from __future__ import annotations

import re

from tapwright.planners.rules._ast import (
    Action,
    Clause,
    NoParse,
    find,
    is_text_like,
    strip_words,
    target_of,
    text_value,
)
from tapwright.planners.rules._lexicon import NUMBER_WORDS
from tapwright.planners.rules._tokens import Token

DIRECTIONS = ("up", "down", "left", "right")
# "Scroll to the bottom" scrolls by more than any page is tall; the web tool clamps at the end.
FAR = 100_000
_UNITS = {"second": 1.0, "seconds": 1.0, "sec": 1.0, "secs": 1.0, "s": 1.0, "ms": 0.001, "millisecond": 0.001,
          "milliseconds": 0.001, "minute": 60.0, "minutes": 60.0, "min": 60.0}  # fmt: skip
_NUM = re.compile(r"^(\d+(?:\.\d+)?)(ms|s|sec|secs|px|seconds?)?$", re.IGNORECASE)
_APPEAR = ("to appear", "to be visible", "to be displayed", "to be shown", "to show up", "to show", "to load",
           "to be present", "appears", "is visible", "is displayed", "is shown", "shows up", "is present",
           "becomes visible", "loads", "has loaded", "is loaded")  # fmt: skip
_VANISH = ("to disappear", "to vanish", "to be hidden", "to go away", "to be gone", "to close", "to be removed",
           "disappears", "vanishes", "is hidden", "is gone", "goes away", "is no longer visible", "is not visible",
           "is closed", "is removed")  # fmt: skip

# "until the list shows X": the subject holds what is awaited (not the other way round).
_SHOWS = ("shows", "displays", "lists", "contains", "includes")


def number(toks: list[Token]) -> tuple[float, str, int] | None:
    """(amount, unit, tokens used) from "2 seconds", "500ms", "a few seconds", "half a second", "300 pixels"."""
    words = [t.low for t in toks]
    if not words:
        return None
    if words[:3] == ["half", "a", "second"]:
        return 0.5, "seconds", 3
    m = _NUM.match(words[0])
    if m:
        amount, unit, used = float(m.group(1)), (m.group(2) or "").lower(), 1
    elif words[0] in NUMBER_WORDS:
        amount, unit, used = float(NUMBER_WORDS[words[0]]), "", 1
        if len(words) > 1 and words[1] in ("few", "couple"):
            amount, used = float(NUMBER_WORDS[words[1]]), 2
            if len(words) > 2 and words[2] == "of":
                used = 3
    else:
        return None
    if not unit and used < len(words) and words[used] in (*_UNITS, "px", "pixels", "pixel", "page", "pages"):
        unit, used = words[used], used + 1
    return amount, unit, used


def _seconds(amount: float, unit: str) -> float | int:
    value = amount * _UNITS.get(unit, 1.0)
    return int(value) if value == int(value) else round(value, 3)


def wait(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``Wait 2 seconds``, ``Wait for X [to appear|to disappear]``, ``Wait until X appears``."""
    body = rest
    if phrase[-1] not in ("for", "until", "till") and body and body[0].low in ("for", "until", "till"):
        body = body[1:]
    found = number(body)
    if found is not None and found[2] == len(body) and found[1] not in ("px", "pixels", "pixel", "page", "pages"):
        if phrase[-1] in ("until", "till"):
            raise NoParse("'wait until' takes a condition; say 'wait 2 seconds'", "wait")
        return [Action("wait", {"seconds": _seconds(found[0], found[1])})]
    if not body:
        raise NoParse("wait how long, or for what?", "wait")
    state = "visible"
    i, k = find(body, _VANISH, last=True)
    if i > 0 and i + k == len(body):
        state = "hidden"
    else:
        i, k = find(body, _APPEAR, last=True)
        if not (i > 0 and i + k == len(body)):
            i = len(body)
    subject = body[:i]
    words = [t.low for t in strip_words(subject)]
    if words in (["page"], ["page", "to", "load"], ["page", "load"]):
        raise NoParse("the web tools wait for page loads by themselves; wait for something on the page instead", "wait")
    j, n = find(subject, _SHOWS)
    if state == "visible" and j > 0 and j + n < len(subject):
        # "until the editor shows the Orders tab": what is awaited is the Orders tab, in the editor.
        shown, holder = strip_words(subject[j + n :]), strip_words(subject[:j])
        if shown and holder:
            return [Action("wait_for", {"target": f"{c.text(shown)} in the {c.text(holder)}"})]
    if is_text_like(subject):
        args: dict[str, object] = {"text": text_value(c, subject)}
    else:
        args = {"target": target_of(c, subject)}
    if state != "visible":
        args["state"] = state
    return [Action("wait_for", args)]


def scroll(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``Scroll down [300 pixels]``, ``Scroll to the bottom``, ``Scroll to the Footer``, ``Scroll X into view``."""
    direction = phrase[1] if len(phrase) > 1 and phrase[1] in DIRECTIONS else None
    body = rest
    if phrase[-1] == "view":
        raise NoParse("say which element: 'Scroll the Footer into view'", "scroll")
    if direction is None and body and body[0].low in DIRECTIONS:
        direction, body = body[0].low, body[1:]
    body = strip_words(body, lead=("by",), trail=())
    if phrase[-1] == "to" or (body and body[0].low == "to"):
        body = body[1:] if body and body[0].low == "to" else body
        words = [t.low for t in strip_words(body, lead=("the", "very"))]
        if words in (
            ["bottom"],
            ["end"],
            ["bottom", "of", "the", "page"],
            ["end", "of", "the", "page"],
            ["footer", "of", "the", "page"],
        ):
            return [Action("scroll", {"direction": "down", "amount": FAR})]
        if words in (["top"], ["top", "of", "the", "page"], ["start"], ["beginning"]):
            return [Action("scroll", {"direction": "up", "amount": FAR})]
        return [Action("scroll", {"target": target_of(c, body)})]
    i, k = find(body, ("into view",))
    if i > 0 and i + k == len(body) and direction is None:
        return [Action("scroll", {"target": target_of(c, body[:i])})]
    if direction is None:
        raise NoParse("scroll which way? say up, down, left, right or 'to X'", "scroll")
    args: dict[str, object] = {"direction": direction}
    found = number(body)
    if [t.low for t in body[:2]] in (["a", "bit"], ["a", "little"]):
        args["amount"] = 300
        body = body[2:]
    elif found is not None:
        # A page is taken as 800 pixels (a typical viewport height).
        args["amount"] = int(found[0] * (800 if found[1] in ("page", "pages") else 1))
        body = body[found[2] :]
    if [t.low for t in body] in (["a", "lot"], ["a", "page"], ["one", "page"]):
        args["amount"] = 800
        body = []
    if body:
        raise NoParse(f"unexpected words after the scroll direction: {c.text(body)!r}", "scroll")
    return [Action("scroll", args)]
