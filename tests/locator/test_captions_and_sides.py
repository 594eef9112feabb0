"""Controls named by a caption that says more than the step, sliders whose only text is their value, and
an intensifier before a side ("just below the Assignee"). Trees made up for these tests (issue 26).
"""

from __future__ import annotations

from locator_builders import el, tree

from tapwright.locator import locate, rank
from tapwright.locator.query import parse


def _page() -> object:
    # A caption over a slider whose thumb shows its value (the slider's name from its content is "3"),
    # and a text field further down with its own caption.
    return tree(el("cap", "text", "Default estimate (days)", (30, 0, 150, 20)),
                el("s", "slider", "3", (30, 36, 600, 28)),
                el("cap2", "text", "Owner", (30, 120, 60, 20)), el("f", "textbox", "", (30, 146, 200, 30)))  # fmt: skip


def test_a_slider_whose_name_is_its_value_is_labelled_by_the_caption_that_holds_the_words_said() -> None:
    found = locate(_page(), "Default estimate slider")
    assert found.element.ref == "s"
    assert "text beside it" in found.reasons


def test_the_control_scores_no_better_than_its_partial_caption_matched() -> None:
    ranked = {c.element.ref: c.score for c in rank(_page(), "Default estimate slider")}
    whole = {c.element.ref: c.score for c in rank(_page(), "Default estimate (days) slider")}
    assert ranked["s"] < whole["s"]  # the caption holds more than was said: a lower score than the whole caption


def test_a_partial_caption_names_nothing_without_the_role_word() -> None:
    # "Default estimate" alone: the caption is text on the page; no control is named by part of it.
    assert all(c.element.ref != "s" for c in rank(_page(), "Default estimate"))


def test_a_partial_caption_does_not_match_quoted_words() -> None:
    # Quoted words are exact: "Default estimate" is not the caption "Default estimate (days)".
    assert all(c.element.ref != "s" for c in rank(_page(), 'the "Default estimate" slider'))


def test_a_slider_with_a_word_name_keeps_its_own_name() -> None:
    t = tree(el("cap", "text", "Volume (dB)", (30, 0, 150, 20)), el("s", "slider", "Balance", (30, 36, 600, 28)))
    assert all(c.element.ref != "s" or "text beside it" not in c.reasons for c in rank(t, "Volume slider"))


def test_an_intensified_side_is_that_side() -> None:
    for words, kind in (("just below", "below"), ("right above", "above"), ("directly below", "below"),
                        ("immediately left of", "left")):  # fmt: skip
        q = parse(f"project dropdown {words} the Assignee")
        assert q.relation is not None and q.relation.kind == kind, words
        assert q.text == "project"


def test_right_alone_keeps_its_meanings() -> None:
    assert parse("button right of Save").relation.kind == "right"  # type: ignore[union-attr]
    assert parse("Right arrow button").relation is None


def _table(header_box: bool) -> object:
    head = ("table", "row:# | Title")
    rows = [el("h1", "columnheader", "#", context=head), el("h2", "columnheader", "Title", context=head)]
    if header_box:
        rows.insert(0, el("all", "checkbox", "", context=head))  # the select-all box of a selectable table
    for n, title in ((1, "Fix login"), (2, "Migrate")):
        ctx = ("table", f"row:{n} | {title}")
        rows += [el(f"b{n}", "checkbox", "", context=ctx), el(f"c{n}", "cell", str(n), context=ctx),
                 el(f"t{n}", "cell", title, context=ctx)]  # fmt: skip
    return tree(*rows)


def test_the_header_row_is_not_counted_even_with_a_select_all_box() -> None:
    from tapwright.locator.count import count

    assert count(_table(header_box=False), "row")[0] == 2
    assert count(_table(header_box=True), "row")[0] == 2
    assert count(_table(header_box=True), "task")[0] == 2  # a row counted by what it holds


def test_a_noun_no_control_is_named_counts_the_rows_of_the_only_table() -> None:
    from tapwright.locator.count import count

    titled = tree(el("tab", "tab", "Bookings"), el("new", "button", "New booking"), *_table(header_box=True).elements)
    assert count(titled, "booking")[0] == 2  # the Bookings tab is a title; "New booking" is not named "booking"
    named = tree(el("b", "button", "Booking"), *_table(header_box=True).elements)
    assert count(named, "booking") == (1, ["button 'Booking'"])  # a control is named so: that is what is counted
    two = tree(*_table(header_box=True).elements,
               el("x", "cell", "z", context=("table:Other", "row:9 | z")))  # fmt: skip
    assert count(two, "booking")[0] == 0  # two tables: which one is meant is not said


def test_a_row_with_no_cell_among_rows_with_cells_is_the_header_row() -> None:
    from tapwright.locator.count import count

    head = ("table", "row:# | Title")
    rows = [el("all", "button", "", context=head), el("h1", "text", "", text="#", context=head),
            el("h2", "text", "", text="Title", context=head)]  # fmt: skip
    for n in (1, 2, 3):
        rows.append(el(f"c{n}", "cell", str(n), context=("table", f"row:{n} | x")))
    assert count(tree(*rows), "row")[0] == 3
    plain = [el(f"t{n}", "text", "", text=str(n), context=("list", f"listitem:{n}")) for n in (1, 2)]
    assert count(tree(*plain), "item")[0] == 2  # no cells anywhere: every item counts


def test_filter_after_a_name_is_a_filtering_control_and_alone_a_name() -> None:
    assert "combobox" in parse("Rooms filter").roles and parse("Rooms filter").text == "Rooms"
    assert parse("Filter").roles == () and parse("Filter").text == "Filter"
    assert parse("the Filter button").roles == ("button",)


def test_a_side_of_a_table_known_only_as_its_cells_context_is_the_box_around_them() -> None:
    cells = [
        el(f"c{n}", "cell", f"v{n}", (0, 100 + 40 * n, 100, 30), context=("table", f"row:{n} | v{n}")) for n in (1, 2)
    ]
    above = el("sum", "text", "", (0, 40, 200, 20), text="2 items, total 9")
    below = el("foot", "text", "", (0, 300, 200, 20), text="2 items, total 9")
    found = locate(tree(above, below, *cells), '"2 items, total 9" above the table')
    assert found.element.ref == "sum"
    assert locate(tree(above, below, *cells), '"2 items, total 9" below the table').element.ref == "foot"


def test_with_two_tables_the_side_of_the_table_is_not_guessed() -> None:
    cells = [el("a", "cell", "x", (0, 100, 100, 30), context=("table", "row:1 | x")),
             el("b", "cell", "y", (0, 400, 100, 30), context=("table:Other", "row:1 | y"))]  # fmt: skip
    above = el("sum", "text", "", (0, 40, 200, 20), text="2 items")
    assert all("above the anchor" not in c.reasons for c in rank(tree(above, *cells), '"2 items" above the table'))
