"""Markdown test cases read as a CommonMark reader shows them: one fixture file per construct
(tests/runner/fixtures/markdown), each checked for the steps it yields and the ones it must not."""

from __future__ import annotations

from pathlib import Path

import pytest

from tapwright.planners.rules import compile_step
from tapwright.runner.cases import CaseError, load_cases
from tapwright.runner.model import Scenario

MD = Path(__file__).parent / "fixtures" / "markdown"


def _one(name: str) -> Scenario:
    (scenario,) = load_cases([MD / name])
    return scenario


def _steps(s: Scenario) -> list[tuple[int | None, str]]:
    return [(st.line, st.text) for st in s.steps]


def test_headings_setext_title_closing_hashes_and_continue_headings() -> None:
    sign_in, browse = load_cases([MD / "headings.md"])
    assert (sign_in.name, browse.name) == ("Sign in", "Browse")  # "## Sign in ##": the closing hashes are markup
    assert sign_in.base_url == browse.base_url == "http://shop"
    # "### Steps" continues the scenario above it instead of starting one.
    assert _steps(sign_in) == [(9, "Go to /login"), (12, 'Click "Sign in"')]
    assert _steps(browse) == [(15, "Go to /shop")]


def test_ordered_lists_any_start_either_delimiter_and_continuation_lines() -> None:
    s = _one("ordered-lists.md")
    assert _steps(s) == [
        (3, "Go to /shop"),
        (4, 'Click "Add to cart"'),
        (5, 'Type "Ann" into the Name field and press Enter'),  # lazy continuation line joins the step
        (8, 'Click "Save" Wait for the toast to disappear'),  # a second paragraph of the same item
    ]


def test_bullets_are_notes_and_details_of_the_step_above() -> None:
    s = _one("unordered-lists.md")
    assert [st.text for st in s.steps] == ["Fill in the form:\n- Name: Ann\n- Email: ann@example.com", 'Click "Send"']
    assert all("Precondition" not in st.text and "note" not in st.text for st in s.steps)


def test_steps_in_a_nested_list_under_a_heading() -> None:
    s = _one("nested-list.md")
    assert s.name == "Checkout"
    # Numbered lists inside bullets are steps; "Sign in:" owns a numbered sub-list, so it is a group, not a step.
    assert _steps(s) == [
        (5, "Go to /checkout"),
        (6, 'Check "Express"'),
        (9, 'Type "ann" into the Username field'),
        (10, 'Click "Sign in"'),
        (11, 'Click "Place order"'),
    ]


def test_code_spans_are_literal_quoted_text_and_markup_is_dropped() -> None:
    s = _one("code-spans.md")
    assert [st.text for st in s.steps] == [
        'Go to "/shop"',
        'Click "Add to cart"',
        'Type “say "hi"” into the Note field',
        "Click Save now here and the link",
    ]
    assert compile_step(s.steps[2].text).steps[0].args == {"target": "Note field", "text": 'say "hi"'}
    assert compile_step(s.steps[1].text).steps[0].args == {"target": '"Add to cart"'}


def test_fenced_blocks_code_never_becomes_steps_expected_block_does() -> None:
    s = _one("fenced-blocks.md")
    assert [st.line for st in s.steps] == [3, 4, 20]
    assert s.steps[1].doc_string == "Line one\n  indented two"  # a fence indented under a step is its doc string
    assert compile_step(s.steps[1].text).steps[0].args == {"target": "Bio field", "text": "Line one\n  indented two"}
    assert s.steps[2].text == 'I should see "Profile saved"'
    assert not any("not a step" in st.text or "print" in st.text for st in s.steps)


def test_tables_under_a_step_are_its_data_table_others_are_text() -> None:
    s = _one("tables.md")
    assert [st.line for st in s.steps] == [7, 8]
    assert s.steps[1].table == [["field", "value"], ["Name", "Ann"], ["Card", "42|42"]]
    plan = compile_step(s.steps[1].text)
    assert [(x.tool, x.args) for x in plan.steps] == [
        ("web.fill", {"target": "Name", "text": "Ann"}),
        ("web.fill", {"target": "Card", "text": "42|42"}),
    ]
    assert not any("Meaning" in st.text for st in s.steps)


def test_html_comments_hide_what_they_hold() -> None:
    s = _one("html-comments.md")
    assert _steps(s) == [(7, "Go to /shop"), (9, 'Click "Add to cart"')]


def test_an_unclosed_fence_inside_a_step_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "open.md"
    path.write_text("# T\n1. Type into Bio:\n   ```\n   text\n", encoding="utf-8")
    with pytest.raises(CaseError, match="never closed") as err:
        load_cases([path])
    assert err.value.line == 3
