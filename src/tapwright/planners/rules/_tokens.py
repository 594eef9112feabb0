"""Tokenizer for test steps: words, quoted strings, ``${placeholders}`` and separators.

Quoted strings ("...", '...', “...”, ‘...’) and placeholders are single tokens, so
nothing downstream can split inside them. An apostrophe opens a quote only at the
start of a word and only when a closing one follows at the end of a word, so
"don't" and "user's" stay words.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

_QUOTES = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»", "„": "“"}
_TRAILING = ".!?;:"


@dataclass(frozen=True, slots=True)
class Token:
    """One token of a step.

    Attributes:
        kind: ``word``, ``quoted``, ``placeholder``, ``comma`` or ``semicolon``.
        text: The exact source text, quotes included.
        value: The meaning: a quoted string without its quotes, otherwise ``text``.
        start: Offset of the token in the source.
        end: Offset just past the token.
    """

    kind: str
    text: str
    value: str
    start: int
    end: int

    @property
    def low(self) -> str:
        """The word in lower case (empty for tokens that are not words)."""
        return self.text.lower() if self.kind == "word" else ""

    @property
    def is_value(self) -> bool:
        """Quoted strings and bare placeholders are values by themselves."""
        return self.kind in ("quoted", "placeholder")


def _placeholder_end(text: str, i: int) -> int:
    """End of a ``${...}`` starting at ``i`` (braces balanced), or -1 when unclosed."""
    depth = 0
    for j in range(i + 1, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return j + 1
    return -1


def _quote_end(text: str, i: int) -> int:
    """End of a quoted string opening at ``i``, or -1 when this is not a quote."""
    close = _QUOTES[text[i]]
    if text[i] == "'" and i + 1 < len(text) and not text[i + 1].strip():
        return -1  # a lone apostrophe followed by a space
    j = i + 1
    while True:
        j = text.find(close, j)
        if j < 0:
            return -1
        after = text[j + 1 : j + 2]
        # A closing apostrophe must end a word ("'it's here'" closes at the last one).
        if text[i] == "'" and after and (after.isalnum() or after == "_"):
            j += 1
            continue
        inner = _inner_quote_end(text, j) if text[i] == '"' else -1
        if inner > 0:
            j = inner  # '"You are about to delete "a.gcode" forever."': a quote inside the quote
            continue
        return j + 1


def _inner_quote_end(text: str, j: int) -> int:
    """Past the close of a quote opened inside a quoted text at ``j``, or -1 when ``j`` closes the outer one.

    A quote that opens stands after a space and before a word ('delete "a.gcode"'); a quote that closes stands
    after a word. Read by where each stands, '"Delete "a.gcode" forever."' is one text that quotes a name; an
    inner quote that never closes, or closes where nothing is left to close the outer one, leaves the first
    reading (the outer quote closes at ``j``)."""
    if not (text[j - 1 : j].isspace() and text[j + 1 : j + 2].strip() and text[j + 1 : j + 2] != '"'):
        return -1
    k = text.find('"', j + 1)
    if k < 0 or text[k - 1].isspace() or text[k + 1 : k + 2].isalnum():
        return -1
    return k + 1 if text.find('"', k + 1) > 0 else -1


def _json_end(text: str, i: int) -> int:
    """End of a JSON object or array written out at ``i`` ('with {"name": "Rex", "tags": ["a"]}'), or -1 when the
    brackets do not close or what they hold is not JSON."""
    depth, j, n = 0, i, len(text)
    while j < n:
        ch = text[j]
        if ch == '"':
            j += 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                try:
                    json.loads(text[i : j + 1])
                except ValueError:
                    return -1
                return j + 1
        j += 1
    return -1


_SCALAR = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null")


def _member_end(text: str, i: int, end: int) -> int:
    """End of a JSON member '"key": value' whose key is the quoted string at ``i``..``end`` (the colon right after
    it, then a string, a number, true, false or null), or -1 when no such member is written there."""
    if text[end : end + 1] != ":":
        return -1
    j = end + 1
    while j < len(text) and text[j] == " ":
        j += 1
    if text[j : j + 1] == '"':
        close = _quote_end(text, j)
        stop = close
    else:
        found = _SCALAR.match(text, j)
        stop = found.end() if found else -1
    if stop < 0 or (stop < len(text) and not (text[stop].isspace() or text[stop] in ",;" + _TRAILING)):
        return -1
    return stop


def _thousands(text: str, j: int) -> bool:
    """A comma at ``j`` between a digit and three more digits is a number's thousands separator ("€1,810.00")."""
    return (text[j] == "," and j > 0 and text[j - 1].isdigit() and text[j + 1 : j + 4].isdigit()
            and len(text[j + 1 : j + 4]) == 3 and not text[j + 4 : j + 5].isdigit())  # fmt: skip


def _word_end(text: str, i: int) -> int:
    j = i
    while j < len(text) and not text[j].isspace() and (text[j] not in ",;" or _thousands(text, j)):
        if text.startswith("${", j):
            end = _placeholder_end(text, j)
            j = end if end > 0 else j + 2
            continue
        if text[j] in _QUOTES and text[j] != "'":
            break
        j += 1
    return j


def tokenize(text: str) -> list[Token]:
    """Split a step into tokens. Never fails: unbalanced quotes become plain words."""
    tokens: list[Token] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if ch in ",;":
            tokens.append(Token("comma" if ch == "," else "semicolon", ch, ch, i, i + 1))
            i += 1
            continue
        if ch in _QUOTES:
            end = _quote_end(text, i)
            if end > 0:
                member = _member_end(text, i, end) if ch == '"' else -1
                if member > 0:
                    # '"firstName": "Ahmed"': a JSON member written out is one value, quotes and all.
                    tokens.append(Token("quoted", text[i:member], text[i:member], i, member))
                    i = member
                    continue
                tokens.append(Token("quoted", text[i:end], text[i + 1 : end - 1], i, end))
                i = end
                continue
        if ch in "{[" and (i == 0 or text[i - 1].isspace()):
            end = _json_end(text, i)
            if end > 0 and (end == n or text[end].isspace() or text[end] in ",;" + _TRAILING):
                # A JSON body written out in the step is one value, as if quoted: its own quotes are its text.
                tokens.append(Token("quoted", text[i:end], text[i:end], i, end))
                i = end
                continue
        if text.startswith("${", i):
            end = _placeholder_end(text, i)
            if end > 0 and (end == n or text[end].isspace() or text[end] in ",;" + _TRAILING):
                tokens.append(Token("placeholder", text[i:end], text[i:end], i, end))
                i = end
                continue
        end = _word_end(text, i)
        end = max(end, i + 1)
        tokens.append(Token("word", text[i:end], text[i:end], i, end))
        i = end
    return _split_trailing(tokens)


def _split_trailing(tokens: list[Token]) -> list[Token]:
    """Detach sentence punctuation from the last word ("Click Save." -> "Click", "Save")."""
    if not tokens:
        return tokens
    last = tokens[-1]
    if last.kind == "word" and len(last.text) > 1 and last.text[-1] in _TRAILING and not last.text.endswith("..."):
        stripped = last.text.rstrip(_TRAILING)
        if stripped:
            cut = last.start + len(stripped)
            return [*tokens[:-1], Token("word", stripped, stripped, last.start, cut)]
    if last.kind == "word" and last.text in tuple(_TRAILING):
        return tokens[:-1]
    return tokens


def words(tokens: list[Token]) -> list[str]:
    """Lower-case words of the tokens; quoted strings and placeholders become ``""``."""
    return [t.low for t in tokens]


def span(source: str, tokens: list[Token]) -> str:
    """The source text the tokens cover, spacing kept."""
    if not tokens:
        return ""
    return source[tokens[0].start : tokens[-1].end]
