"""``tapwright mcp``: serve the tool registry to MCP clients over stdio or streamable HTTP."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from typing import Any

from tapwright.cli._platform import grouped_settings
from tapwright.errors import UserError

TOKEN_ENV = "TAPWRIGHT_MCP_TOKEN"


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "mcp",
        help="serve the tools to MCP clients (stdio by default, or --http HOST:PORT)",
        description="Serve tapwright's tools over the Model Context Protocol. "
        "A core set of web tools is listed by default; optional groups (--caps): more, data, coords, files, "
        "and the platforms that need a device or display.",
    )
    p.add_argument("--http", metavar="HOST:PORT", help="serve streamable HTTP at http://HOST:PORT/mcp instead of stdio")
    p.add_argument("--headed", action="store_true", help="show the browser window")
    p.add_argument("--base-url", help="relative URLs resolve against this")
    p.add_argument("--allowed-origins", "--allow", action="extend", nargs="+", metavar="ORIGIN",
                   help="the browser may open only these origins, hosts, *.suffixes or address ranges")
    p.add_argument("--blocked-origins", "--block", action="extend", nargs="+", default=[], metavar="ORIGIN",
                   help="origins, hosts, *.suffixes or address ranges the browser must never open")
    p.add_argument("--allow-link-local", action="store_true",
                   help="let pages reach link-local and cloud-metadata addresses (refused by default)")
    p.add_argument("--storage-state", metavar="PATH", help="Playwright storage state (cookies) loaded into each browser context")
    p.add_argument("--tools", nargs="+", default=[], metavar="NAME_OR_CATEGORY", help="only these tools (names, namespaces, categories, globs)")
    p.add_argument("--caps", nargs="+", default=[], metavar="GROUP", help="enable optional tool groups")
    p.add_argument("--token", help=f"bearer token HTTP clients must send (default: ${TOKEN_ENV})")
    p.add_argument("--snapshot-max-chars", type=int, default=None, metavar="N", help="cap on one result's text (default 12000)")
    p.add_argument("--secret", action="append", default=[], metavar="NAME", help="a secret tools may use as ${secrets.NAME} (repeatable)")
    p.add_argument("--env-file", default=".env", help="file of NAME=VALUE secrets (default .env)")
    p.add_argument("--allowed-hosts", nargs="+", default=[], metavar="HOST", help="extra Host headers accepted over HTTP")
    p.add_argument("--allowed-http-origins", nargs="+", default=[], metavar="ORIGIN", help="extra Origin headers accepted over HTTP")
    p.add_argument("--idle-timeout", type=float, default=1800.0, metavar="SECONDS", help="close an idle HTTP session after this long")
    p.add_argument("--retries", type=int, default=1, metavar="N", help="attempts per call for retriable failures (default 1)")
    p.add_argument("--max-sessions", type=int, default=16, metavar="N",
                   help="clients served at once, each with its own browser context or device (default 16; 0: no cap)")
    p.add_argument("--set", action="append", default=[], metavar="PLATFORM.KEY=VALUE", dest="settings",
                   help="a platform setting for each client's environment (e.g. android.device=emulator-5554); repeatable")
    p.add_argument("--record", metavar="FILE",
                   help="write the session's acting calls to FILE, a YAML test case tapwright run replays")
    p.add_argument("-v", "--verbose", action="store_true", help="log to stderr")
    p.set_defaults(handler=handle)


def _options(args: argparse.Namespace) -> Any:
    from tapwright.mcp import McpOptions

    opts = McpOptions(
        headed=args.headed,
        base_url=args.base_url,
        allowed_origins=args.allowed_origins,
        blocked_origins=list(args.blocked_origins),
        allow_link_local=args.allow_link_local,
        storage_state=args.storage_state,
        tools=list(args.tools),
        caps=list(args.caps),
        token=args.token or os.environ.get(TOKEN_ENV) or None,
        secrets=list(args.secret),
        env_file=args.env_file,
        allowed_hosts=list(args.allowed_hosts),
        allowed_http_origins=list(args.allowed_http_origins),
        session_idle_timeout_s=args.idle_timeout,
        retries=args.retries,
        max_sessions=args.max_sessions,
        env_settings=grouped_settings(args.settings),
        record=args.record,
    )
    if args.snapshot_max_chars is not None:
        opts.snapshot_max_chars = args.snapshot_max_chars
    if args.http:
        host, sep, port = args.http.rpartition(":")
        if not sep or not port.isdigit():
            raise UserError(f"--http needs HOST:PORT (e.g. 127.0.0.1:8931), got {args.http!r}")
        opts.host, opts.port = (host or "127.0.0.1").strip("[]"), int(port)
    return opts


def handle(args: argparse.Namespace) -> int:
    # stdout is the protocol channel on stdio: every log line goes to stderr.
    logging.basicConfig(stream=sys.stderr, level=logging.INFO if args.verbose else logging.WARNING)
    from tapwright.mcp._log_secrets import hide_session_ids

    hide_session_ids()  # a session id is a bearer credential over HTTP: never in a log line
    try:
        from tapwright.mcp import TapwrightMcp, serve_http, serve_stdio

        app = TapwrightMcp(_options(args))
        for error in app.load_errors:
            print(f"warning: {error}", file=sys.stderr)
        asyncio.run(serve_http(app) if args.http else serve_stdio(app))
    except ImportError as exc:
        print(f"error: the MCP server needs the 'mcp' extra (pip install 'tapwright[mcp]'): {exc}", file=sys.stderr)
        return 2
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0
