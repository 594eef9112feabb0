"""Words that say what kind of value a quoted name is, checked against the page.

'the "High" priority option', '"14:00" start slot': a quoted name followed (or preceded: 'the operation "Get
a user"') by words no element is named with. A person reads those words as the kind of the value ("High" is a
priority). They are accounted for in two ways, never on a guess:

- the page says so (:func:`by_kind`): a column headed "Priority" holds a cell reading exactly "High", the group
  the control sits in is named "Priority", or the list it is in is titled so;
- the words name the untitled set of like choices the value is one of (:func:`unshown_kind`): every element so
  named is one of at least three like elements in one group, list or table, and nothing on the page could be
  what the words name instead. A lone element is not such a set: there the kind is the claim, and the
  description stays refused.

Then the element is looked for by its quoted name alone.
"""

from __future__ import annotations

from dataclasses import replace

from tapwright.core.element import Element
from tapwright.locator.index import TreeIndex
from tapwright.locator.query import Query
from tapwright.locator.relations import same_column
from tapwright.locator.score import apply_container
from tapwright.locator.scored import Scored
from tapwright.locator.text import loose_form, stem, tokens

# Words that only name the control's kind, not the value's: they stay the query's role words.
_FILLERS = frozenset({"option", "choice", "value", "entry", "item", "setting", "button", "radio", "toggle", "chip"})


def _same(a: str, b: str) -> bool:
    return a == b or (bool(stem(a)) and stem(a) == stem(b)) or (bool(stem(b)) and stem(b) == a)


def _names_kind(kind: tuple[str, ...], label: str) -> bool:
    """Every kind word is a word of ``label`` (as another form too: "priorities" for "Priority")."""
    have = tokens(loose_form(label))
    return bool(have) and all(any(_same(k, h) for h in have) for k in kind)


def kind_words(q: Query, *, before: bool = False) -> tuple[str, ...]:
    """The words of ``q``'s name beyond its one quoted name ("priority" in '"High" priority option'); with
    ``before``, also the words ahead of it ("operation" in 'operation "Get a user"')."""
    if len(q.quoted) != 1 or not q.text:
        return ()
    said = tokens(loose_form(q.text))
    name = tokens(loose_form(q.quoted[0]))
    if not name:
        return ()
    if said[: len(name)] == name:
        rest = said[len(name):]
    elif before and said[-len(name):] == name:
        rest = said[: -len(name)]
    else:
        return ()
    rest = tuple(w for w in rest if w not in _FILLERS)
    return rest if 0 < len(rest) <= 3 and all(w.isalpha() for w in rest) else ()


def evidence(index: TreeIndex, name: str, kind: tuple[str, ...]) -> str | None:
    """Where the page shows that ``name`` is a ``kind``: a column so headed holding a cell that reads exactly
    ``name``, or a group so named holding an element so named. None when it shows no such thing."""
    want = loose_form(name)
    exact = [i for i, e in enumerate(index.elements)
             if loose_form(e.name or e.text) == want or any(f.kind == "name" and f.loose == want for f in index.fields[i])]
    for h in _column_heads(index):
        head = index.elements[h]
        if head.rect is None:
            continue
        table = next((c for c in head.context if c.partition(":")[0] in ("table", "grid", "treegrid")), None)
        for i in exact:
            e = index.elements[i]
            if e.role not in ("cell", "gridcell") or (table is not None and table not in e.context) or \
                    not same_column(e.rect, [head.rect]):  # fmt: skip
                continue
            if _names_kind(kind, head.name):
                return f"the {head.name!r} column holds {name!r}"
            titled = _titled_column(head, kind)
            if titled is not None:
                return f"the {head.name!r} column of {titled!r} holds {name!r}"
    for i in exact:
        for entry in index.elements[i].context:
            kind_of, _, label = entry.partition(":")
            if kind_of in ("radiogroup", "group", "listbox", "menu", "tablist", "toolbar") and _names_kind(kind, label):
                return f"{name!r} is in the group {label!r}"
        title = section_title(index, i)
        if title is not None and _names_kind(kind, title):
            return f"{name!r} is listed under the heading {title!r}"
    return None


_TABLES = frozenset({"table", "grid", "treegrid"})


def _column_heads(index: TreeIndex) -> list[int]:
    """Column headings: column headers, and the texts, links and buttons of a table's top row (a data grid draws
    its headings as sort buttons)."""
    heads = list(index.by_role.get("columnheader", ()))
    if heads:
        return heads
    tops: dict[str, tuple[float, str]] = {}  # table -> (top, its top row)
    for e in index.elements:
        table = next((c for c in e.context if c.partition(":")[0] in _TABLES), None)
        row = next((c for c in reversed(e.context) if c.startswith("row:")), None)
        if table is None or row is None or e.rect is None or not e.state.visible or e.rect.height <= 0:
            continue
        if table not in tops or e.rect.y < tops[table][0]:
            tops[table] = (e.rect.y, row)
    top_rows = {row for _, row in tops.values()}
    return [i for i, e in enumerate(index.elements)
            if e.role in ("button", "link", "text") and e.rect is not None and e.state.visible
            and any(c in top_rows for c in e.context)]


def _titled_column(head: Element, kind: tuple[str, ...]) -> str | None:
    """ 'the appointment ID "A-1018"': the kind words are the column heading's ("ID") and the title of the box
    the table is in ("Appointments (35)"): every word is one of the two, and each of the two says at least one.
    The title is the first words of the box's label (an article's, a region's), up to the table's own headings."""
    in_head = [k for k in kind if any(_same(k, h) for h in tokens(loose_form(head.name)))]
    rest = [k for k in kind if k not in in_head]
    if not in_head or not rest:
        return None
    for entry in reversed(head.context):
        kind_of, _, label = entry.partition(":")
        if kind_of not in ("article", "region", "group", "section", "table", "grid") or not label:
            continue
        title = tokens(loose_form(label))[:3]
        if all(any(_related(k, w) for w in title) for k in rest):
            return label.split("  ")[0][:40]
    return None


def section_title(index: TreeIndex, i: int) -> str | None:
    """The heading of the section element ``i`` is listed in: the nearest heading before it that ranks above
    the heading it is itself in (the list's title, not the previous item's own heading)."""
    own = _heading_level(index, i)
    for k in range(i - 1, -1, -1):
        e = index.elements[k]
        if e.role != "heading":
            continue
        level = _level(e.attr("level"))
        if own is None or level < own:
            return e.name
    return None


def _heading_level(index: TreeIndex, i: int) -> int | None:
    """The level of the heading element ``i`` is or sits in (the heading just before it with the same name)."""
    e = index.elements[i]
    if e.role == "heading":
        return _level(e.attr("level"))
    if i > 0:
        before = index.elements[i - 1]
        if before.role == "heading" and loose_form(before.name) == loose_form(e.name):
            return _level(before.attr("level"))
    return None


def _level(raw: str) -> int:
    return int(raw) if raw.isdigit() else 2


def by_kind(index: TreeIndex, q: Query) -> tuple[Query, str] | None:
    """``q`` looking for its quoted name alone, and why its other words are accounted for, when the page
    shows they name the kind of that value; else None."""
    kind = kind_words(q) or kind_words(q, before=True)
    if not kind:
        return None
    why = evidence(index, q.quoted[0], kind)
    if why is None:
        return None
    name = q.quoted[0]
    return replace(q, text=name, full_text=name), f"{' '.join(kind)!r}: {why}"


def _related(a: str, b: str) -> bool:
    """The same word in another form: "priority"/"priorities", "confirmation"/"confirm"."""
    if _same(a, b):
        return True
    short, long = sorted((a, b), key=len)
    return len(short) >= 4 and long.startswith(short)


def _holds(have: tuple[str, ...], want: tuple[str, ...]) -> bool:
    n = len(want)
    return any(have[k : k + n] == want for k in range(len(have) - n + 1))


def unshown_kind(index: TreeIndex, q: Query) -> tuple[Query, str] | None:
    """'the "High" priority option', '"14:00" start time', 'the operation "Get a user"': the kind words name the
    unlabelled set of like choices the quoted value is one of (radios in a group, slots in a list, operations in a
    section), which the page does not title. Accepted only when every element so named is one of at least three
    like elements in one group, list or table, in no group whose own name says another kind, and no element on the
    page holds the name together with a word the kind words may be (another form of it: "Confirm email" for 'the
    "Email" confirmation field'). A lone element ('a tag called "Compost"' on a clickable word "compost", 'the
    "Saved" toast' on a status line) is not: the kind is the claim there. The element is then looked for by its
    quoted name alone, and the ordinary reading decides among several so named (AMBIGUOUS)."""
    kind = kind_words(q, before=True)
    if not kind:
        return None
    name = q.quoted[0]
    want = tokens(loose_form(name))
    exact: list[int] = []
    partial: list[int] = []
    for i, e in enumerate(index.elements):
        have = tokens(loose_form(e.name or e.text))
        if not _holds(have, want):
            continue
        extra = [w for w in have if w not in want]
        if any(_related(k, w) for k in kind for w in extra):
            return None  # an element the kind words may name: read as said, or refused
        if e.state.visible:
            (partial if extra else exact).append(i)
    named = _in_place(index, q, exact) or _in_place(index, q, partial)
    if not named or not all(_one_of_a_set(index, i, kind) for i in named):
        return None
    return replace(q, text=name, full_text=name), f"{' '.join(kind)!r}: {name!r} is one of a set of like choices"


def _in_place(index: TreeIndex, q: Query, found: list[int]) -> list[int]:
    """Those of ``found`` inside the container the description places the element in ('... in the navigation'),
    all of them when it names none (or the page has no such container: the ordinary reading then refuses)."""
    rel = q.relation
    if not found or rel is None or rel.container is None:
        return found
    scored = [Scored(i, 1.0, 1.0, []) for i in found]
    if not apply_container(index, scored, rel.container):
        return found
    return [s.i for s in scored if s.score >= 1.0]


# Containers of like choices; in the ARIA groups the name is the set's own title, which the kind words must not
# contradict (a "Severity" group is no set of priorities).
_SETS = frozenset({"radiogroup", "group", "listbox", "menu", "menubar", "tablist", "toolbar", "list", "table", "grid",
                   "treegrid", "tree"})  # fmt: skip
_TITLED_SETS = frozenset({"radiogroup", "group", "listbox", "menu", "menubar", "tablist", "toolbar"})


def _one_of_a_set(index: TreeIndex, i: int, kind: tuple[str, ...]) -> bool:
    """Whether element ``i`` is one of at least three visible elements of its role in its nearest set container."""
    e = index.elements[i]
    for entry in reversed(e.context):
        kind_of, _, label = entry.partition(":")
        if kind_of not in _SETS:
            continue
        if label and kind_of in _TITLED_SETS and not _names_kind(kind, label):
            return False
        like = sum(1 for j in index.by_role.get(e.role, ()) if entry in index.elements[j].context
                   and index.elements[j].state.visible)
        return like >= 3
    return False


# The words a sign-in form's identity field goes by ("username", "Email", "Login"): one page says one, the
# step another. Only ever read for a field that shares its form with a password field.
_IDENTITY = frozenset({"username", "user", "email", "e-mail", "mail", "login", "userid", "account", "address", "name",
                       "id", "or"})  # fmt: skip
_IDENTITY_HEADS = frozenset({"username", "user", "email", "e-mail", "login", "userid"})
_FIELD_WORDS = frozenset({"field", "box", "input", "textbox", "text"})


def identity_field(index: TreeIndex, description: str) -> tuple[int, str] | None:
    """'username' on a sign-in form whose identity field is labelled "Email" (or the other way round): the one
    text field named only by identity words in a form that also holds a password field; None when the page has
    no such form, or more than one such field."""
    said = [w for w in tokens(loose_form(description)) if w not in _FIELD_WORDS]
    if not said or not set(said) <= _IDENTITY or not set(said) & _IDENTITY_HEADS:
        return None
    forms = {c for e in index.elements if e.role == "textbox" and e.attr("type") == "password"
             for c in e.context if c.partition(":")[0] == "form"}
    passwords = [e for e in index.elements if e.attr("type") == "password" and e.state.visible]
    if not passwords:
        return None
    found = []
    for i, e in enumerate(index.elements):
        if e.role not in ("textbox", "combobox") or not e.state.visible or e.attr("type") == "password":
            continue
        have = set(tokens(loose_form(e.name)))
        if not have or not have <= _IDENTITY or not have & _IDENTITY_HEADS:
            continue
        in_form = any(c in forms for c in e.context) if forms else True
        if in_form:
            found.append(i)
    if len(found) != 1:
        return None
    return found[0], f"{' '.join(said)!r}: the sign-in form's identity field, {index.elements[found[0]].name!r}"
