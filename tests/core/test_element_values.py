"""Rect centres and the Element / UiTree JSON round trip."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tapwright.core.element import Element, ElementState, Rect, UiTree

coords = st.integers(min_value=-5000, max_value=5000)
sizes = st.integers(min_value=0, max_value=5000)
rects = st.builds(Rect, coords, coords, sizes, sizes)
texts = st.text(max_size=20)
states = st.builds(
    ElementState,
    visible=st.booleans(), enabled=st.booleans(), checked=st.none() | st.booleans(),
    selected=st.none() | st.booleans(), focused=st.booleans(), editable=st.booleans(),
    expanded=st.none() | st.booleans(),
)  # fmt: skip
elements = st.builds(
    Element,
    ref=st.from_regex(r"e[0-9]{1,4}", fullmatch=True), role=st.sampled_from(["button", "link", "textbox", "text"]),
    name=texts, text=texts, value=st.none() | texts,
    attrs=st.dictionaries(st.sampled_from(["id", "test_id", "label", "placeholder", "href"]), texts, max_size=3),
    state=states, rect=st.none() | rects, parent=st.none() | st.just("e0"),
    context=st.lists(texts, max_size=3).map(tuple), interactive=st.booleans(),
)  # fmt: skip


def test_rect_centres_match_the_seed_example() -> None:
    rect = Rect(40, 250, 120, 40)
    assert (rect.center_x, rect.center_y) == (100, 270)
    assert rect.to_dict() == {"x": 40, "y": 250, "width": 120, "height": 40, "center_x": 100, "center_y": 270}
    assert rect.contains(100, 270) and not rect.contains(39, 270)
    assert Rect(0, 0, -3, 5).area == 0.0


@settings(max_examples=60, deadline=None)
@given(rects)
def test_rect_centre_lies_inside_and_is_an_int(rect: Rect) -> None:
    assert isinstance(rect.center_x, int) and isinstance(rect.center_y, int)
    assert rect.x <= rect.center_x <= rect.x + rect.width
    assert rect.y <= rect.center_y <= rect.y + rect.height
    assert abs(rect.center_x - (rect.x + rect.width / 2)) <= 0.5


@settings(max_examples=60, deadline=None)
@given(rects)
def test_rect_round_trip(rect: Rect) -> None:
    assert Rect.from_dict(json.loads(json.dumps(rect.to_dict()))) == rect


@settings(max_examples=60, deadline=None)
@given(elements)
def test_element_round_trip(element: Element) -> None:
    assert Element.from_dict(json.loads(json.dumps(element.to_dict()))) == element


@settings(max_examples=60, deadline=None)
@given(st.lists(elements, max_size=5), texts, st.integers(0, 4000))
def test_uitree_round_trip(elems: list[Element], title: str, width: int) -> None:
    tree = UiTree(tuple(elems), url="http://127.0.0.1/x", title=title, width=width, height=10, source="web")
    again = UiTree.from_dict(json.loads(json.dumps(tree.to_dict())))
    assert again == tree
    assert len(again) == len(elems) and list(again) == elems
    if elems:
        assert again.by_ref(elems[0].ref) is not None
    assert again.by_ref("nope") is None


def test_element_attr_and_defaults() -> None:
    el = Element.from_dict({"ref": "e1"})
    assert (el.role, el.name, el.value, el.rect, el.interactive) == ("generic", "", None, None, True)
    assert el.attr("id") == ""
    assert Element("e2", "button", attrs={"id": "save"}).attr("id") == "save"
