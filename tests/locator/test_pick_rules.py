"""pick.py's rules one by one: the matching tier, ordinal words and the wider pool, size words, ties.

Hand-built elements and scores, so each rule is seen deciding on its own (the end-to-end behaviour
is in test_locator_rank.py, test_tie_window.py and test_reading_order.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from locator_builders import el

from tapwright.core.element import Element
from tapwright.locator import pick
from tapwright.locator.scored import Scored


def _s(i: int, base: float, score: float | None = None) -> Scored:
    return Scored(i, base if score is None else score, base)


@pytest.mark.parametrize(
    ("n", "words"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (9, "9th"), (10, "10th"), (11, "11th"), (12, "12th"),
     (13, "13th"), (20, "20th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (101, "101st"), (111, "111th"),
     (112, "112th"), (121, "121st"), (0, "0th"), (-1, "last"), (-2, "2nd from the end"), (-3, "3rd from the end")],
)  # fmt: skip
def test_ordinal_words(n: int, words: str) -> None:
    assert pick._ordinal_words(n) == words


def test_the_tier_keeps_candidates_within_twelve_hundredths_of_the_best() -> None:
    assert pick.TIER == 0.12
    elements = tuple(el(f"e{i}", "button", "Save", (i * 150, 0, 100, 30)) for i in range(4))
    scored = [_s(0, 0.9), _s(1, 0.79), _s(2, 0.77), _s(3, 0.5)]
    assert [s.i for s in pick.tier(elements, scored)] == [0, 1]
    assert pick.tier(elements, []) == []


def test_the_tier_prefers_visible_candidates_but_keeps_hidden_ones_when_none_is_visible() -> None:
    mixed = (el("a", "button", "Save", visible=False), el("b", "button", "Save", (0, 50, 100, 30)))
    assert [s.i for s in pick.tier(mixed, [_s(0, 0.9), _s(1, 0.85)])] == [1]
    hidden = (el("a", "button", "Save", visible=False), el("b", "button", "Save", visible=False))
    assert [s.i for s in pick.tier(hidden, [_s(0, 0.9), _s(1, 0.85)])] == [0, 1]


def _column(*roles_and_visible: tuple[str, bool]) -> tuple[Element, ...]:
    return tuple(el(f"e{i}", role, f"Field {i}", (0, i * 50, 200, 30), visible=v) for i, (role, v) in enumerate(roles_and_visible))


def test_an_ordinal_promotes_the_nth_in_reading_order_and_says_so() -> None:
    elements = _column(("button", True), ("button", True), ("button", True))
    scored = [_s(2, 0.9), _s(0, 0.9), _s(1, 0.9)]
    assert pick.apply_ordinal(elements, scored, 2, "top") is None
    promoted = [s for s in scored if s.reasons]
    assert [s.i for s in promoted] == [1]
    assert promoted[0].reasons == ["2nd of 3 (top to bottom)"]
    assert promoted[0].score == pytest.approx(0.9 + pick.ORDINAL_BONUS) and promoted[0].base == pytest.approx(1.2)


def test_last_and_from_the_left_are_counted_from_their_own_ends() -> None:
    elements = tuple(el(f"e{i}", "button", "Go", (300 - i * 100, 0, 80, 30)) for i in range(3))
    scored = [_s(0, 0.9), _s(1, 0.9), _s(2, 0.9)]
    assert pick.apply_ordinal(elements, scored, -1, "left") is None
    assert [(s.i, s.reasons) for s in scored if s.reasons] == [(0, ["last of 3 (left to right)"])]


@pytest.mark.parametrize("ordinal", [4, -4])
def test_too_few_candidates_is_a_problem_naming_the_count(ordinal: int) -> None:
    elements = _column(("button", True), ("button", True), ("button", True))
    scored = [_s(0, 0.9), _s(1, 0.9), _s(2, 0.9)]
    assert pick.apply_ordinal(elements, scored, ordinal, "top") == f"asked for #{ordinal} but only 3 element(s) match"
    assert not any(s.reasons for s in scored)


def test_an_ordinal_widens_to_near_matches_of_the_same_kind_of_form_field() -> None:
    # "the third password field": "Password" matches best, "Current password" and "New password" less.
    elements = _column(("textbox", True), ("textbox", True), ("textbox", True), ("button", True), ("textbox", True))
    scored = [_s(0, 0.9), _s(1, 0.7), _s(2, 0.61), _s(3, 0.9), _s(4, 0.59)]
    # The close tier is only the best textbox and the button; the 3rd comes from the wider pool: the
    # textboxes within 0.3 of the best (0.59 is just outside), the button left out.
    assert pick.apply_ordinal(elements, scored, 3, "top") is None
    assert [(s.i, s.reasons) for s in scored if s.reasons] == [(2, ["3rd of 3 (top to bottom)"])]


def test_the_wider_pool_keeps_related_roles_and_drops_the_hidden() -> None:
    elements = (el("a", "checkbox", "Notify", (0, 0, 20, 20)), el("b", "switch", "Notify me", (0, 50, 20, 20)),
                el("c", "checkbox", "Notify all", (0, 100, 20, 20), visible=False), el("d", "checkbox", "Notify x", (0, 150, 20, 20)))  # fmt: skip
    scored = [_s(0, 0.9), _s(1, 0.7), _s(2, 0.7), _s(3, 0.7)]
    # A switch is a checkbox's relative; the hidden checkbox is left out while visible ones exist.
    assert [s.i for s in pick._same_kind(elements, scored)] == [0, 1, 3]


def test_a_button_ordinal_does_not_widen_to_other_buttons() -> None:
    # A button's name is what it does: "Delete account" is no 3rd "Delete" button.
    elements = _column(("button", True), ("button", True), ("button", True))
    scored = [_s(0, 0.9), _s(1, 0.7), _s(2, 0.7)]
    assert pick._same_kind(elements, scored) == []
    assert pick.apply_ordinal(elements, scored, 2, "top") == "asked for #2 but only 1 element(s) match"
    assert pick._same_kind(elements, []) == []


def test_the_wider_pool_stops_at_three_tenths_below_the_best() -> None:
    assert pick.WIDE_TIER == 0.3
    elements = _column(("textbox", True), ("textbox", True), ("textbox", True))
    scored = [_s(0, 0.9), _s(1, 0.61), _s(2, 0.59)]
    assert [s.i for s in pick._same_kind(elements, scored)] == [0, 1]


def test_the_wider_pool_of_hidden_fields_is_used_when_none_is_visible() -> None:
    elements = _column(("textbox", False), ("textbox", False))
    scored = [_s(0, 0.9), _s(1, 0.7)]
    assert [s.i for s in pick._same_kind(elements, scored)] == [0, 1]


@pytest.mark.parametrize(
    ("areas", "size", "winner"),
    [((100 * 30, 100 * 24), "big", 0), ((100 * 30, 100 * 24), "small", 1), ((100 * 30, 100 * 26), "big", None),
     ((100 * 36, 100 * 30), "big", 0), ((100 * 30, 100 * 36), "small", 0)],
)  # fmt: skip
def test_a_size_word_promotes_the_clearly_bigger_or_smaller_one(areas: tuple[int, int], size: str, winner: int | None) -> None:
    elements = tuple(el(f"e{i}", "button", "Go", (i * 200, 0, 100, a / 100)) for i, a in enumerate(areas))
    scored = [_s(0, 0.9), _s(1, 0.9)]
    pick.apply_size(elements, scored, size)
    promoted = [(s.i, s.reasons) for s in scored if s.reasons]
    if winner is None:
        assert promoted == []  # 3000 vs 2600: less than 1.2 times, not clearly bigger
    else:
        word = "biggest" if size == "big" else "smallest"
        assert promoted == [(winner, [f"{word} of 2"])]
        assert scored[winner].score == pytest.approx(1.05) and scored[winner].base == pytest.approx(1.05)


def test_exactly_one_fifth_bigger_is_clearly_bigger() -> None:
    elements = (el("a", "button", "Go", (0, 0, 100, 36)), el("b", "button", "Go", (200, 0, 100, 30)))
    scored = [_s(0, 0.9), _s(1, 0.9)]
    pick.apply_size(elements, scored, "big")
    assert scored[0].reasons == ["biggest of 2"]


def test_size_needs_two_sized_candidates() -> None:
    one = (el("a", "button", "Go", (0, 0, 100, 30)),)
    scored = [_s(0, 0.9)]
    pick.apply_size(one, scored, "big")
    assert scored[0].reasons == []
    unsized = (el("a", "button", "Go", (0, 0, 100, 30)), el("b", "button", "Go", None))
    scored = [_s(0, 0.9), _s(1, 0.9)]
    pick.apply_size(unsized, scored, "big")
    assert [s.reasons for s in scored] == [[], []]  # no area to compare with


def test_ties_prefer_the_visible_ones_and_a_single_candidate_wins() -> None:
    elements = (el("a", "option", "Red", visible=False), el("b", "option", "Red", (0, 40, 100, 30)),
                el("c", "option", "Red", (0, 80, 100, 30)))  # fmt: skip
    ranked = [_s(0, 0.9), _s(1, 0.9), _s(2, 0.89)]
    assert [s.i for s in pick.ties(elements, ranked)] == [1, 2]
    assert [s.i for s in pick.ties(elements, ranked[:1])] == [0]
    assert pick.ties(elements, []) == []
    all_hidden = tuple(el(f"h{i}", "option", "Red", (0, i * 40, 100, 30), visible=False) for i in range(2))
    assert [s.i for s in pick.ties(all_hidden, [_s(0, 0.9), _s(1, 0.9)])] == [0, 1]


def test_candidates_without_a_place_can_still_tie() -> None:
    elements = (el("a", "button", "Save", None), el("b", "button", "Save", None), el("c", "button", "Save", (0, 0, 10, 10)))
    assert [s.i for s in pick.ties(elements, [_s(0, 0.9), _s(1, 0.9), _s(2, 0.9)])] == [0, 1, 2]


def test_reading_order_puts_unplaced_elements_last_in_document_order() -> None:
    elements = (el("a", "button", "x", None), el("b", "button", "x", (0, 100, 10, 10)), el("c", "button", "x", None),
                el("d", "button", "x", (0, 0, 10, 10)))  # fmt: skip
    pool = [_s(2, 0.9), _s(0, 0.9), _s(1, 0.9), _s(3, 0.9)]
    assert [s.i for s in pick.reading_order(elements, pool, "top")] == [3, 1, 0, 2]
    assert [s.i for s in pick.reading_order(elements, pool, "left")] == [3, 1, 0, 2]


def test_a_row_is_right_to_left_only_when_most_of_it_is() -> None:
    def row(*dirs: str) -> tuple[Element, ...]:
        attrs: list[dict[str, Any]] = [{"dir": d} if d else {} for d in dirs]
        return tuple(el(f"e{i}", "button", "x", (i * 100, 0, 80, 30), **a) for i, a in enumerate(attrs))

    pool = [_s(0, 0.9), _s(1, 0.9), _s(2, 0.9)]
    assert [s.i for s in pick.reading_order(row("rtl", "rtl", ""), pool, "top")] == [2, 1, 0]
    assert [s.i for s in pick.reading_order(row("rtl", "", ""), pool, "top")] == [0, 1, 2]
    two = [_s(0, 0.9), _s(1, 0.9)]
    assert [s.i for s in pick.reading_order(row("rtl", ""), two, "top")] == [0, 1]  # half is not most


def test_rows_group_elements_whose_middle_is_within_the_line() -> None:
    # b's middle (y 25) is inside a's line (0..30): same row; c's middle (y 46) is below it: next row.
    elements = (el("a", "button", "x", (200, 0, 80, 30)), el("b", "button", "x", (0, 10, 80, 30)),
                el("c", "button", "x", (100, 31, 80, 30)), el("d", "button", "x", (300, 15, 80, 20)))  # fmt: skip
    pool = [_s(i, 0.9) for i in range(4)]
    assert [s.i for s in pick.reading_order(elements, pool, "top")] == [1, 0, 3, 2]
    edge = (el("a", "button", "x", (100, 0, 80, 30)), el("b", "button", "x", (0, 15, 80, 30)))  # middle at 30: on the line
    assert [s.i for s in pick.reading_order(edge, [_s(0, 0.9), _s(1, 0.9)], "top")] == [1, 0]


def test_the_wider_pool_works_for_a_role_with_no_relatives() -> None:
    # A slider has no related roles: its pool is sliders only.
    elements = (el("a", "slider", "Volume", (0, 0, 100, 10)), el("b", "slider", "Volume left", (0, 50, 100, 10)),
                el("c", "textbox", "Volume", (0, 100, 100, 30)))  # fmt: skip
    scored = [_s(0, 0.9), _s(1, 0.7), _s(2, 0.7)]
    assert [s.i for s in pick._same_kind(elements, scored)] == [0, 1]


def test_the_wider_pool_includes_a_candidate_exactly_three_tenths_below() -> None:
    elements = _column(("textbox", True), ("textbox", True))
    assert [s.i for s in pick._same_kind(elements, [_s(0, 1.0), _s(1, 0.7)])] == [0, 1]


def test_an_unsized_candidate_is_never_the_smallest() -> None:
    elements = (el("a", "button", "Go", (0, 0, 100, 30)), el("b", "button", "Go", None))
    scored = [_s(0, 0.9), _s(1, 0.9)]
    pick.apply_size(elements, scored, "small")
    assert [s.reasons for s in scored] == [[], []]


@pytest.mark.parametrize(("size", "winner"), [("small", 0), ("big", 1)])
def test_sizes_of_a_single_pixel_still_compare(size: str, winner: int) -> None:
    elements = (el("a", "button", "Go", (0, 0, 1, 1)), el("b", "button", "Go", (10, 0, 2, 2)))
    scored = [_s(0, 0.9), _s(1, 0.9)]
    pick.apply_size(elements, scored, size)
    assert [s.i for s in scored if s.reasons] == [winner]


def _fields(*bases: float, ys: tuple[float, ...] | None = None, xs: tuple[float, ...] | None = None) -> tuple[tuple[Element, ...], list[Scored]]:
    n = len(bases)
    ys = ys or tuple(i * 50.0 for i in range(n))
    xs = xs or (0.0,) * n
    elements = tuple(el(f"e{i}", "textbox", f"Password {i}", (xs[i], ys[i], 200, 30)) for i in range(n))
    return elements, [_s(i, b) for i, b in enumerate(bases)]


@pytest.mark.parametrize("ordinal", [1, 2])
def test_the_close_tier_is_used_when_it_has_enough_candidates(ordinal: int) -> None:
    # Two close matches and a third within the wider pool: "the 2nd" is the 2nd of the close ones.
    elements, scored = _fields(0.9, 0.85, 0.7, ys=(0, 100, 50))
    assert pick.apply_ordinal(elements, scored, ordinal, "top") is None
    assert [(s.i, s.reasons) for s in scored if s.reasons] == [(ordinal - 1, [f"{pick._ordinal_words(ordinal)} of 2 (top to bottom)"])]


@pytest.mark.parametrize("ordinal", [4, 5])
def test_a_count_beyond_the_wider_pool_reports_the_close_matches(ordinal: int) -> None:
    elements, scored = _fields(0.9, 0.7, 0.65)
    assert pick.apply_ordinal(elements, scored, ordinal, "top") == f"asked for #{ordinal} but only 1 element(s) match"


def test_the_wider_pool_is_read_in_the_asked_direction() -> None:
    # Three password fields on one line, the best on the right: "the 2nd from the left" is the middle one.
    elements, scored = _fields(0.9, 0.7, 0.7, ys=(0, 40, 80), xs=(400, 0, 200))
    assert pick.apply_ordinal(elements, scored, 2, "left") is None
    assert [(s.i, s.reasons) for s in scored if s.reasons] == [(2, ["2nd of 3 (left to right)"])]


def test_right_to_left_rows_are_ordered_by_right_edges() -> None:
    # A wide field starting at x 0 ends (at 300) to the right of a narrow one at x 200 (ending at 250):
    # read from the right, the wide one comes first.
    elements = (el("a", "button", "x", (0, 0, 300, 30), dir="rtl"), el("b", "button", "x", (200, 0, 50, 30), dir="rtl"))
    assert [s.i for s in pick.reading_order(elements, [_s(1, 0.9), _s(0, 0.9)], "top")] == [0, 1]


def test_a_candidate_exactly_twelve_hundredths_below_the_best_is_in_the_tier() -> None:
    elements = tuple(el(f"e{i}", "button", "Save", (i * 150, 0, 100, 30)) for i in range(2))
    assert [s.i for s in pick.tier(elements, [_s(0, 1.0), _s(1, 0.88)])] == [0, 1]


def test_an_element_whose_middle_is_below_the_line_starts_a_new_row() -> None:
    # a spans y 0..30; b (y 20..50) has its middle at 35, below a's line: b is on the next row although
    # its top third (y 30) still touches a's line.
    elements = (el("a", "button", "x", (100, 0, 80, 30)), el("b", "button", "x", (0, 20, 80, 30)))
    assert [s.i for s in pick.reading_order(elements, [_s(0, 0.9), _s(1, 0.9)], "top")] == [0, 1]


def test_a_gap_of_exactly_the_window_is_not_a_tie() -> None:
    elements = tuple(el(f"e{i}", "button", "Save", (i * 150, 0, 100, 30)) for i in range(2))
    assert [s.i for s in pick.ties(elements, [Scored(0, 0.03, 0.03), Scored(1, 0.0, 0.0)])] == [0]


def test_ties_skip_every_candidate_on_a_spot_already_taken_and_keep_looking() -> None:
    # a and b share a spot (a link in its list item), c and d share another: one tie per spot.
    elements = (el("a", "link", "Save", (0, 0, 100, 30)), el("b", "listitem", "Save", (0, 0, 100, 30)),
                el("c", "link", "Save", (0, 100, 100, 30)), el("d", "listitem", "Save", (0, 100, 100, 30)),
                el("e", "link", "Save", (0, 200, 100, 30)))  # fmt: skip
    ranked = [_s(i, 0.9) for i in range(5)]
    assert [s.i for s in pick.ties(elements, ranked)] == [0, 2, 4]
