"""Element actions of a WebSession: one operation per verb on a resolved target, with Playwright's checks.

The ``*_on`` operations are what the web seam (:mod:`tapwright.tools.web_seam`) runs for the
catalog's actions, through :func:`operate` (Playwright errors mapped at this boundary, refusals
explained). :func:`perform` is the same resolve -> act -> report-change flow for the driver's
own composite actions (expanding a section, clicking by text). Every function raises only ToolFailure.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from tapwright.core.element import Element
from tapwright.drivers.web import diagnose, editors, widgets
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.errors import mapped
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
# Everything ``read`` needs in one round trip. A custom combobox's value is what it shows.
_READ_JS = """(e) => {
  const role = (e.getAttribute('role') || '').split(' ')[0];
  const editor = e.closest('.cm-editor') ? 'codemirror6' : e.closest('.CodeMirror') ? 'codemirror5'
    : e.closest('.monaco-editor') ? 'monaco' : null;
  let options = null;
  // The hidden native <select> behind a dropdown widget (select2, chosen ...) holds its choice.
  // (Select2 3.x draws a focus input with role=button and aria-haspopup over it.)
  const standIn = role === 'combobox' || (e.tagName === 'INPUT' && e.type === 'button')
    || (e.hasAttribute('aria-haspopup') && e.getAttribute('aria-haspopup') !== 'false');
  for (let p = e.parentElement, i = 0; standIn && p && i < 4; p = p.parentElement, i++) {
    const sels = p.querySelectorAll('select');
    if (sels.length > 1) break;
    if (sels.length === 1 && !sels[0].checkVisibility()) {
      options = Array.from(sels[0].selectedOptions, (o) => ({label: o.label.trim(), value: o.value}));
      break;
    }
  }
  if (e.tagName === 'SELECT') options = Array.from(e.selectedOptions, (o) => ({label: o.label.trim(), value: o.value}));
  else if (role === 'listbox') options = Array.from(e.querySelectorAll('[role=option][aria-selected=true]'),
    (o) => ({label: o.innerText.trim(), value: o.getAttribute('data-value') || o.innerText.trim()}));
  let value = null;
  if ('value' in e && e.tagName !== 'BUTTON' && e.tagName !== 'LI') value = String(e.value);
  else if (e.isContentEditable) value = e.innerText;
  else if (role === 'combobox') value = (e.innerText || '').replace(/\\s+/g, ' ').trim();
  else if (e.hasAttribute('aria-valuenow') || e.hasAttribute('aria-valuetext'))
    value = e.getAttribute('aria-valuetext') || e.getAttribute('aria-valuenow');  // an ARIA slider or spin button
  return {tag: e.tagName, type: (e.type || '').toLowerCase(), checked: e.checked, options, editor, value,
          text: editor ? '' : e.innerText};
}"""


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
        resolved = await session.resolve(target)
    try:
        before = await session.mark(resolved) if track else None
        extra = await operate(resolved, action, act)
        out: dict[str, Any] = dict(resolved.describe())
        if isinstance(extra, dict):
            out.update(extra)
        if before is not None:
            out["changed"] = await session.changed(before, resolved)
        return out
    finally:
        session.watch.acted()
        await resolved.dispose()


async def operate(resolved: Target, action: str, act: Act) -> Any:
    """Run ``act`` on a resolved target with Playwright's errors mapped, and refusals explained by a look at the element."""
    try:
        async with mapped(action):
            return await act(resolved)
    except ToolFailure as exc:
        # Only Playwright's refusals (they carry its call log as cause); tapwright's own failures say enough.
        if exc.code in _EXPLAINED and exc.cause is not None:
            raise await diagnose.explain(resolved, exc) from None
        raise


async def _all_found(session: WebSession, parts: list[str]) -> bool:
    for part in parts:
        try:
            found = await session.resolve(part, wait=False)
        except ToolFailure:
            return False
        await found.dispose()
    return True


async def click_on(session: WebSession, t: Target, *, button: str = "left", count: int = 1) -> dict[str, Any] | None:
    """Click a resolved target: at the described word when it is inside a longer text, else Playwright's click."""
    navigations = session.navigations
    point = await words_point(t)
    try:
        if point is not None:
            # A word inside a longer text: at the word, not the middle of the paragraph.
            await session.page.mouse.click(*point, button=button, click_count=count)  # type: ignore[arg-type]
        elif count == 2:
            await t.handle.dblclick()
        else:
            await t.handle.click(button=button)  # type: ignore[arg-type]
    except pw.TimeoutError as exc:
        # The click happened; only the page it started loading is slow (a login hashing a password,
        # a report being built). That is the next step's to wait for, not a failed click.
        if not _CLICKED_THEN_NAVIGATING.search(str(exc)):
            raise
        session.expect_navigation(navigations)
        return {"navigation": "still loading"}
    return None


async def click(session: WebSession, target: str, *, button: str = "left", count: int = 1) -> dict[str, Any]:
    return await perform(session, target, "click", lambda t: click_on(session, t, button=button, count=count), each=True)


def _tag(t: Target) -> str:
    """The element's tag as the snapshot saw it ('' when the target came from a selector)."""
    return t.element.attr("tag") if t.element is not None else ""


async def _editor(t: Target) -> str | None:
    # A plain <input> is never an editor: spare the round trip on the most common fields.
    return None if _tag(t) == "input" else await editors.kind(t)


async def fill_on(session: WebSession, t: Target, text: str, *, clear: bool = True) -> dict[str, Any]:
    """Type ``text`` into a resolved field (an editor, a typed input, or keys), replacing it unless ``clear`` is false."""
    check_text(text, "text")
    if t.element is not None and not t.element.interactive:
        t = await widgets.control_for(t)  # the caption "Table colour" beside its colour input
    editor = await _editor(t)
    if editor is not None:
        return await editors.fill(t, editor, text, clear=clear)
    if clear:
        return await fill_value(t, text)
    await t.handle.focus()
    await t.frame.page.keyboard.press("End")
    await t.frame.page.keyboard.insert_text(text)
    return {"text_length": len(text)}


async def clear_on(t: Target) -> Any:
    editor = await _editor(t)
    if editor is not None:
        return await editors.fill(t, editor, "", clear=True)
    return await t.handle.fill("")


async def select_on(session: WebSession, t: Target, option: str) -> dict[str, Any]:
    """Choose ``option``: a native <select> by label or value, a custom dropdown by opening it and clicking."""
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


async def scroll_page(session: WebSession, direction: str, amount: int) -> dict[str, Any]:
    """Scroll the window by ``amount`` pixels in ``direction``; where it is scrolled to now."""
    dx, dy = {"down": (0, amount), "up": (0, -amount), "right": (amount, 0), "left": (-amount, 0)}[direction]
    async with mapped("scroll"):
        pos = await session.page.evaluate(
            "([dx, dy]) => { window.scrollBy(dx, dy); return [window.scrollX, window.scrollY]; }", [dx, dy]
        )
    return {"direction": direction, "amount": amount, "scroll_x": pos[0], "scroll_y": pos[1]}


def upload_path(session: WebSession, path: str) -> Path:
    """The file to upload, when it is a file inside the folders uploads may come from (else INVALID_INPUT)."""
    file = Path(path).expanduser().resolve()
    if not any(file.is_relative_to(folder) for folder in session.upload_dirs):
        allowed = ", ".join(str(d) for d in session.upload_dirs)
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path} is outside the folders uploads may come from ({allowed})")
    if not file.is_file():
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path} is not a file")
    return file


async def upload_on(t: Target, file: Path) -> dict[str, Any]:
    is_file_input = await t.handle.evaluate("e => e.tagName === 'INPUT' && e.type === 'file'")
    if is_file_input:
        await t.handle.set_input_files(str(file))
    else:
        async with t.frame.page.expect_file_chooser() as chooser:
            await t.handle.click()
        await (await chooser.value).set_files(str(file))
    return {"file": file.name, "size": file.stat().st_size}


async def drag_on(session: WebSession, src: Target, dst: Target) -> None:
    """Press on ``src``, move to ``dst`` in steps, release."""
    async with mapped("drag"):
        a = await _center(src)
        b = await _center(dst)
        mouse = session.page.mouse
        await mouse.move(*a)
        await mouse.down()
        await mouse.move(*b, steps=8)
        await mouse.up()


async def _center(t: Target) -> tuple[float, float]:
    await t.handle.scroll_into_view_if_needed()
    rect = await t.handle.bounding_box()
    if rect is None:
        raise ToolFailure(ErrorCode.NOT_VISIBLE, "the element has no box on the page")
    return rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2


# The text of the part of the page a heading heads ("in the cart" found the heading "Your cart"): the box
# that starts with it, short of the whole page.
_SECTION_JS = """(e) => {
  if (!/^H[1-6]$/.test(e.tagName) && e.getAttribute('role') !== 'heading') return null;
  let box = e;
  while (box.parentElement && box.parentElement.firstElementChild === box
         && !['BODY', 'HTML', 'MAIN'].includes(box.parentElement.tagName)) box = box.parentElement;
  return box === e ? null : box.innerText;
}"""


async def read_on(t: Target, target: str, what: str) -> dict[str, Any]:
    """The text (``what="text"``), the form value (``"value"``) or a heading's section text (``"section"``) of a resolved target."""
    if what == "section":
        section = await t.handle.evaluate(_SECTION_JS)
        if section is not None:
            return {"text": " ".join(str(section).split()), "section": True}
    info = await t.handle.evaluate(_READ_JS)
    if info["type"] in ("checkbox", "radio") and what == "value":
        return {"value": bool(info["checked"]), "checked": bool(info["checked"])}
    if info["options"] is not None:
        # A <select> (or a custom list box): what it shows is the chosen options' labels, not every option.
        labels = ", ".join(o["label"] for o in info["options"])
        values = ", ".join(o["value"] for o in info["options"])
        return {"value": labels, "option_value": values} if what == "value" else {"text": labels}
    if info["editor"]:
        content = await editors.read(t)
        return {"value" if what == "value" else "text": content, "editor": info["editor"]}
    if what in ("text", "section"):
        text = " ".join(str(info["text"]).split())
        if not text and info["value"] is not None and info["type"] != "password":
            # What a field "says" is what it holds: "The Date of birth field should contain ...".
            return {"text": " ".join(str(info["value"]).split()), "value": str(info["value"])}
        return {"text": text}
    if info["value"] is None:
        raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"{target!r} is not a form field")
    value = str(info["value"])
    if info["type"] == "password":  # never hand a password back, only whether one is there
        return {"value": "********" if value else "", "length": len(value)}
    return {"value": value}


async def read(session: WebSession, target: str, what: str) -> dict[str, Any]:
    """The text (``what="text"``) or the form value (``what="value"``) of an element.

    ``what="section"`` reads a heading's whole section (the box it heads), else the element's text.
    """
    return await perform(session, target, f"get {what}", lambda t: read_on(t, target, what), track=False)


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
