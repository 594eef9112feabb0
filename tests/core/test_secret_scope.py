"""SecretStore's origin binding and its queries (contains, spans, values), without a browser.

The browser tests prove a bound secret is refused on another page; these pin the decision itself.
"""

from __future__ import annotations

import base64

import pytest

from tapwright.core.secrets import SecretStore, parse_secret_spec


def _store() -> SecretStore:
    store = SecretStore()
    store.add("TOKEN", "s3cr3t-token", origins=["https://app.example.com", "shop.test", "  "])
    store.add("FREE", "free-value-1")
    return store


def test_an_unbound_secret_may_be_used_anywhere_even_without_a_page() -> None:
    store = _store()
    assert store.check_origin("FREE", "https://evil.test/") is None
    assert store.check_origin("FREE", None) is None
    assert store.check_origin("NOT_THERE", "https://evil.test/") is None
    assert store.origins("FREE") is None


@pytest.mark.parametrize("url", ["https://app.example.com/login", "https://APP.example.com:443/x", "http://shop.test:8080/pay",
                                 "https://Shop.Test/"])  # fmt: skip
def test_a_bound_secret_is_given_on_its_origin_or_host(url: str) -> None:
    assert _store().check_origin("TOKEN", url) is None


@pytest.mark.parametrize(
    ("url", "here"),
    [
        ("https://evil.test/login", "https://evil.test"),
        ("http://app.example.com/", "http://app.example.com"),  # same host, other scheme: not the bound origin
        ("https://app.example.com:8443/", "https://app.example.com:8443"),
        ("about:blank", "no page"),
        ("", "no page"),
        (None, "no page"),
        ("app.example.com", "no page"),  # not a URL: no origin to compare
    ],
)
def test_a_bound_secret_is_refused_elsewhere_with_a_reason(url: str | None, here: str) -> None:
    reason = _store().check_origin("TOKEN", url)
    assert reason == f"secret 'TOKEN' is bound to https://app.example.com, shop.test and the page is on {here}"


def test_binding_is_normalised_and_can_be_lifted() -> None:
    store = _store()
    assert store.origins("TOKEN") == ("https://app.example.com", "shop.test")  # blank entries dropped
    store.add("TOKEN", "s3cr3t-token")
    assert store.origins("TOKEN") is None and store.check_origin("TOKEN", "https://evil.test/") is None


def test_contains_sees_any_form_of_a_secret() -> None:
    store = _store()
    assert store.contains("Bearer s3cr3t-token")
    assert store.contains("auth=" + base64.b64encode(b"s3cr3t-token").decode())
    assert not store.contains("nothing to hide here")
    assert not SecretStore().contains("s3cr3t-token")


def test_spans_are_sorted_half_open_ranges_of_every_occurrence() -> None:
    store = SecretStore({"A": "abcdef", "B": "xyz"})
    text = "xyz then abcdef and abcdef"
    assert store.spans(text) == [(0, 3), (9, 15), (20, 26)]
    assert store.spans("abcdef xyz") == [(0, 6), (7, 10)]  # sorted by position, not by secret
    assert store.spans("nothing here") == []
    assert SecretStore().spans("abcdef") == []


def test_spans_find_exact_encoded_forms_overlapping_and_repeated() -> None:
    store = SecretStore({"P": "a b&c"})
    text = "a+b%26c / a%20b%26c / a+b%26ca+b%26c"
    spans = store.spans(text)
    for form in ("a+b%26c", "a%20b%26c"):
        at = text.find(form)
        assert (at, at + len(form)) in spans, form
    second = text.rfind("a+b%26c")
    assert (second, second + 7) in spans and (second - 7, second) in spans


def test_values_lists_only_values_long_enough_to_redact() -> None:
    store = SecretStore({"SHORT": "ab", "EDGE": "abc", "LONG": "longer-value"})
    assert sorted(store.values()) == ["abc", "longer-value"]
    assert store.names() == ["EDGE", "LONG", "SHORT"]


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("API_TOKEN", ("API_TOKEN", None)),
        ("  API_TOKEN  ", ("API_TOKEN", None)),
        ("API_TOKEN@https://app.example.com", ("API_TOKEN", ["https://app.example.com"])),
        (" API_TOKEN @ https://a.test , b.test,, ", ("API_TOKEN", ["https://a.test", "b.test"])),
        ("API_TOKEN@https://u@a.test", ("API_TOKEN", ["https://u@a.test"])),  # the first @ separates the name
        ("API_TOKEN@", ("API_TOKEN", [])),
        ("API_TOKEN@a.test b.test", ("API_TOKEN", ["a.test b.test"])),  # commas separate origins, not spaces
    ],
)
def test_a_secret_spec_names_the_secret_and_its_origins(spec: str, expected: tuple[str, list[str] | None]) -> None:
    assert parse_secret_spec(spec) == expected


def test_from_env_keeps_the_origins_of_each_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TW_TEST_BOUND", "bound-secret-value")
    monkeypatch.setenv("TW_TEST_FREE", "free-secret-value")
    monkeypatch.delenv("TW_TEST_MISSING", raising=False)
    store = SecretStore.from_env(["TW_TEST_BOUND@https://app.example.com,shop.test", "TW_TEST_FREE", "TW_TEST_MISSING@x.test"])
    assert store.names() == ["TW_TEST_BOUND", "TW_TEST_FREE"]
    assert store.origins("TW_TEST_BOUND") == ("https://app.example.com", "shop.test")
    assert store.origins("TW_TEST_FREE") is None
    assert store.check_origin("TW_TEST_BOUND", "https://evil.test/") is not None


def test_a_long_fragment_of_a_secret_is_redacted_on_its_own() -> None:
    secret = "correct-horse-battery-staple-42"
    store = SecretStore({"PW": secret})
    cut = secret[3:19]  # 16 characters: a capped text that shows only part of the value
    assert store.redact_text(f"typed {cut}!") == "typed ***!"
    assert store.contains(cut)
    assert store.redact_text(f"typed {secret[:8]}") == f"typed {secret[:8]}"  # too short to mean the secret


def test_spans_list_every_base64_occurrence_from_the_first_character() -> None:
    # base64 forms are matched as exact strings (the other encodings by pattern): each occurrence is
    # its own span, at the very start of the text too, back to back or not.
    store = SecretStore({"A": "abcdef"})  # base64 "YWJjZGVm"
    assert store.spans("YWJjZGVm and YWJjZGVmYWJjZGVm") == [(0, 8), (13, 21), (21, 29)]
    assert store.spans("x YWJjZGVm") == [(2, 10)]


def test_spans_find_occurrences_that_overlap_by_all_but_one_character() -> None:
    store = SecretStore({"N": "\x00\x00\x00"})  # base64 "AAAA": "AAAAA" holds it at 0 and at 1
    assert store.spans("AAAAA") == [(0, 4), (1, 5)]


def test_a_longer_base64_form_is_redacted_whole_before_a_shorter_one_inside_it() -> None:
    # base64("abcfoo") = "YWJjZm9v" holds base64("foo") = "Zm9v": the longer form goes first, so the
    # text is one redaction, not "YWJj***" (which would give away part of the secret).
    store = SecretStore({"SHORT": "foo", "LONG": "abcfoo"})
    assert store.redact_text("token YWJjZm9v") == "token ***"


def test_an_empty_store_finds_nothing_in_a_long_text() -> None:
    store = SecretStore()
    assert store.spans("x" * 40) == [] and not store.contains("y" * 40) and store.redact_text("z" * 40) == "z" * 40
