"""RulesPlanner as a StepPlanner, rejections with suggestions, the fake chain run for real, `tapwright plan`."""

from __future__ import annotations

import json

import pytest

from tapwright.cli.main import main
from tapwright.core.context import ToolContext
from tapwright.drivers.fake import FakeDriver
from tapwright.errors import ErrorCode, PlanError
from tapwright.plan.executor import Executor
from tapwright.planners.base import PlanRequest, StepPlanner
from tapwright.planners.rules import RulesPlanner, compile_step, suggestions
from tapwright.registry.registry import Registry

REGISTRY = Registry.default()


async def test_rules_planner_is_a_step_planner() -> None:
    planner: StepPlanner = RulesPlanner()
    response = await planner.plan(PlanRequest(step='Type "alice" into the Username field, then click "Sign in"', registry=REGISTRY))
    assert response.planner == "rules"
    assert response.usage.llm_calls == 0
    assert [s.tool for s in response.plan.steps] == ["web.fill", "web.click"]
    assert response.plan.steps[0].description == 'Type "alice" into the Username field'


async def test_rules_planner_rejects_with_plan_invalid_and_suggestions() -> None:
    with pytest.raises(PlanError) as err:
        await RulesPlanner().plan(PlanRequest(step="Clik the Save button", registry=REGISTRY))
    exc = err.value
    assert exc.code is ErrorCode.PLAN_INVALID
    assert "'Clik the Save button'" in exc.message
    assert 'Click the "Sign in" button' in exc.message
    assert isinstance(exc.data, dict) and exc.data["suggestions"][0].startswith("Click")


async def test_rules_planner_checks_the_schema_at_plan_time() -> None:
    if REGISTRY.get("web.wait") is None:
        pytest.fail("web pack not installed: run make install")
    with pytest.raises(PlanError, match="seconds"):
        await RulesPlanner().plan(PlanRequest(step="Wait 2 minutes", registry=REGISTRY))


async def test_rules_planner_rejects_tools_the_registry_lacks() -> None:
    with pytest.raises(PlanError, match="does not have"):
        await RulesPlanner().plan(PlanRequest(step="Click Save", registry=Registry()))


def test_rejection_names_the_failing_clause_of_a_compound_step() -> None:
    with pytest.raises(PlanError) as err:
        compile_step('Click "Save" and then frobnicate the widget')
    assert "frobnicate" in err.value.message.lower()
    assert err.value.data["clause"].lower().startswith("frobnicate") or "frobnicate" in err.value.data["clause"].lower()


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        ("Clik Save", "Click"),
        ("Tpye alice into Name", "Type"),
        ("Selcet Large from Size", "Select"),
        ("Scrol down", "Scroll"),
        ("Navigat to /x", "Go to"),
    ],
)
def test_suggestions_come_from_the_nearest_verb(clause: str, expected: str) -> None:
    hints = suggestions(clause)
    assert hints and any(h.startswith(expected) for h in hints), hints


def test_step_with_unsupported_check_says_why() -> None:
    with pytest.raises(PlanError, match="cannot check whether an element is required; it checks: checked"):
        compile_step("The Remember me checkbox should be required")


async def test_fake_plan_runs_through_the_executor() -> None:
    """The fake namespace's table yields the locate-then-act chain, and the real executor runs it on the fake screen."""
    driver = FakeDriver()
    plan = compile_step('Type "alice" into the Username field and click the blue "Log in" button', namespace="fake")
    trace = await Executor(REGISTRY, ToolContext([driver])).run(plan.to_dict())
    assert trace.ok, trace.render()
    assert [c.tool for c in trace.calls] == ["fake.locate", "fake.type_text", "fake.locate", "fake.click_at"]
    assert driver.events[-1].ref == "e5"  # the Log in button of the default fake screen


def test_cli_plan_prints_the_plan(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", "--json", 'Select "Large" from the Size dropdown, check "Gift wrap", then click "Add to cart"']) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["tool"] for s in data["steps"]] == ["web.select", "web.check", "web.click"]
    assert main(["plan", "Go", "to", "/login"]) == 0
    assert "web.navigate(url=\"/login\")" in capsys.readouterr().out


def test_cli_plan_exit_2_on_rejection(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", "Frobnicate the widget"]) == 2
    err = capsys.readouterr().err
    assert "PLAN_INVALID" in err and "Frobnicate the widget" in err and "Phrasings that work" in err


def test_cli_plan_fake_namespace(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", "--namespace", "fake", "Click Save"]) == 0
    out = capsys.readouterr().out
    assert "fake.locate" in out and "fake.click_at" in out and "${loc1.output.center_x}" in out


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


@pytest.mark.parametrize(
    ("step", "expected"),
    [
        # Dismissing or closing something *by* an action: the action, scoped to the thing dismissed.
        ("Dismiss the cookie banner by clicking Accept", [("web.click", {"target": "Accept in the cookie banner"})]),
        ("Close the dialog by clicking the X", [("web.click", {"target": "X in the dialog"})]),
        ("Close the Settings panel by pressing Escape", [("web.press_key", {"key": "Escape"})]),
        # Any other purpose: the action alone, or a bare box scoped to what it is for.
        ("Subscribe by clicking Join", [("web.click", {"target": "Join"})]),
        ("Accept the terms by checking the box", [("web.check", {"target": "checkbox for terms"})]),
    ],
)
def test_an_action_done_by_another_compiles_to_that_action(step: str, expected: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == expected


def test_bare_words_after_a_fill_name_a_field_and_after_a_click_are_checked() -> None:
    # "and confirm new password" after typing a password: the confirmation field, filled the same way.
    assert _calls('Type "secret1" into Password and confirm new password') == [
        ("web.fill", {"target": "Password", "text": "secret1"}),
        ("web.fill", {"target": "confirm new password", "text": "secret1"}),
    ]
    assert _calls("Click Save and confirm password") == [("web.click", {"target": "Save"}), ("web.verify_text", {"text": "password"})]


@pytest.mark.parametrize("step", [
    'Fill Password with "a" and confirm password',
    'Fill "Password" with "a" and confirm password',
    'Fill in Password with "a" and Confirm password',
    'Set Password to "a" and confirm password',
])  # fmt: skip
def test_a_quoted_value_ends_at_its_closing_quote_and_the_field_after_and_gets_it_too(step: str) -> None:
    # Not one fill typing '"a" and confirm password': the value is "a", and the words after "and"
    # name the confirmation field, filled the same way (as 'Type "a" into Password and confirm password').
    calls = _calls(step)
    assert [(tool, args["text"]) for tool, args in calls] == [("web.fill", "a"), ("web.fill", "a")]
    assert calls[0][1]["target"].strip('"') == "Password" and calls[1][1]["target"].lower() == "confirm password"


@pytest.mark.parametrize("step", ['Fill Password with "a" extra words here', 'Set Password to "a" or maybe "b"'])
def test_words_after_a_quoted_value_that_name_no_field_are_rejected(step: str) -> None:
    with pytest.raises(PlanError) as err:
        compile_step(step)
    assert err.value.code is ErrorCode.PLAN_INVALID


@pytest.mark.parametrize(
    ("step", "field", "button"),
    [
        ('Log in with username "ann" and password "pw-1"', "username", "Log in"),
        ('Sign in as "ann" with the password "pw-1"', "username", "Sign in"),
        ('Log in as "ann" using password "pw-1"', "username", "Log in"),
        ('Log in with "ann" / "pw-1"', "username", "Log in"),
        ('Sign in with email "ann" and password "pw-1"', "email", "Sign in"),
    ],
)
def test_a_sign_in_with_two_quoted_values_fills_user_and_password_then_presses_the_verbs_button(
    step: str, field: str, button: str
) -> None:
    # Any wording whose other words only say which value is which: the first value is the user, the second
    # the password; the button is the one the verb names (a form whose button says otherwise is not found).
    steps = [(s.tool, s.args) for s in compile_step(step).steps]
    assert steps == [("web.fill", {"target": field, "text": "ann"}), ("web.fill", {"target": "password", "text": "pw-1"}),
                     ("web.click", {"target": button})]  # fmt: skip


def test_a_sign_in_with_other_words_between_its_values_is_not_read_as_credentials() -> None:
    with pytest.raises(PlanError):
        compile_step('Log in as "ann" with the new password "pw-1" twice over')
