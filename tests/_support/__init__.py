"""What several test folders share: the one Chromium fixture, the one page server, and which
fixtures make a test a browser, X server or device test (markers are applied from these).

Imported as ``_support`` (``tests/`` is on ``sys.path`` through the root conftest.py).
"""

from __future__ import annotations

import functools
import http.server
import signal
import threading
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

# The fixtures that start a real component, by the marker a test using them gets (applied in the root
# conftest.py from item.fixturenames, which holds every fixture a test needs, directly or through others).
# tests/test_markers.py fails when a fixture starting Chromium, Xvfb or a simulated device is missing here.
MARKER_FIXTURES: dict[str, frozenset[str]] = {
    "browser": frozenset({"browser", "report_browser", "mapped_browser", "servers", "playwright_server",
                          "cdp_browser"}),
    "xserver": frozenset({"desktop_stack", "wm_stack"}),
    "device": frozenset({"adb_server", "sim", "devices", "fields_sim", "states_sim"}),
}  # fmt: skip


# The modules that take longest (seconds of `--durations=0` of `make test`, setup + call + teardown, on three
# workers on the shared two-core machine at a load average of 9-16, 2026-11-26 14:20-14:40 UTC), longest first.
# Under pytest-xdist they are handed out first (tests/conftest.py), so that no worker starts a long module
# while the others have nothing left to do (that run ended with web/test_widgets.py, 80 s, started last).
# xdist's own reordering (by number of tests per module) would put the single-test modules last;
# `make test` turns it off.
SLOW_MODULES = (
    "tests/docs/test_docs_examples.py",  # 184 s: 52 examples, most start `tapwright`
    "tests/docs/test_docs_examples_guide.py",  # 130 s
    "tests/planners/test_lexicon_verbs.py",  # 165 s: about 125 s since its failing steps wait 2 s, not 5
    "tests/realapps/test_real_app_wagtail.py",  # 98 s: migrates a Django database, then 8 scenarios
    "tests/docs/test_newcomer.py",  # 87 s: `make demo`: 40 scenarios on four platforms
    "tests/web/test_tools.py",  # 82 s: failures waited out (2 s action timeout)
    "tests/web/test_widgets.py",  # 80 s: failures waited out (2 s action timeout)
    "tests/runner/test_run_e2e.py",  # 79 s
    "tests/reliability/test_faults.py",  # 74 s
    "tests/trust/test_trust_held_back.py",  # 72 s: 96 blind steps in Chromium
    "tests/examples/test_ci_examples.py",  # 69 s
    "tests/test_interrupt.py",  # 64 s
    "tests/runner/test_browser_pool_shards.py",  # 64 s
    "tests/trust/test_trust.py",  # 63 s: 96 blind steps in Chromium
    "tests/datapacks/test_task_end_to_end.py",  # 60 s
    "tests/corpus/test_corpus_part_2.py",  # 59 s
    "tests/audit/test_audit.py",  # 54 s
    "tests/pytest_plugin/test_fixtures.py",  # 48 s
    "tests/runner/test_browser_pool_kill.py",  # 46 s
    "tests/corpus/test_corpus_part_3.py",  # 45 s
    "tests/web/test_cli.py",  # 42 s
    "tests/security/test_rerendered_targets.py",  # 38 s
    "tests/datapacks/test_forms_nav_packs.py",  # 37 s
    "tests/reliability/test_url_policy.py",  # 36 s
    "tests/web/test_verify_rows.py",  # 36 s
    "tests/runner/test_run_cli.py",  # 36 s
    "tests/mcp/test_web.py",  # 34 s
    "tests/web/test_fastpath.py",  # 33 s
    "tests/cli/test_tools_cli.py",  # 31 s
    "tests/reliability/test_secrets.py",  # 30 s
    "tests/corpus/test_corpus_part_1.py",  # 30 s
    "tests/web/test_declared_effects.py",  # 30 s
    "tests/test_collect_together.py",  # 29 s: a whole-suite collection; in make test-fast too
    "tests/pytest_plugin/test_xdist.py",  # 28 s
    "tests/android/test_demo_scenarios.py",  # 28 s
)


def as_from_a_terminal() -> None:
    """``preexec_fn`` for a child a test stops with SIGINT, as Ctrl-C in a terminal would: the default SIGINT, even
    when the suite itself was started with it ignored (a script's background job, ``nohup make test &``)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def slow_first(items: list[pytest.Item]) -> list[pytest.Item]:
    """``items`` with whole modules reordered: the measured slowest first, then modules with a slow or
    real-component test, then the rest; each module's own order is kept (stable sort)."""
    heavy = {"slow", "browser", "xserver", "device"}
    module_rank: dict[str, int] = {}
    for item in items:
        module = item.nodeid.split("::", 1)[0]
        rank = SLOW_MODULES.index(module) if module in SLOW_MODULES else \
            len(SLOW_MODULES) + (0 if any(m.name in heavy for m in item.iter_markers()) else 1)  # fmt: skip
        module_rank[module] = min(rank, module_rank.get(module, rank))
    return sorted(items, key=lambda item: module_rank[item.nodeid.split("::", 1)[0]])


def markers_for(fixturenames: Iterable[str]) -> set[str]:
    """The markers a test requesting ``fixturenames`` must carry."""
    names = set(fixturenames)
    return {marker for marker, fixtures in MARKER_FIXTURES.items() if names & fixtures}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, without a log line per request."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(directory: str | Path | None = None, handler: Callable[..., Any] | None = None,
          host: str = "127.0.0.1") -> Iterator[str]:  # fmt: skip
    """Serve ``directory`` (static files) or ``handler`` on ``host`` at a free port; yields ``http://host:port``.

    The server thread is stopped and joined on exit, so nothing outlives the fixture using it.
    """
    if handler is None:
        assert directory is not None, "serve() needs a directory or a handler"
        handler = functools.partial(QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer((host, 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@asynccontextmanager
async def chromium(**options: Any) -> AsyncIterator[Any]:
    """A headless Chromium (``WebBrowser``) with ``BrowserOptions(**options)``, closed on exit.

    A machine without Chromium fails the test (run ``make install``): a browser test is never skipped.
    """
    from tapwright.drivers.web import BrowserOptions, WebBrowser, find_chromium

    if find_chromium() is None:
        pytest.fail("no Chromium installed: run make install")
    browser = await WebBrowser.launch(BrowserOptions(**options))
    try:
        yield browser
    finally:
        await browser.aclose()


def chromium_fixture(scope: str = "session", *, loop_scope: str | None = None, name: str = "browser",
                     raw: bool = False, **options: Any) -> Any:  # fmt: skip
    """The Chromium fixture: ``browser = chromium_fixture("module")`` in a conftest or test module.

    Args:
        scope: How long one browser lives (``session``: one per xdist worker; ``module`` where a
            module's tests run on a module-scoped event loop).
        loop_scope: The event loop it runs on (the scope by default).
        name: The fixture's name (``browser`` unless a folder needs two).
        raw: Yield Playwright's own ``Browser`` (to look at a generated report as a person would)
            instead of tapwright's ``WebBrowser``.
        options: ``BrowserOptions`` fields.
    """

    @pytest_asyncio.fixture(scope=scope, loop_scope=loop_scope or scope, name=name)
    async def _browser() -> AsyncIterator[Any]:
        async with chromium(**options) as b:
            yield b.browser if raw else b

    return _browser
