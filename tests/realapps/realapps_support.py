"""Plain-English scenarios against real web apps from PyPI: Flask-Admin, NiceGUI (WebSocket) and Wagtail.

Each app is started on 127.0.0.1 by examples/real-apps/serve.py (a fresh temp folder, a free
port, stopped by its PID); its scenario file (examples/real-apps/scenarios/APP.yaml, written
before the first run) runs once with the offline rules planner, and every scenario is one test.
One test module per app (``test_real_app_*.py``), so pytest-xdist workers can run the apps side by side.
Scenarios whose expectation turned out wrong for the app stay as written and are xfail here,
with the reason; a corrected copy was added next to them.
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from tapwright.runner.cases import load_cases
from tapwright.runner.planning import make_planner
from tapwright.runner.results import RunResult
from tapwright.runner.run import RunOptions, run_scenarios

# One test starts its app and runs the whole file (Wagtail migrates a database first): minutes, not seconds.
MARKS = [pytest.mark.slow, pytest.mark.browser, pytest.mark.timeout(1800)]

REAL_APPS = Path(__file__).resolve().parents[2] / "examples" / "real-apps"
KNOWN: dict[tuple[str, str], tuple[str, bool]] = {
    ("wagtail", "Sign in to the dashboard"): ("Wagtail 8's dashboard has no 'Welcome to ...' line", True),
    ("wagtail", "Create a collection"): ("Wagtail 8's collection form says 'Create', not 'Save'", True),
}
# Scenarios written wrong for the app (kept as written): they must fail, and the failure must name the page's own
# complaint, so a reader of the report sees why without opening the screenshot.
FAILS_SAYING: dict[tuple[str, str], str] = {
    # The browser's validation stops the form before the server can answer.
    ("flask-admin", "A customer needs a name"): "Name: Please fill out this field.",
    # Wagtail 8 needs a parent collection; the scenario never chose one.
    ("wagtail", "Create a collection (the button says Create)"): "This field is required.",
}


def _serve() -> Any:
    spec = importlib.util.spec_from_file_location("tapwright_real_apps_serve", REAL_APPS / "serve.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def cases(app: str) -> list[Any]:
    """One pytest param per scenario of ``app``'s file, marked xfail when its failure is known."""
    out = []
    for scenario in load_cases([REAL_APPS / "scenarios" / f"{app}.yaml"]):
        known = KNOWN.get((app, scenario.name))
        marks = [pytest.mark.xfail(reason=known[0], strict=known[1])] if known else []
        out.append(pytest.param(scenario.name, id=f"{app}: {scenario.name}", marks=marks))
    return out


_RUNS: dict[str, RunResult] = {}


@pytest.fixture(scope="module")
def serve() -> Any:
    return _serve()


def _run(serve: Any, app: str, tmp: Path) -> RunResult:
    if app not in _RUNS:
        running = serve.start(app, tmp / app, timeout_s=600)
        try:
            origin = "/".join(running.url.split("/")[:3])
            scenarios = load_cases([REAL_APPS / "scenarios" / f"{app}.yaml"])
            options = RunOptions(base_url=origin, env_file=None, screenshots=False)
            _RUNS[app] = asyncio.run(run_scenarios(scenarios, make_planner("rules"), options))
        finally:
            running.stop()
        assert not running.alive()
    return _RUNS[app]


def check(serve: Any, tmp_path_factory: pytest.TempPathFactory, app: str, name: str) -> None:
    """Run ``app``'s scenario file once (cached) and check scenario ``name``'s outcome."""
    run = _run(serve, app, tmp_path_factory.getbasetemp() / "real-apps")
    scenario = next(s for s in run.scenarios if s.name == name)
    failed = [f"step {s.index + 1} {s.text!r}: [{s.error_code}] {s.error_message}"
              + "".join(f"\n    page: {e.get('kind')} {e.get('message')}" for e in s.page_events[:3])
              for s in scenario.steps if s.status == "failed"]  # fmt: skip
    said = FAILS_SAYING.get((app, name))
    if said is not None:
        assert scenario.status == "failed" and len(failed) == 1, failed
        assert said in failed[0] and "the page shows:" in failed[0], failed[0]
        return
    assert scenario.status == "passed", "\n".join(failed)
