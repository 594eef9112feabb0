"""``web.*`` actions the catalog does not hold: expand, submit, clicking a link or button by its text, a date picked,
a confirmation answered.

The element actions every platform shares (click, fill, select, check ...) are derived from the
catalog (:mod:`tapwright.tools.actions`) over :class:`~tapwright.tools.web_seam.WebActions`.
"""

from __future__ import annotations

from typing import Annotated, Any

from annotated_types import MaxLen, MinLen

from tapwright.drivers.web import WebSession, actions, checks, confirming, states
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools import _form_fields
from tapwright.tools.web_common import TargetArg, example, web_tool


@web_tool([r"\b(expand|collapse|unfold|fold)\b"],
          [example("Expand Shipping", {"target": "Shipping"}, {"expanded": True, "was": False}),
           example("Collapse the Payment methods section", {"target": "Payment methods", "expanded": False})], idempotent=True)
async def expand(session: WebSession, target: TargetArg, expanded: bool = True) -> dict[str, Any]:
    """Expand (or collapse) a section, accordion item or tree node: no click when it is that way already.

    Args:
        target: The section's header, as a description, selector or ref.
        expanded: True to expand it, False to collapse it.
    """
    return await states.set_expanded(session, target, expanded)


@web_tool([r"\bsubmit\b"], [example("Submit the login form", {"target": "Email field"}), example("Submit", {})], idempotent=False)
async def submit(session: WebSession, target: TargetArg | None = None) -> dict[str, Any]:
    """Submit a form: the form of the target, else of the focused field, else the page's only form.

    Args:
        target: Any element inside the form (optional).
    """
    return await actions.submit(session, target)


@web_tool([r"\bclick\b.*\blink\b", r"\bfollow\b.*\blink\b"],
          [example("Click the Next page link", {"text": "Next page"})], idempotent=False)
async def click_link(session: WebSession, text: Annotated[str, MinLen(1), MaxLen(500)], exact: bool = False) -> dict[str, Any]:
    """Click the link whose text is (or contains) the given text.

    Args:
        text: The link's text.
        exact: Require the whole text to match (case-insensitive), not just part of it.
    """
    return await checks.click_by_text(session, text, ("link",), exact=exact)


@web_tool([r"\b(click|press|tap)\b.*\bbutton\b"], [example("Click the Save button", {"text": "Save"})], idempotent=False)
async def click_button(session: WebSession, text: Annotated[str, MinLen(1), MaxLen(500)], exact: bool = False) -> dict[str, Any]:
    """Click the button whose text is (or contains) the given text.

    Args:
        text: The button's text.
        exact: Require the whole text to match (case-insensitive), not just part of it.
    """
    return await checks.click_by_text(session, text, ("button", "menuitem", "tab"), exact=exact)


@web_tool([r"\b(pick|choose|select|click)\b.*\b(january|february|march|april|may|june|july|august|september|october|"
           r"november|december|calendar|date picker)\b"],
          [example("Pick 15 February 2027 in the calendar", {"date": "2027-02-15"},
                   {"date": "2027-02-15", "month_steps": 3}),
           example("Set the Due date to 18 December 2026", {"date": "2026-12-18", "target": "Due date"},
                   {"date": "2026-12-18", "month_steps": 1, "field": "calendar"})],
          idempotent=True)  # fmt: skip
async def pick_date(session: WebSession, date: Annotated[str, MinLen(8), MaxLen(40)],
                    target: TargetArg | None = None) -> dict[str, Any]:
    """Pick a day in a date picker, moving it to that day's month first with its month buttons.

    The date picker is the month grid the page shows (a box of 28 or more day numbers with its month and year
    around it). With a target (the date field), a native date input is filled with the date; any other field is
    clicked to open its calendar, which is then driven; a text field that opens none gets the date typed as
    YYYY-MM-DD (the result says ``typed``). Without a target, the calendar already open is driven. The result
    says how many month steps it took. Repeating it picks the same day again.

    Args:
        date: The day: 2027-02-15, 15/02/2027 (day first), 15.02.2027, February 15, 2027 or 15 February 2027.
        target: The date field that opens the picker (a description, selector or ref).
    """
    day = _form_fields.parse_date(date)
    if target is None:
        steps = await _form_fields.drive_calendar(session, day, None, "no date picker is open: click the date field first")
        return {"date": day.isoformat(), "month_steps": steps}
    return await actions.perform(session, target, "pick_date", lambda t: _pick_in_field(session, t.handle, day))


async def _pick_in_field(session: WebSession, handle: Any, day: Any) -> dict[str, Any]:
    kind = await handle.evaluate(_FIELD_KIND_JS)
    if kind in ("date", "datetime-local"):
        await handle.fill(day.isoformat() if kind == "date" else f"{day.isoformat()}T00:00", timeout=session.action_timeout_ms)
        return {"date": day.isoformat(), "month_steps": 0, "field": "date input"}
    await handle.evaluate("(el) => el.setAttribute('data-tw-f', 'pick')")
    await handle.click(timeout=session.action_timeout_ms)
    try:
        steps = await _form_fields.drive_calendar(session, day, "pick", "the field opened no calendar")
    except ToolFailure as exc:
        if exc.code is not ErrorCode.ELEMENT_NOT_FOUND or exc.message != "the field opened no calendar" or kind != "text":
            raise
        await handle.fill(day.isoformat(), timeout=session.action_timeout_ms)  # a plain text field: typed
        return {"date": day.isoformat(), "month_steps": 0, "field": "text", "typed": day.isoformat()}
    return {"date": day.isoformat(), "month_steps": steps, "field": "calendar"}


@web_tool([r"\bconfirm (the )?(delete|deletion|removal|remove|archive|cancel)\b"],
          [example("Delete the note at 07:10 (its dialog asks first)", {"verb": "delete"},
                   {"asked": True, "question": "Delete note?", "confirmed": "Delete"}),
           example("Archive the message (nothing asked)", {"verb": "archive"}, {"asked": False})],
          idempotent=False)
async def confirm(session: WebSession, verb: Annotated[str, MinLen(2), MaxLen(40)]) -> dict[str, Any]:
    """Answer the question an action opened: when a dialog appeared since the last action (a page's own "Delete
    note? This can't be undone."), press its one button named with ``verb`` ("Delete", "Yes, delete", "Delete
    note"). Nothing is pressed when no dialog appeared (``asked: false``); a dialog that asks with no such button
    fails (ELEMENT_NOT_FOUND, saying what it asks), and so do several such buttons (AMBIGUOUS).

    Args:
        verb: The action's verb, as the step says it ("delete", "remove", "archive", "cancel").
    """
    return await confirming.confirm_asked(session, verb)


# What a date field is: a native date input, an editable text field (it may open a calendar), or anything else.
_FIELD_KIND_JS = """(el) => {
  const t = (el.type || '').toLowerCase();
  if (el.tagName === 'INPUT' && (t === 'date' || t === 'datetime-local') && !el.readOnly) return t;
  const text = (el.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'submit', 'hidden'].includes(t)) || el.tagName === 'TEXTAREA';
  return text && !el.readOnly && !el.disabled ? 'text' : 'other';
}"""
