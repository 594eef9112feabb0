"""The client configurations in docs/mcp.md: valid JSON, and arguments the real ``tapwright mcp`` accepts."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tapwright.cli.main import build_parser

PAGE = Path(__file__).resolve().parents[2] / "docs" / "mcp.md"
CLIENTS = ("Claude Desktop", "VS Code", "Cursor", "Windsurf", "Claude Code")


def _json_blocks(text: str) -> list[str]:
    return re.findall(r"^```json\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)


def _servers(config: dict[str, Any]) -> dict[str, Any]:
    servers: dict[str, Any] = config.get("mcpServers") or config.get("servers") or {}
    return servers


def test_every_client_has_a_configuration_and_every_json_block_parses() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for client in CLIENTS:
        assert f"**{client}**" in text, client
    blocks = [json.loads(block) for block in _json_blocks(text)]
    configs = [b for b in blocks if isinstance(b, dict) and _servers(b)]
    assert len(configs) >= 4  # Claude Desktop, VS Code, Cursor, Windsurf (Claude Code is a command)


def test_every_stdio_configuration_starts_a_command_line_the_cli_accepts() -> None:
    parser = build_parser()
    checked = 0
    for block in _json_blocks(PAGE.read_text(encoding="utf-8")):
        for server in _servers(json.loads(block)).values():
            if "command" not in server:
                url = server.get("url") or server.get("serverUrl")
                assert url and url.endswith("/mcp"), server
                continue
            assert server["command"] == "tapwright" and server["args"][0] == "mcp", server
            args = parser.parse_args(server["args"])
            assert args.command == "mcp"
            checked += 1
    assert checked >= 4
