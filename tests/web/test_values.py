"""Typed input values written the way people write them (pure: no browser)."""

from __future__ import annotations

import pytest

from tapwright.drivers.web.values import convert, to_colour, to_date, to_datetime, to_month, to_number, to_time


@pytest.mark.parametrize(
    ("text", "want"),
    [("2024-03-14", "2024-03-14"), ("03/14/2024", "2024-03-14"), ("14/03/2024", "2024-03-14"),
     ("14.03.2024", "2024-03-14"), ("14 March 2024", "2024-03-14"), ("March 14, 2024", "2024-03-14"),
     ("Mar 14th 2024", "2024-03-14"), ("12/24/2025", "2025-12-24"), ("13/13/2024", None), ("tomorrow", None)],
)  # fmt: skip
def test_dates(text: str, want: str | None) -> None:
    assert to_date(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [("7:45 PM", "19:45"), ("7:45pm", "19:45"), ("8 PM", "20:00"), ("12 am", "00:00"), ("12:30 p.m.", "12:30"),
     ("9:05 am", "09:05"), ("14:30", "14:30"), ("23:59", "23:59"), ("24:00", None), ("13 pm", None), ("7", None)],
)  # fmt: skip
def test_times(text: str, want: str | None) -> None:
    assert to_time(text) == want


def test_datetimes_months_numbers_colours() -> None:
    assert to_datetime("03/14/2024 7:45 PM") == "2024-03-14T19:45"
    assert to_datetime("14 March 2024 at 09:30") == "2024-03-14T09:30"
    assert to_datetime("2026-06-01T18:00") == "2026-06-01T18:00"
    assert to_datetime("March 14, 2024") is None
    assert to_month("03/2027") == "2027-03" and to_month("March 2027") == "2027-03" and to_month("13/2027") is None
    assert to_number("-3") == "-3" and to_number("1,500") == "1500" and to_number("2.5") == "2.5"
    assert to_number("40%") == "40" and to_number("80%", 0, 10) == "8" and to_number("10%", 50, 150) == "60"
    assert to_number("lots") is None
    assert to_colour("#FF8800") == "#ff8800" and to_colour("f80") == "#ff8800" and to_colour("orange") == "#ffa500"
    assert to_colour("rgb(255, 136, 0)") == "#ff8800" and to_colour("rgb(300, 0, 0)") is None


def test_convert_routes_by_input_type() -> None:
    assert convert("date", "14 March 2024") == "2024-03-14"
    assert convert("range", "40%", 0, 100) == "40"
    assert convert("text", "14 March 2024") == "14 March 2024"
    assert convert("month", "soon") is None
