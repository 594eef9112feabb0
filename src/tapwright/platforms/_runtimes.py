"""Starting platforms' runtimes by name, and opening environments lazily (``exec``, MCP clients)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tapwright.core.context import ToolContext
from tapwright.drivers.base import Driver
from tapwright.errors import ErrorCode
from tapwright.platforms._registry import get
from tapwright.platforms.base import EnvOptions, LaunchOptions, Platform, PlatformEnv, Runtime


class Runtimes:
    """The runtimes of one run (or one server), by platform name, each started on first use.

    Args:
        headed: Show browsers / windows.
        settings: Run-wide settings per platform name, e.g. ``{"web": {"browser_endpoint": "ws://..."}}``.
        common: Settings for every platform (see :attr:`LaunchOptions.common`).
        lookup: How a platform is found by name (the installed platforms by default).
    """

    def __init__(
        self,
        *,
        headed: bool = False,
        settings: Mapping[str, Mapping[str, Any]] | None = None,
        common: Mapping[str, Any] | None = None,
        lookup: Callable[[str], Platform] | None = None,
    ) -> None:
        self.headed = headed
        self.settings = {name: dict(values) for name, values in (settings or {}).items()}
        self.common = dict(common or {})
        self._lookup = lookup or get
        self._made: dict[str, Runtime] = {}

    def platform(self, name: str) -> Platform:
        """The platform called ``name`` (UserError listing the installed ones when there is none)."""
        return self._lookup(name)

    def runtime(self, name: str) -> Runtime:
        """The platform's runtime for this run, created (not started) on first use."""
        if name not in self._made:
            platform = self._lookup(name)
            launch = LaunchOptions(self.headed, dict(self.settings.get(name, {})), dict(self.common))
            self._made[name] = platform.runtime(launch)
        return self._made[name]

    async def open(self, name: str, options: EnvOptions) -> PlatformEnv:
        """A fresh isolated environment on platform ``name``; its actions and checks wait as long as its
        ``timeout`` setting says (a test file's), else the run's (``common["timeout_s"]``)."""
        env = await self.runtime(name).open(options)
        wait = options.settings.get("timeout", self.common.get("timeout_s"))
        if wait is not None:
            env.driver.action_timeout(float(wait))
        return env

    def status(self) -> dict[str, Any]:
        """Every started runtime's counts, merged."""
        out: dict[str, Any] = {}
        for runtime in self._made.values():
            out.update(runtime.status())
        return out

    async def aclose(self) -> None:
        """Stop every runtime started here, newest first; one that fails to stop does not keep the others up."""
        made, self._made = list(self._made.values()), {}
        for runtime in reversed(made):
            with contextlib.suppress(Exception):
                await runtime.aclose()


@dataclass(frozen=True, slots=True)
class Lost:
    """An environment that died and was closed: why, and the code a call answers for it."""

    why: str
    code: ErrorCode

    def __str__(self) -> str:
        return self.why


class LazyEnvs:
    """Environments opened on a tool's first use, one per platform, all in one ToolContext.

    ``tapwright exec`` and each MCP client use it: a plan that only validates, or a client
    that never calls a web tool, never starts a browser.

    Example:
        envs = LazyEnvs(Runtimes(), ToolContext(secrets=secrets))
        envs.offer("web", EnvOptions(base_url=url))
        await executor.run(plan)      # the first web.* call opens the browser context
        await envs.aclose()
    """

    def __init__(self, runtimes: Runtimes, ctx: ToolContext, *, close_runtimes: bool = True) -> None:
        self.runtimes = runtimes
        self.ctx = ctx
        self.opened: list[PlatformEnv] = []
        self._close_runtimes = close_runtimes

    def offer(self, name: str, options: EnvOptions) -> None:
        """Make platform ``name``'s driver available to the context, opened on first use."""
        platform = self.runtimes.platform(name)

        async def factory() -> Driver:
            env = await self.runtimes.open(name, options)
            self.opened.append(env)
            return env.driver

        self.ctx.provide(platform.driver_type, factory, own=False)

    async def renew(self, *, wait_s: float = 0.0) -> list[Lost]:
        """Close every opened environment that can serve no more calls (:meth:`PlatformEnv.dead`: its
        browser, X server or device died); the next call of its tools opens a fresh one. Why each one went.

        ``wait_s``: when none is dead yet, keep asking for up to this long (after a call failed as if
        one were: a browser's pages close a moment before its driver says the browser went away).
        """
        deadline = time.monotonic() + wait_s
        while True:
            gone: list[Lost] = []
            for env in list(self.opened):
                why = await env.dead()
                if why is None:
                    continue
                self.opened.remove(env)
                self.ctx.drop(env.driver)
                await env.close()
                gone.append(Lost(why, env.lost_code))
            if gone or not self.opened or time.monotonic() >= deadline:
                return gone
            await asyncio.sleep(0.1)

    async def aclose(self) -> None:
        """Close the context, every environment opened (newest first), then the runtimes if they are ours."""
        with contextlib.suppress(Exception):
            await self.ctx.aclose()
        while self.opened:
            await self.opened.pop().close()
        if self._close_runtimes:
            await self.runtimes.aclose()
