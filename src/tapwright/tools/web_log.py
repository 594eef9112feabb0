"""``web.console`` and ``web.network``: what the page reported, read back by an agent.

The session records every tab's console errors and warnings, uncaught exceptions, failed
requests and 4xx/5xx responses as page events (see :mod:`tapwright.drivers.web.pageevents`);
these tools list the latest of them. Request bodies are never recorded; URLs lose user-info;
the MCP server and the runner redact secrets from every result.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from annotated_types import Ge, Le

from tapwright.drivers.web import WebSession
from tapwright.tools.web_common import example, web_tool

Level = Literal["all", "errors", "warnings"]
_CONSOLE = {"all": ("console", "exception", "warning"), "errors": ("console", "exception"), "warnings": ("warning",)}
_NETWORK = ("request", "websocket")


def _latest(session: WebSession, kinds: tuple[str, ...], limit: int) -> tuple[list[dict[str, Any]], int]:
    session.ensure_open()  # a closed session fails here, as every web tool does
    found = [e.to_dict() for e in session.events.since(0) if e.kind in kinds]
    return found[-limit:], len(found)


@web_tool([r"\bconsole (messages?|errors?|warnings?|logs?)\b", r"\b(javascript|page) errors?\b"],
          [example("Show the console errors", {"level": "errors"}, {"messages": [], "total": 0})], read_only=True)
async def console(session: WebSession, level: Level = "all", limit: Annotated[int, Ge(1), Le(200)] = 50) -> dict[str, Any]:
    """List the latest console errors, warnings and uncaught exceptions of the session's tabs (oldest first).

    Args:
        level: ``errors`` (console errors and uncaught exceptions), ``warnings``, or ``all``.
        limit: At most this many, the latest.
    """
    messages, total = _latest(session, _CONSOLE[level], limit)
    return {"messages": messages, "total": total}


@web_tool([r"\b(failed|network|http) requests?\b", r"\b(4\d\d|5\d\d) (errors?|responses?)\b"],
          [example("Which requests failed?", {}, {"requests": [], "total": 0})], read_only=True)
async def network(session: WebSession, limit: Annotated[int, Ge(1), Le(200)] = 50) -> dict[str, Any]:
    """List the latest failed requests and 4xx/5xx responses of the session's tabs: method, URL, status or
    reason (bodies are never recorded).

    Args:
        limit: At most this many, the latest.
    """
    requests, total = _latest(session, _NETWORK, limit)
    return {"requests": requests, "total": total}
