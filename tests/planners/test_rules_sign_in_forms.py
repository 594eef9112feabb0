"""Sign-in and field phrasings people write for any form (issue 26): a form that asks only for a password or a
token, "Given I am logged in as ...", and "enter the email "x"" (a value named by the words before it). A quoted
secret never becomes part of a description. Offline; the steps are invented for these tests."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


CASES: list[tuple[str, list[tuple[str, dict[str, object]]]]] = [
    ('When I log in with the password "s3"',
     [("web.fill", {"target": "password", "text": "s3"}), ("web.click", {"target": "Log in"})]),
    ('When I sign in using my access token "t-1"',
     [("web.fill", {"target": "access token", "text": "t-1"}), ("web.click", {"target": "Sign in"})]),
    ('Given I am logged in as "ann" with the password "pw"',
     [("web.fill", {"target": "username", "text": "ann"}), ("web.fill", {"target": "password", "text": "pw"}),
      ("web.click", {"target": "Log in"})]),
    ('Given I am signed in as "ann" with password "pw"',
     [("web.fill", {"target": "username", "text": "ann"}), ("web.fill", {"target": "password", "text": "pw"}),
      ("web.click", {"target": "Sign in"})]),
    ('When I enter the email "ann@x.org"', [("web.fill", {"target": "email", "text": "ann@x.org"})]),
    ('When I enter the user name "ann" and the password "pw"',
     [("web.fill", {"target": "user name", "text": "ann"}), ("web.fill", {"target": "password", "text": "pw"})]),
]


@pytest.mark.parametrize(("step", "calls"), CASES, ids=[c[0][:60] for c in CASES])
def test_the_fields_are_filled_with_the_values_said(step: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == calls


def test_no_quoted_value_is_left_inside_a_description() -> None:
    for step, _ in CASES:
        for tool, args in _calls(step):
            assert '"' not in str(args.get("target", "")), (step, tool, args)


@pytest.mark.parametrize("step", ['Type the text "hello"', 'Enter the value "3"'])
def test_what_names_no_field_is_refused(step: str) -> None:
    with pytest.raises(PlanError):
        compile_step(step)
