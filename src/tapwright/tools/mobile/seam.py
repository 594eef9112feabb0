"""The mobile action seam: the catalog's actions over a :class:`~tapwright.drivers.mobile.MobileDriver`, once for Android and iOS.

A target resolves to the element a description means on the kept screen, with the point to tap
(its centre, in the screen's units). By default nothing waits: a check looks at the screen once (wait
first with ``<platform>.wait``). With a wait set on the driver (a run's ``--timeout``, a test file's or
a step's ``timeout:``), an action's element and a check are looked for again on a freshly read screen
until found, or until the wait is over. A platform's seam subclass names its driver and says only what truly
differs: which of an element's fields hold its text, which containers a text search skips, and
(Android) the memory of toasts that have just vanished.
"""

from __future__ import annotations

import asyncio
import time
from abc import abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from tapwright.core.element import Element
from tapwright.core.states import state_miss
from tapwright.core.words import contains_text
from tapwright.drivers.mobile import MobileDriver
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import absence, across
from tapwright.tools.actions import ActionSeam
from tapwright.tools.mobile.common import swipe_by, type_into

STRONG = 0.95  # a description matched this well names something on screen, not a near miss
# What a text search over a screen may look in (the mobile tools' ``selector_type``).
SELECTORS = ("any", "text", "content-desc", "resource-id")
_LOOK_AGAIN_S = 0.25  # between two looks at the screen while waiting (each one reads the screen afresh)
_T = TypeVar("_T")


@dataclass(frozen=True)
class MobileWords:
    """What a platform's copies of the mobile catalog say and default to.

    Attributes:
        fields: An element's searchable values, in the platform's words.
        field_names: How a text field is named on the platform.
        typing: What text the platform types.
        app_id: What names an app.
        unit: What coordinates and distances count in.
        tap_note: Said of tapping at coordinates.
        scroll_distance: ``scroll_vertically`` / ``scroll_horizontally`` defaults.
        until_swipes: ``scroll_until_visible``'s most swipes and its default.
        until_timeout_ms: ``scroll_until_visible``'s timeout.
        until_fraction: How much of the screen one of its swipes moves.
        until_miss: Its error code when the element does not come on screen.
        until_counts_swipes: Whether its status line says how many swipes it took.
        start_steps: What ``start_testing_scenario`` does before launching the app.
        stop_how: How ``force_stop_app`` stops an app.
        back_how: How ``go_back`` goes back.
        info_extra: What ``device_information`` adds to the keys every platform has.
    """

    fields: str
    field_names: str
    typing: str
    app_id: str
    unit: str
    tap_note: str
    scroll_distance: tuple[int, int] = (1000, 1000)
    until_swipes: tuple[int, int] = (50, 10)
    until_timeout_ms: int = 90_000
    until_fraction: float = 0.5
    until_miss: ErrorCode = ErrorCode.ELEMENT_NOT_FOUND
    until_counts_swipes: bool = True
    start_steps: str = "stop a stale instance"
    stop_how: str = "force-stop it"
    back_how: str = "press the Back key"
    info_extra: str = "what the platform tells"


@dataclass(frozen=True)
class ScreenDump:
    """A screen as ``get_screen_dump`` lists it: one line per element that identifies something.

    Attributes:
        lines: ``<role key="value" ... bounds/>`` lines, in screen order.
        app: The app in front (a package or bundle id).
        keyboard_shown: Whether the soft keyboard is up.
        extra: What the platform adds (Android's rotation; iOS's alert and depth limit).
        note: Added to the status line (" (cut at the depth limit)"), or "".
    """

    lines: list[str]
    app: str
    keyboard_shown: bool
    extra: dict[str, Any]
    note: str = ""


@dataclass(slots=True)
class Spot:
    """An element found on the screen, and where to tap it."""

    element: Element
    x: int
    y: int
    snapshot: str  # "reused" or "fresh": whether the screen was read again for this


def folded(*values: str | None) -> list[str]:
    """The values given, white space folded and case-folded (what a text search compares)."""
    return [" ".join(v.split()).casefold() for v in values if v]


class MobileActions(ActionSeam[Spot]):
    """The catalog over a phone's driver; a platform subclasses it with its driver type and its few differences.

    Attributes:
        words: What the platform's copies of the mobile catalog say and default to.
        skip_roles: Roles a text search passes over (containers whose name repeats what they hold).
        merge_captions: A control listed by a text search hides its own caption found right after it.
    """

    driver: MobileDriver
    driver_type: ClassVar[type[MobileDriver]]
    verbs = frozenset({"click", "fill", "clear", "press_key", "scroll", "verify_visible", "verify_not_visible", "verify_text",
                       "verify_state"})  # fmt: skip
    # No waiting (timeout_ms), no appending (fill's clear), no target or point for a swipe, text anywhere on screen.
    never = frozenset({"timeout_ms", "clear"})
    drops: ClassVar[dict[str, frozenset[str]]] = {
        "press_key": frozenset({"target"}), "scroll": frozenset({"target", "x", "y"}),
        "verify_text": frozenset({"target", "exact", "gist", "edge"}),
    }  # fmt: skip
    words: ClassVar[MobileWords]
    skip_roles: ClassVar[frozenset[str]] = frozenset()
    merge_captions: ClassVar[bool] = False

    # -- what a platform says ---------------------------------------------------------------------

    @staticmethod
    def shown_text(e: Element) -> list[str]:
        """What a text search with ``selector_type`` ``text`` reads of ``e`` (its text by default)."""
        return [e.text] if e.text else []

    @classmethod
    def text_fields(cls, e: Element, selector: str) -> list[str]:
        """The values of ``e`` a text search with ``selector_type`` looks in (text, label, identifier)."""
        out = []
        if selector in ("any", "text"):
            out += cls.shown_text(e)
        if selector in ("any", "content-desc") and e.attr("content_desc"):
            out.append(e.attr("content_desc"))
        if selector in ("any", "resource-id") and e.attr("resource_id"):
            out.append(e.attr("resource_id"))
        return out

    def recent(self, text: str) -> dict[str, Any] | None:
        """A check's output from what the screen showed a moment ago and shows no more (None: nothing)."""
        return None

    # -- what a platform does its own way (the catalog's app, screen and picture tools) ----------------

    @abstractmethod
    async def start_afresh(self, app: str) -> str:
        """Stop ``app`` if it runs and launch it, verified in front (the scenario's first action); the status."""

    @abstractmethod
    async def stop_app(self, app: str) -> bool:
        """Stop ``app``; whether it was running."""

    @abstractmethod
    async def screen_dump(self) -> ScreenDump:
        """The screen, one line per element that identifies something."""

    def scale(self) -> float:
        """Pixels per coordinate unit (screenshots are in pixels): 1 where taps count in pixels."""
        return 1.0

    @abstractmethod
    async def device_info(self) -> dict[str, Any]:
        """``os``, ``version``, ``device`` and ``screen``, then what the platform adds."""

    @abstractmethod
    async def back(self) -> str:
        """Go back one screen; what was pressed."""

    # -- text search (the mobile catalog's tap_text, input_text, find_ui_elements_by_text) ----------

    async def matches(self, text: str, selector: str) -> list[dict[str, Any]]:
        """Visible elements whose text, label or identifier contains ``text`` (case-insensitive), in screen order.

        Where the platform merges captions, a control and its own caption right after it count once (the
        control, what a tap should reach).
        """
        driver = self.driver
        tree = driver.app_tree(await driver.snapshot())
        needle = text.casefold()
        found: list[dict[str, Any]] = []
        for e in tree:
            if e.rect is None or not e.state.visible or e.role in self.skip_roles:
                continue
            hit = next((v for v in self.text_fields(e, selector) if needle in v.casefold()), None)
            if hit is None:
                continue
            if self.merge_captions and found and found[-1]["ref"] == e.parent and found[-1]["value"].casefold() == hit.casefold():
                continue  # the caption inside the control just listed
            found.append({"value": hit, "cx": e.rect.center_x, "cy": e.rect.center_y, "ref": e.ref, "role": e.role})
        return found


    async def quick_pick(self, text: str, selector: str, position: int | None) -> dict[str, Any] | None:
        """What :meth:`pick` would answer, found without reading the whole screen; None when only it can tell.

        A platform whose driver can ask the device for the few elements a search may match (iOS, by
        identifier) overrides this; the answer must be :meth:`pick`'s own, never a kept screen's.
        """
        return None

    async def quick_matches(self, text: str, selector: str) -> list[dict[str, Any]] | None:
        """What :meth:`matches` would list, found without reading the whole screen; None when only it can tell."""
        return None

    async def pick(self, text: str, selector: str, position: int | None) -> dict[str, Any]:
        """The match of ``text`` to act on: the only one, the only exact one, or the one at ``position``
        (looked for again while the driver's wait lasts, see :meth:`until`).

        Several matches with no position and no single exact one are AMBIGUOUS: taking the first
        would act on whichever the screen lists first ("Task 1" inside "Task 18").
        """
        return await self.until(lambda: self._pick(text, selector, position), again=_NOT_THERE)

    async def _pick(self, text: str, selector: str, position: int | None) -> dict[str, Any]:
        found = await self.matches(text, selector)
        if not found:
            hint = await self.driver.not_found_hint()
            raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no element matches {text!r} (selectorType={selector}){hint}")
        if position is None:
            exact = [f for f in found if " ".join(f["value"].split()).casefold() == " ".join(text.split()).casefold()]
            if len(found) == 1 or len(exact) == 1:
                return found[0] if len(found) == 1 else exact[0]
            raise ToolFailure(ErrorCode.AMBIGUOUS, f"{len(found)} elements contain {text!r} and none is the only exact "
                              f"match: retry with position in 0..{len(found) - 1}, or more of the text",
                              data={"candidates": found[:10]})  # fmt: skip
        if len(found) > 1 and position >= len(found):
            raise ToolFailure(ErrorCode.AMBIGUOUS, f"{len(found)} matches for {text!r}: retry with position in 0..{len(found) - 1}",
                              data={"candidates": found[:10]})  # fmt: skip
        if position >= len(found):
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"position {position} is out of range: only 1 match for {text!r}")
        return found[position]

    # -- the seam ---------------------------------------------------------------------------------

    async def until(self, look: Callable[[], Awaitable[_T]], *, again: frozenset[ErrorCode]) -> _T:
        """``look()``, repeated on a freshly read screen while it fails with a code in ``again`` and the
        driver's wait (:attr:`~tapwright.drivers.base.Driver.wait_s`) lasts; once when there is none.
        A failure after the whole wait says so (``waited``): it is not retried."""
        wait = self.driver.wait_s
        deadline = time.monotonic() + wait
        while True:
            try:
                return await look()
            except ToolFailure as exc:
                if exc.code not in again or not wait:
                    raise
                if exc.code is ErrorCode.AMBIGUOUS and not weak(exc):
                    raise  # several strong matches: waiting does not make one of them the thing meant
                if time.monotonic() >= deadline:
                    exc.waited = True
                    raise
            await asyncio.sleep(_LOOK_AGAIN_S)
            self.driver.invalidate()

    async def resolve(self, target: str, *, wait: bool = True, timeout_ms: int | None = None) -> Spot:
        if not wait:
            return await self._resolve(target)
        return await self.until(lambda: self._resolve(target), again=_NOT_THERE)

    async def _resolve(self, target: str) -> Spot:
        found = await self.driver.quick_find(target)  # WDA's own find, when it provably answers as the screen would
        note = "fresh"  # the device was asked afresh
        if found is None:
            await self.driver.snapshot()
            note = self.driver.snapshot_note()  # before an action drops the snapshot
            found = await self.driver.find(target)
        r = found.element.rect
        if r is None or not found.element.state.visible:
            raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{target!r} is not on screen: scroll to it first ({self.driver.scroll_hint})")
        return Spot(found.element, r.center_x, r.center_y, note)

    def describe(self, handle: Spot) -> dict[str, Any]:
        e = handle.element
        return {"ref": e.ref, "role": e.role, "name": e.name, "x": handle.x, "y": handle.y, "snapshot": handle.snapshot}

    async def act(self, verb: str, handle: Spot | None, args: dict[str, Any]) -> dict[str, Any] | None:
        d = self.driver
        if handle is not None:
            if verb == "click":
                await d.click_at(handle.x, handle.y)
            elif verb in ("fill", "clear"):
                await type_into(d, handle.x, handle.y, handle.element, args.get("text", ""), hide=True)
            return None
        if verb == "press_key":
            await d.press_key(args["key"])
            return {}
        if verb == "scroll":
            w, h = d.size or await d.screen_size()
            vertical = args["direction"] in ("up", "down")
            distance = args["amount"] or int((h if vertical else w) * 0.6)
            swiped = await swipe_by(d, vertical, distance if args["direction"] in ("down", "right") else -distance, 300)
            return {**swiped.data, "amount": distance}
        checks = {"verify_visible": self._visible, "verify_not_visible": self._not_visible, "verify_text": self._text,
                  "verify_state": self._state}  # fmt: skip
        return await self.until(lambda: checks[verb](args), again=_NOT_YET)

    async def _visible(self, args: dict[str, Any]) -> dict[str, Any]:
        target = args["target"]
        try:
            found = await self.driver.find(target)
        except ToolFailure as exc:
            if exc.code is ErrorCode.ELEMENT_NOT_FOUND:
                raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is not visible ({exc.message})", data=exc.data) from None
            if exc.code is ErrorCode.AMBIGUOUS:
                return {"matches": len(exc.data["candidates"]) if isinstance(exc.data, dict) else 2}
            raise
        if not found.element.state.visible:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is off screen")
        if absence.spelled_otherwise(self.driver.app_tree(await self.driver.snapshot()), target, found, STRONG):
            raise absence.spelled_refusal(target, found)  # "Note deleted" is not shown by a "Delete note" button
        e = found.element
        return {"matches": 1, "ref": e.ref, "role": e.role, "name": e.name, "snapshot": self.driver.snapshot_note()}

    async def _state(self, args: dict[str, Any]) -> dict[str, Any]:
        target, state = args["target"], args["state"]
        if state == "hidden":  # also when nothing matches: the same look as "should not be visible"
            return {**await self._not_visible({"target": target}), "state": state}
        found = await self.driver.find(target)
        why = state_miss(found.element, state)
        if why is not None:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{found.describe()} is not {state}: {why}")
        return {"ref": found.element.ref, "role": found.element.role, "name": found.element.name, "state": state}

    async def _not_visible(self, args: dict[str, Any]) -> dict[str, Any]:
        target = args["target"]
        tree = self.driver.app_tree(await self.driver.snapshot())
        placed = absence.placed_text(target)
        if placed is not None:
            return await self._text_gone(tree, *placed)
        phrase = " ".join(target.strip("\"'“”").split()).casefold()
        shown = [e for e in tree if e.state.visible and e.role != "application"
                 and any(phrase in v for v in folded(e.text, e.name, e.attr("content_desc")))]  # fmt: skip
        if shown:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible ({shown[0].ref} {shown[0].name or shown[0].text!r})")
        run = across.placed_phrase(tree, target)  # '"Total: $42.00"' drawn as a label and its value
        if run is not None:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible, across {', '.join(e.ref for e in run)}")
        try:
            found = await self.driver.find(target)
        except ToolFailure as exc:
            miss = absence.near_miss(tree, target, exc)
            if miss is not None:
                raise absence.refusal(target, miss) from None  # just below the bar: neither there nor gone
            if exc.code is ErrorCode.ELEMENT_NOT_FOUND:
                missing = absence.missing_place(tree, target)
                if missing is not None:  # '"Ann" in the list' with no list on screen: not looked at, so not "gone"
                    raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"cannot check that {target!r} is absent: {missing}") from None
                return {"matches": 0}
            if weak(exc):
                # Several things match above the bar, none strongly: one holding the words may be it.
                cands = exc.data["candidates"] if isinstance(exc.data, dict) else []
                likely = [c for c in cands if (e := tree.by_ref(str(c.get("ref")))) is not None
                          and e.state.visible and absence.same_words(tree, target, e)]  # fmt: skip
                if not likely:
                    return {"matches": 0}  # close in spelling only: other things
                raise ToolFailure(ErrorCode.AMBIGUOUS, f"cannot tell whether {target!r} is absent: {len(likely)} "
                                  f"element(s) hold its words but match it loosely (none at {STRONG}): "
                                  f"{', '.join(repr(c.get('name')) for c in likely[:3])}; name it exactly",
                                  data={"candidates": likely}) from None  # fmt: skip
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible (several matches)", data=exc.data) from None
        if not found.element.state.visible:
            return {"matches": 0, "snapshot": self.driver.snapshot_note()}
        if found.score >= STRONG:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible ({found.describe()})")
        if absence.same_words(tree, target, found.element):
            raise absence.likely(target, found, STRONG)  # above the bar, below certain: neither there nor gone
        return {"matches": 0, "snapshot": self.driver.snapshot_note()}  # close in spelling only: another thing

    async def _text_gone(self, tree: Any, text: str, place: str) -> dict[str, Any]:
        """ '"Shelly" should not be in the results panel': the place found as any element is (not there:
        ELEMENT_NOT_FOUND, never a pass), and no visible element drawn inside its box shows the text."""
        try:
            box = (await self.driver.find(place)).element.rect
        except ToolFailure as exc:
            if exc.code is not ErrorCode.ELEMENT_NOT_FOUND:
                raise
            box = None
        shown = absence.shown_in(tree, text, box)
        if box is None and shown is not None:
            # No such place: absent from the whole screen, the text is absent from it too; shown, it may be there.
            raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"cannot check that {text!r} is not in {place!r}: no such "
                              f"place on screen, and {text!r} is shown elsewhere")  # fmt: skip
        if shown is not None:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{text!r} is still in {place!r} ({shown.ref} {shown.name or shown.text!r})")
        return {"matches": 0, "place": place, "snapshot": self.driver.snapshot_note()}

    async def _text(self, args: dict[str, Any]) -> dict[str, Any]:
        text = args["text"]
        tree = self.driver.app_tree(await self.driver.snapshot())
        needle = " ".join(text.split()).casefold()
        hits = [e for e in tree if e.state.visible  # whole words: "Bob" is not in "Bobby", nor "$12" in "$12.50"
                and any(contains_text(v, needle) for v in folded(e.text, e.attr("content_desc"), e.value))]
        if not hits:
            run = across.phrase_across(tree, text)  # a label and its value, two texts side by side
            if run is not None:
                return {"matches": 1, "across": [e.ref for e in run], "snapshot": self.driver.snapshot_note()}
            recent = self.recent(text)
            if recent is not None:  # a toast or snackbar that has just gone
                t = recent["transient"]
                return {**recent, "_note": f"a {t['kind']} seen {t['seen_s_ago']}s ago, gone now"}
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"the text {text!r} is not on screen")
        return {"matches": len(hits), "snapshot": self.driver.snapshot_note()}


# What may still change while waiting: an element not drawn yet (or only loosely matched), a check not holding yet.
_NOT_THERE = frozenset({ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.NOT_VISIBLE, ErrorCode.AMBIGUOUS})
_NOT_YET = frozenset({ErrorCode.ASSERTION_FAILED})


def weak(exc: ToolFailure) -> bool:
    """Only loose partial matches of several things (none strong): the thing named is not on screen yet."""
    candidates = exc.data.get("candidates", []) if isinstance(exc.data, dict) else []
    return exc.code is ErrorCode.AMBIGUOUS and bool(candidates) and all(
        isinstance(c, dict) and float(c.get("score", 1.0)) < STRONG for c in candidates)  # fmt: skip


__all__ = ["SELECTORS", "STRONG", "MobileActions", "MobileWords", "ScreenDump", "Spot", "folded", "weak"]
