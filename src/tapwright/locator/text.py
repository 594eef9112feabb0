"""Text normalization and matching for the locator.

Two normal forms are used:

* ``exact_form``: NFKC, case-folded, whitespace collapsed; punctuation kept.
  Two strings with the same exact form are the "same words as written".
* ``loose_form``: additionally Latin accents folded ("é" -> "e", not "ё" or "ガ":
  folding is limited to Latin letters so Cyrillic and Japanese keep their meaning),
  identifiers split ("loginSubmit-btn" -> "login submit btn") and punctuation
  turned into spaces. Non-ASCII letters are never dropped.

Tokens are the words of the loose form, except that characters of scripts written
without spaces (CJK, kana, Thai ...) are one token each, so "ログイン" is found in
"ログインする" by token overlap like any other containment.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from rapidfuzz.distance.Levenshtein import distance as _levenshtein

from tapwright.locator.vocab import SYNONYMS

# Articles carry no meaning for matching; every other word (to, in, of ...) can be part of a name.
ARTICLES = frozenset({"the", "a", "an"})
# Words people add to a description that a name often leaves out ("Forgot your password?" for
# "Forgot password?"): when the field lacks them they do not count against the match.
FILLERS = frozenset({"your", "my", "our", "this", "that"})

PUNCT_ASCII = str.maketrans(dict.fromkeys("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", " "))
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_NON_WORD = re.compile(r"[^\w]+|_")
# Scripts written without spaces between words: each character becomes a token.
_UNSPACED = re.compile(
    "([\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u3190-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uf900-\ufaff\u0e00-\u0e7f\u0e80-\u0eff\u1780-\u17ff\uac00-\ud7af])"
)


def split_camel(text: str) -> str:
    """ "loginSubmit" -> "login Submit" (identifiers read as words)."""
    return _CAMEL.sub(" ", text)


def exact_form(text: str) -> str:
    """Case-folded NFKC text with whitespace collapsed (punctuation kept)."""
    if text.isascii():
        return " ".join(text.lower().split())
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _fold_latin_accents(text: str) -> str:
    out: list[str] = []
    for ch in unicodedata.normalize("NFKD", text):
        # Drop a combining mark only when it sits on a Latin base letter.
        if unicodedata.combining(ch) and out and out[-1] < "\u0250":
            continue
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


def loose_form(text: str, *, split_identifiers: bool = False) -> str:
    """Accent-folded, punctuation-free, case-folded form (see module docstring).

    Args:
        text: Any text.
        split_identifiers: Also split camelCase (for ids and test ids).
    """
    if split_identifiers:
        text = _CAMEL.sub(" ", text)
    if text.isascii():
        return " ".join(text.lower().translate(PUNCT_ASCII).split())
    text = _fold_latin_accents(unicodedata.normalize("NFKC", text).casefold())
    return " ".join(_NON_WORD.sub(" ", text).split())


def normalize(text: str, *, split_identifiers: bool = False) -> tuple[str, tuple[str, ...]]:
    """``(loose_form(text), tokens(...))`` in one pass: the index calls this for every text of a page."""
    if text.isascii():
        if split_identifiers and not text.islower():
            text = _CAMEL.sub(" ", text)
        words = text.lower().translate(PUNCT_ASCII).split()
        loose = " ".join(words)
        if ARTICLES.isdisjoint(words):
            return loose, tuple(words)
        return loose, tuple(w for w in words if w not in ARTICLES)
    loose = loose_form(text, split_identifiers=split_identifiers)
    return loose, tokens(loose)


def tokens(loose: str) -> tuple[str, ...]:
    """The tokens of a loose form, articles removed; unspaced scripts give one token per character."""
    if not loose.isascii():
        loose = _UNSPACED.sub(r" \1 ", loose)
    words = loose.split()
    if ARTICLES.isdisjoint(words):
        return tuple(words)
    return tuple(w for w in words if w not in ARTICLES)


def compact(loose: str) -> str:
    """The loose form without spaces, so "e mail" and "email" compare equal."""
    return loose.replace(" ", "")


@lru_cache(maxsize=65536)
def within_edits(a: str, b: str, limit: int) -> bool:
    """Whether the Levenshtein distance between ``a`` and ``b`` is at most ``limit``.

    rapidfuzz's C implementation (stops once ``limit`` is exceeded); the cache keeps a repeated
    pair as cheap as a dict lookup. Same answers as the former pure-Python check, which
    ``_levenshtein_py`` keeps for the differential test and the benchmark.
    """
    if abs(len(a) - len(b)) > limit:
        return False
    return _levenshtein(a, b, score_cutoff=limit) <= limit


def typo_limit(word: str) -> int:
    """How many edits still count as a typo of ``word``: none for short words, nor for words with
    digits ("row417" and "row418" are different rows, not a typo)."""
    if len(word) < 4 or not word.isalpha():
        return 0
    return 1 if len(word) < 8 else 2


def is_typo(query_word: str, page_word: str, limit: int) -> bool:
    """Whether ``query_word`` (whose own ``typo_limit`` is ``limit``) is a typo of ``page_word``: the edits
    allowed follow the shorter of the two words, so a long misspelling does not reach a shorter word two
    edits away ("Memzqbers" is not "Members": seven letters allow one edit, not the nine-letter word's two)."""
    limit = min(limit, typo_limit(page_word))
    return limit > 0 and within_edits(query_word, page_word, limit)


def typo_pieces(word: str, limit: int) -> tuple[str, ...]:
    """``limit + 1`` pieces of ``word``; a word within ``limit`` edits contains one of them unchanged
    (each edit breaks at most one piece), so ``piece in token`` is a cheap first filter."""
    step = max(1, len(word) // (limit + 1))
    cuts = [k * step for k in range(limit + 1)] + [len(word)]
    return tuple(word[cuts[k] : cuts[k + 1]] for k in range(limit + 1))


_ENDINGS = ("ing", "ed", "es", "s")


def stem(word: str) -> str:
    """``word`` without an inflection ("changing" -> "chang", "deleted" -> "delet"), or "" when it has
    none worth stripping: "changing my username" should still find "Can I change my username?"."""
    if word.isalpha():
        for end in _ENDINGS:
            if word.endswith(end) and len(word) - len(end) >= 4:
                return word[: -len(end)]
    return ""


def participle(query_token: str, field_token: str) -> bool:
    """Whether the page word is the state an action word leaves ("muted" for "mute", "saved" for "save",
    "locked" for "lock"): another word, never a typo or a longer form of it ("Mute" is no "Muted" icon, "Save" no
    "Saved" message, "Delete" no "Deleted items" folder)."""
    if not query_token.isalpha():
        return False
    return field_token == query_token + ("d" if query_token.endswith("e") else "ed")


def token_similarity(query_token: str, field_token: str) -> float:
    """1.0 for the same token, 0.8 for a typo, 0.7 for a prefix of a longer word (3+ chars), else 0 (and 0 for
    the state an action word leaves: :func:`participle`)."""
    if query_token == field_token:
        return 1.0
    if participle(query_token, field_token):
        return 0.0
    limit = typo_limit(query_token)
    if limit and is_typo(query_token, field_token, limit):
        return 0.8
    if len(query_token) >= 3 and field_token.startswith(query_token):
        return 0.7
    return 0.0


# Words whose form with -s is another word, not their plural ("news" is no number of "new").
_NOT_PLURALS = frozenset({"new", "pro", "les", "thi", "ha", "wa"})
PLURAL_CREDIT = 0.8  # as a typo: the fast path's proof (drivers.web.fastpath) counts no inexact word above it


def plural_pair(a: str, b: str) -> bool:
    """Whether one word is the other's plural: "tag"/"tags", "box"/"boxes", "category"/"categories" (a word of
    three letters or more, by the regular endings; "new"/"news" and the like are two words)."""
    if len(a) > len(b):
        a, b = b, a
    if len(a) < 3 or not a.isalpha() or a in _NOT_PLURALS:
        return False
    if b == a + "s" or (b == a + "es" and a.endswith(("s", "x", "z", "ch", "sh"))):
        return True
    return a.endswith("y") and len(a) > 3 and b == a[:-1] + "ies"


def _near_token(qt: str, remaining: list[str]) -> tuple[float, str]:
    """The best inexact match of a query token among the field's tokens left: the same word in the other
    number ("tag" for "Tags") and a typo 0.8, a synonym or another form of the word 0.75, a longer word it
    begins 0.7 (token_similarity, inlined: this runs for every candidate field of every query)."""
    n = len(qt)
    limit = typo_limit(qt)
    root = stem(qt)
    same = SYNONYMS.get(qt)
    best, best_t = 0.0, ""
    for ft in remaining:
        if (ft[:1] == qt[:1]) and abs(len(ft) - n) <= 3 and plural_pair(qt, ft):
            return PLURAL_CREDIT, ft
        if participle(qt, ft):
            continue  # "Muted" is the state "Mute" leaves, not a form of the action's name
        if limit and abs(len(ft) - n) <= limit and is_typo(qt, ft, limit):
            return 0.8, ft
        if best < 0.75 and ((same is not None and ft in same) or (root and ft.startswith(root) and len(ft) - len(root) <= 3)):
            best, best_t = 0.75, ft  # "username" for "Login", "changing" for "change"
        elif n >= 3 and best < 0.7 and ft.startswith(qt):
            best, best_t = 0.7, ft
    return best, best_t


_COUNT = re.compile(r"\d{1,4}")


def phrase_score(
    q_exact: str, q_loose: str, q_tokens: tuple[str, ...], f_raw: str, f_loose: str, f_tokens: tuple[str, ...]
) -> tuple[float, str]:
    """How well a query phrase matches one field of an element, in [0, 1], with the kind of match.

    Scale: exact 1.0, normalized 0.96, same words 0.92, query words all inside a longer
    text 0.6..0.88 (the shorter the text the better), partial overlap below 0.6.
    """
    if not q_tokens or not f_tokens:
        # Symbols only ("+", "×", "…"): nothing to normalize, so only the exact text counts.
        if not q_tokens and not f_tokens and q_exact and q_exact == exact_form(f_raw):
            return 1.0, "exact"
        return 0.0, ""
    if q_loose == f_loose:
        # The exact form (punctuation, accents) is only needed to tell exact from normalized.
        return (1.0, "exact") if q_exact == exact_form(f_raw) else (0.96, "normalized")
    if compact(q_loose) == compact(f_loose):
        return 0.96, "normalized"
    if len(f_tokens) == len(q_tokens) + 1 and f_tokens[:-1] == q_tokens and _COUNT.fullmatch(f_tokens[-1]) \
            and not any(ch.isdigit() for ch in q_loose):
        return 0.96, "normalized"  # "Labels 9" for "Labels": a count shown after a name is no part of it
    matched_q = 0.0
    inexact = False
    remaining = list(f_tokens)
    wanted = len(q_tokens)
    number_missing = False
    for qt in q_tokens:
        if qt in remaining:
            remaining.remove(qt)
            matched_q += 1.0
            continue
        best, best_t = _near_token(qt, remaining)
        if best_t:
            remaining.remove(best_t)
            matched_q += best
            inexact = True
        elif qt in FILLERS and wanted > 1:
            wanted -= 1
        elif any(ch.isdigit() for ch in qt):
            number_missing = True
    recall = matched_q / wanted
    precision = 1.0 - len(remaining) / len(f_tokens)
    if recall >= 0.999 and (precision >= 0.999 or all(t in FILLERS for t in remaining)):
        return 0.92, "same words"  # "Your cart" for "cart": only words like "your" left over
    if recall >= 0.75 and not number_missing:  # "tickets: 4" does not hold "tickets: 1": a number decides
        kind = "fuzzy" if inexact else "contains"
        return (0.6 + 0.28 * precision) * recall, kind
    if recall > 0:
        return 0.55 * recall * (0.5 + 0.5 * precision), "partial"
    return 0.0, ""
