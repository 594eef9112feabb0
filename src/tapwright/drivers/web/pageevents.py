"""A tab's problems as PageEvents: console errors, uncaught exceptions, failed requests, WebSocket failures
(and console warnings, as notices that fail nothing).

Listeners are attached once per tab (:func:`listen`) and only turn Playwright's
events into values; nothing here waits or touches the page. A failed request's
console echo ("Failed to load resource ...") is left out: the request itself is
recorded with its status. A missing favicon is never a step's cause and is left out too.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tapwright.core.diagnostics import EventKind, PageEvent, event
from tapwright.drivers.web._pw import pw

if TYPE_CHECKING:
    from playwright.async_api import ConsoleMessage, Error, Page, Request, Response, WebSocket

Sink = Callable[[PageEvent], None]
_WS_CONSOLE_RE = re.compile(r"^WebSocket connection to '([^']*)' failed", re.IGNORECASE)
_ECHO_RE = re.compile(r"^Failed to load resource\b", re.IGNORECASE)


def safe_url(url: str) -> str:
    """``url`` without user-info (a password in a URL must not reach a report)."""
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError:
        return url[:300]
    if parts.username is None and parts.password is None:
        return url[:300]
    netloc = (parts.hostname or "") + (f":{parts.port}" if parts.port else "")
    return urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))[:300]


def _ignored(url: str) -> bool:
    return urllib.parse.urlsplit(url).path.endswith("/favicon.ico")


async def _is_download(request: Request, reason: str) -> bool:
    """Whether ``request`` failed because Chromium turned the load into a download (an attachment)."""
    if reason != "net::ERR_ABORTED" or request.resource_type != "document":
        return False
    try:
        response = await request.response()
        disposition = (await response.header_value("content-disposition") or "") if response is not None else ""
    except pw.Error:  # the page or browser went away meanwhile: report the failure as it was
        return False
    return disposition.strip().lower().startswith("attachment")


def listen(page: Page, sink: Sink) -> None:
    """Record ``page``'s problems into ``sink`` from now on."""
    # A failed socket is reported twice (Playwright's socket error and Chromium's console line): keep one.
    sockets: dict[str, str] = {}

    def socket_failed(url: str, text: str) -> None:
        known = sockets.get(url)
        if known is not None and (known in text or text in known):
            return
        sockets[url] = text
        if len(sockets) > 100:
            sockets.pop(next(iter(sockets)))
        sink(event("websocket", text, url))

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type not in ("error", "warning"):
            return
        text = msg.text
        if msg.type == "error" and _ECHO_RE.match(text):
            return
        ws = _WS_CONSOLE_RE.match(text) if msg.type == "error" else None
        if ws:
            socket_failed(safe_url(ws.group(1)), text)
            return
        where = msg.location.get("url", "") if msg.location else ""
        sink(event("console" if msg.type == "error" else "warning", text, safe_url(where) if where else ""))

    def on_error(err: Error) -> None:
        name = getattr(err, "name", "") or "Error"
        text = getattr(err, "message", "") or str(err)
        sink(event("exception", f"{name}: {text}" if not text.startswith(name) else text))

    async def on_failed(request: Request) -> None:
        reason = request.failure or "failed"
        # A download's load ends aborted: the download itself is reported (see dialogs).
        if _ignored(request.url) or await _is_download(request, reason):
            return
        kind: EventKind = "websocket" if request.resource_type == "websocket" else "request"
        sink(event(kind, f"{request.method} {reason}", safe_url(request.url)))

    def on_response(response: Response) -> None:
        status = response.status
        if status < 400 or _ignored(response.url):
            return
        text = f"{response.request.method} {response.status_text or ''}".strip()
        sink(event("request", text, safe_url(response.url), status))

    def on_socket(ws: WebSocket) -> None:
        url = safe_url(ws.url)

        def on_socket_error(message: Any) -> None:
            socket_failed(url, str(message))

        ws.on("socketerror", on_socket_error)

    page.on("console", on_console)
    page.on("pageerror", on_error)
    page.on("requestfailed", on_failed)
    page.on("response", on_response)
    page.on("websocket", on_socket)
