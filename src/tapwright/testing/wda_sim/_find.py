"""WDA's element-finding strategies over a served tree: accessibility id, class name, predicate, class chain, xpath."""

from __future__ import annotations

import re
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import lru_cache

from tapwright.testing.wda_sim._device import WdaError

P = "XCUIElementType"
_CLAUSE = re.compile(r"""^\s*(\w+)\s*(==|!=|CONTAINS|BEGINSWITH|ENDSWITH|MATCHES|LIKE)(?:\[([a-z]+)\])?\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(\S+))\s*$""", re.I)
_OR = re.compile(r"\s+OR\s+|\s*\|\|\s*", re.I)
_AND = re.compile(r"\s+AND\s+|\s*&&\s*", re.I)
_TEXT_KEYS = {"label": "label", "name": "name", "value": "value", "placeholderValue": "placeholderValue",
              "placeholder": "placeholderValue", "identifier": "name", "id": "name"}  # predicate key -> attribute
_KEY_PATHS = frozenset({"label", "name", "value", "placeholderValue", "identifier", "type"})  # unquoted: another attribute
_IN = re.compile(r"^\s*(\w+)\s+IN\s*\{(.*)\}\s*$", re.I)
_LISTED = re.compile(r"'([^']*)'|\"([^\"]*)\"")
_SEGMENT = re.compile(r"^(\*\*|[A-Za-z]+)((?:\[`[^`]*`\]|\[-?\d+\])*)$")
Test = Callable[[ET.Element], bool]


def find(root: ET.Element, using: str, value: str) -> list[ET.Element]:
    """Every element matching ``value`` by strategy ``using``, in document order.

    Raises:
        WdaError: invalid selector for a strategy or an expression this WDA does not understand.
    """
    using = using.lower()
    if using in ("accessibility id", "id", "name"):
        return [e for e in root.iter() if e.get("name") == value]
    if using == "class name":
        return [e for e in root.iter() if e.get("type") == value]
    if using == "predicate string":
        test = predicate(value)
        return [e for e in root.iter() if test(e)]
    if using == "class chain":
        return class_chain(root, value)
    if using == "xpath":
        return _xpath(root, value)
    raise WdaError("invalid selector", f"The locator strategy '{using}' is not supported", 400)


def _reader(key: str) -> Callable[[ET.Element], str]:
    """How a predicate reads ``key`` off an element (decided once per clause, not once per element)."""
    if key in ("type", "elementType"):
        return lambda el: el.get("type") or ""
    if key in ("identifier", "id"):
        return lambda el: el.get("name") or ""
    if key in ("visible", "enabled", "accessible", "hasKeyboardFocus", "focused"):
        attr = "focused" if key == "hasKeyboardFocus" else key
        default = "false" if attr in ("focused", "accessible") else "true"  # as the page source's parse reads them
        return lambda el: "1" if el.get(attr, default) == "true" else "0"
    if key in ("placeholderValue", "placeholder"):
        return lambda el: el.get("placeholderValue") or ""
    return lambda el: el.get(key) or ""


@lru_cache(maxsize=256)  # a client sends the same predicates again and again; WDA's own parse is native and quick
def predicate(expr: str) -> Test:
    """An NSPredicate subset: ``attr OP 'value'`` clauses joined by AND / OR (AND binds tighter), in parentheses
    where they group otherwise."""
    ors = [_split(part, _AND) for part in _split(expr.strip(), _OR)]
    groups = [_all([_term(c) for c in ands]) for ands in ors]
    return groups[0] if len(groups) == 1 else _any(groups)


def _term(text: str) -> Test:
    inner = text.strip()
    if inner.startswith("(") and _closing(inner) == len(inner) - 1:
        return predicate(inner[1:-1])  # a group in parentheses
    return _clause(inner)


def _masked(expr: str) -> str:
    """``expr`` with what is quoted or inside brackets blanked out (as ``_``): where a joining word may be."""
    out, depth, quote = [], 0, ""
    for ch in expr:
        if quote:
            out.append("_")
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
            out.append("_")
        elif ch in "({":
            depth += 1
            out.append("_" if depth > 1 else ch)
        elif ch in ")}":
            depth -= 1
            out.append("_" if depth > 0 else ch)
        else:
            out.append("_" if depth else ch)
    return "".join(out)


def _closing(expr: str) -> int:
    """Where the parenthesis opening ``expr`` closes (-1: nowhere)."""
    masked = _masked(expr)
    return masked.find(")", 1) if masked.startswith("(") else -1


def _split(expr: str, joiner: re.Pattern[str]) -> list[str]:
    """``expr`` cut at each ``joiner`` outside quotes and brackets."""
    parts, start = [], 0
    for m in joiner.finditer(_masked(expr)):
        parts.append(expr[start : m.start()])
        start = m.end()
    parts.append(expr[start:])
    return parts


def _all(tests: list[Test]) -> Test:
    """The clauses joined by AND, composed once (a predicate is tried on every element of the screen)."""
    if len(tests) == 1:
        return tests[0]
    if len(tests) == 2:
        a, b = tests
        return lambda el: a(el) and b(el)
    return lambda el: all(t(el) for t in tests)


def _any(tests: list[Test]) -> Test:
    if len(tests) == 2:
        a, b = tests
        return lambda el: a(el) or b(el)
    if len(tests) == 3:
        a, b, c = tests
        return lambda el: a(el) or b(el) or c(el)

    def either(el: ET.Element) -> bool:
        for t in tests:  # noqa: SIM110 (a loop: no generator made per element of the screen)
            if t(el):
                return True
        return False

    return either


def _within(text: str) -> Test | None:
    """``key IN {'a', 'b'}``: one of the listed values (None: not that form)."""
    within = _IN.match(text.strip())
    if within is None:
        return None
    allowed = frozenset(a or b for a, b in _LISTED.findall(within.group(2)))
    if within.group(1) in ("type", "elementType"):
        return lambda el: el.get("type") in allowed
    read = _reader(within.group(1))
    return lambda el: read(el) in allowed


def _between(key: str, op: str, other: str) -> Test:
    """``name != label``: two attributes of the element compared."""
    a, b = _TEXT_KEYS.get(key), _TEXT_KEYS.get(other)
    if a is not None and b is not None:
        if op == "==":
            return lambda el: (el.get(a) or "") == (el.get(b) or "")
        return lambda el: (el.get(a) or "") != (el.get(b) or "")
    left, right, same = _reader(key), _reader(other), op == "=="
    return lambda el: (left(el) == right(el)) is same


def _clause(text: str) -> Test:
    listed = _within(text)
    if listed is not None:
        return listed
    m = _CLAUSE.match(text.strip().strip("()"))
    if m is None:
        raise WdaError("invalid selector", f"Cannot parse the predicate clause '{text.strip()}'", 400)
    key, op, flags, *vals = m.groups()
    if vals[2] in _KEY_PATHS and op in ("==", "!=") and not flags:
        return _between(key, op, vals[2])
    want = next(v for v in vals if v is not None).replace("\\'", "'").replace('\\"', '"')
    fold = "c" in (flags or "").lower()  # [c]: case-insensitive
    plain = "d" in (flags or "").lower()  # [d]: diacritic-insensitive (é as e)
    if want.lower() in ("true", "yes") and key in ("visible", "enabled", "accessible", "hasKeyboardFocus"):
        want = "1"
    elif want.lower() in ("false", "no") and key in ("visible", "enabled", "accessible", "hasKeyboardFocus"):
        want = "0"
    op = op.upper()
    if fold:
        want = want.lower()
    if plain:
        want = _undiacritic(want)
    compare = _compare(op, want, fold)
    read = _reader(key)
    empty = compare("")  # most elements lack most attributes: decided once
    attr = _TEXT_KEYS.get(key)
    if op == "MATCHES" and attr is not None:
        return _matches(attr, re.compile(want, re.I if fold else 0).fullmatch, fold, plain)

    def test(el: ET.Element) -> bool:
        got = read(el)
        if not got:
            return empty
        if fold:
            got = got.lower()
        return compare(_undiacritic(got) if plain else got)

    return test


def _matches(attr: str, match: Callable[[str], object], fold: bool, plain: bool) -> Test:
    """A pattern over a text attribute (the most common predicate over a whole screen), read directly."""

    empty = match("") is not None  # most elements lack most attributes: decided once

    def test(el: ET.Element) -> bool:
        got = el.get(attr)
        if not got:
            return empty
        if fold:
            got = got.lower()
        return match(got if not plain or got.isascii() else _undiacritic(got)) is not None

    return test


def _undiacritic(text: str) -> str:
    """``text`` without its combining marks (NSPredicate's ``[d]``); ASCII as it is."""
    if text.isascii():
        return text
    return "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))


def _compare(op: str, want: str, fold: bool) -> Callable[[str], bool]:
    if op == "==":
        return lambda got: got == want
    if op == "!=":
        return lambda got: got != want
    if op == "CONTAINS":
        return lambda got: want in got
    if op == "BEGINSWITH":
        return lambda got: got.startswith(want)
    if op == "ENDSWITH":
        return lambda got: got.endswith(want)
    if op == "LIKE":
        like = re.compile(re.escape(want).replace(r"\*", ".*").replace(r"\?", "."))
        return lambda got: like.fullmatch(got) is not None
    try:
        pattern = re.compile(want, re.I if fold else 0)
    except re.error as exc:
        raise WdaError("invalid selector", f"Cannot compile the MATCHES pattern '{want}': {exc}", 400) from exc
    return lambda got: pattern.fullmatch(got) is not None


def class_chain(root: ET.Element, chain: str) -> list[ET.Element]:
    """A class chain (``**/XCUIElementTypeCell[`label == 'General'`][1]/XCUIElementTypeButton``)."""
    current = [root]
    descendant = False
    for seg in [s for s in chain.strip().split("/") if s]:
        m = _SEGMENT.match(seg)
        if m is None:
            raise WdaError("invalid selector", f"Cannot parse the class chain segment '{seg}'", 400)
        kind, filters = m.groups()
        if kind == "**":
            descendant = True
            continue
        pool: list[ET.Element] = []
        for el in current:
            found = [d for d in el.iter() if d is not el] if descendant else list(el)
            found = [d for d in found if kind in ("XCUIElementTypeAny", "*") or d.get("type") == kind]
            for f in re.findall(r"\[(`[^`]*`|-?\d+)\]", filters):
                if f.startswith("`"):
                    test = predicate(f.strip("`"))
                    found = [d for d in found if test(d)]
                else:
                    i = int(f)
                    found = [found[i - 1]] if 0 < i <= len(found) else [found[i]] if -len(found) <= i < 0 else []
            pool.extend(d for d in found if all(d is not p for p in pool))
        current, descendant = pool, False
    return current if current != [root] else []


def _xpath(root: ET.Element, expr: str) -> list[ET.Element]:
    path = expr.strip()
    if path.startswith("/AppiumAUT"):
        path = path[len("/AppiumAUT"):]
    path = "." + path if path.startswith("/") else path
    holder = ET.Element("AppiumAUT")
    holder.append(root)
    try:
        found = [e for e in holder.findall(path) if e is not holder]
    except (SyntaxError, KeyError) as exc:
        raise WdaError("invalid selector", f"Cannot evaluate the xpath '{expr}': {exc}", 400) from exc
    finally:
        holder.remove(root)
    return found
