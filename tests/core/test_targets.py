"""One definition of "is this a ref or a selector", shared by the locator and the web driver.

The cases are the ones on which the two former copies disagreed (issue 9).
"""

from __future__ import annotations

import pytest

from tapwright.core import targets
from tapwright.drivers.web import checks, session
from tapwright.locator import core as locator_core


@pytest.mark.parametrize(("text", "ref"), [("e12", "e12"), ("ref=e12", "e12"), ("ref: e3", "e3"), ("[e12]", "e12"),
                                           (" [E7] ", "e7"), ("e0", None), ("e", None), ("email", None),
                                           ("e12 button", None), ("#a,#b", None)])  # fmt: skip
def test_refs(text: str, ref: str | None) -> None:
    assert targets.ref_of(text) == ref
    assert targets.is_ref(text) is (ref is not None)


@pytest.mark.parametrize("text", ["#a,#b", "./div", "../div", "#a~b", "#a>b", "#a+b", "#a .b", "( //button )[2]",
                                  "internal:role=button"])  # fmt: skip
def test_selectors_the_two_copies_disagreed_on(text: str) -> None:
    assert targets.is_selector(text)


@pytest.mark.parametrize("text", ["e12", "[e12]", "ref=e12", "e0", "Save", "C# course", "the #1 item"])
def test_refs_and_descriptions_are_not_selectors(text: str) -> None:
    assert not targets.is_selector(text)


def test_every_caller_uses_the_one_definition() -> None:
    # The web driver and the locator import the functions from core.targets, not copies of their own.
    assert checks.is_ref is targets.is_ref and checks.is_selector is targets.is_selector
    assert session.is_selector is targets.is_selector and session.ref_of is targets.ref_of
    assert locator_core.ref_of is targets.ref_of
