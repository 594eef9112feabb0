"""Finishing an action a page asks to confirm: "Delete the note" is done when the note is deleted.

Many pages answer a click on Delete, Remove, Archive or Cancel with a dialog of their own ("Delete note? This can't be
undone." with Cancel and Delete). The step said to delete; a click that only opened the question has not done it,
and reporting it passed would be wrong. After such a click the dialog that appeared is read: its one button named
with the verb ("Delete", "Yes, delete", "Delete note") is pressed; a dialog that asks with no such button fails the
step, saying what it asks; no new dialog means nothing was asked.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from tapwright.core.element import Element, UiTree
from tapwright.drivers.web import actions
from tapwright.drivers.web.session import DIALOG_KINDS
from tapwright.errors import ErrorCode, ToolFailure

if TYPE_CHECKING:
    from tapwright.drivers.web.session import WebSession

# Buttons that only close the question: never its confirmation when another button says the verb.
_DISMISSAL = frozenset({"cancel", "close", "no", "keep", "back", "not now", "never mind"})
_PRESSABLE = frozenset({"button", "link", "menuitem"})


def _dialogs(tree: UiTree | None) -> set[str]:
    """The dialog context entries ("dialog:Delete note?") of the visible elements of ``tree``."""
    if tree is None:
        return set()
    return {c for e in tree.elements if e.state.visible for c in e.context if c.partition(":")[0] in DIALOG_KINDS}


def name_words(element: Element) -> list[str]:
    """The words of what an element says (its name, else its text), lower case."""
    return re.findall(r"[a-z]+", (element.name or element.text).lower())


def _says(element: Element, verb: str) -> bool:
    return verb in name_words(element)


def _asked(tree: UiTree, dialogs: set[str]) -> str:
    """What the dialogs ask, for a message: their headings and short texts."""
    parts = [e.name or e.text for e in tree.elements if e.state.visible and any(c in dialogs for c in e.context)
             and e.role in ("heading", "text", "paragraph") and (e.name or e.text)]
    said = " ".join(dict.fromkeys(parts))
    return said[:200] or ", ".join(sorted(d.partition(":")[2] for d in dialogs))


async def confirm_asked(session: WebSession, verb: str) -> dict[str, Any]:
    """Press the confirmation a dialog shown since the last action asks for ``verb``; see the module.

    Raises:
        ToolFailure: ELEMENT_NOT_FOUND when a new dialog asks with no button named with the verb, AMBIGUOUS when
            several are.
    """
    verb = verb.strip().lower()
    before = _dialogs(session.known_tree())
    acted = set(session.acted_in[1]) if session.acted_in is not None and session.acted_in[0] == session.navigations \
        else set()  # fmt: skip
    snap = await session.full_snapshot()
    tree = snap.tree
    new = _dialogs(tree) - before - acted
    if not new:
        return {"asked": False}
    pressable = [e for e in tree.elements if e.state.visible and e.state.enabled and e.role in _PRESSABLE
                 and any(c in new for c in e.context) and _says(e, verb)]  # fmt: skip
    if len(pressable) > 1:
        pressable = [e for e in pressable if " ".join(name_words(e)) not in _DISMISSAL] or pressable
    question = _asked(tree, new)
    if not pressable:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND,
                          f"a dialog asks before it will {verb} ({question!r}) and none of its buttons says "
                          f"{verb!r}: say which button to press")
    if len(pressable) > 1:
        raise ToolFailure(ErrorCode.AMBIGUOUS,
                          f"a dialog asks before it will {verb} ({question!r}) and {len(pressable)} of its buttons "
                          f"say {verb!r}: " + ", ".join(repr(e.name or e.text) for e in pressable[:4]))
    button = pressable[0]
    await actions.click(session, button.ref)
    return {"asked": True, "question": question, "confirmed": button.name or button.text}
