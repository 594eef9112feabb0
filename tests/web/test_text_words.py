"""Text checks compare whole words: "Bob" is in "Hi, Bob!", not in "Bobby"."""

from __future__ import annotations

import pytest

from tapwright.core.words import contains_text


@pytest.mark.parametrize(
    ("actual", "expected", "holds"),
    [("Hi, Bob!", "Bob", True), ("Bobby Ray", "Bob", False), ("Total: $12.00", "$12", True), ("3 items", "3", True),
     ("13 items", "3", False), ("Order #55", "#5", False), ("Order #5.", "#5", True), ("", "", True), ("Ünïcode wörds", "wörds", True),
     # A number is a whole number: another amount does not hold it, the same amount written with zeros does.
     ("Lamp $12.50", "$12", False), ("12.50 EUR", "50", False), ("1,200 users", "1", False), ("$12,00", "$12", True),
     ("1,000 users", "1", False), ("Total $12.", "$12", True), ("v2.0.1", "2.0", False)],
)
def test_contains_text_edges(actual: str, expected: str, holds: bool) -> None:
    assert contains_text(actual, expected) is holds
