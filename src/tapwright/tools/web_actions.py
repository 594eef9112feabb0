"""``web.*`` actions the catalog does not hold: expand, submit, clicking a link or button by its text, a date picked.

The element actions every platform shares (click, fill, select, check ...) are derived from the
catalog (:mod:`tapwright.tools.actions`) over :class:`~tapwright.tools.web_seam.WebActions`.
"""

from __future__ import annotations

from typing import Annotated, Any

from annotated_types import MaxLen, MinLen

from tapwright.drivers.web import WebSession, actions, checks, states
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
                   {"date": "2027-02-15", "month_steps": 3})],
          idempotent=True)  # fmt: skip
async def pick_date(session: WebSession, date: Annotated[str, MinLen(8), MaxLen(40)]) -> dict[str, Any]:
    """Click a day in the open date picker, moving it to that day's month first with its month buttons.

    The date picker is the month grid the page shows (a box of 28 or more day numbers with its month and year
    around it; the nearest the focused field when there are several); it is not opened here (click its field
    first). The result says how many month steps it took. Repeating it picks the same day again.

    Args:
        date: The day: 2027-02-15, 15/02/2027 (day first), 15.02.2027, February 15, 2027 or 15 February 2027.
    """
    day = _form_fields.parse_date(date)
    steps = await _form_fields.drive_calendar(session, day, None, "no date picker is open: click the date field first")
    return {"date": day.isoformat(), "month_steps": steps}
