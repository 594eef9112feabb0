"""The demo shop server: pages by name, the login endpoint, and ``tapwright demo serve``."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from _support import as_from_a_terminal
from tapwright.demo import DEFAULT_PASSWORD, DemoServer, find_app_dir
from tapwright.errors import UserError

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server() -> Iterator[DemoServer]:
    with DemoServer("127.0.0.1", 0, password="s3cret-pw") as srv:
        yield srv


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, ""


def _login(url: str, user: str, password: str) -> tuple[int, dict[str, object]]:
    body = json.dumps({"username": user, "password": password}).encode()
    request = urllib.request.Request(f"{url}/api/login", data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


@pytest.mark.parametrize("route", ["/", "/login", "/shop", "/cart", "/checkout", "/help", "/support-frame"])
def test_pages_are_served_by_name(server: DemoServer, route: str) -> None:
    status, text = _get(server.url + route)
    assert status == 200 and "<!DOCTYPE html>" in text and "<title>" in text


def test_unknown_paths_and_traversal_are_404(server: DemoServer) -> None:
    assert _get(server.url + "/nope")[0] == 404
    assert _get(server.url + "/../../pyproject.toml")[0] == 404


def test_login_checks_the_password(server: DemoServer) -> None:
    assert _login(server.url, "alice", "s3cret-pw") == (200, {"ok": True, "user": "alice"})
    status, body = _login(server.url, "alice", DEFAULT_PASSWORD)
    assert status == 401 and body["error"] == "Invalid username or password"
    assert _login(server.url, "bob", "s3cret-pw")[0] == 401


def test_password_defaults_to_env_then_wonderland(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEMO_PASSWORD", "from-env-pw")
    with DemoServer("127.0.0.1", 0) as srv:
        assert _login(srv.url, "alice", "from-env-pw")[0] == 200
    monkeypatch.delenv("DEMO_PASSWORD")
    with DemoServer("127.0.0.1", 0) as srv:
        assert _login(srv.url, "alice", "wonderland")[0] == 200


def test_busy_port_is_a_user_error(server: DemoServer) -> None:
    port = int(server.url.rsplit(":", 1)[1])
    with pytest.raises(UserError, match="cannot serve"):
        DemoServer("127.0.0.1", port)


def test_app_dir_is_the_checkout_examples() -> None:
    assert find_app_dir() == REPO / "examples" / "demo-app"


def test_demo_serve_cli_prints_url_and_stops_cleanly() -> None:
    with subprocess.Popen([sys.executable, "-m", "tapwright.cli.main", "demo", "serve", "--port", "0"],
                          stdout=subprocess.PIPE, text=True, cwd=REPO, preexec_fn=as_from_a_terminal) as proc:  # fmt: skip
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("demo shop on http://127.0.0.1:") and "alice" in line
        url = line.split()[3]
        assert _get(url + "/login")[0] == 200
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=10) == 0
