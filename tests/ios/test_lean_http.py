"""The lean HTTP/1.1 client WDA's plain-HTTP endpoints get (drivers/ios/_http.py), against a real loopback server
(the standard library's): requests as sent, answers as read, connections kept, failures as httpx's types (so the
WDA client maps them through its one table), and which endpoints keep httpx."""

from __future__ import annotations

import asyncio
import json
import socket

import httpx
import pytest
from http_recorder import Seen, recorder

from tapwright.drivers.ios import _http
from tapwright.drivers.ios.wda import WdaClient
from tapwright.errors import DriverError, ErrorCode


async def test_requests_are_sent_as_written_and_one_connection_is_kept() -> None:
    with recorder() as rec:
        client = _http.LeanHttp(
            rec.url + "/wd/hub/", timeout_s=5, connect_timeout_s=2, headers={"Content-Type": "application/json"}
        )
        try:
            got = await client.request(
                "POST", "/session/s1/elements", json={"using": "predicate string", "value": "label == 'Wi-Fi'"}
            )
            assert got.status_code == 200 and got.json()["value"] == {
                "path": "/wd/hub/session/s1/elements",
                "method": "POST",
            }
            again = await client.request("GET", "/status", params={"a": "b c"})
            assert again.json()["value"]["path"] == "/wd/hub/status?a=b+c"
            await client.request("DELETE", "/session/s1")
        finally:
            await client.aclose()
    first = rec.seen[0]
    assert json.loads(first.body) == {"using": "predicate string", "value": "label == 'Wi-Fi'"}
    assert first.headers["content-type"] == "application/json" and first.headers["content-length"] == str(
        len(first.body)
    )
    assert first.headers["host"] == rec.url.removeprefix("http://")
    assert [s.method for s in rec.seen] == ["POST", "GET", "DELETE"]
    assert len(rec.peers) == 1 and client.connections == 1  # three requests, one connection


async def test_credentials_become_basic_auth() -> None:
    with recorder() as rec:
        client = _http.LeanHttp(rec.url, timeout_s=5, connect_timeout_s=2, auth=("farm-user", "s3cret"))
        try:
            await client.request("GET", "/status")
        finally:
            await client.aclose()
    assert rec.seen[0].headers["authorization"] == "Basic ZmFybS11c2VyOnMzY3JldA=="


@pytest.mark.parametrize("shape", ["chunked", "to the close", "no content"])
async def test_answers_without_a_length_are_read_whole(shape: str) -> None:
    payload = json.dumps({"value": "x" * 5000}).encode()

    def answer(seen: Seen) -> tuple[int, dict[str, str], object]:
        if shape == "chunked":
            return 200, {"Transfer-Encoding": "chunked"}, [payload[:1000], payload[1000:4097], payload[4097:]]
        if shape == "to the close":
            return 200, {"Connection": "close"}, payload
        return 204, {}, b""

    with recorder() as rec:
        rec.answer = answer  # type: ignore[assignment]
        client = _http.LeanHttp(rec.url, timeout_s=5, connect_timeout_s=2)
        try:
            for _ in range(2):
                got = await client.request("GET", "/source")
                assert got.content == (b"" if shape == "no content" else payload)
        finally:
            await client.aclose()
    # A connection whose answer ran to its close is not used again; the others are kept.
    assert len(rec.peers) == (2 if shape == "to the close" else 1)


async def test_a_connection_the_server_closed_while_idle_is_not_used_again() -> None:
    with recorder() as rec:
        rec.answer = lambda seen: (
            200,
            {"Content-Length": "2", "Connection": "close" if seen.path == "/bye" else "keep-alive"},
            b"{}",
        )
        client = _http.LeanHttp(rec.url, timeout_s=5, connect_timeout_s=2)
        try:
            await client.request("GET", "/a")
            # The server's idle timeout, as a real server closes a kept connection: shut from its side.
            await client.request("GET", "/bye")
            await client.request("POST", "/wda/tap", json={"x": 1, "y": 2})
        finally:
            await client.aclose()
    assert [s.path for s in rec.seen] == ["/a", "/bye", "/wda/tap"]  # the tap sent once, on a new connection
    assert len(rec.peers) == 2


async def test_requests_in_flight_together_each_get_their_own_answer() -> None:
    with recorder() as rec:
        client = _http.LeanHttp(rec.url, timeout_s=5, connect_timeout_s=2)
        try:
            got = await asyncio.gather(*(client.request("GET", f"/n{i}") for i in range(6)))
        finally:
            await client.aclose()
    assert [g.json()["value"]["path"] for g in got] == [f"/n{i}" for i in range(6)]


async def test_failures_are_httpx_types_and_map_to_the_wda_codes() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{s.getsockname()[1]}"  # bound, not listening: refused
    client = _http.LeanHttp(dead, timeout_s=1, connect_timeout_s=1)
    with pytest.raises(httpx.ConnectError):
        await client.request("GET", "/status")
    wda = WdaClient(dead, timeout_s=1, connect_timeout_s=1)
    with pytest.raises(DriverError) as lost:
        await wda.status()
    assert lost.value.code is ErrorCode.DEVICE_LOST and "no WebDriverAgent answers" in lost.value.message
    await wda.aclose()

    held: list[asyncio.StreamWriter] = []
    hang = await asyncio.start_server(lambda r, w: held.append(w), "127.0.0.1", 0)  # accepts, never answers
    port = hang.sockets[0].getsockname()[1]
    try:
        slow = WdaClient(f"http://127.0.0.1:{port}", timeout_s=0.3, connect_timeout_s=1)
        with pytest.raises(DriverError) as late:
            await slow.status()
        assert late.value.code is ErrorCode.TIMEOUT
        await slow.aclose()
    finally:
        for w in held:
            w.close()
        hang.close()
        await hang.wait_closed()

    async def garbage(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"SSH-2.0-OpenSSH\r\n\r\n")
        await writer.drain()
        writer.close()

    odd = await asyncio.start_server(garbage, "127.0.0.1", 0)
    port = odd.sockets[0].getsockname()[1]
    try:
        other = WdaClient(f"http://127.0.0.1:{port}", timeout_s=2, connect_timeout_s=1)
        with pytest.raises(DriverError) as dropped:
            await other.status()
        assert dropped.value.code is ErrorCode.DEVICE_LOST and "dropped the connection" in dropped.value.message
        await other.aclose()
    finally:
        odd.close()
        await odd.wait_closed()


def test_https_and_proxied_endpoints_keep_httpx(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
    assert _http.lean_for("http://127.0.0.1:8100") and _http.lean_for("http://user:pw@10.0.0.5:4723/wd/hub")
    assert not _http.lean_for("https://farm.example.com/wd/hub")
    assert isinstance(WdaClient("http://127.0.0.1:8100")._http, _http.LeanHttp)
    assert isinstance(WdaClient("https://farm.example.com/wd/hub")._http, httpx.AsyncClient)
    monkeypatch.setenv("HTTP_PROXY", "http://proxy.example.com:3128")
    monkeypatch.setenv("NO_PROXY", "localhost,127.0.0.1")
    assert _http.lean_for("http://127.0.0.1:8100")  # bypassed
    assert not _http.lean_for("http://10.0.0.5:8100")  # through the proxy: httpx, which honours it
