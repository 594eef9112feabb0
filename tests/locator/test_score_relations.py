"""score.py's relation rules at their edges: "next to / below / left of" an anchor, the anchor itself,
"nearest" for cards the page does not mark, and what a relation's anchor text refers to.

Hand-built trees, so each rule is seen deciding on its own; scores and reasons are the locator's
output (``rank`` returns them), so they are asserted exactly where a constant is the rule.
"""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.core.element import Rect
from tapwright.locator import locate, rank
from tapwright.locator.index import index_for
from tapwright.locator.nearness import nearest
from tapwright.locator.score import anchors_for, apply_position
from tapwright.locator.scored import Scored


def _reasons(t, description: str) -> dict[str, list[str]]:
    return {c.element.ref: c.reasons for c in rank(t, description)}


def _scores(t, description: str) -> dict[str, float]:
    return {c.element.ref: round(c.score, 4) for c in rank(t, description)}


# -- a caption stands for its control: "above / left of / right of Email" ----------------------------

# "Email" is the caption of the unnamed field beside it: a side is measured from the field, not the word.
_CAPTION, _FIELD = (0, 100, 60, 20), (70, 95, 200, 30)


def test_above_a_caption_means_above_the_field_it_labels() -> None:
    t = tree(el("cap", "text", "Email", _CAPTION), el("box", "textbox", "", _FIELD),
             el("over-word", "button", "Help", (0, 40, 60, 30)),  # above the word
             el("over-field", "button", "Help", (150, 40, 100, 30)))  # fmt: skip  # above the field
    found = rank(t, "the Help button above Email")
    assert [c.element.ref for c in found] == ["over-field", "over-word"]
    assert found[0].reasons[-2:] == ["above the anchor", "closeness 0.62"]  # 25 px straight above the field
    assert found[1].reasons[-2:] == ["above the anchor", "closeness 0.57"]  # 25 px above, 10 px to its left


def test_right_of_a_caption_means_right_of_the_field_it_labels() -> None:
    t = tree(el("cap", "text", "Email", _CAPTION), el("box", "textbox", "", _FIELD),
             el("after-field", "button", "Check", (300, 95, 80, 30)),
             el("under-field", "button", "Check", (100, 140, 60, 30)))  # fmt: skip  # right of the word only
    assert locate(t, "the Check button right of Email").element.ref == "after-field"
    assert _reasons(t, "the Check button right of Email")["under-field"][-1] == "not right the anchor"


def test_left_of_a_caption_means_left_of_the_field_it_labels() -> None:
    # The caption follows its field here ("[      ] Email").
    t = tree(el("box", "textbox", "", (70, 95, 200, 30)), el("cap", "text", "Email", (280, 100, 60, 20)),
             el("before-field", "button", "Clear", (0, 95, 60, 30)),
             el("under-field", "button", "Clear", (200, 140, 60, 30)))  # fmt: skip  # left of the word only
    assert locate(t, "the Clear button left of Email").element.ref == "before-field"
    assert _reasons(t, "the Clear button left of Email")["under-field"][-1] == "not left the anchor"


# -- the anchor itself ----------------------------------------------------------------------------------


def test_next_to_a_button_the_button_itself_is_measured_from_the_other_anchors() -> None:
    # "the button next to Save": Save is both the anchor and a button; next to nothing but itself.
    t = tree(el("save", "button", "Save", (0, 0, 80, 30)), el("undo", "button", "Undo", (90, 0, 80, 30)))
    reasons = _reasons(t, "the button next to Save")
    assert reasons["save"][-1] == "not near the anchor"
    assert "the anchor itself" not in reasons["save"]
    assert locate(t, "the button next to Save").element.ref == "undo"


def test_below_a_button_the_button_itself_is_not_a_candidate() -> None:
    t = tree(el("save", "button", "Save", (0, 0, 80, 30)), el("undo", "button", "Undo", (0, 40, 80, 30)))
    reasons = _reasons(t, "the button below Save")
    assert reasons["save"][-1] == "the anchor itself"
    assert _scores(t, "the button below Save")["save"] == pytest.approx(0.6 + 0.25 - 0.5)


# -- the anchor's own words: "the checkbox next to First class" ---------------------------------------


def _first_class() -> object:
    return tree(el("c1", "checkbox", "First class", (0, 0, 20, 20)), el("x", "text", "First class", (30, 0, 100, 20)),
                el("c2", "checkbox", "Name", (0, 40, 20, 20)))  # fmt: skip


def test_an_anchor_whose_words_the_page_shows_together_is_not_read_as_an_ordinal() -> None:
    # "First class" is on the page: "first" is part of the name, not "the first class".
    index = index_for(_first_class())
    assert [i for i, _ in anchors_for(index, "First class")] == [0, 1]


def test_a_checkbox_labelled_with_the_anchor_words_gets_the_label_bonus() -> None:
    t = _first_class()
    c = rank(t, "checkbox next to First class")[0]
    assert c.element.ref == "c1"
    assert c.reasons == ["role only", "role checkbox", "labelled by the anchor"]
    assert c.score == pytest.approx(0.6 + 0.25 + 0.45)


def test_the_anchor_words_are_read_without_their_role_word() -> None:
    # "the Remember me checkbox": the checkbox's label is "Remember me", the anchor's words without "checkbox".
    t = tree(el("box", "checkbox", "Remember me", (0, 0, 20, 20)), el("cap", "text", "Remember me", (30, 0, 120, 20)),
             el("other", "checkbox", "Stay signed in", (0, 60, 20, 20)))  # fmt: skip
    c = rank(t, "checkbox next to Remember me checkbox")[0]
    assert c.element.ref == "box"
    assert c.reasons == ["role only", "role checkbox", "labelled by the anchor"]


# -- a candidate without a position --------------------------------------------------------------------


def test_a_candidate_without_a_box_loses_a_positional_description_and_the_rest_are_still_scored() -> None:
    t = tree(el("cap", "text", "Coupon", (0, 0, 80, 20)),
             el("ghost", "button", "Apply", None),
             el("real", "button", "Apply", (0, 30, 80, 30)))  # fmt: skip
    found = {c.element.ref: c for c in rank(t, "Apply button below Coupon")}
    assert found["ghost"].reasons[-1] == "no position"
    assert found["ghost"].score == pytest.approx(1.0 + 0.25 - 0.5)
    assert found["real"].reasons[-2:] == ["below the anchor", "closeness 0.80"]
    assert found["real"].score == pytest.approx(1.0 + 0.25 + 0.25 + 0.15 * 0.8)


# -- closeness and "on the anchor's line" do not split the equals ---------------------------------------


def _one(rect: tuple[float, float, float, float], kind: str, anchor: tuple[float, float, float, float]) -> Scored:
    t = tree(el("a", "text", "Coupon", anchor), el("b", "button", "Apply", rect))
    index = index_for(t)
    s = Scored(1, 1.0, 1.0)
    apply_position(index, [s], kind, [(0, Rect(*anchor))], "Coupon")
    return s


def test_closeness_counts_in_the_score_but_not_in_the_base_that_groups_equals() -> None:
    s = _one((0, 30, 80, 30), "below", (0, 0, 80, 20))
    assert s.reasons == ["below the anchor", "closeness 0.80"]
    assert s.score == pytest.approx(1.0 + 0.25 + 0.12)
    assert s.base == pytest.approx(1.0 + 0.25)


def test_next_to_a_text_on_its_line_is_a_small_continuous_bonus() -> None:
    s = _one((90, 0, 80, 20), "near", (0, 0, 80, 20))
    assert s.reasons == ["near the anchor", "closeness 0.80", "on the anchor's line"]
    assert s.score == pytest.approx(1.0 + 0.25 + 0.12 + 0.06)
    assert s.base == pytest.approx(1.0 + 0.25)


def test_right_of_on_the_anchors_line_counts_in_the_base() -> None:
    s = _one((90, 0, 80, 20), "right", (0, 0, 80, 20))
    assert s.reasons == ["right the anchor", "closeness 0.80", "on the anchor's line"]
    assert s.base == pytest.approx(1.0 + 0.25 + 0.1)


# -- nearest: cards the page draws without a container ------------------------------------------------


def _nearest(*rects: tuple[float, float, float, float], anchor: tuple[float, float, float, float]) -> list[Scored]:
    t = tree(*(el(f"b{k}", "button", "Like", r) for k, r in enumerate(rects)))
    scored = [Scored(k, 1.0, 1.0) for k in range(len(rects))]
    nearest(index_for(t), scored, [Rect(*anchor)], "@maria")
    return scored


def test_nearest_counts_a_control_above_the_text_three_times_as_far_plus_forty_pixels() -> None:
    # The text is at y 100..120. "above" is 10 px above it: 10 x 3 + 40 = 70 px. Below, within
    # 5% + 1 px of that (74.5) is as near; 75 px is farther.
    above, at_edge, past_edge = _nearest((0, 60, 100, 30), (0, 194.5, 100, 30), (0, 195, 100, 30),
                                         anchor=(0, 100, 100, 20))  # fmt: skip
    assert above.reasons == ["nearest to '@maria'"] and above.score == pytest.approx(1.3)
    assert at_edge.reasons == ["nearest to '@maria'"] and at_edge.score == pytest.approx(1.3)
    assert past_edge.reasons == ["farther from '@maria'"] and past_edge.score == pytest.approx(0.7)
    assert past_edge.base == pytest.approx(0.7)


def test_nearest_a_control_centred_on_the_texts_top_edge_is_not_above_it() -> None:
    # The first one's centre is exactly at the text's top (y 100): measured as is, 100 px away.
    level, below = _nearest((200, 85, 100, 30), (0, 224, 100, 30), anchor=(0, 100, 100, 20))
    assert level.reasons == ["nearest to '@maria'"]
    assert below.reasons == ["nearest to '@maria'"]  # 104 px <= 100 x 1.05 + 1


def test_nearest_measures_from_the_closest_of_several_texts() -> None:
    t = tree(el("b0", "button", "Like", (0, 300, 100, 30)), el("b1", "button", "Like", (0, 600, 100, 30)))
    scored = [Scored(0, 1.0, 1.0), Scored(1, 1.0, 1.0)]
    nearest(index_for(t), scored, [Rect(0, 0, 100, 20), Rect(0, 560, 100, 20)], "@maria")
    assert [s.reasons for s in scored] == [["farther from '@maria'"], ["nearest to '@maria'"]]


def test_without_a_box_a_candidate_is_farther_and_without_any_box_nothing_changes() -> None:
    t = tree(el("b0", "button", "Like", None), el("b1", "button", "Like", (0, 50, 100, 30)))
    scored = [Scored(0, 1.0, 1.0), Scored(1, 1.0, 1.0)]
    nearest(index_for(t), scored, [Rect(0, 0, 100, 20)], "@maria")
    assert [s.reasons for s in scored] == [["farther from '@maria'"], ["nearest to '@maria'"]]
    alone = [Scored(0, 1.0, 1.0)]
    nearest(index_for(t), alone, [Rect(0, 0, 100, 20)], "@maria")
    assert alone[0].reasons == [] and alone[0].score == 1.0


def test_like_for_a_person_in_a_feed_of_unmarked_posts_is_the_one_under_their_name() -> None:
    # Neither post is a container; Sam's Like (10 px above Maria's name) is closer to it than Maria's
    # own Like (20 px below), but it ends the post before.
    t = tree(el("n1", "text", "Sam Ito", (0, 0, 200, 20)), el("l1", "button", "Like", (0, 120, 60, 30)),
             el("n2", "text", "Maria Lopez @maria", (0, 160, 200, 20)), el("l2", "button", "Like", (0, 200, 60, 30)))  # fmt: skip
    found = {c.element.ref: c for c in rank(t, "Like for @maria")}
    assert found["l2"].reasons[-1] == "nearest to '@maria'"
    assert found["l1"].reasons[-1] == "farther from '@maria'"
    assert locate(t, "Like for @maria").element.ref == "l2"


# -- what a relation's anchor refers to ---------------------------------------------------------------


def _two_posts() -> object:
    leo, ana = ("article:Leo Smith",), ("article:Ana Ruiz",)
    return tree(el("r1", "button", "Reply", (0, 0, 60, 30), context=leo), el("k1", "button", "Like", (70, 0, 60, 30), context=leo),
                el("r2", "button", "Reply", (0, 100, 60, 30), context=ana), el("k2", "button", "Like", (70, 100, 60, 30), context=ana))  # fmt: skip


def test_an_anchor_in_a_container_is_the_one_in_that_container() -> None:
    t = _two_posts()
    index = index_for(t)
    assert [i for i, _ in anchors_for(index, "Reply in Ana's post")] == [2]
    assert locate(t, "the Like button next to Reply in Ana's post").element.ref == "k2"


def test_a_possessive_anchor_the_page_does_not_show_is_the_name_it_goes_with() -> None:
    t = tree(el("h1", "text", "Maria Lopez", (0, 0, 200, 20)), el("b1", "button", "Like", (0, 30, 60, 30)),
             el("h2", "text", "Sam Ito", (0, 200, 200, 20)), el("b2", "button", "Like", (0, 230, 60, 30)))  # fmt: skip
    assert anchors_for(index_for(t), "Maria's post") == [(0, Rect(0, 0, 200, 20))]
    assert anchors_for(index_for(t), "Zed's post") == []
    assert rank(t, "Like below Maria's post")[0].reasons[-2:] == ["below the anchor", "closeness 0.80"]


def _dropdowns() -> object:
    return tree(*(el(f"d{k}", "combobox", f"Size {k}", (k * 150, 0, 120, 30)) for k in range(3)))


def test_an_anchor_with_an_ordinal_is_that_one_element() -> None:
    index = index_for(_dropdowns())
    assert [i for i, _ in anchors_for(index, "the second dropdown")] == [1]
    assert [i for i, _ in anchors_for(index, "the second dropdown from the right")] == [1]
    assert [i for i, _ in anchors_for(index, "the first dropdown from the right")] == [2]


def test_an_anchor_counted_from_the_left_is_counted_across_rows() -> None:
    # One dropdown on the first row, far right; two on the second row.
    t = tree(el("d0", "combobox", "Size", (300, 0, 100, 30)), el("d1", "combobox", "Size", (0, 100, 100, 30)),
             el("d2", "combobox", "Size", (150, 100, 100, 30)))  # fmt: skip
    index = index_for(t)
    assert [i for i, _ in anchors_for(index, "the first dropdown")] == [0]
    assert [i for i, _ in anchors_for(index, "the first dropdown from the left")] == [1]


def test_an_anchor_ordinal_past_the_end_falls_back_to_all_the_best() -> None:
    # "next to the fourth dropdown" with three: no single anchor, so all three equals are anchors.
    index = index_for(_dropdowns())
    assert [i for i, _ in anchors_for(index, "the fourth dropdown")] == [0, 1, 2]


def test_anchors_are_the_best_tier_within_six_hundredths() -> None:
    # Exact (1.0) and normalized (0.96) are in the tier; "same words" (0.92) is not.
    t = tree(el("a", "text", "Total", (0, 0, 80, 20)), el("b", "text", "TOTAL", (0, 30, 80, 20)),
             el("c", "text", "The total", (0, 60, 80, 20)))  # fmt: skip
    assert [i for i, _ in anchors_for(index_for(t), "Total")] == [0, 1]


def test_the_anchor_tier_reaches_exactly_six_hundredths_below_the_best() -> None:
    # "Email textbox" asks for a textbox or a searchbox: the Email searchbox scores 1.0 + 0.12 (its
    # role is the second one asked for); a combobox (a textbox's relative) named "E-mail" scores
    # 0.96 (normalized) + 0.1: exactly 0.06 less, still an anchor; "Email address" is not.
    t = tree(el("a", "searchbox", "Email", (0, 0, 100, 30)), el("b", "combobox", "E-mail", (0, 40, 100, 30)),
             el("d", "combobox", "Email address", (0, 120, 100, 30)))  # fmt: skip
    assert [i for i, _ in anchors_for(index_for(t), "Email textbox")] == [0, 1]


def test_an_anchor_needs_half_a_point() -> None:
    # A hidden "Total" text asked for as a button: 1.0 - 0.2 (other role) - 0.3 (hidden) is exactly 0.5.
    t = tree(el("a", "text", "Total", (0, 0, 80, 20), visible=False))
    assert anchors_for(index_for(t), "the Total button") == [(0, Rect(0, 0, 80, 20))]
    # Disabled too (0.4): too weak to measure from.
    t = tree(el("a", "text", "Total", (0, 0, 80, 20), visible=False, enabled=False))
    assert anchors_for(index_for(t), "the Total button") == []


# A row of unnamed filter boxes under a table's column headings: a heading named as one ("the Price column
# header") is itself the anchor, not a caption standing for the box under it, and the box straight under it
# comes before the boxes below it diagonally.
_HEADS = [el("h-name", "text", "Name", (0, 0, 100, 20)), el("h-price", "text", "Price", (110, 0, 100, 20)),
          el("h-stock", "text", "Stock", (220, 0, 100, 20))]  # fmt: skip
_BOXES = [el("f-name", "textbox", "", (0, 25, 100, 24)), el("f-price", "textbox", "", (110, 25, 100, 24)),
          el("f-stock", "textbox", "", (220, 25, 100, 24))]  # fmt: skip


@pytest.mark.parametrize("description", ['the filter box under the "Price" column header',
                                         "the box under the Price header", 'the filter field below the "Price" heading'])
def test_the_box_under_a_column_heading_is_the_one_straight_under_it(description: str) -> None:
    t = tree(*_HEADS, *_BOXES)
    found = locate(t, description)
    assert found.element.ref == "f-price"
    assert "in the heading's column" in found.reasons


def test_a_caption_not_named_as_a_heading_still_stands_for_its_field() -> None:
    """ "the box under Price" (no heading word): the caption stands for the box it labels, so the box under
    Price is the one under that box, as before."""
    t = tree(*_HEADS, *_BOXES, el("below-price", "textbox", "", (110, 60, 100, 24)))
    assert locate(t, "the box under Price").element.ref == "below-price"
