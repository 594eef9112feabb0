"""What the page reported while a step ran: console errors, exceptions, failed requests, sockets,
dialogs answered and files downloaded.

A driver records :class:`PageEvent` values as they happen and hands out the ones
since a mark (:meth:`EventLog.since`); the runner attaches them to the step, the
reports show them, and the LLM planner is told about them when a step fails. Pure
values, no I/O.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

EventKind = Literal["console", "exception", "request", "websocket", "dialog", "download", "warning"]
MAX_MESSAGE = 500
_KEEP = 300
_LABEL = {"console": "console error", "exception": "uncaught exception", "request": "failed request",
          "websocket": "WebSocket failure", "dialog": "dialog", "download": "download",
          "warning": "console warning"}  # fmt: skip
# Kinds that report what happened rather than a problem (a dialog answered, a file saved, a console warning).
NOTICE_KINDS = frozenset({"dialog", "download", "warning"})


@dataclass(frozen=True, slots=True)
class PageEvent:
    """One problem the page reported.

    Attributes:
        kind: ``console`` (a console error), ``exception`` (an uncaught page exception),
            ``request`` (status >= 400, blocked or aborted), ``websocket`` (a socket
            that failed to open or closed with an error), ``dialog`` (a JavaScript dialog
            and how it was answered) or ``download`` (a file saved, or why not).
        message: What the page or the network said (capped at 500 characters).
        url: The request's or socket's URL, when there is one.
        status: The HTTP status of a failed request, when it got one.
        count: How many identical events in a row this one stands for.
    """

    kind: EventKind
    message: str
    url: str = ""
    status: int | None = None
    count: int = 1

    def line(self) -> str:
        """One readable line: ``failed request: 404 GET http://... (x3)``."""
        status = f"{self.status} " if self.status is not None else ""
        where = f" {self.url}" if self.url and self.url not in self.message else ""
        times = f" (x{self.count})" if self.count > 1 else ""
        return f"{_LABEL[self.kind]}: {status}{self.message}{where}{times}"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "message": self.message}
        if self.url:
            out["url"] = self.url
        if self.status is not None:
            out["status"] = self.status
        if self.count > 1:
            out["count"] = self.count
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PageEvent:
        return cls(data["kind"], str(data.get("message", "")), str(data.get("url", "")), data.get("status"),
                   int(data.get("count", 1)))  # fmt: skip


def event(kind: EventKind, message: str, url: str = "", status: int | None = None) -> PageEvent:
    """A PageEvent with its texts trimmed to size."""
    text = " ".join(message.split())
    if len(text) > MAX_MESSAGE:
        text = text[: MAX_MESSAGE - 1] + "…"
    return PageEvent(kind, text, url[:300], status)


class EventLog:
    """The latest page events, numbered: readers take what came after their mark.

    Identical events in a row (with no mark between them) are folded into one with a count; only the latest few
    hundred are kept, so a page that logs in a loop cannot fill memory.
    """

    def __init__(self, keep: int = _KEEP) -> None:
        self._events: deque[tuple[int, PageEvent]] = deque(maxlen=keep)
        self._seq = itertools.count(1)
        self._last = 0
        self._fence = 0  # the latest mark handed out: events are never folded across it
        self._taken = 0

    def add(self, item: PageEvent) -> None:
        if self._events:
            n, prev = self._events[-1]
            if n > self._fence and (prev.kind, prev.message, prev.url, prev.status) == (item.kind, item.message, item.url, item.status):
                self._events[-1] = (n, PageEvent(prev.kind, prev.message, prev.url, prev.status, prev.count + 1))
                return
        self._last = next(self._seq)
        self._events.append((self._last, item))

    def mark(self) -> int:
        """A mark to pass to :meth:`since` later."""
        self._fence = self._last
        return self._last

    def take(self) -> list[PageEvent]:
        """The events since the previous ``take`` (every event is taken once, whenever it came)."""
        out = self.since(self._taken)
        self._taken = self.mark()
        return out

    def since(self, mark: int = 0) -> list[PageEvent]:
        """The events recorded after ``mark``, oldest first."""
        return [e for n, e in self._events if n > mark]


def summary(events: Iterable[PageEvent], limit: int = 8) -> str:
    """The events as lines (at most ``limit``, then how many more), '' when there are none."""
    items = list(events)
    lines = [e.line() for e in items[:limit]]
    if len(items) > limit:
        lines.append(f"... and {len(items) - limit} more")
    return "\n".join(lines)
