"""Three bugs found while killing score.py's mutants, each pinned by its case.

- Quoted words must each be matched exactly, but the cache of quoted matches was shared by all quoted
  phrases of a description and keyed by the field's text only, so the second phrase got the first
  one's answer (`"cart" "checkout"` accepted a button named "Your cart" as exactly "checkout").
- A control labelled by the text beside it was "not exactly" the quoted words of that text
  (`the "Special offers" checkbox`): its own fields were checked, and it has none.
- A widget phrase used as an anchor ("next to the search field") was scored without reading the text
  beside an unnamed field as its label, so it meant every field of the role, while "the search field"
  on its own found the labelled one.
"""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.core.element import Rect
from tapwright.locator import locate, rank
from tapwright.locator.index import index_for
from tapwright.locator.score import anchors_for


@pytest.mark.parametrize("description", ['"cart" "checkout"', '"checkout" "cart"'])
def test_each_quoted_phrase_is_checked_on_its_own_whatever_their_order(description: str) -> None:
    # Its name is "cart" with only "your" more (same words, 0.92: exact enough); no field is
    # "checkout" (its label only contains it), so it is not exactly "checkout".
    t = tree(el("b", "button", "Your cart", (0, 0, 100, 30), label="Cart checkout"))
    (c,) = rank(t, description)
    assert [r for r in c.reasons if r.startswith("not exactly")] == ["not exactly 'checkout'"]


def test_a_control_labelled_by_the_text_beside_it_is_exactly_that_texts_quoted_words() -> None:
    t = tree(el("t", "text", "Special offers", (30, 0, 100, 20)), el("c", "checkbox", "", (0, 0, 20, 20)))
    found = {c.element.ref: (round(c.score, 4), c.reasons) for c in rank(t, 'the "Special offers" checkbox')}
    assert found["c"] == (1.18, ["text beside it", "role checkbox"])
    found = {c.element.ref: (round(c.score, 4), c.reasons) for c in rank(t, 'the "Special" checkbox')}
    assert "c" not in found  # "Special" alone labels nothing: the text beside it must match first


def _search_page() -> object:
    # "Search" is drawn beside the first unnamed field; the second field further down has no text.
    return tree(el("cap", "text", "Search", (0, 0, 60, 20)), el("t1", "textbox", "", (70, -5, 200, 30)),
                el("go", "button", "Go", (280, -5, 50, 30)),
                el("t2", "textbox", "", (0, 200, 200, 30)), el("send", "button", "Send", (210, 200, 50, 30)))  # fmt: skip


def test_the_search_field_as_an_anchor_is_the_field_the_search_text_labels() -> None:
    t = _search_page()
    assert locate(t, "the search field").element.ref == "t1"
    assert anchors_for(index_for(t), "the search field") == [(1, Rect(70, -5, 200, 30))]
    assert locate(t, "the button next to the search field").element.ref == "go"
