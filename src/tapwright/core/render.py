"""A compact text rendering of a UiTree for language models (pure, driver-independent).

An indented outline: container lines in brackets, one line per element below
them, indented one space per level. Every interactive element starts with its
ref, so a model can answer with ``e12``::

    page "Login form" /form.html
    [form:Login]
     e3 textbox "Email"
     e5 textbox "Password" (password)
     e7 checkbox "Remember me" checked
     e9 button "Log in" disabled
    [table:Users]
     [row:Leo Smith | leo@example.com | Delete]
      e27 link "Delete"
    ## Recent activity
    Nothing happened yet.

What is left out because the model does not need it to act or answer:

* the scheme, host and port of the page URL (only the path and query);
* refs and roles of static text (headings become ``#`` / ``##``);
* text a neighbour already says: a label next to its field, a cell already on
  its row's line, a heading or legend that names its container, a level-1
  heading that repeats the page title, a container name that repeats its
  parent's, the glue text around a paragraph's links, text with no letter or
  digit, the same text twice in a row;
* unnamed page landmarks (banner, main, contentinfo);
* default states: ``unchecked`` is the absence of ``checked``; placeholders and
  common input types (email, search, ...) when the field has a name.

Hidden elements are left out unless asked for. The output is capped at
``max_chars`` with a last line saying how many elements were cut.
"""

from __future__ import annotations

import dataclasses
import re
import urllib.parse

from tapwright.core.element import Element, UiTree

DEFAULT_MAX_CHARS = 20_000
_NAME_CAP = 80
_TEXT_CAP = 120
_CONTAINER_CAP = 120
_URL_CAP = 80
_CONTAINER_ALIASES = {"navigation": "nav"}
# Unnamed page landmarks say little the layout does not (almost every page has them): not shown.
_SILENT_CONTAINERS = frozenset({"banner", "main", "contentinfo"})
_TITLE_SEPARATORS = re.compile(r"\s+[—–|·-]\s+")
_CHECKABLE = frozenset({"checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"})
# Input types worth a word: they change what the model must type (or that it must use a secret).
_SHOWN_TYPES = frozenset({"password", "file", "number", "date", "time", "datetime-local", "month", "week", "color", "range"})
_TEXT_ROLES = frozenset({"text", "cell", "columnheader", "rowheader", "paragraph", "caption", "label"})
# Static text that could pass for an outline line is quoted, so page text cannot forge a ref or a container.
_AMBIGUOUS_RE = re.compile(r'^(?:e\d|[\[#"(…])')
_GLUE_WORDS = 2
_GLUE_LOOKAHEAD = 8


def _clip(text: str, cap: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= cap else text[: cap - 1] + "…"


def _q(text: str, cap: int = _NAME_CAP) -> str:
    return '"' + _clip(text, cap).replace('"', "'") + '"'


def _flags(e: Element) -> list[str]:
    s = e.state
    out: list[str] = []
    if not s.visible:
        out.append("hidden")
    if not s.enabled:
        out.append("disabled")
    if e.role in _CHECKABLE:
        if s.checked:
            out.append("checked")
    elif s.checked:
        out.append("pressed")
    if s.selected:
        out.append("selected")
    if s.expanded is not None:
        out.append("expanded" if s.expanded else "collapsed")
    if s.focused:
        out.append("focused")
    return out


def render_element(e: Element) -> str:
    """One interactive element as one line: ``e9 button "Log in" disabled``."""
    parts = [e.ref, e.role] if e.role else [e.ref]
    label = e.name or e.text
    if label:
        parts.append(_q(label))
    text = _clip(e.text, 40)
    if text and e.name and text.casefold() not in e.name.casefold():
        parts.append("text=" + _q(text, 40))
    if not label and e.attr("placeholder"):
        parts.append("placeholder=" + _q(e.attr("placeholder"), 40))
    if not e.name and e.attr("near"):
        parts.append("near=" + _q(e.attr("near"), 40))
    if e.attr("type") in _SHOWN_TYPES:
        parts.append(f"({e.attr('type')})")
    parts.extend(_flags(e))
    line = " ".join(parts)
    if e.value:  # after the name as in aria snapshots: ``e3 textbox "Email": "a@b.c"``
        line += ': ' + ('"•••"' if e.attr("type") == "password" else _q(e.value, 60))
    return line


def render_static(e: Element) -> str:
    """A non-interactive element without its ref: ``## Title``, plain text, or ``status "3 items"``."""
    text = _clip(e.text or e.name, _TEXT_CAP)
    if e.role == "heading":
        level = e.attr("level")
        marks = "#" * int(level) if level.isdigit() and 0 < int(level) < 7 else "#"
        line = f"{marks} {text}"
    elif e.role in _TEXT_ROLES:
        line = _q(text, _TEXT_CAP) if _AMBIGUOUS_RE.match(text) else text
    else:
        line = f"{e.role} {_q(text, _TEXT_CAP)}" if text else e.role
    flags = _flags(e)
    return " ".join([line, *flags]) if flags else line


def _norm(text: str) -> str:
    return " ".join(text.split()).rstrip(":*").strip().casefold()


def _is_glue(text: str, e: Element, elements: list[Element], i: int) -> bool:
    """A paragraph made of the links that follow it plus a word or two (``Sign in or browse .``)."""
    rest, found = text, False
    for other in elements[i + 1 : i + 1 + _GLUE_LOOKAHEAD]:
        if other.context != e.context:
            break
        name = _norm(other.name)
        if other.interactive and name and name in rest:
            rest, found = rest.replace(name, " ", 1), True
    return found and len(re.findall(r"\w+", rest)) <= _GLUE_WORDS


_SHOW, _SKIP, _ON_ROW = 0, 1, 2


def _verdict(elements: list[Element], i: int, last_static: str | None, title: str) -> int:
    """Whether to show an element: static text that says nothing new is skipped (rules in the module docstring).

    ``_ON_ROW`` is a cell already on its row's header line: the line is skipped but the header is not.
    """
    e = elements[i]
    if e.interactive:
        return _SHOW
    text = _norm(e.text or e.name)
    if e.context and e.role in _TEXT_ROLES and e.context[-1].startswith("row:") and text in e.context[-1].casefold():
        return _ON_ROW
    if not text or not any(c.isalnum() for c in text) or text == last_static:
        return _SKIP
    for j in (i - 1, i + 1):
        other = elements[j] if 0 <= j < len(elements) else None
        if other is not None and other.interactive and text in (_norm(other.name), _norm(other.attr("label"))):
            return _SKIP
    _, named, container = e.context[-1].partition(":") if e.context else ("", "", "")
    if named and text == _norm(container):
        return _SKIP  # a heading, legend or caption that names its container
    if e.role == "heading" and e.attr("level") == "1" and text == title:
        return _SKIP  # the page title says it already
    return _SKIP if e.role in _TEXT_ROLES and _is_glue(text, e, elements, i) else _SHOW


def _container(label: str) -> str:
    role, sep, name = label.partition(":")
    return "[" + _clip(_CONTAINER_ALIASES.get(role, role) + sep + name, _CONTAINER_CAP) + "]"


def _opened(prev: tuple[str, ...], cur: tuple[str, ...]) -> list[str]:
    """Header lines for the containers ``cur`` enters that ``prev`` was not in, indented by depth."""
    common = 0
    while common < min(len(prev), len(cur)) and prev[common] == cur[common]:
        common += 1
    out = []
    for depth in range(common, len(cur)):
        label = cur[depth]
        role, _, name = label.partition(":")
        if depth and name and name == cur[depth - 1].partition(":")[2]:
            label = role  # a form named like the region around it: the name is said once
        out.append(" " * depth + _container(label))
    return out


def short_url(url: str) -> str:
    """A web URL without scheme, host and port (``/shop?q=mug``); other URLs as they are; capped."""
    parsed = urllib.parse.urlsplit(url)
    if parsed.scheme in ("http", "https") and parsed.netloc:
        url = urllib.parse.urlunsplit(("", "", parsed.path or "/", parsed.query, parsed.fragment))
    return _clip(url, _URL_CAP)


def render_tree(tree: UiTree, *, max_chars: int = DEFAULT_MAX_CHARS, include_hidden: bool = False) -> str:
    """The whole tree as an indented outline, at most ``max_chars`` characters.

    Args:
        tree: The snapshot.
        max_chars: Cap on the output; when reached, a last line says how many elements were left out.
        include_hidden: Also list elements that are not visible.
    """
    head = f"page {_q(tree.title, 120)} {short_url(tree.url)}".rstrip()
    lines = [head]
    size = len(head) + 1
    elements = [e for e in tree.elements if include_hidden or e.state.visible]
    hidden = len(tree.elements) - len(elements)
    title = _norm(_TITLE_SEPARATORS.split(tree.title, 1)[0])
    prev: tuple[str, ...] = ()
    last_static: str | None = None
    for i, e in enumerate(elements):
        verdict = _verdict(elements, i, last_static, title)
        if verdict == _SKIP:
            continue
        # A row whose cells are all on its header line still needs that header: it is the row's content.
        context = tuple(c for c in e.context if c not in _SILENT_CONTAINERS)
        chunk = _opened(prev, context)
        prev = context
        if verdict == _SHOW:
            chunk.append(" " * len(context) + (render_element(e) if e.interactive else render_static(e)))
            last_static = None if e.interactive else _norm(e.text or e.name)
        if not chunk:
            continue
        cost = sum(len(c) + 1 for c in chunk)
        if size + cost > max_chars - 80:
            left = len(elements) - i
            lines.append(f"… truncated: {left} more element(s) not shown (raise max_chars or scroll)")
            return "\n".join(lines)
        lines.extend(chunk)
        size += cost
    if hidden:
        lines.append(f"({hidden} hidden)")
    return "\n".join(lines)


def render_for_model(tree: UiTree, *, max_chars: int = DEFAULT_MAX_CHARS) -> str:
    """The compact text a model sees of a screen: :func:`render_tree`, with static text dropped first when over the cap.

    When the page is over ``max_chars``, non-interactive text (headings excepted) goes
    before any control does: a model can still act on everything when a long article fills the page.
    """
    text = render_tree(tree, max_chars=max_chars)
    if len(text) < max_chars - 100:
        return text
    slim = dataclasses.replace(tree, elements=tuple(e for e in tree.elements if e.interactive or e.role == "heading"))
    return render_tree(slim, max_chars=max_chars)
