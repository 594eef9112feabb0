"""A tiny HTTP server for the demo shop in ``examples/demo-app`` (standard library only).

Static pages are served by name without the ``.html`` suffix (``/login`` is
``login.html``); ``POST /api/login`` checks the password so that it never lives in
the page. The password is ``$DEMO_PASSWORD``, or ``wonderland`` when unset.
"""

from __future__ import annotations

import hmac
import json
import os
import threading
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from tapwright.errors import UserError

DEMO_USER = "alice"
DEFAULT_PASSWORD = "wonderland"
_MAX_BODY = 16_384


def find_app_dir() -> Path:
    """Where the demo app's files are: ``$TAPWRIGHT_DEMO_APP``, ``./examples/demo-app``, or the source checkout's."""
    candidates = []
    if os.environ.get("TAPWRIGHT_DEMO_APP"):
        candidates.append(Path(os.environ["TAPWRIGHT_DEMO_APP"]))
    candidates.append(Path.cwd() / "examples" / "demo-app")
    candidates.append(Path(__file__).resolve().parents[3] / "examples" / "demo-app")
    for path in candidates:
        if (path / "login.html").is_file():
            return path
    raise UserError("cannot find the demo app (examples/demo-app); run from the tapwright checkout or set TAPWRIGHT_DEMO_APP")


class _Handler(SimpleHTTPRequestHandler):
    password = DEFAULT_PASSWORD
    server_version = "tapwright-demo"

    def log_message(self, format: str, *args: Any) -> None:
        return None  # keep test and CLI output clean; the demo has nothing worth logging

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def translate_path(self, path: str) -> str:
        route = path.split("?", 1)[0].split("#", 1)[0]
        if route in ("", "/"):
            route = "/index"
        if "." not in route.rsplit("/", 1)[-1]:
            path = route + ".html"
        return super().translate_path(path)

    def do_POST(self) -> None:
        if self.path.split("?", 1)[0] != "/api/login":
            self._json(HTTPStatus.NOT_FOUND, {"error": "not found"})
            return
        length = int(self.headers.get("Content-Length") or 0)
        if length > _MAX_BODY:
            self._json(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, {"error": "too large"})
            return
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            self._json(HTTPStatus.BAD_REQUEST, {"error": "invalid JSON"})
            return
        user = str(body.get("username", "")) if isinstance(body, dict) else ""
        password = str(body.get("password", "")) if isinstance(body, dict) else ""
        good = user == DEMO_USER and hmac.compare_digest(password.encode(), self.password.encode())
        if good:
            self._json(HTTPStatus.OK, {"ok": True, "user": user})
        else:
            self._json(HTTPStatus.UNAUTHORIZED, {"ok": False, "error": "Invalid username or password"})

    def _json(self, status: HTTPStatus, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class DemoServer:
    """The demo shop on a background thread.

    Example:
        with DemoServer(port=0) as server:
            print(server.url)   # http://127.0.0.1:40123

    Args:
        host: Interface to bind (loopback by default).
        port: Port; 0 picks a free one.
        app_dir: The app's files (found with :func:`find_app_dir` when omitted).
        password: alice's password (``$DEMO_PASSWORD`` or ``wonderland`` when omitted).
    """

    def __init__(
        self, host: str = "127.0.0.1", port: int = 8765, *, app_dir: Path | None = None, password: str | None = None
    ) -> None:
        self.app_dir = app_dir or find_app_dir()
        handler = type("DemoHandler", (_Handler,), {"password": password or os.environ.get("DEMO_PASSWORD") or DEFAULT_PASSWORD})
        try:
            self.httpd = ThreadingHTTPServer((host, port), partial(handler, directory=str(self.app_dir)))
        except OSError as exc:
            raise UserError(f"cannot serve the demo on {host}:{port}: {exc}") from exc
        self.httpd.daemon_threads = True
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> DemoServer:
        self._thread = threading.Thread(target=self.httpd.serve_forever, name="tapwright-demo", daemon=True)
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        """Serve on the calling thread until interrupted."""
        self.httpd.serve_forever()

    def stop(self) -> None:
        if self._thread is not None:
            self.httpd.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self.httpd.server_close()

    def __enter__(self) -> DemoServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
