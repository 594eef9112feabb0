"""Per-client state: one ToolContext (and so one browser context) per MCP session.

Browser contexts are created lazily, on a client's first web tool call, inside
one browser process shared by the whole server. Each client's context is closed
when its MCP session ends: the SDK unwinds the connection's exit stack when the
client disconnects (stdio EOF, HTTP DELETE, idle timeout), cancelling any call
still running first.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from dataclasses import dataclass, field
from typing import Any

from tapwright.core.context import ToolContext
from tapwright.core.secrets import SecretStore
from tapwright.drivers.fake import FakeDriver
from tapwright.mcp._options import McpOptions

log = logging.getLogger("tapwright.mcp")
_STATE_KEY = "tapwright.client"


@dataclass(slots=True, eq=False)
class ClientState:
    """What one MCP client owns: its tool context, and a lock so its calls run one at a time."""

    ctx: ToolContext
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    calls: int = 0


class Sessions:
    """Creates and closes ClientStates, and owns the browser they share."""

    def __init__(self, options: McpOptions, namespaces: set[str]) -> None:
        self.options = options
        self.namespaces = namespaces
        self.secrets = SecretStore.from_env(options.secrets, env_file=options.env_file)
        self.live: set[ClientState] = set()
        self._browser: Any = None
        self._browser_lock = asyncio.Lock()
        self.web_sessions: list[Any] = []

    # -- per client -------------------------------------------------------------

    def state_for(self, connection: Any) -> ClientState:
        """The state of the client on ``connection``, created on its first call."""
        state: ClientState | None = connection.state.get(_STATE_KEY)
        if state is None:
            state = ClientState(ToolContext(secrets=self.secrets))
            self._provide(state.ctx)
            connection.state[_STATE_KEY] = state
            connection.exit_stack.push_async_callback(self.close_state, state)
            self.live.add(state)
        return state

    async def close_state(self, state: ClientState) -> None:
        self.live.discard(state)
        try:
            await state.ctx.aclose()
        except Exception:  # a broken browser must not stop the other clients' cleanup
            log.exception("closing a client's resources failed")
        log.info("client session closed; %d open, %d browser contexts open", len(self.live), self.web_contexts_open)

    def _provide(self, ctx: ToolContext) -> None:
        if "fake" in self.namespaces:
            ctx.provide(FakeDriver, _new_fake)
        if "web" in self.namespaces:
            self._provide_web(ctx)
        for ns in sorted(self.namespaces - {"web", "fake"}):
            _provide_other(ctx, ns)

    # -- the shared browser ---------------------------------------------------------

    def _provide_web(self, ctx: ToolContext) -> None:
        try:
            web = importlib.import_module("tapwright.drivers.web")
        except ImportError:  # the web extra is not installed: web tools report DRIVER_ERROR
            return
        options = self.options

        async def new_session() -> Any:
            browser = await self._shared_browser(web)
            policy = web.UrlPolicy(
                allowed_origins=tuple(options.allowed_origins) if options.allowed_origins else None,
                blocked_origins=tuple(options.blocked_origins),
                allow_link_local=options.allow_link_local,
            )
            session = await browser.new_session(
                base_url=options.base_url, policy=policy, storage_state=options.storage_state
            )
            session.mask_secrets = self.secrets
            self.web_sessions.append(session)
            return session

        ctx.provide(web.WebSession, new_session)

    async def _shared_browser(self, web: Any) -> Any:
        async with self._browser_lock:
            if self._browser is not None and not _connected(self._browser):
                log.warning("the shared browser is gone; launching a new one")
                old, self._browser = self._browser, None
                try:
                    await old.aclose()  # stops its Playwright driver process
                except Exception:
                    log.exception("closing the crashed browser failed")
            if self._browser is None:
                opts = web.BrowserOptions(headless=not self.options.headed, executable_path=web.find_chromium())
                self._browser = await web.WebBrowser.launch(opts)
            return self._browser

    def _playwright_contexts(self) -> list[Any]:
        browser = getattr(self._browser, "browser", None)
        if browser is None or not browser.is_connected():
            return []
        return list(browser.contexts)

    @property
    def web_contexts_open(self) -> int:
        """Our browser contexts that Playwright still reports open (not our own bookkeeping)."""
        contexts = self._playwright_contexts()
        self.web_sessions = [s for s in self.web_sessions if getattr(s, "context", None) in contexts]
        return len(self.web_sessions)

    def status(self) -> dict[str, Any]:
        """Counts for the HTTP status endpoint and the logs."""
        out: dict[str, Any] = {
            "sessions": len(self.live),
            "browser_contexts": self.web_contexts_open,
            "browser_running": self._browser is not None,
        }
        out["playwright_contexts"] = len(self._playwright_contexts())
        return out

    async def aclose(self) -> None:
        """Close every client's resources, then the browser."""
        for state in list(self.live):
            await self.close_state(state)
        browser, self._browser = self._browser, None
        if browser is not None:
            try:
                await browser.aclose()
            except Exception:
                log.exception("closing the browser failed")


async def _new_fake() -> FakeDriver:
    return FakeDriver()


def _connected(browser: Any) -> bool:
    """False once the shared browser has crashed or was closed, so the next session relaunches it."""
    check = getattr(getattr(browser, "browser", None), "is_connected", None)
    return bool(check()) if callable(check) else True


def _provide_other(ctx: ToolContext, namespace: str) -> None:
    """Packs for devices (android, desktop) may offer ``tapwright.drivers.<ns>.provide(ctx)``."""
    try:
        module = importlib.import_module(f"tapwright.drivers.{namespace}")
    except ImportError:
        return
    provide = getattr(module, "provide", None)
    if callable(provide):
        provide(ctx)
