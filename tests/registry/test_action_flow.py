"""The catalog's flow on every platform: a target re-rendered away between finding and acting is found
again and acted on once; a ref is not; ``changed`` keeps its three answers (true, false, "pending")."""

from __future__ import annotations

from typing import Any

import pytest

from tapwright import Registry, ToolContext
from tapwright.drivers.base import PENDING
from tapwright.drivers.fake import FakeDriver
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import Candidate, locate
from tapwright.registry.toolset import Toolset
from tapwright.tools.actions import ActionSeam, action_tools
from tapwright.tools.actions.flow import either_changed


class Flaky(ActionSeam[Candidate]):
    """A seam whose element is re-rendered away ``stale`` times before an action lands."""

    driver_type = FakeDriver
    verbs = frozenset({"click"})
    never = frozenset({"timeout_ms"})
    stale = 0
    change: Any = None
    log: list[str] = []

    async def resolve(self, target: str, *, wait: bool = True, timeout_ms: int | None = None) -> Candidate:
        Flaky.log.append("resolve")
        return locate(await self.driver.snapshot(), target)

    def describe(self, handle: Candidate) -> dict[str, Any]:
        return {"ref": handle.element.ref, "role": handle.element.role, "name": handle.element.name}

    def stale_deadline_s(self, timeout_ms: int | None) -> float:
        return 5.0

    def found_again(self, handle: Candidate) -> None:
        Flaky.log.append("again")

    async def act(self, verb: str, handle: Candidate | None, args: dict[str, Any]) -> dict[str, Any] | None:
        if Flaky.stale:
            Flaky.stale -= 1
            raise ToolFailure(ErrorCode.STALE_REF, "the element was re-rendered")
        Flaky.log.append("act")
        return None

    async def changed(self, mark: object, handle: Candidate | None) -> Any:
        return Flaky.change


@pytest.fixture
def reg() -> Registry:
    Flaky.log, Flaky.stale, Flaky.change = [], 0, None
    return Registry([Toolset("toy", action_tools(Flaky))])


async def test_a_rerendered_target_is_found_again_and_acted_on_once(reg: Registry) -> None:
    Flaky.stale = 2
    result = await reg.call("toy.click", {"target": "Log in"}, ToolContext([FakeDriver()]))
    assert result.ok, result.status_line()
    assert Flaky.log == ["resolve", "resolve", "again", "resolve", "again", "act"]


async def test_a_ref_names_one_node_and_is_not_retried(reg: Registry) -> None:
    Flaky.stale = 1
    result = await reg.call("toy.click", {"target": "e5"}, ToolContext([FakeDriver()]))
    assert result.code is ErrorCode.STALE_REF
    assert Flaky.log == ["resolve"]


@pytest.mark.parametrize("change", [True, False, PENDING, None])
async def test_changed_passes_through_with_its_three_answers(reg: Registry, change: Any) -> None:
    Flaky.change = change
    result = await reg.call("toy.click", {"target": "Log in"}, ToolContext([FakeDriver()]))
    assert result.ok, result.status_line()
    assert result.data["changed"] == change


@pytest.mark.parametrize(("a", "b", "both"), [
    (True, False, True), (False, True, True), (PENDING, True, True), (None, True, True),
    (PENDING, False, PENDING), (False, PENDING, PENDING), (None, PENDING, PENDING),
    (False, False, False), (False, None, None), (None, None, None),
])  # fmt: skip
def test_two_steps_changed_the_screen_if_either_did(a: Any, b: Any, both: Any) -> None:
    assert either_changed(a, b) == both
