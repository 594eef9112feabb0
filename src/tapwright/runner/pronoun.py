"""A check whose subject is a pronoun ("Then it should say X") is about what the step before it named.

"When I click the "DEPENDENCIES" tab / Then it should say "No dependencies."": a person reads "it" as the thing the
previous step acted on or checked. The runner binds a leading "it", "this" or "that" before a verb of checking to
the target of the previous step's last call that had one, before any planner sees the step, so every planner (the
rules, a model, a plan cache) plans the sentence with the thing named, and the step's notes say what "it" was
taken to be. With no such target (the first step, a step that named nothing), the step is planned as written.

"that comment", "this file", "the same project" inside a step is the comment (file, project) an earlier step of the
scenario named with a quoted name ('only the comment "Mixed ..." should be listed' / 'When I tick the checkbox of
that comment'): the latest such mention, as written ('the comment "Mixed ..."'). None said before: as written.
"""

from __future__ import annotations

import re
from typing import Any

# "it should", "this must", "that shows": a pronoun subject before a verb of checking (a modal or a present verb).
_LEADING = re.compile(
    r"^(?P<lead>(?:(?:then|and|but|also)\s+)*)(?P<pro>it|this|that)\s+(?=(?:should|must|shall|will|would|is|isn't|"
    r"does|doesn't|shows|says|reads|contains|lists|displays|has|now)\b)",
    re.IGNORECASE,
)
_DETERMINERS = ("the ", "a ", "an ", "this ", "that ", "its ", "their ")


def previous_target(plan: dict[str, Any] | None) -> str | None:
    """The target of a step's last call that had one (its plan as reported), or None."""
    for call in reversed((plan or {}).get("steps") or []):
        target = (call.get("args") or {}).get("target")
        if isinstance(target, str) and target.strip():
            return target.strip()
    return None


def bind(text: str, target: str | None) -> tuple[str, str | None]:
    """``text`` with a leading pronoun subject replaced by ``target``, and a note saying so; as is otherwise."""
    if not target:
        return text, None
    m = _LEADING.match(text.strip())
    if m is None:
        return text, None
    named = target if target.lower().startswith(_DETERMINERS) else (
        f"the {target}" if '"' in target or "“" in target else f'"{target}"')
    body = text.strip()[m.end("pro"):]
    return f"{m.group('lead')}{named}{body}", f"{m.group('pro')!r} is {named}, what the step before named"


# "that comment", "this file", "the same project": a kind named before, with a quoted name.
_THAT_KIND = re.compile(r"\b(?P<pro>that|this|the same)\s+(?P<kind>[a-z]{3,20})\b(?!\s*\")")


def bind_named(text: str, earlier: list[str]) -> tuple[str, str | None]:
    """``text`` with "that <kind>" replaced by the latest earlier mention of a <kind> with a quoted name
    (``earlier``: the scenario's step texts, oldest first), and a note saying so; as is otherwise."""
    m = _THAT_KIND.search(text)
    if m is None:
        return text, None
    kind = m.group("kind")
    mention = re.compile(rf"\b{re.escape(kind)}s?\s+(\"[^\"]+\")", re.IGNORECASE)
    for before in reversed(earlier):
        found = mention.findall(before)
        if found:
            named = f"the {kind} {found[-1]}"
            return text[: m.start()] + named + text[m.end() :], f"{m.group(0)!r} is {named}, as an earlier step named it"
    return text, None

