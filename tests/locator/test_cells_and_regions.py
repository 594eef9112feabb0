"""Locator mechanisms from the app zoo's tuning half (zoo-a), on hand-built trees.

- a cell named by its column heading and its row ("the Status in the row for ORD-2");
- page regions by their two-word names ("the top bar" is the banner);
- "of the dialog" is a container, "Terms of Service" stays a name;
- "at the right of X" is a position;
- signing in goes by several names ("Sign in" presses a "Log in" button).
"""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.core.element import UiTree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate
from tapwright.locator.query import parse


def _orders() -> UiTree:
    header = ("table:Orders", "row:Number Status Total")
    els = [el("h1", "columnheader", "Number", (0, 0, 100, 20), context=header),
           el("h2", "columnheader", "Status", (100, 0, 100, 20), context=header),
           el("h3", "columnheader", "Total", (200, 0, 100, 20), context=header)]  # fmt: skip
    for k, (number, status) in enumerate([("ORD-1", "Paid"), ("ORD-2", "Shipped"), ("ORD-3", "Paid")]):
        row = ("table:Orders", f"row:{number} {status} 10")
        y = 20 + 20 * k
        els += [el(f"n{k}", "link", number, (0, y, 100, 20), context=row),
                el(f"s{k}", "cell", status, (100, y, 100, 20), context=row),
                el(f"t{k}", "cell", "10", (200, y, 100, 20), context=row)]  # fmt: skip
    return tree(*els)


@pytest.mark.parametrize(
    "description",
    ['Status cell in the "ORD-2" row', 'the Status in the "ORD-2" row', 'status in the row for order "ORD-2"',
     'Status for "ORD-2"', 'the Status of the "ORD-2" row'],
)  # fmt: skip
def test_a_cell_is_found_by_its_column_heading_and_its_row(description: str) -> None:
    got = locate(_orders(), description)
    assert got.element.ref == "s1"
    assert "under the column heading 'Status'" in got.reasons


def test_a_cell_under_a_heading_whose_words_are_narrower_than_the_column() -> None:
    # A heading's words (a span beside a sort arrow) take a fifth of the column; the row's cell, a column wide, has
    # its middle far right of them but spans them.
    header = ("table", "row:Name Type")
    els = [el("h1", "text", "Name", (10, 0, 40, 20), context=header),
           el("h2", "text", "Type", (210, 0, 30, 20), context=header)]  # fmt: skip
    for k, (name, kind) in enumerate([("Alpha", "Seq2seq"), ("Beta", "Classification")]):
        row = ("table", f"row:{name} {kind}")
        els += [el(f"n{k}", "link", name, (10, 30 + 30 * k, 60, 20), context=row),
                el(f"t{k}", "cell", kind, (200, 30 + 30 * k, 190, 20), context=row)]  # fmt: skip
    got = locate(tree(*els), 'the type in the "Beta" row')
    assert got.element.ref == "t1"
    assert "under the column heading 'Type'" in got.reasons


def test_the_column_heading_itself_is_never_the_cell() -> None:
    # No row ORD-9: refused, and the heading (outside every row) is not taken for the cell.
    with pytest.raises(ToolFailure) as info:
        locate(_orders(), 'Total in the row for "ORD-9"')
    assert info.value.code is ErrorCode.ELEMENT_NOT_FOUND


def test_two_rows_named_alike_make_the_cell_ambiguous() -> None:
    with pytest.raises(ToolFailure) as info:
        locate(_orders(), 'Status in the row for "10"')
    assert info.value.code is ErrorCode.AMBIGUOUS


def test_a_caption_in_a_card_is_not_a_column_of_the_table_around_it() -> None:
    # A details card drawn inside the box that also holds a table with a column of the same name: "status in the
    # "ORD-2 details" card" is the card's caption, not every cell of the table's Status column (the box holding
    # the column's heading is the table's own, never one of its rows).
    box = ("article:Orders Number Status Total",)
    # (headings drawn as sort buttons in the table's top row, as data grids draw them)
    base = [
        el(e.ref, "button" if e.role == "columnheader" else e.role, e.name,
           (e.rect.x, e.rect.y, e.rect.width, e.rect.height), context=box + e.context)
        for e in _orders().elements
    ]  # fmt: skip
    # The card's title is drawn outside the box of its values, right in the outer box.
    card = (*box, "list", "article:Status Shipped")
    got = locate(tree(*base, el("c0", "text", "ORD-2 details", (400, 100, 100, 20), context=(*box, "list")),
                      el("c1", "text", "Status", (400, 120, 100, 20), context=card),
                      el("c2", "text", "Shipped", (400, 140, 100, 20), context=card)),
                 'status in the "ORD-2 details" card')
    assert got.element.ref == "c1"


def test_a_word_that_is_no_column_heading_is_looked_up_as_before() -> None:
    assert locate(_orders(), 'the "ORD-2" link').element.ref == "n1"


def _top_bar_and_dialog() -> UiTree:
    return tree(
        el("b1", "button", "Login", (900, 10, 80, 30), context=("banner:",)),
        el("b2", "button", "Login", (400, 400, 80, 30), context=("main:",)),
        el("d1", "button", "Close", (600, 200, 30, 30), context=("dialog:Sign in",)),
        el("d2", "button", "Login", (500, 300, 80, 30), context=("dialog:Sign in",)),
        el("t1", "link", "Terms of Service", (0, 700, 120, 20), context=("contentinfo:",)),
    )


@pytest.mark.parametrize(("description", "ref"), [('"Login" button in the top bar', "b1"),
                                                  ('"Login" button in the app bar', "b1"),
                                                  ('"Login" button of the dialog', "d2"),
                                                  ("Terms of Service", "t1")])  # fmt: skip
def test_regions_and_containers_by_their_names(description: str, ref: str) -> None:
    assert locate(_top_bar_and_dialog(), description).element.ref == ref


def test_of_is_a_container_only_before_a_containers_kind() -> None:
    assert parse("the name of the product").relation is None
    assert parse("Terms of Service").relation is None
    rel = parse("Save button of the dialog").relation
    assert rel is not None and rel.container is not None and rel.container.kinds == frozenset({"dialog", "alertdialog"})


def test_at_the_right_of_is_a_position() -> None:
    rel = parse('the "+" button at the right of the tabs').relation
    assert rel is not None and (rel.kind, rel.anchor) == ("right", "the tabs")


def _form(*buttons: str) -> UiTree:
    return tree(el("u", "textbox", "Username", (0, 0, 200, 30)), el("p", "textbox", "Password", (0, 40, 200, 30)),
                *(el(f"b{k}", "button", name, (0, 80 + 40 * k, 100, 30)) for k, name in enumerate(buttons)))  # fmt: skip


@pytest.mark.parametrize("button", ["Log in", "Sign in", "Login", "Log on"])
def test_signing_in_presses_whichever_sign_in_button_the_page_shows(button: str) -> None:
    assert locate(_form(button, "Sign up"), "Sign in").element.name == button


def test_the_name_written_wins_two_other_names_are_ambiguous_and_sign_up_is_never_one() -> None:
    assert locate(_form("Log in", "Sign in"), "Sign in").element.name == "Sign in"
    assert locate(_form("Log in", "Sign in"), "Log in").element.name == "Log in"
    with pytest.raises(ToolFailure) as info:
        locate(_form("Log in", "Log on"), "Sign in")
    assert info.value.code is ErrorCode.AMBIGUOUS
    with pytest.raises(ToolFailure):
        locate(_form("Sign up"), "Sign in")


def _sortable_products() -> UiTree:
    """Headings drawn as sort links in the table's top row; each row titled by a link its own name leaves out."""
    top = ("form:list", "table:result list", "row:Name SKU Stock")
    els = [el("hn", "link", "Name", (0, 0, 100, 20), context=top), el("hs", "link", "SKU", (100, 0, 100, 20), context=top),
           el("hk", "link", "Stock", (200, 0, 100, 20), context=top)]  # fmt: skip
    for k, (name, sku) in enumerate([("Chef knife", "S-7"), ("Desk lamp", "S-1")]):
        row = ("form:list", "table:result list", f"row:{sku}")
        y = 30 + 30 * k
        els += [el(f"n{k}", "link", name, (0, y, 100, 20), context=row),
                el(f"s{k}", "cell", sku, (100, y, 100, 20), context=row),
                el(f"k{k}", "spinbutton", "", (210, y, 80, 20), context=row)]  # fmt: skip
    return tree(*els)


def test_a_heading_row_of_sort_links_names_the_columns_and_a_title_link_names_the_row() -> None:
    got = locate(_sortable_products(), 'Stock box in the "Chef knife" row')
    assert got.element.ref == "k0"
    assert locate(_sortable_products(), 'SKU in the row for "Desk lamp"').element.ref == "s1"


def test_a_link_below_the_top_row_is_no_heading() -> None:
    # "Desk lamp" is a link in a body row, not a heading: no cell under it is offered for the Chef knife row.
    from tapwright.locator.cells import column_cell
    from tapwright.locator.index import index_for

    t = _sortable_products()
    index = index_for(t)
    assert column_cell(index, parse('Desk lamp in the "Chef knife" row', index.known_pair)) is None
    assert column_cell(index, parse('Stock in the "Chef knife" row', index.known_pair)) is not None


def test_a_sign_in_name_must_be_the_controls_whole_name() -> None:
    # Only "Sign in with Google" on the page: "Log in" does not press it (before this, nothing matched either).
    with pytest.raises(ToolFailure) as info:
        locate(_form("Sign in with Google"), "Log in")
    assert info.value.code is ErrorCode.ELEMENT_NOT_FOUND


def _tabs_page() -> UiTree:
    strip = ("tablist:",)
    return tree(
        el("t1", "tab", "Readme", (30, 80, 200, 40), context=strip),
        el("t2", "tab", "Versions", (230, 80, 200, 40), context=strip),
        el("body", "text", "A small kit", (60, 200, 300, 20)),
        el("side", "text", "Latest v1.1", (700, 150, 200, 20)),
        el("side2", "text", "A small kit", (700, 180, 200, 20)),
    )


def test_in_a_tab_means_under_its_strip_when_no_panel_is_reported() -> None:
    assert locate(_tabs_page(), '"A small kit" in the Readme tab').element.ref == "body"


def test_a_text_beside_the_tab_strip_is_not_in_the_tab() -> None:
    with pytest.raises(ToolFailure) as info:
        locate(_tabs_page(), '"Latest v1.1" in the Readme tab')
    assert info.value.code is ErrorCode.ELEMENT_NOT_FOUND


def _bar_icons() -> UiTree:
    bar = ("banner:",)
    return tree(el("s", "button", "", (900, 10, 40, 40), context=bar), el("a", "button", "", (1000, 10, 40, 40), context=bar),
                el("p", "button", "Profile", (1100, 500, 80, 30)))  # fmt: skip


def test_at_the_right_of_a_region_is_in_it_and_breaks_a_tie_towards_that_end() -> None:
    assert locate(_bar_icons(), "the icon at the right of the top bar").element.ref == "a"
    assert locate(_bar_icons(), "the icon at the left of the top bar").element.ref == "s"
    rel = parse("the icon at the right of the top bar").relation
    assert rel is not None and rel.kind == "in"


def test_the_end_of_a_region_never_beats_a_better_match() -> None:
    bar = ("banner:",)
    t = tree(el("h", "button", "Help", (900, 10, 40, 40), context=bar), el("x", "button", "", (1000, 10, 40, 40), context=bar))
    assert locate(t, "the Help button at the right of the top bar").element.ref == "h"


def _temperatures() -> UiTree:
    """Headings known by their words' boxes (a menu button beside "Target" makes its words narrower than the
    column); each row has a number field and a Set button under Target, and a field under Offset."""
    header = ("table:Temperatures", "row:Actual | Offset")
    els = [el("ha", "columnheader", "Actual", (120, 0, 50, 20), context=header),
           el("ht", "columnheader", "Target", (320, 0, 50, 20), context=header),
           el("ho", "columnheader", "Offset", (520, 0, 50, 20), context=header)]  # fmt: skip
    for k, tool in enumerate(("Tool", "Bed")):
        row = ("table:Temperatures", f"row:{tool} | 21.3")
        y = 30 + 40 * k
        els += [el(f"n{k}", "cell", tool, (0, y, 100, 40), context=row),
                el(f"a{k}", "cell", "21.3", (100, y, 160, 40), context=row),
                el(f"t{k}", "spinbutton", "off", (265, y, 44, 30), context=row),
                el(f"b{k}", "button", "Set", (380, y, 30, 30), context=row),
                el(f"o{k}", "spinbutton", "0", (470, y, 44, 30), context=row)]  # fmt: skip
    return tree(*els)


def test_a_field_in_a_cell_is_under_the_nearest_heading_of_its_row_of_headings() -> None:
    page = _temperatures()
    assert locate(page, "the Target field of the Tool row").element.ref == "t0"
    assert locate(page, "the Target field in the Bed row").element.ref == "t1"
    assert locate(page, "the Offset field of the Bed row").element.ref == "o1"


def test_a_field_nearer_another_heading_is_not_that_column() -> None:
    # The Offset field is nearer "Offset" than "Actual": no field of the Actual column in the row.
    with pytest.raises(ToolFailure) as err:
        locate(tree(*[e for e in _temperatures().elements if e.ref not in ("t0", "t1")]), "the Actual field of the Tool row")
    assert err.value.code in (ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.AMBIGUOUS)


def test_buttons_of_an_unnamed_column_are_not_a_named_columns_cells() -> None:
    """ "the status in the Ann row" asks for no kind of control: the Edit button of the unnamed column beside Status
    is not under Status, though Status is the nearest named heading."""
    header = ("table:People", "row:Name Status")
    page = tree(el("hn", "columnheader", "Name", (0, 0, 60, 20), context=header),
                el("hs", "columnheader", "Status", (100, 0, 60, 20), context=header),
                el("n", "cell", "Ann", (0, 30, 100, 30), context=("table:People", "row:Ann Inactive")),
                el("s", "cell", "Inactive", (100, 30, 100, 30), context=("table:People", "row:Ann Inactive")),
                el("e", "button", "Edit", (220, 30, 50, 30), context=("table:People", "row:Ann Inactive")))
    assert locate(page, "the status in the Ann row").element.ref == "s"


def _two_panels() -> UiTree:
    return tree(
        el("h1", "heading", "Files", (0, 0, 200, 20), context=("region:Files",)),
        el("s1", "textbox", "Search", (0, 30, 200, 20), context=("region:Files",)),
        el("b1", "button", "Upload", (0, 60, 80, 20), context=("region:Files",)),
        el("h2", "heading", "Users", (300, 0, 200, 20), context=("region:Users",)),
        el("s2", "textbox", "Search", (300, 30, 200, 20), context=("region:Users",)),
    )


@pytest.mark.parametrize(("description", "ref"), [("Files search box", "s1"), ("the Users search field", "s2")])
def test_a_name_before_a_fields_kind_may_name_its_place(description: str, ref: str) -> None:
    """No search box is named "Files": the words before the kind are the place it is in (the Files section)."""
    got = locate(_two_panels(), description)
    assert got.element.ref == ref
    assert any("in the place named" in r for r in got.reasons)


def test_a_buttons_words_are_its_name_never_its_place() -> None:
    with pytest.raises(ToolFailure):
        locate(_two_panels(), "the Files button")  # not the one button in the Files section


def _one_table(*, second: bool = False) -> UiTree:
    els = [el("nav", "button", "Projects", (900, 10, 80, 30), context=("banner:",)),
           el("new", "button", "Create", (0, 60, 80, 30)),
           el("h1", "columnheader", "Name", (0, 100, 200, 20), context=("table", "row:Name"))]  # fmt: skip
    for k, name in enumerate(["Alpha", "Beta", "Gamma"]):
        els.append(el(f"r{k}", "cell", name, (0, 120 + 20 * k, 200, 20), context=("table", f"row:{name}")))
    els.append(el("count", "text", "1-3 of 3", (0, 182, 120, 16)))
    if second:
        els.append(el("x", "cell", "Other", (0, 400, 200, 20), context=("table:Audit", "row:Other")))
    return tree(*els)


def test_a_collection_named_by_what_it_holds_is_the_pages_one_table() -> None:
    """"the projects table" where no table is named so: the page's one table, never the thing named "Projects"
    (a menu button above it); its count line under it is in it."""
    assert locate(_one_table(), '"Create" above the projects table').element.ref == "new"
    with pytest.raises(ToolFailure):
        locate(_one_table(), '"Create" below the projects table')  # below the Projects button, not the table
    assert locate(_one_table(), '"1-3 of 3" in the projects table').element.ref == "count"



def test_a_row_not_named_is_a_data_row_never_the_row_of_headings() -> None:
    """"the checkbox of that row" on a table of one data row: its box, not the select-all box of the headings."""
    head = ("table", "row:ID | Text")
    body = ("table", "row:44 | Please delete my account")
    t = tree(el("all", "checkbox", "Select all", (0, 0, 20, 20), context=head),
             el("h1", "columnheader", "ID", (30, 0, 50, 20), context=head),
             el("box", "checkbox", "", (0, 30, 20, 20), context=body),
             el("c1", "cell", "44", (30, 30, 50, 20), context=body))  # fmt: skip
    for description in ("checkbox of that row", "the checkbox in the row"):
        got = locate(t, description)
        assert got.element.ref == "box", description


def _found_or_refused(page: UiTree, description: str, ref: str | None) -> None:
    """The description finds ``ref`` on the page, or (``ref`` None) is refused."""
    if ref is None:
        with pytest.raises(ToolFailure):
            locate(page, description)
        return
    assert locate(page, description).element.ref == ref


def _filtered_grid() -> UiTree:
    """A table whose headings are plain text (no column header role) and whose second head row holds a filter box
    per column, above two data rows."""
    head, filters = ("table", "row:ID | Item"), ("table", "row:")
    els = [el("hi", "text", "ID", (0, 0, 50, 20), context=head), el("ht", "text", "Item", (60, 0, 100, 20), context=head),
           el("fi", "textbox", "", (0, 25, 50, 20), context=filters),
           el("ft", "textbox", "", (60, 25, 100, 20), context=filters)]  # fmt: skip
    for k, item in enumerate(["Lamp", "Desk"], 1):
        row = ("table", f"row:{k} | {item}")
        els += [el(f"i{k}", "cell", str(k), (0, 30 + 30 * k, 50, 20), context=row),
                el(f"t{k}", "cell", item, (60, 30 + 30 * k, 100, 20), context=row)]  # fmt: skip
    return tree(*els)


@pytest.mark.parametrize(("description", "ref"), [
    ('"Lamp" in the first row', "t1"), ("the item in the first row", "t1"), ('"1" in the first row', "i1"),
    ('"Desk" in the second row', "t2"), ("the textbox in the last row", None),
])  # fmt: skip
def test_head_rows_of_plain_text_and_filter_boxes_are_no_data_rows(description: str, ref: str | None) -> None:
    """"the first row" of a table is its first data row: rows without a cell above the first row with one (its
    headings drawn as plain text, a row of filter boxes) are its head, never counted."""
    _found_or_refused(_filtered_grid(), description, ref)


def test_a_heading_with_a_unit_and_rows_the_grid_keeps_unshown() -> None:
    """"the fee in the A-2 row" under a sortable heading "Fee (€)" (a button: its unit is no part of what people call
    it), in a grid that also keeps rows unshown, with no size, at the page's top (they are not its top row)."""
    grid = ("grid:",)
    els = [el("h1", "button", "ID", (0, 300, 100, 40), context=(*grid, "row:ID Fee")),
           el("h2", "button", "Fee (€)", (200, 300, 90, 40), context=(*grid, "row:ID Fee"))]  # fmt: skip
    for k in range(3):
        row = (*grid, f"row:X-{k} 1{k}")
        els += [el(f"z{k}", "gridcell", f"X-{k}", (0, 0, 0, 0), context=row, visible=False)]
    for k, fee in enumerate(["45", "160"], 1):
        row = (*grid, f"row:A-{k} {fee}")
        els += [el(f"i{k}", "gridcell", f"A-{k}", (0, 300 + 50 * k, 100, 40), context=row),
                el(f"f{k}", "gridcell", fee, (200, 300 + 50 * k, 90, 40), context=row)]  # fmt: skip
    got = locate(tree(*els), 'the fee in the "A-2" row')
    assert got.element.ref == "f2"


def _operations() -> UiTree:
    return tree(el("get", "button", "GET /pets List pets", (0, 0, 400, 30)),
                el("post", "button", "POST /pets Add a pet", (0, 40, 400, 30)),
                el("one", "button", "GET /pets/{id} Find a pet", (0, 80, 400, 30)))  # fmt: skip


@pytest.mark.parametrize(("description", "ref"), [
    ('"List pets" operation (GET /pets)', "get"), ('the "Add a pet" operation (POST /pets)', "post"),
    ('"GET /pets/{id}" (Find a pet)', "one"), ('"List pets" (POST /pets)', None),
])  # fmt: skip
def test_a_quoted_name_and_the_words_in_brackets_after_it_make_a_whole_name(description: str, ref: str | None) -> None:
    """Words in brackets after a quoted name may be the rest of the element's name; when they are not, the quoted
    name alone is still not the whole name (refused, never a near miss taken)."""
    _found_or_refused(_operations(), description, ref)


def _dialog_with_a_list_drawn_outside() -> UiTree:
    """A dialog whose user field opened a list that the page draws at the end of the body (outside the dialog's
    markup), over the dialog; another list far from it, in no dialog."""
    dialog = ("dialog:Add Member",)
    return tree(el("field", "combobox", "User", (400, 200, 300, 30), context=dialog),
                el("ok", "button", "Save", (400, 400, 80, 30), context=dialog),
                el("tom", "option", "tom", (400, 232, 300, 30), context=("listbox",)),
                el("tim", "option", "tim", (400, 262, 300, 30), context=("listbox",)),
                el("far", "option", "tomas", (0, 900, 200, 30), context=("listbox:Other",)))  # fmt: skip


def test_a_list_drawn_over_a_dialog_is_the_dialogs() -> None:
    assert locate(_dialog_with_a_list_drawn_outside(), '"tom" option in the Add Member dialog').element.ref == "tom"
    with pytest.raises(ToolFailure):
        locate(_dialog_with_a_list_drawn_outside(), '"tomas" option in the Add Member dialog')  # far away: not it


def _settings_dialog() -> UiTree:
    """A settings dialog with a menu the page names only by its id ("settings_dialog_menu"), and the content of
    a hidden tab (no size, at the page's corner): an unnamed field and the tab's heading."""
    menu = ("dialog:Settings", "block:settings dialog menu", "list", "listitem:Profiles")
    return tree(el("top", "text", "Settings", (0, 0, 200, 20)),
                el("link", "link", "Profiles", (10, 100, 150, 26), context=menu),
                el("other", "link", "Profiles", (900, 100, 150, 26), context=("navigation:Main",)),
                el("hidden_head", "heading", "Profiles", (0, 0, 0, 0), context=("dialog:Settings",), visible=False),
                el("hidden_field", "spinbutton", "", (0, 0, 0, 0), context=("dialog:Settings",), visible=False))  # fmt: skip


def test_a_block_named_by_a_kind_word_is_that_kind_and_undrawn_things_are_beside_nothing() -> None:
    """"in the settings menu on the left": the block whose id ends in "menu" is a menu named "settings"; an
    unnamed field with no size is not labelled by a text with no size at the same corner, nor on its line."""
    assert locate(_settings_dialog(), '"Profiles" in the settings menu on the left').element.ref == "link"
    assert locate(_settings_dialog(), '"Profiles" in the settings menu').element.ref == "link"
    with pytest.raises(ToolFailure):
        locate(_settings_dialog(), "Profiles spinbutton")  # the hidden field is named by no hidden heading


def test_a_list_named_by_what_it_holds_is_the_pages_one_table_beside_menus_drawn_as_lists() -> None:
    """"in the projects list" on a page whose menu is drawn as a list: the one table of records is the list."""
    t = tree(el("nav1", "link", "Projects", (0, 0, 100, 20), context=("list", "listitem:Projects")),
             el("nav2", "link", "Users", (0, 30, 100, 20), context=("list", "listitem:Users")),
             el("p1", "link", "Alpha", (200, 50, 100, 20), context=("table", "row:Alpha | 2")),
             el("p2", "link", "Beta", (200, 80, 100, 20), context=("table", "row:Beta | 3")),
             el("count", "text", "1-2 of 2", (200, 110, 60, 20)))  # fmt: skip
    assert locate(t, '"Beta" in the projects list').element.ref == "p2"
    assert locate(t, '"1-2 of 2" in the projects list').element.ref == "count"
    with pytest.raises(ToolFailure):
        locate(t, '"Users" in the projects list')  # a menu entry is not in the table of records


def _articles() -> UiTree:
    head = ("table", "row:Title | Status | Published On")
    els = [el("h1", "columnheader", "Title", (0, 0, 200, 20), context=head),
           el("h2", "columnheader", "Status", (200, 0, 100, 20), context=head),
           el("h3", "columnheader", "Published On", (300, 0, 150, 20), context=head)]  # fmt: skip
    for k, (title, status, date) in enumerate([("Glaciers", "In review", "August 19th, 2025"),
                                               ("Tides", "Draft", "2025-04-15 10:30")], 1):  # fmt: skip
        row = ("table", f"row:{title} | {status} | {date}")
        els += [el(f"t{k}", "cell", title, (0, 30 * k, 200, 20), context=row),
                el(f"s{k}", "cell", status, (200, 30 * k, 100, 20), context=row),
                el(f"d{k}", "cell", date, (300, 30 * k, 150, 20), context=row)]  # fmt: skip
    return tree(*els)


@pytest.mark.parametrize(("description", "ref"), [
    ('the date in the row for "Glaciers"', "d1"), ('the date in the "Tides" row', "d2"),
    ('the status in the row for "Tides"', "s2"), ('the email in the row for "Tides"', None),
])  # fmt: skip
def test_a_cell_named_by_the_shape_of_its_value_where_no_column_is_headed_so(description: str, ref: str | None) -> None:
    """"the date" of a row whose date column is headed "Published On": the row's cell that reads as a date."""
    _found_or_refused(_articles(), description, ref)


def test_a_section_is_known_by_the_heading_that_heads_it() -> None:
    """"an "Install" section in the README": a README drawn as headings and paragraphs has no region per section;
    the heading "Install" is the section. A text holding the word is not."""
    t = tree(el("h1", "heading", "left-pad-plus", (0, 50, 300, 30), context=("article:README",)),
             el("h2", "heading", "Install", (0, 100, 300, 30), context=("article:README",)),
             el("p", "text", "npm install left-pad-plus", (0, 140, 300, 20), context=("article:README",)))  # fmt: skip
    assert locate(t, '"Install" section in the README').element.ref == "h2"
    with pytest.raises(ToolFailure):
        locate(t, '"Usage" section in the README')


def test_a_caption_with_a_word_for_the_form_of_its_value() -> None:
    # "the due date in the row for "Beta"" under a column headed "Due": that column's cell, which reads as a date.
    head = ("table", "row:Title Due")
    els = [el("h1", "columnheader", "Title", (0, 0, 100, 20), context=head),
           el("h2", "columnheader", "Due", (100, 0, 100, 20), context=head)]  # fmt: skip
    for k, (title, due) in enumerate([("Alpha", "2025-06-12"), ("Beta", "2025-06-14")]):
        row = ("table", f"row:{title} {due}")
        els += [el(f"t{k}", "cell", title, (0, 20 + 20 * k, 100, 20), context=row),
                el(f"d{k}", "cell", due, (100, 20 + 20 * k, 100, 20), context=row)]  # fmt: skip
    assert locate(tree(*els), 'the due date in the row for "Beta"').element.ref == "d1"
    assert locate(tree(*els), "due date in the second row").element.ref == "d1"
    with pytest.raises(ToolFailure):
        locate(tree(*els), "due time in the second row")  # the cell reads as a date, not a time


def _tasks() -> UiTree:
    head = ("table", "row:Title | Status")
    els = [el("h1", "columnheader", "Title", (0, 0, 200, 20), context=head),
           el("h2", "columnheader", "Status", (200, 0, 100, 20), context=head)]  # fmt: skip
    for k, (title, status) in enumerate([("Migrate database", "Done"), ("Write docs", "Open")]):
        row = ("table", f"row:{title} | {status}")
        els += [el(f"t{k}", "cell", title, (0, 30 + 30 * k, 200, 20), context=row),
                el(f"s{k}", "cell", status, (200, 30 + 30 * k, 100, 20), context=row)]  # fmt: skip
    return tree(*els)


@pytest.mark.parametrize(("description", "ref"), [
    ('status in the row for "Migrate database"', "s0"),
    ('the Status of the "Write docs" row', "s1"),
    ('status in the row for "Migrate databse"', None),  # a quoted row name is a literal: no near spelling
    ('status in the "Write doc" row', None),
])  # fmt: skip
def test_a_cell_of_a_row_named_in_quotes_takes_only_that_row(description: str, ref: str | None) -> None:
    _found_or_refused(_tasks(), description, ref)
