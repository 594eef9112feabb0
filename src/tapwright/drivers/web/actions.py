"""Element actions of a WebSession: resolve the target, act with Playwright's checks, report a change.

Every function returns a JSON-ready dict and raises only ToolFailure (Playwright
errors are mapped at this boundary). Tools in ``tapwright.tools.web_*`` are thin
wrappers over these.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from tapwright.core.element import Element
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.errors import mapped
from tapwright.drivers.web.session import WebSession
from tapwright.drivers.web.targets import Target
from tapwright.errors import ErrorCode, ToolFailure

Act = Callable[[Target], Awaitable[Any]]
_SUBMIT_JS = """(el) => {
  const form = el ? (el.form || el.closest('form')) : (document.activeElement && document.activeElement.form)
    || (document.forms.length === 1 ? document.forms[0] : null);
  if (!form) return null;
  // requestSubmit() silently does nothing on an invalid form: say which fields are invalid instead.
  const invalid = Array.from(form.elements).filter((f) => f.willValidate && !f.checkValidity())
    .map((f) => (f.labels && f.labels[0] ? f.labels[0].textContent.trim() : f.name || f.id) + ": " + f.validationMessage);
  if (!invalid.length) form.requestSubmit();
  return invalid;
}"""


async def perform(session: WebSession, target: str, action: str, act: Act, *, track: bool = True) -> dict[str, Any]:
    """Resolve ``target``, run ``act`` on it, and say what was hit and whether the page changed."""
    resolved = await session.resolve(target)
    try:
        before = await session.mark(resolved) if track else None
        async with mapped(action):
            extra = await act(resolved)
        out: dict[str, Any] = dict(resolved.describe())
        if isinstance(extra, dict):
            out.update(extra)
        if before is not None:
            out["changed"] = await session.changed(before, resolved)
        return out
    finally:
        await resolved.dispose()


async def click(session: WebSession, target: str, *, button: str = "left", count: int = 1) -> dict[str, Any]:
    async def act(t: Target) -> None:
        if count == 2:
            await t.handle.dblclick()
        else:
            await t.handle.click(button=button)  # type: ignore[arg-type]

    return await perform(session, target, "click", act)


async def hover(session: WebSession, target: str) -> dict[str, Any]:
    return await perform(session, target, "hover", lambda t: t.handle.hover(), track=False)


async def focus(session: WebSession, target: str) -> dict[str, Any]:
    return await perform(session, target, "focus", lambda t: t.handle.focus())


async def fill(session: WebSession, target: str, text: str, *, clear: bool = True) -> dict[str, Any]:
    async def act(t: Target) -> dict[str, Any]:
        if clear:
            await t.handle.fill(text)
        else:
            await t.handle.focus()
            await t.frame.page.keyboard.press("End")
            await t.frame.page.keyboard.insert_text(text)
        return {"text_length": len(text)}

    out = await perform(session, target, "fill", act)
    return out


async def clear(session: WebSession, target: str) -> dict[str, Any]:
    return await perform(session, target, "clear", lambda t: t.handle.fill(""))


async def set_checked(session: WebSession, target: str, checked: bool) -> dict[str, Any]:
    async def act(t: Target) -> dict[str, Any]:
        await (t.handle.check() if checked else t.handle.uncheck())
        return {"checked": checked}

    return await perform(session, target, "check" if checked else "uncheck", act)


async def select(session: WebSession, target: str, option: str) -> dict[str, Any]:
    async def act(t: Target) -> dict[str, Any]:
        try:
            chosen = await t.handle.select_option(option)
        except pw.Error as exc:
            if "did not find some options" not in str(exc) and "options" not in str(exc).lower():
                raise
            chosen = await t.handle.select_option(label=option)
        return {"selected": chosen}

    return await perform(session, target, "select", act)


async def press(session: WebSession, key: str, target: str | None = None) -> dict[str, Any]:
    if target:
        return await perform(session, target, f"press {key}", lambda t: t.handle.press(key))
    before = await session.mark()
    await session.press_key(key)
    return {"key": key, "changed": await session.changed(before)}


async def submit(session: WebSession, target: str | None = None) -> dict[str, Any]:
    async def act(t: Target) -> dict[str, Any]:
        invalid = await t.handle.evaluate(_SUBMIT_JS)
        if invalid is None:
            raise ToolFailure(ErrorCode.NOT_INTERACTABLE, "the element is not in a form")
        return {"submitted": not invalid, "invalid": invalid} if invalid else {"submitted": True}

    if target:
        return await perform(session, target, "submit", act)
    before = await session.mark()
    async with mapped("submit"):
        invalid = await session.page.evaluate(f"({_SUBMIT_JS})(null)")
    if invalid is None:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, "no form to submit: focus a field first or name the target")
    out: dict[str, Any] = {"submitted": not invalid, "changed": await session.changed(before)}
    if invalid:
        out["invalid"] = invalid
    return out


async def scroll(session: WebSession, direction: str, amount: int, target: str | None = None) -> dict[str, Any]:
    if target:
        return await perform(session, target, "scroll", lambda t: t.handle.scroll_into_view_if_needed(), track=False)
    dx, dy = {"down": (0, amount), "up": (0, -amount), "right": (amount, 0), "left": (-amount, 0)}[direction]
    async with mapped("scroll"):
        pos = await session.page.evaluate(
            "([dx, dy]) => { window.scrollBy(dx, dy); return [window.scrollX, window.scrollY]; }", [dx, dy]
        )
    return {"direction": direction, "amount": amount, "scroll_x": pos[0], "scroll_y": pos[1]}


async def upload(session: WebSession, target: str, path: str) -> dict[str, Any]:
    file = Path(path).expanduser().resolve()
    if not any(file.is_relative_to(folder) for folder in session.upload_dirs):
        allowed = ", ".join(str(d) for d in session.upload_dirs)
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path} is outside the folders uploads may come from ({allowed})")
    if not file.is_file():
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path} is not a file")

    async def act(t: Target) -> dict[str, Any]:
        is_file_input = await t.handle.evaluate("e => e.tagName === 'INPUT' && e.type === 'file'")
        if is_file_input:
            await t.handle.set_input_files(str(file))
        else:
            async with t.frame.page.expect_file_chooser() as chooser:
                await t.handle.click()
            await (await chooser.value).set_files(str(file))
        return {"file": file.name, "size": file.stat().st_size}

    return await perform(session, target, "upload", act)


async def box(session: WebSession, target: str) -> dict[str, Any]:
    """Where the element is, scrolled into view first so the coordinates can be clicked."""
    return await session.box(target)


async def drag(session: WebSession, source: str, target: str) -> dict[str, Any]:
    src = await session.resolve(source)
    try:
        before = await session.mark(src)
        dst = await session.resolve(target)
        try:
            async with mapped("drag"):
                a = await _center(src)
                b = await _center(dst)
                mouse = session.page.mouse
                await mouse.move(*a)
                await mouse.down()
                await mouse.move(*b, steps=8)
                await mouse.up()
        finally:
            await dst.dispose()
        return {"from": src.describe(), "to": dst.describe(), "changed": await session.changed(before, src)}
    finally:
        await src.dispose()


async def _center(t: Target) -> tuple[float, float]:
    await t.handle.scroll_into_view_if_needed()
    rect = await t.handle.bounding_box()
    if rect is None:
        raise ToolFailure(ErrorCode.NOT_VISIBLE, "the element has no box on the page")
    return rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2


async def read(session: WebSession, target: str, what: str) -> dict[str, Any]:
    """The text (``what="text"``) or the form value (``what="value"``) of an element."""

    async def act(t: Target) -> dict[str, Any]:
        if what == "text":
            text = await t.handle.inner_text()
            return {"text": " ".join(text.split())}
        info = await t.handle.evaluate(
            "e => ({tag: e.tagName, type: (e.type || '').toLowerCase(), checked: e.checked,"
            " value: 'value' in e && e.tagName !== 'BUTTON' && e.tagName !== 'LI' ? String(e.value)"
            " : (e.isContentEditable ? e.innerText : null)})"
        )
        if info["type"] in ("checkbox", "radio"):
            return {"value": bool(info["checked"]), "checked": bool(info["checked"])}
        if info["value"] is None:
            raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"{target!r} is not a form field")
        value = str(info["value"])
        if info["type"] == "password":  # never hand a password back, only whether one is there
            return {"value": "********" if value else "", "length": len(value)}
        return {"value": value}

    return await perform(session, target, f"get {what}", act, track=False)


def norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split()).casefold()


def pick_by_text(elements: list[Element], text: str, roles: tuple[str, ...], *, exact: bool) -> Element:
    """The one visible element of ``roles`` whose name or text is ``text`` (or contains it)."""
    want = norm(text)
    pool = [e for e in elements if e.role in roles and e.state.visible]
    exact_hits = [e for e in pool if want in (norm(e.name), norm(e.text))]
    hits = exact_hits if exact else exact_hits or [e for e in pool if want in norm(e.name) or want in norm(e.text)]
    if not hits and not exact:
        words = re.findall(r"\w+", want)
        hits = [e for e in pool if words and all(w in norm(e.name + " " + e.text) for w in words)]
    if not hits:
        near = [f"{e.role} {e.name!r}" for e in pool[:5]]
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no {roles[0]} with text {text!r}",
                          data={"candidates": near})
    if len(hits) > 1:
        raise ToolFailure(ErrorCode.AMBIGUOUS, f"{len(hits)} {roles[0]}s match {text!r}",
                          data={"candidates": [{"ref": e.ref, "role": e.role, "name": e.name} for e in hits[:10]]})
    return hits[0]
