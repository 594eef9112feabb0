"""The locator accuracy suite: labelled descriptions over real pages, snapshotted by real Chromium.

Each case in accuracy_cases.yaml names a page, a description and either the expected
element (by ``id`` or test id) or the expected error code. Every case must pass.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tapwright.core.element import UiTree
from tapwright.errors import ToolFailure
from tapwright.locator import locate

in_module_loop = pytest.mark.asyncio(loop_scope="module")

CASES: dict[str, list[dict[str, str]]] = yaml.safe_load(
    (Path(__file__).parent / "accuracy_cases.yaml").read_text("utf-8")
)
PARAMS = [pytest.param(page, case, id=f"{page}:{case['find']}") for page, cases in CASES.items() for case in cases]
_trees: dict[str, UiTree] = {}


async def snapshot_of(session: Any, base: str, page: str) -> UiTree:
    if page not in _trees:
        await session.page.goto(base + page)
        await session.page.wait_for_load_state("load")
        _trees[page] = await session.snapshot()
    return _trees[page]


def _matches(element: Any, expected: str) -> bool:
    return expected in (element.attr("id"), element.attr("test_id"))


def evaluate(tree: UiTree, case: dict[str, str]) -> str | None:
    """None when the case passes, else what went wrong."""
    description = case["find"]
    if "expect" in case:
        holders = [e for e in tree if _matches(e, case["expect"])]
        if len(holders) != 1:
            return f"mislabelled case: {len(holders)} elements carry {case['expect']!r}"
    try:
        found = locate(tree, description)
    except ToolFailure as failure:
        if case.get("error") == failure.code.value:
            return None
        return f"{failure.code.value}: {failure.message}"
    if "error" in case:
        return f"expected {case['error']}, found {found.describe()} score {found.score:.2f} {found.reasons}"
    if _matches(found.element, case["expect"]):
        return None
    return f"expected #{case['expect']}, found {found.describe()} score {found.score:.2f} {found.reasons}"


def test_suite_is_big_and_varied() -> None:
    assert len(PARAMS) >= 80
    assert len(CASES) >= 8
    assert sum("error" in c for cases in CASES.values() for c in cases) >= 5


@in_module_loop
@pytest.mark.parametrize(("page", "case"), PARAMS)
async def test_case(web_session: Any, pages_url: str, page: str, case: dict[str, str]) -> None:
    tree = await snapshot_of(web_session, pages_url, page)
    problem = evaluate(tree, case)
    assert problem is None, problem


@in_module_loop
async def test_accuracy_is_total(web_session: Any, pages_url: str, accuracy_lines: list[str]) -> None:
    failures = []
    for param in PARAMS:
        page, case = param.values
        tree = await snapshot_of(web_session, pages_url, page)
        problem = evaluate(tree, case)
        if problem is not None:
            failures.append(f"{page}: {case['find']!r}: {problem}")
    total = len(PARAMS)
    passed = total - len(failures)
    accuracy_lines.append(f"locator accuracy: {passed}/{total} labelled cases ({100 * passed / total:.1f}%) "
                          f"over {len(CASES)} pages")  # fmt: skip
    assert not failures, "\n".join(failures)
