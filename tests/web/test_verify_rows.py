"""web.verify_rows: every data row's cell under a column, against the values said; and a text check whose
target is named only by a developer id."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def _open(call) -> None:
    assert (await call("web.navigate", url="/widgets/rows.html")).ok


async def test_every_row_holds_one_of_the_values_after_the_page_changes(call) -> None:
    await _open(call)
    wrong = await call("web.verify_rows", column="department", values=["Finance"])
    assert not wrong.ok and wrong.error.code.value == "ASSERTION_FAILED"
    assert "1 of 4 rows" in wrong.error.message and "row 4: 'Sales'" in wrong.error.message
    assert (await call("web.click", target="Only Finance")).ok
    result = await call("web.verify_rows", column="Department", values=["Finance"])
    assert result.ok, result.status_line()
    assert result.data["rows"] == 3  # the row of filter boxes is no data row


async def test_no_row_holds_the_values(call) -> None:
    await _open(call)
    assert (await call("web.verify_rows", column="status", values=["Rejected", "Submitted"], none=True)).ok
    held = await call("web.verify_rows", column="status", values=["Draft", "Rejected"], none=True)
    assert not held.ok and "row 4: 'Draft'" in held.error.message
    either = await call("web.verify_rows", column="status", values=["Paid", "Approved", "Draft"])
    assert either.ok, either.status_line()


async def test_each_value_must_also_be_some_rows_cell(call) -> None:
    """ "only Paid and Draft should appear": every row is one of them, and with ``each`` both are there."""
    await _open(call)
    assert (await call("web.verify_rows", column="status", values=["Paid", "Approved", "Draft"], each=True)).ok
    absent = await call("web.verify_rows", column="status", values=["Paid", "Approved", "Draft", "Rejected"], each=True)
    assert not absent.ok and absent.error.code.value == "ASSERTION_FAILED"
    assert "no row of" in absent.error.message and "'Rejected'" in absent.error.message
    # Without ``each`` the same values pass: every row's status is one of them.
    assert (await call("web.verify_rows", column="status", values=["Paid", "Approved", "Draft", "Rejected"])).ok


async def test_with_no_column_each_row_has_one_of_the_values_as_a_cell(call) -> None:
    """ "only 1, 2, 3 and 4 should be listed": no column is named, so any of a row's cells counts, in the page's
    one table with data rows (the empty one has none); a row that has none of them, or a value no row has, fails."""
    await _open(call)
    assert (await call("web.verify_rows", values=["1", "2", "3", "4"], each=True)).ok
    extra = await call("web.verify_rows", values=["1", "2", "3"], each=True)
    assert not extra.ok and extra.error.code.value == "ASSERTION_FAILED"
    assert "have no cell that is" in extra.error.message and "row 4" in extra.error.message
    absent = await call("web.verify_rows", values=["1", "2", "3", "4", "5"], each=True)
    assert not absent.ok and "'5' as a cell" in absent.error.message


async def test_a_count_of_rows_is_held_too(call) -> None:
    """ "the only row should be X": with ``count`` the table also has exactly that many data rows."""
    await _open(call)
    assert (await call("web.click", target="Only Finance")).ok
    result = await call("web.verify_rows", column="department", values=["Finance"], count=3)
    assert result.ok and result.data["count"] == 3, result.status_line()
    two = await call("web.verify_rows", column="department", values=["Finance"], count=2)
    assert not two.ok and two.error.code.value == "ASSERTION_FAILED"
    assert "has 3 data rows, not 2" in two.error.message


async def test_a_missing_column_or_an_empty_table_is_no_pass(call) -> None:
    await _open(call)
    missing = await call("web.verify_rows", column="owner name", values=["x"])
    assert not missing.ok and missing.error.code.value == "ELEMENT_NOT_FOUND"
    assert "department" in missing.error.message  # the columns there are
    empty = await call("web.verify_rows", column="owner", values=["x"])
    assert not empty.ok and "no data rows" in empty.error.message


async def test_a_text_named_only_by_its_id_is_read_by_a_text_check(call) -> None:
    await _open(call)
    result = await call("web.verify_text", text="4 expenses, total 120.00", target='summary above the "Only Finance" button')
    assert result.ok, result.status_line()
    assert result.data["by"].startswith("its developer id")
    wrong = await call("web.verify_text", text="5 expenses", target='summary above the "Only Finance" button')
    assert not wrong.ok and wrong.error.code.value == "ELEMENT_NOT_FOUND"  # still refused: no other evidence
    assert not (await call("web.click", target='summary above the "Only Finance" button')).ok  # nothing to act on


async def test_a_cell_by_its_column_and_the_place_of_its_row(call) -> None:
    """The heading row and the row of filter boxes are not data rows: "the first row" is row 1."""
    await _open(call)
    first = await call("web.verify_text", text="Finance", target="department in the first row", exact=True)
    assert first.ok, first.status_line()
    assert (await call("web.verify_text", text="Draft", target="status in the last row", exact=True)).ok
    wrong = await call("web.verify_text", text="Paid", target="status in the second row", exact=True)
    assert not wrong.ok and "Approved" in wrong.error.message


async def test_a_group_of_radios_holds_the_label_of_the_one_on(call) -> None:
    """Named by a caption (aria-labelledby): the value is read on the group it names."""
    await _open(call)
    assert (await call("web.verify_value", target="Report currency", value="EUR")).ok
    wrong = await call("web.verify_value", target="Report currency", value="USD")
    assert not wrong.ok and wrong.error.code.value == "ASSERTION_FAILED" and "'EUR'" in wrong.error.message


async def test_an_option_of_a_group_of_radios_is_chosen_by_its_label(call) -> None:
    await _open(call)
    result = await call("web.select", target="Report currency", option="USD")
    assert result.ok, result.status_line()
    assert (await call("web.verify_value", target="Report currency", value="USD")).ok
    missing = await call("web.select", target="Report currency", option="JPY")
    assert not missing.ok and missing.error.code.value == "ELEMENT_NOT_FOUND" and "eur, usd" in missing.error.message


async def test_a_summary_nothing_is_named_is_a_text_that_reads_exactly_so(call) -> None:
    """"The summary should read X" on a page where no element is called summary: a whole text reading X."""
    assert (await call("web.navigate", url="/widgets/calendar.html")).ok
    result = await call("web.verify_text", text="Bookings of June 2025 and later.", target="summary")
    assert result.ok, result.status_line()
    assert result.data["by"].startswith("nothing is named")
    part = await call("web.verify_text", text="Bookings of June 2025", target="summary")
    assert not part.ok  # only a text that reads exactly so is the summary
    other = await call("web.verify_text", text="Bookings of June 2025 and later.", target="footer ribbon")
    assert not other.ok  # a name that is no word for a line of text is not read this way


async def test_a_grid_drawn_with_aria_roles_is_a_table(call) -> None:
    """A data grid of divs (role=grid, row, columnheader, gridcell) is read as a table; a grid inside a closed
    dialog (display: none on an ancestor) is not on the page."""
    assert (await call("web.navigate", url="/widgets/aria_grid.html")).ok
    wrong = await call("web.verify_rows", column="owner", values=["Liam Novak"])
    assert not wrong.ok and "1 of 3 rows" in wrong.error.message and "'Mia Schulz'" in wrong.error.message
    assert (await call("web.click", target="Hide Mia")).ok
    both = await call("web.verify_rows", column="Owner", values=["Liam Novak"])
    assert both.ok, both.status_line()
    assert both.data["rows"] == 2 and both.data["table"] == "Appointments"
    only = await call("web.verify_rows", values=["A-1", "A-2"], each=True)
    assert only.ok, only.status_line()


async def test_a_page_with_no_table_lists_its_records_as_a_lists_items(call) -> None:
    """ "only A and B should be listed" on a page whose records are list items: each item shows one of the values as
    whole words ("spice_rack.gcode" is not "spice_rack_peg.gcode"), and each value is shown; the menu's list in the
    navigation is not the records."""
    assert (await call("web.navigate", url="/widgets/file_list.html")).ok
    extra = await call("web.verify_rows", values=["bag_clip.gcode", "spice_rack_peg.gcode"], each=True)
    assert not extra.ok and extra.error.code.value == "ASSERTION_FAILED"
    assert "1 of 3 rows" in extra.error.message and "spice_rack.gcode 41 KB" in extra.error.message
    assert (await call("web.click", target="Remove last")).ok
    only = await call("web.verify_rows", values=["bag_clip.gcode", "spice_rack_peg.gcode"], each=True)
    assert only.ok, only.status_line()
    assert only.data["rows"] == 2
    part = await call("web.verify_rows", values=["bag_clip", "spice_rack_peg.gcode"], each=True)
    assert not part.ok  # "bag_clip" is part of a name, not the name


async def test_the_current_pages_menu_item_names_the_pages_content(session: WebSession, call) -> None:
    """ "the dataset should show X" where "Dataset" is the side menu's item of the page shown (the address ends in
    /dataset): the page's content outside the menu is read, not the item's one word; another item ("Members", not
    the page shown) is still read as itself."""
    assert (await call("web.navigate", url="/widgets/project/dataset.html")).ok
    session.action_timeout(0.5)  # the failing checks below fail once the time is up
    shown = await call("web.verify_text", target="dataset", text="1-10 of 24")
    assert shown.ok, shown.status_line()
    wrong = await call("web.verify_text", target="dataset", text="1-10 of 25")
    assert not wrong.ok and "The skillet arrived" in wrong.error.message
    other = await call("web.verify_text", target='"Members" button', text="1-10 of 24")
    assert not other.ok and "(it reads 'Members')" in other.error.message
    here = await call("web.verify_text", target='"Labels" link', text="1-10 of 24")
    assert not here.ok and "(it reads 'Labels')" in here.error.message  # href="#": a link to no page, not this one
    marked = await call("web.verify_text", target='"Members (tab)" link', text="1-10 of 24")
    assert marked.ok, marked.status_line()  # marked as the current page (aria-current)


async def test_a_cell_drawn_around_a_narrow_link_clicks_the_link(session: WebSession, call) -> None:
    """A click on a name found as a wide cell clicks the link-styled button inside it that shows its words (the
    cell's middle is blank: a click there does nothing, and the step used to pass)."""
    assert (await call("web.navigate", url="/widgets/cell_links.html")).ok
    clicked = await call("web.click", target='the patient name "Kiwi"')
    assert clicked.ok, clicked.status_line()
    assert (await call("web.verify_text", text="Kiwi — details")).ok


async def test_a_count_of_things_a_caption_counts_reads_the_captions_value(session: WebSession, call) -> None:
    """ "the details should show 2 visits" where the card shows the caption "Visits" and the value 2: that caption's
    value; a wrong number still fails."""
    assert (await call("web.navigate", url="/widgets/cell_links.html")).ok
    assert (await call("web.click", target='"Kiwi"')).ok
    two = await call("web.verify_count", target='visit in the "Kiwi — details" card', count=2)
    assert two.ok, two.status_line()
    assert two.data.get("caption") == "Visits 2", two.data
    session.action_timeout(0.5)
    assert not (await call("web.verify_count", target='visit in the "Kiwi — details" card', count=3)).ok
