"""A control whose own name is the verb and the thing said, word for word and nothing else, is that thing's
("Remove for backend label" among chips "Remove label bug", "Remove label backend" and "Remove label backend-perf"
drawn on one line: locator/core._named_for)."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.errors import ToolFailure
from tapwright.locator.core import locate


def _chips(*names: str) -> object:
    out = []
    for k, name in enumerate(names):
        out.append(el(f"t{k}", "text", "", (100 + 200 * k, 100, 80, 20), text=name))
        out.append(el(f"x{k}", "button", f"Remove label {name}", (180 + 200 * k, 100, 16, 20)))
    return tree(*out)


def test_the_chip_whose_remove_names_exactly_it() -> None:
    page = _chips("bug", "backend", "backend-perf")
    assert locate(page, "Remove for backend label").element.ref == "x1"  # type: ignore[arg-type]


def test_with_no_exact_name_the_tie_stays() -> None:
    page = _chips("backend-perf", "backend-api")
    with pytest.raises(ToolFailure):
        locate(page, "Remove for backend label")  # type: ignore[arg-type]


@pytest.mark.parametrize(("description", "anchor"), [
    ("Viewed on src/webhook.ts", "src/webhook.ts"),
    ("Delete on web-1", "web-1"),
    ('Like on "Morning run"', '"Morning run"'),
])  # fmt: skip
def test_on_one_record_name_is_that_records(description: str, anchor: str) -> None:
    from tapwright.locator.query import parse

    rel = parse(description).relation
    assert rel is not None and rel.kind == "for" and rel.anchor == anchor


@pytest.mark.parametrize("description", ["Lights on", "Log on", "Turn notifications on now", "Sale on shoes"])
def test_on_before_anything_else_is_no_record(description: str) -> None:
    from tapwright.locator.query import parse

    rel = parse(description).relation
    assert rel is None or rel.kind != "for"
