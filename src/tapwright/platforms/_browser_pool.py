"""A pool of remote browsers (Playwright servers, CDP endpoints) that scenarios lease.

Each endpoint hosts up to ``capacity`` browser contexts at once. The lease rules (least
loaded first, waiting while every one is full, a dead endpoint taken out and named, the
scenario retried elsewhere once) are :class:`~tapwright.platforms._lease_pool.LeasePool`'s,
shared with Android device lists; this module says what an endpoint is and how its death shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from tapwright.errors import ErrorCode, UserError
from tapwright.platforms._lease_pool import Launch, LeasePool, Member


@dataclass(slots=True, eq=False)
class Endpoint(Member):
    """One remote browser: its URL (the member's name), how many contexts it may host, and its state."""

    @property
    def url(self) -> str:
        return self.name

    @property
    def browser(self) -> Any:
        """The connected WebBrowser, on first lease."""
        return self.resource

    @property
    def cdp(self) -> bool:
        return self.name.startswith(("http://", "https://"))


def parse_endpoints(items: list[str], file: str | None, *, default_capacity: int) -> list[Endpoint]:
    """Endpoints from ``--browser-endpoint URL[ CAPACITY]`` items and a file of the same lines (``#`` comments).

    Raises:
        UserError: a URL that is not ws(s):// or http(s)://, a bad capacity, or an unreadable file.
    """
    lines = list(items)
    if file:
        try:
            lines += Path(file).read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise UserError(f"--browser-endpoints {file}: {exc.strerror}") from None
    out: list[Endpoint] = []
    for raw in lines:
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        text = text.split(" #", 1)[0].strip()
        url, _, cap = text.partition(" ")
        if not url.startswith(("ws://", "wss://", "http://", "https://")):
            raise UserError(f"browser endpoint {url!r}: give a Playwright server ws://HOST:PORT/ or a CDP http://HOST:PORT")
        capacity = default_capacity
        if cap.strip():
            if not cap.strip().isdigit() or int(cap) < 1:
                raise UserError(f"browser endpoint {url}: capacity must be a whole number >= 1, got {cap.strip()!r}")
            capacity = int(cap)
        if any(e.url == url for e in out):
            raise UserError(f"browser endpoint {url} is listed twice")
        out.append(Endpoint(url, capacity))
    return out


class BrowserPool(LeasePool):
    """Leases browser endpoints; connects to each on first use (``launch``: async endpoint -> WebBrowser)."""

    kind: ClassVar[str] = "browser endpoint"
    exhausted_code: ClassVar[ErrorCode] = ErrorCode.BROWSER_CRASHED

    def __init__(self, endpoints: list[Endpoint], *, launch: Launch) -> None:
        super().__init__(list(endpoints), launch=launch)

    @property
    def endpoints(self) -> list[Endpoint]:
        return self.members

    def alive(self, member: Any) -> str | None:
        if not member.resource.browser.is_connected():
            return "the browser disconnected (the server stopped answering)"
        return None

    async def ping(self, member: Any) -> None:
        # A server that died a moment ago may not have closed its connection yet: a fresh context tells.
        context = await member.resource.browser.new_context()
        await context.close()

    async def close_resource(self, resource: Any) -> None:
        await resource.aclose()

    def status(self) -> dict[str, Any]:
        return {"endpoints": [{"url": e.name, "capacity": e.capacity, "in_use": e.in_use, "leases": e.leases,
                               "dead": e.dead} for e in self.members], "endpoint_waits": self.waits}  # fmt: skip
