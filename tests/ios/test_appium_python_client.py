"""An independent Appium client accepts the simulated Appium server: Appium-Python-Client (PyPI, on Selenium)
creates an XCUITest session under /wd/hub and under /, finds, clicks, types, clears, reads the source, window
rect and a screenshot, taps with W3C actions, handles an alert, changes settings and calls ``mobile:`` methods.

The client is synchronous (Selenium's urllib3 transport): these tests are plain functions.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from tapwright.platforms._ios_sim import SimulatedWda

appium = pytest.importorskip("appium", reason="Appium-Python-Client is a test dependency (pip install -e '.[dev]')")
from appium import webdriver  # noqa: E402
from appium.options.ios import XCUITestOptions  # noqa: E402
from appium.webdriver.common.appiumby import AppiumBy  # noqa: E402
from selenium.common.exceptions import (  # noqa: E402
    InvalidSelectorException,
    NoAlertPresentException,
    NoSuchElementException,
    WebDriverException,
)
from selenium.webdriver.common.actions import interaction  # noqa: E402
from selenium.webdriver.common.actions.action_builder import ActionBuilder  # noqa: E402
from selenium.webdriver.common.actions.pointer_input import PointerInput  # noqa: E402

BUNDLE = "com.tapwright.notes"
APP = Path(__file__).resolve().parents[2] / "examples" / "ios-app" / "app.yaml"


@pytest.fixture(params=["/wd/hub", "/"], ids=["wd-hub", "root"])
def appium_sim(request: pytest.FixtureRequest) -> Iterator[SimulatedWda]:
    with SimulatedWda.start(APP, appium=request.param) as sim:
        yield sim


def _options(**extra: str) -> XCUITestOptions:
    options = XCUITestOptions()
    options.bundle_id = BUNDLE
    for key, value in extra.items():
        options.set_capability(key, value)
    return options


def _tap(driver: webdriver.Remote, x: int, y: int) -> None:
    """A W3C touch tap, as Appium's docs write one (a touch pointer: move, down, pause, up)."""
    actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    actions.pointer_action.move_to_location(x, y).pointer_down().pause(0.05).release()
    actions.perform()


def test_appium_python_client_drives_the_simulated_appium_server(appium_sim: SimulatedWda) -> None:
    driver = webdriver.Remote(appium_sim.url, options=_options())
    try:
        caps = driver.capabilities
        assert caps["platformName"] == "iOS" and caps["automationName"] == "XCUITest" and caps["bundleId"] == BUNDLE
        assert driver.get_window_rect() == {"x": 0, "y": 0, "width": 390, "height": 844}
        assert 'name="email_input"' in driver.page_source
        from PIL import Image

        assert Image.open(io.BytesIO(driver.get_screenshot_as_png())).size == (1170, 2532)
        email = driver.find_element(AppiumBy.ACCESSIBILITY_ID, "email_input")
        assert email.rect == {"x": 16, "y": 128, "width": 358, "height": 44}
        email.send_keys("ada@example.com")  # POST /element/:id/value
        assert email.text == "ada@example.com"
        email.clear()
        assert email.text != "ada@example.com"
        _tap(driver, email.rect["x"] + 10, email.rect["y"] + 10)  # W3C actions
        driver.switch_to.active_element.send_keys("ada@example.com")  # GET /element/active
        driver.find_element(AppiumBy.IOS_PREDICATE, "name == 'password_input'").send_keys("secret")
        driver.find_element(AppiumBy.IOS_CLASS_CHAIN, "**/XCUIElementTypeButton[`label == 'Sign in'`]").click()
        assert driver.find_elements(AppiumBy.ACCESSIBILITY_ID, "note_groceries")
        driver.execute_script("mobile: tap", {"x": 195, "y": 246})  # the Groceries cell
        driver.find_element(AppiumBy.ACCESSIBILITY_ID, "delete_button").click()
        alert = driver.switch_to.alert
        assert alert.text == "Delete this note?\nIt cannot be undone."
        assert driver.execute_script("mobile: alert", {"action": "getButtons"}) == ["Cancel", "Delete"]
        driver.execute_script("mobile: alert", {"action": "accept", "buttonLabel": "Delete"})
        with pytest.raises(NoAlertPresentException):
            _ = driver.switch_to.alert.text
        info = driver.execute_script("mobile: activeAppInfo")
        assert info["bundleId"] == BUNDLE
        assert driver.execute_script("mobile: deviceScreenInfo")["scale"] == 3
        driver.update_settings({"snapshotMaxDepth": 30})
        assert driver.get_settings()["snapshotMaxDepth"] == 30
        assert driver.execute_script("mobile: queryAppState", {"bundleId": BUNDLE}) == 4
        assert driver.execute_script("mobile: terminateApp", {"bundleId": BUNDLE}) is True
        assert driver.execute_script("mobile: queryAppState", {"bundleId": BUNDLE}) == 1
    finally:
        driver.quit()


def test_appium_python_client_sees_appiums_errors(appium_sim: SimulatedWda) -> None:
    with pytest.raises(WebDriverException) as info:
        webdriver.Remote(appium_sim.url, options=_options(automationName="UiAutomator2"))
    assert "automationName" in str(info.value.msg)
    driver = webdriver.Remote(appium_sim.url, options=_options())
    try:
        with pytest.raises(NoSuchElementException):
            driver.find_element(AppiumBy.ACCESSIBILITY_ID, "no_such_thing")
        with pytest.raises(InvalidSelectorException):
            driver.find_element("predicate string", "name == 'email_input'")  # WDA's name, not Appium's
        with pytest.raises(WebDriverException) as info:
            driver.execute_script("mobile: noSuchMethod", {})
        assert "Unsupported execute method" in str(info.value.msg)
    finally:
        driver.quit()
