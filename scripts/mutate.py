"""``make mutate``: mutation testing (mutmut 3) of tapwright's core modules, one module at a time.

Each module is mutated in its own scratch copy of the repository (``.mutate/<name>/``, git-ignored),
against the fast tests that guard it (browser tests excluded), so a run fits a shared machine.
The kill rate per module is printed and written to ``docs/contributing/mutation-kill-rates.md``;
surviving mutants are listed there too (``mutmut show <name>`` in the scratch copy shows the diff).

Usage:
    python scripts/mutate.py                 # every module
    python scripts/mutate.py placeholders    # some modules (names below)
    MUTATE_CHILDREN=2 python scripts/mutate.py

Kill rate = (killed + timeout) / all mutants: a mutant that makes the tests hang is caught (the
run fails); mutants no selected test covers ("no tests") and suspicious ones count as survivors.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCRATCH = REPO / ".mutate"
OUT = REPO / "docs" / "contributing" / "mutation-kill-rates.md"
TARGET = 0.85
TEST_TIMEOUT_S = int(os.environ.get("MUTATE_TEST_TIMEOUT_S", "60"))


@dataclass(frozen=True)
class Module:
    name: str
    files: tuple[str, ...]  # under src/
    tests: tuple[str, ...]  # pytest selection (browser tests are deselected anyway)


MODULES = (
    Module("placeholders", ("tapwright/plan/placeholders.py",), ("tests/plan/test_placeholders_props.py", "tests/plan/test_placeholders_edges.py",
                                                                  "tests/plan/test_plan_model.py")),
    Module("executor", ("tapwright/plan/executor.py",), ("tests/plan/test_executor.py", "tests/plan/test_fallback_retries.py",
                                                        "tests/plan/test_bad_inputs.py", "tests/plan/test_trace_secrets.py", "tests/plan/test_retry_safety.py", "tests/plan/test_executor_cancel.py")),
    Module("secrets", ("tapwright/core/secrets.py",), ("tests/core/test_secret_store.py", "tests/core/test_env_file.py",
                                                      "tests/plan/test_trace_secrets.py", "tests/core/test_secret_scope.py")),
    Module("result", ("tapwright/core/result.py",), ("tests/core/test_result_contract.py", "tests/core/test_result_edges.py",
                                                    "tests/core/test_error_catalog.py")),
    Module("policy", ("tapwright/drivers/web/policy.py",), ("tests/web/test_policy_rules.py", "tests/web/test_policy_guard_unit.py")),
    Module("locator-pick", ("tapwright/locator/pick.py",), ("tests/locator/test_locator_rank.py", "tests/locator/test_tie_window.py", "tests/locator/test_pick_rules.py",
                                                           "tests/locator/test_reading_order.py", "tests/locator/test_locator_properties.py")),
    # The whole directory (browser tests are deselected by marker): a new test file there is in the selection
    # without changing mutmut's arguments, so `--survivors` and `--resume` keep the earlier verdicts.
    Module("locator-score", ("tapwright/locator/score.py",), ("tests/locator",)),
    Module("rules-lexicon", ("tapwright/planners/rules/_lexicon.py",), ("tests/planners/test_rules_phrasings.py",
                                                                       "tests/planners/test_lexicon_verbs.py")),
    Module("rules-grammar", ("tapwright/planners/rules/_grammar.py",), ("tests/planners/test_rules_phrasings.py",
                                                                       "tests/planners/test_rules_planner.py", "tests/planners/test_grammar_shapes.py")),
    Module("junit", ("tapwright/runner/reports/junit.py",), ("tests/reports/test_reports.py", "tests/reports/test_junit_golden.py", "tests/runner/test_junit_endings.py")),
    Module("html", ("tapwright/runner/reports/html.py",), ("tests/reports/test_reports.py", "tests/reports/test_html_page.py")),
    Module("policy-rules", ("tapwright/drivers/web/_rules.py",), ("tests/web/test_policy_rules.py", "tests/web/test_policy_guard_unit.py",
                                                                 "tests/web/test_policy_reasons.py")),
    Module("platform-seam", ("tapwright/platforms/_registry.py", "tapwright/platforms/_runtimes.py"),
           ("tests/platforms/test_seam_unit.py", "tests/runner/test_run_core.py",
                                                                                       "tests/runner/test_junit_endings.py")),
)  # fmt: skip


def _copy_repo(dest: Path) -> None:
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for name in ("src", "tests", "examples"):
        shutil.copytree(REPO / name, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    # pyproject without a [tool.mutmut] table (mutmut then reads setup.cfg, written per module).
    shutil.copy2(REPO / "pyproject.toml", dest / "pyproject.toml")
    _patch_conftest(dest)


# Appended to the scratch copy's tests/conftest.py. A mutant that breaks a Hypothesis property makes it
# shrink the failing example, for minutes on a busy machine (and pytest-timeout's failure is just one
# more failing example to shrink): in a mutation run the first failing example is enough.
_CONFTEST_TAIL = """

# -- added by scripts/mutate.py for mutation runs only --
from hypothesis import Phase as _Phase, settings as _settings

_settings.register_profile("tapwright-mutate", phases=[_Phase.explicit, _Phase.reuse, _Phase.generate], derandomize=True,
                           database=None)
_settings.load_profile("tapwright-mutate")
"""


def _patch_conftest(work: Path) -> None:
    conftest = work / "tests" / "conftest.py"
    text = conftest.read_text(encoding="utf-8")
    if "tapwright-mutate" not in text:
        conftest.write_text(text + _CONFTEST_TAIL, encoding="utf-8")


def _setup_cfg(module: Module) -> str:
    only = "\n    ".join(f"src/{f}" for f in module.files)
    tests = "\n    ".join(module.tests)
    return (
        "[mutmut]\n"
        "source_paths = src\n"
        f"only_mutate =\n    {only}\n"
        f"pytest_add_cli_args_test_selection =\n    {tests}\n"
        "pytest_add_cli_args =\n    -m\n    not browser and not xserver and not device\n    -p\n    no:cacheprovider\n    -p\n    no:xdist\n    -q\n"
        # A mutant that makes a test wait forever uses no CPU, so mutmut's CPU limit never ends it:
        # pytest-timeout does (the suite's own limit is 300 s; these tests take about a second each).
        f"    --timeout\n    {TEST_TIMEOUT_S}\n"
        "also_copy =\n    examples\n"
        "use_git_change_detection = false\n"
    )


def _mutmut(cwd: Path, *args: str, timeout: float) -> tuple[int | None, str]:
    exe = Path(sys.executable).with_name("mutmut")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    try:
        proc = subprocess.run([str(exe), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
                              check=False)  # fmt: skip
    except subprocess.TimeoutExpired as exc:  # what was checked so far is kept in the .meta files
        out = exc.stdout.decode(errors="replace") if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        return None, out
    return proc.returncode, proc.stdout + proc.stderr


def _statuses(work: Path) -> dict[str, str]:
    """Mutant name -> mutmut status ("killed", "survived", "no tests", "timeout", "not checked", ...)."""
    from mutmut.stats import status_by_exit_code

    out: dict[str, str] = {}
    for meta in sorted((work / "mutants").rglob("*.meta")):
        data = json.loads(meta.read_text(encoding="utf-8"))
        for name, code in data.get("exit_code_by_key", {}).items():
            out[name] = status_by_exit_code[code]
    return out


def _sync_tests(module: Module, work: Path) -> None:
    """Bring new and changed tests (not sources) into an existing scratch copy."""
    for name in ("tests", "examples"):
        shutil.copytree(REPO / name, work / name, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    _patch_conftest(work)
    (work / "setup.cfg").write_text(_setup_cfg(module), encoding="utf-8")


def _sync_sources(module: Module, work: Path) -> None:
    """Copy the module's current sources into the scratch copy with a fresh mtime: mutmut then regenerates the
    mutants of the functions whose source hash changed (their verdicts are dropped) and keeps the others."""
    for f in module.files:
        src, dest = REPO / "src" / f, work / "src" / f
        if src.read_bytes() != dest.read_bytes():
            shutil.copyfile(src, dest)  # copyfile: a new mtime, newer than the mutated copy


def _forget_survivors(work: Path) -> None:
    """Mark every checked mutant that was not killed as not checked, so the next run checks it again."""
    from mutmut.stats import status_by_exit_code

    for meta in sorted((work / "mutants").rglob("*.meta")):
        data = json.loads(meta.read_text(encoding="utf-8"))
        codes = data.get("exit_code_by_key", {})
        for name, code in codes.items():
            if code is not None and status_by_exit_code[code] not in ("killed", "timeout"):
                codes[name] = None
        meta.write_text(json.dumps(data, indent=4), encoding="utf-8")


def run_module(module: Module, children: int, timeout: float, mode: str = "full") -> dict[str, object] | None:
    """Mutate one module. mode "full": a fresh scratch copy; "resume": check the mutants not checked yet;
    "survivors": re-check the survivors against the current tests; "update": bring in the current tests and sources
    and check every mutant not killed yet (mutmut re-mutates the functions whose source changed and keeps the
    verdicts of the others); "report": run nothing."""
    work = SCRATCH / module.name
    if mode == "report" and not (work / "mutants").is_dir():
        return None  # never run here: nothing to report
    args = ["run", "--max-children", str(children)]
    if mode == "full" or not (work / "mutants").is_dir():
        _copy_repo(work)
        (work / "setup.cfg").write_text(_setup_cfg(module), encoding="utf-8")
    elif mode in ("resume", "survivors", "update"):
        _sync_tests(module, work)
        if mode == "update":
            _sync_sources(module, work)
            _forget_survivors(work)
        if mode == "survivors":  # the checked mutants that were not killed (--resume checks the rest)
            args += [n for n, st in _statuses(work).items() if st not in ("killed", "timeout", "not checked")]
    started = time.perf_counter()
    code, output = (0, "") if mode == "report" else _mutmut(work, *args, timeout=timeout)
    elapsed = time.perf_counter() - started
    statuses = _statuses(work)
    counts = {k: sum(st == k for st in statuses.values()) for k in ("killed", "survived", "no tests", "timeout", "not checked")}
    checked = len(statuses) - counts["not checked"]
    if not checked:
        return {"module": module.name, "error": f"mutmut run failed (exit {code}): {output[-2000:]}"}
    survivors = sorted(n for n, st in statuses.items() if st not in ("killed", "timeout", "not checked"))
    rate = (counts["killed"] + counts["timeout"]) / checked
    previous = _previous_rows().get(module.name, {})
    seconds = round(elapsed) + (int(previous.get("seconds", 0)) if mode != "full" and "error" not in previous else 0)  # type: ignore[call-overload]
    return {"module": module.name, "files": list(module.files), "seconds": seconds, "rate": rate,
            "killed": counts["killed"], "survived": counts["survived"], "no_tests": counts["no tests"],
            "timeout": counts["timeout"], "suspicious": checked - sum(counts[k] for k in ("killed", "survived", "no tests", "timeout")),
            "not_checked": counts["not checked"], "total": len(statuses), "survivors": survivors}  # fmt: skip


def write_report(rows: list[dict[str, object]]) -> None:
    old = _previous_rows()
    merged = {**old, **{str(r["module"]): r for r in rows}}
    lines = [
        "# Mutation kill rates (generated by `make mutate`)",
        "",
        "Written by `scripts/mutate.py`; do not edit by hand. Target: at least 85% per module.",
        "Kill rate = (killed + timeout) / mutants checked; a run cut short says how many were checked.",
        "Run: wall-clock seconds of the runs that produced the row (summed over resumed runs; approximate).",
        "Survivors that are equivalent mutants are explained in [mutation-testing.md](mutation-testing.md).",
        "",
        "| module | files | mutants | killed | survived | no tests | timeout | kill rate | run |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for m in MODULES:
        r = merged.get(m.name)
        files = ", ".join(m.files)
        if r is None:
            lines.append(f"| {m.name} | {files} | | | | | | not run yet | |")
        elif "error" in r:
            lines.append(f"| {m.name} | {files} | | | | | | failed to run | |")
        else:
            total, unchecked = int(r["total"]), int(r.get("not_checked", 0))  # type: ignore[call-overload]
            rate = f"{float(r['rate']):.1%}" + (f" (partial: {total - unchecked} of {total} checked)" if unchecked else "")  # type: ignore[arg-type]
            lines.append(f"| {m.name} | {files} | {total} | {r['killed']} | {r['survived']} | {r['no_tests']} | "
                         f"{r['timeout']} | {rate} | {str(r['seconds']) + ' s' if r['seconds'] else ''} |")  # fmt: skip
    lines += ["", "## Surviving mutants", ""]
    for m in MODULES:
        r = merged.get(m.name)
        if r and r.get("survivors"):
            lines.append(f"- **{m.name}**: " + ", ".join(f"`{s}`" for s in r["survivors"]))  # type: ignore[attr-defined]
    lines += ["", "<!-- data: " + json.dumps(merged, sort_keys=True) + " -->", ""]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines), encoding="utf-8")


def _previous_rows() -> dict[str, dict[str, object]]:
    if not OUT.is_file():
        return {}
    m = re.search(r"<!-- data: (.*) -->", OUT.read_text(encoding="utf-8"))
    return json.loads(m.group(1)) if m else {}


MODES = {"--resume": "resume", "--survivors": "survivors", "--update": "update", "--report": "report"}


def main(argv: list[str]) -> int:
    modes = [MODES[a] for a in argv if a in MODES]
    wanted = {a for a in argv if a not in MODES}
    unknown = wanted - {m.name for m in MODULES}
    if unknown or len(modes) > 1:
        print(f"usage: mutate.py [--resume|--survivors|--update|--report] [module ...]; known: {[m.name for m in MODULES]}",
              file=sys.stderr)  # fmt: skip
        return 2
    mode = modes[0] if modes else "full"
    children = int(os.environ.get("MUTATE_CHILDREN", "1"))
    timeout = float(os.environ.get("MUTATE_TIMEOUT_S", "3600"))
    rows = []
    below = 0
    for module in MODULES:
        if wanted and module.name not in wanted:
            continue
        print(f"== {module.name}: mutating {', '.join(module.files)} ({mode})", flush=True)
        row = run_module(module, children, timeout, mode)
        if row is None:
            print("   not run yet", flush=True)
            continue
        rows.append(row)
        write_report([row])  # after each module, so a run cut short keeps what it measured
        if "error" in row:
            print(f"   {row['error']}", flush=True)
            below += 1
            continue
        rate = float(row["rate"])  # type: ignore[arg-type]
        below += rate < TARGET or bool(row["not_checked"])
        print(f"   kill rate {rate:.1%} of {int(row['total']) - int(row['not_checked'])} checked (of {row['total']}): "  # type: ignore[call-overload]
              f"{row['killed']} killed, {row['survived']} survived, {row['no_tests']} without tests, "
              f"{row['timeout']} timeouts ({row['seconds']} s)", flush=True)  # fmt: skip
    print(f"kill rates written to {OUT.relative_to(REPO)}")
    return 1 if below else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
