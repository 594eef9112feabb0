"""What the grammar produces (an Action per clause) and the helpers every rule shares."""

from __future__ import annotations

import re
from collections.abc import Iterable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from tapwright.planners.rules._lexicon import ARTICLES, ELEMENT_WORDS, TEXT_WORDS
from tapwright.planners.rules._tokens import Token, span


@dataclass(slots=True)
class Action:
    """One thing a clause asks for, namespace-independent.

    ``verb`` is a semantic verb (``click``, ``fill``, ``verify_text`` ...); ``args`` use the
    argument names of the matching ``web.*`` tool, so the web mapping is the identity.
    """

    verb: str
    args: dict[str, Any] = field(default_factory=dict)
    text: str = ""


# Words the grammar read as commentary, not as something to do or check: a purpose ("... to store the
# form"), an aside ("... without typing a name"), the goal before "by clicking X". The word accounting
# (``_accounting``) counts them as used; quoted values and numbers in them still have to be used.
SET_ASIDE: ContextVar[set[str] | None] = ContextVar("tapwright_rules_set_aside", default=None)


def set_aside(toks: Iterable[Token]) -> None:
    """Record words the grammar leaves out on purpose (see :data:`SET_ASIDE`)."""
    seen = SET_ASIDE.get()
    if seen is not None:
        seen.update(t.low for t in toks if t.kind == "word")


class NoParse(Exception):
    """A clause does not fit a rule. ``family`` names the verb whose examples to suggest."""

    def __init__(self, reason: str, family: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.family = family
        self.clause: str | None = None


@dataclass(slots=True)
class Clause:
    """A clause's tokens and the source they index into."""

    source: str
    tokens: list[Token]

    def text(self, toks: list[Token] | None = None) -> str:
        return span(self.source, self.tokens if toks is None else toks)


def find(toks: list[Token], options: Iterable[str], *, last: bool = False, start: int = 0) -> tuple[int, int]:
    """Index and length of the first (or last) word phrase of ``options`` in ``toks``; (-1, 0) if none."""
    phrases = sorted((tuple(o.split()) for o in options), key=lambda p: -len(p))
    order = range(len(toks) - 1, start - 1, -1) if last else range(start, len(toks))
    for i in order:
        for phrase in phrases:
            if tuple(t.low for t in toks[i : i + len(phrase)]) == phrase:
                return i, len(phrase)
    return -1, 0


def starts_with(toks: list[Token], phrase: str) -> bool:
    words = phrase.split()
    return tuple(t.low for t in toks[: len(words)]) == tuple(words)


def strip_words(toks: list[Token], lead: Iterable[str] = ARTICLES, trail: Iterable[str] = ()) -> list[Token]:
    """Drop leading (and trailing) words from the given sets."""
    lead_set, trail_set = set(lead), set(trail)
    i, j = 0, len(toks)
    while i < j and toks[i].low in lead_set:
        i += 1
    while j > i and toks[j - 1].low in trail_set:
        j -= 1
    return toks[i:j]


def strip_phrase_end(toks: list[Token], phrases: Iterable[str]) -> list[Token]:
    """Drop one trailing phrase such as "on the page"."""
    for phrase in sorted(phrases, key=lambda p: -len(p.split())):
        words = phrase.split()
        if len(toks) > len(words) and tuple(t.low for t in toks[-len(words) :]) == tuple(words):
            return toks[: -len(words)]
    return toks


_VALUE_LEAD = {"the", "a", "an", "text", "value", "option", "string", "word", "file"}


def value_of(c: Clause, toks: list[Token]) -> str:
    """A value: a lone quoted string or placeholder as is (after "the text", "option" ...), else the words."""
    if toks and toks[-1].is_value and all(t.low in _VALUE_LEAD for t in toks[:-1]):
        return toks[-1].value
    if not toks:
        raise NoParse("a value is missing")
    if sum(t.is_value for t in toks) > 1:
        # '"1-3 of 3" with the projects "A" and "B"' is no one text a page shows: several claims, which the rules
        # that read claims apart did not take. Read whole, it would be a text no page shows, or a description
        # the locator reads loosely.
        raise NoParse(f"{c.text(toks)!r} holds several quoted values with words between them: say each claim "
                      "apart ('should show \"A\" and \"B\"', or one check per sentence)")
    if any(t.is_value for t in toks) and any(t.kind == "word" and t.low not in _VALUE_LEAD for t in toks):
        # 'fee "80"', 'exactly one row, "1-1 of 1"': a quoted text with words around it that say something of it
        # (a caption, a count) is no one text a page shows; read whole, those words would be looked for as text.
        raise NoParse(f"{c.text(toks)!r} says words besides the quoted text: say what they name (a caption: "
                      "'Fee \"80\"', a count: 'should have 1 row')")
    return c.text(toks)


def value_and_fields(c: Clause, toks: list[Token], verb: str) -> tuple[str, list[Token]]:
    """The value of ``toks`` and the tokens of a field named after it that takes the same value.

    A quoted value (or placeholder) ends at its closing quote: ``"a" and confirm password`` is the
    value ``a`` and the field "confirm password"; any other words after it raise NoParse.
    """
    lead = 0
    while lead < len(toks) and not toks[lead].is_value and toks[lead].low in _VALUE_LEAD:
        lead += 1
    if lead >= len(toks) - 1 or not toks[lead].is_value:
        return value_of(c, toks), []
    value, tail = toks[lead].value, toks[lead + 1 :]
    if tail[0].low == "and" and len(tail) > 1 and not any(t.is_value for t in tail[1:]):
        return value, tail[1:]
    raise NoParse(f"unexpected words after the value {value!r}: {c.text(tail)!r}", verb)


def target_of(c: Clause, toks: list[Token]) -> str:
    """An element description: leading articles dropped, a lone quoted name unquoted, the rest kept."""
    toks = strip_words(toks)
    if len(toks) > 1 and toks[0].kind == "word" and toks[0].text in ("whole", "entire") and toks[1].kind == "word":
        set_aside(toks[:1])  # "the whole request body": the element, all of it (an action takes it whole anyway)
        toks = toks[1:]
    if not toks:
        raise NoParse("an element description is missing")
    if len(toks) == 1 and toks[0].is_value:
        return quoted_target(toks[0])
    owner = _owner(toks)
    if owner:
        # "Bobby's status", "Marco Bellini's invoice email": that thing in the named record's row (a name said as an
        # owner is no part of the thing's own name, which the locator would then look for in vain or match loosely).
        return f"{c.text(toks[owner:])} in the row for {c.text(toks[:owner])[:-2]}"
    return c.text(toks)


def _owner(toks: list[Token]) -> int:
    """How many leading words name an owner by a proper name ("Bobby's", "Marco Bellini's") with the owned thing
    after them; 0 when none does (a lower-case owner, "the user's avatar", is the page's or the reader's)."""
    for k, t in enumerate(toks[:4]):
        if t.kind != "word" or not t.text[:1].isupper():
            return 0
        if t.text.endswith(("'s", "’s")):
            owned = [w.low for w in toks[k + 1 :]]
            if not owned or t.text[:-2].lower() in _COMMON_OWNERS or owned[-1] in _OWNED_PLACES:
                return 0  # "Leo's row", "Maria's card": the locator reads the owner of a record's place itself
            return k + 1
    return 0


_COMMON_OWNERS = frozenset({"user", "customer", "member", "page", "app", "site", "account", "client", "product"})
_OWNED_PLACES = frozenset({"row", "line", "item", "entry", "card", "tile", "post", "section", "panel"})


def quoted_target(tok: Token) -> str:
    """A lone quoted name as a description: still quoted, so the locator takes it as the literal it is (a near
    spelling is another name); a placeholder (its value comes at run time) as it is."""
    if tok.kind != "quoted" or '"' in tok.value:
        return tok.value
    return f'"{tok.value}"'


def is_value_list(toks: list[Token]) -> bool:
    """``"A", "B" and "C"``: values joined by commas and "and" (for one verb over several objects)."""
    if len(toks) < 3 or not toks[0].is_value or not toks[-1].is_value:
        return False
    return all(t.is_value if i % 2 == 0 else (t.kind == "comma" or t.low == "and") for i, t in enumerate(_squash(toks)))


def value_list(toks: list[Token]) -> list[str]:
    return [t.value for t in toks if t.is_value]


def _squash(toks: list[Token]) -> list[Token]:
    """Collapse ", and" into one separator so the alternation check above holds. Only commas and "and" are
    separators: a run holding any other word ('"A" and the Email field "B"') stays, and the list check fails (the
    words would be dropped otherwise)."""
    out: list[Token] = []
    for t in toks:
        if out and not t.is_value and not out[-1].is_value and _separator(t) and _separator(out[-1]):
            continue
        out.append(t)
    return out


def _separator(t: Token) -> bool:
    return t.kind == "comma" or t.low == "and"


_URL_RE = re.compile(
    r"^(https?://|file://|about:|/|\./|\?|#)|^(localhost|\d{1,3}(\.\d{1,3}){3})(:\d+)?(/|$)|^[\w-]+(\.[\w-]+)*\.[a-z]{2,}(:\d+)?(/\S*)?$",
    re.IGNORECASE,
)


def url_of(toks: list[Token]) -> str | None:
    """A URL or path when the tokens are one ("/login", "https://...", "example.com", "${vars.url}")."""
    if len(toks) != 1:
        return None
    tok = toks[0]
    value = tok.value.strip()
    if tok.kind == "placeholder" or value.startswith("${"):
        return value
    if not _URL_RE.match(value):
        return None
    low = value.lower()
    if re.match(r"^(localhost|\d{1,3}(\.\d{1,3}){3})", low):
        return "http://" + value
    if not re.match(r"^(https?://|file://|about:|/|\./|\?|#)", low):
        return "https://" + value
    return value


def words_of(toks: list[Token]) -> set[str]:
    return {t.low for t in toks if t.kind == "word"}


def is_text_like(toks: list[Token]) -> bool:
    """Text on the page rather than an element: quoted words with at most text words around, or bare words."""
    toks = strip_words(toks)
    if not toks:
        return False
    ws = words_of(toks)
    has_value = any(t.is_value for t in toks)
    if has_value:
        return ws <= TEXT_WORDS | ARTICLES
    return not (ws & ELEMENT_WORDS) and toks[0].low not in ARTICLES and not _has_article(toks)


def _has_article(toks: list[Token]) -> bool:
    return any(t.low in ARTICLES for t in toks)


def text_value(c: Clause, toks: list[Token]) -> str:
    """The text of a text-like phrase: the quoted part when there is one."""
    values = [t for t in toks if t.is_value]
    if len(values) == 1:
        return values[0].value
    return c.text(strip_words(toks))


def only_value(toks: list[Token]) -> str | None:
    """The text of a phrase that is one quoted value ('"Ann"', 'the "Ann"'), else None."""
    toks = strip_words(toks)
    return toks[0].value if len(toks) == 1 and toks[0].is_value else None
