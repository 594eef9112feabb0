"""Ranking elements of a UiTree against a plain-English description."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from tapwright.core.element import Element, UiTree
from tapwright.errors import ErrorCode, ToolFailure

ROLE_WORDS: dict[str, tuple[str, ...]] = {
    "button": ("button", "btn"),
    "link": ("link", "anchor"),
    "textbox": ("field", "input", "textbox", "box", "text field"),
    "checkbox": ("checkbox", "check box", "tick box"),
    "radio": ("radio", "option"),
    "combobox": ("dropdown", "select", "combobox", "combo box", "drop-down"),
    "heading": ("heading", "title", "header"),
}
_STOP = {"the", "a", "an", "on", "in", "of", "to", "field", "button", "link", "input", "box", "checkbox"}


@dataclass(slots=True)
class Candidate:
    element: Element
    score: float
    reasons: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        e = self.element
        return {"ref": e.ref, "role": e.role, "name": e.name, "score": round(self.score, 3), "rect": e.rect.to_dict() if e.rect else None}


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(re.sub(r"[^\w\s@#.-]", " ", text).split())


def _texts(e: Element) -> list[str]:
    return [t for t in (e.name, e.attr("label"), e.attr("placeholder"), e.text, e.attr("test_id"), e.attr("id"), e.attr("title"), e.attr("alt")) if t]


def _score(e: Element, query: str, roles: set[str]) -> tuple[float, list[str]]:
    q = normalize(query)
    words = [w for w in q.split() if w not in _STOP]
    best = 0.0
    reasons: list[str] = []
    for raw in _texts(e):
        t = normalize(raw)
        if not t:
            continue
        if t == q or (words and t == " ".join(words)):
            s = 1.0
        elif t in q:
            s = 0.6 + 0.3 * len(t) / max(len(q), 1)
        elif words and all(w in t.split() for w in words):
            s = 0.7
        else:
            s = 0.5 * SequenceMatcher(None, t, " ".join(words) or q).ratio()
        if s > best:
            best, reasons = s, [f"text {raw!r}"]
    if roles and e.role in roles:
        best += 0.3
        reasons.append(f"role {e.role}")
    if not e.state.visible:
        best -= 0.3
    if not e.state.enabled:
        best -= 0.1
    return best, reasons


def rank(tree: UiTree, description: str, *, limit: int = 10) -> list[Candidate]:
    """Candidates for ``description``, best first."""
    q = normalize(description)
    roles = {role for role, words in ROLE_WORDS.items() if any(re.search(rf"\b{re.escape(w)}\b", q) for w in words)}
    out = []
    for e in tree.elements:
        if e.ref == description:
            return [Candidate(e, 10.0, ["ref"])]
        score, reasons = _score(e, description, roles)
        if score > 0.35:
            out.append(Candidate(e, score, reasons))
    out.sort(key=lambda c: -c.score)
    return out[:limit]


def locate(tree: UiTree, description: str) -> Candidate:
    """The best element for ``description``.

    Raises:
        ToolFailure: ELEMENT_NOT_FOUND (with the nearest candidates) or AMBIGUOUS (with the ties).
    """
    ranked = rank(tree, description)
    if not ranked or ranked[0].score < 0.5:
        hints = [c.to_dict() for c in ranked[:3]]
        names = ", ".join(f"{c.element.role} {c.element.name!r}" for c in ranked[:3])
        raise ToolFailure(
            ErrorCode.ELEMENT_NOT_FOUND,
            f"no element matches {description!r}" + (f"; nearest: {names}" if names else ""),
            data={"candidates": hints},
        )
    if len(ranked) > 1 and abs(ranked[0].score - ranked[1].score) < 1e-6:
        ties = [c for c in ranked if abs(c.score - ranked[0].score) < 1e-6]
        raise ToolFailure(
            ErrorCode.AMBIGUOUS,
            f"{len(ties)} elements match {description!r} equally: "
            + ", ".join(f"{c.element.role} {c.element.name!r}" for c in ties[:5]),
            data={"candidates": [c.to_dict() for c in ties]},
        )
    return ranked[0]
