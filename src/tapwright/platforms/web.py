"""The ``web`` platform: Chromium through Playwright, one browser per run, one context per environment."""

from __future__ import annotations

import asyncio
import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from tapwright.core.context import ToolContext
from tapwright.drivers.base import Driver
from tapwright.errors import UserError
from tapwright.plan.templates import Table
from tapwright.platforms._web_vocabulary import web_table
from tapwright.platforms.base import EnvOptions, LaunchOptions, Platform, PlatformEnv, Runtime
from tapwright.registry.toolset import Toolset

if TYPE_CHECKING:
    from tapwright.drivers.web import WebBrowser


def _web() -> Any:
    """The web driver package, imported on first use (Playwright is heavy to import)."""
    try:
        return importlib.import_module("tapwright.drivers.web")
    except ImportError as exc:
        raise UserError(f"the web platform needs Playwright (pip install 'tapwright[web]'): {exc}") from exc


class WebRuntime(Runtime):
    """One Chromium for the run (launched, or reached at ``browser_endpoint`` / ``cdp_url``, on first use).

    Launch settings: ``executable_path``, ``browser_endpoint`` (a Playwright server ``ws://``),
    ``cdp_url``, ``browser`` (a running :class:`~tapwright.drivers.web.WebBrowser` to share;
    it is not closed here), ``policy`` (a :class:`~tapwright.drivers.web.UrlPolicy` for
    every context), ``viewport``, ``action_timeout_ms``, ``upload_dirs``.
    """

    def __init__(self, options: LaunchOptions) -> None:
        self.options = options
        settings = options.settings
        self._browser: WebBrowser | None = settings.get("browser")
        self._owned = self._browser is None
        self._lock = asyncio.Lock()

    async def browser(self) -> WebBrowser:
        """The run's browser; relaunched when the previous one died."""
        async with self._lock:
            if self._browser is not None and self._owned and not self._browser.browser.is_connected():
                dead, self._browser = self._browser, None
                try:
                    await dead.aclose()  # stops its Playwright driver process
                except Exception:  # it is dead already; a failed close must not stop the relaunch
                    pass
            if self._browser is None:
                web = _web()
                settings = self.options.settings
                launch = web.BrowserOptions(
                    headless=not self.options.headed,
                    executable_path=settings.get("executable_path") or None,
                    ws_endpoint=settings.get("browser_endpoint") or None,
                    cdp_url=settings.get("cdp_url") or None,
                )
                if launch.ws_endpoint is None and launch.cdp_url is None and launch.executable_path is None:
                    launch.executable_path = web.find_chromium()
                self._browser = await web.WebBrowser.launch(launch)
            return self._browser

    async def open(self, options: EnvOptions) -> PlatformEnv:
        browser = await self.browser()
        run = self.options.settings
        own = options.settings
        viewport = own.get("viewport") or run.get("viewport") or (1280, 800)
        session = await browser.new_session(
            base_url=options.base_url,
            policy=own.get("policy") or run.get("policy"),
            storage_state=own.get("storage_state") or run.get("storage_state"),
            record_trace=options.record_trace,
            viewport=(int(viewport[0]), int(viewport[1])),
            action_timeout_ms=int(run.get("action_timeout_ms", 5_000)),
            upload_dirs=run.get("upload_dirs"),
        )
        ctx = ToolContext([session], secrets=options.secrets)
        # ctx.aclose() only closes what it created; the session is ours to close.
        return PlatformEnv(ctx, session, closer=session.aclose)

    async def aclose(self) -> None:
        if self._owned and self._browser is not None:
            browser, self._browser = self._browser, None
            await browser.aclose()


class WebPlatform(Platform):
    """Web pages in Chromium through Playwright."""

    name: ClassVar[str] = "web"
    description: ClassVar[str] = "Drive web pages in Chromium through Playwright"
    option_keys: ClassVar[frozenset[str]] = frozenset({"viewport", "storage_state"})
    needs_cap: ClassVar[bool] = False

    @property
    def driver_type(self) -> type[Driver]:
        cls: type[Driver] = _web().WebSession
        return cls

    def toolset(self) -> Toolset:
        from tapwright.tools.web import toolset

        return toolset()

    def runtime(self, options: LaunchOptions) -> Runtime:
        return WebRuntime(options)

    def vocabulary(self) -> Table:
        return web_table()

    def check_settings(self, settings: Any) -> dict[str, Any]:
        out = super().check_settings(settings)
        if "storage_state" in out:
            out["storage_state"] = Path(str(out["storage_state"]))
        return out


platform = WebPlatform()
