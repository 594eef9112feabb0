"""Prices, numbers and counts as pages print them (pure)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tapwright.tools._values import cell_value, parse_count, parse_number, parse_price


@pytest.mark.parametrize(
    ("text", "amount", "currency"),
    [
        ("1 299,00 zł", 1299.0, "PLN"), ("$1,299.00", 1299.0, "USD"), ("1.299 €", 1299.0, "EUR"),
        ("€ 64,99", 64.99, "EUR"), ("39,90 €", 39.9, "EUR"), ("£49.95", 49.95, "GBP"), ("CHF 89.90", 89.9, "CHF"),
        ("US$ 219.99", 219.99, "USD"), ("89,90 zł", 89.9, "PLN"), ("2 049,00 zł", 2049.0, "PLN"), ("12.5", 12.5, None),
        ("1.299,50 EUR", 1299.5, "EUR"), ("0.299 $", 0.299, "USD"), ("from $35.00", 35.0, "USD"), ("1 299 kr", 1299.0, "SEK"),
    ],
)  # fmt: skip
def test_prices_in_several_currencies_and_formats(text: str, amount: float, currency: str | None) -> None:
    price = parse_price(text)
    assert price is not None and price.amount == pytest.approx(amount) and price.currency == currency


@pytest.mark.parametrize("text", ["", "free", "Brak ocen", None])
def test_text_without_a_number_is_no_price(text: str | None) -> None:
    assert parse_price(text) is None


@given(st.integers(min_value=1000, max_value=9_999_999), st.integers(min_value=0, max_value=99))
def test_grouped_numbers_read_the_same_in_us_and_eu_spelling(whole: int, cents: int) -> None:
    us = f"{whole:,}.{cents:02d}"
    eu = us.replace(",", " ").replace(".", ",")
    assert parse_number(us) == parse_number(eu) == pytest.approx(whole + cents / 100)


@pytest.mark.parametrize(("text", "value"), [("1,204", 1204), ("12.2", 12.2), ("-3", -3), ("0", 0), ("74", 74)])
def test_plain_table_numbers_become_numbers(text: str, value: float) -> None:
    assert cell_value(text) == value


@pytest.mark.parametrize("text", ["No", "T-100", "9:00–20:00", "$18,060.00", "1.2.3", "0px 0px", "12.2%", ""])
def test_everything_else_in_a_cell_stays_text(text: str) -> None:
    assert cell_value(text) == text


@pytest.mark.parametrize(("text", "count"), [("128 points", 128), ("Likes: 4", 4), ("1,204 votes", 1204), ("1.2k", 1200), ("none", None)])
def test_counts(text: str, count: int | None) -> None:
    assert parse_count(text) == count
