"""``uiautomator dump`` XML -> the shared :class:`~tapwright.core.element.UiTree` (pure, no I/O).

Every ``<node>`` becomes one Element (ref ``e1`` ... in document order), so a tree has
exactly as many elements as the dump has nodes. What each carries:

* ``role`` from the widget class (``Button`` -> button, ``EditText`` -> textbox, ``Switch``
  -> switch ...); a clickable plain ``View`` / layout with a ``content-desc`` is a button, as
  Compose and Flutter apps produce;
* ``name`` from ``content-desc``, ``text``, ``hint`` and, for controls that have nothing
  else, the ``resource-id``'s words (``login_button`` -> "login button");
* state: checked, enabled, focused, selected, password, scrollable, visible;
* ``rect`` from ``bounds``; ``context`` from the window (status bar, soft keyboard, a dialog
  whose root is not the full screen) and the list row an element sits in.

Several top-level windows are read (uiautomator2's multi-window dumps); the soft keyboard
window is recognised by its package or its key ids, and tagged ``keyboard:`` so callers can
leave it out of locating (:func:`app_tree`).
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from tapwright.core.element import Element, ElementState, Rect, UiTree
from tapwright.errors import DriverError, ErrorCode

_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")
_XML_START = re.compile(rb"<\?xml|<hierarchy")
_ID_WORDS = re.compile(r"[_\W]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")

# Class name (last dotted part, outer class for Foo$Bar) -> role. Checked in order: first suffix match wins.
_CLASS_ROLES: tuple[tuple[str, str], ...] = (
    ("ImageButton", "button"),
    ("FloatingActionButton", "button"),
    ("RadioButton", "radio"),
    ("ToggleButton", "switch"),
    ("CompoundButton", "switch"),
    ("Button", "button"),
    ("AutoCompleteTextView", "textbox"),
    ("EditText", "textbox"),
    ("SearchView", "searchbox"),
    ("CheckedTextView", "checkbox"),
    ("CheckBox", "checkbox"),
    ("Switch", "switch"),
    ("SwitchCompat", "switch"),
    ("Spinner", "combobox"),
    ("SeekBar", "slider"),
    ("RatingBar", "slider"),
    ("ProgressBar", "progressbar"),
    ("ImageView", "img"),
    ("WebView", "document"),
    ("RecyclerView", "list"),
    ("ListView", "list"),
    ("GridView", "list"),
    ("ScrollView", "list"),
    ("ViewPager", "list"),
    ("TabWidget", "tablist"),
    ("TextView", "text"),
)
# Packages of input methods (soft keyboards) seen on real devices; any package naming an input method also counts.
_IME_PACKAGES = frozenset({
    "com.google.android.inputmethod.latin", "com.samsung.android.honeyboard", "com.touchtype.swiftkey",
    "com.android.inputmethod.latin", "com.baidu.input", "com.sohu.inputmethod.sogou", "com.iflytek.inputmethod",
    "com.google.android.apps.inputmethod.hindi", "com.microsoft.swiftkey", "jp.co.omronsoft.openwnn",
})  # fmt: skip
_IME_HINTS = ("inputmethod", "keyboard", "honeyboard", "swiftkey", ".ime")
_SYSTEM_BARS = frozenset({"com.android.systemui"})
# Transient UI: a toast's text view (the framework's layout, drawn by SystemUI since Android 11) and
# Material's snackbar text (library ids are merged into the app's package: com.example:id/snackbar_text).
_TOAST_ID = "android:id/message"
_SNACKBAR_ID = ":id/snackbar_text"
_UP_NAMES = frozenset({"navigate up", "up", "navigate back", "back", "go back"})


@dataclass(frozen=True, slots=True)
class Window:
    """One top-level window of a dump."""

    kind: str  # app, dialog, statusbar, navigationbar, keyboard, toast, system
    package: str
    rect: Rect | None
    first: int  # index of its root element
    count: int  # how many elements it holds


@dataclass(frozen=True, slots=True)
class Hierarchy:
    """A parsed dump: the tree plus what Android adds (rotation, windows, keyboard)."""

    tree: UiTree
    rotation: int = 0
    windows: tuple[Window, ...] = ()
    package: str = ""
    notes: tuple[str, ...] = field(default=())

    @property
    def keyboard_shown(self) -> bool:
        return any(w.kind == "keyboard" for w in self.windows)

    @property
    def app_elements(self) -> int:
        """Elements outside the soft keyboard and system bars."""
        return sum(w.count for w in self.windows if w.kind in ("app", "dialog"))


def parse_bounds(text: str) -> Rect | None:
    """``[x1,y1][x2,y2]`` -> Rect, or None when absent or malformed."""
    m = _BOUNDS.match(text) if text else None
    if m is None:
        m = _BOUNDS.search(text or "")
        if m is None:
            return None
    x1, y1, x2, y2 = map(int, m.groups())
    return Rect(x1, y1, x2 - x1 if x2 > x1 else 0, y2 - y1 if y2 > y1 else 0)


def id_words(resource_id: str) -> str:
    """``com.app:id/login_button`` -> ``login button``; ``btnNext`` -> ``btn next``."""
    local = resource_id.rsplit("/", 1)[-1]
    local = _CAMEL.sub(" ", local)
    return " ".join(w for w in _ID_WORDS.split(local) if w).lower()


def role_for(cls: str, *, clickable: bool, checkable: bool, named: bool) -> str:
    """The role of a widget class; clickable plain views with a name are buttons."""
    return _role(cls, clickable, checkable, named)


@functools.lru_cache(maxsize=1024)
def _role(cls: str, clickable: bool, checkable: bool, named: bool) -> str:
    short = cls.rsplit(".", 1)[-1].split("$", 1)[0]
    for suffix, role in _CLASS_ROLES:
        if short.endswith(suffix):
            if role in ("text", "img") and clickable and checkable:
                return "checkbox"
            return role
    if "Tab" in short and clickable:
        return "tab"
    if checkable:
        return "checkbox"
    if clickable and named:
        return "button"
    return "group"


def extract_xml(raw: bytes | str) -> bytes:
    """The XML document inside ``raw`` (uiautomator may print lines around it).

    Raises:
        DriverError: DRIVER_ERROR when there is no XML, or it is cut off (no ``</hierarchy>``).
    """
    data = raw.encode("utf-8") if isinstance(raw, str) else raw
    m = _XML_START.search(data)
    if m is None:
        text = data.decode("utf-8", "replace").strip()
        raise DriverError(ErrorCode.DRIVER_ERROR, "the screen dump is not XML: " + (text[:200] or "empty output"))
    end = data.rfind(b"</hierarchy>")
    if end < 0:
        # <hierarchy/> with no windows at all is a complete (empty) dump.
        if re.search(rb"<hierarchy[^>]*/>", data[m.start() :]):
            return data[m.start() :]
        raise DriverError(
            ErrorCode.DRIVER_ERROR,
            f"the screen dump is truncated after {len(data) - m.start()} bytes (no </hierarchy>); take the snapshot again",
        )
    return data[m.start() : end + len(b"</hierarchy>")]


def parse_dump(raw: bytes | str, *, screen: tuple[int, int] | None = None) -> Hierarchy:
    """Parse a ``uiautomator dump`` into a :class:`Hierarchy`.

    Args:
        raw: The dump as read back from the device (bytes or text; noise around the XML is ignored).
        screen: The display size in the dump's orientation when known (``wm size``); else the
            windows' extent is used.

    Raises:
        DriverError: DRIVER_ERROR for output that is not XML, truncated or malformed.
    """
    data = extract_xml(raw)
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise DriverError(ErrorCode.DRIVER_ERROR, f"the screen dump is malformed XML: {exc}", cause=str(exc)) from exc
    if root.tag != "hierarchy":
        raise DriverError(ErrorCode.DRIVER_ERROR, f"the screen dump's root is <{root.tag}>, not <hierarchy>")
    try:
        rotation = int(root.get("rotation", "0") or 0)
    except ValueError:
        rotation = 0
    return _Builder(rotation, screen).build(root)


class _Builder:
    def __init__(self, rotation: int, screen: tuple[int, int] | None) -> None:
        self.rotation = rotation
        self.screen = screen
        self.elements: list[Element] = []
        self.windows: list[Window] = []

    def build(self, root: ET.Element) -> Hierarchy:
        tops = [n for n in root if n.tag == "node"]
        extent = [parse_bounds(n.get("bounds", "")) for n in tops]
        width = max((int(r.x + r.width) for r in extent if r), default=0)
        height = max((int(r.y + r.height) for r in extent if r), default=0)
        if self.screen:
            width, height = self.screen
        app_package = ""
        for top, rect in zip(tops, extent, strict=True):
            kind = _window_kind(top, rect, width, height, len(tops))
            if kind in ("app", "dialog") and not app_package:
                app_package = top.get("package", "")
            ctx: tuple[str, ...] = ()
            if kind == "dialog":
                ctx = (f"dialog:{_dialog_title(top)}",)
            elif kind != "app":
                ctx = (f"{kind}:{top.get('package', '')}",)
            first = len(self.elements)
            self._walk(top, None, ctx, window=kind)
            self.windows.append(Window(kind, top.get("package", ""), rect, first, len(self.elements) - first))
        if not app_package and tops:
            app_package = tops[0].get("package", "")
        _label_fields(self.elements)
        tree = UiTree(tuple(self.elements), url=f"android-app://{app_package}" if app_package else "",
                      title=app_package, width=width, height=height, source="android")  # fmt: skip
        return Hierarchy(tree, self.rotation, tuple(self.windows), app_package)

    def _walk(self, top: ET.Element, parent: str | None, ctx: tuple[str, ...], *, window: str) -> None:
        """Every node under ``top`` in document order, with an explicit stack: a dump nested thousands
        of levels deep (a hostile or broken app) is read like any other, never a RecursionError."""
        stack: list[tuple[ET.Element, str | None, tuple[str, ...]]] = [(top, parent, ctx)]
        while stack:
            node, up, here = stack.pop()
            element = _element(node, f"e{len(self.elements) + 1}", up, here, window, (self.screen or (0, 0)))
            self.elements.append(element)
            children = [c for c in node if c.tag == "node"]
            if element.role == "list" or node.get("scrollable") == "true":
                outer = tuple(c for c in here if not c.startswith("row:"))  # the innermost list's row is the row
                items = [(child, element.ref, outer + ((f"row:{row}",) if (row := _row_name(child)) else ()))
                         for child in children]  # fmt: skip
            else:
                items = [(child, element.ref, here) for child in children]
            stack.extend(reversed(items))


def _flag(node: ET.Element, key: str) -> bool:
    return node.get(key) == "true"


def _element(node: ET.Element, ref: str, parent: str | None, ctx: tuple[str, ...], window: str,
             screen: tuple[int, int]) -> Element:  # fmt: skip
    get = node.get
    cls = get("class", "") or ""
    text = (get("text", "") or "").strip()
    desc = (get("content-desc", "") or "").strip()
    if desc == "null":  # some launchers serialise a missing description as the string "null"
        desc = ""
    hint = (get("hint", "") or "").strip()
    rid = get("resource-id", "") or ""
    clickable = _flag(node, "clickable") or _flag(node, "long-clickable")
    checkable = _flag(node, "checkable")
    password = _flag(node, "password")
    editable = "EditText" in cls or "AutoCompleteTextView" in cls or "SearchView$SearchAutoComplete" in cls
    role = role_for(cls, clickable=clickable, checkable=checkable, named=bool(desc or text))
    if window == "keyboard" and clickable:
        role = "key"
    value: str | None = None
    name = desc or text
    length = 0
    if editable:
        typed = text if text and text != hint else ""
        # The value is exactly what the field holds, spaces at its ends included (the name and
        # text are trimmed for matching); a password shows only how many characters it holds.
        raw = get("text", "") or ""
        length = len(raw) if typed else 0
        value = "" if password else (raw if typed else "")
        name = desc or hint or (typed if not password else "") or ""
        if not name and text and not password and not _flag(node, "focused"):
            # Old dumps show the hint as text and have no hint attribute; in a focused field
            # the text is what the user is typing.
            name = text
    if not name and rid and (clickable or checkable or editable or role in ("img", "button")):
        name = id_words(rid)
    attrs = _attrs(node, cls, rid, desc, hint, window)
    if editable:
        attrs["value_length"] = str(length)
    rect = parse_bounds(get("bounds", ""))
    visible = rect is not None and rect.width > 0 and rect.height > 0
    if get("visible-to-user") == "false":
        visible = False
    if visible and rect is not None and screen[0] and screen[1]:
        visible = rect.x < screen[0] and rect.y < screen[1] and rect.x + rect.width > 0 and rect.y + rect.height > 0
    state = ElementState(
        visible=visible,
        enabled=get("enabled", "true") != "false",
        checked=_flag(node, "checked") if checkable else None,
        selected=True if _flag(node, "selected") else None,
        focused=_flag(node, "focused"),
        editable=editable and get("enabled", "true") != "false",
    )
    interactive = (clickable or checkable or editable or _flag(node, "scrollable")) and window != "keyboard"
    return Element(ref=ref, role=role, name=name, text=text if not password else "", value=value, attrs=attrs,
                   state=state, rect=rect, parent=parent, context=ctx, interactive=interactive)  # fmt: skip


def _attrs(node: ET.Element, cls: str, rid: str, desc: str, hint: str, window: str) -> dict[str, str]:
    attrs: dict[str, str] = {"class": cls}
    if rid:
        attrs["resource_id"] = rid
    if desc:
        attrs["content_desc"] = desc
        if desc.lower().rstrip(".") in _UP_NAMES:
            attrs["alt"] = "back"  # the toolbar's Up arrow is what people call the back button
    if hint:
        attrs["placeholder"] = hint
    if _flag(node, "password"):
        attrs["type"] = "password"
    pkg = node.get("package")
    if pkg:
        attrs["package"] = pkg
    if window != "app":
        attrs["window"] = window
    if _flag(node, "scrollable"):
        attrs["scrollable"] = "true"
    if _flag(node, "long-clickable"):
        attrs["long_clickable"] = "true"
    if window == "toast" and (node.get("text") or "").strip():
        attrs["transient"] = "toast"
    elif rid.endswith(_SNACKBAR_ID):
        attrs["transient"] = "snackbar"
    return attrs


def _row_name(node: ET.Element) -> str:
    """What a list item is called: its description, else its first texts."""
    desc = (node.get("content-desc") or "").strip()
    if desc and desc != "null":
        return desc[:80]
    texts: list[str] = []
    for n in node.iter("node"):
        t = (n.get("text") or n.get("content-desc") or "").strip()
        if t and t != "null" and t not in texts:
            texts.append(t)
        if len(texts) == 2:
            break
    return " ".join(texts)[:80]


def _dialog_title(top: ET.Element) -> str:
    for n in top.iter("node"):
        rid = n.get("resource-id", "") or ""
        if rid.endswith(("alertTitle", "title", "permission_message")) and n.get("text"):
            return str(n.get("text"))[:80]
    for n in top.iter("node"):
        if n.get("text"):
            return str(n.get("text"))[:80]
    return ""


def _is_ime(top: ET.Element) -> bool:
    pkg = (top.get("package") or "").lower()
    if pkg in _IME_PACKAGES or any(h in pkg for h in _IME_HINTS):
        return True
    keys = sum(1 for n in top.iter("node") if "key_pos_" in (n.get("resource-id") or "") or "Keyboard" in (n.get("class") or ""))
    return keys >= 5


def _is_toast(top: ET.Element, rect: Rect | None, width: int, height: int) -> bool:
    """A toast's window: smaller than the screen, nothing in it clickable, its text in ``android:id/message``."""
    if rect is None or not width or not height or (rect.width >= width * 0.98 and rect.height >= height * 0.9):
        return False
    nodes = list(top.iter("node"))
    return (any(n.get("resource-id") == _TOAST_ID for n in nodes)
            and not any(_flag(n, "clickable") or _flag(n, "focusable") for n in nodes))  # fmt: skip


def _window_kind(top: ET.Element, rect: Rect | None, width: int, height: int, windows: int) -> str:
    pkg = top.get("package") or ""
    if _is_ime(top):
        return "keyboard"
    if windows > 1 and _is_toast(top, rect, width, height):
        return "toast"
    if rect is not None and pkg in _SYSTEM_BARS and windows > 1:
        if rect.y <= 0 and rect.height <= max(1, height) * 0.08:
            return "statusbar"
        if rect.y + rect.height >= height and rect.height <= max(1, height) * 0.1:
            return "navigationbar"
        return "system"
    if rect is not None and width and height and (rect.width < width * 0.98 or rect.height < height * 0.9) and windows == 1:
        # A lone window that does not fill the screen: a dialog over an app the dump does not show.
        return "dialog" if rect.x > 0 or rect.y > 0 else "app"
    return "app"


_LABEL_ROLES = frozenset({"switch", "checkbox", "textbox", "searchbox", "combobox", "slider", "radio"})


def _label_fields(elements: list[Element]) -> None:
    """Give unlabelled (or state-text-only) form controls a ``near`` label: the text on their row."""
    # Captions: static text, and the name-only Views Compose draws labels with.
    texts = [e for e in elements if e.role in ("text", "group") and not e.interactive and e.rect is not None
             and (e.name or e.text) and e.state.visible and "window" not in e.attrs]  # fmt: skip
    if not texts:
        return
    for i, e in enumerate(elements):
        if e.role not in _LABEL_ROLES or e.rect is None or "content_desc" in e.attrs or "placeholder" in e.attrs:
            continue
        label = _row_label(e.rect, texts)
        if label:
            attrs = dict(e.attrs)
            attrs["near"] = label
            elements[i] = Element(e.ref, e.role, e.name, e.text, e.value, attrs, e.state, e.rect, e.parent,
                                  e.context, e.interactive)  # fmt: skip


def _row_label(r: Rect, texts: list[Element]) -> str:
    cy = r.y + r.height / 2
    best: tuple[float, str] | None = None
    for t in texts:
        tr = t.rect
        assert tr is not None
        if tr.x <= r.x + r.width / 2 <= tr.x + tr.width and tr.y <= cy <= tr.y + tr.height:
            continue  # its own caption inside it
        same_row = tr.y <= cy <= tr.y + tr.height or r.y <= tr.y + tr.height / 2 <= r.y + r.height
        if same_row:
            gap = r.x - (tr.x + tr.width) if tr.x + tr.width <= r.x + 4 else tr.x - (r.x + r.width)
            if gap < 0:
                continue
            score = gap
        elif tr.y + tr.height <= r.y and r.y - (tr.y + tr.height) < max(r.height, 60) and abs(tr.x - r.x) < 200:
            score = 2000 + r.y - (tr.y + tr.height)  # a caption above the control, when nothing is beside it
        else:
            continue
        if best is None or score < best[0]:
            best = (score, t.name or t.text)
    return best[1] if best else ""


def app_tree(tree: UiTree) -> UiTree:
    """The tree without the soft keyboard's keys: what descriptions are located against."""
    kept = tuple(e for e in tree.elements if e.attrs.get("window") != "keyboard")
    if len(kept) == len(tree.elements):
        return tree
    return UiTree(kept, url=tree.url, title=tree.title, width=tree.width, height=tree.height, source=tree.source)


__all__ = ["Hierarchy", "Window", "app_tree", "extract_xml", "id_words", "parse_bounds", "parse_dump", "role_for"]
