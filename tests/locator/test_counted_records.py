"""A record noun counted in a table, grid or list the description names (hand-built trees): "2 appointments in the
table" counts the table's data rows (no control on the page is named so); in a list, its items."""

from __future__ import annotations

from locator_builders import el, tree

from tapwright.core.element import UiTree
from tapwright.locator.count import count


def _page(*names: str, button: str = "") -> UiTree:
    """A grid with a header row and one row per name (and a button, when one is named)."""
    els = [el("h1", "columnheader", "Patient", (0, 0, 200, 20), context=("grid:", "row:Patient Vet")),
           el("h2", "columnheader", "Vet", (200, 0, 200, 20), context=("grid:", "row:Patient Vet"))]  # fmt: skip
    for k, name in enumerate(names):
        row = ("grid:", f"row:{name} Dr Lee")
        els += [el(f"p{k}", "gridcell", name, (0, 20 + 30 * k, 200, 30), context=row),
                el(f"v{k}", "gridcell", "Dr Lee", (200, 20 + 30 * k, 200, 30), context=row)]  # fmt: skip
    if button:
        els.append(el("b", "button", button, (0, 500, 100, 30)))
    return tree(*els)


def test_a_record_noun_in_the_table_counts_its_data_rows() -> None:
    page = _page("Rex", "Coco", "Bella")
    assert count(page, "appointment in the table")[0] == 3
    assert count(page, "appointment in the grid")[0] == 3
    assert count(_page("Rex"), "appointment in the table")[0] == 1


def test_a_record_noun_in_a_list_counts_its_items() -> None:
    notes = tree(*[el(f"l{k}", "text", f"Note {k}", (600, 20 + 30 * k, 200, 30), context=("list:Notes", f"listitem:Note {k}"))
                   for k in range(3)])
    assert count(notes, "note in the list")[0] == 3


def test_a_control_named_by_the_noun_is_counted_as_itself() -> None:
    """A button named "Appointment" on the page: the words may mean it, so rows are not assumed."""
    assert count(_page("Rex", "Coco", button="Appointment"), "appointment in the table")[0] != 2


def test_a_control_named_in_the_plural_is_a_title_not_a_record() -> None:
    """A menu item "Appointments" names all of them (a page's title), never one: the rows are counted."""
    assert count(_page("Rex", "Coco", button="Appointments"), "appointment in the table")[0] == 2
    assert count(_page("Rex", "Coco", button="Appointments"), "appointment")[0] == 2


def test_a_noun_in_a_row_or_a_dialog_is_not_a_row_count() -> None:
    page = _page("Rex", "Coco")
    assert count(page, "appointment in the Rex row")[0] != 2
    assert count(page, "appointment in the dialog")[0] == 0


def test_a_caption_or_a_value_found_by_its_id_is_no_instance_counted() -> None:
    """"2 visits" where a card shows the caption "Visits" and a value whose id is "visits": neither is a visit."""
    card = tree(el("cap", "text", "", text="Visits"), el("v", "text", "", text="2", id="visits"))
    assert count(card, "visit")[0] == 0
