"""Claims a check makes beyond "X is there": what a subject is marked with or says in other words, values said to
be absent ("but not"), "only" these rows, a text in another's record ("A" with "B"), and the page to be on named
by its heading. Each reader returns None when the words are not of its shape."""

from __future__ import annotations

from tapwright.core import gist
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
from tapwright.planners.rules._lexicon import TEXT_WORDS
from tapwright.planners.rules._records import NUMBER, captioned_value, labelled_values, only_listed
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


_MARKED = frozenset({"marked", "labelled", "labeled", "tagged", "flagged", "badged"})


def marked(c: Clause, subject: list[Token], verb: str, rest: list[Token], kind: str) -> list[Action] | None:
    """ 'the ticket should be marked "accepted task"', '... labelled as "Urgent" with Priority "critical"': the
    subject shows that text (on a page subject: the page), and each caption said after "with" its value."""
    if verb != "be" or len(rest) < 2 or rest[0].low not in _MARKED:
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
    if len(body) < 3 or not body[0].is_value or body[1].low != "with" or not body[-1].is_value:
        return None
    parts = _with_parts(body[2:])
    if parts is None:
        return None
    for between in parts:
        set_aside(between[:-1])
    return [Action("verify_visible", {"target": f'"{part[-1].value}" for "{body[0].value}"'}) for part in parts]


def _split_list(toks: list[Token]) -> list[list[Token]] | None:
    """``toks`` split at commas and "and" (an Oxford comma too); None when it begins with a separator or has two
    commas in a row (an empty part)."""
    parts: list[list[Token]] = [[]]
    for t in toks:
        if t.kind == "comma" or t.low == "and":
            if not parts[-1] and not (t.low == "and" and len(parts) > 1):
                return None
            if parts[-1]:
                parts.append([])
            continue
        parts[-1].append(t)
    return parts


def _with_parts(toks: list[Token]) -> list[list[Token]] | None:
    """The values said after "with", split at commas and "and", each with the (at most two) words that say what it
    is; None when a part is anything else (a value not last, another preposition, a clause)."""
    parts = _split_list(toks)
    if parts is None:
        return None
    for part in parts:
        words = [t for t in part[:-1] if t.low not in ("the", "a", "an")]
        if not part or not part[-1].is_value or len(words) > 2:
            return None
        if any(t.kind != "word" or t.low in ("or", "in", "on", "for") for t in words):
            return None
    return parts


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


def claims_apart(verb: str, rest: list[Token]) -> list[list[Token]] | None:
    """ 'the A-1024 row should show "Dr. Nina Hart", "Confirmed" and the fee "160"': the claims said after one
    verb of showing, split at commas and "and" (an Oxford comma too), for each to be checked in the one subject as
    if said alone. None when there is one claim, or when every claim is one quoted value (the value-list rules
    take those), or a part is empty."""
    if verb not in _SHOWING or not any(t.kind == "comma" or t.low == "and" for t in rest):
        return None
    parts = _split_list(rest)
    if parts is None or len(parts) < 2 or not parts[-1] or all(len(p) == 1 and p[0].is_value for p in parts):
        return None
    if not all(_one_value(p) for p in parts):
        return None  # 'should show "Saved" and close' (a second verb), '"A" with the projects "B"' (two claims in one)
    return parts


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
    elif len(body) == 2 and not body[0].is_value and body[1].is_value and verb != "have" and body[0].low not in _PROPERTIES:
        noun = body[0]  # "the operation "Get a user"": the kind, then its name (in apposition)
    else:
        return None
    if noun.low in TEXT_WORDS or not noun.low.isalpha():
        return None
    target = f"{c.text(body)} in the {target_of(c, subject)}"
    return [Action("verify_not_visible" if neg else "verify_visible", {"target": target})]
