"""Playwright's trace viewer, offline, in the Chromium already on the machine.

``playwright show-trace`` looks for a browser build of Playwright's own and fails where
none was downloaded (tapwright never downloads one). The viewer itself is a static web
app shipped inside the ``playwright`` package; it needs only to be served over HTTP from
a loopback address (it reads the trace in a service worker, which ``file://`` does not
allow). :class:`TraceServer` serves it next to a folder (a report folder, or the folder
of one trace) and :func:`open_app` opens a URL in the system Chromium found at run time.

URLs the server answers:
    ``/trace-viewer/...``   the viewer's own files
    ``/...``                the files of the served folder (the report, its traces)
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import subprocess
import tempfile
import threading
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import quote

from tapwright.errors import UserError

VIEWER_PREFIX = "/trace-viewer/"


def viewer_dir() -> Path:
    """The folder of Playwright's trace viewer inside the installed ``playwright`` package."""
    spec = importlib.util.find_spec("playwright")
    if spec is None or not spec.submodule_search_locations:
        raise UserError("the playwright package is not installed (pip install tapwright[web])")
    root = Path(next(iter(spec.submodule_search_locations)))
    for candidate in (root / "driver" / "package" / "lib" / "vite" / "traceViewer",
                      root / "driver" / "package" / "lib" / "webpack" / "traceViewer"):  # fmt: skip
        if (candidate / "index.html").is_file():
            return candidate
    raise UserError(f"this playwright package ships no trace viewer (looked under {root / 'driver'})")


def viewer_path(trace: str) -> str:
    """The path (from the server's root) that opens the viewer on ``trace``, a path under the served folder."""
    return f"{VIEWER_PREFIX}index.html?trace={quote('/' + trace.lstrip('/'), safe='/')}"


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files: the viewer under ``/trace-viewer/``, the served folder everywhere else."""

    viewer: Path

    def __init__(self, *args: Any, viewer: Path, **kwargs: Any) -> None:
        self.viewer = viewer
        super().__init__(*args, **kwargs)

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if clean.startswith(VIEWER_PREFIX):
            rest = clean[len(VIEWER_PREFIX):] or "index.html"  # fmt: skip
            # SimpleHTTPRequestHandler refuses '..' and absolute parts for its own directory.
            saved, self.directory = self.directory, str(self.viewer)
            try:
                return super().translate_path("/" + rest)
            finally:
                self.directory = saved
        return super().translate_path(path)

    def end_headers(self) -> None:
        # The viewer registers a service worker at its own scope; no cache keeps an old trace.
        self.send_header("Cache-Control", "no-store")
        self.send_header("Service-Worker-Allowed", "/")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class TraceServer:
    """Serves ``folder`` and the trace viewer on 127.0.0.1 (a free port unless ``port`` is given).

    Example:
        with TraceServer(Path("tapwright-report")) as server:
            print(server.url(viewer_path("traces/001-login.zip")))
    """

    def __init__(self, folder: Path, *, host: str = "127.0.0.1", port: int = 0) -> None:
        self.folder = folder.resolve()
        self._host = host
        handler = functools.partial(_Handler, directory=str(self.folder), viewer=viewer_dir())
        self._server = http.server.ThreadingHTTPServer((host, port), handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="trace-viewer", daemon=True)

    @property
    def origin(self) -> str:
        port = self._server.server_address[1]
        return f"http://{self._host}:{port}"

    def url(self, path: str = "/") -> str:
        return self.origin + "/" + path.lstrip("/")

    def start(self) -> TraceServer:
        self._thread.start()
        return self

    def close(self) -> None:
        if self._thread.is_alive():
            self._server.shutdown()
            self._thread.join(timeout=10)
        self._server.server_close()

    def __enter__(self) -> TraceServer:
        return self.start()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def open_app(url: str, *, browser: str | None = None) -> subprocess.Popen[bytes]:
    """Start the system Chromium (or ``browser``) on ``url`` in an app window of its own profile."""
    from tapwright.drivers.web.launch import find_chromium  # only when a window is opened

    exe = browser or find_chromium(headless=False)  # a window to look at
    if exe is None:
        raise UserError("no Chromium found: install the chromium package or set TAPWRIGHT_BROWSER; "
                        "or use --no-open and open the printed URL in any Chromium-based browser")  # fmt: skip
    profile = tempfile.mkdtemp(prefix="tapwright-trace-")
    args = [exe, f"--user-data-dir={profile}", "--no-first-run", "--no-default-browser-check", f"--app={url}"]
    return subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
