"""A target said twice: a description, then in brackets the same element in other words.

People restate what they mean in brackets: 'the info icon (the "i" in the top bar)', 'the "View manifest" button
(the round RAW button under the description)', 'Delete (the one in the dialog)'. Neither half may be dropped: the
element is the one the words before the brackets find, and the words in brackets must describe that same element
(or a part of it), or pick it out of several the first words fit equally. When they describe something else, or
nothing, the element is refused saying so, never acted on.

Words in brackets that begin with a place ('Save (at the bottom of the form)') or with "the one" ('Delete (the one
in the dialog)') say where the element is: they are read with the first words as one description.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from tapwright.core.element import Element, UiTree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import accept

# One pair of brackets outside quotes, with words in it.
_QUOTED = re.compile(r'"[^"]*"|“[^”]*”')
# Words that only introduce the restatement.
_LEADS = ("i.e.,", "i.e.", "ie", "aka", "that is,", "that is", "a.k.a.", "=")
# Words that make the bracket a place or a choice of the first words' element: read as one description.
_PLACES = ("in", "inside", "on", "under", "below", "beneath", "above", "over", "at", "near", "next", "beside",
           "left", "right", "to", "within", "by", "from", "of", "with", "one", "the one", "just", "that", "which")


class _Found(Protocol):
    element: Element

    def describe(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


C = TypeVar("C", bound=_Found)


def split(description: str) -> tuple[str, str, bool] | None:
    """(the words before and after the brackets, the words in them, whether they read as one description) of a
    description with one pair of brackets outside quotes; None without one, or when the brackets or what is around them hold no
    word."""
    masked = _QUOTED.sub(lambda m: "_" * len(m.group(0)), description)
    opens, closes = [m.start() for m in re.finditer(r"\(", masked)], [m.start() for m in re.finditer(r"\)", masked)]
    if len(opens) != 1 or len(closes) != 1 or closes[0] < opens[0]:
        return None
    a, b = opens[0], closes[0]
    inner = " ".join(description[a + 1 : b].split())
    outer = " ".join(f"{description[:a]} {description[b + 1 :]}".split())
    if not re.search(r"\w", inner) or not re.search(r"\w", outer):
        return None
    low = inner.lower()
    for lead in _LEADS:
        if low.startswith(lead + " "):
            inner, low = inner[len(lead) + 1 :].strip(), low[len(lead) + 1 :].strip()
    together = low.split(" ", 1)[0] in _PLACES or low.startswith(("the one ", "one "))
    if low.startswith(("the one ", "one ")):
        inner = inner.split(" ", 2 if low.startswith("the one ") else 1)[-1]
    return outer, inner, together


def locate_restated(tree: UiTree, description: str, parts: tuple[str, str, bool], find: Callable[[str], C],
                    make: Callable[[Element, float, list[str]], C]) -> C:
    """The element ``description`` means, read as its two halves (see the module): ``find`` is the locator of one
    description (a Candidate, or ToolFailure), ``make`` builds a Candidate of an element."""
    outer, inner, together = parts
    if together:
        return find(f"{outer} {inner}")
    try:
        first = [find(outer)]
    except ToolFailure as exc:
        first = _tied(tree, exc, make)
        if not first:
            raise
        return _pick(tree, description, outer, inner, first, find, make, exc)
    return _pick(tree, description, outer, inner, first, find, make, None)


def _tied(tree: UiTree, exc: ToolFailure, make: Callable[[Element, float, list[str]], C]) -> list[C]:
    """The candidates an AMBIGUOUS answer tied (none for another failure)."""
    if exc.code is not ErrorCode.AMBIGUOUS:
        return []
    by_ref = {e.ref: e for e in tree.elements}
    data: dict[str, Any] = exc.data if isinstance(exc.data, dict) else {}
    return [make(by_ref[d["ref"]], float(d.get("score", 0.0)), list(d.get("reasons", [])))
            for d in data.get("candidates", []) if isinstance(d, dict) and d.get("ref") in by_ref]


def _pick(tree: UiTree, description: str, outer: str, inner: str, first: list[C], find: Callable[[str], C],
          make: Callable[[Element, float, list[str]], C], tie: ToolFailure | None) -> C:
    try:
        said = [find(inner)]
    except ToolFailure as exc:
        said = _tied(tree, exc, make)
        if not said:
            one = first[0].describe() if len(first) == 1 else f"{len(first)} elements"
            raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND,
                              f"{outer!r} finds {one}, but nothing on the page is what the brackets say ({inner!r}): "
                              f"{exc.message}", data=exc.data) from None
    fits = [c for c in first if any(s.element.ref == c.element.ref or accept.inside_of(s.element, c.element)
                                    for s in said)]
    if len(fits) == 1:
        return fits[0]
    if tie is not None and not fits:
        raise tie
    if fits:
        raise ToolFailure(ErrorCode.AMBIGUOUS, f"{description!r}: the words in brackets fit {len(fits)} of the "
                          f"elements {outer!r} finds: " + ", ".join(c.describe() for c in fits[:6]))
    raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND,
                      f"{description!r}: {outer!r} finds {first[0].describe()}, but the words in brackets "
                      f"({inner!r}) describe another element, {said[0].describe()}: say which one is meant",
                      data={"candidates": [first[0].to_dict(), said[0].to_dict()]})
