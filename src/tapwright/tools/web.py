"""The ``web`` tool pack: every ``web.*`` tool over a WebSession (Chromium through Playwright).

Registered as the ``web`` entry point of the ``tapwright.tools`` group. The tools
live in ``web_actions`` (element actions), ``web_nav`` (navigation, tabs, waits),
``web_verify`` (reads and checks) and ``web_coords`` (locate, coordinates, snapshot).
"""

from __future__ import annotations

from tapwright.registry.toolset import Toolset
from tapwright.tools import web_actions, web_coords, web_nav, web_verify
from tapwright.tools.web_common import SPECS

_MODULES = (web_actions, web_coords, web_nav, web_verify)  # importing them fills SPECS


def toolset() -> Toolset:
    """Every web tool, namespaced ``web.``."""
    return Toolset.of("web", sorted(SPECS, key=lambda s: s.name), "Drive a web page in Chromium through Playwright")
