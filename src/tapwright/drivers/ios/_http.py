"""A lean HTTP/1.1 client for WebDriverAgent's plain-HTTP endpoint (a simulator on the Mac, a device through
``iproxy``): keep-alive connections on asyncio's streams, one request written in one send.

WDA is a chatty protocol (a find, then a tap: two small requests per action), and a general client's layers
(httpx over httpcore over anyio) cost about half a millisecond of CPU per request here, which is most of what a
tap through WDA's own find costs beyond facebook-wda's. This client does only what WDA's answers need: a status
line, headers, a body by ``Content-Length``, chunks, or up to the close. HTTPS endpoints and endpoints reached
through a proxy keep httpx (see :func:`lean_for`).

Failures are raised as httpx's exception types (connect, timeout, a dropped connection), so the WDA client maps
them through one table. A kept connection the server has closed while it was idle is not used again; a request is
never sent twice (a tap must not be repeated by the transport).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json as jsonlib
import socket
import urllib.request
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

from tapwright.core.lazy_module import LazyModule

httpx: Any = LazyModule("httpx")  # only its exception types, when a failure is raised

_MAX_IDLE = 4  # kept connections (the driver rarely has more than one request in flight)
_MAX_HEAD = 64 * 1024  # bytes of status line and headers


def lean_for(url: str) -> bool:
    """Whether ``url`` is served over plain HTTP with no proxy in the way (the environment's proxy settings,
    as httpx would read them, are honoured by leaving such endpoints to httpx)."""
    parts = urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        return False
    proxies = urllib.request.getproxies()
    if not (proxies.get("http") or proxies.get("all")):
        return True
    return bool(urllib.request.proxy_bypass(parts.hostname))


class Response:
    """What WDA answered: the status and the body."""

    __slots__ = ("content", "status_code")

    def __init__(self, status_code: int, content: bytes) -> None:
        self.status_code = status_code
        self.content = content

    def json(self) -> Any:
        return jsonlib.loads(self.content)

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", "replace")


class _Conn:
    __slots__ = ("reader", "writer")

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    def usable(self) -> bool:
        """Not closed by either side (a server's idle close has been read as the end of the stream)."""
        return not (self.reader.at_eof() or self.writer.is_closing())

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()


class LeanHttp:
    """Requests to one plain-HTTP origin under ``base_url`` (its path prefixes every request's path)."""

    def __init__(self, base_url: str, *, timeout_s: float, connect_timeout_s: float,
                 auth: tuple[str, str] | None = None, headers: dict[str, str] | None = None) -> None:  # fmt: skip
        parts = urlsplit(base_url)
        if parts.scheme != "http" or not parts.hostname:
            raise ValueError(f"not a plain-HTTP URL: {base_url!r}")
        self.host, self.port = parts.hostname, parts.port or 80
        self.prefix = parts.path.rstrip("/")
        self.timeout_s, self.connect_timeout_s = timeout_s, connect_timeout_s
        host = f"[{self.host}]" if ":" in self.host else self.host
        fixed = {"Host": host if self.port == 80 else f"{host}:{self.port}", "Accept": "*/*",
                 "Accept-Encoding": "identity", **(headers or {})}  # fmt: skip
        if auth is not None:
            fixed["Authorization"] = "Basic " + base64.b64encode(f"{auth[0]}:{auth[1]}".encode()).decode("ascii")
        self._head = "".join(f"{k}: {v}\r\n" for k, v in fixed.items())
        self._idle: list[_Conn] = []
        self._closed = False
        self.connections = 0  # opened so far (tests check that connections are kept)

    async def request(
        self, method: str, path: str, *, json: Any = None, params: dict[str, str] | None = None
    ) -> Response:
        """Send one request and read its answer.

        Raises:
            httpx.ConnectError / ConnectTimeout: nothing answers at the address.
            httpx.ReadTimeout: no whole answer within the timeout.
            httpx.RemoteProtocolError / ReadError / WriteError: the connection broke or the answer is not HTTP.
        """
        if self._closed:
            raise RuntimeError("the client is closed")
        body = b"" if json is None else jsonlib.dumps(json, separators=(",", ":")).encode()
        target = quote(self.prefix + path, safe="/:@!$&'()*+,;=-._~%") + (f"?{urlencode(params)}" if params else "")
        head = f"{method} {target} HTTP/1.1\r\n{self._head}"
        if json is not None or method not in ("GET", "HEAD", "DELETE"):
            head += f"Content-Length: {len(body)}\r\n"
        conn = await self._connection()
        try:
            conn.writer.write(head.encode("latin-1") + b"\r\n" + body)  # one send: no wait for the header's ACK
            status, keep, content = await asyncio.wait_for(self._answer(conn, method), self.timeout_s)
        except TimeoutError as exc:
            conn.close()
            raise httpx.ReadTimeout(f"no answer to {method} {path} within {self.timeout_s:g} s") from exc
        except (ConnectionError, OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError) as exc:
            conn.close()
            raise httpx.RemoteProtocolError(f"{method} {path}: {type(exc).__name__}: {exc}") from exc
        except BaseException:
            conn.close()  # cancelled mid-answer: the connection's state is unknown
            raise
        if keep and len(self._idle) < _MAX_IDLE and not self._closed:
            self._idle.append(conn)
        else:
            conn.close()
        return Response(status, content)

    async def _connection(self) -> _Conn:
        while self._idle:
            conn = self._idle.pop()
            if conn.usable():
                return conn
            conn.close()
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(self.host, self.port, limit=_MAX_HEAD),
                                                    self.connect_timeout_s)  # fmt: skip
        except TimeoutError as exc:
            raise httpx.ConnectTimeout(
                f"connecting to {self.host}:{self.port} took over {self.connect_timeout_s:g} s"
            ) from exc
        except OSError as exc:
            raise httpx.ConnectError(f"connecting to {self.host}:{self.port}: {exc}") from exc
        sock = writer.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.connections += 1
        return _Conn(reader, writer)

    @staticmethod
    async def _answer(conn: _Conn, method: str) -> tuple[int, bool, bytes]:
        """(status, whether the connection may be kept, body)."""
        reader = conn.reader
        while True:
            raw = await reader.readuntil(b"\r\n\r\n")
            lines = raw.decode("latin-1").split("\r\n")
            version, _, rest = lines[0].partition(" ")
            if not version.startswith("HTTP/1."):
                raise ValueError(f"not an HTTP/1 answer: {lines[0][:80]!r}")
            status = int(rest.split(" ", 1)[0])
            if status != 100:  # an interim answer is followed by the real one
                break
        headers: dict[str, str] = {}
        for line in lines[1:]:
            if line:
                key, _, value = line.partition(":")
                headers[key.strip().lower()] = value.strip()
        keep = headers.get("connection", "").lower() != "close" and version != "HTTP/1.0"
        if method == "HEAD" or status in (204, 304):
            return status, keep, b""
        if "chunked" in headers.get("transfer-encoding", "").lower():
            parts: list[bytes] = []
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";", 1)[0].strip(), 16)
                if size == 0:
                    while (await reader.readuntil(b"\r\n")) != b"\r\n":  # trailers, then the blank line
                        pass
                    return status, keep, b"".join(parts)
                parts.append(await reader.readexactly(size))
                await reader.readexactly(2)
        if "content-length" in headers:
            return status, keep, await reader.readexactly(int(headers["content-length"]))
        return status, False, await reader.read()  # no length: the body runs to the close

    async def aclose(self) -> None:
        self._closed = True
        idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()
            with contextlib.suppress(Exception):
                await conn.writer.wait_closed()


__all__ = ["LeanHttp", "Response", "lean_for"]
