"""Element actions of a WebSession: one operation per verb on a resolved target, with Playwright's checks.

The ``*_on`` operations are what the web seam (:mod:`tapwright.tools.web_seam`) runs for the
catalog's actions, through :func:`operate` (Playwright errors mapped at this boundary, refusals
explained). :func:`perform` is the same resolve -> act -> report-change flow for the driver's
own composite actions (expanding a section, submitting a form, clicking by text). Every function
raises only ToolFailure. What only reads the page lives in :mod:`~tapwright.drivers.web.reading`
(``read``, ``box``, ``norm`` and ``pick_by_text`` are importable from here too).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tapwright.core.rerender import until_not_stale
from tapwright.drivers.web import diagnose, editors, folds, press, widgets
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.errors import mapped
from tapwright.drivers.web.pageevents import safe_url
from tapwright.drivers.web.reading import box, norm, pick_by_text, read
from tapwright.drivers.web.session import WebSession
from tapwright.drivers.web.targets import Target, check_text, words_point
from tapwright.drivers.web.typed_fill import INSERT_JS, KIND_JS, at_once, fill_value, type_text
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator.lists import list_parts

if TYPE_CHECKING:
    from playwright.async_api import Frame

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
        session.watch.acting()
        unfolded = await folds.unfold(resolved)  # a field of a folded section: its opener first
        extra = await operate(resolved, action, act)
        out: dict[str, Any] = dict(resolved.describe())
        if unfolded is not None:
            out.update(unfolded)
        if isinstance(extra, dict):
            out.update(extra)
        if before is not None:
            out["changed"] = await session.changed(before, resolved)
            out.update(new_tab(session, before.tabs))
        return out
    finally:
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


def new_tab(session: WebSession, tabs_before: int) -> dict[str, Any]:
    """``{"new_tab": {index, url}}`` when an action opened a tab (a link with target=_blank), else nothing.

    The current tab stays where it was.
    """
    if len(session.pages) <= tabs_before:
        return {}
    return {"new_tab": {"index": len(session.pages) - 1, "url": safe_url(session.pages[-1].url)}}


async def _all_found(session: WebSession, parts: list[str]) -> bool:
    for part in parts:
        try:
            found = await session.resolve(part, wait=False)
        except ToolFailure:
            return False
        await found.dispose()
    return True


async def click_on(session: WebSession, t: Target, *, button: str = "left", count: int = 1) -> dict[str, Any] | None:
    """Click a resolved target: at the described word when it is inside a longer text, else Playwright's click.

    A target found again after a re-render (``t.again``) is clicked without waiting for it to hold still.
    """
    navigations, lost = session.navigations, session.lost_clicks
    if count == 1 and button == "left" and await _hidden_tick_box(t):
        # A radio or checkbox input drawn by a styled control over it: a person clicks what is drawn (its label).
        return {"clicked": await widgets.click_proxy(t.handle)}
    inner = await _inner_control(t)
    if inner is not None:
        # A cell (or box) whose words are a link or button inside it, narrower than it: that control is clicked,
        # where its words are, not the cell's middle (which may miss it).
        try:
            await inner.click(button=button, click_count=count)
        finally:
            await inner.dispose()
        return {"clicked": "the link or button inside it that shows its words"}
    point = await words_point(t) or await _through_point(t)
    try:
        if point is not None:
            # A word inside a longer text: at the word, not the middle of the paragraph.
            await session.page.mouse.click(*point, button=button, click_count=count)  # type: ignore[arg-type]
        elif count == 1 and (live := await _live_point(t)) is not None:
            await _press_and_release(session, live, button)
        elif count == 1 and button == "left" and (still := await press.settled_point(t)) is not None:
            # Held still since the look that found it: pressed at once, guarded (Playwright's click when missed).
            done = await press.pressed(session, t, still)
            for number in range(1, done.lost + 1):
                session.saw_lost(done.doc, number)
            if done.still_loading:
                session.expect_navigation(navigations)
                return {"navigation": "still loading"}
            if not done.reached:
                await t.handle.click(button=button)  # type: ignore[arg-type]
        elif count == 2:
            await t.handle.dblclick(force=t.again and t.actionable)
        else:
            await t.handle.click(button=button, force=t.again and t.actionable)  # type: ignore[arg-type]
    except pw.TimeoutError as exc:
        # The click happened; only the page it started loading is slow (a login hashing a password,
        # a report being built). That is the next step's to wait for, not a failed click.
        if not _CLICKED_THEN_NAVIGATING.search(str(exc)):
            raise
        session.expect_navigation(navigations)
        return {"navigation": "still loading"}
    await asyncio.sleep(0)  # observer.js's word, read off the pipe with the click's reply, is handled first
    if session.lost_clicks != lost:
        # The page redrew the pressed control before the release: the click went to what holds both copies and
        # no handler of the control ran. STALE_REF: the click is tried again on the copy there now.
        raise ToolFailure(ErrorCode.STALE_REF, "the page redrew the element between the press and the release, "
                          "so the click did not reach it")
    return None


# Where a node found again after a re-render is now (or the one copy of it drawn in its place), looked up and checked
# in the call that reads it: brought into view, its middle, and only when it is enabled and what is drawn there is
# the node itself or inside it (else null: Playwright's click, which waits for it and says what covers it).
_LIVE_POINT_JS = """(el) => {
  if ((el.matches && el.matches(':disabled')) || el.getAttribute('aria-disabled') === 'true') return null;
  el.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = el.getBoundingClientRect();
  if (!(r.width > 0 && r.height > 0)) return null;
  const x = r.x + r.width / 2, y = r.y + r.height / 2;
  const at = document.elementFromPoint(x, y);
  return at !== null && (at === el || el.contains(at)) ? [x, y] : null;
}"""


async def _live_point(t: Target) -> tuple[float, float] | None:
    """The point to press a target found again after the page re-rendered it away (``t.again``), or None.

    A node a framework replaces every few tens of milliseconds is gone again by the time a Playwright click has
    found it once more, scrolled to it and pressed it: on a loaded machine each of those round trips is longer than
    the node lives. So the node (or, when it is gone already, the one copy of it the page drew in its place: same
    tag, id, name and text) is looked up, checked to be enabled and what is drawn at its middle, and measured in one
    call, and pressed there at once. The press lands on the node or on a copy of it at the same place (a copy that
    takes the press but not the release is a lost click, tried again: :func:`click_on`). In an iframe, the frame's
    place on the page is measured first (frames are not what a framework redraws), so the lookup and the press
    still follow each other at once.
    """
    if not (t.again and t.actionable):
        return None
    offset = await _frame_offset(t.frame)
    if offset is None:
        return None
    async with mapped("click"):
        point = await t.evaluate_live(_LIVE_POINT_JS)
    return (float(point[0]) + offset[0], float(point[1]) + offset[1]) if point else None


# An iframe element brought into view in its own frame, and where its content begins there (border and padding in).
_FRAME_ORIGIN_JS = """(el) => {
  el.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = el.getBoundingClientRect(), s = getComputedStyle(el);
  return [r.x + el.clientLeft + parseFloat(s.paddingLeft || '0'), r.y + el.clientTop + parseFloat(s.paddingTop || '0')];
}"""


async def _frame_offset(frame: Frame) -> tuple[float, float] | None:
    """Where ``frame``'s viewport begins on the page's (0, 0 for the main frame), each iframe on the way
    brought into view; None when a frame on the way is gone."""
    x = y = 0.0
    while frame.parent_frame is not None:
        try:
            element = await frame.frame_element()
            try:
                dx, dy = await element.evaluate(_FRAME_ORIGIN_JS)
            finally:
                await element.dispose()
        except pw.Error:
            return None
        x, y = x + float(dx), y + float(dy)
        frame = frame.parent_frame
    return x, y


async def _press_and_release(session: WebSession, point: tuple[float, float], button: str) -> None:
    """A click at ``point`` whose press and release are sent together: the page cannot redraw the control between
    them while tapwright waits for the press's reply (input is handled ahead of the page's timers)."""
    mouse = session.page.mouse
    await asyncio.gather(mouse.move(*point), mouse.down(button=button), mouse.up(button=button))  # type: ignore[arg-type]
    # The release's reply can come back ahead of observer.js's word that the page redrew the control between the
    # press and the release: read its count in the page, so the caller's check sees a lost click now.
    try:
        state = await session.page.evaluate(_LOST_JS)
    except pw.Error:
        return  # the click navigated away: nothing was lost in a document that is gone
    if state:
        for number in range(1, int(state[1]) + 1):
            session.saw_lost(state[0], number)


_LOST_JS = "() => { const m = window.__twMut; return m ? [m.doc, m.lost()] : null; }"


_THROUGH_JS = """(el) => {
  if (getComputedStyle(el).pointerEvents !== 'none') return null;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? [r.x + r.width / 2, r.y + r.height / 2] : null;
}"""


async def _through_point(t: Target) -> tuple[float, float] | None:
    """The middle of a text drawn over the control it names and letting clicks through (``pointer-events: none``,
    a diagram's label over its shape): a person clicks there, and what is under it takes the click."""
    if t.element is None or t.element.interactive or t.frame.parent_frame is not None:
        return None
    try:
        point = await t.handle.evaluate(_THROUGH_JS)
    except pw.Error:
        return None
    return (float(point[0]), float(point[1])) if point else None


# The one link or button inside a non-interactive element that shows all of its words (a table cell drawn around a
# link-styled button): null when there is none, several, or it already covers the element's middle.
_INNER_CONTROL_JS = """(el) => {
  const words = (e) => (e.innerText || e.textContent || '').replace(/\\s+/g, ' ').trim();
  const own = words(el);
  if (!own || own.length > 200) return null;
  const inner = [...el.querySelectorAll('a[href], button, [role=button], [role=link]')].filter((c) => {
    const r = c.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && words(c) === own;
  });
  if (inner.length !== 1) return null;
  const c = inner[0], r = el.getBoundingClientRect(), b = c.getBoundingClientRect();
  const mx = r.x + r.width / 2, my = r.y + r.height / 2;
  return (mx >= b.x && mx <= b.x + b.width && my >= b.y && my <= b.y + b.height) ? null : c;
}"""


_AROUND_CONTROLS = frozenset({"cell", "gridcell", "rowheader", "columnheader", "text", "listitem", "row", "paragraph"})


async def _inner_control(t: Target) -> Any:
    """The link or button inside a non-interactive target that shows its words (see ``_INNER_CONTROL_JS``)."""
    if t.element is None or t.element.role not in _AROUND_CONTROLS:
        return None
    try:
        found = (await t.handle.evaluate_handle(_INNER_CONTROL_JS)).as_element()
    except pw.Error:
        return None
    return found


async def _hidden_tick_box(t: Target) -> bool:
    """Whether the target is a radio or checkbox ``<input>`` that is visually hidden (a styled control draws it)."""
    e = t.element
    if e is None or e.attr("tag") != "input" or e.role not in ("radio", "checkbox", "switch"):
        return False
    info = await t.handle.evaluate(widgets.CHECK_JS)
    return bool(info["isInput"] and info["hidden"])


async def click(session: WebSession, target: str, *, button: str = "left", count: int = 1) -> dict[str, Any]:
    """Click the element ``target`` names (the driver's own composite actions use it: clicking by text)."""
    return await perform(session, target, "click", lambda t: click_on(session, t, button=button, count=count), each=True)


def _tag(t: Target) -> str:
    """The element's tag as the snapshot saw it ('' when the target came from a selector)."""
    return t.element.attr("tag") if t.element is not None else ""


_TEXT_TYPES = frozenset({"", "text", "email", "search", "password", "tel", "url"})


def _plain_text_input(t: Target) -> bool:
    """A text ``<input>`` as the snapshot saw it (no ARIA role that makes it a slider, a switch ...)."""
    e = t.element
    return e is not None and _tag(t) == "input" and e.role in ("textbox", "searchbox") and e.attr("type") in _TEXT_TYPES


def _collapsed(t: Target) -> bool:
    """A field drawn with no width or height when the snapshot was taken (a search box that opens when its
    icon or wrapper is clicked)."""
    e = t.element
    return e is not None and e.rect is not None and (e.rect.width < 1 or e.rect.height < 1)


# A collapsed field's nearest wrapper that is drawn (the search bar around a folded search box): where to click it.
_WRAPPER_AT_JS = """(el) => {
  const sized = (e) => { const r = e.getBoundingClientRect(); return r.width > 2 && r.height > 2; };
  if (sized(el)) return null;
  let p = el.parentElement;
  for (let i = 0; p && i < 3 && !sized(p); i++) p = p.parentElement;
  if (!p || !sized(p)) return null;
  p.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = p.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}"""
_SIZED_JS = """async (el) => { const sized = () => { const r = el.getBoundingClientRect(); return r.width > 2 && r.height > 2; };
  for (let k = 0; k < 20 && !sized(); k++) await new Promise((ok) => setTimeout(ok, 50)); return sized(); }"""


async def _expand(t: Target) -> None:
    """Open a collapsed field by a click on its drawn wrapper, and wait a little for it to unfold; when it stays
    folded, the fill itself says why."""
    async with mapped("fill"):
        at = await t.handle.evaluate(_WRAPPER_AT_JS)
        if at is None or t.frame != t.frame.page.main_frame:
            return
        await t.frame.page.mouse.click(at[0], at[1])
        await t.handle.evaluate(_SIZED_JS)


def _pressed_only(t: Target) -> bool:
    """A caption drawn as a clickable: the snapshot calls it a button or link (a click listener, a hand pointer), but
    it is no form element, no <button> and no <a> (those keep their role, and cost no look for a field under them)."""
    e = t.element
    return e is not None and e.role in ("button", "link") and _tag(t) not in ("input", "textarea", "select", "button", "a")


async def _editor(t: Target) -> str | None:
    # A plain <input> is never an editor: spare the round trip on the most common fields.
    return None if _tag(t) == "input" else await editors.kind(t)


# What a fill needs to know of a field it cannot tell from the snapshot, asked in one round trip: the editor
# it belongs to (never for an <input>, as ``_editor``) and what kind of control it is (typed_fill.KIND_JS).
_FILL_PROBE_JS = f"""(e, input) => Object.assign(({KIND_JS})(e),
  {{editor: input ? null : ({editors.DETECT_JS})(e), alone: !(e.parentElement && e.parentElement.isContentEditable)}})"""
# The same probe, and in the same call the fill itself when the probe shows a plain <textarea> (typed_fill.INSERT_JS
# with ``head``: what typed_fill.at_once inserts) or a contenteditable that is its own editing host
# (editors.RICH_FILL_JS with the whole text): ``typed`` holds the fill's answer (null: not done), absent when not tried.
_PROBE_AND_FILL_JS = f"""async (e, [input, head, text]) => {{
  const probe = ({_FILL_PROBE_JS})(e, input);
  if (probe.readonly || probe.wraps) return probe;
  if (probe.editor === null && probe.tag === 'TEXTAREA' && head !== null) probe.typed = await ({INSERT_JS})(e, head);
  else if (probe.editor === 'contenteditable' && probe.alone) probe.typed = await ({editors.RICH_FILL_JS})(e, text);
  return probe;
}}"""


async def fill_on(session: WebSession, t: Target, text: str, *, clear: bool = True) -> dict[str, Any]:
    """Type ``text`` into a resolved field (an editor, a typed input, or keys), replacing it unless ``clear`` is false."""
    check_text(text, "text")
    if t.element is not None and not t.element.interactive:
        t = await widgets.control_for(t, typing=True)  # the caption "Notes" over its text area
    elif _pressed_only(t):
        # A caption drawn as a clickable (a field's label that opens the field's menu): no text goes into a button,
        # so the one field right under it or after it takes it.
        t = await _captioned_field(t) or t
    if _collapsed(t):
        await _expand(t)
    if clear and _plain_text_input(t):
        return await type_text(t, text)  # what fill_value would do, without asking the page what kind of control it is
    if clear or _tag(t) != "input":  # appending to an <input> needs neither: it is never an editor
        head = at_once(t, text) if clear else None
        if head is None:
            probe = await t.evaluate(_FILL_PROBE_JS, _tag(t) == "input")
        else:
            probe = await t.evaluate(_PROBE_AND_FILL_JS, [_tag(t) == "input", head, text])
        if clear and (probe["readonly"] or _list_face(probe)):
            return await _pick_for_readonly(session, t, text)
        if probe["editor"] is not None:
            return await editors.fill(t, probe["editor"], text, clear=clear, alone=probe["alone"], typed=probe.get("typed"))
        if clear:
            return await fill_value(t, text, probe)
    await t.handle.focus()
    await t.frame.page.keyboard.press("End")
    await t.frame.page.keyboard.insert_text(text)
    return {"text_length": len(text)}


def _list_face(probe: dict[str, Any]) -> bool:
    """A dropdown drawn as a box with the combobox role, or a control that says it opens a list or menu
    (``aria-haspopup``), with nothing to type into (no input in it, not editable): "change the Status to Confirmed",
    "set the playback speed to 1.5x" pick the value from its list, as for a read-only input."""
    return ((probe["role"] == "combobox" or bool(probe.get("popup"))) and probe["tag"] not in ("INPUT", "TEXTAREA", "SELECT") and not probe["wraps"]
            and probe["editor"] is None)


async def _pick_for_readonly(session: WebSession, t: Target, text: str) -> dict[str, Any]:
    """A read-only input takes no typing; when it is the face of a dropdown (its value is picked from a list it
    opens: "change the Country to Canada"), the value is chosen there and read back.

    Raises:
        ToolFailure: NOT_INTERACTABLE when it opens no list to pick from (a field the page shows but never lets edit).
    """
    try:
        return {"picked_from_list": True, **await widgets.choose(t, text, session.action_timeout_ms)}
    except ToolFailure as exc:
        if exc.code is ErrorCode.ELEMENT_NOT_FOUND and "shows no options" in exc.message:
            raise ToolFailure(ErrorCode.NOT_INTERACTABLE,
                              f"the field is read-only and opens no list to pick {text!r} from") from exc
        raise


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
    kind = "select" if native else (await t.evaluate(widgets.KIND_JS))["kind"]
    if kind == "typed":
        return await fill_value(t, option)  # "Pick 24 December 2025 as the day": a date input takes it typed
    if kind == "radios":
        return await widgets.choose_radio(t, option)  # "Select USD as the currency": a group of radio buttons
    if kind != "select":
        field = await _captioned_field(t) if _pressed_only(t) else None
        if field is not None:
            return {**await select_on(session, field, option), "via": "the field under its caption"}
        return await widgets.choose(t, option, session.action_timeout_ms)
    try:
        chosen = await t.handle.select_option(option)
    except pw.Error as exc:
        if "did not find some options" not in str(exc) and "options" not in str(exc).lower():
            raise
        chosen = await t.handle.select_option(label=option)
    picked = await t.evaluate(_SELECTED_JS)
    want = norm(option)
    if not any(want in (norm(p["label"]), norm(p["value"])) for p in picked):
        shows = ", ".join(p["label"] for p in picked) or "nothing"
        raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"chose {option!r} but the dropdown shows {shows!r}")
    return {"selected": chosen, "label": ", ".join(p["label"] for p in picked)}


async def _captioned_field(t: Target) -> Target | None:
    """The field a clickable caption stands over, when a choice is aimed at the caption; None when the element is
    no such caption (a dropdown drawn as a button is chosen from itself)."""
    field = await widgets.control_for(t, typing=True, depth=4)
    if field is t:
        return None
    if await t.handle.evaluate(widgets.CAPTION_OVER_FIELD_JS, field.handle):
        return field
    await field.dispose()
    return None


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


async def upload_on(t: Target, file: Path) -> dict[str, Any]:
    """Give ``file`` (already checked readable by the session's FileFence) to a file input or the chooser a button opens."""
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


__all__ = ["Act", "box", "clear_on", "click", "click_on", "drag_on", "fill_on", "new_tab", "norm", "operate", "perform",
           "pick_by_text", "read", "scroll_page", "select_on", "submit", "upload_on"]
