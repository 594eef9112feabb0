"""The web driver: Chromium through Playwright.

Public names: :class:`BrowserOptions`, :func:`find_chromium`, :class:`UrlPolicy`,
:class:`WebBrowser`, :class:`WebSession` and :func:`provide` (lazy sessions for a
ToolContext, used by ``tapwright exec`` and the MCP server).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tapwright.core.context import ToolContext
from tapwright.drivers.web.launch import BrowserOptions, WebBrowser, find_chromium
from tapwright.drivers.web.policy import UrlPolicy
from tapwright.drivers.web.session import WebSession, default_upload_dirs


def provide(
    ctx: ToolContext,
    *,
    base_url: str | None = None,
    headed: bool = False,
    options: BrowserOptions | None = None,
    policy: UrlPolicy | None = None,
    storage_state: str | Path | None = None,
    upload_dirs: tuple[str | Path, ...] | None = None,
    **_: Any,
) -> None:
    """Register a lazy web session on ``ctx``: the first web tool call launches the browser.

    The session owns its browser, so ``await ctx.aclose()`` closes both.
    """

    async def factory() -> WebSession:
        opts = options or BrowserOptions(headless=not headed)
        browser = await WebBrowser.launch(opts)
        try:
            session = await browser.new_session(
                base_url=base_url, policy=policy, storage_state=storage_state, upload_dirs=upload_dirs
            )
        except BaseException:
            await browser.aclose()
            raise
        session.on_close.append(browser.aclose)
        return session

    ctx.provide(WebSession, factory)


__all__ = [
    "BrowserOptions",
    "UrlPolicy",
    "WebBrowser",
    "WebSession",
    "default_upload_dirs",
    "find_chromium",
    "provide",
]
