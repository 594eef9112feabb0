"""The LLM step planner on the fake screen, driven through the official client and the loopback server."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from tapwright.core.context import ToolContext
from tapwright.core.secrets import SecretStore
from tapwright.drivers.fake import FakeDriver
from tapwright.errors import ErrorCode
from tapwright.llm import Budget, LLMClient, LLMConfig
from tapwright.plan.executor import Executor
from tapwright.planners.base import PlanRequest
from tapwright.planners.execute import plan_and_run
from tapwright.planners.llm import LLMPlanner
from tapwright.registry.registry import Registry
from tapwright.testing.openai_server import ScriptedOpenAIServer, tool_calls_reply
from tapwright.tools.fake import toolset as fake_toolset

LOCATE_LOGIN = ("fake__locate", {"target": "blue Log in button"})
CLICK_LOGIN = ("fake__click_at", {"x": "${fake__locate.output.center_x}", "y": "${step1.output.center_y}",
                                  "element_description": "blue Log in button"})  # fmt: skip


@pytest.fixture
def server() -> Iterator[ScriptedOpenAIServer]:
    with ScriptedOpenAIServer() as srv:
        yield srv


@pytest.fixture
async def client(server: ScriptedOpenAIServer) -> AsyncIterator[LLMClient]:
    config = LLMConfig(base_url=server.base_url, model="scripted", api_key="sk-test", timeout_s=5, max_retries=0)
    client = LLMClient(config)
    yield client
    await client.aclose()


@pytest.fixture
def driver() -> FakeDriver:
    return FakeDriver()


@pytest.fixture
def registry() -> Registry:
    return Registry([fake_toolset()])


def _request(registry: Registry, ctx: ToolContext, step: str, **kw: Any) -> PlanRequest:
    return PlanRequest(step=step, registry=registry, ctx=ctx, namespace="fake", **kw)


def _messages(server: ScriptedOpenAIServer, index: int) -> list[dict[str, Any]]:
    return list(server.chat_requests[index].json["messages"])


async def test_locate_then_click_chain_runs_on_the_screen(
    server: ScriptedOpenAIServer, client: LLMClient, driver: FakeDriver, registry: Registry
) -> None:
    server.push(tool_calls_reply(LOCATE_LOGIN, CLICK_LOGIN))
    ctx = ToolContext([driver])
    run = await plan_and_run(LLMPlanner(client), _request(registry, ctx, "Click the Log in button"), Executor(registry, ctx))
    assert run.status == "passed", run.to_dict()
    assert run.response is not None
    steps = run.response.plan.steps
    assert [(s.id, s.tool) for s in steps] == [("step1", "fake.locate"), ("step2", "fake.click_at")]
    assert steps[1].args["x"] == "${fake.locate.output.center_x}"  # exported name normalised
    assert driver.events[-1].kind == "click" and driver.events[-1].ref == "e5"
    assert run.usage.llm_calls == 1 and run.usage.prompt_tokens > 0
    body = server.chat_requests[0].json
    names = {t["function"]["name"] for t in body["tools"]}
    assert {"fake__locate", "fake__click_at", "answer"} <= names
    user = body["messages"][1]["content"]
    assert user.startswith("Step: Click the Log in button")
    assert "<<<untrusted page" in user and 'e5 button "Log in"' in user
    assert "${fake.locate.output.center_x}" in body["messages"][0]["content"]  # the locate-then-act chaining instruction


async def test_unknown_tool_is_corrected(
    server: ScriptedOpenAIServer, client: LLMClient, driver: FakeDriver, registry: Registry
) -> None:
    server.push(tool_calls_reply(("fake__clik_at", {"x": 1, "y": 1})), tool_calls_reply(LOCATE_LOGIN, CLICK_LOGIN))
    ctx = ToolContext([driver])
    run = await plan_and_run(LLMPlanner(client), _request(registry, ctx, "Click Log in"), Executor(registry, ctx))
    assert run.status == "passed"
    assert server.request_count == 2 and run.usage.llm_calls == 2
    feedback = [m for m in _messages(server, 1) if m["role"] == "tool"]
    assert len(feedback) == 1
    assert "UNKNOWN_TOOL" in feedback[0]["content"] and "fake__click_at" in feedback[0]["content"]


async def test_invalid_input_is_corrected(
    server: ScriptedOpenAIServer, client: LLMClient, driver: FakeDriver, registry: Registry
) -> None:
    server.push(
        tool_calls_reply(("fake__click_at", {"x": "left", "y": 270})),
        tool_calls_reply(("fake__click_at", {"x": 100, "y": 270, "element_description": "Log in"})),
    )
    ctx = ToolContext([driver])
    run = await plan_and_run(LLMPlanner(client), _request(registry, ctx, "Click Log in"), Executor(registry, ctx))
    assert run.status == "passed"
    feedback = [m["content"] for m in _messages(server, 1) if m["role"] == "tool"]
    assert feedback and "INVALID_INPUT" in feedback[0] and "$.x" in feedback[0]
    assert driver.events[-1].ref == "e5"


async def test_element_not_found_goes_back_with_candidates(
    server: ScriptedOpenAIServer, client: LLMClient, driver: FakeDriver, registry: Registry
) -> None:
    server.push(
        tool_calls_reply(("fake__locate", {"target": "Sign in now button"}),
                         ("fake__click_at", {"x": "${step1.output.center_x}", "y": "${step1.output.center_y}"})),
        tool_calls_reply(LOCATE_LOGIN, CLICK_LOGIN),
    )  # fmt: skip
    ctx = ToolContext([driver])
    run = await plan_and_run(LLMPlanner(client), _request(registry, ctx, "Sign in"), Executor(registry, ctx))
    assert run.status == "passed" and run.revisions == 1 and len(run.traces) == 2
    assert run.traces[0].error is not None and run.traces[0].error.code in (ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.AMBIGUOUS)
    second = _messages(server, 1)
    tool_messages = [m["content"] for m in second if m["role"] == "tool"]
    assert len(tool_messages) == 2
    assert tool_messages[0].startswith(("NOT_FOUND", "AMBIGUOUS")) and "candidates" in tool_messages[0]
    assert tool_messages[1].startswith("SKIPPED")
    assert "must not be repeated" in second[-1]["content"] and "<<<untrusted page" in second[-1]["content"]
    assert driver.events[-1].ref == "e5"


async def test_corrections_are_bounded(
    server: ScriptedOpenAIServer, client: LLMClient, driver: FakeDriver, registry: Registry
) -> None:
    server.push(*[tool_calls_reply(("fake__nope", {})) for _ in range(5)])
    ctx = ToolContext([driver])
    run = await plan_and_run(LLMPlanner(client, max_corrections=2), _request(registry, ctx, "Do it"), Executor(registry, ctx))
    assert run.status == "failed" and run.error is not None
    assert run.error.code is ErrorCode.UNKNOWN_TOOL
    assert server.request_count == 3 and run.usage.llm_calls == 3
    assert driver.events == []


async def test_malformed_json_is_corrected_then_fails_when_repeated(
    server: ScriptedOpenAIServer, client: LLMClient, driver: FakeDriver, registry: Registry
) -> None:
    bad = tool_calls_reply(("fake__click_at", '{"x": 100, "y": 27'))
    server.push(bad, tool_calls_reply(("fake__click_at", {"x": 100, "y": 270})))
    ctx = ToolContext([driver])
    planner = LLMPlanner(client, max_corrections=1)
    run = await plan_and_run(planner, _request(registry, ctx, "Click Log in"), Executor(registry, ctx))
    assert run.status == "passed" and server.request_count == 2
    assert "not valid JSON" in _messages(server, 1)[-1]["content"]

    server.reset()
    server.push(*[tool_calls_reply(("fake__click_at", '{"x": 1')) for _ in range(3)])
    run = await plan_and_run(planner, _request(registry, ctx, "Click Log in again"), Executor(registry, ctx))
    assert run.status == "failed" and run.error is not None
    assert run.error.code is ErrorCode.LLM_MALFORMED_OUTPUT
    assert server.request_count == 2


async def test_truncated_reply_fails_without_retrying(
    server: ScriptedOpenAIServer, client: LLMClient, driver: FakeDriver, registry: Registry
) -> None:
    server.push(tool_calls_reply(("fake__click_at", '{"x": 1'), finish_reason="length"))
    ctx = ToolContext([driver])
    run = await plan_and_run(LLMPlanner(client), _request(registry, ctx, "Click"), Executor(registry, ctx))
    assert run.error is not None and run.error.code is ErrorCode.LLM_MALFORMED_OUTPUT
    assert server.request_count == 1 and run.usage.llm_calls == 1
    assert driver.events == []


async def test_question_is_answered_without_actions(
    server: ScriptedOpenAIServer, client: LLMClient, driver: FakeDriver, registry: Registry
) -> None:
    server.push(tool_calls_reply(("answer", {"answer": "Sign in"})))
    ctx = ToolContext([driver])
    run = await plan_and_run(LLMPlanner(client), _request(registry, ctx, "What is the heading?"), Executor(registry, ctx))
    assert run.status == "answered" and run.answer == "Sign in"
    assert run.traces == [] and driver.events == []


async def test_secrets_reach_the_model_only_as_names(
    server: ScriptedOpenAIServer, client: LLMClient, driver: FakeDriver, registry: Registry
) -> None:
    secret = "correct-horse-battery-staple"
    server.push(
        tool_calls_reply(
            ("fake__locate", {"target": "Password"}),
            ("fake__type_text", {"text": "${secrets.PASSWORD}", "x": "${step1.output.center_x}",
                                 "y": "${step1.output.center_y}", "element_description": "Password"}),
            ("fake__locate", {"target": "Submit order button"}),
        ),
        tool_calls_reply(LOCATE_LOGIN, CLICK_LOGIN),
    )  # fmt: skip
    ctx = ToolContext([driver], secrets=SecretStore({"PASSWORD": secret}))
    request = _request(registry, ctx, "Type the password and log in", var_names=["user"], secret_names=["PASSWORD"])
    run = await plan_and_run(LLMPlanner(client), request, Executor(registry, ctx))
    assert run.status == "passed"
    assert driver.value_of("Password") == secret  # the value was typed for real ...
    bodies = server.all_bodies()
    assert server.request_count == 2
    assert secret not in bodies  # ... but never reached the model, not even through the observation
    assert "${secrets.PASSWORD}" in bodies and "${vars.user}" in bodies
    assert json.dumps(run.to_dict()).count(secret) == 0


async def test_unknown_variable_names_are_corrected(
    server: ScriptedOpenAIServer, client: LLMClient, driver: FakeDriver, registry: Registry
) -> None:
    server.push(
        tool_calls_reply(("fake__click_at", {"x": 100, "y": 270, "related_data": "${vars.password}"})),
        tool_calls_reply(("fake__click_at", {"x": 100, "y": 270, "related_data": "${vars.user}"})),
    )
    ctx = ToolContext([driver])
    run = await plan_and_run(LLMPlanner(client), _request(registry, ctx, "Click", var_names=["user"]),
                             Executor(registry, ctx), vars={"user": "alice"})  # fmt: skip
    assert run.status == "passed"
    feedback = [m["content"] for m in _messages(server, 1) if m["role"] == "tool"]
    assert "UNRESOLVED_PLACEHOLDER" in feedback[0]


async def test_budget_exceeded_stops_planning(
    server: ScriptedOpenAIServer, driver: FakeDriver, registry: Registry
) -> None:
    server.push(tool_calls_reply(LOCATE_LOGIN, CLICK_LOGIN), tool_calls_reply(LOCATE_LOGIN, CLICK_LOGIN))
    config = LLMConfig(base_url=server.base_url, model="scripted", max_retries=0)
    client = LLMClient(config, budget=Budget(max_calls=1))
    ctx = ToolContext([driver])
    planner = LLMPlanner(client)
    try:
        first = await plan_and_run(planner, _request(registry, ctx, "Click Log in"), Executor(registry, ctx))
        second = await plan_and_run(planner, _request(registry, ctx, "Click Log in twice"), Executor(registry, ctx))
    finally:
        await client.aclose()
    assert first.status == "passed"
    assert second.status == "failed" and second.error is not None
    assert second.error.code is ErrorCode.BUDGET_EXCEEDED
    assert server.request_count == 1


async def test_plan_without_a_screen_still_plans(server: ScriptedOpenAIServer, client: LLMClient, registry: Registry) -> None:
    server.push(tool_calls_reply(("answer", {"answer": "nothing to see"})))
    response = await LLMPlanner(client).plan(PlanRequest(step="What is here?", registry=registry, namespace="fake"))
    assert response.answer == "nothing to see" and response.usage.llm_calls == 1
    assert "(page not observed)" in _messages(server, 0)[1]["content"]


class _ReportingDriver(FakeDriver):
    """The fake screen plus one problem the page reported after the step was planned."""

    def event_mark(self) -> int:
        return 7

    def events_since(self, mark: int) -> list[Any]:
        from tapwright.core.diagnostics import event

        return [event("request", "POST Internal Server Error", "http://127.0.0.1/api/login", 500)] if mark == 7 else []


async def test_page_problems_reach_the_model_when_a_step_fails(
    server: ScriptedOpenAIServer, client: LLMClient, registry: Registry
) -> None:
    server.push(
        tool_calls_reply(("fake__locate", {"target": "Sign in now button"})),
        tool_calls_reply(LOCATE_LOGIN, CLICK_LOGIN),
    )
    ctx = ToolContext([_ReportingDriver()])
    run = await plan_and_run(LLMPlanner(client), _request(registry, ctx, "Sign in"), Executor(registry, ctx))
    assert run.status == "passed" and run.revisions == 1
    correction = _messages(server, 1)[-1]["content"]
    assert "The page reported these problems" in correction
    assert "<<<untrusted page-events" in correction and "failed request: 500 POST Internal Server Error" in correction
    first = _messages(server, 0)[-1]["content"]
    assert "page reported" not in first  # only a failed step's correction carries them


async def test_a_quoted_value_the_model_drops_goes_back_then_fails_plan_invalid(
    server: ScriptedOpenAIServer, client: LLMClient, driver: FakeDriver, registry: Registry
) -> None:
    """A model's plan is held to the step's quoted values: typing other words around one is not typing it."""
    wrapped = ("fake__type_text", {"text": 'the password "yA"', "x": 190, "y": 106})
    server.push(*[tool_calls_reply(wrapped) for _ in range(3)])
    ctx = ToolContext([driver])
    step = 'Enter the password "yA" into the Password field'
    run = await plan_and_run(LLMPlanner(client, max_corrections=2), _request(registry, ctx, step), Executor(registry, ctx))
    assert run.status == "failed" and run.error is not None
    assert run.error.code is ErrorCode.PLAN_INVALID and "'yA'" in run.error.message
    feedback = [m["content"] for m in _messages(server, 1) if m["role"] == "tool"]
    assert feedback and "PLAN_INVALID" in feedback[0] and "not the quoted 'yA'" in feedback[0]
    assert not [e for e in driver.events if e.kind == "type"], "nothing is typed from a rejected plan"


async def test_a_quoted_value_left_out_is_corrected_by_the_model(
    server: ScriptedOpenAIServer, client: LLMClient, driver: FakeDriver, registry: Registry
) -> None:
    server.push(
        tool_calls_reply(LOCATE_LOGIN, CLICK_LOGIN),  # leaves out "Remember me"
        tool_calls_reply(("fake__locate", {"target": "Remember me checkbox"}), LOCATE_LOGIN, CLICK_LOGIN),
    )
    ctx = ToolContext([driver])
    step = 'Tick "Remember me" and click the "Log in" button'
    run = await plan_and_run(LLMPlanner(client), _request(registry, ctx, step), Executor(registry, ctx))
    feedback = [m["content"] for m in _messages(server, 1) if m["role"] == "tool"]
    assert feedback and "'Remember me'" in feedback[-1] and "not used by any call" in feedback[-1]
    assert run.response is not None and run.response.plan.steps[0].args["target"] == "Remember me checkbox"


def test_unused_values_reads_descriptions_ignoring_case_and_typed_values_exactly() -> None:
    from tapwright.planners.rules import unused_values

    click = [{"tool": "web.click", "args": {"target": "save button"}}]
    assert not unused_values('Click "Save"', click)
    typed = [{"tool": "web.fill", "args": {"target": "Name", "text": "bob"}}]
    assert unused_values('Type "Bob" into Name', typed).values == ("Bob",)
    assert not unused_values('Type "Bob" into Name', [{"tool": "web.fill", "args": {"target": "Name", "text": "Bob"}}])
    assert unused_values('Type "Bob" into "Name"', [{"tool": "web.fill", "args": {"target": "the field", "text": "Bob"}}]).values == ("Name",)
    nested = [{"tool": "form.fill", "args": {"fields": [{"label": "Email", "value": "${secrets.MAIL}"}]}}]
    assert not unused_values('Fill "Email" with ${secrets.MAIL}', nested)


def test_a_models_plan_is_held_to_the_words_that_make_another_step_of_it() -> None:
    from tapwright.planners.rules import unused_values

    def words(step: str, *calls: tuple[str, dict[str, object]]) -> tuple[str, ...]:
        return unused_values(step, [{"tool": t, "args": a} for t, a in calls]).words

    # A negation, a quantifier or an ordinal dropped makes another step: named.
    assert words("Bob should not be in the table", ("web.verify_visible", {"target": "Bob in table"})) == ("not",)
    assert words("Tick all rows", ("web.check", {"target": "rows"})) == ("all",)
    assert words("Tick all rows", ("web.check", {"target": "first row"}), ("web.check", {"target": "second row"})) == ("all",)
    assert words("Open the 3rd result", ("web.click", {"target": "result"})) == ("3rd",)
    # Read as the rules read them, or said in another form: used.
    assert not words("Bob should not be in the table", ("web.verify_not_visible", {"target": "Bob in the table"}))
    assert not words("Tick both rows", ("web.check", {"target": "first row"}), ("web.check", {"target": "second row"}))
    assert not words("Tick all rows", ("web.check", {"target": "Select all rows"}))
    assert not words("Open the 3rd result", ("web.click", {"target": "third result"}))
    # Free-form words a model reads into other words are its to read.
    assert not words("Make the T-shirt as big as possible", ("web.select", {"target": "Size", "option": "Large"}))
    assert not words("Open the help site", ("web.navigate", {"url": "https://help.example.test"}))


async def test_a_place_the_model_drops_goes_back_and_is_kept_when_corrected(
    server: ScriptedOpenAIServer, client: LLMClient, driver: FakeDriver, registry: Registry
) -> None:
    """A model's plan keeps the place the step names: "Delete in the Ann row" is not any Delete."""
    loose = ("fake__locate", {"target": "Delete button"})
    scoped = ("fake__locate", {"target": "Delete button in the Ann row"})
    server.push(tool_calls_reply(loose), tool_calls_reply(scoped))
    ctx = ToolContext([driver])
    run = await plan_and_run(LLMPlanner(client), _request(registry, ctx, "Click Delete in the Ann row"), Executor(registry, ctx))
    feedback = [m["content"] for m in _messages(server, 1) if m["role"] == "tool"]
    assert feedback and "PLAN_INVALID" in feedback[-1] and "'in the Ann row'" in feedback[-1]
    assert run.response is not None and run.response.plan.steps[0].args["target"] == "Delete button in the Ann row"


async def test_a_place_still_missing_after_the_corrections_fails_plan_invalid(
    server: ScriptedOpenAIServer, client: LLMClient, driver: FakeDriver, registry: Registry
) -> None:
    server.push(*[tool_calls_reply(LOCATE_LOGIN, CLICK_LOGIN) for _ in range(3)])
    ctx = ToolContext([driver])
    step = "Click the Log in button inside the Welcome dialog"
    run = await plan_and_run(LLMPlanner(client, max_corrections=2), _request(registry, ctx, step), Executor(registry, ctx))
    assert run.status == "failed" and run.error is not None
    assert run.error.code is ErrorCode.PLAN_INVALID and "'inside the Welcome dialog'" in run.error.message
    assert not [e for e in driver.events if e.kind == "click"], "nothing runs from a rejected plan"


def test_a_models_plan_is_held_to_the_places_the_step_names() -> None:
    from tapwright.planners.rules import unused_values

    def lost(step: str, *calls: tuple[str, dict[str, object]]) -> tuple[str, ...]:
        return unused_values(step, [{"tool": t, "args": a} for t, a in calls]).places

    assert lost("Click Delete in the Ann row", ("web.click", {"target": "Delete"})) == ("in the Ann row",)
    assert lost("Click Settings in the sidebar", ("web.click", {"target": "Settings"})) == ("in the sidebar",)
    assert lost('Click Read more under "Soil"', ("web.click", {"target": "Read more"})) == ('under "Soil"',)
    assert lost("Type hi in the search box in the header", ("web.fill", {"target": "search box", "text": "hi header"})) == (
        "in the header",)  # a typed value keeps no place
    # Kept by its name, or for a place with no name by a word for the same kind of container.
    assert not lost("Click Delete in the Ann row", ("web.click", {"target": "Delete button for Ann"}))
    assert not lost("Click Save inside the dialog", ("web.click", {"target": "Save in the modal"}))
    assert not lost("Click Settings in the sidebar", ("web.click", {"target": "Settings in the side panel"}))
    assert not lost("Click Delete in the second row", ("web.click", {"target": "Delete in row 2"}))
    # Not places: a field named after "in", a time, a heading-less "under".
    assert not lost('Type "hi" in the search box', ("web.fill", {"target": "search box", "text": "hi"}))
    assert not lost("The page should load in under 5 seconds", ("web.wait", {"timeout_ms": 5000}))


def test_a_models_plan_is_held_to_a_place_said_by_a_relation() -> None:
    from tapwright.planners.rules import unused_values

    def lost(step: str, *calls: tuple[str, dict[str, object]]) -> tuple[str, ...]:
        return unused_values(step, [{"tool": t, "args": a} for t, a in calls]).places

    # No container word: where it lies from a named thing.
    assert lost("Tick the checkbox next to Ann", ("web.check", {"target": "checkbox"})) == ("next to Ann",)
    assert lost("Type 5 in the field below the Total", ("web.fill", {"target": "field", "text": "5 Total"})) == (
        "below the Total",)  # a typed value keeps no place
    assert lost('Click the icon to the left of "Email"', ("web.click", {"target": "icon"})) == ('to the left of "Email"',)
    assert not lost("Tick the checkbox next to Ann", ("web.check", {"target": "checkbox next to Ann"}))
    assert not lost("Tick the box beside Remember me", ("web.check", {"target": "Remember me checkbox"}))
    # Not places: an anchor that is only a kind of control, a time, lower-case words.
    assert not lost("Click the button right of the input", ("web.click", {"target": "button"}))
    assert not lost("The total should show below 5 seconds", ("web.verify_text", {"target": "total", "text": "x"}))
    assert not lost("Hover over the menu", ("web.hover", {"target": "menu"}))
