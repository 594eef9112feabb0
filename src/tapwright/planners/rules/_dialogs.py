"""Steps that answer a JavaScript dialog: "Accept the confirmation", "Answer the prompt with "Bob"".

They become ``handle_dialog`` actions, which set the answer for the next dialog (a dialog
is answered the moment it opens). In a step with other clauses they run first ("Click
Delete and accept the confirmation" sets the answer, then clicks). An in-page dialog
("Close the dialog", "Dismiss the cookie banner") is not one of these: it is clicked.
"""

from __future__ import annotations

from tapwright.planners.rules._ast import Action, Clause, NoParse
from tapwright.planners.rules._tokens import Token

# The dialog nouns (after "the", "next", "any" ...) -> the dialog kind ("" for any kind).
_NOUNS: dict[str, str] = {
    "confirmation": "confirm", "confirmation dialog": "confirm", "confirmation box": "confirm",
    "confirm dialog": "confirm", "confirm box": "confirm", "confirmation popup": "confirm",
    "alert": "alert", "alert box": "alert", "alert dialog": "alert", "alert popup": "alert",
    "prompt": "prompt", "prompt dialog": "prompt", "prompt box": "prompt",
    "browser dialog": "", "javascript dialog": "", "js dialog": "", "native dialog": "", "browser popup": "",
    "leave-page warning": "beforeunload", "leave page warning": "beforeunload", "leave-page dialog": "beforeunload",
    "leave page dialog": "beforeunload", "beforeunload dialog": "beforeunload", "unsaved changes warning": "beforeunload",
}  # fmt: skip
_ACCEPT = {"accept", "ok", "okay", "approve"}
_DISMISS = {"dismiss", "cancel", "decline", "reject"}
_ANSWER = {"answer", "fill", "respond"}
# The words a dialog clause starts with (a clause boundary after "and").
DIALOG_VERBS = frozenset(_ACCEPT | _DISMISS | _ANSWER)
_LEAD = {"the", "next", "a", "an", "any", "this", "that", "upcoming", "following", "to"}


def dialog_clause(c: Clause, body: list[Token]) -> list[Action] | None:
    """The ``handle_dialog`` action ``body`` asks for, or None when it is not about a JavaScript dialog."""
    if len(body) < 2 or body[0].kind != "word":
        return None
    verb = body[0].low
    if verb not in _ACCEPT | _DISMISS | _ANSWER:
        return None
    rest = body[1:]
    value: str | None = None
    if rest and rest[-1].is_value:
        if len(rest) < 3 or rest[-2].low != "with":
            return None
        value, rest = rest[-1].value, rest[:-2]
    i = 0
    while i < len(rest) and rest[i].low in _LEAD:
        i += 1
    noun = " ".join(t.low for t in rest[i:])
    kind = _NOUNS.get(noun)
    if kind is None:
        return None
    if value is not None and verb in _DISMISS:
        raise NoParse(f"a dismissed {noun} takes no text: say 'Answer the prompt with \"...\"'", "dialog")
    if verb in _ANSWER and value is None:
        raise NoParse(f"answer the {noun} with what? say 'Answer the prompt with \"Bob\"'", "dialog")
    args: dict[str, object] = {"action": "dismiss" if verb in _DISMISS else "accept"}
    if kind:
        args["kind"] = kind
    if value is not None:
        args["text"] = value
        args["kind"] = "prompt"
    return [Action("handle_dialog", args, c.text(body))]


def dialogs_first(clauses: list[tuple[str, list[Action]]]) -> list[tuple[str, list[Action]]]:
    """The clauses with those that answer a dialog moved to the front (their answer must be set first)."""
    first = [cl for cl in clauses if cl[1] and all(a.verb == "handle_dialog" for a in cl[1])]
    ids = {id(cl) for cl in first}
    return first + [cl for cl in clauses if id(cl) not in ids]
