"""A quoted phrase shown across neighbouring texts (locator/across.py): a label and its value, a term and its
definition, read as laid out: two runs of text with no gap on one line are one word run, anything else has a space between."""

from __future__ import annotations

from locator.locator_builders import el
from tapwright.core.element import UiTree
from tapwright.core.words import contains_text, text_spans
from tapwright.locator.across import phrase_across, placed_phrase

SIDE = ("complementary:",)


def _page() -> UiTree:
    return UiTree(elements=(
        el("h", "heading", "Latest v3.2.0", (900, 40, 300, 24), text="Latest v3.2.0", context=SIDE),
        el("dt", "text", "", (900, 80, 60, 18), text="Total:", context=SIDE),  # a term, its definition on the next line
        el("dd", "text", "", (940, 100, 60, 18), text="$42.00", context=SIDE),
        el("k", "text", "", (900, 122, 48, 18), text="Status", context=SIDE),  # two spans drawn touching
        el("v", "text", "", (948, 122, 60, 18), text="Running", context=SIDE),
        el("l", "text", "", (900, 180, 60, 18), text="Version", context=SIDE),  # a flex row: a gap between
        el("n", "text", "", (968, 180, 30, 18), text="1.4", context=SIDE),
        el("far", "text", "", (900, 400, 80, 18), text="Downloads", context=SIDE),
        el("c1", "cell", "Lamp", (40, 300, 100, 20), text="Lamp", context=("table", "row:Lamp | 3")),
        el("c2", "cell", "3", (140, 300, 100, 20), text="3", context=("table", "row:Lamp | 3")),
        el("hid", "text", "", (40, 340, 80, 20), text="Secret", visible=False),
        el("after", "text", "", (122, 340, 80, 20), text="plan"),
    ), url="test://page", width=1280, height=800)


def _refs(run: object) -> list[str] | None:
    return None if run is None else [e.ref for e in run]  # type: ignore[attr-defined]


def test_a_label_and_its_value_read_as_one_phrase() -> None:
    assert _refs(phrase_across(_page(), "Total: $42.00")) == ["dt", "dd"]
    assert _refs(phrase_across(_page(), "Version 1.4")) == ["l", "n"]
    assert _refs(phrase_across(_page(), "Lamp 3")) == ["c1", "c2"]


def test_texts_drawn_touching_are_one_word() -> None:
    assert phrase_across(_page(), "Status Running") is None  # drawn "StatusRunning": no space a person sees
    assert _refs(phrase_across(_page(), "StatusRunning")) is None  # one word: the element check answers it
    assert _refs(phrase_across(_page(), "$42.00 StatusRunning")) == ["dd", "k", "v"]


def test_whole_words_at_both_ends_and_numbers_whole() -> None:
    assert phrase_across(_page(), "Total: $42.0") is None
    assert phrase_across(_page(), "Total: $42.001") is None
    assert phrase_across(_page(), "otal: $42.00") is None
    assert phrase_across(_page(), "$42.00 Status") is None  # "Status" runs on into "Running"


def test_no_run_across_containers_far_texts_or_hidden_ones() -> None:
    assert phrase_across(_page(), "1.4 Downloads") is None  # far below
    assert phrase_across(_page(), "Downloads Lamp") is None  # another container
    assert phrase_across(_page(), "Secret plan") is None  # hidden
    assert phrase_across(_page(), "Latest") is None  # one word: the element check answers it
    assert phrase_across(_page(), "Latest v3.2.0") is None  # one element holds it


def test_a_phrase_in_a_place_counts_only_texts_there() -> None:
    assert _refs(placed_phrase(_page(), '"Total: $42.00" in the side panel')) == ["dt", "dd"]
    assert _refs(placed_phrase(_page(), '"Total: $42.00"')) == ["dt", "dd"]
    assert placed_phrase(_page(), '"Total: $42.00" in the table') is None
    assert _refs(placed_phrase(_page(), '"Lamp 3" in the table')) == ["c1", "c2"]
    assert placed_phrase(_page(), 'the "Total: $42.00" button') is None  # a control named so: the locator's answer
    assert placed_phrase(_page(), '"Total: $42.00" below the heading') is None  # another relation


def test_text_spans_are_the_places_contains_text_reads() -> None:
    assert list(text_spans("Hi Bob, Bobby and bob", "bob")) == [(3, 6), (18, 21)]
    assert not list(text_spans("$12.50", "$12")) and list(text_spans("$12.00", "$12")) == [(0, 3)]
    assert contains_text("anything", "") and not list(text_spans("anything", ""))


def test_a_panel_said_by_its_side_on_a_page_that_marks_none_is_that_half() -> None:
    page = UiTree(elements=(
        el("l1", "text", "", (40, 100, 80, 18), text="Latest"),  # the left half says it too
        el("l2", "text", "", (130, 100, 60, 18), text="v0.9.0"),
        el("r1", "text", "", (900, 100, 80, 18), text="Latest"),
        el("r2", "text", "", (990, 100, 60, 18), text="v1.1.0"),
    ), url="test://page", width=1280, height=800)
    assert _refs(placed_phrase(page, '"Latest v1.1.0" in the panel on the right')) == ["r1", "r2"]
    assert placed_phrase(page, '"Latest v1.1.0" in the panel on the left') is None
    assert _refs(placed_phrase(page, '"Latest v0.9.0" in the left panel')) == ["l1", "l2"]
