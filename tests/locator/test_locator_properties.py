"""Hypothesis properties of the locator over generated trees."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from locator_builders import el, tree

from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate, rank, vocab
from tapwright.locator.text import loose_form

WORD = st.text(alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzéüßжя漢字"), min_size=3, max_size=8)
NAME = st.lists(WORD, min_size=1, max_size=3).map(" ".join)
ROLE = st.sampled_from(["button", "link", "textbox", "checkbox", "tab", "menuitem"])
# Words the locator reads as a kind, place, order, size or colour ("aaa toggle" is a toggle called aaa, not a
# textbox's own name): a generated name holding one is not only a name.
VOCABULARY = frozenset(
    w
    for table in (vocab.ROLE_PHRASES, vocab.POSITION_PHRASES, vocab.CONTAINER_PHRASES, vocab.WIDGET_NAMES)
    for key in table
    for w in key
) | frozenset(vocab.ORDINAL_WORDS) | frozenset(vocab.SIZE_WORDS) | frozenset(vocab.COLOUR_WORDS) | frozenset(
    w for words in vocab.CONTAINER_WORDS.values() for w in words) | frozenset(vocab.ORDINAL_FROM)  # fmt: skip
ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


@settings(deadline=None, max_examples=60)
@given(st.lists(st.tuples(NAME, ROLE), min_size=1, max_size=12), st.data())
def test_an_element_is_found_by_its_own_unique_name(items: list[tuple[str, str]], data: st.DataObject) -> None:
    looses = [loose_form(n) for n, _ in items]
    assume(len(set(looses)) == len(looses))
    assume(not any(w in VOCABULARY for name in looses for w in name.split()))
    # No name may be all the words of another one either, or "Save" would fairly match "Save draft" too.
    assume(not any(a != b and set(a.split()) <= set(b.split()) for a in looses for b in looses))
    t = tree(*(el(f"e{i + 1}", role, name, (0, 40 * i, 120, 30)) for i, (name, role) in enumerate(items)))
    k = data.draw(st.integers(0, len(items) - 1))
    assert locate(t, items[k][0]).element.ref == f"e{k + 1}"


@settings(deadline=None, max_examples=80)
@given(st.text(max_size=60))
def test_any_description_ranks_or_fails_with_a_locator_code(description: str) -> None:
    t = tree(el("e1", "button", "Save", (0, 0, 60, 30)), el("e2", "link", "Help", (0, 40, 60, 20)),
             el("e3", "textbox", "Email", (0, 80, 200, 30), context=("form:Login",)))  # fmt: skip
    ranked = rank(t, description)
    assert [c.score for c in ranked] == sorted((c.score for c in ranked), reverse=True)
    try:
        found = locate(t, description)
    except ToolFailure as failure:
        assert failure.code in (ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.AMBIGUOUS)
        assert isinstance(failure.data, dict) and isinstance(failure.data["candidates"], list)
    else:
        assert found.element in t.elements


@settings(deadline=None, max_examples=60)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 8)), min_size=2, max_size=5, unique_by=lambda p: p[0]),
       st.data())  # fmt: skip
def test_ordinals_follow_reading_order(spots: list[tuple[int, int]], data: st.DataObject) -> None:
    # Distinct rows (40 px apart, 30 px high) with jittered x: reading order is by row.
    elements = [el(f"e{i + 1}", "button", "Save", (x * 10, row * 40, 60, 30)) for i, (row, x) in enumerate(spots)]
    t = tree(*elements)
    k = data.draw(st.integers(1, len(spots)))
    expected = sorted(range(len(spots)), key=lambda i: spots[i][0])[k - 1]
    assert locate(t, f"the {ORDINAL[k]} Save button").element.ref == f"e{expected + 1}"
    assert (
        locate(t, "the last Save button").element.ref
        == f"e{sorted(range(len(spots)), key=lambda i: spots[i][0])[-1] + 1}"
    )
