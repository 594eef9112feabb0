"""Log records never carry an MCP session id: over HTTP it is a bearer credential (whoever has it
speaks in that session), and the SDK logs it at INFO, which ``tapwright mcp -v`` shows."""

from __future__ import annotations

import logging
import re

# The SDK's session ids: 32 hex digits (a UUID without dashes), or a UUID with them.
_SESSION_ID = re.compile(r"\b[0-9a-fA-F]{32}\b|\b[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}\b")
HIDDEN = "<session id>"


class HideSessionIds(logging.Filter):
    """Rewrites a record's message with every session id replaced by ``<session id>``."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if _SESSION_ID.search(message):
            record.msg, record.args = _SESSION_ID.sub(HIDDEN, message), None
        return True


def hide_session_ids() -> None:
    """Install :class:`HideSessionIds` on every handler of the root logger."""
    for handler in logging.getLogger().handlers:
        handler.addFilter(HideSessionIds())
