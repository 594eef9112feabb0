"""Serve tapwright's tools to any MCP client, over stdio or streamable HTTP.

Example:
    import asyncio
    from tapwright.mcp import McpOptions, TapwrightMcp, serve_stdio

    asyncio.run(serve_stdio(TapwrightMcp(McpOptions(base_url="http://127.0.0.1:8000"))))

This package is ``tapwright.mcp``; the official SDK it builds on is the
top-level ``mcp`` package.
"""

from tapwright.mcp._catalog import cap_groups, schema_chars, select_tools, to_mcp_tool
from tapwright.mcp._http import build_http_app, serve_http
from tapwright.mcp._options import McpOptions
from tapwright.mcp._server import TapwrightMcp
from tapwright.mcp._stdio import serve_stdio

__all__ = [
    "McpOptions",
    "TapwrightMcp",
    "build_http_app",
    "cap_groups",
    "schema_chars",
    "select_tools",
    "serve_http",
    "serve_stdio",
    "to_mcp_tool",
]
