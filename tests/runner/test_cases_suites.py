"""Suites from folders (_suite.yaml, skipping non-tests) and -k / tag filtering."""

from __future__ import annotations

from pathlib import Path

import pytest

from tapwright.runner.cases import CaseError, filter_cases, load_cases
from tapwright.runner.model import Scenario

SUITE = Path(__file__).parent / "fixtures" / "cases" / "suite"


def test_folder_loads_every_test_and_skips_the_rest() -> None:
    scenarios = load_cases([SUITE])
    assert [Path(s.source).name for s in scenarios] == ["login.yaml", "cart.md", "checkout.feature", "checkout.feature", "checkout.feature"]
    assert not any("notes" in s.source or "README" in s.source for s in scenarios)


def test_nested_suite_settings() -> None:
    login, cart, *_ = load_cases([SUITE])
    assert login.base_url == "http://127.0.0.1:8765" and cart.base_url == "http://127.0.0.1:9999/shop"
    assert login.vars == {"user": "bob", "lang": "en"}  # the scenario's own value wins
    assert cart.vars == {"user": "alice", "lang": "fr"}  # the inner suite wins over the outer
    assert cart.tags[:2] == ["suite", "shop"]
    assert [s.text for s in cart.setup] == ["Go to /", 'Click "Accept cookies"']  # outer first
    assert [s.text for s in cart.teardown] == ["Go to /logout", "Take a screenshot"]  # inner first


def test_explicit_file_gets_its_folder_suite() -> None:
    (cart,) = load_cases([SUITE / "shop" / "cart.md"])
    assert cart.base_url == "http://127.0.0.1:9999/shop" and [s.text for s in cart.setup] == ['Click "Accept cookies"']


def test_suite_setup_is_copied_per_scenario() -> None:
    visa, amex, _ = load_cases([SUITE / "shop" / "checkout.feature"])
    assert visa.setup is not amex.setup and visa.setup[0] is not amex.setup[0]


def _s(name: str, *tags: str, source: str = "tests/a.yaml") -> Scenario:
    return Scenario(name=name, steps=[], source=source, tags=list(tags))


CASES = [
    _s("Sign in works", "smoke", "login"),
    _s("Sign in with a bad password", "login", "slow"),
    _s("Add to cart", "smoke", source="tests/cart.feature"),
    _s("Checkout (card)", "slow"),
]


@pytest.mark.parametrize(
    ("expr", "names"),
    [
        ("sign", ["Sign in works", "Sign in with a bad password"]),
        ("SIGN and not slow", ["Sign in works"]),
        ("smoke or slow", [c.name for c in CASES]),
        ("not (login or cart)", ["Checkout (card)"]),
        ("@login and (bad or works)", ["Sign in works", "Sign in with a bad password"]),
        ("'in with'", ["Sign in with a bad password"]),
        ("cart.feature", ["Add to cart"]),
        ("(card)", ["Checkout (card)"]),
        ("", [c.name for c in CASES]),
    ],
)
def test_keyword_expressions(expr: str, names: list[str]) -> None:
    assert [s.name for s in filter_cases(CASES, keyword_expr=expr)] == names


def test_tag_selection() -> None:
    assert [s.name for s in filter_cases(CASES, tags=["smoke"])] == ["Sign in works", "Add to cart"]
    assert [s.name for s in filter_cases(CASES, tags="@login and not @slow")] == ["Sign in works"]
    # A tag expression matches tags only, not names.
    assert filter_cases(CASES, tags="cart") == []
    assert [s.name for s in filter_cases(CASES, keyword_expr="sign", tags=["slow"])] == ["Sign in with a bad password"]


@pytest.mark.parametrize(("expr", "col"), [("a and", 6), ("(a or b", 8), ("a b", 3), ("and a", 1), ("a or )", 6)])
def test_bad_expressions_name_the_column(expr: str, col: int) -> None:
    with pytest.raises(CaseError) as err:
        filter_cases(CASES, keyword_expr=expr)
    assert err.value.col == col, str(err.value)
