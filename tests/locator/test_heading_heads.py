"""A heading heads what follows it (locator/nearness.py, issue 24): a place said as a section or a panel and named by
a heading holds nothing drawn above that heading, and a control not drawn (a field of a folded section) is in it when
it follows the heading in the page's order, inside the heading's own containers, with no heading between. Cards are
not held to it: a card's heart drawn over its picture, above its title, is still the card's."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.errors import ToolFailure
from tapwright.locator.core import locate

_FORM = ("form:propertyform",)


def _ticket(*, folded: bool) -> object:
    return tree(
        el("th", "columnheader", "Milestone:", (640, 337, 177, 31), context=("table:Ticket", "row:Priority: | Milestone:")),
        el("h", "heading", "Modify Ticket", (10, 600, 300, 24), context=_FORM),
        el("a", "link", "Modify Ticket", (10, 600, 120, 24), context=_FORM),
        el("lab", "text", "", (10, 640, 80, 20) if not folded else (0, 0, 0, 0), text="Milestone:",
           context=(*_FORM, "group:Change Properties"), visible=not folded),
        el("sel", "combobox", "Milestone:", (100, 640, 200, 24) if not folded else (0, 0, 0, 0),
           context=(*_FORM, "group:Change Properties"), visible=not folded),
    )


def test_a_control_above_the_sections_heading_is_not_in_it() -> None:
    found = locate(_ticket(folded=False), 'Milestone in the "Modify Ticket" section')  # type: ignore[arg-type]
    assert found.element.ref == "sel"


def test_a_folded_sections_control_is_found_by_the_page_order_not_the_one_above() -> None:
    found = locate(_ticket(folded=True), 'Milestone in the "Modify Ticket" section')  # type: ignore[arg-type]
    assert found.element.ref == "sel"
    assert any("in what it heads" in r for r in found.reasons)


def test_with_only_a_control_above_the_heading_nothing_is_found() -> None:
    page = tree(
        el("th", "columnheader", "Milestone:", (640, 337, 177, 31), context=("table:Ticket",)),
        el("h", "heading", "Modify Ticket", (10, 600, 300, 24), context=_FORM),
        el("b", "button", "Submit changes", (10, 640, 120, 24), context=_FORM),
    )
    with pytest.raises(ToolFailure) as err:
        locate(page, 'Milestone in the "Modify Ticket" section')
    assert err.value.code.value == "ELEMENT_NOT_FOUND"


def test_a_hidden_control_after_another_heading_is_not_in_the_first_ones_section() -> None:
    page = tree(
        el("h", "heading", "Modify Ticket", (10, 600, 300, 24), context=_FORM),
        el("h2", "heading", "Attachments", (10, 700, 300, 24), context=_FORM),
        el("sel", "combobox", "Milestone:", (0, 0, 0, 0), context=_FORM, visible=False),
    )
    with pytest.raises(ToolFailure):
        locate(page, 'Milestone in the "Modify Ticket" section')


def test_a_cards_control_above_its_title_is_still_the_cards() -> None:
    page = tree(
        el("heart1", "button", "Favourite", (10, 100, 30, 30)),
        el("t1", "heading", "Desk lamp", (10, 240, 200, 24)),
        el("heart2", "button", "Favourite", (310, 100, 30, 30)),
        el("t2", "heading", "Floor lamp", (310, 240, 200, 24)),
    )
    assert locate(page, 'Favourite in the "Desk lamp" card').element.ref == "heart1"


def test_a_verb_for_a_record_is_no_name_of_the_records_menu_button() -> None:
    # "Ssh for db-primary" read whole as a name shares "for db-primary" with the row's ⋯ button; the verb it
    # lacks makes it no match (the record's menu is opened for its SSH item by the driver instead).
    page = tree(
        el("more", "button", "More actions for db-primary", (900, 100, 30, 30), context=("row:db-primary | Running",)),
        el("cell", "cell", "db-primary", (10, 100, 200, 30), context=("row:db-primary | Running",)),
    )
    with pytest.raises(ToolFailure) as err:
        locate(page, "Ssh for db-primary")
    assert err.value.code.value == "ELEMENT_NOT_FOUND"
