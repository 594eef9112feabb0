"""UrlPolicy, the exact reasons a user reads in a refused navigation, and the edges of each rule.

The reason is shown in the tool result ("navigation refused: <reason>"), so its words are part of
the behaviour: each branch of check, check_host, check_authority and check_address is pinned here.
"""

from __future__ import annotations

import re

import pytest

from tapwright.drivers.web import UrlPolicy

LINK_LOCAL = "is a link-local or cloud-metadata address (allow_link_local to permit it)"


@pytest.mark.parametrize(
    ("policy", "url", "reason"),
    [
        (UrlPolicy(), "http://[::1", "malformed URL: Invalid IPv6 URL"),
        (UrlPolicy(), "http://h:99999/", "malformed URL: Port out of range 0-65535"),
        (UrlPolicy(), "/relative", "relative URL without a base URL"),
        (UrlPolicy(), "http:///x", "URL without a host"),
        (UrlPolicy(), "ftp://x/", "scheme 'ftp' is not allowed (allowed: http, https)"),
        (UrlPolicy(allowed_schemes={"https"}), "ws://x/", "scheme 'ws' is not allowed (allowed: https)"),
        (UrlPolicy(allowed_schemes={"http"}), "wss://x/", "scheme 'wss' is not allowed (allowed: http)"),
        (UrlPolicy(), "http://u:p@h/", "URLs with user-info (user:password@) are not allowed"),
        (UrlPolicy(), "http://:p@h/", "URLs with user-info (user:password@) are not allowed"),
        (UrlPolicy(), "http://169.254.169.254/", f"origin http://169.254.169.254 {LINK_LOCAL}"),
        (UrlPolicy(), "https://169.254.169.254:8443/", f"origin https://169.254.169.254:8443 {LINK_LOCAL}"),
        (UrlPolicy(), "wss://169.254.169.254/", f"origin https://169.254.169.254 {LINK_LOCAL}"),
        (UrlPolicy(allowed_origins=["a.com"]), "https://b.com:444/", "origin https://b.com:444 is not in the allowed origins"),
        (UrlPolicy(allowed_origins=["a.com"]), "http://b.com:80/", "origin http://b.com is not in the allowed origins"),
        (UrlPolicy(blocked_origins=["b.com"]), "https://b.com:443/", "origin https://b.com is blocked"),
        (UrlPolicy(blocked_origins=["b.com"]), "ws://b.com:8080/", "origin http://b.com:8080 is blocked"),
    ],
)  # fmt: skip
def test_the_reason_for_each_refusal(policy: UrlPolicy, url: str, reason: str) -> None:
    assert policy.check(url) == reason


@pytest.mark.parametrize("url", ["about:blank", " about:blank ", "about:srcdoc", "http://a.com/", "HTTPS://a.com/",
                                 "ws://a.com/", "wss://a.com/"])
def test_allowed_by_default(url: str) -> None:
    assert UrlPolicy().check(url) is None


def test_a_non_network_scheme_that_is_allowed_needs_no_host() -> None:
    policy = UrlPolicy(allowed_schemes={"HTTP:", "Data"})  # spelled any way: lowercased, the colon dropped
    assert policy.allowed_schemes == frozenset({"http", "data"})
    assert policy.check("data:text/plain,hi") is None
    assert policy.check("https://a.com/") == "scheme 'https' is not allowed (allowed: data, http)"


@pytest.mark.parametrize(
    ("rule", "url", "matches"),
    [
        ("http://a.com", "http://a.com:80/", True),
        ("http://a.com/", "http://a.com/x", True),  # a trailing slash on the rule is ignored
        ("  http://a.com:8000  ", "http://a.com:8000/", True),
        ("https://a.com", "https://a.com:443/", True),
        ("https://a.com", "http://a.com/", False),  # another scheme is another origin
        ("http://a.com", "http://a.com:8080/", False),  # another port too
        ("ws://a.com:9000", "http://a.com:9000/", True),  # ws rules are their http twins
        ("wss://a.com", "https://a.com/", True),
        ("HTTP://A.COM", "http://a.com/", True),
        ("a.com", "https://a.com:1234/", True),  # a bare host: any scheme and port
        ("a.com", "https://b.a.com/", False),
        ("*.a.com", "https://b.a.com/", True),
        ("*.a.com", "https://ba.com/", False),
        ("10.0.0.0/8", "http://10.255.0.1/", True),
        ("10.0.0.0/8", "http://b.com/", False),  # a name is no address: ranges never match it
        ("10.0.0.1/8", "http://10.9.9.9/", True),  # host bits set: the range it names
    ],
)  # fmt: skip
def test_what_each_kind_of_rule_matches(rule: str, url: str, matches: bool) -> None:
    assert (UrlPolicy(blocked_origins=[rule]).check(url) is not None) is matches
    assert (UrlPolicy(allowed_origins=[rule]).check(url) is None) is matches


def test_blank_rules_are_ignored_and_a_bad_range_is_named() -> None:
    assert UrlPolicy(blocked_origins=["", "  ", "/"]).check("http://a.com/") is None
    assert UrlPolicy(allowed_origins=["", "a.com"]).check("http://b.com/") is not None
    with pytest.raises(ValueError, match=re.escape("not an origin, host or address range: '10.0.0.0/99'")):
        UrlPolicy(blocked_origins=["10.0.0.0/99"])


def test_an_empty_allow_list_allows_nothing() -> None:
    assert UrlPolicy(allowed_origins=[]).check("http://a.com/") == "origin http://a.com is not in the allowed origins"


def test_narrowing_keeps_every_setting_and_only_takes_away() -> None:
    outer = UrlPolicy(allowed_schemes={"http", "https", "file"}, allowed_origins=["a.com", "b.com"],
                      blocked_origins=["c.com"], allow_userinfo=True, allow_link_local=True)  # fmt: skip
    inner = outer.narrowed(["b.com", "d.com"], ["b.com:1"])
    assert inner.allowed_schemes == outer.allowed_schemes and inner.check("file:///x") is None
    assert inner.allow_userinfo and inner.allow_link_local and inner.check("http://u:p@b.com/") is None
    assert inner.check("http://b.com/") is None
    assert inner.check("http://a.com/") == "origin http://a.com is not in the allowed origins"  # not in the inner list
    assert inner.check("http://d.com/") == "origin http://d.com is not in the allowed origins"  # not in the outer list
    assert inner.blocked_origins == ("c.com", "b.com:1")
    kept = outer.narrowed(None, ["a.com"])  # no inner allow list: the outer one still applies
    assert kept.check("http://a.com/") == "origin http://a.com is blocked" and kept.check("http://b.com/") is None
    assert kept.check("http://d.com/") == "origin http://d.com is not in the allowed origins"
    assert UrlPolicy().narrowed().check("http://any.com/") is None
    assert outer.narrowed([]).check("http://b.com/") is not None  # an empty inner list takes everything away


def test_a_tunnel_is_allowed_when_either_web_scheme_would_be() -> None:
    policy = UrlPolicy(allowed_origins=["https://a.com", "http://b.com:8080"])
    assert policy.check_authority("a.com", 443) is None
    assert policy.check_authority("b.com", 8080) is None
    assert policy.check_authority("c.com", 443) == "origin https://c.com is not in the allowed origins"  # the https reason
    # An origin rule names a host and a port whatever the scheme: https://a.com is a.com:443 for http too.
    only_http = UrlPolicy(allowed_schemes={"http"}, allowed_origins=["https://a.com"])
    assert only_http.check_authority("a.com", 443) is None
    assert only_http.check_authority("a.com", 80) == "origin http://a.com is not in the allowed origins"
    assert UrlPolicy(allowed_schemes={"file"}).check_authority("a.com", 443) == "no web scheme is allowed"


def test_the_address_a_name_resolves_to_is_checked_too() -> None:
    policy = UrlPolicy(blocked_origins=["127.0.0.2"])
    assert policy.check_address("http", "127.0.0.2", 80) == "resolves to http://127.0.0.2, which is blocked"
    assert policy.check_address("https", "127.0.0.2", 8443) == "resolves to https://127.0.0.2:8443, which is blocked"
    assert policy.check_address("http", "127.0.0.1", 80) is None
    assert UrlPolicy().check_address("http", "169.254.169.254", 80) == (
        "resolves to http://169.254.169.254, a link-local or cloud-metadata address (allow_link_local to permit it)")
    assert UrlPolicy(allow_link_local=True).check_address("http", "169.254.169.254", 80) is None
    # An allow list that names the address itself lets it through; one met only by the name does not.
    assert UrlPolicy(allowed_origins=["169.254.169.254"]).check_address("http", "169.254.169.254", 80) is None
    assert UrlPolicy(allowed_origins=["metadata.test"]).check_address("http", "169.254.169.254", 80) is not None
    # Every nested allow list must name it.
    both = UrlPolicy(allowed_origins=["169.254.169.254"]).narrowed(["169.254.0.0/16"])
    assert both.check_address("http", "169.254.169.254", 80) is None
    one = UrlPolicy(allowed_origins=["169.254.169.254"]).narrowed(["metadata.test"])
    assert one.check_address("http", "169.254.169.254", 80) is not None
    # Allow lists met by the name are not applied to the address.
    assert UrlPolicy(allowed_origins=["app.test"]).check_address("http", "10.0.0.1", 80) is None


def test_a_tunnel_address_is_refused_only_when_every_allowed_scheme_refuses_it() -> None:
    policy = UrlPolicy(blocked_origins=["http://127.0.0.2:443"])  # host and port: every scheme on that port
    assert policy.check_tunnel_address("127.0.0.2", 443) == "resolves to https://127.0.0.2, which is blocked"
    assert policy.check_tunnel_address("127.0.0.2", 444) is None
    both = UrlPolicy(blocked_origins=["127.0.0.2"])
    assert both.check_tunnel_address("127.0.0.2", 443) == "resolves to https://127.0.0.2, which is blocked"
    http_only = UrlPolicy(allowed_schemes={"http"}, blocked_origins=["127.0.0.2"])
    assert http_only.check_tunnel_address("127.0.0.2", 443) == "resolves to http://127.0.0.2:443, which is blocked"
    assert UrlPolicy(allowed_schemes={"file"}, blocked_origins=["127.0.0.2"]).check_tunnel_address("127.0.0.2", 443) is None


def test_narrowing_twice_keeps_both_allow_lists_and_the_public_fields() -> None:
    outer = UrlPolicy(allowed_origins=["a.com", "b.com"])
    twice = outer.narrowed(["b.com"]).narrowed(None, ["x.com"])
    assert twice.allowed_origins == ("a.com", "b.com") and twice.blocked_origins == ("x.com",)
    assert twice.check("http://a.com/") == "origin http://a.com is not in the allowed origins"  # the first narrowing holds
    assert twice.check("http://b.com/") is None


def test_origin_rules_meet_a_resolved_address_by_scheme_and_port() -> None:
    blocked = UrlPolicy(blocked_origins=["http://127.0.0.2:8080"])
    assert blocked.check_address("http", "127.0.0.2", 8080) == "resolves to http://127.0.0.2:8080, which is blocked"
    assert blocked.check_address("http", "127.0.0.2", 8081) is None
    named = UrlPolicy(allowed_origins=["http://169.254.169.254:8080"])
    assert named.check_address("http", "169.254.169.254", 8080) is None  # the allow list names this very origin
    assert named.check_address("http", "169.254.169.254", 8081) is not None
