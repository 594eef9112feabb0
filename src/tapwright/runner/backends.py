"""Where a scenario runs: one isolated environment (a browser context, a fake screen) per scenario.

A :class:`Backend` is started once per run and opens a fresh :class:`ScenarioEnv` for
every scenario (and every retry). The web backend shares one browser across the run
and gives each scenario its own context, so cookies and storage never leak between
scenarios, including when ``-j N`` runs them side by side.
"""

from __future__ import annotations

import asyncio
import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from tapwright.core.context import ToolContext
from tapwright.core.secrets import SecretStore
from tapwright.drivers.base import Driver
from tapwright.drivers.fake import FakeDriver
from tapwright.errors import UserError


class ScenarioEnv:
    """The context one scenario's tools run in, plus how to photograph and close it."""

    def __init__(self, ctx: ToolContext, driver: Driver | None, *, closer: Any = None) -> None:
        self.ctx = ctx
        self.driver = driver
        self._closer = closer

    async def screenshot(self, path: Path) -> bool:
        """Save a screenshot of the current screen; False when there is nothing to photograph."""
        if self.driver is None:
            return False
        path.parent.mkdir(parents=True, exist_ok=True)
        # A screenshot is evidence, never a verdict: whatever goes wrong taking it
        # (a crashed page, a closed context) must not fail or abort the scenario.
        try:
            await self.driver.screenshot(str(path))
        except Exception:
            return False
        return path.is_file()

    async def close(self, trace_path: Path | None = None) -> bool:
        """Close the environment; save the Playwright trace first when asked. True if a trace was saved."""
        saved = False
        try:
            if trace_path is not None and self.driver is not None and hasattr(self.driver, "stop_trace"):
                trace_path.parent.mkdir(parents=True, exist_ok=True)
                try:
                    await self.driver.stop_trace(str(trace_path))
                    saved = trace_path.is_file()
                except Exception:
                    saved = False  # same reasoning as screenshots: a lost trace must not fail the test
            await self.ctx.aclose()
            if self._closer is not None:
                await self._closer()
        except Exception:
            # The scenario is over; a context that refuses to close cleanly is not its failure.
            return saved
        return saved


class Backend(Protocol):
    """Opens isolated scenario environments for one tool namespace."""

    async def open(self, *, base_url: str | None, secrets: SecretStore, record_trace: bool,
                   allow: list[list[str]] | None = None, block: list[str] | None = None) -> ScenarioEnv: ...

    async def aclose(self) -> None: ...


class FakeBackend:
    """The in-memory fake screen (``fake.*`` tools): no browser, used by tests and dry runs."""

    async def open(self, *, base_url: str | None, secrets: SecretStore, record_trace: bool,
                   allow: list[list[str]] | None = None, block: list[str] | None = None) -> ScenarioEnv:
        driver = FakeDriver()
        return ScenarioEnv(ToolContext([driver], secrets=secrets), driver)

    async def aclose(self) -> None:
        return None


@dataclass(slots=True)
class WebOptions:
    """How the run's browser is launched (``--headed``) and what it may load (``--allow``, ``--block``)."""

    headed: bool = False
    executable_path: str | None = None
    allow: list[str] | None = None
    block: tuple[str, ...] = ()
    allow_link_local: bool = False


class WebBackend:
    """One Chromium for the whole run (launched on first use), one context per scenario.

    Args:
        options: Launch options when this backend launches the browser itself.
        browser: An already launched ``WebBrowser`` to share (it is not closed here).
    """

    def __init__(self, options: WebOptions | None = None, *, browser: Any = None) -> None:
        self.options = options or WebOptions()
        self._browser = browser
        self._owned = browser is None
        self._lock = asyncio.Lock()

    async def _get_browser(self) -> Any:
        async with self._lock:
            if self._browser is None:
                web = _web_module()
                executable = self.options.executable_path or web.find_chromium()
                launch_opts = web.BrowserOptions(headless=not self.options.headed, executable_path=executable)
                self._browser = await web.WebBrowser.launch(launch_opts)
            return self._browser

    async def open(self, *, base_url: str | None, secrets: SecretStore, record_trace: bool,
                   allow: list[list[str]] | None = None, block: list[str] | None = None) -> ScenarioEnv:
        browser = await self._get_browser()
        opts = self.options
        policy = _web_module().UrlPolicy(allowed_origins=opts.allow, blocked_origins=(*opts.block, *(block or ())),
                                         allow_link_local=opts.allow_link_local)
        for layer in allow or ():
            policy = policy.narrowed(layer)
        # A trace's film strip cannot be masked: with secrets in play it is left out (the trace's
        # text, DOM snapshots included, is redacted when it is saved).
        session = await browser.new_session(base_url=base_url, record_trace=record_trace, policy=policy,
                                            trace_screenshots=not secrets.values())
        session.mask_secrets = secrets
        ctx = ToolContext([session], secrets=secrets)
        # ctx.aclose() only closes what it created; the session is ours to close.
        return ScenarioEnv(ctx, session, closer=session.aclose)

    async def aclose(self) -> None:
        if self._owned and self._browser is not None:
            browser, self._browser = self._browser, None
            await browser.aclose()


def _web_module() -> Any:
    try:
        return importlib.import_module("tapwright.drivers.web")
    except ImportError as exc:
        raise UserError(f"web tests need the web driver (pip install 'tapwright[web]'): {exc}") from exc


class Backends:
    """The backends of one run, by tool namespace, created on first use."""

    def __init__(self, web: WebOptions | None = None, *, browser: Any = None) -> None:
        self._web_options = web
        self._browser = browser
        self._made: dict[str, Backend] = {}

    @staticmethod
    def supported() -> tuple[str, ...]:
        return ("web", "fake")

    def get(self, namespace: str) -> Backend:
        if namespace not in self._made:
            if namespace == "web":
                self._made[namespace] = WebBackend(self._web_options, browser=self._browser)
            elif namespace == "fake":
                self._made[namespace] = FakeBackend()
            else:
                raise UserError(f"no runner backend for tool namespace {namespace!r}; supported: web, fake")
        return self._made[namespace]

    async def aclose(self) -> None:
        made, self._made = list(self._made.values()), {}
        for backend in made:
            await backend.aclose()
