"""`tapwright mcp --http`: the official client over streamable HTTP, and the transport's guards."""

from __future__ import annotations

import anyio
import httpx2
import pytest
from mcp.shared.exceptions import MCPError
from mcp_support import HttpServer, http_session, stdio_params
from mcp_types import INVALID_PARAMS
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

from mcp import Client
from tapwright.cli.main import main

INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
}
JSON_HEADERS = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}


async def test_http_lists_tools_validates_and_rejects_unknown(fake_http: HttpServer) -> None:
    async with http_session(fake_http.url) as s:
        names = [t.name for t in (await s.list_tools()).tools]
        assert "fake__locate" in names and all("." not in n for n in names)
        bad = await s.call_tool("fake__type_text", {"text": 5, "x": 1, "y": 1})
        assert bad.is_error and bad.structured_content is not None
        assert bad.structured_content["error"]["code"] == "INVALID_INPUT"
        with pytest.raises(MCPError) as info:
            await s.call_tool("web__fly", {})
        assert info.value.error.code == INVALID_PARAMS


async def test_two_http_sessions_have_separate_screens(fake_http: HttpServer) -> None:
    texts: dict[str, str] = {}

    async def client(name: str) -> None:
        async with http_session(fake_http.url) as s:
            result = await s.call_tool("fake__type_text", {"text": name, "x": 100, "y": 106})
            await anyio.sleep(0.2)  # both sessions are open at once
            again = await s.call_tool("fake__type_text", {"text": "!", "x": 100, "y": 106})
            texts[name] = result.content[0].text + "\n" + again.content[0].text  # type: ignore[union-attr]

    async with anyio.create_task_group() as tg:
        tg.start_soon(client, "alice")
        tg.start_soon(client, "bob")
    # Each client typed into its own, initially empty field and never saw the other's text.
    assert '"" -> "alice"' in texts["alice"] and '"alice" -> "alice!"' in texts["alice"]
    assert '"" -> "bob"' in texts["bob"] and '"bob" -> "bob!"' in texts["bob"]
    assert "bob" not in texts["alice"] and "alice" not in texts["bob"]
    await anyio.sleep(0.3)
    assert fake_http.status()["sessions"] == 0  # both closed when the clients disconnected


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Origin": "http://evil.example"}, 403),
        ({"Origin": "null"}, 403),
        ({"Host": "evil.example"}, 421),
        ({"Host": "127.0.0.1.evil.example:8931"}, 421),
    ],
)
async def test_foreign_origin_or_host_is_refused(fake_http: HttpServer, headers: dict[str, str], status: int) -> None:
    async with httpx2.AsyncClient() as client:
        response = await client.post(fake_http.url, json=INIT, headers={**JSON_HEADERS, **headers})
        assert response.status_code == status
        ok = await client.post(fake_http.url, json=INIT, headers={**JSON_HEADERS, "Origin": "http://localhost:5173"})
        assert ok.status_code == 200


def _mcp_errors(exc: BaseException) -> list[MCPError]:
    if isinstance(exc, MCPError):
        return [exc]
    return [e for sub in getattr(exc, "exceptions", ()) for e in _mcp_errors(sub)]


async def _refused(url: str, headers: dict[str, str]) -> None:
    """The official client cannot even initialize: the HTTP refusal surfaces as an MCPError."""
    with pytest.raises(BaseException) as info:
        with anyio.fail_after(30):
            async with http_session(url, headers):
                pass
    assert _mcp_errors(info.value), repr(info.value)


async def test_official_client_with_foreign_origin_fails(fake_http: HttpServer) -> None:
    await _refused(fake_http.url, {"Origin": "http://evil.example"})
    assert any("refused POST /mcp: 403" in line for line in fake_http.lines)


async def test_token_is_required_when_configured() -> None:
    server = HttpServer("--caps", "fake", env={"TAPWRIGHT_MCP_TOKEN": "s3cret-token-123"})
    try:
        async with httpx2.AsyncClient() as client:
            for auth in (None, "Bearer wrong-token", "Bearer s3cret-token-12", "Basic s3cret-token-123"):
                headers = {**JSON_HEADERS, **({"Authorization": auth} if auth else {})}
                response = await client.post(server.url, json=INIT, headers=headers)
                assert response.status_code == 401, auth
                assert response.headers["WWW-Authenticate"].startswith("Bearer")
            assert (await client.get(server.base + "/status")).status_code == 401
        await _refused(server.url, {"Authorization": "Bearer nope"})
        await _refused(server.url, {})
        async with http_session(server.url, {"Authorization": "Bearer s3cret-token-123"}) as s:
            assert (await s.list_tools()).tools
        assert server.status("s3cret-token-123")["ok"] is True
    finally:
        assert server.stop() == 0
    assert "s3cret-token-123" not in "\n".join(server.lines)


def test_non_loopback_bind_without_token_is_refused(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TAPWRIGHT_MCP_TOKEN", raising=False)
    assert main(["mcp", "--http", "0.0.0.0:0"]) == 2
    assert "needs a bearer token" in capsys.readouterr().err
    assert main(["mcp", "--http", "nonsense"]) == 2
    assert "HOST:PORT" in capsys.readouterr().err


@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_auto_mode_client_falls_back_to_a_stateful_handshake_session(fake_http: HttpServer, transport: str) -> None:
    # mcp.Client probes the stateless 2026 era first; the server declines so state survives between calls.
    target = stdio_params("--caps", "fake") if transport == "stdio" else fake_http.url
    with anyio.fail_after(30):
        async with Client(target) as client:
            assert client.protocol_version in HANDSHAKE_PROTOCOL_VERSIONS
            await client.call_tool("fake__type_text", {"text": "a", "x": 100, "y": 106})
            second = await client.call_tool("fake__type_text", {"text": "b", "x": 100, "y": 106})
    assert 'changed: textbox "Username": "a" -> "ab"' in second.content[0].text  # type: ignore[union-attr]


async def test_non_loopback_bind_accepts_its_configured_public_host_names() -> None:
    """Bound to every interface with a token: the configured public names pass the Host check (any port),
    the official client works through one; any other name (DNS rebinding) is still 421."""
    token = "pub-token-4711"
    server = HttpServer("--http", "0.0.0.0:0", "--caps", "fake", "--allowed-hosts", "mcp.example.test",
                        env={"TAPWRIGHT_MCP_TOKEN": token})
    try:
        port = server.url.rsplit(":", 1)[1].split("/", 1)[0]
        url = f"http://127.0.0.1:{port}/mcp"
        auth = {"Authorization": f"Bearer {token}"}
        async with httpx2.AsyncClient() as client:
            for host, status in ((f"mcp.example.test:{port}", 200), ("mcp.example.test", 200), ("MCP.Example.Test", 200),
                                 (f"127.0.0.1:{port}", 200), ("evil.example", 421), (f"mcp.example.test.evil:{port}", 421),
                                 (f"evil.mcp.example.test:{port}", 421), ("192.0.2.77", 421)):
                response = await client.post(url, json=INIT, headers={**JSON_HEADERS, **auth, "Host": host})
                assert response.status_code == status, (host, response.status_code, response.text)
            # The Host check comes first: a refused name is refused even with the right token.
            refused = await client.post(url, json=INIT, headers={**JSON_HEADERS, "Host": "evil.example"})
            assert refused.status_code == 421
        async with http_session(url, {**auth, "Host": f"mcp.example.test:{port}"}) as s:
            tools = (await s.list_tools()).tools
            assert any(t.name.startswith("fake__") for t in tools)
    finally:
        assert server.stop() == 0
    assert token not in "\n".join(server.lines)
