"""WebDriverAgent page source (``GET /source``) -> the shared :class:`~tapwright.core.element.UiTree` (pure, no I/O).

Both of WDA's formats are read: the XML (``<AppiumAUT><XCUIElementTypeApplication ...>``) and the
JSON tree (``/source?format=json``: ``type``, ``rawIdentifier``, ``label``, ``value``, ``rect``,
``isEnabled`` ...). Every node becomes one Element (ref ``e1`` ... in document order). What each carries:

* ``role`` from the element type (``Button`` -> button, ``TextField`` -> textbox, ``Switch`` -> switch,
  ``Cell`` -> button: a table row is what a person taps); a React Native touchable (an ``Other`` that is
  an accessibility element with a label) is a button too;
* ``name`` from ``label``, else a field's ``placeholderValue``, else (controls only) the identifier's words;
* attributes: the identifier (``name`` when it differs from the label, or ``rawIdentifier``) as
  ``resource_id`` and ``test_id`` (React Native's ``testID``), ``label`` as ``content_desc``,
  ``placeholderValue`` as ``placeholder``, a secure field as ``type=password``;
* state: enabled, visible (``visible="false"`` nodes are kept, marked not visible, never tapped),
  checked (a switch's ``value`` 1/0), selected, focused, editable;
* ``rect`` in points (what WDA taps take); a screenshot is ``scale`` times larger.

The soft keyboard (``Keyboard``) is tagged ``window=keyboard`` and an alert's elements carry the
context ``dialog:<title>``. A tree as deep as WDA's ``snapshotMaxDepth`` is reported as cut
(:attr:`Source.depth_limited`), with the hint to raise the setting, never silently short.
"""

from __future__ import annotations

import gc
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from tapwright.core.element import Element, ElementState, Rect, UiTree
from tapwright.errors import DriverError, ErrorCode

PREFIX = "XCUIElementType"
DEFAULT_MAX_DEPTH = 50  # WDA's default snapshotMaxDepth
# Attributes of WDA's XML that the parse never reads (the type is the tag too; a node's index among its
# siblings and its accessibility traits): asked to be left out, a fifth less to build, send and parse.
UNREAD_ATTRIBUTES = ("type", "index", "traits")
_ID_WORDS = re.compile(r"[_\W]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")

_ROLES: dict[str, str] = {
    "Button": "button", "Cell": "button", "Link": "link", "Icon": "button", "Key": "key", "MenuItem": "menuitem",
    "TextField": "textbox", "SecureTextField": "textbox", "TextView": "textbox", "SearchField": "searchbox",
    "Switch": "switch", "Toggle": "switch", "CheckBox": "checkbox", "RadioButton": "radio", "Slider": "slider",
    "Stepper": "spinbutton", "PickerWheel": "combobox", "Picker": "combobox", "SegmentedControl": "tablist",
    "TabBar": "tablist", "Tab": "tab", "StaticText": "text", "Image": "img", "Table": "list",
    "CollectionView": "list", "ScrollView": "list", "WebView": "document", "Alert": "alertdialog",
    "Sheet": "dialog", "NavigationBar": "navigation", "Toolbar": "toolbar", "ProgressIndicator": "progressbar",
    "ActivityIndicator": "progressbar", "Keyboard": "group", "StatusBar": "group", "Application": "application",
    "Window": "group", "Other": "group", "Any": "group", "PageIndicator": "slider",
}  # fmt: skip
_FIELDS = frozenset({"TextField", "SecureTextField", "TextView", "SearchField"})
_PRESSABLE = frozenset({"Button", "Cell", "Link", "Icon", "Key", "MenuItem", "Switch", "Toggle", "CheckBox",
                        "RadioButton", "Slider", "Stepper", "PickerWheel", "Tab"})  # fmt: skip
_MARKING = frozenset({"Keyboard", "Alert", "Sheet"})  # kinds that mark what is inside them
_CHECKABLE = frozenset({"Switch", "Toggle", "CheckBox", "RadioButton"})
_INTERACTIVE = _PRESSABLE | {"ScrollView", "Table", "CollectionView"}
_BACK_NAMES = frozenset({"back", "go back", "navigate back", "navigate up"})


Node = ET.Element  # one page-source node: WDA's XML element, or a JSON node turned into one (tag = element type)


@dataclass(frozen=True, slots=True)
class Source:
    """A parsed page source: the tree plus what iOS adds (app name, keyboard, alert, depth limit)."""

    tree: UiTree
    app_name: str = ""
    depth: int = 0  # levels below the application element
    max_depth: int = DEFAULT_MAX_DEPTH
    keyboard_shown: bool = False
    alert: str | None = None  # the alert's title when one is shown

    @property
    def depth_limited(self) -> bool:
        """Whether the tree reaches WDA's ``snapshotMaxDepth``: elements deeper than it are missing."""
        return self.depth >= self.max_depth

    def depth_hint(self) -> str:
        """What to do about a cut tree ("" when it is whole)."""
        if not self.depth_limited:
            return ""
        return (f"the page source is {self.depth} levels deep, WDA's snapshotMaxDepth ({self.max_depth}): elements "
                f"below that level are missing; raise it (the ios setting snapshot_max_depth, or POST "
                f"/appium/settings {{\"settings\": {{\"snapshotMaxDepth\": {self.max_depth * 2}}}}})")  # fmt: skip


def short_type(tag: str) -> str:
    return tag[len(PREFIX):] if tag.startswith(PREFIX) else tag


def id_words(identifier: str) -> str:
    """``login_button`` -> ``login button``; ``btnNext`` -> ``btn next``."""
    return " ".join(w for w in _ID_WORDS.split(_CAMEL.sub(" ", identifier)) if w).lower()


def parse_source(raw: str | bytes | dict[str, Any], *, max_depth: int = DEFAULT_MAX_DEPTH) -> Source:
    """Parse a WDA page source (XML text, JSON text, or the JSON tree as a dict).

    Raises:
        DriverError: DRIVER_ERROR for a source that is neither WDA XML nor WDA JSON, or is cut off.
    """
    with _no_cycle_collection():
        return _Builder(max_depth).build(_root(raw))  # the XML nodes are freed before the collector is back


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Pause Python's cycle collector while a source is parsed.

    A 1,000-node source makes tens of thousands of objects (XML nodes, elements, their attributes),
    none in a reference cycle; each 700 of them started a collection (7 per 1,000-node parse), some of
    them over older objects too: 9-15 % of the CPU of a parse and the locate after it, in a process
    holding the tool packs. Reference counting frees them all the same; the collector runs again as
    soon as the parse ends (it pauses for the whole process, a few milliseconds).
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _root(raw: str | bytes | dict[str, Any]) -> Node:
    if isinstance(raw, dict):
        return _json_node(raw)
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    head = text.lstrip()[:1]
    if head == "{":
        try:
            return _json_node(json.loads(text))
        except (ValueError, TypeError, KeyError) as exc:
            raise DriverError(ErrorCode.DRIVER_ERROR, f"the page source is malformed JSON: {exc}", cause=str(exc)) from exc
    if head != "<":
        raise DriverError(ErrorCode.DRIVER_ERROR, "the page source is neither XML nor JSON: " + (text.strip()[:200] or "empty"))
    try:
        top = ET.fromstring(text.encode("utf-8"))
    except ET.ParseError as exc:
        raise DriverError(ErrorCode.DRIVER_ERROR, f"the page source is malformed or cut off XML: {exc}", cause=str(exc)) from exc
    if top.tag == "AppiumAUT":
        apps = [c for c in top if c.tag.startswith(PREFIX)]
        if not apps:
            raise DriverError(ErrorCode.DRIVER_ERROR, "the page source has no application element")
        top = apps[0]
    if not top.tag.startswith(PREFIX):
        raise DriverError(ErrorCode.DRIVER_ERROR, f"the page source's root is <{top.tag}>, not an XCUIElementType element")
    return _xml_node(top)


def _xml_node(el: ET.Element) -> Node:
    return el


def _json_node(d: dict[str, Any]) -> Node:
    attrs: dict[str, str] = {}
    for key in ("name", "label", "value", "placeholderValue"):
        v = d.get(key)
        if v is not None:
            attrs[key] = str(v)
    if d.get("rawIdentifier"):
        attrs["rawIdentifier"] = str(d["rawIdentifier"])
    rect = d.get("rect") or {}
    for key in ("x", "y", "width", "height"):
        if key in rect:
            attrs[key] = str(rect[key])
    for key, flag in (("isEnabled", "enabled"), ("isVisible", "visible"), ("isAccessible", "accessible"),
                      ("isFocused", "focused"), ("isSelected", "selected")):  # fmt: skip
        if key in d:
            attrs[flag] = "true" if str(d[key]).lower() in ("1", "true") else "false"
    node = ET.Element(PREFIX + short_type(str(d.get("type", "Other"))), attrs)
    node.extend(_json_node(c) for c in d.get("children") or () if isinstance(c, dict))
    return node


def role_of(kind: str) -> str:
    """The role of an element type (``Button``, ``Cell`` ... without the XCUIElementType prefix)."""
    return _ROLES.get(kind, "group")


def kinds_of(roles: frozenset[str]) -> tuple[str, ...]:
    """The element types (without the XCUIElementType prefix) whose role is one of ``roles``."""
    return tuple(kind for kind, role in _ROLES.items() if role in roles)


def node_rect(attrs: dict[str, str] | Any) -> Rect | None:
    try:
        x, y, w, h = float(attrs["x"]), float(attrs["y"]), float(attrs["width"]), float(attrs["height"])
    except (KeyError, ValueError):
        return None
    return Rect(x, y, w if w > 0.0 else 0.0, h if h > 0.0 else 0.0)


class _Builder:
    def __init__(self, max_depth: int) -> None:
        self.max_depth = max_depth
        self.elements: list[Element] = []
        self.depth = 0
        self.keyboard = False
        self.alert: str | None = None
        self.screen = (0, 0)
        self.states: dict[tuple[bool, bool, bool | None, bool, bool, bool], ElementState] = {}

    def build(self, root: Node) -> Source:
        r = node_rect(root.attrib)
        self.screen = (round(r.width), round(r.height)) if r else (0, 0)
        self._walk(root, None, (), 0, "app", False)
        _mark_back(self.elements)
        _caption_fields(self.elements)
        name = root.get("label") or root.get("name") or ""
        tree = UiTree(tuple(self.elements), url=f"ios-app://{name}" if name else "", title=name,
                      width=self.screen[0], height=self.screen[1], source="ios")  # fmt: skip
        return Source(tree, name, self.depth, self.max_depth, self.keyboard, self.alert)

    def _walk(self, node: Node, parent: str | None, ctx: tuple[str, ...], depth: int, window: str, in_nav: bool) -> None:
        if depth > self.depth:
            self.depth = depth
        tag = node.tag
        kind = tag[15:] if tag.startswith(PREFIX) else tag  # len("XCUIElementType") == 15
        if kind in _MARKING:
            if kind == "Keyboard":
                window, self.keyboard = "keyboard", True
            else:  # an Alert or a Sheet
                title = _alert_title(node)
                if kind == "Alert" and self.alert is None:
                    self.alert = title
                ctx = (*ctx, f"dialog:{title}")
        element = self._element(node, kind, f"e{len(self.elements) + 1}", parent, ctx, window, in_nav)
        self.elements.append(element)
        if not len(node):
            return  # a leaf (most nodes)
        ref, depth = element.ref, depth + 1
        children = [c for c in node if c.tag.startswith(PREFIX)]
        if kind == "Table" or kind == "CollectionView":
            outer = tuple(c for c in ctx if not c.startswith("row:"))
            for child in children:
                row = _row_name(child)
                self._walk(child, ref, outer + ((f"row:{row}",) if row else ()), depth, window, in_nav)
            return
        nav = in_nav or kind == "NavigationBar"
        for child in children:
            self._walk(child, ref, ctx, depth, window, nav)

    def _element(self, node: Node, kind: str, ref: str, parent: str | None, ctx: tuple[str, ...], window: str,
                 in_nav: bool) -> Element:  # fmt: skip
        a = node.attrib
        get = a.get
        label = (get("label") or "").strip()
        raw_name = (get("name") or "").strip()
        identifier = (get("rawIdentifier") or (raw_name if raw_name and raw_name != label else "")).strip()
        placeholder = (get("placeholderValue") or "").strip()
        value = get("value")
        field = kind in _FIELDS
        role = _ROLES.get(kind, "group")
        if kind == "Other" and (label or identifier) and get("accessible") == "true":
            role = "button"  # a React Native touchable (accessible View with a label or testID)
        keyboard = window == "keyboard"
        if keyboard and kind in ("Key", "Button"):
            role = "key"
        name, text, typed, length = _texts(kind, a, label, placeholder, value)
        if not name and identifier and (kind in _PRESSABLE or field or role == "button"):
            name = id_words(identifier)
        attrs = _attrs(kind, identifier, label, placeholder, value, field, length, window, in_nav)
        rect = node_rect(a)
        visible = rect is not None and rect.width > 0 and rect.height > 0 and get("visible", "true") != "false"
        if visible:
            w, h = self.screen
            if w and h:
                assert rect is not None
                visible = rect.x < w and rect.y < h and rect.x + rect.width > 0 and rect.y + rect.height > 0
        enabled = get("enabled", "true") != "false"
        checked = _switch_state(value) if kind in _CHECKABLE else None
        key = (visible, enabled, checked, get("selected") == "true", get("focused") == "true", field and enabled)
        state = self.states.get(key)
        if state is None:  # states repeat: one shared (frozen) value per combination
            state = self.states[key] = ElementState(visible=visible, enabled=enabled, checked=checked,
                                                    selected=True if key[3] else None, focused=key[4],
                                                    editable=key[5])  # fmt: skip
        interactive = (kind in _INTERACTIVE or field or role == "button") and not keyboard
        return Element(ref, role, name, text, typed, attrs, state, rect, parent, ctx, interactive)


def _attrs(kind: str, identifier: str, label: str, placeholder: str, value: str | None, field: bool, length: int,
           window: str, in_nav: bool) -> dict[str, str]:  # fmt: skip
    """What helps to find a node: its identifier, label, placeholder, field kind, window and description."""
    attrs: dict[str, str] = {"class": PREFIX + kind}
    if identifier:
        attrs["resource_id"] = identifier
        attrs["test_id"] = identifier
    if label:
        attrs["content_desc"] = label
        if in_nav and kind == "Button" and label.lower() in _BACK_NAMES:
            attrs["alt"] = "back"
    if placeholder:
        attrs["placeholder"] = placeholder
    if field:
        if kind == "SecureTextField":
            attrs["type"] = "password"
        attrs["value_length"] = str(length)
    if window != "app":
        attrs["window"] = window
    if value and (kind == "Cell" or kind == "Other"):
        described = value.strip()
        if described not in ("0", "1"):
            attrs["description"] = described
    return attrs


def _texts(kind: str, a: dict[str, str] | Any, label: str, placeholder: str, value: str | None) -> tuple[str, str, str | None, int]:
    """(name, text, typed value, length) of a node: a field's value is what it holds, its placeholder its name."""
    if kind in _FIELDS:
        raw_value = value or ""
        empty = not raw_value or raw_value == placeholder
        if kind == "SecureTextField":
            return label or placeholder, "", "", 0 if empty else len(raw_value)  # WDA shows a secure value as bullets
        typed = "" if empty else raw_value
        name = label or placeholder
        if not name and not empty and a.get("focused") != "true":
            name = raw_value.strip()  # an old field shows its placeholder as its value
        return name, "", typed, len(typed)
    if kind == "StaticText":
        text = (value or label).strip()
        return label or text, text, None, 0
    return label, (value or "").strip() if kind in ("Image", "Other") and not label else "", None, 0


def _mark_back(elements: list[Element]) -> None:
    """Mark each navigation bar's back button (``alt=back``): named back, or the bar's leftmost button.

    iOS titles the back button after the previous screen ("Settings", "General"), so a person's
    "the back button" finds it only through this mark.
    """
    by_ref = {e.ref: i for i, e in enumerate(elements)}
    for bar in (e for e in elements if e.attrs.get("class") == PREFIX + "NavigationBar" and e.rect is not None):
        assert bar.rect is not None
        buttons = [e for e in elements if e.parent == bar.ref and e.role == "button" and e.rect is not None]
        if not buttons or any(b.attr("alt") == "back" for b in buttons):
            continue
        left = min(buttons, key=lambda b: b.rect.x if b.rect else 0.0)
        if left.rect is not None and left.rect.x < bar.rect.x + bar.rect.width * 0.3:
            attrs = {**left.attrs, "alt": "back"}
            if left.name and left.name.lower() not in _BACK_NAMES:
                attrs["title"] = f"{left.name} back"  # "the Settings back button"
            elements[by_ref[left.ref]] = Element(left.ref, left.role, left.name or "back", left.text, left.value, attrs,
                                                 left.state, left.rect, left.parent, left.context, left.interactive)  # fmt: skip


def _caption_fields(elements: list[Element]) -> None:
    """Give each text field the caption written just above it, or before it on its line, as ``near``.

    iOS fields carry no link to the static text that names them ("Mail Address" over a field whose
    own label is its example text); a person names the field by that caption.
    """
    texts = [e for e in elements if e.role == "text" and e.rect is not None and (e.name or e.text)]
    for i, e in enumerate(elements):
        if not e.state.editable or e.rect is None:
            continue
        caption = _caption(e.rect, texts)
        if caption:
            elements[i] = Element(e.ref, e.role, e.name, e.text, e.value, {**e.attrs, "near": caption}, e.state, e.rect,
                                  e.parent, e.context, e.interactive)  # fmt: skip


def _caption(r: Rect, texts: list[Element]) -> str:
    best: tuple[float, float, str] | None = None
    for t in texts:
        tr = t.rect
        assert tr is not None
        above = tr.y + tr.height <= r.y + 2 and r.y - (tr.y + tr.height) <= 24 and r.x - 8 <= tr.x <= r.x + r.width / 2
        before = tr.x + tr.width <= r.x + 2 and abs((tr.y + tr.height / 2) - (r.y + r.height / 2)) <= r.height / 2
        if not (above or before):
            continue
        gap = r.y - (tr.y + tr.height) if above else r.x - (tr.x + tr.width)
        key = (gap, tr.x, t.name or t.text)
        if best is None or key[:2] < best[:2]:
            best = key
    return best[2] if best else ""


def _switch_state(value: str | None) -> bool | None:
    if value in ("1", "true", "on"):
        return True
    if value in ("0", "false", "off"):
        return False
    return None


def _alert_title(node: Node) -> str:
    for n in node.iter(PREFIX + "StaticText"):
        if n.get("label") or n.get("value"):
            return str(n.get("label") or n.get("value"))[:80]
    return node.get("label") or node.get("name") or ""


def _row_name(node: Node) -> str:
    label = (node.get("label") or "").strip()
    if label:
        return label[:80]
    texts: list[str] = []
    for n in node.iter(PREFIX + "StaticText"):
        t = (n.get("label") or n.get("value") or "").strip()
        if t and t not in texts:
            texts.append(t)
        if len(texts) == 2:
            break
    return " ".join(texts)[:80]


def app_tree(tree: UiTree) -> UiTree:
    """The tree without the soft keyboard's keys: what descriptions are located against.

    The same tree in, the same tree out: the locator keeps its index per tree object, so a screen
    with the keyboard up is indexed once, not once per description looked for on it.
    """
    for whole, kept_tree in _APP_TREES:
        if whole is tree:
            return kept_tree
    kept = tuple(e for e in tree.elements if e.attrs.get("window") != "keyboard")
    if len(kept) == len(tree.elements):
        return tree
    out = UiTree(kept, url=tree.url, title=tree.title, width=tree.width, height=tree.height, source=tree.source)
    _APP_TREES.insert(0, (tree, out))
    del _APP_TREES[4:]
    return out


_APP_TREES: list[tuple[UiTree, UiTree]] = []  # the last trees with a keyboard, and each without it


def back_button(tree: UiTree) -> Element | None:
    """The navigation bar's back button (marked ``alt=back`` by the parser), when the screen has one."""
    return next((e for e in tree if e.attr("alt") == "back" and e.state.visible and e.rect is not None), None)


__all__ = ["DEFAULT_MAX_DEPTH", "PREFIX", "UNREAD_ATTRIBUTES", "Source", "app_tree", "back_button", "id_words", "kinds_of", "node_rect",
           "parse_source", "role_of", "short_type"]  # fmt: skip
