"""What a person sees comes first, and a check mark is a control's look (issue 26). A hidden element (a button in a
closed popup) is refused when a visible one matches well enough, however much better its words match; a hidden tick
box or field still stands for the styled control drawn over it. "The check-mark button" (hyphened or not) is a
control whose face is a check mark: a ✓, or an icon named "check"."""

from __future__ import annotations

import pytest
from locator_builders import el

from tapwright.core.element import UiTree
from tapwright.errors import ToolFailure
from tapwright.locator.core import locate


def _page(*elements: object) -> UiTree:
    return UiTree(elements=tuple(elements), url="test://page", title="", width=1280, height=800)  # type: ignore[arg-type]


def test_a_hidden_button_yields_to_a_visible_match() -> None:
    page = _page(
        el("hidden", "button", "Archive", (0, 0, 0, 0), visible=False, context=("menu:More",)),
        el("shown", "button", "Archive items", (20, 20, 120, 30)),
    )
    found = locate(page, "Archive")
    assert found.element.ref == "shown"


def test_a_hidden_button_alone_is_still_reported_not_guessed_away() -> None:
    page = _page(el("hidden", "button", "Archive", (0, 0, 0, 0), visible=False), el("t", "text", "", text="Welcome"))
    found = locate(page, "Archive")
    assert found.element.ref == "hidden"  # the action then says it is hidden; nothing visible was passed over


def test_a_hidden_tick_box_still_stands_for_its_styled_box() -> None:
    page = _page(
        el("box", "checkbox", "Remember me", (20, 20, 1, 1), visible=False),
        el("btn", "button", "Remember me later", (20, 60, 160, 30)),
    )
    assert locate(page, "Remember me checkbox").element.ref == "box"


@pytest.mark.parametrize("said", ["check-mark button", "the check mark button", "checkmark icon", "tick button"])
def test_a_check_mark_names_the_control_drawn_with_one(said: str) -> None:
    page = _page(
        el("save", "button", "", (1200, 10, 40, 40), icon="v-icon check"),
        el("close", "button", "", (1150, 10, 40, 40), icon="v-icon close"),
        el("h", "heading", "Edit author", (20, 10, 300, 30)),
    )
    assert locate(page, said).element.ref == "save"


def test_a_check_mark_in_text_counts_too() -> None:
    page = _page(el("ok", "button", "✓", (20, 20, 40, 40)), el("no", "button", "✗", (80, 20, 40, 40)))
    assert locate(page, "the check-mark button").element.ref == "ok"


def test_two_check_marks_are_ambiguous() -> None:
    page = _page(el("a", "button", "", (20, 20, 40, 40), icon="check"), el("b", "button", "", (80, 20, 40, 40), icon="check"))
    with pytest.raises(ToolFailure) as err:
        locate(page, "check-mark button")
    assert err.value.code.value == "AMBIGUOUS"


def test_a_shape_word_picks_the_control_drawn_so() -> None:
    page = _page(
        el("sq", "button", "", (1205, 121, 24, 24), icon="add", shape="square"),
        el("rd", "button", "", (1144, 32, 44, 44), icon="add", shape="round"),
    )
    assert locate(page, 'round "+" button').element.ref == "rd"
    assert locate(page, 'square "+" button').element.ref == "sq"


def test_an_unknown_outline_counts_neither_way() -> None:
    page = _page(el("a", "button", "Add", (20, 20, 80, 30)))  # no driver report: the word does not refuse it
    assert locate(page, "the round Add button").element.ref == "a"


def test_a_shape_word_in_a_name_stays_a_name() -> None:
    page = _page(el("t", "link", "Round trip", (20, 20, 120, 30)), el("o", "link", "One way", (20, 60, 120, 30)))
    assert locate(page, "Round trip").element.ref == "t"


def test_a_visible_element_of_another_kind_does_not_stand_for_a_hidden_one() -> None:
    # "The Edit profile dialog" is the closed dialog, not the visible button that opens it.
    page = _page(
        el("dlg", "dialog", "Edit profile", (0, 0, 0, 0), visible=False),
        el("btn", "button", "Edit profile", (20, 20, 120, 30)),
    )
    assert locate(page, "Edit profile dialog").element.ref == "dlg"
