"""A simulated phone as a child process (Android's device, iOS's WebDriverAgent), stopped by its PID.

Both simulators run as ``python -m <package> app.yaml --port N``, print ``PORT <n>`` once they
listen, take control lines (faults to inject) on their standard input and answer each with a line.
What differs is what a client attaches with (a serial for adb, a URL for WDA) and how one is
stopped politely; the rest is :class:`SimulatorProcess`.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path
from types import TracebackType
from typing import Self

from tapwright.drivers import _children


class SimulatorProcess:
    """A simulator process playing one app file.

    Attributes:
        module: The simulator package run with ``python -m``.
        what: What it simulates, for error messages ("the simulated device").
    """

    module: str = ""
    what: str = "the simulator"

    def __init__(self, proc: subprocess.Popen[str], port: int) -> None:
        self.proc, self.port = proc, port

    @property
    def pid(self) -> int:
        return self.proc.pid

    @classmethod
    def spawn(cls, app: str | Path, port: int, *args: str) -> tuple[subprocess.Popen[str], int]:
        """Start the simulator playing ``app`` on ``port`` (a free one when 0), with more command-line ``args``;
        the process and its port.

        Raises:
            RuntimeError: it did not start (the app file is bad, the port is taken).
        """
        env = dict(os.environ)
        src = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
        proc = _children.popen([sys.executable, "-m", cls.module, str(app), "--port", str(port), *args], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)  # fmt: skip
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line.startswith("PORT "):
            err = proc.stderr.read() if proc.stderr and proc.poll() is not None else ""
            with contextlib.suppress(Exception):
                proc.kill()
                proc.wait(5)
            _children.forget(proc)
            raise RuntimeError(f"{cls.what} did not start: {line.strip()} {err.strip()[-500:]}")
        return proc, int(line.split()[1])

    def control(self, command: str) -> None:
        """Send a control line (a fault to inject) and wait until the simulator has applied it."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        self.proc.stdout.readline()

    def _ask_to_quit(self) -> float:
        """Ask the process to end; how long to wait before killing it (SIGTERM and 5 s by default)."""
        self.proc.terminate()
        return 5

    def stop(self) -> None:
        if self.proc.poll() is None:
            grace = self._ask_to_quit()
            try:
                self.proc.wait(grace)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            with contextlib.suppress(Exception):
                if pipe is not None:
                    pipe.close()
        _children.forget(self.proc)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()


def app_key(app: str | Path, key: str, kind: str = "an app file") -> str:
    """The value of ``key`` in an app file (``package`` for Android, ``bundle_id`` for iOS).

    Raises:
        ValueError: the file has no such key.
    """
    import yaml

    data = yaml.safe_load(Path(app).read_text("utf-8")) or {}
    value = data.get(key) if isinstance(data, dict) else None
    if not value:
        raise ValueError(f"{app}: {kind} needs a '{key}'")
    return str(value)


__all__ = ["SimulatorProcess", "app_key"]
