"""A real loopback HTTP/1.1 server (the standard library's) that records what it was sent and answers as told:
for the lean WDA client's tests."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Seen:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    peer: tuple[str, int]


@dataclass
class Recorder:
    url: str
    seen: list[Seen] = field(default_factory=list)
    answer: Callable[[Seen], tuple[int, dict[str, str], bytes]] | None = None

    @property
    def peers(self) -> set[tuple[str, int]]:
        """The client ports seen: one per connection the client opened."""
        return {s.peer for s in self.seen}


def _json_answer(seen: Seen) -> tuple[int, dict[str, str], bytes]:
    body = json.dumps({"value": {"path": seen.path, "method": seen.method}, "sessionId": None}).encode()
    return 200, {"Content-Type": "application/json", "Content-Length": str(len(body))}, body


@contextmanager
def recorder() -> Iterator[Recorder]:
    rec = Recorder(url="")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive unless an answer says otherwise

        def _any(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            seen = Seen(self.command, self.path, {k.lower(): v for k, v in self.headers.items()},
                        self.rfile.read(length) if length else b"", self.client_address)  # fmt: skip
            rec.seen.append(seen)
            status, headers, body = (rec.answer or _json_answer)(seen)
            self.send_response(status)
            for k, v in headers.items():
                self.send_header(k, v)
            self.end_headers()
            if isinstance(body, list):  # chunks, as Transfer-Encoding: chunked sends them
                for piece in body:
                    self.wfile.write(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
                self.wfile.write(b"0\r\n\r\n")
            else:
                self.wfile.write(body)
            if headers.get("Connection", "").lower() == "close":
                self.close_connection = True

        do_GET = do_POST = do_DELETE = _any

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    rec.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield rec
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
