"""An action a record keeps in a menu of its own: "Delete issue #14" where issue #14's row shows only a ⋯ button.

The planner writes an app's verb for a record as "Delete for issue #14". When nothing on the page is that (no Delete
button in the issue's row), the record's own menu button (a ⋯, ⋮ or "More actions" control the locator finds for
"overflow menu for issue #14") is pressed, and the one item of the menu it opened that says the verb ("Delete
issue") is what the click acts on. The menu button pressed is said in the result (``via_menu``). A menu with no such
item, or several, is closed again (Escape) and the step fails saying so.
"""

from __future__ import annotations

import asyncio
import re
import time
from typing import TYPE_CHECKING, Any

from tapwright.core.element import UiTree
from tapwright.drivers.web import actions
from tapwright.drivers.web.confirming import name_words
from tapwright.errors import ErrorCode, ToolFailure

if TYPE_CHECKING:
    from tapwright.drivers.web.session import WebSession
    from tapwright.drivers.web.targets import Target

# "Delete for issue #14": the planner's form of an app verb said for a record.
_ACTION_FOR = re.compile(r"^([A-Z][a-z]+) for (\S.*)$")
_ITEMS = frozenset({"menuitem", "menuitemradio", "menuitemcheckbox", "option"})
_WAIT_S = 2.0


def _items(tree: UiTree, verb: str) -> list[Any]:
    return [e for e in tree.elements if e.state.visible and e.role in _ITEMS
            and verb in name_words(e)]  # fmt: skip


def _spot(e: Any) -> tuple[str, int, int]:
    return (e.name or e.text, e.rect.center_x if e.rect else -1, e.rect.center_y if e.rect else -1)


async def behind_menu(session: WebSession, target: str) -> tuple[Target, dict[str, Any]] | None:
    """The handle of the menu item ``target`` names once its record's menu is opened, and what was opened; None when
    ``target`` is no action for a record, or the record has no menu button of its own (see the module).

    Raises:
        ToolFailure: ELEMENT_NOT_FOUND (AMBIGUOUS) when the menu opened holds no item (several items) saying the verb.
    """
    m = _ACTION_FOR.match(" ".join(target.split()))
    if m is None:
        return None
    verb, record = m.group(1).lower(), m.group(2)
    try:
        opener = await session.resolve(f"overflow menu for {record}", wait=False)
    except ToolFailure:
        return None
    name = opener.element.name if opener.element is not None else record
    before = {_spot(e) for e in _items((await session.full_snapshot()).tree, verb)}
    try:
        await actions.click_on(session, opener)
    finally:
        await opener.dispose()
    deadline = time.monotonic() + _WAIT_S
    while True:
        found = [e for e in _items((await session.full_snapshot()).tree, verb) if _spot(e) not in before]
        if len(found) == 1:
            return await session.resolve(found[0].ref, wait=False), {"via_menu": name}
        if len(found) > 1 or time.monotonic() >= deadline:
            break
        await asyncio.sleep(0.1)
    await session.page.keyboard.press("Escape")  # the menu opened for nothing: closed again
    if found:
        raise ToolFailure(ErrorCode.AMBIGUOUS, f"{name!r} opened a menu with {len(found)} items that say {verb!r}: "
                          + ", ".join(repr(e.name or e.text) for e in found[:4]))
    raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no {target!r} on the page, and the menu {name!r} opens holds no "
                      f"item that says {verb!r}")
