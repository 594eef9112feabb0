"""Screenshots of a zoo app's main pages with the system Chromium (headless), for scenario writers.

The pages come from the app's ``shots:`` list: ``{name, path}`` (path null: the page as the login left it) plus optional ``click`` (a selector to click first, e.g. to open a file from a list), ``wait`` (a CSS
selector or text to wait for), ``delay`` (milliseconds after load) and ``full`` (whole page).
An app with ``login.form`` is signed in once through its own login form first; ``login.basic``
sends HTTP basic credentials.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from typing import Any

from playwright.sync_api import sync_playwright
from zoo import SHOTS, App

VIEWPORT = {"width": 1280, "height": 800}


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("zoo: no system Chromium on PATH (apt-get install chromium)")


def shoot(
    app: App,
    start: Callable[[App], dict[str, Any]],
    stop: Callable[[App], bool],
    running: Callable[[App], dict[str, Any] | None],
) -> None:
    was_running = running(app) is not None
    state = start(app)
    out = SHOTS / app.name
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium(), headless=True)
            try:
                context_args: dict[str, Any] = {"viewport": VIEWPORT}
                if app.login.get("basic"):
                    context_args["http_credentials"] = {
                        "username": app.login["user"], "password": app.login["password"]}
                context = browser.new_context(**context_args)
                page = context.new_page()
                form = app.login.get("form")
                if form:
                    page.goto(state["url"] + form["path"], wait_until="networkidle")
                    page.fill(form["user"], app.login["user"])
                    page.fill(form["password"], app.login["password"])
                    page.click(form["submit"])
                    page.wait_for_load_state("networkidle")
                for shot in app.shots:
                    if shot["path"] is not None:  # None: stay on the page the login left open
                        page.goto(state["url"] + shot["path"], wait_until="networkidle", timeout=60_000)
                    if shot.get("click"):
                        page.click(shot["click"], timeout=60_000)
                    if shot.get("wait"):
                        page.wait_for_selector(shot["wait"], timeout=90_000)
                    page.wait_for_timeout(int(shot.get("delay", 500)))
                    target = out / f"{shot['name']}.png"
                    page.screenshot(path=str(target), full_page=bool(shot.get("full", False)))
                    print(f"zoo[{app.name}]: {target.relative_to(SHOTS.parent)}", flush=True)
            finally:
                browser.close()
    finally:
        if not was_running:
            stop(app)
