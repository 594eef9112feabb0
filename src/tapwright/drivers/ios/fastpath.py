"""Tapping a plain description without the page source, when WDA's own find provably gives the locator's answer.

A tap by description reads the whole page source (every node, every attribute) and parses it, which
costs several times a find by accessibility id. For a plain description ("General", "Sign in to your
iPhone") the driver instead asks WebDriverAgent for the *candidates* in one ``POST /elements``: every
visible element (and every static text, seen or not) with one text (label, identifier, value or
placeholder) that holds each of the description's words that is no filler as a whole word (case and
diacritics aside; an identifier split where the locator splits it), or that is the description with
its spaces and symbols left out; along with the application (the screen's frame), keyboards, alerts,
sheets, navigation bars and every control a text beside it may name (switches, fields, sliders ...).
Those elements become a partial tree, built by the page source's own parse, and the semantic locator
runs on it.

Why the answer is the page source's (the argument of ``tapwright.drivers.web.fastpath``, on the same
locator): every visible element left out lacks one of the words in each of its texts, so its text
score is at most ``0.88 * (n - 0.2) / n`` for n words (a typo counts 0.8 of a word, any other near
word less; "contains" scores at most 0.88 of the words found), plus 0.05 for a control; a hidden one
scores at most an exact name, plus 0.05, minus 0.3 for being hidden. The answer must beat both by
more than a tie (``pick.TIE``) and a rival's reach (``accept.NEAR``). The candidates themselves are
built and scored as on the whole page as long as nothing outside them changes their scores, which is
checked, and every other case goes to the page source, which decides and explains:

* the description is ASCII with no relation, ordinal, colour, size, quoted part, role word,
  quantifier or "and", not a ref, and reads the same whatever the page says about its word pairs;
  with 6 words or more a text left out could name an unnamed control (its bound reaches 0.85);
* each word is on the partial tree's page as itself, no longer word there begins with it, and no
  candidate holds a half of a long word: the locator's expansions (a word a query word begins, a
  stem or typo when nothing matches, the two halves of a run-together word) then reach nothing the
  rest of the page could change for the candidates;
* no keyboard, alert or sheet is up (their keys and dialog context change the tree); no candidate is
  a button that may be a navigation bar's back button, nor does a word ask for "back" on a screen with
  one (the back button is marked by its place among the bar's children); no control without a name is
  on screen (a text beside it, seen or not, would name it); no text field takes a candidate text as
  its caption (``near``), and with a field on screen no candidate text has two different texts (one of
  them could be that field's caption, which the locator then lowers as a label);
* the locator's answer on the partial tree is visible, not a text field (one named by what is typed
  in it has rivals anywhere), found by its own words, and no candidate close to it matches by a
  developer id alone (whose acceptance looks at the controls around it).

Anything else (nothing found, several, a near tie, a refusal) is left to the page source, so a tap is
refused with the same candidates and message as before. A text that holds the words only through
Unicode folding WDA's ``[cd]`` does not do (``ß`` for ``ss``) is not seen by the find: see the iOS
page's "Not done yet". ``tests/ios/test_ios_fastpath.py`` compares both paths over every description
of the iOS locator accuracy suite and every name on the real dumps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from tapwright.core.element import Rect, UiTree
from tapwright.drivers.ios.source import PREFIX, kinds_of, node_rect, parse_source, short_type
from tapwright.errors import ToolFailure
from tapwright.locator import Candidate, Query, is_ref, is_selector, locate, parse, rank
from tapwright.locator.accept import DEVELOPER_FIELDS, NEAR, QUANTIFIERS
from tapwright.locator.accept import _named_by_id as named_by_id
from tapwright.locator.accept import _shares_words as shares_words
from tapwright.locator.accept import _visible_words as visible_words
from tapwright.locator.index import index_for
from tapwright.locator.pick import TIE
from tapwright.locator.text import FILLERS, loose_form, tokens
from tapwright.locator.vocab import FOCUSED, LABELABLE

# What each found element must carry (WDA's elementResponseAttributes): what the page source's parse reads.
FIELDS = ("type,label,rect,displayed,enabled,selected,attribute/name,attribute/value,attribute/placeholderValue,"
          "attribute/accessible,attribute/focused")  # fmt: skip
_KEYS = tuple(f for f in FIELDS.split(","))
_SEARCHED = ("label", "name", "value", "placeholderValue")  # WDA's predicate keys for the texts the locator reads
_HAZARDS = ("Keyboard", "Alert", "Sheet")
_ALONG = ("Application", *_HAZARDS, "NavigationBar", *kinds_of(LABELABLE))
_WORD = re.compile(r"^[a-z0-9]+$")
# The locator's score parts the bound leans on (tapwright.locator.score and .text): the best text score of a
# text missing a word (a typo counts 0.8 of it, any other near word less; "contains" scores at most 0.88 of
# the words found), the bonus of an interactive element when no role is named, the text score that lets a
# text name the unnamed control beside it. The differential test is what catches a change there.
_CONTAINED_MAX, _TYPO_CREDIT, _INTERACTIVE_BONUS, _VISUAL_LABEL_TEXT = 0.88, 0.8, 0.05, 0.85
# A hidden element (left out: WDA is asked for visible ones only) scores at most an exact name, the bonus of
# a control, and the penalty for being hidden.
_HIDDEN_MAX = 1.0 + _INTERACTIVE_BONUS - 0.3
_SLACK = 0.01  # rounding room on top of the margins
_W3C_ID = "element-6066-11e4-a52e-4f735466cecf"
_MATCH = re.compile(r"^(\w+) (exact|normalized|same words|contains|partial|fuzzy)\b")  # a reason's field and kind (accept.match_of)


@dataclass(frozen=True, slots=True)
class FastQuery:
    """One description's find: the predicate asked of WDA, and what the answer is checked against.

    Attributes:
        description: The description, as given (white space folded).
        read: How the locator reads it, on any page (see :func:`_read_alike`).
        words: The description's words that are no filler ("your", "my" ...): a candidate has one text
            holding each of them as a whole word.
        halves: Both halves of each way a long word splits in two ("username": "user" + "name"): when the
            page holds both the locator also looks for them, so no candidate may hold one (which halves
            the rest of the page holds is not known).
        bound: The most an element without such a text can score (see the module).
        predicate: The NSPredicate sent with ``POST /elements``.
    """

    description: str
    read: Query
    words: tuple[str, ...]
    halves: tuple[str, ...]
    bound: float
    predicate: str


@lru_cache(maxsize=512)  # pure; a test suite describes the same elements again and again
def plan(description: str) -> FastQuery | None:
    """The find for ``description``, or None when only the page source can answer it."""
    text = " ".join(description.split())
    if not text or not text.isascii() or is_ref(text) or is_selector(text) or text.lower() in FOCUSED:
        return None
    q = _read_alike(text)
    if q is None:
        return None  # the page's words would decide how it reads (a relation, a role, a name)
    if (q.relation is not None or q.ordinal is not None or q.colours or q.size is not None or q.alt_names or q.quoted
            or q.roles or q.multiline or q.side or q.end_of or q.hint_only or q.text != q.full_text):  # fmt: skip
        return None
    loose = loose_form(q.text)
    words = tokens(loose)
    needed = [w for w in dict.fromkeys(words) if w not in FILLERS]
    if not needed or any(w in QUANTIFIERS or w == "and" for w in words) or not all(_WORD.match(w) for w in words):
        return None
    n = len(words)
    text_bound = _CONTAINED_MAX * (n - 1 + _TYPO_CREDIT) / n
    if text_bound >= _VISUAL_LABEL_TEXT:
        return None  # a text left out could then name an unnamed control beside it
    halves = [h for w in needed if len(w) >= 5 for k in range(3, len(w) - 1) for h in (w[:k], w[k:])]
    squeezed = "".join(loose.split())
    return FastQuery(text, q, tuple(needed), tuple(dict.fromkeys(halves)), text_bound + _INTERACTIVE_BONUS,
                     _predicate(needed, squeezed))  # fmt: skip


def _read_alike(text: str, most: int = 32) -> Query | None:
    """How ``text`` parses, when that is the same whatever the page says about word pairs (the parser asks
    whether two words stand side by side on the page); None when some answer changes it, or when too many
    pairs are asked to try every answer."""
    first: Query | None = None
    todo: list[dict[tuple[str, str], bool]] = [{}]
    for _ in range(most):
        if not todo:
            return first
        given = todo.pop()
        asked: list[tuple[str, str]] = []

        def pair(a: str, b: str, given: dict[tuple[str, str], bool] = given, asked: list[tuple[str, str]] = asked) -> bool:
            asked.append((a, b))
            return given.get((a, b), True)

        q = parse(text, pair)
        if first is None:
            first = q
        elif q != first:
            return None
        new = next((p for p in asked if p not in given), None)
        if new is not None:  # this run answered it True: try False too (and what that run asks next)
            todo.append({**given, new: False})
            todo.append({**given, new: True})
    return None


def _predicate(needed: list[str], squeezed: str) -> str:
    """Visible elements with one text holding every needed word as a whole word, or equal to the description
    with its spaces and symbols left out; and every element of the kinds asked along.

    A word is a run of letters and digits (case and diacritics aside, as the locator reads it). In ``name``
    (an identifier, when the element has one) a word also begins and ends where a small letter or a digit
    meets a capital, as the locator splits identifiers: that clause is case-sensitive but for the words.
    """
    named = []
    for key in _SEARCHED:
        camel = key == "name"
        gap = "[^A-Za-z0-9]" if camel else "[^a-z0-9]"
        joint = "(?<=[a-z0-9])(?=[A-Z])"  # where the locator splits an identifier
        # A word starts the text or follows a gap (or a joint), and ends it or comes before one. Written
        # "(.*gap)?word", not "(^|gap)word": a matcher then tries only the places where a word begins.
        lead = f"(.*{gap}|.*{joint})?" if camel else f"(.*{gap})?"
        ends = f"({gap}|$|{joint})" if camel else f"({gap}|$)"

        def word(w: str, camel: bool = camel) -> str:
            return f"(?i:{w})" if camel else w

        alone = f"{gap}*" + "".join(f"{word(c)}{gap}*" for c in squeezed)
        every = "".join(f"(?={lead}{word(w)}{ends})" for w in needed) + ".*"
        # WDA's name is the label when there is no identifier, and a value equal to the label adds no text.
        head = (f"{key} != label AND " if key in ("name", "value") else "") + f"{key} MATCHES[{'d' if camel else 'cd'}]"
        named.append(f"{head} '(?s)({alone}|{every})'")
    kinds = ", ".join(f"'{PREFIX}{kind}'" for kind in _ALONG)
    # What WDA calls visible (a hidden element scores too little to matter: see _HIDDEN_MAX), and texts, seen
    # or not (the page source's parse gives a text field the nearest text above or before it as its caption).
    return f"(visible == 1 OR type == '{PREFIX}StaticText') AND ({' OR '.join(named)}) OR type IN {{{kinds}}}"


def partial_tree(answer: list[dict[str, Any]]) -> UiTree | None:
    """The found elements as the page source's parse builds them (under the application); None when the
    answer lacks a field, has no application, or shows a keyboard, an alert or a sheet."""
    if any(not all(k in e for k in _KEYS) for e in answer):
        return None
    kinds = [short_type(str(e["type"] or "")) for e in answer]
    if any(k in _HAZARDS for k in kinds) or kinds.count("Application") != 1:
        return None
    nodes = [_json_node(e, k) for e, k in zip(answer, kinds, strict=True)]
    app = kinds.index("Application")
    root = {**nodes[app], "children": nodes[:app] + nodes[app + 1 :]}
    return parse_source(root).tree


def choose(query: FastQuery, answer: list[dict[str, Any]]) -> Candidate | None:
    """The element ``query`` means, from WDA's answer to its find, when provably the page source's; else None."""
    tree = partial_tree(answer)
    if tree is None or _hazard(query, tree):
        return None
    index = index_for(tree)
    q = query.read
    if any(word not in index.postings for word in query.words) or any(h in index.postings for h in query.halves):
        return None  # a stem, a typo or two halves may stand for a word: the rest of the page decides which
    if any(t != w and t.startswith(w) and t not in query.words for w in query.words if len(w) >= 3 for t in index.prefixed(w)):
        return None  # a longer page word a word begins: which of them count depends on the whole page's words
    try:
        found = locate(tree, query.description)
    except ToolFailure:
        return None  # not found or ambiguous: the page source says so, with its candidates
    if not found.element.state.visible or found.element.rect is None or found.element.role in ("textbox", "searchbox"):
        return None  # (a field named by what is typed in it has rivals anywhere on the page)
    if found.score - max(query.bound, _HIDDEN_MAX) < max(TIE, NEAR) + _SLACK:
        return None  # an element left out could come within a tie or a rival's reach
    if not found.reasons or _MATCH.match(found.reasons[0]) is None:
        return None  # found through another element (a text beside it): the page source decides
    if not any(e.attr("resource_id") and not shares_words(q, " ".join(visible_words(e))) for e in tree):
        return found  # no element can match by a developer id alone
    for c in rank(tree, query.description, limit=20):
        if c.score < found.score - NEAR:
            break
        m = _MATCH.match(c.reasons[0]) if c.reasons else None
        by_id = m is not None and (m.group(1) in DEVELOPER_FIELDS or (m.group(1) == "name" and named_by_id(c.element)))
        if by_id and not shares_words(q, " ".join(visible_words(c.element))):
            return None  # whether a developer id is accepted depends on the controls around it
    return found


def with_wda_ref(found: Candidate, answer: list[dict[str, Any]]) -> Candidate:
    """``found`` (an element of :func:`partial_tree`) with the ref ``wda:<WDA's element id>``: a partial tree's
    ``e<n>`` would name another element of a snapshot."""
    kinds = [short_type(str(e["type"] or "")) for e in answer]
    app = kinds.index("Application")
    order = [answer[app], *answer[:app], *answer[app + 1 :]]  # the partial tree's document order
    n = int(found.element.ref[1:]) - 1
    ident = order[n].get("ELEMENT") or order[n].get(_W3C_ID) or str(n)
    return replace(found, element=replace(found.element, ref=f"wda:{ident}"))


def _hazard(query: FastQuery, tree: UiTree) -> bool:
    """Whether something outside the found elements could change the locator's answer (see the module)."""
    bars = [e.rect for e in tree if e.attr("class") == PREFIX + "NavigationBar" and e.rect is not None]
    if bars and any("back".startswith(w) for w in query.words):
        return True
    for e in tree:
        r = e.rect
        if bars and e.role == "button" and r is not None and any(_may_go_back(r, bar) for bar in bars):
            return True  # it may be the bar's back button, marked by its place among the bar's children
        if e.attr("near"):
            return True  # a text field takes a found text as its caption
    if any(e.role in LABELABLE and (not e.name or e.role in ("slider", "spinbutton", "progressbar")) for e in tree):
        return True  # an unnamed control takes a text beside it as its name, a hidden one too (left out)
    if any(e.state.editable for e in tree):
        for e in tree:
            if e.role == "text" and not e.interactive and len({t for t in (e.name, e.text, e.attr("resource_id")) if t}) > 1:
                return True
    return False


def _may_go_back(r: Rect, bar: Rect) -> bool:
    """Whether a button at ``r`` may be ``bar``'s back button: it overlaps the bar, starting in its left 30 %
    (where the page source's parse looks for it; a child of the bar lies within it)."""
    overlaps = r.x < bar.x + bar.width and bar.x < r.x + r.width and r.y < bar.y + bar.height and bar.y < r.y + r.height
    return overlaps and r.x < bar.x + bar.width * 0.3


def _json_node(e: dict[str, Any], kind: str) -> dict[str, Any]:
    """One found element as a node of WDA's JSON page source (what :func:`parse_source` reads)."""
    node: dict[str, Any] = {"type": kind}
    for key, field in (("label", "label"), ("name", "attribute/name"), ("value", "attribute/value"),
                       ("placeholderValue", "attribute/placeholderValue")):  # fmt: skip
        v = e[field]
        if v is not None and v != "":
            node[key] = ("1" if v else "0") if isinstance(v, bool) else str(v)
    rect = node_rect(e["rect"] or {})
    if rect is not None:
        node["rect"] = {"x": rect.x, "y": rect.y, "width": rect.width, "height": rect.height}
    for key, field in (("isEnabled", "enabled"), ("isVisible", "displayed"), ("isAccessible", "attribute/accessible"),
                       ("isFocused", "attribute/focused"), ("isSelected", "selected")):  # fmt: skip
        node[key] = bool(e[field])
    return node


__all__ = ["FIELDS", "FastQuery", "choose", "partial_tree", "plan", "with_wda_ref"]
