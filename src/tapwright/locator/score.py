"""Scoring the elements of a tree against a parsed :class:`Query`.

A score is a sum of parts, each with a reason:

=================  ==========================================================
text               best field match x field weight, 0..1 (exact 1.0, normalized
                   0.96, same words 0.92, contained 0.6..0.88, typo/partial less);
                   a role-only query ("the checkbox") starts at 0.6
role               +0.25 asked-for role, +0.1 related role, -0.2 other role;
                   +0.05 for an interactive element when no role is named
state              -0.3 hidden, -0.1 disabled
colour             +0.2 shows the colour, -0.1 shows other colours
shape              +0.15 drawn round/square as said, -0.4 drawn otherwise (web only)
label              -0.15 a static text that is only a form control's label
relation           in/for a container: +0.3 inside, -0.5 outside; +0.22 when a smaller
                   container sits between ("for Kim": Kim's card > its actions group), 0 in
                   one that names it less well than another; the n-th ("the 2nd row"): +0.3
                   in it, -0.6 outside, -1.0 everywhere when the page has no n-th; the same
                   +0.3/-0.5 for a column, the line of an unmarked row, a drawn container;
                   +0.3/-0.3 nearest to the text of an unmarked card;
                   next to/below/...: +0.25 + 0.15 x closeness, -0.5 wrong side;
                   +0.45 a control whose own label is the "next to" anchor
ordinal / size     +0.3 / +0.15 to the one picked among the equally good ones
open dialog        +0.05 (added by core: a dialog is in front of the page)
=================  ==========================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from tapwright.core.element import Element, Rect
from tapwright.locator import listed, relations, rows, runons, titled, visual, vocab
from tapwright.locator.index import Field, TreeIndex
from tapwright.locator.nearness import off_the_line
from tapwright.locator.pick import _ordinal_words, apply_ordinal, tier
from tapwright.locator.query import Container, Query, Word, parse, parse_container
from tapwright.locator.scored import Scored
from tapwright.locator.tabs import apply_tab_content
from tapwright.locator.text import (
    compact,
    exact_form,
    is_typo,
    loose_form,
    normalize,
    phrase_score,
    plural_pair,
    stem,
    tokens,
    typo_limit,
    typo_pieces,
)
from tapwright.locator.unlike import unlike
from tapwright.locator.vocab import LABELABLE, RELATED_ROLES, SYNONYMS

MIN_TEXT = 0.3  # weaker text matches are not candidates at all
ROLE_ONLY_BASE = 0.6
TEXT_ROLES = frozenset({"text", "label", "paragraph", "heading"})


@dataclass(frozen=True, slots=True)
class Phrase:
    """A query phrase in its normal forms; ``hits`` are the page words it can match (None: any)."""

    exact: str
    loose: str
    tokens: tuple[str, ...]
    hits: frozenset[str] | None = None

    @classmethod
    def of(cls, text: str, index: TreeIndex | None = None) -> Phrase:
        loose = loose_form(text)
        toks = tokens(loose)
        hits = frozenset(t for token in toks for t in _expand(index, token)) if index is not None else None
        return cls(exact_form(text), loose, toks, hits)


def _expand(index: TreeIndex, token: str) -> list[str]:
    """Page tokens a query token may stand for: itself, words it begins (3+ chars), typos of it."""
    out = [token] if token in index.postings else []
    out.extend(t for t in SYNONYMS.get(token, ()) if t in index.postings)
    if len(token) >= 3:
        out.extend(t for t in index.prefixed(token) if t != token)
    # The same word in the other number: "category" for "Categories", "tags" for "Tag".
    forms = (token + "s", token + "es", token[:-1] + "ies", token[:-1], token[:-2], token[:-3] + "y")
    out.extend(f for f in forms if f in index.postings and f not in out and plural_pair(token, f))
    if len(token) >= 5:
        # "username" for "User name", "login" for "Log in": the two page words it runs together.
        for k in range(3, len(token) - 1):
            if token[:k] in index.postings and token[k:] in index.postings:
                out += [token[:k], token[k:]]
                break
    root = stem(token)
    if not out and root:
        out.extend(t for t in index.prefixed(root) if len(t) - len(root) <= 3)  # "changing" for "change"
    limit = typo_limit(token)
    if not out and limit:
        pieces = typo_pieces(token, limit)
        for n in range(len(token) - limit, len(token) + limit + 1):
            out.extend(t for t in index.of_length(n)
                       if any(p in t for p in pieces) and is_typo(token, t, limit))  # fmt: skip
    return out


def prefilter(index: TreeIndex, q: Query, phrase: Phrase) -> set[int]:
    """Indices worth scoring: those sharing a (near-)token with the text, else those with a wanted role."""
    if phrase.tokens:
        found: set[int] = set()
        for t in phrase.hits if phrase.hits is not None else ():
            found.update(index.postings[t])
        return found
    if phrase.exact:
        return set(index.symbols.get(phrase.exact, ()))
    if q.roles:
        wanted = set(q.roles)
        for role in q.roles:
            wanted |= RELATED_ROLES.get(role, frozenset())
        return {i for role in wanted for i in index.by_role.get(role, ())}
    return {i for i, e in enumerate(index.elements) if e.interactive}


def text_score(fields: tuple[Field, ...], phrase: Phrase, memo: dict[str, tuple[float, str]]) -> tuple[float, str]:
    """Best weighted match over an element's fields. ``memo`` caches by loose form within one
    query, since pages repeat names ("Delete" on every row)."""
    best, reason = 0.0, ""
    hits = phrase.hits
    for f in fields:
        if f.weight <= best or (hits is not None and f.tokens and hits.isdisjoint(f.tokens)):
            continue  # no word of this field is one the phrase can match
        # Same loose form: the raw text decides exact vs normalized, so memoize by raw text.
        key = "\0" + f.raw if f.loose == phrase.loose else f.loose
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = phrase_score(phrase.exact, phrase.loose, phrase.tokens, f.raw, f.loose, f.tokens)
        s, kind = hit
        s *= f.weight
        if s > best:
            best, reason = s, f"{f.kind} {kind} {f.raw[:60]!r}"
    return best, reason


def _role_part(e: Element, q: Query) -> tuple[float, str]:
    if not q.roles:
        return (0.05, "interactive") if e.interactive else (0.0, "")
    if e.role == q.roles[0]:
        return 0.25, f"role {e.role}"
    if e.role in q.roles:
        return 0.12, f"role {e.role}"
    if any(e.role in RELATED_ROLES.get(r, frozenset()) for r in q.roles[:1]):
        return 0.1, f"role {e.role} (related)"
    return -0.2, f"role {e.role} (wanted {q.roles[0]})"


def _state_part(s: Scored, e: Element) -> None:
    if not e.state.visible:
        s.add(-0.3, "hidden")
    if not e.state.enabled:
        s.add(-0.1, "disabled")


def _shape_part(s: Scored, e: Element, q: Query) -> None:
    """"The round + button": an element drawn so gains; one known to be drawn otherwise is demoted, by as much as a
    wrong role, since the word then says it is another one. Unknown outlines (no driver report) count neither way."""
    shape = e.attrs.get("shape")
    if not q.shape or shape is None:
        return
    if shape == q.shape:
        s.add(0.15, f"{q.shape} outline")
    else:
        s.add(-0.4, f"not {q.shape}")


def _colour_part(s: Scored, e: Element, q: Query) -> None:
    if not q.colours:
        return
    match = visual.colour_match(e, q.colours)
    if match is True:
        s.add(0.2, "colour " + "/".join(q.colours))
    elif match is False:
        s.add(-0.1, "other colour")


@dataclass(slots=True)
class _Memo:
    phrase: dict[str, tuple[float, str]] = field(default_factory=dict)
    full: dict[str, tuple[float, str]] = field(default_factory=dict)
    quoted: dict[str, dict[str, tuple[float, str]]] = field(default_factory=dict)  # one cache per quoted phrase


def score_element(
    index: TreeIndex, i: int, q: Query, phrase: Phrase, full: Phrase | None, memo: _Memo
) -> Scored | None:
    """The score of element ``i`` before relations, ordinals and sizes (None: not a candidate)."""
    fields = index.fields[i]
    if phrase.tokens or phrase.exact:
        t, reason = text_score(fields, phrase, memo.phrase)
        # A symbol ("+") is all the name there is: the rest of the description ("button") cannot stand in for it.
        if full is not None and t < 0.9 and (phrase.tokens or not phrase.exact):
            t_full, reason_full = text_score(fields, full, memo.full)
            if t_full > t:
                t, reason = t_full, reason_full + " (whole description)"
        if t < 0.85 and len(phrase.tokens) > 1 and fields:
            t, reason = _with_context(index, i, phrase, fields[0], t, reason)
            t, reason = listed.with_kind(index, i, phrase.tokens, fields, *_with_look(fields, phrase, t, reason))
        if t < MIN_TEXT:
            return None
    else:
        t, reason = ROLE_ONLY_BASE, "role only"
    return _finish(index, Scored(i, t, t, [reason], t), q, memo)


_SECTION_KINDS = frozenset({"group", "form", "region", "tabpanel", "dialog", "section"})
CONTEXT_WEIGHT = 0.75


def _with_context(index: TreeIndex, i: int, phrase: Phrase, own: Field, t: float, reason: str) -> tuple[float, str]:
    """ "billing zip": the Zip field of the Billing section; its section's name counts, at a lower weight."""
    names = [name for kind, _, name in index.contexts(i) if kind in _SECTION_KINDS and name]
    if not names:
        return t, reason
    toks = own.tokens + tuple(tok for name in names for tok in name)
    loose = " ".join(toks)
    s, kind = phrase_score(phrase.exact, phrase.loose, phrase.tokens, loose, loose, toks)
    if s * CONTEXT_WEIGHT > t:
        return s * CONTEXT_WEIGHT, f"{own.kind} and its section {kind} {loose[:60]!r}"
    return t, reason


def _with_look(fields: tuple[Field, ...], phrase: Phrase, t: float, reason: str) -> tuple[float, str]:
    """ "the wrench icon (Settings)": an icon-only control named by its tooltip and seen as its icon; the words
    may name both, the drawn icon and the name, at the icon's weight. Each must give a word: a name alone, or an
    icon alone, is what the single fields already scored."""
    look = next((f for f in fields if f.kind == "icon"), None)
    if look is None or fields[0].kind == "icon":
        return t, reason
    own = fields[0]
    wanted = set(phrase.tokens)
    if wanted.isdisjoint(own.tokens) or wanted.isdisjoint(look.tokens):
        return t, reason
    toks = own.tokens + look.tokens
    loose = " ".join(toks)
    s, kind = phrase_score(phrase.exact, phrase.loose, phrase.tokens, loose, loose, toks)
    if s * look.weight > t:
        return s * look.weight, f"{own.kind} and its icon {kind} {loose[:60]!r}"
    return t, reason


def _whole_with_brackets(index: TreeIndex, i: int, q: Query, quoted: str, memo: _Memo) -> bool:
    """The quoted name and the words in brackets after it, in either order, are the element's whole name: '"List
    pets" operation (GET /pets)' for a button named "GET /pets List pets"."""
    for name, said in q.bracketed:
        if name != quoted:
            continue
        for whole in (f"{quoted} {said}", f"{said} {quoted}"):
            if text_score(index.fields[i], Phrase.of(whole), memo.quoted.setdefault(whole, {}))[0] >= 0.9:
                return True
    return False


@lru_cache(maxsize=1024)
def _quoted_form(quoted: str) -> tuple[str, tuple[str, ...]]:
    """(compact loose form, tokens) of a quoted value: normalized once, not once per candidate."""
    loose, wanted = normalize(quoted)
    return compact(loose), wanted


def shows_quoted(fields: tuple[Field, ...], quoted: str) -> bool:
    """Whether one of the texts holds the quoted value word for word (case, punctuation and spacing aside).

    A quoted value is a literal: a near spelling ("Memebrs" for "Members"), a word missing or one more word inside it
    is another text, whatever else points at the element. Symbols only ("+") are left to the exact score."""
    joined, wanted = _quoted_form(quoted)
    if not wanted:
        return True
    n = len(wanted)
    for f in fields:
        toks = f.tokens
        if any(toks[k : k + n] == wanted for k in range(len(toks) - n + 1)) or compact(f.loose) == joined:
            return True
    return False


def _finish(index: TreeIndex, s: Scored, q: Query, memo: _Memo, label: tuple[Field, ...] = ()) -> Scored:
    """Add the parts that do not depend on text: quoted exactness, role, state, colour.

    ``label``: the fields of the text drawn beside the element as its label, whose words count as its own.
    """
    e = index.elements[s.i]
    for quoted in q.quoted:
        if text_score(index.fields[s.i] + label, Phrase.of(quoted), memo.quoted.setdefault(quoted, {}))[0] < 0.9 \
                and not _whole_with_brackets(index, s.i, q, quoted, memo):  # fmt: skip
            if shows_quoted(index.fields[s.i] + label, quoted):
                # held word for word among other words ("Back" of "Back to files"); brackets after it that are not
                # the rest of the name say it is another one ('"List pets" (POST /pets)' is not "GET /pets List pets")
                bracketed = any(name == quoted for name, _ in q.bracketed)
                s.add(-0.3 if bracketed else -0.15, f"not exactly {quoted!r}")
            else:
                s.add(-0.3, f"not exactly {quoted!r}")
                s.absent = s.absent or quoted
    r, why = _role_part(e, q)
    if why:
        s.add(r, why)
    if q.multiline and e.role == "textbox":
        tag = e.attrs.get("tag", "")
        if q.multiline == "one line":
            if tag and tag != "input":
                s.add(-0.15, "multi-line (a one-line field was asked for)")
        elif tag and tag != "input":  # a textarea, or an editor drawn in a div (contenteditable)
            rich = tag != "textarea"
            s.add(0.2 if rich == (q.multiline == "editor") else 0.15, "multi-line")  # not a one-line input
    _state_part(s, e)
    _colour_part(s, e, q)
    _shape_part(s, e, q)
    s.unlike = unlike(e, q)
    return s


def _label_part(index: TreeIndex, scored: list[Scored], q: Query) -> None:
    """A static text (or a layout table's cell) that is only a form control's label ("Email address"
    beside its field) yields to the control, unless the description asks for text."""
    if set(q.roles) & TEXT_ROLES:
        return
    for s in scored:
        e = index.elements[s.i]
        if not e.interactive and e.role in ("text", "cell") and any(index.is_field_label(f) for f in index.fields[s.i]):
            s.add(-0.15, "label of a form control")


def _visual_labels(index: TreeIndex, scored: list[Scored], q: Query, memo: _Memo) -> list[Scored]:
    """Unnamed controls of the wanted role get the text placed beside or above them as their label.

    "Special offers checkbox" finds the checkbox drawn next to the text even when the page
    ties no label to it (and the driver's ``near`` guessed the text before it instead). The
    text itself then counts as that control's label (see :func:`_label_part`).
    """
    wanted = [r for r in q.roles if r in LABELABLE] if q.roles else sorted(LABELABLE)
    # A label that holds the words said and more ("Default estimate (days)" for "Default estimate slider") counts
    # when the description names the control's role; the control then scores no better than its label matched.
    texts = [(s.i, r) for s in scored
             if (s.text >= 0.85 or (q.roles and not q.quoted and s.text >= PARTIAL_LABEL and _holds_all_words(s)))
             and not index.elements[s.i].interactive and (r := index.elements[s.i].rect)]  # fmt: skip
    if not wanted or not texts:
        return []
    by_i = {s.i: s for s in scored}
    added: list[Scored] = []
    used: set[int] = set()
    for role in wanted:
        for i in index.by_role.get(role, ()):
            e = index.elements[i]
            if (e.name and not _shows_its_value(e)) or e.attrs.get("label") or e.rect is None:
                continue
            box = role in ("checkbox", "radio")
            # A box's text follows it on its line: "( ) HTML  ( ) Plain text" - "HTML" is not the second one's.
            gaps = [(g, ti) for ti, tr in texts if (g := relations.label_gap(e.rect, tr)) is not None
                    and not (box and tr.x + tr.width <= e.rect.x + 2)
                    and not (not q.roles and _row_datum(index, i, ti))]  # fmt: skip
            if not gaps:
                continue
            gap, text_i = min(gaps)
            used.add(text_i)
            t = 0.93 if gap <= 24 else 0.88
            if by_i[text_i].text < 0.85:
                t = by_i[text_i].text  # a partial label: the control scores as its label matched
            s = _finish(index, Scored(i, t, t, ["text beside it"], t), q, memo, index.fields[text_i])
            old = by_i.get(i)
            if old is None or s.score > old.score:
                if old is not None:
                    scored.remove(old)
                by_i[i] = s
                added.append(s)
    if not set(q.roles) & TEXT_ROLES:
        for text_i in used:
            s = by_i[text_i]
            if "label of a form control" not in s.reasons:
                s.add(-0.15, "label of a form control")
    return added


def _row_datum(index: TreeIndex, control: int, text: int) -> bool:
    """Whether ``text`` is a data cell of a table row that also holds ``control`` (a row's selection box beside
    its first cell): the row's value, not the control's label. The row's name lists the cells that hold no
    control ("Ann Lee | ann@example.com"), so a text that is a whole one of two or more is a cell of its own."""
    e, t = index.elements[control], index.elements[text]
    words = " ".join((t.name or t.text or "").split()).lower()
    if not words:
        return False
    for entry in t.context:
        if entry.startswith("row:") and entry in e.context:
            parts = [p.strip().rstrip("\u2026").lower() for p in entry[4:].split(" | ")]
            if len(parts) >= 2 and any(p and (p == words or (len(p) >= 30 and words.startswith(p))) for p in parts):
                return True
    return False


PARTIAL_LABEL = 0.7
def _holds_all_words(s: Scored) -> bool:
    """Whether a text matched by holding every word said, and more ("Default estimate (days)" for "Default estimate")."""
    return bool(s.reasons) and " contains " in f" {s.reasons[0]} "


_RANGE_ROLES = frozenset({"slider", "spinbutton", "progressbar", "meter"})
_NUMBER = re.compile(r"^[\s\d.,:%+\-−]+$")


def _shows_its_value(e: Element) -> bool:
    """A slider whose only "name" is a number (the value its thumb shows, taken as the name from its content) has no
    name: the text placed beside it names it."""
    return e.role in _RANGE_ROLES and bool(_NUMBER.match(e.name or ""))


def score_all(index: TreeIndex, q: Query, *, as_anchor: bool = False) -> list[Scored]:
    """Score the prefiltered candidates of ``q`` (relations not applied).

    Args:
        index: The tree's index.
        q: The parsed description.
        as_anchor: Scoring what a relation refers to: labels are fine anchors, so they are not demoted.
    """
    if q.alt_names and not q.text:
        return _by_alt_names(index, q)
    symbol = vocab.SYMBOL_NAMES.get(q.text.strip()) if q.text and q.quoted == (q.text,) else None
    if symbol is not None:
        # '"+" button': the control showing "+", or an icon that draws it (its words stand for the quoted symbol).
        return _by_alt_names(index, replace(q, text="", quoted=(), alt_names=(q.text, *symbol)), related=True)
    phrase = Phrase.of(q.text, index)
    # The whole description as a name, in case a word was wrongly read as a modifier; not when a
    # relation was found, since its words ("in the row for ...") are not part of a name.
    full = Phrase.of(q.full_text, index) if q.full_text and q.full_text != q.text and q.relation is None else None
    out = []
    memo = _Memo()
    for i in prefilter(index, q, phrase):
        s = score_element(index, i, q, phrase, full, memo)
        if s is not None:
            out.append(s)
    if not as_anchor and phrase.tokens:
        _label_part(index, out, q)
        out.extend(_visual_labels(index, out, q, memo))
        out.extend(runons.run_on_boxes(index, out, q, lambda s: _finish(index, s, replace(q, quoted=()), memo)))
        out.extend(titled.titled_controls(index, out, q, lambda s, title: _finish(index, s, q, memo, title),
                                          wants_text=bool(set(q.roles) & TEXT_ROLES)))
    return out


_WHOLE_NAME = 0.95
_OTHER_NAME = 0.15


def _by_alt_names(index: TreeIndex, q: Query, *, related: bool = False) -> list[Scored]:
    """A widget phrase ("the x", "hamburger menu"): the best of the names such a control goes by.

    Scored the same for a target and an anchor: label texts are demoted only when the role words do not
    include text, and then they do not fit the role anyway; so "next to the search field" means the
    field the Search text labels, as "the search field" does.
    """
    best: dict[int, Scored] = {}
    for name in q.alt_names:
        for s in score_all(index, replace(q, text=name, full_text=name, alt_names=())):
            if q.whole_names and s.text < _WHOLE_NAME:
                continue  # "Log in" names a control called so, not "Sign in with Google"
            if q.whole_names and loose_form(name) != loose_form(q.full_text):
                s.add(-_OTHER_NAME, f"goes by another name than {q.full_text!r}")  # the name written wins a tie
            if s.i not in best or s.score > best[s.i].score:
                s.reasons.insert(0, f"a {' or '.join(q.alt_names[:3])} control")
                best[s.i] = s
    out = list(best.values())
    if q.roles:
        # "the search field" is a field: a Search *button* only answers when no field goes by the name.
        roles = set(q.roles)
        if related:  # a "+" drawn as a link is what a person calls the "+" button
            roles |= {r for role in q.roles for r in RELATED_ROLES.get(role, frozenset())}
        fitting = [s for s in out if index.elements[s.i].role in roles]
        if fitting:
            out = fitting
        elif q.hint_only:
            out = []
    if q.hint_only and (not out or max(s.score for s in out) < 0.5):
        out = score_all(index, replace(q, alt_names=()))  # no "search" field: any of the role (no text: no labels)
    return out


def labelled_by(index: TreeIndex, i: int, anchor: Phrase) -> bool:
    """Whether element ``i``'s own name or label is the anchor text (a checkbox labelled "Remember me")."""
    own = tuple(f for f in index.fields[i] if f.kind in ("name", "label"))
    return bool(own) and text_score(own, anchor, {})[0] >= 0.9


def anchors_for(index: TreeIndex, description: str, *, regions: bool = True) -> list[tuple[int, Rect]]:
    """The elements a relation refers to ("Remember me" in "next to Remember me"): the best tier; with ``regions``,
    a container the words name stands for the box of what it holds ("right of the flow tabs")."""
    q = parse(description, index.known_pair)
    # A quoted anchor is a literal, as any quoted name: "next to "Prodcts"" has no anchor in "Products".
    scored = [s for s in score_all(index, q, as_anchor=True) if index.elements[s.i].rect is not None and not s.absent]
    if scored and q.relation is not None and q.relation.container is not None:
        # "next to Reply in Leo's post": the anchor is the Reply of that post.
        apply_container(index, scored, q.relation.container)
    ranked = _ranked_anchors(index, q, scored) if scored else []
    if not ranked and q.relation is None:
        # "Maria's post", "the card for Ana": the name the container words go with; "the flow tabs": a container.
        container = parse_container([Word(w, w.lower()) for w in description.split()], "in")
        if q.quoted:
            container = replace(container, exact=True)  # a quoted name stays a literal as a container's name too
        name = container.name
        if container.kinds is not None and container.kinds <= _COLLECTIONS | {"listbox"}:
            box = _container_box(index, container)  # "the projects table": a table, not a thing named "projects"
            if box:
                return box
        if not scored and name and name != description:
            return anchors_for(index, name, regions=regions)
        return _container_box(index, container) if regions or not container.name else []
    return ranked


def _container_box(index: TreeIndex, container: Container) -> list[tuple[int, Rect]]:
    """ "above the table" where the table is only the context its cells report: the box around what is in it,
    when exactly one such container is on the screen (a nameless one; a named one is found by its name)."""
    if container.name and container.kinds is None:
        # "right of the flow tabs": a container only its name words tell (the outermost one), or its head noun
        # (every container so named: an anchor may be one of a tier).
        wanted = relations.container_tokens(container)
        if relations.any_context_matches(index, container, wanted):
            return _member_boxes(index, [container], one=True)
        return _member_boxes(index, relations.by_head_noun(index, container), one=False)
    if container.kinds is not None and container.name and container.kinds <= _COLLECTIONS | {"listbox"} \
            and not relations.any_context_matches(index, container, relations.container_tokens(container)):
        # "above the projects table" where no table is named so: the page's one table (people name a collection
        # by what it holds), when there is exactly one.
        return _member_boxes(index, [replace(container, name="")], one=True)
    if container.kinds is None or container.name:
        return []
    return _member_boxes(index, [container], one=True)


def _member_boxes(index: TreeIndex, containers: list[Container], *, one: bool) -> list[tuple[int, Rect]]:
    """The box around what each container holds (its outermost matching entry), with a plain member standing for
    it; with ``one``, nothing unless exactly one such container is on the screen."""
    members: dict[str, list[int]] = {}
    for container in containers:
        wanted = relations.container_tokens(container) if container.name else ()
        for i, e in enumerate(index.elements):
            found = relations.matching_contexts(index, i, container, wanted)
            if found and e.rect is not None and e.state.visible and e.rect.width > 0:
                members.setdefault(found[0], []).append(i)
    if not members or (one and len(members) != 1):
        return []
    out = []
    for inside in members.values():
        rects = [r for i in inside if (r := index.elements[i].rect) is not None]
        x, y = min(r.x for r in rects), min(r.y for r in rects)
        box = Rect(x, y, max(r.x + r.width for r in rects) - x, max(r.y + r.height for r in rects) - y)
        out.append((min(inside, key=lambda i: (index.elements[i].interactive, i)), box))
    return out


def _ranked_anchors(index: TreeIndex, q: Query, scored: list[Scored]) -> list[tuple[int, Rect]]:
    if q.ordinal is not None:
        # "the dropdown next to the second dropdown": the anchor is one element, picked by its ordinal.
        pool = tier(index.elements, scored)
        if apply_ordinal(index.elements, pool, q.ordinal, q.ordinal_from) is None:
            best = max(pool, key=lambda s: s.score)
            rect = index.elements[best.i].rect
            return [(best.i, rect)] if rect is not None else []
    top = max(s.score for s in scored)
    if top < 0.5:
        return []
    tier_ = [s for s in scored if s.score >= top - 0.06]
    return [(s.i, r) for s in tier_ if (r := index.elements[s.i].rect) is not None]


def labelled_controls(index: TreeIndex, anchors: list[tuple[int, Rect]]) -> list[tuple[int, Rect]]:
    """A caption that labels a form control stands for the control: "the text box below Login" is
    below the Login box, not below the word."""
    out: list[tuple[int, Rect]] = []
    for i, rect in anchors:
        e = index.elements[i]
        if e.interactive or rect != e.rect:  # (a container's box, "the table", stands for no caption)
            out.append((i, rect))
            continue
        gaps = [(g, j, r) for role in LABELABLE for j in index.by_role.get(role, ())
                if not index.elements[j].name and not index.elements[j].attrs.get("label")
                and (r := index.elements[j].rect) is not None and (g := relations.label_gap(r, rect)) is not None]  # fmt: skip
        if gaps:
            _, j, r = min(gaps)
            out.append((j, r))
        else:
            out.append((i, rect))
    return out


_HEADINGS = frozenset({"columnheader", "heading"})


def apply_position(
    index: TreeIndex, scored: list[Scored], kind: str, anchors: list[tuple[int, Rect]], anchor_text: str
) -> None:
    """Reward candidates on the asked side of an anchor, the closer the better."""
    anchor_query = parse(anchor_text, index.known_pair)
    heading = bool(set(anchor_query.roles) & _HEADINGS)
    if kind in ("below", "above", "left", "right") and not heading:
        # A caption stands for the control it labels; a heading named as one ("the Category header") is
        # itself the anchor: what is under a column's heading is that column's (its filter box).
        anchors = labelled_controls(index, anchors)
    anchor_ids = {i for i, _ in anchors}
    anchor_phrase = Phrase.of(anchor_query.text or anchor_text)
    control_anchor = any(index.elements[i].interactive for i in anchor_ids)
    if kind == "near":
        shared_container(index, scored, anchors)
    for s in scored:
        e = index.elements[s.i]
        if e.rect is None:
            s.add(-0.5, "no position")
            continue
        if s.i in anchor_ids and kind == "near" and e.role in LABELABLE and labelled_by(index, s.i, anchor_phrase):
            s.add(0.45, "labelled by the anchor")  # "checkbox next to Remember me": its own label
            continue
        if s.i in anchor_ids and kind != "near" and e.interactive:
            s.add(-0.5, "the anchor itself")  # "the box below Login" is not the Login box
            continue
        best = max((p for i, r in anchors if i != s.i and (p := relations.position(kind, e.rect, r)) is not None),
                   default=None)  # fmt: skip
        if best is None:
            s.add(-0.5, f"not {kind} the anchor")
            side = {"near": "next to", "left": "left of", "right": "right of"}.get(kind, kind)
            s.outside = s.outside or f"the place said ({side} {anchor_text})"  # the place is part of what is said
        else:
            s.add(0.25, f"{kind} the anchor")
            s.add(0.15 * best, f"closeness {best:.2f}", continuous=True)
            if (
                kind == "near"
                and not control_anchor
                and relations.same_band(e.rect, [r for i, r in anchors if i != s.i])
            ):
                s.add(0.06, "on the anchor's line", continuous=True)
                if _removes_what_precedes(index, s.i, [r for i, r in anchors if i != s.i]):
                    s.add(0.1, "the remove mark right after it")  # a chip's ×: "Maria Lopez ×"
            if kind in ("left", "right") and relations.same_band(e.rect, [r for i, r in anchors if i != s.i]):
                s.add(0.1, "on the anchor's line")  # "the field to the right of Website": that line first
            if heading and kind == "below" and relations.same_column(e.rect, [r for i, r in anchors if i != s.i]):
                s.add(0.1, "in the heading's column")  # "the box under the Category header": straight under it


_REMOVE_MARKS = frozenset({"×", "✕", "✖", "x", "⨯", "remove", "delete", "clear"})


def _removes_what_precedes(index: TreeIndex, i: int, anchors: list[Rect]) -> bool:
    """Whether element ``i`` is a remove mark (×, ✕, "remove") right after an anchor on its line, with no other text
    between them: a tag or a chosen value drawn as "Maria Lopez ×" is removed by the mark after it, not by the
    mark after the value before or after it."""
    e = index.elements[i]
    if e.rect is None or not e.interactive or (e.name or e.text or "").strip().lower() not in _REMOVE_MARKS:
        return False
    for a in anchors:
        end = a.x + a.width
        if a.x + a.width / 2 <= e.rect.x and e.rect.x + e.rect.width <= end + 2 and relations.same_band(e.rect, [a]):
            return True  # the mark drawn inside the value's own box, at its end ("<div>Maria Lopez<a>×</a></div>")
        if not (end - 2 <= e.rect.x <= end + 40 and relations.same_band(e.rect, [a])):
            continue
        between = any(o.rect is not None and o is not e and (o.name or o.text) and relations.same_band(o.rect, [a])
                      and end - 1 <= o.rect.x < e.rect.x for o in index.elements)  # fmt: skip
        if not between:
            return True
    return False


def _in_contexts(index: TreeIndex, scored: list[Scored], container: Container, wanted: tuple[str, ...]) -> None:
    """Reward candidates inside a context entry that matches ``container``; mark the others outside."""
    hits = [relations.in_context(index, s.i, container, wanted) or relations.popup_over(index, s.i, container, wanted)
            for s in scored]  # fmt: skip
    memo: dict[str, float] = {}
    titled = _titled_entries(index, container.name) if container.name else frozenset()
    # How well the best container around each candidate is named: Sam's post only mentions Maria.
    quality = [max((memo[e] if e in memo else memo.setdefault(e, _container_quality(e, container.name)
                                                               + (0.1 if e in titled else 0.0))
                    for e in relations.matching_contexts(index, s.i, container, wanted)), default=0.0)
               if hit is not None else 0.0 for s, hit in zip(scored, hits, strict=True)]  # fmt: skip
    best = max(quality, default=0.0)
    counted = _count_lines(index, scored, hits, container, wanted)
    for s, hit, q in zip(scored, hits, quality, strict=True):
        if hit is None and s.i in counted:
            s.add(0.22, "the container's count line, right by it")
            continue
        if hit is not None and q < best - 0.05:
            # "the post by @maria": Sam's post only mentions Maria; the one showing "@maria" is meant.
            s.add(0.0, f"in {hit[:40]}, which names {container.name!r} less well")
            continue
        inner = hit is not None and (container.kinds is not None or index.elements[s.i].context[-1:] == (hit,))
        s.add((0.3 if inner else 0.22) if hit else -0.5, f"in {hit}" if hit else "outside the container")
        _mark_outside(s, hit is None, container)


def _not_the_header_row(index: TreeIndex, scored: list[Scored]) -> None:
    """"the checkbox of the row", "Edit in that row" with no row named: a data row, never a table's head row
    (its select-all box, its filter boxes: :func:`~tapwright.locator.rows.head_rows`)."""
    heads = rows.head_rows(index)
    for s in scored:
        row = next((c for c in reversed(index.elements[s.i].context) if c.startswith("row:")), None)
        if row in heads:
            s.add(-0.5, "in the row of column headings")
            _mark_outside(s, True, Container(frozenset({"row"}), ""))


def _foot(container: Container, wanted: tuple[str, ...]) -> bool:
    """"the table footer": a collection named by kind with only a word for its bottom line; "the list's footer":
    a footer named by the collection it ends."""
    if not wanted or container.exact or not container.kinds:
        return False
    if set(wanted) <= _FOOT_WORDS and container.kinds & _COLLECTIONS:
        return True
    return container.kinds == frozenset({"contentinfo"}) and set(wanted) <= _COLLECTION_WORDS


def _drawn_footless(index: TreeIndex, container: Container, wanted: tuple[str, ...]) -> bool:
    """"the footer" on a page that draws no footer of its own but one table or list: that collection's footer (the
    line under it), as people call the bar a data table draws under itself."""
    if wanted or container.kinds != frozenset({"contentinfo"}) or relations.any_context_matches(index, container, ()):
        return False
    return len(relations.context_extents(index, _COLLECTIONS, ())) == 1


def apply_container(index: TreeIndex, scored: list[Scored], container: Container) -> bool:
    """Reward candidates inside the container (and inside the one it is in, when the description names two: the
    row of the Files panel); False when the tree has no such container at all."""
    if container.outer is None:
        return _apply_one(index, scored, container)
    return _apply_one(index, scored, replace(container, outer=None)) and apply_container(index, scored, container.outer)


def _key_alone(index: TreeIndex, scored: list[Scored], container: Container, wanted: tuple[str, ...]) -> bool:
    """A row as an entry of a list drawn so, or by its key alone ("the Owner filter row": the Owner row)."""
    entry = relations.entry_for_row(index, [s.i for s in scored], container, wanted)
    if entry is not None:
        _in_contexts(index, scored, entry, wanted)
        return True
    bare = relations.kind_word_off(index, container, wanted)
    said = f"no row says {wanted[-1]!r}" if bare is not None else ""
    if bare is None and (bare := relations.number_keyed_row(index, container)) is not None:
        said = f"no row says {wanted[0]!r}; its one row with a cell {wanted[-1]!r}"
    if bare is not None:
        _in_contexts(index, scored, bare, relations.container_tokens(bare))
        for s in scored:
            s.reasons.append(f"{container.name!r}: the {bare.name!r} row ({said})")
    return bare is not None


def _apply_one(index: TreeIndex, scored: list[Scored], container: Container) -> bool:
    wanted = relations.container_tokens(container)
    if container.ordinal is not None and container.kinds is not None and _apply_nth(index, scored, container):
        return True
    if _foot(container, wanted) or _drawn_footless(index, container, wanted):
        return _apply_foot(index, scored, container)
    if _key_alone(index, scored, container, wanted):
        return True
    if relations.any_context_matches(index, container, wanted):
        _in_contexts(index, scored, container, wanted)
        if not container.name and container.kinds is not None and "row" in container.kinds:
            _not_the_header_row(index, scored)
        return True
    only = relations.by_head_noun(index, container)
    headed = only[0] if len(only) == 1 else None
    if headed is not None and apply_container(index, scored, headed):
        item = relations.item_of(index, container, headed)  # "the physiotherapy visit": one of the "Recent visits"
        for s in scored:
            s.reasons.append(f"{container.name!r}: the only container named so at the end, {headed.name!r}")
        return apply_container(index, scored, item) if item is not None else True
    boxes = relations.container_rects(index, container, wanted)
    if boxes:
        for s in scored:
            inside = relations.inside(index.elements[s.i].rect, boxes)
            s.add(0.3 if inside else -0.5, "inside the container" if inside else "outside the container")
            _mark_outside(s, not inside, container)
        return True
    placed = _by_kind_of_place(index, scored, container)
    if placed is not None:
        return placed
    if container.name:
        # A table row the driver did not mark: same line as the text naming it.
        # Only a text in the same part of the page (a landmark: the main area, a side panel) names a row or card there.
        found = [(i, r) for i, r in _named_anchors(index, container) if any(relations.same_landmark(index, i, s.i) for s in scored)]
        rows = [r for _, r in found]
        if rows:
            on_line = [relations.same_band(index.elements[s.i].rect, [r for i, r in found if relations.same_landmark(index, i, s.i)])
                       for s in scored]  # fmt: skip
            if any(on_line):
                for s, on in zip(scored, on_line, strict=True):
                    s.add(0.3 if on else -0.5, f"on the line of {container.name!r}" if on else "on another line")
                    _mark_outside(s, not on, container)
            else:
                sectioned = container.kinds is not None and bool(container.kinds & _HEADED)
                off_the_line(index, scored, found, container.name, describe_container(container), headed=sectioned)
            return True
    return False


# Places said as a section or a panel: a heading naming one heads what follows it (see nearness.nearest).
_HEADED = frozenset({"section", "tabpanel", "complementary"})


def _named_anchors(index: TreeIndex, container: Container) -> list[tuple[int, Rect]]:
    """The texts that name an unmarked container (a row, a card); a quoted name is a literal there too: "Write doc"
    is not the text "Write docs"."""
    found = anchors_for(index, container.name, regions=not container.exact)
    if container.exact:
        found = [(i, r) for i, r in found if shows_quoted(index.fields[i], container.name)]
    return found


_COLLECTIONS = frozenset({"list", "table", "grid", "treegrid"})
_TABLES = frozenset({"table", "grid", "treegrid"})
# "the table footer", "the list's pagination": the line a collection shows under itself.
_FOOT_WORDS = frozenset({"footer", "foot", "bottom", "pagination", "paginator", "pager"})
_TITLES = frozenset({"heading", "caption"})
_COLLECTION_WORDS = frozenset({"list", "table", "grid", "results"})


def _by_kind_of_place(index: TreeIndex, scored: list[Scored], container: Container) -> bool | None:
    """The page's one collection ("the projects table"), a tab's content ("in the README tab", or "in the README"
    named as its one tab is: under its tab strip, no tab panel reported), a column; None when it is none of these."""
    if _the_one_collection(index, scored, container):
        return True
    if container.kinds in (None, frozenset({"tabpanel"})) and container.name and apply_tab_content(index, scored, container):
        return True
    if container.kinds == frozenset({"column"}):
        return _in_column(index, scored, container.name)
    return None


def _the_one_collection(index: TreeIndex, scored: list[Scored], container: Container) -> bool:
    """"the projects table" where no table is named so: the page's one table (grid, list) is it, people name a
    collection by what it holds; its count line under it ("1-3 of 3") is in it. False when the page has none or
    several (which one is meant is not said)."""
    if not container.name or not container.kinds or not container.kinds <= _COLLECTIONS | {"listbox"}:
        return False
    if container.exact and not any(shows_quoted(index.fields[i], container.name) for i in range(len(index.elements))):
        return False  # 'the "Artcles" list': a quoted name the page shows nowhere is not what the one list is called
    boxes = relations.context_extents(index, container.kinds & _COLLECTIONS, ())
    if len(boxes) != 1:
        # "the projects list" on a page with menus drawn as lists: its one table of records is the list meant.
        boxes = relations.context_extents(index, container.kinds & _TABLES, ())
    if len(boxes) != 1:
        return False
    for s in scored:
        e = index.elements[s.i]
        inside = relations.inside(e.rect, boxes) or relations.count_line(e.name or e.text, e.rect, boxes)
        s.add(0.3 if inside else -0.5, f"in the page's one {'/'.join(sorted(container.kinds & _COLLECTIONS))} "
              f"(none is named {container.name!r})" if inside else "outside the page's one collection")
        _mark_outside(s, not inside, container)
    return True


def _apply_foot(index: TreeIndex, scored: list[Scored], container: Container) -> bool:
    """"in the table footer": the collection's count or page line under it (or in its last row), not its body."""
    kinds = (container.kinds & _COLLECTIONS if container.kinds else frozenset()) or _COLLECTIONS
    boxes = relations.context_extents(index, kinds, ()) + relations.container_rects(index, Container(kinds, ""), ())
    if not boxes:
        return False
    for s in scored:
        e = index.elements[s.i]
        foot = e.role not in _TITLES and relations.count_line(e.name or e.text, e.rect, boxes)
        foot = foot and not relations.inside(e.rect, boxes)
        s.add(0.3 if foot else -0.5, "the collection's count line, under it" if foot else "not under a collection")
        _mark_outside(s, not foot, container)
    return True


def _count_lines(index: TreeIndex, scored: list[Scored], hits: list[str | None], container: Container,
                 wanted: tuple[str, ...]) -> set[int]:
    """The candidates outside a collection the description names that are its count or page line
    (:func:`~tapwright.locator.relations.count_line`): "the list says 25 products" under a table."""
    if container.kinds is None or not container.kinds & _COLLECTIONS:
        return set()
    outside = [s for s, hit in zip(scored, hits, strict=True) if hit is None]
    if not outside:
        return set()
    kinds = container.kinds & _COLLECTIONS
    boxes = relations.context_extents(index, kinds, wanted) + relations.container_rects(
        index, Container(kinds, container.name, container.ordinal, container.exact), wanted)
    return {s.i for s in outside if index.elements[s.i].role not in _TITLES
            and relations.count_line(index.elements[s.i].name or index.elements[s.i].text, index.elements[s.i].rect, boxes)}


def describe_container(container: Container) -> str:
    """The container as the description names it: "the 'ORD-2' row", "the dialog", "the 'a' row of the 'Files'
    region"."""
    kind = "/".join(sorted(container.kinds or ())) or "container"
    said = f"the {container.name!r} {kind}" if container.name else f"the {kind}"
    return said if container.outer is None else f"{said} of {describe_container(container.outer)}"


def _mark_outside(s: Scored, outside: bool, container: Container) -> None:
    """An element outside every container the description names is not acceptable, whatever its name
    scores: the penalty ranks it, the mark refuses it (see :func:`tapwright.locator.accept.refusal`)."""
    if outside:
        s.outside = describe_container(container)


def _apply_nth(index: TreeIndex, scored: list[Scored], container: Container) -> bool:
    """ "in the second row": reward candidates in the n-th container of the kind; False when the
    page reports no container of the kind at all (then it may draw them: see :func:`apply_container`)."""
    entry, count = _nth_container(index, container)
    if entry is not None:
        for s in scored:
            inside_nth = entry in index.elements[s.i].context
            # Outside by more than a name can make up for: "the first row should contain X" is false then.
            s.add(0.3 if inside_nth else -0.6, f"in {entry[:40]}" if inside_nth else "outside the container")
            _mark_outside(s, not inside_nth, container)
        return True
    if not count:
        return False
    # "the 4th row" of a table with three: nothing is in it, whatever its name.
    why = f"not found: the page has {count} such containers, no {_ordinal_words(container.ordinal or 0)}"
    for s in scored:
        s.add(-1.0, why)
    return True


def _titled_entries(index: TreeIndex, name: str) -> frozenset[str]:
    """Containers holding an element whose whole name or text is ``name`` (quoted or not): the card titled exactly
    "Beach 2023" names it better than one titled "Beach 2023 (edited)", which holds it among more words, and "the
    Add to cart for Trail Runner Sneakers" is the card of that product, not of "Trail Runner Sneakers Pro"."""
    want = loose_form(name)
    return frozenset(c for e in index.elements if want in (loose_form(e.name), loose_form(e.text)) for c in e.context)


def _container_quality(entry: str, name: str) -> float:
    """How well a container's name ("article:Maria Lopez @maria ...") answers the name asked for."""
    raw = entry.partition(":")[2]
    loose = loose_form(name)
    score, _ = phrase_score(exact_form(name), loose, tokens(loose), raw, loose_form(raw), tokens(loose_form(raw)))
    return score + (0.2 if exact_form(name) in exact_form(raw) else 0.0)


def _nth_container(index: TreeIndex, container: Container) -> tuple[str | None, int]:
    """The context entry of the n-th container of the kind ("the first row"), top to bottom, header rows left
    out (None: there is no n-th), and how many such containers there are."""
    kinds = container.kinds or frozenset()
    wanted = relations.container_tokens(container)
    first_y: dict[str, float] = {}
    headers = rows.head_rows(index) if "row" in kinds else set()
    for i, e in enumerate(index.elements):
        entry = next((c for c in reversed(e.context) if c.partition(":")[0] in kinds), None)
        if entry is None or e.rect is None:
            continue
        if wanted and relations.in_context(index, i, Container(None, container.name), wanted) is None:
            continue
        if e.role == "columnheader":
            headers.add(entry)
        first_y[entry] = min(first_y.get(entry, e.rect.y), e.rect.y)
    order = sorted((y, entry) for entry, y in first_y.items() if entry not in headers)
    if "row" in kinds and "article" not in kinds and any(entry.startswith("row:") for _, entry in order):
        order = [(y, entry) for y, entry in order if entry.startswith("row:")]  # "the last row": a table's, not a list's
    n = container.ordinal or 0
    k = n - 1 if n > 0 else len(order) + n
    return (order[k][1] if 0 <= k < len(order) else None), len(order)


def _in_column(index: TreeIndex, scored: list[Scored], name: str) -> bool:
    """ "the first cell in the Title column": under the column heading named ``name``."""
    literal = Query(raw=name, text=name, full_text=name)
    heads = [r for s in score_all(index, literal, as_anchor=True)
             if s.text >= 0.9 and index.elements[s.i].role == "columnheader" and (r := index.elements[s.i].rect)]  # fmt: skip
    if not heads:
        return False
    for s in scored:
        r = index.elements[s.i].rect
        hit = r is not None and any(
            h.x - 2 <= r.center_x <= h.x + h.width + 2 and r.center_y > h.y + h.height for h in heads
        )
        s.add(0.3 if hit else -0.5, f"in the {name} column" if hit else "in another column")
        _mark_outside(s, not hit, Container(frozenset({"column"}), name))
    return True


def shared_container(index: TreeIndex, scored: list[Scored], anchors: list[tuple[int, Rect]]) -> bool:
    """The smallest container (row, list item, card, section ...) holding an anchor and exactly one of
    the best candidates decides: "Add next to Groups" on a page where every row has an Add link."""
    ids = {i for i, _ in anchors}
    if any(s.i in ids and index.elements[s.i].interactive for s in scored):
        return False  # a candidate is the anchor itself ("checkbox next to Remember me"): its label decides
    pool = [s for s in scored if s.i not in ids]
    if not pool:
        return False
    top = max(s.base for s in pool)
    tier = [s for s in pool if s.base >= top - 0.12]
    for ai, _ in anchors:
        for entry in reversed(index.elements[ai].context):
            holders = [s for s in tier if entry in index.elements[s.i].context]
            if len(holders) == 1:
                holders[0].add(0.3, f"shares {entry[:40]!r} with the anchor")
                return True
            if len(holders) > 1:
                break  # this container holds several: a bigger one will too
    return False
