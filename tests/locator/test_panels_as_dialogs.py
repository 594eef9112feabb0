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
