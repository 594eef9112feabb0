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


# A text said not to be in a place: the place found as any element is, and only what is drawn inside it counts.
_BODY = tree(el("e1", "panel", "Response body", (0, 100, 400, 200), interactive=False),
             el("e2", "label", "Shelly", (10, 120, 80, 20), interactive=False),
             el("e3", "label", "Bobby", (500, 120, 80, 20), interactive=False))  # fmt: skip


async def test_a_text_in_a_place_fails_only_when_drawn_inside_it() -> None:
    with pytest.raises(ToolFailure) as info:
        await gone(_Screens(_BODY), '"Shelly" in the response body', 300)  # type: ignore[arg-type]
    assert info.value.code is ErrorCode.ASSERTION_FAILED and "e2" in info.value.message
    # "Bobby" is on screen, but outside the response body: not in it.
    assert (await gone(_Screens(_BODY), '"Bobby" in the response body', 300))["place"] == "the response body"  # type: ignore[arg-type]


async def test_a_text_in_a_place_that_is_not_on_screen_is_never_passed_while_shown() -> None:
    with pytest.raises(ToolFailure) as info:
        await gone(_Screens(_BODY), '"Shelly" in the request headers', 300)  # type: ignore[arg-type]
    assert info.value.code is ErrorCode.ELEMENT_NOT_FOUND and "no such place" in info.value.message
    # Shown nowhere, the text is in no place either.
    assert (await gone(_Screens(_BODY), '"Ann" in the request headers', 300))["matches"] == 0  # type: ignore[arg-type]


async def test_a_text_in_a_container_of_a_known_kind_that_is_missing_is_not_gone() -> None:
    with pytest.raises(ToolFailure) as info:
        await gone(_Screens(_BODY), '"Shelly" in the table', 300)  # type: ignore[arg-type]
    assert info.value.code is ErrorCode.ELEMENT_NOT_FOUND and "no grid/table" in info.value.message
