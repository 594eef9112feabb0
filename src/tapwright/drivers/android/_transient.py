"""A short memory of transient UI (toasts, snackbars) seen in recent snapshots.

A toast stays two to four seconds; a check that reads the screen a moment too late would say
it never appeared. Every snapshot the driver reads notes the transient texts on it, so a check
can still find one that has just vanished, and say so (how long ago, gone now).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from tapwright.core.element import Element
from tapwright.core.words import contains_text

KEEP_S = 10.0  # how long a transient text is remembered after it was last seen
_MOST = 32


@dataclass(slots=True)
class Seen:
    """One transient text: what kind, its words, when it was first and last on screen (monotonic seconds)."""

    kind: str  # toast or snackbar
    text: str
    first: float
    last: float

    def to_dict(self, now: float, on_screen: bool) -> dict[str, object]:
        return {"kind": self.kind, "text": self.text, "seen_s_ago": round(max(0.0, now - self.last), 2),
                "on_screen": on_screen}  # fmt: skip


class TransientLog:
    """Transient texts of recent snapshots, newest last, each kept ``keep_s`` after it was last seen."""

    def __init__(self, keep_s: float = KEEP_S) -> None:
        self.keep_s = keep_s
        self._seen: dict[tuple[str, str], Seen] = {}
        self.current: set[tuple[str, str]] = set()  # those on the latest snapshot

    def note(self, elements: Iterable[Element], now: float | None = None) -> None:
        """Record the transient elements of a snapshot just read."""
        now = time.monotonic() if now is None else now
        self.current = set()
        for e in elements:
            kind = e.attrs.get("transient")
            text = " ".join((e.text or "").split())
            if not kind or not text or not e.state.visible:
                continue
            key = (kind, text)
            self.current.add(key)
            seen = self._seen.get(key)
            if seen is None or now - seen.last > self.keep_s:
                self._seen[key] = Seen(kind, text, now, now)
            else:
                seen.last = now
        self._forget(now)

    def recent(self, now: float | None = None) -> list[Seen]:
        """What was seen within ``keep_s``, newest last."""
        now = time.monotonic() if now is None else now
        self._forget(now)
        return sorted(self._seen.values(), key=lambda s: s.last)

    def find(self, text: str, now: float | None = None) -> Seen | None:
        """The latest remembered transient text holding ``text`` as whole words (case and spacing ignored)."""
        needle = " ".join(text.split())
        hits = [s for s in self.recent(now) if contains_text(" ".join(s.text.split()), needle)]
        return hits[-1] if hits else None

    def on_screen(self, seen: Seen) -> bool:
        return (seen.kind, seen.text) in self.current

    def _forget(self, now: float) -> None:
        for key in [k for k, s in self._seen.items() if now - s.last > self.keep_s]:
            del self._seen[key]
        while len(self._seen) > _MOST:
            oldest = min(self._seen, key=lambda k: self._seen[k].last)
            del self._seen[oldest]
