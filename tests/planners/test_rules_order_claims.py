"""Position claims about quoted texts read into web.verify_order, and claims that a table is sorted read into
web.verify_sorted, offline; the steps are invented.

Before, '"A" should be listed first' checked only that "A" was shown (the word "first" was read by no call
and the step passed wherever "A" stood), and '"A" should be at the top of the list' compared "A" with the
text "at the top of the list"."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step
from tapwright.planners.rules._order import place


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


def _order(texts: list[str], at: str | None = None) -> tuple[str, dict[str, object]]:
    return ("web.verify_order", {"texts": texts, **({"at": at} if at else {})})


CASES: list[tuple[str, list[tuple[str, dict[str, object]]]]] = [
    ('"Alpha" should be listed first', [_order(["Alpha"], "first")]),
    ('"Alpha" should come first', [_order(["Alpha"], "first")]),
    ('"Alpha" should be at the top of the list', [_order(["Alpha"], "first")]),
    ('"Alpha" should be the first row', [_order(["Alpha"], "first")]),
    ('"Alpha" should be first in the table', [_order(["Alpha"], "first")]),
    ('Then "Omega" should be the last entry in the table', [_order(["Omega"], "last")]),
    ('"Omega" should be at the bottom', [_order(["Omega"], "last")]),
    ('"Alpha" should appear before "Omega"', [_order(["Alpha", "Omega"])]),
    ('"Alpha" should be listed above "Omega"', [_order(["Alpha", "Omega"])]),
    ('"Omega" should be listed below "Alpha"', [_order(["Alpha", "Omega"])]),
    ('"Omega" should come after "Alpha"', [_order(["Alpha", "Omega"])]),
    ('"A", "B" and "C" should be listed in this order', [_order(["A", "B", "C"])]),
    ('"A" and "B" should be shown in that order', [_order(["A", "B"])]),
    # Quoted names before a modal are one subject, not clauses of their own.
    ('"A" and "B" should be visible', [("web.verify_text", {"text": "A"}), ("web.verify_text", {"text": "B"})]),
    ('Click "A" and "B" should be visible', [("web.click", {"target": '"A"'}), ("web.verify_text", {"text": "B"})]),
    ('"Write report" should be the first row and "Fix bug" the last',
     [_order(["Write report"], "first"), _order(["Fix bug"], "last")]),
]  # fmt: skip


SORTED: list[tuple[str, list[tuple[str, dict[str, object]]]]] = [
    ("The table should be sorted by Amount, highest first",
     [("web.verify_sorted", {"column": "Amount", "order": "descending"})]),
    ("The table should be sorted by Name", [("web.verify_sorted", {"column": "Name"})]),
    ("the rows should be ordered by Due date, newest first",
     [("web.verify_sorted", {"column": "Due date", "order": "descending"})]),
    ("the results should be sorted by price from lowest to highest",
     [("web.verify_sorted", {"column": "price", "order": "ascending"})]),
    ('The list should be sorted by the "Last name" column in descending order',
     [("web.verify_sorted", {"column": "Last name", "order": "descending"})]),
    # An action: the heading is clicked until the column reads so.
    ("Sort the table by Price from highest to lowest", [("web.sort_table", {"column": "Price", "order": "descending"})]),
]  # fmt: skip
CASES += SORTED


@pytest.mark.parametrize(("step", "calls"), CASES, ids=[c[0][:60] for c in CASES])
def test_position_claims(step: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == calls


@pytest.mark.parametrize("step", ['"Alpha" should not be first', '"Alpha" should not appear above "Omega"',
                                  '"Alpha" should be the fifth of many'])  # fmt: skip
def test_what_no_tool_checks_is_refused(step: str) -> None:
    with pytest.raises(PlanError):
        compile_step(step)


@pytest.mark.parametrize("step", ['"Alpha" should be shown', '"Alpha" should be visible'])
def test_other_claims_are_not_positions(step: str) -> None:
    assert all(tool != "web.verify_order" for tool, _ in _calls(step))


@pytest.mark.parametrize(("words", "where"), [
    ("first", "first"), ("listed last", "last"), ("the first row", "first"), ("the very last item", "last"),
    ("at the top of the list", "first"), ("on top", "first"), ("at the end", "last"), ("the first row of the table", "first"),
    ("the first", "first"), ("first in the Tasks list", None), ("the first of many", None), ("visible", None),
    ("listed fifth", 5), ("the 3rd row", 3), ("the second vet in the list", 2), ("the very second", None),
])  # fmt: skip
def test_place_words(words: str, where: str | int | None) -> None:
    assert place(words.lower().split()) == where


# A place in a list named so: the text is in that list (by its name), and it stands at that place in its list.
@pytest.mark.parametrize(("step", "calls"), [
    ('"Alpha" should be first in the Tasks list',
     [("web.verify_visible", {"target": '"Alpha" in the Tasks list'}), ("web.verify_order", {"texts": ["Alpha"], "at": "first"})]),
    ('"Alpha" should be the fifth vet in the Vets list',
     [("web.verify_visible", {"target": '"Alpha" in the Vets list'}), ("web.verify_order", {"texts": ["Alpha"], "at": 5})]),
    ('"Alpha" should be listed second', [("web.verify_order", {"texts": ["Alpha"], "at": 2})]),
    ('the Vets list should contain "Alpha" as the fifth vet',
     [("web.verify_visible", {"target": '"Alpha" in the Vets list'}), ("web.verify_order", {"texts": ["Alpha"], "at": 5})]),
])  # fmt: skip
def test_a_place_by_number_and_in_a_named_list(step: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == calls





@pytest.mark.parametrize("step", [
    'Then the package list should show 6 packages, from "A" at the top to "F" at the bottom',
    'Then the package list should show 6 packages from "A" to "F"',
])
def test_a_count_from_the_first_to_the_last(step: str) -> None:
    """'6 packages, from "A" at the top to "F" at the bottom': the count, and each end in its place; no word left."""
    assert [(s.tool, s.args) for s in compile_step(step).steps] == [
        ("web.verify_count", {"target": "package in the package list", "count": 6}),
        ("web.verify_visible", {"target": '"A" in the package list'}),
        ("web.verify_order", {"texts": ["A"], "at": "first"}),
        ("web.verify_visible", {"target": '"F" in the package list'}),
        ("web.verify_order", {"texts": ["F"], "at": "last"})]


def test_ends_said_the_wrong_way_round_are_not_read_as_a_range() -> None:
    with pytest.raises(PlanError):
        compile_step('Then the package list should show 6 packages, from "A" at the bottom to "F" at the top')
