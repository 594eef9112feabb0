"""Properties of the grammar that must hold for any content (hypothesis)."""

from __future__ import annotations

import pytest
from _rules_schemas import validate
from hypothesis import given, settings
from hypothesis import strategies as st

from tapwright.planners.rules import compile_step, parse
from tapwright.planners.rules._tokens import tokenize

# Printable text without newlines (a newline starts a table or doc string) and without the given quote.
_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40).filter(lambda s: s.strip())


def _without(*chars: str) -> st.SearchStrategy[str]:
    return _TEXT.filter(lambda s: not any(c in s for c in chars) and s == s.strip())


@settings(deadline=None)  # a loaded shared machine must not fail a test on time
@given(value=_without('"'))
def test_double_quoted_values_survive(value: str) -> None:
    plan = compile_step(f'Type "{value}" into the Notes field')
    assert [(s.tool, s.args) for s in plan.steps] == [("web.fill", {"target": "Notes field", "text": value})]


@settings(deadline=None)  # a loaded shared machine must not fail a test on time
@given(value=_without("“", "”"))
def test_curly_quoted_values_survive(value: str) -> None:
    plan = compile_step(f"Select “{value}” from the Size dropdown")
    assert plan.steps[0].args == {"target": "Size dropdown", "option": value}


@settings(deadline=None)  # a loaded shared machine must not fail a test on time
@given(value=_without("'"))
def test_single_quoted_values_survive_including_double_quotes(value: str) -> None:
    plan = compile_step(f"Enter '{value}' in the Name field")
    assert plan.steps[0].args["text"] == value


@settings(deadline=None)  # a loaded shared machine must not fail a test on time
@given(left=_without('"'), right=_without('"'), joiner=st.sampled_from([" and ", ", ", " then ", ", and then ", "; "]))
def test_joins_inside_quotes_never_split(left: str, right: str, joiner: str) -> None:
    value = f"{left}{joiner}click {right}"
    plan = compile_step(f'Click "{value}"')
    assert [(s.tool, s.args) for s in plan.steps] == [("web.click", {"target": f'"{value}"'})]  # still quoted: a literal


@settings(deadline=None)  # a loaded shared machine must not fail a test on time
@given(name=st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,15}", fullmatch=True), kind=st.sampled_from(["vars", "secrets"]))
def test_placeholders_pass_through(name: str, kind: str) -> None:
    ph = "${" + kind + "." + name + "}"
    plan = compile_step(f"Type {ph} into the Password field and go to {ph}")
    assert plan.steps[0].args["text"] == ph
    assert plan.steps[1].args["url"] == ph


@settings(deadline=None)  # a loaded shared machine must not fail a test on time
@given(text=st.text(max_size=80))
def test_tokenizer_never_fails_and_keeps_order(text: str) -> None:
    toks = tokenize(text)
    starts = [t.start for t in toks]
    assert starts == sorted(starts)
    assert all(text[t.start : t.end] == t.text for t in toks)


_PHRASES = [
    'Click "{v}"', 'Type "{v}" into the Name field', 'Select "{v}" from the Size dropdown', 'Check "{v}"',
    'I should see "{v}"', 'The cart badge should show "{v}"', 'Wait for "{v}" to appear', 'Hover over "{v}"',
    'Press "{v}"', 'The Email field should have value "{v}"', 'The URL should contain "{v}"', 'Upload "{v}" to the Photo field',
    'Drag "{v}" to the Done column', 'Switch to the "{v}" tab', "Scroll down 300 pixels", "Wait 3 seconds", "Go to /x",
    'Fill the Email field with "{v}" and then click "{v}"', "Switch to tab 2", "Take a screenshot of the full page",
]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(template=st.sampled_from(_PHRASES), value=_without('"', "\\").filter(lambda s: "${" not in s))
def test_every_plan_validates_against_the_web_schemas(template: str, value: str) -> None:
    plan = compile_step(template.replace("{v}", value))
    validate([s.to_dict() for s in plan.steps])


@settings(deadline=None)  # a loaded shared machine must not fail a test on time
@given(text=st.text(max_size=60))
def test_anything_either_parses_or_is_rejected_cleanly(text: str) -> None:
    from tapwright.errors import PlanError

    try:
        parse(text)
    except PlanError as exc:
        assert exc.code.value == "PLAN_INVALID"


@pytest.mark.parametrize("spoken", ["LEFT ARROW", "Left Arrow", "arrow left", "the Escape key"])
def test_a_key_said_by_its_spoken_name_in_quotes_is_that_key(spoken: str) -> None:
    # A quoted key name becomes the key's own name (ArrowLeft): the value is used, not dropped.
    [step] = compile_step(f'Press "{spoken}"').steps
    assert step.tool == "web.press_key" and step.args["key"] in ("ArrowLeft", "Escape"), step
