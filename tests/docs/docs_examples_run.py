"""Every Python and shell example in docs/ and the README runs, against the demo shop, as a reader would run it.

Each example runs in a fresh project folder of its own, with ``examples/`` of the repository
linked into it, so any one of them passes alone and in any order. An example that continues an
earlier one of its page says so (``<!-- example: after=NAME -->``, e.g. a ``tapwright run tests/``
after the ``tapwright init`` named NAME): it runs in the folder NAME left, and when NAME has not
run (the example runs alone, or another example continued NAME first), NAME's chain is run
first in a fresh folder. The shop's documented address ``127.0.0.1:8765`` is rewritten to the
test's server. Python blocks may use a top-level ``await`` (as in ``python -m asyncio``
or a notebook). See ``docs_examples.py`` for the directive comments. The examples run from
two test modules (the guide's pages, and every other page), so two pytest-xdist workers share them.
"""

from __future__ import annotations

import os
import re
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from docs_examples import Example, chain, collect, continued

from tapwright.demo.server import DEFAULT_PASSWORD, DemoServer
from tapwright.drivers import _children

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
EXAMPLES = collect(DOCS, REPO / "README.md")
DOC_HOST = "127.0.0.1:8765"
_PORT = re.compile(r"(127\.0\.0\.1|0\.0\.0\.0):(\d{4,5})")
HARNESS = """\
import ast, asyncio, sys
path = sys.argv[1]
code = compile(open(path, encoding="utf-8").read(), path, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
result = eval(code, {"__name__": "__main__"})
if asyncio.iscoroutine(result):
    asyncio.run(result)
"""

MARKS = [pytest.mark.browser, pytest.mark.slow]
def in_guide(example: Example) -> bool:
    """Whether the example is on one of the guide's pages (``page`` is relative to docs/)."""
    return example.page.parts[0] == "guide"


@pytest.fixture(scope="module")
def shop() -> Iterator[str]:
    with DemoServer("127.0.0.1", 0) as server:
        yield server.url


@pytest.fixture(scope="module")
def projects(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The folders named examples left, by example id, each for the one next example that continues it."""
    return {}


def _fresh_folder(example: Example, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp(f"{example.page.stem}-{example.line}")
    (folder / "examples").symlink_to(REPO / "examples", target_is_directory=True)
    return folder


def _project(projects: dict[str, Path], example: Example, shop: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder ``example`` runs in: a fresh one, or the one the example it continues left.

    A folder is continued once: a second example continuing the same one, or one run alone, gets a
    fresh folder in which what it continues runs first.
    """
    before = continued(example, EXAMPLES)
    folder = projects.pop(before.id, None) if before is not None else None
    if folder is None:
        folder = _fresh_folder(example, tmp_path_factory)
        for earlier in chain(example, EXAMPLES):
            _check(earlier, folder, shop, f" (run first: {example.id} continues it)")
    return folder


def _env(shop: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TAPWRIGHT_", "OPENAI_"))}
    env.update(PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}", DEMO_PASSWORD=DEFAULT_PASSWORD,
               TAPWRIGHT_BASE_URL=shop, PYTHONUNBUFFERED="1", COLUMNS="120")  # fmt: skip
    return env


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _command(example: Example, folder: Path, code: str) -> list[str]:
    if example.language == "python":
        (folder / "_harness.py").write_text(HARNESS)
        script = folder / f"_example_{example.line}.py"
        script.write_text(code)
        return [sys.executable, str(folder / "_harness.py"), str(script)]
    script = folder / f"_example_{example.line}.sh"
    script.write_text(code)
    return ["bash", "-e", "-o", "pipefail", str(script)]


def check_the_docs_have_examples_and_every_skip_says_why() -> None:
    assert len(EXAMPLES) >= 20
    assert {e.language for e in EXAMPLES} == {"python", "bash"}
    names: set[tuple[Path, str]] = set()
    for e in EXAMPLES:
        if e.directive.startswith("skip"):
            assert e.skip_reason, f"{e.id}: a skipped example must say why"
        continued(e, EXAMPLES)  # raises when after=NAME names no earlier example of the page
        if e.name is not None:
            assert (e.page, e.name) not in names, f"{e.id}: name={e.name} is used twice on the page"
            names.add((e.page, e.name))
    skipped = [e for e in EXAMPLES if e.skip_reason]
    assert len(skipped) <= len(EXAMPLES) // 5, [e.id for e in skipped]  # the exception, not the rule


def run_example(example: Example, shop: str, projects: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> None:
    if example.skip_reason:
        pytest.skip(example.skip_reason)
    folder = _project(projects, example, shop, tmp_path_factory)
    host = shop.removeprefix("http://")
    if example.serve:  # its own free ports: the documented ones may be taken on this machine
        ports: dict[str, str] = {}
        code = _PORT.sub(lambda m: f"{m.group(1)}:{ports.setdefault(m.group(2), str(_free_port()))}", example.code)
        listen = _free_port()
        code = code.replace("--port 8765", f"--port {listen}")
        stdio_mcp = "tapwright mcp" in code and "--http" not in code
        _serve(_command(example, folder, code), folder, _env(shop), [listen, *map(int, ports.values())],
               stdio_mcp=stdio_mcp, not_ports={int(host.rsplit(":", 1)[1])})  # the shop answers anyway
        return
    _check(example, folder, shop)
    if example.name is not None:
        projects[example.id] = folder


def _check(example: Example, folder: Path, shop: str, note: str = "") -> None:
    """Run a (not serving) example in ``folder``; it must exit with its expected code."""
    code = example.code.replace(DOC_HOST, shop.removeprefix("http://"))
    code_, out, err = _run(_command(example, folder, code), folder, _env(shop))
    shown = f"--- {example.id}{note}\n{code}--- stdout\n{out[-4000:]}--- stderr\n{err[-4000:]}"
    assert code_ == example.exit_code, shown


def _run(cmd: list[str], folder: Path, env: dict[str, str], timeout_s: float = 280) -> tuple[int, str, str]:
    """Run an example in its own process group, so a timeout stops everything it started."""
    proc = _children.popen(cmd, cwd=folder, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, start_new_session=True)  # fmt: skip
    try:
        out, err = proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        err += f"\n(timed out after {timeout_s:.0f} s)"
    except BaseException:  # interrupted: its process group is not in the terminal's, so stop it here
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise
    _children.forget(proc)
    return proc.returncode, out, err


# An MCP client's first message: a stdio server that is up answers it with one line.
_INITIALIZE = (b'{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", '
               b'"capabilities": {}, "clientInfo": {"name": "docs-examples", "version": "0"}}}\n')  # fmt: skip


def _serve(cmd: list[str], folder: Path, env: dict[str, str], ports: list[int], *, stdio_mcp: bool,
           not_ports: set[int], wait_s: float = 120.0) -> None:  # fmt: skip
    """Start a server example, wait until it serves, check it is still up a moment later, stop it.

    It serves when a port takes a connection (one of ``ports``, or one it prints: its address,
    ``PORT n``; never one of ``not_ports``), or (a stdio MCP server) when it answers an ``initialize`` request.
    """
    proc = _children.popen(cmd, cwd=folder, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    out = b""
    try:
        if stdio_mcp:
            proc.stdin.write(_INITIALIZE)
            proc.stdin.flush()
        os.set_blocking(proc.stdout.fileno(), False)
        deadline = time.monotonic() + wait_s
        ready = False
        while not ready and proc.poll() is None and time.monotonic() < deadline:
            if select.select([proc.stdout], [], [], 0.1)[0]:
                out += proc.stdout.read() or b""
            said = {int(p) for p in _SAID_PORT.findall(out.decode(errors="replace"))} - not_ports
            ready = (b'"result"' in out) if stdio_mcp else any(_listens(p) for p in [*ports, *said])
        assert ready, f"the server did not answer within {wait_s:.0f} s (exit code {proc.poll()}):\n" \
            f"{out.decode(errors='replace')[-3000:]}"  # fmt: skip
        time.sleep(1)
        alive = proc.poll() is None
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)  # the group we started: the shell and its server
        os.set_blocking(proc.stdout.fileno(), True)
        try:
            rest, _ = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            rest, _ = proc.communicate()
        out += rest or b""
    assert alive, f"the server stopped on its own:\n{out.decode(errors='replace')[-3000:]}"


_SAID_PORT = re.compile(r"(?:PORT |127\.0\.0\.1:|localhost:)(\d{2,5})\b")


def _listens(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0
