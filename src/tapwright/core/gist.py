"""A message said in other words: "a message that 1 order was deleted" for "Successfully deleted 1 order."

A person writing a check without the page's exact wording says what the message means. The check holds
when one message-sized text holds every word of it that carries meaning: numbers as whole numbers, other
words as written or as their plural or singular, in any order. The small words that only tie a
sentence together ("was", "the", "has been") are not looked for. A negation is never checked this way: "the
order was not deleted" must not pass on "Order deleted".
"""

from __future__ import annotations

import re

__all__ = ["holds_gist", "meaning_words", "message_sized", "negated"]

# Words that tie a sentence together without carrying what it says.
_GLUE = frozenset({
    "a", "an", "the", "this", "that", "these", "those", "it", "its", "they", "them", "their", "there", "here",
    "is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "having", "do", "does", "did",
    "will", "would", "shall", "should", "can", "could", "may", "might", "must",
    "of", "to", "for", "in", "on", "at", "by", "with", "from", "into", "onto", "as", "and", "or", "but", "so",
    "than", "then", "i", "me", "my", "we", "us", "our", "you", "your", "he", "him", "his", "she", "her",
    "successfully", "now", "just", "also",
})
_NEGATIONS = frozenset({"not", "no", "never", "none", "nothing", "nobody", "cannot", "without", "neither", "nor"})
_WORD = re.compile(r"[^\W_]+(?:[.,:/-][^\W_]+)*", re.UNICODE)
_ENDINGS = ("es", "s")  # one order, 2 orders; "created" is not "creating" (a task created, not one being made)


def _words(text: str) -> list[str]:
    return [w.casefold() for w in _WORD.findall(text.replace("\u2019", "'").replace("n't", " not"))]


def negated(text: str) -> bool:
    """Whether ``text`` says something is not so ("was not deleted", "couldn't", "no items")."""
    return bool(set(_words(text)) & _NEGATIONS)


def meaning_words(text: str) -> tuple[str, ...]:
    """The words of ``text`` that carry meaning, in order, each once."""
    out: list[str] = []
    for w in _words(text):
        if w not in _GLUE and w not in out:
            out.append(w)
    return tuple(out)


def _root(word: str) -> str:
    if not word.isalpha():
        return word
    for end in _ENDINGS:
        if word.endswith(end) and len(word) - len(end) >= 3:
            return word[: -len(end)]
    return word


def holds_gist(actual: str, words: tuple[str, ...]) -> bool:
    """Whether ``actual`` holds every one of ``words``: numbers and other non-alphabetic words as they are,
    alphabetic ones also as their plural or singular ("orders" for "order"). A text that says something is not
    so ("Order not deleted") holds no gist without a negation."""
    if negated(actual) and not set(words) & _NEGATIONS:
        return False
    have = _words(actual)
    exact = set(have)
    roots = {_root(w) for w in have}
    return all((w in exact) if not w.isalpha() else (w in exact or _root(w) in roots) for w in words)


def message_sized(actual: str, said: str) -> bool:
    """Whether ``actual`` is short enough to be one message saying ``said``, not a page section that holds
    its words here and there."""
    return 0 < len(actual) <= 3 * len(said) + 60
