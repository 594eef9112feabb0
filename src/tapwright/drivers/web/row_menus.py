"""An action a record keeps in a menu of its own: "Delete issue #14" where issue #14's row shows only a ⋯ button.

The planner writes an app's verb for a record as "Delete for issue #14". When nothing on the page is that (no Delete
button in the issue's row), the record's own menu button (a ⋯, ⋮ or "More actions" control the locator finds for
"overflow menu for issue #14") is pressed, and the one item of the menu it opened that says the verb ("Delete
issue") is what the click acts on. The menu button pressed is said in the result (``via_menu``). A menu with no such
item, or several, is closed again (Escape) and the step fails saying so.

A record with no menu of its own may keep its actions in what it opens when pressed: a calendar's event opens a
popover with "Delete event", a card a detail panel with "Archive". When the record itself is found (a control that
is no link, tick box, switch, field, tab or option: pressing it opens something in place and changes nothing), it
is pressed, and the one control newly shown that says the verb is what the click acts on (``via_item`` in the result). Nothing new saying the verb, or
several, and what opened is closed again (Escape) and the step fails saying so; a press that took the page
elsewhere fails saying that.
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


_CONTROLS = _ITEMS | {"button", "link"}
# What pressing does something of its own to (a link goes elsewhere, a tick box or a switch changes, a field takes
# typing, a tab or an option is chosen): never pressed to look for a record's action.
_NOT_OPENERS = frozenset({"link", "checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio", "textbox",
                          "searchbox", "combobox", "slider", "spinbutton", "tab", "option"})


def _saying(tree: UiTree, verb: str, roles: frozenset[str]) -> list[Any]:
    return [e for e in tree.elements if e.state.visible and e.role in roles
            and verb in name_words(e)]  # fmt: skip


# What a record's own menu button says: a ⋯ / ⋮ glyph, or words like "More actions", "Options", "Menu".
_MENU_WORDS = re.compile(r"[⋯⋮…]|\.\.\.|\b(more|menu|actions|options|kebab|overflow)\b", re.IGNORECASE)


def _menu_button(e: Any) -> bool:
    return e is not None and (bool(_MENU_WORDS.search(f"{e.name} {e.text}")) or bool(e.attrs.get("haspopup")))


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
        opener = None
    if opener is None or not _menu_button(opener.element):
        if opener is not None:
            await opener.dispose()  # the record itself, or another control: no menu of its own
        return await _behind_item(session, target, verb, record)
    return await _opened(session, opener, target, verb, menu=True)


async def _behind_item(session: WebSession, target: str, verb: str, record: str) -> tuple[Target, dict[str, Any]] | None:
    """The control saying ``verb`` that pressing the record ``record`` itself shows (see the module); None when the
    record is not found as one control, or pressing it would do something of its own (:data:`_NOT_OPENERS`)."""
    try:
        item = await session.resolve(record, wait=False)
    except ToolFailure:
        return None
    e = item.element
    if e is None or not e.interactive or e.role in _NOT_OPENERS or e.state.checked is not None or e.state.editable:
        await item.dispose()  # a link leaves the page; pressing a tick box, a switch or a field changes or types
        return None
    return await _opened(session, item, target, verb, menu=False)


async def _opened(session: WebSession, opener: Target, target: str, verb: str, *, menu: bool) -> tuple[Target, dict[str, Any]]:
    """Press ``opener`` (a record's menu button, else the record); the one item (any control, for a record) newly
    shown that says ``verb``, and ``{"via_menu" | "via_item": opener's name}``."""
    roles, key = (_ITEMS, "via_menu") if menu else (_CONTROLS, "via_item")
    name = (opener.element.name or opener.element.text) if opener.element is not None else target
    before = {_spot(e) for e in _saying((await session.full_snapshot()).tree, verb, roles)}
    url = session.page.url
    try:
        await actions.click_on(session, opener)
    finally:
        await opener.dispose()
    deadline = time.monotonic() + _WAIT_S
    while True:
        found = [e for e in _saying((await session.full_snapshot()).tree, verb, roles) if _spot(e) not in before]
        if len(found) == 1:
            return await session.resolve(found[0].ref, wait=False), {key: name}
        if len(found) > 1 or time.monotonic() >= deadline or session.page.url != url:
            break
        await asyncio.sleep(0.1)
    opened = f"the menu {name!r} opens" if menu else f"what {name!r} opens when pressed"
    if session.page.url != url:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no {target!r} on the page; pressing {name!r} to find it "
                          f"went to {session.page.url}")
    await session.page.keyboard.press("Escape")  # opened for nothing: closed again
    if found:
        raise ToolFailure(ErrorCode.AMBIGUOUS, f"{opened} shows {len(found)} controls that say {verb!r}: "
                          + ", ".join(repr(e.name or e.text) for e in found[:4]))
    raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no {target!r} on the page, and {opened} holds no {'item' if menu else 'control'} "
                      f"that says {verb!r}")
