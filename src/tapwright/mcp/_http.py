"""Serving over streamable HTTP, guarded against DNS rebinding and, when configured, by a token.

A browser on the user's machine can be made to send requests to a loopback
server (DNS rebinding, or a plain cross-site POST), so every request's Host and
Origin must name this machine unless configured otherwise. Binding anything
but loopback needs a bearer token, which every request must then present.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import logging
import socket
import sys
from collections.abc import Generator
from typing import Any
from urllib.parse import urlsplit

import uvicorn
from mcp.server.transport_security import TransportSecuritySettings
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from tapwright.mcp._drops import DropWatch
from tapwright.mcp._options import McpOptions, is_loopback
from tapwright.mcp._server import TapwrightMcp

log = logging.getLogger("tapwright.mcp")
MCP_PATH = "/mcp"
STATUS_PATH = "/status"


class Guard:
    """ASGI middleware: Host and Origin checks (421 / 403), then the bearer token (401)."""

    def __init__(self, app: ASGIApp, options: McpOptions) -> None:
        self.app = app
        self.token = options.token.encode() if options.token else None
        self.hosts = extra_hosts(options)
        self.origins = {o.rstrip("/").lower() for o in options.allowed_http_origins}

    def host_ok(self, host: str | None) -> bool:
        if not host:
            return False
        host = host.lower()
        name = urlsplit(f"//{host}").hostname or ""
        return is_loopback(name) or host in self.hosts or name in self.hosts

    def origin_ok(self, origin: str | None) -> bool:
        if origin is None:
            return True  # not a browser: MCP clients send no Origin
        origin = origin.rstrip("/").lower()
        parts = urlsplit(origin)
        if parts.scheme in ("http", "https") and is_loopback(parts.hostname or ""):
            return True
        return origin in self.origins

    def token_ok(self, authorization: str | None) -> bool:
        if self.token is None:
            return True
        scheme, _, presented = (authorization or "").partition(" ")
        # compare_digest on equal-length inputs does not leak where they differ.
        return scheme.lower() == "bearer" and hmac.compare_digest(presented.strip().encode(), self.token)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refusal: Response | None = None
        if not self.host_ok(headers.get("host")):
            refusal = _refuse(421, "Host header not allowed (DNS-rebinding protection)")
        elif not self.origin_ok(headers.get("origin")):
            refusal = _refuse(403, "Origin not allowed")
        elif not self.token_ok(headers.get("authorization")):
            refusal = _refuse(401, "missing or wrong bearer token")
            refusal.headers["WWW-Authenticate"] = 'Bearer realm="tapwright-mcp"'
        if refusal is not None:
            log.warning("refused %s %s: %s", scope.get("method"), scope.get("path"), refusal.status_code)
            await refusal(scope, receive, send)
            return
        # Host names are case-insensitive; the SDK's own check (defence in depth) compares exactly.
        scope = {**scope, "headers": [(k, v.lower() if k.lower() == b"host" else v) for k, v in scope["headers"]]}
        await self.app(scope, receive, send)


def extra_hosts(options: McpOptions) -> set[str]:
    """Host header values accepted besides loopback: the configured ones and a specific bind address."""
    hosts = {h.lower() for h in options.allowed_hosts}
    if not is_loopback(options.host) and options.host not in ("0.0.0.0", "::"):
        hosts.add(options.host.lower())
    return hosts


def _refuse(status: int, message: str) -> Response:
    return Response(json.dumps({"error": message}), status_code=status, media_type="application/json")


def build_http_app(app: TapwrightMcp) -> ASGIApp:
    """The ASGI app: ``/mcp`` (streamable HTTP) and ``/status``, behind the Guard."""
    options = app.options

    async def status(_request: Request) -> Response:
        return JSONResponse({"ok": True, "tools": len(app.tools), **app.sessions.status(),
                             "calls_cancelled_on_drop": watch.cancelled})  # fmt: skip

    loopback_hosts = ["127.0.0.1:*", "localhost:*", "[::1]:*"]
    loopback_origins = [f"{scheme}://{h}" for scheme in ("http", "https") for h in loopback_hosts]
    # The SDK checks too (defence in depth); the Guard has already applied the same rules.
    security = TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=[*loopback_hosts, "127.0.0.1", "localhost", "[::1]", *_with_any_port(sorted(extra_hosts(options)))],
        allowed_origins=[*loopback_origins, *options.allowed_http_origins],
    )
    starlette_app = app.server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        transport_security=security,
        session_idle_timeout=options.session_idle_timeout_s,
        host=options.host,
        custom_starlette_routes=[Route(STATUS_PATH, status, methods=["GET"])],
    )
    watch = DropWatch(starlette_app, MCP_PATH)  # a call whose client went away is cancelled
    return Guard(watch, options)


def _with_any_port(hosts: list[str]) -> list[str]:
    return [x for h in hosts for x in (h, f"{h}:*")]


class _Uvicorn(uvicorn.Server):
    """uvicorn re-raises SIGTERM/SIGINT after its graceful shutdown; a stopped service exits 0 instead."""

    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        with super().capture_signals():
            yield
            self._captured_signals.clear()


def bind(host: str, port: int) -> socket.socket:
    """Bind the listening socket ourselves, so port 0 can be reported before serving."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host.strip("[]"), port))
    sock.listen(128)
    sock.setblocking(False)
    return sock


async def serve_http(app: TapwrightMcp) -> None:
    """Serve ``app`` over streamable HTTP until interrupted; browsers are closed on the way out."""
    options = app.options
    sock = bind(options.host, options.port)
    port = sock.getsockname()[1]
    shown = f"[{options.host}]" if ":" in options.host else options.host
    print(f"tapwright mcp: listening on http://{shown}:{port}{MCP_PATH} ({len(app.tools)} tools)", file=sys.stderr, flush=True)
    config = uvicorn.Config(
        build_http_app(app),
        log_level="warning",
        lifespan="on",
        timeout_graceful_shutdown=3,
    )
    server = _Uvicorn(config)
    try:
        await server.serve(sockets=[sock])
    finally:
        sock.close()
    status: dict[str, Any] = app.sessions.status()
    print(f"tapwright mcp: stopped cleanly ({status['browser_contexts']} browser contexts open)", file=sys.stderr, flush=True)
