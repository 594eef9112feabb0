"""A phrase a phone screen draws as two texts side by side ("Total:" and "$42.00"): seen by "I should see", and not
gone for "should not be shown" (locator/across.py through the shared mobile seam, real uiautomator parser; the driver
is a double that only plays the parsed screen)."""

from __future__ import annotations

from typing import Any

import pytest

from mobile.screen_double import ScreenDouble
from tapwright.core.element import UiTree
from tapwright.drivers.android.hierarchy import parse_dump
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.android_seam import AndroidActions


def _text(text: str, x0: int, y0: int, x1: int, y1: int) -> str:
    return (f'<node index="0" text="{text}" resource-id="" class="android.widget.TextView" package="com.example.app" '
            'content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" '
            'focused="false" scrollable="false" long-clickable="false" password="false" selected="false" '
            f'bounds="[{x0},{y0}][{x1},{y1}]" />')


def _screen() -> UiTree:
    nodes = _text("Total:", 40, 300, 200, 360) + _text("$42.00", 240, 300, 400, 360) + _text("Delivery", 40, 1400, 300, 1460)
    xml = ('<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node index="0" text="" resource-id="" '
           'class="android.widget.FrameLayout" package="com.example.app" content-desc="" checkable="false" '
           'checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" '
           'long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">'
           + nodes + "</node></hierarchy>")  # fmt: skip
    return parse_dump(xml, screen=(1080, 2400)).tree


async def _act(verb: str, args: dict[str, Any]) -> dict[str, Any]:
    return await AndroidActions(ScreenDouble(_screen())).act(verb, None, args) or {}


async def test_a_label_and_its_value_side_by_side_are_seen() -> None:
    assert (await _act("verify_text", {"text": "Total: $42.00"}))["matches"] == 1
    with pytest.raises(ToolFailure) as info:
        await _act("verify_text", {"text": "Total: $42.50"})
    assert info.value.code is ErrorCode.ASSERTION_FAILED


async def test_a_label_and_its_value_side_by_side_are_not_gone() -> None:
    with pytest.raises(ToolFailure) as info:
        await _act("verify_not_visible", {"target": '"Total: $42.00"'})
    assert info.value.code is ErrorCode.ASSERTION_FAILED
    assert (await _act("verify_not_visible", {"target": '"$42.00 Delivery"'}))["matches"] == 0  # far apart
