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


def _platform_suite(root: Path) -> Path:
    """A folder whose _suite.yaml sets android, holding one test per way of naming (or not naming) a platform."""
    (root / "_suite.yaml").write_text("platform: android\n")
    (root / "a_web.yaml").write_text("name: explicit web\nplatform: web\nsteps: [Go to /]\n")
    (root / "b_unset.yaml").write_text("name: inherits\nsteps: [Go to /]\n")
    (root / "c_web.md").write_text("---\nplatform: web\n---\n# explicit web in Markdown\n\n1. Go to /\n")
    (root / "d_unset.md").write_text("# inherits in Markdown\n\n1. Go to /\n")
    (root / "e_desktop.yaml").write_text("name: explicit desktop\nplatform: desktop\nsteps: [Go to /]\n")
    return root


def test_explicit_platform_web_wins_over_the_folder_default(tmp_path: Path) -> None:
    folder = _platform_suite(tmp_path)
    by_file = {Path(s.source).name: s.platform for s in load_cases([folder])}
    assert by_file == {"a_web.yaml": "web", "b_unset.yaml": "android", "c_web.md": "web",
                       "d_unset.md": "android", "e_desktop.yaml": "desktop"}  # fmt: skip
    (explicit,) = load_cases([folder / "a_web.yaml"])  # named on its own, it still gets its folder's suite
    (inherited,) = load_cases([folder / "b_unset.yaml"])
    assert (explicit.platform, inherited.platform) == ("web", "android")


def test_platform_is_web_when_nothing_names_one(tmp_path: Path) -> None:
    (tmp_path / "t.yaml").write_text("name: t\nsteps: [Go to /]\n")
    (case,) = load_cases([tmp_path])
    assert case.platform == "web" and case.namespace == "web"
    assert Scenario("bare", []).namespace == "web"  # built in Python, no loader


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
