"""The app zoo: real open-source web apps started on loopback with seeded data.

Each app is one folder under ``zoo/apps/<name>/`` with an ``app.yaml`` (what to install, how to
seed and start it, which pages to photograph) and whatever small files its seeding needs. Installs
go into ``zoo/.cache/<name>/`` (git-ignored): a venv for PyPI packages, a node_modules for npm ones,
Debian packages through apt-get. Nothing here is part of ``make test``.

    python zoo/zoo.py list
    python zoo/zoo.py install NAME        # install only (one app at a time: the machine is small)
    python zoo/zoo.py start NAME          # install if missing, seed, serve; Ctrl-C stops it
    python zoo/zoo.py start NAME --detach # leave it running; `stop NAME` ends it by its PID
    python zoo/zoo.py stop NAME
    python zoo/zoo.py shot NAME           # headless Chromium screenshots into zoo/shots/NAME/
    python zoo/zoo.py split               # draw the tuning / held-back split once (zoo/split.yaml)

The placeholders in app.yaml commands: {bin} (the venv's or node_modules' bin folder), {python},
{app} (the app's folder), {data} (its git-ignored state folder), {host}, {port}, {url}.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import hashlib
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ZOO = Path(__file__).resolve().parent
APPS = ZOO / "apps"
CACHE = ZOO / ".cache"
SHOTS = ZOO / "shots"
SPLIT = ZOO / "split.yaml"
HOST = "127.0.0.1"
REQUIRED = ("title", "version", "framework", "kind", "packages", "start", "seeded")
KINDS = ("python", "node", "apt")


@dataclass
class App:
    name: str
    title: str
    version: str
    framework: str
    kind: str
    packages: list[str]
    start: str
    seeded: str
    seed: list[str] = field(default_factory=list)
    seed_live: list[str] = field(default_factory=list)
    ready: str = "/"
    login: dict[str, Any] = field(default_factory=dict)
    shots: list[dict[str, Any]] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    apt: list[str] = field(default_factory=list)
    npm_overrides: dict[str, str] = field(default_factory=dict)
    ready_timeout: float = 120.0
    source: str = ""

    @property
    def folder(self) -> Path:
        return APPS / self.name

    @property
    def cache(self) -> Path:
        return CACHE / self.name

    @property
    def data(self) -> Path:
        return self.cache / "data"

    @property
    def bin(self) -> Path:
        if self.kind == "node":
            return self.cache / "node" / "node_modules" / ".bin"
        if self.kind == "python":
            return self.cache / "venv" / "bin"
        return Path("/usr/bin")

    @property
    def run_file(self) -> Path:
        return self.cache / "run.json"


def load(name: str) -> App:
    path = APPS / name / "app.yaml"
    if not path.is_file():
        known = ", ".join(names())
        raise SystemExit(f"zoo: no app {name!r} (known: {known})")
    raw = yaml.safe_load(path.read_text())
    missing = [key for key in REQUIRED if key not in raw]
    if missing or raw["kind"] not in KINDS:
        raise SystemExit(f"zoo: {path} lacks {missing} or has a kind not in {KINDS}")
    return App(name=name, **raw)


def names() -> list[str]:
    return sorted(p.parent.name for p in APPS.glob("*/app.yaml"))


def fill(app: App, text: str, port: int | None = None) -> str:
    python = app.bin / "python" if app.kind == "python" else Path(sys.executable)
    values = {
        "bin": str(app.bin),
        "python": str(python),
        "app": str(app.folder),
        "data": str(app.data),
        "host": HOST,
        "port": str(port or ""),
        "url": f"http://{HOST}:{port}" if port else "",
    }
    return text.format(**values)


def sh(app: App, command: str, port: int | None = None) -> None:
    line = fill(app, command, port)
    print(f"zoo[{app.name}]$ {line}", flush=True)
    subprocess.run(["bash", "-c", line], check=True, cwd=app.data, env=app_env(app, port))


def app_env(app: App, port: int | None) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{app.bin}{os.pathsep}{env['PATH']}"
    env.update({key: fill(app, value, port) for key, value in app.env.items()})
    return env


def install_key(app: App) -> str:
    return hashlib.sha256(json.dumps([app.kind, app.packages, app.apt, app.npm_overrides]).encode()).hexdigest()[:16]


def install(app: App) -> float:
    """Install the app if its marker is missing or stale; returns the seconds spent."""
    marker = app.cache / "installed"
    if marker.is_file() and marker.read_text() == install_key(app):
        return 0.0
    began = time.monotonic()
    app.cache.mkdir(parents=True, exist_ok=True)
    app.data.mkdir(parents=True, exist_ok=True)
    if app.apt:
        missing = [pkg for pkg in app.apt if not dpkg_has(pkg)]
        if missing:
            subprocess.run(["apt-get", "install", "-y", "--no-install-recommends", *missing], check=True)
    if app.kind == "python":
        venv = app.cache / "venv"
        if not (venv / "bin" / "python").exists():
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
        subprocess.run([*pip, *app.packages], check=True)
    elif app.kind == "node":
        prefix = app.cache / "node"
        prefix.mkdir(parents=True, exist_ok=True)
        manifest = {"name": "zoo-app", "private": True, "overrides": app.npm_overrides}
        (prefix / "package.json").write_text(json.dumps(manifest, indent=1) + "\n")
        npm = ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", str(prefix)]
        subprocess.run([*npm, *app.packages], check=True)
    marker.write_text(install_key(app))
    spent = time.monotonic() - began
    (app.cache / "install-seconds").write_text(f"{spent:.1f}\n")
    print(f"zoo[{app.name}]: installed in {spent:.1f}s", flush=True)
    return spent


def dpkg_has(package: str) -> bool:
    probe = subprocess.run(["dpkg", "-s", package], capture_output=True, text=True)
    return probe.returncode == 0 and "Status: install ok installed" in probe.stdout


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5):
            return True
    except urllib.error.HTTPError as error:
        return error.code < 500
    except (OSError, ValueError):
        return False


def running(app: App) -> dict[str, Any] | None:
    if not app.run_file.is_file():
        return None
    state: dict[str, Any] = json.loads(app.run_file.read_text())
    try:
        os.kill(int(state["pid"]), 0)
    except ProcessLookupError:
        app.run_file.unlink()
        return None
    return state


def start(app: App) -> dict[str, Any]:
    """Install, seed once, serve on a free loopback port and wait until it answers."""
    state = running(app)
    if state:
        print(f"zoo[{app.name}]: already running at {state['url']} (pid {state['pid']})")
        return state
    install(app)
    app.data.mkdir(parents=True, exist_ok=True)
    port = free_port()
    seeded = app.data / ".seeded"
    if not seeded.exists():
        for command in app.seed:
            sh(app, command, port)
    log = (app.cache / "server.log").open("ab")
    command = fill(app, app.start, port)
    print(f"zoo[{app.name}]$ {command}", flush=True)
    began = time.monotonic()
    proc = subprocess.Popen(
        ["bash", "-c", f"exec {command}"], cwd=app.data, env=app_env(app, port),
        stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    url = f"http://{HOST}:{port}"
    state = {"pid": proc.pid, "port": port, "url": url}
    app.run_file.write_text(json.dumps(state))
    try:
        wait_ready(app, proc, url + app.ready)
        state["start_seconds"] = round(time.monotonic() - began, 1)
        if not seeded.exists():
            for command in app.seed_live:
                sh(app, command, port)
            seeded.write_text("ok\n")
    except BaseException:
        stop(app)
        raise
    app.run_file.write_text(json.dumps(state))
    who = f" login {app.login['user']} / {app.login['password']}" if app.login else ""
    print(f"zoo[{app.name}]: {app.title} at {url}{app.ready} (pid {proc.pid}, "
          f"ready in {state['start_seconds']}s){who}", flush=True)
    return state


def wait_ready(app: App, proc: subprocess.Popen[bytes], url: str) -> None:
    deadline = time.monotonic() + app.ready_timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            tail = (app.cache / "server.log").read_text(errors="replace")[-2000:]
            raise SystemExit(f"zoo[{app.name}]: exited with {proc.returncode} before answering\n{tail}")
        if answers(url):
            return
        time.sleep(0.3)
    raise SystemExit(f"zoo[{app.name}]: no answer at {url} within {app.ready_timeout:.0f}s")


def stop(app: App) -> bool:
    """Stop the app by the PID recorded at start (its process group: the server's own children)."""
    if not app.run_file.is_file():
        return False
    pid = int(json.loads(app.run_file.read_text())["pid"])
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGTERM)
        for _ in range(50):
            os.kill(pid, 0)
            if subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True,
                              text=True).stdout.strip().startswith("Z"):
                break
            time.sleep(0.1)
        else:
            os.killpg(pid, signal.SIGKILL)
    app.run_file.unlink(missing_ok=True)
    print(f"zoo[{app.name}]: stopped pid {pid}", flush=True)
    return True


def interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def serve(app: App) -> None:
    """Serve in the foreground until Ctrl-C or SIGTERM, then stop the app by its PID."""
    signal.signal(signal.SIGINT, interrupt)  # also when started in the background, where SIGINT is ignored
    signal.signal(signal.SIGTERM, interrupt)
    start(app)
    try:
        while running(app):
            time.sleep(1)
    except KeyboardInterrupt:
        pass
    finally:
        stop(app)


def split_of(apps: list[str], draw: int) -> tuple[list[str], list[str]]:
    """The tuning half and the held-back half of the apps for one recorded draw.

    The sorted names are shuffled by a generator seeded with the draw; the first floor(n/2) tune,
    the rest are held back (the larger half when n is odd: it is the one that counts).
    """
    order = sorted(apps)
    random.Random(draw).shuffle(order)
    half = len(order) // 2
    return sorted(order[:half]), sorted(order[half:])


def split_files() -> list[Path]:
    """The recorded splits, oldest first: ``split.yaml`` for the first apps, ``split-N.yaml`` for each
    later cohort (apps added after an earlier split was drawn are split among themselves, never mixed into
    a split that has already been run)."""
    later = sorted(ZOO.glob("split-*.yaml"), key=lambda p: int(p.stem.split("-")[1]))
    return ([SPLIT] if SPLIT.exists() else []) + later


def halves() -> dict[str, tuple[str, int]]:
    """app name -> (``tuning`` | ``held_back``, cohort number) over every recorded split."""
    out: dict[str, tuple[str, int]] = {}
    for cohort, path in enumerate(split_files(), start=1):
        data = yaml.safe_load(path.read_text())
        for half in ("tuning", "held_back"):
            for name in data.get(half) or []:
                out[str(name)] = (half, cohort)
    return out


def write_split(draw: int | None, reason: str | None = None) -> Path:
    """Draw the split of every app no recorded split covers yet, once, before any of their scenarios runs."""
    done = halves()
    new = [name for name in names() if name not in done]
    if not new:
        raise SystemExit("zoo: every app is in a recorded split already; a split is drawn once, before any scenario runs")
    files = split_files()
    if files and not reason:
        raise SystemExit("zoo: a later cohort needs --reason (why apps were added after the first split)")
    path = SPLIT if not files else ZOO / f"split-{len(files) + 1}.yaml"
    draw = secrets.randbits(32) if draw is None else draw
    tuning, held_back = split_of(new, draw)
    record: dict[str, object] = {
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "draw": draw,
        "method": "secrets.randbits(32); random.Random(draw).shuffle(sorted app names); "
                  "first floor(n/2) tune, the rest are held back (zoo.py split_of)",
    }
    if reason:
        record["reason"] = reason
    record.update({"apps": new, "tuning": tuning, "held_back": held_back})
    path.write_text(yaml.safe_dump(record, sort_keys=False))
    print(f"zoo: wrote {path.relative_to(ZOO.parent)} (draw {draw})")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="zoo.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="verb", required=True)
    sub.add_parser("list")
    drawing = sub.add_parser("split")
    drawing.add_argument("--draw", type=int, help="replay a recorded draw")
    drawing.add_argument("--reason", help="why apps were added after the first split (a later cohort)")
    for verb in ("install", "start", "stop", "shot"):
        one = sub.add_parser(verb)
        one.add_argument("name")
        if verb == "start":
            one.add_argument("--detach", action="store_true")
    args = parser.parse_args(argv)
    if args.verb == "list":
        for name in names():
            app = load(name)
            state = running(app)
            where = f"running at {state['url']}" if state else "stopped"
            print(f"{name:16} {app.version:12} {app.framework:40} {where}")
        return 0
    if args.verb == "split":
        write_split(args.draw, args.reason)
        return 0
    app = load(args.name)
    if args.verb == "install":
        install(app)
    elif args.verb == "start":
        if args.detach:
            start(app)
        else:
            serve(app)
    elif args.verb == "stop":
        if not stop(app):
            print(f"zoo[{app.name}]: not running")
    elif args.verb == "shot":
        from shots import shoot  # the browser part; needs playwright

        shoot(app, start, stop, running)
    return 0


if __name__ == "__main__":
    sys.exit(main())
