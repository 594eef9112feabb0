"""Fixtures for the web tests: pages served on 127.0.0.1; the Chromium (`browser`, one per worker) is the root conftest's."""

from __future__ import annotations

import base64
import hashlib
import http.server
import time
import urllib.parse
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from _support import serve
from _support.ligature_font import ligature_font
from tapwright.core.context import ToolContext
from tapwright.core.result import ToolResult
from tapwright.drivers.web import UrlPolicy, WebBrowser, WebSession
from tapwright.registry.registry import Registry

PAGES = Path(__file__).parent / "pages"
Call = Callable[..., Awaitable[ToolResult]]


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static pages plus /redirect?to=URL, /meta?to=URL (a meta refresh) and the others answered below."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, directory=str(PAGES), **kwargs)

    def log_message(self, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        url = urllib.parse.urlsplit(self.path)
        to = urllib.parse.parse_qs(url.query).get("to", [""])[0]
        if url.path == "/redirect":
            self.send_response(302)
            self.send_header("Location", to)
            self.end_headers()
            return
        if url.path == "/meta":
            body = f'<html><head><title>Meta</title><meta http-equiv="refresh" content="0; url={to}"></head><body>moving</body></html>'
            self._html(body)
            return
        if url.path == "/open":
            body = f"<html><head><title>Opener</title></head><body><button onclick=\"window.open('{to}')\">Open popup</button></body></html>"
            self._html(body)
            return
        if url.path == "/slow":  # a page that takes long to answer (a login hashing a password)
            time.sleep(int(urllib.parse.parse_qs(url.query).get("ms", ["2000"])[0]) / 1000)
            self._html("<html><head><title>Slow</title></head><body><h1>Slow page is here</h1></body></html>")
            return
        if url.path == "/slowlink":
            self._html('<html><head><title>Start</title></head><body><form action="/slow" method="get">'
                       '<input type="hidden" name="ms" value="2500"><button>Sign in slowly</button></form></body></html>')
            return
        if url.path == "/tint":  # a page all of one colour (?bg=RRGGBB), answered after ?ms=N, linking to ?go=RRGGBB
            query = urllib.parse.parse_qs(url.query)
            time.sleep(int(query.get("ms", ["0"])[0]) / 1000)
            bg, go, how = query.get("bg", ["ffffff"])[0], query.get("go", [""])[0], query.get("how", ["link"])[0]
            href = f'/tint?bg={go}&ms={query.get("delay", ["0"])[0]}'
            kinds = {  # how the next page is opened: a plain link, a new tab, a script a moment later, a form
                "link": f'<a href="{href}">Go on</a>',
                "blank": f'<a href="{href}" target="_blank">Go on</a>',
                "js": f"<a href=\"#\" onclick=\"setTimeout(() => location.assign('{href}'), 300); return false\">Go on</a>",
                "form": f'<form action="/tint"><input type="hidden" name="bg" value="{go}">'
                        f'<input type="hidden" name="ms" value="{query.get("delay", ["0"])[0]}"><button>Go on</button></form>',
            }
            after = int(query.get("after", ["0"])[0])  # how long after a fetch's answer the script moves on
            moving = f"location.assign('{href}')" if after == 0 else f"setTimeout(() => location.assign('{href}'), {after})"
            kinds |= {  # buttons whose script works in the page: a sign-in that posts, then moves on; work with no end
                "fetch": f"<button onclick=\"fetch('/answer').then(r => r.text()).then(() => {moving})\">Go on</button>",
                "hang": "<button onclick=\"fetch('/hang')\">Go on</button>",
                "nothing": '<button onclick="window.clicks = (window.clicks || 0) + 1">Go on</button>',
                # a page polling on its own timer (begun on load, not by the click, which does nothing)
                "poll": '<button onclick="window.clicks = 1">Go on</button>'
                        "<script>(function poll() { fetch('/answer'); setTimeout(poll, 100); })()</script>",
            }
            link = f'<div style="font-size:40px">{kinds[how]}</div>' if go else ""
            self._html(f'<html><head><title>Tint {bg}</title></head><body style="background:#{bg};margin:0;height:100vh">'
                       f"{link}</body></html>")
            return
        if url.path == "/answer":  # what a sign-in endpoint answers
            self._html('{"ok": true}')
            return
        if url.path == "/hang":  # a request that does not end while a test looks
            time.sleep(30)
            return
        if url.path == "/ws":
            self._websocket()
            return
        if url.path == "/ligature-icons.ttf":  # a real ligature icon font, built here (tests/_support/ligature_font.py)
            data = ligature_font()
            self.send_response(200)
            self.send_header("Content-Type", "font/ttf")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        if url.path == "/status":
            code = int(urllib.parse.parse_qs(url.query).get("code", ["500"])[0])
            self.send_response(code)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if url.path == "/attachment":  # a file the browser downloads (?name=N, answered after ?ms=M)
            query = urllib.parse.parse_qs(url.query)
            time.sleep(int(query.get("ms", ["0"])[0]) / 1000)
            data = b"id,total\n1,3\n2,6\n"
            self.send_response(200)
            self.send_header("Content-Type", "text/csv")
            self.send_header("Content-Disposition", f'attachment; filename="{query.get("name", ["report.csv"])[0]}"')
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        if url.path == "/frame":
            body = f'<html><head><title>Framer</title></head><body><h1>Framer</h1><iframe name="f" src="{to}"></iframe></body></html>'
            self._html(body)
            return
        super().do_GET()

    def _websocket(self) -> None:
        """A real RFC 6455 handshake, then one text frame ("hello from the server"), then a clean close."""
        key = self.headers.get("Sec-WebSocket-Key", "")
        accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()
        self.send_response(101, "Switching Protocols")
        self.send_header("Upgrade", "websocket")
        self.send_header("Connection", "Upgrade")
        self.send_header("Sec-WebSocket-Accept", accept)
        self.end_headers()
        payload = b"hello from the server"
        self.wfile.write(bytes([0x81, len(payload)]) + payload)
        self.wfile.flush()
        # Wait for the page to close (any frame from the client ends it), then close too.
        self.rfile.read(2)
        self.wfile.write(bytes([0x88, 0]))
        self.wfile.flush()
        self.close_connection = True

    def _html(self, body: str) -> None:
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """Base URL of the page server (127.0.0.1; the same port as ``localhost`` is another origin)."""
    with serve(handler=Handler) as url:
        yield url


@pytest.fixture(scope="session")
def other_origin(server: str) -> str:
    return server.replace("127.0.0.1", "localhost")


@pytest.fixture(scope="session")
def registry() -> Registry:
    return Registry.default()


@pytest_asyncio.fixture(loop_scope="session")
async def session(browser: WebBrowser, server: str) -> AsyncIterator[WebSession]:
    # A loaded CI machine needs more than 1 s, and at load 15-20 a plain checkbox click once took 3.2 s (eleventh pass).
    s = await browser.new_session(base_url=server, action_timeout_ms=3_000)
    yield s
    await s.aclose()


@pytest.fixture
def call(session: WebSession, registry: Registry) -> Call:
    ctx = ToolContext([session])

    async def run(tool: str, **args: Any) -> ToolResult:
        return await registry.call(tool, args, ctx)

    return run


def open_policy(**kw: Any) -> UrlPolicy:
    return UrlPolicy(**kw)
