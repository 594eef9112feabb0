"""score.py at its exact edges: a text score of exactly 0.85 or 0.3, a section that names the field exactly as
well as its own text does, a widget phrase whose best answer scores exactly 0.5, and a control labelled by
text beside it (the label's score, a control named twice, a control that labels itself)."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.locator import rank
from tapwright.locator.index import TreeIndex
from tapwright.locator.query import Query
from tapwright.locator.score import MIN_TEXT, score_all


def _found(t, description: str) -> dict[str, tuple[float, list[str]]]:
    return {c.element.ref: (c.score, c.reasons) for c in rank(t, description)}


# -- a text beside an unnamed control: the label it gives --------------------------------------------


def test_a_text_matching_at_exactly_0_85_still_labels_the_control_beside_it() -> None:
    # The text's only field is its id (weight 0.85): an exact match scores 0.85, the least a label may.
    t = tree(el("t", "text", "", (30, 0, 100, 20), id="remember"), el("c", "checkbox", "", (0, 0, 20, 20)))
    found = _found(t, "remember checkbox")
    assert list(found) == ["c", "t"]
    assert found["c"][1] == ["text beside it", "role checkbox"]
    assert found["c"][0] == pytest.approx(0.93 + 0.25)
    assert found["t"][1][-1] == "label of a form control"


def test_the_control_labelled_by_text_keeps_the_text_score_for_a_verb_for_an_object() -> None:
    # "Subscribe for newsletter" is first read as "Subscribe newsletter": it answers only when a candidate's
    # text matches at 0.9 or better. The label text matches at 0.86 (its "near" field); the checkbox beside
    # it takes the label at 0.93, so the reading stands and the checkbox is found.
    t = tree(
        el("t", "text", "", (30, 0, 200, 20), near="Subscribe newsletter"), el("c", "checkbox", "", (0, 0, 20, 20))
    )
    found = _found(t, "Subscribe for newsletter")
    assert list(found) == ["c", "t"]
    assert found["c"] == (pytest.approx(0.93 + 0.05), ["text beside it", "interactive"])


def test_a_control_that_labels_itself_is_scored_once_and_demoted_as_a_label() -> None:
    # A checkbox the page reports as not interactive, unnamed, with an id "remember": its own text (0.85)
    # sits on its own line, so it is its own label (0.93), and as a label it yields 0.15.
    t = tree(el("a", "checkbox", "", (0, 0, 20, 20), interactive=False, id="remember"))
    found = _found(t, "remember checkbox")
    assert found == {"a": (pytest.approx(0.93 + 0.25 - 0.15),
                           ["text beside it", "role checkbox", "label of a form control"])}  # fmt: skip


def test_a_role_named_twice_in_a_query_labels_each_control_once() -> None:
    # parse() never repeats a role, but a Query built by hand may: the second pass over the same checkbox
    # scores it exactly as the first did, and an equal score does not replace it.
    t = tree(el("l", "text", "Remember me", (30, 0, 100, 20)), el("c", "checkbox", "", (0, 0, 20, 20)))
    q = Query(raw="remember me checkbox", text="remember me", full_text="remember me", roles=("checkbox", "checkbox"))
    scored = score_all(TreeIndex(t), q)
    assert sorted(s.i for s in scored) == [0, 1]
    box = next(s for s in scored if s.i == 1)
    assert box.reasons == ["text beside it", "role checkbox"]
    assert box.score == pytest.approx(0.93 + 0.25)


# -- a text score of exactly MIN_TEXT ---------------------------------------------------------------


def test_a_text_match_of_exactly_min_text_is_a_candidate() -> None:
    # Six of eleven query words, the whole name: 0.55 x 6/11 = 0.3, which is MIN_TEXT in floating point too.
    t = tree(el("p", "text", "alpha bravo charlie delta echo foxtrot"))
    found = _found(t, "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo")
    assert found == {"p": (MIN_TEXT, ["name partial 'alpha bravo charlie delta echo foxtrot'"])}


# -- a section that names the field no better than its own text ------------------------------------------


def test_a_section_reading_that_only_equals_the_own_text_keeps_the_own_reason() -> None:
    # "Billing zip": the label "Biling zipperbag xyz" (a typo 0.8 and a longer word 0.7, 2 of 3 words) and
    # "zip billing address" (the name and its section, 2 of 3 words, at 0.75) both score 0.59 exactly.
    t = tree(el("z", "textbox", "Zip", context=("group:Billing address",), label="Biling zipperbag xyz"))
    found = _found(t, "Billing zip")
    assert found == {"z": (pytest.approx(0.59 + 0.05), ["label fuzzy 'Biling zipperbag xyz'", "interactive"])}


# -- a widget phrase answered at exactly 0.5 --------------------------------------------------------------


def test_a_search_field_answered_at_exactly_0_5_is_kept_not_replaced_by_any_field() -> None:
    # A hidden, disabled, non-interactive text box whose placeholder is "Search" labels itself:
    # 0.93 + 0.12 (textbox, the second role) - 0.3 - 0.1 - 0.15 (a label) = 0.5, the least that answers.
    t = tree(el("f", "textbox", "", interactive=False, visible=False, enabled=False, placeholder="Search"))
    found = _found(t, "search field")
    assert found["f"][0] == 0.5
    assert found["f"][1] == ["a search control", "text beside it", "role textbox", "hidden", "disabled",
                             "label of a form control"]  # fmt: skip
