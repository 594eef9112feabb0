"""The step grammar: prefixes, verb phrases, clause splitting and dispatch to the rules.

A step is a sequence of clauses joined by commas, "and", "then" or ";". A join
splits the step only where the next clause starts like a clause (a known verb, an
"I should see", or an assertion with "should"), and only when both sides then parse;
otherwise the words stay together ("the Terms and Conditions link").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

from tapwright.locator.vocab import CONTAINER_WORDS
from tapwright.planners.rules import _actions as act
from tapwright.planners.rules import _assertions as asr
from tapwright.planners.rules import _domain as dom
from tapwright.planners.rules import _motion as mot
from tapwright.planners.rules import _replace as rep
from tapwright.planners.rules import _shapes as shp
from tapwright.planners.rules._ast import (
    Action,
    Clause,
    NoParse,
    find,
    is_value_list,
    set_aside,
    strip_words,
    target_of,
    value_list,
    words_of,
)
from tapwright.planners.rules._claims import NUMBER_SHOWN
from tapwright.planners.rules._dialogs import DIALOG_VERBS, dialog_clause, dialogs_first
from tapwright.planners.rules._lexicon import ADVERBS, ARTICLES, FIELD_WORDS, GHERKIN, SUBJECTS, VERB_PHRASES, VERBS
from tapwright.planners.rules._relatives import split_claims
from tapwright.planners.rules._tokens import Token, span, tokenize

Rule = Callable[[Clause, tuple[str, ...], list[Token]], list[Action]]


def _check(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """ "Check X" ticks a box, unless X reads as an assertion ("check the total is 3")."""
    if find(rest, ("is", "are", "should", "must", "contains", "shows"))[0] > 0:
        out = asr.subject_predicate(c, rest)
        if out is not None:
            return out
    rest = shp.drop_asides(rest)
    for done in (("as", "done"), ("as", "complete"), ("as", "completed"), ("as", "finished"), ("as", "read")):
        if len(rest) > 2 and tuple(t.low for t in rest[-2:]) == done:
            rest = rest[:-2]  # "Mark "Walk the dog" as done"
            return act.check(c, phrase, rest)
    boxes = _marked_as(c, phrase, rest)
    return boxes if boxes is not None else act.check(c, phrase, rest)


def _marked_as(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action] | None:
    """ "Mark retry.ts and backoff.ts as viewed": the box named by the word after "as" in each record named, one
    tick each (``Viewed for retry.ts``); None unless the step is "mark ... as WORD" with names before "as"."""
    if phrase != ("mark",) or len(rest) < 3 or rest[-2].low != "as" or rest[-1].kind != "word" or not rest[-1].low.isalpha():
        return None
    names: list[list[Token]] = [[]]
    for t in rest[:-2]:
        if t.kind == "comma" or t.low == "and":
            names.append([])
        else:
            names[-1].append(t)
    names = [strip_words(n, lead=("the",)) for n in names]
    if any(not n for n in names):
        return None
    box = rest[-1].text.capitalize()
    return [Action("check", {"target": f"{box} for {c.text(n)}"}) for n in names]


def _screenshot(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    words = [t.low for t in rest]
    if words and words[-1] in ("page", "screen") and ("full" in words or "whole" in words or "entire" in words):
        return [Action("screenshot", {"full_page": True})]
    if words and words not in (["of", "the", "page"], ["of", "the", "screen"]):
        raise NoParse(f"unexpected words after {' '.join(phrase)!r}", "screenshot")
    return [Action("screenshot", {})]


RULES: dict[str, Rule] = {
    "click": act.targeted("click"),
    "press": act.press,
    "double_click": act.targeted("double_click"),
    "right_click": act.targeted("right_click"),
    "hover": act.targeted("hover"),
    "focus": act.targeted("focus"),
    "type": act.type_,
    "fill": act.fill,
    "set": act.set_,
    "clear": act.clear,
    "replace": rep.replace,
    "move": rep.move,
    "select": act.select,
    "check": _check,
    "uncheck": act.targeted("uncheck"),
    "toggle": act.targeted("click"),
    "turn_on": act.targeted("check"),
    "turn_off": act.targeted("uncheck"),
    "submit": act.submit,
    "navigate": act.navigate,
    "open": act.open_,
    "back": act.back,
    "forward": act.simple("go_forward", {"the", "page", "to", "next", "one", "browser", "a"}),
    "reload": act.simple("reload", {"the", "page", "browser", "this", "current", "tab"}),
    "scroll": mot.scroll,
    "wait": mot.wait,
    "upload": act.upload,
    "drag": act.drag,
    "switch": act.switch,
    "close": act.close,
    "screenshot": _screenshot,
    "verify": asr.verify,
    "control": dom.control,
    "expand": dom.expand,
    "dismiss": dom.dismiss,
    "search": dom.search,
    "sign_in": dom.sign_in,
    "sort": dom.sort,
    "rate": dom.rate,
    "filter": dom.filter_,
}


def _inflections(word: str) -> list[str]:
    """The word and its base forms for third-person verbs ("clicks", "presses", "empties")."""
    out = [word]
    if word.endswith("ies"):
        out.append(word[:-3] + "y")
    if word.endswith("es"):
        out.append(word[:-2])
    if word.endswith("s"):
        out.append(word[:-1])
    return out


def match_verb(toks: list[Token]) -> tuple[tuple[str, ...], str, int] | None:
    """(phrase, family, tokens used) of the verb phrase the tokens start with."""
    if not toks or toks[0].kind != "word":
        return None
    firsts = _inflections(toks[0].low)
    for phrase, family in VERB_PHRASES:
        n = len(phrase)
        if len(toks) < n or phrase[0] not in firsts:
            continue
        if all(t.low == w for t, w in zip(toks[1:n], phrase[1:], strict=True)):
            return phrase, family, n
    return None


def _subject_len(toks: list[Token]) -> int:
    for subject in SUBJECTS:
        n = len(subject)
        if len(toks) > n and tuple(t.low for t in toks[:n]) == subject:
            return n
    return 0


def _clause_head(toks: list[Token]) -> bool:
    """Whether the tokens begin like a clause: a verb, a modal, a see-word or "am"."""
    if not toks:
        return False
    low = toks[0].low
    return (match_verb(toks) is not None or asr.is_see(low) or low in asr.MODALS | asr.NEG_MODALS | {"am", "have", "has"}
            or low in DIALOG_VERBS)


def strip_prefix(toks: list[Token]) -> list[Token]:
    """Drop Gherkin keywords, subjects ("I", "the user") and adverbs ("then", "now") before the verb."""
    while toks:
        if toks[0].low in GHERKIN or toks[0].kind in ("comma", "semicolon"):
            toks = toks[1:]
            continue
        n = _subject_len(toks)
        if n and _clause_head(_after_adverbs(toks[n:])):
            toks = toks[n:]  # "I also pick ...": the adverb after the subject goes on the next turn
            continue
        if toks[0].low in ADVERBS and len(toks) > 1 and (toks[1].kind == "comma" or _clause_head(toks[1:])):
            toks = toks[1:]
            continue
        break
    return toks


def _after_adverbs(toks: list[Token]) -> list[Token]:
    while len(toks) > 1 and toks[0].low in ADVERBS:
        toks = toks[1:]
    return toks


def starts_clause(toks: list[Token]) -> bool:
    stripped = strip_prefix(toks)
    return _clause_head(stripped) or _has_modal(stripped)


def _has_modal(toks: list[Token]) -> bool:
    return any(t.low in ("should", "must", "shouldn't", "mustn't") for t in toks)


_ASSERTING = {"verify", "check"}  # verbs that may introduce an assertion themselves
_STATE_VERBS = {("am", "on"), ("am", "at"), ("is", "on"), ("is", "at"), ("are", "on")}
# Verbs that use "to" as their own preposition; elsewhere "to <verb> ..." is a purpose clause.
_TO_VERBS = {"drag", "set", "move", "navigate", "switch", "scroll", "upload", "type", "fill", "select", "open", "filter"}


def parse_clause(source: str, toks: list[Token]) -> list[Action]:
    """The Actions of one clause; NoParse when no rule fits."""
    c = Clause(source, toks)
    body = strip_prefix(toks)
    if not body:
        raise NoParse("the step is empty")
    answer = dialog_clause(c, body)
    if answer is not None:
        return _tag(c, answer)
    verb = match_verb(body)
    if verb is not None and verb[1] in _ASSERTING:
        how = shp.by_gerund(body) if verb[1] == "check" or _goal_by(body, verb[2]) else None
        if how is not None:  # "Check the newsletter option by clicking the checkbox": a box, ticked
            return _by(c, body, verb[2], verb[1], *how)
        return _tag(c, RULES[verb[1]](c, verb[0], body[verb[2] :]))
    if verb is None and (how := shp.by_gerund(body)) is not None:
        return _by(c, body, 0, "", *how)  # "Agree to the terms by ticking the box"
    if verb is None or not _has_modal(body):
        seen = asr.see_form(c, body)
        if seen is not None:
            return _tag(c, seen)
    if _has_modal(body):
        out = _sorted_claim(c, body) or asr.subject_predicate(c, body)
        if out is not None:
            return _tag(c, out)
    if verb is not None:
        phrase, family, n = verb
        how = shp.by_gerund(body)
        if how is not None and family != "verify":
            # "Close the dialog by clicking the x": the gerund says what to do.
            return _by(c, body, n, family, *how)
        if family == "sort" and _asks_order(body[n:]):
            # One click on a heading sorts in the order the page picks: an order asked for is reached by
            # sort_table, which clicks until the column reads in that order, or fails saying it does not.
            return _tag(c, [_sort_in_order(c, body[n:])])
        rest = body[n:] if family in _TO_VERBS else _drop_purpose(body[n:])
        rest = shp.drop_asides(rest) if rest else rest
        if phrase in _STATE_VERBS and toks and toks[0].low == "then":
            # "Given I am on /login" sets the scene; "Then I am on /cart" checks it.
            return _tag(c, asr.see_form(c, body, copula=True) or [])
        return _tag(c, RULES[family](c, phrase, rest))
    # Last, "Stop web-1": the app's own verb, said of a record by its name.
    out = asr.subject_predicate(c, body) or dom.unknown_verb(c, body)
    if out is not None:
        return _tag(c, out)
    raise NoParse(f"no known verb at {c.text(body[:1])!r}")


def _goal_by(body: list[Token], n: int) -> bool:
    """ "Confirm by clicking "Delete"": an asserting verb with no object, then how: the gerund is what to do."""
    return len(body) > n + 2 and body[n].low == "by"


# A "by ...ing" target that names only a kind of control: which one is said by the rest of the step.
_BARE_CONTROLS = frozenset({"box", "checkbox", "tickbox", "check box", "tick box", "button", "link", "toggle", "switch",
                            "radio", "radio button", "field", "icon"})  # fmt: skip


def _by(c: Clause, body: list[Token], n: int, family: str, rest: list[Token], verb: str) -> list[Action]:
    source = f"{verb} {c.text(rest)}"
    actions = parse_clause(source, tokenize(source))
    cut = next((i for i, t in enumerate(body) if t.low == "by"), len(body))
    set_aside(body[:cut])  # "Go to Drafts by clicking Drafts": the goal; what is done follows "by"
    if family in ("dismiss", "close") and body[n:] and body[n].low != "by":
        return shp.scoped(actions, "in", c.text(body[n:cut]))
    for a in actions:  # targets come without their article ("the box" is "box")
        if a.verb in ("check", "uncheck") and a.args.get("target") == "box":
            a.args["target"] = "checkbox"  # "by ticking the box": a box one ticks
    bare = all(str(a.args.get("target", "")).lower() in _BARE_CONTROLS for a in actions)
    obj = strip_words(body[n:cut], lead=(*ARTICLES, "to", "on", "with", "in", "for", "of"))
    if bare and actions and obj:
        # "Agree to the privacy policy by ticking the box": the box for the privacy policy.
        state = _STATE_OF.get(family)
        if state and len(actions) == 1 and actions[0].verb == "click" and str(actions[0].args.get("target", "")).lower() in _TOGGLES:
            # "Disable alerts by toggling the switch": the alerts switch, off (not a toggle that may turn it on).
            return [Action(state, {"target": f"{c.text(obj)} {actions[0].args['target']}"}, text=actions[0].text)]
        return shp.scoped(actions, "for", c.text(obj))
    return actions


# Verbs that say the state a control ends in: a click on a bare control "by" which it is done sets that state.
_STATE_OF = {"turn_on": "check", "check": "check", "turn_off": "uncheck", "uncheck": "uncheck"}
_TOGGLES = frozenset({"box", "checkbox", "tickbox", "check box", "tick box", "toggle", "switch", "radio", "radio button"})


_DIRECTIONS = frozenset({"ascending", "descending", "asc", "desc", "reverse", "reversed", "increasing", "decreasing"})
_ORDER_WORDS = _DIRECTIONS | {"first", "last", "highest", "lowest", "largest", "smallest", "newest", "oldest", "top",
                              "bottom"}  # fmt: skip


def _asks_order(rest: list[Token]) -> bool:
    """ "Sort by Amount descending", "... so that the highest amount comes first": an order is asked for (a
    column named "First name" is not one)."""
    kept = _purpose_cut(rest)
    so = next((i for i, t in enumerate(rest[:-1]) if t.low == "so" and rest[i + 1].low in ("that", "the")), len(rest))
    kept = kept[:so]
    purpose = {t.low for t in rest[len(kept) :]}
    said = [t.low for t in kept if not t.is_value]
    # "Sort by Date, newest first": an ordering word with "first" or "last" after it.
    ranked = any((w in _DESCENDING | _ASCENDING and nxt in ("first", "last")) or (w == "from" and nxt in _DESCENDING | _ASCENDING)
                 for w, nxt in itertools.pairwise(said))  # or "from lowest to highest"
    return bool(purpose & _ORDER_WORDS) or ranked or any(w in _DIRECTIONS for w in said)


_DESCENDING = frozenset({"descending", "desc", "decreasing", "highest", "largest", "biggest", "newest", "latest",
                         "most", "greatest", "youngest"})  # fmt: skip
_ASCENDING = frozenset({"ascending", "asc", "increasing", "lowest", "smallest", "oldest", "earliest", "least",
                        "fewest"})  # fmt: skip


def _sort_in_order(c: Clause, rest: list[Token]) -> Action:
    """ "Sort the table by the "amount" column so that the highest amount comes first", "Sort by Date, newest
    first", "Sort by Name descending": ``sort_table`` with the column and the order asked."""
    kept = _purpose_cut(rest)
    so = next((i for i, t in enumerate(kept[:-1]) if t.low == "so" and kept[i + 1].low in ("that", "the")), len(kept))
    order_words = [t for t in rest[min(so, len(kept)):] if not t.is_value] + [
        t for t in kept[:so] if not t.is_value and (t.low in _DIRECTIONS | _DESCENDING | _ASCENDING or t.low == "last")]
    lows = [t.low for t in order_words]
    last = "last" in lows or "bottom" in lows
    down = bool(set(lows) & _DESCENDING) or ("reverse" in lows or "reversed" in lows)
    up = bool(set(lows) & _ASCENDING)
    said = [t.low for t in rest]
    if down and up and "from" in said:
        # "from lowest to highest": the word after "from" is where the order starts.
        start = next((w for w in said[said.index("from") :] if w in _DESCENDING | _ASCENDING), "")
        down, up = start in _DESCENDING, start in _ASCENDING
    if down == up:
        raise NoParse("which order? say ascending / lowest first or descending / highest first", "click")
    order = "descending" if down != last else "ascending"
    column = kept[:so]
    by = next((i for i, t in enumerate(column) if t.low == "by"), -1)
    column = column[by + 1:] if by >= 0 else column
    cut = next((i for i, t in enumerate(column) if t.low in _DESCENDING | _ASCENDING and not t.is_value), len(column))
    column = [t for t in column[:cut] if t.low not in _DIRECTIONS and t.low not in (",", "in", "order")]
    column = strip_words(column, lead=("the",), trail=("column", "order", "in", "first", "then", "from"))
    if not column:
        raise NoParse("sort by which column?", "click")
    kept_ids = {id(t) for t in column}
    set_aside(t for t in rest if id(t) not in kept_ids)  # the order words: what the order argument says
    name = c.text(column).strip().rstrip(",;:").strip('"').strip("'")
    return Action("sort_table", {"column": name, "order": order})


# What a claim about a sorted table may be said of: the table holding the column named.
_SORTED_SUBJECTS = frozenset({"table", "list", "grid", "rows", "results", "entries", "items", "records", "it", "they",
                              "data", "listing"})  # fmt: skip


def _sorted_claim(c: Clause, body: list[Token]) -> list[Action] | None:
    """ "The table should be sorted by Amount, highest first", "the rows should be ordered by Name": a check that
    the column reads in that order (``verify_sorted``; with no order word, either order). None for other claims."""
    k = next((i for i, t in enumerate(body) if t.low in ("should", "must")), -1)
    subject = [t.low for t in body[:k] if t.low not in ("the", "all", "now", "still")] if k > 0 else []
    rest = body[k + 1 :]
    if not subject or not set(subject) <= _SORTED_SUBJECTS or [t.low for t in rest[:1]] != ["be"]:
        return None
    if len(rest) < 4 or rest[1].low not in ("sorted", "ordered") or rest[2].low not in ("by", "on"):
        return None
    tail = rest[2:]
    lows = {t.low for t in tail}
    if lows & (_DIRECTIONS | _DESCENDING | _ASCENDING):
        act = _sort_in_order(c, tail)
        return [Action("verify_sorted", act.args)]
    column = strip_words(tail[1:], lead=("the",), trail=("column",))
    if not column:
        return None
    return [Action("verify_sorted", {"column": c.text(column).strip().strip('"').strip("'")})]


def _drop_purpose(rest: list[Token]) -> list[Token]:
    """ "Press Escape to close the dialog" -> "Press Escape": the purpose says why, not what."""
    kept = _purpose_cut(rest)
    set_aside(rest[len(kept) :])
    return kept


def _purpose_cut(rest: list[Token]) -> list[Token]:
    for i, tok in enumerate(rest[1:], 1):
        side_end = rest[i - 1].low in ("right", "left") and i >= 2 and rest[i - 2].low in ("top", "bottom", "the")
        if tok.low == "to" and rest[i - 1].low in ("next", "close", "right", "left") and not side_end:
            continue  # "Like next to Reply": a place, not a purpose ("at the top right to create X" ends a place)
        if tok.low in ("to", "so") and match_verb(rest[i + 1 :] if tok.low == "to" else rest[i + 2 :]) is not None:
            return rest[:i]
        if tok.low == "to" and i + 1 < len(rest) and rest[i + 1].low in shp.PURPOSE_VERBS:
            return rest[:i]
        if tok.low == "in" and [t.low for t in rest[i + 1 : i + 3]] == ["order", "to"]:
            return rest[:i]
        if tok.low == "to" and _infinitive(rest[i + 1 : i + 3]):
            return rest[:i]  # "Click Save to store the form": a verb we do not know, with its object
    return rest


_DETERMINERS = frozenset({"the", "a", "an", "this", "that", "these", "those", "my", "your", "our", "their", "its"})
_QUANTIFIERS = frozenset({"all", "both", "each", "every", "any", "one", "some", "none"})


def _infinitive(two: list[Token]) -> bool:
    """Whether "to" + these two tokens reads as a verb and its object ("to store the form"): a lower-case word that
    no label would start with a capital letter, then a determiner. "Send to all the users" names a place."""
    return (len(two) == 2 and two[0].kind == "word" and two[0].text.islower() and two[0].low not in _QUANTIFIERS
            and two[1].low in _DETERMINERS)


def _tag(c: Clause, actions: list[Action]) -> list[Action]:
    text = c.text(strip_prefix(c.tokens))
    for a in actions:
        a.text = text
    return actions


_JOIN = ("and", "then")
_WHILE = frozenset({"while", "whilst", "whereas"})
# Verbs whose object can be gapped: 'Enter "a" in Name and "b" in Password' repeats "Enter".
_GAPPABLE = {"type", "fill", "set", "select", "upload", "drag"}
# Verbs on one control each, gapped when the next clause starts with a quoted name:
# 'Click "OK" in the dialog and "Cancel" in the banner' clicks twice.
_GAPPABLE_ON_VALUE = {"click", "double_click", "right_click", "hover", "check", "uncheck"}
_PREPS = {"in", "into", "for", "from", "to", "with", "as", "onto", "on"}


def _is_join(tok: Token) -> bool:
    return tok.kind in ("comma", "semicolon") or tok.low in _JOIN


def _gapped(left: list[Token], right: list[Token]) -> list[Token] | None:
    """The verb tokens to repeat when ``right`` is a gapped clause of ``left``'s verb, else None."""
    head = strip_prefix(left)
    verb = match_verb(head)
    if (
        verb is not None
        and verb[1] == "set"
        and right
        and not starts_clause(right)
        and any(t.low == "to" for t in right[1:-1])
    ):
        return head[: verb[2]]  # "Set min price to 5 and max price to 50"
    if verb is None or not right or not right[0].is_value:
        return None
    if verb[1] not in _GAPPABLE and verb[1] not in _GAPPABLE_ON_VALUE:
        return None
    if not any(t.low in _PREPS for t in right[1:]):
        return None
    if all(t.is_value or t.kind == "comma" for t in head[verb[2] :]):
        return None  # 'Enter "a" and "b" as the user name and password', 'Pick "a", "b" and "c" from T': one list
    if len(head) > verb[2] and head[verb[2]].low in ("both", "all"):
        return None  # 'Select both "A" and "B" in the Rooms filter': one list of values
    return head[: verb[2]]


def _kind_list_subject(left: list[Token], right: list[Token]) -> bool:
    """Whether ``left`` is a plural kind and quoted names ('the operations "A"', 'the tabs "A", "B"') and ``right``
    goes on with another name: the subject of one check, not two clauses."""
    body = [t for t in left if t.low not in ("the", "both")]
    if len(body) < 2 or body[0].kind != "word" or not body[0].low.isalpha() or not body[0].low.endswith("s"):
        return False
    return all(t.is_value or t.kind == "comma" for t in body[1:]) and bool(right) and right[0].is_value


_SUBJECT_QUANTIFIERS = frozenset({"only", "just", "both", "all"})


def _value_list_subject(left: list[Token], joins: list[Token], right: list[Token]) -> bool:
    """Whether ``left`` is only quoted names, the join a comma or "and" (or ", and"), and ``right`` goes on with more
    names up to a modal ('"B" and "C" should ...'): one subject of a check, not several clauses; a word before the
    first name that says how many are meant ('only "A", "B" and "C" should be listed') is the subject's too."""
    while left and not left[0].is_value and (left[0].low in GHERKIN or left[0].low in _SUBJECT_QUANTIFIERS):
        left = left[1:]
    kind = 0  # 'the "A" and "B" checkboxes', 'all five Status checkboxes "A", "B" ...': how many, and of what kind
    while kind < len(left) and kind < 4 and _kind_word(left[kind]):
        kind += 1
    said_before = any(t.low not in ARTICLES for t in left[:kind])
    left = left[kind:]
    if not left or not all(t.is_value or t.kind == "comma" or t.low == "and" for t in left) or not left[0].is_value:
        return False
    if not joins or not all(t.kind == "comma" or t.low == "and" for t in joins) or not right or not right[0].is_value:
        return False
    k = 0
    while k < len(right) and (right[k].is_value or right[k].kind == "comma" or right[k].low == "and"):
        k += 1
    after = 0
    while not said_before and k + after < len(right) and after < 3 and _kind_word(right[k + after]) and \
            right[k + after].low not in _MODALS:  # fmt: skip
        after += 1
    return k + after < len(right) and right[k + after].low in _MODALS


_MODALS = frozenset({"should", "must", "shall", "will", "shouldn't", "mustn't"})


def _kind_word(tok: Token) -> bool:
    """A word of a subject that says how many names, or of what kind, are meant: an article, a number, a noun
    (no verb of the grammar, no modal)."""
    return tok.kind == "word" and tok.low.isalnum() and tok.low not in VERBS and tok.low not in _MODALS and \
        tok.low not in ("not", "no", "never")  # fmt: skip


def _listed_name(right: list[Token]) -> bool:
    """Whether ``right`` begins with one to three capitalised words and then a plural noun ("Cancel buttons"): the
    last of a list of names of one kind, not a clause of its own."""
    k = 0
    while k < len(right) and k < 3 and right[k].kind == "word" and right[k].text[:1].isupper() and right[k].low != "i":
        k += 1
    if k == 0 or k >= len(right):
        return False
    noun = right[k]
    return noun.kind == "word" and noun.text.isalpha() and noun.text.islower() and noun.low.endswith("s") and noun.low not in ("is", "was", "has", "does")


_TOGGLING = frozenset({"turn_on", "turn_off", "check", "uncheck"})


def _toggled_name(left: list[Token], right: list[Token]) -> bool:
    """Whether ``right`` is the next name of a list of settings ``left`` turns on or off: ``left`` begins with such a
    verb and holds no quote, and ``right`` is two to four unquoted words, the first capitalised (a verb read as a
    verb would be written in lower case: "and click Save"), none a verb joining a place ("into", "to")."""
    found = match_verb(left) if left else None
    if found is None or found[1] not in _TOGGLING or any(t.kind != "word" for t in left):
        return False
    words = [t for t in right if t.kind == "word"]
    return (len(words) == len(right) and 2 <= len(words) <= 4 and words[0].text[:1].isupper()
            and not words[0].text.isupper() and match_verb(words) is not None
            and not any(t.low in ("into", "to", "in", "on", "then", "should", "must") for t in words[1:]))


def _pieces(toks: list[Token], text: str = "") -> list[tuple[list[Token], bool]]:
    """The clauses of a step, split at joins that start a new clause: [(tokens, after a strong join)].

    "then" and ";" are strong joins: they always split, so an unknown verb after them is
    reported rather than swallowed into the element description before them.
    """
    pieces: list[tuple[list[Token], bool]] = []
    last, i, strong_before = 0, 1, False
    gapped_from: list[Token] = []  # the clause whose verb the last gapped clause repeated
    while i < len(toks):
        if not _is_join(toks[i]):
            i += 1
            continue
        left = strip_prefix(toks[last:i])
        if toks[i].low == "and" and left and left[0].low in ("both", "only") and _clause_head(left) is False and not _has_modal(left):
            # 'both "A" and "B" should have ...': "both" announces a pair, its "and" joins the two;
            # 'only A and B should appear ...': the names "only" limits to.
            i += 1
            continue
        j = i
        while j < len(toks) and _is_join(toks[j]):
            j += 1
        right = toks[j:]
        strong = any(t.low == "then" or t.kind == "semicolon" for t in toks[i:j])
        if not strong and _value_list_subject(left, toks[i:j], right):
            # '"A", "B" and "C" should be listed in this order': quoted names are the subject of one check.
            i = j
            continue
        if toks[i].low == "and" and j == i + 1 and not strong and _kind_list_subject(left, right):
            # 'the keywords "pad" and "string" should be listed': one subject, a kind and its names.
            i = j
            continue
        if toks[i].low == "and" and j == i + 1 and not strong and _has_modal(left) and _listed_name(right):
            # "I should see the Save and Cancel buttons": in a check, a capitalised word after "and" goes on a
            # list of names; it is no verb starting a new clause ("Cancel").
            i = j
            continue
        toggling = left or strip_prefix(gapped_from)
        nxt = next((k for k in range(j, len(toks)) if _is_join(toks[k])), len(toks))
        if toks[i].low == "and" and j == i + 1 and not strong and _toggled_name(toggling, toks[j:nxt]):
            # "Turn on Email digest and Push notifications": in a list of settings turned on or off, a capitalised
            # verb after "and" begins the next setting's name ("Push notifications"), turned on by the same verb;
            # it starts no clause of its own.
            found = match_verb(toggling)
            assert found is not None
            if left:
                pieces.append((toks[last:i], strong_before))
                gapped_from = toks[last:i]
            pieces.append((toggling[: found[2]] + toks[j:nxt], False))
            last, i, strong_before = nxt, nxt, False
            continue
        if _captions_go_on(left, toks[i:j], right, strong):
            i = j
            continue
        nxt = next((k for k in range(j, len(toks)) if _is_join(toks[k])), len(toks))
        source = toks[last:i] if strip_prefix(toks[last:i]) else gapped_from
        gap = _gapped(source, toks[j:nxt]) if j < len(toks) and source else None
        if gap is not None and not strip_prefix(toks[last:i]):
            # 'Set A to "1", B to "2" and C to "3"': after a gapped clause, the next one may be gapped too.
            pieces.append((gap + toks[j:nxt], False))
            last, i, strong_before = nxt, nxt, False
            continue
        told = None if strong else _gapped_check(text, toks[last:i], toks[last : j + len(_to_strong(toks, j))])
        if told is not None:
            # 'the "critical" bar should show "0 / 2" and the "major" bar "0 / 2"': the second claim's modal and
            # verb are the first's, left out; each claim is checked whole, on its own.
            pieces.append((toks[last:i], strong_before))
            pieces.append((told, False))
            last = i = j + len(_to_strong(toks, j))
            strong_before = False
            continue
        # "First, click Save": a left side of only adverbs is no clause of its own.
        whiles = bool(right) and right[0].low in _WHILE and len(right) > 2  # ', while "B" is still listed'
        if right and strip_prefix(toks[last:j]) and (strong or gap is not None or whiles or starts_clause(right)):
            pieces.append((toks[last:i], strong_before))
            strong_before = strong
            if gap is not None:
                gapped_from = toks[last:i]
                pieces.append((gap + toks[j:nxt], False))
                last, i, strong_before = nxt, nxt, False
                continue
            last = j
        i = j
    pieces.append((toks[last:], strong_before))
    return pieces


def _to_strong(toks: list[Token], j: int) -> list[Token]:
    """The tokens from ``j`` up to the next strong join ("then", ";") or the end."""
    end = next((k for k in range(j, len(toks)) if toks[k].low == "then" or toks[k].kind == "semicolon"), len(toks))
    return toks[j:end]


_GAP_ADVERBS = frozenset({"still", "also", "now"})


def _gapped_check(source: str, left: list[Token], whole: list[Token]) -> list[Token] | None:
    """What follows ``left`` in ``whole`` (after the join), as a check whose modal and verb ``left`` said and it leaves out ('..., and the "major" bar "0 / 2"',
    '..., and the Milestone list only "Release 2.4" and "Release 3.0"'): its subject, the modal and verb of
    ``left``, then its values. None unless ``left`` is a check that parses, ``right`` has no modal and starts no
    clause, a subject of words (an article or a capital first) comes before its values, and the whole parses; the
    caller asks this only of a step that does not parse as one clause (a list of captions and values stays one)."""
    body = strip_prefix(left)
    m = next((k for k, t in enumerate(body) if t.low in _MODALS), -1)
    right = whole[len(left) :]
    while right and (right[0].kind == "comma" or right[0].low == "and"):
        right = right[1:]  # the join
    if not source or m < 1 or not right or _has_modal(right) or starts_clause(right) or right[0].is_value:
        return None
    if _parses(source, whole):
        return None  # one clause as it is ('the dialog should show Owner "Ann" and Size "XL"')
    v = m + 1
    while v < len(body) and body[v].low in ("not", "also", "still"):
        v += 1
    if v >= len(body) or body[v].kind != "word":
        return None
    said = body[m : v + 1]
    s = next((k for k, t in enumerate(right) if t.low in _GAP_ADVERBS | {"only", "just"}), -1)
    if s < 0:  # else the values at its end: 'the "major" bar "0 / 2"'
        s = len(right)
        while s > 0 and (right[s - 1].is_value or right[s - 1].kind == "comma" or right[s - 1].low == "and"):
            s -= 1
    subject = right[:s]
    if not subject or s == len(right) or not (subject[0].low in ("the", "a", "an") or subject[0].text[:1].isupper() or (
            len(subject) <= 3 and any(t.is_value or any(ch.isdigit() for ch in t.text) for t in subject))):
        return None
    lead = right[s : s + 1] if right[s].low in _GAP_ADVERBS else []
    claim = right[:s] + said + right[s + len(lead) :]
    if not _parses(source, body) or not _parses(source, claim):
        return None
    set_aside(lead)
    return claim


def _captions_go_on(left: list[Token], joins: list[Token], right: list[Token], strong: bool) -> bool:
    """Whether a join inside a check's list of captions and values is no new clause: 'the row should show vet
    "Dr. Okafor", visit type "Surgery" and ...' (a caption that begins with a verb, "visit type", goes on the list),
    "the summary should show Paid 3, Open 2 and Void 0" (a capitalised caption and its number; "Open" is no verb)."""
    if not _has_modal(left):
        return False
    if all(t.kind == "comma" for t in joins) and _captioned_pair(left) and _next_caption(right):
        return True
    return not strong and _captioned_number(right)


def _captioned_pair(left: list[Token]) -> bool:
    """Whether ``left`` ends with a caption of one to three plain words and its quoted value ('vet "Dr. Okafor"')."""
    k = len(left) - 1
    if k < 1 or not left[k].is_value:
        return False
    n = 0
    while k - 1 - n >= 0 and n < 3 and left[k - 1 - n].kind == "word" and left[k - 1 - n].low.isalpha() and \
            left[k - 1 - n].low not in VERBS and left[k - 1 - n].low not in ("should", "must", "and"):  # fmt: skip
        n += 1
    return n > 0


def _next_caption(right: list[Token]) -> bool:
    """Whether ``right`` begins with a caption of two or three plain words (no article; a word may be a verb: "visit
    type"), then its quoted value, then the end or the next join, and holds no modal: the next pair of a list."""
    k = 0
    while k < len(right) and k < 3 and right[k].kind == "word" and right[k].low.isalpha():
        k += 1
    if k < 2 or k >= len(right) or not right[k].is_value or _has_modal(right):
        return False
    after = right[k + 1 : k + 2]
    if any(t.low in ARTICLES or t.low in _PERSONS for t in right[:k]):
        return False  # 'I click "Save"': a person and a verb begin a clause
    return not after or after[0].kind == "comma" or after[0].low == "and"


_PERSONS = frozenset({"i", "we", "you", "they", "he", "she", "user"})


def _captioned_number(right: list[Token]) -> bool:
    """Whether the words after a join begin with a capitalised caption and its number ("Open 2") and hold no modal."""
    return (len(right) >= 2 and right[0].kind == "word" and not right[0].is_value and right[0].text[:1].isupper()
            and bool(NUMBER_SHOWN.match(right[1].text)) and not _has_modal(right))


_THEN = ("then", "and", "also", "next", "finally", ",")
_OWNER_TAIL = re.compile(r"\s(?:of|in|inside|on)\s+(the\s+(?:\"[^\"]+\"\s+)?[\w-]+(?:\s+[\w-]+)?)\s*$", re.IGNORECASE)


def _its(thing: str, previous: str) -> str:
    """'... in the "Value" field of the "Login" dialog and press its "OK" button': "its" is the thing the previous
    target belongs to (the dialog) when it names one at its end, else the previous target itself."""
    tail = _OWNER_TAIL.search(previous)
    owner = tail.group(1) if tail and vocab_container(tail.group(1)) else previous
    return f"{thing} in {owner}"


def vocab_container(phrase: str) -> bool:
    """Whether ``phrase`` ends in a container word (dialog, form, panel, row ...)."""
    last = phrase.lower().split()[-1] if phrase.split() else ""
    return last in CONTAINER_WORDS


def _elided_click(clause: Clause, piece: list[Token], done: list[tuple[str, list[Action]]]) -> list[Action] | None:
    """ 'Click "View Tickets" in the main menu and then "New Custom Query"': a clause of a quoted name and no verb,
    right after a click, is clicked too (the verb said once for both). None when that is not the shape."""
    if not done or not done[-1][1] or done[-1][1][-1].verb != "click":
        return None
    rest = list(piece)
    while rest and rest[0].low in _THEN:
        rest = rest[1:]
    if not rest or not rest[0].is_value:
        return None
    source = "click " + clause.text(rest)
    try:
        return parse_clause(source, tokenize(source))
    except NoParse:
        return None


def parse_step(text: str) -> list[tuple[str, list[Action]]]:
    """Split a step into clauses and parse each: [(clause text, actions)].

    Raises:
        NoParse: for the first clause no rule fits (its ``clause`` attribute holds the text).
    """
    text = split_claims(shp.colon_value(shp.strip_marker(text)))
    toks = tokenize(text)
    if not toks:
        raise NoParse("the step is empty")
    lead = next((k for k, t in enumerate(toks) if t.low not in GHERKIN), len(toks))  # "And in the X dialog, ..."
    scope = shp.split_scope(toks[lead:]) or _subject_scope(toks[lead:])
    if scope is not None and not _parses(text, toks[lead : lead + len(scope[1]) + 1]):
        kind, where, rest = scope
        return _scoped_step(text, kind, where, rest)
    merged: list[list[Token]] = []
    pieces = _pieces(toks, text)
    for n, (piece, strong) in enumerate(pieces):
        if n + 1 < len(pieces) and [t.low for t in piece if t.low not in GHERKIN | ADVERBS | {"i", "we"}] == ["go", "ahead"]:
            set_aside(piece)  # "Now go ahead and delete the note": what to do is the next clause
            continue
        if merged and len(piece) > 1 and piece[0].low in _WHILE:
            set_aside(piece[:1])  # '"A" is gone, while "B" is still listed': two claims, as with "and"
            piece = piece[1:]
        if not piece:
            continue
        if merged and not strong and (not _parses(text, piece) or (_bare_check(piece) and _fills(text, merged[-1]))):
            start = next(k for k, t in enumerate(toks) if t is merged[-1][-1]) + 1 - len(merged[-1])
            joined = merged[-1] + toks[start + len(merged[-1]) : next(k for k, t in enumerate(toks) if t is piece[-1]) + 1]
            if _parses(text, joined):
                merged[-1] = joined  # "Click Save and Close": one click, not two clauses
                continue
        merged.append(piece)
    out: list[tuple[str, list[Action]]] = []
    previous: str | None = None
    opened: Action | None = None
    for piece in merged:
        clause = Clause(text, piece)
        try:
            actions = parse_clause(text, piece)
        except NoParse as exc:
            elided = _elided_click(clause, piece, out)
            if elided is None:
                exc.clause = clause.text()
                raise
            actions = elided
        _pick_from_opened(piece, actions, opened)
        opened = actions[-1] if actions else None
        before = previous  # "its" in every call of this clause means what the clause before it named
        for action in actions:
            _refer(action, previous, before)
            previous = _referent(action) or previous
        out.append((actions[0].text if actions else clause.text(), actions))
    return dialogs_first(out)


_PICKED_FROM_LIST = re.compile(r"^((?:the )?)list\b(?= (?:next to|beside|below|under|above|near|to the) )", re.IGNORECASE)
_RELATIVE_IT = re.compile(r"(\b(?:next to|beside|below|under|above|near|(?:to the )?(?:right|left) of) )it$", re.IGNORECASE)


# A check of a text in a place the clause named as its subject: 'the table should say "No data"' checks '"No data"
# in the table'; what "it" then points back at is the table.
_TEXT_IN_PLACE = re.compile(r'^["\u201c][^"\u201d]*["\u201d] in (the .+)$')


def _referent(action: Action) -> str | None:
    """What a later "it" means after ``action``: its target, or for a check of a text in a place, that place."""
    target = action.args.get("target")
    if not isinstance(target, str):
        return None
    placed = _TEXT_IN_PLACE.match(target) if action.verb.startswith("verify") else None
    return placed.group(1) if placed else target


def _refer(action: Action, previous: str | None, before: str | None) -> None:
    """Resolve what an action's target points back at: "it" / "the same box" (the previous clause's element, or
    the focused one first in a step), "its X" (X of what the clause before named), "next to it" (beside that), and
    the list a value is picked from, placed by a relation (a dropdown)."""
    target = action.args.get("target")
    # "Clear the Email field and type "x" into it": "it" is the previous clause's element.
    if _same_control(target):
        # "Also pick "B" in the same box": the control the previous clause named, or first in a
        # step, the one the previous step left focused (a choice box keeps focus after a pick).
        action.args["target"] = previous or FOCUSED
    elif target in ("it", "that", "this") and previous is None and action.verb == "fill":
        action.args["target"] = FOCUSED  # "Replace it with "x"" first in a step: what the last step left focused
    elif target in ("it", "them", "that", "this") and previous:
        action.args["target"] = previous
    elif previous and _RELATIVE_IT.search(str(target or "")):
        # "Choose "assign to" and pick "Carol" from the list next to it": beside what the clause before named.
        action.args["target"] = _RELATIVE_IT.sub(lambda m: m.group(1) + previous, str(target))
    elif str(target or "").lower().startswith("its ") and before:
        action.args["target"] = _its(str(target)[4:], before)
    if action.verb == "select" and _PICKED_FROM_LIST.match(str(action.args.get("target", ""))):
        # "Pick "Carol" from the list next to it": the list a value is picked from is a choice control.
        action.args["target"] = _PICKED_FROM_LIST.sub(r"\1dropdown", str(action.args["target"]), count=1)


def _pick_from_opened(piece: list[Token], actions: list[Action], opened: Action | None) -> None:
    """ 'Click the "Employees" box and pick "Maria Lopez"', 'Type "Aik" in the Organiser filter and pick "Aiko
    Tanaka"': a bare choice right after opening or typing into a choice control is one of the options it shows."""
    body = strip_prefix(piece)
    verb = match_verb(body)
    if opened is None or verb is None or verb[1] != "select" or len(body) != verb[2] + 1 or not body[-1].is_value:
        return
    if len(actions) != 1 or actions[0].verb != "click":
        return
    control = str(opened.args.get("target", "")).lower()
    if opened.verb == "fill" or (opened.verb == "click" and set(control.replace('"', " ").split()) & act.CHOICE_CONTROLS):
        actions[0].args["target"] = f'"{body[-1].value}" option'


def _fills(source: str, piece: list[Token]) -> bool:
    try:
        return all(a.verb == "fill" for a in parse_clause(source, piece))
    except NoParse:
        return False


def _bare_check(piece: list[Token]) -> bool:
    """ "Confirm new password" after "and": a field's name more likely than an assertion of bare words."""
    body = strip_prefix(piece)
    verb = match_verb(body)
    if verb is None or verb[1] != "verify" or len(body) <= verb[2]:
        return False
    rest = body[verb[2] :]
    if rest[0].low in ARTICLES or rest[0].low in ("this", "that", "my", "your", "there"):
        return False  # "and verify the success banner" is a check
    return not any(t.is_value or t.low in ("that", "is", "are", "should", "has", "have", "appears") for t in rest)


FOCUSED = "the focused element"
# Words for a control "the same ..." can refer back to: the fields, and the controls one sets a value on.
_SAME_NOUNS = FIELD_WORDS | {"checkbox", "switch", "toggle", "slider", "list", "menu", "filter", "picker"}


def _same_control(target: object) -> bool:
    """ "same box", "the same dropdown": a reference back to a control already named, not a name."""
    words = str(target).lower().split() if isinstance(target, str) else []
    if words[:1] == ["the"]:
        words = words[1:]
    return len(words) == 2 and words[0] == "same" and words[1] in _SAME_NOUNS


def _subject_scope(toks: list[Token]) -> tuple[str, list[Token], list[Token]] | None:
    """A leading scope with no comma, ended by the subject of the clause that follows:
    "in the "New expense" dialog I select ..." -> ("in", [the "New expense" dialog], [I select ...])."""
    if len(toks) < 4 or toks[0].low not in shp.SCOPE_WORDS:
        return None
    for j in range(2, len(toks) - 1):
        if toks[j].low in ("i", "we") and _clause_head(toks[j + 1 :]):
            return shp.SCOPE_WORDS[toks[0].low], toks[1:j], toks[j:]
    return None


def _scoped_step(text: str, kind: str, where: list[Token], rest: list[Token]) -> list[tuple[str, list[Action]]]:
    """ "In the Billing section, type "Oslo" into City": the rest, each element inside the scope."""
    scope = span(text, where)
    body = text[rest[0].start :]
    chosen = _choice_in(text, kind, where, rest)
    if chosen is not None:
        return chosen
    out = parse_step(body)
    for _, actions in out:
        for a in actions:
            if kind == "using" and a.args.get("target") == FOCUSED:
                a.args["target"] = scope  # "Using the search box, type "desk""
            elif kind != "using":
                shp.scoped([a], kind, scope)
    return out


def _choice_in(text: str, kind: str, where: list[Token], rest: list[Token]) -> list[tuple[str, list[Action]]] | None:
    """ "In the project dropdown I select "Billing"": the scope is the dropdown the option is chosen from.

    Only when the scope names a choice control and the clause is a choosing verb with nothing but its values.
    """
    body = strip_prefix(rest)
    verb = match_verb(body)
    if kind not in ("in", "under") or verb is None or verb[1] != "select" or not words_of(where) & act.CHOICE_CONTROLS:
        return None
    values = body[verb[2] :]
    options = value_list(values) if is_value_list(values) else [values[0].value] if len(values) == 1 and values[0].is_value else []
    if not options:
        return None
    clause = Clause(text, rest)
    target = target_of(clause, where)
    actions = [Action("select", {"target": target, "option": o}) for o in options]
    return [(_tag(clause, actions)[0].text, actions)]


def _parses(source: str, toks: list[Token]) -> bool:
    try:
        parse_clause(source, toks)
    except NoParse:
        return False
    return True
