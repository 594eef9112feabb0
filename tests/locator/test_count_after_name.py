"""A count shown after a name ("Inbox 3", "Labels 9") is no part of the name (locator.text.phrase_score)."""

from __future__ import annotations

import pytest

from locator.locator_builders import el, tree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate


def test_a_count_after_a_name_is_no_part_of_it() -> None:
    """'Labels 9' (a link with its count) and 'Labels ▾' (a menu button) are both called Labels: a tie, not the
    count-less one taken silently; a description that says the number picks by it."""
    page = tree(el("nav", "link", "Labels 9", (800, 10, 80, 30)), el("menu", "button", "Labels ▾", (900, 300, 80, 30)),
                el("p2", "link", "Page 2", (10, 900, 40, 20)), el("p3", "link", "Page 3", (60, 900, 40, 20)))
    with pytest.raises(ToolFailure) as tied:
        locate(page, '"Labels"')
    assert tied.value.code is ErrorCode.AMBIGUOUS
    assert locate(page, "Page 3").element.ref == "p3"
    alone = tree(el("nav", "link", "Inbox 12", (800, 10, 80, 30)), el("h", "heading", "Mail", (0, 0, 80, 30)))
    assert locate(alone, '"Inbox"').element.ref == "nav"
