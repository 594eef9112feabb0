"""A tool call written back as a plain-English step (what ``tapwright mcp --record`` writes): every
sentence compiles back to exactly the call; a call no example phrasing fits gets no sentence."""

from __future__ import annotations

from typing import Any

import pytest

from tapwright.planners.rules import compile_step, sentence_for

CALLS = [
    ("web.navigate", {"url": "http://127.0.0.1:8765/login"}),
    ("web.fill", {"target": "Your name field", "text": "Ada"}),
    ("web.fill", {"target": "Password field", "text": "${secrets.PASSWORD}"}),
    ("web.click", {"target": '"Sign in" button'}),
    ("web.select", {"target": "Size dropdown", "option": "Large"}),
    ("web.check", {"target": "Remember me"}),
    ("web.uncheck", {"target": "Terms checkbox"}),
    ("web.press_key", {"key": "Enter"}),
    ("web.hover", {"target": "Account menu"}),
    ("web.go_back", {}),
]


@pytest.mark.parametrize(("tool", "args"), CALLS, ids=[f"{t}-{i}" for i, (t, _) in enumerate(CALLS)])
def test_the_sentence_compiles_back_to_exactly_the_call(tool: str, args: dict[str, Any]) -> None:
    sentence = sentence_for(tool, args)
    assert sentence is not None
    (call,) = compile_step(sentence).steps
    assert (call.tool, dict(call.args)) == (tool, args)
    for value in args.values():
        assert str(value) in sentence


def test_a_call_no_phrasing_fits_gets_none() -> None:
    assert sentence_for("web.scroll", {"direction": "down", "amount": 200}) is None  # no phrasing says how far
    assert sentence_for("web.click", {"target": "Save", "button": "middle"}) is None
    assert sentence_for("web.no_such_tool", {"target": "Save"}) is None
