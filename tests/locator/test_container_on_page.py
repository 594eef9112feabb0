"""A container said to be "on/of the ... page" is the container; the page words say where the step is
(issue 26). 'Click "Products" in the Shop section of the admin home page' used to look for a section named "Shop
admin home page", which no page has, and refused."""

from __future__ import annotations

import pytest

from tapwright.locator.query import parse


@pytest.mark.parametrize(("description", "kind", "name"), [
    ('"Products" in the Shop section of the admin home page', "section", "Shop"),
    ("Save in the dialog on the settings page", "dialog", ""),
    ("Delete in the Bob row on this page", "row", "Bob"),
    ("Edit in the row for Ann on the users screen", "row", "Ann"),
])  # fmt: skip
def test_the_page_words_are_not_the_containers_name(description: str, kind: str, name: str) -> None:
    rel = parse(description).relation
    assert rel is not None and rel.container is not None
    assert kind in (rel.container.kinds or ()) and rel.container.name == name and rel.container.outer is None


def test_a_quoted_page_name_and_an_outer_container_are_kept() -> None:
    rel = parse('"X" in the row of the Files panel').relation
    assert rel is not None and rel.container is not None and rel.container.outer is not None
    assert rel.container.outer.name == "Files"
    quoted = parse('Save in the section of the "Home page"').relation
    assert quoted is not None and quoted.container is not None and "Home page" in quoted.container.name


def test_the_page_words_after_a_target_say_where_the_step_is() -> None:
    q = parse('"On-call rotation" link on the start page')
    assert q.relation is None and q.text == "On-call rotation"
