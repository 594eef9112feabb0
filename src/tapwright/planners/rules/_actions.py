"""Rules for action verbs: how the words after a verb become an Action.

Each rule takes the clause, the verb phrase as matched and the tokens after it, and
returns Actions or raises NoParse. Values are split from element descriptions at a
preposition ("into", "with", "from", "to", "as") outside quotes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

from tapwright.planners.rules._ast import (
    Action,
    Clause,
    NoParse,
    find,
    is_value_list,
    set_aside,
    strip_words,
    target_of,
    url_of,
    value_and_fields,
    value_list,
    value_of,
    words_of,
)
from tapwright.planners.rules._lexicon import ARTICLES, FIELD_WORDS, KEYS, NUMBER_WORDS, key_name
from tapwright.planners.rules._tokens import Token

Rule = Callable[[Clause, tuple[str, ...], list[Token]], list[Action]]
_CHOICE_WORDS = {"checkbox", "radio", "switch", "toggle", "box"}
_DROPDOWN_WORDS = {"dropdown", "drop-down", "select", "combobox", "list", "menu", "listbox", "picker"}
# Controls an option is chosen in: "in the Rooms filter I select "Atlas"", "select "A" in the Tags box".
CHOICE_CONTROLS = frozenset(_DROPDOWN_WORDS | {"filter", "box", "field", "selector", "multiselect", "autocomplete"})
_ON = {"checked", "on", "true", "yes", "ticked", "selected", "enabled"}
_OFF = {"unchecked", "off", "false", "no", "unticked", "deselected", "disabled"}


def targeted(verb: str) -> Rule:
    """A verb whose only argument is an element; ``"A", "B" and "C"`` repeats it."""

    def rule(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
        times = _times(rest) if verb == "click" else None
        if times is not None:  # 'click "Back" twice': the click, that many times
            rest, n = times
            return rule(c, phrase, rest) * n
        if is_value_list(rest):
            return [Action(verb, {"target": v}) for v in value_list(rest)]
        keys = _keys(rest)
        if keys is not None:  # 'tick #147 and #139': each key its own target (no one element is named "#147 and #139")
            return [Action(verb, {"target": k}) for k in keys]
        shared = _shared_kind(rest)
        if shared is not None:  # 'untick the "Draft" and "Rejected" status checkboxes': each one such box
            values, kind = shared
            return [Action(verb, {"target": f'"{v}" {kind}'}) for v in values]
        return [Action(verb, {"target": target_of(c, _into(rest) if verb == "click" else rest)})]

    return rule


_MAX_TIMES = 10
# A key: a word with a digit in it ("#147", "ORD-9", "A12"), not a plain number ("3" may be a count or a row).
_KEY = re.compile(r"#?[A-Za-z][\w-]*\d[\w-]*|#\d[\w-]*|\d+-[\w-]+")


def _keys(rest: list[Token]) -> list[str] | None:
    """The keys of ``#147, #139 and #131``: two or more keys joined by commas and "and", nothing else; else None."""
    words = [t for t in rest if t.kind != "comma" and t.low != "and"]
    if len(words) < 2 or rest[-1].kind == "comma" or rest[-1].low == "and" or rest[0].kind == "comma":
        return None
    if any(t.kind != "word" or not _KEY.fullmatch(t.text) for t in words):
        return None
    if any(a.kind == b.kind == "word" and "and" not in (a.low, b.low) for a, b in pairwise(rest)):
        return None  # two keys with no separator between them are one name
    return [t.text for t in words]


def _times(rest: list[Token]) -> tuple[list[Token], int] | None:
    """(the words before it, n) of a target ending in ``twice``, ``thrice``, ``3 times`` or ``three times`` (2 to
    10 times); None for any other ending."""
    if len(rest) >= 2 and rest[-1].low in ("twice", "thrice"):
        set_aside(rest[-1:])
        return rest[:-1], 2 if rest[-1].low == "twice" else 3
    if len(rest) >= 3 and rest[-1].low == "times" and (rest[-2].text.isdigit() or not rest[-2].is_value):
        n = int(rest[-2].text) if rest[-2].text.isdigit() else NUMBER_WORDS.get(rest[-2].low)
        if n is not None and 2 <= n <= _MAX_TIMES:
            set_aside(rest[-2:])
            return rest[:-2], int(n)
    return None


# Plural control nouns a list of names may share ("the "A" and "B" checkboxes"), and their singular.
_PLURAL_KINDS = {"checkboxes": "checkbox", "boxes": "box", "switches": "switch", "toggles": "toggle",
                 "buttons": "button", "links": "link", "tabs": "tab", "options": "option", "radios": "radio"}  # fmt: skip


def _shared_kind(rest: list[Token]) -> tuple[list[str], str] | None:
    """(names, "status checkbox") of ``the "Draft" and "Rejected" status checkboxes``; None for other words."""
    body = strip_words(rest, lead=("the", "both"))
    end = len(body)
    while end > 0 and not body[end - 1].is_value:
        end -= 1
    kind = body[end:]
    if not kind or len(kind) > 3 or any(t.kind != "word" for t in kind) or kind[-1].low not in _PLURAL_KINDS:
        return None
    if not is_value_list(body[:end]):
        return None
    words = [t.text for t in kind[:-1]] + [_PLURAL_KINDS[kind[-1].low]]
    return value_list(body[:end]), " ".join(words)


def _into(rest: list[Token]) -> list[Token]:
    """ "Click into the Search box": the box is what is clicked ("into" says where the caret goes)."""
    if len(rest) > 1 and rest[0].low in ("into", "inside") and (rest[1].low in ARTICLES or rest[1].is_value):
        return rest[1:]
    return rest


def press(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``press Enter`` is a key; ``press "Sign in"`` (not a key name) is a click."""
    if not rest:
        raise NoParse("press what? name a key or a button", "press")
    # The longest leading run of tokens that names a key ("page down", "the Enter key", "Control+A").
    for n in range(min(len(rest), 4), 0, -1):
        head = rest[:n]
        spoken = head[0].value if n == 1 and head[0].kind == "quoted" else c.text(head)
        key = key_name(spoken)
        if key is None:
            continue
        tail = rest[n:]
        if not tail:
            return [Action("press_key", {"key": key})]
        i, k = find(tail, ("in", "into", "on", "inside", "within"))
        if i == 0:
            return [Action("press_key", {"key": key, "target": target_of(c, tail[k:])})]
        if tail and tail[0].low in ("key", "twice") and len(tail) == 1:
            return [Action("press_key", {"key": key})] * (2 if tail[0].low == "twice" else 1)
    if len(rest) == 1 and rest[0].kind == "quoted":
        # 'Press "Search"' (no key of that name): what is pressed is a button, not the Search field beside it.
        return [Action("click", {"target": f"{rest[0].text} button"})]
    return targeted("click")(c, phrase, rest)


def _around(rest: list[Token], preps: tuple[str, ...], *, last: bool = False) -> tuple[list[Token], list[Token]] | None:
    """The tokens before and after the first preposition of ``preps`` found (in that order of preference)."""
    for prep in preps:
        i, k = find(rest, (prep,), last=last)
        if i > 0 and i + k < len(rest):
            return rest[:i], rest[i + k :]
    return None


def type_(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``Type "x" into T``, ``Enter x as T``, ``Type into T "x"``."""
    body = rest[1:] if rest and rest[0].low in ("into", "in") else rest
    if (body is not rest or phrase == ("type", "in")) and len(body) >= 2 and body[-1].is_value:
        return [Action("fill", {"target": target_of(c, body[:-1]), "text": body[-1].value})]
    parts = _around(rest, ("into", "in", "inside", "on", "as", "for"))
    if parts is None:
        if len(rest) == 1 and rest[0].is_value:
            return [Action("fill", {"target": FOCUSED, "text": rest[0].value})]  # 'Type "x"': what has focus
        labelled = _labelled_values(rest)
        if labelled is not None:
            # 'Enter the email "a@b.c"', 'enter the username "ann" and the password "pw"': each value into the
            # field its words name.
            return [Action("fill", {"target": c.text(label), "text": v}) for label, v in labelled]
        raise NoParse("type what into which field?", "type")
    return fills(c, parts[0], parts[1])


FOCUSED = "the focused element"


def fills(c: Clause, value_toks: list[Token], target_toks: list[Token]) -> list[Action]:
    """Fill actions for a value and a target, including "both X fields", "A and B" and '"a" and "b" as A and B'."""
    if is_value_list(value_toks):
        values = value_list(value_toks)
        targets = _and_list(c, target_toks)
        if len(targets) == len(values):
            return [Action("fill", {"target": t, "text": v}) for t, v in zip(targets, values, strict=True)]
    labelled = _labelled_values(value_toks)
    if labelled is not None and len(labelled) > 1:
        # 'Enter the username "karrie" and the password "AU" into the text fields': each value into its field.
        return [Action("fill", {"target": c.text(label), "text": v}) for label, v in labelled]
    if labelled is not None:
        # 'Enter the password "yA" into both text fields': the value is "yA"; "the password" says what it is.
        (label, value), = labelled
        set_aside(label)
    else:
        value = value_of(c, value_toks)
    body = strip_words(target_toks)
    both = _and_list(c, body[1:]) if body and body[0].low == "both" and any(t.low == "and" for t in body) else []
    if len(both) == 2:
        # 'type "x7" as both the Password and the Password confirmation': each of the two named
        return [Action("fill", {"target": _one_field(t), "text": value}) for t in both]
    if body and body[0].low == "both" and len(body) > 1:
        # "Put "x7" into both password fields": the first and the second one.
        plain = _one_field(c.text(body[1:]))
        return [Action("fill", {"target": f"{n} {plain}", "text": value}) for n in ("first", "second")]
    targets = _and_list(c, target_toks)
    return [Action("fill", {"target": t, "text": value}) for t in targets]


def _one_field(target: str) -> str:
    """ "password fields" said of one of two (or of each of both): the field."""
    for plural, one in (("fields", "field"), ("boxes", "box"), ("inputs", "input")):
        if target.endswith(plural):
            return target[: -len(plural)] + one
    return target


def _labelled_values(toks: list[Token]) -> list[tuple[list[Token], str]] | None:
    """``the username "karrie" and the password "AU"``: (label words, value) pairs, each label a short noun
    phrase before its quoted value; None when the value words are not all of that shape."""
    out: list[tuple[list[Token], str]] = []
    part: list[Token] = []
    for tok in [*toks, None]:
        if tok is None or tok.kind == "comma" or (tok.low == "and" and part and part[-1].is_value):
            label = strip_words(part[:-1])
            if not part or not part[-1].is_value or not label or len(label) > 3:
                return None
            if any(t.kind != "word" or t.low in _NOT_LABELS for t in label):
                return None
            out.append((label, part[-1].value))
            part = []
            continue
        part.append(tok)
    return out or None


# Words before a quoted value that say how to type it, not what it is ('the text "x"', 'the value "3"').
_NOT_LABELS = frozenset({"text", "value", "string", "word", "words", "option", "file", "and", "or", "also", "then"})


def _and_list(c: Clause, toks: list[Token]) -> list[str]:
    """ "New password and Confirm new password" -> both; a single target otherwise."""
    i, k = find(toks, ("and",))
    if i > 0 and i + k < len(toks) and find(toks[i + k :], ("and",))[0] < 0:
        return [target_of(c, toks[:i]), target_of(c, toks[i + k :])]
    return [target_of(c, toks)]


def fill(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``Fill T with x``, ``Fill in "x" into T``."""
    i, k = find(rest, ("with",))
    if i > 0 and [t.low for t in strip_words(rest[:i])] == ["form"] and sum(t.is_value for t in rest[i + k :]) > 1:
        return _pairs(c, rest[i + k :])
    parts = _around(rest, ("with",), last=True)
    if parts is not None and phrase == ("replace",):
        return _replace(c, parts[0], parts[1])
    if parts is not None:
        value, also = value_and_fields(c, parts[1], "fill")  # 'Fill Password with "a" and confirm password'
        targets = [target_of(c, parts[0])] + ([target_of(c, also)] if also else [])
        return [Action("fill", {"target": t, "text": value}) for t in targets]
    parts = _around(rest, ("into", "in", "for"))
    if parts is None:
        raise NoParse("fill which field with what?", "fill")
    return fills(c, parts[0], parts[1])


def _replace(c: Clause, old: list[Token], new: list[Token]) -> list[Action]:
    """ "Replace the password with "x"": fill it; "Replace the Name "a" with "b"": it must hold "a" first."""
    value = value_of(c, new)
    body = strip_words(old)
    if len(body) > 1 and body[-1].is_value and not body[-2].is_value:
        target = target_of(c, body[:-1])
        return [Action("verify_value", {"target": target, "value": body[-1].value}),
                Action("fill", {"target": target, "text": value})]  # fmt: skip
    return [Action("fill", {"target": target_of(c, old), "text": value})]


def set_(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``Set T to x``: a fill, a select for dropdowns, check/uncheck for on/off values."""
    i, k = find(rest, ("to",), last=True)
    if i <= 0 or i + k >= len(rest):
        raise NoParse("set which field to what?", "set")
    if i > 1 and rest[i - 1].low == "back":
        # "Set the Status dropdown back to "All"": back to an earlier value; the value is what is set.
        set_aside(rest[i - 1 : i])
        rest = rest[: i - 1] + rest[i:]
        i -= 1
    value, also = value_and_fields(c, rest[i + k :], "set")  # 'Set Password to "a" and confirm password'
    j = i - 2
    if not also and j > 0 and rest[j].low == "from" and rest[j + 1].is_value:
        # "Change the Stock box from "5" to "42"": it must hold "5" first; then it gets "42".
        action = _set_one(c, rest[:j], value)
        if action.verb == "fill":
            return [Action("verify_value", {"target": action.args["target"], "value": rest[j + 1].value}), action]
    return [_set_one(c, field, value) for field in ([rest[:i], also] if also else [rest[:i]])]


def _set_one(c: Clause, target_toks: list[Token], value: str) -> Action:
    target = target_of(c, target_toks)
    words = words_of(target_toks)
    if words & _CHOICE_WORDS and value.lower() in _ON | _OFF:
        return Action("check" if value.lower() in _ON else "uncheck", {"target": target})
    if words & _DROPDOWN_WORDS:
        return Action("select", {"target": target, "option": value})
    return Action("fill", {"target": target, "text": value})


def _pairs(c: Clause, toks: list[Token]) -> list[Action]:
    """'name "Ana" and email "ana@x.org"': a field name before each value."""
    out: list[Action] = []
    start = 0
    for j, t in enumerate(toks):
        if t.is_value:
            name = strip_words([x for x in toks[start:j] if x.kind == "word" and x.low != "and"])
            if not name:
                raise NoParse("which field takes " + repr(t.value) + "?", "fill")
            out.append(Action("fill", {"target": target_of(c, name), "text": t.value}))
            start = j + 1
    return out


def clear(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    target = target_of(c, rest)
    if words_of(rest) & {"checkbox", "tick"}:
        return [Action("uncheck", {"target": target})]
    return [Action("clear", {"target": target})]


# A list that is already open on the page: what is chosen from it is one of its options.
_OPEN_LISTS = frozenset({"suggestions", "suggestion", "list", "options", "results", "matches", "choices",
                         "autocomplete", "suggested", "popup", "pop-up"})  # fmt: skip


def _quote(text: str) -> str:
    return f'"{text}"' if '"' not in text else text


_PLACED = frozenset({"under", "below", "beneath", "above", "beside", "near"})


def _choice_list(c: Clause, toks: list[Token]) -> str:
    """The dropdown a choice is picked from: "the Key list" is the Key dropdown (people call a drop-down list a
    list); any other words as they are."""
    words = strip_words(toks, lead=("the",))
    if len(words) >= 2 and words[-1].low == "list" and not words[-1].is_value and words[-2].low not in CHOICE_CONTROLS:
        return f"{target_of(c, toks[:-1])} dropdown"
    return target_of(c, toks)


def select(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``Select "L" from T`` (always a dropdown), ``… in T`` (when T is one), else a click or check."""
    body = strip_words(rest, lead=("the",))
    if len(body) > 2 and body[0].is_value and body[1].low in _PLACED:
        # 'pick "Garden" under "By category" in the filter panel': a choice placed by what is around it is
        # clicked there (the place, and any container after it, go to the locator whole).
        return targeted("click")(c, phrase, rest)
    for preps, need_dropdown in ((("from", "for", "as"), False), (("in", "on", "within", "inside"), True)):
        for prep in preps:
            i, k = find(rest, (prep,))
            if i <= 0 or i + k >= len(rest):
                continue
            target_toks = rest[i + k :]
            if need_dropdown and not words_of(target_toks) & (CHOICE_CONTROLS | FIELD_WORDS):
                continue
            if need_dropdown and _side_menu(target_toks):
                return [Action("click", {"target": f"{c.text(strip_words(rest[:i]))} {c.text(rest[i:])}"})]
            chosen = strip_words(rest[:i], lead=("both", "all", "of", "the", "options"))
            if is_value_list(chosen):
                # 'Select both "Atlas" and "Cosmos" in the Rooms filter': each option, in one control.
                return [Action("select", {"target": target_of(c, target_toks), "option": v}) for v in value_list(chosen)]
            option = value_of(c, strip_words(rest[:i], lead=("the", "option", "an", "a")))
            if prep == "from" and {t.low for t in strip_words(target_toks)} <= _OPEN_LISTS:
                # "pick "Oslo (OSL)" from the suggestions": the list is open; its option is clicked.
                return [Action("click", {"target": f"{_quote(option)} option"})]
            return [Action("select", {"target": _choice_list(c, target_toks), "option": option})]
    if rest and rest[-1].low in ("from", "in", "for", "on"):
        raise NoParse(f"select from which dropdown? the step ends with {rest[-1].text!r}", "select")
    if words_of(rest) & {"checkbox", "radio", "box"}:
        return targeted("check")(c, phrase, rest)
    return targeted("click")(c, phrase, rest)


_SIDES = frozenset({"left", "right", "side", "left-hand", "right-hand", "top", "bottom"})


def _side_menu(target: list[Token]) -> bool:
    """ "in the settings menu on the left", "in the side menu": a menu placed on a side of the page is a list of
    links or entries to click, not a dropdown to choose from (a dropdown is named by what it sets)."""
    words = words_of(target)
    return "menu" in words and not words & ((CHOICE_CONTROLS | FIELD_WORDS) - {"menu"}) and bool(words & _SIDES)


def check(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    return targeted("check")(c, phrase, rest)


def submit(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    body = strip_words(rest)
    if not body or [t.low for t in body] in (["form"], ["it"], ["page"]):
        return [Action("submit", {})]
    return [Action("submit", {"target": target_of(c, rest)})]


def navigate(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``Go to /login``, ``Open https://...``, ``… in a new tab``; the home page is "/"."""
    rest, new_tab = _in_new_tab(rest)
    body = strip_words(rest, lead=("the", "page", "url", "address", "site", "website"),
                       trail=("page", "url", "site", "website"))  # fmt: skip
    url = url_of(body)
    if url is None and [t.low for t in body] in (["home"], ["homepage"], ["start"], ["main"], ["index"]):
        url = "/"
    named = strip_words(rest)
    if url is None and named and any(t.kind == "word" or t.kind == "quoted" for t in named):
        # "Go to the Billing tab", "Go to the Drafts folder", "Go to the next page": a place a person reaches
        # through the page's own link or tab, not a URL. Nothing named so: ELEMENT_NOT_FOUND, not a guess.
        return [Action("click", {"target": _destination(c, named)})]
    if url is None:
        raise NoParse("a URL or a path such as /login is expected", "navigate")
    return [Action("open_new_tab", {"url": url})] if new_tab else [Action("navigate", {"url": url})]


_PLACES = {"tab", "page", "link", "button", "section", "step", "panel"}
# Nouns that say a link leads to a page of things: "Go to the Products list" follows the Products link.
_DESTINATIONS = {"list", "screen", "view", "overview", "listing"}


def _destination(c: Clause, named: list[Token]) -> str:
    """The element that leads to a named place: "the Products list from the Shop section" is the Products
    link in the Shop section (the noun "list" is set aside: it says where the link leads)."""
    i, k = find(named, ("from",))
    where = ""
    if i > 0 and i + k < len(named) and named[i + 1].low in ARTICLES:
        named, where = named[:i], " in " + c.text(named[i + 1 :])
    if len(named) > 1 and named[-1].low == "page" and not named[-1].is_value:
        return target_of(c, named[:-1]) + where  # "Go to the next page": the Next link or button
    if len(named) > 1 and named[-1].low in _DESTINATIONS and not named[-1].is_value:
        set_aside(named[-1:])  # a link leads to a list or a screen; a field or a dropdown does not
        return target_of(c, named[:-1]) + " link" + where
    return target_of(c, named) + where


def _in_new_tab(rest: list[Token]) -> tuple[list[Token], bool]:
    i, _ = find(rest, ("in a new tab", "in a new window", "in new tab", "in another tab"))
    return (rest[:i], True) if i > 0 else (rest, False)


def open_(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``Open /x`` navigates, ``Open a new tab [with /x]`` opens one, ``Open the Profile tab`` clicks."""
    words = [t.low for t in strip_words(rest)]
    if words[:2] in (["new", "tab"], ["new", "window"]) or words[:3] in (["new", "browser", "tab"],):
        i, k = find(rest, ("with", "at", "to", "on", "for"))
        if i > 0:
            url = url_of(strip_words(rest[i + k :]))
            if url is None:
                raise NoParse("a URL or a path is expected after 'open a new tab with'", "open")
            return [Action("open_new_tab", {"url": url})]
        return [Action("open_new_tab", {})]
    try:
        return navigate(c, phrase, rest)
    except NoParse:
        return targeted("click")(c, phrase, rest)


def simple(verb: str, allowed: set[str]) -> Rule:
    """Verbs with no object ("Go back", "Reload the page"); only filler words may follow."""

    def rule(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
        extra = [t for t in rest if t.low not in allowed]
        if extra:
            raise NoParse(f"unexpected words after {' '.join(phrase)!r}: {c.text(extra)!r}", verb)
        return [Action(verb, {})]

    return rule


_BACK_FILLERS = {"the", "page", "to", "previous", "one", "browser", "a"}


def back(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``Go back`` (the browser's history), or ``go back to the "My Tickets" report``: a place named is reached
    as "go to" reaches it (its link, or a URL), not by history, which may hold another page."""
    if rest and rest[0].low == "to" and any(t.low not in _BACK_FILLERS for t in rest):
        return navigate(c, phrase, rest[1:])
    return simple("go_back", _BACK_FILLERS)(c, phrase, rest)


def upload(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``Upload "a.png" to T``; without a target the page's file input is meant."""
    parts = _around(rest, ("to", "into", "in", "using", "with", "on", "via"))
    if parts is None:
        if not rest:
            raise NoParse("upload which file?", "upload")
        return [
            Action(
                "upload_file", {"target": "file input", "path": value_of(c, strip_words(rest, lead=("file", "the")))}
            )
        ]
    return [Action("upload_file", {"target": target_of(c, parts[1]), "path": value_of(c, parts[0])})]


def drag(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``Drag A to B``, ``Drag A and drop it on B``."""
    i, k = find(rest, ("and drop it onto", "and drop it on", "and drop it into", "and drop it to", "and drop onto",
                       "and drop on", "and drop into", "and drop to", "and drop it over", "and drop over"))  # fmt: skip
    if i <= 0:
        i, k = find(rest, ("onto", "on to", "into", "over", "to", "on"))
    if i <= 0 or i + k >= len(rest):
        raise NoParse("drag what to where?", "drag")
    return [Action("drag", {"source": target_of(c, rest[:i]), "target": target_of(c, rest[i + k :])})]


# What a field opens and folds again: "close the Rooms list", "close the Country dropdown".
_POPUP_LISTS = frozenset({"list", "dropdown", "drop-down", "select", "picker", "options", "suggestions", "listbox"})


def close(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    words = [t.low for t in strip_words(rest, lead=("the", "this", "current", "active"))]
    if words in (["tab"], ["window"], ["browser", "tab"]):
        return [Action("close_tab", {})]
    index = _tab_index(words)
    if index is not None:
        return [Action("close_tab", {"index": index})]
    if len(words) >= 2 and words[-1] in _POPUP_LISTS and not any(t.low in ("with", "using", "via") for t in rest):
        # "Close the Rooms list": a list a field opened has no close button; it is folded again (web.expand with
        # expanded false: Escape, as people close it, else a click on what opened it).
        body = strip_words(rest)
        named = c.text(body[:-1]) if body[-1].low in ("list", "options", "suggestions") else ""
        # A list named after its field is the field's dropdown ("the Rooms list" is what the Rooms field opened).
        return [Action("expand", {"target": f"{named} dropdown" if named else target_of(c, rest), "expanded": False})]
    from tapwright.planners.rules._domain import dismiss

    return dismiss(c, phrase, rest)  # "Close the dialog", "Close the promo with the x"


def switch(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``Switch to tab 2`` / ``the second tab`` / ``the new tab`` (an index) or ``the "Help" tab`` (a title)."""
    body = strip_words(rest)
    words = [t.low for t in body]
    if not words or (words[-1] not in ("tab", "window") and (len(words) < 2 or words[0] not in ("tab", "window"))):
        raise NoParse("switch to which browser tab? say 'tab 2' or 'the \"Help\" tab'", "switch")
    index = _tab_index(words)
    if index is not None:
        return [Action("switch_tab", {"index": index})]
    name = body[1:] if words[0] in ("tab", "window") else body[:-1]
    name = strip_words(name, lead=("titled", "named", "called", "with", "title"))
    if not name:
        raise NoParse("switch to which browser tab?", "switch")
    return [Action("switch_tab", {"title": value_of(c, name)})]


_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "1st": 1,
    "2nd": 2,
    "3rd": 3,
    "4th": 4,
    "5th": 5,
}


def _tab_index(words: list[str]) -> int | None:
    """A 1-based tab number from "tab 2", "second tab", "new tab" / "last tab" (-1)."""
    if len(words) == 2 and words[0] in ("tab", "window") and words[1].isdigit():
        return int(words[1])
    if len(words) == 2 and words[1] in ("tab", "window"):
        if words[0] in _ORDINALS:
            return _ORDINALS[words[0]]
        if words[0] in ("new", "newest", "latest", "last", "other", "popup", "opened"):
            return -1
        if words[0] in ("original", "previous", "main"):
            return 1
    return None


def is_key(word: str) -> bool:
    return word.lower() in KEYS
