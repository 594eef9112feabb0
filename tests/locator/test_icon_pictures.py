"""A control known by the picture its icon draws ("the gear icon", "the bell button"), found by what its label, id
or icon class says it does (vocab.WIDGET_NAMES: pictures)."""

from __future__ import annotations

import pytest

from locator.locator_builders import el, tree
from tapwright.errors import ToolFailure
from tapwright.locator import locate

_BAR = ("banner",)
_PAGE = tree(
    el("s", "button", "", (900, 10, 30, 30), context=_BAR, id="header-button-settings"),
    el("n", "button", "Notifications", (940, 10, 30, 30), context=_BAR),
    el("e", "button", "", (980, 10, 30, 30), context=_BAR, icon="pencil-square"),
    el("l", "button", "Log out", (1020, 10, 60, 30), context=_BAR),
)


@pytest.mark.parametrize(("said", "ref"), [
    ("the gear icon", "s"), ("cog icon in the top bar", "s"), ("the bell icon", "n"), ("the pencil button", "e"),
])  # fmt: skip
def test_a_picture_names_the_control_by_what_it_does(said: str, ref: str) -> None:
    assert locate(_PAGE, said).element.ref == ref


def test_a_picture_no_control_is_named_for_is_not_found() -> None:
    with pytest.raises(ToolFailure):
        locate(_PAGE, "the trash icon")
