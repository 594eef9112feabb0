"""A card's one nameless control is named by the card's title (issue 24: act where the named thing is).

A picker drawn as cards (a picture that takes the click, a title under it that nothing listens to): "choose the
"Beta" type" must act on Beta's picture, not click its title, which chooses nothing. Only when the control is the
block's only one, has no name of its own and covers a good part of it (a small nameless icon is not the card).
"""

from __future__ import annotations

from locator_builders import el

from tapwright.core.element import Element, UiTree
from tapwright.locator.core import locate


def _card(n: int, title: str, *extra: Element, picture: tuple[float, float] = (348, 200)) -> list[Element]:
    ctx = ("form:", "list", f"article:{title}")
    x = 30 + 400 * n
    return [el(f"p{n}", "button", "", (x, 140, *picture), context=ctx),
            el(f"t{n}", "text", "", (x, 340, 348, 64), text=title, context=ctx),
            *(e for e in extra)]


def _page(*cards: list[Element]) -> UiTree:
    elements = tuple(e for c in cards for e in c)
    return UiTree(elements=elements, url="test://page", title="", width=1280, height=800)


def test_the_title_names_the_cards_one_nameless_control() -> None:
    page = _page(_card(0, "Alpha"), _card(1, "Beta gamma"), _card(2, "Delta"))
    for said, ref in (('"Beta gamma" project type', "p1"), ("Beta gamma", "p1"), ('the "Alpha" card', "p0")):
        found = locate(page, said)
        assert found.element.ref == ref, (said, found.element.ref, found.reasons)


def test_a_text_asked_for_is_still_the_title() -> None:
    page = _page(_card(0, "Alpha"), _card(1, "Beta gamma"))
    assert locate(page, 'the text "Beta gamma"').element.ref == "t1"


def test_a_small_icon_is_not_named_by_the_card_title() -> None:
    # A "⋮" menu of the card is no picture of it: the title stays what was found.
    page = _page(_card(0, "Alpha", picture=(24, 24)), _card(1, "Beta gamma", picture=(24, 24)))
    assert locate(page, "Beta gamma").element.ref == "t1"


def test_a_card_with_two_controls_is_not_one_choice() -> None:
    ctx = ("form:", "list", "article:Beta gamma")
    page = _page(_card(0, "Alpha"), _card(1, "Beta gamma", el("d1", "button", "Delete", (430, 410, 80, 30), context=ctx)))
    assert locate(page, "Beta gamma").element.ref == "t1"


def test_a_block_named_otherwise_lends_no_name() -> None:
    # The text is in the block, but the block is not titled by it (a caption inside a card named "Alpha").
    ctx = ("list", "article:Alpha")
    page = _page([el("p0", "button", "", (30, 140, 348, 200), context=ctx),
                  el("t0", "text", "", (30, 340, 348, 64), text="Beta gamma", context=ctx)])
    assert locate(page, "Beta gamma").element.ref == "t0"
