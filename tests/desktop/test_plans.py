"""Locate-then-act plans on the desktop: a locate -> click_at -> type_text chain through the executor, and the
same chain compiled from a plain-English step by the rules planner."""

from __future__ import annotations

import json

import pytest

from tapwright.core.secrets import SecretStore
from tapwright.plan.executor import Executor
from tapwright.plan.model import load_plan
from tapwright.planners.rules import compile_step
from tapwright.platforms import EnvOptions
from tapwright.platforms.desktop import DesktopRuntime
from tapwright.registry import Registry
from tapwright.testing.desktop import ROOT, app_command

PLAN = ROOT / "examples" / "plans" / "desktop-sign-in-chain.yaml"


def test_plain_english_compiles_to_the_locate_then_act_chain() -> None:
    plan = compile_step('Type "alice" into the Username field and click the "Sign in" button', "desktop")
    tools = [s.tool for s in plan.steps]
    assert tools == ["desktop.locate", "desktop.type_text", "desktop.locate", "desktop.click_at"]
    click = plan.steps[3]
    assert click.args["x"] == f"${{{plan.steps[2].id}.output.center_x}}"
    assert click.args["y"] == f"${{{plan.steps[2].id}.output.center_y}}"
    assert plan.steps[1].args["wipe_out_old_content"] is True


def test_the_desktop_vocabulary_refuses_what_it_cannot_do() -> None:
    from tapwright.errors import PlanError

    with pytest.raises(PlanError) as info:
        compile_step("Go to https://example.com", "desktop")
    assert "launch it with `app:`" in info.value.message


@pytest.mark.slow
@pytest.mark.parametrize("app", ["gtk", "tk"])
async def test_locate_then_act_plan_file_signs_in(runtime: DesktopRuntime, app: str) -> None:
    secrets = SecretStore({"ACME_PASSWORD": "wonderland"})
    env = await runtime.open(EnvOptions(settings={"app": app_command(app)}, secrets=secrets))
    try:
        trace = await Executor(Registry.default(), env.ctx).run(load_plan(str(PLAN)), vars={"user": "alice"})
        assert trace.ok, trace.render()
        dumped = json.dumps(trace.to_dict())
        assert "wonderland" not in dumped  # the secret never reaches the trace
        located = trace.to_dict()["calls"][0]["result"]["data"]
        assert {"x", "y", "width", "height", "center_x", "center_y"} <= set(located)
    finally:
        await env.close()


@pytest.mark.slow
async def test_plain_english_steps_run_on_the_tk_app(runtime: DesktopRuntime) -> None:
    env = await runtime.open(EnvOptions(settings={"app": app_command("tk")}))
    try:
        for step in ('Type "alice" into the Username field',
                     'Type "wonderland" into the Password field and click the "Sign in" button',
                     'I should see "Welcome, alice"'):  # fmt: skip
            trace = await Executor(Registry.default(), env.ctx).run(compile_step(step, "desktop"))
            assert trace.ok, trace.render()
    finally:
        await env.close()
