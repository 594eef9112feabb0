"""The step grammar's shapes, each pinned to the exact tool calls it compiles to (offline, no browser).

Prefixes (Gherkin words, subjects, adverbs), third-person verbs, purpose clauses, gapped clauses,
strong and weak joins, pronouns, "by ...ing" actions, scoped steps, screenshots and "check"
read as an assertion or as a box. A wrong reading here is a wrong click on a real page.
"""

from __future__ import annotations

import pytest

from tapwright.errors import ErrorCode, PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


def _click(target: str) -> tuple[str, dict[str, object]]:
    return ("web.click", {"target": target})


def _fill(target: str, text: str) -> tuple[str, dict[str, object]]:
    return ("web.fill", {"target": target, "text": text})


CASES: list[tuple[str, list[tuple[str, dict[str, object]]]]] = [
    # Prefixes and third-person verbs.
    ("The user clicks Save", [_click("Save")]),
    ("Then the user empties the Name field", [("web.clear", {"target": "Name field"})]),
    ("Now click Save", [_click("Save")]),
    ("Then, click Save", [_click("Save")]),
    ("First, click Save", [_click("Save")]),
    ("Given I am on /login", [("web.navigate", {"url": "/login"})]),
    ("Then I am on /cart", [("web.verify_url", {"expected": "/cart", "match": "contains"})]),
    ("And I am at /cart", [("web.navigate", {"url": "/cart"})]),
    # Purpose clauses say why, not what.
    ("Press Escape to close the dialog", [("web.press_key", {"key": "Escape"})]),
    ("Click Save so that the form is stored", [_click("Save")]),
    ("Click Save in order to store it", [_click("Save")]),
    ("Click Save to continue", [_click("Save")]),
    ("Click Like next to Reply", [_click("Like next to Reply")]),  # a place, not a purpose
    ("Click the icon close to Reply", [_click("icon close to Reply")]),
    ("Click the Like button next to Reply to open it", [_click("Like button next to Reply")]),  # a place, then a purpose
    ("Click Save to submit the form", [_click("Save")]),
    ("Set min to 5 and max to 50", [_fill("min", "5"), _fill("max", "50")]),
    # Gapped clauses repeat the verb.
    ('Enter "a" in Name and "b" in Password', [_fill("Name", "a"), _fill("Password", "b")]),
    ("Set min price to 5 and max price to 50", [_fill("min price", "5"), _fill("max price", "50")]),
    ('Enter "a" and "b" as the user name and password', [_fill("user name", "a"), _fill("password", "b")]),
    # Weak joins split only before a clause; pronouns name the previous element.
    ("Click the Terms and Conditions link", [_click("Terms and Conditions link")]),
    ("Click Save and Close", [_click("Save and Close")]),
    ('Clear the Email field and type "x" into it', [("web.clear", {"target": "Email field"}), _fill("Email field", "x")]),
    ("Click Save and verify the success banner", [_click("Save"), ("web.verify_visible", {"target": "success banner"})]),
    ('Type "a" into Name and confirm "b"', [_fill("Name", "a"), ("web.verify_text", {"text": "b"})]),
    ('Type "a" into Name and confirm the total is 3', [_fill("Name", "a"), ("web.verify_text", {"text": "3", "target": "total"})]),
    ('Type "a" into Name and confirm that it worked', [_fill("Name", "a"), ("web.verify_text", {"text": "it worked"})]),
    ('Type "a" into Name and confirm name appears', [_fill("Name", "a"), ("web.verify_text", {"text": "name"})]),
    ('Type "a" into Name and confirm my name', [_fill("Name", "a"), ("web.verify_text", {"text": "my name"})]),
    ('Type "a" into Password and confirm password', [_fill("Password", "a"), _fill("confirm password", "a")]),
    # After a fill, "confirm" + bare words names a field; with these words it reads as a check.
    ('Type "a" into Name and confirm this', [_fill("Name", "a"), ("web.verify_text", {"text": "this"})]),
    ('Type "a" into Name and confirm your name', [_fill("Name", "a"), ("web.verify_text", {"text": "your name"})]),
    ('Type "a" into Name and confirm there', [_fill("Name", "a"), ("web.verify_text", {"text": "there"})]),
    ('Type "a" into Name and confirm name is shown', [_fill("Name", "a"), ("web.verify_text", {"text": "name"})]),
    ('Type "a" into Name and confirm names are shown', [_fill("Name", "a"), ("web.verify_text", {"text": "names"})]),
    ('Type "a" into Name and confirm name has 3 items', [_fill("Name", "a"), ("web.verify_count", {"target": "item in the name", "count": 3})]),
    ('Type "a" into Name and confirm names have 3 items', [_fill("Name", "a"), ("web.verify_count", {"target": "item in the names", "count": 3})]),
    ('Type "a" into Name and confirm name should be shown', [_fill("Name", "a"), ("web.verify_text", {"text": "name"})]),
    ('Check "Walk the dog" is done', [("web.verify_text", {"text": "done", "target": '"Walk the dog"'})]),
    ("Check the box is on", [("web.verify_state", {"target": "box", "state": "checked"})]),
    ("Check item as done", [("web.check", {"target": "item"})]),
    ("Check as done", [("web.check", {"target": "as done"})]),  # nothing before "as done": no done-word to drop
    ("Subscribe to the newsletter by clicking the button", [_click("button for newsletter")]),
    ("Share on Twitter by clicking the button", [_click("button for Twitter")]),
    ("Register for the course by clicking the button", [_click("button for course")]),
    # "Check": an assertion when it reads as one, else a box ("as done" and the like dropped).
    ('Check the total is "3"', [("web.verify_text", {"text": "3", "target": "total"})]),
    ('Check the totals are "3"', [("web.verify_text", {"text": "3", "target": "totals"})]),
    ('Check the total should be "3"', [("web.verify_text", {"text": "3", "target": "total"})]),
    ('Check the total must be "3"', [("web.verify_text", {"text": "3", "target": "total"})]),
    ('Check the cart contains "Pen"', [("web.verify_text", {"text": "Pen", "target": "cart"})]),
    ('Check the banner shows "Saved"', [("web.verify_text", {"text": "Saved", "target": "banner"})]),
    ("Check the Remember me box", [("web.check", {"target": "Remember me box"})]),
    *[(f'Mark "Walk the dog" as {w}', [("web.check", {"target": '"Walk the dog"'})])
      for w in ("done", "complete", "completed", "finished", "read")],
    # Not a done-word: the box that word names in that record (the task's own box would mark it done).
    ('Mark "Walk the dog" as urgent', [("web.check", {"target": 'Urgent for "Walk the dog"'})]),
    # An action done by another.
    ("Close the dialog by clicking the X button", [_click("X button in the dialog")]),
    ("Dismiss the banner by clicking Close", [_click("Close in the banner")]),
    ("Dismiss by clicking Close", [_click("Close")]),
    ("Click Save by pressing Enter", [("web.press_key", {"key": "Enter"})]),
    ("Open the menu by clicking Menu", [_click("Menu")]),
    ("Agree to the terms by clicking Accept", [_click("Accept")]),
    ("Agree to the terms by clicking the button", [_click("button for Agree to the terms")]),
    ("Agree to the terms by ticking the box", [("web.check", {"target": "checkbox for Agree to the terms"})]),
    ("Agree to the terms by unticking the box", [("web.uncheck", {"target": "checkbox for Agree to the terms"})]),
    # A verb that names the end state wins over a click or toggle on the bare control, named by what it is for
    # ("the alerts switch": "switch for alerts" is a container to the locator, and ties every switch on the page).
    ("Disable notifications by toggling the switch", [("web.uncheck", {"target": "notifications switch"})]),
    ("Enable notifications by clicking the switch", [("web.check", {"target": "notifications switch"})]),
    ("Turn off alerts by clicking the toggle", [("web.uncheck", {"target": "alerts toggle"})]),
    ("Uncheck newsletter by clicking the checkbox", [("web.uncheck", {"target": "newsletter checkbox"})]),
    ("Enable notifications by clicking Accept", [_click("Accept")]),  # a named button: clicked as said
    ("Enable notifications by clicking the button", [_click("button for notifications")]),  # a button is no toggle
    ("Switch on notifications by clicking the switch", [("web.check", {"target": "notifications switch"})]),
    ("Switch off alerts by clicking the switch", [("web.uncheck", {"target": "alerts switch"})]),
    ("Turn on the lights of the kitchen by clicking the switch", [("web.check", {"target": "lights of the kitchen switch"})]),
    ("Agree to the terms by clicking the box", [_click("box for Agree to the terms")]),  # "checkbox" only when ticked
    # What the bare control is for, without the preposition that led to it.
    ("Search for shoes by clicking the button", [_click("button for shoes")]),
    ("Sign in with Google by clicking the button", [_click("button for Google")]),
    ("Scroll to the footer by clicking the link", [_click("link for footer")]),
    ("Scroll in the list by clicking the link", [_click("link for list")]),
    ("Click on the terms by ticking the box", [("web.check", {"target": "checkbox for terms"})]),
    ("Log out of the app by clicking the button", [_click("button for app")]),  # "of" leads to the object too
    # Scoped steps.
    ('Using the search box, type "desk"', [_fill("the search box", "desk")]),
    ("Using the search box, click Go", [_click("Go")]),
    ('In the Billing section, type "Oslo" into City', [_fill("City in the Billing section", "Oslo")]),
    # Screenshots.
    ("Take a screenshot", [("web.screenshot", {})]),
    ("Take a screenshot of the page", [("web.screenshot", {})]),
    ("Take a screenshot of the screen", [("web.screenshot", {})]),
    ("Take a screenshot of the whole page", [("web.screenshot", {"full_page": True})]),
    ("Take a screenshot of the entire screen", [("web.screenshot", {"full_page": True})]),
    ("Take a screenshot of the full screen", [("web.screenshot", {"full_page": True})]),
    # Places and purposes at their edges (each case kills a mutant of `_drop_purpose` that survived).
    ("Click the arrow right to Submit", [_click("arrow right to Submit")]),  # "right to": a place, even before a verb
    ("Click the arrow left to Open", [_click("arrow left to Open")]),
    ("Click Save so this closes the dialog", [_click("Save")]),  # "so" + subject + verb: why, not what
    ("Click Save so users verify the total", [_click("Save")]),
    ("Click Next in order to proceed", [_click("Next")]),
    ("Click Scroll to top", [_click("Scroll to top")]),  # a label that starts with a verb keeps its "to"
    ("Click Return to shop", [_click("Return to shop")]),
    ("Click Save to store the form", [_click("Save")]),  # "to" + a verb we do not know + its object
    ("Click the link to download the report", [_click("link")]),
    ("Click Send to all the users", [_click("Send to all the users")]),  # a quantifier is no verb
    ("Click Add to my list", [_click("Add to my list")]),
    ("Click Save to Store the form", [_click("Save to Store the form")]),  # capitalised: part of a label
    ("Click Save to", [_click("Save to")]),  # a trailing "to" is part of the name, not a purpose
    ('Click Send to "team" the report', [_click('Send to "team" the report')]),  # a quoted name is no verb
    # A quoted name after "and" with no preposition is one more field for the same text ("too" is an aside).
    ('Type "a" into Name and "Nickname" too', [_fill("Name", "a"), _fill('"Nickname"', "a")]),
    # "that" anywhere after "confirm": a check, not the name of a second field for the same text.
    ('Type "x" into Name and confirm everything that matters', [_fill("Name", "x"), ("web.verify_text", {"text": "everything that matters"})]),
    # A quoted name after "and" repeats a one-control verb (gapping).
    ('Click "OK" in the dialog and "Cancel" in the banner', [_click('"OK" in the dialog'), _click('"Cancel" in the banner')]),
    ('Click Save and "B" in the dialog', [_click("Save"), _click('"B" in the dialog')]),
    ('Check "A" in Billing and "B" in Shipping', [("web.check", {"target": '"A" in Billing'}), ("web.check", {"target": '"B" in Shipping'})]),
    ('Hover over "Files" in the menu and "Help" in the footer', [("web.hover", {"target": '"Files" in the menu'}), ("web.hover", {"target": '"Help" in the footer'})]),
    # "Check ... by clicking the box": the box is ticked (not a text check, not a click that may untick it).
    ("Check the newsletter option by clicking the checkbox", [("web.check", {"target": "newsletter option checkbox"})]),
]


@pytest.mark.parametrize(("step", "expected"), CASES, ids=[c[0] for c in CASES])
def test_each_shape_compiles_to_exactly_these_calls(step: str, expected: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == expected


@pytest.mark.parametrize(
    ("step", "clause"),
    [
        ("Click Save; frobnicate the widget", "frobnicate the widget"),
        ("Click Save then frobnicate the widget", "frobnicate the widget"),
        ("Take a screenshot of the header", None),
        ("Take a screenshot full", None),
        ("Take a screenshot whole", None),
        ("Check", None),
    ],
)
def test_steps_the_grammar_cannot_read_are_refused_naming_the_clause(step: str, clause: str | None) -> None:
    with pytest.raises(PlanError) as err:
        compile_step(step)
    assert err.value.code is ErrorCode.PLAN_INVALID
    if clause:
        assert f"(in {clause!r})" in err.value.message


def test_a_lone_confirm_after_a_fill_does_not_break_the_step() -> None:
    assert _calls('Type "a" into Name and confirm')[0] == _fill("Name", "a")


def test_a_screenshot_with_unknown_words_says_which_and_suggests_screenshots() -> None:
    with pytest.raises(PlanError) as err:
        compile_step("Take a screenshot of the header")
    assert "unexpected words after 'take a screenshot'" in err.value.message
    assert isinstance(err.value.data, dict) and all("creenshot" in s for s in err.value.data["suggestions"])


def test_an_assertion_that_names_no_value_is_refused() -> None:
    with pytest.raises(PlanError) as err:
        compile_step('Type "a" into Name and confirm name should show')
    assert err.value.code is ErrorCode.PLAN_INVALID and "(in 'confirm name should show')" in err.value.message


def test_a_clause_that_does_not_parse_is_not_rescued_by_the_words_after_it() -> None:
    # "confirm password" is a check of its own here: it is not glued onto the unfinished "Set Password to".
    with pytest.raises(PlanError) as err:
        compile_step("Set Password to and confirm password")
    assert "(in 'Set Password to')" in err.value.message
