"""web.verify_record: one record shows every value a step lists, unquoted values and field words included
(tests/web/pages/widgets/records.html, in real Chromium). Every word must be placed: a value the row does not
show, or a word that is neither a joining word, a word of its column's heading nor shown by the row, fails."""

from __future__ import annotations

import pytest

from tapwright.tools.web_record import read_row, tokens

pytestmark = [pytest.mark.asyncio(loop_scope="session")]

_HEADINGS = ["Date", "Time", "Pet", "Species", "Owner", "Reason", "Status", "Fee (€)"]
_ROW = ["2026-12-18", "10:00", "Luna", "Cat", "Marcus Chen", "Vaccination", "Scheduled", "€50.00"]


@pytest.mark.parametrize(("claim", "whole"), [
    ("2026-12-18, 10:00, Luna, Cat, Marcus Chen, Vaccination, Scheduled and a fee of 50", True),
    ("Luna owned by Marcus Chen, status Scheduled", True),
    ('pet "Luna" with the status "Scheduled"', True),
    ("Luna and a fee of 55", False),  # another number
    ("Luna, Dog", False),  # a value the row does not show
    ("not Luna", False),  # a word that is no joining word, heading or shown word
    ("Luna seen by Marcus Chen", False),
    ('"Lun"', False),  # a quoted value is a whole cell (or whole words of one)
    ("Luna and 50 euros", False),  # a word after a number that is not its column's heading
    ("Cat and a fee of 50 fee", True),  # one after a number that is
])  # fmt: skip
async def test_every_word_of_a_claim_is_placed_or_it_fails(claim: str, whole: bool) -> None:
    toks = tokens(claim)
    far, _ = read_row(toks, _ROW, _HEADINGS, frozenset({"appointment"}), words=True)
    assert (far == len(toks)) is whole, (claim, far, len(toks))


@pytest.mark.parametrize(("claim", "whole"), [
    ('"Set up alerts" with due date "2025-06-12"', True),  # "date": the value reads as one
    ('"Set up alerts" at due time "09:30"', True),
    ('"Set up alerts" with due time "2025-06-12"', False),  # a date is no time
    ('"Set up alerts" with due email "2025-06-12"', False),
])  # fmt: skip
async def test_a_word_for_the_form_of_a_value_is_placed_when_the_value_has_it(claim: str, whole: bool) -> None:
    toks = tokens(claim)
    far, _ = read_row(toks, ["Set up alerts", "2025-06-12", "09:30"], ["Title", "Due", "Due at"], frozenset(), words=True)
    assert (far == len(toks)) is whole, (claim, far, len(toks))


async def _open(call) -> None:
    assert (await call("web.navigate", url="/widgets/records.html")).ok


async def test_a_row_named_by_a_key_shows_the_claim(call) -> None:
    await _open(call)
    ok = await call("web.verify_record", claim="on 2026-12-18 at 10:00 for Marcus Chen, fee 50", key="Luna")
    assert ok.ok and ok.data["row"] == 1 and "€50.00" in ok.data["cells"], ok.status_line()
    wrong = await call("web.verify_record", claim="for Marcus Chen, status Completed", key="Luna")
    assert not wrong.ok and wrong.error.code.value == "ASSERTION_FAILED"
    assert "does not show 'status Completed'" in wrong.error.message, wrong.error.message


async def test_only_counts_the_rows_meant(call) -> None:
    await _open(call)
    # Two rows show Liam Novak: "only one" of them does not hold, though one row shows all of the claim.
    two = await call("web.verify_record", claim="Rocky, Dog", key="Liam Novak", only=True)
    assert not two.ok and "2 rows show 'Liam Novak'" in two.error.message, two.error.message
    # An unquoted key is whole words of a cell ("retro" in "Sprint retro check"): one row.
    assert (await call("web.verify_record", claim="Rocky and Liam Novak", key="retro", only=True)).ok
    three = await call("web.verify_record", claim="Luna, Cat", only=True)
    assert not three.ok and "3 data rows" in three.error.message
    assert (await call("web.click", target="Keep first")).ok
    one = await call("web.verify_record", claim="2026-12-18, 10:00, Luna, Cat, Marcus Chen and a fee of 50", only=True,
                     kinds=["appointment"])
    assert one.ok and one.data["rows"] == 1, one.status_line()


async def test_a_row_by_its_place(call) -> None:
    await _open(call)
    assert (await call("web.verify_record", claim="2026-12-20, Milo and a fee of 80", at=-1)).ok
    first = await call("web.verify_record", claim="Milo, Dog", at=1)
    assert not first.ok and "row 1 of" in first.error.message, first.error.message
    assert not (await call("web.verify_record", claim="Luna", at=0)).ok  # rows count from 1, or from -1
    # quoted values joined by words that say how, and the record's kind said first
    said = await call("web.verify_record", claim='appointment "Rocky" on "2026-12-19" with "Liam Novak"', at=2,
                      kinds=["appointment"])
    assert said.ok, said.status_line()
    wrong = await call("web.verify_record", claim='"Rocky" on "2026-12-19" with "Marcus Chen"', at=2)
    assert not wrong.ok and "Marcus Chen" in wrong.error.message


@pytest.mark.parametrize(("cell", "value", "held"), [
    ('{ "ticket": "T-1041", "channel": "email" }', "T-1041", True),  # quoted, then a comma
    ("T-10412", "T-1041", False),
    ("-1041", "T-1041", False),  # an id with a letter and a hyphen is no negative number
    ("€50.00", "50", True),
])  # fmt: skip
async def test_a_value_shown_inside_a_longer_cell(cell: str, value: str, held: bool) -> None:
    from tapwright.tools.web_record import cell_holds
    from tapwright.tools.web_rows import _norm

    assert cell_holds(cell, _norm(value), words=True) is held
