"""Shared helpers of the Android tests: the example app, the dump fixtures and the labelled locator cases.

Tests import what they share from here, never ``from conftest import``: every test folder has a
``conftest.py``, and when several folders are collected in one pytest call the name ``conftest``
means whichever was loaded last (tests/test_collect_together.py).
"""

from __future__ import annotations

import contextlib
import csv
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from _support import mobile
from _support.mobile import bounds, load_cases
from tapwright.drivers.android.hierarchy import Hierarchy, app_tree, parse_dump
from tapwright.drivers.android.locating import find
from tapwright.errors import ToolFailure
from tapwright.testing.android_sim import AdbServer, SimulatedDevice

HERE = Path(__file__).parent
DUMPS = HERE / "dumps"
APP = Path(__file__).resolve().parents[2] / "examples" / "android-app" / "app.yaml"  # the simulated device's app
PACKAGE = "com.tapwright.notes"


def manifest() -> list[dict[str, str]]:
    with (DUMPS / "MANIFEST.tsv").open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


def dump_path(prefix: str) -> Path:
    return mobile.dump_path(DUMPS, prefix)


_parsed: dict[str, Hierarchy] = {}


def parsed(prefix: str) -> Hierarchy:
    if prefix not in _parsed:
        _parsed[prefix] = parse_dump(dump_path(prefix).read_bytes())
    return _parsed[prefix]


def cases() -> dict[str, list[dict[str, Any]]]:
    return load_cases(HERE / "locator_cases.yaml")


def evaluate(prefix: str, case: dict[str, Any]) -> str | None:
    """None when the case passes, else what went wrong."""
    return mobile.evaluate(app_tree(parsed(prefix).tree), case, parsed(prefix).tree)


# ---- honesty: right / refused / silently wrong ----

SUITES = ("locator_cases", "trust_cases")
RIGHT, REFUSED, SILENT_WRONG = "right", "refused", "silent-wrong"


def suite(name: str) -> dict[str, list[dict[str, Any]]]:
    """The labelled cases of ``name`` (``locator_cases`` or ``trust_cases``), keyed by dump prefix."""
    return load_cases(HERE / f"{name}.yaml")


def classify(prefix: str, case: dict[str, Any]) -> tuple[str, str]:
    """How honest the locator is on one case: (verdict, what happened).

    ``right``: the expected node, or a refusal where one was expected (a different refusal code
    is still honest; the detail names it). ``refused``: an error where a node was expected
    (over-cautious). ``silent-wrong``: a node that is not the expected one, or a node where a
    refusal was expected.

    Raises:
        ValueError: the case names bounds that no node of the dump has (a mislabelled case).
    """
    wanted = mobile.wanted(case)
    for b in wanted:
        if not any(bounds(e) == b for e in parsed(prefix).tree):
            raise ValueError(f"mislabelled case {prefix}:{case['find']}: no node has bounds {b}")
    try:
        found = find(app_tree(parsed(prefix).tree), case["find"])
    except ToolFailure as failure:
        if "error" in case:
            same = failure.code.value == case["error"]
            return RIGHT, failure.code.value if same else f"{failure.code.value} (labelled {case['error']})"
        return REFUSED, f"{failure.code.value}: {failure.message[:200]}"
    got = f"{found.describe()} {bounds(found.element)} score {found.score:.2f}"
    if "error" in case:
        return SILENT_WRONG, f"expected {case['error']}, got {got}"
    if bounds(found.element) in wanted:
        return RIGHT, got
    return SILENT_WRONG, f"expected {wanted}, got {got}"


def classify_suite(name: str) -> dict[tuple[str, str], tuple[str, str]]:
    """Every case of suite ``name`` classified: {(prefix, description): (verdict, detail)}."""
    return {(prefix, c["find"]): classify(prefix, c) for prefix, group in suite(name).items() for c in group}


def tally(verdicts: dict[tuple[str, str], tuple[str, str]]) -> dict[str, int]:
    """Counts of right / refused / silent-wrong (every key present, zeros included)."""
    counts = dict.fromkeys((RIGHT, REFUSED, SILENT_WRONG), 0)
    for verdict, _ in verdicts.values():
        counts[verdict] += 1
    return counts


PIXEL = {"model": "Pixel 8 (simulated)", "manufacturer": "Google", "android": "14", "sdk": 34, "size": [1080, 2400],
         "density": 420}  # fmt: skip


@contextlib.contextmanager
def app_device(adb_server: AdbServer, folder: Path, app: dict[str, Any]) -> Iterator[SimulatedDevice]:
    """A simulated device (its own process, attached to ``adb_server``) playing ``app``, stopped by its PID after."""
    path = folder / "app.yaml"
    path.write_text(yaml.safe_dump(app), "utf-8")
    device = SimulatedDevice.start(path, adb_server)
    try:
        yield device
    finally:
        device.stop()  # by its own process, never by name
    assert device.proc.poll() is not None, "the simulated device outlived its tests"
