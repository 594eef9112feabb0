"""UrlPolicy: which URLs a session may load. A pure value, no browser.

Rules name origins (``http://127.0.0.1:8000``), hosts (``example.com``), host
suffixes (``*.example.com``) or address ranges (``10.0.0.0/8``, ``169.254.169.254``).
Every host is put in one canonical form first (:mod:`._hosts`), so ``2130706434``,
``[::ffff:127.0.0.2]`` and ``127.0.0.2.`` all meet a rule written for ``127.0.0.2``.
An origin rule names a host and a port, whatever its scheme: ``http://h:8000`` also covers
``ws://h:8000``, ``https://h:8000`` and ``wss://h:8000`` (one port serves one server; a block that
missed the WebSocket handshake or the TLS twin on the same port would be no block). Without a
port, the scheme's default port is meant (``http``/``ws`` 80, ``https``/``wss`` 443).
"""

from __future__ import annotations

import ipaddress
import re
import urllib.parse
from collections.abc import Iterable
from dataclasses import dataclass, field

from tapwright.drivers.web._hosts import canonical_host, canonical_ip, is_link_local

# Schemes the browser uses internally; never worth blocking (about:blank is every new tab).
_INTERNAL = ("about:blank", "about:srcdoc")
_DEFAULT_PORT = {"http": 80, "https": 443, "ws": 80, "wss": 443}
_TWIN = {"ws": "http", "wss": "https"}
_NETWORK_SCHEMES = frozenset(_DEFAULT_PORT)
IpNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True)
class _Rules:
    """A parsed allow or block list."""

    origins: frozenset[tuple[str, int]] = frozenset()  # (host, port): any scheme
    hosts: frozenset[str] = frozenset()
    suffixes: tuple[str, ...] = ()
    networks: tuple[IpNetwork, ...] = ()

    @classmethod
    def parse(cls, items: Iterable[str]) -> _Rules:
        origins: set[tuple[str, int]] = set()
        hosts: set[str] = set()
        suffixes: list[str] = []
        networks: list[IpNetwork] = []
        for raw in items:
            item = raw.strip().rstrip("/")
            if not item:
                continue
            if "://" in item:
                parts = urllib.parse.urlsplit(item)
                scheme = _TWIN.get(parts.scheme.lower(), parts.scheme.lower())
                host = canonical_host(parts.hostname or "")
                port = parts.port or _DEFAULT_PORT.get(scheme, 0)
                origins.add((host, port))
            elif item.startswith("*."):
                suffixes.append("." + canonical_host(item[2:]))
            elif "/" in item:
                try:
                    networks.append(ipaddress.ip_network(item, strict=False))
                except ValueError as exc:
                    raise ValueError(f"not an origin, host or address range: {raw!r}") from exc
            else:
                hosts.add(canonical_host(item))
        return cls(frozenset(origins), frozenset(hosts), tuple(suffixes), tuple(networks))

    def match(self, scheme: str, host: str, port: int) -> bool:
        if (host, port) in self.origins or host in self.hosts:
            return True
        if any(host.endswith(s) for s in self.suffixes):
            return True
        if self.networks:
            ip = canonical_ip(host)
            if ip is not None and any(ip in net for net in self.networks):
                return True
        return False


@dataclass(frozen=True)
class UrlPolicy:
    """Which URLs a session may load.

    Args:
        allowed_schemes: Schemes allowed (lowercase). ``file``, ``data``, ``javascript``
            and ``view-source`` are refused unless listed here.
        allowed_origins: When set, only these may be loaded: origins
            (``http://127.0.0.1:8000``), hosts (``example.com``), host suffixes
            (``*.example.com``) or address ranges (``10.0.0.0/8``).
        blocked_origins: Origins, hosts, suffixes or ranges that are always refused.
        allow_userinfo: Allow ``https://user:password@host/`` URLs (refused by default:
            credentials in URLs end up in logs and histories).
        allow_link_local: Allow link-local and cloud-metadata addresses
            (``169.254.169.254``, ``fe80::/10``, ``metadata.google.internal``), refused by
            default because they hand out credentials to whoever asks.
    """

    allowed_schemes: frozenset[str] | set[str] = field(default_factory=lambda: frozenset({"http", "https"}))
    allowed_origins: Iterable[str] | None = None
    blocked_origins: Iterable[str] = ()
    allow_userinfo: bool = False
    allow_link_local: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "allowed_schemes", frozenset(s.lower().rstrip(":") for s in self.allowed_schemes))
        if self.allowed_origins is not None:
            object.__setattr__(self, "allowed_origins", tuple(self.allowed_origins))
        object.__setattr__(self, "blocked_origins", tuple(self.blocked_origins))
        allowed = () if self.allowed_origins is None else (_Rules.parse(self.allowed_origins),)
        object.__setattr__(self, "_allowed", allowed)
        object.__setattr__(self, "_blocked", _Rules.parse(self.blocked_origins))

    def narrowed(self, allowed: Iterable[str] | None = None, blocked: Iterable[str] = ()) -> UrlPolicy:
        """A stricter policy: a URL must also be in ``allowed`` (when given) and not in ``blocked``.

        Used to nest policies (the command line's, then a test file's): an inner list can
        only take away, never add.
        """
        out = UrlPolicy(self.allowed_schemes, self.allowed_origins, (*self.blocked_origins, *blocked),
                        self.allow_userinfo, self.allow_link_local)
        if allowed is not None:
            object.__setattr__(out, "_allowed", (*self._allowed, _Rules.parse(allowed)))  # type: ignore[attr-defined]
        else:
            object.__setattr__(out, "_allowed", self._allowed)  # type: ignore[attr-defined]
        return out

    def check(self, url: str) -> str | None:
        """The reason ``url`` is refused, or None when it is allowed."""
        raw = url.strip()
        if raw in _INTERNAL:
            return None
        try:
            parts = urllib.parse.urlsplit(raw)
            port = parts.port
        except ValueError as exc:
            return f"malformed URL: {exc}"
        scheme = parts.scheme.lower()
        if not scheme:
            return "relative URL without a base URL"
        if scheme not in self.allowed_schemes and not (scheme in _TWIN and _TWIN[scheme] in self.allowed_schemes):
            return f"scheme {scheme!r} is not allowed (allowed: {', '.join(sorted(self.allowed_schemes))})"
        if (parts.username is not None or parts.password is not None) and not self.allow_userinfo:
            return "URLs with user-info (user:password@) are not allowed"
        if scheme in _NETWORK_SCHEMES:
            return self.check_host(_TWIN.get(scheme, scheme), parts.hostname or "", port or _DEFAULT_PORT[scheme])
        return None

    def needs_route(self) -> bool:
        """Whether the browser's requests must be checked one by one besides the proxy's check of every connection.

        The proxy sees a plain-HTTP request's URL and a tunnel's ``host:port`` (``CONNECT``: https, wss, and ws
        through a proxy). Rules name hosts, ports and ranges, never a scheme, so the proxy's answers are the
        policy's, except where the policy lets one of ``http`` and ``https`` through and not the other, which a
        tunnel does not say. A URL with user-info needs no route either: the browser blocks a subresource request
        that carries one and leaves it out of a navigation's request, and the page such a navigation commits is
        sent back to ``about:blank`` by ``PolicyGuard``'s look at every committed frame."""
        return ("http" in self.allowed_schemes) != ("https" in self.allowed_schemes)

    def whole_origin(self, url: str | None) -> str | None:
        """``url``'s origin as the browser writes it in a request's URL (``http://127.0.0.1:8000``) when this policy
        lets every URL of that origin through (for ``http`` and ``https`` its answer depends on the origin alone),
        else None (no URL, another scheme, a URL with user-info, a refused origin)."""
        if not url:
            return None
        try:
            parts = urllib.parse.urlsplit(url.strip())
            port = parts.port
        except ValueError:
            return None
        scheme = parts.scheme.lower()
        if scheme not in ("http", "https") or scheme not in self.allowed_schemes or not parts.hostname:
            return None
        if parts.username is not None or parts.password is not None:
            return None
        port = port or _DEFAULT_PORT[scheme]
        if self.check(f"{scheme}://{parts.netloc}/") is not None:
            return None
        host = canonical_host(parts.hostname)
        if not re.fullmatch(r"[a-z0-9.\-]+|\[[0-9a-f:.]+\]", host):  # spelled otherwise by the browser (IDNA)
            return None
        return _origin_text(scheme, host, port)

    def check_host(self, scheme: str, host: str, port: int) -> str | None:
        """The reason an ``http``/``https`` request to ``host:port`` is refused, or None."""
        host = canonical_host(host)
        origin = _origin_text(scheme, host, port)
        if not host:
            return "URL without a host"
        if self._blocked.match(scheme, host, port):  # type: ignore[attr-defined]
            return f"origin {origin} is blocked"
        allow_sets: tuple[_Rules, ...] = self._allowed  # type: ignore[attr-defined]
        if any(not rules.match(scheme, host, port) for rules in allow_sets):
            return f"origin {origin} is not in the allowed origins"
        if not self.allow_link_local and is_link_local(host) and not allow_sets:
            return f"origin {origin} is a link-local or cloud-metadata address (allow_link_local to permit it)"
        return None

    def check_authority(self, host: str, port: int) -> str | None:
        """The reason a tunnel (``CONNECT host:port``: https, ws or wss) is refused, or None.

        A tunnel does not say its scheme; it is allowed when either web scheme would be.
        """
        reasons = [self.check_host(s, host, port) for s in ("https", "http") if s in self.allowed_schemes]
        if not reasons:
            return "no web scheme is allowed"
        return None if any(r is None for r in reasons) else reasons[0]


    def check_address(self, scheme: str, address: str, port: int) -> str | None:
        """The reason a connection to ``address`` (what a URL's host name resolved to) is refused, or None.

        The name itself already passed :meth:`check_host`. Its address must not be blocked
        (address, range or origin rules), and must not be link-local or a cloud-metadata
        address unless ``allow_link_local`` or every allow list names the address itself.
        Allow lists are not applied otherwise: they were met by the name.
        """
        host = canonical_host(address)
        shown = _origin_text(scheme, host, port)
        if self._blocked.match(scheme, host, port):  # type: ignore[attr-defined]
            return f"resolves to {shown}, which is blocked"
        allow_sets: tuple[_Rules, ...] = self._allowed  # type: ignore[attr-defined]
        named = bool(allow_sets) and all(rules.match(scheme, host, port) for rules in allow_sets)
        if not self.allow_link_local and is_link_local(host) and not named:
            return f"resolves to {shown}, a link-local or cloud-metadata address (allow_link_local to permit it)"
        return None

    def check_tunnel_address(self, address: str, port: int) -> str | None:
        """:meth:`check_address` for a tunnel (either web scheme)."""
        reasons = [self.check_address(s, address, port) for s in ("https", "http") if s in self.allowed_schemes]
        return None if not reasons or any(r is None for r in reasons) else reasons[0]


def _origin_text(scheme: str, host: str, port: int) -> str:
    if _DEFAULT_PORT.get(scheme) == port:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"
