"""Settings of one MCP server: what it exposes, how it opens browsers, and who may connect."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field
from typing import Any

from tapwright.errors import UserError

DEFAULT_SNAPSHOT_MAX_CHARS = 12_000
DEFAULT_HTTP_PORT = 8931
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


@dataclass(slots=True)
class McpOptions:
    """How ``tapwright mcp`` serves the registry.

    Attributes:
        headed: Show the browser window instead of running headless.
        base_url: Relative URLs given to ``web.navigate`` resolve against it.
        allowed_origins: When set, the browser may only open these origins
            (``https://app.example.com``); everything else fails with URL_BLOCKED.
        blocked_origins: Origins the browser must never open.
        allow_link_local: Let pages reach link-local and cloud-metadata addresses.
        storage_state: A Playwright storage-state JSON (cookies, local storage)
            loaded into every new browser context, e.g. a logged-in session.
        tools: Only expose tools matching these names, namespaces, categories
            or glob patterns (``web.click``, ``web__click``, ``web``, ``web.verify_*``).
        caps: Optional tool groups to enable (see ``tapwright.mcp.cap_groups()``).
        token: Bearer token HTTP clients must present; required to bind a
            non-loopback address.
        snapshot_max_chars: Cap on the text of one tool result; longer output is
            cut with a marker saying how much was left out.
        secrets: Names of secrets (read from the environment or ``env_file``)
            that tool arguments may reference as ``${secrets.NAME}``.
        env_file: File of ``NAME=VALUE`` secrets.
        host: Address the HTTP transport binds.
        port: Port the HTTP transport binds (0 picks a free one).
        allowed_hosts: Extra Host header values accepted over HTTP (beyond loopback).
        allowed_http_origins: Extra Origin header values accepted over HTTP.
        session_idle_timeout_s: An HTTP session with no request for this long is
            closed together with its browser context.
        retries: Attempts per call for failures whose error code is retriable. One by
            default: web tools already wait for their element, and a model decides
            faster than a blind retry whether to try again or differently.
        platform_settings: Run-wide settings per platform (``{"web": {"browser_endpoint": ...}}``).
        env_settings: Per-client environment settings per platform, as a test file gives them
            (``{"android": {"device": "emulator-5554"}}``).
        record: A YAML test case to write the acting calls of the session to (see ``_record.py``).
        max_sessions: Clients served at once (each holds a browser context or a device); a new
            client's call beyond it answers BUDGET_EXCEEDED until one leaves. 0: no cap.
    """

    headed: bool = False
    base_url: str | None = None
    allowed_origins: list[str] | None = None
    blocked_origins: list[str] = field(default_factory=list)
    allow_link_local: bool = False
    storage_state: str | None = None
    tools: list[str] = field(default_factory=list)
    caps: list[str] = field(default_factory=list)
    token: str | None = None
    snapshot_max_chars: int = DEFAULT_SNAPSHOT_MAX_CHARS
    secrets: list[str] = field(default_factory=list)
    env_file: str | None = ".env"
    host: str = "127.0.0.1"
    port: int = DEFAULT_HTTP_PORT
    allowed_hosts: list[str] = field(default_factory=list)
    allowed_http_origins: list[str] = field(default_factory=list)
    session_idle_timeout_s: float = 1800.0
    retries: int = 1
    platform_settings: dict[str, dict[str, Any]] = field(default_factory=dict)
    env_settings: dict[str, dict[str, Any]] = field(default_factory=dict)
    record: str | None = None
    max_sessions: int = 16

    def check(self) -> None:
        """Raise UserError for settings that cannot work together."""
        if self.snapshot_max_chars < 500:
            raise UserError("--snapshot-max-chars must be at least 500")
        if not 0 <= self.port <= 65535:
            raise UserError(f"port {self.port} is out of range")
        if self.retries < 1:
            raise UserError("retries must be at least 1")
        if self.max_sessions < 0:
            raise UserError("--max-sessions must be 0 (no cap) or more")
        if not is_loopback(self.host) and not self.token:
            raise UserError(
                f"refusing to bind {self.host}: a non-loopback address needs a bearer token "
                "(--token or TAPWRIGHT_MCP_TOKEN)"
            )


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 possibly in brackets) is this machine only."""
    host = host.strip().strip("[]").lower()
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
