"""The MCP server's default tool list: how many tools and how many characters of schemas a client
puts in the model's context before the first call, against the full list (every group on).

Target: the default list at most 20,000 characters. No browser is started.
"""

from __future__ import annotations

from tapwright.mcp import McpOptions, TapwrightMcp, cap_groups, schema_chars

TARGET_CHARS = 20_000


def main() -> int:
    default = TapwrightMcp(McpOptions())
    # The device packs (and the in-memory fake) are not web tools; "tabs" adds nothing (tabs are on by default).
    groups = sorted(g for g in cap_groups() if g not in ("android", "desktop", "fake", "ios", "tabs"))
    print(f"{'tool list':<34} {'tools':>5} {'schema chars':>12}")
    size = schema_chars(default.tools)
    print(f"{'default':<34} {len(default.tools):>5} {size:>12,}")
    for group in groups:
        app = TapwrightMcp(McpOptions(caps=[group]))
        print(f"{'default + --caps ' + group:<34} {len(app.tools):>5} {schema_chars(app.tools):>12,}")
    everything = TapwrightMcp(McpOptions(caps=groups))
    print(f"{'every group but the device packs':<34} {len(everything.tools):>5} {schema_chars(everything.tools):>12,}")
    print(f"default list: {size:,} characters (target <= {TARGET_CHARS:,}), "
          f"{size / schema_chars(everything.tools):.0%} of the full list")  # fmt: skip
    return 0 if size <= TARGET_CHARS else 1


if __name__ == "__main__":
    raise SystemExit(main())
