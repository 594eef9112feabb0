"""What a tab shows: "the README tab should show "X"" is about the tab's page of content, not its label.

A tab's content is drawn below its tab strip (pages often give the panel no name or role a
snapshot reports), so the check is two calls: the tab is the selected one, and the text is shown
in it (the locator reads "in the X tab" as under its tab strip when no panel is reported). A text only in another tab's content, or the tab not selected, fails the step.
"""

from __future__ import annotations

from tapwright.planners.rules._ast import Action, Clause, strip_words, target_of
from tapwright.planners.rules._tokens import Token

_SHOWS = frozenset({"show", "display", "contain", "include", "say", "read"})


def tab_shows(c: Clause, subject: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """The checks of "the X tab should show "Y"", or None for other subjects and predicates."""
    named = strip_words(subject, lead=("the",))
    if verb not in _SHOWS or len(named) < 2 or named[-1].low != "tab" or named[-1].is_value:
        return None
    body = strip_words(rest, lead=("the", "text"))
    if len(body) != 1 or not body[0].is_value:
        return None
    tab = target_of(c, subject)
    return [Action("verify_state", {"target": tab, "state": "selected"}),
            Action("verify_visible", {"target": f'"{body[0].value}" in the {tab}'})]  # fmt: skip
