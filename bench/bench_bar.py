"""Where the locator's acceptance bar sits: its precision/recall curve over every labelled locator case.

The cases: the web accuracy suite on the trees real Chromium recorded (tests/locator/accuracy_cases.yaml),
and the two Android suites over real uiautomator dumps (tests/android/locator_cases.yaml and the blind
trust_cases.yaml). Each case is located with the bar at 0, so the acceptance rules still apply but every
best candidate comes back with its score; then, for each bar, a case is

- answered right: its best candidate is the labelled element and scores at or above the bar;
- wrongly answered: a candidate at or above the bar that is not the labelled one, or any candidate where
  the case says nothing may be acted on (a silent wrong if the bar were there);
- refused: everything else (nothing reaches the bar, or the locator refuses by its rules).

precision = right / answered, recall = right / cases that name an element. The bar in use
(tapwright.locator.core.MIN_FOUND) is printed with its row; the target is zero wrong answers at the bar
in use with recall as high as the curve allows.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "android"))
sys.path.insert(0, str(ROOT / "tests" / "locator"))

from android_support import bounds, parsed  # noqa: E402
from test_locator_accuracy import _matches  # noqa: E402

from tapwright.core.element import Element, UiTree  # noqa: E402
from tapwright.drivers.android.hierarchy import app_tree  # noqa: E402
from tapwright.drivers.android.locating import find  # noqa: E402
from tapwright.errors import ToolFailure  # noqa: E402
from tapwright.locator import absence, core  # noqa: E402

BARS = [round(0.3 + 0.05 * k, 2) for k in range(13)]


def _web_cases() -> list[tuple[Callable[[], Any], Callable[[Element], bool] | None]]:
    cases = yaml.safe_load((ROOT / "tests/locator/accuracy_cases.yaml").read_text("utf-8"))
    out: list[tuple[Callable[[], Any], Callable[[Element], bool] | None]] = []
    for page, group in cases.items():
        data = json.loads((ROOT / "tests/locator/recorded" / f"{Path(page).stem}.json").read_text("utf-8"))
        tree = UiTree.from_dict(data)
        for case in group:
            want = case.get("expect")
            out.append(((lambda t=tree, d=case["find"]: core.locate(t, d)),
                        (lambda e, w=want: _matches(e, w)) if want else None))  # fmt: skip
    return out


def _android_cases() -> list[tuple[Callable[[], Any], Callable[[Element], bool] | None]]:
    out: list[tuple[Callable[[], Any], Callable[[Element], bool] | None]] = []
    for name in ("locator_cases", "trust_cases"):
        suite = yaml.safe_load((ROOT / "tests/android" / f"{name}.yaml").read_text("utf-8"))
        for prefix, group in suite.items():
            tree = app_tree(parsed(prefix).tree)
            for case in group:
                want = case.get("expect")
                wanted = [want] if isinstance(want, str) else list(want or [])
                out.append(((lambda t=tree, d=case["find"]: find(t, d)),
                            (lambda e, w=tuple(wanted): bounds(e) in w) if wanted else None))  # fmt: skip
    return out


LOWEST_RIGHT: list[float] = []  # the lowest score at which a best candidate was the labelled element


def curve() -> tuple[list[dict[str, float]], int]:
    cases = _web_cases() + _android_cases()
    in_use = core.MIN_FOUND
    outcomes: list[tuple[float | None, bool | None]] = []  # (score of the answer, right?) ; None score: refused
    core.MIN_FOUND = 0.0
    try:
        for run, right in cases:
            try:
                found = run()
            except ToolFailure:
                outcomes.append((None, None))
                continue
            outcomes.append((found.score, right(found.element) if right is not None else False))
    finally:
        core.MIN_FOUND = in_use
    named = sum(right is not None for _, right in cases)
    LOWEST_RIGHT[:] = [min((s for s, ok in outcomes if s is not None and ok), default=0.0)]
    rows = []
    for bar in sorted({*BARS, in_use}):
        answered = [(s, ok) for s, ok in outcomes if s is not None and s >= bar]
        good = sum(bool(ok) for _, ok in answered)
        rows.append({"bar": bar, "answered": len(answered), "right": good, "wrong": len(answered) - good,
                     "precision": good / len(answered) if answered else 1.0, "recall": good / named if named else 0.0})
    return rows, len(cases)


def main() -> int:
    rows, n = curve()
    print(f"acceptance bar: precision/recall over {n} labelled locator cases (web recorded + Android dumps)")
    print("  bar   answered  right  wrong  precision  recall")
    in_use = core.MIN_FOUND
    for r in rows:
        mark = "  <- in use" if r["bar"] == in_use else ""
        print(f"  {r['bar']:.2f}  {r['answered']:>8}  {r['right']:>5}  {r['wrong']:>5}  {r['precision']:>9.3f}  "
              f"{r['recall']:>6.3f}{mark}")
    print(f"  lowest score of a right answer: {LOWEST_RIGHT[0]:.3f}; a negative check refuses near misses from "
          f"{absence.PLAUSIBLE} (tapwright.locator.absence.PLAUSIBLE) up to the bar")
    return 0


if __name__ == "__main__":
    sys.exit(main())
