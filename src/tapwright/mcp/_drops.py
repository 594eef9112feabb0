"""Cancelling the calls of an HTTP request whose client went away before the answer.

Over streamable HTTP a tool call is a POST answered on that POST (an SSE stream). When the
client drops the connection mid-call (a crash, a network cut, a proxy timeout), the SDK
stops writing the answer but lets the call run on, holding its session's lock (and browser
context) until it ends. :class:`DropWatch` remembers the JSON-RPC request ids of each POST
and, when the POST ends without its answer having been sent in full, tells the session
those requests are cancelled, through the protocol's own ``notifications/cancelled``: the
SDK cancels the running handler, which releases the session for its next call.
"""

from __future__ import annotations

import json
import logging
from collections import deque
from typing import Any

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("tapwright.mcp")
# A body bigger than this is passed through without looking for request ids.
MAX_INSPECTED_BYTES = 8 * 1024 * 1024
_COPIED = (b"host", b"authorization", b"mcp-session-id", b"mcp-protocol-version", b"user-agent")
CANCEL_TIMEOUT_S = 10.0


def request_ids(body: bytes) -> list[Any]:
    """The ids of the JSON-RPC requests (not notifications or responses) in a POST body."""
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return []
    items = data if isinstance(data, list) else [data]
    return [m["id"] for m in items if isinstance(m, dict) and "method" in m and m.get("id") is not None
            and m.get("method") != "initialize"]  # fmt: skip


class DropWatch:
    """ASGI middleware around the MCP endpoint: see the module docstring."""

    def __init__(self, app: ASGIApp, path: str) -> None:
        self.app = app
        self.path = path
        self.cancelled = 0  # requests cancelled because their client went away (for /status and tests)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST" or scope.get("path") != self.path:
            await self.app(scope, receive, send)
            return
        early: deque[Message] = deque()
        size, complete = 0, False
        while True:
            message = await receive()
            early.append(message)
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if not message.get("more_body", False):
                complete = True
                break
            if size > MAX_INSPECTED_BYTES:
                break
        body = b"".join(m.get("body", b"") for m in early if m["type"] == "http.request")
        ids = request_ids(body) if complete and size <= MAX_INSPECTED_BYTES else []

        async def replay() -> Message:
            return early.popleft() if early else await receive()

        answered = False

        async def watch(message: Message) -> None:
            nonlocal answered
            if message["type"] == "http.response.body" and not message.get("more_body", False):
                answered = True
            await send(message)

        try:
            await self.app(scope, replay, watch)
        finally:
            if ids and not answered:
                with anyio.CancelScope(shield=True), anyio.move_on_after(CANCEL_TIMEOUT_S):
                    await self._cancel(scope, ids)

    async def _cancel(self, scope: Scope, ids: list[Any]) -> None:
        headers = [(k, v) for k, v in scope["headers"] if k.lower() in _COPIED]
        if not any(k.lower() == b"mcp-session-id" for k, _ in headers):
            return  # no session to tell (the SDK answers such a POST itself)
        headers += [(b"content-type", b"application/json"), (b"accept", b"application/json, text/event-stream")]
        for request_id in ids:
            note = {"jsonrpc": "2.0", "method": "notifications/cancelled",
                    "params": {"requestId": request_id, "reason": "the client disconnected before the answer"}}  # fmt: skip
            body = json.dumps(note).encode()
            messages: deque[Message] = deque([{"type": "http.request", "body": body, "more_body": False}])

            async def once(messages: deque[Message] = messages) -> Message:
                return messages.popleft() if messages else {"type": "http.disconnect"}

            status: list[int] = []

            async def sink(message: Message, status: list[int] = status) -> None:
                if message["type"] == "http.response.start":
                    status.append(int(message["status"]))

            inner = {**scope, "headers": [*headers, (b"content-length", str(len(body)).encode())]}
            try:
                await self.app(inner, once, sink)
            except Exception:  # the session may be gone already: nothing left to cancel
                log.debug("cancelling request %r after a drop failed", request_id, exc_info=True)
                continue
            self.cancelled += 1
            log.warning("client dropped the HTTP request of call %r: cancelled it (%s)", request_id,
                        status[0] if status else "no answer")  # fmt: skip
