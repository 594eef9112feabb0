"""Runs the blind instruction corpus (issue 10): each case's step on a fresh page, then its expected effect.

Shared by ``tests/corpus/test_corpus.py`` and ``bench/bench_corpus.py``. A case passes
when the step did what its label says, checked in the page after the step ran: a
field's value, a checkbox's state, the page-side click log (``pages/_log.js``), a JS
expression, or an assertion passing (or failing with ASSERTION_FAILED when it is false).
Steps are planned by the offline rules planner only: no model is ever called.
"""

from __future__ import annotations

import asyncio
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
_EXPECT_KEYS = {"clicked", "values", "checked", "js", "passes", "fails", "refuse"}
# What a case's outcome was, for the honesty figures: the step did what its label says; it
# failed saying so (a refusal, also when it was over-cautious); or it reported passed having
# done something else (a silent wrong; for a false check, a false pass).
RIGHT, REFUSED, WRONG = "right", "refused", "silently wrong"


@dataclass(slots=True)
class Case:
    page: str
    step: str | None
    yaml_line: str | None
    classes: tuple[int, ...]
    expect: dict[str, Any]
    setup: str | None
    source: str
    pages: Path = PAGES
    why: str | None = None

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
    verdict: str = REFUSED
    passed: bool = False  # the step's own report

    @property
    def false_pass(self) -> bool:
        """A check that is false on the page reported as passed."""
        return self.verdict == WRONG and bool(self.case.expect.get("fails"))


def load_cases(files: list[Path] | None = None, pages: Path = PAGES) -> list[Case]:
    """Every case of the corpus files, validated (a bad label fails loudly, not as a miss)."""
    out: list[Case] = []
    for path in files or CASE_FILES:
        for i, raw in enumerate(yaml.safe_load(path.read_text(encoding="utf-8")) or []):
            where = f"{path.name}[{i}]"
            unknown = set(raw) - {"page", "class", "step", "yaml", "expect", "setup", "why"}
            if unknown or ("step" in raw) == ("yaml" in raw):
                raise ValueError(f"{where}: a case needs page, expect and one of step/yaml; got {sorted(raw)}")
            expect = raw["expect"]
            if not expect or set(expect) - _EXPECT_KEYS:
                raise ValueError(f"{where}: unknown expectation {sorted(set(expect) - _EXPECT_KEYS)}")
            if not (pages / raw["page"]).is_file():
                raise ValueError(f"{where}: no page {raw['page']}")
            out.append(Case(raw["page"], raw.get("step"), raw.get("yaml"), tuple(raw.get("class") or ()), expect,
                            raw.get("setup"), where, pages, raw.get("why")))  # fmt: skip
    return out


@contextlib.contextmanager
def serve_pages(pages: Path = PAGES) -> Iterator[str]:
    """The corpus pages on 127.0.0.1 (a free port); yields the base URL."""
    with serve(pages) as url:
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
    cases: list[Case], browser: WebBrowser, progress: Callable[[Outcome], None] | None = None, lanes: int = 1,
    timeout_ms: int = 1500,
) -> list[Outcome]:
    """Run every case, each on a freshly loaded page; the outcomes come back in the cases' order.

    ``lanes`` > 1 runs the cases in that many browser sessions (contexts of the one Chromium) at once,
    dealt to them in turn. A case's outcome does not depend on its lane: each gets a freshly loaded page,
    and no corpus page keeps state between loads (no storage, no cookies). It pays where the steps mostly
    wait (a refusal waits out its 1.5 s action timeout), as in the trust corpus; more lanes than two made
    steps time out on a loaded machine (docs/contributing/running-the-tests.md).
    """
    planner = RulesPlanner()
    outcomes: list[Outcome | None] = [None] * len(cases)
    roots = {c.pages for c in cases}
    assert len(roots) <= 1, "one run serves one folder of pages"

    async def lane(base: str, mine: range) -> None:
        async with web(base, browser=browser, action_timeout_ms=timeout_ms) as session:
            for i in mine:
                outcome = outcomes[i] = await _run_one(session, planner, cases[i])
                if progress is not None:
                    progress(outcome)

    with serve_pages(roots.pop() if roots else PAGES) as base:
        n = max(1, min(lanes, len(cases)))
        async with asyncio.TaskGroup() as group:  # a lane that raises stops the others
            for k in range(n):
                group.create_task(lane(base, range(k, len(cases), n)))
    return [o for o in outcomes if o is not None]


async def _run_one(session: Any, planner: RulesPlanner, case: Case) -> Outcome:
    nav = await session.call("web.navigate", url=f"/{case.page}")
    if not nav.ok:
        return Outcome(case, False, f"could not load the page: {nav.status_line()}")
    page = session.page
    if case.setup:
        await page.evaluate(f"() => {{ {case.setup} }}")
    await page.evaluate("() => { window.__log = []; }")
    before = await page.evaluate(_CONTROLS_JS)
    try:
        text = step_text(case)
    except CaseError as exc:
        return Outcome(case, False, f"the YAML loader refused the step: {exc}", "CASE_ERROR", str(exc))
    result = await session.do(text, planner=planner)
    out = Outcome(case, False, "", result.error_code, result.error_message, result.llm_calls)
    out.passed = result.status == "passed"
    exp = case.expect
    if exp.get("fails") or exp.get("refuse"):
        out.ok = not out.passed and (exp.get("refuse") or result.error_code == "ASSERTION_FAILED")
        out.verdict = WRONG if out.passed else RIGHT if out.ok else REFUSED
        what = "a refusal" if exp.get("refuse") else "a failed assertion"
        out.why = "" if out.ok else f"expected {what}, got {result.status} {result.error_code or ''}".rstrip()
        return out
    if not out.passed:
        out.why = f"step {result.status}: {result.error_code}"
        return out
    problems = await _check(page, exp)
    if case.pages != PAGES:
        # The trust corpus labels every control a step may change (its README); the older corpus checks
        # some effects through `js` and lets page scripts change other fields.
        problems += await _unexpected_changes(page, exp, before)
    out.ok, out.why = not problems, "; ".join(problems)
    out.verdict = RIGHT if out.ok else WRONG
    return out


# Every form control's state, keyed by its id (else by its place in the document): what a step may change only
# when its label says so (a fill that went to a same-named field behind a dialog, a select-all box ticked). A page
# that sorts its cards moves their controls: by id, a control moved is not a control changed.
_CONTROLS_JS = """() => [...document.querySelectorAll('input,select,textarea,[role=switch],[role=checkbox],[role=radio]')]
  .map((e, i) => [i, e.id || '', e.matches('input[type=checkbox],input[type=radio]') ? String(e.checked)
                      : e.hasAttribute('aria-checked') ? 'aria:' + e.getAttribute('aria-checked') : String(e.value)])"""


def _changed(before: list[list[Any]], after: list[list[Any]]) -> list[int]:
    """Places (in ``after``) of the controls whose state differs from ``before``: by id where a control has one,
    by place in the document otherwise."""
    was = {key: state for _, key, state in before if key}
    return [i for (i, key, state), (_, _, old) in zip(after, before, strict=True)
            if (was.get(key, state) if key else old) != state]


async def _unexpected_changes(page: Any, exp: dict[str, Any], before: list[list[Any]]) -> list[str]:
    named = [*(exp.get("values") or {}), *(exp.get("checked") or {})]
    after = await page.evaluate(_CONTROLS_JS)
    if len(after) != len(before):
        return []  # the step (rightly) re-rendered the form: its labelled effects were checked above
    changed = _changed(before, after)
    if not changed:
        return []
    return await page.evaluate(
        """([idx, named]) => {
          const all = [...document.querySelectorAll('input,select,textarea,[role=switch],[role=checkbox],[role=radio]')];
          const ok = new Set(named.flatMap((s) => [...document.querySelectorAll(s)]));
          const groups = new Set([...ok].filter((e) => e.type === 'radio').map((e) => e.name));
          return idx.filter((i) => !ok.has(all[i]) && !(all[i].type === 'radio' && groups.has(all[i].name)))
            .map((i) => 'also changed ' + (all[i].id ? '#' + all[i].id : all[i].name ? '[name=' + all[i].name + ']'
                 : all[i].outerHTML.slice(0, 60)));
        }""",
        [changed, named],
    )


async def _check(page: Any, exp: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    for css, want in (exp.get("values") or {}).items():
        got = await page.evaluate("(s) => { const e = document.querySelector(s); return e ? e.value : null; }", css)
        if got != str(want):
            problems.append(f"{css} value {got!r} != {str(want)!r}")
    for css, want in (exp.get("checked") or {}).items():
        got = await page.evaluate(
            """(s) => { const e = document.querySelector(s);
                 if (!e) return null;
                 if (typeof e.checked === 'boolean') return e.checked;
                 return e.hasAttribute('aria-checked') ? e.getAttribute('aria-checked') === 'true' : null; }""",
            css,
        )
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
        RIGHT: sum(o.verdict == RIGHT for o in outcomes),
        REFUSED: sum(o.verdict == REFUSED for o in outcomes),
        WRONG: sum(o.verdict == WRONG for o in outcomes),
        "false passes": sum(o.false_pass for o in outcomes),
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
    # A step that ran out of its 1.5 s (TIMEOUT: the page did not let the action finish in time, on a machine
    # loaded by the rest of the suite) says nothing of what was understood: it runs once more with the 5 s a
    # session has by default. Every other miss, a refusal or a wrong result, stands as it is.
    late = [i for i, o in enumerate(outcomes) if not o.ok and o.error_code == "TIMEOUT"]
    if late:
        again = await run_cases([outcomes[i].case for i in late], browser, timeout_ms=5000)
        for i, o in zip(late, again, strict=True):
            outcomes[i] = o
    s = summary(outcomes)
    assert s["llm_calls"] == 0
    misses = [f"{o.case.source} {o.case.label}: {o.why}" for o in outcomes if not o.ok]
    assert s["rate"] >= FLOOR, f"first-try rate {s['rate']:.1%} < {FLOOR:.0%}; misses:\n" + "\n".join(misses)
    # A step the planner refuses names phrasings that do work.
    for o in outcomes:
        if o.error_code == "PLAN_INVALID":
            message = o.error_message or ""
            assert "Phrasings that work" in message or "cannot do" in message, message
