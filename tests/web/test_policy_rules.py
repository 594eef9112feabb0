"""UrlPolicy.check: pure rules, no browser."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import UrlPolicy


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
