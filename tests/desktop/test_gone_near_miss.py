"""The desktop's negative check and wait-until-gone refuse a near miss (tools/desktop_verify.py:gone).

The driver is a double that plays screens of elements (the real AT-SPI and OCR readers are
tested in test_gtk_app.py / test_tk_app.py); the locator and the absence rule are the real ones.
"""

from __future__ import annotations

import pytest

from locator.locator_builders import el, tree
from tapwright.core.element import UiTree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.desktop_verify import gone


class _Screens:
    """Plays ``screens`` one snapshot after another, the last one for ever."""

    def __init__(self, *screens: UiTree) -> None:
        self.screens = list(screens)

    async def snapshot(self) -> UiTree:
        return self.screens.pop(0) if len(self.screens) > 1 else self.screens[0]

    def explain(self, exc: ToolFailure, tree: UiTree) -> ToolFailure:
        return exc


_SAVED = tree(el("e1", "label", "Saved", (0, 0, 80, 20), interactive=False), el("e2", "push button", "Sign up", (0, 40, 80, 30)))
_CLEAN = tree(el("e2", "push button", "Sign up", (0, 40, 80, 30)))


async def test_a_near_miss_that_stays_is_refused_not_passed() -> None:
    with pytest.raises(ToolFailure) as info:
        await gone(_Screens(_SAVED), "the Saved toast", 300)  # type: ignore[arg-type]
    assert info.value.code is ErrorCode.AMBIGUOUS and "'Saved'" in info.value.message and info.value.waited


async def test_a_near_miss_that_goes_lets_it_pass() -> None:
    assert (await gone(_Screens(_SAVED, _SAVED, _CLEAN), "the Saved toast", 5000))["matches"] == 0  # type: ignore[arg-type]


async def test_another_name_passes_and_a_match_fails() -> None:
    assert (await gone(_Screens(_SAVED), "the Sign in button", 300))["matches"] == 0  # type: ignore[arg-type]
    with pytest.raises(ToolFailure) as info:
        await gone(_Screens(_SAVED), "the Sign up button", 300)  # type: ignore[arg-type]
    assert info.value.code is ErrorCode.ASSERTION_FAILED
