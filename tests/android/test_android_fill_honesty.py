"""A fill does what it says or fails: the field is cleared by its exact length and read back.

On the simulated device through the real adb binary, with fields a new user meets: a value with
spaces at its ends, a value longer than one round of deletes, a password, and a field that
keeps only a few characters (Android's length filter).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from android_support import PIXEL, app_device

from tapwright import Registry, ToolContext
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.errors import DriverError, ErrorCode
from tapwright.testing.android_sim import AdbServer, SimulatedDevice

pytestmark = pytest.mark.slow
PACKAGE = "com.tapwright.fields"
LONG = "lorem ipsum " * 100  # 1,200 characters: more than one round of 500 deletes
APP = {
    "package": PACKAGE, "activity": ".MainActivity", "label": "Fields", "start": "form",
    "device": PIXEL,
    "screens": {"form": {"nodes": [
        {"class": "EditText", "id": "nickname", "hint": "Nickname", "text": "  padded  "},
        {"class": "EditText", "id": "bio", "hint": "Bio", "text": LONG},
        {"class": "EditText", "id": "pin", "hint": "PIN", "text": "4321", "password": True},
        {"class": "EditText", "id": "code", "hint": "Code", "max_length": 4},
        {"class": "TextView", "text": "Profile", "id": "title"},
    ]}},
}  # fmt: skip


@pytest.fixture(scope="module")
def fields_sim(adb_server: AdbServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatedDevice]:
    with app_device(adb_server, tmp_path_factory.mktemp("fields"), APP) as device:
        yield device


@pytest.fixture
async def fdriver(fields_sim: SimulatedDevice, adb_server: AdbServer) -> AsyncIterator[AndroidDriver]:
    d = await AndroidDriver.connect(fields_sim.serial, port=adb_server.port)
    await d.shell(f"pm clear {PACKAGE}")
    await d.launch(PACKAGE)
    yield d
    await d.aclose()


async def _value(driver: AndroidDriver, rid: str) -> tuple[str | None, str]:
    driver.invalidate()
    field = next(e for e in await driver.snapshot() if e.attr("resource_id").endswith("/" + rid))
    return field.value, field.attr("value_length")


async def test_a_value_with_spaces_at_its_ends_is_read_exactly(fdriver: AndroidDriver) -> None:
    assert await _value(fdriver, "nickname") == ("  padded  ", "10")


async def test_fill_over_a_padded_value_replaces_all_of_it(fdriver: AndroidDriver, registry: Registry) -> None:
    result = await registry.call("android.fill", {"target": "Nickname field", "text": "neo"}, ToolContext([fdriver]))
    assert result.ok, result.status_line()
    assert await _value(fdriver, "nickname") == ("neo", "3")


async def test_fill_over_a_long_value_replaces_all_of_it(fdriver: AndroidDriver, registry: Registry) -> None:
    result = await registry.call("android.fill", {"target": "Bio field", "text": " short "}, ToolContext([fdriver]))
    assert result.ok, result.status_line()
    assert await _value(fdriver, "bio") == (" short ", "7")


async def test_fill_over_a_password_clears_it_by_its_length(fdriver: AndroidDriver, registry: Registry) -> None:
    result = await registry.call("android.fill", {"target": "PIN field", "text": "98"}, ToolContext([fdriver]))
    assert result.ok, result.status_line()
    assert await _value(fdriver, "pin") == ("", "2")  # the characters never leave the device; the count does


async def test_a_fill_the_field_cuts_short_fails_without_showing_the_text(fdriver: AndroidDriver, registry: Registry) -> None:
    secret = "s3cr3t-Value"
    result = await registry.call("android.fill", {"target": "Code field", "text": secret}, ToolContext([fdriver]))
    assert not result.ok and result.code is ErrorCode.DRIVER_ERROR
    line = result.status_line()
    assert "holds 4 characters" in line and "not the 12 asked" in line, line
    assert "s3cr" not in line and secret not in str(result.to_dict())


async def test_input_text_reads_back_too(fdriver: AndroidDriver, registry: Registry) -> None:
    ctx = ToolContext([fdriver])
    bad = await registry.call("android.input_text", {"field_selector": "Code", "text": "123456"}, ctx)
    assert not bad.ok and bad.code is ErrorCode.DRIVER_ERROR
    good = await registry.call("android.input_text", {"field_selector": "Nickname", "text": "  x  "}, ctx)
    assert good.ok, good.status_line()
    assert await _value(fdriver, "nickname") == ("  x  ", "5")


async def test_type_text_with_wipe_clears_and_reads_back(fdriver: AndroidDriver, registry: Registry) -> None:
    ctx = ToolContext([fdriver])
    box = (await registry.call("android.locate", {"target": "Nickname field"}, ctx)).data
    args = {"x": box["center_x"], "y": box["center_y"], "wipe_out_old_content": True}
    assert (await registry.call("android.type_text", {**args, "text": "ok"}, ctx)).ok
    assert await _value(fdriver, "nickname") == ("ok", "2")
    box = (await registry.call("android.locate", {"target": "Code field"}, ctx)).data
    args = {"x": box["center_x"], "y": box["center_y"], "wipe_out_old_content": True}
    cut = await registry.call("android.type_text", {**args, "text": "12345"}, ctx)
    assert not cut.ok and cut.code is ErrorCode.DRIVER_ERROR


async def test_check_field_compares_exactly(fdriver: AndroidDriver) -> None:
    box = await fdriver.box("Nickname field")
    await fdriver.click_at(box["center_x"], box["center_y"])
    await fdriver.check_field("  padded  ")  # exactly what it holds: no error
    for wrong in ("padded", "  padded ", "  padded  !"):
        with pytest.raises(DriverError) as info:
            await fdriver.check_field(wrong)
        assert info.value.code is ErrorCode.DRIVER_ERROR and "padded" not in str(info.value)


async def test_check_field_with_no_focused_field_fails(fdriver: AndroidDriver) -> None:
    with pytest.raises(DriverError, match="no text field has focus"):
        await fdriver.check_field("anything")


async def test_a_clear_that_makes_no_progress_fails(fdriver: AndroidDriver, monkeypatch: pytest.MonkeyPatch) -> None:
    box = await fdriver.box("Nickname field")
    await fdriver.click_at(box["center_x"], box["center_y"])
    real_act = fdriver.act

    async def deaf(cmd: str) -> str:  # a custom field that ignores the delete key
        return await real_act("input keyevent 123") if "67" in cmd.split() else await real_act(cmd)

    monkeypatch.setattr(fdriver, "act", deaf)
    with pytest.raises(DriverError) as info:
        await fdriver.clear_focused()
    assert info.value.code is ErrorCode.DRIVER_ERROR and "still holds 10 characters" in str(info.value)


# -- other Android paths that said OK without checking -------------------------------------------


async def test_tap_by_text_refuses_to_pick_the_first_of_several(driver: AndroidDriver, registry: Registry) -> None:
    ctx = ToolContext([driver])
    several = await registry.call("android.tap", {"text": "Sign"}, ctx)  # "Sign in" and "Sign in to your notes"
    assert not several.ok and several.code is ErrorCode.AMBIGUOUS and "position in 0..1" in several.status_line()
    exact = await registry.call("android.tap", {"text": "sign in"}, ctx)  # the button's whole text, once
    assert exact.ok and exact.status_line().startswith("TAPPED: (540,"), exact.status_line()
    chosen = await registry.call("android.tap", {"text": "Sign", "position": 1}, ctx)
    assert chosen.ok


async def test_hide_keyboard_checks_that_it_went(driver: AndroidDriver, registry: Registry,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    ctx = ToolContext([driver])
    box = await driver.box("Email field")
    await driver.click_at(box["center_x"], box["center_y"])
    assert (await driver.hierarchy()).keyboard_shown
    real_press = driver.press_key

    async def stuck(key: str) -> None:  # a keyboard that ignores Back
        if key != "back":
            await real_press(key)

    monkeypatch.setattr(driver, "press_key", stuck)
    stays = await registry.call("android.hide_keyboard", {}, ctx)
    assert not stays.ok and stays.code is ErrorCode.DRIVER_ERROR and "still shown" in stays.status_line()
    monkeypatch.setattr(driver, "press_key", real_press)
    hidden = await registry.call("android.hide_keyboard", {}, ctx)
    assert hidden.ok and hidden.data == {"was_shown": True}
    assert not (await driver.hierarchy(fresh=True)).keyboard_shown
