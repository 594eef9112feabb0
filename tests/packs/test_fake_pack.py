"""The fake.* pack over the in-memory FakeDriver: locate-then-act without a browser."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from tapwright import Registry, ToolContext
from tapwright.drivers.fake import FakeDriver, demo_screen
from tapwright.errors import DriverError, ErrorCode


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry.default()


@pytest.fixture
def driver() -> FakeDriver:
    return FakeDriver()


async def test_locate_returns_a_box_with_centres(registry: Registry, driver: FakeDriver) -> None:
    result = await registry.call("fake.locate", {"target": "blue Log in button"}, ToolContext([driver]))
    assert result.ok and result.data == {"x": 40, "y": 250, "width": 120, "height": 40, "center_x": 100, "center_y": 270,
                                         "ref": "e5", "role": "button", "name": "Log in"}
    missing = await registry.call("fake.locate", {"target": "purple rocket launcher"}, ToolContext([driver]))
    assert missing.code is ErrorCode.ELEMENT_NOT_FOUND and missing.status_line().startswith("NOT_FOUND:")


async def test_type_text_clicks_then_types_and_reports_only_the_length(registry: Registry, driver: FakeDriver) -> None:
    ctx = ToolContext([driver])
    result = await registry.call("fake.type_text", {"text": "alice", "x": 190, "y": 106}, ctx)
    assert result.ok and result.data == {"text_length": 5, "x": 190, "y": 106}
    assert driver.value_of("Username") == "alice"
    await registry.call("fake.type_text", {"text": "bob", "x": 190, "y": 106, "wipe_out_old_content": True}, ctx)
    assert driver.value_of("Username") == "bob"
    assert all("alice" not in (e.text or "") for e in driver.events)  # typed text is never recorded


async def test_clicks_toggle_and_nothing_editable(registry: Registry, driver: FakeDriver) -> None:
    ctx = ToolContext([driver])
    assert driver.value_of("Remember me") is False
    tap = await registry.call("fake.click_at", {"x": 50, "y": 210}, ctx)
    assert tap.status_line() == "TAPPED: (50,210)" and driver.value_of("Remember me") is True
    typed = await registry.call("fake.type_text", {"text": "x", "x": 100, "y": 270}, ctx)
    assert typed.code is ErrorCode.NOT_INTERACTABLE
    await registry.call("fake.double_click_at", {"x": 1, "y": 1}, ctx)
    await registry.call("fake.right_click_at", {"x": 1, "y": 1}, ctx)
    await registry.call("fake.move_to", {"x": 3, "y": 4}, ctx)
    assert [e.kind for e in driver.events[-3:]] == ["double_click", "right_click", "move"]


async def test_verify_visible_statuses(registry: Registry, driver: FakeDriver) -> None:
    ctx = ToolContext([driver])
    one = await registry.call("fake.verify_visible", {"target": "Forgot password? link"}, ctx)
    assert one.status_line() == "VISIBLE: 1 match"
    none = await registry.call("fake.verify_visible", {"target": "Delete account"}, ctx)
    assert none.code is ErrorCode.ASSERTION_FAILED


async def test_screenshot_writes_a_real_png(registry: Registry, driver: FakeDriver, tmp_path: Path) -> None:
    path = tmp_path / "shots" / "s.png"
    result = await registry.call("fake.screenshot", {"path": str(path)}, ToolContext([driver]))
    assert result.ok and result.screenshot is not None and result.screenshot.width == 400
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (400, 360)


async def test_closed_driver_and_bad_screen_file(registry: Registry, driver: FakeDriver, tmp_path: Path) -> None:
    await driver.aclose()
    result = await registry.call("fake.locate", {"target": "Log in"}, ToolContext([driver]))
    assert result.code is ErrorCode.BROWSER_CRASHED
    bad = tmp_path / "screen.json"
    bad.write_text("{")
    with pytest.raises(DriverError):
        FakeDriver.from_file(bad)
    good = tmp_path / "good.json"
    good.write_text(__import__("json").dumps(demo_screen().to_dict()))
    assert FakeDriver.from_file(good).tree == demo_screen()


def test_fake_manifests_carry_triggers_examples_and_dependencies(registry: Registry) -> None:
    locate = registry.get("fake.locate")
    assert locate is not None and locate.dependencies == ["fake"] and locate.timeout_ms == 5000
    assert locate.examples and locate.output_schema is not None
    assert registry.rank("click the Log in button", namespace="fake")[0][0].name == "fake.click_at"
