"""How the data packs reach a page: one script evaluation through the web driver, errors mapped."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from tapwright.drivers.web import WebSession
from tapwright.drivers.web.errors import mapped


@cache
def pack_script(name: str) -> str:
    """A JS file shipped with the packs (``extract.js``), wrapped to return its value as one JSON string.

    Playwright serialises a returned array value by value; for a 1,000-row table that costs
    about a second, while one JSON string costs a few milliseconds.
    """
    body = resources.files("tapwright.tools").joinpath(name).read_text(encoding="utf-8").strip().rstrip(";")
    return f"(arg) => JSON.stringify(({body})(arg))"


async def evaluate(session: WebSession, name: str, arg: dict[str, Any], action: str) -> Any:
    """Run ``name`` (a ``(arg) => ...`` script) in the current page; Playwright errors become ToolFailures."""
    async with mapped(action):
        text = await session.page.evaluate(pack_script(name), arg)
    return json.loads(text) if isinstance(text, str) else None


async def page_url(session: WebSession) -> str:
    """The current page's address (for reasons and records)."""
    return str(session.page.url)
