"""The ``web`` platform: Chromium through Playwright, one browser per run, one context per environment."""

from __future__ import annotations

import asyncio
import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from tapwright.core.context import ToolContext
from tapwright.drivers.base import Driver
from tapwright.errors import ErrorCode, UserError
from tapwright.plan.templates import Table
from tapwright.platforms._browser_pool import BrowserPool, Endpoint, parse_endpoints
from tapwright.platforms._web_vocabulary import web_table
from tapwright.platforms.base import POLICY_LAYERS, EnvOptions, LaunchOptions, Platform, PlatformEnv, Runtime
from tapwright.registry.toolset import Toolset

# A report's pictures: two thirds of the view's side is still legible, and the report stays small.
REPORT_SCALE = 0.65

if TYPE_CHECKING:
    from tapwright.drivers.web import WebBrowser
    from tapwright.tools.actions import ActionSeam


def _web() -> Any:
    """The web driver package, imported on first use (Playwright is heavy to import)."""
    try:
        return importlib.import_module("tapwright.drivers.web")
    except ImportError as exc:
        raise UserError(f"the web platform needs Playwright (pip install 'tapwright[web]'): {exc}") from exc


# How long an action or a check waits for its element when neither the run nor the test file says.
DEFAULT_ACTION_TIMEOUT_MS = 5_000


class WebRuntime(Runtime):
    """One Chromium for the run (launched, or reached at ``browser_endpoint`` / ``cdp_url``, on first use).

    Launch settings: ``executable_path``, ``proxy_bind`` / ``proxy_host`` (where a remote browser
    reaches the URL-policy proxy), ``browser_endpoint`` (a Playwright server ``ws://``),
    ``cdp_url``, ``browser`` (a running :class:`~tapwright.drivers.web.WebBrowser` to share;
    it is not closed here), ``policy`` (a :class:`~tapwright.drivers.web.UrlPolicy` for
    every context) or ``allowed_origins`` / ``blocked_origins`` to build one,
    ``storage_state``, ``viewport``, ``action_timeout_ms``, ``upload_dirs``; or
    ``browser_endpoints`` (a list of URLs, ``"URL CAPACITY"`` lines or
    :class:`~tapwright.platforms._browser_pool.Endpoint`) for a pool of remote browsers that
    scenarios lease (``browser_endpoints_file`` names a file of such lines; the default
    capacity spreads ``jobs`` over the endpoints).
    """

    def __init__(self, options: LaunchOptions) -> None:
        self.options = options
        self._browser: WebBrowser | None = options.settings.get("browser")
        self._owned = self._browser is None
        self._lock = asyncio.Lock()
        self._sessions: list[Any] = []
        self.pool: BrowserPool | None = self._pool()

    def _pool(self) -> BrowserPool | None:
        get = self.options.get
        raw, file = get("browser_endpoints") or [], get("browser_endpoints_file")
        if not raw and not file:
            return None
        given = [e for e in raw if isinstance(e, Endpoint)]
        texts = [str(e) for e in raw if not isinstance(e, Endpoint)]
        count = len(given) + len(texts) + (1 if file else 0)
        capacity = max(1, -(-int(get("jobs", 1) or 1) // max(1, count)))
        endpoints = given + parse_endpoints(texts, file, default_capacity=capacity)
        if not endpoints:
            raise UserError("the browser endpoint list is empty")
        return BrowserPool(endpoints, launch=self._connect)

    async def _connect(self, endpoint: Endpoint) -> WebBrowser:
        web = _web()
        remote = {"cdp_url": endpoint.url} if endpoint.cdp else {"ws_endpoint": endpoint.url}
        browser: WebBrowser = await web.WebBrowser.launch(web.BrowserOptions(
            headless=not self.options.headed, executable_path=self.options.get("executable_path") or None, **remote,
            **self._proxy_settings()))
        return browser

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
                get = self.options.get
                endpoint, cdp = get("browser_endpoint") or None, get("cdp_url") or None
                executable = get("executable_path") or (None if endpoint or cdp else web.find_chromium(headless=not self.options.headed))
                launch = web.BrowserOptions(headless=not self.options.headed, executable_path=executable,
                                            ws_endpoint=endpoint, cdp_url=cdp,
                                            **self._proxy_settings())  # fmt: skip
                self._browser = await web.WebBrowser.launch(launch)
            return self._browser

    def _proxy_settings(self) -> dict[str, Any]:
        """``proxy_bind`` / ``proxy_host`` (``--set web.proxy_bind=ADDRESS``): where a remote browser reaches the policy proxy."""
        get = self.options.get
        out: dict[str, Any] = {}
        if get("proxy_bind"):
            out["proxy_bind"] = str(get("proxy_bind"))
        if get("proxy_host"):
            out["proxy_host"] = str(get("proxy_host"))
        return out

    def _policy(self, layers: dict[str, Any] | None = None) -> Any:
        """The run's URL policy, narrowed by a scenario's test-file ``allow`` / ``block`` layers."""
        get = self.options.get
        policy = get("policy")
        if policy is None:
            allowed, blocked = get("allowed_origins"), get("blocked_origins")
            policy = _web().UrlPolicy(allowed_origins=tuple(allowed) if allowed else None,
                                      blocked_origins=tuple(blocked or ()),
                                      allow_link_local=bool(get("allow_link_local", False)))
        if layers:
            for allow in layers.get("allow") or ():
                policy = policy.narrowed(allow)
            if layers.get("block"):
                policy = policy.narrowed(None, layers["block"])
        return policy

    async def open(self, options: EnvOptions) -> PlatformEnv:
        if self.pool is not None:
            return await self._open_leased(self.pool, options)
        return await self._open_on(await self.browser(), options)

    async def _open_leased(self, pool: BrowserPool, options: EnvOptions) -> PlatformEnv:
        async def open_on(endpoint: Endpoint) -> PlatformEnv:
            return await self._open_on(endpoint.browser, options)

        return await pool.open_env(open_on)

    async def _open_on(self, browser: WebBrowser, options: EnvOptions) -> PlatformEnv:
        get, own = self.options.get, options.settings
        viewport = own.get("viewport") or get("viewport") or (1280, 800)
        session = await browser.new_session(
            base_url=options.base_url or get("base_url"),
            policy=self._policy(own.get(POLICY_LAYERS)),
            storage_state=own.get("storage_state") or get("storage_state"),
            record_trace=options.record_trace,
            viewport=(int(viewport[0]), int(viewport[1])),
            action_timeout_ms=action_timeout_ms(own, self.options),
            upload_dirs=own["upload_dirs"] if "upload_dirs" in own else get("upload_dirs"),
            # A trace's film strip cannot be masked: with secrets in play it is left out (the
            # trace's text, DOM snapshots included, is redacted when the runner saves it).
            trace_screenshots=not options.secrets.values(),
            downloads_dir=options.downloads_dir,
        )
        session.mask_secrets = options.secrets  # every screenshot masks what shows a secret
        self._sessions.append(session)
        ctx = ToolContext([session], secrets=options.secrets)
        # ctx.aclose() only closes what it created; the session is ours to close.
        async def report_shot(path: Path) -> None:  # the report's picture: two thirds of the view's side
            await session.screenshot(str(path), scale=REPORT_SCALE)

        engine = session.context.browser  # the Playwright browser this context lives in (None: a persistent one)

        async def dead() -> str | None:
            if engine is not None and not engine.is_connected():
                return "the browser this session used has died (killed or crashed)"
            return None

        return PlatformEnv(ctx, session, closer=session.aclose, shooter=report_shot, dead=dead,
                           lost_code=ErrorCode.BROWSER_CRASHED)

    def _contexts(self) -> list[Any]:
        browser = self._browser
        if browser is None or not browser.browser.is_connected():
            return []
        return list(browser.browser.contexts)

    def status(self) -> dict[str, Any]:
        """``browser_running``; ``browser_contexts``: our contexts Playwright still reports open; all of them."""
        contexts = self._contexts()
        self._sessions = [s for s in self._sessions if s.context in contexts]
        out: dict[str, Any] = {"browser_running": self._browser is not None, "browser_contexts": len(self._sessions),
                               "playwright_contexts": len(contexts)}  # fmt: skip
        if self.pool is not None:
            out.update(self.pool.status())
        return out

    async def aclose(self) -> None:
        if self.pool is not None:
            await self.pool.aclose()
        if self._owned and self._browser is not None:
            browser, self._browser = self._browser, None
            await browser.aclose()


class WebPlatform(Platform):
    """Web pages in Chromium through Playwright."""

    name: ClassVar[str] = "web"
    description: ClassVar[str] = "Drive web pages in Chromium through Playwright"
    option_keys: ClassVar[frozenset[str]] = frozenset({"viewport", "storage_state", "timeout"})
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

    def action_seam(self) -> type[ActionSeam[Any]]:
        from tapwright.tools.web_seam import WebActions

        return WebActions

    def check_settings(self, settings: Any) -> dict[str, Any]:
        out = super().check_settings(settings)
        if "storage_state" in out:
            out["storage_state"] = Path(str(out["storage_state"]))
        return out


def action_timeout_ms(own: dict[str, Any], options: LaunchOptions) -> int:
    """How long an action or check waits for its element: the test file's ``timeout:``, then the run's
    ``--timeout``, then the ``web.action_timeout_ms`` setting, then 5 s."""
    if own.get("timeout") is not None:
        return int(float(own["timeout"]) * 1000)
    if options.get("timeout_s") is not None:
        return int(float(options.get("timeout_s")) * 1000)
    return int(options.get("action_timeout_ms", DEFAULT_ACTION_TIMEOUT_MS))


platform = WebPlatform()
