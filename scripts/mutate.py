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


@dataclass(frozen=True)
class Module:
    name: str
    files: tuple[str, ...]  # under src/
    tests: tuple[str, ...]  # pytest selection (browser tests are deselected anyway)


MODULES = (
    Module("placeholders", ("tapwright/plan/placeholders.py",), ("tests/plan/test_placeholders_props.py", "tests/plan/test_placeholders_edges.py",
                                                                  "tests/plan/test_plan_model.py")),
    Module("executor", ("tapwright/plan/executor.py",), ("tests/plan/test_executor.py", "tests/plan/test_fallback_retries.py",
                                                        "tests/plan/test_bad_inputs.py", "tests/plan/test_trace_secrets.py", "tests/plan/test_retry_safety.py")),
    Module("secrets", ("tapwright/core/secrets.py",), ("tests/core/test_secret_store.py", "tests/core/test_env_file.py",
                                                      "tests/plan/test_trace_secrets.py")),
    Module("result", ("tapwright/core/result.py",), ("tests/core/test_result_contract.py", "tests/core/test_result_edges.py",
                                                    "tests/core/test_error_catalog.py")),
    Module("policy", ("tapwright/drivers/web/policy.py",), ("tests/web/test_policy_rules.py", "tests/web/test_policy_guard_unit.py")),
    Module("locator-pick", ("tapwright/locator/pick.py",), ("tests/locator/test_locator_rank.py", "tests/locator/test_tie_window.py",
                                                           "tests/locator/test_reading_order.py", "tests/locator/test_locator_properties.py")),
    Module("locator-score", ("tapwright/locator/score.py",), ("tests/locator/test_locator_rank.py", "tests/locator/test_locator_text.py",
                                                             "tests/locator/test_locator_query.py", "tests/locator/test_locator_properties.py")),
    Module("rules-lexicon", ("tapwright/planners/rules/_lexicon.py",), ("tests/planners/test_rules_phrasings.py",
                                                                       "tests/planners/test_lexicon_verbs.py")),
    Module("rules-grammar", ("tapwright/planners/rules/_grammar.py",), ("tests/planners/test_rules_phrasings.py",
                                                                       "tests/planners/test_rules_planner.py")),
    Module("junit", ("tapwright/runner/reports/junit.py",), ("tests/reports/test_reports.py", "tests/reports/test_junit_golden.py", "tests/runner/test_junit_endings.py")),
    Module("html", ("tapwright/runner/reports/html.py",), ("tests/reports/test_reports.py",)),
    Module("policy-rules", ("tapwright/drivers/web/_rules.py",), ("tests/web/test_policy_rules.py", "tests/web/test_policy_guard_unit.py")),
    Module("platform-seam", ("tapwright/platforms/_registry.py", "tapwright/platforms/_runtimes.py"),
           ("tests/platforms/test_toy_platform.py", "tests/runner/test_run_core.py", "tests/runner/test_junit_endings.py")),
)  # fmt: skip


def _copy_repo(dest: Path) -> None:
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for name in ("src", "tests", "examples"):
        shutil.copytree(REPO / name, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    # pyproject without a [tool.mutmut] table (mutmut then reads setup.cfg, written per module).
    shutil.copy2(REPO / "pyproject.toml", dest / "pyproject.toml")


def _setup_cfg(module: Module) -> str:
    only = "\n    ".join(f"src/{f}" for f in module.files)
    tests = "\n    ".join(module.tests)
    return (
        "[mutmut]\n"
        "source_paths = src\n"
        f"only_mutate =\n    {only}\n"
        f"pytest_add_cli_args_test_selection =\n    {tests}\n"
        "pytest_add_cli_args =\n    -m\n    not browser and not xserver\n    -p\n    no:cacheprovider\n    -p\n    no:xdist\n    -q\n"
        "also_copy =\n    examples\n"
        "use_git_change_detection = false\n"
    )


def _mutmut(cwd: Path, *args: str, timeout: float) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).with_name("mutmut")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(
        [str(exe), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


_RESULT = re.compile(r"^\s*(\S+): (survived|no tests|timeout|suspicious|killed)\s*$")


def run_module(module: Module, children: int, timeout: float) -> dict[str, object]:
    work = SCRATCH / module.name
    _copy_repo(work)
    (work / "setup.cfg").write_text(_setup_cfg(module), encoding="utf-8")
    started = time.perf_counter()
    proc = _mutmut(work, "run", "--max-children", str(children), timeout=timeout)
    elapsed = time.perf_counter() - started
    _mutmut(work, "export-cicd-stats", timeout=120)
    stats_file = work / "mutants" / "mutmut-cicd-stats.json"
    stats = json.loads(stats_file.read_text()) if stats_file.is_file() else {}
    if not stats or not any(stats[k] for k in ("killed", "survived", "no_tests", "timeout", "suspicious")):
        tail = (proc.stdout + proc.stderr)[-2000:]
        return {"module": module.name, "error": f"mutmut run failed (exit {proc.returncode}): {tail}"}
    results = _mutmut(work, "results", "--all", "true", timeout=120).stdout
    survivors = [m.group(1) for line in results.splitlines() if (m := _RESULT.match(line)) and m.group(2) != "killed"]
    counted = stats["killed"] + stats["survived"] + stats["timeout"] + stats["suspicious"] + stats["no_tests"]
    rate = (stats["killed"] + stats["timeout"]) / counted if counted else 0.0
    return {"module": module.name, "files": list(module.files), "seconds": round(elapsed), "rate": rate,
            "killed": stats["killed"], "survived": stats["survived"], "no_tests": stats["no_tests"],
            "timeout": stats["timeout"], "suspicious": stats["suspicious"], "total": counted, "survivors": survivors}  # fmt: skip


def write_report(rows: list[dict[str, object]]) -> None:
    old = _previous_rows()
    merged = {**old, **{str(r["module"]): r for r in rows}}
    lines = [
        "# Mutation kill rates (generated by `make mutate`)",
        "",
        "Written by `scripts/mutate.py`; do not edit by hand. Target: at least 85% per module.",
        "Survivors that are equivalent mutants are explained in [mutation-testing.md](mutation-testing.md).",
        "",
        "| module | files | killed | survived | no tests | timeout | kill rate | run |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for m in MODULES:
        r = merged.get(m.name)
        if r is None:
            lines.append(f"| {m.name} | {', '.join(m.files)} | | | | | not run yet | |")
        elif "error" in r:
            lines.append(f"| {m.name} | {', '.join(m.files)} | | | | | failed to run | |")
        else:
            lines.append(f"| {m.name} | {', '.join(m.files)} | {r['killed']} | {r['survived']} | {r['no_tests']} | "
                         f"{r['timeout']} | {float(r['rate']):.1%} | {r['seconds']} s |")  # type: ignore[arg-type]  # fmt: skip
    lines += ["", "## Surviving mutants", ""]
    for m in MODULES:
        r = merged.get(m.name)
        if r and r.get("survivors"):
            lines.append(f"- **{m.name}**: " + ", ".join(f"`{s}`" for s in r["survivors"]))  # type: ignore[union-attr]
    lines += ["", "<!-- data: " + json.dumps(merged, sort_keys=True) + " -->", ""]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines), encoding="utf-8")


def _previous_rows() -> dict[str, dict[str, object]]:
    if not OUT.is_file():
        return {}
    m = re.search(r"<!-- data: (.*) -->", OUT.read_text(encoding="utf-8"))
    return json.loads(m.group(1)) if m else {}


def main(argv: list[str]) -> int:
    wanted = set(argv)
    unknown = wanted - {m.name for m in MODULES}
    if unknown:
        print(f"unknown module(s): {sorted(unknown)}; known: {[m.name for m in MODULES]}", file=sys.stderr)
        return 2
    children = int(os.environ.get("MUTATE_CHILDREN", "2"))
    timeout = float(os.environ.get("MUTATE_TIMEOUT_S", "3600"))
    rows = []
    below = 0
    for module in MODULES:
        if wanted and module.name not in wanted:
            continue
        print(f"== {module.name}: mutating {', '.join(module.files)}", flush=True)
        row = run_module(module, children, timeout)
        rows.append(row)
        if "error" in row:
            print(f"   {row['error']}", flush=True)
            below += 1
            continue
        rate = float(row["rate"])  # type: ignore[arg-type]
        below += rate < TARGET
        print(f"   kill rate {rate:.1%}: {row['killed']} killed, {row['survived']} survived, {row['no_tests']} without tests, "
              f"{row['timeout']} timeouts ({row['seconds']} s)", flush=True)  # fmt: skip
    write_report(rows)
    print(f"kill rates written to {OUT.relative_to(REPO)}")
    return 1 if below else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
