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


_PLACED_IN = re.compile(r"\s(?:in|inside|within)\s+(the\s+.+)$", re.IGNORECASE)


def previous_target(plan: dict[str, Any] | None) -> str | None:
    """What a step's plan (as reported) was about: the place every one of its calls looked in, when it checked
    several things in one place ('a "Rex" card should show species "Dog" and weight "27 kg"': the card), else the
    target of its last call that had one; None without one."""
    targets = [str(t).strip() for call in (plan or {}).get("steps") or []
               if isinstance(t := (call.get("args") or {}).get("target"), str) and t.strip()]  # fmt: skip
    places = {m.group(1) if (m := _PLACED_IN.search(t)) else None for t in targets}
    if len(targets) > 1 and len(places) == 1 and None not in places:
        return places.pop()
    return targets[-1] if targets else None


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


# Words after "that" that make it a conjunction or a relative ("so that the highest comes first", "that is",
# "that shows"), never a kind of thing named before.
_NOT_KINDS = frozenset({
    "the", "and", "any", "all", "are", "was", "were", "has", "have", "had", "will", "would", "can", "could", "should",
    "must", "may", "might", "does", "did", "not", "its", "his", "her", "our", "their", "your", "this", "that", "these",
    "those", "there", "then", "they", "you", "she", "each", "every", "some", "one", "only", "now", "still", "also",
    "way", "shows", "says", "reads", "lists", "holds", "contains", "opens", "appears", "comes", "goes", "time",
})  # fmt: skip


def bind_named(text: str, earlier: list[str]) -> tuple[str, str | None]:
    """``text`` with "that <kind>" replaced by the latest earlier mention of a <kind> with a quoted name
    (``earlier``: the scenario's step texts, oldest first), and a note saying so; as is otherwise."""
    m = next((m for m in _THAT_KIND.finditer(text) if m.group("kind").lower() not in _NOT_KINDS), None)
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

