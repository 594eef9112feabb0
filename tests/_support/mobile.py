"""What the Android and iOS tests share: calling a platform's tools, and labelled locator cases over recorded screens."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any

import yaml

from tapwright import Registry, ToolContext
from tapwright.core.element import Element, UiTree
from tapwright.core.result import STATUS_PREFIXES
from tapwright.drivers.android.locating import find
from tapwright.errors import ToolFailure


def dump_path(folder: Path, prefix: str) -> Path:
    """The one dump of ``folder`` whose name starts with ``prefix-``."""
    (found,) = folder.glob(f"{prefix}-*.xml")
    return found


def load_cases(path: Path) -> dict[str, list[dict[str, Any]]]:
    """Labelled cases keyed by dump prefix (a YAML file)."""
    data: dict[str, list[dict[str, Any]]] = yaml.safe_load(path.read_text("utf-8"))
    return data


def bounds(e: Element) -> str:
    """An element's box as uiautomator writes it: ``[x1,y1][x2,y2]`` ("" when it has none)."""
    r = e.rect
    return "" if r is None else f"[{round(r.x)},{round(r.y)}][{round(r.x + r.width)},{round(r.y + r.height)}]"


def wanted(case: dict[str, Any]) -> list[str]:
    """The boxes a case accepts (none when it expects a refusal)."""
    expect = case.get("expect")
    return [expect] if isinstance(expect, str) else list(expect or [])


def evaluate(tree: UiTree, case: dict[str, Any], every: Iterable[Element] | None = None) -> str | None:
    """None when the locator finds what the case expects in ``tree``, else what went wrong.

    ``every``: where the case's boxes must exist (the whole screen, keyboard included; ``tree`` by default).
    """
    boxes = wanted(case)
    known = {bounds(e) for e in (tree if every is None else every)}
    for b in boxes:
        if b not in known:
            return f"mislabelled case: no element has bounds {b}"
    try:
        found = find(tree, case["find"])
    except ToolFailure as failure:
        if case.get("error") == failure.code.value:
            return None
        return f"{failure.code.value}: {failure.message[:300]}"
    if "error" in case:
        return f"expected {case['error']}, found {found.describe()} {bounds(found.element)} score {found.score:.2f}"
    if bounds(found.element) in boxes:
        return None
    return f"expected {boxes}, found {found.describe()} {bounds(found.element)} score {found.score:.2f} {found.reasons}"


def case_params(cases: dict[str, list[dict[str, Any]]], known_misses: dict[tuple[str, str], str]) -> list[Any]:
    """One pytest param a case (id ``prefix:description``); a known miss is a strict xfail with its reason."""
    import pytest

    return [
        pytest.param(prefix, case, id=f"{prefix}:{case['find']}",
                     marks=[pytest.mark.xfail(reason=known_misses[(prefix, case["find"])], strict=True)]
                     if (prefix, case["find"]) in known_misses else [])
        for prefix, group in cases.items() for case in group
    ]  # fmt: skip


def passed_and_total(cases: dict[str, list[dict[str, Any]]], judge: Any) -> tuple[int, int]:
    """How many cases ``judge(prefix, case)`` passes (returns None for), and how many there are."""
    passed = sum(judge(p, c) is None for p, g in cases.items() for c in g)
    return passed, sum(len(g) for g in cases.values())


Call = Callable[..., Awaitable[tuple[bool, str, object]]]


def caller(namespace: str) -> Call:
    """``call(registry, ctx, name, **args)``: a ``<namespace>.<name>`` tool's (ok, status line, data); the line
    must start with one of the status prefixes."""

    async def call(registry: Registry, ctx: ToolContext, name: str, **args: object) -> tuple[bool, str, object]:
        result = await registry.call(f"{namespace}.{name}", args, ctx)
        line = result.status_line()
        assert line.split(":", 1)[0].split(" ", 1)[0] in STATUS_PREFIXES, line
        return result.ok, line, result.data

    return call


async def sign_in(call: Call, registry: Registry, ctx: ToolContext) -> str:
    """Fill the demo app's sign-in form and tap Sign in; the tap's status line."""
    assert (await call(registry, ctx, "fill", target="Email field", text="ada@example.com"))[0]
    assert (await call(registry, ctx, "fill", target="Password field", text="secret"))[0]
    ok, line, _ = await call(registry, ctx, "click", target="the Sign in button")
    assert ok, line
    return line


def case_tests(cases: dict[str, list[dict[str, Any]]], known_misses: dict[tuple[str, str], str], judge: Any) -> tuple[Any, Any]:
    """A locator accuracy suite's two tests: each case on its own (a known miss a strict xfail), and the
    count of passing cases, which may fall short only by the known misses."""
    import pytest

    @pytest.mark.parametrize(("prefix", "case"), case_params(cases, known_misses))
    def test_case(prefix: str, case: dict[str, object]) -> None:
        problem = judge(prefix, case)
        assert problem is None, problem

    def test_accuracy_now() -> None:
        passed, total = passed_and_total(cases, judge)
        assert passed >= total - len(known_misses), f"{passed}/{total}"

    return test_case, test_accuracy_now
