"""UrlPolicy.check and what the policy route is asked about: pure rules, no browser."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import UrlPolicy
from tapwright.drivers.web.policy import routed


@pytest.mark.parametrize(
    ("url", "blocked"),
    [
        ("http://127.0.0.1:8000/", False),
        ("https://example.com/a?b=c", False),
        ("file:///etc/passwd", True),
        ("FILE:///etc/passwd", True),
        ("data:text/html,<b>x</b>", True),
        ("javascript:alert(1)", True),
        ("view-source:http://127.0.0.1/", True),
        ("http://user:pw@127.0.0.1/", True),
        ("http://user@127.0.0.1/", True),
        ("about:blank", False),
        ("/relative", True),
    ],
)
def test_default_policy(url: str, blocked: bool) -> None:
    assert (UrlPolicy().check(url) is not None) is blocked


def test_origin_lists_and_explicit_schemes() -> None:
    p = UrlPolicy(allowed_origins=["http://127.0.0.1:8000", "example.com"], blocked_origins=["http://evil.test"])
    assert p.check("http://127.0.0.1:8000/x") is None
    assert p.check("https://example.com/") is None
    assert "not in the allowed" in (p.check("http://127.0.0.1:9000/") or "")
    assert "blocked" in (UrlPolicy(blocked_origins=["evil.test"]).check("https://EVIL.test/a") or "")
    assert UrlPolicy(allowed_schemes={"http", "https", "file"}).check("FILE:///tmp/x") is None
    assert UrlPolicy(allow_userinfo=True).check("http://u:p@127.0.0.1/") is None


@pytest.mark.parametrize("host", ["127.0.0.2", "2130706434", "0x7f000002", "0x7f.0.0.2", "0177.0.0.2", "127.2",
                                  "127.0.0.2.", "[::ffff:127.0.0.2]", "[::ffff:7f00:2]", "127.000.000.002"])
def test_every_spelling_of_a_blocked_address_is_blocked(host: str) -> None:
    assert "blocked" in (UrlPolicy(blocked_origins=["127.0.0.2"]).check(f"http://{host}:8000/") or "")


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.20", "128.0.0.2", "[::1]", "example.com"])
def test_other_addresses_are_not_caught_by_the_rule(host: str) -> None:
    assert UrlPolicy(blocked_origins=["127.0.0.2"]).check(f"http://{host}:8000/") is None


def test_suffixes_ranges_idna_and_nesting() -> None:
    p = UrlPolicy(allowed_origins=["*.example.com", "10.0.0.0/8", "bücher.example"])
    assert p.check("https://a.b.example.com/") is None and p.check("https://example.com.evil/") is not None
    assert p.check("http://10.1.2.3/") is None and p.check("http://11.0.0.1/") is not None
    assert p.check("https://xn--bcher-kva.example/") is None and p.check("https://BÜCHER.example./") is None
    narrow = p.narrowed(["10.0.0.0/16"], ["10.0.0.9"])
    assert narrow.check("http://10.0.5.5/") is None
    assert "not in the allowed" in (narrow.check("http://10.1.2.3/") or "")  # the inner list only takes away
    assert "blocked" in (narrow.check("http://10.0.0.9/") or "")
    assert narrow.check("https://a.example.com/") is not None


def test_link_local_needs_an_opt_in_or_an_explicit_allow() -> None:
    for url in ("http://169.254.169.254/", "http://[fe80::1]/", "http://metadata.google.internal/",
                "http://[::ffff:169.254.169.254]/", "ws://169.254.169.254/"):
        assert "link-local" in (UrlPolicy().check(url) or ""), url
    assert UrlPolicy(allow_link_local=True).check("http://169.254.169.254/") is None
    assert UrlPolicy(allowed_origins=["169.254.169.254"]).check("http://169.254.169.254/") is None
    assert UrlPolicy().check("http://169.253.1.1/") is None  # the boundary of the range


def test_tunnels_and_websockets_follow_the_http_rules() -> None:
    p = UrlPolicy(allowed_origins=["http://127.0.0.1:8000"])
    assert p.check("ws://127.0.0.1:8000/socket") is None
    assert p.check_authority("127.0.0.1", 8000) is None
    assert p.check_authority("127.0.0.1", 8001) is not None
    assert UrlPolicy(blocked_origins=["127.0.0.2"]).check_authority("127.0.0.2", 443) is not None


def test_only_an_origin_let_through_whole_is_left_out() -> None:
    """What the route is asked about, from the policy and the base URL alone."""
    default = UrlPolicy()
    assert routed(default, None) == "**/*"
    pattern = routed(default, "http://127.0.0.1:8000/admin/")
    assert not isinstance(pattern, str)
    for url in ("http://127.0.0.1:8000/", "http://127.0.0.1:8000/static/app.js", "http://127.0.0.1:8000?x=1",
                "http://127.0.0.1:8000"):
        assert not pattern.search(url), url  # left out
    for url in ("http://127.0.0.1:80001/", "http://127.0.0.1:8000.evil.test/", "https://127.0.0.1:8000/",
                "ws://127.0.0.1:8000/", "http://localhost:8000/", "http://127.0.0.1:9000/"):
        assert pattern.search(url), url  # routed
    assert default.whole_origin("http://EXAMPLE.com:80/x") == "http://example.com"
    assert default.whole_origin("https://[::1]:8443/") == "https://[::1]:8443"
    # Refused origins, URLs with user-info and other schemes are routed whole.
    assert routed(UrlPolicy(blocked_origins=["127.0.0.1"]), "http://127.0.0.1:8000/") == "**/*"
    assert routed(UrlPolicy(allowed_origins=["http://127.0.0.1:9000"]), "http://127.0.0.1:8000/") == "**/*"
    assert routed(default, "http://169.254.169.254/") == "**/*"
    assert routed(default, "http://user:pw@127.0.0.1:8000/") == "**/*"
    assert routed(default, "file:///tmp/page.html") == "**/*"


def test_a_route_is_needed_only_where_a_tunnel_cannot_say_enough() -> None:
    assert not UrlPolicy().needs_route()
    assert not UrlPolicy(allowed_origins=["http://127.0.0.1:8000"], blocked_origins=["*.ads.test"]).needs_route()
    assert not UrlPolicy(allowed_schemes={"http", "https", "file"}).needs_route()
    assert UrlPolicy(allowed_schemes={"https"}).needs_route()
    assert UrlPolicy(allowed_schemes={"http"}).needs_route()
