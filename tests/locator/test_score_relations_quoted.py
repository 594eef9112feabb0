"""Quoted words must each be matched exactly: every quoted phrase is checked on its own.

A bug found while killing mutants: the cache of quoted matches was shared by all quoted phrases of
a description and keyed by the field's text only, so the second phrase got the first one's answer
(`"cart" "checkout"` accepted a button named "Your cart" as exactly "checkout").
"""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.locator import rank


@pytest.mark.parametrize("description", ['"cart" "checkout"', '"checkout" "cart"'])
def test_each_quoted_phrase_is_checked_on_its_own_whatever_their_order(description: str) -> None:
    # Its name is "cart" with only "your" more (same words, 0.92: exact enough); no field is
    # "checkout" (its label only contains it), so it is not exactly "checkout".
    t = tree(el("b", "button", "Your cart", (0, 0, 100, 30), label="Cart checkout"))
    (c,) = rank(t, description)
    assert [r for r in c.reasons if r.startswith("not exactly")] == ["not exactly 'checkout'"]
