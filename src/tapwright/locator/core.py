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
from tapwright.locator import accept, cards, kinds, pick, relations, restated, stated, vocab
from tapwright.locator.cells import column_cell, table_column_cell
from tapwright.locator.index import TreeIndex, index_for
from tapwright.locator.query import Container, Query, Relation, parse
from tapwright.locator.score import (
    Phrase,
    anchors_for,
    apply_container,
    apply_position,
    describe_container,
    score_all,
    text_score,
)
from tapwright.locator.scored import Scored
from tapwright.locator.text import loose_form, tokens

MIN_FOUND = 0.5  # below this the best candidate is only a hint, not a match
MAX_TIED = 10  # an AMBIGUOUS failure lists at most this many candidates
# Score parts that count against a candidate (see score.py): what a "why not chosen" names.
_AGAINST = ("not ", "hidden", "disabled", "outside", "farther", "on another line", "the anchor itself", "other colour",
            "label of a form control", "in another column", "no position", "similar spelling")  # fmt: skip


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

    def why_not(self, *, threshold: float = MIN_FOUND, rival: Candidate | None = None) -> str:
        """Why this candidate was not chosen, from its own score parts: "score 0.42 < 0.5: role link (wanted button)"."""
        bad = [r for r in self.reasons if r.startswith(_AGAINST) or "(wanted" in r or " partial " in r]
        if rival is not None:
            head = f"score {self.score:.2f}, tied with {rival.element.ref} ({rival.score:.2f})"
        else:
            head = f"score {self.score:.2f}" + (f" < {threshold}" if self.score < threshold else "")
        return head + (": " + "; ".join(bad[:3]) if bad else (f": only {self.reasons[0]}" if self.reasons else ""))

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
    if " ".join(description.lower().split()) in vocab.FOCUSED:
        focused = [i for i, e in enumerate(tree.elements) if e.state.focused]
        if focused:
            return _Search([Scored(focused[0], 1.5, 1.5, ["has the keyboard focus"])])
        return _Search([], "no element has the keyboard focus: name the field to type into")
    by_state = _by_state(tree, description)
    if by_state is not None:
        return by_state
    q = parse(description, index.known_pair)
    if not (q.text or q.roles or q.relation):
        return _Search([], f"the description {description!r} names nothing to look for")
    scored, problem = _score_with_relation(index, q)
    if q.roles and not q.text and q.full_text and not q.alt_names:
        # "Title", "Message for Ben Ito": a role word that is the exact name of a control names that control.
        head = q.full_text
        if q.relation is not None:
            head = head[: max(0, len(head) - len(q.relation.anchor))].strip().rsplit(" ", 1)[0]
        as_name = replace(q, text=head, full_text=head, roles=())
        if head and any(
            s.text >= 0.95 and index.elements[s.i].interactive
            for s in score_all(index, replace(as_name, relation=None))
        ):
            named, why = _score_with_relation(index, as_name)
            if not _weak(named):
                scored, problem, q = named, why, as_name
    else:
        exact = _exact_whole(index, q, scored)
        if exact is not None:
            scored, problem, q = exact
    scored, problem, q = _other_readings(index, q, scored, problem, description)
    # A quoted symbol ("+") has no words: read as a name, the description would keep only its role word.
    symbol_only = any(not loose_form(quoted).split() for quoted in q.quoted)
    other = _when_nothing_found(index, q, description, symbol_only) if _weak(scored) else None
    if other is not None:
        return other
    problem = _apply_order(index, scored, q, problem)
    scored.sort(key=lambda s: (-s.score, s.i))
    return _Search(scored, problem, q)


def _when_nothing_found(index: TreeIndex, q: Query, description: str, symbol_only: bool) -> _Search | None:
    """Readings tried when the grammar's found nothing: a table's one row by its name and a column ("the server
    response code": the Code cell), then the whole description as a name."""
    cell = table_column_cell(index, q)
    if cell is not None:
        return _Search(cell, None, q)
    if q.full_text and (q.text != q.full_text or q.roles) and not symbol_only:
        return _whole_as_name(index, q, description)
    return None


def _whole_as_name(index: TreeIndex, q: Query, description: str) -> _Search | None:
    """The grammar's reading found nothing ("row" is a role word, but here a button's name): the whole description
    read as a name, None when that finds nothing either. Said "Verb for X", the name must say the verb too: "Ssh for
    db-primary" is no name of "More actions for db-primary"."""
    literal = Query(raw=description, text=q.full_text, full_text=q.full_text)
    retry = score_all(index, literal)
    if q.text and q.relation is not None and q.relation.container is not None:
        _say_the_head(index, q, retry)
    if _weak(retry):
        return None
    return _Search(sorted(retry, key=lambda s: (-s.score, s.i)), None, literal)


def _by_state(tree: UiTree, description: str) -> _Search | None:
    """A kind named only by its state ("the selected tab": :mod:`tapwright.locator.stated`); None for others."""
    by_state = stated.in_state(tree.elements, description)
    if by_state is None:
        return None
    hits, how = by_state
    if not hits:
        return _Search([], f"no element on the page is {how}")
    return _Search([Scored(i, 1.5, 1.5, [how]) for i in hits])


def _other_readings(index: TreeIndex, q: Query, scored: list[Scored], problem: str | None, description: str
                   ) -> tuple[list[Scored], str | None, Query]:
    """When the grammar's reading found nothing, or nothing a person acts on: by kind (:func:`_by_kind`), then
    the words before a field's kind as its place (:func:`_named_place`)."""
    if _weak(scored):
        scored, problem, q = _by_kind(index, q, scored, problem, description)
    if q.roles and not any(index.elements[s.i].interactive for s in scored if s.score >= MIN_FOUND):
        scored, problem, q = _named_place(index, q, scored, problem)
    return scored, problem, q


def _by_kind(index: TreeIndex, q: Query, scored: list[Scored], problem: str | None, description: str
             ) -> tuple[list[Scored], str | None, Query]:
    """'"High" priority option': when the page shows "High" is a priority, looked for by "High" alone; "username"
    on a sign-in form that asks for an "Email": the form's one identity field (:mod:`~tapwright.locator.kinds`);
    else the reading as it was."""
    ident = kinds.identity_field(index, description)
    if ident is not None:
        return [Scored(ident[0], 1.0, 1.0, [ident[1]])], None, q
    boxes = cards.card(index, q)  # 'the "Cosmos" card': a box titled so (:mod:`~tapwright.locator.cards`)
    if boxes:
        return boxes, None, replace(q, relation=None)
    typed = kinds.by_kind(index, q) or kinds.unshown_kind(index, q)
    if typed is None:
        return scored, problem, q
    named, why = _score_with_relation(index, typed[0])
    if _weak(named):
        return scored, problem, q
    for s in named:
        s.reasons.append(typed[1])
    return named, why, typed[0]


_FIELDS = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "listbox", "slider"})
# What a name before a control's kind may be the place of: a section, a panel, a card, a dialog, a form.
_PLACES = frozenset({"region", "section", "group", "article", "complementary", "tabpanel", "dialog", "alertdialog",
                     "form", "navigation", "banner"})  # fmt: skip


def _named_place(index: TreeIndex, q: Query, scored: list[Scored], problem: str | None
                 ) -> tuple[list[Scored], str | None, Query]:
    """"the Files search box" where no search box is named "Files": the words before the kind name the place it is
    in (the Files panel, the section the heading "Files" heads), read as "search box in the Files section"; else
    the reading as it was. Unquoted words only: a quoted name is the control's own."""
    if not q.roles or not set(q.roles) <= _FIELDS or not q.text or q.relation is not None or q.quoted \
            or not q.full_text.startswith(q.text + " "):
        return scored, problem, q  # (a button is named by its words: "the Save button" is never a place's button)
    place = Container(_PLACES, q.text)
    placed = replace(q, text="", full_text=q.full_text[len(q.text):].strip(),
                     relation=Relation("in", q.text, place))
    found, why = _score_with_relation(index, placed)
    if _weak(found) or why is not None:
        return scored, problem, q
    for s in found:
        s.reasons.append(f"in the place named {q.text!r}")
    return found, why, placed


def _apply_order(index: TreeIndex, scored: list[Scored], q: Query, problem: str | None) -> str | None:
    """The size and page side said ("the big ...", "... on the left"), the ordinal asked for ("the 2nd"), then the
    end of a region ("at the right of the top bar")."""
    if q.size:
        pick.apply_size(index.elements, scored, q.size)
    if q.side:
        pick.apply_side(index.tree, scored, q.side)
    if q.ordinal is not None and problem is None:
        problem = pick.apply_ordinal(index.elements, scored, q.ordinal, q.ordinal_from)
    if q.end_of and problem is None:
        pick.prefer_end(index.elements, scored, q.end_of)
    return problem


def _exact_whole(index: TreeIndex, q: Query, scored: list[Scored]) -> tuple[list[Scored], None, Query] | None:
    """"Meeting title": a control named exactly by the whole description beats another element (a heading
    "Meeting rooms") that only holds the words left once the role word ("title") is taken out."""
    if not q.roles or not q.text or q.relation is not None or q.full_text == q.text:
        return None
    if any(s.text >= 0.95 and not _by_whole(s) for s in scored if s.score >= MIN_FOUND):
        return None  # the name words alone are an exact name: the role reading stands
    literal = Query(raw=q.raw, text=q.full_text, full_text=q.full_text)
    # Every control an exact name reaches counts, through a caption inside it too ("Clear text" on three
    # clear buttons); a field's own label over it is the same field. With two or more controls the whole
    # description names no one thing, and the role reading (and its refusals) decides.
    reached = {id(c) for s in score_all(index, literal) if s.text >= 0.95
               and (c := accept.reached_control(index.elements, index.elements[s.i])) is not None}
    exact = [s for s in score_all(index, literal) if s.text >= 0.95 and index.elements[s.i].interactive]
    best = max(scored, key=lambda s: s.score, default=None)
    if len(exact) != 1 or len(reached) != 1 or (best is not None and any(s.i == best.i for s in exact)):
        return None  # none, several, or the same element either way: its reasons stay the role reading's
    return exact, None, literal


def _by_whole(s: Scored) -> bool:
    """Whether ``s`` matched by the whole description (role words included) rather than by its name words."""
    return any(r.endswith("(whole description)") for r in s.reasons)


def _weak(scored: list[Scored]) -> bool:
    return not scored or max(s.score for s in scored) < MIN_FOUND


def _in_dialog(index: TreeIndex, i: int) -> bool:
    e = index.elements[i]
    return e.state.visible and any(c.startswith(("dialog:", "alertdialog:")) for c in e.context)


def _dialog_first(index: TreeIndex, scored: list[Scored]) -> None:
    """An open dialog is in front of the page: its elements go first; and when it holds one named as the
    description says (the whole name), an element of that name behind it is not what a person there means ('the
    "Amount" field' in a "New expense" dialog, not the page's Amount filter behind it, whatever kind of field)."""
    inside = [s for s in scored if _in_dialog(index, s.i)]
    for s in inside:
        s.add(0.05, "in an open dialog")
    named = max((s.text for s in inside), default=0.0)
    if named < 0.9:
        return
    for s in scored:
        if not _in_dialog(index, s.i) and s.text <= named:
            s.add(-0.3, "behind the open dialog, which holds one so named")


def _score_with_relation(index: TreeIndex, q: Query) -> tuple[list[Scored], str | None]:
    scored = score_all(index, q)
    rel = q.relation
    if rel is None:
        _dialog_first(index, scored)
        return scored, None
    if rel.container is not None:
        cells = column_cell(index, q)
        if cells is not None:
            return cells, None  # "the Stock cell in the Chef knife row": under that heading, in that row
        name = rel.container.name
        if rel.kind == "for" and rel.container.kinds is None and name.isalpha() and name.islower() and q.text:
            # "Save for draft", "Publish for article" (an app verb and its object): "Save draft", else "Publish".
            for text in (f"{q.text} {name}", q.text):
                found = score_all(index, replace(q, text=text, full_text=text, relation=None))
                if not _weak(found) and max(f.text for f in found) >= 0.9:
                    return found, None
                named = text != q.text and relations.any_context_matches(
                    index, rel.container, relations.container_tokens(rel.container))
                if named and apply_container(index, scored, rel.container):
                    return scored, None  # "Add for group": the Add of the Groups row
        if apply_container(index, scored, rel.container):
            _named_for(index, q, scored)
            return scored, None
        return _no_container(index, q, rel, scored)
    anchors = anchors_for(index, rel.anchor)
    if anchors:
        apply_position(index, scored, rel.kind, anchors, rel.anchor)
        return scored, None
    whole = score_all(index, replace(q, text=q.full_text, relation=None))
    if not _weak(whole):
        return whole, None
    where = {"near": "next to", "left": "left of", "right": "right of"}.get(rel.kind, rel.kind)
    return scored, f"cannot find {rel.anchor!r}, which the element should be {where}"


def _named_for(index: TreeIndex, q: Query, scored: list[Scored]) -> None:
    """"Remove for backend label" among chips "Remove label bug", "Remove label backend", "Remove label backend-perf"
    on one line: a control whose own name is the verb and the thing said, word for word and nothing else, is that
    thing's (the others name another label, or one more word)."""
    rel = q.relation
    if rel is None or rel.kind != "for" or rel.container is None or not q.text:
        return
    said = set(tokens(loose_form(q.text))) | set(relations.container_tokens(rel.container))
    for s in scored:
        if s.score >= MIN_FOUND and set(tokens(loose_form(index.elements[s.i].name))) == said:
            s.add(0.3, f"its own name says {q.text!r} for {rel.container.name!r}, and nothing else")


def _no_container(index: TreeIndex, q: Query, rel: Relation, scored: list[Scored]) -> tuple[list[Scored], str | None]:
    """The page has no container the description names: refused when it names one by kind (see :func:`_missing`),
    else the words may name the thing itself: "the field for Company" means the field named Company."""
    assert rel.container is not None
    placed = _side_for_panel(index, q, rel)
    if placed is not None:
        return placed, None
    literal = replace(q, text=f"{q.text} {rel.container.name}".strip(), relation=None)
    found = score_all(index, literal)
    _say_the_head(index, q, found)
    missing = _missing(rel)
    if missing:
        return (scored if _weak(found) else found), missing  # ranked as hints only
    name = rel.container.name
    common = name.isalpha() and name.islower()  # "article", not "@zed", "#9999" or "Zed": those name a thing
    if _weak(found) and q.text and common and not any(t in index.postings for t in loose_form(name).split()):
        # "Publish for article": no word of the container is on the page; the control alone is meant.
        alone = score_all(index, replace(q, relation=None))
        if not _weak(alone):
            return alone, None
    return found, None


def _say_the_head(index: TreeIndex, q: Query, found: list[Scored]) -> None:
    """Read as one name ("the field for Company" is the field named Company), the words before "for" / "in" must be
    in it too: "Delete for 1:1 with Priya" is no name of the event "1:1 with Priya" (the verb dropped)."""
    head = tokens(loose_form(q.text))
    if not head:
        return
    for s in found:
        have = {t for f in index.fields[s.i] for t in f.tokens}
        if not set(head) <= have:
            s.add(-1.0, f"does not say {q.text!r}, which the description does")


# Kinds of an unnamed layout box said by its side ("the panel on the right", "the left pane").
LAYOUT_KINDS = frozenset({"group", "complementary", "region"})


def _side_for_panel(index: TreeIndex, q: Query, rel: Relation) -> list[Scored] | None:
    """ "in the panel on the right", "in the right pane" of a page that marks no such box up at all: the side of the
    page the words say (a page drawn in columns of plain boxes); None when the page has boxes of the kind (one of
    them is meant, and the target is not in it) or no side is said."""
    box = rel.container
    assert box is not None
    side = box.side or q.side
    if rel.kind != "in" or not side or box.name or not box.kinds or not box.kinds & LAYOUT_KINDS or \
            relations.any_context_matches(index, box, ()):
        return None
    found = score_all(index, replace(q, relation=None))
    if _weak(found):
        return None
    if box.side:
        pick.apply_side(index.tree, found, box.side)  # (a side said of the target itself is applied with the order)
    for s in found:
        s.reasons.append(f"no {describe_container(box).removeprefix('the ')} is marked up: the {side} of the page")
    return found


def _missing(rel: Relation) -> str | None:
    """Why nothing is acceptable when the page has no container of the kind and name the description says
    the target is in ("no 'ORD-2' row on the page"); None when the words may name the thing itself instead
    ("the field for Company", "the field in the Notes column") or say several things ("in every row")."""
    container = rel.container
    if rel.kind != "in" or container is None or container.kinds in (None, frozenset({"column"})):
        return None
    words = loose_form(container.name).split()
    if words and set(words) <= accept.QUANTIFIERS:
        return None
    return f"no {describe_container(container).removeprefix('the ')} on the page"


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


def locate(tree: UiTree, description: str, *, typed_in: Rect | None = None,
           acted_in: tuple[str, ...] | None = None) -> Candidate:
    """The one element ``description`` means.

    Args:
        tree: The snapshot to search.
        description: Plain English or a ref; see :func:`rank`.
        typed_in: Where a field of this page was just typed in, if one was: of buttons or links tied on one
            name, the one clearly nearest it is meant (:func:`pick.near_work`).
        acted_in: The containers (``Element.context``) of the element of this page last acted on, if any: of
            elements tied on one name, the one alone in a named container it is in is meant (:func:`pick.same_place`).

    Returns:
        The best candidate (its ``element.rect`` says where to act).

    Raises:
        ToolFailure: ``ELEMENT_NOT_FOUND`` with ``data={"candidates": [nearest ...]}`` when nothing
            matches well enough; ``AMBIGUOUS`` with ``data={"candidates": [tied ...]}`` when several
            match equally and nothing in the description tells them apart.
    """
    parts = restated.split(description)
    if parts is not None:
        try:
            return _locate(tree, description, typed_in, acted_in)
        except ToolFailure as exc:
            if exc.code not in (ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.AMBIGUOUS):
                raise
            whole = exc
        # 'the info icon (the "i" in the top bar)': said twice; each half must mean the one element
        try:
            return restated.locate_restated(tree, description, parts, lambda d: _locate(tree, d, typed_in, acted_in),
                                            Candidate)
        except ToolFailure:
            if whole.code is ErrorCode.AMBIGUOUS:
                raise whole from None  # its tied candidates, for a caller that tells them apart ('Weight (kg)')
            raise
    return _locate(tree, description, typed_in, acted_in)


def _locate(tree: UiTree, description: str, typed_in: Rect | None, acted_in: tuple[str, ...] | None) -> Candidate:
    found = _search(tree, description)
    ranked = found.ranked
    refused: list[tuple[Scored, str]] = []
    if found.query is not None and not found.problem:
        index = index_for(tree)
        kept: list[Scored] = []
        seen = accept.seen_match(index, ranked, MIN_FOUND)
        visible = accept.visible_match(index, ranked, MIN_FOUND, found.query)
        for k, s in enumerate(ranked):
            if kept and s.score < kept[0].score - accept.NEAR:
                kept.extend(ranked[k:])  # too far behind the best to tie or rival it: not worth judging
                break
            reason = (accept.refusal(index, found.query, s, seen_elsewhere=seen, visible_elsewhere=visible)
                      if s.score >= MIN_FOUND else None)
            if reason is None:
                kept.append(s)
            else:
                refused.append((s, reason))
        ranked = kept
    several = [(s, no) for s, no in refused if no.startswith(accept.SEVERAL)]
    if several and (not ranked or ranked[0].score < several[0][0].score):
        # Not "nothing is there": a negative check ("all errors should be gone") must not pass while one shows.
        cands = [Candidate(tree.elements[s.i], s.score, s.reasons) for s, _ in several[:MAX_TIED]]
        raise ToolFailure(
            ErrorCode.AMBIGUOUS,
            f"{description!r} names several things ({several[0][1].split('(', 1)[1].split(')')[0]}), and one element is "
            f"acted on or checked at a time: name each one, or the one control made for all of them; matches: "
            + ", ".join(c.describe() for c in cands[:6]),
            data={"candidates": [{**c.to_dict(), "why_not": no} for c, (_, no) in zip(cands, several, strict=False)]},
        )
    if refused and (not ranked or ranked[0].score < MIN_FOUND):
        nearest = ", ".join(f"{Candidate(tree.elements[s.i], s.score, s.reasons).describe()} [{no}]"
                            for s, no in refused[:3])  # fmt: skip
        raise ToolFailure(
            ErrorCode.ELEMENT_NOT_FOUND,
            f"nothing on the page is what {description!r} says; refused: {nearest}",
            data={"candidates": [{**Candidate(tree.elements[s.i], s.score, s.reasons).to_dict(), "why_not": no}
                                 for s, no in refused[:3]]},
        )  # fmt: skip
    if found.problem or not ranked or ranked[0].score < MIN_FOUND:
        hints = [Candidate(tree.elements[s.i], s.score, s.reasons) for s in ranked[:3]] or _loose_hints(
            tree, description
        )

        def why(c: Candidate) -> str:
            return (
                c.why_not() if c.score < MIN_FOUND or not found.problem else f"score {c.score:.2f}, but {found.problem}"
            )

        nearest = "; nearest: " + ", ".join(f"{c.describe()} [{why(c)}]" for c in hints) if hints else ""
        reason = found.problem or f"no element matches {description!r}"
        raise ToolFailure(
            ErrorCode.ELEMENT_NOT_FOUND,
            reason + nearest,
            data={"candidates": [{**c.to_dict(), "why_not": why(c)} for c in hints],
                  **({"problem": found.problem} if found.problem else {})},
        )
    tied = pick.ties(tree.elements, ranked)
    tied = pick.one_destination(tree.elements, tied)
    tied = pick.same_place(tree.elements, tied, acted_in)  # the latest action's place first: it may be after a typing
    tied = pick.near_work(tree.elements, tied, typed_in)
    if len(tied) > 1:
        cands = [Candidate(tree.elements[s.i], s.score, s.reasons) for s in tied[:MAX_TIED]]
        listed = ", ".join(c.describe() for c in cands[:6])
        data = [{**c.to_dict(), "why_not": c.why_not(rival=cands[0] if k else cands[1])} for k, c in enumerate(cands)]
        raise ToolFailure(
            ErrorCode.AMBIGUOUS,
            f'{len(tied)} elements match {description!r} equally: {listed}; add an ordinal ("the 2nd ..."), '
            'a container ("... in the dialog", "... in the row for X") or use a ref',
            data={"candidates": data},
        )
    best = tied[0] if tied else ranked[0]  # a visible element tied with a hidden best one wins
    rival = accept.partial_rival(index_for(tree), best, ranked, tokens(loose_form(description)))
    if rival is not None:
        cands = [Candidate(tree.elements[s.i], s.score, s.reasons) for s in (best, rival)]
        raise ToolFailure(
            ErrorCode.AMBIGUOUS,
            f"{description!r} is only part of the names of {cands[0].describe()} and {cands[1].describe()}: "
            "say the whole name",
            data={"candidates": [{**c.to_dict(), "why_not": "a partial match of a different name"} for c in cands]},
        )
    rival = accept.content_rival(index_for(tree), best, ranked, MIN_FOUND)
    if rival is not None and found.query is not None and not found.query.roles:
        cands = [Candidate(tree.elements[s.i], s.score, s.reasons) for s in (best, rival)]
        raise ToolFailure(
            ErrorCode.AMBIGUOUS,
            f"{description!r} is what is typed in {cands[0].describe()} and the name of {cands[1].describe()}: "
            "say which (\"the ... field\", or the other one's place)",
            data={"candidates": [{**c.to_dict(), "why_not": "named only by what is typed in it"} for c in cands]},
        )
    rival = accept.caption_rival(index_for(tree), found.query, best, ranked) if found.query is not None else None
    if rival is not None:
        cands = [Candidate(tree.elements[s.i], s.score, s.reasons) for s in (best, rival)]
        raise ToolFailure(
            ErrorCode.AMBIGUOUS,
            f"{description!r} is the caption {cands[1].describe()} and the field beside it, {cands[0].describe()}: "
            'say which ("the ... field", or the field\'s own name)',
            data={"candidates": [{**c.to_dict(), "why_not": "a caption and the field it stands beside"} for c in cands]},
        )
    return Candidate(tree.elements[best.i], best.score, best.reasons)


def _loose_hints(tree: UiTree, description: str, limit: int = 3) -> list[Candidate]:
    """Nearest visible controls when no word of the description is on the page, by the same text scorer
    with every page word allowed (typos and partial words), for the not-found message."""
    index = index_for(tree)
    q = parse(description, index.known_pair)
    phrase = Phrase.of(q.text or q.full_text)
    if not phrase.tokens:
        return []
    memo: dict[str, tuple[float, str]] = {}
    scored: list[Candidate] = []
    for i, e in enumerate(tree.elements[:2000]):
        if not e.interactive or not e.state.visible or not (e.name or e.text):
            continue
        t, why = text_score(index.fields[i], phrase, memo)
        if t > 0:
            # Its words match, but the rest of the description (role, place, relation) found nothing.
            scored.append(Candidate(e, round(t, 3), [why or "similar spelling", "not where or what the rest says"]))
    if not scored:
        # No word in common at all: the nearest spellings, said to be only that.
        wanted = loose_form(description)
        for e in tree.elements[:2000]:
            if e.interactive and e.state.visible and (e.name or e.text):
                ratio = SequenceMatcher(None, wanted, loose_form(e.name or e.text)).ratio()
                scored.append(Candidate(e, round(ratio * 0.5, 3), ["no word in common; similar spelling"]))
    scored.sort(key=lambda c: -c.score)
    return scored[:limit]
