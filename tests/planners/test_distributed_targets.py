"""An action or check on a plural kind in several named places ('Tick the checkboxes in the "A" and "B" rows') is one
call per place, on the one thing of that kind in it: no call stands for several (issue 26: actions on N items)."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, s.args) for s in compile_step(step).steps]


def test_each_place_gets_its_own_call() -> None:
    assert _calls('When I tick the checkboxes in the "ORD-1" and "ORD-9" rows') == [
        ("web.check", {"target": 'checkbox in the "ORD-1" row'}),
        ("web.check", {"target": 'checkbox in the "ORD-9" row'}),
    ]
    assert _calls('Click the Delete buttons in the "Ann", "Bob" and "Cy" rows') == [
        ("web.click", {"target": f'Delete button in the "{n}" row'}) for n in ("Ann", "Bob", "Cy")
    ]
    assert _calls('Click the Remove links of "Ann" and "Bob"') == [
        ("web.click", {"target": 'Remove link of "Ann"'}), ("web.click", {"target": 'Remove link of "Bob"'}),
    ]


def test_names_joined_otherwise_stay_refused() -> None:
    with pytest.raises(PlanError):
        compile_step('Click the options "A" and "B"')  # no place: which option is which is not said
    with pytest.raises(PlanError):
        compile_step('Click the checkbox in the "A" or "B" row')  # one of them, not each


def test_one_value_typed_into_both_named_fields() -> None:
    assert _calls('Type "x7" as both the Password and the Password confirmation') == [
        ("web.fill", {"target": "Password", "text": "x7"}),
        ("web.fill", {"target": "Password confirmation", "text": "x7"}),
    ]
    assert _calls('Type "x7" into both the Password and the Repeat password fields') == [
        ("web.fill", {"target": "Password", "text": "x7"}),
        ("web.fill", {"target": "Repeat password field", "text": "x7"}),
    ]
    assert _calls('Put "x7" into both password fields') == [
        ("web.fill", {"target": "first password field", "text": "x7"}),
        ("web.fill", {"target": "second password field", "text": "x7"}),
    ]


@pytest.mark.parametrize(("step", "verb", "keys"), [
    ("Tick #147 and #139", "web.check", ["#147", "#139"]),
    ("Untick ORD-1, ORD-9 and ORD-12", "web.uncheck", ["ORD-1", "ORD-9", "ORD-12"]),
    ("Click A12 and B7", "web.click", ["A12", "B7"]),
])
def test_keys_joined_by_and_are_one_call_each(step: str, verb: str, keys: list[str]) -> None:
    """A key (a word with a digit in it) names one thing: 'A and B' of keys is two targets, none dropped."""
    assert [(s.tool, s.args) for s in compile_step(step).steps] == [(verb, {"target": k}) for k in keys]


@pytest.mark.parametrize("step", ["Tick Email and SMS", "Tick Terms and Conditions", "Uncheck A1 B2",
                                  "Select rows 3 and 5"])
def test_words_joined_by_and_stay_one_name(step: str) -> None:
    """Words without a digit may be one name ("Terms and Conditions"); keys not joined by "and" are one name."""
    assert len(compile_step(step).steps) == 1
