"""The locator's public entry points: :func:`rank`, :func:`locate`, :class:`Candidate`.

Pure and driver-independent: a UiTree from any driver and a plain-English
description in, ranked Elements out. Explicit selectors (``css=``, ``xpath=`` ...)
are not resolved here; :func:`~tapwright.core.targets.is_selector` tells callers to route them to their driver.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from typing import Any

from tapwright.core.element import Element, Rect, UiTree
from tapwright.core.targets import ref_of
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import pick
from tapwright.locator.index import TreeIndex, index_for
from tapwright.locator.query import Query, parse
from tapwright.locator.score import Scored, anchors_for, apply_container, apply_position, score_all
from tapwright.locator.text import loose_form

MIN_FOUND = 0.5  # below this the best candidate is only a hint, not a match
MAX_TIED = 10  # an AMBIGUOUS failure lists at most this many candidates


@dataclass(slots=True)
class Candidate:
    """An element with how well it matches a description and why.

    Attributes:
        element: The matching element.
        score: Higher is better; about 1.0 is an exact name match with nothing else said,
            bonuses for role, colour, relation and ordinal push it above.
        reasons: Human-readable parts of the score ("name exact 'Delete'", "role button" ...).
    """

    element: Element
    score: float
    reasons: list[str] = field(default_factory=list)

    @property
    def rect(self) -> Rect | None:
        return self.element.rect

    def to_dict(self) -> dict[str, Any]:
        e = self.element
        out: dict[str, Any] = {
            "ref": e.ref,
            "role": e.role,
            "name": e.name,
            "score": round(self.score, 3),
            "rect": e.rect.to_dict() if e.rect else None,
        }
        if e.context:
            out["context"] = list(e.context)
        if not e.state.visible:
            out["visible"] = False
        if not e.state.enabled:
            out["enabled"] = False
        out["reasons"] = list(self.reasons)
        return out

    def describe(self) -> str:
        """One line for messages: ``button 'Delete' (e12, row:Leo Smith)``."""
        e = self.element
        where = f", {e.context[-1]}" if e.context else ""
        return f"{e.role} {e.name or e.text[:40]!r} ({e.ref}{where})"


@dataclass(slots=True)
class _Search:
    ranked: list[Scored]
    problem: str | None = None
    query: Query | None = None


def _search(tree: UiTree, description: str) -> _Search:
    index = index_for(tree)
    ref = ref_of(description)
    if ref is not None:
        i = index.by_ref.get(ref)
        if i is not None:
            return _Search([Scored(i, 2.0, 2.0, ["ref"])])
        if not any(t in index.postings for t in loose_form(description).split()):
            return _Search([], f"no element has ref {ref} in this snapshot (refs change between snapshots)")
    q = parse(description, index.known_pair)
    if not (q.text or q.roles or q.relation):
        return _Search([], f"the description {description!r} names nothing to look for")
    scored, problem = _score_with_relation(index, q)
    if _weak(scored) and q.full_text and (q.text != q.full_text or q.roles):
        # The grammar's reading found nothing ("row" is a role word, but here a button's name):
        # read the whole description as a name instead.
        literal = Query(raw=description, text=q.full_text, full_text=q.full_text)
        retry = score_all(index, literal)
        if not _weak(retry):
            return _Search(sorted(retry, key=lambda s: (-s.score, s.i)), None, literal)
    if q.size:
        pick.apply_size(index.elements, scored, q.size)
    if q.ordinal is not None and problem is None:
        problem = pick.apply_ordinal(index.elements, scored, q.ordinal, q.ordinal_from)
    scored.sort(key=lambda s: (-s.score, s.i))
    return _Search(scored, problem, q)


def _weak(scored: list[Scored]) -> bool:
    return not scored or max(s.score for s in scored) < MIN_FOUND


def _score_with_relation(index: TreeIndex, q: Query) -> tuple[list[Scored], str | None]:
    scored = score_all(index, q)
    rel = q.relation
    if rel is None:
        for s in scored:
            if index.elements[s.i].state.visible and any(c.startswith("dialog:") for c in index.elements[s.i].context):
                s.add(0.05, "in an open dialog")  # the dialog is in front of the page
        return scored, None
    if rel.container is not None:
        if apply_container(index, scored, rel.container):
            return scored, None
        # No such container on the page: "the field for Company" means the field named Company.
        literal = replace(q, text=f"{q.text} {rel.container.name}".strip(), relation=None)
        return score_all(index, literal), None
    anchors = anchors_for(index, rel.anchor)
    if anchors:
        apply_position(index, scored, rel.kind, anchors, rel.anchor)
        return scored, None
    whole = score_all(index, replace(q, text=q.full_text, relation=None))
    if not _weak(whole):
        return whole, None
    where = {"near": "next to", "left": "left of", "right": "right of"}.get(rel.kind, rel.kind)
    return scored, f"cannot find {rel.anchor!r}, which the element should be {where}"


def rank(tree: UiTree, description: str, *, limit: int = 10) -> list[Candidate]:
    """Candidates for ``description``, best first.

    Args:
        tree: The snapshot to search.
        description: Plain English ("the second Delete link", "Email field") or a ref ("e12").
        limit: How many candidates to return at most.

    Returns:
        Up to ``limit`` candidates, best first (may be empty). Scores below 0.5 are hints only.
    """
    found = _search(tree, description)
    return [Candidate(tree.elements[s.i], s.score, s.reasons) for s in found.ranked[:limit]]


def locate(tree: UiTree, description: str) -> Candidate:
    """The one element ``description`` means.

    Args:
        tree: The snapshot to search.
        description: Plain English or a ref; see :func:`rank`.

    Returns:
        The best candidate (its ``element.rect`` says where to act).

    Raises:
        ToolFailure: ``ELEMENT_NOT_FOUND`` with ``data={"candidates": [nearest ...]}`` when nothing
            matches well enough; ``AMBIGUOUS`` with ``data={"candidates": [tied ...]}`` when several
            match equally and nothing in the description tells them apart.
    """
    found = _search(tree, description)
    ranked = found.ranked
    if found.problem or not ranked or ranked[0].score < MIN_FOUND:
        hints = [Candidate(tree.elements[s.i], s.score, s.reasons) for s in ranked[:3]] or _loose_hints(
            tree, description
        )
        nearest = "; nearest: " + ", ".join(c.describe() for c in hints) if hints else ""
        reason = found.problem or f"no element matches {description!r}"
        raise ToolFailure(
            ErrorCode.ELEMENT_NOT_FOUND, reason + nearest, data={"candidates": [c.to_dict() for c in hints]}
        )
    tied = pick.ties(tree.elements, ranked)
    if len(tied) > 1:
        cands = [Candidate(tree.elements[s.i], s.score, s.reasons) for s in tied[:MAX_TIED]]
        listed = ", ".join(c.describe() for c in cands[:6])
        raise ToolFailure(
            ErrorCode.AMBIGUOUS,
            f'{len(tied)} elements match {description!r} equally: {listed}; add an ordinal ("the 2nd ..."), '
            'a container ("... in the dialog", "... in the row for X") or use a ref',
            data={"candidates": [c.to_dict() for c in cands]},
        )
    best = ranked[0]
    return Candidate(tree.elements[best.i], best.score, best.reasons)


def _loose_hints(tree: UiTree, description: str, limit: int = 3) -> list[Candidate]:
    """Nearest names by character similarity, for a not-found message when no word matched at all."""
    wanted = loose_form(description)
    scored: list[Candidate] = []
    for e in tree.elements[:2000]:
        if not e.interactive or not e.state.visible or not (e.name or e.text):
            continue
        ratio = SequenceMatcher(None, wanted, loose_form(e.name or e.text)).ratio()
        scored.append(Candidate(e, round(ratio * 0.5, 3), ["similar spelling"]))
    scored.sort(key=lambda c: -c.score)
    return scored[:limit]
