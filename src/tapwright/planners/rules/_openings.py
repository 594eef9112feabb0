"""Checks that something opened or closed: "a "Login" dialog should open with "Username" and "Password"
fields", "the dialog should stay open with the error "X"", "the login dialog should close", "the "Change
product" page should open".

- a thing that opens and closes (dialog, menu, panel ...) opening or staying open: it is visible;
  closing: it is not; "with the error/message/text "X"" checks its text too, and "with "A" and "B"
  fields" checks each field inside it;
- a page opening: its heading shows the page's name (a page is known by its main heading);
- a thing asking for something: "a "Create Folder" dialog should ask for the Folder name" is a field by that
  name inside it (each of several: "ask for a name and an email").

Anything else after the verb leaves the clause to the other rules (and so, in the end, refused).
"""

from __future__ import annotations

from tapwright.planners.rules._ast import Action, Clause, NoParse, set_aside, strip_words, target_of, words_of
from tapwright.planners.rules._tokens import Token

OPENABLE = frozenset({"dialog", "modal", "popup", "pop-up", "menu", "dropdown", "drawer", "panel", "sidebar", "banner",
                      "toast", "tooltip", "overlay", "popover", "sheet", "window", "form", "picker", "calendar",
                      "suggestions", "list"})  # fmt: skip
_STATES = {"open": False, "opened": False, "closed": True, "shut": True}
# "… with the error "X"": the words naming what kind of text follows (set aside: the text itself is checked).
_TEXT_KINDS = ("the error", "an error", "error", "the message", "a message", "message", "the text", "text",
               "the warning", "a warning", "warning")  # fmt: skip
_FIELD_NOUNS = {"fields": "field", "boxes": "box", "inputs": "field", "buttons": "button", "tabs": "tab",
                "checkboxes": "checkbox", "links": "link"}  # fmt: skip


def opening(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action] | None:
    """The checks of an opened/closed assertion, or None when the clause is not one."""
    hidden = _closed(verb, rest)
    if hidden is None:
        return None
    if verb == "be" or verb == "drop":
        rest = rest[1:]
    hidden = hidden != neg
    named = strip_words(subject, lead=("the", "a", "an"))
    if len(named) > 1 and named[-1].low == "page" and not named[-1].is_value and not hidden and not rest:
        # "The "Change product" page should open": the page's heading says its name.
        return [Action("verify_visible", {"target": f"{c.text(named[:-1])} heading"})]
    if len(named) == 2 and named[1].is_value and named[0].low in _EXPANDS:
        # 'the operation "POST /orders" should be open': that header says it is expanded (closed: collapsed)
        state = Action("verify_state", {"target": c.text(named[1:]), "state": "collapsed" if hidden else "expanded"})
        extra = [] if not rest else None if hidden or rest[0].low != "with" else _with_text(c, rest[1:], target_of(c, subject))
        if extra is not None:
            set_aside(named[:1])
            return [state, *extra]
    if named and named[-1].low in _EXPANDS | {"tab"} and not named[-1].is_value and not rest:
        return [_opened_in_place(c, named, verb, hidden)]
    if named and named[-1].low in _EXPANDS and not named[-1].is_value and not hidden and rest[:1] and \
            rest[0].low == "with":
        # 'the "POST /orders" operation should be open with the text "X"': expanded, and showing that text
        extra = _with_text(c, rest[1:], target_of(c, subject))
        return None if extra is None else [_opened_in_place(c, named, verb, hidden), *extra]
    if not words_of(subject) & OPENABLE:
        return None
    target = target_of(c, subject)
    out = [Action("verify_not_visible" if hidden else "verify_visible", {"target": target})]
    if not rest:
        return out
    if hidden or rest[0].low != "with":
        return None
    extra = _with_text(c, rest[1:], target) or _with_fields(c, rest[1:], target)
    return None if extra is None else out + extra


# Things that open in place, shown either way: a section or accordion opens as it is expanded.
_EXPANDS = frozenset({"section", "accordion", "details", "folder", "operation", "expander", "node", "question"})


def _opened_in_place(c: Clause, named: list[Token], verb: str, hidden: bool) -> Action:
    """ 'the "Orders" tab should be open': that tab is the selected one (a new tab that "should open" is shown; a
    tab closed is gone); 'the "More" section should be open': its header says it is expanded (closed: collapsed)."""
    if named[-1].low == "tab":
        if hidden:
            return Action("verify_not_visible", {"target": c.text(named)})
        if verb == "open":
            return Action("verify_visible", {"target": c.text(named)})
        return Action("verify_state", {"target": c.text(named), "state": "selected"})
    header = named[:-1] if len(named) > 1 else named
    return Action("verify_state", {"target": c.text(header), "state": "collapsed" if hidden else "expanded"})


def opened_with(c: Clause, subject: list[Token], verb: str, rest: list[Token]) -> tuple[list[Action], list[Token]] | None:
    """ 'a "Book a room" dialog should open with Room "Atlas" and Date "2025/06/16"': the opening check, and the
    words after "with" to be checked as what the opened thing shows (the caller reads them as such a claim)."""
    if _closed(verb, rest) is not False:
        return None
    body = rest[1:] if verb == "be" else rest
    named = strip_words(subject, lead=("the", "a", "an"))
    if len(named) > 1 and named[-1].low == "tab" and not named[-1].is_value:
        # 'the "Orders" tab should be open with the nodes "A" and "B"': the tab is the selected one, and what it
        # shows is in its panel (the claims are read of the tab, as "the X tab should show" is)
        if len(body) < 2 or body[0].low != "with":
            return None
        set_aside(body[:1])
        return [Action("verify_state", {"target": target_of(c, subject), "state": "selected"})], body[1:]
    head = len(rest) - len(body)
    on_tab, body = _on_tab(body)
    if (body and (len(body) < 2 or body[0].low != "with")) or not words_of(subject) & OPENABLE:
        return None
    opened = opening(c, subject, False, verb, rest[:head])
    if opened is None:
        return None
    if on_tab:
        # 'a "Configuration" dialog should open on the "PACKAGE MANAGERS" tab': that tab of it is the selected one
        where = opened[0].args.get("target")
        tab = f"{target_of(c, on_tab)} in the {where}"
        opened = [*opened, Action("verify_state", {"target": tab, "state": "selected"})]
    set_aside(body[:1])
    return opened, body[1:]


def _on_tab(body: list[Token]) -> tuple[list[Token], list[Token]]:
    """("the "X" tab" tokens, the rest) of a body starting 'on the "X" tab ...'; ([], body) otherwise."""
    if len(body) < 3 or body[0].low != "on":
        return [], body
    end = next((k for k, t in enumerate(body) if t.low == "tab" and not t.is_value), -1)
    if end < 2 or any(t.low in ("with", "and") or t.kind == "comma" for t in body[1:end]):
        return [], body
    set_aside(body[:1])
    return body[1 : end + 1], body[end + 1 :]


def _closed(verb: str, rest: list[Token]) -> bool | None:
    """True for closing, False for opening, None when the predicate says neither."""
    if verb == "open":
        return False
    if verb == "close":
        return True
    if verb == "be" and rest and rest[0].low in _STATES:
        return _STATES[rest[0].low]
    if verb == "drop" and rest and rest[0].low == "down":
        return False
    return None


def _with_text(c: Clause, toks: list[Token], target: str) -> list[Action] | None:
    for kind in _TEXT_KINDS:
        n = len(kind.split())
        if len(toks) == n + 1 and [t.low for t in toks[:n]] == kind.split() and toks[n].is_value:
            set_aside(toks[:n])
            return [Action("verify_text", {"text": toks[n].value, "target": target})]
    return None


def _with_fields(c: Clause, toks: list[Token], target: str) -> list[Action] | None:
    """ "with "Username" and "Password" fields": each of those fields inside the opened thing."""
    if len(toks) < 2 or toks[-1].low not in _FIELD_NOUNS:
        return None
    values = toks[:-1]
    if not values[0].is_value or any(not t.is_value and t.low != "and" and t.kind != "comma" for t in values):
        return None
    noun = _FIELD_NOUNS[toks[-1].low]
    return [Action("verify_visible", {"target": f'"{t.value}" {noun} in the {target}'}) for t in values if t.is_value]


def instead_of(c: Clause, subject: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """ "The header should show an account icon instead of the "LOGIN" button": the first is shown there,
    the second is not."""
    if verb not in ("show", "display", "have", "contain"):
        return None
    i = next((k for k in range(len(rest) - 2) if [t.low for t in rest[k : k + 2]] == ["instead", "of"]), -1)
    if i <= 0 or i + 2 >= len(rest):
        return None
    where = target_of(c, subject)
    shown, gone = target_of(c, rest[:i]), target_of(c, rest[i + 2 :])
    return [Action("verify_visible", {"target": f"{shown} in the {where}"}),
            Action("verify_not_visible", {"target": f"{gone} in the {where}"})]  # fmt: skip


_ASKED_FOR_LEAD = ("a", "an", "the", "your", "my", "his", "her", "their", "our")
_FIELD_KINDS = frozenset({"field", "box", "input", "textbox", "fields", "boxes", "inputs"})


def asked_for(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'a "Create Folder" dialog should ask for the Folder name', "the form should ask me for my email and a
    password": what is asked for is a field by that name inside the subject, each of several joined by "and" or
    commas (``verify_visible``; negated, ``verify_not_visible``). A quoted question ('should ask "Delete it?"') is
    a text and left to the text checks. None for any other shape.

    Raises:
        NoParse: one thing or another asked for (which one is not said).
    """
    if verb != "ask" or not subject:
        return None
    body = rest[1:] if rest and rest[0].low in ("me", "you", "us") else rest
    if len(body) < 2 or body[0].low != "for":
        return None
    parts: list[list[Token]] = [[]]
    for t in body[1:]:
        if t.low == "and" or t.kind == "comma":
            parts.append([])
        else:
            parts[-1].append(t)
    where = target_of(c, subject)
    out = []
    for part in parts:
        named = strip_words(part, lead=_ASKED_FOR_LEAD)
        if not named or any(t.low in ("or", "not") for t in named):
            # "ask for a name or an email": which one is not said (and "for ..." is no text a page shows).
            raise NoParse("say each thing asked for, joined by 'and': 'should ask for the Name and the Email'", "state")
        kind = "" if named[-1].low in _FIELD_KINDS else " field"
        out.append(Action("verify_not_visible" if neg else "verify_visible",
                          {"target": f"{c.text(named)}{kind} in the {where}"}))
    return out


# "with "Dr. Okafor" already chosen as the "Vet"", "with "Status" set to "Cancelled"": what a field of the opened
# thing holds.
_CHOSEN = frozenset({"chosen", "selected", "picked", "set", "filled", "entered", "preselected", "prefilled"})


def set_fields(c: Clause, toks: list[Token]) -> list[tuple[str, str]] | None:
    """[(field, value)] of '"Dr. Okafor" already chosen as the "Vet"' and '"Status" set to "Cancelled"' (parts apart by
    "and" and commas); None when any part is of another shape."""
    parts: list[list[Token]] = [[]]
    for t in toks:
        if t.kind == "comma" or t.low == "and":
            if parts[-1]:
                parts.append([])
        else:
            parts[-1].append(t)
    out: list[tuple[str, str]] = []
    for part in parts:
        words = [t.low for t in part if not t.is_value]
        values = [t for t in part if t.is_value]
        if len(values) != 2 or not part[0].is_value or not part[-1].is_value:
            return None
        middle = [w for w in words if w not in ("already", "the", "now")]
        if len(middle) == 2 and middle[0] == "set" and middle[1] == "to":
            out.append((part[0].value, part[-1].value))  # '"Status" set to "Cancelled"'
        elif len(middle) in (2, 3) and middle[0] in _CHOSEN and middle[-1] in ("as", "in", "for") and \
                (len(middle) == 2 or middle[1] == "in"):  # fmt: skip
            out.append((part[-1].value, part[0].value))  # '"Dr. Okafor" already chosen as the "Vet"'
        else:
            return None
        set_aside([t for t in part if not t.is_value])
    return out or None

