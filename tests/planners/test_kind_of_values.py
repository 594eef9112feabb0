"""A kind said once before a list of names is every name's kind (issue 26: repeated structure).

'the canvas should show the nodes "A", "B" and "C"' used to check 'nodes "A"' in the canvas and then "B" and "C"
as bare texts anywhere in it: the kind reached the first name only, and in the plural. Now each name is checked
as one of that kind ('"A" node'), in the subject (on a page, anywhere), as 'I should see the nodes ...' does.
"""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


@pytest.mark.parametrize(("step", "expected"), [
    ('Then the canvas should show the nodes "Every minute", "To Fahrenheit" and "Humidity"',
     [("web.verify_visible", {"target": f'"{n}" node in the canvas'}) for n in ("Every minute", "To Fahrenheit", "Humidity")]),
    ('Then the page should show the sections "pet", "store" and "user"',
     [("web.verify_visible", {"target": f'"{n}" section'}) for n in ("pet", "store", "user")]),
    ('Then the dialog should list the options labelled "Small" and "Large"',
     [("web.verify_visible", {"target": f'"{n}" option in the dialog'}) for n in ("Small", "Large")]),
])  # fmt: skip
def test_each_name_is_of_the_kind(step: str, expected: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == expected


@pytest.mark.parametrize("step", [
    'Then the table should list "A" and "B"',  # no kind: the values as they were
    'Then the response body should list "maria" and "yuki"',
    'Then the page should show the text "A" and "B"',  # "text" says what they are, not a kind of element
])  # fmt: skip
def test_no_kind_noun_no_kind(step: str) -> None:
    assert all("node" not in str(args) and "texts" not in str(args) for _, args in _calls(step))


@pytest.mark.parametrize(("step", "expected"), [
    # One name after a word for an element: that element, named so (a text word, "message", stays a text check's).
    ('Then the page should show the title "Pet Store"', [("web.verify_visible", {"target": '"Pet Store" title'})]),
    ('Then the dialog should show the status badge "Open"',
     [("web.verify_visible", {"target": '"Open" status badge in the dialog'})]),
    # Said together: each claim with its own kind; a kind said before several names keeps them together.
    ('Then the page should show the title "Pet Store" with the version badge "1.4" and the tabs "pet" and "user"',
     [("web.verify_visible", {"target": '"Pet Store" title'}), ("web.verify_visible", {"target": '"1.4" version badge'}),
      ("web.verify_visible", {"target": '"pet" tab'}), ("web.verify_visible", {"target": '"user" tab'})]),
])  # fmt: skip
def test_one_name_after_a_word_for_an_element_is_that_element(step: str,
                                                               expected: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == expected


@pytest.mark.parametrize("step", ['Then the page should show the message "Saved"',  # a text word: no element kind
                                  'Then the page should show the big red title "X"'])  # three words: not read so
def test_other_words_before_one_name_are_not_a_kind(step: str) -> None:
    try:
        calls = _calls(step)
    except PlanError:
        return
    assert all("title" not in str(a.get("target", "")) and "message" not in str(a.get("target", "")) for _, a in calls)
