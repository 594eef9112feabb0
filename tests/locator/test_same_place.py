"""Elements tied on one name after an action in a named container: the one alone in that container is meant
(locator.pick.same_place); the containers are compared outermost first, and an unnamed one decides nothing."""

from __future__ import annotations

from tapwright.core.element import Element
from tapwright.locator.pick import same_place
from tapwright.locator.scored import Scored


def _el(ref: str, *context: str) -> Element:
    return Element(ref=ref, role="button", name="Save", context=context)


def _tied(n: int) -> list[Scored]:
    return [Scored(i=i, score=1.0, base=1.0) for i in range(n)]


def test_the_deepest_shared_named_container_wins_only_alone() -> None:
    elements = (_el("e1", "main:", "form:Billing"), _el("e2", "main:", "form:Shipping"), _el("e3", "banner"))
    assert [s.i for s in same_place(elements, _tied(3), ("main:", "form:Shipping", "row:Street"))] == [1]
    assert len(same_place(elements, _tied(3), None)) == 3  # nothing acted on
    assert len(same_place(elements, _tied(3), ("main:", "form:Other"))) == 3  # shared: only the unnamed main
    assert len(same_place(elements, _tied(3), ("aside:Help",))) == 3  # shares nothing
    twice = (_el("e1", "form:Billing", "row:A"), _el("e2", "form:Billing", "row:B"))
    assert len(same_place(twice, _tied(2), ("form:Billing", "row:C"))) == 2  # both in the form: still tied
    # compared outermost first: a row named like the acted-in row, inside another form, is another row
    rows = (_el("e1", "form:Billing", "row:Street"), _el("e2", "form:Shipping", "row:Street"))
    assert [s.i for s in same_place(rows, _tied(2), ("form:Shipping", "row:Street"))] == [1]
    picked = same_place(rows, _tied(2), ("form:Shipping", "row:Street"))[0]
    assert "just acted in" in picked.reasons[-1]
