"""Whether a tap changed the screen, on iOS: reported "pending" at no cost, settled by the next page source,
which the next action then finds its target in (one source per action)."""

from __future__ import annotations

from tapwright import Registry, ToolContext
from tapwright.drivers.ios.driver import IosDriver
from tapwright.platforms._ios_sim import SimulatedWda


async def test_a_tap_that_changes_the_screen_settles_true_with_one_source(driver: IosDriver) -> None:
    driver.fast_path = False  # the page source finds every target (see the test after the next)
    box = await driver.box("Remember me")  # the source read to find the switch is the mark
    before = await driver.mark()
    assert isinstance(before, str) and "Remember me" in before
    sent = driver.client.requests
    await driver.click_at(box["center_x"], box["center_y"])  # the switch turns on
    assert await driver.changed(before) == "pending"
    assert driver.client.requests - sent == 1  # the tap alone: nothing read to report the change
    assert await driver.settle_change() is True
    assert driver.client.requests - sent == 2  # one GET /source settles it
    await driver.box("Sign in button")
    assert driver.client.requests - sent == 2  # the next target is found in that same source
    assert await driver.settle_change() is None  # settled once


async def test_a_tap_on_nothing_settles_false(driver: IosDriver) -> None:
    await driver.snapshot()
    before = await driver.mark()
    await driver.click_at(380, 830)  # an empty corner: nothing there reacts
    assert await driver.changed(before) == "pending"
    await driver.snapshot()  # a look after the tap: settling reuses its source
    sent = driver.client.requests
    assert await driver.settle_change() is False
    assert driver.client.requests == sent


async def test_no_mark_after_an_action_nobody_looked_after(driver: IosDriver) -> None:
    await driver.snapshot()
    await driver.click_at(380, 830)
    assert await driver.mark() is None  # the last source predates the tap: it cannot be the mark
    assert await driver.changed(None) is None
    assert await driver.settle_change() is None


async def test_a_lost_wda_leaves_the_change_pending(driver: IosDriver, wda_sim: SimulatedWda) -> None:
    await driver.snapshot()
    before = await driver.mark()
    await driver.click_at(380, 830)
    assert await driver.changed(before) == "pending"
    wda_sim.control("offline")
    assert await driver.settle_change() is None  # no answer: cannot tell, and no exception


async def test_click_at_reports_pending_and_the_executor_settles_it(registry: Registry, ctx: ToolContext, driver: IosDriver) -> None:
    from tapwright.plan.executor import Executor

    driver.fast_path = False  # the page source finds the target, and is the mark (see the next test)
    result = await registry.call("ios.locate", {"target": "Remember me"}, ctx)
    assert result.ok
    clicked = await registry.call("ios.click_at", {"x": result.data["center_x"], "y": result.data["center_y"]}, ctx)
    assert clicked.ok and clicked.data["changed"] == "pending"
    plan = {"steps": [
        {"id": "switch", "tool": "ios.locate", "args": {"target": "Remember me"}},
        {"tool": "ios.click_at", "args": {"x": "${switch.output.center_x}", "y": "${switch.output.center_y}"}},
        {"tool": "ios.click_at", "args": {"x": 380, "y": 830}},
        {"tool": "ios.snapshot", "args": {}}]}  # fmt: skip
    trace = await Executor(registry, ctx).run(plan)
    assert trace.status == "passed", trace.error
    changes = [c.result["data"]["changed"] for c in trace.calls[1:3]]
    assert changes == [True, False]  # the switch turned; the empty corner did nothing


async def test_a_target_found_by_wdas_find_leaves_no_mark(registry: Registry, ctx: ToolContext, driver: IosDriver) -> None:
    from tapwright.plan.executor import Executor

    plan = {"steps": [
        {"id": "switch", "tool": "ios.locate", "args": {"target": "Remember me"}},
        {"tool": "ios.click_at", "args": {"x": "${switch.output.center_x}", "y": "${switch.output.center_y}"}},
        {"tool": "ios.snapshot", "args": {}}]}  # fmt: skip
    trace = await Executor(registry, ctx).run(plan)
    assert trace.status == "passed", trace.error
    assert driver.fast_finds == 1  # no page source read before the tap: nothing to compare the next one with
    assert "changed" not in trace.calls[1].result["data"]
