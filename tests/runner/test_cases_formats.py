"""Loading YAML, Markdown and Gherkin test files into Scenarios (valid files)."""

from __future__ import annotations

from pathlib import Path

from tapwright.planners.rules import compile_step
from tapwright.runner.cases import load_cases

SUITE = Path(__file__).parent / "fixtures" / "cases" / "suite"


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_yaml_single_scenario_with_every_step_kind() -> None:
    (s,) = load_cases([SUITE / "login.yaml"])
    assert s.name == "Sign in and add a product to the cart"
    assert s.secrets == ["DEMO_PASSWORD"] and s.vars["user"] == "bob"
    texts = [st.text for st in s.steps]
    assert texts[:3] == ["Go to /login", 'Type "${vars.user}" into the Username field', "Type ${secrets.DEMO_PASSWORD} into the Password field"]
    assert s.steps[3].plan == {"steps": [{"tool": "web.click", "args": {"target": "Sign in"}, "description": "Press the sign-in button"}]}
    assert s.steps[3].text == "Press the sign-in button"
    assert [x["tool"] for x in s.steps[4].plan["steps"]] == ["web.get_text", "web.verify_text"]  # type: ignore[index]
    assert [st.line for st in s.steps] == [6, 7, 8, 9, 12, 16]


def test_yaml_scenarios_share_the_top_level(tmp_path: Path) -> None:
    path = _write(tmp_path, "many.yml", """
base_url: http://x
vars: {a: 1, b: 2}
secrets: [S]
tags: [all]
setup: [Go to /]
teardown: [Take a screenshot]
scenarios:
  - name: First
    steps: [Click Save]
  - name: Second
    base_url: http://y
    vars: {b: 3}
    tags: [two]
    setup: [Click "Accept"]
    steps:
      - Click Cancel
""")
    first, second = load_cases([path])
    assert (first.name, first.base_url, first.vars, first.tags) == ("First", "http://x", {"a": 1, "b": 2}, ["all"])
    assert (second.base_url, second.vars, second.tags) == ("http://y", {"a": 1, "b": 3}, ["all", "two"])
    assert [st.text for st in second.setup] == ["Go to /", 'Click "Accept"']
    assert [st.text for st in first.teardown] == ["Take a screenshot"]
    assert first.secrets == ["S"] and second.line == 11


def test_markdown_single_scenario_with_expected_block() -> None:
    (s,) = load_cases([SUITE / "shop" / "cart.md"])
    assert s.name == "Cart"
    assert {"cart", "fast", "ui"} <= set(s.tags) and s.secrets == ["CARD"]
    assert [st.text for st in s.steps] == [
        "Go to /products",
        'Click "Add to cart" on the first product',
        "Go to /cart",
        'I should see "Cart (1)"',
        "The URL should contain /cart",  # already an assertion: kept
        'I should see "Total: $10"',
    ]
    assert s.steps[1].line == 10


def test_markdown_several_scenarios_and_setup_sections(tmp_path: Path) -> None:
    path = _write(tmp_path, "suite.md", """# Shop suite
Base URL: http://shop
Tags: smoke

## Setup
1. Go to /

## Add to cart
Tags: cart
1. Click "Add"
2. Check "Gift wrap"

```
He said "hi" and 'bye'
```

## Remove from cart
1. Click "Remove"

## Teardown
1. Go to /logout

```python
print("a code sample, not expectations")
```
""")
    add, remove = load_cases([path])
    assert (add.name, remove.name) == ("Add to cart", "Remove from cart")
    assert add.base_url == "http://shop" and add.tags == ["smoke", "cart"] and remove.tags == ["smoke"]
    assert [st.text for st in add.setup] == ["Go to /"] and [st.text for st in remove.teardown] == ["Go to /logout"]
    assert add.steps[-1].text == "I should see “He said \"hi\" and 'bye'”"
    assert compile_step(add.steps[-1].text).steps[0].args == {"text": "He said \"hi\" and 'bye'"}
    assert [st.text for st in remove.steps] == ['Click "Remove"']


def test_gherkin_outline_background_rule_tables_and_doc_strings() -> None:
    visa, amex, gift = load_cases([SUITE / "shop" / "checkout.feature"])
    assert visa.name == "Pay with Visa [Visa, Ann]" and amex.name == "Pay with Amex [Amex, Bob]"
    assert {"checkout", "happy", "fast"} <= set(visa.tags) and "happy" not in gift.tags
    assert visa.steps[0].text == 'When I select "Visa" from the Payment dropdown' and visa.steps[0].keyword == "When"
    table_step = visa.steps[1]
    assert table_step.table == [["field", "value"], ["Name", "Ann"], ["Card", "4242|42"]]
    plan = compile_step(table_step.text)
    assert [(s.tool, s.args) for s in plan.steps] == [
        ("web.fill", {"target": "Name", "text": "Ann"}),
        ("web.fill", {"target": "Card", "text": "4242|42"}),
    ]
    assert [st.text for st in gift.setup][-2:] == ["Given I am on /cart", 'Given I check "Gift wrap"']
    assert gift.steps[0].doc_string == "Happy birthday!\n  -- Ann"
    assert compile_step(gift.steps[0].text).steps[0].args == {"target": "Note field", "text": "Happy birthday!\n  -- Ann"}
    assert gift.steps[1].keyword == "But"
    assert visa.line == 21 and gift.line == 28


def test_gherkin_see_table_and_star_steps(tmp_path: Path) -> None:
    path = _write(tmp_path, "t.feature", """Feature: F
  Scenario: S
    * I go to /x
    Then I should see:
      | Welcome |
      | Logout  |
""")
    (s,) = load_cases([path])
    assert s.steps[0].text == "I go to /x"
    plan = compile_step(s.steps[1].text)
    assert [(x.tool, x.args) for x in plan.steps] == [
        ("web.verify_text", {"text": "Welcome"}),
        ("web.verify_text", {"text": "Logout"}),
    ]
