"""A place said in words that its id writes solid ("the bulk bar" for a block id "bulkbar") is that place
(locator/relations.py), and another id sharing a word of it ("bulkactions") is another place."""

from __future__ import annotations

from locator_builders import el, tree

from tapwright.locator.core import locate


def _page() -> object:
    return tree(
        el("row", "button", "Start", (900, 300, 60, 24), context=("table", "row:web-2 | Stopped")),
        el("bulk", "button", "Start", (100, 100, 60, 24), context=("block:bulkbar",)),
        el("other", "button", "Start", (100, 600, 60, 24), context=("block:bulkactions",)),
    )


def test_words_said_apart_name_a_place_written_solid() -> None:
    assert locate(_page(), "Start in the bulk bar").element.ref == "bulk"  # type: ignore[arg-type]


def test_each_solid_name_is_its_own_place() -> None:
    found = locate(_page(), "Start in the bulk actions")  # type: ignore[arg-type]
    assert found.element.ref == "other"
