"""The mobile catalog: the tools Android and iOS share, each written once over the mobile seam.

Tapping and typing by text, swipes, scrolling until something shows, checks by text, waiting, the
keyboard and launching an app are the same on every phone; :func:`mobile_tools` derives a platform's
copies from its :class:`~tapwright.tools.mobile.seam.MobileActions` subclass: the tool names,
parameters, status prefixes and error codes are the same on both platforms, and only the words
(pixels or points, content-desc or label) and a few defaults come from the seam's
:class:`~tapwright.tools.mobile.seam.MobileWords`. A tool that only one platform has (Android's screen recording, iOS's alerts)
stays in that platform's own module, collected by a :class:`~tapwright.tools.mobile.common.MobileToolbox`.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import itertools
import re
import tempfile
import types
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le, MaxLen

from tapwright.core.context import ToolContext
from tapwright.core.fence import FilePath
from tapwright.core.result import ToolResult, tapped_status, visible_status
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.registry.decorator import spec_from_function
from tapwright.registry.registry import ALIAS_TAG
from tapwright.registry.spec import ToolSpec
from tapwright.tools.mobile.common import (
    Coord,
    Distance,
    Duration,
    Package,
    Selector,
    Text,
    Typed,
    swipe_by,
    type_into,
)
from tapwright.tools.mobile.seam import MobileActions, weak

Direction = Literal["down", "up", "left", "right"]
MaxSwipes = Annotated[int, Ge(1), Le(50)]


@dataclass(frozen=True)
class _Entry:
    func: Callable[..., Any]
    triggers: list[str]
    timeout_ms: int
    read_only: bool | None
    idempotent: bool | None
    aliases: tuple[str, ...]


_CATALOG: list[_Entry] = []


def _mobile(triggers: list[str], timeout_ms: int = 30_000, *, read_only: bool | None = None, idempotent: bool | None = None,
            aliases: tuple[str, ...] = ()) -> Callable[[Callable[..., Any]], Callable[..., Any]]:  # fmt: skip
    def wrap(func: Callable[..., Any]) -> Callable[..., Any]:
        _CATALOG.append(_Entry(func, triggers, timeout_ms, read_only, idempotent, aliases))
        return func

    return wrap


# -- discovery -------------------------------------------------------------------------------------


@_mobile([r"\bfind (ui )?elements?\b"], read_only=True)
async def find_ui_elements_by_text(seam: MobileActions, text: Text, selector_type: Selector = "any") -> ToolResult:
    """Find elements whose {fields} contains a fragment (case-insensitive); each with its tap centre.

    Args:
        text: The fragment to look for.
        selector_type: Which attribute to search: any, text, content-desc or resource-id.
    """
    found = await seam.matches(text, selector_type)
    if not found:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no element matches {text!r} (selector_type={selector_type}): try another word")
    return ToolResult.success({"matches": found, "snapshot": seam.driver.snapshot_note()}, status=f"OK: {len(found)} match(es)")


# -- apps ------------------------------------------------------------------------------------------


@_mobile([r"\b(launch|open|start) (the )?app\b"], timeout_ms=60_000, idempotent=True)
async def launch_app_by_package(seam: MobileActions, package_name: Package) -> ToolResult:
    """Launch an app mid-run (switch to Settings, come back to the app under test) and verify it is in front.

    Args:
        package_name: The app's {app_id}.
    """
    status = await seam.driver.launch(package_name)
    return ToolResult.success({"package": package_name, "status": status}, status=f"OK: {status}")


# -- interaction -----------------------------------------------------------------------------------


@_mobile([r"\btap\b.*\b(text|containing|contains)\b"], idempotent=False, aliases=("tap",))
async def tap_text(seam: MobileActions, text: Text, selector_type: Selector = "any",
                   position: Annotated[int, Ge(0), Le(100)] | None = None) -> ToolResult:  # fmt: skip
    """Tap the element whose {fields} contains ``text``; ``position`` picks among several.

    Several matches without a position tap the only exact one, or fail as AMBIGUOUS listing them.
    Also answers to ``{ns}.tap``. To tap what a description means ("the Sign in button"), use
    ``{ns}.click``, the same action as on every platform.

    Args:
        text: The fragment identifying the element.
        selector_type: Which attribute to search: any, text, content-desc or resource-id.
        position: Which match to tap (0 = first) when several match.
    """
    hit = await seam.quick_pick(text, selector_type, position) or await seam.pick(text, selector_type, position)
    await seam.driver.click_at(hit["cx"], hit["cy"])
    return ToolResult.success({"x": hit["cx"], "y": hit["cy"], "value": hit["value"]}, status=tapped_status(hit["cx"], hit["cy"]))


@_mobile([r"\btap\b.*\bcoordinates?\b"], idempotent=False)
async def tap_by_coordinates(seam: MobileActions, x: Coord, y: Coord) -> ToolResult:
    """Tap at screen coordinates in {unit} ({tap_note}).

    Args:
        x: The x-coordinate in {unit}.
        y: The y-coordinate in {unit}.
    """
    await seam.driver.click_at(x, y)
    return ToolResult.success({"x": x, "y": y}, status=tapped_status(x, y))


@_mobile([r"\b(input|type|enter)\b.*\b(into|in)\b"], idempotent=True)  # taps, clears the field, types: a second call leaves the same text
async def input_text(seam: MobileActions, field_selector: Text, text: Typed, selector_type: Selector = "any") -> ToolResult:
    """Tap a field found like ``tap`` finds elements, replace its text, then hide the keyboard. Reports only the text's length.

    Args:
        field_selector: The fragment identifying the field ({field_names}).
        text: The text to type ({typing}).
        selector_type: Which attribute to search: any, text, content-desc or resource-id.
    """
    hit = await seam.pick(field_selector, selector_type, None)
    element = (await seam.driver.snapshot()).by_ref(hit["ref"])
    await type_into(seam.driver, hit["cx"], hit["cy"], element, text, hide=True)
    return ToolResult.success({"text_length": len(text), "x": hit["cx"], "y": hit["cy"]}, status=f"OK: typed {len(text)} characters")


@_mobile([r"\bhide (the )?keyboard\b"], idempotent=True)  # acts only while the keyboard shows
async def hide_keyboard(seam: MobileActions) -> ToolResult:
    """Hide the soft keyboard, then check that it went."""
    was_shown = await seam.driver.hide_keyboard()
    return ToolResult.success({"was_shown": was_shown}, status="OK: keyboard hidden" if was_shown else "OK: keyboard already hidden")


# -- swipes and scrolling --------------------------------------------------------------------------


@_mobile([r"\bswipe up\b", r"\bscroll down\b"], idempotent=False)
async def swipe_up(seam: MobileActions) -> ToolResult:
    """Swipe up about 60% of the screen height (reveals content below)."""
    h = (seam.driver.size or await seam.driver.screen_size())[1]
    return await swipe_by(seam.driver, True, int(h * 0.6), 300)


@_mobile([r"\bswipe down\b", r"\bscroll up\b"], idempotent=False)
async def swipe_down(seam: MobileActions) -> ToolResult:
    """Swipe down about 60% of the screen height (reveals content above)."""
    h = (seam.driver.size or await seam.driver.screen_size())[1]
    return await swipe_by(seam.driver, True, -int(h * 0.6), 300)


@_mobile([r"\bscroll vertically\b"], idempotent=False)
async def scroll_vertically(seam: MobileActions, distance: Distance = 1000, duration_ms: Duration = 300) -> ToolResult:
    """Scroll vertically: positive distance swipes up (content moves up), negative swipes down.

    Args:
        distance: {Unit} to swipe.
        duration_ms: How long the swipe takes.
    """
    return await swipe_by(seam.driver, True, distance, duration_ms)


@_mobile([r"\bscroll horizontally\b"], idempotent=False)
async def scroll_horizontally(seam: MobileActions, distance: Distance = 1000, duration_ms: Duration = 300) -> ToolResult:
    """Scroll horizontally: positive distance swipes left (content moves left), negative swipes right.

    Args:
        distance: {Unit} to swipe.
        duration_ms: How long the swipe takes.
    """
    return await swipe_by(seam.driver, False, distance, duration_ms)


def _signature(seam: MobileActions, tree: Any) -> tuple[object, ...]:
    """What the app shows, to tell a swipe that moved the content from one at its end."""
    return tuple((e.text, e.name, e.rect) for e in seam.driver.app_tree(tree))


@_mobile([r"\bscroll\b.*\buntil\b", r"\bscroll to\b"], timeout_ms=90_000, idempotent=False)
async def scroll_until_visible(seam: MobileActions, target: Text, direction: Direction = "down", max_swipes: MaxSwipes = 10) -> ToolResult:
    """Scroll until the element a description means is on screen; stops at the end of the content.

    Args:
        target: The element as a person would describe it.
        direction: Where to move in the content: down (reveals what is below), up, left or right.
        max_swipes: Most swipes before giving up.
    """
    driver, words = seam.driver, seam.words
    w, h = driver.size or await driver.screen_size()
    vertical = direction in ("up", "down")
    distance = int((h if vertical else w) * words.until_fraction)  # what was at the edge stays in view
    swipes = 0
    while True:
        tree = await driver.snapshot()
        loose: ToolFailure | None = None  # several loose matches: the answer if nothing better shows
        try:
            found = await driver.find(target)
        except ToolFailure as exc:
            if exc.code is not ErrorCode.ELEMENT_NOT_FOUND and not weak(exc):
                raise
            loose = exc if exc.code is ErrorCode.AMBIGUOUS else None
        else:
            r = found.element.rect
            if r is not None and found.element.state.visible:
                data = {"x": r.center_x, "y": r.center_y, "center_x": r.center_x, "center_y": r.center_y,
                        "ref": found.element.ref, "name": found.element.name, "swipes": swipes}  # fmt: skip
                after = f" after {swipes} swipe(s)" if words.until_counts_swipes else ""
                return ToolResult.success(data, status=visible_status(1) + after)
        if swipes >= max_swipes:
            if loose is not None:
                raise loose
            raise ToolFailure(words.until_miss, f"{target!r} is not on screen after {swipes} swipe(s) "
                              f"{direction}: raise max_swipes, or scroll the other way")  # fmt: skip
        before = _signature(seam, tree)
        await swipe_by(driver, vertical, distance if direction in ("down", "right") else -distance, 300)
        swipes += 1
        if _signature(seam, await driver.snapshot()) == before:
            if loose is not None:
                raise loose
            raise ToolFailure(words.until_miss, f"{target!r} is not on screen and the content does not "
                              f"move further {direction} (its end, after {swipes} swipe(s))")  # fmt: skip


# -- verification and timing -----------------------------------------------------------------------


@_mobile([r"\bverify\b.*\bvisible\b"], read_only=True)
async def verify_element_visible(seam: MobileActions, text: Text, selector_type: Selector = "any") -> ToolResult:
    """Confirm an element is on screen after an action.

    Args:
        text: The fragment identifying the element.
        selector_type: Which attribute to search: any, text, content-desc or resource-id.
    """
    found = await seam.quick_matches(text, selector_type)
    if found is None:
        found = await seam.matches(text, selector_type)
    if not found:
        if selector_type in ("any", "text") and (recent := seam.recent(text)) is not None:
            t = recent["transient"]  # a toast or snackbar that has just gone
            return ToolResult.success(recent, status=f"{visible_status(1)} (a {t['kind']} seen {t['seen_s_ago']}s ago, gone now)")
        raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{text!r} not on screen: try scrolling or waiting")
    return ToolResult.success({"matches": len(found), "snapshot": seam.driver.snapshot_note()}, status=visible_status(len(found)))


@_mobile([r"\bverify\b.*\bnot visible\b"], read_only=True)
async def verify_element_not_visible(seam: MobileActions, text: Text, selector_type: Selector = "any") -> ToolResult:
    """Confirm a screen transition: the element expected to leave is gone.

    Args:
        text: The fragment identifying the element.
        selector_type: Which attribute to search: any, text, content-desc or resource-id.
    """
    found = await seam.quick_matches(text, selector_type)
    if found is None:
        found = await seam.matches(text, selector_type)
    if found:
        raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{text!r} is still visible ({len(found)} match(es))")
    return ToolResult.success({"matches": 0, "snapshot": seam.driver.snapshot_note()}, status=f"OK: {text!r} is not visible (as expected)")


@_mobile([r"\bwait\b"], timeout_ms=15_000, read_only=True)
async def wait(seam: MobileActions, ms: Annotated[int, Ge(0), Le(60_000)] = 500) -> ToolResult:
    """Wait for animations or loading; bounded to 50..10,000 ms.

    Args:
        ms: Milliseconds to wait.
    """
    ms = max(50, min(10_000, ms))
    await asyncio.sleep(ms / 1000)
    seam.driver.invalidate()  # the screen may have changed while waiting
    return ToolResult.success({"waited_ms": ms}, status=f"OK: waited {ms}ms")


# -- by description (not in the action catalog) ----------------------------------------------------


@_mobile([r"\blong[- ]?press\b", r"\btouch and hold\b"], idempotent=False)
async def long_press(seam: MobileActions, target: Text, duration_ms: Annotated[int, Ge(300), Le(10_000)] = 800) -> ToolResult:
    """Long-press (touch and hold) the element a description means.

    Args:
        target: The element as a person would describe it, or a ref.
        duration_ms: How long to hold.
    """
    box = await seam.driver.box(target)
    await seam.driver.long_press(box["center_x"], box["center_y"], duration_ms)
    return ToolResult.success({"x": box["center_x"], "y": box["center_y"]}, status=tapped_status(box["center_x"], box["center_y"]) + " long")


@_mobile([r"\b(is|should be) (checked|on|enabled)\b"], read_only=True)
async def verify_checked(seam: MobileActions, target: Text, checked: bool = True) -> ToolResult:
    """Check that a switch or checkbox is on (or off).

    Args:
        target: The switch or checkbox as a person would describe it.
        checked: The state expected.
    """
    found = await seam.driver.find(target)
    state = found.element.state.checked
    if state is None:
        raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"{found.describe()} cannot be checked or unchecked (on or off)")
    if state != checked:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{found.describe()} is {'on' if state else 'off'}, expected {'on' if checked else 'off'}")
    return ToolResult.success({"checked": state, "ref": found.element.ref}, status=f"OK: {'on' if state else 'off'}")


# -- the app, the screen and pictures (each platform its own way, behind the seam) -----------------


@_mobile([r"\bstart (the )?(test|testing) scenario\b"], timeout_ms=60_000, idempotent=False)  # a second call is refused
async def start_testing_scenario(seam: MobileActions, app_package: Package) -> ToolResult:
    """First action of a run: {start_steps}, launch the app and verify it is in front.

    A second call in the same run is an error: go on with the next step instead.

    Args:
        app_package: The app's {app_id}, e.g. com.example.shop.
    """
    if seam.driver.scenario_started:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "the scenario is already started and the app is on screen: "
                          "do not restart it, go on with the next step")  # fmt: skip
    status = await seam.start_afresh(app_package)
    seam.driver.scenario_started = True
    return ToolResult.success({"package": app_package, "status": status}, status=f"OK: {status}")


@_mobile([r"\bforce[- ]?stop\b", r"\b(terminate|close|quit) (the )?app\b"], idempotent=True)
async def force_stop_app(seam: MobileActions, package_name: Package) -> ToolResult:
    """Stop an app ({stop_how}); says whether it was running.

    Args:
        package_name: The app's {app_id}.
    """
    was_running = await seam.stop_app(package_name)
    return ToolResult.success({"package": package_name, "was_running": was_running}, status=f"OK: stopped {package_name}")


@_mobile([r"\bscreen dump\b", r"\bui hierarchy\b", r"\bpage source\b"], read_only=True)
async def get_screen_dump(seam: MobileActions, max_chars: Annotated[int, Ge(500), Le(50_000)] = 2_000) -> ToolResult:
    """The screen's element tree ({fields} and bounds of each element), capped: a last resort after find_ui_elements_by_text.

    Args:
        max_chars: Cap on the text returned.
    """
    dump = await seam.screen_dump()
    text = "\n".join(dump.lines)
    truncated = len(text) > max_chars
    data = {"dump": text[:max_chars] + ("\n… truncated" if truncated else ""), "truncated": truncated, "app": dump.app,
            "keyboard_shown": dump.keyboard_shown, **dump.extra, "snapshot": seam.driver.snapshot_note()}  # fmt: skip
    return ToolResult.success(data, status=f"OK: {len(dump.lines)} elements{dump.note}")


@_mobile([r"\bscreen size\b"], read_only=True)
async def get_screen_size(seam: MobileActions) -> ToolResult:
    """The screen size in {unit} (what taps use), with the scale that gives pixels (what screenshots have)."""
    w, h = seam.driver.size = await seam.driver.screen_size()
    s = seam.scale()
    pw, ph = round(w * s), round(h * s)
    data = {"width": w, "height": h, "unit": seam.words.unit, "scale": s, "pixel_width": pw, "pixel_height": ph}
    return ToolResult.success(data, status=f"OK: {w}x{h}" + (f" {seam.words.unit} ({pw}x{ph} pixels)" if s != 1 else ""))


@_mobile([r"\bdevice info(rmation)?\b"], read_only=True)
async def device_information(seam: MobileActions) -> ToolResult:
    """The device: ``os``, ``version``, ``device`` and ``screen`` on every platform, then {info_extra}."""
    info = await seam.device_info()
    return ToolResult.success(info, status=f"OK: {info['device']} {info['os']} {info['version']}")


@_mobile([r"\b(go|navigate) back\b", r"\bpress back\b"], idempotent=False)
async def go_back(seam: MobileActions) -> ToolResult:
    """Go back one screen: {back_how}."""
    pressed = await seam.back()
    return ToolResult.success({"button": pressed}, status=f"OK: pressed back ({pressed})")


def _slug(text: str) -> str:
    return re.sub(r"\s+", "-", re.sub(r"[^a-z0-9 ]", "", text.lower()).strip())[:60] or "screen"


_shots = itertools.count(1)


@_mobile([r"\bscreenshot\b.*\bgoal\b", r"\btake (a )?screenshot\b"], read_only=True)
async def take_screenshot(seam: MobileActions, ctx: ToolContext, goal_name: Annotated[str, MaxLen(200)] = "screen",
                          directory: FilePath | None = None) -> ToolResult:  # fmt: skip
    """Capture the screen to a PNG named after the goal (in pixels); returns its path.

    Args:
        goal_name: What the screenshot shows; becomes the file name.
        directory: Where to save it (a temporary directory when omitted).
    """
    folder = ctx.files.folder(directory) if directory is not None else Path(tempfile.gettempdir())  # the file fence first
    shot = await seam.driver.screenshot(str(folder / f"{next(_shots):03d}-{_slug(goal_name)}.png"))
    return ToolResult(ok=True, data={"path": shot.path, "width": shot.width, "height": shot.height, "scale": seam.scale()},
                      screenshot=shot, status=f"OK: {shot.path}")  # fmt: skip


# -- deriving a platform's copies ------------------------------------------------------------------


def _copy(func: Callable[..., Any], doc: str, defaults: dict[str, Any], hints: dict[str, Any]) -> Callable[..., Any]:
    """``func`` with its docstring filled in and some defaults and type hints of its own (its schema reads them)."""
    out = types.FunctionType(func.__code__, func.__globals__, func.__name__, func.__defaults__, func.__closure__)
    out.__kwdefaults__ = func.__kwdefaults__
    out.__doc__ = doc
    out.__module__, out.__qualname__ = func.__module__, func.__qualname__
    out.__annotations__ = {**func.__annotations__, **hints}
    if defaults and func.__defaults__:
        params = [p for p in inspect.signature(func).parameters.values() if p.default is not inspect.Parameter.empty]
        out.__defaults__ = tuple(defaults.get(p.name, p.default) for p in params)
    return out


def _platform_settings(seam_type: type[MobileActions], name: str) -> tuple[dict[str, Any], dict[str, Any], int]:
    words = seam_type.words
    if name in ("scroll_vertically", "scroll_horizontally"):
        return {"distance": words.scroll_distance[name == "scroll_horizontally"]}, {}, 30_000
    if name == "scroll_until_visible":
        most, default = words.until_swipes
        return {"max_swipes": default}, {"max_swipes": Annotated[int, Ge(1), Le(most)]}, words.until_timeout_ms
    return {}, {}, 0


def mobile_tools(seam_type: type[MobileActions]) -> list[ToolSpec]:
    """The mobile catalog as tools of ``seam_type``'s platform (un-namespaced: the Toolset adds it)."""
    ns = seam_type.driver_type.kind
    words = seam_type.words
    fill = {"ns": ns, "fields": words.fields, "field_names": words.field_names, "typing": words.typing,
            "app_id": words.app_id, "unit": words.unit, "Unit": words.unit.capitalize(), "tap_note": words.tap_note,
            "start_steps": words.start_steps, "stop_how": words.stop_how, "back_how": words.back_how,
            "info_extra": words.info_extra}  # fmt: skip
    specs = []
    for entry in _CATALOG:
        name = entry.func.__name__
        defaults, hints, timeout_ms = _platform_settings(seam_type, name)
        doc = (entry.func.__doc__ or "").format(**fill)
        func = _copy(entry.func, doc, defaults, hints)
        spec = spec_from_function(func, category=ns, triggers=entry.triggers, dependencies=[ns],
                                  timeout_ms=timeout_ms or entry.timeout_ms, read_only=entry.read_only,
                                  idempotent=entry.idempotent, destructive=False, open_world=False,
                                  tags=[ALIAS_TAG + f"{ns}.{a}" for a in entry.aliases])  # fmt: skip
        spec.func = _bound(func, seam_type)
        spec.injected = {**spec.injected, "seam": seam_type.driver_type}  # and the ToolContext, when it takes one
        specs.append(spec)
    return specs


def _bound(func: Callable[..., Any], seam_type: type[MobileActions]) -> Callable[..., Any]:
    @functools.wraps(func)
    async def run(seam: Any, **kwargs: Any) -> Any:
        return await func(seam_type(seam), **kwargs)  # the driver injected by type, wrapped in its seam

    return run


MOBILE_TOOLS: tuple[str, ...] = tuple(e.func.__name__ for e in _CATALOG)

__all__ = ["MOBILE_TOOLS", "mobile_tools"]
