"""The ``android.*`` pack: seed 3's mobile catalog, the semantic tools shared with web, and the coordinate tools.

Every tool returns one ToolResult whose status line starts with seed 3's prefixes:
``OK``, ``TAPPED: (x,y)``, ``VISIBLE: n match(es)``, ``NOT_VISIBLE``, ``NOT_FOUND``,
``AMBIGUOUS``, ``ERROR``, ``TIMEOUT``.
"""

from __future__ import annotations

import asyncio
import re
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from annotated_types import Ge, Le, MaxLen, MinLen

from tapwright.core.element import Element
from tapwright.core.result import ToolResult, tapped_status, visible_status
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.drivers.android.hierarchy import app_tree
from tapwright.drivers.android.locating import find
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.registry.decorator import spec_from_function
from tapwright.registry.spec import ToolSpec
from tapwright.registry.toolset import Toolset
from tapwright.tools.coords import coordinate_tools

Text = Annotated[str, MinLen(1), MaxLen(500)]
Typed = Annotated[str, MaxLen(10_000)]
Package = Annotated[str, MinLen(3), MaxLen(255)]
Selector = Literal["any", "text", "content-desc", "resource-id"]
Coord = Annotated[int, Ge(0), Le(100_000)]
_SPECS: list[ToolSpec] = []


F = TypeVar("F", bound=Callable[..., Awaitable[ToolResult]])


def _tool(triggers: list[str], timeout_ms: int = 30_000) -> Callable[[F], F]:
    def wrap(func: F) -> F:
        _SPECS.append(spec_from_function(func, category="android", triggers=triggers, dependencies=["android"],
                                         timeout_ms=timeout_ms))  # fmt: skip
        return func

    return wrap


def _snap_note(driver: AndroidDriver) -> str:
    return "reused" if driver.reused else "fresh"


# -- lifecycle ---------------------------------------------------------------------------


@_tool([r"\bstart (the )?(test|testing) scenario\b"], timeout_ms=60_000)
async def start_testing_scenario(driver: AndroidDriver, app_package: Package) -> ToolResult:
    """First action of a run: wake and unlock the screen, stop a stale instance, launch the app and verify it is in front.

    A second call in the same run is an error: go on with the next step instead.

    Args:
        app_package: The app's package name, e.g. com.example.shop.
    """
    if driver.scenario_started:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "the scenario is already started and the app is on screen: "
                          "do not restart it, go on with the next step")  # fmt: skip
    await driver.wake_and_unlock()
    await driver.force_stop(app_package)
    status = await driver.launch(app_package)
    driver.scenario_started = True
    return ToolResult.success({"package": app_package, "status": status}, status=f"OK: {status}")


@_tool([r"\b(launch|open|start) (the )?app\b"], timeout_ms=60_000)
async def launch_app_by_package(driver: AndroidDriver, package_name: Package) -> ToolResult:
    """Launch an app mid-run (switch to Settings, come back to the app under test) and verify it is in front.

    Args:
        package_name: The app's package name.
    """
    status = await driver.launch(package_name)
    return ToolResult.success({"package": package_name, "status": status}, status=f"OK: {status}")


@_tool([r"\bforce[- ]?stop\b"])
async def force_stop_app(driver: AndroidDriver, package_name: Package) -> ToolResult:
    """Force-stop an app.

    Args:
        package_name: The app's package name.
    """
    await driver.force_stop(package_name)
    return ToolResult.success({"package": package_name}, status=f"OK: stopped {package_name}")


@_tool([r"\bclear (the )?(app )?data\b"])
async def clear_app_data(driver: AndroidDriver, package_name: Package) -> ToolResult:
    """Clear an app's data (as a fresh install has none).

    Args:
        package_name: The app's package name.
    """
    await driver.clear_data(package_name)
    return ToolResult.success({"package": package_name}, status=f"OK: cleared {package_name}")


# -- discovery ---------------------------------------------------------------------------


def _values(e: Element, selector: str) -> list[str]:
    out = []
    if selector in ("any", "text") and e.text:
        out.append(e.text)
    if selector in ("any", "content-desc") and e.attr("content_desc"):
        out.append(e.attr("content_desc"))
    if selector in ("any", "resource-id") and e.attr("resource_id"):
        out.append(e.attr("resource_id"))
    return out


async def _matches(driver: AndroidDriver, text: str, selector: str) -> list[dict[str, Any]]:
    tree = app_tree(await driver.snapshot())
    needle = text.casefold()
    found = []
    for e in tree:
        if e.rect is None or not e.state.visible:
            continue
        hit = next((v for v in _values(e, selector) if needle in v.casefold()), None)
        if hit is not None:
            found.append({"value": hit, "cx": e.rect.center_x, "cy": e.rect.center_y, "ref": e.ref, "role": e.role})
    return found


@_tool([r"\bfind (ui )?elements?\b"])
async def find_ui_elements_by_text(driver: AndroidDriver, text: Text, selector_type: Selector = "any") -> ToolResult:
    """Find elements whose text, content-desc or resource-id contains a fragment (case-insensitive); each with its tap centre.

    Args:
        text: The fragment to look for.
        selector_type: Which attribute to search: any, text, content-desc or resource-id.
    """
    found = await _matches(driver, text, selector_type)
    if not found:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no element matches {text!r} (selector_type={selector_type}): try another word")
    return ToolResult.success({"matches": found, "snapshot": _snap_note(driver)}, status=f"OK: {len(found)} match(es)")


@_tool([r"\bscreen dump\b", r"\bui hierarchy\b"])
async def get_screen_dump(driver: AndroidDriver, max_chars: Annotated[int, Ge(500), Le(50_000)] = 2_000) -> ToolResult:
    """The screen's UI hierarchy, slimmed to the attributes that identify elements and capped. A last resort after find_ui_elements_by_text.

    Args:
        max_chars: Cap on the text returned.
    """
    h = await driver.hierarchy()
    lines = []
    for e in h.tree:
        if not (e.name or e.text) or e.rect is None:
            continue
        r = e.rect
        keys = " ".join(f'{k}="{v}"' for k, v in (("text", e.text), ("content-desc", e.attr("content_desc")),
                        ("resource-id", e.attr("resource_id").rsplit("/", 1)[-1])) if v)  # fmt: skip
        where = f"{e.attrs['window']} " if "window" in e.attrs else ""
        lines.append(f'<{where}{e.role} {keys} bounds="[{r.x:.0f},{r.y:.0f}][{r.x + r.width:.0f},{r.y + r.height:.0f}]"/>')
    text = "\n".join(lines)
    truncated = len(text) > max_chars
    return ToolResult.success({"dump": text[:max_chars] + ("\n… truncated" if truncated else ""), "truncated": truncated,
                               "package": h.package, "rotation": h.rotation, "keyboard_shown": h.keyboard_shown,
                               "snapshot": _snap_note(driver)}, status=f"OK: {len(lines)} elements")  # fmt: skip


@_tool([r"\bscreen size\b"])
async def get_screen_size(driver: AndroidDriver) -> ToolResult:
    """The screen size in pixels (``wm size``)."""
    w, h = driver.size = await driver.screen_size()
    return ToolResult.success({"width": w, "height": h}, status=f"OK: {w}x{h}")


@_tool([r"\bdevice info(rmation)?\b"])
async def device_information(driver: AndroidDriver) -> ToolResult:
    """Manufacturer, model, Android version, SDK, screen, battery of the device."""
    info = await driver.device_info()
    return ToolResult.success(info, status=f"OK: {info.get('manufacturer', '')} {info.get('model', '')} Android {info.get('android', '')}")


# -- interaction -------------------------------------------------------------------------


async def _pick(driver: AndroidDriver, text: str, selector: str, position: int) -> dict[str, Any]:
    found = await _matches(driver, text, selector)
    if not found:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no element matches {text!r} (selectorType={selector})")
    if len(found) > 1 and position >= len(found):
        raise ToolFailure(ErrorCode.AMBIGUOUS, f"{len(found)} matches for {text!r}: retry with position in 0..{len(found) - 1}",
                          data={"candidates": found[:10]})  # fmt: skip
    if position >= len(found):
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"position {position} is out of range: only 1 match for {text!r}")
    return found[position]


@_tool([r"\btap\b"])
async def tap(driver: AndroidDriver, text: Text, selector_type: Selector = "any", position: Annotated[int, Ge(0), Le(100)] = 0) -> ToolResult:
    """Tap the element whose text, content-desc or resource-id contains ``text``; ``position`` picks among several.

    Args:
        text: The fragment identifying the element.
        selector_type: Which attribute to search: any, text, content-desc or resource-id.
        position: Which match to tap (0 = first) when several match.
    """
    hit = await _pick(driver, text, selector_type, position)
    await driver.click_at(hit["cx"], hit["cy"])
    return ToolResult.success({"x": hit["cx"], "y": hit["cy"], "value": hit["value"]}, status=tapped_status(hit["cx"], hit["cy"]))


@_tool([r"\btap\b.*\bcoordinates?\b"])
async def tap_by_coordinates(driver: AndroidDriver, x: Coord, y: Coord) -> ToolResult:
    """Tap at screen coordinates (when no selector finds the element).

    Args:
        x: The x-coordinate in pixels.
        y: The y-coordinate in pixels.
    """
    await driver.click_at(x, y)
    return ToolResult.success({"x": x, "y": y}, status=tapped_status(x, y))


async def _type_into(driver: AndroidDriver, x: int, y: int, element: Element | None, text: str, hide: bool) -> None:
    if element is not None and not element.state.editable:
        raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"{element.role} {element.name or element.text!r} is not an editable "
                          "field: tap it, or describe the text field itself")  # fmt: skip
    await driver.click_at(x, y)
    await driver.clear_focused()
    await driver.type_text(text)
    if hide and (await driver.hierarchy()).keyboard_shown:
        await driver.press_key("back")


@_tool([r"\b(input|type|enter)\b.*\b(into|in)\b"])
async def input_text(driver: AndroidDriver, field_selector: Text, text: Typed, selector_type: Selector = "any") -> ToolResult:
    """Tap a field found like ``tap`` finds elements, type text into it, then hide the keyboard. Reports only the text's length.

    Args:
        field_selector: The fragment identifying the field (its hint, text, content-desc or resource-id).
        text: The text to type (ASCII; spaces and shell characters are typed literally).
        selector_type: Which attribute to search: any, text, content-desc or resource-id.
    """
    hit = await _pick(driver, field_selector, selector_type, 0)
    element = (await driver.snapshot()).by_ref(hit["ref"])
    await _type_into(driver, hit["cx"], hit["cy"], element, text, hide=True)
    return ToolResult.success({"text_length": len(text), "x": hit["cx"], "y": hit["cy"]}, status=f"OK: typed {len(text)} characters")


@_tool([r"\b(go|navigate) back\b", r"\bpress back\b"])
async def go_back(driver: AndroidDriver) -> ToolResult:
    """Press the Back key."""
    await driver.press_key("back")
    return ToolResult.success(None, status="OK: pressed back")


@_tool([r"\bhide (the )?keyboard\b"])
async def hide_keyboard(driver: AndroidDriver) -> ToolResult:
    """Hide the soft keyboard (Back, which dismisses it on the first press), then wait for it to go."""
    if not (await driver.hierarchy()).keyboard_shown:
        return ToolResult.success({"was_shown": False}, status="OK: keyboard already hidden")
    await driver.press_key("back")
    await asyncio.sleep(0.2)
    return ToolResult.success({"was_shown": True}, status="OK: keyboard hidden")


async def _scroll(driver: AndroidDriver, vertical: bool, distance: int, duration_ms: int) -> ToolResult:
    w, h = driver.size or await driver.screen_size()
    span = h if vertical else w
    start = int(span * (0.75 if distance > 0 else 0.25))
    end = max(0, min(span - 1, start - distance))
    mid = (w if vertical else h) // 2
    if vertical:
        await driver.swipe(mid, start, mid, end, duration_ms)
    else:
        await driver.swipe(start, mid, end, mid, duration_ms)
    return ToolResult.success({"from": start, "to": end, "vertical": vertical}, status=f"OK: swiped {start}->{end}")


@_tool([r"\bswipe up\b", r"\bscroll down\b"])
async def swipe_up(driver: AndroidDriver) -> ToolResult:
    """Swipe up about 60% of the screen height (reveals content below)."""
    h = (driver.size or await driver.screen_size())[1]
    return await _scroll(driver, True, int(h * 0.6), 300)


@_tool([r"\bswipe down\b", r"\bscroll up\b"])
async def swipe_down(driver: AndroidDriver) -> ToolResult:
    """Swipe down about 60% of the screen height (reveals content above)."""
    h = (driver.size or await driver.screen_size())[1]
    return await _scroll(driver, True, -int(h * 0.6), 300)


Distance = Annotated[int, Ge(-20_000), Le(20_000)]
Duration = Annotated[int, Ge(50), Le(10_000)]


@_tool([r"\bscroll vertically\b"])
async def scroll_vertically(driver: AndroidDriver, distance: Distance = 1000, duration_ms: Duration = 300) -> ToolResult:
    """Scroll vertically: positive distance swipes up (content moves up), negative swipes down.

    Args:
        distance: Pixels to swipe.
        duration_ms: How long the swipe takes.
    """
    return await _scroll(driver, True, distance, duration_ms)


@_tool([r"\bscroll horizontally\b"])
async def scroll_horizontally(driver: AndroidDriver, distance: Distance = 1000, duration_ms: Duration = 300) -> ToolResult:
    """Scroll horizontally: positive distance swipes left (content moves left), negative swipes right.

    Args:
        distance: Pixels to swipe.
        duration_ms: How long the swipe takes.
    """
    return await _scroll(driver, False, distance, duration_ms)


@_tool([r"\bscroll\b"])
async def scroll(driver: AndroidDriver, direction: Literal["up", "down", "left", "right"] = "down",
                 amount: Annotated[int, Ge(1), Le(20_000)] | None = None) -> ToolResult:  # fmt: skip
    """Scroll the screen's content the way a person says it: "scroll down" shows what is below.

    Args:
        direction: Where to move in the content: down, up, left or right.
        amount: Pixels to swipe (about 60% of the screen when omitted).
    """
    w, h = driver.size or await driver.screen_size()
    vertical = direction in ("up", "down")
    distance = amount or int((h if vertical else w) * 0.6)
    return await _scroll(driver, vertical, distance if direction in ("down", "right") else -distance, 300)


# -- verification and timing -----------------------------------------------------------------


@_tool([r"\bverify\b.*\bvisible\b"])
async def verify_element_visible(driver: AndroidDriver, text: Text, selector_type: Selector = "any") -> ToolResult:
    """Confirm an element is on screen after an action.

    Args:
        text: The fragment identifying the element.
        selector_type: Which attribute to search: any, text, content-desc or resource-id.
    """
    found = await _matches(driver, text, selector_type)
    if not found:
        raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{text!r} not on screen: try scrolling or waiting")
    return ToolResult.success({"matches": len(found), "snapshot": _snap_note(driver)}, status=visible_status(len(found)))


@_tool([r"\bverify\b.*\bnot visible\b"])
async def verify_element_not_visible(driver: AndroidDriver, text: Text, selector_type: Selector = "any") -> ToolResult:
    """Confirm a screen transition: the element expected to leave is gone.

    Args:
        text: The fragment identifying the element.
        selector_type: Which attribute to search: any, text, content-desc or resource-id.
    """
    found = await _matches(driver, text, selector_type)
    if found:
        raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{text!r} is still visible ({len(found)} match(es))")
    return ToolResult.success({"matches": 0, "snapshot": _snap_note(driver)}, status=f"OK: {text!r} is not visible (as expected)")


@_tool([r"\bwait\b"], timeout_ms=15_000)
async def wait(driver: AndroidDriver, ms: Annotated[int, Ge(0), Le(60_000)] = 500) -> ToolResult:
    """Wait for animations or loading; bounded to 50..10,000 ms.

    Args:
        ms: Milliseconds to wait.
    """
    ms = max(50, min(10_000, ms))
    await asyncio.sleep(ms / 1000)
    driver.invalidate()  # the screen may have changed while waiting
    return ToolResult.success({"waited_ms": ms}, status=f"OK: waited {ms}ms")


def _slug(text: str) -> str:
    return re.sub(r"\s+", "-", re.sub(r"[^a-z0-9 ]", "", text.lower()).strip())[:60] or "screen"


_shots = {"n": 0}


@_tool([r"\bscreenshot\b.*\bgoal\b", r"\btake (a )?screenshot\b"])
async def take_screenshot(driver: AndroidDriver, goal_name: Annotated[str, MaxLen(200)] = "screen", directory: Annotated[str, MaxLen(4096)] | None = None) -> ToolResult:
    """Capture the screen to a PNG named after the goal; returns its path.

    Args:
        goal_name: What the screenshot shows; becomes the file name.
        directory: Where to save it (a temporary directory when omitted).
    """
    _shots["n"] += 1
    folder = Path(directory or tempfile.gettempdir())
    shot = await driver.screenshot(str(folder / f"{_shots['n']:03d}-{_slug(goal_name)}.png"))
    return ToolResult(ok=True, data={"path": shot.path, "width": shot.width, "height": shot.height}, screenshot=shot,
                      status=f"OK: {shot.path}")  # fmt: skip


@_tool([r"\bstart (the )?(screen )?recording\b"])
async def start_screen_recording(driver: AndroidDriver) -> ToolResult:
    """Start recording the screen (``screenrecord``) until stop_screen_recording."""
    await driver.start_recording()
    return ToolResult.success(None, status="OK: recording")


@_tool([r"\bstop (the )?(screen )?recording\b"])
async def stop_screen_recording(driver: AndroidDriver, path: Annotated[str, MaxLen(4096)] | None = None) -> ToolResult:
    """Stop the screen recording and pull the video; returns its local path.

    Args:
        path: Where to save the MP4 (a temporary file when omitted).
    """
    local = path or str(Path(tempfile.mkdtemp(prefix="tapwright-rec-")) / "video.mp4")
    saved = await driver.stop_recording(local)
    return ToolResult.success({"path": saved, "bytes": Path(saved).stat().st_size}, status=f"OK: {saved}")


# -- semantic tools shared with web ----------------------------------------------------------------


@_tool([r"\b(click|tap|press)\b"])
async def click(driver: AndroidDriver, target: Text) -> ToolResult:
    """Tap the element a plain-English description means ("the Login button"), as web.click does.

    Args:
        target: The element as a person would describe it, or a ref from snapshot.
    """
    box = await driver.box(target)
    await driver.click_at(box["center_x"], box["center_y"])
    return ToolResult.success({"x": box["center_x"], "y": box["center_y"], "ref": box["ref"], "name": box["name"]},
                              status=tapped_status(box["center_x"], box["center_y"]))  # fmt: skip


@_tool([r"\blong[- ]?press\b"])
async def long_press(driver: AndroidDriver, target: Text, duration_ms: Annotated[int, Ge(300), Le(10_000)] = 800) -> ToolResult:
    """Long-press the element a description means.

    Args:
        target: The element as a person would describe it, or a ref.
        duration_ms: How long to hold.
    """
    box = await driver.box(target)
    await driver.long_press(box["center_x"], box["center_y"], duration_ms)
    return ToolResult.success({"x": box["center_x"], "y": box["center_y"]}, status=tapped_status(box["center_x"], box["center_y"]) + " long")


@_tool([r"\b(fill|type|enter)\b"])
async def fill(driver: AndroidDriver, target: Text, text: Typed) -> ToolResult:
    """Replace a field's text: tap the field a description means, clear it, type, hide the keyboard.

    Args:
        target: The field as a person would describe it ("Email field"), or a ref.
        text: The text to type (ASCII; shell characters are typed literally). Only its length is reported.
    """
    tree = await driver.snapshot()
    found = find(tree, target)
    r = found.element.rect
    if r is None or not found.element.state.visible:
        raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{target!r} is not on screen: scroll to it first")
    await _type_into(driver, r.center_x, r.center_y, found.element, text, hide=True)
    return ToolResult.success({"text_length": len(text), "ref": found.element.ref}, status=f"OK: typed {len(text)} characters")


@_tool([r"\b(verify|check|should see)\b.*\btext\b"])
async def verify_text(driver: AndroidDriver, text: Text) -> ToolResult:
    """Check that some text is on screen (in an element's text, description or a field's value).

    Args:
        text: The text expected on screen.
    """
    tree = app_tree(await driver.snapshot())
    needle = " ".join(text.split()).casefold()
    hits = [e for e in tree if e.state.visible and any(needle in " ".join(v.split()).casefold()
            for v in (e.text, e.attr("content_desc"), e.value or "") if v)]  # fmt: skip
    if not hits:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"the text {text!r} is not on screen")
    return ToolResult.success({"matches": len(hits), "snapshot": _snap_note(driver)}, status=visible_status(len(hits)))


@_tool([r"\b(should see|is visible|verify|expect)\b"])
async def verify_visible(driver: AndroidDriver, target: Text) -> ToolResult:
    """Check that an element matching a description is on screen.

    Args:
        target: The element as a person would describe it, or a ref.
    """
    try:
        found = find(await driver.snapshot(), target)
    except ToolFailure as exc:
        if exc.code is ErrorCode.ELEMENT_NOT_FOUND:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is not visible", data=exc.data) from None
        if exc.code is ErrorCode.AMBIGUOUS:
            n = len(exc.data["candidates"]) if isinstance(exc.data, dict) else 2
            return ToolResult.success({"matches": n}, status=visible_status(n))
        raise
    if not found.element.state.visible:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is off screen")
    return ToolResult.success({"matches": 1, "ref": found.element.ref, "snapshot": _snap_note(driver)}, status=visible_status(1))


@_tool([r"\b(should not see|not visible|disappear(ed)?|gone)\b"])
async def verify_not_visible(driver: AndroidDriver, target: Text) -> ToolResult:
    """Check that nothing on screen shows this text or matches this description closely.

    Args:
        target: The text or element as a person would describe it.
    """
    tree = app_tree(await driver.snapshot())
    phrase = " ".join(target.strip("\"'“”").split()).casefold()
    shown = [e for e in tree if e.state.visible and any(phrase in " ".join(v.split()).casefold()
             for v in (e.text, e.name, e.attr("content_desc")) if v)]  # fmt: skip
    if shown:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible ({shown[0].ref} {shown[0].name or shown[0].text!r})")
    try:
        found = find(tree, target)
    except ToolFailure as exc:
        if exc.code is ErrorCode.ELEMENT_NOT_FOUND:
            return ToolResult.success({"matches": 0}, status="OK: not visible (as expected)")
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible (several matches)", data=exc.data) from None
    if found.element.state.visible and found.score >= _STRONG:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible ({found.describe()})")
    return ToolResult.success({"matches": 0, "snapshot": _snap_note(driver)}, status="OK: not visible (as expected)")


@_tool([r"\b(is|should be) (checked|on|enabled)\b"])
async def verify_checked(driver: AndroidDriver, target: Text, checked: bool = True) -> ToolResult:
    """Check that a switch or checkbox is on (or off).

    Args:
        target: The switch or checkbox as a person would describe it.
        checked: The state expected.
    """
    found = find(await driver.snapshot(), target)
    state = found.element.state.checked
    if state is None:
        raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"{found.describe()} cannot be checked or unchecked")
    if state != checked:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{found.describe()} is {'on' if state else 'off'}, expected {'on' if checked else 'off'}")
    return ToolResult.success({"checked": state, "ref": found.element.ref}, status=f"OK: {'on' if state else 'off'}")


_OWN = ("verify_visible", "verify_not_visible")
_STRONG = 0.95  # a description matched this well names something on screen, not a near miss


def toolset() -> Toolset:
    """Every ``android.*`` tool."""
    return Toolset("android", [*coordinate_tools(AndroidDriver, category="android", exclude=_OWN), *_SPECS],
                   "Android devices and emulators through adb and uiautomator")  # fmt: skip
