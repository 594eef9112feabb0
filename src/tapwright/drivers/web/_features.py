"""Chromium features a launched browser runs without, on top of the ones Playwright turns off.

A headless Chromium from release 15x on opens a hidden window per browser context, and with it
preloads the address bar's popups as WebUI pages: two extra renderers per context that no test can
see, about a quarter of the CPU a context costs (measured in ``tests/web/test_launch_features.py``).
tapwright turns them off.

Chromium reads only the *last* ``--disable-features`` switch on its command line, and Playwright
passes its own list first; a second switch would silently undo Playwright's (HTTPS upgrades, paint
holding, storage partitioning ...). So the switch tapwright adds repeats Playwright's list, read from
the Playwright driver that launches the browser, plus its own and any the user passed. When that list
cannot be read (a Playwright whose driver is laid out differently), nothing is added: the browser is
launched as Playwright would, only slower.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from pathlib import Path

# The address bar's WebUI popups (the suggestions list and its "AI mode" variant).
EXTRA_DISABLED = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")
SWITCH = "--disable-features="
_LIST = re.compile(r"disabledFeatures\s*=\s*\[(?P<body>[^\]]*)\](?=\s*(?:\.filter\(Boolean\)|;|,|\)))")
_NAME = re.compile(r"""["']([A-Za-z0-9_]+)["']""")


@functools.cache
def playwright_disabled() -> tuple[str, ...] | None:
    """The features Playwright's Chromium launch disables, read from its driver's code; None when they
    cannot be read (then tapwright adds no ``--disable-features`` switch of its own)."""
    try:
        from playwright._impl._driver import compute_driver_executable

        package = Path(compute_driver_executable()[1]).parent / "lib"
    except Exception:  # a Playwright without this layout: launch as Playwright would
        return None
    candidates = [package / "coreBundle.js", package / "server" / "chromium" / "chromiumSwitches.js"]
    for path in candidates:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        found = _parse(text)
        if found is not None:
            return found
    return None


def _parse(code: str) -> tuple[str, ...] | None:
    """The names in the first ``disabledFeatures = [...]`` of ``code`` (comments dropped), or None when
    there is no such list or it holds anything but plain names (a condition: not read as a list)."""
    found = _LIST.search(code)
    if found is None:
        return None
    body = "\n".join(line.split("//", 1)[0] for line in found.group("body").splitlines())
    names = _NAME.findall(body)
    rest = _NAME.sub("", body).replace(",", "")
    if not names or rest.strip():
        return None
    return tuple(names)


def with_features(args: Iterable[str]) -> list[str]:
    """``args`` with one ``--disable-features`` switch holding Playwright's list, tapwright's extra
    features and every feature the user's own such switches name (in that order, each once); ``args``
    as they are when Playwright's list cannot be read."""
    args = list(args)
    base = playwright_disabled()
    if base is None:
        return args
    users = [name for arg in args if arg.startswith(SWITCH) for name in arg[len(SWITCH):].split(",") if name]
    merged = list(dict.fromkeys([*base, *EXTRA_DISABLED, *users]))
    return [*(arg for arg in args if not arg.startswith(SWITCH)), SWITCH + ",".join(merged)]
