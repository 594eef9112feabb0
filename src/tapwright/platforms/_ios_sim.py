"""Starting simulated WebDriverAgents (processes, stopped by their PIDs).

The ios runtime starts one when ``app:`` names a simulator app file and no ``wda_url`` is given;
tests start them directly. The simulator is :mod:`tapwright.testing.wda_sim`, run as its own
process; nothing here imports it.

Example:
    with SimulatedWda.start("examples/ios-app/app.yaml") as wda:
        print(wda.url)             # http://127.0.0.1:PORT, what a WDA client connects to
        wda.control("offline")     # WDA goes away: the next call is DEVICE_LOST
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path
from types import TracebackType

from tapwright.drivers import _children


class SimulatedWda:
    """A simulated WebDriverAgent process."""

    def __init__(self, proc: subprocess.Popen[str], port: int) -> None:
        self.proc, self.port = proc, port

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        return self.proc.pid

    @classmethod
    def start(cls, app: str | Path, *, port: int = 0) -> SimulatedWda:
        """Start the simulator playing ``app`` (on ``port``; a free one when 0).

        Raises:
            RuntimeError: it did not start (the app file is bad, the port is taken).
        """
        env = dict(os.environ)
        src = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
        proc = _children.popen([sys.executable, "-m", "tapwright.testing.wda_sim", str(app), "--port", str(port)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env)  # fmt: skip
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line.startswith("PORT "):
            err = proc.stderr.read() if proc.stderr and proc.poll() is not None else ""
            with contextlib.suppress(Exception):
                proc.kill()
                proc.wait(5)
            _children.forget(proc)
            raise RuntimeError(f"the simulated WebDriverAgent did not start: {line.strip()} {err.strip()[-500:]}")
        return cls(proc, int(line.split()[1]))

    def control(self, command: str) -> None:
        """Send a control line (``offline``, ``slow-source 2``) and wait until it is applied."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        self.proc.stdout.readline()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            with contextlib.suppress(Exception):
                if pipe is not None:
                    pipe.close()
        _children.forget(self.proc)

    def __enter__(self) -> SimulatedWda:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()


def app_bundle(app: str | Path) -> str:
    """The bundle id an iOS app file plays (its ``bundle_id`` key).

    Raises:
        ValueError: the file has no ``bundle_id``.
    """
    import yaml

    data = yaml.safe_load(Path(app).read_text("utf-8")) or {}
    bundle = data.get("bundle_id") if isinstance(data, dict) else None
    if not bundle:
        raise ValueError(f"{app}: an iOS app file needs a 'bundle_id'")
    return str(bundle)


__all__ = ["SimulatedWda", "app_bundle"]
