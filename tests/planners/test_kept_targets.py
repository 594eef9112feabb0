"""A target the platform's tool cannot take is kept whole or refused, never dropped (rules/_targets.py).

Android's text check reads the whole screen (it takes no element): "the dialog should say X" planned
as that check would pass on an X anywhere on screen.
"""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str, namespace: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step, namespace).steps]


@pytest.mark.parametrize("namespace", ["android", "ios"])
@pytest.mark.parametrize(("step", "kind"), [('The dialog should say "Delete note?"', "dialog"),
                                            ('The list should show "Milk"', "list")])
def test_a_text_inside_a_container_is_checked_inside_it(namespace: str, step: str, kind: str) -> None:
    [(tool, args)] = _calls(step, namespace)
    assert tool == f"{namespace}.verify_visible"
    assert str(args["target"]).endswith(f"in the {kind}") and '"' in str(args["target"])


def test_a_target_the_tool_would_drop_is_refused() -> None:
    with pytest.raises(PlanError, match="'search field' would be dropped"):
        compile_step("Press Enter in the search field", "android")


def test_the_web_keeps_its_own_reading() -> None:
    [(tool, args)] = _calls('The dialog should say "Delete note?"', "web")
    assert tool == "web.verify_text" and args["target"] == "dialog"
    assert _calls("Press Enter", "android")[0][0] == "android.press_key"
