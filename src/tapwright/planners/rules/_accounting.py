"""Every part of a step is accounted for: the words no call uses make the step PLAN_INVALID.

The grammar reads a step into tool calls; this module checks the result against the step's
own words, whatever rule produced it. A word is accounted for when it is

- carried into an argument of a call (a target's description, a value, a key, a URL ...),
- named by the call itself (``url`` by ``web.verify_url``, ``tab`` by ``web.switch_tab``),
- a number a call uses (as given, from 1-based to 0-based, or seconds as milliseconds), or
- a word of the sentence's frame: a verb of the grammar, an article, a preposition, a
  subject or modal ("I should", "the user can"), a politeness or sequencing word.

A quoted value or placeholder must be used as written: the value typed, selected or checked
is the quoted text itself, never the quoted text with other words around it
(``Enter the password "yA"`` types ``yA``, not ``the password "yA"``).
"""

from __future__ import annotations

import ast
import functools
import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tapwright.planners.rules._lexicon import (
    ADVERBS,
    ARTICLES,
    ELEMENT_WORDS,
    GHERKIN,
    KEYS,
    NUMBER_WORDS,
    ORDINALS,
    SEE_WORDS,
    SUBJECTS,
    VERBS,
    key_name,
)
from tapwright.planners.rules._scopes import dropped as dropped_places
from tapwright.planners.rules._tokens import Token, tokenize

# Argument names whose string is used as the literal value (typed, chosen, compared), not as a description.
VALUE_ARGS = frozenset({"text", "option", "value", "values", "expected", "key", "url", "path", "title"})
# Of those, the ones whose string is typed or chosen as it is (a check's pattern may wrap its value: "^Shop").
TYPED_ARGS = frozenset({"text", "option", "value", "values"})

# The frame of a sentence: words that carry no part of what is acted on or checked.
_FRAME = frozenset(
    {w for phrase in VERBS for w in phrase.split()}
    | ARTICLES
    | GHERKIN
    | ADVERBS
    | SEE_WORDS
    | {w for subject in SUBJECTS for w in subject}
    | {
        # prepositions and conjunctions: their objects carry the content
        "to", "into", "in", "inside", "within", "on", "onto", "at", "from", "with", "as", "for", "of", "by",
        "using", "via", "through", "and", "or", "then", "than", "that", "which", "who", "it", "its", "this",
        "there", "here", "so", "if", "when", "while", "until", "till", "after", "before", "once", "up", "out",
        "over", "off", "down", "about", "whether",
        # modals and copulas of checks and requests
        "should", "must", "shall", "will", "would", "can", "could", "may", "might", "need", "needs", "be", "is", "are", "was", "were", "been", "being", "am", "do", "does", "did", "have", "has", "had",
        "let", "lets", "let's", "me", "us", "my", "our", "your", "their", "i'm", "we're", "you're",
        "want", "wants", "try", "tries", "able", "going", "gets", "got", "make", "makes", "sure",
        "kindly", "please", "now", "again", "also", "too", "still", "yet",
        # where things are shown: "is displayed", "appears on the page", "is visible on screen"
        "page", "screen", "displayed", "shown", "showing", "visible", "present", "appear", "appears",
        "appeared", "display", "displays", "show", "shows", "contain", "contains", "containing", "include",
        "includes", "including", "read", "reads", "say", "says", "saying", "text", "label", "labelled",
        "labeled", "called", "named", "titled", "value", "current", "currently",
        # units the calls convert
        "second", "seconds", "sec", "secs", "s", "millisecond", "milliseconds", "ms", "minute", "minutes",
        "pixel", "pixels", "px", "times", "time",
        # keyboard words
        "key", "keys", "keyboard",
    }
)  # fmt: skip
_WORD = re.compile(r"[\w@#$%&+*/.:'’-]+", re.UNICODE)
_NUMBER = re.compile(r"^[+-]?\d+(?:[.,]\d+)?$")
_ORDINAL_FORM = re.compile(r"^\d+(?:st|nd|rd|th)$")  # "the 10th": an ordinal the grammar read in another form
_EDGE = ".,:;!?()[]{}\"'“”‘’«»"


@dataclass(frozen=True, slots=True)
class Unused:
    """Parts of a step that no call of its plan uses, and values used with extra words around them."""

    words: tuple[str, ...] = ()
    values: tuple[str, ...] = ()
    mixed: tuple[tuple[str, str], ...] = ()  # (the quoted value, the argument that holds it with other words)
    places: tuple[str, ...] = ()  # places the step names ("in the Ann row") that no description keeps

    def __bool__(self) -> bool:
        return bool(self.words or self.values or self.mixed or self.places)

    def message(self) -> str:
        parts: list[str] = []
        if self.values:
            parts.append("the value(s) " + ", ".join(repr(v) for v in self.values) + " are not used by any call")
        if self.words:
            parts.append("the words " + ", ".join(repr(w) for w in self.words) + " are not used by any call")
        for value, arg in self.mixed:
            parts.append(f"the value would be {arg!r}, not the quoted {value!r}: say which field the other words name")
        if self.places:
            parts.append("the place(s) " + ", ".join(repr(p) for p in self.places) + " are not kept by any call: "
                         "keep each in the description of what is acted on or checked (\"Delete in the Ann row\")")
        return "; ".join(parts)


def check(step: str, plan_steps: list[dict[str, Any]], aside: Iterable[str] = ()) -> Unused:
    """What of ``step`` the calls in ``plan_steps`` (dicts with ``tool`` and ``args``) do not use.

    ``aside`` holds the words the grammar read as commentary (a purpose, an aside): used, unless they hold a digit.
    """
    strings: list[tuple[str, str]] = []  # (argument name, text)
    numbers: set[float] = set()
    tool_words: set[str] = set()
    for call in plan_steps:
        tool_words |= set(re.split(r"[._]", str(call.get("tool", "")).lower()))
        for name, value in _leaves(call.get("args") or {}, ""):
            if isinstance(value, bool):
                continue
            if isinstance(value, (int, float)):
                numbers.add(float(value))
            elif isinstance(value, str):
                strings.append((name, value))
                if _NUMBER.match(value.strip()):
                    numbers.add(float(value.strip().replace(",", ".")))
    used_words = {w for n, s in strings for w in _words(s if n in VALUE_ARGS else _UNHELD.sub("", s))} | tool_words
    used_words |= _said_by_calls(plan_steps, tool_words, aside)
    used_words = _with_negations(used_words, plan_steps, tool_words, set(_words(step)))
    if "not" in tool_words and not _NOT_ALL.search(step.lower()):
        used_words |= _QUANTIFIERS  # "All errors should be gone": no error shown ("not all" would be another check)
    tools = [str(call.get("tool")) for call in plan_steps]
    if len(tools) > len(set(tools)):
        used_words |= {"both"}  # one verb over two targets ("all", "each", "every" may be more: kept for the locator)
    used_words |= {k.lower() for k in KEYS if any(s.lower() == KEYS[k].lower() for _, s in strings)}
    keys = {s.lower() for n, s in strings if n == "key"}
    joined = " \u0000 ".join(s if n in VALUE_ARGS else _UNHELD.sub("", s) for n, s in strings)

    tokens = tokenize(step)
    joined = _without_quoted(joined, tokens)
    values: list[str] = []
    mixed: list[tuple[str, str]] = []
    for tok in tokens:
        if not tok.is_value or not tok.value.strip():
            continue
        if any(s == tok.value or (n == "key" and s.lower() in (tok.value.lower(), (key_name(tok.value) or "").lower()))
               for n, s in strings):  # fmt: skip
            continue  # 'Press "END"' presses the End key, 'Press "Left Arrow"' the ArrowLeft key
        holders = [(n, s) for n, s in strings if tok.value in s]
        if not holders:
            values.append(tok.value)
            continue
        as_value = [s for n, s in holders if n in TYPED_ARGS]
        if as_value and not any(n not in TYPED_ARGS for n, _ in holders):
            mixed.append((tok.value, as_value[0]))
    # A word the grammar knows ("away", "down", "up") written with a capital inside the step is a name or a value
    # ("shown as Away"), never the grammar's word: used only when a call holds it.
    named = {t.low for t in tokens[1:] if t.kind == "word" and t.text[:1].isupper() and t.low != "i"}
    words = [w for w in _step_words(tokens)
             if not (_accounted(w, used_words, numbers, joined) and not _a_name_read_as_grammar(w, named, used_words, joined))
             and (key_name(w) or "").lower() not in keys]  # fmt: skip
    words += _second_dropped(step, tokens, used_words, numbers)
    return Unused(tuple(dict.fromkeys(words)), tuple(dict.fromkeys(values)), tuple(dict.fromkeys(mixed)))


def unused_values(step: str, plan_steps: list[dict[str, Any]]) -> Unused:
    """The quoted values, placeholders and content words of ``step`` that a plan written by someone else
    leaves out.

    For plans the grammar did not write (a model's, a cached one). A value is used when some argument
    holds it: as the whole string, inside a description or check (ignoring case: the locator does), or
    inside a typed value only when the typed value is nothing else (``the password "yA"`` is not ``yA``).
    A model reads a free-form step into other words ("as big as possible" is the size Large), so of the
    other words only those that turn a step into another step are held to account: a negation (read
    into a negative check, as the rules read it), a quantifier ("all", "every", "each", "both", "only":
    kept in an argument, or "both" as two calls), a number or an ordinal (in any of its forms), and a
    place the step names ("in the Ann row", "inside the Billing dialog", "under Shipping": kept in a
    description, see :mod:`~tapwright.planners.rules._scopes`).
    """
    words = tuple(w for w in check(step, plan_steps).words if _decisive(w) and not _said_otherwise(w, plan_steps))
    strings = [(name, value) for call in plan_steps for name, value in _leaves(call.get("args") or {}, "")
               if isinstance(value, str)]  # fmt: skip
    values: list[str] = []
    mixed: list[tuple[str, str]] = []
    for tok in tokenize(step):
        if not tok.is_value or not tok.value.strip() or any(s == tok.value for _, s in strings):
            continue
        if any(n == "key" and s == key_name(tok.value) for n, s in strings):
            continue  # 'Press "Left Arrow"': the key said by its spoken name (ArrowLeft)
        typed = [s for n, s in strings if n in TYPED_ARGS and tok.value in s]
        described = [s for n, s in strings if n not in TYPED_ARGS and tok.value.lower() in s.lower()]
        if described:
            continue
        if typed:
            mixed.append((tok.value, typed[0]))
        else:
            values.append(tok.value)
    lost = dropped_places(step, (s for n, s in strings if n not in TYPED_ARGS))
    return Unused(words, tuple(dict.fromkeys(values)), tuple(dict.fromkeys(mixed)), tuple(dict.fromkeys(lost)))


def _decisive(word: str) -> bool:
    """Whether dropping ``word`` makes another step of it: a negation, a quantifier, a number or an ordinal."""
    return (word in _NEGATIVE_QUANTIFIERS or word.endswith(("n't", "n’t")) or word in _HELD_QUANTIFIERS
            or bool(_NUMBER.match(word)) or word in ORDINALS or (word in NUMBER_WORDS and word not in ("a", "an")))  # fmt: skip


def _said_otherwise(word: str, plan_steps: list[dict[str, Any]]) -> bool:
    """Whether an argument says the same number or ordinal in another form ("third" for "3rd", "3" for "three")."""
    n = ORDINALS.get(word) or NUMBER_WORDS.get(word)
    if n is None and _NUMBER.match(word):
        n = float(word.replace(",", "."))
    if n is None:
        return False
    for call in plan_steps:
        for _, v in _leaves(call.get("args") or {}, ""):
            if isinstance(v, str) and any((ORDINALS.get(w) or NUMBER_WORDS.get(w)) == n for w in _words(v)):
                return True
    return False


_QUANTIFIERS = frozenset({"all", "every", "each", "both"})
# "only" before a name in a description ('only "A"'): no locator reads it (what is shown besides is not
# looked at), so it is not used by being there; a check of the rows ("only A and B should be listed") uses it.
_UNHELD = re.compile(r"""(?:^|(?<=[\s"'“‘]))only\s+(?=["'“‘])|^only\s+""", re.IGNORECASE)
_HELD_QUANTIFIERS = _QUANTIFIERS | {"only"}
_NOT_ALL = re.compile(r"\b(not|n't|n’t)\s+(all|every|each|both)\b")
_STATE_TOOLS = frozenset({"check", "uncheck", "state", "expand", "toggle"})
_STATE_WORDS = frozenset({"done", "complete", "completed", "checked", "ticked", "selected", "on", "off", "enabled",
                          "disabled", "active", "inactive", "expanded", "collapsed", "open", "opened", "closed",
                          "greyed", "grayed", "unchecked", "unticked"})  # fmt: skip
_NEGATIONS = frozenset({"not", "no", "never", "isn't", "aren't", "doesn't", "don't", "shouldn't", "mustn't", "won't",
                        "cannot", "can't", "isn’t", "doesn’t", "shouldn’t"})  # fmt: skip
_NEGATIVE_VALUES = frozenset({"unchecked", "disabled", "hidden", "collapsed", "not_visible", "detached", "absent",
                              "gone", "readonly"})  # fmt: skip


# A state a check reads, and the words of its opposite: "should not be disabled" checks "enabled".
_TURNED = {"enabled": {"disabled", "greyed", "grayed"}, "checked": {"unchecked", "unticked"}, "expanded": {"collapsed"}}


def _with_negations(used: set[str], plan_steps: list[dict[str, Any]], tool_words: set[str], said: set[str]) -> set[str]:
    """``used`` with the negating words a plan reads: all of them when it checks a negative, or a state said as the
    negation of its opposite ("should not be disabled": enabled); none of them when it only checks positives
    ("None of the rows should say X" is no check that a row says X)."""
    turned = any(isinstance(v, str) and _TURNED.get(v.lower(), set()) & said
                 for call in plan_steps for name, v in _leaves(call.get("args") or {}, "") if name == "state")  # fmt: skip
    if turned or _negated(plan_steps, tool_words):
        return used | _NEGATIONS
    if plan_steps and all(str(call.get("tool", "")).rsplit(".", 1)[-1].startswith("verify") for call in plan_steps):
        return used - _NEGATIVE_QUANTIFIERS
    return used


def _negated(plan_steps: list[dict[str, Any]], tool_words: set[str]) -> bool:
    """Whether some call checks a negative: a ``not`` tool, a negative state, or a flag set to false."""
    if "not" in tool_words:
        return True
    for call in plan_steps:
        for name, value in _leaves(call.get("args") or {}, ""):
            if isinstance(value, str) and value.lower() in _NEGATIVE_VALUES:
                return True
            if value is False and name in {"present", "visible", "exists", "expected", "checked", "enabled"}:
                return True
            if value is True and name == "none":  # web.verify_rows(none=true): no row holds the values
                return True
    return False


def _leaves(value: Any, name: str) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, str(k))
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _leaves(v, name)
    else:
        yield name, value


def _words(text: str) -> Iterable[str]:
    for m in _WORD.finditer(text.lower()):
        w = m.group(0).strip(_EDGE)
        if w:
            yield w
            if w.endswith(("'s", "’s")):
                yield w[:-2]
            for part in re.split(r"[-/+.:]", w):
                if part and part != w:
                    yield part


_CALENDAR = frozenset({"january", "february", "march", "april", "may", "june", "july", "august", "september",
                       "october", "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday",
                       "saturday", "sunday", "today", "tomorrow", "yesterday"})  # fmt: skip


def _a_name_read_as_grammar(word: str, named: set[str], used: set[str], joined: str) -> bool:
    """Whether ``word`` is written with a capital inside the step, is a word of the grammar's own ("away", "down"),
    and no call holds it: a name or a value the grammar took for its own word ("shown as Away")."""
    return (word in named and word in _grammar_words() and word not in _CALENDAR and word not in used
            and not _inside_word(word, joined))


def _step_words(tokens: list[Token]) -> Iterator[str]:
    for tok in tokens:
        if tok.kind != "word":
            continue
        for w in _WORD.findall(tok.text.lower()):
            w = w.strip(_EDGE)
            if w and any(ch.isalnum() for ch in w):
                yield w


def _second_dropped(step: str, tokens: list[Token], used: set[str], numbers: set[float]) -> list[str]:
    """["second"] when "second" is a place in a list no call keeps ("listed second"), not a time ("1 second")."""
    if "second" in _step_words(tokens) and "second" not in used and not _SECONDS.search(step.lower()) \
            and not numbers & {1.0, 2.0}:
        return ["second"]
    return []


def _repeats(plan_steps: list[dict[str, Any]]) -> set[str]:
    """How many times a call is repeated in a row (the same tool and arguments), for each run of two or more, as
    the words that say it ("3", "three")."""
    runs = [1]
    for before, call in itertools.pairwise(plan_steps):
        same = before.get("tool") == call.get("tool") and before.get("args") == call.get("args")
        runs[-1:] = [runs[-1] + 1] if same else [runs[-1], 1]
    times = {2: "twice", 3: "thrice"}
    return {w for n in runs if n >= 2 for w in (str(n), times.get(n, ""), *(k for k, v in NUMBER_WORDS.items() if v == n))
            if w}  # fmt: skip


_SECONDS = re.compile(r"\b(?:\d+(?:[.,]\d+)?|a|an|one|half a|another|each|every|per)\s+seconds?\b")
# Ordinals no rule may read away: a place in a list ("listed fifth") is kept by a call or the step is refused.
# ("second" is also a unit of time, read into a timeout; "first" also a word of sequence: "First, click Save".)
_HELD_ORDINALS = frozenset(ORDINALS) - {"second", "first"}


# Words that say where or how many times: accounted for only by a call that keeps them (an argument holding the
# word, or a call that places or counts); a rule that names them is no proof that this step's call read them
# ('"X" should be shown at the bottom of the page' checked "X" anywhere).
_PLACING = frozenset({"top", "bottom", "left", "right", "upper", "lower", "middle", "centre", "center", "corner",
                      "once", "twice", "thrice", "exactly"})  # fmt: skip
_PLACING_ARGS = frozenset({"at", "index", "nth", "count", "position", "direction", "side", "times", "order", "exact",
                           "near", "below", "above", "x", "y", "dx", "dy", "pixels", "by"})  # fmt: skip


def _said_by_calls(plan_steps: list[dict[str, Any]], tool_words: set[str], aside: Iterable[str]) -> set[str]:
    """Words the calls say without holding them: a repeat's count, the grammar's commentary, a state, a place."""
    said = _repeats(plan_steps)  # "click Next 3 times": three calls in a row say the 3 (exactly)
    # Commentary holds no value: a number, time, amount or date in it ("so it ends at 5:30 PM") is asked for.
    said |= {w for w in aside if not any(c.isdigit() for c in w) or _ORDINAL_FORM.match(w)}
    if tool_words & _STATE_TOOLS:
        said |= _STATE_WORDS  # "Mark X as done", "X should be ticked": the state is the call
    if _placing_kept(plan_steps) or tool_words & {"scroll", "swipe", "drag", "order", "count"}:
        said |= _PLACING
    return said


def _placing_kept(plan_steps: list[dict[str, Any]]) -> bool:
    """Whether a call keeps a place or a count: an argument that says one (set, and not false)."""
    return any(name in _PLACING_ARGS and value not in (None, False, "")
               for call in plan_steps for name, value in (call.get("args") or {}).items())


# States only a call that checks or sets one reads: no grammar word ("shown disabled" is no check that it is shown).
_HELD_STATES = frozenset({"disabled", "enabled", "greyed", "grayed", "dimmed", "ticked", "unticked", "checked",
                          "unchecked", "expanded", "collapsed"})  # fmt: skip


def _accounted(word: str, used: set[str], numbers: set[float], joined: str) -> bool:
    if word in _HELD_STATES and word not in used:
        return _inside_word(word, joined)
    if word in _PLACING and word not in used and not _inside_word(word, joined):
        return False  # (the caller lets it pass when a call keeps a place or a count)
    if word in _HELD_ORDINALS and word not in used:
        place = ORDINALS[word]
        return any(abs(x - y) < 1e-9 for x in numbers for y in (place, place - 1)) or _inside_word(word, joined)
    if word in _FRAME or word in used or word in _KINDS or word in _grammar_words() or _verb_form(word):
        return True
    unit = _WITH_UNIT.match(word)
    if unit:
        word = unit.group(1)
    for singular in _singulars(word):
        if singular in used or singular in _KINDS:
            return True
    if word.endswith(("'s", "’s")) and word[:-2] in used:
        return True
    if word.endswith("n't") or word in _NEGATIVE_QUANTIFIERS:
        return False  # a negation must have been read into a call (see the check verbs' own words)
    if _NUMBER.match(word):
        n = float(word.replace(",", "."))
        return any(abs(x - y) < 1e-9 for x in numbers for y in (n, n - 1, n * 1000, n * 60, n * 60_000, n / 1000, n * 800)) or word in joined
    # An ordinal or a number word the grammar turned into an index or count: "second", "2nd", "three".
    n2 = ORDINALS.get(word) or NUMBER_WORDS.get(word)
    if n2 is not None and any(abs(x - y) < 1e-9 for x in numbers for y in (n2, n2 - 1, -1)):
        return True
    return word.lower() in joined.lower() and len(word) > 2 and _inside_word(word, joined)


# Words naming a kind of element ("the Save button", "the form", "3 rows"): the grammar reads them into a
# role or leaves the kind to the locator; they add no content of their own.
_KINDS = ELEMENT_WORDS | {"checkboxes", "boxes", "suggestions", "results", "options", "choices", "entries", "entry",
                          "accordion", "folder", "page", "screen", "new", "under", "below", "above", "beneath",
                          "beside", "near", "next", "behind", "inside", "side", "post", "posts", "comment"}  # fmt: skip


_VERB_WORDS = frozenset(w for phrase in VERBS for w in phrase.split()) | SEE_WORDS
_WITH_UNIT = re.compile(r"^(\d+(?:[.,]\d+)?)(?:px|ms|s|sec|secs|m|min|mins)$")


@functools.cache
def _grammar_words() -> frozenset[str]:
    """Every word the grammar's rules name (verbs, keys, states, directions, match kinds, units ...).

    A word the grammar has a rule for is read by that rule ("exactly", "bottom", "twice", "newest");
    a word it has no rule for must reach a call, or the step is refused. Read from the string
    literals of the rules' own source, so a new rule's words count without a list kept by hand.
    """
    found: set[str] = set()
    for path in sorted(Path(__file__).parent.glob("_*.py")):
        if path.name == Path(__file__).name:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
                if len(text.split()) > 3 or text != text.lower() or any(c in text for c in "\"'@{:?"):
                    continue  # docstrings, messages and examples: prose, not the words a rule matches
                found.update(w for w in re.findall(r"[a-z][a-z'-]*", node.value.lower()) if len(w) > 1)
    return frozenset(found - _CONTENT)


# Words some rule names but that carry content when a step says them: never read as frame.
_CONTENT = frozenset({"not", "no", "never", "both", "all", "each", "every", "only", "none", "any", "one", "nothing",
                      "nobody", "neither", "nor"})  # fmt: skip
_NEGATIVE_QUANTIFIERS = frozenset({"no", "not", "never", "none", "nothing", "nobody", "neither", "nor", "noone"})


def _verb_form(word: str) -> bool:
    """A grammar verb as a gerund or past form: "clicking", "ticked", "typing", "tapped"."""
    for end in ("ing", "ed", "es", "s"):
        if word.endswith(end) and len(word) > len(end) + 2:
            stem = word[: -len(end)]
            if stem in _VERB_WORDS or stem + "e" in _VERB_WORDS or (stem[-1] == stem[-2] and stem[:-1] in _VERB_WORDS):
                return True
            if end in ("es", "ed") and stem.endswith("i") and stem[:-1] + "y" in _VERB_WORDS:
                return True  # "empties", "emptied"
    return False


def _singulars(word: str) -> list[str]:
    if len(word) < 4 or not word.endswith("s"):
        return []
    out = [word[:-1]]
    if word.endswith("es"):
        out.append(word[:-2])
    if word.endswith("ies"):
        out.append(word[:-3] + "y")
    return out


def _without_quoted(joined: str, tokens: list[Token]) -> str:
    """The arguments' text with the step's own quoted values taken out: a word said outside quotes is not used
    because a quoted name happens to hold it ('"bed_level_test.gcode" is listed at the top level' keeps no
    "level"; the value is the file's name, and where it is listed is dropped)."""
    for tok in sorted((t for t in tokens if t.is_value and t.value.strip()), key=lambda t: -len(t.value)):
        joined = joined.replace(tok.value, "\u0000")
    return joined


def _inside_word(word: str, joined: str) -> bool:
    """A step word kept inside a longer argument word ("e-mail" as "email")."""
    return word.replace("-", "") in joined.lower().replace("-", "")


def explain(step: str, plan_steps: list[dict[str, Any]], aside: Iterable[str] = ()) -> list[str]:
    """Which words of ``step`` each call takes, and which the grammar read as frame or commentary, one line each."""
    lines: list[str] = []
    taken: set[str] = set()
    for k, call in enumerate(plan_steps, 1):
        parts = []
        for name, value in _leaves(call.get("args") or {}, ""):
            if isinstance(value, (str, int, float)) and not isinstance(value, bool):
                parts.append(f"{name}={value!r}")
                taken |= set(_words(str(value)))
        lines.append(f"call {k} {call.get('tool')}: " + (", ".join(parts) or "no arguments"))
    words = list(dict.fromkeys(_step_words(tokenize(step))))
    commentary = [w for w in words if w in set(aside) and w not in taken]
    frame = [w for w in words if w not in taken and w not in commentary]
    if frame:
        lines.append("read by the grammar: " + " ".join(frame))
    if commentary:
        lines.append("commentary, not acted on: " + " ".join(commentary))
    return lines
