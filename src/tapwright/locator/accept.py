"""Acceptance: which ranked candidates may be acted on at all. Scores rank; this module decides.

A candidate can score well and still not be what a person means. The rules here are about
meaning, not degree, so they refuse a candidate whatever its score:

- **negation**: "Allow" is not "Don't allow", "Install" is not "Uninstall": a name that holds
  the description's words negated (a negating word before them, or a negating prefix) is not
  a match, unless the description says the negation too;
- **actionable for the role**: a description that names a control ("the Home button", "the
  Email field") is not met by an element that is no control of that kind: a static text, a
  layout, a picture that nothing on the page or screen makes clickable, or a text field for
  a button; "the X dialog" is met only by a dialog or something inside one (never by the
  button that opens it);
- **what a person sees**: a match only through a developer's id (``resource-id``, ``id``,
  ``name``, a test id) counts for an element a person can act on and whose visible words do not
  say something else; a layout's id ("keypad_bottom_row") names nothing a person sees;
- **partial names of different things**: when the best candidate holds the description's
  words only as part of its name ("Delete" in "Delete all"), another element that holds them
  as part of a different name ("Delete selected") close behind is a real choice: AMBIGUOUS;
- **several things**: a description that names more than one thing ("all rows", "every box",
  "each field", "both tabs", "Ann and Bob") is not met by one element whose own words (its name
  or where it sits) do not say so too ("Select all" may be meant by "the select all box"): one
  element acted on or checked for several is a part of the step silently dropped.

Pure functions over the locator's index, used by :func:`tapwright.locator.core.locate`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tapwright.core.element import Element, UiTree
from tapwright.locator.index import TreeIndex, index_for
from tapwright.locator.query import Query, parse
from tapwright.locator.scored import Scored
from tapwright.locator.text import loose_form, split_camel
from tapwright.locator.vocab import RELATED_ROLES

# Roles by what a person does with them: press, type or choose, toggle.
_PRESS = frozenset({"button", "link", "menuitem", "tab", "option", "treeitem", "menuitemcheckbox", "menuitemradio"})
_TYPE = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "slider", "listbox"})
_TOGGLE = frozenset({"checkbox", "radio", "switch"})
CONTROL_ROLES = _PRESS | _TYPE | _TOGGLE
_CHOOSERS = frozenset({"combobox", "listbox"})  # typed into or pressed open
_DIALOGS = frozenset({"dialog", "alertdialog"})  # "the X dialog" is one, or something inside one
# Fields a developer writes and a person never reads on the screen.
# ("name" is not among them: the accessible name and a form field's name attribute share that kind.)
DEVELOPER_FIELDS = frozenset({"id", "resource_id", "test_id", "cls"})
# The end of the refusal of a text named only by a developer id: nothing to act on, though a check may read it.
NOT_ACTED_ON = "of something a person cannot act on"
# Kinds of text match that hold the description's words as part of a longer name.
PARTIAL_MATCHES = frozenset({"contains", "partial", "fuzzy"})
NEAR = 0.15  # a partial match this close behind another partial match of a different name is a real choice
_NEG_PREFIXES = ("un", "dis", "non", "in", "de")
_MATCH = re.compile(r"^(\w+) (exact|normalized|same words|contains|partial|fuzzy)\b")


def match_of(s: Scored) -> tuple[str, str]:
    """(field kind, match kind) of a candidate's text match, from its first reason: ("name", "exact")."""
    if not s.reasons:
        return "", ""
    m = _MATCH.match(s.reasons[0])
    return (m.group(1), m.group(2)) if m else ("", "")


def refusal(index: TreeIndex, q: Query, s: Scored, *, seen_elsewhere: bool = False,
            visible_elsewhere: bool = False) -> str | None:
    """Why the candidate may not be acted on for this description, or None when it may.

    ``seen_elsewhere``: another candidate shows the description's words to a person (see :func:`seen_match`).
    ``visible_elsewhere``: a visible candidate matches well enough (see :func:`visible_match`).
    """
    if s.outside:  # "Save in the dialog": a Save behind it is not what the step says, however well named
        return f"outside {s.outside}, where the description says it is"
    if s.absent:  # '"Memebrs" in the menu': "Members" there is another name, however near the place and spelling
        return f"does not show {s.absent!r}, which the description quotes"
    if s.unlike:  # "the Compost tag": a clickable word inside a paragraph is no tag, whatever its name
        return s.unlike
    e = index.elements[s.i]
    if visible_elsewhere and not e.state.visible and e.role not in _DRAWN_BY_PROXY:
        return "hidden (in a closed menu or panel), while a visible element matches"
    return _not_meant(index, q, s, seen_elsewhere)


def _not_meant(index: TreeIndex, q: Query, s: Scored, seen_elsewhere: bool) -> str | None:
    e = index.elements[s.i]
    field, kind = match_of(s)
    named = loose_form(q.text).split()
    if named and all(w in QUANTIFIERS for w in named) and kind in PARTIAL_MATCHES:
        return f"the description names no thing but {q.text!r}; {(e.name or e.text)[:40]!r} only holds the word"
    several = several_words(q, e)
    if several:
        return f"{SEVERAL} ({', '.join(several)!s}); {e.role or 'element'} is one thing"
    if field == "name" and _named_by_id(e):
        field = "resource_id"  # a name made from the id (an unnamed Android view): still only the id
    if kind and _negated(q, e):
        return f"its name {(e.name or e.text)[:40]!r} negates the description's words"
    if kind in PARTIAL_MATCHES and e.role in _TYPE and e.value and loose_form(e.value) == loose_form(e.name):
        return "only part of what is typed in the field matches; its content is no name"
    asked = set(q.roles) & CONTROL_ROLES
    boxes = set(q.roles) & _DIALOGS
    if boxes and not asked and e.role not in boxes and not any(c.split(":", 1)[0] in boxes for c in e.context):
        return f"{e.role or 'element'} is neither a dialog nor inside one"
    if asked and not _meets_roles(index, s.i, asked):
        return f"{e.role or 'element'} is not a {'/'.join(sorted(asked))} a person can act on"
    if field in DEVELOPER_FIELDS and _verbatim_id(q, e):
        return None  # the id itself, typed as written ("signup_button"): a name the person chose to use
    kinds = set(q.roles)
    if (field in DEVELOPER_FIELDS and kinds and e.role not in kinds and (not e.interactive or e.role in CONTROL_ROLES)
            and not _shares_words(q, " ".join(_visible_words(e)))):
        # "the Title row" is no text field whose id says title, "the Quick balance button" no picture whose id says
        # so (a touchable group is a button to a person: it stays)
        return f"matched only by a developer id ({field}) of a {e.role or 'element'}, not a {'/'.join(sorted(kinds))}"
    if field in DEVELOPER_FIELDS and not _shares_words(q, " ".join(_visible_words(e))):
        if not _actionable(index, s.i):
            return f"matched only by a developer id ({field}) {NOT_ACTED_ON}"
        if _wordy(e.text) and (seen_elsewhere or (e.role not in CONTROL_ROLES and not _joined_words(q, e.text))):
            return f"matched only by its {field}; what a person reads on it is {e.text[:40]!r}"
        if e.role not in CONTROL_ROLES and not _wordy(e.text):
            inner = _inner_text(index, s.i)
            if _wordy(inner) and not _shares_words(q, inner) and not _joined_words(q, inner):
                return f"matched only by the {field} of a container; what a person reads in it is {inner[:40]!r}"
    return None


# Words that make a description name more than one thing. ("any" and "one" pick one: "Click any product".)
QUANTIFIERS = frozenset({"all", "every", "each", "both"})
SEVERAL = "the description names several things"
_UNQUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|«[^»]*»|„[^“”]*[“”]")


def several_words(q: Query, e: Element) -> list[str]:
    """The words of the description (outside quotes) that name several things and that the element's own
    words do not hold: a quantifier ("all", "every", "each", "both"), or "and" between two names."""
    said = loose_form(_UNQUOTED.sub(" ", q.raw)).split()
    own = set(loose_form(" ".join([e.name, *_visible_words(e), *e.context, e.attrs.get("near", "")])
                         .replace("&", " and ")).split())
    out = [w for w in dict.fromkeys(said) if w in QUANTIFIERS and w not in own]
    named = loose_form(_UNQUOTED.sub(" ", q.text)).split()
    if "and" in named[1:-1] and "and" not in own:
        out.append("and")
    return out


def _inner_text(index: TreeIndex, i: int) -> str:
    """The words shown inside a container (the texts and names of the elements its box holds)."""
    e = index.elements[i]
    if e.rect is None:
        return ""
    r = e.rect
    words: list[str] = []
    for other in index.elements:
        o = other.rect
        if other is e or o is None or not other.state.visible or _named_by_id(other):
            continue
        if r.x <= o.x and r.y <= o.y and o.x + o.width <= r.x + r.width and o.y + o.height <= r.y + r.height:
            words.extend(t for t in (other.text, other.name, (other.attrs or {}).get("content_desc")) if t)
    return " ".join(dict.fromkeys(words))


# Controls a page often hides and draws with another element (a tick box under its styled box, a native select
# under its widget): hidden, they still stand for what a person sees.
_DRAWN_BY_PROXY = frozenset({"checkbox", "radio", "switch", "combobox", "listbox", "textbox", "searchbox", "slider",
                             "spinbutton"})  # fmt: skip


def visible_match(index: TreeIndex, ranked: Sequence[Scored], floor: float, q: Query) -> bool:
    """Whether some candidate at or above ``floor`` is visible and of the kind asked (if any): a person looking at
    the page sees that one, not a hidden one (an emoji picker's buttons in a closed popup), however much better the
    hidden one's words match. A visible button does not stand for "the Edit profile dialog" that is closed."""
    kinds = set(q.roles) | {r for role in q.roles for r in RELATED_ROLES.get(role, frozenset())}
    return any(s.score >= floor and (e := index.elements[s.i]).state.visible and (not kinds or e.role in kinds)
               for s in ranked)


def seen_match(index: TreeIndex, ranked: Sequence[Scored], floor: float) -> bool:
    """Whether some candidate at or above ``floor`` matches by words a person sees (not a developer id)."""
    for s in ranked:
        if s.score < floor:
            break
        field = match_of(s)[0]
        if field and field not in DEVELOPER_FIELDS and not (field == "name" and _named_by_id(index.elements[s.i])):
            return True
    return False


def _meets_roles(index: TreeIndex, i: int, asked: set[str]) -> bool:
    e = index.elements[i]
    if asked & _TYPE and e.attr("tag") == "input":
        return True  # every <input> is a field to a person, a file chooser drawn as a button too
    groups = [g for g in (_PRESS, _TYPE, _TOGGLE) if asked & g]
    if e.role in CONTROL_ROLES:
        if asked & _CHOOSERS and e.role in _PRESS:
            return True  # a dropdown drawn as a button that opens its list ("Choose country ▾")
        # A link for a button, a switch for a checkbox: the same gesture. A text field is no button.
        return any(e.role in g for g in groups) or (e.role in _PRESS | _TOGGLE and not asked & _TYPE)
    if e.role in ("text", "label") and asked & (_TYPE | _TOGGLE):
        return True  # a caption beside its field or box ("Size", "Remember me"): the action finds the control
    return _actionable(index, i) and not asked & _TYPE


def _actionable(index: TreeIndex, i: int) -> bool:
    return actionable(index.elements, index.elements[i])


SMALL = 0.3  # a control around an element counts when it covers at most this share of the screen


def actionable(elements: Sequence[Element], e: Element) -> bool:
    """Whether acting on ``e`` reaches a control: it is one, or a control of about its size covers its middle
    (a clickable row or card around a caption; not the whole screen or a dialog behind a text)."""
    return reached_control(elements, e) is not None


def reached_control(elements: Sequence[Element], e: Element) -> Element | None:
    """The control acting on ``e`` reaches: ``e`` itself when it is one, else a control of about its size that
    covers its middle (see :func:`actionable`); None when acting on it reaches none."""
    if e.interactive:
        return e
    r = e.rect
    if r is None:
        return None
    screen = max((o.rect.width * o.rect.height for o in elements if o.rect is not None), default=0.0)
    cx, cy = r.x + r.width / 2, r.y + r.height / 2
    for other in elements:
        o = other.rect
        if not other.interactive or o is None or other is e:
            continue
        area = o.width * o.height
        covers = o.x <= cx <= o.x + o.width and o.y <= cy <= o.y + o.height
        if covers and r.width * r.height * 0.9 <= area <= SMALL * screen:
            return other
    return None


# A role noun a step may leave to the screen ("the Messages app" is the Messages icon) only when what is found
# is that kind of thing.
_NOUN_ROLES = {"button": _PRESS | _TOGGLE, "link": _PRESS, "tab": _PRESS, "key": _PRESS, "option": _PRESS | _TOGGLE,
               "field": _TYPE, "entry": _TYPE}  # fmt: skip


def fits_noun(e: Element, noun: str, elements: Sequence[Element]) -> bool:
    """Whether ``e`` is what ``noun`` ("button", "field" ...) names: a control a person can act on that way."""
    roles = _NOUN_ROLES.get(noun)
    if roles is None:
        return True
    if e.role in CONTROL_ROLES:
        return e.role in roles
    if not e.interactive and not _visible_words(e):
        return False  # a picture a person sees no words on, inside another control: that control is what is tapped
    return roles is not _TYPE and actionable(elements, e)


_NEGATION = re.compile(r"\b(not|no|never|without|cannot|none|nothing|\w+n't|dont|doesnt|cant|wont|isnt)\b")


def negates(text: str) -> bool:
    """Whether a text says "not": a negating word ("Don't", "never", "no")."""
    return bool(_NEGATION.search(text.lower().replace("’", "'")))


def _negated(q: Query, e: Element) -> bool:
    """Whether the element's name holds the description's words negated while the description does not."""
    if negates(q.raw):
        return False
    wanted = set(loose_form(q.text or q.full_text).split())
    name = (e.name or e.text or "").lower().replace("’", "'")
    words = loose_form(name).split()
    if not wanted or (not (wanted & set(words)) and not any(_prefixed(w, wanted) for w in words)):
        return False
    if any(_prefixed(w, wanted) for w in words):
        return True  # "Uninstall" for "Install"
    # "Don't allow" for "Allow": a negating word before the first of the wanted words.
    first = min((name.find(w) for w in wanted if w in words and name.find(w) >= 0), default=-1)
    return first > 0 and negates(name[:first])


def _prefixed(word: str, wanted: set[str]) -> bool:
    """ "uninstall" for "install", or "install" for "uninstall": one word is the other negated by a prefix."""
    for p in _NEG_PREFIXES:
        if word.startswith(p) and word[len(p) :] in wanted and len(word) - len(p) >= 4:
            return True
        if any(w == p + word for w in wanted) and len(word) >= 4:
            return True
    return False


def _named_by_id(e: Element) -> bool:
    """Whether the element's name was made from its developer id (a mobile view with nothing else to show).

    Only a mobile resource id is turned into a name; a web page's ``id`` that happens to spell the
    element's shown name ("eget" on a span reading "Eget") says nothing about where the name came from."""
    attrs = e.attrs or {}
    ident = attrs.get("resource_id") or ""
    ident = ident.rsplit("/", 1)[-1]
    return bool(ident) and loose_form(split_camel(ident.replace("_", " ").replace("-", " "))) == loose_form(e.name)


def _visible_words(e: Element) -> list[str]:
    """The texts of an element a person reads or hears: its name, text, label and description."""
    attrs = e.attrs or {}
    name = "" if _named_by_id(e) else e.name
    return [t for t in (name, e.text, attrs.get("label"), attrs.get("content_desc"), attrs.get("placeholder"),
                        attrs.get("title"), attrs.get("alt")) if t]  # fmt: skip


def _wordy(text: str) -> bool:
    return sum(ch.isalpha() for ch in text) >= 2


def _shares_words(q: Query, seen: str) -> bool:
    wanted = set(loose_form(q.text or q.full_text).split())
    return bool(wanted & set(loose_form(seen).split()))


def _verbatim_id(q: Query, e: Element) -> bool:
    """Whether the description is the element's developer id exactly as written (package prefix aside)."""
    attrs = e.attrs or {}
    said = (q.full_text or "").strip()
    ids = [attrs.get(k) or "" for k in ("resource_id", "id", "test_id")]
    return bool(said) and " " not in said and any(i and said in (i, i.rsplit("/", 1)[-1]) for i in ids)


def _joined_words(q: Query, seen: str) -> bool:
    """Whether a word of the description is words shown run together ("signup" for "Sign up")."""
    joined = loose_form(seen).replace(" ", "")
    return any(len(w) >= 4 and w in joined for w in loose_form(q.text or q.full_text).split())


def partial_rival(index: TreeIndex, best: Scored, ranked: list[Scored], said: tuple[str, ...] = ()) -> Scored | None:
    """Another candidate with a different name that matches about as partially as the best one.

    ``said``: the description's words. One of them the best one holds as a whole word and the other does not ("Priya"
    in "1:1 with Priya 11:00", only the start of "Priyanka" in "1:1 with Priyanka 11:00") makes the other no rival.
    """
    if match_of(best)[1] not in PARTIAL_MATCHES:
        return None
    e = index.elements[best.i]
    name = loose_form(e.name or e.text)
    held = {t for f in index.fields[best.i] for t in f.tokens} & set(said)
    for s in ranked:
        if best.score - s.score >= NEAR:
            break
        if s is best:
            continue
        other = index.elements[s.i]
        if not other.state.visible or loose_form(other.name or other.text) == name:
            continue
        if e.interactive and not other.interactive and _captions(other, e):
            continue  # the control's own caption or question ("Country: Choose country") is no other thing
        if not all(_holds_word(index, s.i, w) for w in held):
            continue  # a word said, whole in the best one's name, is not in this one's
        if match_of(s)[1] in PARTIAL_MATCHES and _same_spot(e, other) is False:
            return s
    return None


def _holds_word(index: TreeIndex, i: int, word: str) -> bool:
    """Whether element ``i`` says ``word`` whole or inflected ("contacts", "deleted" for "contact", "delete"); the
    start of another word is not it ("Priyanka" for "Priya")."""
    for f in index.fields[i]:
        for t in f.tokens:
            if t == word or (t.startswith(word) and t[len(word) :] in _INFLECTIONS):
                return True
    return False


_INFLECTIONS = frozenset({"s", "es", "d", "ed", "ing", "'s", "’s"})


_KINDS = ("exact", "normalized", "same words", "contains", "partial", "fuzzy")


def content_rival(index: TreeIndex, best: Scored, ranked: list[Scored], floor: float) -> Scored | None:
    """Another element named like the best one, when the best is a field named only by what is typed in it.

    A text field with no label, hint or description is "named" by its content; what it holds is no name,
    so an element above ``floor`` that shows the same words as well (a suggestion, a history row) is a
    real choice, however much more the field scores for being a control. (Only for descriptions that
    name no role: "the X field" says which.)
    """
    e = index.elements[best.i]
    if e.role not in _TYPE or match_of(best)[0] != "name" or not e.value or loose_form(e.value) != loose_form(e.name):
        return None
    attrs = e.attrs or {}
    if any(attrs.get(k) for k in ("label", "placeholder", "hint", "content_desc", "label_title")):
        return None
    strength = _KINDS.index(match_of(best)[1]) if match_of(best)[1] in _KINDS else 0
    for s in ranked:
        if s.score < floor:
            break
        other = index.elements[s.i]
        if s is best or not other.state.visible or _same_spot(e, other) is not False or inside_of(other, e):
            continue
        field, kind = match_of(s)
        if field and field not in DEVELOPER_FIELDS and kind in _KINDS and _KINDS.index(kind) <= strength:
            return s
    return None


def caption_rival(index: TreeIndex, q: Query, best: Scored, ranked: list[Scored]) -> Scored | None:
    """The caption itself, when the best candidate is a field found only through the caption beside it.

    A field with a name of its own ("Login") under a caption ("ENTER YOUR DETAILS:") is not plainly what
    the caption's words mean: the text and the field are a real choice, unless the description names a field
    ("the Enter your details field") or the field's own name says the same words.
    """
    e = index.elements[best.i]
    if match_of(best)[0] != "near" or e.role not in _TYPE or set(q.roles) & _TYPE or not _wordy(e.name):
        return None
    if _shares_words(q, e.name):
        return None
    for s in ranked:
        if best.score - s.score >= NEAR:
            break
        other = index.elements[s.i]
        if s is not best and not other.interactive and match_of(s)[0] == "name" and other.state.visible:
            return s
    return None


def inside_of(a: Element, b: Element) -> bool:
    """Whether ``a``'s box lies within ``b``'s."""
    if a.rect is None or b.rect is None:
        return False
    r, o = b.rect, a.rect
    return r.x <= o.x and r.y <= o.y and o.x + o.width <= r.x + r.width and o.y + o.height <= r.y + r.height


def _captions(text: Element, control: Element) -> bool:
    """Whether a static text is the control's caption: it holds the control's name or label, or they hold it."""
    said = loose_form(text.name or text.text)
    attrs = control.attrs or {}
    names = [loose_form(n) for n in (control.name, attrs.get("label"), attrs.get("near"), attrs.get("label_title")) if n]
    return bool(said) and any(n and (n in said or said in n) for n in names)


def _same_spot(a: Element, b: Element) -> bool | None:
    if a.rect is None or b.rect is None:
        return None
    return abs(a.rect.center_x - b.rect.center_x) < 2 and abs(a.rect.center_y - b.rect.center_y) < 2


def described_words(tree: UiTree, description: str, element: Element, reasons: Sequence[str]) -> str:
    """The words a pointer action should go to when the description names only part of a static text
    ("click compost", a word of a paragraph); "" when the whole element is meant."""
    if element.interactive or element.role not in ("text", "cell", "heading", "listitem", "paragraph"):
        return ""
    m = _MATCH.match(reasons[0]) if reasons else None
    if m is None or m.group(2) not in ("contains", "partial"):
        return ""
    q = parse(description, index_for(tree).known_pair)
    return " ".join((q.text or "").split())
