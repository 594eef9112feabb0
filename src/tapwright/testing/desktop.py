"""Helpers for desktop tests and benchmarks: the demo apps' commands and the locator accuracy suite.

Nothing here fakes the desktop: the apps are real GTK and Tk programs on a real Xvfb.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tapwright.core.element import Element, UiTree
from tapwright.errors import ToolFailure
from tapwright.locator import locate

ROOT = Path(__file__).resolve().parents[3]
APPS_DIR = ROOT / "examples" / "desktop-apps"
CASES = ROOT / "tests" / "desktop" / "locator_cases.yaml"


async def open_app(runtime: Any, app: str, screen: str = "login", **settings: Any) -> Any:
    """A PlatformEnv of ``runtime`` with demo app ``gtk`` / ``tk`` started on ``screen``."""
    from tapwright.platforms import EnvOptions

    return await runtime.open(EnvOptions(settings={"app": app_command(app, screen), **settings}))


async def call_ok(ctx: Any, tool: str, **args: Any) -> Any:
    """Call ``desktop.<tool>`` and fail (AssertionError) with its error unless it succeeded."""
    from tapwright.registry import Registry

    result = await Registry.default().call(f"desktop.{tool}", args, ctx)
    if not result.ok:
        raise AssertionError(f"{tool} {args}: {result.error}")
    return result


def gtk_python() -> str:
    """A Python that can run the GTK app: this one when it has PyGObject, else Debian's python3."""
    if importlib.util.find_spec("gi") is not None:
        return sys.executable
    return shutil.which("python3", path="/usr/bin:/bin") or "python3"


def app_command(app: str, screen: str = "login") -> list[str]:
    """The argv that starts demo app ``gtk`` or ``tk`` on ``screen`` (login, home, settings)."""
    python = gtk_python() if app == "gtk" else sys.executable
    argv = [python, str(APPS_DIR / f"{app}_app.py")]
    if screen != "login":
        argv.append(f"--{screen}")
    return argv


@dataclass(slots=True)
class Case:
    id: str
    app: str
    screen: str
    description: str
    roles: tuple[str, ...]
    text: str


def load_cases(path: Path = CASES) -> list[Case]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [Case(c["id"], c["app"], c["screen"], c["description"], tuple(c["expect"]["role"]), str(c["expect"]["text"]))
            for c in data["cases"]]  # fmt: skip


def _norm(text: str) -> str:
    return " ".join(text.casefold().rstrip(":").split())


def matches(element: Element, case: Case) -> bool:
    """Whether the located element is the one the case means (role and one of its names)."""
    names = (element.name, element.text, element.attr("label"), element.attr("near"))
    return element.role in case.roles and any(_norm(n) == _norm(case.text) for n in names if n)


@dataclass(slots=True)
class Outcome:
    case: Case
    ok: bool
    got: str
    source: str


@dataclass(slots=True)
class Report:
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return sum(o.ok for o in self.outcomes) / max(len(self.outcomes), 1)

    def failures(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.ok]

    def summary(self) -> dict[str, Any]:
        by_app: dict[str, list[bool]] = {}
        for o in self.outcomes:
            by_app.setdefault(o.case.app, []).append(o.ok)
        return {
            "cases": len(self.outcomes),
            "passed": sum(o.ok for o in self.outcomes),
            "rate": round(self.rate, 3),
            "by_app": {k: f"{sum(v)}/{len(v)}" for k, v in by_app.items()},
            "failures": [f"{o.case.id} {o.case.description!r}: {o.got}" for o in self.failures()],
        }


def judge(tree: UiTree, case: Case) -> Outcome:
    """Locate the case's description in ``tree`` and say whether it found the labelled element."""
    try:
        found = locate(tree, case.description)
    except ToolFailure as exc:
        return Outcome(case, False, f"{exc.code.value}: {exc.message[:160]}", tree.source)
    e = found.element
    ok = matches(e, case)
    return Outcome(case, ok, f"{e.role} {e.name or e.text!r} near={e.attr('near')!r}", tree.source)


async def run_suite(runtime: Any, cases: list[Case]) -> Report:
    """Run every case: one app start per (app, screen), one snapshot, each description located in it."""
    from tapwright.platforms import EnvOptions

    report = Report()
    groups: dict[tuple[str, str], list[Case]] = {}
    for c in cases:
        groups.setdefault((c.app, c.screen), []).append(c)
    for (app, screen), group in groups.items():
        env = await runtime.open(EnvOptions(settings={"app": app_command(app, screen)}))
        try:
            if screen == "settings":
                await env.driver.wait_window(title="Settings", timeout=10)
                time.sleep(0.3)
            tree = await env.driver.snapshot()
            report.outcomes += [judge(tree, c) for c in group]
        finally:
            await env.close()
    return report
