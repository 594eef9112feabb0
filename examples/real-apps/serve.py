"""Start real web applications from PyPI on 127.0.0.1 (free ports) for tapwright to drive.

    python examples/real-apps/serve.py flask-admin nicegui wagtail

prints each app's URL and serves until Ctrl-C; every process is stopped by its own PID
(its process group, started with it). The packages come from the ``realapps`` extra
(``make install`` installs it). Import :func:`start` to do the same from a test.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tapwright.drivers import _children  # a started server dies with this process, also when it is killed

HERE = Path(__file__).resolve().parent
ADMIN_USER, ADMIN_PASSWORD = "admin", "correct-horse-battery"


@dataclass
class RunningApp:
    """One started application: where it answers and the process serving it."""

    name: str
    url: str
    process: subprocess.Popen[bytes]
    workdir: Path
    log: Path
    extra: dict[str, str] = field(default_factory=dict)

    def stop(self) -> None:
        """Stop the server and everything it started (its process group, by PID), then wait for it."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        _children.forget(self.process)

    def alive(self) -> bool:
        return self.process.poll() is None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _environ(extra: dict[str, str] | None) -> dict[str, str]:
    # NiceGUI switches to its own test mode when it sees pytest's variables: the app must run as in production.
    base = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    return {**base, **(extra or {})}


def _spawn(cmd: list[str], cwd: Path, log: Path, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    out = log.open("ab")
    try:
        # registered: stopped with its process group at exit, and sent SIGTERM if this process dies first
        proc: subprocess.Popen[bytes] = _children.popen(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                                                        start_new_session=True, env=_environ(env))  # fmt: skip
        return proc
    finally:
        out.close()


def _wait_ready(url: str, proc: subprocess.Popen[bytes], log: Path, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}; log:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status < 500:
                    return
        except urllib.error.HTTPError as exc:
            if exc.code < 500:
                return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer within {timeout_s:.0f} s; log:\n{log.read_text(errors='replace')[-3000:]}")


def _run(cmd: list[str], cwd: Path, log: Path, env: dict[str, str] | None = None, timeout_s: float = 600) -> None:
    with log.open("ab") as out:
        subprocess.run(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, check=True, timeout=timeout_s,
                       env=_environ(env))  # fmt: skip


def _flask_admin(workdir: Path, port: int, log: Path) -> tuple[subprocess.Popen[bytes], str, dict[str, str]]:
    cmd = [sys.executable, str(HERE / "flask_admin_app.py"), str(port), str(workdir / "helpdesk.db")]
    return _spawn(cmd, workdir, log), f"http://127.0.0.1:{port}/admin/", {}


def _nicegui(workdir: Path, port: int, log: Path) -> tuple[subprocess.Popen[bytes], str, dict[str, str]]:
    env = {"NICEGUI_STORAGE_PATH": str(workdir / ".nicegui"), "MATPLOTLIB": "false"}
    cmd = [sys.executable, str(HERE / "nicegui_app.py"), str(port)]
    return _spawn(cmd, workdir, log, env), f"http://127.0.0.1:{port}/", {}


def _wagtail(workdir: Path, port: int, log: Path) -> tuple[subprocess.Popen[bytes], str, dict[str, str]]:
    site = workdir / "site"
    env = {"DJANGO_SUPERUSER_PASSWORD": ADMIN_PASSWORD, "PYTHONDONTWRITEBYTECODE": "1"}
    if not (site / "manage.py").is_file():
        site.mkdir(parents=True, exist_ok=True)
        wagtail = str(Path(sys.executable).with_name("wagtail"))
        _run([wagtail, "start", "mysite", str(site)], workdir, log)
        _run([sys.executable, "manage.py", "migrate", "--noinput"], site, log, env)
        _run([sys.executable, "manage.py", "createsuperuser", "--noinput", "--username", ADMIN_USER,
              "--email", "admin@example.com"], site, log, env)  # fmt: skip
    cmd = [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload", "--nothreading"]
    extra = {"user": ADMIN_USER, "password": ADMIN_PASSWORD}
    return _spawn(cmd, site, log, env), f"http://127.0.0.1:{port}/admin/login/", extra


Starter = Callable[[Path, int, Path], tuple[subprocess.Popen[bytes], str, dict[str, str]]]
APPS: dict[str, Starter] = {"flask-admin": _flask_admin, "nicegui": _nicegui, "wagtail": _wagtail}


def start(name: str, workdir: str | Path | None = None, *, timeout_s: float = 120) -> RunningApp:
    """Start app ``name`` (see ``APPS``) in ``workdir`` (a new temp folder by default) and wait until it answers."""
    if name not in APPS:
        raise ValueError(f"unknown app {name!r}; choose from {', '.join(APPS)}")
    folder = Path(workdir) if workdir else Path(tempfile.mkdtemp(prefix=f"tapwright-{name}-"))
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "server.log"
    port = free_port()
    proc, url, extra = APPS[name](folder, port, log)
    app = RunningApp(name, url, proc, folder, log, extra)
    try:
        _wait_ready(url, proc, log, timeout_s)
    except BaseException:
        app.stop()
        raise
    return app


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # a `kill` (SIGTERM) stops the apps as Ctrl-C does


def main(argv: list[str]) -> int:
    names = argv or list(APPS)
    running: list[RunningApp] = []
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        for name in names:
            app = start(name)
            running.append(app)
            creds = f"  (user {app.extra['user']}, password {app.extra['password']})" if app.extra else ""
            print(f"{name}: {app.url}  pid {app.process.pid}{creds}", flush=True)
        print("serving; Ctrl-C stops them", flush=True)
        while all(a.alive() for a in running):
            time.sleep(1)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        for app in running:
            app.stop()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
