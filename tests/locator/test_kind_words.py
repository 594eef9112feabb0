"""Words that say what kind of value a quoted name is ('the "High" priority option') are accounted for only
when the page shows it: a column so headed holding that exact value, or a group so named (locator.kinds)."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.core.element import UiTree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate


def _page(*, header: str = "Priority", cell: str = "High", group: str = "") -> UiTree:
    """A table (Title, <header>) with one row, and a dialog with two radios in a group named ``group``."""
    head, row = ("table", "row:Title"), ("table", "row:Export")
    return tree(
        el("ht", "columnheader", "Title", (0, 0, 100, 20), context=head),
        el("hp", "columnheader", header, (100, 0, 100, 20), context=head),
        el("c1", "cell", "Export", (0, 20, 100, 20), context=row),
        el("c2", "cell", cell, (100, 20, 100, 20), context=row),
        el("low", "radio", "Low", (300, 200, 60, 20), context=("dialog:New task", f"radiogroup:{group}")),
        el("high", "radio", "High", (360, 200, 60, 20), context=("dialog:New task", f"radiogroup:{group}")),
    )


@pytest.mark.parametrize("description", ['"High" priority option', 'the "High" priority radio'])
def test_a_kind_word_a_column_shows_is_accounted_for(description: str) -> None:
    found = locate(_page(), description)
    assert found.element.ref == "high"
    assert any("Priority" in r and "column" in r for r in found.reasons)


def test_a_kind_word_a_group_is_named_with_is_accounted_for() -> None:
    found = locate(_page(header="Owner", cell="Ann", group="Severity"), '"High" severity option')
    assert found.element.ref == "high"


@pytest.mark.parametrize(("header", "cell", "description"), [
    ("Priority", "Low", '"High" priority option'),  # the column holds no "High"
    ("Colour", "High", '"High" priority option'),  # no column or group says "priority"
    ("Start", "High", '"High" start time'),  # "time" is said nowhere
])  # fmt: skip
def test_a_kind_word_the_page_does_not_show_is_refused(header: str, cell: str, description: str) -> None:
    with pytest.raises(ToolFailure) as info:
        locate(_page(header=header, cell=cell), description)
    assert info.value.code is ErrorCode.ELEMENT_NOT_FOUND


def test_a_cell_in_another_column_is_no_evidence() -> None:
    """The value is under another heading: 'priority' is not shown to be its kind."""
    page = _page(header="Priority", cell="Low")
    other = el("c3", "cell", "High", (0, 40, 100, 20), context=("table", "row:High"))  # under "Title"
    with pytest.raises(ToolFailure):
        locate(tree(*page.elements, other), '"High" priority option')


def _sign_in(*fields: tuple[str, str]) -> UiTree:
    """A form with text fields (name, type) and a password field; a search box outside it."""
    form = ("form:",)
    els = [el(f"f{k}", "textbox", name, (0, 40 * k, 200, 30), context=form, type=kind)
           for k, (name, kind) in enumerate(fields)]
    els.append(el("pw", "textbox", "Password", (0, 200, 200, 30), context=form, type="password"))
    els.append(el("q", "searchbox", "Search", (300, 0, 200, 30)))
    return tree(*els)


@pytest.mark.parametrize(("fields", "description", "ref"), [
    ([("Email", "email")], "username", "f0"),  # the step says username, the form asks for an email
    ([("Username", "text")], "email", "f0"),
    ([("Email address", "email")], "the login field", "f0"),
    ([("Username", "text"), ("Email", "email")], "username", "f0"),  # both there: each by its own name
    ([("Username", "text"), ("Email", "email")], "email", "f1"),
])  # fmt: skip
def test_a_sign_in_forms_identity_field_answers_to_any_of_its_names(fields: list[tuple[str, str]], description: str,
                                                                      ref: str) -> None:
    assert locate(_sign_in(*fields), description).element.ref == ref


def test_no_identity_field_is_guessed_without_a_password_field() -> None:
    """A newsletter form's Email is not a username."""
    page = tree(el("e", "textbox", "Email", (0, 0, 200, 30), context=("form:",), type="email"),
                el("b", "button", "Subscribe", (0, 40, 80, 30), context=("form:",)))
    with pytest.raises(ToolFailure):
        locate(page, "username")


def test_two_identity_fields_none_named_so_are_not_guessed() -> None:
    with pytest.raises(ToolFailure):
        locate(_sign_in(("Email", "email"), ("Email address", "email")), "username")


def _reports() -> UiTree:
    """A list titled "Available Reports" whose items are headings holding a numbered link each."""
    return tree(
        el("t", "heading", "Available Reports", (0, 0, 400, 40), level="1"),
        el("h1", "heading", "{1} Active Tickets", (0, 60, 400, 30), level="2"),
        el("a1", "link", "{1} Active Tickets", (0, 60, 200, 30)),
        el("h7", "heading", "{7} My Tickets", (0, 120, 400, 30), level="2"),
        el("a7", "link", "{7} My Tickets", (0, 120, 200, 30)),
        el("n", "link", "Inbox (3)", (500, 0, 100, 20)),
    )


@pytest.mark.parametrize(("description", "ref"), [('"My Tickets"', "a7"), ('"Inbox"', "n"),
                                                  ('"My Tickets" report', "a7"), ('the "Active Tickets" report', "a1")])
def test_a_number_in_brackets_and_a_list_title_are_accounted_for(description: str, ref: str) -> None:
    """A bracketed count or id at either end of a name is not part of it; the kind said ("report") is the title
    of the list the item is in ("Available Reports")."""
    assert locate(_reports(), description).element.ref == ref


@pytest.mark.parametrize("description", ['"My Tickets" page', '"My" report', '"Tickets" report'])
def test_a_kind_no_heading_says_or_a_part_of_a_name_is_refused(description: str) -> None:
    with pytest.raises(ToolFailure):
        locate(_reports(), description)


def _choices(*names: str, group: str = "", role: str = "radio", container: str = "radiogroup") -> UiTree:
    """A row of like choices in one unlabelled (or ``group``-named) container, and a lone button outside it."""
    els = [el(f"c{k}", role, n, (60 * k, 200, 60, 20), context=(f"{container}:{group}",)) for k, n in enumerate(names)]
    return tree(*els, el("save", "button", "Save", (0, 300, 60, 20)))


@pytest.mark.parametrize("description", ['the "High" priority option', '"High" priority', 'the priority "High"'])
def test_a_kind_word_names_the_untitled_set_of_choices_the_value_is_one_of(description: str) -> None:
    found = locate(_choices("Low", "Medium", "High", "Urgent"), description)
    assert found.element.ref == "c2"
    assert any("one of a set" in r for r in found.reasons)


def test_slots_in_a_list_are_a_set_too() -> None:
    page = _choices("09:00", "10:00", "14:00", role="button", container="list")
    assert locate(page, 'the "14:00" start time').element.ref == "c2"


@pytest.mark.parametrize(("page", "description"), [
    (_choices("Low", "High"), '"High" priority option'),  # two are no set to title
    (_choices("Low", "Medium", "High", group="Severity"), '"High" priority option'),  # the group says another kind
    (_choices("Low", "Medium", "High"), '"Save" draft button'),  # a lone button: the kind is the claim
    (tree(el("w", "button", "compost"), el("x", "button", "Leaves"), el("y", "button", "Soil")),
     'a tag called "Compost"'),  # like buttons, but in no group or list
])  # fmt: skip
def test_a_value_outside_a_set_of_choices_is_not_taken_for_an_unshown_kind(page: UiTree, description: str) -> None:
    with pytest.raises(ToolFailure):
        locate(page, description)


def test_an_element_the_kind_words_may_name_keeps_them() -> None:
    """'the "Email" confirmation field' next to "Confirm email": the words may mean that one, so they are read as
    said (here: nothing is close enough, refused), never dropped to take "Email"."""
    page = _choices("Email", "Confirm email", "Phone", role="textbox", container="group")
    with pytest.raises(ToolFailure) as info:
        locate(page, 'the "Email" confirmation field')
    assert info.value.code is ErrorCode.ELEMENT_NOT_FOUND


def test_two_sets_holding_the_value_are_ambiguous() -> None:
    one = _choices("Low", "Medium", "High")
    other = [el(f"d{k}", "radio", n, (60 * k, 260, 60, 20), context=("radiogroup:",)) for k, n in enumerate(("Low", "Mid", "High"))]
    with pytest.raises(ToolFailure) as info:
        locate(tree(*one.elements, *other), '"High" priority option')
    assert info.value.code is ErrorCode.AMBIGUOUS


def test_links_tied_on_one_name_and_one_address_are_one_choice() -> None:
    page = tree(el("a", "link", "New query", (0, 0, 80, 20), href="/query"),
                el("b", "link", "New query", (0, 200, 80, 20), href="/query"))
    found = locate(page, "New query")
    assert found.element.ref == "a" and any("all to '/query'" in r for r in found.reasons)


@pytest.mark.parametrize(("one", "two"), [("/query", "/report"), ("#", "#"), ("", "")])
def test_links_to_other_or_no_addresses_stay_ambiguous(one: str, two: str) -> None:
    page = tree(el("a", "link", "New query", (0, 0, 80, 20), href=one),
                el("b", "link", "New query", (0, 200, 80, 20), href=two))
    with pytest.raises(ToolFailure) as info:
        locate(page, "New query")
    assert info.value.code is ErrorCode.AMBIGUOUS


def test_only_the_elements_in_the_place_said_must_be_choices() -> None:
    """A page title "Orders" beside the "Orders" link of a navigation list: 'in the navigation' leaves the link, one
    of a set; without the place the title is a lone element holding the name, and the words stay unexplained."""
    nav = ("navigation:Main", "list")
    page = tree(el("h", "heading", "Orders", (300, 0, 100, 30)),
                *(el(f"n{k}", "link", n, (0, 40 * k, 100, 30), context=nav) for k, n in enumerate(("Orders", "Users", "Teams"))))
    assert locate(page, '"Orders" collection in the navigation').element.ref == "n0"
    with pytest.raises(ToolFailure):
        locate(page, '"Orders" collection')


@pytest.mark.parametrize("description", ['the "Date" date picker', '"Due" date picker', 'the "Start" time picker'])
def test_a_picker_named_by_what_it_picks_is_the_field_that_opens_it(description: str) -> None:
    name = description.split('"')[1]
    page = tree(el("f", "combobox", name, (0, 0, 100, 20), context=("dialog:New",)),
                el("n", "textbox", "Notes", (0, 40, 100, 20), context=("dialog:New",)))  # fmt: skip
    assert locate(page, description).element.ref == "f"


def _grid_in_a_titled_box() -> UiTree:
    """A data grid (headings drawn as sort buttons) in a box titled "Appointments (2)"."""
    box = ("article:Appointments (2) New appointment ID Vet",)
    head = (*box, "grid", "row:ID Vet")
    els = [el("t", "text", "Appointments (2)", (0, 0, 200, 20), context=box),
           el("hi", "button", "ID", (0, 30, 100, 20), context=head),
           el("hv", "button", "Vet", (100, 30, 100, 20), context=head)]  # fmt: skip
    for k, (ident, vet) in enumerate([("A-1", "Dr. Hart"), ("A-2", "Dr. Lee")]):
        row = (*box, "grid", f"row:{ident} {vet}")
        els += [el(f"i{k}", "gridcell", ident, (0, 60 + 30 * k, 100, 20), context=row),
                el(f"v{k}", "gridcell", vet, (100, 60 + 30 * k, 100, 20), context=row)]  # fmt: skip
    return tree(*els)


@pytest.mark.parametrize("description", ['the appointment ID "A-2"', 'appointment ID "A-2" in the table', '"A-2" ID'])
def test_kind_words_said_by_a_column_heading_and_the_title_of_its_box(description: str) -> None:
    assert locate(_grid_in_a_titled_box(), description).element.ref == "i1"


@pytest.mark.parametrize("description", ['the appointment vet "A-2"'])
def test_kind_words_neither_the_heading_nor_the_title_says_are_refused(description: str) -> None:
    with pytest.raises(ToolFailure) as info:
        locate(_grid_in_a_titled_box(), description)
    assert info.value.code is ErrorCode.ELEMENT_NOT_FOUND


@pytest.mark.parametrize("description", ["confirmation dialog", "the confirm dialog", "the confirmation modal"])
def test_a_dialog_named_by_what_it_is_for_is_the_open_dialog(description: str) -> None:
    page = tree(el("d", "dialog", "Are you sure?", (100, 100, 300, 200)),
                el("p", "text", "You are about to delete a.txt", (110, 150, 200, 20), context=("dialog:Are you sure?",)),
                el("b", "button", "Proceed", (110, 250, 80, 20), context=("dialog:Are you sure?",)),
                el("o", "button", "Remove", (10, 10, 80, 20)))  # fmt: skip
    assert locate(page, description).element.ref == "d"


@pytest.mark.parametrize(("name", "ref"), [("Maria Lopez", "x1"), ("Omar Haddad", "x2")])
def test_a_chosen_values_remove_mark_is_the_one_right_after_it(name: str, ref: str) -> None:
    # Chips drawn "Maria Lopez ×  Omar Haddad ×": each × removes the value before it; drawn inside the value's own
    # box ("<div>Maria Lopez<a>×</a></div>") or right after it.
    ctx = ("article:Employees Maria Lopez × Omar Haddad ×",)
    after = tree(el("m", "text", "Maria Lopez", (0, 30, 80, 20), context=ctx),
                 el("x1", "link", "×", (82, 30, 8, 20), context=ctx),
                 el("o", "text", "Omar Haddad", (95, 30, 80, 20), context=ctx),
                 el("x2", "link", "×", (177, 30, 8, 20), context=ctx))  # fmt: skip
    assert locate(after, f'× next to "{name}"').element.ref == ref
    inside = tree(el("m", "text", "Maria Lopez", (0, 30, 92, 20), context=ctx),
                  el("x1", "link", "×", (82, 30, 8, 20), context=ctx),
                  el("o", "text", "Omar Haddad", (96, 30, 92, 20), context=ctx),
                  el("x2", "link", "×", (178, 30, 8, 20), context=ctx))  # fmt: skip
    assert locate(inside, f'× next to "{name}"').element.ref == ref


@pytest.mark.parametrize("description", ["Date picker", "the date picker", "the Date date picker"])
def test_a_picker_said_alone_is_named_by_what_it_picks(description: str) -> None:
    """ "the Date picker" among other pickers: the one named Date, not any of them (the words "date picker" say the
    kind and, said alone, the name too)."""
    dialog = ("dialog:Book a room",)
    t = tree(el("r", "combobox", "Room", (0, 0, 100, 30), context=dialog),
             el("o", "combobox", "Organiser", (0, 40, 100, 30), context=dialog),
             el("d", "textbox", "Date", (0, 80, 100, 30), context=dialog))  # fmt: skip
    assert locate(t, description).element.ref == "d"


# -- a tag, chip or pill is drawn on its own ---------------------------------------------------------------


def _tags() -> UiTree:
    return tree(
        el("word", "button", "compost", (0, 0, 60, 20), tag="span", in_text="1"),  # a clickable word in a paragraph
        el("chip", "button", "Composting", (0, 100, 90, 20), tag="span"),  # drawn on its own (the web snapshot says)
        el("item", "button", "Soil", (100, 100, 90, 20), context=("list:Tags",)),  # one of a list (no drawing known)
        el("bare", "button", "Leaves", (200, 100, 90, 20)),  # nothing known of how it is drawn
    )


@pytest.mark.parametrize(("description", "ref"), [("the Composting tag", "chip"), ('the "Composting" chip', "chip"),
                                                  ("the Soil pill", "item")])  # fmt: skip
def test_a_tag_is_a_control_drawn_on_its_own_or_one_of_a_list(description: str, ref: str) -> None:
    assert locate(_tags(), description).element.ref == ref


@pytest.mark.parametrize(("description", "why"), [('the tag called "compost"', "running text"),
                                                  ("the Leaves tag", "not known to be a tag")])  # fmt: skip
def test_a_word_in_running_text_or_a_control_not_known_to_be_drawn_so_is_no_tag(description: str, why: str) -> None:
    with pytest.raises(ToolFailure) as info:
        locate(_tags(), description)
    assert info.value.code is ErrorCode.ELEMENT_NOT_FOUND and why in str(info.value)


def test_a_tag_word_said_alone_or_inside_a_name_is_a_name() -> None:
    page = tree(el("add", "button", "Add tag", (0, 0, 80, 20), tag="button"), el("t", "button", "Tag", (0, 40, 80, 20)))
    assert locate(page, "Add tag").element.ref == "add"
    assert locate(page, "Tag").element.ref == "t"
