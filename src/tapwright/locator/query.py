"""Parsing a plain-English element description into a :class:`Query`.

"the second blue Delete button in the dialog" becomes text "delete", roles
(button,), ordinal 2, colours (blue,), and a container relation (dialog).

Words that could be modifiers (ordinals, colours, sizes, relation words) are kept as
literal text when the page itself uses them next to their neighbour: "First name
field" stays a label because "first name" occurs on the page. The parser learns
that through ``known_pair`` (a bigram test the caller builds from the UiTree), so it
stays pure.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from tapwright.locator import vocab
from tapwright.locator.text import ARTICLES, exact_form

KnownPair = Callable[[str, str], bool]

_QUOTED = re.compile(r"\"([^\"]+)\"|“([^”]+)”|«([^»]+)»|„([^“”]+)[“”]|(?<!\w)'([^']+)'(?!\w)")
_EDGE_PUNCT = ".,;:!?()[]{}"
_NUMERIC_ORDINAL = re.compile(r"^(\d{1,3})(st|nd|rd|th)$")


@dataclass(frozen=True, slots=True)
class Word:
    """One word of a description; a quoted phrase is a single word."""

    text: str
    low: str
    quoted: bool = False


@dataclass(frozen=True, slots=True)
class Container:
    """A container the target must be inside: kinds of context entries and name words."""

    kinds: frozenset[str] | None
    name: str
    ordinal: int | None = None  # "in the first row": the n-th such container from the top (-1: the last)
    exact: bool = False  # the name was quoted: it stands on its own in the container's text
    side: str = ""  # "the right-hand panel", "the left sidebar": the half of the page the container is in
    # 'the "a.gcode" row of the Files panel': the container this one is inside (the row, in that panel).
    outer: Container | None = None


@dataclass(frozen=True, slots=True)
class Relation:
    """How the target relates to an anchor: near/below/above/left/right (anchor is a
    description) or in/for (the anchor is a container)."""

    kind: str
    anchor: str
    container: Container | None = None


@dataclass(frozen=True, slots=True)
class Query:
    """What a description asks for."""

    raw: str
    text: str = ""
    full_text: str = ""
    quoted: tuple[str, ...] = ()
    roles: tuple[str, ...] = ()
    ordinal: int | None = None
    ordinal_from: str = "top"
    colours: tuple[str, ...] = ()
    size: str | None = None
    shape: str | None = None  # "round" or "square" (vocab.SHAPE_WORDS)
    drawn: str = ""  # "tag": the head noun says a thing drawn on its own (a tag, chip or pill), not a word in a text
    relation: Relation | None = None
    notes: tuple[str, ...] = field(default=())
    alt_names: tuple[str, ...] = ()
    hint_only: bool = False
    whole_names: bool = False  # the alt names count only as a control's whole name (vocab.WHOLE_NAMES_ONLY)
    end_of: int = 0  # "at the right of the top bar": among equals in the bar, the right-most (1: left-most)
    multiline: str = ""  # "editor" or "text area": a multi-line field is meant; "one line": a text box or field
    side: str = ""  # "... on the left": the half of the page the target is in (left, right, top, bottom)
    # '"List pets" operation (GET /pets)': a quoted name and the words in brackets after it (at most two words
    # between), which together may be the element's whole name.
    bracketed: tuple[tuple[str, str], ...] = ()


def _words(description: str) -> list[Word]:
    out: list[Word] = []
    pos = 0
    for match in _QUOTED.finditer(description):
        out.extend(_plain_words(description[pos : match.start()]))
        phrase = next(g for g in match.groups() if g is not None)
        out.append(Word(phrase, exact_form(phrase), quoted=True))
        pos = match.end()
    out.extend(_plain_words(description[pos:]))
    return out


def _plain_words(chunk: str) -> list[Word]:
    words = []
    for raw in chunk.split():
        low = exact_form(raw).strip(_EDGE_PUNCT)
        if low:
            words.append(Word(raw.strip(_EDGE_PUNCT), low))
    return words


def _never(_a: str, _b: str) -> bool:
    return False


def _is_literal(words: list[Word], i: int, known_pair: KnownPair, *, need_both: bool = False) -> bool:
    """Whether the modifier word at ``i`` is part of a phrase the page uses ("First name", "Sort by name")."""
    content = [w for w in words if w.low and w.low not in ARTICLES]
    try:
        k = next(j for j, w in enumerate(content) if w is words[i])
    except StopIteration:
        return False
    left = content[k - 1].low if k > 0 else None
    right = content[k + 1].low if k + 1 < len(content) else None
    word = words[i].low
    has_left = left is not None and known_pair(left, word)
    has_right = right is not None and known_pair(word, right)
    if need_both:
        return (has_left or left is None) and (has_right or right is None) and (left is not None or right is not None)
    return has_left or has_right


def _match_phrase(words: list[Word], i: int, phrase: tuple[str, ...]) -> bool:
    if i + len(phrase) > len(words):
        return False
    first = words[i]
    if first.quoted or first.low != phrase[0]:  # most tries end here: checked before building the generator
        return False
    return all(not words[i + k].quoted and words[i + k].low == p for k, p in enumerate(phrase))


@functools.cache
def _relation_phrases() -> list[tuple[tuple[str, ...], str]]:
    """Relation phrases, longest first (the vocabulary is fixed: sorted once)."""
    return sorted({**vocab.POSITION_PHRASES, **vocab.CONTAINER_PHRASES}.items(), key=lambda kv: -len(kv[0]))


@functools.cache
def _role_phrases() -> list[tuple[str, ...]]:
    """Role phrases, longest first."""
    return sorted(vocab.ROLE_PHRASES, key=len, reverse=True)


def _find_relation(words: list[Word], known_pair: KnownPair) -> tuple[int, int, str] | None:
    """(start, end, kind) of the first relation phrase that really is one."""
    phrases = _relation_phrases()
    for i in range(len(words)):
        for phrase, kind in phrases:
            # "For sale" is a name; "for X" needs a target before it.
            if not _match_phrase(words, i, phrase) or (i == 0 and kind == "for"):
                continue
            end = i + len(phrase)
            rest = [w for w in words[end:] if w.low not in ARTICLES]
            if not rest or _is_literal(words, i, known_pair, need_both=True):
                continue
            if phrase == ("of",) and _owned_control(words, i):
                return i, end, "for"  # 'the checkbox of "Set up alerts"': that record's checkbox
            if kind == "in" and not _looks_like_container(words[end:]):
                if phrase == ("on",) and _one_record_name(words[end:]) and 0 < i <= 2:
                    return i, end, "for"  # "Viewed on src/webhook.ts": the Viewed box of that file's record
                continue
            if phrase == ("of",) and _region_of_control(words, i):
                return i, end, "in"  # "the filter box of the palette": a control of a part of the page
            if phrase == ("of",) and not _names_container_kind(words[end:]):
                continue  # "Terms of Service", "the name of the product": only "of the dialog" is a container
            return i, end, kind
    return None


def _owned_control(words: list[Word], i: int) -> bool:
    """ 'the checkbox of "Set up alerts"': a control's role word just before "of", and one quoted name after it,
    which may come with the record's kind noun and what else identifies it ('the checkbox of booking #8 "Budget
    sync" (Borealis, John Smith)', 'of the "Budget sync" booking')."""
    before = [w for w in words[:i] if w.low not in ARTICLES]
    after = [w for w in words[i + 1 :] if w.low not in ARTICLES]
    if not before or before[-1].quoted or (before[-1].low,) not in vocab.ROLE_PHRASES or before[-1].low not in _CONTROL_WORDS:
        return False
    if sum(w.quoted for w in after) != 1 or len(after) > _MAX_RECORD_WORDS:
        return False
    return all(w.quoted or _record_word(w) for w in after)


_MAX_RECORD_WORDS = 7
_ID = re.compile(r"^#?\d+$")


def _record_word(w: Word) -> bool:
    """A word that says which record a quoted name is: its kind noun ("booking"), an id ("#8") or a name
    ("Borealis"); never a word that starts another relation or names a part of the page."""
    if w.low in vocab.CONTAINER_WORDS or w.low in vocab.CONTAINER_LINKS or any(p[0] == w.low for p, _ in _relation_phrases()):
        return False
    return bool(_ID.match(w.low)) or w.text[:1].isupper() or (w.low.isalpha() and w.text.islower())


def _region_of_control(words: list[Word], i: int) -> bool:
    """ "the "filter" box of the palette": a control's role word just before "of", then a determiner and plain
    words (no quote): the part of the page the control is in. "Terms of Service" has no role word before it."""
    before = [w for w in words[:i] if w.low not in ARTICLES]
    after = words[i + 1 :]
    return (bool(before) and not before[-1].quoted and before[-1].low in _FIELD_WORDS | _CONTROL_WORDS
            and len(after) >= 2 and after[0].low in ARTICLES and not any(w.quoted for w in after))


_FIELD_WORDS = frozenset({"box", "field", "input", "textbox", "dropdown", "menu", "searchbox"})
_CONTROL_WORDS = frozenset({"checkbox", "button", "link", "switch", "toggle", "radio", "icon", "tickbox"})


def _one_record_name(words: list[Word]) -> bool:
    """One word written as a record's name, nothing else: a quoted value, or a word holding a dot, a slash, a
    digit, an @ or a hyphen ("src/webhook.ts", "web-1", "@maria")."""
    return len(words) == 1 and (words[0].quoted or any(ch in words[0].low for ch in "./@-0123456789"))


def _looks_like_container(words: list[Word]) -> bool:
    """ "in the dialog", "in leo's row", "inside the Login form" - but not "Log in button"."""
    if not words:
        return False
    if words[0].low in ARTICLES or words[0].low in {"this", "that", "its"}:
        return True
    return any(w.low in vocab.CONTAINER_WORDS or w.low.endswith(("'s", "’s")) or _region(words, i) is not None
               for i, w in enumerate(words))


def _region(words: list[Word], i: int) -> frozenset[str] | None:
    """The container kinds of a two-word region name starting at ``i`` ("top bar", "side panel")."""
    if i + 1 >= len(words) or words[i].quoted or words[i + 1].quoted:
        return None
    return vocab.REGION_PHRASES.get((words[i].low, words[i + 1].low))


def _names_container_kind(words: list[Word]) -> bool:
    """ "the dialog", "the top bar", "this form": a determiner, then a container's kind word in the same
    noun phrase (before any further relation word)."""
    if not words or words[0].quoted or words[0].low not in ARTICLES | {"this", "that", "its"}:
        return False
    for i, w in enumerate(words[1:], start=1):
        if w.quoted:
            continue
        if w.low in vocab.CONTAINER_WORDS or _region(words, i) is not None:
            return True
        if any(_match_phrase(words, i, phrase) for phrase, _ in _relation_phrases()):
            return False
    return False


_NESTING = frozenset({"of", "in", "inside", "within"})


def _nested_at(words: list[Word]) -> int:
    """Where 'the "a.gcode" row of the Files panel' turns to the outer container: a linking word after a kind word,
    followed by a determiner and a kind word of its own (-1: no second container)."""
    kind_seen = False
    for i, w in enumerate(words):
        if w.quoted:
            continue
        if kind_seen and w.low in _NESTING and _names_container_kind(words[i + 1 :]):
            return i
        kind_seen = kind_seen or w.low in vocab.CONTAINER_WORDS
    return -1


def _without_page(words: list[Word], *, container: bool = True) -> list[Word]:
    """'the Shop section of the admin home page', 'the "On-call rotation" link on the start page': the words that
    name the page the thing is on ("of/on the ... page" at the end, a few plain words) say where the step is, not a
    container around it: dropped (for a container, only when what is left names a kind of container)."""
    if not words or words[-1].low not in ("page", "screen") or words[-1].quoted:
        return words
    for i in range(len(words) - 2, 0, -1):
        if words[i].low in ("of", "on") and len(words) - i <= 6 and not any(w.quoted for w in words[i:]):
            head = words[:i]
            if not container:
                return head if any(w.low not in ARTICLES for w in head) else words
            return head if any(w.low in vocab.CONTAINER_WORDS for w in head) else words
    return words


def parse_container(words: list[Word], kind: str) -> Container:
    """The container named by the words after "in"/"for": kind words, connecting words and a name; a second
    container it is inside ("the X row of the Files panel") is its ``outer``."""
    words = _without_page(words)
    at = _nested_at(words)
    if at > 0:
        inner = parse_container(words[:at], kind)
        if inner.kinds is not None:
            return Container(inner.kinds, inner.name, inner.ordinal, inner.exact, inner.side,
                             parse_container(words[at + 1 :], "in"))
    kinds: frozenset[str] | None = None
    name_words: list[str] = []
    quoted: list[bool] = []
    linked = False  # the name follows a linking word ("the row for ...")
    ordinal: int | None = None
    skip = -1
    side = ""
    for i, w in enumerate(words):
        low = w.low
        if low in ARTICLES or low in {"this", "that"} or i == skip or (kinds is None and _page_bar(words, i, name_words)):
            continue
        said = _container_side(words, i) if kinds is None and not name_words and not side else ""
        if said:
            side = said  # "the right-hand panel": where the panel is, not its name
            if low in _SIDES and i + 1 < len(words) and words[i + 1].low == "hand":
                skip = i + 1
            continue
        region = _region(words, i) if kinds is None else None
        if region is not None:
            kinds, skip = region, i + 1  # "the top bar": the banner, whatever its name
            continue
        nxt = words[i + 1].low if i + 1 < len(words) else ""
        value = vocab.ORDINAL_WORDS.get(low) or (int(m.group(1)) if (m := _NUMERIC_ORDINAL.match(low)) else None)
        if value is not None and ordinal is None and not w.quoted and nxt in vocab.CONTAINER_WORDS:
            ordinal = value  # "the first row", "the last card"
            continue
        if low.endswith(("'s", "’s")):
            name_words.append(w.text[:-2])
            quoted.append(False)
            continue
        if not w.quoted and low in vocab.CONTAINER_WORDS and kinds is None:
            kinds = vocab.CONTAINER_WORDS[low]
            continue
        if not w.quoted and (low in vocab.CONTAINER_LINKS or (low in vocab.ROW_NOUNS and (kind == "for" or kinds))):
            linked = linked or (low in vocab.CONTAINER_LINKS and not name_words)
            continue
        name_words.append(w.text)
        quoted.append(w.quoted)
    if linked and kinds is not None and len(name_words) == 2 and quoted[1] and not quoted[0]:
        name_words, quoted = name_words[-1:], quoted[-1:]  # 'the row for tag "latest"': the noun says what it is
    elif kind == "for" and kinds is None and sum(quoted) == 1 and len(name_words) > 1:
        # 'for booking #8 "Budget sync"', 'of the "Budget sync" booking': a lower-case noun says what the record
        # is (no cell shows it); its id and its name's other words are looked for in its row.
        keep = [(t, q) for t, q in zip(name_words, quoted, strict=True) if q or not (t.isalpha() and t.islower())]
        name_words, quoted = [t.lstrip("#") for t, _ in keep], [q for _, q in keep]
    if kind == "for" and kinds is not None and not name_words and ordinal is None:
        # "Add for group" (an app verb and its object): the word names the thing, not a kind of container.
        content = [w.text for w in words if w.low not in ARTICLES and w.low not in {"this", "that"}]
        return Container(None, " ".join(content), None)
    exact = len(name_words) == 1 and quoted[0]
    return Container(kinds, " ".join(name_words), ordinal if kinds is not None else None, exact,
                     side if kinds is not None else "")


def _take_ordinal(words: list[Word], known_pair: KnownPair) -> tuple[int | None, str]:
    ordinal: int | None = None
    origin = "top"
    for i, w in enumerate(list(words)):
        if w.quoted:
            continue
        if w.low == "from" and i + 1 < len(words):
            j = i + 2 if words[i + 1].low in ARTICLES and i + 2 < len(words) else i + 1
            if words[j].low in vocab.ORDINAL_FROM:
                origin = vocab.ORDINAL_FROM[words[j].low]
                for k in range(i, j + 1):
                    words[k] = Word("", "")
                continue
        value = vocab.ORDINAL_WORDS.get(w.low)
        m = _NUMERIC_ORDINAL.match(w.low)
        if m:
            value = int(m.group(1))
        if value is None or ordinal is not None or _is_literal(words, i, known_pair) or _titled_name(words, i):
            continue
        # "second to last", "second last", "last but one"
        nxt = words[i + 1].low if i + 1 < len(words) else ""
        if value > 0 and nxt == "last":
            value, words[i + 1] = -value, Word("", "")
        elif value > 0 and nxt == "to" and i + 2 < len(words) and words[i + 2].low == "last":
            value, words[i + 1], words[i + 2] = -value, Word("", ""), Word("", "")
        elif value == -1 and nxt == "but" and i + 2 < len(words) and words[i + 2].low == "one":
            value, words[i + 1], words[i + 2] = -2, Word("", ""), Word("", "")
        ordinal = value
        words[i] = Word("", "")
    if ordinal is not None and origin in {"bottom", "right"}:
        ordinal = -ordinal if ordinal > 0 else ordinal
        origin = "top" if origin == "bottom" else "left"
    return ordinal, origin


def _titled_name(words: list[Word], i: int) -> bool:
    """A capitalised modifier that does not start the description reads as a name: "the Last button"."""
    return i > 0 and words[i].text[:1].isupper()


def _take_words(words: list[Word], table: dict[str, str], known_pair: KnownPair) -> list[str]:
    found = []
    for i, w in enumerate(words):
        if w.quoted or w.low not in table or _is_literal(words, i, known_pair) or _titled_name(words, i):
            continue
        found.append(table[w.low])
        words[i] = Word("", "")
    return found


def _take_role(words: list[Word], known_pair: KnownPair = _never) -> tuple[str, ...]:
    """The roles named by the last role phrase (the head noun); earlier role words stay text.

    A role word that opens the description and is followed on the page by the next word is part of a
    name ("Select all", "Search products"), not the kind of thing wanted."""
    phrases = _role_phrases()
    first = next((k for k, w in enumerate(words) if w.low and w.low not in ARTICLES), 0)
    for end in range(len(words), 0, -1):
        for phrase in phrases:
            start = end - len(phrase)
            if start >= 0 and _match_phrase(words, start, phrase):
                if start == first and end < len(words) and _is_literal(words, end - 1, known_pair):
                    continue
                if phrase in vocab.NAMED_ONLY_ROLES and not any(
                    w.low and w.low not in ARTICLES for k, w in enumerate(words) if k < start
                ):
                    continue  # "Click Filter": the Filter button, not any filtering control
                named = any(w.low and w.low not in ARTICLES for w in words[:start] + words[end:])
                # "the Date picker" alone: what it picks is the only name said ("the Start date picker" names it)
                keep = end - 1 if phrase[-1] == "picker" and len(phrase) > 1 and not named else start
                for k in range(keep, end):
                    words[k] = Word("", "")
                return vocab.ROLE_PHRASES[phrase]
    return ()


_MULTILINE = frozenset({"editor", "textarea"})


def _has_phrase(words: list[Word], phrase: tuple[str, ...]) -> bool:
    return any(_match_phrase(words, i, phrase) for i in range(len(words)))


def _take_widget(words: list[Word]) -> tuple[tuple[str, ...], tuple[str, ...], bool, bool] | None:
    """(roles, names, hint only, whole names only) of a widget phrase ("the x", "hamburger menu") when it is all the words say."""
    content = [w for w in words if w.low and w.low not in ARTICLES]
    if not content or any(w.quoted for w in content):
        return None
    phrase = tuple(w.low for w in content)
    found = vocab.WIDGET_NAMES.get(phrase)
    if found is None and any("-" in w.low for w in content):  # "check-mark button": the words of a hyphened pair
        phrase = tuple(part for w in content for part in w.low.split("-") if part)
        found = vocab.WIDGET_NAMES.get(phrase)
    if found is None:
        return None
    for i, w in enumerate(words):
        if w.low:
            words[i] = Word("", "")
    return found[0], found[1], phrase in vocab.HINT_ONLY, phrase in vocab.WHOLE_NAMES_ONLY


# A possessive that begins a description points back at what the steps before were about ("its Status" after
# opening an article): the thing shown now; it names nothing on the page. ("My Tickets" keeps its "My".)
_POSSESSIVES = frozenset({"its", "his", "her", "their"})


def _strip_verb(words: list[Word]) -> list[Word]:
    if len(words) > 1 and not words[0].quoted and words[0].low in vocab.LEADING_VERBS:
        words = words[1:]
        if len(words) > 1 and words[0].low in {"on", "at"}:
            words = words[1:]
    if len(words) > 1 and not words[0].quoted and words[0].low in _POSSESSIVES:
        words = words[1:]
    return words


def _join(words: list[Word]) -> str:
    return " ".join(w.text for w in words if w.low and w.low not in ARTICLES)


_NAMING = frozenset({"named", "called", "labelled", "labeled", "titled", "entitled"})
_FRESH = frozenset({"new", "newly"})


def known(w: Word) -> bool:
    """Whether ``w`` is a kind the locator knows: a role or a container word."""
    return (w.low,) in vocab.ROLE_PHRASES or w.low in vocab.CONTAINER_WORDS


def _unnamed(words: list[Word], known_pair: KnownPair) -> list[Word]:
    """ 'a new tab named "Flow 1"' is the "Flow 1" tab: a naming word before a quoted name only says the quote is
    the name (the words before it say its kind: role and container words stay, describing ones go), and "new"
    before a kind word only says it has just appeared (unless the page writes "new tab")."""
    if not any(w.quoted for w in words):
        return words
    k = next((i for i, w in enumerate(words[:-1]) if i > 0 and not w.quoted and w.low in _NAMING and words[i + 1].quoted
              and all(not v.quoted for v in words[:i])), None)  # fmt: skip
    if k is not None and known(words[k - 1]):
        # 'an edit panel titled "Edit node"' is the "Edit node" panel: the kind words stay, the describing ones go.
        # A kind the locator does not know ('a tag called "Compost"') is kept whole: dropped, any "Compost" would do.
        kind = [w for w in words[:k] if known(w)]
        words = [words[k + 1], *kind, *words[k + 2 :]]
    out = []
    for i, w in enumerate(words):
        nxt = words[i + 1] if i + 1 < len(words) else None
        if (nxt is not None and not w.quoted and w.low in _FRESH and not nxt.quoted and (nxt.low,) in vocab.ROLE_PHRASES
                and not known_pair(w.low, nxt.low)):  # fmt: skip
            continue
        out.append(w)
    return out


_SIDES = frozenset({"left", "right", "top", "bottom"})
_SIDE_TAIL = frozenset({"side", "edge", "hand", "half"})
_WHOLE = frozenset({"page", "screen", "window", "app"})
_CORNERS = [{"top", "left"}, {"top", "right"}, {"bottom", "left"}, {"bottom", "right"}]


def _page_bar(words: list[Word], i: int, name_words: list[str]) -> bool:
    """Whether word ``i`` is "page" (or "app", "screen") before a region's two-word name: "the page title bar" is the
    page's own title bar, not a bar named "page"."""
    return not name_words and words[i].low in _WHOLE and not words[i].quoted and _region(words, i + 1) is not None


def _container_side(words: list[Word], i: int) -> str:
    """ "left" / "right" / "top" / "bottom" when word ``i`` is a side ("right", "right-hand", "right hand") said
    just before a container's kind word ("the right-hand panel", "the left sidebar"), else ""."""
    w = words[i]
    if w.quoted:
        return ""
    low = w.low.removesuffix("-hand").removesuffix("hand")
    if low not in _SIDES:
        return ""
    j = i + 2 if w.low == low and i + 1 < len(words) and words[i + 1].low == "hand" else i + 1
    if j >= len(words) or words[j].quoted:
        return ""
    return low if words[j].low in vocab.CONTAINER_WORDS or _region(words, j) is not None else ""


def _take_side(words: list[Word]) -> tuple[list[Word], str]:
    """ "the filter box of the palette on the left": a page side said last ("on the left", "at the top",
    "on the right-hand side") is where on the page the target is, not a name or a container; so is a corner
    ("at the top right of the page", "in the bottom left corner"): both its halves."""
    low = [w.low if not w.quoted else "" for w in words]
    end = len(low)
    if end >= 3 and low[end - 1] in _WHOLE and low[end - 2] in ARTICLES and low[end - 3] == "of":
        end -= 3  # "... of the page"
    while end > 0 and (low[end - 1] in _SIDE_TAIL or low[end - 1] == "corner"):
        end -= 1
    sides = 0
    while sides < 2 and end - sides > 0 and low[end - 1 - sides] in _SIDES:
        sides += 1
    if sides == 2 and {low[end - 1], low[end - 2]} not in _CORNERS:
        return words, ""  # "top bottom" is no place
    start = end - sides
    said = sides and start >= 2 and low[start - 1] in ARTICLES and low[start - 2] in {"on", "at", "to", "in"}
    if said and len(words) - (start - 2) <= 9 and start - 2 >= 1:
        return words[: start - 2], " ".join(low[start:end])
    return words, ""


def parse(description: str, known_pair: KnownPair | None = None) -> Query:
    """Understand a description.

    Args:
        description: e.g. "the 2nd Delete link", "checkbox next to Remember me".
        known_pair: ``known_pair(a, b)`` says whether the page has the words ``a b`` side by side;
            used to keep modifier words that are really part of a name.

    Returns:
        The parsed :class:`Query`. Nothing is ever rejected: unknown words become text.
    """
    known = known_pair or _never
    words = _without_page(_unnamed(_strip_verb(_words(description.strip())), known), container=False)
    full_text = _join(words)  # the side words too: "Align on the left" may be a control's whole name
    words, side = _take_side(words)
    relation: Relation | None = None
    found = _find_relation(words, known)
    if found is not None:
        start, end, kind = found
        anchor_words = words[end:]
        anchor = " ".join(w.text if not w.quoted else f'"{w.text}"' for w in anchor_words)
        container = parse_container(anchor_words, kind) if kind in {"in", "for"} else None
        end_of: int | None = None
        if kind in ("left", "right") and words[start].low == "at" and _names_container_kind(anchor_words):
            # "the account icon at the right of the top bar": in the bar, the right-most of what matches.
            kind, container, end_of = "in", parse_container(anchor_words, "in"), (-1 if kind == "right" else 1)
        relation = Relation(kind, anchor, container)
        words = words[:start]
    else:
        end_of = None
    ordinal, origin = _take_ordinal(words, known)
    colours = _take_words(words, vocab.COLOUR_WORDS, known)
    sizes = _take_words(words, vocab.SIZE_WORDS, known)
    shapes = _take_words(words, vocab.SHAPE_WORDS, known)
    widget = _take_widget(words)
    multiline = ("editor" if any(not w.quoted and w.low == "editor" for w in words) else
                 "text area" if any(not w.quoted and w.low == "textarea" for w in words)
                 or _has_phrase(words, ("text", "area")) else
                 "one line" if any(not w.quoted and w.low == "textbox" for w in words)
                 or _has_phrase(words, ("text", "box")) or _has_phrase(words, ("text", "field")) else "")  # fmt: skip
    said = [("" if w.quoted else w.low) for w in words]
    roles = widget[0] if widget is not None else _take_role(words, known)
    drawn = "tag" if any(low in vocab.TAG_NOUNS and not words[k].low for k, low in enumerate(said)) else ""
    quoted = tuple(w.text for w in words if w.quoted)
    text = _join(words)
    notes: list[str] = []
    if not text and not roles and not relation and (ordinal is not None or colours or sizes or shapes):
        # "Last", "Blue": a lone modifier word is a name after all.
        text, ordinal, colours, sizes, shapes = full_text, None, [], [], []
        notes.append("modifier read as text")
    return Query(
        raw=description,
        text=text,
        full_text=full_text,
        quoted=quoted,
        roles=roles,
        ordinal=ordinal,
        ordinal_from=origin,
        colours=tuple(dict.fromkeys(colours)),
        size=sizes[0] if sizes else None,
        shape=shapes[0] if shapes else None,
        drawn=drawn,
        relation=relation,
        notes=tuple(notes),
        alt_names=widget[1] if widget is not None else (),
        hint_only=widget[2] if widget is not None else False,
        whole_names=widget[3] if widget is not None else False,
        end_of=end_of or 0,
        multiline=multiline,
        side=side,
        bracketed=_bracketed(description),
    )


_BRACKETED = re.compile(r"(?:\"([^\"]+)\"|“([^”]+)”)(?:\s+[^\s\"“()]+){0,2}\s*\(([^()\"]+)\)")


def _bracketed(description: str) -> tuple[tuple[str, str], ...]:
    """(quoted name, words in brackets) of each quoted name that brackets follow: '"List pets" operation (GET /pets)'."""
    return tuple((m.group(1) or m.group(2), " ".join(m.group(3).split())) for m in _BRACKETED.finditer(description))
