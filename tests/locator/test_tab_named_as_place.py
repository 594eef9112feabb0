"""A tab's content named by the tab's name alone ("in the README", the page's one tab so named, no tab panel
reported): what lies under its tab strip, within its width; a side panel beside the strip is not in it."""

from __future__ import annotations

import pytest

from locator.locator_builders import el, tree
from tapwright.errors import ToolFailure
from tapwright.locator import locate

_PAGE = tree(
    el("t1", "tab", "Readme", (20, 10, 150, 30)),
    el("t2", "tab", "Versions", (170, 10, 150, 30)),
    el("t3", "tab", "Uplinks", (320, 10, 150, 30)),
    el("h", "heading", "left-pad-plus", (20, 60, 300, 30), level="1"),
    el("i", "heading", "Install", (20, 100, 200, 24), level="2"),
    el("s", "heading", "left-pad-plus commonjs", (520, 60, 250, 20), level="6"),  # the side panel's title
    el("x", "heading", "Installation", (520, 100, 250, 20), level="6"),
)


def test_what_is_under_the_strip_is_in_the_tab_named() -> None:
    assert locate(_PAGE, '"Install" section in the README').element.ref == "i"
    assert locate(_PAGE, '"left-pad-plus" heading in the README').element.ref == "h"


def test_a_side_panel_beside_the_strip_is_not_in_it() -> None:
    with pytest.raises(ToolFailure):
        locate(_PAGE, '"Installation" heading in the README')
