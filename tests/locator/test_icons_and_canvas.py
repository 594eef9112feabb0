"""Icon-only controls named by their icon's words, quoted symbols, and a drawing surface ("the canvas")."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.errors import ToolFailure
from tapwright.locator.core import locate, rank
from tapwright.locator.query import parse


def test_a_quoted_symbol_is_not_found_through_the_role_word_alone() -> None:
    # The "+" is all the name there is: a control whose class merely says "button" is not the "+" button.
    page = tree(el("e1", "link", "", (0, 0, 30, 30), cls="button", id="header-button-menu"))
    with pytest.raises(ToolFailure) as err:
        locate(page, '"+" button')
    assert err.value.code.value == "ELEMENT_NOT_FOUND"


def test_a_quoted_symbol_finds_the_icon_that_draws_it() -> None:
    page = tree(
        el("e1", "link", "", (0, 0, 30, 30), cls="button"),
        el("e2", "link", "", (40, 0, 30, 30), icon="plus"),
        el("e3", "link", "", (80, 0, 30, 30), icon="caret down"),
    )
    assert locate(page, 'the "+" button').element.ref == "e2"


def test_the_symbol_itself_beats_an_icon_word() -> None:
    page = tree(el("e1", "button", "+", (0, 0, 30, 30)), el("e2", "button", "", (40, 0, 30, 30), icon="plus"))
    assert locate(page, 'the "+" button').element.ref == "e1"


def test_two_icons_drawing_the_symbol_are_told_apart_only_by_more_words() -> None:
    page = tree(el("e1", "button", "", (0, 0, 30, 30), icon="plus"), el("e2", "button", "", (0, 700, 30, 30), icon="plus"))
    assert len([c for c in rank(page, '"+" button') if c.score >= 0.5]) == 2
    with pytest.raises(ToolFailure) as err:
        locate(page, '"+" button')
    assert err.value.code.value == "AMBIGUOUS"


def test_an_icon_word_names_an_icon_only_control() -> None:
    page = tree(el("e1", "link", "", (0, 0, 30, 30), icon="info"), el("e2", "link", "", (40, 0, 30, 30), icon="bug"))
    assert locate(page, "the bug icon").element.ref == "e2"


def test_canvas_is_a_role_and_a_container_word() -> None:
    q = parse('the "Check order" node on the canvas')
    assert q.quoted == ("Check order",)
    assert q.relation is not None and q.relation.container is not None
    assert q.relation.container.kinds == frozenset({"canvas"})
    assert parse("the canvas").roles == ("canvas",)


def test_what_is_drawn_on_the_canvas_is_looked_for_there() -> None:
    page = tree(
        el("e1", "canvas", "", (0, 100, 800, 500), interactive=False),
        el("e2", "text", "", (50, 150, 90, 16), text="Check order", context=("canvas:",)),
        el("e3", "text", "", (50, 700, 90, 16), text="Check order"),
    )
    assert locate(page, '"Check order" on the canvas').element.ref == "e2"
    assert locate(page, '"Check order" below the canvas').element.ref == "e3"


def test_a_kind_noun_before_a_quoted_row_name_only_says_what_it_is() -> None:
    page = tree(
        el("e1", "link", "beta", (0, 0, 40, 20), context=("list:Tags", "listitem:beta 2.0.0")),
        el("e2", "text", "", (300, 0, 40, 20), text="2.0.0", context=("list:Tags", "listitem:beta 2.0.0")),
        el("e3", "link", "latest", (0, 30, 40, 20), context=("list:Tags", "listitem:latest 1.1.0")),
        el("e4", "text", "", (300, 30, 40, 20), text="1.1.0", context=("list:Tags", "listitem:latest 1.1.0")),
    )
    assert locate(page, '"1.1.0" in the row for tag "latest"').element.ref == "e4"
    with pytest.raises(ToolFailure):
        locate(page, '"1.1.0" in the row for tag "beta"')


def test_words_before_a_quoted_name_without_a_linking_word_stay_part_of_the_name() -> None:
    q = parse('Edit in the Admin users "x" row')
    assert q.relation is not None and q.relation.container is not None
    assert q.relation.container.name == "Admin users x"


def test_a_controls_role_word_of_a_quoted_name_is_that_records_control() -> None:
    q = parse('the checkbox of "Set up alerts"')
    assert q.relation is not None and q.relation.kind == "for" and q.relation.anchor == '"Set up alerts"'
    page = tree(
        el("e1", "checkbox", "", (0, 0, 20, 20), context=("table", "row:Fix login")),
        el("e2", "cell", "Fix login", (30, 0, 100, 20), context=("table", "row:Fix login")),
        el("e3", "checkbox", "", (0, 30, 20, 20), context=("table", "row:Set up alerts")),
        el("e4", "cell", "Set up alerts", (30, 30, 100, 20), context=("table", "row:Set up alerts")),
    )
    assert locate(page, 'the checkbox of "Set up alerts"').element.ref == "e3"


def test_a_records_kind_noun_and_id_say_which_record_a_control_is_of() -> None:
    # 'the checkbox of booking #8 "Sync" (Atlas)': the noun says what the record is (no cell shows it); the id and
    # the words in brackets are looked for in its row, so they pick one of two records of the same name.
    page = tree(
        el("e1", "checkbox", "", (0, 0, 20, 20), context=("table", "row:7 | Sync | Atlas")),
        el("e2", "cell", "Sync", (30, 0, 100, 20), context=("table", "row:7 | Sync | Atlas")),
        el("e3", "checkbox", "", (0, 30, 20, 20), context=("table", "row:8 | Sync | Borealis")),
        el("e4", "cell", "Sync", (30, 30, 100, 20), context=("table", "row:8 | Sync | Borealis")),
    )
    assert locate(page, 'the checkbox of booking #8 "Sync"').element.ref == "e3"
    assert locate(page, 'the checkbox of the "Sync" booking (Atlas)').element.ref == "e1"
    with pytest.raises(ToolFailure) as err:
        locate(page, 'the checkbox of the "Sync" booking')
    assert err.value.code.value == "AMBIGUOUS"  # two records of that name: which one is not guessed
    q = parse('the checkbox of "Sync" in the dialog')
    assert q.relation is not None and q.relation.kind != "for"  # a relation word after it: not one record's words


def test_of_before_a_plain_name_stays_part_of_the_name() -> None:
    assert parse("Terms of Service").relation is None
    assert parse('the name of "X"').relation is None


def test_a_quoted_row_name_must_stand_on_its_own_not_inside_a_longer_word() -> None:
    # "beta" is a word of "2.0.0-beta.1" too: the row for "beta" is the one that says beta, not the version's row.
    page = tree(
        el("e1", "text", "", (300, 0, 90, 20), text="2.0.0-beta.1", context=("list:Tags", "listitem:beta 2.0.0-beta.1")),
        el("e2", "text", "", (300, 30, 40, 20), text="1.9.0", context=("list:Tags", "listitem:latest 1.9.0")),
        el("e3", "link", "2.0.0-beta.1", (0, 90, 90, 20), context=("list:History", "listitem:2.0.0-beta.1 2 days ago")),
        el("e4", "link", "1.9.0", (0, 120, 40, 20), context=("list:History", "listitem:1.9.0 9 days ago")),
    )
    assert locate(page, '"2.0.0-beta.1" in the row for tag "beta"').element.ref == "e1"
    with pytest.raises(ToolFailure):
        locate(page, '"1.9.0" in the row for tag "beta"')


def test_a_control_is_named_by_its_icon_and_its_tooltip_together() -> None:
    """ "the wrench icon (Settings)": the words name the drawn icon and the tooltip name at once."""
    page = tree(el("e1", "button", "Settings", (0, 0, 30, 30), icon="wrench"),
                el("e2", "button", "System", (40, 0, 30, 30), icon="power off"))
    assert locate(page, "the wrench icon (Settings)").element.ref == "e1"
    assert locate(page, "the power icon (System)").element.ref == "e2"
    for wrong in ("the power icon (Settings)", "the hammer icon (Settings)", "the wrench icon (System)"):
        with pytest.raises(ToolFailure) as err:
            locate(page, wrong)
        assert err.value.code.value == "ELEMENT_NOT_FOUND", wrong
