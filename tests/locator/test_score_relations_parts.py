"""score.py's parts that do not depend on the text, one by one: state, colour, one-line vs multi-line
fields, and form labels (a label yields to its control; the text beside an unnamed control labels it)."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.locator import locate, rank

BLUE, RED = "rgb(13, 110, 253)", "rgb(220, 53, 69)"


def _found(t, description: str) -> dict[str, tuple[float, list[str]]]:
    return {c.element.ref: (round(c.score, 4), c.reasons) for c in rank(t, description)}


# -- state and colour ----------------------------------------------------------------------------------


def test_hidden_costs_three_tenths_and_disabled_one_tenth() -> None:
    t = tree(el("h", "button", "Save", visible=False), el("d", "button", "Save", (0, 40, 80, 30), enabled=False),
             el("hd", "button", "Save", (0, 80, 80, 30), visible=False, enabled=False))  # fmt: skip
    assert _found(t, "Save") == {
        "d": (0.95, ["name exact 'Save'", "interactive", "disabled"]),
        "h": (0.75, ["name exact 'Save'", "interactive", "hidden"]),
        "hd": (0.65, ["name exact 'Save'", "interactive", "hidden", "disabled"]),
    }


def test_a_colour_shown_counts_for_another_colour_against_and_unknown_colours_not_at_all() -> None:
    t = tree(el("b", "button", "Save", background=BLUE), el("r", "button", "Save", (0, 40, 80, 30), background=RED),
             el("n", "button", "Save", (0, 80, 80, 30)))  # fmt: skip
    assert _found(t, "blue Save button") == {
        "b": (1.45, ["name exact 'Save'", "role button", "colour blue"]),
        "n": (1.25, ["name exact 'Save'", "role button"]),
        "r": (1.15, ["name exact 'Save'", "role button", "other colour"]),
    }


def test_two_colours_must_both_be_shown() -> None:
    white = "rgb(255, 255, 255)"
    t = tree(
        el("bw", "button", "Save", background=BLUE, color=white),
        el("b", "button", "Save", (0, 40, 80, 30), background=BLUE),
    )
    assert _found(t, "blue white Save button") == {
        "bw": (1.45, ["name exact 'Save'", "role button", "colour blue/white"]),
        "b": (1.15, ["name exact 'Save'", "role button", "other colour"]),
    }


# -- quoted words ------------------------------------------------------------------------------------


def test_quoted_words_held_among_other_words_score_below_the_whole_name() -> None:
    t = tree(el("s", "button", "Save", (0, 0, 80, 30)), el("d", "button", "Save draft", (0, 40, 80, 30)))
    found = _found(t, 'the "Save" button')
    assert found["s"] == (1.25, ["name exact 'Save'", "role button"])
    assert found["d"] == (
        round(0.74 - 0.15 + 0.25, 4),
        ["name contains 'Save draft'", "not exactly 'Save'", "role button"],
    )


def test_a_quoted_match_at_nine_tenths_is_exact_enough() -> None:
    # Only its title says "Save" (weight 0.9): 0.9 is enough, just.
    t = tree(el("s", "button", "", (0, 0, 80, 30), title="Save"))
    assert _found(t, 'the "Save" button') == {"s": (1.15, ["title exact 'Save'", "role button"])}


# -- one-line and multi-line fields --------------------------------------------------------------------


def _notes() -> object:
    return tree(el("input", "textbox", "Notes", (0, 0, 200, 30), tag="input"),
                el("area", "textbox", "Notes", (0, 40, 200, 90), tag="textarea"),
                el("rich", "textbox", "Notes", (0, 140, 200, 90), tag="div"),
                el("plain", "textbox", "Notes", (0, 240, 200, 30)))  # fmt: skip  # no tag known


def test_a_text_box_is_one_line_a_multi_line_field_costs() -> None:
    found = _found(_notes(), "Notes text box")
    assert found["input"] == (1.25, ["name exact 'Notes'", "role textbox"])
    assert found["plain"] == (1.25, ["name exact 'Notes'", "role textbox"])
    for ref in ("area", "rich"):
        assert found[ref] == (
            1.1,
            ["name exact 'Notes'", "role textbox", "multi-line (a one-line field was asked for)"],
        )


def test_a_text_area_prefers_a_textarea_to_a_rich_editor() -> None:
    found = _found(_notes(), "Notes text area")
    assert found["area"] == (1.45, ["name exact 'Notes'", "role textbox", "multi-line"])
    assert found["rich"] == (1.4, ["name exact 'Notes'", "role textbox", "multi-line"])
    assert found["input"] == found["plain"] == (1.25, ["name exact 'Notes'", "role textbox"])
    assert locate(_notes(), "Notes text area").element.ref == "area"


def test_an_editor_prefers_a_rich_editor_to_a_textarea() -> None:
    found = _found(_notes(), "Notes editor")
    assert found["rich"] == (1.45, ["name exact 'Notes'", "role textbox", "multi-line"])
    assert found["area"] == (1.4, ["name exact 'Notes'", "role textbox", "multi-line"])
    assert found["input"] == found["plain"] == (1.25, ["name exact 'Notes'", "role textbox"])


def test_a_field_says_nothing_about_lines() -> None:
    found = _found(_notes(), "Notes field")
    assert list(found.values()) == [(1.25, ["name exact 'Notes'", "role textbox"])] * 4


def test_line_words_only_concern_text_boxes() -> None:
    # A combobox drawn in a div is not a multi-line field: only its role (a textbox's relative) counts.
    t = tree(el("c", "combobox", "Notes", (0, 0, 200, 30), tag="div"))
    assert _found(t, "Notes editor")["c"] == (1.1, ["name exact 'Notes'", "role combobox (related)"])


# -- a label yields to its control -----------------------------------------------------------------------


def _email() -> object:
    return tree(
        el("t", "text", "Email address", (0, 0, 100, 20)), el("f", "textbox", "Email address", (110, 0, 200, 30))
    )


def test_a_text_that_is_only_a_fields_label_yields_to_the_field() -> None:
    assert _found(_email(), "Email address") == {
        "f": (1.05, ["name exact 'Email address'", "interactive"]),
        "t": (0.85, ["name exact 'Email address'", "label of a form control"]),
    }


def test_asked_for_as_text_the_label_is_not_demoted() -> None:
    assert _found(_email(), "Email address text") == {
        "t": (1.25, ["name exact 'Email address'", "role text"]),
        "f": (0.8, ["name exact 'Email address'", "role textbox (wanted text)"]),
    }


def test_a_layout_tables_cell_that_labels_a_field_yields_too() -> None:
    t = tree(el("td", "cell", "Email address", (0, 0, 100, 20)), el("f", "textbox", "Email address", (110, 0, 200, 30)))
    assert _found(t, "Email address")["td"] == (0.85, ["name exact 'Email address'", "label of a form control"])


# -- the text beside an unnamed control labels it ---------------------------------------------------------


def test_the_text_beside_an_unnamed_checkbox_is_its_label() -> None:
    t = tree(el("t", "text", "Special offers", (30, 0, 100, 20)), el("c", "checkbox", "", (0, 0, 20, 20)))
    assert _found(t, "Special offers checkbox") == {
        "c": (1.18, ["text beside it", "role checkbox"]),
        "t": (0.65, ["name exact 'Special offers'", "role text (wanted checkbox)", "label of a form control"]),
    }
    assert _found(t, "Special offers") == {
        "c": (0.98, ["text beside it", "interactive"]),
        "t": (0.85, ["name exact 'Special offers'", "label of a form control"]),
    }


@pytest.mark.parametrize(("x", "score"), [(44, 0.93 + 0.25), (45, 0.88 + 0.25)])
def test_text_within_24_px_labels_surely_farther_less(x: float, score: float) -> None:
    t = tree(el("t", "text", "Special offers", (x, 0, 100, 20)), el("c", "checkbox", "", (0, 0, 20, 20)))
    assert _found(t, "Special offers checkbox")["c"][0] == pytest.approx(score)


def test_a_caption_above_a_field_labels_it_less_surely() -> None:
    t = tree(el("t", "text", "Notes", (0, 0, 60, 20)), el("f", "textbox", "", (0, 30, 200, 30)))
    assert _found(t, "Notes field")["f"] == (round(0.88 + 0.25, 4), ["text beside it", "role textbox"])


def test_a_radios_text_follows_it_on_its_line() -> None:
    # ( ) HTML  ( ) Plain text: "HTML" ends before the second radio, so it is not the second one's.
    t = tree(el("r1", "radio", "", (0, 0, 20, 20)), el("t1", "text", "HTML", (25, 0, 50, 20)),
             el("r2", "radio", "", (100, 0, 20, 20)), el("t2", "text", "Plain text", (125, 0, 80, 20)))  # fmt: skip
    found = _found(t, "HTML radio")
    assert found["r1"] == (round(0.93 + 0.25, 4), ["text beside it", "role radio"])
    assert "r2" not in found
    assert locate(t, "Plain text radio").element.ref == "r2"


def test_a_named_control_or_one_without_a_box_is_not_labelled_by_nearby_text() -> None:
    t = tree(el("t", "text", "Special offers", (30, 0, 100, 20)), el("named", "checkbox", "Newsletter", (0, 0, 20, 20)),
             el("labelled", "checkbox", "", (0, 30, 20, 20), label="Terms"), el("nowhere", "checkbox", "", None))  # fmt: skip
    assert set(_found(t, "Special offers checkbox")) == {"t"}


def test_a_control_found_by_a_weaker_text_is_replaced_by_its_visual_label() -> None:
    # Its title says "Special" (a partial match); the text beside it says it all: one candidate, labelled.
    t = tree(
        el("t", "text", "Special offers", (30, 0, 100, 20)), el("c", "checkbox", "", (0, 0, 20, 20), title="Special")
    )
    found = _found(t, "Special offers checkbox")
    assert found["c"] == (1.18, ["text beside it", "role checkbox"])
    assert [c.element.ref for c in rank(t, "Special offers checkbox")].count("c") == 1


def test_only_a_strong_text_labels_a_control() -> None:
    # "Special" alone is not "Special offers": the checkbox beside it is not labelled by it.
    t = tree(el("t", "text", "Special", (30, 0, 100, 20)), el("c", "checkbox", "", (0, 0, 20, 20)))
    assert "c" not in _found(t, "Special offers checkbox")


def test_only_controls_of_the_role_asked_for_are_labelled_by_the_text_beside_them() -> None:
    t = tree(el("t", "text", "Special offers", (30, 0, 100, 20)), el("c", "checkbox", "", (0, 0, 20, 20)),
             el("x", "textbox", "", (140, 0, 100, 20)))  # fmt: skip  # also beside the text, but no checkbox
    assert set(_found(t, "Special offers checkbox")) == {"c", "t"}


def test_a_control_with_a_label_of_its_own_is_not_labelled_by_the_text_beside_it() -> None:
    t = tree(
        el("t", "text", "Special offers", (30, 0, 100, 20)), el("c", "checkbox", "", (0, 0, 20, 20), label="Terms")
    )
    assert _found(t, "Special offers checkbox") == {
        "t": (0.8, ["name exact 'Special offers'", "role text (wanted checkbox)"])
    }


def test_a_named_control_before_it_does_not_stop_the_unnamed_one_from_being_labelled() -> None:
    t = tree(el("t", "text", "Special offers", (30, 0, 100, 20)), el("n", "checkbox", "News", (0, 100, 20, 20)),
             el("c", "checkbox", "", (0, 0, 20, 20)))  # fmt: skip
    assert _found(t, "Special offers checkbox")["c"] == (1.18, ["text beside it", "role checkbox"])


@pytest.mark.parametrize(("x", "labels"), [(52, False), (53, True)])
def test_a_checkboxs_text_may_end_at_most_two_pixels_into_it(x: float, labels: bool) -> None:
    # The box starts at x 100: a text ending at 102 reads as the box before's; at 103 as this one's.
    t = tree(el("t", "text", "Offers", (x, 0, 50, 20)), el("c", "checkbox", "", (100, 0, 20, 20)))
    assert ("c" in _found(t, "Offers checkbox")) is labels


def test_a_checkboxs_text_follows_it_on_its_line() -> None:
    # [ ] HTML  [ ] Plain text: "HTML" ends before the second box, so it is not the second one's.
    t = tree(el("c1", "checkbox", "", (0, 0, 20, 20)), el("t1", "text", "HTML", (25, 0, 50, 20)),
             el("c2", "checkbox", "", (100, 0, 20, 20)), el("t2", "text", "Plain text", (125, 0, 80, 20)))  # fmt: skip
    assert "c2" not in _found(t, "HTML checkbox")


def test_a_control_found_by_a_weaker_text_of_its_own_counts_once_with_the_better_score() -> None:
    # Its title contains the words (0.79 x 0.9); the text beside it labels it (0.93): one candidate.
    t = tree(
        el("t", "text", "Special offers", (30, 0, 100, 20)),
        el("c", "checkbox", "", (0, 0, 20, 20), title="Special offers here"),
    )
    refs = [c.element.ref for c in rank(t, "Special offers checkbox")]
    assert refs == ["c", "t"]
    assert _found(t, "Special offers checkbox")["c"] == (1.18, ["text beside it", "role checkbox"])


def test_a_caption_named_like_a_role_word_labels_its_field() -> None:
    # "Title" is also a role word (a heading); with no heading named so, it names the field it labels.
    t = tree(el("t", "text", "Title", (0, 0, 60, 20)), el("f", "textbox", "", (70, 0, 200, 30)))
    assert _found(t, "Title") == {
        "f": (0.98, ["text beside it", "interactive"]),
        "t": (0.85, ["name exact 'Title'", "label of a form control"]),
    }


def test_a_text_that_labels_a_field_twice_over_yields_once() -> None:
    # "Email" is the field's ``near`` text and is drawn beside it: one demotion, not two.
    t = tree(el("t", "text", "Email", (0, 0, 60, 20)), el("f", "textbox", "", (70, 0, 200, 30), near="Email"))
    assert _found(t, "Email") == {
        "f": (0.98, ["text beside it", "interactive"]),
        "t": (0.85, ["name exact 'Email'", "label of a form control"]),
    }
