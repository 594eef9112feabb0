"""A negative check on a phone passes only when nothing on screen plausibly is what it names.

The shared mobile seam (tools/mobile/seam.py) over uiautomator screens parsed by the real
parser; the driver is a double that only plays the parsed screen (a phone cannot exist here)
and finds with the real Android locator.
"""

from __future__ import annotations

from typing import Any

import pytest

from mobile.screen_double import ScreenDouble
from tapwright.core.element import UiTree
from tapwright.drivers.android.hierarchy import parse_dump
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.android_seam import AndroidActions


def _node(text: str = "", desc: str = "", rid: str = "", cls: str = "android.widget.TextView", *, y: int,
          clickable: bool = False) -> str:  # fmt: skip
    return (f'<node index="0" text="{text}" resource-id="{rid}" class="{cls}" package="com.example.app" '
            f'content-desc="{desc}" checkable="false" checked="false" clickable="{str(clickable).lower()}" '
            f'enabled="true" focusable="{str(clickable).lower()}" focused="false" scrollable="false" '
            f'long-clickable="false" password="false" selected="false" bounds="[40,{y}][1040,{y + 120}]" />')  # fmt: skip


def _screen(*nodes: str) -> UiTree:
    xml = ('<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node index="0" text="" resource-id="" '
           'class="android.widget.FrameLayout" package="com.example.app" content-desc="" checkable="false" '
           'checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" '
           'long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">'
           + "".join(nodes) + "</node></hierarchy>")  # fmt: skip
    return parse_dump(xml, screen=(1080, 2400)).tree


async def _not_visible(tree: UiTree, target: str) -> dict[str, Any]:
    return await AndroidActions(ScreenDouble(tree)).act("verify_not_visible", None, {"target": target}) or {}


async def _refused(tree: UiTree, target: str) -> ToolFailure:
    with pytest.raises(ToolFailure) as info:
        await _not_visible(tree, target)
    return info.value


_FORM = _screen(
    _node("Name is required", rid="com.example.app:id/textinput_error", y=200),
    _node("Save", cls="android.widget.Button", clickable=True, y=400),
    _node("Delete note", cls="android.widget.Button", clickable=True, y=600),
    _node("Saved", y=800),
)


async def test_a_near_miss_below_the_bar_is_refused() -> None:
    failure = await _refused(_FORM, "the Saved toast")
    assert failure.code is ErrorCode.AMBIGUOUS and "'Saved'" in failure.message


async def test_a_likely_match_above_the_bar_holding_the_words_is_refused() -> None:
    tree = _screen(_node("Your profile photo settings page", y=400))
    # Every word of it, apart, inside a longer text (0.71): not certainly it, not gone either.
    failure = await _refused(tree, "profile settings")
    assert failure.code is ErrorCode.AMBIGUOUS, failure.message
    assert "likely is it" in failure.message and "'Your profile photo settings page'" in failure.message


async def test_a_strong_match_fails_the_check() -> None:
    failure = await _refused(_FORM, "the Save button")
    assert failure.code is ErrorCode.ASSERTION_FAILED


async def test_a_match_by_spelling_alone_is_another_thing() -> None:
    # "Delete note" scores above the bar for "Note deleted" by word forms only: a button, not the message.
    assert (await _not_visible(_FORM, "Note deleted"))["matches"] == 0


async def test_an_error_worded_its_own_way_is_refused_for_the_error_message() -> None:
    for said in ("the error message", "an error", "a validation error"):
        failure = await _refused(_FORM, said)
        assert failure.code is ErrorCode.AMBIGUOUS and "'Name is required'" in failure.message, said


async def test_nothing_plausible_lets_it_pass() -> None:
    clean = _screen(_node("Save", cls="android.widget.Button", clickable=True, y=400), _node("All good", y=600))
    assert (await _not_visible(clean, "the error message"))["matches"] == 0
    assert (await _not_visible(clean, "the Sign in button"))["matches"] == 0


async def _visible(tree: UiTree, target: str) -> dict[str, Any]:
    return await AndroidActions(ScreenDouble(tree)).act("verify_visible", None, {"target": target}) or {}


async def test_a_positive_check_refuses_a_match_by_spelling_alone() -> None:
    # The mirror of the negative case: a "Delete note" button is no proof that "Note deleted" is shown.
    with pytest.raises(ToolFailure) as info:
        await _visible(_FORM, "Note deleted")
    assert info.value.code is ErrorCode.AMBIGUOUS and "spelled otherwise" in info.value.message
    assert "'Delete note'" in info.value.message
    assert (await _visible(_FORM, "the Delete note button"))["matches"] == 1  # its own words: shown
    assert (await _visible(_FORM, "Name is required"))["matches"] == 1
