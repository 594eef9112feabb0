"""Checks said in the present tense, words of time, captions in lower case, and quoted texts kept apart.

- "the Files panel lists "A"", "a "Create" dialog opens", "the dialog closes": present-tense verbs that may
  also be nouns ("lists", "opens") are verbs only after a subject that names something;
- "the Pause button now reads "Resume"": "now", "still", "again" between a subject and its verb say when;
- 'the row "A-1" should show status "Confirmed" and fee "80"': a caption in lower case before its value;
- '"A", "B" and "C" in the table': each value there;
- a quoted text with other words around it is no one text a page shows: refused, never looked for whole;
- a word said outside quotes is not accounted for by a quoted name that happens to hold it.
"""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules._planner import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


def _refused(step: str) -> str:
    with pytest.raises(PlanError) as err:
        compile_step(step)
    return str(err.value)


def test_present_tense_verbs_that_may_be_nouns() -> None:
    assert _calls('Then the Files panel lists the folders "a" and "b"') == [
        ("web.verify_visible", {"target": '"a" folder in the Files panel'}),
        ("web.verify_visible", {"target": '"b" folder in the Files panel'})]
    assert _calls('Then a "Create Folder" dialog opens') == [
        ("web.verify_visible", {"target": '"Create Folder" dialog'})]
    assert _calls("Then the settings dialog closes") == [("web.verify_not_visible", {"target": "settings dialog"})]
    # A noun after an article only: "lists" stays the subject.
    assert _calls("Then the lists are shown") == [("web.verify_text", {"text": "lists"})]
    # A plain verb said first wins over one that may be a noun.
    assert _calls('Then the page that lists users is titled "Users"') == [
        ("web.verify_text", {"text": "Users", "target": "page that lists users"})]


def test_words_of_time_before_the_verb_say_when() -> None:
    assert _calls('And the Pause button now reads "Resume"') == [
        ("web.verify_text", {"text": "Resume", "target": "Pause button"})]
    assert _calls('Then the top bar still shows "Workshop"') == [
        ("web.verify_visible", {"target": '"Workshop" in the top bar'})]


def test_lower_case_captions_before_their_values() -> None:
    assert _calls('And the row "A-1" should show status "Confirmed" and fee "80"') == [
        ("web.verify_text", {"text": "Confirmed", "target": 'status in the row "A-1"'}),
        ("web.verify_text", {"text": "80", "target": 'fee in the row "A-1"'})]
    assert _calls('Then the "Rex" card should show species "Dog", weight "27.5 kg" and "3" visits') == [
        ("web.verify_text", {"text": "Dog", "target": 'species in the "Rex" card'}),
        ("web.verify_text", {"text": "27.5 kg", "target": 'weight in the "Rex" card'}),
        ("web.verify_text", {"text": "3", "target": 'visits in the "Rex" card'})]
    # With an article and a name that is no number, a kind noun names an element (in apposition).
    assert _calls('Then the panel should show the operation "Get a user"') == [
        ("web.verify_visible", {"target": 'operation "Get a user" in the panel'})]


def test_several_values_in_one_place_are_each_looked_for_there() -> None:
    assert _calls('And I should see "A", "B" and "C" in the table') == [
        ("web.verify_visible", {"target": f'"{v}" in the table'}) for v in "ABC"]


def test_each_pair_said_with_as_is_a_row() -> None:
    assert _calls('Then the members table should show "admin" as "Owner" and "maria" as "Annotator"') == [
        ("web.verify_visible", {"target": '"Owner" in the row of "admin"'}),
        ("web.verify_visible", {"target": '"Annotator" in the row of "maria"'})]


def test_a_quoted_text_with_other_words_is_refused() -> None:
    message = _refused('Then the table should show exactly one row, "1-1 of 1"')
    assert "besides the quoted text" in message


def test_a_quoted_name_does_not_account_for_the_words_outside_it() -> None:
    # "level" is inside the file's name, and nowhere in what the call checks: refused, not dropped.
    message = _refused('Then "bed_level.txt" is no longer listed at the top level')
    assert "'level'" in message


@pytest.mark.parametrize("step", ['And I replace the "Color" value with "#15C"', 'And I set the "Color" value to "#15C"',
                                  'And I change the value of "Color" to "#15C"'])  # fmt: skip
def test_a_value_is_typed_into_the_field_that_holds_it(step: str) -> None:
    assert _calls(step) == [("web.fill", {"target": '"Color" field', "text": "#15C"})]
    assert _calls('And I clear the "Color" value') == [("web.clear", {"target": '"Color" field'})]


def test_an_opened_thing_with_a_field_set() -> None:
    assert _calls('Then a side panel titled "New" should open with "Dr. Okafor" already chosen as the "Vet"') == [
        ("web.verify_visible", {"target": 'side panel titled "New"'}),
        ("web.verify_value", {"target": '"Vet" in the side panel titled "New"', "value": "Dr. Okafor"})]
    assert _calls('Then a dialog should open with "Status" set to "Open" and "Owner" set to "Ann"') == [
        ("web.verify_visible", {"target": "dialog"}),
        ("web.verify_value", {"target": '"Status" in the dialog', "value": "Open"}),
        ("web.verify_value", {"target": '"Owner" in the dialog', "value": "Ann"})]


def test_a_caption_that_begins_with_a_verb_goes_on_the_list_of_captions() -> None:
    assert _calls('And the row "A-7" should show vet "Dr. Okafor", visit type "Surgery" and status "Open"') == [
        ("web.verify_text", {"text": "Dr. Okafor", "target": 'vet in the row "A-7"'}),
        ("web.verify_text", {"text": "Surgery", "target": 'visit type in the row "A-7"'}),
        ("web.verify_text", {"text": "Open", "target": 'status in the row "A-7"'})]
    # A verb and its object after a check start a new clause.
    assert _calls('Then I should see "Saved", click the button "Next"')[-1] == ("web.click", {"target": 'button "Next"'})


def test_a_second_predicate_said_with_no_longer() -> None:
    assert _calls('Then the Files panel lists the folder "docs" again and no longer says "Currently in"') == [
        ("web.verify_visible", {"target": 'folder "docs" in the Files panel'}),
        ("web.verify_not_visible", {"target": '"Currently in" in the Files panel'})]


def test_where_and_how_many_times_are_kept_or_refused() -> None:
    # A place on the page said after a verb of being shown is kept (the locator reads corners and halves).
    assert _calls('Then "X" should be visible at the bottom of the page') == [
        ("web.verify_visible", {"target": '"X" at the bottom of the page'})]
    # A count no call keeps is refused, never dropped; one a call keeps is read.
    assert "'exactly', 'once'" in _refused('Then "X" should be shown exactly once')
    assert [s[0] for s in _calls("Press ArrowDown twice")] == ["web.press_key", "web.press_key"]


def test_while_joins_two_claims() -> None:
    assert _calls('Then "a.gcode" is no longer in the list, while "b.gcode" and "c.gcode" are still listed') == [
        ("web.verify_not_visible", {"target": '"a.gcode" in the list'}),
        ("web.verify_text", {"text": "b.gcode"}), ("web.verify_text", {"text": "c.gcode"})]
    assert _calls('Then "a" should be gone, while "b" should still be listed')[1] == ("web.verify_text", {"text": "b"})


def test_removing_a_chosen_value_presses_its_remove_mark() -> None:
    assert _calls('When I remove "Maria Lopez" from the "Employees" box') == [
        ("web.click", {"target": 'Remove next to "Maria Lopez" in the "Employees" box'}),
        ("web.confirm", {"verb": "remove"})]  # (a question the page asks, if any, is answered)


def test_several_names_not_in_a_place_are_each_looked_for() -> None:
    assert _calls('And "Migrate db" and "Improve search" should no longer be in the table') == [
        ("web.verify_not_visible", {"target": '"Migrate db" in the table'}),
        ("web.verify_not_visible", {"target": '"Improve search" in the table'})]
