"""Hand-built UiTrees for the locator's unit tests."""

from __future__ import annotations

from typing import Any

from tapwright.core.element import Element, ElementState, Rect, UiTree

_EDITABLE = {"textbox", "searchbox", "combobox", "spinbutton"}


def el(
    ref: str,
    role: str,
    name: str = "",
    rect: tuple[float, float, float, float] | None = (0, 0, 100, 30),
    *,
    text: str = "",
    value: str | None = None,
    context: tuple[str, ...] = (),
    visible: bool = True,
    enabled: bool = True,
    interactive: bool | None = None,
    **attrs: str,
) -> Element:
    """One element; ``interactive`` defaults to False for text/heading/cell roles."""
    if interactive is None:
        interactive = role not in {"text", "heading", "cell", "paragraph", "row", "img", "dialog"}
    return Element(
        ref=ref,
        role=role,
        name=name,
        text=text,
        value=value,
        attrs=dict(attrs),
        state=ElementState(visible=visible, enabled=enabled, editable=role in _EDITABLE),
        rect=Rect(*rect) if rect is not None else None,
        context=context,
        interactive=interactive,
    )


def tree(*elements: Element, **kw: Any) -> UiTree:
    return UiTree(elements=tuple(elements), url=kw.get("url", "test://page"), title=kw.get("title", ""))
