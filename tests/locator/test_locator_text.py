"""Normalization and matching primitives, with hypothesis properties."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from tapwright.locator.text import (
    compact,
    exact_form,
    is_typo,
    loose_form,
    phrase_score,
    token_similarity,
    tokens,
    typo_limit,
    typo_pieces,
    within_edits,
)
from tapwright.locator.visual import colour_name


def levenshtein(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def score(q: str, f: str) -> float:
    ql, fl = loose_form(q), loose_form(f)
    return phrase_score(exact_form(q), ql, tokens(ql), f, fl, tokens(fl))[0]


def test_loose_form_folds_case_accents_punctuation_and_spaces() -> None:
    assert loose_form("  Prénom:  ") == "prenom"
    assert loose_form("E-Mail-Adresse") == "e mail adresse"
    assert loose_form("Straße") == "strasse"
    assert loose_form("Ｆｕｌｌ ｗｉｄｔｈ") == "full width"
    assert loose_form("loginSubmit-btn", split_identifiers=True) == "login submit btn"


def test_non_latin_letters_are_kept_and_not_folded() -> None:
    assert loose_form("Войти") == "войти"
    assert loose_form("Ёжик") == "ёжик"  # Cyrillic ё is its own letter, not e + accent
    assert loose_form("ガイド") == "ガイド"  # the dakuten is part of the kana
    assert loose_form("提交!") == "提交"
    assert tokens(loose_form("ログインする")) == ("ロ", "グ", "イ", "ン", "す", "る")


def test_exact_form_keeps_punctuation_but_folds_case() -> None:
    assert exact_form("  Log   In ") == "log in"
    assert exact_form("Open…") == "open..."  # NFKC turns the ellipsis into three dots


def test_phrase_score_orders_match_kinds() -> None:
    exact = score("Delete", "Delete")
    normalized = score("delete!", "Delete")
    same_words = score("account delete", "Delete account")
    contained = score("Delete", "Delete account")
    typo = score("Delte", "Delete")
    partial = score("Delete everything now", "Delete")
    assert exact == 1.0
    assert exact > normalized > same_words > contained > partial
    assert 0.5 < typo < normalized
    assert score("Delete", "Save") == 0.0


def test_compact_form_equates_hyphenated_words() -> None:
    assert compact(loose_form("E-mail")) == compact(loose_form("Email"))
    assert score("email", "E-mail") == 0.96


@settings(deadline=None)
@given(st.text(max_size=40))
def test_loose_form_is_idempotent(text: str) -> None:
    once = loose_form(text)
    assert loose_form(once) == once


@settings(deadline=None)
@given(st.text(alphabet=st.characters(categories=["Lu", "Ll", "Lo"]), min_size=1, max_size=20))
def test_loose_form_never_drops_letters(text: str) -> None:
    letters = [c for c in unicodedata.normalize("NFKC", text) if c.isalpha()]
    if letters:
        assert any(c.isalpha() for c in loose_form(text))


@settings(deadline=None)
@given(st.text(alphabet="abcdeé", max_size=9), st.text(alphabet="abcdeé", max_size=9), st.integers(0, 3))
def test_within_edits_agrees_with_levenshtein(a: str, b: str, limit: int) -> None:
    assert within_edits(a, b, limit) == (levenshtein(a, b) <= limit)


def test_colour_names_from_computed_styles() -> None:
    assert colour_name("rgb(13, 110, 253)") == "blue"
    assert colour_name("rgb(220, 53, 69)") == "red"
    assert colour_name("rgb(25, 135, 84)") == "green"
    assert colour_name("rgb(108, 117, 125)") == "gray"
    assert colour_name("rgb(255, 255, 255)") == "white"
    assert colour_name("rgb(0, 0, 0)") == "black"
    assert colour_name("rgb(255, 193, 7)") == "yellow"
    assert colour_name("rgb(111, 66, 193)") == "purple"
    assert colour_name("#fd7e14") == "orange"
    assert colour_name("rgba(13, 110, 253, 0)") is None  # transparent
    assert colour_name("blue") == "blue"
    assert colour_name("") is None


@settings(deadline=None)
@given(st.text(alphabet="abcdé", min_size=4, max_size=10), st.text(alphabet="abcdé", max_size=12), st.integers(1, 2))
def test_typo_pieces_never_lose_a_real_typo(word: str, other: str, limit: int) -> None:
    if levenshtein(word, other) <= limit:
        assert any(p in other for p in typo_pieces(word, limit))


def test_a_typo_is_judged_by_the_shorter_words_limit() -> None:
    assert is_typo("memzqbers", "members", typo_limit("memzqbers")) is False  # 2 edits, 7 letters allow 1
    assert is_typo("memberss", "members", typo_limit("memberss")) is True
    assert is_typo("settigns", "settings", typo_limit("settigns")) is True  # 8 letters both: 2 edits
    assert is_typo("save", "sav", typo_limit("save")) is False  # a 3-letter word has no typos
    assert token_similarity("memzqbers", "members") == 0.0


def test_words_with_digits_have_no_typos() -> None:
    assert score("row417", "row418") == 0.0
    assert score("Pasword", "Password") > 0.5


def test_filler_words_missing_from_a_name_do_not_count() -> None:
    assert score("Forgot your password?", "Forgot password?") >= 0.9
    assert score("your", "Forgot password?") == 0.0
