"""The locate-then-act chain end to end on the fake screen: the smallest proof the foundation holds together."""

from tapwright.core.context import ToolContext
from tapwright.drivers.fake import FakeDriver
from tapwright.plan.executor import Executor
from tapwright.registry.registry import Registry


async def test_locate_then_act_chain_on_fake_screen() -> None:
    driver = FakeDriver()
    ctx = ToolContext([driver])
    plan = {
        "steps": [
            {"id": "login", "tool": "fake.locate", "args": {"target": "blue Log in button"}},
            {"tool": "fake.click_at", "args": {"x": "${login.output.center_x}", "y": "${login.output.center_y}"}},
        ]
    }
    trace = await Executor(Registry.default(), ctx).run(plan)
    assert trace.ok, trace.render()
    assert trace.calls[1].args == {"x": 100, "y": 270}
    assert driver.events[-1].ref == "e5"
