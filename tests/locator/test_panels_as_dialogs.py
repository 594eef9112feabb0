"""A side panel, drawer or panel that slides in over the page is drawn as a dialog (Fluent UI panels, Material
drawers): 'a side panel titled "New appointment"', 'the New appointment panel', '"Save" in the drawer' find the
dialog and what is in it; the dialog's own heading is not a rival of the dialog for a panel."""

from __future__ import annotations

import pytest
from locator_builders import el

from tapwright.core.element import UiTree
from tapwright.locator.core import locate


def _page() -> UiTree:
    inside = ("dialog:New appointment",)
    elements = (
        el("b", "button", "New appointment", (20, 40, 160, 30)),
        el("s0", "button", "Save", (20, 700, 80, 30)),
        el("d", "dialog", "New appointment", (800, 0, 480, 800)),
        el("h", "heading", "New appointment", (820, 20, 300, 30), context=inside),
        el("s1", "button", "Save", (820, 740, 80, 30), context=inside),
    )
    return UiTree(elements=elements, url="test://page", title="", width=1280, height=800)  # type: ignore[arg-type]


@pytest.mark.parametrize(("said", "ref"), [
    ('a side panel titled "New appointment"', "d"), ("the New appointment panel", "d"),
    ('the "New appointment" drawer', "d"), ("Save in the side panel", "s1"), ("Save in the drawer", "s1"),
    ("Save in the panel", "s1"),
])  # fmt: skip
def test_a_panel_drawn_as_a_dialog(said: str, ref: str) -> None:
    assert locate(_page(), said).element.ref == ref


def test_a_field_named_in_the_open_dialog_wins_one_of_a_better_kind_behind_it() -> None:
    # The page's Amount filter (a text box) behind a "New expense" dialog whose Amount field is a spin button: "the
    # Amount field" is the dialog's; with no such name in the dialog, the page's is found as before.
    from locator_builders import el, tree

    from tapwright.locator import locate

    page = [el("f", "textbox", "Amount", (0, 50, 200, 20), context=("complementary:",))]
    dialog = [el("d", "dialog", "New expense", (300, 100, 400, 300)),
              el("a", "spinbutton", "Amount", (320, 200, 200, 20), context=("dialog:New expense",)),
              el("n", "textbox", "Notes", (320, 240, 200, 20), context=("dialog:New expense",))]  # fmt: skip
    assert locate(tree(*page, *dialog), '"Amount" field').element.ref == "a"
    assert locate(tree(*page, *dialog[:1], dialog[2]), '"Amount" field').element.ref == "f"
