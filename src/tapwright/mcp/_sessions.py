"""Per-client state: one ToolContext (and so one browser context or device lease) per MCP session.

Environments are opened lazily, on a client's first call of a platform's tools,
through the server's shared :class:`~tapwright.platforms.Runtimes` (one browser
process for the whole server, relaunched when it dies). Each client's environments
are closed when its MCP session ends: the SDK unwinds the connection's exit stack
when the client disconnects (stdio EOF, HTTP DELETE, idle timeout), cancelling any
call still running first.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

from tapwright import platforms
from tapwright.core.context import ToolContext
from tapwright.core.secrets import SecretStore
from tapwright.mcp._options import McpOptions
from tapwright.platforms import EnvOptions, LazyEnvs, Runtimes

log = logging.getLogger("tapwright.mcp")
_STATE_KEY = "tapwright.client"


@dataclass(slots=True, eq=False)
class ClientState:
    """What one MCP client owns: its environments, and a lock so its calls run one at a time."""

    envs: LazyEnvs
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    calls: int = 0

    @property
    def ctx(self) -> ToolContext:
        return self.envs.ctx


class Sessions:
    """Creates and closes ClientStates, and owns the platform runtimes they share."""

    def __init__(self, options: McpOptions, namespaces: set[str]) -> None:
        self.options = options
        self.platforms = sorted(namespaces & set(platforms.names()))
        self.secrets = SecretStore.from_env(options.secrets, env_file=options.env_file)
        self.live: set[ClientState] = set()
        self.running = 0  # tool calls running now, over every client
        common: dict[str, Any] = {
            "allowed_origins": options.allowed_origins,
            "blocked_origins": options.blocked_origins,
            "allow_link_local": options.allow_link_local,
            "storage_state": options.storage_state,
        }
        self.runtimes = Runtimes(headed=options.headed, settings=options.platform_settings, common=common)
        self._env_settings = {n: self.runtimes.platform(n).check_settings(options.env_settings.get(n, {}))
                              for n in self.platforms}  # fmt: skip

    def refused(self, connection: Any) -> str | None:
        """Why a call of the client on ``connection`` is refused (a new client over the session cap), or None."""
        cap = self.options.max_sessions
        if connection.state.get(_STATE_KEY) is not None or not cap or len(self.live) < cap:
            return None
        return (f"this server already serves {len(self.live)} sessions, its cap (--max-sessions {cap}): each holds a "
                "browser context or a device; retry when another client has left (or its idle session timed out)")  # fmt: skip

    def state_for(self, connection: Any) -> ClientState:
        """The state of the client on ``connection``, created on its first call."""
        state: ClientState | None = connection.state.get(_STATE_KEY)
        if state is None:
            envs = LazyEnvs(self.runtimes, ToolContext(secrets=self.secrets), close_runtimes=False)
            for name in self.platforms:
                envs.offer(name, EnvOptions(base_url=self.options.base_url, secrets=self.secrets,
                                            settings=dict(self._env_settings[name])))  # fmt: skip
            state = ClientState(envs)
            connection.state[_STATE_KEY] = state
            connection.exit_stack.push_async_callback(self.close_state, state)
            self.live.add(state)
        return state

    async def close_state(self, state: ClientState) -> None:
        self.live.discard(state)
        try:
            await state.envs.aclose()
        except Exception:  # a broken browser must not stop the other clients' cleanup
            log.exception("closing a client's resources failed")
        log.info("client session closed; %d open; %s", len(self.live), self.runtimes.status())

    def status(self) -> dict[str, Any]:
        """Counts for the HTTP status endpoint and the logs."""
        out: dict[str, Any] = {"sessions": len(self.live), "browser_contexts": 0, "browser_running": False,
                               "playwright_contexts": 0, "calls_running": self.running}  # fmt: skip
        out.update(self.runtimes.status())
        return out

    async def aclose(self) -> None:
        """Close every client's environments, then the runtimes (the browser)."""
        for state in list(self.live):
            await self.close_state(state)
        try:
            await self.runtimes.aclose()
        except Exception:
            log.exception("closing the platform runtimes failed")
