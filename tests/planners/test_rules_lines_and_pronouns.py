"""Places said before the verb and pronouns after a relation word (issue 26), offline; the steps are invented:

- "under X I choose ..." with a bare name X places the element below the caption or heading X (a bare name is
  no container the locator reads); "under the X section" stays a container;
- "... and pick "B" from the list next to it": "it" after a relation word is what the clause before named;
- the list a value is picked from, placed by a relation, is a choice control (a dropdown)."""

from __future__ import annotations

import pytest

from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


CASES: list[tuple[str, list[tuple[str, dict[str, object]]]]] = [
    ('Under Delivery I choose "ship to"',
     [("web.click", {"target": '"ship to" under Delivery'})]),
    ('Under the Delivery section, tick "Gift wrap"',
     [("web.check", {"target": '"Gift wrap" in the Delivery section'})]),
    ('In the Delivery section, tick "Gift wrap"',
     [("web.check", {"target": '"Gift wrap" in the Delivery section'})]),
    ('Under Delivery I choose "ship to" and pick "Oslo" from the list next to it',
     [("web.click", {"target": '"ship to" under Delivery'}),
      ("web.select", {"target": 'dropdown next to "ship to" under Delivery', "option": "Oslo"})]),
    ('Click "Express" and then pick "Noon" from the list below it',
     [("web.click", {"target": '"Express"'}), ("web.select", {"target": 'dropdown below "Express"', "option": "Noon"})]),
    ('Select "Blue" in the list of colours',
     [("web.select", {"target": "list of colours", "option": "Blue"})]),
]  # fmt: skip


@pytest.mark.parametrize(("step", "calls"), CASES, ids=[c[0][:60] for c in CASES])
def test_places_and_pronouns(step: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == calls
