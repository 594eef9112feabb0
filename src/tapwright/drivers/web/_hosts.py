"""Host normalisation for the URL policy: one canonical spelling per host, so a rule cannot be dodged.

A browser accepts many spellings of one address: ``127.0.0.2``, ``2130706434``,
``0x7f.0.0.2``, ``0177.0.0.2``, ``127.2``, ``[::ffff:127.0.0.2]``, ``127.0.0.2.``,
``ＥＸＡＭＰＬＥ.com`` and ``xn--`` forms. :func:`canonical_host` maps all of them to
the form Chromium connects to, following the WHATWG URL host parser, so that a rule
written one way matches every other way of writing the same host.
"""

from __future__ import annotations

import ipaddress

# Addresses that are never a web app under test and often hand out cloud credentials.
LINK_LOCAL_NETS = (
    ipaddress.ip_network("169.254.0.0/16"),  # IPv4 link-local, incl. 169.254.169.254 (AWS, GCP, Azure metadata)
    ipaddress.ip_network("fe80::/10"),  # IPv6 link-local
    ipaddress.ip_network("fd00:ec2::254/128"),  # AWS metadata over IPv6
    ipaddress.ip_network("100.100.100.200/32"),  # Alibaba Cloud metadata
)
METADATA_NAMES = frozenset({"metadata.google.internal", "metadata", "instance-data", "instance-data.ec2.internal"})


def _ipv4_number(part: str) -> int | None:
    """One dotted part as the WHATWG parser reads it: decimal, ``0x`` hex or leading-zero octal."""
    if not part:
        return None
    try:
        if part[:2].lower() == "0x":
            return int(part[2:] or "0", 16)
        if len(part) > 1 and part[0] == "0":
            return int(part[1:], 8)
        return int(part, 10)
    except ValueError:
        return None


def parse_ipv4(host: str) -> ipaddress.IPv4Address | None:
    """``host`` as an IPv4 address in any form a browser accepts (1 to 4 parts), else None."""
    parts = host.split(".")
    if parts and parts[-1] == "":
        parts.pop()
    if not 1 <= len(parts) <= 4:
        return None
    numbers = [_ipv4_number(p) for p in parts]
    if any(n is None for n in numbers):
        return None
    values = [n for n in numbers if n is not None]
    if any(n > 255 for n in values[:-1]) or values[-1] >= 256 ** (5 - len(values)):
        return None
    address = 0
    for n in values[:-1]:
        address = address * 256 + n
    address = address * 256 ** (5 - len(values)) + values[-1]
    return ipaddress.IPv4Address(address)


def canonical_ip(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address ``host`` names when it is an IP literal (IPv4-mapped IPv6 becomes IPv4)."""
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if ":" in host:
        try:
            v6 = ipaddress.IPv6Address(host.split("%", 1)[0])
        except ValueError:
            return None
        return v6.ipv4_mapped or v6
    return parse_ipv4(host)


def canonical_host(host: str) -> str:
    """One spelling per host: lowercase, no trailing dot, IDNA ``xn--`` labels, IPs in standard form."""
    host = host.strip().lower()
    ip = canonical_ip(host)
    if ip is not None:
        return f"[{ip}]" if ip.version == 6 else str(ip)
    host = host.rstrip(".")
    if host and not host.isascii():
        try:
            host = host.encode("idna").decode("ascii")
        except UnicodeError:
            return host
        ip = canonical_ip(host)  # full-width digits can spell an address
        if ip is not None:
            return f"[{ip}]" if ip.version == 6 else str(ip)
    return host


def is_link_local(host: str) -> bool:
    """Whether ``host`` (canonical) is a link-local or cloud-metadata address or name."""
    if host in METADATA_NAMES:
        return True
    ip = canonical_ip(host)
    return ip is not None and any(ip in net for net in LINK_LOCAL_NETS)
