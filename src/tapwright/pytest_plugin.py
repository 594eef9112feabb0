"""tapwright's pytest plugin: plain-English test files as pytest items, and a ``tapwright`` fixture.

Registered through the ``pytest11`` entry point, so it loads in every pytest session
where tapwright is installed. It therefore does nothing until asked: test-case files
(``.yaml``, ``.yml``, ``.md``, ``.feature``) are collected only under the folders named
by the ``tapwright_paths`` ini option or ``--tapwright-path``, and nothing of tapwright
beyond this module is imported until such a file or the fixture is used.

Configuration (``pytest.ini`` / ``[tool.pytest.ini_options]``)::

    tapwright_paths = ["tests/plain-english"]   # folders (or files) holding test cases
    tapwright_base_url = "http://127.0.0.1:8765"
    tapwright_planner = "auto"                  # auto | rules | llm

Command line: ``--tapwright-path PATH`` (repeatable), ``--tapwright-base-url URL``,
``--tapwright-planner KIND``, ``--tapwright-headed``, ``--tapwright-report-dir DIR``
(write report.html, junit.xml and trace.json for the scenarios that ran).

Each scenario is one item named after the scenario; a failure shows the failing
step, its error code and message, and the tool calls. Scenarios run on the platform
their file names (``platform: android``), each platform's runtime shared by the whole
session. The ``tapwright`` fixture is an async web :class:`~tapwright.session.Session`
(it needs pytest-asyncio or anyio; a plain ``def`` test asking for it fails, naming the fix);
``tapwright_sync`` is its blocking twin for plain ``def`` tests. In both, a step that does not
pass raises :class:`~tapwright.errors.StepFailed` (an AssertionError with the code and reason).
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import pytest
from _pytest._code.code import ReprFileLocation, TerminalRepr  # the crash line pytest's own reports read

if TYPE_CHECKING:
    from tapwright.runner.model import Scenario
    from tapwright.runner.results import ScenarioResult

try:  # pytest-asyncio's decorator makes the fixture work in its strict mode too
    import pytest_asyncio

    _fixture_decorator: Any = pytest_asyncio.fixture
except ImportError:  # anyio and other async plugins accept a plain fixture
    _fixture_decorator = pytest.fixture

_F = TypeVar("_F", bound=Callable[..., Any])


def _async_fixture(fn: _F) -> _F:
    return cast(_F, _fixture_decorator(fn))


SUFFIXES = frozenset({".yaml", ".yml", ".md", ".feature"})
_SUITE_FILES = frozenset({"_suite.yaml", "_suite.yml"})


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("tapwright", "plain-English UI tests")
    group.addoption("--tapwright-path", action="append", default=[], metavar="PATH",
                    help="collect tapwright test cases (YAML, Markdown, .feature) under PATH")  # fmt: skip
    group.addoption("--tapwright-base-url", default=None, metavar="URL", help="base URL for tapwright scenarios and the fixture")
    group.addoption("--tapwright-planner", default=None, type=_planner_choice, metavar="{auto,rules,llm}",
                    help="step planner (default auto)")  # fmt: skip
    group.addoption("--tapwright-headed", action="store_true", default=False, help="show the browser")
    group.addoption("--tapwright-report-dir", default=None, metavar="DIR", help="write tapwright reports (HTML, JUnit, JSON) here")
    parser.addini("tapwright_paths", "folders or files whose YAML/Markdown/.feature files are tapwright tests", type="linelist", default=[])
    parser.addini("tapwright_base_url", "base URL for tapwright scenarios and the tapwright fixture", default="")
    parser.addini("tapwright_planner", "step planner: auto, rules or llm", default="auto")


def _planner_choice(name: str) -> str:
    """``--tapwright-planner``'s value as a planner kind (``offline``/``model`` read as ``rules``/``llm``)."""
    from tapwright.planners.factory import PLANNER_KINDS, planner_kind  # only when the option is given

    kind = planner_kind(name)
    if kind not in PLANNER_KINDS:
        raise argparse.ArgumentTypeError(f"invalid choice {name!r} (choose from {', '.join(PLANNER_KINDS)})")
    return kind


def _roots(config: pytest.Config) -> list[Path]:
    roots = [(config.rootpath / p).resolve() for p in config.getini("tapwright_paths")]
    roots += [(config.invocation_params.dir / p).resolve() for p in config.getoption("tapwright_path")]
    return roots


def _under(path: Path, roots: list[Path]) -> bool:
    resolved = path.resolve()
    return any(resolved == root or resolved.is_relative_to(root) for root in roots)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix.lower() not in SUFFIXES or file_path.name in _SUITE_FILES:
        return None  # a folder's _suite.yaml holds settings of the tests around it, not a test
    roots = _roots(parent.config)
    if not roots or not _under(file_path, roots):
        return None
    collector: pytest.Collector = TapwrightFile.from_parent(parent, path=file_path)
    return collector


def _base_url(config: pytest.Config) -> str | None:
    value = config.getoption("tapwright_base_url") or config.getini("tapwright_base_url")
    return str(value) if value else None


class TapwrightFile(pytest.File):
    """A test-case file: each scenario in it is one item."""

    def collect(self) -> Iterator[pytest.Item]:
        from tapwright.errors import UserError
        from tapwright.runner.cases import load_cases

        try:
            scenarios = load_cases([self.path])
        except UserError as exc:
            raise self.CollectError(f"tapwright: {exc}") from exc
        seen: dict[str, int] = {}
        for scenario in scenarios:
            name = scenario.name
            seen[name] = seen.get(name, 0) + 1
            if seen[name] > 1:
                name = f"{name} [{seen[name]}]"
            yield TapwrightItem.from_parent(self, name=name, scenario=scenario)


class ScenarioFailed(Exception):
    """Raised by a tapwright item whose scenario did not pass; its text is the recap line (step, code, reason)."""

    def __init__(self, result: ScenarioResult) -> None:
        from tapwright.runner.progress import reason_line

        super().__init__(reason_line(result))
        self.result = result


class TapwrightItem(pytest.Item):
    """One scenario, run in its own browser context on the session's shared browser."""

    def __init__(self, *, scenario: Scenario, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario
        # Tags become keywords (``-k smoke``), not markers: a marker pytest does not know
        # would break sessions that run with --strict-markers.
        self.extra_keyword_matches.update(scenario.tags)

    def runtest(self) -> None:
        runtime = _Runtime.of(self.config)
        result = runtime.run(self.scenario)
        if not result.ok:
            raise ScenarioFailed(result)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, ScenarioFailed):
            line = self.scenario.line or 1
            return _FailureRepr(describe_failure(excinfo.value.result), str(self.path), line, str(excinfo.value))
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        line = (self.scenario.line - 1) if self.scenario.line else None
        return self.path, line, f"scenario: {self.scenario.name}"


class _FailureRepr(TerminalRepr):
    """A scenario's failure as pytest shows it: the full description, and a one-line crash message
    (``[CODE] reason``) that the short test summary (``-rf``) and ``--junitxml`` read."""

    def __init__(self, text: str, path: str, line: int, message: str) -> None:
        self.text = text
        self.reprcrash = ReprFileLocation(path, line, message)

    def toterminal(self, tw: Any) -> None:
        for line in self.text.splitlines():
            tw.line(line)


def describe_failure(result: ScenarioResult) -> str:
    """The failing step, its code and message, the tool calls and the steps around it."""
    failure = result.failure
    where = f"{result.source}:{result.line}" if result.line else result.source
    lines = [f"scenario {result.name!r} {result.status.upper()} ({where})"]
    if failure is not None:
        lines.append(f"  reason: {failure.text}")
    for step in result.steps:
        mark = {"passed": "✓", "failed": "✗", "skipped": "-", "cancelled": "!"}.get(step.status, "?")
        where = f" (line {step.line})" if step.line else ""
        lines.append(f"  {mark} {step.index + 1}. {step.text}{where}")
        if step.status in ("failed", "cancelled"):
            lines.append(f"      {step.error_text or 'no error code or message'}")
            lines.append(f"      status: {step.status_line}")
            for call in step.calls:
                lines.append(f"      {call.get('status', '?'):9} {call.get('tool')} {call.get('args')}")
            if step.screenshot:
                lines.append(f"      screenshot: {step.screenshot}")
    return "\n".join(lines)


class _Runtime:
    """The session's event loop, browser and planner, shared by every tapwright item."""

    KEY = pytest.StashKey["_Runtime"]()

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.loop = asyncio.new_event_loop()
        self.runtimes: Any = None  # platform runtimes (one browser) shared by every scenario of the session
        self.planner: Any = None
        self.results: list[ScenarioResult] = []
        report_dir = config.getoption("tapwright_report_dir")
        self.report_dir = Path(report_dir) if report_dir else None
        worker = _worker_id(config)
        if self.report_dir is not None and worker is not None:
            # Under pytest-xdist every worker runs its own browser and writes its own folder;
            # the controller merges the folders into report_dir when the session ends.
            self.report_dir = self.report_dir / f"{WORKER_PREFIX}{worker}"

    @classmethod
    def of(cls, config: pytest.Config) -> _Runtime:
        runtime = config.stash.get(cls.KEY, None)
        if runtime is None:
            runtime = cls(config)
            config.stash[cls.KEY] = runtime
        return runtime

    def run(self, scenario: Scenario) -> ScenarioResult:
        return self.loop.run_until_complete(self._run(scenario))

    async def _run(self, scenario: Scenario) -> ScenarioResult:
        from tapwright.platforms import Runtimes
        from tapwright.runner.planning import make_planner
        from tapwright.runner.run import Runner, RunOptions

        if self.planner is None:
            self.planner = make_planner(self.config.getoption("tapwright_planner") or self.config.getini("tapwright_planner"))
        headed = bool(self.config.getoption("tapwright_headed"))
        if self.runtimes is None:
            self.runtimes = Runtimes(headed=headed)
        options = RunOptions(base_url=_base_url(self.config), report_dir=self.report_dir, headed=headed,
                             first_index=len(self.results))  # fmt: skip
        run = await Runner(self.planner, options, runtimes=self.runtimes).run([scenario])
        result = run.scenarios[0]
        self.results.append(result)
        return result

    def close(self) -> None:
        try:
            if self.runtimes is not None:
                self.loop.run_until_complete(self.runtimes.aclose())
            if self.planner is not None:
                self.loop.run_until_complete(self.planner.aclose())
            if self.report_dir is not None and self.results:
                from tapwright.runner.reports import write_reports
                from tapwright.runner.results import RunResult

                write_reports(RunResult(scenarios=self.results, planner=getattr(self.planner, "name", "?")), self.report_dir)
        finally:
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()


WORKER_PREFIX = "worker-"


def _worker_id(config: pytest.Config) -> str | None:
    """The pytest-xdist worker this process is (``gw0``), or None in a plain session or the controller."""
    workerinput = getattr(config, "workerinput", None)
    return str(workerinput["workerid"]) if isinstance(workerinput, dict) and "workerid" in workerinput else None


def _is_xdist_controller(config: pytest.Config) -> bool:
    return _worker_id(config) is None and bool(getattr(config.option, "numprocesses", None))


def pytest_sessionstart(session: pytest.Session) -> None:
    config = session.config
    report_dir = config.getoption("tapwright_report_dir", None)
    if report_dir and _is_xdist_controller(config):
        import shutil

        for old in Path(report_dir).glob(f"{WORKER_PREFIX}*"):
            shutil.rmtree(old, ignore_errors=True)  # folders of an earlier run would be merged again


def pytest_sessionfinish(session: pytest.Session) -> None:
    runtime = session.config.stash.get(_Runtime.KEY, None)
    if runtime is not None:
        del session.config.stash[_Runtime.KEY]
        runtime.close()
    report_dir = session.config.getoption("tapwright_report_dir", None)
    if report_dir and _is_xdist_controller(session.config):
        workers = sorted(p for p in Path(report_dir).glob(f"{WORKER_PREFIX}*") if (p / "trace.json").is_file())
        if workers:
            from tapwright.runner.reports.merge import merge_runs

            merge_runs(workers, report_dir)


def _session_options(config: pytest.Config) -> dict[str, Any]:
    return {"base_url": _base_url(config), "headed": bool(config.getoption("tapwright_headed")), "check": True}


def _refuse_sync_test(request: pytest.FixtureRequest) -> None:
    """Fail a plain ``def`` test that asks for the async fixture: its calls would be coroutines never run."""
    function = getattr(request, "function", None)
    if function is not None and not inspect.iscoroutinefunction(function):
        pytest.fail(
            f"{request.node.name}: the `tapwright` fixture is async, and this test is a plain `def`: "
            "its calls would return coroutines that never run, and the test would pass having done nothing. "
            "Either make the test `async def` and await the calls (with pytest-asyncio or anyio), "
            "or use the `tapwright_sync` fixture, whose methods block until the step has run.",
            pytrace=False,
        )


@_async_fixture
async def tapwright(request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    """A web Session (``tapwright.open("web")``) in a fresh browser, with the configured base URL.

    A step that does not pass raises StepFailed (an AssertionError with its code and message);
    ``do(..., check=False)`` returns it instead. A plain ``def`` test asking for this fixture
    fails at once, naming the fix (``async def``, or the ``tapwright_sync`` fixture).

    Example:
        async def test_search(tapwright):
            await tapwright.call("web.navigate", url="/shop")
            await tapwright.do('Type "mug" into the Search products field')
    """
    from tapwright.session import open as open_session

    _refuse_sync_test(request)
    async with open_session("web", **_session_options(request.config)) as session:
        yield session


@pytest.fixture
def tapwright_sync(request: pytest.FixtureRequest) -> Iterator[Any]:
    """The blocking twin of ``tapwright``: a :class:`~tapwright.sync_session.SyncSession`, for plain ``def`` tests.

    Every call blocks until it has run, on an event loop of the fixture's own. A step that
    does not pass raises StepFailed, as with the async fixture.

    Example:
        def test_search(tapwright_sync):
            tapwright_sync.call("web.navigate", url="/shop")
            tapwright_sync.do('Type "mug" into the Search products field')
    """
    from tapwright.sync_session import open_sync

    with open_sync("web", **_session_options(request.config)) as session:
        yield session
