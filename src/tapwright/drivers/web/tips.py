"""Names a page shows only on hover: the tooltip of a control nothing else names.

An icon button drawn as a "+" or a tick often has no name in the page at all: people learn what it does from the
tooltip that appears while the pointer rests on it ("Create Item", "Save"). When a description finds nothing,
:func:`reveal` is the last, bounded search before the failure is reported: it rests the pointer on each nameless
control shown in the viewport, reads the short text that appears beside it (tips.js), and keeps that text as the
control's name for the snapshot, so the locator can look again. A control is hovered once per document (with or
without a tooltip), one of each look first (icon and class), at most :data:`MAX_HOVERS` per search; the element
found by such a name says so (``attrs["tooltip"] == "hover"``).

Hovering reads: it changes nothing a step declared, but a page may react to the pointer (a hover card), so the
pointer is moved off again and each tooltip waited out before the next control.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

from tapwright.core.element import Element
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.snapshot import script
from tapwright.errors import ToolFailure

if TYPE_CHECKING:
    from playwright.async_api import Page

    from tapwright.drivers.web.snapshot import Snapshot
    from tapwright.drivers.web.targets import Target


class Hovering(Protocol):
    """What the search needs of a web session (the session calls it: no import back)."""

    @property
    def page(self) -> Page: ...

    async def full_snapshot(self) -> Snapshot: ...

    async def target_of(self, ref: str, snap: Snapshot | None = None) -> Target: ...

# Controls a tooltip names: what is pressed. (A nameless field is named by the text beside it instead.)
_ROLES = frozenset({"button", "link", "menuitem", "tab"})
MAX_HOVERS = 10
TIP_WAIT_MS = 700  # tooltip libraries wait 0 to 500 ms before showing
GONE_WAIT_MS = 500


def nameless(snap: Snapshot, width: float, height: float) -> list[Element]:
    """The nameless controls shown in the viewport, in the order they are hovered: one of each look first
    (role, icon, class), top to bottom, then the others."""
    shown = [e for e in snap.tree.elements
             if e.role in _ROLES and not e.name and e.interactive and e.state.visible and e.state.enabled
             and e.rect is not None and e.rect.width > 0 and e.rect.height > 0
             and 0 <= e.rect.center_x < width and 0 <= e.rect.center_y < height]  # fmt: skip
    shown.sort(key=lambda e: (e.rect.y, e.rect.x) if e.rect is not None else (0.0, 0.0))
    first: list[Element] = []
    rest: list[Element] = []
    looks: set[tuple[str, str, str]] = set()
    for e in shown:
        look = (e.role, e.attr("icon"), e.attr("cls"))
        (rest if look in looks else first).append(e)
        looks.add(look)
    return first + rest


_CONTROL_NOUNS = frozenset({"button", "buttons", "icon", "icons", "link", "links", "tab", "tabs", "menuitem",
                            "item", "control", "toggle"})


def names_a_control(description: str) -> bool:
    """Whether ``description`` says it is a control a tooltip could name ("the Save button", "the trash icon")."""
    return bool(_words(description) & _CONTROL_NOUNS)


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


async def reveal(session: Hovering, snap: Snapshot, description: str = "") -> list[str]:
    """Hover the nameless controls of ``snap`` not hovered yet and return the tooltips read (the snapshot taken
    next names those controls by them); stops at the first tooltip whose every word ``description`` says. Never
    raises: a control gone or covered is skipped."""
    said = _words(description)
    if snap.partial:  # (a query's snapshot holds only what may match its words: no nameless control)
        snap = await session.full_snapshot()
    page = session.page
    size = page.viewport_size or {"width": 1280, "height": 720}
    js = script("tips.js")
    learned: list[str] = []
    hovered = 0
    for element in nameless(snap, size["width"], size["height"]):
        if hovered >= MAX_HOVERS:
            break
        try:
            target = await session.target_of(element.ref, snap)
            handle = target.handle
            if await handle.evaluate(js, {"op": "known"}):
                continue
            box = await handle.bounding_box()
            if box is None:
                continue
            hovered += 1
            await handle.evaluate(js, {"op": "arm"})
            await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            tip = await handle.evaluate(js, {"op": "read", "ms": TIP_WAIT_MS})
            await page.mouse.move(0, 0)
            await handle.evaluate(js, {"op": "gone", "ms": GONE_WAIT_MS})
        except (pw.Error, ToolFailure):
            continue
        if isinstance(tip, str) and tip:
            learned.append(tip)
            if said and _words(tip) <= said:
                break
    return learned
