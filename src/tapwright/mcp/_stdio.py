"""Serving over stdio: one process, one client, one browser context."""

from __future__ import annotations

import logging
import signal
import sys

import anyio
from mcp.server.runner import serve_loop
from mcp.server.stdio import stdio_server

from tapwright.mcp._server import TapwrightMcp

log = logging.getLogger("tapwright.mcp")


async def serve_stdio(app: TapwrightMcp) -> None:
    """Serve ``app`` on stdin/stdout until the client closes stdin or a signal arrives.

    Either way the client's browser context and the browser are closed before
    returning, so a client that goes away mid-call leaves no browser behind.
    """
    server = app.server
    async with anyio.create_task_group() as tg:
        tg.start_soon(_stop_on_signal, tg.cancel_scope)
        async with stdio_server() as (read_stream, write_stream), server.lifespan(server) as state:
            print(f"tapwright mcp: serving {len(app.tools)} tools over stdio", file=sys.stderr, flush=True)
            # The handshake-era loop (not Server.run's dual-era loop): its connection lives as long as
            # the client, which is what a browser session needs.
            await serve_loop(
                server,
                read_stream,
                write_stream,
                lifespan_state=state,
                init_options=server.create_initialization_options(),
            )
        tg.cancel_scope.cancel()
    status = app.sessions.status()
    print(f"tapwright mcp: stopped cleanly ({status['browser_contexts']} browser contexts open)", file=sys.stderr, flush=True)


async def _stop_on_signal(scope: anyio.CancelScope) -> None:
    with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT, signal.SIGHUP) as signals:
        async for signum in signals:
            log.info("received signal %s; closing browsers and stopping", signum)
            scope.cancel()
            return
