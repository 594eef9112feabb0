"""A kept-alive upstream connection the server closed under a request: a bodiless GET is sent again, a POST is not."""

from __future__ import annotations

import asyncio
from typing import Any

from tapwright.drivers.web._proxy import PolicyProxy


def _allow(*_: Any) -> None:
    return None


async def _upstream() -> tuple[asyncio.Server, list[str]]:
    """Answers the first request of each connection and keeps it open; closes on the next one without a word."""
    seen: list[str] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        first = True
        while True:
            head = await reader.readuntil(b"\r\n\r\n") if not reader.at_eof() else b""
            if not head:
                break
            line = head.split(b"\r\n", 1)[0].decode()
            seen.append(line)
            if b"content-length" in head.lower():
                length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
                await reader.readexactly(length)
            if not first:
                break  # the server dropped the idle connection just as the request arrived
            first = False
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok")
            await writer.drain()
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    return server, seen


async def _status(reader: asyncio.StreamReader) -> int:
    head = await reader.readuntil(b"\r\n\r\n")
    length = int(next((h.split(b":")[1] for h in head.split(b"\r\n") if h.lower().startswith(b"content-length")), b"0"))
    await reader.readexactly(length)
    return int(head.split(b" ")[1])


async def _two_requests(second: bytes) -> tuple[int, int, list[str]]:
    server, seen = await _upstream()
    port = server.sockets[0].getsockname()[1]
    proxy = PolicyProxy(_allow, _allow, lambda url, reason: None)
    await proxy.start()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        writer.write(f"GET http://127.0.0.1:{port}/a HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        first = await _status(reader)
        writer.write(second.replace(b"PORT", str(port).encode()))
        again = await _status(reader)
        writer.close()
        return first, again, seen
    finally:
        await proxy.aclose()
        server.close()


async def test_a_get_on_a_connection_the_server_closed_is_sent_again() -> None:
    first, again, seen = await _two_requests(b"GET http://127.0.0.1:PORT/b HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n")
    assert (first, again) == (200, 200)
    assert seen == ["GET /a HTTP/1.1", "GET /b HTTP/1.1", "GET /b HTTP/1.1"]


async def test_a_post_is_never_sent_twice() -> None:
    post = b"POST http://127.0.0.1:PORT/b HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nContent-Length: 2\r\n\r\nhi"
    first, again, seen = await _two_requests(post)
    assert (first, again) == (200, 502)
    assert seen == ["GET /a HTTP/1.1", "POST /b HTTP/1.1"]
