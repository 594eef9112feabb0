"""The ``web`` tool pack: every ``web.*`` tool over a WebSession (Chromium through Playwright).

The web platform (:mod:`tapwright.platforms.web`) offers it. The element actions and checks every
platform shares are derived from the catalog (:mod:`tapwright.tools.actions`) over
:class:`~tapwright.tools.web_seam.WebActions`; the web's own tools live in ``web_actions`` (expand,
submit, click by text), ``web_nav`` (navigation, tabs, waits), ``web_verify`` (value, URL, title and
count checks), ``web_rows`` (a check over every row of a table), ``web_record`` (one record shows all a step lists), ``web_order`` (where texts stand in a list), ``web_dialogs`` (JavaScript dialogs, downloads), ``web_log`` (console and network
problems) and ``web_coords`` (full-page screenshots); the coordinate tools (locate, click_at,
type_text, snapshot ...) are the shared ones of :mod:`tapwright.tools.coords`.
"""

from __future__ import annotations

from tapwright.drivers.web import WebSession
from tapwright.registry.toolset import Toolset
from tapwright.tools import (
    web_actions,
    web_coords,
    web_dialogs,
    web_log,
    web_nav,
    web_order,
    web_record,
    web_rows,
    web_sort,
    web_verify,
)
from tapwright.tools.actions import action_tools
from tapwright.tools.coords import coordinate_tools
from tapwright.tools.web_common import SPECS
from tapwright.tools.web_seam import WebActions

_MODULES = (web_actions, web_coords, web_dialogs, web_log, web_nav, web_order, web_record, web_rows, web_sort, web_verify)  # importing them fills SPECS
# The web pack has richer versions of these (waits, a target for the key, full-page shots).
_OWN = ("press_key", "verify_visible", "verify_not_visible", "screenshot")


def toolset() -> Toolset:
    """Every web tool, namespaced ``web.``."""
    shared = coordinate_tools(WebSession, category="web", exclude=_OWN, element_tools=True)
    return Toolset.of("web", sorted([*SPECS, *action_tools(WebActions), *shared], key=lambda s: s.name),
                      "Drive a web page in Chromium through Playwright")
