"""The policy proxy: every request a browser context makes passes here, hop by hop.

Playwright's ``route`` sees the first request of a load but not the hops of a redirect
chain, nor WebSocket handshakes. A context's traffic is therefore sent through this
small HTTP proxy on 127.0.0.1 (loopback included: Playwright adds ``<-loopback>``),
which checks the URL policy on every request line and every ``CONNECT`` tunnel
*before* it opens a connection upstream. A refused request never reaches its server:
plain HTTP gets a ``403`` carrying ``X-Tapwright-Blocked``, a tunnel (https, ws, wss)
is refused, and the block is recorded for the session's error message.

Names are resolved here, once, and every address they resolve to is checked too (a name
that resolves to a blocked address, DNS rebinding, is refused); the connection then goes
to exactly the address that was checked, so a second lookup cannot answer differently.

The proxy listens on 127.0.0.1 unless told otherwise (a remote browser on another machine
needs an address of this machine it can reach). Off loopback it is not an open proxy: it
asks for credentials made for it alone (``Proxy-Authorization``), which the browser
context is given, and answers ``407`` to anyone else.

The proxy runs on its own event loop in one daemon thread per process, so a caller
that blocks its own loop does not stall the page's network, and the caller's loop is
not slowed by page traffic.
"""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import contextlib
import hmac
import ipaddress
import logging
import secrets
import socket
import threading
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from tapwright.drivers.web._hosts import canonical_host, canonical_ip

log = logging.getLogger("tapwright.web.proxy")

BLOCK_HEADER = "X-Tapwright-Blocked"
ERROR_HEADER = "X-Tapwright-Proxy-Error"
_HEAD_LIMIT = 256 * 1024
_CHUNK = 64 * 1024
_CONNECT_TIMEOUT_S = 15.0
_HOP_HEADERS = frozenset({"proxy-connection", "proxy-authorization", "keep-alive"})
_NO_BODY_STATUS = frozenset({204, 304})

OnBlock = Callable[[str, str], None]
# (scheme or None for a tunnel, address, port) -> the reason a connection there is refused, or None.
CheckAddress = Callable[[str | None, str, int], str | None]


class _StaleUpstream(Exception):
    """A kept-alive upstream connection the server had closed: the request got no response and may be sent again."""


# Requests a client may send again on a new connection when a reused one was closed under them (RFC 9110 9.2.2).
_RETRYABLE = frozenset({"GET", "HEAD", "OPTIONS"})


class _Refused(Exception):
    """A name resolved to an address the policy refuses."""


_ACCEPT_SETTLE_TICKS = 5  # loop turns for an accepted connection to reach connection_made


class _Loop:
    """The proxies' event loop, in one daemon thread started on first use."""

    _lock = threading.Lock()
    _loop: asyncio.AbstractEventLoop | None = None

    @classmethod
    def get(cls) -> asyncio.AbstractEventLoop:
        with cls._lock:
            if cls._loop is None or cls._loop.is_closed():
                loop = asyncio.new_event_loop()
                thread = threading.Thread(target=loop.run_forever, name="tapwright-proxy", daemon=True)
                thread.start()
                cls._loop = loop
            return cls._loop


@dataclass
class _Head:
    first: str
    headers: list[tuple[str, str]]

    def get(self, name: str) -> str | None:
        name = name.lower()
        for key, value in self.headers:
            if key.lower() == name:
                return value
        return None

    def encode(self, first: str | None = None, drop: frozenset[str] = frozenset()) -> bytes:
        lines = [first or self.first] + [f"{k}: {v}" for k, v in self.headers if k.lower() not in drop]
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


class PolicyProxy:
    """An HTTP proxy on 127.0.0.1 that refuses what ``check_url`` / ``check_authority`` refuse.

    Args:
        check_url: The reason a plain-HTTP URL is refused, or None.
        check_authority: The reason a tunnel to ``host, port`` is refused, or None.
        on_block: Told ``(url, reason)`` for every refusal (called on the proxy thread).
        check_address: The reason a connection to an address a name resolved to is refused, or None.
        hosts: Names resolved to fixed addresses instead of asking the system resolver
            (like ``/etc/hosts``); the addresses are checked like any other.
        bind: The address to listen on (an IP address; loopback by default). Off loopback,
            credentials are required: see :attr:`credentials`.
        advertise: The host the browser is told to reach the proxy at (default: ``bind``).
    """

    PROBE_HOST = "tapwright-proxy-check.invalid"

    def __init__(self, check_url: Callable[[str], str | None], check_authority: Callable[[str, int], str | None],
                 on_block: OnBlock, check_address: CheckAddress | None = None,
                 hosts: Mapping[str, str] | None = None, bind: str = "127.0.0.1",
                 advertise: str | None = None) -> None:
        self._check_url = check_url
        self._check_authority = check_authority
        self._on_block = on_block
        self._check_address = check_address or (lambda scheme, address, port: None)
        self._hosts = resolver_overrides(hosts or {})
        self._server: asyncio.base_events.Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._conns: set[asyncio.Task[None]] = set()
        self._writers: set[asyncio.StreamWriter] = set()  # every open connection, both sides
        self._closing = False
        self.port = 0
        self.errors: list[tuple[str, str]] = []
        # One address, so that port 0 gives one port ("localhost" could listen on 127.0.0.1 and ::1).
        self.bind = "127.0.0.1" if bind.strip().lower() == "localhost" else bind.strip()
        self.advertise = advertise or self.bind
        # Off loopback, only the browser context (given these) may use the proxy.
        self.credentials: tuple[str, str] | None = None
        self._expected_auth = ""
        if not is_loopback(bind):
            self.credentials = ("tapwright", secrets.token_urlsafe(24))
            token = base64.b64encode(":".join(self.credentials).encode()).decode()
            self._expected_auth = f"Basic {token}"
        self._probe_path = "/" + secrets.token_hex(12)
        self.probed = False  # the browser reached the proxy with the probe request

    @property
    def url(self) -> str:
        host = self.advertise
        return f"http://[{host}]:{self.port}" if ":" in host else f"http://{host}:{self.port}"

    @property
    def probe_url(self) -> str:
        """A URL the proxy answers itself (200, nothing fetched): loading it proves the browser reaches the proxy."""
        return f"http://{self.PROBE_HOST}{self._probe_path}"

    async def start(self) -> None:
        """Listen on a free loopback port (on the proxy thread)."""
        self._loop = _Loop.get()
        await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(self._start(), self._loop))

    async def _start(self) -> None:
        self._server = await asyncio.start_server(self._serve, self.bind, 0, limit=_HEAD_LIMIT)
        self.port = self._server.sockets[0].getsockname()[1]

    async def aclose(self) -> None:
        """Stop listening and cut every open connection."""
        if self._loop is None or self._server is None:
            return
        future = asyncio.run_coroutine_threadsafe(self._stop(), self._loop)
        with contextlib.suppress(concurrent.futures.TimeoutError, RuntimeError, TimeoutError):
            await asyncio.wait_for(asyncio.wrap_future(future), 5.0)

    async def _stop(self) -> None:
        assert self._server is not None
        self._closing = True
        # Stop accepting, let connections accepted a moment ago reach _serve (which hangs up on them),
        # and only then close the server: on Python 3.11 a connection whose accept is still being set
        # up when the server closes fails an assertion in Server._attach and its socket leaks.
        loop = asyncio.get_running_loop()
        for sock in self._server.sockets:
            loop.remove_reader(sock.fileno())
        for _ in range(_ACCEPT_SETTLE_TICKS):
            await asyncio.sleep(0)
        self._server.close()
        # Cut every connection first (a task that has not started yet, or is stuck in a write,
        # would otherwise keep its socket open past the proxy's life), then end the tasks.
        for writer in list(self._writers):
            _abort(writer)
        for task in list(self._conns):
            task.cancel()
        await asyncio.gather(*self._conns, return_exceptions=True)

    # -- connections ------------------------------------------------------------------

    def _drop(self, writer: asyncio.StreamWriter) -> None:
        _close(writer)
        self._writers.discard(writer)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        if self._closing:
            _abort(writer)
            return
        self._conns.add(task)
        self._writers.add(writer)
        upstream: tuple[str, asyncio.StreamReader, asyncio.StreamWriter] | None = None
        try:
            while True:
                head = await _read_head(reader)
                if head is None:
                    return
                parts = head.first.split(" ")
                if len(parts) != 3:
                    await _reply(writer, 400, "bad request line")
                    return
                method, target, version = parts
                if self._expected_auth and not hmac.compare_digest(
                        (head.get("proxy-authorization") or "").encode("latin-1", "replace"),
                        self._expected_auth.encode()):  # fmt: skip
                    await _drain_body(head, reader)
                    await _reply(writer, 407, "proxy credentials required")
                    return
                if target == self.probe_url:
                    self.probed = True
                    await _drain_body(head, reader)
                    await _reply(writer, 200, "the browser reaches the policy proxy")
                    return
                if method.upper() == "CONNECT":
                    await self._tunnel(target, reader, writer)
                    return
                upstream = await self._forward(method, target, version, head, reader, writer, upstream)
                if upstream is None:
                    return
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, OSError, ValueError):
            return
        except asyncio.CancelledError:
            return  # the proxy is closing: this connection task is ours, so ending it quietly is right
        finally:
            if upstream is not None:
                self._drop(upstream[2])
            _close(writer)
            self._conns.discard(task)
            self._writers.discard(writer)

    async def _tunnel(self, target: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        host, _, port_text = target.rpartition(":")
        host = host.strip("[]")
        try:
            port = int(port_text)
        except ValueError:
            await _reply(writer, 400, "bad CONNECT target")
            return
        reason = self._check_authority(host, port)
        if reason is not None:
            self._on_block(f"https://{target}/", reason)
            await _reply(writer, 403, reason, blocked=True)
            return
        try:
            up_reader, up_writer = await self._open(host, port, None)
            self._writers.add(up_writer)
        except _Refused as refused:
            self._on_block(f"https://{target}/", str(refused))
            await _reply(writer, 403, str(refused), blocked=True)
            return
        except (OSError, TimeoutError) as exc:
            self._error(target, exc)
            await _reply(writer, 502, _describe(exc), error=True)
            return
        try:
            writer.write(b"HTTP/1.1 200 Connection Established\r\n\r\n")
            await writer.drain()
            await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))
        finally:
            self._drop(up_writer)

    async def _forward(
        self, method: str, target: str, version: str, head: _Head, reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter, upstream: tuple[str, asyncio.StreamReader, asyncio.StreamWriter] | None,
    ) -> tuple[str, asyncio.StreamReader, asyncio.StreamWriter] | None:
        """Relay one request and its response; the upstream connection to reuse, or None to hang up."""
        parts = urllib.parse.urlsplit(target)
        if parts.scheme.lower() != "http" or not parts.hostname:
            await _reply(writer, 400, "only absolute http:// URLs are proxied")
            return None
        reason = self._check_url(target)
        if reason is not None:
            self._on_block(target, reason)
            await _drain_body(head, reader)
            await _reply(writer, 403, reason, blocked=True)
            return None
        key = f"{parts.hostname}:{parts.port or 80}"
        if upstream is not None and (upstream[0] != key or upstream[2].is_closing()):
            self._drop(upstream[2])
            upstream = None
        # A server closes an idle kept-alive connection when it likes: a bodiless request sent on a reused one
        # that gets no response at all is sent once more on a new connection, as browsers do.
        retry = (upstream is not None and method.upper() in _RETRYABLE and head.get("content-length") is None
                 and head.get("transfer-encoding") is None)
        try:
            return await self._send(method, target, version, head, reader, writer, upstream, key, parts, retry=retry)
        except _StaleUpstream:
            return await self._send(method, target, version, head, reader, writer, None, key, parts, retry=False)

    async def _send(
        self, method: str, target: str, version: str, head: _Head, reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter, upstream: tuple[str, asyncio.StreamReader, asyncio.StreamWriter] | None,
        key: str, parts: urllib.parse.SplitResult, *, retry: bool,
    ) -> tuple[str, asyncio.StreamReader, asyncio.StreamWriter] | None:
        """Send one request on ``upstream`` (a new connection when None); the connection to reuse, or None."""
        if upstream is None:
            try:
                up_reader, up_writer = await self._open(parts.hostname or "", parts.port or 80, "http",
                                                        limit=_HEAD_LIMIT)
            except _Refused as refused:
                self._on_block(target, str(refused))
                await _drain_body(head, reader)
                await _reply(writer, 403, str(refused), blocked=True)
                return None
            except (OSError, TimeoutError) as exc:
                self._error(target, exc)
                await _drain_body(head, reader)
                await _reply(writer, 502, _describe(exc), error=True)
                return None
            upstream = (key, up_reader, up_writer)
            self._writers.add(up_writer)
        keep = False
        try:
            keep = await self._exchange(method, target, version, head, reader, writer, upstream, retry=retry)
        finally:
            if not keep:
                self._drop(upstream[2])
        return upstream if keep else None

    async def _exchange(
        self, method: str, target: str, version: str, head: _Head, reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter, upstream: tuple[str, asyncio.StreamReader, asyncio.StreamWriter],
        *, retry: bool = False,
    ) -> bool:
        """Send one request upstream and relay its response; whether both sides keep the connection.

        Raises:
            _StaleUpstream: with ``retry``, when the connection closed before any response (nothing was relayed).
        """
        parts = urllib.parse.urlsplit(target)
        _, up_reader, up_writer = upstream
        path = urllib.parse.urlunsplit(("", "", parts.path or "/", parts.query, ""))
        up_writer.write(head.encode(f"{method} {path} {version}", drop=_HOP_HEADERS))
        await _relay_body(head, reader, up_writer, request=True)
        while True:
            response = await _read_head(up_reader)
            if response is None and retry:
                raise _StaleUpstream(target)
            if response is None:
                await _reply(writer, 502, "the server closed the connection without a response", error=True)
                return False
            writer.write(response.encode())
            status = _status(response)
            if 100 <= status < 200 and status != 101:
                continue  # an interim response (100 Continue): the real one follows
            break
        if method.upper() == "HEAD" or status in _NO_BODY_STATUS:
            await writer.drain()
        else:
            if await _relay_body(response, up_reader, writer, request=False):
                return False
        return _keeps_alive(head) and _keeps_alive(response)

    async def _open(self, host: str, port: int, scheme: str | None,
                    limit: int = _CHUNK) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """Resolve ``host`` once, check every address it resolves to, connect to a checked one.

        Raises:
            _Refused: an address is refused by the policy (nothing was connected).
            OSError, TimeoutError: the name did not resolve or no address accepted the connection.
        """
        # asyncio.timeout, not wait_for: on 3.11 a cancel racing wait_for can drop a connection just made
        async with asyncio.timeout(_CONNECT_TIMEOUT_S):
            addresses = await self._resolve(host, port)
            for address in addresses:  # any refused address refuses the name: the resolver is not trusted
                reason = self._check_address(scheme, address, port)
                if reason is not None:
                    raise _Refused(f"host {host} {reason}")
            last: OSError = OSError(f"{host} resolves to no address")
            for address in addresses:
                try:
                    return await asyncio.open_connection(address, port, limit=limit)
                except OSError as exc:
                    last = exc
            raise last

    async def _resolve(self, host: str, port: int) -> list[str]:
        name = canonical_host(host)
        if name in self._hosts:
            return [self._hosts[name]]
        ip = canonical_ip(name)
        if ip is not None:
            return [str(ip)]
        infos = await asyncio.get_running_loop().getaddrinfo(name, port, type=socket.SOCK_STREAM)
        out: list[str] = []
        for *_, sockaddr in infos:
            address = str(sockaddr[0])  # a link-local IPv6 address keeps its %scope to be connectable
            if address not in out:
                out.append(address)
        return out

    def _error(self, target: str, exc: BaseException) -> None:
        self.errors.append((target[:300], _describe(exc)))
        del self.errors[:-50]


# -- HTTP/1.1 framing -----------------------------------------------------------------------


async def _read_head(reader: asyncio.StreamReader) -> _Head | None:
    try:
        raw = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError:
        return None
    lines = raw.decode("latin-1").split("\r\n")
    headers = []
    for line in lines[1:]:
        if ":" in line:
            key, _, value = line.partition(":")
            headers.append((key.strip(), value.strip()))
    return _Head(lines[0], headers)


def _status(head: _Head) -> int:
    try:
        return int(head.first.split(" ", 2)[1])
    except (IndexError, ValueError):
        return 0


def _keeps_alive(head: _Head) -> bool:
    connection = (head.get("connection") or head.get("proxy-connection") or "").lower()
    if "close" in connection:
        return False
    return head.first.startswith("HTTP/1.1") or " HTTP/1.1" in head.first or "keep-alive" in connection


async def _relay_body(head: _Head, src: asyncio.StreamReader, dst: asyncio.StreamWriter, *, request: bool) -> bool:
    """Copy one message body; True when it was delimited by the connection closing."""
    if "chunked" in (head.get("transfer-encoding") or "").lower():
        while True:
            line = await src.readuntil(b"\r\n")
            dst.write(line)
            size = int(line.split(b";", 1)[0].strip() or b"0", 16)
            if size == 0:
                while True:  # trailers, up to the empty line
                    trailer = await src.readuntil(b"\r\n")
                    dst.write(trailer)
                    if trailer == b"\r\n":
                        break
                break
            await _copy_exact(src, dst, size + 2)
        await dst.drain()
        return False
    length = head.get("content-length")
    if length is not None:
        await _copy_exact(src, dst, int(length))
        await dst.drain()
        return False
    if request:
        await dst.drain()
        return False
    await _pipe(src, dst)  # a response without framing ends when the server hangs up
    return True


async def _drain_body(head: _Head, reader: asyncio.StreamReader) -> None:
    length = head.get("content-length")
    if length is not None and int(length) <= 10 * 1024 * 1024:
        with contextlib.suppress(asyncio.IncompleteReadError):
            await reader.readexactly(int(length))


async def _copy_exact(src: asyncio.StreamReader, dst: asyncio.StreamWriter, size: int) -> None:
    while size > 0:
        data = await src.read(min(size, _CHUNK))
        if not data:
            raise asyncio.IncompleteReadError(b"", size)
        dst.write(data)
        size -= len(data)
        await dst.drain()


async def _pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
    try:
        while data := await src.read(_CHUNK):
            dst.write(data)
            await dst.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        with contextlib.suppress(OSError, RuntimeError):
            if dst.can_write_eof():
                dst.write_eof()


async def _reply(writer: asyncio.StreamWriter, status: int, reason: str, *, blocked: bool = False,
                 error: bool = False) -> None:
    text = {200: "OK", 400: "Bad Request", 403: "Forbidden", 407: "Proxy Authentication Required",
            502: "Bad Gateway"}.get(status, "Error")
    safe = reason.replace("\r", " ").replace("\n", " ")[:300]
    body = f"<!doctype html><title>{text}</title><p>tapwright: {_html(safe)}</p>".encode()
    extra = f"{BLOCK_HEADER}: {safe}\r\n" if blocked else f"{ERROR_HEADER}: {safe}\r\n" if error else ""
    if status == 407:
        extra += 'Proxy-Authenticate: Basic realm="tapwright"\r\n'
    writer.write(
        f"HTTP/1.1 {status} {text}\r\n{extra}Content-Type: text/html; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode("latin-1", "replace") + body
    )
    with contextlib.suppress(ConnectionError, OSError):
        await writer.drain()


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def is_loopback(address: str) -> bool:
    """Whether ``address`` (an IP address or ``localhost``) is a loopback address."""
    if address.strip().lower().rstrip(".") == "localhost":
        return True
    ip = canonical_ip(address.strip())
    return ip is not None and ip.is_loopback


def check_bind(bind: str, advertise: str | None) -> None:
    """Raises ValueError when the proxy cannot listen on ``bind`` / be reached at ``advertise``."""
    if canonical_ip(bind.strip()) is None and bind.strip().lower() != "localhost":
        raise ValueError(f"proxy_bind {bind!r} is not an IP address")
    ip = canonical_ip(bind.strip())
    if ip is not None and ip == ipaddress.ip_address("0.0.0.0" if ip.version == 4 else "::") and not advertise:
        raise ValueError(f"proxy_bind {bind} listens on every address: set proxy_host to the one the browser reaches")


def resolver_overrides(hosts: Mapping[str, str]) -> dict[str, str]:
    """``hosts`` with canonical names and addresses.

    Raises:
        ValueError: a value is not an IP address.
    """
    out: dict[str, str] = {}
    for name, address in hosts.items():
        ip = canonical_ip(address.strip())
        if ip is None:
            raise ValueError(f"hosts: {address!r} (for {name!r}) is not an IP address")
        out[canonical_host(name)] = str(ip)
    return out


def _describe(exc: BaseException) -> str:
    if isinstance(exc, socket.gaierror):
        return f"cannot resolve the host name: {exc.strerror or exc}"
    if isinstance(exc, TimeoutError):
        return "the server did not accept the connection in time"
    if isinstance(exc, ConnectionRefusedError):
        return "connection refused"
    return f"cannot connect: {exc.strerror or exc}" if isinstance(exc, OSError) else str(exc)


def _close(writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(OSError, RuntimeError):
        writer.close()


def _abort(writer: asyncio.StreamWriter) -> None:
    """Close a connection at once, dropping what is still buffered (the proxy is going away)."""
    with contextlib.suppress(OSError, RuntimeError):
        writer.transport.abort()
