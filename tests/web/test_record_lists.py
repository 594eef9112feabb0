"""Records said together, checked on real tables in Chromium (tests/web/pages/widgets/rotation.html, bookings.html):
a value's column named after it ('"Ines" as Primary'), a table named by the step, several records with a count."""

from __future__ import annotations

import pytest

from tapwright.planners.rules import compile_step
from tapwright.tools.web_record import read_row, tokens

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


@pytest.mark.parametrize(("claim", "whole"), [
    ('week 3 with "Ines" as Primary and "Oskar" as Backup', True),
    ('week 3 with "Oskar" as Backup and "Ines" as Primary', True),
    ('week 3 with "Oskar" as Primary', False),  # Oskar is the Backup of week 3, not its Primary
    ('week 3 with "Ines" as Owner', False),  # a word after "as" that heads no column of the value
    ('week 3 with "Ines" as', True),  # a joining word left at the end says nothing
])  # fmt: skip
async def test_a_column_said_after_its_value_is_placed(claim: str, whole: bool) -> None:
    toks = tokens(claim)
    far, _ = read_row(toks, ["3", "Ines", "Oskar"], ["Week", "Primary", "Backup"], frozenset(), words=True)
    assert (far == len(toks)) is whole, (claim, far, len(toks))


async def _plan(call, step: str) -> list[object]:
    out = []
    for s in compile_step(step).steps:
        out.append(await call(s.tool, **s.args))
    return out


async def test_a_named_table_and_columns_after_values(call) -> None:
    assert (await call("web.navigate", url="/widgets/rotation.html")).ok
    right = await _plan(
        call, 'Then the On-call rotation table should show week 3 with "Ines" as Primary and "Oskar" as Backup'
    )
    assert all(r.ok for r in right), [r.status_line() for r in right]
    assert right[0].data["table"] == "On-call rotation" and right[0].data["row"] == 3
    # The other table shows week 3 with Oskar and Ines the other way round: its row is not read.
    swapped = await _plan(
        call, 'Then the On-call rotation table should show week 3 with "Oskar" as Primary and "Ines" as Backup'
    )
    assert not swapped[0].ok and swapped[0].error.code.value == "ASSERTION_FAILED", swapped[0].status_line()
    cover = await _plan(
        call, 'Then the Cover weeks table should show week 3 with "Oskar" as Primary and "Ines" as Backup'
    )
    assert cover[0].ok, cover[0].status_line()
    missing = await _plan(
        call, 'Then the Holiday table should show week 3 with "Ines" as Primary and "Oskar" as Backup'
    )
    assert not missing[0].ok and missing[0].error.code.value == "ELEMENT_NOT_FOUND", missing[0].status_line()
    assert "named 'Holiday'" in missing[0].error.message


async def test_a_row_with_fields_said_before_values(call) -> None:
    assert (await call("web.navigate", url="/widgets/bookings.html")).ok
    ok = await _plan(call, 'Then the table should show a row with title "Interview", room "Oak" and date "2031-01-03"')
    assert [r.ok for r in ok] == [True], [r.status_line() for r in ok]
    wrong = await _plan(
        call, 'Then the table should show a row with title "Interview", room "Elm" and date "2031-01-03"'
    )
    assert not wrong[0].ok and wrong[0].error.code.value == "ASSERTION_FAILED", wrong[0].status_line()


async def test_several_records_with_a_count(call) -> None:
    assert (await call("web.navigate", url="/widgets/bookings.html")).ok
    step = (
        'Then 2 bookings should be listed: "Planning" in "Oak" on "2031-01-02" and "Planning" in "Elm" on "2031-01-09"'
    )
    before = await _plan(call, step)
    assert not before[0].ok, before[0].status_line()  # three rows are listed, "Interview" among them
    assert (await call("web.click", target="Only planning")).ok
    after = await _plan(call, step)
    assert all(r.ok for r in after) and len(after) == 3, [r.status_line() for r in after]
    # Each record is a row of its own values: "Elm" on the first date is no row.
    crossed = await _plan(
        call,
        'Then 2 bookings should be listed: "Planning" in "Oak" on "2031-01-09" and "Planning" in "Elm" on "2031-01-02"',
    )
    assert crossed[0].ok and not crossed[1].ok and not crossed[2].ok
    only = await _plan(
        call, 'Then only "Planning" with 6 attendees and "Planning" in "Elm" with 4 attendees should remain'
    )
    assert all(r.ok for r in only), [r.status_line() for r in only]
    wrong = await _plan(
        call, 'Then only "Planning" with 6 attendees and "Planning" in "Elm" with 5 attendees should remain'
    )
    assert not wrong[2].ok and wrong[2].error.code.value == "ASSERTION_FAILED"


async def test_a_number_is_read_in_the_column_its_word_names() -> None:
    # The id and the attendees are both 12: "12 attendees" is the Attendees cell (the id's column is "#").
    toks = tokens("with 12 attendees")
    far, cells = read_row(toks, ["12", "Interview", "12"], ["#", "Title", "Attendees"], frozenset(), words=True)
    assert far == len(toks), cells
    toks = tokens("with 12 guests")
    far, _ = read_row(toks, ["12", "Interview", "12"], ["#", "Title", "Attendees"], frozenset(), words=True)
    assert far < len(toks)
