"""The desktop locator accuracy suite (tests/desktop/locator_cases.yaml) on real GTK and Tk screens.

The cases were written and committed before the first run (first try: 35/48 = 72.9 %). The misses
left are phrasings the shared locator does not read yet ("the Archive folder", "Receipts item":
a trailing noun that is neither a role nor in the name) and one positional tie; they are listed
here so that any new miss fails the test.
"""

from __future__ import annotations

import pytest

from tapwright.platforms.desktop import DesktopRuntime
from tapwright.testing.desktop import load_cases, run_suite

pytestmark = pytest.mark.slow

KNOWN_MISSES = {"g13", "g16", "g24", "t05", "t12", "t14", "t16"}


async def test_locator_accuracy_over_gtk_and_tk_screens(runtime: DesktopRuntime) -> None:
    cases = load_cases()
    assert len(cases) >= 40
    report = await run_suite(runtime, cases)
    missed = {o.case.id for o in report.failures()}
    print(f"desktop locator accuracy: {len(cases) - len(missed)}/{len(cases)} ({report.rate:.1%})")
    assert missed <= KNOWN_MISSES, report.summary()["failures"]
    assert report.rate >= 0.85
