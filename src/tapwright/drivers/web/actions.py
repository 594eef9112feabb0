"""Element actions of a WebSession: resolve the target, act with Playwright's checks, report a change.

Every function returns a JSON-ready dict and raises only ToolFailure (Playwright
errors are mapped at this boundary). Tools in ``tapwright.tools.web_*`` are thin
wrappers over these. What only reads the page lives in :mod:`~tapwright.drivers.web.reading`
(``read``, ``box``, ``norm`` and ``pick_by_text`` are importable from here too).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

from tapwright.core.fence import FileFence
from tapwright.drivers.web import diagnose, editors, widgets
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.errors import mapped
from tapwright.drivers.web.pageevents import safe_url
from tapwright.drivers.web.reading import box, norm, pick_by_text, read
from tapwright.drivers.web.rerender import until_not_stale
from tapwright.drivers.web.session import WebSession
from tapwright.drivers.web.targets import Target, check_text, words_point
from tapwright.drivers.web.typed_fill import fill_value
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator.lists import list_parts

Act = Callable[[Target], Awaitable[Any]]
_SUBMIT_JS = """(el) => {
  const form = el ? (el.form || el.closest('form')) : (document.activeElement && document.activeElement.form)
    || (document.forms.length === 1 ? document.forms[0] : null);
  if (!form) return null;
  // requestSubmit() silently does nothing on an invalid form: say which fields are invalid instead.
  const invalid = Array.from(form.elements).filter((f) => f.willValidate && !f.checkValidity())
    .map((f) => (f.labels && f.labels[0] ? f.labels[0].textContent.trim() : f.name || f.id) + ": " + f.validationMessage);
  // Submitted as a person does, by its submit button when it shows one (its click handlers run too).
  const button = Array.from(form.elements).find((f) => (f.type === 'submit' || f.type === 'image') && !f.disabled
    && f.getClientRects().length > 0);
  if (!invalid.length) { if (button) button.click(); else form.requestSubmit(); }
  return invalid;
}"""

_CLICKED_THEN_NAVIGATING = re.compile(r"click action done\s*\n\s*- waiting for scheduled navigations to finish\s*$")
# Failures that a look at the element can explain (covered by what, disabled, hidden input ...).
_EXPLAINED = (ErrorCode.NOT_INTERACTABLE, ErrorCode.NOT_VISIBLE, ErrorCode.TIMEOUT)
_SELECTED_JS = "(s) => Array.from(s.selectedOptions, (o) => ({label: o.label.trim(), value: o.value}))"


async def perform(
    session: WebSession, target: str, action: str, act: Act, *, track: bool = True, each: bool = False
) -> dict[str, Any]:
    """Resolve ``target``, run ``act`` on it, and say what was hit and whether the page changed.

    With ``each``, a target that names nothing as a whole but reads as a list whose every item
    names one element ("Website and Mobile app") is acted on item by item.
    """
    parts = list_parts(target) if each else []
    if parts:
        try:
            resolved = await session.resolve(target, wait=False)
        except ToolFailure as exc:
            if exc.code is not ErrorCode.ELEMENT_NOT_FOUND or not await _all_found(session, parts):
                return await perform(session, target, action, act, track=track)
            done = [await perform(session, part, action, act, track=track) for part in parts]
            return {**done[-1], "each": done}
    else:
        return await until_not_stale(target, session.action_timeout_ms / 1000,
                                     lambda n: _perform_once(session, target, action, act, track, again=n > 0))
    return await _act_on(session, resolved, action, act, track)


async def _perform_once(session: WebSession, target: str, action: str, act: Act, track: bool, *,
                        again: bool) -> dict[str, Any]:
    resolved = await session.resolve(target)
    resolved.again = again
    return await _act_on(session, resolved, action, act, track)


async def _act_on(session: WebSession, resolved: Target, action: str, act: Act, track: bool) -> dict[str, Any]:
    try:
        before = await session.mark(resolved) if track else None
        try:
            async with mapped(action):
                extra = await act(resolved)
        except ToolFailure as exc:
            # Only Playwright's refusals (they carry its call log as cause); tapwright's own failures say enough.
            if exc.code in _EXPLAINED and exc.cause is not None:
                raise await diagnose.explain(resolved, exc) from None
            raise
        out: dict[str, Any] = dict(resolved.describe())
        if isinstance(extra, dict):
            out.update(extra)
        if before is not None:
            out["changed"] = await session.changed(before, resolved)
            if len(session.pages) > before.tabs:
                # The action opened a tab (a link with target=_blank); the current tab stays where it was.
                out["new_tab"] = {"index": len(session.pages) - 1, "url": safe_url(session.pages[-1].url)}
        return out
    finally:
        session.watch.acted()
        await resolved.dispose()


async def _all_found(session: WebSession, parts: list[str]) -> bool:
    for part in parts:
        try:
            found = await session.resolve(part, wait=False)
        except ToolFailure:
            return False
        await found.dispose()
    return True


async def click(session: WebSession, target: str, *, button: str = "left", count: int = 1) -> dict[str, Any]:
    async def act(t: Target) -> dict[str, Any] | None:
        navigations = session.navigations
        point = await words_point(t)
        try:
            if point is not None:
                # A word inside a longer text: at the word, not the middle of the paragraph.
                await session.page.mouse.click(*point, button=button, click_count=count)  # type: ignore[arg-type]
            elif count == 2:
                await t.handle.dblclick(force=t.again)
            else:
                await t.handle.click(button=button, force=t.again)  # type: ignore[arg-type]
        except pw.TimeoutError as exc:
            # The click happened; only the page it started loading is slow (a login hashing a password,
            # a report being built). That is the next step's to wait for, not a failed click.
            if not _CLICKED_THEN_NAVIGATING.search(str(exc)):
                raise
            session.expect_navigation(navigations)
            return {"navigation": "still loading"}
        return None

    return await perform(session, target, "click", act, each=True)


async def hover(session: WebSession, target: str) -> dict[str, Any]:
    return await perform(session, target, "hover", lambda t: t.handle.hover(), track=False)


async def focus(session: WebSession, target: str) -> dict[str, Any]:
    return await perform(session, target, "focus", lambda t: t.handle.focus())


def _tag(t: Target) -> str:
    """The element's tag as the snapshot saw it ('' when the target came from a selector)."""
    return t.element.attr("tag") if t.element is not None else ""


_TEXT_TYPES = frozenset({"", "text", "email", "search", "password", "tel", "url"})


def _plain_text_input(t: Target) -> bool:
    """A text ``<input>`` as the snapshot saw it (no ARIA role that makes it a slider, a switch ...)."""
    e = t.element
    return e is not None and _tag(t) == "input" and e.role in ("textbox", "searchbox") and e.attr("type") in _TEXT_TYPES


async def _editor(t: Target) -> str | None:
    # A plain <input> is never an editor: spare the round trip on the most common fields.
    return None if _tag(t) == "input" else await editors.kind(t)


async def fill(session: WebSession, target: str, text: str, *, clear: bool = True) -> dict[str, Any]:
    check_text(text, "text")
    async def act(t: Target) -> dict[str, Any]:
        if t.element is not None and not t.element.interactive:
            t = await widgets.control_for(t)  # the caption "Table colour" beside its colour input
        editor = await _editor(t)
        if editor is not None:
            return await editors.fill(t, editor, text, clear=clear)
        if clear and _plain_text_input(t):
            await t.handle.fill(text)  # what fill_value would do, without asking the page what kind of control it is
            return {"text_length": len(text)}
        if clear:
            return await fill_value(t, text)
        else:
            await t.handle.focus()
            await t.frame.page.keyboard.press("End")
            await t.frame.page.keyboard.insert_text(text)
        return {"text_length": len(text)}

    out = await perform(session, target, "fill", act, each=True)
    return out


async def clear(session: WebSession, target: str) -> dict[str, Any]:
    async def act(t: Target) -> Any:
        editor = await _editor(t)
        if editor is not None:
            return await editors.fill(t, editor, "", clear=True)
        return await t.handle.fill("")

    return await perform(session, target, "clear", act)


async def set_checked(session: WebSession, target: str, checked: bool) -> dict[str, Any]:
    return await perform(
        session, target, "check" if checked else "uncheck", lambda t: widgets.set_checked(t, checked), each=True
    )


async def select(session: WebSession, target: str, option: str) -> dict[str, Any]:
    """Choose ``option``: a native <select> by label or value, a custom dropdown by opening it and clicking."""

    async def act(t: Target) -> dict[str, Any]:
        if t.element is not None and not t.element.interactive:
            t = await widgets.control_for(t)
        native = _tag(t) == "select" and t.element is not None and t.element.state.visible
        kind = "select" if native else (await t.handle.evaluate(widgets.KIND_JS))["kind"]
        if kind == "typed":
            return await fill_value(t, option)  # "Pick 24 December 2025 as the day": a date input takes it typed
        if kind != "select":
            return await widgets.choose(t, option, session.action_timeout_ms)
        try:
            chosen = await t.handle.select_option(option)
        except pw.Error as exc:
            if "did not find some options" not in str(exc) and "options" not in str(exc).lower():
                raise
            chosen = await t.handle.select_option(label=option)
        picked = await t.handle.evaluate(_SELECTED_JS)
        want = norm(option)
        if not any(want in (norm(p["label"]), norm(p["value"])) for p in picked):
            shows = ", ".join(p["label"] for p in picked) or "nothing"
            raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"chose {option!r} but the dropdown shows {shows!r}")
        return {"selected": chosen, "label": ", ".join(p["label"] for p in picked)}

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
    file = FileFence(session.upload_dirs).readable(path)

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


__all__ = ["box", "clear", "click", "drag", "fill", "focus", "hover", "norm", "perform", "pick_by_text", "press",
           "read", "scroll", "select", "set_checked", "submit", "upload"]
