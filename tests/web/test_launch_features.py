"""A headless launch takes the headless shell when there is one; a launched full Chromium (headed, or where
no shell is installed) runs without the address bar's WebUI popups, and keeps every feature Playwright
turns off: Chromium reads only the last ``--disable-features`` switch, so tapwright's one switch repeats
Playwright's list (read from the driver). Checked on a real Chromium through its own command line
(read from ``/proc``) and its list of targets (CDP); the list reader on its own."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tapwright.drivers.web import BrowserOptions, WebBrowser
from tapwright.drivers.web._features import EXTRA_DISABLED, SWITCH, _parse, playwright_disabled, with_features


def _browsers() -> dict[int, list[str]]:
    """Every Chromium browser process (not a renderer or helper, nor a child forked from one) below this one:
    pid -> command line."""
    parents: dict[int, int] = {}
    lines: dict[int, list[str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            line = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
        except OSError:
            continue
        parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        lines[int(entry.name)] = line
    out = {}
    for pid, line in lines.items():
        name = Path(line[0].split(" ")[0]).name
        # (chrome_crashpad_handler double-forks away from the browser: on a loaded machine a listing can catch it
        # still below this process, another "browser" beside the one launched)
        if "chrom" not in name or "crashpad" in name or any("--type=" in arg for arg in line):
            continue
        up = pid
        while up > 1 and up != os.getpid():
            up = parents.get(up, 1)
        if up == os.getpid():
            out[pid] = line
    # A child the browser has forked but not yet turned into its helper (no exec yet) still shows the browser's
    # own command line: one browser is the outermost of such a family.
    return {pid: line for pid, line in out.items() if parents.get(pid) not in out}


async def _targets(browser: Any) -> list[str]:
    cdp = await browser.new_browser_cdp_session()
    try:
        return [t["url"] for t in (await cdp.send("Target.getTargets"))["targetInfos"]]
    finally:
        await cdp.detach()


def _disabled(line: list[str]) -> list[str]:
    switches = [arg for arg in line if arg.startswith(SWITCH)]
    assert len(switches) >= 1
    return switches[-1][len(SWITCH):].split(",")  # the one Chromium reads


@pytest.mark.browser
async def test_a_launched_browser_has_no_omnibox_popups_and_keeps_playwrights_features() -> None:
    from playwright.async_api import async_playwright

    from tapwright.drivers.web import find_chromium

    full = find_chromium(headless=False)
    before = set(_browsers())
    browser = await WebBrowser.launch(BrowserOptions(executable_path=full, extra_args=("--disable-features=SomethingOfMine",)))
    try:
        new = [line for pid, line in _browsers().items() if pid not in before]
        assert len(new) == 1, [n[:2] for n in new]
        (ours,) = new
        context = await browser.browser.new_context()
        page = await context.new_page()
        await page.set_content("<button>Save</button>")
        targets = await _targets(browser.browser)
        await context.close()
    finally:
        await browser.aclose()
    assert not [url for url in targets if url.startswith("chrome://omnibox-popup")], targets
    # Playwright's own launch, for what it turns off (and to show that it does preload the popups).
    async with async_playwright() as p:
        before = set(_browsers())
        plain = await p.chromium.launch(executable_path=full,
                                        args=["--no-sandbox"] if os.geteuid() == 0 else [])  # fmt: skip
        try:
            (theirs,) = [line for pid, line in _browsers().items() if pid not in before]
            context = await plain.new_context()
            await (await context.new_page()).set_content("<button>Save</button>")
            plain_targets = await _targets(plain)
        finally:
            await plain.close()
    assert [url for url in plain_targets if url.startswith("chrome://omnibox-popup")]
    kept = _disabled(ours)
    assert set(_disabled(theirs)) <= set(kept), set(_disabled(theirs)) - set(kept)
    assert {*EXTRA_DISABLED, "SomethingOfMine"} <= set(kept)
    assert sum(arg.startswith(SWITCH) for arg in ours) == 2  # Playwright's, then the one that is read


def test_a_headless_launch_takes_the_headless_shell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The choice itself, on a PATH of stand-in executables: the shell for a headless browser when there is one,
    the full browser for a headed one and wherever no shell is installed; TAPWRIGHT_BROWSER wins over both."""
    from tapwright.drivers.web import find_chromium, launch

    for name in ("chromium", "chromium-headless-shell"):
        exe = tmp_path / name
        exe.write_text("#!/bin/sh\n", encoding="utf-8")
        exe.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path / "none"))
    monkeypatch.delenv("TAPWRIGHT_BROWSER", raising=False)
    monkeypatch.setattr(launch, "_SHELL_BINARIES", ())
    assert find_chromium() == str(tmp_path / "chromium-headless-shell")
    assert find_chromium(headless=False) == str(tmp_path / "chromium")
    (tmp_path / "chromium-headless-shell").unlink()
    assert find_chromium() == str(tmp_path / "chromium")
    monkeypatch.setenv("TAPWRIGHT_BROWSER", str(tmp_path / "chromium"))
    assert find_chromium() == str(tmp_path / "chromium")


def test_the_driver_list_is_read() -> None:
    assert playwright_disabled(), "Playwright's disabled features could not be read from its driver"


def test_a_list_with_comments_is_read_and_a_conditional_one_is_not() -> None:
    code = """
    disabledFeatures = [
      // See https://example.test/issues/1
      "First",
      "Second", // why
      'Third'
    ].filter(Boolean);
    """
    assert _parse(code) == ("First", "Second", "Third")
    assert _parse('disabledFeatures = [\n  "A",\n  mode ? "B" : ""\n].filter(Boolean);') is None
    assert _parse("const somethingElse = ['A'];") is None
    assert _parse("disabledFeatures = [];") is None


def test_one_switch_holds_playwrights_ours_and_the_users(monkeypatch: pytest.MonkeyPatch) -> None:
    from tapwright.drivers.web import _features

    monkeypatch.setattr(_features, "playwright_disabled", lambda: ("P1", "P2"))
    args = with_features(["--mute-audio", "--disable-features=Mine,P1", "--disable-features=Other"])
    assert args == ["--mute-audio", SWITCH + ",".join(["P1", "P2", *EXTRA_DISABLED, "Mine", "Other"])]
    # When Playwright's list cannot be read, the switches are left as they are.
    monkeypatch.setattr(_features, "playwright_disabled", lambda: None)
    assert with_features(["--disable-features=Mine"]) == ["--disable-features=Mine"]
