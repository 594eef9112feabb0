"""Helpers of the reliability suite (imported by its conftest and tests)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from reliability_servers import RefusedLog

from tapwright.core.context import ToolContext
from tapwright.core.result import ToolResult
from tapwright.drivers.web import UrlPolicy, WebSession
from tapwright.registry.registry import Registry


@dataclass
class Sites:
    app: str  # http://127.0.0.1:PORT
    refused: str  # http://127.0.0.2:PORT
    refused_port: int
    log: RefusedLog
    app_server: Any


def block_refused(sites: Sites) -> UrlPolicy:
    """The sweep's policy: 127.0.0.2 is refused by a host rule (every port, every spelling)."""
    return UrlPolicy(blocked_origins=["127.0.0.2"])


async def call(session: WebSession, tool: str, **args: Any) -> ToolResult:
    return await Registry.default().call(tool, dict(args), ToolContext([session]))


def children_of(pid: int) -> list[int]:
    """Live child processes of ``pid`` (from /proc), for 'no process left behind' checks."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            out.append(int(entry))
    return out
