"""Container and column relations of the locator (score.py), rule by rule, on hand-built trees.

"in the second row", "in the Billing card", "in the Year column", "for @maria", "next to Groups":
each test puts candidates at the edge of one rule and asserts what the user gets back (the
element picked, the scores and the reasons the locator reports). An exact name match scores
1.0, +0.05 for an interactive element when no role is named, +0.25 for the role named; the
relation parts are the constants in score.py's module docstring.
"""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.core.element import UiTree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate, rank

EXACT = 1.0 + 0.05  # "Delete" for a button named Delete, no role word


def scores(t: UiTree, description: str) -> dict[str, tuple[float, list[str]]]:
    """ref -> (score rounded to 4 places, reasons) of every candidate."""
    return {c.element.ref: (round(c.score, 4), c.reasons) for c in rank(t, description, limit=50)}


def failure(t: UiTree, description: str) -> ToolFailure:
    with pytest.raises(ToolFailure) as info:
        locate(t, description)
    return info.value


# -- "the n-th row / item / card" ---------------------------------------------------------


def _users_table() -> UiTree:
    """A heading outside any row, a header row, then rows Zoe, Adam, Mia (not in alphabetical order)."""
    header = ("table:Users", "row:Name Actions")
    els = [
        el("title", "heading", "People", (0, 0, 200, 30)),
        el("hn", "columnheader", "Name", (0, 40, 200, 20), context=header),
        el("ha", "columnheader", "Actions", (200, 40, 100, 20), context=header),
    ]
    for k, name in enumerate(["Zoe", "Adam", "Mia"]):
        row = ("table:Users", f"row:{name}")
        y = 60 + 30 * k
        els += [el(f"n{k}", "cell", name, (0, y, 200, 30), context=row),
                el(f"d{k}", "button", "Delete", (200, y, 80, 30), context=row)]  # fmt: skip
    return tree(*els)


@pytest.mark.parametrize(
    ("description", "ref", "row"),
    [("Delete in the first row", "d0", "row:Zoe"), ("Delete in the second row", "d1", "row:Adam"),
     ("Delete in the last row", "d2", "row:Mia"), ("Delete in the 3rd row", "d2", "row:Mia")],
)  # fmt: skip
def test_the_nth_row_counts_rows_top_down_leaving_out_the_header_row_and_text_outside_rows(
    description: str, ref: str, row: str
) -> None:
    got = scores(_users_table(), description)
    assert locate(_users_table(), description).element.ref == ref
    # Inside the n-th row: +0.3; in any other row: -0.6, more than a name can make up for.
    assert got[ref] == (pytest.approx(EXACT + 0.3), ["name exact 'Delete'", "interactive", f"in {row}"])
    others = {r: v for r, v in got.items() if r != ref}
    assert sorted(others) == sorted({"d0", "d1", "d2"} - {ref})
    assert all(v == (pytest.approx(EXACT - 0.6), ["name exact 'Delete'", "interactive", "outside the container"])
               for v in others.values())  # fmt: skip


@pytest.mark.parametrize("description", ["Delete in the 4th row", "Delete in the 0th row"])
def test_a_row_number_the_table_does_not_have_picks_no_row(description: str) -> None:
    failure(_users_table(), description)  # neither the first nor the last row, and no crash


def test_a_long_row_name_is_cut_to_forty_characters_in_the_reason() -> None:
    name = "Leonardo da Vinci | leo@example.com | administrator"
    t = tree(
        el("d0", "button", "Delete", (200, 0, 80, 30), context=(f"row:{name}",)),
        el("d1", "button", "Delete", (200, 30, 80, 30), context=("row:Ann",)),
    )
    assert locate(t, "Delete in the first row").reasons[-1] == "in " + f"row:{name}"[:40]


def _list_above_tables() -> UiTree:
    """A list of drafts (list items) above two tables, Users then Admins, each with a header row."""
    els = [el("li0", "button", "Delete", (200, 40, 80, 30), context=("list:Recent", "listitem:Draft 1")),
           el("li1", "button", "Delete", (200, 70, 80, 30), context=("list:Recent", "listitem:Draft 2"))]  # fmt: skip
    for table, y0 in (("Users", 120), ("Admins", 240)):
        els.append(el(f"h{table}", "columnheader", "Name", (0, y0, 200, 20), context=(f"table:{table}", "row:Name")))
        for k in range(2):
            row = (f"table:{table}", f"row:{table} {k}")
            els.append(el(f"{table[0]}{k}", "button", "Delete", (200, y0 + 20 + 30 * k, 80, 30), context=row))
    return tree(*els)


@pytest.mark.parametrize(
    ("description", "ref"),
    [("Delete in the first row", "U0"),  # a table's row, though a list item is higher on the page
     ("Delete in the last row", "A1"),
     ("Delete in the first item", "li0"),  # "item" counts list items and rows alike: the top one
     ("Delete in the second item", "li1"),
     ("Delete in the first row of Admins", "A0"),  # rows inside a container named Admins
     ("Delete in the last row of Users", "U1")],
)  # fmt: skip
def test_rows_are_a_tables_rows_while_items_are_whatever_comes_first(description: str, ref: str) -> None:
    t = _list_above_tables()
    picked = locate(t, description)
    assert picked.element.ref == ref
    assert picked.score == pytest.approx(EXACT + 0.3)


def test_the_first_card_is_the_one_starting_highest_even_when_its_button_is_lowest() -> None:
    # A masonry grid: Ana's card starts at the top but its Like button is at the bottom;
    # Ben's card starts lower, beside it, and its button (listed first) is higher than Ana's.
    t = tree(
        el("bl", "button", "Like", (300, 150, 60, 20), context=("article:Ben",)),
        el("b1", "heading", "Ben", (300, 100, 200, 20), context=("article:Ben",)),
        el("a1", "heading", "Ana", (0, 0, 200, 20), context=("article:Ana",)),
        el("al", "button", "Like", (0, 200, 60, 20), context=("article:Ana",)),
    )
    assert locate(t, "Like in the first card").element.ref == "al"
    assert locate(t, "Like in the second card").element.ref == "bl"


def test_a_colon_inside_a_row_name_does_not_hide_the_row() -> None:
    t = tree(
        el("d0", "button", "Delete", (200, 0, 80, 30), context=("row:Build: nightly",)),
        el("d1", "button", "Delete", (200, 30, 80, 30), context=("row:Build: release",)),
    )
    assert locate(t, "Delete in the first row").element.ref == "d0"
    assert locate(t, "Delete in the last row").element.ref == "d1"


def test_an_element_without_a_position_does_not_stop_the_row_count() -> None:
    t = tree(
        el("x", "button", "Delete", None, context=("row:Ghost",)),
        el("d0", "button", "Delete", (200, 0, 80, 30), context=("row:Ann",)),
        el("d1", "button", "Delete", (200, 30, 80, 30), context=("row:Ben",)),
    )
    assert locate(t, "Delete in the second row").element.ref == "d1"
