"""Claims a check makes beyond "X is there": what a subject is marked with or says in other words, values said to
be absent ("but not"), "only" these rows, a text in another's record ("A" with "B"), the page to be on named
by its heading, and several claims after one verb of showing (values held, captions with numbers, records with a
field's value, two lists paired in order). Each reader returns None when the words are not of its shape."""

from __future__ import annotations

import re

from tapwright.core import gist
from tapwright.locator.vocab import CONTAINER_WORDS
from tapwright.planners.rules._ast import (
    Action,
    Clause,
    NoParse,
    is_value_list,
    set_aside,
    strip_words,
    target_of,
    value_list,
)
from tapwright.planners.rules._lexicon import ARTICLES, ELEMENT_WORDS, TEXT_WORDS
from tapwright.planners.rules._records import (
    HOLDERS,
    NUMBER,
    as_pairs,
    captioned_value,
    labelled_values,
    only_listed,
    singular,
    split_list,
    with_parts,
)
from tapwright.planners.rules._tokens import Token

MESSAGE_NOUNS = frozenset({"message", "notification", "confirmation", "notice", "toast", "alert", "banner", "warning",
                            "error", "snackbar"})

_PAGE_NOUNS = frozenset({"page", "list", "screen", "view", "listing", "overview"})
_PAGE_KINDS = frozenset({"detail", "details", "edit", "settings", "profile", "overview"})


def page_named(toks: list[Token]) -> str | None:
    """The name of the page to be on, as its heading says it: 'the "Orders" page', 'the Articles list', 'the detail
    page of "left-pad"' (its heading names the record); None for any other words."""
    body = strip_words(toks, lead=("the",))
    if len(body) >= 3 and body[-2].low in ("of", "for") and body[-1].is_value:
        kind = [t.low for t in body[:-2]]
        if kind and kind[-1] in _PAGE_NOUNS and all(w in _PAGE_KINDS for w in kind[:-1]):
            return body[-1].value
        return None
    if body and body[-1].low in _PAGE_NOUNS:
        body = body[:-1]
    if len(body) == 1 and body[0].is_value:
        return body[0].value
    if body and len(body) <= 3 and all(t.kind == "word" and t.text[:1].isupper() for t in body):
        return " ".join(t.text for t in body)
    return None


MARKED_WORDS = frozenset({"marked", "labelled", "labeled", "tagged", "flagged", "badged"})


def marked(c: Clause, subject: list[Token], verb: str, rest: list[Token], kind: str) -> list[Action] | None:
    """ 'the ticket should be marked "accepted task"', '... labelled as "Urgent" with Priority "critical"': the
    subject shows that text (on a page subject: the page), and each caption said after "with" its value."""
    if verb != "be" or len(rest) < 2 or rest[0].low not in MARKED_WORDS:
        return None
    body = rest[2:] if rest[1].low == "as" else rest[1:]
    if not body or not body[0].is_value:
        return None
    pairs = labelled_values(c, subject, body[2:]) if len(body) > 2 and body[1].low == "with" else None
    if len(body) > 1 and pairs is None:
        return None
    target = None if kind == "page" or not strip_words(subject) else target_of(c, subject)
    check = Action("verify_text", {"text": body[0].value, **({"target": target} if target else {})})
    return [check, *(pairs or [])]


def seen_but_not(toks: list[Token]) -> list[Action] | None:
    """ 'I should see "A" but not "B"': each said value on the page, and each after "but not" nowhere on it."""
    shown, absent = but_not(toks)
    if not absent or not (is_value_list(shown) or (len(shown) == 1 and shown[0].is_value)):
        return None
    values = value_list(shown) if len(shown) > 1 else [shown[0].value]
    return [Action("verify_text", {"text": v}) for v in values] + [Action("verify_not_visible", {"target": v}) for v in absent]


def seen_with(c: Clause, toks: list[Token]) -> list[Action] | None:
    """ 'I should see "Release 2.5" with "Total tickets: 1"', '... "left-pad" with version "3.2.0"': the second
    text in the record the first names (its row, item or card; ``"B" for "A"``). The words before the second
    value say what it is (set aside). Several values after "with" ('"Ada" with role "Admin" and status
    "Active"') are each checked in that record: none is left to a check of the whole page."""
    body = strip_words(toks)
    kind = _record_kind(body)
    if kind is not None:
        body = [t for t in body if t is not kind]  # 'a suggestion "left-pad" with version "3.2.0"'
    if len(body) < 3 or not body[0].is_value or body[1].low != "with" or not body[-1].is_value:
        return None
    parts = with_parts(body[2:])
    if parts is None:
        return None
    for between in parts:
        set_aside(between[:-1])
    name = body[0].value
    held = [Action("verify_visible", {"target": f'"{part[-1].value}" for "{name}"'}) for part in parts]
    return held if kind is None else [Action("verify_visible", {"target": f'{kind.text} "{name}"'}), *held]


def _record_kind(body: list[Token]) -> Token | None:
    """The noun that says what kind of thing a record is, just before or after its quoted name ('a suggestion
    "left-pad" with ...', '"left-pad" suggestion with ...'): a plain lower-case word, not a word of text."""
    for k, v in ((0, 1), (1, 0)):
        if len(body) > 3 and body[v].is_value and body[k].kind == "word" and body[k].text.isalpha() and \
                body[k].text.islower() and body[k].low not in TEXT_WORDS and body[k].low not in CONTAINER_WORDS \
                and body[2].low == "with":  # fmt: skip  (a container's "with" says what is in it)
            return body[k]
    return None


def seen_only(toks: list[Token]) -> list[Action] | None:
    """ 'I should see only "A" and "B"': the rows of the page's table are these."""
    return only_listed(toks, False, "be", []) if len(toks) > 1 and toks[0].low == "only" else None


_TELLING = frozenset({"say", "state", "tell", "warn", "explain", "mention", "confirm", "report", "inform", "indicate",
                      "announce"})  # fmt: skip


def told(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token], kind: str) -> list[Action] | None:
    """ 'the dialog should warn that the flow has 2 errors', 'a message should tell me that the order was saved': the
    subject holds what the clause says, in other words (verify_text's ``gist``); quoted words are no gist, and a
    negated clause ("... are not configured") is refused (a gist never checks that something is not so)."""
    if verb not in _TELLING or not rest:
        return None
    body = rest[1:] if rest[0].low in ("me", "us", "you", "the user") else rest
    if not body or body[0].low != "that" or len(body) < 3 or any(t.is_value for t in body):
        return None
    said = c.text(body[1:])
    if neg or gist.negated(said) or len(gist.meaning_words(said)) < 2:
        raise NoParse(f"what the {c.text(strip_words(subject)) or 'page'} says in other words ({said!r}) is checked "
                      "only when it says something is so, in two or more words that carry meaning: quote its own "
                      "words", "see")
    plain = strip_words(subject)
    # "a message should tell me that ...": a gist is looked for in a message-sized element anyway.
    whole = kind == "page" or not plain or (len(plain) == 1 and plain[0].low in MESSAGE_NOUNS)
    target = None if whole else target_of(c, subject)
    if whole:
        set_aside(plain)
    return [Action("verify_text", {"text": said, "gist": True, **({"target": target} if target else {})})]


def but_not(body: list[Token]) -> tuple[list[Token], list[str]]:
    """ '"A" and "B" but not "C"' -> ('"A" and "B"', ["C"]): values said to be absent after "but not" (one or a
    list); (body, []) when there is no such tail, or it holds anything but values."""
    for k in range(len(body) - 2):
        if body[k].low == "but" and body[k + 1].low == "not":
            tail = body[k + 2 :]
            head = body[:k]
            if head and head[-1].kind == "comma":
                head = head[:-1]
            if len(tail) == 1 and tail[0].is_value:
                return head, [tail[0].value]
            if is_value_list(tail):
                return head, value_list(tail)
            return body, []
    return body, []


_SHOWING = frozenset({"show", "display", "list", "contain", "include"})


def claims_apart(verb: str, rest: list[Token], *, alongside: bool = False) -> list[list[Token]] | None:
    """ 'the A-1024 row should show "Dr. Nina Hart", "Confirmed" and the fee "160"': the claims said after one
    verb of showing, split at commas and "and" (an Oxford comma too), for each to be checked in the one subject as
    if said alone. None when there is one claim, or when every claim is one quoted value (the value-list rules
    take those), or a part is empty.

    ``alongside`` (a subject that is no collection of records: a heading, a section, a tab, the page): "with" joins
    claims too ('the heading should read "Custom Query" with "(4 matches)"', '... "(8 matches)" with the groups "A"
    and "B"'), and a kind said before a list of names is one claim ('the groups "A", "B" and "C"')."""
    verbs = _SHOWING | {"read", "say"} if alongside else _SHOWING
    joins = ("and", "with") if alongside else ("and",)
    if verb not in verbs or not any(t.kind == "comma" or t.low in joins for t in rest):
        return None
    parts: list[list[Token]] = []
    segments = _split_at(rest, "with") if alongside else [rest]
    for segment in segments:
        if alongside and kind_of_value(segment) is not None:
            parts.append(segment)
            continue
        tail = _kind_tail(segment) if alongside else None
        if tail is not None:
            # '"1.4.0" and the sections "pet", "store" and "user"': the kind said once keeps its names together.
            head = split_list(segment[: tail - 1])
            if head is None:
                return None
            parts += [*head, segment[tail:]]
            continue
        split = split_list(segment)
        if split is None:
            return None
        parts += split
    if len(parts) < 2 or not parts[-1] or (len(segments) == 1 and all(len(p) == 1 and p[0].is_value for p in parts)):
        return None
    if not all(_one_value(p) or (alongside and kind_of_value(p) is not None) for p in parts):
        return None  # 'should show "Saved" and close' (a second verb), '"A" with the projects "B"' (two claims in one)
    return parts


# Words that say more than what a value is: an order, a person, a place, a time, a negation.
_NOT_LABELS = frozenset({"by", "from", "to", "first", "last", "only", "not", "no", "before", "after", "above", "below",
                         "under", "over", "next", "saying", "in", "on", "at", "for", "of", "than", "new", "old",
                         "latest", "previous", "current", "every", "each", "all"})  # fmt: skip


def labelled(part: list[Token]) -> tuple[list[Token], list[Token]] | None:
    """ 'the summary "X"', 'a comment "Y"': (the one or two lower-case nouns that say what the value is, the value
    alone); None for any other shape (a value alone, a word that says more than what it is: "by", "first")."""
    body = strip_words(part, lead=("the", "a", "an"))
    if len(body) < 2 or len(body) > 3 or not body[-1].is_value:
        return None
    words = body[:-1]
    if not all(t.kind == "word" and t.text.isalpha() and t.text.islower() and t.low not in _NOT_LABELS for t in words):
        return None
    if any(t.low in ELEMENT_WORDS for t in words):
        return None  # 'the heading "oak-kit"': a kind of element, looked for as one
    return part[: len(part) - 1], body[-1:]


def _split_at(toks: list[Token], word: str) -> list[list[Token]]:
    out: list[list[Token]] = [[]]
    for t in toks:
        if t.low == word and not t.is_value:
            out.append([])
        else:
            out[-1].append(t)
    return out


def _one_value(part: list[Token]) -> bool:
    """A claim says one value: one quoted text, or (none quoted) one number ("2 visits", "a fee of 160")."""
    quoted = sum(t.is_value for t in part)
    return quoted == 1 or (quoted == 0 and sum(NUMBER.match(t.text) is not None for t in part) == 1)


_SHOWING_OR_SAYING = frozenset({"show", "display", "list", "contain", "include", "read", "say"})
# Words after a check's quoted value that say when, not what: '"Printing" again', '"Saved" once more'.
_WHEN_TAIL = frozenset({"again", "now", "still", "too", "already", "anymore", "either"})
_WHEN_PAIRS = (("once", "more"), ("as", "before"), ("by", "now"), ("as", "well"), ("any", "more"), ("any", "longer"))


def without_when(toks: list[Token]) -> list[Token]:
    """``toks`` less the words at its end that say when ("again", "now", "once more"), set aside, when they follow a
    quoted value: outside the quotes they cannot be part of the text checked. Unchanged otherwise ('the title
    should be Welcome again' may be the title's own words)."""
    k = len(toks)
    while k > 1:
        if toks[k - 1].low in _WHEN_TAIL:
            k -= 1
        elif k > 2 and (toks[k - 2].low, toks[k - 1].low) in _WHEN_PAIRS:
            k -= 2
        else:
            break
    if k == len(toks) or not toks[k - 1].is_value:
        return toks
    set_aside(toks[k:])
    return toks[:k]


NAMING = frozenset({"labelled", "labeled", "named", "called", "titled"})
# Nouns that say what a subject has, not what it holds: "should show the value "3"", "the status "Open"".
_PROPERTIES = frozenset({"value", "text", "title", "label", "name", "placeholder", "tooltip", "status", "state", "url",
                         "count", "number", "amount", "total", "date", "time", "price", "message", "heading",
                         "caption", "hint", "error", "word", "words", "phrase", "sum", "result"})  # fmt: skip


# Properties that are also kinds of element: "the README should show the heading "X"" holds a heading reading X, which
# is what its heading "X" says too.
_SHOWN_KINDS = frozenset({"heading"})


def in_part(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action] | None:
    """What a part of the page holds: 'the "Kiwi" panel should show Species "Bird"' (the value a caption labels in
    it), 'the palette should show a "delay" node' (an element of a kind in it)."""
    captioned = captioned_value(c, subject, rest) if not neg and verb in _SHOWING_OR_SAYING else None
    return captioned if captioned is not None else held_element(c, subject, neg, verb, rest)


def held_element(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'the palette should show a "delay" node', 'the canvas should show a node labelled "X"': an element of that
    kind and name inside the subject (``verify_visible``; negated, ``verify_not_visible``). Only an article, one
    quoted name and one kind noun (not a text word such as "message"), in either order with a naming word."""
    if verb not in ("show", "display", "contain", "include", "list", "have", "offer") or len(rest) < 3:
        return None
    if rest[0].low not in ("a", "an", "the", "any") or not subject or subject[0].low not in ("the", "this", "that"):
        return None  # the subject is a thing ("the palette"), not a text
    body = rest[1:]
    if body and body[-1].low == "again":
        body = body[:-1]  # "should show the "inject" node again": as it did before
    if len(body) == 2 and body[0].is_value and not body[1].is_value:
        noun = body[1]
    elif len(body) == 3 and not body[0].is_value and body[1].low in NAMING and body[2].is_value:
        noun = body[0]
    elif len(body) == 2 and not body[0].is_value and body[1].is_value and verb != "have" and (
            body[0].low not in _PROPERTIES or body[0].low in _SHOWN_KINDS):
        noun = body[0]  # "the operation "Get a user"": the kind, then its name (in apposition)
    else:
        return None
    if noun.low in TEXT_WORDS or not noun.low.isalpha():
        return None
    on_page = [t.low for t in subject[1:]] in (["page"], ["screen"])  # "the page should show the heading "X""
    target = c.text(body) if on_page else f"{c.text(body)} in the {target_of(c, subject)}"
    return [Action("verify_not_visible" if neg else "verify_visible", {"target": target})]


# A number as a page shows it: "24", "42.5", "€1,810.00", "38%".
NUMBER_SHOWN = re.compile(r"^[$€£]?\d[\d.,]*%?$")


def numbered_captions(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token], kind: str
                       ) -> list[Action] | None:
    """ 'the Progress box should show Total 24 and Complete 8': two or more unquoted captions, each with its number
    (one to three words, then a number), apart by "and" and commas: each "Total 24" a text check in the subject;
    None for any other shape (one claim is read whole, as before)."""
    if neg or verb not in ("show", "display", "read", "say", "contain", "list") or kind in ("url", "title"):
        return None
    items: list[list[Token]] = [[]]
    for t in rest:
        if t.is_value:
            return None
        if t.low == "and" or t.kind == "comma":
            if items[-1]:
                items.append([])
        else:
            items[-1].append(t)
    if len(items) < 2 or any(len(i) < 2 or len(i) > 4 or not NUMBER_SHOWN.match(i[-1].text)
                             or not all(w.text.isalpha() and w.low not in ARTICLES for w in i[:-1]) for i in items):
        return None
    where = {"target": target_of(c, subject)} if kind == "element" else {}
    return [Action("verify_text", {"text": c.text(i), **where}) for i in items]


def _with_sides(body: list[Token]) -> tuple[list[Token], list[Token], list[Token]] | None:
    """(the values before "with", the values after "with" and a kind noun, the words between) of '"1-3 of 3" with
    the projects "A", "B" and "C"'; None for any other shape."""
    i = next((k for k, t in enumerate(body) if t.low == "with" and not t.is_value), -1)
    if i < 1:
        return None
    left, right = body[:i], strip_words(body[i + 1 :], lead=("the", "a", "an"))
    if len(right) < 2 or right[0].is_value or not right[0].text.isalpha() or not right[0].text.islower():
        return None
    values = right[1:]
    if not all(is_value_list(part) or (len(part) == 1 and part[0].is_value) for part in (left, values)):
        return None
    return left, values, [body[i], right[0]]


def paired_lists(body: list[Token]) -> list[tuple[str, str, str]] | None:
    """[("model", "A", "X"), ("model", "B", "Y")] of '"A" and "B" with the models "X" and "Y"': two lists as long,
    each value of the first a record whose field (the noun, singular) is the value in the same place of the
    second; None otherwise."""
    sides = _with_sides(body)
    if sides is None or len(sides[0]) < 3 or len(sides[1]) < 3:
        return None
    left, right = value_list(sides[0]), value_list(sides[1])
    if len(left) != len(right):
        return None
    set_aside(sides[2][:1])  # "with": the pairing; the noun is the field, kept in each target
    field = singular(sides[2][1].text)
    return [(field, a, b) for a, b in zip(left, right, strict=True)]


def kind_of_values(body: list[Token]) -> tuple[str, list[str]] | None:
    """ 'nodes "A", "B" and "C"', 'the sections labelled "pet" and "store"': a plural kind noun (one lower-case word,
    a naming word may follow), then two or more quoted names: (the noun in the singular, the names); None for any
    other shape."""
    body = strip_words(body, lead=("the",))
    if len(body) < 4 or body[0].is_value or not body[0].text.isalpha() or not body[0].text.islower():
        return None
    noun = singular(body[0].low)
    if noun == body[0].low or body[0].low in TEXT_WORDS:
        return None
    names = body[2:] if body[1].low in NAMING else body[1:]
    if not (is_value_list(names) or (len(names) == 3 and names[0].is_value and names[1].low == "and" and names[2].is_value)):
        return None
    return noun, value_list(names)


def _kind_tail(segment: list[Token]) -> int | None:
    """Where a kind said before two or more names starts a segment's last claim, after "and" or a comma ('the
    version badge "1.4.0" and the sections "pet" and "user"' -> the index of "the" before "sections"), or None."""
    for i in range(2, len(segment) - 2):
        if (segment[i - 1].low == "and" or segment[i - 1].kind == "comma") and kind_of_values(segment[i:]) is not None:
            return i
    return None


def kind_of_value(body: list[Token]) -> tuple[str, list[str]] | None:
    """ 'the title "Zoo Pet Store"', 'the version badge "1.4.0"': one or two lower-case words ending in a word for an
    element ("title", "badge", "tab" ...; not a word for text, "message"), then one quoted name: (the words, [the
    name]); with two or more names, as :func:`kind_of_values`; None for any other shape."""
    several = kind_of_values(body)
    if several is not None:
        return several
    body = strip_words(body, lead=("the",))
    words, last = body[:-1], body[-1] if body else None
    if last is None or not last.is_value or not 1 <= len(words) <= 2:
        return None
    if not all(t.kind == "word" and t.text.isalpha() and t.text.islower() for t in words):
        return None
    if words[-1].low not in ELEMENT_WORDS or words[-1].low in TEXT_WORDS or singular(words[-1].low) != words[-1].low:
        return None
    return " ".join(t.low for t in words), [last.value]


JOINED = frozenset({"wired", "connected", "linked", "joined"})


def named_of_a_kind(toks: list[Token], neg: bool) -> list[Action] | None:
    """ 'nodes labelled "A", "B" and "C"', 'the tabs "A" and "B"': a plural kind noun (a naming word may follow),
    then two or more quoted names: one check per name, of that kind ('"A" node'). Names said to be joined
    ("wired together", "connected") are refused: that is not checked yet."""
    if any(t.low in JOINED for t in toks) and sum(t.is_value for t in toks) >= 2:
        raise NoParse("whether drawn things are joined (wired, connected, linked) is not checked yet", "see")
    kinded = kind_of_values(toks)
    if kinded is None:
        return None
    noun, names = kinded
    verb = "verify_not_visible" if neg else "verify_visible"
    return [Action(verb, {"target": f'"{v}" {noun}'}) for v in names]


def with_kind(body: list[Token]) -> list[Token]:
    """ '"1-3 of 3" with the projects "A", "B" and "C"': one value, "with" and a kind noun (set aside: it says what
    the values are), and the values it has, as one list; ``body`` as it was for any other shape."""
    sides = _with_sides(body)
    if sides is None or len(sides[0]) != 1:
        return body
    left, values, between = sides
    set_aside(between)
    joiner = next((t for t in body if t.low == "and"), None)
    if joiner is None:
        return body
    return [*left, joiner, *values]


def field_pairs(body: list[Token]) -> list[tuple[str, str, str]] | None:
    """[("admin", "group", "Admins"), ("bob", "group", "Operator")] of '"admin" in the group "Admins" and "bob" in
    the group "Operator"': each record (by a value it shows) with a field (one to three words after "in", "with"
    or "as" and an article) and the field's value; two or more, apart by "and" and commas. None otherwise."""
    out: list[tuple[str, str, str]] = []
    k = 0
    while k < len(body):
        j = k + 2
        if not body[k].is_value or k + 1 >= len(body) or body[k + 1].low not in ("in", "with", "as"):
            return None
        while j < len(body) and body[j].low in ("the", "a", "an"):
            j += 1
        end = next((m for m in range(j, len(body)) if body[m].is_value), -1)
        words = body[j:end] if end > 0 else []
        if not words or len(words) > 3 or any(t.kind != "word" or not t.text.isalpha() for t in words):
            return None
        out.append((body[k].value, " ".join(t.text for t in words), body[end].value))
        set_aside(body[k + 1 : k + 2])
        k = end + 1
        while k < len(body) and (body[k].low == "and" or body[k].kind == "comma"):
            k += 1
    return out if len(out) > 1 else None


def values_held(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token], kind: str
                ) -> list[Action] | None:
    """ 'the response body should list "Rex" and "Coco"', '... should show "id": 27 and "name": "Rex"': two or more
    values after a verb of holding or saying, each a text check in the subject (on a page, anywhere); None for any
    other shape."""
    if neg or verb not in ("contain", "include", "show", "display", "list", "say", "read", "mention") or kind in ("url", "title"):
        return None
    body = strip_words(rest, lead=("the", "both"))
    if len(body) > 1 and body[0].low == "only" and kind != "page" and subject and subject[-1].low in HOLDERS:
        rows = only_listed(body, False, "be", [])
        if rows is not None:
            set_aside(subject)  # "the table should list only A and B": the page's one table
            return rows
    fields = field_pairs(body) if kind != "page" else None
    if fields is not None:
        set_aside(subject)  # the rows are the subject's ("the Users list"): each found by its key
        return [Action("verify_text", {"text": v, "target": f'{f} in the row for "{k}"'}) for k, f, v in fields]
    listed_as = as_pairs(body) if kind != "page" and len(body) > 3 else None
    if listed_as is not None:
        # 'the members table should show "admin" as "Project Admin" and "maria" as "Annotator"': each one's row
        # says what it is listed as (as '2 members should be listed: "admin" as ...' reads it).
        set_aside(subject)
        return [Action("verify_visible", {"target": f'"{b}" in the row of "{a}"'}) for a, b in listed_as]
    paired = paired_lists(body) if kind != "page" else None
    if paired is not None:
        set_aside(subject)  # '"A" and "B" with the models "X" and "Y"': A's Model cell reads X, B's reads Y
        return [Action("verify_text", {"text": b, "target": f'{field} in the row for "{a}"'}) for field, a, b in paired]
    kinded = None if kind in ("url", "title") else kind_of_value(body)
    if kinded is not None:
        # 'the canvas should show the nodes "A", "B" and "C"': each one of that kind, in the subject (on a page,
        # anywhere); the kind said once before the list is every value's, not the first one's alone.
        noun, names = kinded
        where = "" if kind == "page" else f" in the {target_of(c, subject)}"
        return [Action("verify_visible", {"target": f'"{v}" {noun}{where}'}) for v in names]
    body = with_kind(body)
    body, absent = but_not(body)
    if not ((len(body) >= 3 and is_value_list(body)) or (absent and len(body) == 1 and body[0].is_value)):
        return None
    values = value_list(body) if len(body) > 1 else [body[0].value]
    if kind == "page":
        # '... but not "C"': as "I should not see "C"".
        return ([Action("verify_text", {"text": v}) for v in values]
                + [Action("verify_not_visible", {"target": v}) for v in absent])
    target = target_of(c, subject)
    # '... but not "C"' of a place: that text nowhere in it (the place must be there to look in).
    gone = [Action("verify_not_visible", {"target": f'"{v}" in the {target}'}) for v in absent]
    if strip_words(subject) and strip_words(subject)[-1].low in HOLDERS | {"footer"}:
        # 'the projects list should show "1-3 of 3" with the projects "A" and "B"': each shown in the collection
        # (a collection named by what it holds is found as the page's one table; its count line is in it).
        return [Action("verify_visible", {"target": f'"{v}" in the {target}'}) for v in values] + gone
    footer = table_footer(target)
    if footer is not None:
        # 'the table footer should show "1-10 of 19" and "19 shown"': each under the table (no page footer).
        return [Action("verify_visible", {"target": f'{quoted_target_text(v)} under the {footer}'}) for v in values] + gone
    return [Action("verify_text", {"text": v, "target": target}) for v in values] + gone


def quoted_target_text(text: str) -> str:
    """A text as the quoted name of what shows it (a quote inside it kept as typographic quotes)."""
    return '"' + text.replace('"', "\u201d") + '"'


# "the table footer", "the footer of the Orders table", "the grid's footer": the bar a table draws under itself
# (its pager, its count), which is no page footer.
_TABLE_FOOTER = re.compile(r"^(?:the\s+)?(?:(?P<a>.*?\b(?:table|grid|list))'?s?\s+footer|footer\s+(?:of|under)\s+"
                           r"(?:the\s+)?(?P<b>.*?\b(?:table|grid|list)))$", re.IGNORECASE)


def table_footer(target: str) -> str | None:
    """The collection whose footer ``target`` names ("the table footer" -> "table"); None for any other target."""
    footer = _TABLE_FOOTER.match(target)
    return None if footer is None else footer.group("a") or footer.group("b")
