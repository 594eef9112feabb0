"""Helpers shared by the data-pack tests."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from tapwright.core.result import ToolResult

ROOT = Path(__file__).resolve().parents[2]
Call = Callable[..., Awaitable[ToolResult]]


def catalog() -> list[dict[str, Any]]:
    """The demo product grid's 72 items (examples/demo-app/catalog.js)."""
    text = (ROOT / "examples" / "demo-app" / "catalog.js").read_text(encoding="utf-8")
    return list(json.loads(text.split("=", 1)[1].strip().rstrip(";")))
