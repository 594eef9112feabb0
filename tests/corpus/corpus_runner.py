"""Runs the blind instruction corpus (issue 10): each case's step on a fresh page, then its expected effect.

Shared by ``tests/corpus/test_corpus.py`` and ``bench/bench_corpus.py``. A case passes
when the step did what its label says, checked in the page after the step ran: a
field's value, a checkbox's state, the page-side click log (``pages/_log.js``), a JS
expression, or an assertion passing (or failing with ASSERTION_FAILED when it is false).
Steps are planned by the offline rules planner only: no model is ever called.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from _support import serve
from tapwright.drivers.web import WebBrowser
from tapwright.planners.rules import RulesPlanner
from tapwright.runner.cases import CaseError, load_file
from tapwright.session import web

HERE = Path(__file__).parent
PAGES = HERE / "pages"
CASE_FILES = sorted(HERE.glob("cases_*.yaml"))
_EXPECT_KEYS = {"clicked", "values", "checked", "js", "passes", "fails"}


@dataclass(slots=True)
class Case:
    page: str
    step: str | None
    yaml_line: str | None
    classes: tuple[int, ...]
    expect: dict[str, Any]
    setup: str | None
    source: str

    @property
    def label(self) -> str:
        return f"{self.page}: {self.step if self.step is not None else self.yaml_line}"


@dataclass(slots=True)
class Outcome:
    case: Case
    ok: bool
    why: str = ""
    error_code: str | None = None
    error_message: str | None = None
    llm_calls: int = 0


def load_cases(files: list[Path] | None = None) -> list[Case]:
    """Every case of the corpus files, validated (a bad label fails loudly, not as a miss)."""
    out: list[Case] = []
    for path in files or CASE_FILES:
        for i, raw in enumerate(yaml.safe_load(path.read_text(encoding="utf-8")) or []):
            where = f"{path.name}[{i}]"
            unknown = set(raw) - {"page", "class", "step", "yaml", "expect", "setup"}
            if unknown or ("step" in raw) == ("yaml" in raw):
                raise ValueError(f"{where}: a case needs page, class, expect and one of step/yaml; got {sorted(raw)}")
            expect = raw["expect"]
            if not expect or set(expect) - _EXPECT_KEYS:
                raise ValueError(f"{where}: unknown expectation {sorted(set(expect) - _EXPECT_KEYS)}")
            if not (PAGES / raw["page"]).is_file():
                raise ValueError(f"{where}: no page {raw['page']}")
            out.append(Case(raw["page"], raw.get("step"), raw.get("yaml"), tuple(raw["class"]), expect,
                            raw.get("setup"), where))  # fmt: skip
    return out


@contextlib.contextmanager
def serve_pages() -> Iterator[str]:
    """The corpus pages on 127.0.0.1 (a free port); yields the base URL."""
    with serve(PAGES) as url:
        yield url


def step_text(case: Case) -> str:
    """The step as a test file gives it: the YAML line goes through the real YAML loader."""
    if case.step is not None:
        return case.step
    assert case.yaml_line is not None
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "case.yaml"
        path.write_text(f"name: corpus\nsteps:\n  {case.yaml_line}\n", encoding="utf-8")
        scenarios = load_file(path)
        return scenarios[0].steps[0].text


async def run_cases(
    cases: list[Case], browser: WebBrowser, progress: Callable[[Outcome], None] | None = None
) -> list[Outcome]:
    """Run every case in one browser session, each on a freshly loaded page."""
    planner = RulesPlanner()
    outcomes: list[Outcome] = []
    with serve_pages() as base:
        async with web(base, browser=browser, action_timeout_ms=1500) as session:
            for case in cases:
                outcome = await _run_one(session, planner, case)
                outcomes.append(outcome)
                if progress is not None:
                    progress(outcome)
    return outcomes


async def _run_one(session: Any, planner: RulesPlanner, case: Case) -> Outcome:
    nav = await session.call("web.navigate", url=f"/{case.page}")
    if not nav.ok:
        return Outcome(case, False, f"could not load the page: {nav.status_line()}")
    page = session.page
    if case.setup:
        await page.evaluate(f"() => {{ {case.setup} }}")
    await page.evaluate("() => { window.__log = []; }")
    try:
        text = step_text(case)
    except CaseError as exc:
        return Outcome(case, False, f"the YAML loader refused the step: {exc}", "CASE_ERROR", str(exc))
    result = await session.do(text, planner=planner)
    out = Outcome(case, False, "", result.error_code, result.error_message, result.llm_calls)
    exp = case.expect
    if exp.get("fails"):
        out.ok = result.status == "failed" and result.error_code == "ASSERTION_FAILED"
        out.why = "" if out.ok else f"expected a failed assertion, got {result.status} {result.error_code}"
        return out
    if result.status != "passed":
        out.why = f"step {result.status}: {result.error_code}"
        return out
    problems = await _check(page, exp)
    out.ok, out.why = not problems, "; ".join(problems)
    return out


async def _check(page: Any, exp: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    for css, want in (exp.get("values") or {}).items():
        got = await page.evaluate("(s) => { const e = document.querySelector(s); return e ? e.value : null; }", css)
        if got != str(want):
            problems.append(f"{css} value {got!r} != {str(want)!r}")
    for css, want in (exp.get("checked") or {}).items():
        got = await page.evaluate("(s) => { const e = document.querySelector(s); return e ? e.checked : null; }", css)
        if got is not bool(want):
            problems.append(f"{css} checked {got!r} != {want!r}")
    if "js" in exp and not await page.evaluate(f"() => !!({exp['js']})"):
        problems.append(f"not true: {exp['js']}")
    if "clicked" in exp:
        log = await page.evaluate("() => window.__log")
        if log != [str(k) for k in exp["clicked"]]:
            problems.append(f"clicked {log!r}, expected {exp['clicked']!r}")
    return problems


PARTS = 3  # the corpus runs as this many test modules, so pytest-xdist can spread it over workers


def part(cases: list[Case], k: int, n: int = PARTS) -> list[Case]:
    """The cases of the k-th of n parts (0-based), whole pages to a part, by the page's place in name order."""
    pages = sorted({c.page for c in cases})
    mine = {p for i, p in enumerate(pages) if i % n == k}
    return [c for c in cases if c.page in mine]


def summary(outcomes: list[Outcome]) -> dict[str, Any]:
    """First-try rate overall and per issue class."""
    per: dict[int, list[bool]] = {}
    for o in outcomes:
        for c in o.case.classes:
            per.setdefault(c, []).append(o.ok)
    passed = sum(o.ok for o in outcomes)
    return {
        "cases": len(outcomes),
        "passed": passed,
        "rate": passed / len(outcomes) if outcomes else 0.0,
        "llm_calls": sum(o.llm_calls for o in outcomes),
        "pages": len({o.case.page for o in outcomes}),
        "per_class": {c: (sum(v), len(v)) for c, v in sorted(per.items())},
    }


FLOOR = 0.97  # share of a part's cases that must do what they say (target 90%; see bench/results/corpus_after.txt)


async def check_part(k: int, browser: WebBrowser) -> None:
    """Run part k and hold it at or above FLOOR, with zero model calls."""
    outcomes = await run_cases(part(load_cases(), k), browser)
    s = summary(outcomes)
    assert s["llm_calls"] == 0
    misses = [f"{o.case.source} {o.case.label}: {o.why}" for o in outcomes if not o.ok]
    assert s["rate"] >= FLOOR, f"first-try rate {s['rate']:.1%} < {FLOOR:.0%}; misses:\n" + "\n".join(misses)
    # A step the planner refuses names phrasings that do work.
    for o in outcomes:
        if o.error_code == "PLAN_INVALID":
            message = o.error_message or ""
            assert "Phrasings that work" in message or "cannot do" in message, message
