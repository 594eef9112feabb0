"""A field, box or input is something a person types in: a link, heading or tab that shows the field's name is
never it, however well its words match ("the Bcc field" is no "Bcc" link that reveals the field)."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate


def _page(*, field_shown: bool):
    return tree(
        el("show", "link", "Bcc", (300, 10, 30, 20)),
        el("bcc", "textbox", "Bcc", (10, 40, 200, 20), visible=field_shown),
        el("subject", "textbox", "Subject", (10, 70, 200, 20)),
    )


@pytest.mark.parametrize("description", ["Bcc field", "the Bcc input", "Bcc text box"])
def test_a_link_named_like_a_field_is_no_field(description: str) -> None:
    # The field hidden: it is still the one meant (a check of it being shown then fails), never the link.
    assert locate(_page(field_shown=False), description).element.ref == "bcc"
    assert locate(_page(field_shown=True), description).element.ref == "bcc"
    # With no field at all, the link is refused rather than taken for it.
    only_link = tree(el("show", "link", "Bcc", (300, 10, 30, 20)), el("subject", "textbox", "Subject", (10, 70, 200, 20)))
    with pytest.raises(ToolFailure) as refused:
        locate(only_link, description)
    assert refused.value.code is ErrorCode.ELEMENT_NOT_FOUND
    assert "not a field" in str(refused.value)


def test_the_link_is_still_found_as_itself() -> None:
    assert locate(_page(field_shown=False), "Bcc link").element.ref == "show"
    assert locate(_page(field_shown=False), '"Bcc"').element.ref == "show"
